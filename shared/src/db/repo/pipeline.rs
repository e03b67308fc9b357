//! The state transitions of the dossier pipeline, each one transaction, each safe to repeat:
//! jobs are delivered at least once, so every function here checks the state it expects and
//! does nothing (or answers what was already done) when a previous delivery got there first.
//!
//! Documents: uploaded → extracted → processed, or cannot process.
//! Dossier: processing → (every document done) → conflicts | a run of dossier rules →
//! processed with the aggregate; cannot process when no document could be processed.

use chrono::Utc;
use diesel::prelude::*;
use diesel::sql_types::{Integer, Jsonb, Text, Uuid as SqlUuid};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use crate::db::models::dossiers::{Document, Dossier, NewDocumentLog};
use crate::db::models::executions::{
    DossierRuleExecution, NewDossierRuleExecutionLog, NewRuleExecutionLog,
};
use crate::db::models::{DocumentState, DossierState, ExecutionState};
use crate::db::schema::{
    data_tables, document_logs, document_rule_data_tables, document_rules, documents,
    dossier_rule_execution_logs, dossier_rule_executions, dossier_rules,
    dossier_type_required_metas, dossiers, helper_code, rule_execution_logs,
};
use crate::db::{DbError, DbResult, QueryContext};
use crate::jobs::outbox;
use crate::jobs::pipeline::{
    DossierRulesScope, NotifyCannotProcess, RunDocumentRules, RunDossierRules, SendCallback,
};
use crate::messages::{self, Message};
use crate::pipeline::aggregate::{self, Outcome};
use crate::pipeline::metas::{self, MetasCheck};

/// What a dossier should do next once one of its documents is done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DossierStep {
    /// Documents are still in progress, or the dossier is not in the pipeline any more.
    Wait,
    /// No document could be processed: the dossier is now `cannot process`.
    CannotProcess,
    /// The metas disagree or miss required ones: the dossier is now `conflicts`.
    Conflicts,
    /// Run the dossier rules (enqueue `RunDossierRules` with this run id).
    RunRules { run_id: Uuid },
}

