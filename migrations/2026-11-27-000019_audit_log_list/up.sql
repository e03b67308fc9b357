-- The audit log screen (/audit, the `auditLog` query; shared/src/db/repo/audit.rs): newest
-- first, filtered by action, by the actor's e-mail and by date. Every filter has an index that
-- finds its rows, and the order has one that yields them in it:
--   newest first, a date range:  0001's audit_log_created_at_idx (created_at DESC, id DESC)
--   an action (and a date range): (action, created_at DESC, id DESC), in order
--   the start of the actor's e-mail, any case: lower(actor_email) LIKE 'prefix%', served by
--   the text_pattern_ops index whatever the database's collation.

CREATE INDEX audit_log_action_created_at_idx ON audit_log (action, created_at DESC, id DESC);
CREATE INDEX audit_log_actor_email_prefix_idx ON audit_log (lower(actor_email) text_pattern_ops);

-- Who impersonated the actor, by e-mail as well as by id (like actor_email): the entry stays
-- readable after that user is deleted (impersonator_id then becomes NULL).
ALTER TABLE audit_log ADD COLUMN impersonator_email text;
UPDATE audit_log AS a SET impersonator_email = u.email
    FROM users AS u WHERE u.id = a.impersonator_id;
