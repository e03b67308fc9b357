ALTER TABLE dossier_callbacks DROP COLUMN request_headers;
DROP TABLE webhook_secrets;
