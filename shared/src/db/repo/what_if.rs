//! "What if" runs (issue 11): unsaved document-rule code run in the background over the latest
//! processed documents of the rule's type, each outcome compared with the document's last
//! recorded execution of the rule (`shared::rules::what_if`). A run goes `queued` → `running`
//! → `finished` (or `failed` with its reason); `cancelled` at the author's request stops it at
//! its next batch. Nothing of the documents changes: a run writes only its own rows.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use super::audit::Actor;
use super::capped_count::capped_count;
use super::dossiers::PageRequest;
use super::types::EditError;
use crate::db::models::DocumentState;
use crate::db::models::rules::{NewWhatIfRun, WhatIfChange, WhatIfRun};
use crate::db::schema::{
    document_rules, documents, rule_execution_logs, what_if_changes, what_if_runs,
};
use crate::db::{DbError, DbResult, QueryContext};
use crate::rules::what_if::Outcome;

pub const QUEUED: &str = "queued";
pub const RUNNING: &str = "running";
pub const FINISHED: &str = "finished";
pub const CANCELLED: &str = "cancelled";
pub const FAILED: &str = "failed";

/// Most documents one run goes through.
pub const MAX_ITEMS: i32 = 1000;

/// Most runs one author may have queued or running at once: a run is up to a thousand
/// executions, and the `what-if` queue is worked one run at a time per worker.
pub const MAX_ACTIVE_PER_AUTHOR: i64 = 3;

/// What an author asks to try.
#[derive(Debug, Clone)]
pub struct WhatIfRequest {
    pub rule_id: Uuid,
    pub code: String,
    pub helper: Option<String>,
    pub data_tables: Vec<String>,
    pub max_items: i32,
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
}

/// Records a new run, queued (the caller enqueues its job).
pub async fn create_run(
    conn: &mut AsyncPgConnection,
    request: WhatIfRequest,
    actor: Option<&Actor>,
) -> Result<WhatIfRun, EditError> {
    if !(1..=MAX_ITEMS).contains(&request.max_items) {
        return Err(EditError::invalid(
            "limit",
            format!("Il numero di documenti va da 1 a {MAX_ITEMS}"),
        ));
    }
    if request.code.trim().is_empty() {
        return Err(EditError::invalid("code", "Il codice della regola è vuoto"));
    }
    if let (Some(since), Some(until)) = (request.since, request.until)
        && since > until
    {
        return Err(EditError::invalid(
            "since",
            "La data di inizio segue quella di fine",
        ));
    }
    let exists: i64 = document_rules::table
        .find(request.rule_id)
        .count()
        .get_result(conn)
        .await
        .context("finding the rule of a what-if run")?;
    if exists == 0 {
        return Err(EditError::NotFound(format!(
            "Regola documento {} non trovata",
            request.rule_id
        )));
    }
    if let Some(actor) = actor {
        let active: i64 = what_if_runs::table
            .filter(what_if_runs::requested_by.eq(&actor.email))
            .filter(what_if_runs::state.eq_any([QUEUED, RUNNING]))
            .count()
            .get_result(conn)
            .await
            .context("counting an author's what-if runs")?;
        if active >= MAX_ACTIVE_PER_AUTHOR {
            return Err(EditError::Conflict(format!(
                "Hai già {MAX_ACTIVE_PER_AUTHOR} prove in corso: attendi che finiscano o annullane una"
            )));
        }
    }
    let row = NewWhatIfRun {
        id: Uuid::now_v7(),
        rule_id: request.rule_id,
        state: QUEUED.to_owned(),
        requested_by: actor.map(|a| a.email.clone()),
        code: request.code,
        helper: request.helper.filter(|h| !h.trim().is_empty()),
        data_tables: request.data_tables,
        max_items: request.max_items,
        since: request.since,
        until: request.until,
    };
    Ok(diesel::insert_into(what_if_runs::table)
        .values(&row)
        .returning(WhatIfRun::as_returning())
        .get_result(conn)
        .await
        .context("recording a what-if run")?)
}

