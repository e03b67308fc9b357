ALTER TABLE audit_log DROP COLUMN impersonator_email;
DROP INDEX audit_log_actor_email_prefix_idx;
DROP INDEX audit_log_action_created_at_idx;