pub async fn find_dossier(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<Dossier>> {
    dossiers::table
        .find(id)
        .select(Dossier::as_select())
        .first(conn)
        .await
        .optional()
        .context("reading a dossier")
}

pub async fn find_document(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<Document>> {
    documents::table
        .find(id)
        .select(Document::as_select())
        .first(conn)
        .await
        .optional()
        .context("reading a document")
}

/// Appends an event to a document's history.
pub async fn log_document_event(
    conn: &mut AsyncPgConnection,
    document_id: Uuid,
    event: &Message,
) -> DbResult<()> {
    diesel::insert_into(document_logs::table)
        .values(NewDocumentLog::new(Uuid::now_v7(), document_id, event))
        .execute(conn)
        .await
        .map(drop)
        .context("logging a document event")
}

/// The extraction output of a document is stored: uploaded → extracted. False when the
/// document was not `uploaded` any more (a repeated delivery).
pub async fn mark_extracted(
    conn: &mut AsyncPgConnection,
    document_id: Uuid,
    raw_text_key: &str,
    text_with_geometry_key: &str,
    tables_key: &str,
    form_data: &Value,
    event: &Message,
) -> DbResult<bool> {
    conn.transaction(async |conn| -> DbResult<bool> {
        let updated = diesel::update(
            documents::table
                .find(document_id)
                .filter(documents::state.eq(DocumentState::Uploaded)),
        )
        .set((
            documents::state.eq(DocumentState::Extracted),
            documents::raw_text_key.eq(raw_text_key),
            documents::text_with_geometry_key.eq(text_with_geometry_key),
            documents::tables_key.eq(tables_key),
            documents::form_data.eq(form_data),
            documents::error.eq(None::<String>),
            documents::error_message.eq(None::<Value>),
        ))
        .returning(documents::dossier_id)
        .get_result::<Uuid>(conn)
        .await
        .optional()
        .context("marking a document extracted")?;
        if let Some(dossier_id) = updated {
            log_document_event(conn, document_id, event).await?;
            outbox::enqueue(
                conn,
                &RunDocumentRules {
                    document_id,
                    dossier_id: Some(dossier_id),
                    rule_id: None,
                    rerun: false,
                },
            )
            .await?;
        }
        Ok(updated.is_some())
    })
    .await
}

/// The document cannot be processed, with the reason. Only from `uploaded` or `extracted`.
pub async fn mark_document_failed(
    conn: &mut AsyncPgConnection,
    document_id: Uuid,
    error: &Message,
) -> DbResult<bool> {
    let text = error.italian();
    conn.transaction(async |conn| -> DbResult<bool> {
        let updated =
            diesel::update(documents::table.find(document_id).filter(
                documents::state.eq_any([DocumentState::Uploaded, DocumentState::Extracted]),
            ))
            .set((
                documents::state.eq(DocumentState::CannotProcess),
                documents::error.eq(Some(&text)),
                documents::error_message.eq(Some(error.to_json())),
            ))
            .execute(conn)
            .await
            .context("marking a document as impossible to process")?;
        if updated == 1 {
            log_document_event(conn, document_id, &messages::event_failed(error.clone())).await?;
        }
        Ok(updated == 1)
    })
    .await
}

/// A document rule with what it needs to run.
#[derive(Debug, Clone)]
pub struct RunnableDocumentRule {
    pub id: Uuid,
    pub description: String,
    pub code: String,
    pub helper: Option<String>,
    /// Linked data table name → parsed content.
    pub data_tables: serde_json::Map<String, Value>,
}

/// The active rules of a document type (or just `only`, active or not), with their helper
/// and data tables.
pub async fn document_rules_to_run(
    conn: &mut AsyncPgConnection,
    document_type_id: i64,
    only: Option<Uuid>,
) -> DbResult<Vec<RunnableDocumentRule>> {
    let mut query = document_rules::table
        .left_join(
            helper_code::table.on(helper_code::document_rule_id.eq(document_rules::id.nullable())),
        )
        .filter(document_rules::document_type_id.eq(document_type_id))
        .select((
            document_rules::id,
            document_rules::description,
            document_rules::code,
            helper_code::code.nullable(),
        ))
        .order((document_rules::created_at, document_rules::id))
        .into_boxed();
    query = match only {
        Some(id) => query.filter(document_rules::id.eq(id)),
        None => query.filter(document_rules::active.eq(true)),
    };
    let rules: Vec<(Uuid, String, String, Option<String>)> = query
        .load(conn)
        .await
        .context("reading the rules of a document type")?;
    let ids: Vec<Uuid> = rules.iter().map(|r| r.0).collect();
    let tables: Vec<(Uuid, String, Value)> = document_rule_data_tables::table
        .inner_join(data_tables::table)
        .filter(document_rule_data_tables::document_rule_id.eq_any(&ids))
        .select((
            document_rule_data_tables::document_rule_id,
            data_tables::name,
            data_tables::content,
        ))
        .load(conn)
        .await
        .context("reading the data tables of document rules")?;
    Ok(rules
        .into_iter()
        .map(|(id, description, code, helper)| RunnableDocumentRule {
            id,
            description,
            code,
            helper,
            data_tables: tables
                .iter()
                .filter(|(rule, _, _)| *rule == id)
                .map(|(_, name, content)| (name.clone(), content.clone()))
                .collect(),
        })
        .collect())
}

/// The outcome of running a document's rules: the logs to write and the metas to merge.
pub struct DocumentRulesOutcome {
    pub logs: Vec<NewRuleExecutionLog>,
    /// Metas returned by the rules, in rule order (later ones win).
    pub metas: Vec<serde_json::Map<String, Value>>,
}

/// Records the rule runs of a document and merges the metas they returned. In the pipeline
/// (`pipeline`: the document is `extracted`) it also moves the document to `processed` —
/// and records nothing if a previous delivery already did. Returns whether it recorded.
pub async fn record_document_rules(
    conn: &mut AsyncPgConnection,
    document_id: Uuid,
    pipeline: bool,
    outcome: DocumentRulesOutcome,
) -> DbResult<bool> {
    conn.transaction(async |conn| -> DbResult<bool> {
        let current: Option<(DocumentState, Value)> = documents::table
            .find(document_id)
            .select((documents::state, documents::metas))
            .for_update()
            .first(conn)
            .await
            .optional()
            .context("locking a document to record its rule runs")?;
        let Some((state, mut document_metas)) = current else {
            return Ok(false);
        };
        let expected = if pipeline {
            DocumentState::Extracted
        } else {
            DocumentState::Processed
        };
        if state != expected {
            return Ok(false);
        }
        for returned in &outcome.metas {
            document_metas = metas::merge(&document_metas, returned);
        }
        diesel::update(documents::table.find(document_id))
            .set((
                documents::state.eq(DocumentState::Processed),
                documents::metas.eq(&document_metas),
            ))
            .execute(conn)
            .await
            .context("recording a document's rule results")?;
        diesel::insert_into(rule_execution_logs::table)
            .values(&outcome.logs)
            .execute(conn)
            .await
            .context("writing rule execution logs")?;
        let event = messages::event_rules_run(outcome.logs.len());
        log_document_event(conn, document_id, &event).await?;
        Ok(true)
    })
    .await
}

/// After a document is done: decides, once, what the dossier does next (see [`DossierStep`]).
///
/// Every document of a dossier ends here, so while some are still in progress it answers
/// `Wait` from one unlocked look, without queueing behind the dossier's lock (50 documents
/// would take it one after another). The look is enough: each caller looks after its own
/// document's end was committed, so the last of two documents ending together sees both ended;
/// the locked decision then checks everything again.
pub async fn advance_dossier(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
) -> DbResult<DossierStep> {
    if super::dossiers::documents_in_progress(conn, dossier_id).await? > 0 {
        return Ok(DossierStep::Wait);
    }
    conn.transaction(async |conn| -> DbResult<DossierStep> {
        let Some(dossier) = lock_dossier(conn, dossier_id).await? else {
            return Ok(DossierStep::Wait);
        };
        if dossier.state != DossierState::Processing {
            return Ok(DossierStep::Wait);
        }
        if let Some(run_id) = dossier.rules_run_id {
            // Already decided, and its job enqueued with the decision.
            return Ok(DossierStep::RunRules { run_id });
        }
        let states: Vec<(DocumentState, Value)> = documents::table
            .filter(documents::dossier_id.eq(dossier_id))
            .select((documents::state, documents::metas))
            .load(conn)
            .await
            .context("reading the documents of a dossier")?;
        if states.is_empty()
            || states.iter().any(|(state, _)| {
                matches!(state, DocumentState::Uploaded | DocumentState::Extracted)
            })
        {
            return Ok(DossierStep::Wait);
        }
        let processed: Vec<&Value> = states
            .iter()
            .filter(|(state, _)| *state == DocumentState::Processed)
            .map(|(_, metas)| metas)
            .collect();
        if processed.is_empty() {
            set_dossier_state(
                conn,
                dossier_id,
                DossierState::CannotProcess,
                Some(&messages::no_document_processed()),
            )
            .await?;
            outbox::enqueue(conn, &NotifyCannotProcess { dossier_id }).await?;
            return Ok(DossierStep::CannotProcess);
        }
        let required = required_metas(conn, dossier.dossier_type_id).await?;
        if !metas::check(processed, &required).valid {
            set_dossier_state(conn, dossier_id, DossierState::Conflicts, None).await?;
            return Ok(DossierStep::Conflicts);
        }
        let run_id = start_rules_run(conn, dossier_id, DossierRulesScope::All).await?;
        Ok(DossierStep::RunRules { run_id })
    })
    .await
}

/// The metas check of a dossier's processed documents against its type's required metas.
pub async fn metas_check(conn: &mut AsyncPgConnection, dossier: &Dossier) -> DbResult<MetasCheck> {
    let documents_metas: Vec<Value> = documents::table
        .filter(documents::dossier_id.eq(dossier.id))
        .filter(documents::state.eq(DocumentState::Processed))
        .select(documents::metas)
        .load(conn)
        .await
        .context("reading the metas of a dossier's documents")?;
    let required = required_metas(conn, dossier.dossier_type_id).await?;
    Ok(metas::check(&documents_metas, &required))
}

/// `fixMetas`'s writes, inside the caller's transaction holding `dossier`'s lock: each chosen
/// value to every processed document of the dossier. Returns the new metas check.
pub async fn fix_metas(
    conn: &mut AsyncPgConnection,
    dossier: &Dossier,
    fixes: &[(String, String)],
) -> DbResult<MetasCheck> {
    let rows: Vec<(Uuid, Value)> = documents::table
        .filter(documents::dossier_id.eq(dossier.id))
        .filter(documents::state.eq(DocumentState::Processed))
        .select((documents::id, documents::metas))
        .for_update()
        .load(conn)
        .await
        .context("locking a dossier's documents to fix their metas")?;
    for (id, document_metas) in rows {
        diesel::update(documents::table.find(id))
            .set(documents::metas.eq(metas::apply_fixes(&document_metas, fixes)))
            .execute(conn)
            .await
            .context("writing fixed metas")?;
    }
    metas_check(conn, dossier).await
}

/// Starts a new run of the dossier's rules in `scope` and enqueues its job (the dossier's lock
/// held by the caller's transaction): the dossier goes back to `processing` until the run is
/// aggregated. Returns the run's id.
pub async fn start_rules_run(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
    scope: DossierRulesScope,
) -> DbResult<Uuid> {
    let run_id = Uuid::now_v7();
    diesel::update(dossiers::table.find(dossier_id))
        .set((
            dossiers::rules_run_id.eq(Some(run_id)),
            dossiers::state.eq(DossierState::Processing),
            dossiers::error.eq(None::<String>),
            dossiers::error_message.eq(None::<Value>),
        ))
        .execute(conn)
        .await
        .context("starting a run of dossier rules")?;
    outbox::enqueue(
        conn,
        &RunDossierRules {
            dossier_id,
            run_id,
            scope,
        },
    )
    .await?;
    Ok(run_id)
}

/// A dossier rule execution ready to run.
#[derive(Debug, Clone)]
pub struct ArmedExecution {
    pub id: Uuid,
    pub rule_id: Option<Uuid>,
    pub rule_name: String,
    pub code: String,
    pub helper: Option<String>,
    pub input_index: i32,
    pub input: Value,
}

#[derive(QueryableByName)]
struct ArmedRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = diesel::sql_types::Nullable<SqlUuid>)]
    rule_id: Option<Uuid>,
    #[diesel(sql_type = Text)]
    rule_name: String,
    #[diesel(sql_type = Text)]
    code: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<Text>)]
    helper: Option<String>,
    #[diesel(sql_type = Integer)]
    input_index: i32,
    #[diesel(sql_type = Jsonb)]
    input: Value,
}

