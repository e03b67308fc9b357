DROP INDEX what_if_runs_active_idx;
