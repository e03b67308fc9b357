DROP TABLE audit_log;
DROP TABLE notification_receivers;
DROP TABLE casbin_rule;
DROP TABLE roles;
DROP TABLE password_reset_codes;
DROP TABLE refresh_tokens;
DROP TABLE users;
DROP FUNCTION set_updated_at();
