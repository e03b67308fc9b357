-- "What if" for dossier rules too (shared/src/db/repo/what_if.rs): a run tries a document rule
-- over the latest processed documents of its type, or a dossier rule over every input item of
-- the latest processed dossiers of its type. The run's kind is its rule's (rule ids are unique
-- across both tables).

-- An item whose outcome would change: a document (`item_id` is the document, `input_index` 0),
-- or one input item of a dossier (`item_id` = `dossier_id`, `input_index` the item's position).
ALTER TABLE what_if_changes RENAME COLUMN document_id TO item_id;
ALTER TABLE what_if_changes RENAME COLUMN document_name TO item_name;
ALTER TABLE what_if_changes ADD COLUMN input_index integer NOT NULL DEFAULT 0 CHECK (input_index >= 0);
ALTER TABLE what_if_changes ALTER COLUMN input_index DROP DEFAULT;
ALTER TABLE what_if_changes DROP CONSTRAINT what_if_changes_pkey;
ALTER TABLE what_if_changes ADD PRIMARY KEY (run_id, item_id, input_index);

-- The latest processed dossiers are found through dossiers_type_state_created_at_idx (rules of
-- one type) and dossiers_state_created_at_idx (rules of any type).
