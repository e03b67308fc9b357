DROP TABLE dossier_rule_execution_logs;
DROP TABLE dossier_rule_executions;
DROP TABLE rule_execution_logs;
DROP TABLE helper_code;
DROP TABLE dossier_rule_data_tables;
DROP TABLE dossier_rules;
DROP TABLE document_rule_data_tables;
DROP TABLE document_rules;
DROP TABLE dossier_callbacks;
DROP TABLE document_logs;
DROP TABLE documents;
DROP TABLE dossiers;
DROP TABLE data_tables;
DROP TABLE document_types;
DROP TABLE dossier_type_required_metas;
DROP TABLE dossier_types;
-- Reverses the CREATE EXTENSION of up.sql (a database that had pg_trgm before loses it too).
DROP EXTENSION IF EXISTS pg_trgm;
