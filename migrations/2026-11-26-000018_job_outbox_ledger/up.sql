-- The outbox becomes the ledger of unfinished jobs (issue 13, "Redis wiped"): a relayed row is
-- marked sent instead of deleted, and deleted when its job has finished (succeeded, or failed
-- for good). When Redis comes back empty — a wipe, a lost machine, a restore without its
-- append-only file — a relay sees it (its marker key is gone) and pushes every sent row again;
-- the jobs are idempotent, so a job that had in fact finished does nothing the second time.
ALTER TABLE job_outbox ADD COLUMN sent_at timestamptz;
DROP INDEX job_outbox_created_at_idx;
-- The relay takes the oldest unsent rows first.
CREATE INDEX job_outbox_unsent_idx ON job_outbox (created_at) WHERE sent_at IS NULL;
-- Sent rows are found again by age (rows forgotten after the idempotency window).
CREATE INDEX job_outbox_sent_at_idx ON job_outbox (sent_at) WHERE sent_at IS NOT NULL;
