-- API keys (issue 31): how machine clients — the lender's importing system above all —
-- authenticate without a user account (shared::auth::api_keys). A key is shown once, at its
-- creation or rotation; only the SHA-256 of its secret is kept. Its permissions are those of
-- its roles, as a user's are. Revoked keys stay, for the audit log and the list.
CREATE TABLE api_keys (
    id UUID PRIMARY KEY,
    name TEXT NOT NULL,
    secret_hash BYTEA NOT NULL,
    -- After a rotation the replaced secret keeps working until previous_valid_until.
    previous_secret_hash BYTEA,
    previous_valid_until TIMESTAMPTZ,
    roles TEXT[] NOT NULL,
    -- Addresses or networks (CIDR) the key may be used from; empty: any.
    allowed_sources TEXT[] NOT NULL DEFAULT '{}',
    expires_at TIMESTAMPTZ,
    created_by TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    rotated_at TIMESTAMPTZ,
    last_used_at TIMESTAMPTZ,
    revoked_at TIMESTAMPTZ
);

-- One key per name, whatever the case (the name is the key's identity in the audit log).
CREATE UNIQUE INDEX api_keys_name ON api_keys (lower(name));
-- The list (`apiKeys`): newest first, or by name (the index above).
CREATE INDEX api_keys_created ON api_keys (created_at DESC, id DESC);
