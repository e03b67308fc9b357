-- "What if" runs of unsaved rule code (shared/src/db/repo/what_if.rs): the code of a rule as
-- its author is editing it, run in the background over the latest documents of the rule's
-- type, compared with each document's last recorded execution of the rule. Nothing of the
-- documents changes; a run keeps only the items whose outcome would change.
CREATE TABLE what_if_runs (
    id uuid PRIMARY KEY,
    -- The rule whose code is tried (no foreign key: a run outlives its rule for reading).
    rule_id uuid NOT NULL,
    state text NOT NULL CHECK (state IN ('queued', 'running', 'finished', 'cancelled', 'failed')),
    requested_by text,
    code text NOT NULL,
    -- helper.js as edited; null: none.
    helper text,
    data_tables text[] NOT NULL DEFAULT '{}' CHECK (array_position(data_tables, NULL) IS NULL),
    -- The latest `max_items` processed documents of the type, optionally created within
    -- [since, until].
    max_items integer NOT NULL CHECK (max_items BETWEEN 1 AND 1000),
    since timestamptz,
    until timestamptz,
    total integer NOT NULL DEFAULT 0,
    done integer NOT NULL DEFAULT 0,
    changed integer NOT NULL DEFAULT 0,
    error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
);
-- A rule's runs, newest first (the editor shows the latest ones).
CREATE INDEX what_if_runs_rule_id_idx ON what_if_runs (rule_id, created_at DESC);

-- The documents whose outcome would change: before (last recorded execution, null when there
-- was none) and after, each `{ success, metas, errors }`, and what changed.
CREATE TABLE what_if_changes (
    run_id uuid NOT NULL REFERENCES what_if_runs (id) ON DELETE CASCADE,
    document_id uuid NOT NULL,
    document_name text NOT NULL,
    dossier_id uuid NOT NULL,
    changes text[] NOT NULL CHECK (array_position(changes, NULL) IS NULL),
    before jsonb,
    after jsonb NOT NULL,
    PRIMARY KEY (run_id, document_id)
);

-- The latest processed documents of a type.
CREATE INDEX documents_type_created_at_idx ON documents (document_type_id, created_at DESC) WHERE state = 'processed';
