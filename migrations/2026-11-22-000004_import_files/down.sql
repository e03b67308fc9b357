ALTER TABLE dossiers DROP COLUMN files;
