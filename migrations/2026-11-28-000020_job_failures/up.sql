-- The jobs dashboard's failed jobs (issue 14), in PostgreSQL rather than in apalis-redis's dead
-- set, which is an unordered set that cannot be filtered, sorted or paged at volume
-- (shared/src/jobs/failures.rs). The worker writes one `job_failures` row for every attempt
-- that ends in an error, and — in the same transaction, at the last allowed attempt — the job's
-- `failed_jobs` row with its payload, so that it can be retried (written to the outbox again)
-- or discarded from the dashboard; the dead set itself is swept like the done set.

-- Every failed attempt of a job: its error and the worker that ran it.
CREATE TABLE job_failures (
    -- The job's id: its outbox row's (the apalis task id's 128 bits).
    job_id uuid NOT NULL,
    -- 1 for the first delivery.
    attempt integer NOT NULL,
    queue text NOT NULL,
    -- `host:pid` of the worker process.
    worker text NOT NULL,
    -- The technical detail of the error (shared::jobs::failure::JobFailure), its stable code and
    -- the code's parameters.
    error text NOT NULL,
    error_code text NOT NULL,
    error_params jsonb NOT NULL DEFAULT '{}',
    failed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (job_id, attempt)
);
-- The attempts of jobs that later succeeded are forgotten after a week, oldest first.
CREATE INDEX job_failures_failed_at_idx ON job_failures (failed_at);

-- Every job that failed for good and waits for someone to retry or discard it.
CREATE TABLE failed_jobs (
    job_id uuid PRIMARY KEY,
    queue text NOT NULL,
    -- The job as its consumer decodes it: written to the outbox again by a retry.
    payload jsonb NOT NULL,
    -- The dossier the job belongs to (no foreign key: a job may fail because its dossier is gone).
    dossier_id uuid,
    -- Its last error, as in job_failures.
    error text NOT NULL,
    error_code text NOT NULL,
    error_params jsonb NOT NULL DEFAULT '{}',
    -- The deliveries it had, or the attempts it made on its own when it retries inside (a
    -- callback), whichever is more.
    attempts integer NOT NULL,
    failed_at timestamptz NOT NULL,
    worker text NOT NULL
);
-- Every filter and the order of the dashboard's list (newest first, the id breaking ties) have
-- an index:
--   every queue, a time range:  (failed_at DESC, job_id DESC)
--   one queue (its count too):  (queue, failed_at DESC, job_id DESC)
--   a dossier's failed jobs:    (dossier_id)
--   error text contains:        a trigram GIN index (pg_trgm, created by migration 0002),
--                               which serves ILIKE '%text%'
CREATE INDEX failed_jobs_failed_at_idx ON failed_jobs (failed_at DESC, job_id DESC);
CREATE INDEX failed_jobs_queue_failed_at_idx ON failed_jobs (queue, failed_at DESC, job_id DESC);
CREATE INDEX failed_jobs_dossier_id_idx ON failed_jobs (dossier_id) WHERE dossier_id IS NOT NULL;
CREATE INDEX failed_jobs_error_trgm_idx ON failed_jobs USING gin (error gin_trgm_ops);
