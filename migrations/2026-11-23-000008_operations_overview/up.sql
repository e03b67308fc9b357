-- The operations dashboard (operationsOverview; shared/src/db/repo/overview.rs): each figure is
-- an index range scan over the window it shows, never a scan of a whole table.

-- Dossiers created since a moment, by state: 0006's (state, created_at DESC) already serves it.

-- Documents that reached `processed`, by hour, over the last day.
CREATE INDEX documents_state_updated_at_idx ON documents (state, updated_at DESC);

-- Dossier rule executions in error, newest first (the latest errors and their count).
CREATE INDEX dossier_rule_executions_errors_idx ON dossier_rule_executions (created_at DESC) WHERE state = 'error';

-- Document rule runs that reported errors, newest first.
CREATE INDEX rule_execution_logs_errors_idx ON rule_execution_logs (executed_at DESC) WHERE cardinality(errors) > 0;
