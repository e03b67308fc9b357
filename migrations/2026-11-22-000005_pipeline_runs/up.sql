-- Runs of a dossier's rules, so that every pipeline job can be delivered twice (a worker
-- killed mid-job) without running, recording or calling back twice.
--
-- A run of dossier rules is requested by setting dossiers.rules_run_id to a new id (the
-- pipeline, when the documents are done and their metas agree; runDossierRules and friends);
-- the job carries that id and ignores itself when the dossier has moved on to a newer run.
-- Executions are one row per (dossier, rule, input item), re-armed by each run that includes
-- them (run_id says which); an execution is recorded only while it is still 'created' in its
-- run, so a duplicate delivery never records a second outcome. The aggregate is written once
-- per run (aggregated_run_id), after which the callback is enqueued.
ALTER TABLE dossiers
    ADD COLUMN rules_run_id      uuid,
    ADD COLUMN aggregated_run_id uuid;

ALTER TABLE dossier_rule_executions
    ADD COLUMN run_id uuid;

-- One execution per rule and input item (a deleted rule's rows keep rule_id NULL and never
-- collide).
CREATE UNIQUE INDEX dossier_rule_executions_dossier_rule_input_key
    ON dossier_rule_executions (dossier_id, rule_id, input_index);
