-- Operations: dossier and document types, data tables, dossiers, documents and their logs and
-- callbacks, document and dossier rules with their data tables and helper code, and the
-- records of rule runs. Key choices are explained at the top of the first migration.
--
-- Volumes this is sized for: hundreds of thousands of dossiers, millions of documents,
-- document logs and rule execution logs. Rules, types and data tables are in the hundreds.

-- pg_trgm gives the GIN trigram indexes behind substring search (ILIKE '%...%') on dossier rule
-- code and dossier descriptions. It is a trusted extension: a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- ---------------------------------------------------------------------------------------
-- Types and data tables: named reference rows, bigint surrogate id + UNIQUE name.

-- Dossier types (an import's tipoContratto; an unknown one is created on first use).
-- The spec caps type names at 30 characters; the database enforces it too.
CREATE TABLE dossier_types (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       text NOT NULL CONSTRAINT dossier_types_name_key UNIQUE
                   CONSTRAINT dossier_types_name_check CHECK (char_length(name) BETWEEN 1 AND 30),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dossier_types_created_at_idx ON dossier_types (created_at DESC);
CREATE TRIGGER dossier_types_set_updated_at BEFORE UPDATE ON dossier_types
    FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Meta names every dossier of a type must have before its dossier rules run.
-- They belong to the type: deleting the type deletes them.
CREATE TABLE dossier_type_required_metas (
    dossier_type_id bigint NOT NULL REFERENCES dossier_types (id) ON DELETE CASCADE,
    meta_name       text NOT NULL CONSTRAINT dossier_type_required_metas_meta_name_check CHECK (meta_name <> ''),
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (dossier_type_id, meta_name)
);

CREATE TABLE document_types (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       text NOT NULL CONSTRAINT document_types_name_key UNIQUE
                   CONSTRAINT document_types_name_check CHECK (char_length(name) BETWEEN 1 AND 30),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_types_created_at_idx ON document_types (created_at DESC);
CREATE TRIGGER document_types_set_updated_at BEFORE UPDATE ON document_types
    FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Named reference tables handed to rules as `dataTables` (name -> parsed content).
-- jsonb makes invalid JSON content a rejected insert.
CREATE TABLE data_tables (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        text NOT NULL CONSTRAINT data_tables_name_key UNIQUE CONSTRAINT data_tables_name_check CHECK (name <> ''),
    ordinamento integer NOT NULL DEFAULT 0,
    content     jsonb NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
-- The list's default sort.
CREATE INDEX data_tables_ordinamento_idx ON data_tables (ordinamento, name);
CREATE TRIGGER data_tables_set_updated_at BEFORE UPDATE ON data_tables
    FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- ---------------------------------------------------------------------------------------
-- Dossiers and documents. The bytes (archive, PDFs, extraction output) live in object
-- storage; rows hold their storage keys.

CREATE TABLE dossiers (
    id               uuid PRIMARY KEY,
    -- Shown as the title; the id is shown when there is none.
    description      text,
    state            text NOT NULL DEFAULT 'processing'
                         CONSTRAINT dossiers_state_check
                         CHECK (state IN ('processing', 'processed', 'conflicts', 'cannot process')),
    -- A type in use cannot be deleted (its dossiers would lose their required metas and rules).
    dossier_type_id  bigint NOT NULL REFERENCES dossier_types (id) ON DELETE RESTRICT,
    -- The importing system's own reference (idValutazione, often empty).
    id_valutazione   text NOT NULL DEFAULT '',
    -- The list of input items (scenarios); each dossier rule runs once per item.
    input            jsonb NOT NULL DEFAULT '[]'::jsonb
                         CONSTRAINT dossiers_input_check CHECK (jsonb_typeof(input) = 'array'),
    callback_url     text,
    -- Why the dossier is in 'cannot process' (shown as 'Nessuno' when NULL).
    error            text,
    -- Object storage key of the imported zip (Download Dossier).
    archive_key      text,
    -- One entry per input item: { Input, AggregateResult, Result }; NULL until aggregated.
    aggregate_result jsonb,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
-- The list: default sort createdAt DESC (id breaks ties for keyset paging), filters on state,
-- on dossier type, and a text filter on description.
CREATE INDEX dossiers_created_at_idx ON dossiers (created_at DESC, id DESC);
CREATE INDEX dossiers_state_created_at_idx ON dossiers (state, created_at DESC);
CREATE INDEX dossiers_dossier_type_id_created_at_idx ON dossiers (dossier_type_id, created_at DESC);
CREATE INDEX dossiers_description_trgm_idx ON dossiers USING gin (description gin_trgm_ops);
CREATE INDEX dossiers_id_valutazione_idx ON dossiers (id_valutazione) WHERE id_valutazione <> '';
CREATE TRIGGER dossiers_set_updated_at BEFORE UPDATE ON dossiers
    FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE documents (
    id                     uuid PRIMARY KEY,
    -- A document is part of its dossier: deleting the dossier deletes its documents (and,
    -- through them, their logs).
    dossier_id             uuid NOT NULL REFERENCES dossiers (id) ON DELETE CASCADE,
    -- File name inside the imported archive.
    name                   text NOT NULL,
    description            text,
    -- The spec does not enforce a type per file, hence nullable. A type in use by documents
    -- cannot be deleted: their rules and history would become meaningless.
    document_type_id       bigint REFERENCES document_types (id) ON DELETE RESTRICT,
    state                  text NOT NULL DEFAULT 'uploaded'
                               CONSTRAINT documents_state_check
                               CHECK (state IN ('uploaded', 'extracted', 'processed', 'cannot process')),
    -- The document's tags (meta name -> value), merged from rule results, edited by operators.
    metas                  jsonb NOT NULL DEFAULT '{}'::jsonb
                               CONSTRAINT documents_metas_check CHECK (jsonb_typeof(metas) = 'object'),
    -- Object storage key of the PDF. Ids are made by the application, so the key is known and
    -- the bytes stored before the row is inserted.
    pdf_key                text NOT NULL,
    -- Object storage keys of the extraction output, NULL until extracted: these can be
    -- megabytes per document and are read only by the detail tabs and the rule runs.
    raw_text_key           text,
    text_with_geometry_key text,
    tables_key             text,
    -- AcroForm field values: small, and shown and queried as JSON, so kept inline.
    form_data              jsonb,
    -- Why the document is in 'cannot process'.
    error                  text,
    created_at             timestamptz NOT NULL DEFAULT now(),
    updated_at             timestamptz NOT NULL DEFAULT now()
);
-- Documents of a dossier (also serves the cascade from dossiers).
CREATE INDEX documents_dossier_id_idx ON documents (dossier_id, created_at);
-- Documents of a type (also serves the RESTRICT check when a type is deleted).
CREATE INDEX documents_document_type_id_idx ON documents (document_type_id);
CREATE TRIGGER documents_set_updated_at BEFORE UPDATE ON documents
    FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Events in a document's life (imported, extracted, OCR fallback, rules run, ...). Append-only.
CREATE TABLE document_logs (
    id          uuid PRIMARY KEY,
    document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    event       text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_logs_document_id_created_at_idx ON document_logs (document_id, created_at DESC);

-- Every attempt to call the importing system back with the aggregate. Append-only.
CREATE TABLE dossier_callbacks (
    id                uuid PRIMARY KEY,
    dossier_id        uuid NOT NULL REFERENCES dossiers (id) ON DELETE CASCADE,
    -- 1 for the first try; a job retried after a crash may record the same number twice,
    -- so it is not unique.
    attempt           integer NOT NULL CONSTRAINT dossier_callbacks_attempt_check CHECK (attempt >= 1),
    url               text NOT NULL,
    method            text NOT NULL DEFAULT 'POST',
    -- Exactly the bytes sent and received, hence text rather than jsonb.
    request_body      text NOT NULL,
    -- NULL when no HTTP response was received (connection error, timeout).
    response_code     integer,
    response_body     text,
    error_description text,
    success           boolean NOT NULL,
    created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dossier_callbacks_dossier_id_created_at_idx ON dossier_callbacks (dossier_id, created_at DESC);

-- ---------------------------------------------------------------------------------------
-- Rules. Rule ids are UUIDs: they appear in URLs and in exported rule zips (importDossierRules)
-- that travel between environments, and they identify a rule across both rule tables (helper
-- code is looked up by a rule id without saying which kind).
-- Rule tables are small; besides the foreign-key indexes only the dossier rule code search
-- needs one.

-- Document rules: run on every document of their type.
CREATE TABLE document_rules (
    id               uuid PRIMARY KEY,
    -- The spec disables deleting a type that has rules; the database refuses it too.
    document_type_id bigint NOT NULL REFERENCES document_types (id) ON DELETE RESTRICT,
    description      text NOT NULL,
    -- ES module source with a default export.
    code             text NOT NULL,
    -- package.json as the author wrote it (text keeps formatting; validated by the API).
    package_json     text NOT NULL,
    nota             text NOT NULL DEFAULT '',
    -- New rules start active, as in the system we replace; the playground can pause them.
    active           boolean NOT NULL DEFAULT true,
    -- Shown and filtered in the rules list; its values are not specified, so not checked.
    state            text NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
-- "Active rules of the document's type" and "does this type have rules".
CREATE INDEX document_rules_document_type_id_idx ON document_rules (document_type_id, active);
CREATE TRIGGER document_rules_set_updated_at BEFORE UPDATE ON document_rules
    FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Data tables a document rule receives. The link dies with the rule; a data table in use by
-- a rule cannot be deleted (the rule would run without data it expects).
CREATE TABLE document_rule_data_tables (
    document_rule_id uuid NOT NULL REFERENCES document_rules (id) ON DELETE CASCADE,
    data_table_id    bigint NOT NULL REFERENCES data_tables (id) ON DELETE RESTRICT,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (document_rule_id, data_table_id)
);
CREATE INDEX document_rule_data_tables_data_table_id_idx ON document_rule_data_tables (data_table_id);

-- Dossier rules: run on a whole dossier, once per input item. Each belongs to an institute
-- and carries the strings a new document of that institute must / must not contain for the
-- rule to stay valid (see rule validation).
CREATE TABLE dossier_rules (
    id                    uuid PRIMARY KEY,
    description           text NOT NULL,
    istituto_appartenenza text NOT NULL,
    code                  text NOT NULL,
    package_json          text NOT NULL,
    must_contain          text[] NOT NULL DEFAULT '{}'
                              CONSTRAINT dossier_rules_must_contain_check CHECK (array_position(must_contain, NULL) IS NULL),
    not_contain           text[] NOT NULL DEFAULT '{}'
                              CONSTRAINT dossier_rules_not_contain_check CHECK (array_position(not_contain, NULL) IS NULL),
    nota                  text NOT NULL DEFAULT '',
    -- Group tags (runDossierRule can run one group).
    gruppo                text[] NOT NULL DEFAULT '{}'
                              CONSTRAINT dossier_rules_gruppo_check CHECK (array_position(gruppo, NULL) IS NULL),
    -- Optional restriction to one dossier type (sent null on create). RESTRICT rather than
    -- SET NULL: losing the restriction would silently widen where the rule runs.
    dossier_type_id       bigint REFERENCES dossier_types (id) ON DELETE RESTRICT,
    active                boolean NOT NULL DEFAULT true,
    -- Cleared when a validation finds the institute's new document breaks the rule (NON VALIDA).
    valid                 boolean NOT NULL DEFAULT true,
    created_at            timestamptz NOT NULL DEFAULT now(),
    updated_at            timestamptz NOT NULL DEFAULT now()
);
-- The playground's 'Cerca codice' (ILIKE '%text%' on code).
CREATE INDEX dossier_rules_code_trgm_idx ON dossier_rules USING gin (code gin_trgm_ops);
-- A validation checks every rule of one institute.
CREATE INDEX dossier_rules_istituto_appartenenza_idx ON dossier_rules (istituto_appartenenza);
CREATE INDEX dossier_rules_dossier_type_id_idx ON dossier_rules (dossier_type_id)
    WHERE dossier_type_id IS NOT NULL;
CREATE TRIGGER dossier_rules_set_updated_at BEFORE UPDATE ON dossier_rules
    FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- The spec gives dossier rules a dataTables list too (empty on create); same semantics as
-- for document rules.
CREATE TABLE dossier_rule_data_tables (
    dossier_rule_id uuid NOT NULL REFERENCES dossier_rules (id) ON DELETE CASCADE,
    data_table_id   bigint NOT NULL REFERENCES data_tables (id) ON DELETE RESTRICT,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (dossier_rule_id, data_table_id)
);
CREATE INDEX dossier_rule_data_tables_data_table_id_idx ON dossier_rule_data_tables (data_table_id);

-- helper.js of a rule, importable by the rule as './helper.js'. It belongs to exactly one
-- rule of either kind (at most one helper per rule) and dies with it.
CREATE TABLE helper_code (
    id               uuid PRIMARY KEY,
    document_rule_id uuid CONSTRAINT helper_code_document_rule_id_key UNIQUE
                         REFERENCES document_rules (id) ON DELETE CASCADE,
    dossier_rule_id  uuid CONSTRAINT helper_code_dossier_rule_id_key UNIQUE
                         REFERENCES dossier_rules (id) ON DELETE CASCADE,
    description      text NOT NULL DEFAULT '',
    code             text NOT NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT helper_code_one_rule_check CHECK (num_nonnulls(document_rule_id, dossier_rule_id) = 1)
);
CREATE TRIGGER helper_code_set_updated_at BEFORE UPDATE ON helper_code
    FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- ---------------------------------------------------------------------------------------
-- Rule runs. Logs keep a snapshot of the rule's name and code, so they stay readable after
-- the rule is edited or deleted (the rule reference then becomes NULL: history is not
-- erased). They die with their document or dossier.
-- platform: 'backend' for runs of the pipeline or of saved rules, 'frontend' for playground
-- runs of unsaved code (runTemporaryRule / runTemporaryDossierRule).

-- One run of a document rule on a document. Append-only; millions of rows.
CREATE TABLE rule_execution_logs (
    id          uuid PRIMARY KEY,
    rule_id     uuid REFERENCES document_rules (id) ON DELETE SET NULL,
    rule_name   text NOT NULL,
    document_id uuid NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    executed_at timestamptz NOT NULL DEFAULT now(),
    platform    text NOT NULL DEFAULT 'backend'
                    CONSTRAINT rule_execution_logs_platform_check CHECK (platform IN ('backend', 'frontend')),
    -- What the rule returned (NULL when it failed before returning).
    result      jsonb,
    code        text NOT NULL,
    -- The rule's input { rawText, tables, rawTextWithGeometry, dataTables, formData } is
    -- megabytes: it is stored once in object storage under a content-addressed key, shared by
    -- every rule run on the same input, and shown from there by the log viewer.
    input_key   text,
    logs        text[] NOT NULL DEFAULT '{}'
                    CONSTRAINT rule_execution_logs_logs_check CHECK (array_position(logs, NULL) IS NULL),
    errors      text[] NOT NULL DEFAULT '{}'
                    CONSTRAINT rule_execution_logs_errors_check CHECK (array_position(errors, NULL) IS NULL)
);
-- Filters document_id and rule_id, default sort executedAt DESC.
CREATE INDEX rule_execution_logs_document_id_executed_at_idx ON rule_execution_logs (document_id, executed_at DESC);
CREATE INDEX rule_execution_logs_rule_id_executed_at_idx ON rule_execution_logs (rule_id, executed_at DESC);
CREATE INDEX rule_execution_logs_executed_at_idx ON rule_execution_logs (executed_at DESC, id DESC);

-- One run of a dossier rule on one input item of a dossier: the "Stato esecuzione regole"
-- tab and its counters. Created as 'created' when enqueued, then 'executed' or 'error'.
CREATE TABLE dossier_rule_executions (
    id          uuid PRIMARY KEY,
    dossier_id  uuid NOT NULL REFERENCES dossiers (id) ON DELETE CASCADE,
    rule_id     uuid REFERENCES dossier_rules (id) ON DELETE SET NULL,
    rule_name   text NOT NULL,
    state       text NOT NULL DEFAULT 'created'
                    CONSTRAINT dossier_rule_executions_state_check CHECK (state IN ('created', 'executed', 'error')),
    -- Position of the item in the dossier's input list, and the item itself.
    input_index integer NOT NULL CONSTRAINT dossier_rule_executions_input_index_check CHECK (input_index >= 0),
    input       jsonb NOT NULL,
    result      jsonb,
    error       text,
    platform    text NOT NULL DEFAULT 'backend'
                    CONSTRAINT dossier_rule_executions_platform_check CHECK (platform IN ('backend', 'frontend')),
    created_at  timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dossier_rule_executions_dossier_id_created_at_idx ON dossier_rule_executions (dossier_id, created_at DESC);
-- Counters (processed / total) and "re-run the ones in error".
CREATE INDEX dossier_rule_executions_dossier_id_state_idx ON dossier_rule_executions (dossier_id, state);
CREATE INDEX dossier_rule_executions_rule_id_created_at_idx ON dossier_rule_executions (rule_id, created_at DESC);
CREATE TRIGGER dossier_rule_executions_set_updated_at BEFORE UPDATE ON dossier_rule_executions
    FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- One run of a dossier rule, with what it saw and printed (the dossier's Logs tab).
-- Append-only. metas (document id -> metas) and the input item are small: kept inline.
CREATE TABLE dossier_rule_execution_logs (
    id           uuid PRIMARY KEY,
    dossier_id   uuid NOT NULL REFERENCES dossiers (id) ON DELETE CASCADE,
    -- The execution this run belongs to; NULL for playground runs. Kept if the execution row
    -- is replaced by a later run.
    execution_id uuid REFERENCES dossier_rule_executions (id) ON DELETE SET NULL,
    rule_id      uuid REFERENCES dossier_rules (id) ON DELETE SET NULL,
    rule_name    text NOT NULL,
    executed_at  timestamptz NOT NULL DEFAULT now(),
    platform     text NOT NULL DEFAULT 'backend'
                     CONSTRAINT dossier_rule_execution_logs_platform_check CHECK (platform IN ('backend', 'frontend')),
    result       jsonb,
    code         text NOT NULL,
    metas        jsonb NOT NULL DEFAULT '{}'::jsonb,
    input        jsonb NOT NULL DEFAULT '{}'::jsonb,
    logs         text[] NOT NULL DEFAULT '{}'
                     CONSTRAINT dossier_rule_execution_logs_logs_check CHECK (array_position(logs, NULL) IS NULL),
    errors       text[] NOT NULL DEFAULT '{}'
                     CONSTRAINT dossier_rule_execution_logs_errors_check CHECK (array_position(errors, NULL) IS NULL)
);
CREATE INDEX dossier_rule_execution_logs_dossier_id_executed_at_idx ON dossier_rule_execution_logs (dossier_id, executed_at DESC);
CREATE INDEX dossier_rule_execution_logs_rule_id_executed_at_idx ON dossier_rule_execution_logs (rule_id, executed_at DESC);
CREATE INDEX dossier_rule_execution_logs_execution_id_idx ON dossier_rule_execution_logs (execution_id)
    WHERE execution_id IS NOT NULL;