/// Arms the executions of run `run_id` of a dossier's rules (one per rule in `scope` and
/// input item) and returns those still to run with their code. `None` when the dossier has
/// moved on to another run (this job is stale) or is gone.
pub async fn arm_executions(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
    run_id: Uuid,
    scope: &DossierRulesScope,
) -> DbResult<Option<Vec<ArmedExecution>>> {
    conn.transaction(async |conn| -> DbResult<Option<Vec<ArmedExecution>>> {
        let Some(dossier) = lock_dossier(conn, dossier_id).await? else {
            return Ok(None);
        };
        if dossier.rules_run_id != Some(run_id) {
            return Ok(None);
        }
        let items: Vec<Value> = dossier.input.as_array().cloned().unwrap_or_default();
        let item_count = i32::try_from(items.len()).unwrap_or(i32::MAX);
        match scope {
            DossierRulesScope::All | DossierRulesScope::Rule { .. } => {
                let mut rules = dossier_rules::table
                    .filter(
                        dossier_rules::dossier_type_id
                            .is_null()
                            .or(dossier_rules::dossier_type_id.eq(dossier.dossier_type_id)),
                    )
                    .select((dossier_rules::id, dossier_rules::description))
                    .into_boxed();
                rules = match scope {
                    DossierRulesScope::Rule { rule_id, group } => {
                        let mut filtered = rules.filter(dossier_rules::id.eq(*rule_id));
                        if let Some(group) = group {
                            filtered = filtered.filter(dossier_rules::gruppo.contains(vec![group.clone()]));
                        }
                        filtered
                    }
                    _ => rules.filter(dossier_rules::active.eq(true)),
                };
                let rules: Vec<(Uuid, String)> =
                    rules.load(conn).await.context("reading the dossier rules to run")?;
                if matches!(scope, DossierRulesScope::All) {
                    // Executions of rules no longer active, or of items no longer in the input,
                    // are not part of this dossier's result any more.
                    let active: Vec<Uuid> = rules.iter().map(|(id, _)| *id).collect();
                    diesel::delete(
                        dossier_rule_executions::table
                            .filter(dossier_rule_executions::dossier_id.eq(dossier_id))
                            .filter(
                                dossier_rule_executions::rule_id
                                    .is_null()
                                    .or(dossier_rule_executions::rule_id.ne_all(&active))
                                    .or(dossier_rule_executions::input_index.ge(item_count)),
                            ),
                    )
                    .execute(conn)
                    .await
                    .context("removing stale dossier rule executions")?;
                }
                for (rule_id, rule_name) in &rules {
                    for (index, item) in items.iter().enumerate() {
                        diesel::sql_query(
                            "INSERT INTO dossier_rule_executions \
                               (id, dossier_id, rule_id, rule_name, state, input_index, input, platform, run_id) \
                             VALUES ($1, $2, $3, $4, 'created', $5, $6, 'backend', $7) \
                             ON CONFLICT (dossier_id, rule_id, input_index) DO UPDATE SET \
                               state = 'created', result = NULL, error = NULL, finished_at = NULL, \
                               rule_name = EXCLUDED.rule_name, input = EXCLUDED.input, run_id = EXCLUDED.run_id \
                             WHERE dossier_rule_executions.run_id IS DISTINCT FROM EXCLUDED.run_id",
                        )
                        .bind::<SqlUuid, _>(Uuid::now_v7())
                        .bind::<SqlUuid, _>(dossier_id)
                        .bind::<SqlUuid, _>(*rule_id)
                        .bind::<Text, _>(rule_name)
                        .bind::<Integer, _>(i32::try_from(index).unwrap_or(i32::MAX))
                        .bind::<Jsonb, _>(item)
                        .bind::<SqlUuid, _>(run_id)
                        .execute(conn)
                        .await
                        .context("arming a dossier rule execution")?;
                    }
                }
            }
            DossierRulesScope::Failed => {
                diesel::update(
                    dossier_rule_executions::table
                        .filter(dossier_rule_executions::dossier_id.eq(dossier_id))
                        .filter(dossier_rule_executions::state.eq(ExecutionState::Error))
                        .filter(dossier_rule_executions::rule_id.is_not_null()),
                )
                .set((
                    dossier_rule_executions::state.eq(ExecutionState::Created),
                    dossier_rule_executions::result.eq(None::<Value>),
                    dossier_rule_executions::error.eq(None::<String>),
                    dossier_rule_executions::error_message.eq(None::<Value>),
                    dossier_rule_executions::finished_at.eq(None::<chrono::DateTime<Utc>>),
                    dossier_rule_executions::run_id.eq(Some(run_id)),
                ))
                .execute(conn)
                .await
                .context("re-arming the dossier rule executions in error")?;
            }
        }
        let rows: Vec<ArmedRow> = diesel::sql_query(
            "SELECT e.id, e.rule_id, e.rule_name, r.code, h.code AS helper, e.input_index, e.input \
             FROM dossier_rule_executions e \
             JOIN dossier_rules r ON r.id = e.rule_id \
             LEFT JOIN helper_code h ON h.dossier_rule_id = r.id \
             WHERE e.dossier_id = $1 AND e.run_id = $2 AND e.state = 'created' \
             ORDER BY e.rule_name, e.rule_id, e.input_index",
        )
        .bind::<SqlUuid, _>(dossier_id)
        .bind::<SqlUuid, _>(run_id)
        .load(conn)
        .await
        .context("reading the armed dossier rule executions")?;
        Ok(Some(
            rows.into_iter()
                .map(|row| ArmedExecution {
                    id: row.id,
                    rule_id: row.rule_id,
                    rule_name: row.rule_name,
                    code: row.code,
                    helper: row.helper,
                    input_index: row.input_index,
                    input: row.input,
                })
                .collect(),
        ))
    })
    .await
}

