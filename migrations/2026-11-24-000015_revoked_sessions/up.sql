-- Revocation that takes effect at once (issue 16): an access token is refused as soon as its
-- session ends, not when it expires. A session (a family of refresh tokens, the `sid` of its
-- access tokens) ends when its tokens are revoked — logout, reuse of a rotated token, a
-- password change or reset, the end of an impersonation — or deleted with their user. The
-- triggers record it here and tell every API process (NOTIFY), which keeps the sessions ended
-- within the last access-token lifetime in memory and refuses their tokens without a query.

CREATE TABLE revoked_sessions (
    session_id uuid PRIMARY KEY,
    revoked_at timestamptz NOT NULL DEFAULT now()
);
-- What a starting API process loads: the sessions ended within an access token's lifetime.
CREATE INDEX revoked_sessions_revoked_at_idx ON revoked_sessions (revoked_at);

CREATE FUNCTION note_revoked_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO revoked_sessions (session_id) VALUES (OLD.family_id)
        ON CONFLICT (session_id) DO UPDATE SET revoked_at = now();
    -- Identical notifications of one transaction are delivered once.
    PERFORM pg_notify('istruttoria_session_revoked', OLD.family_id::text);
    RETURN NULL;
END
$$;

CREATE TRIGGER refresh_tokens_revoked
    AFTER UPDATE OF revoked_at ON refresh_tokens
    FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
    EXECUTE FUNCTION note_revoked_session();

-- Deleting a user deletes their refresh tokens (ON DELETE CASCADE), ending their sessions.
CREATE TRIGGER refresh_tokens_deleted
    AFTER DELETE ON refresh_tokens
    FOR EACH ROW
    EXECUTE FUNCTION note_revoked_session();
