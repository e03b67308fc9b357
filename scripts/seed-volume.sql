-- A realistic volume for the list benchmarks (`just bench-lists`): :dossiers dossiers over the
-- last two years in every state, :documents_per documents each, :executions_per dossier rule
-- executions each, and one document rule log per document. Run by scripts/bench-lists.sh on its
-- own database; every row is generated here (no files in storage: the lists never read them).
\set ON_ERROR_STOP on
SET synchronous_commit = off;

INSERT INTO dossier_types (name) SELECT 'volume-' || g FROM generate_series(1, 5) g;
INSERT INTO document_types (name) SELECT 'volume-doc-' || g FROM generate_series(1, 10) g;

CREATE TEMP TABLE kinds AS
  SELECT (SELECT array_agg(id ORDER BY id) FROM dossier_types WHERE name LIKE 'volume-%') AS dossier_types,
         (SELECT array_agg(id ORDER BY id) FROM document_types WHERE name LIKE 'volume-doc-%') AS document_types;

INSERT INTO dossiers (id, description, state, dossier_type_id, id_valutazione, input, created_at, updated_at)
SELECT gen_random_uuid(),
       'Pratica ' || (ARRAY['Rossi', 'Bianchi', 'Verdi', 'Russo', 'Ferrari', 'Esposito', 'Romano', 'Colombo'])[1 + g % 8] || ' ' || g,
       (ARRAY['processed', 'processed', 'processed', 'processed', 'processing', 'cannot process', 'conflicts'])[1 + g % 7],
       kinds.dossier_types[1 + g % 5],
       'VAL-' || g,
       '[{"durata_finanziamento": 24}, {"durata_finanziamento": 36}]',
       at, at
FROM generate_series(1, :dossiers) g, kinds,
     LATERAL (SELECT now() - (g::double precision / :dossiers) * interval '730 days' AS at) t;

INSERT INTO documents (id, dossier_id, name, document_type_id, state, metas, pdf_key, created_at, updated_at)
SELECT gen_random_uuid(), d.id, 'documento-' || n || '.pdf', kinds.document_types[1 + n % 10],
       CASE WHEN d.state = 'processing' AND n % 3 = 0 THEN 'extracted'
            WHEN d.state = 'cannot process' AND n = 1 THEN 'cannot process'
            ELSE 'processed' END,
       jsonb_build_object('importo', 1000 + n), 'volume/' || d.id || '/' || n || '.pdf',
       d.created_at, d.created_at + interval '1 minute'
FROM dossiers d, kinds, generate_series(1, :documents_per) n;

INSERT INTO dossier_rule_executions (id, dossier_id, rule_name, state, input_index, input, platform, created_at, finished_at, updated_at, error)
SELECT gen_random_uuid(), d.id, 'Regola ' || (n % 25), s.state, n % 2, '{"durata_finanziamento": 24}',
       CASE WHEN n % 10 = 0 THEN 'frontend' ELSE 'backend' END,
       d.created_at + interval '2 minutes', d.created_at + interval '3 minutes', d.created_at + interval '3 minutes',
       CASE WHEN s.state = 'error' THEN 'TypeError: x is undefined' END
FROM dossiers d, generate_series(1, :executions_per) n,
     LATERAL (SELECT CASE WHEN n % 17 = 0 THEN 'error' WHEN d.state = 'processing' AND n % 5 = 0 THEN 'created' ELSE 'executed' END AS state) s;

INSERT INTO rule_execution_logs (id, rule_name, document_id, executed_at, platform, result, code)
SELECT gen_random_uuid(), 'Regola documento', doc.id, doc.updated_at, 'backend', '{"success": true}', 'export default () => ({ success: true })'
FROM documents doc WHERE doc.state = 'processed';

ANALYZE;