/// The metas a dossier rule receives: document id → that document's metas (processed
/// documents only).
pub async fn dossier_metas(conn: &mut AsyncPgConnection, dossier_id: Uuid) -> DbResult<Value> {
    let rows: Vec<(Uuid, Value)> = documents::table
        .filter(documents::dossier_id.eq(dossier_id))
        .filter(documents::state.eq(DocumentState::Processed))
        .select((documents::id, documents::metas))
        .order(documents::created_at)
        .load(conn)
        .await
        .context("reading the metas of a dossier")?;
    Ok(Value::Object(
        rows.into_iter()
            .map(|(id, metas)| (id.to_string(), metas))
            .collect(),
    ))
}

/// Records one execution's outcome and its log — unless it is no longer `created` in this
/// run (a repeated delivery recorded it already). Returns whether it recorded.
pub async fn record_execution(
    conn: &mut AsyncPgConnection,
    execution_id: Uuid,
    run_id: Uuid,
    result: Option<Value>,
    error: Option<String>,
    log: NewDossierRuleExecutionLog,
) -> DbResult<bool> {
    conn.transaction(async |conn| -> DbResult<bool> {
        let state = if error.is_some() {
            ExecutionState::Error
        } else {
            ExecutionState::Executed
        };
        let updated = diesel::update(
            dossier_rule_executions::table
                .find(execution_id)
                .filter(dossier_rule_executions::run_id.eq(run_id))
                .filter(dossier_rule_executions::state.eq(ExecutionState::Created)),
        )
        .set((
            dossier_rule_executions::state.eq(state),
            dossier_rule_executions::result.eq(result),
            dossier_rule_executions::error.eq(error),
            dossier_rule_executions::finished_at.eq(Some(Utc::now())),
        ))
        .execute(conn)
        .await
        .context("recording a dossier rule execution")?;
        if updated == 1 {
            diesel::insert_into(dossier_rule_execution_logs::table)
                .values(log)
                .execute(conn)
                .await
                .context("writing a dossier rule execution log")?;
        }
        Ok(updated == 1)
    })
    .await
}

