DROP TRIGGER refresh_tokens_deleted ON refresh_tokens;
DROP TRIGGER refresh_tokens_revoked ON refresh_tokens;
DROP FUNCTION note_revoked_session();
DROP TABLE revoked_sessions;
