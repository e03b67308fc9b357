-- The transactional job outbox (issue 13): a state change and the jobs it causes are written in
-- the same transaction, so a job can no longer be lost between a commit and a push to Redis
-- (Redis restarting, the process killed in between). A relay in every worker pushes the rows
-- to their apalis queues and deletes them, woken at once by the NOTIFY below, with a sweep as
-- the fallback; several relays share the work with FOR UPDATE SKIP LOCKED, and a row pushed
-- twice (a relay killed between the push and the delete) is refused by its idempotency key.
CREATE TABLE job_outbox (
    id uuid PRIMARY KEY,
    -- The apalis queue (inside the namespace), e.g. `import`.
    queue text NOT NULL,
    -- The job's payload as its consumer decodes it.
    payload jsonb NOT NULL,
    -- The dossier the job belongs to, for tracing (null: none).
    dossier_id uuid,
    created_at timestamptz NOT NULL DEFAULT now()
);
-- The relay takes the oldest rows first.
CREATE INDEX job_outbox_created_at_idx ON job_outbox (created_at);

CREATE FUNCTION announce_outbox_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- One notice per transaction (identical notifications are delivered once), after commit.
    PERFORM pg_notify('istruttoria_job_outbox', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER job_outbox_announced
    AFTER INSERT ON job_outbox
    FOR EACH STATEMENT
    EXECUTE FUNCTION announce_outbox_jobs();
