-- Signed callbacks (issue 31, item 3; shared::webhooks): each callback consumer — the importer
-- of a dossier, an API key (`apikey:<name>`) or a user (by e-mail) — has its own signing secret,
-- made on its first callback. After a rotation the replaced secret signs too until
-- previous_valid_until. Each attempt keeps the headers it was sent with.
CREATE TABLE webhook_secrets (
    consumer TEXT PRIMARY KEY,
    secret TEXT NOT NULL,
    previous_secret TEXT,
    previous_valid_until TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    rotated_at TIMESTAMPTZ
);

ALTER TABLE dossier_callbacks ADD COLUMN request_headers JSONB;
