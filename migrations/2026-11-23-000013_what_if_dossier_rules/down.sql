DELETE FROM what_if_runs WHERE id IN (SELECT run_id FROM what_if_changes WHERE item_id = dossier_id);
ALTER TABLE what_if_changes DROP CONSTRAINT what_if_changes_pkey;
ALTER TABLE what_if_changes DROP COLUMN input_index;
ALTER TABLE what_if_changes RENAME COLUMN item_name TO document_name;
ALTER TABLE what_if_changes RENAME COLUMN item_id TO document_id;
ALTER TABLE what_if_changes ADD PRIMARY KEY (run_id, document_id);