/// Where a run of dossier rules stands after its job ran.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunEnd {
    /// Another run replaced this one, or the dossier is gone.
    Stale,
    /// Executions of the dossier are still waiting (another job of the dossier runs them).
    Pending,
    /// The aggregate of this run is written and the dossier `processed` (now or before):
    /// call back.
    Aggregated,
}

/// Aggregates the run once every execution of the dossier is done.
pub async fn finish_rules_run(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
    run_id: Uuid,
) -> DbResult<RunEnd> {
    conn.transaction(async |conn| -> DbResult<RunEnd> {
        let Some(dossier) = lock_dossier(conn, dossier_id).await? else {
            return Ok(RunEnd::Stale);
        };
        if dossier.rules_run_id != Some(run_id) {
            return Ok(RunEnd::Stale);
        }
        if dossier.aggregated_run_id == Some(run_id) {
            return Ok(RunEnd::Aggregated);
        }
        let executions: Vec<DossierRuleExecution> = dossier_rule_executions::table
            .filter(dossier_rule_executions::dossier_id.eq(dossier_id))
            .select(DossierRuleExecution::as_select())
            .load(conn)
            .await
            .context("reading a dossier's rule executions")?;
        if executions
            .iter()
            .any(|e| e.state == ExecutionState::Created)
        {
            return Ok(RunEnd::Pending);
        }
        let outcomes: Vec<Outcome> = executions
            .into_iter()
            .map(|e| Outcome {
                input_index: usize::try_from(e.input_index).unwrap_or(usize::MAX),
                rule_id: e.rule_id,
                rule_name: e.rule_name,
                result: e.result,
                error: e.error,
            })
            .collect();
        let items = dossier.input.as_array().cloned().unwrap_or_default();
        let entries = aggregate::aggregate(&items, &outcomes);
        let value = serde_json::to_value(&entries).map_err(|e| DbError::Query {
            context: "encoding a dossier's aggregate".into(),
            source: diesel::result::Error::SerializationError(Box::new(e)),
        })?;
        diesel::update(dossiers::table.find(dossier_id))
            .set((
                dossiers::aggregate_result.eq(Some(value)),
                dossiers::aggregated_run_id.eq(Some(run_id)),
                dossiers::state.eq(DossierState::Processed),
                dossiers::error.eq(None::<String>),
                dossiers::error_message.eq(None::<Value>),
            ))
            .execute(conn)
            .await
            .context("writing a dossier's aggregate")?;
        outbox::enqueue(
            conn,
            &SendCallback {
                dossier_id,
                resend: false,
            },
        )
        .await?;
        Ok(RunEnd::Aggregated)
    })
    .await
}

