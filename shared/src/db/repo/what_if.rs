//! "What if" runs (issue 11): unsaved rule code run in the background over past items, each
//! outcome compared with the item's last recorded execution of the rule
//! (`shared::rules::what_if`):
//! - a document rule over the latest processed documents of its type;
//! - a dossier rule over every input item of the latest processed dossiers of its type (or of
//!   any type, for a rule of none), as the pipeline runs it.
//!
//! A run goes `queued` → `running` → `finished` (or `failed` with its reason); `cancelled` at
//! the author's request stops it at its next batch. Nothing of the documents or dossiers
//! changes: a run writes only its own rows.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use super::audit::Actor;
use super::capped_count::capped_count;
use super::edit_error::EditError;
use super::paging::PageRequest;
use super::rules::within_code_limit;
use crate::db::models::rules::{NewWhatIfRun, WhatIfChange, WhatIfRun};
use crate::db::models::{DocumentState, DossierState};
use crate::db::schema::{
    document_rules, documents, dossier_rule_execution_logs, dossier_rule_executions, dossier_rules,
    dossiers, rule_execution_logs, what_if_changes, what_if_runs,
};
use crate::db::{DbError, DbResult, QueryContext};
use crate::messages::{self, Message};
use crate::rules::RuleKind;
use crate::rules::what_if::Outcome;

pub const QUEUED: &str = "queued";
pub const RUNNING: &str = "running";
pub const FINISHED: &str = "finished";
pub const CANCELLED: &str = "cancelled";
pub const FAILED: &str = "failed";

/// Most documents (or dossiers) one run goes through.
pub const MAX_ITEMS: i32 = 1000;

