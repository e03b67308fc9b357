-- The errors the system stores, said in the reader's language (issue 30, item 5): beside each
-- stored error text, the message of the catalogue it was made from, as the API answers it:
-- {"messageCode": …, "params": {…}} (shared::messages). The text stays what callbacks and API
-- clients read (Italian); the screens render the message. Rows written before this column, and
-- a rule's own error (the author's text), have none and show their text.
ALTER TABLE documents ADD COLUMN error_message JSONB;
ALTER TABLE dossiers ADD COLUMN error_message JSONB;
ALTER TABLE dossier_rule_executions ADD COLUMN error_message JSONB;
ALTER TABLE what_if_runs ADD COLUMN error_message JSONB;
ALTER TABLE rule_validations ADD COLUMN error_message JSONB;
ALTER TABLE validation_documents ADD COLUMN ocr_error_message JSONB;
