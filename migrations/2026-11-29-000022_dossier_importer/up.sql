-- Who imported a dossier (the caller of POST /import_dossier): the pages read by OCR in its
-- documents count against that user's budget (shared::services::budgets). Dossiers imported
-- before this column have none and count against no user's budget.
ALTER TABLE dossiers ADD COLUMN imported_by TEXT;
