DROP TABLE pending_registrations;
