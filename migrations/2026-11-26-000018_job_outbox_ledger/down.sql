DROP INDEX job_outbox_sent_at_idx;
DROP INDEX job_outbox_unsent_idx;
DELETE FROM job_outbox WHERE sent_at IS NOT NULL;
ALTER TABLE job_outbox DROP COLUMN sent_at;
CREATE INDEX job_outbox_created_at_idx ON job_outbox (created_at);
