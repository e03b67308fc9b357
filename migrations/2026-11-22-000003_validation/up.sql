-- Rule validation: an institute's new PDF (e.g. a new contract template) is extracted/OCR'd
-- and every dossier rule of that institute is checked against its mustContain / notContain
-- lists; rules that fail are invalidated (dossier_rules.valid = false) and logged here.
-- Key choices are explained at the top of the first migration.

-- An uploaded PDF of an institute. Bytes live in object storage.
CREATE TABLE validation_documents (
    id                    uuid PRIMARY KEY,
    description           text NOT NULL DEFAULT '',
    istituto_appartenenza text NOT NULL,
    -- Name of the uploaded file (downloads are named after it).
    file_name             text NOT NULL,
    -- Object storage key of the PDF.
    file_key              text NOT NULL,
    -- Object storage key of the extracted/OCR text; NULL until extracted (the spec disables
    -- "download OCR" and starting a validation without it).
    ocr_key               text,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX validation_documents_created_at_idx ON validation_documents (created_at DESC);
-- "The previous validation document of the same institute" (difference download).
CREATE INDEX validation_documents_istituto_created_at_idx ON validation_documents (istituto_appartenenza, created_at DESC);
CREATE TRIGGER validation_documents_set_updated_at BEFORE UPDATE ON validation_documents
    FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- One validation run: created ('in corso'), then finished ('terminata').
CREATE TABLE rule_validations (
    id                     uuid PRIMARY KEY,
    state                  text NOT NULL DEFAULT 'created'
                               CONSTRAINT rule_validations_state_check CHECK (state IN ('created', 'finished')),
    istituto               text NOT NULL,
    -- Copied from the document so the list stays readable after the document is deleted.
    file_name              text NOT NULL,
    -- Deleting a validation document keeps the validations run on it (which rules were
    -- invalidated, and when, is history): the reference becomes NULL.
    validation_document_id uuid REFERENCES validation_documents (id) ON DELETE SET NULL,
    rules_invalidated      integer NOT NULL DEFAULT 0
                               CONSTRAINT rule_validations_rules_invalidated_check CHECK (rules_invalidated >= 0),
    -- Why a validation could not be completed (e.g. the PDF could not be read), if so.
    error                  text,
    created_at             timestamptz NOT NULL DEFAULT now(),
    finished_at            timestamptz,
    updated_at             timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT rule_validations_finished_check CHECK ((state = 'finished') = (finished_at IS NOT NULL))
);
CREATE INDEX rule_validations_created_at_idx ON rule_validations (created_at DESC, id DESC);
CREATE INDEX rule_validations_validation_document_id_idx ON rule_validations (validation_document_id)
    WHERE validation_document_id IS NOT NULL;
-- latestRuleValitation per institute.
CREATE INDEX rule_validations_istituto_created_at_idx ON rule_validations (istituto, created_at DESC);
CREATE TRIGGER rule_validations_set_updated_at BEFORE UPDATE ON rule_validations
    FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- One line per rule a validation invalidated (idValidazione, idRule, description).
-- Append-only; dies with its validation; keeps its text when the rule is deleted.
CREATE TABLE validation_logs (
    id            uuid PRIMARY KEY,
    validation_id uuid NOT NULL REFERENCES rule_validations (id) ON DELETE CASCADE,
    rule_id       uuid REFERENCES dossier_rules (id) ON DELETE SET NULL,
    description   text NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX validation_logs_validation_id_idx ON validation_logs (validation_id, created_at);
CREATE INDEX validation_logs_rule_id_idx ON validation_logs (rule_id) WHERE rule_id IS NOT NULL;
