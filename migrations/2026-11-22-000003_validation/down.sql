DROP TABLE validation_logs;
DROP TABLE rule_validations;
DROP TABLE validation_documents;