/// Ends run `run_id` of a dossier's rules that cannot go on (its job crashed its worker, see
/// `crate::jobs::crashes`): the executions it had not recorded are in error with `reason`, and
/// the dossier — still waiting for this run — is `cannot process` with it, its importer
/// notified. Returns whether the dossier moved.
pub async fn end_rules_run(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
    run_id: Uuid,
    reason: &Message,
) -> DbResult<bool> {
    conn.transaction(async |conn| -> DbResult<bool> {
        let Some(dossier) = lock_dossier(conn, dossier_id).await? else {
            return Ok(false);
        };
        if dossier.rules_run_id != Some(run_id) || dossier.state != DossierState::Processing {
            return Ok(false);
        }
        diesel::update(
            dossier_rule_executions::table
                .filter(dossier_rule_executions::dossier_id.eq(dossier_id))
                .filter(dossier_rule_executions::run_id.eq(run_id))
                .filter(dossier_rule_executions::state.eq(ExecutionState::Created)),
        )
        .set((
            dossier_rule_executions::state.eq(ExecutionState::Error),
            dossier_rule_executions::error.eq(Some(reason.italian())),
            dossier_rule_executions::error_message.eq(Some(reason.to_json())),
            dossier_rule_executions::finished_at.eq(Some(Utc::now())),
        ))
        .execute(conn)
        .await
        .context("ending the executions of a crashed run")?;
        set_dossier_state(conn, dossier_id, DossierState::CannotProcess, Some(reason)).await?;
        outbox::enqueue(conn, &NotifyCannotProcess { dossier_id }).await?;
        Ok(true)
    })
    .await
}

