-- Rule validation, end to end (issue 12): a validation is queued ('created', shown "in corso"),
-- then 'running' while the worker extracts the document and checks the institute's rules, then
-- 'finished' — or 'failed' with its reason (an unreadable PDF, a deleted document).

ALTER TABLE rule_validations DROP CONSTRAINT rule_validations_state_check;
ALTER TABLE rule_validations DROP CONSTRAINT rule_validations_finished_check;
ALTER TABLE rule_validations
    ADD CONSTRAINT rule_validations_state_check
        CHECK (state IN ('created', 'running', 'finished', 'failed')),
    -- When the worker took it up; NULL while queued.
    ADD COLUMN started_at timestamptz,
    -- Who started it (e-mail), for the notification.
    ADD COLUMN created_by text,
    ADD CONSTRAINT rule_validations_finished_check
        CHECK ((state IN ('finished', 'failed')) = (finished_at IS NOT NULL)),
    ADD CONSTRAINT rule_validations_failed_check
        CHECK ((state = 'failed') = (error IS NOT NULL));

-- Which strings made a rule fail: `missing` (a mustContain not found in the text) and `present`
-- (a notContain found in it). A rule is logged at most once per validation, so a job delivered
-- twice or an insertLogValidazione repeated adds nothing.
ALTER TABLE validation_logs
    ADD COLUMN missing text[] NOT NULL DEFAULT '{}'
        CONSTRAINT validation_logs_missing_check CHECK (array_position(missing, NULL) IS NULL),
    ADD COLUMN present text[] NOT NULL DEFAULT '{}'
        CONSTRAINT validation_logs_present_check CHECK (array_position(present, NULL) IS NULL);
CREATE UNIQUE INDEX validation_logs_validation_rule_key ON validation_logs (validation_id, rule_id);
DROP INDEX validation_logs_validation_id_idx;

-- Who uploaded a validation document, and why its text could not be extracted (NULL: it was,
-- or it has not been tried yet).
ALTER TABLE validation_documents
    ADD COLUMN created_by text,
    ADD COLUMN ocr_error text;
-- The document list sorts by description too.
CREATE INDEX validation_documents_description_idx ON validation_documents (description, created_at DESC);
-- The validation list sorts and filters by institute (rule_validations_istituto_created_at_idx)
-- and state.
CREATE INDEX rule_validations_state_created_at_idx ON rule_validations (state, created_at DESC);
