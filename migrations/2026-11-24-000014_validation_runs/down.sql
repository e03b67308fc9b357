DROP INDEX rule_validations_state_created_at_idx;
DROP INDEX validation_documents_description_idx;
ALTER TABLE validation_documents DROP COLUMN ocr_error, DROP COLUMN created_by;
DROP INDEX validation_logs_validation_rule_key;
CREATE INDEX validation_logs_validation_id_idx ON validation_logs (validation_id, created_at);
ALTER TABLE validation_logs DROP COLUMN present, DROP COLUMN missing;
DELETE FROM rule_validations WHERE state IN ('running', 'failed');
ALTER TABLE rule_validations
    DROP CONSTRAINT rule_validations_failed_check,
    DROP CONSTRAINT rule_validations_finished_check,
    DROP CONSTRAINT rule_validations_state_check,
    DROP COLUMN created_by,
    DROP COLUMN started_at;
ALTER TABLE rule_validations
    ADD CONSTRAINT rule_validations_state_check CHECK (state IN ('created', 'finished')),
    ADD CONSTRAINT rule_validations_finished_check CHECK ((state = 'finished') = (finished_at IS NOT NULL));
