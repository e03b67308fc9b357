-- The files of an import request (`files` of POST /import_dossier): which document type each
-- file of the archive has. The API writes it with the dossier; the `import` job, which
-- creates the documents later, reads it. A list of {"nomeFile", "tipoDocumento"} objects.
ALTER TABLE dossiers
    ADD COLUMN files jsonb NOT NULL DEFAULT '[]'::jsonb
        CONSTRAINT dossiers_files_check CHECK (jsonb_typeof(files) = 'array');
