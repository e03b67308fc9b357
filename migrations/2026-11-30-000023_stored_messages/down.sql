ALTER TABLE validation_documents DROP COLUMN ocr_error_message;
ALTER TABLE rule_validations DROP COLUMN error_message;
ALTER TABLE what_if_runs DROP COLUMN error_message;
ALTER TABLE dossier_rule_executions DROP COLUMN error_message;
ALTER TABLE dossiers DROP COLUMN error_message;
ALTER TABLE documents DROP COLUMN error_message;
