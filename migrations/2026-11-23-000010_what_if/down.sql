DROP INDEX documents_type_created_at_idx; DROP TABLE what_if_changes; DROP TABLE what_if_runs;