pub async fn find_run(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<WhatIfRun>> {
    what_if_runs::table
        .find(id)
        .select(WhatIfRun::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding a what-if run")
}

/// The latest `limit` runs of the rule `rule_id`, newest first.
pub async fn runs_of_rule(
    conn: &mut AsyncPgConnection,
    rule_id: Uuid,
    limit: i64,
) -> DbResult<Vec<WhatIfRun>> {
    what_if_runs::table
        .filter(what_if_runs::rule_id.eq(rule_id))
        .order(what_if_runs::created_at.desc())
        .limit(limit.clamp(1, 50))
        .select(WhatIfRun::as_select())
        .load(conn)
        .await
        .context("listing the what-if runs of a rule")
}

/// One page of the changes a run found, in document order, and how many there are.
pub async fn page_changes(
    conn: &mut AsyncPgConnection,
    run_id: Uuid,
    page: PageRequest,
) -> DbResult<(Vec<WhatIfChange>, i64)> {
    let page = page.bounded();
    let total: i64 = capped_count(
        what_if_changes::table
            .filter(what_if_changes::run_id.eq(run_id))
            .select(what_if_changes::document_id),
    )
    .get_result(conn)
    .await
    .context("counting the changes of a what-if run")?;
    let changes = what_if_changes::table
        .filter(what_if_changes::run_id.eq(run_id))
        .order(what_if_changes::document_id.desc())
        .limit(page.limit)
        .offset(page.offset)
        .select(WhatIfChange::as_select())
        .load(conn)
        .await
        .context("listing the changes of a what-if run")?;
    Ok((changes, total))
}

/// Asks the run to stop; answers whether it was still queued or running.
pub async fn cancel(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<bool> {
    let updated = diesel::update(
        what_if_runs::table
            .find(id)
            .filter(what_if_runs::state.eq_any([QUEUED, RUNNING])),
    )
    .set((
        what_if_runs::state.eq(CANCELLED),
        what_if_runs::finished_at.eq(diesel::dsl::now),
    ))
    .execute(conn)
    .await
    .context("cancelling a what-if run")?;
    Ok(updated == 1)
}

/// A document a run goes through.
#[derive(Debug, Clone, Queryable)]
pub struct Candidate {
    pub id: Uuid,
    pub name: String,
    pub dossier_id: Uuid,
    /// The stored extraction output the rule's input is built from.
    pub raw_text_key: Option<String>,
}

/// Starts the run `id`: its documents (the latest processed ones of the rule's type, within its
/// dates) and the outcome of each one's last recorded execution of the rule. A run found
/// `running` starts again from the beginning (its job is delivered again after its worker
/// died). `None` when the run has ended (cancelled, or a repeated delivery after it finished).
pub async fn start(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> DbResult<Option<(WhatIfRun, Vec<Candidate>, Vec<(Uuid, Outcome)>)>> {
    conn.transaction::<_, DbError, _>(async |conn| {
        diesel::delete(what_if_changes::table.filter(what_if_changes::run_id.eq(id)))
            .execute(conn)
            .await
            .context("clearing a restarted what-if run")?;
        let run: Option<WhatIfRun> = diesel::update(
            what_if_runs::table
                .find(id)
                .filter(what_if_runs::state.eq_any([QUEUED, RUNNING])),
        )
        .set((
            what_if_runs::state.eq(RUNNING),
            what_if_runs::done.eq(0),
            what_if_runs::changed.eq(0),
        ))
        .returning(WhatIfRun::as_returning())
        .get_result(conn)
        .await
        .optional()
        .context("starting a what-if run")?;
        let Some(run) = run else { return Ok(None) };
        let type_id: Option<i64> = document_rules::table
            .find(run.rule_id)
            .select(document_rules::document_type_id)
            .first(conn)
            .await
            .optional()
            .context("reading the type of a what-if run's rule")?;
        let Some(type_id) = type_id else {
            return Ok(Some((run, Vec::new(), Vec::new())));
        };
        let mut query = documents::table
            .filter(documents::document_type_id.eq(type_id))
            .filter(documents::state.eq(DocumentState::Processed))
            .order(documents::created_at.desc())
            .limit(i64::from(run.max_items))
            .select((
                documents::id,
                documents::name,
                documents::dossier_id,
                documents::raw_text_key,
            ))
            .into_boxed();
        if let Some(since) = run.since {
            query = query.filter(documents::created_at.ge(since));
        }
        if let Some(until) = run.until {
            query = query.filter(documents::created_at.le(until));
        }
        let candidates: Vec<Candidate> = query
            .load(conn)
            .await
            .context("choosing the documents of a what-if run")?;
        let ids: Vec<Uuid> = candidates.iter().map(|c| c.id).collect();
        // The last execution of the rule on each document by the pipeline or a rerun (the
        // playground's temporary runs are not what the document's outcome was).
        let last: Vec<(Uuid, Option<Value>, Vec<String>)> = rule_execution_logs::table
            .filter(rule_execution_logs::document_id.eq_any(&ids))
            .filter(rule_execution_logs::rule_id.eq(run.rule_id))
            .filter(rule_execution_logs::platform.ne("frontend"))
            .distinct_on(rule_execution_logs::document_id)
            .order((
                rule_execution_logs::document_id,
                rule_execution_logs::executed_at.desc(),
            ))
            .select((
                rule_execution_logs::document_id,
                rule_execution_logs::result,
                rule_execution_logs::errors,
            ))
            .load(conn)
            .await
            .context("reading the last executions of a what-if run's rule")?;
        diesel::update(what_if_runs::table.find(id))
            .set(what_if_runs::total.eq(candidates.len() as i32))
            .execute(conn)
            .await
            .context("counting the documents of a what-if run")?;
        let outcomes = last
            .into_iter()
            .map(|(document, result, errors)| (document, Outcome::of(result.as_ref(), &errors)))
            .collect();
        Ok(Some((run, candidates, outcomes)))
    })
    .await
}

/// Records `done` more documents and the `changes` among them; answers whether the run goes
/// on (false: it was cancelled meanwhile).
pub async fn record_progress(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    done: i32,
    changes: &[WhatIfChange],
) -> DbResult<bool> {
    conn.transaction::<_, DbError, _>(async |conn| {
        let state: Option<String> = what_if_runs::table
            .find(id)
            .select(what_if_runs::state)
            .for_update()
            .first(conn)
            .await
            .optional()
            .context("reading the state of a what-if run")?;
        if state.as_deref() != Some(RUNNING) {
            return Ok(false);
        }
        diesel::insert_into(what_if_changes::table)
            .values(changes)
            .on_conflict_do_nothing()
            .execute(conn)
            .await
            .context("recording the changes of a what-if run")?;
        diesel::update(what_if_runs::table.find(id))
            .set((
                what_if_runs::done.eq(what_if_runs::done + done),
                what_if_runs::changed.eq(what_if_runs::changed + changes.len() as i32),
            ))
            .execute(conn)
            .await
            .context("recording the progress of a what-if run")?;
        Ok(true)
    })
    .await
}

/// Ends a running run: `finished`, or `failed` with `error`.
pub async fn finish(conn: &mut AsyncPgConnection, id: Uuid, error: Option<String>) -> DbResult<()> {
    let state = if error.is_some() { FAILED } else { FINISHED };
    diesel::update(
        what_if_runs::table
            .find(id)
            .filter(what_if_runs::state.eq(RUNNING)),
    )
    .set((
        what_if_runs::state.eq(state),
        what_if_runs::error.eq(error),
        what_if_runs::finished_at.eq(diesel::dsl::now),
    ))
    .execute(conn)
    .await
    .context("ending a what-if run")?;
    Ok(())
}
