ALTER TABLE dossiers DROP COLUMN imported_by;
