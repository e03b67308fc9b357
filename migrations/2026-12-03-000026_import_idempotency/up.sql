-- Idempotent imports (issue 31, item 2): a client that sends `Idempotency-Key` with
-- `POST /import_dossier` gets, for a retry with the same key and the same body, the answer of the
-- first request — the same dossier — and never a second one; the same key with another body is
-- refused. Keys belong to their caller (a user's e-mail or an API key's subject) and are kept a
-- week (shared::services::imports::IDEMPOTENCY_KEPT_FOR, at least the 24 hours promised). No
-- foreign key: a retry after the dossier's deletion still answers the dossier it created.
CREATE TABLE import_idempotency_keys (
    caller TEXT NOT NULL,
    key TEXT NOT NULL,
    -- SHA-256 of the request's body (inflated, when it came compressed).
    request_hash BYTEA NOT NULL,
    dossier_id UUID NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (caller, key)
);

-- Forgetting the keys older than a week.
CREATE INDEX import_idempotency_keys_created ON import_idempotency_keys (created_at);
