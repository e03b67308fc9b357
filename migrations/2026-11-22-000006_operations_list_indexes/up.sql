-- Indexes behind the sorts and filters of the operations lists that 0002 does not cover
-- (see shared/src/db/repo/{dossiers,documents,executions}.rs). Each list pages with
-- LIMIT/OFFSET over one of these orders, so every sort it offers needs an index that yields
-- rows in that order.

-- The dossier list sorted by description (the trigram index serves only the text filter).
CREATE INDEX dossiers_description_idx ON dossiers (description, id);

-- The run dialogs' document list: newest first, searched by file name.
CREATE INDEX documents_created_at_idx ON documents (created_at DESC, id DESC);
CREATE INDEX documents_name_trgm_idx ON documents USING gin (name gin_trgm_ops);

-- The dossier rule execution log list and the execution list, unfiltered, in their default
-- order (0002 indexes them only under a dossier or a rule).
CREATE INDEX dossier_rule_execution_logs_executed_at_idx
    ON dossier_rule_execution_logs (executed_at DESC, id DESC);
CREATE INDEX dossier_rule_executions_created_at_idx
    ON dossier_rule_executions (created_at DESC, id DESC);
