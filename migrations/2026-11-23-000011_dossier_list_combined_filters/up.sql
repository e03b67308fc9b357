-- The dossier list filtered by type and state together (and a date range): measured at 100,000
-- dossiers (`just bench-lists`), counting its ~5,000 rows through 0002's (dossier_type_id,
-- created_at) index rechecked every row's state in the table (22 ms); this index answers the
-- count from the index alone (2 ms), and its created_at column the date range.
CREATE INDEX dossiers_type_state_created_at_idx ON dossiers (dossier_type_id, state, created_at DESC);
