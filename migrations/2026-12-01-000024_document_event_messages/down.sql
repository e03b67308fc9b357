ALTER TABLE document_logs DROP COLUMN message;
