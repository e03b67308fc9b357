-- An author's what-if runs still queued or running, counted before a new one starts (at most
-- three at once: shared/src/db/repo/what_if.rs).
CREATE INDEX what_if_runs_active_idx ON what_if_runs (requested_by) WHERE state IN ('queued', 'running');
