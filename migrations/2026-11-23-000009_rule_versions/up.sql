-- Version history of rules (shared/src/db/repo/rule_versions.rs): every save of a rule — code,
-- helper.js, package.json and the rest of what an author edits — is a numbered snapshot with
-- its author, written in the same transaction as the save. Snapshots outlive the rule (no
-- foreign key): the history of a deleted rule stays readable for the audit.
CREATE TABLE rule_versions (
    rule_id uuid NOT NULL,
    version integer NOT NULL CHECK (version > 0),
    kind text NOT NULL CHECK (kind IN ('document', 'dossier')),
    -- E-mail of who saved it; null: the system (the first version of rules older than the history).
    author text,
    created_at timestamptz NOT NULL DEFAULT now(),
    description text NOT NULL,
    code text NOT NULL,
    -- helper.js; empty when the rule has none.
    helper text NOT NULL,
    package_json text NOT NULL,
    -- The rest, by kind: documentType, dataTables, nota; or istitutoAppartenenza, mustContain,
    -- notContain, nota, gruppo, dossierType, dataTables.
    metadata jsonb NOT NULL,
    -- Serves the Storia list (newest first) and the next number.
    PRIMARY KEY (rule_id, version)
);

-- Every existing rule starts its history with what it is now.
INSERT INTO rule_versions (rule_id, version, kind, author, created_at, description, code, helper, package_json, metadata)
SELECT r.id, 1, 'document', NULL, r.updated_at, r.description, r.code,
       coalesce((SELECT h.code FROM helper_code h WHERE h.document_rule_id = r.id), ''),
       r.package_json,
       jsonb_build_object(
           'documentType', (SELECT t.name FROM document_types t WHERE t.id = r.document_type_id),
           'dataTables', coalesce((SELECT jsonb_agg(d.name ORDER BY d.name)
                                   FROM document_rule_data_tables l JOIN data_tables d ON d.id = l.data_table_id
                                   WHERE l.document_rule_id = r.id), '[]'::jsonb),
           'nota', r.nota)
FROM document_rules r;

INSERT INTO rule_versions (rule_id, version, kind, author, created_at, description, code, helper, package_json, metadata)
SELECT r.id, 1, 'dossier', NULL, r.updated_at, r.description, r.code,
       coalesce((SELECT h.code FROM helper_code h WHERE h.dossier_rule_id = r.id), ''),
       r.package_json,
       jsonb_build_object(
           'istitutoAppartenenza', r.istituto_appartenenza,
           'mustContain', to_jsonb(r.must_contain),
           'notContain', to_jsonb(r.not_contain),
           'nota', r.nota,
           'gruppo', to_jsonb(r.gruppo),
           'dossierType', (SELECT t.name FROM dossier_types t WHERE t.id = r.dossier_type_id),
           'dataTables', coalesce((SELECT jsonb_agg(d.name ORDER BY d.name)
                                   FROM dossier_rule_data_tables l JOIN data_tables d ON d.id = l.data_table_id
                                   WHERE l.dossier_rule_id = r.id), '[]'::jsonb))
FROM dossier_rules r;