/// Moves a dossier to `state` with `error` (in `cannot process`).
pub async fn set_dossier_state(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
    state: DossierState,
    error: Option<&Message>,
) -> DbResult<()> {
    diesel::update(dossiers::table.find(dossier_id))
        .set((
            dossiers::state.eq(state),
            dossiers::error.eq(error.map(Message::italian)),
            dossiers::error_message.eq(error.map(Message::to_json)),
        ))
        .execute(conn)
        .await
        .map(drop)
        .context("changing a dossier's state")
}

/// The dossier's row, locked until the end of the caller's transaction.
pub async fn lock_dossier(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
) -> DbResult<Option<Dossier>> {
    dossiers::table
        .find(dossier_id)
        .select(Dossier::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()
        .context("locking a dossier")
}

/// The document's row, locked until the end of the caller's transaction. A caller that holds
/// or takes its dossier's lock too takes that one first, as the pipeline does.
pub async fn lock_document(
    conn: &mut AsyncPgConnection,
    document_id: Uuid,
) -> DbResult<Option<Document>> {
    documents::table
        .find(document_id)
        .select(Document::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()
        .context("locking a document")
}

async fn required_metas(
    conn: &mut AsyncPgConnection,
    dossier_type_id: i64,
) -> DbResult<Vec<String>> {
    dossier_type_required_metas::table
        .filter(dossier_type_required_metas::dossier_type_id.eq(dossier_type_id))
        .select(dossier_type_required_metas::meta_name)
        .order(dossier_type_required_metas::meta_name)
        .load(conn)
        .await
        .context("reading the required metas of a dossier type")
}
