-- The paged catalogue lists (documentTypesPage, dossierTypesPage, dataTablesPage,
-- documentRulesPage, dossierRulesPage; see shared/src/db/repo/{types,data_tables,rules}.rs):
-- every sort they offer has an index that yields rows in that order, every filter an index
-- that finds its rows. And a document rule's state gets a meaning.

-- A document rule's state is whether it runs: ATTIVA (`active`) or IN PAUSA (`paused`), which
-- is `active`. The free-text column 0002 kept for it was never set by anything (always '');
-- the API now derives the state from `active`, and the list filters on `active`.
ALTER TABLE document_rules DROP COLUMN state;

-- Types: newest first (id breaks ties; replaces 0002's index on created_at alone), by name
-- (the UNIQUE index of 0002), and a substring of the name (trigram).
DROP INDEX document_types_created_at_idx;
CREATE INDEX document_types_created_at_idx ON document_types (created_at DESC, id DESC);
CREATE INDEX document_types_name_trgm_idx ON document_types USING gin (name gin_trgm_ops);
DROP INDEX dossier_types_created_at_idx;
CREATE INDEX dossier_types_created_at_idx ON dossier_types (created_at DESC, id DESC);
CREATE INDEX dossier_types_name_trgm_idx ON dossier_types USING gin (name gin_trgm_ops);

-- Data tables: by ordinamento (0002's (ordinamento, name)), by name (UNIQUE), by last change;
-- a substring of the name.
CREATE INDEX data_tables_updated_at_idx ON data_tables (updated_at DESC, id DESC);
CREATE INDEX data_tables_name_trgm_idx ON data_tables USING gin (name gin_trgm_ops);

-- Document rules: newest first, by description, a substring of the description; the state
-- filter with the default order; the type filter is 0002's (document_type_id, active).
CREATE INDEX document_rules_created_at_idx ON document_rules (created_at DESC, id DESC);
CREATE INDEX document_rules_description_idx ON document_rules (description, id);
CREATE INDEX document_rules_description_trgm_idx ON document_rules USING gin (description gin_trgm_ops);
CREATE INDEX document_rules_active_created_at_idx ON document_rules (active, created_at DESC, id DESC);

-- Dossier rules: newest first, by description, a substring of the description; the type
-- filter is 0002's dossier_rules_dossier_type_id_idx.
CREATE INDEX dossier_rules_created_at_idx ON dossier_rules (created_at DESC, id DESC);
CREATE INDEX dossier_rules_description_idx ON dossier_rules (description, id);
CREATE INDEX dossier_rules_description_trgm_idx ON dossier_rules USING gin (description gin_trgm_ops);
