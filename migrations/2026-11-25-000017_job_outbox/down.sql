DROP TABLE job_outbox;
DROP FUNCTION announce_outbox_jobs();