/// Most executions of a dossier rule's run: it runs once per input item of each dossier, and
/// the dossiers past this many items are left out.
pub const MAX_DOSSIER_EXECUTIONS: usize = 5000;

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
            messages::what_if_limit(MAX_ITEMS),
        ));
    }
    if request.code.trim().is_empty() {
        return Err(EditError::invalid("code", messages::rule_code_empty()));
    }
    within_code_limit("code", Some(&request.code))?;
    within_code_limit("helper", request.helper.as_deref())?;
    if let (Some(since), Some(until)) = (request.since, request.until)
        && since > until
    {
        return Err(EditError::invalid("since", messages::since_after_until()));
    }
    if rule_kind(conn, request.rule_id).await?.is_none() {
        return Err(EditError::NotFound(messages::rule_not_found(
            request.rule_id,
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
            return Err(EditError::Conflict(messages::what_if_too_many(
                MAX_ACTIVE_PER_AUTHOR,
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

/// Whether `id` is a document rule or a dossier rule (`None`: neither).
pub async fn rule_kind(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<RuleKind>> {
    let documents: i64 = document_rules::table
        .find(id)
        .count()
        .get_result(conn)
        .await
        .context("finding the document rule of a what-if run")?;
    if documents > 0 {
        return Ok(Some(RuleKind::Document));
    }
    let dossiers: i64 = dossier_rules::table
        .find(id)
        .count()
        .get_result(conn)
        .await
        .context("finding the dossier rule of a what-if run")?;
    Ok((dossiers > 0).then_some(RuleKind::Dossier))
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

/// One page of the changes a run found, in item order, and how many there are.
pub async fn page_changes(
    conn: &mut AsyncPgConnection,
    run_id: Uuid,
    page: PageRequest,
) -> DbResult<(Vec<WhatIfChange>, i64)> {
    let page = page.bounded();
    let total: i64 = capped_count(
        what_if_changes::table
            .filter(what_if_changes::run_id.eq(run_id))
            .select(what_if_changes::item_id),
    )
    .get_result(conn)
    .await
    .context("counting the changes of a what-if run")?;
    let changes = what_if_changes::table
        .filter(what_if_changes::run_id.eq(run_id))
        .order((
            what_if_changes::item_id.desc(),
            what_if_changes::input_index,
        ))
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

/// An item a run goes through.
#[derive(Debug, Clone)]
pub enum Candidate {
    /// A processed document, for a document rule.
    Document {
        id: Uuid,
        name: String,
        dossier_id: Uuid,
        /// The stored extraction output the rule's input is built from.
        raw_text_key: Option<String>,
    },
    /// One input item of a processed dossier, for a dossier rule (which also receives the
    /// dossier's metas: read by the job, once per dossier).
    DossierItem {
        dossier_id: Uuid,
        /// The dossier's idValutazione.
        name: String,
        input_index: i32,
        item: Value,
    },
}

/// Which item: the document, or the dossier and the input item's index (0 for a document).
pub type ItemKey = (Uuid, i32);

impl Candidate {
    pub fn key(&self) -> ItemKey {
        match self {
            Candidate::Document { id, .. } => (*id, 0),
            Candidate::DossierItem {
                dossier_id,
                input_index,
                ..
            } => (*dossier_id, *input_index),
        }
    }

    /// The row recording that this item's outcome would change.
    pub fn change(
        &self,
        run_id: Uuid,
        changes: Vec<String>,
        before: Option<Value>,
        after: Value,
    ) -> WhatIfChange {
        let (item_id, input_index) = self.key();
        let (name, dossier_id) = match self {
            Candidate::Document {
                name, dossier_id, ..
            }
            | Candidate::DossierItem {
                name, dossier_id, ..
            } => (name.clone(), *dossier_id),
        };
        WhatIfChange {
            run_id,
            item_id,
            item_name: name,
            input_index,
            dossier_id,
            changes,
            before,
            after,
        }
    }
}

/// A run as it starts: the run, its items, and the outcome of each item's last recorded
/// execution of the rule.
pub type Started = (WhatIfRun, Vec<Candidate>, Vec<(ItemKey, Outcome)>);

/// Starts the run `id`: its items and the outcome of each one's last recorded execution of the
/// rule. A run found `running` starts again from the beginning (its job is delivered again
/// after its worker died). `None` when the run has ended (cancelled, or a repeated delivery
/// after it finished).
pub async fn start(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<Started>> {
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
        let (candidates, previous) = match rule_kind(conn, run.rule_id).await? {
            Some(RuleKind::Document) => document_candidates(conn, &run).await?,
            Some(RuleKind::Dossier) => dossier_candidates(conn, &run).await?,
            // The rule was deleted since: nothing to go through.
            None => (Vec::new(), Vec::new()),
        };
        diesel::update(what_if_runs::table.find(id))
            .set(what_if_runs::total.eq(candidates.len() as i32))
            .execute(conn)
            .await
            .context("counting the items of a what-if run")?;
        Ok(Some((run, candidates, previous)))
    })
    .await
}

type Chosen = (Vec<Candidate>, Vec<(ItemKey, Outcome)>);

/// The latest processed documents of the rule's type, within the run's dates, and the last
/// execution of the rule on each.
async fn document_candidates(conn: &mut AsyncPgConnection, run: &WhatIfRun) -> DbResult<Chosen> {
    let type_id: Option<i64> = document_rules::table
        .find(run.rule_id)
        .select(document_rules::document_type_id)
        .first(conn)
        .await
        .optional()
        .context("reading the type of a what-if run's rule")?;
    let Some(type_id) = type_id else {
        return Ok((Vec::new(), Vec::new()));
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
    let rows: Vec<(Uuid, String, Uuid, Option<String>)> = query
        .load(conn)
        .await
        .context("choosing the documents of a what-if run")?;
    let ids: Vec<Uuid> = rows.iter().map(|row| row.0).collect();
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
    let candidates = rows
        .into_iter()
        .map(|(id, name, dossier_id, raw_text_key)| Candidate::Document {
            id,
            name,
            dossier_id,
            raw_text_key,
        })
        .collect();
    let previous = last
        .into_iter()
        .map(|(document, result, errors)| ((document, 0), Outcome::of(result.as_ref(), &errors)))
        .collect();
    Ok((candidates, previous))
}

/// Every input item of the latest processed dossiers of the rule's type (any type for a rule
/// of none), within the run's dates and [`MAX_DOSSIER_EXECUTIONS`], and the last execution of
/// the rule on each item.
async fn dossier_candidates(conn: &mut AsyncPgConnection, run: &WhatIfRun) -> DbResult<Chosen> {
    let type_id: Option<Option<i64>> = dossier_rules::table
        .find(run.rule_id)
        .select(dossier_rules::dossier_type_id)
        .first(conn)
        .await
        .optional()
        .context("reading the type of a what-if run's rule")?;
    let Some(type_id) = type_id else {
        return Ok((Vec::new(), Vec::new()));
    };
    let mut query = dossiers::table
        .filter(dossiers::state.eq(DossierState::Processed))
        .order(dossiers::created_at.desc())
        .limit(i64::from(run.max_items))
        .select((dossiers::id, dossiers::id_valutazione, dossiers::input))
        .into_boxed();
    if let Some(type_id) = type_id {
        query = query.filter(dossiers::dossier_type_id.eq(type_id));
    }
    if let Some(since) = run.since {
        query = query.filter(dossiers::created_at.ge(since));
    }
    if let Some(until) = run.until {
        query = query.filter(dossiers::created_at.le(until));
    }
    let rows: Vec<(Uuid, String, Value)> = query
        .load(conn)
        .await
        .context("choosing the dossiers of a what-if run")?;
    let mut candidates = Vec::new();
    for (dossier_id, name, input) in rows {
        let items = input.as_array().cloned().unwrap_or_default();
        if candidates.len() + items.len() > MAX_DOSSIER_EXECUTIONS {
            break;
        }
        candidates.extend(items.into_iter().enumerate().map(|(index, item)| {
            Candidate::DossierItem {
                dossier_id,
                name: name.clone(),
                input_index: i32::try_from(index).unwrap_or(i32::MAX),
                item,
            }
        }));
    }
    let mut ids: Vec<Uuid> = candidates.iter().map(|c| c.key().0).collect();
    ids.dedup();
    // The last logged execution of the rule on each item by the pipeline or a rerun.
    let last: Vec<(Uuid, i32, Option<Value>, Vec<String>)> = dossier_rule_execution_logs::table
        .inner_join(dossier_rule_executions::table)
        .filter(dossier_rule_executions::dossier_id.eq_any(&ids))
        .filter(dossier_rule_executions::rule_id.eq(run.rule_id))
        .filter(dossier_rule_execution_logs::platform.ne("frontend"))
        .distinct_on((
            dossier_rule_executions::dossier_id,
            dossier_rule_executions::input_index,
        ))
        .order((
            dossier_rule_executions::dossier_id,
            dossier_rule_executions::input_index,
            dossier_rule_execution_logs::executed_at.desc(),
        ))
        .select((
            dossier_rule_executions::dossier_id,
            dossier_rule_executions::input_index,
            dossier_rule_execution_logs::result,
            dossier_rule_execution_logs::errors,
        ))
        .load(conn)
        .await
        .context("reading the last executions of a what-if run's dossier rule")?;
    let previous = last
        .into_iter()
        .map(|(dossier, index, result, errors)| {
            ((dossier, index), Outcome::of(result.as_ref(), &errors))
        })
        .collect();
    Ok((candidates, previous))
}

/// Records `done` more items and the `changes` among them; answers whether the run goes
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
pub async fn finish(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    error: Option<&Message>,
) -> DbResult<()> {
    let state = if error.is_some() { FAILED } else { FINISHED };
    diesel::update(
        what_if_runs::table
            .find(id)
            .filter(what_if_runs::state.eq(RUNNING)),
    )
    .set((
        what_if_runs::state.eq(state),
        what_if_runs::error.eq(error.map(Message::italian)),
        what_if_runs::error_message.eq(error.map(Message::to_json)),
        what_if_runs::finished_at.eq(diesel::dsl::now),
    ))
    .execute(conn)
    .await
    .context("ending a what-if run")?;
    Ok(())
}
