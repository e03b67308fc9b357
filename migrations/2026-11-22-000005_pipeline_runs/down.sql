DROP INDEX dossier_rule_executions_dossier_rule_input_key;
ALTER TABLE dossier_rule_executions DROP COLUMN run_id;
ALTER TABLE dossiers DROP COLUMN aggregated_run_id, DROP COLUMN rules_run_id;
