//! Records of rule runs as the screens read them: the paged lists of document rule execution
//! logs, dossier rule execution logs and dossier rule executions, one log in full, and the
//! counters and failures of a dossier's executions.
//!
//! Paging as in [`super::dossiers`]: LIMIT/OFFSET over an indexed sort, total by count; every
//! filter and sort offered is served by an index of the operations migrations.

use diesel::dsl::count_star;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::{Map, Value};
use uuid::Uuid;

use super::capped_count::capped_count;
use super::paging::{IdRange, MAX_DETAIL_ROWS, PageRequest};
use crate::db::models::executions::{
    DossierRuleExecution, DossierRuleExecutionLog, RuleExecutionLog,
};
use crate::db::models::{ExecutionState, Platform};
use crate::db::schema::{
    data_tables, document_rule_data_tables, dossier_rule_execution_logs, dossier_rule_executions,
    rule_execution_logs,
};
use crate::db::{DbResult, QueryContext};

/// The sorts of the log lists (id breaks ties; ids are time-ordered).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogSort {
    ExecutedAt,
    Id,
}

/// The sorts of the execution list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExecutionSort {
    CreatedAt,
    Id,
}

// ---------------------------------------------------------------------------------------
// Document rule execution logs.

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleExecutionLogFilter {
    pub rule_id: Option<IdRange>,
    pub document_id: Option<IdRange>,
    pub platforms: Option<Vec<Platform>>,
}

fn logs_filtered<'a, ST: 'a>(
    mut query: rule_execution_logs::BoxedQuery<'a, Pg, ST>,
    filter: &RuleExecutionLogFilter,
) -> rule_execution_logs::BoxedQuery<'a, Pg, ST> {
    if let Some((lo, hi)) = filter.rule_id {
        query = if lo == hi {
            query.filter(rule_execution_logs::rule_id.eq(lo))
        } else {
            query.filter(rule_execution_logs::rule_id.between(lo, hi))
        };
    }
    if let Some((lo, hi)) = filter.document_id {
        query = if lo == hi {
            query.filter(rule_execution_logs::document_id.eq(lo))
        } else {
            query.filter(rule_execution_logs::document_id.between(lo, hi))
        };
    }
    if let Some(platforms) = &filter.platforms {
        query = query.filter(rule_execution_logs::platform.eq_any(platforms.clone()));
    }
    query
}

/// One page of document rule execution logs and how many match.
pub async fn list_rule_execution_logs(
    conn: &mut AsyncPgConnection,
    filter: &RuleExecutionLogFilter,
    sort: LogSort,
    page: PageRequest,
) -> DbResult<(Vec<RuleExecutionLog>, i64)> {
    let page = page.bounded();
    let total: i64 = capped_count(logs_filtered(
        rule_execution_logs::table
            .select(rule_execution_logs::id)
            .into_boxed(),
        filter,
    ))
    .get_result(conn)
    .await
    .context("counting rule execution logs")?;
    let query = logs_filtered(
        rule_execution_logs::table
            .select(RuleExecutionLog::as_select())
            .into_boxed(),
        filter,
    );
    let query = match (sort, page.descending) {
        (LogSort::ExecutedAt, true) => query.order((
            rule_execution_logs::executed_at.desc(),
            rule_execution_logs::id.desc(),
        )),
        (LogSort::ExecutedAt, false) => query.order((
            rule_execution_logs::executed_at.asc(),
            rule_execution_logs::id.asc(),
        )),
        (LogSort::Id, true) => query.order(rule_execution_logs::id.desc()),
        (LogSort::Id, false) => query.order(rule_execution_logs::id.asc()),
    };
    let rows = query
        .limit(page.limit)
        .offset(page.offset)
        .load(conn)
        .await
        .context("listing rule execution logs")?;
    Ok((rows, total))
}

pub async fn find_rule_execution_log(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> DbResult<Option<RuleExecutionLog>> {
    rule_execution_logs::table
        .find(id)
        .select(RuleExecutionLog::as_select())
        .first(conn)
        .await
        .optional()
        .context("reading a rule execution log")
}

/// The data tables a document rule uses now: name → content. (A log keeps the rule's code
/// but not the data tables it received; they are shown as they are now.)
pub async fn rule_data_tables(
    conn: &mut AsyncPgConnection,
    rule_id: Uuid,
) -> DbResult<Map<String, Value>> {
    let rows: Vec<(String, Value)> = document_rule_data_tables::table
        .inner_join(data_tables::table)
        .filter(document_rule_data_tables::document_rule_id.eq(rule_id))
        .select((data_tables::name, data_tables::content))
        .load(conn)
        .await
        .context("reading the data tables of a rule")?;
    Ok(rows.into_iter().collect())
}

// ---------------------------------------------------------------------------------------
// Dossier rule execution logs.

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DossierRuleExecutionLogFilter {
    pub dossier_id: Option<IdRange>,
    pub rule_id: Option<IdRange>,
    pub platforms: Option<Vec<Platform>>,
}

fn dossier_logs_filtered<'a, ST: 'a>(
    mut query: dossier_rule_execution_logs::BoxedQuery<'a, Pg, ST>,
    filter: &DossierRuleExecutionLogFilter,
) -> dossier_rule_execution_logs::BoxedQuery<'a, Pg, ST> {
    if let Some((lo, hi)) = filter.dossier_id {
        query = if lo == hi {
            query.filter(dossier_rule_execution_logs::dossier_id.eq(lo))
        } else {
            query.filter(dossier_rule_execution_logs::dossier_id.between(lo, hi))
        };
    }
    if let Some((lo, hi)) = filter.rule_id {
        query = if lo == hi {
            query.filter(dossier_rule_execution_logs::rule_id.eq(lo))
        } else {
            query.filter(dossier_rule_execution_logs::rule_id.between(lo, hi))
        };
    }
    if let Some(platforms) = &filter.platforms {
        query = query.filter(dossier_rule_execution_logs::platform.eq_any(platforms.clone()));
    }
    query
}

/// One page of dossier rule execution logs and how many match.
pub async fn list_dossier_rule_execution_logs(
    conn: &mut AsyncPgConnection,
    filter: &DossierRuleExecutionLogFilter,
    sort: LogSort,
    page: PageRequest,
) -> DbResult<(Vec<DossierRuleExecutionLog>, i64)> {
    let page = page.bounded();
    let total: i64 = capped_count(dossier_logs_filtered(
        dossier_rule_execution_logs::table
            .select(dossier_rule_execution_logs::id)
            .into_boxed(),
        filter,
    ))
    .get_result(conn)
    .await
    .context("counting dossier rule execution logs")?;
    let query = dossier_logs_filtered(
        dossier_rule_execution_logs::table
            .select(DossierRuleExecutionLog::as_select())
            .into_boxed(),
        filter,
    );
    let query = match (sort, page.descending) {
        (LogSort::ExecutedAt, true) => query.order((
            dossier_rule_execution_logs::executed_at.desc(),
            dossier_rule_execution_logs::id.desc(),
        )),
        (LogSort::ExecutedAt, false) => query.order((
            dossier_rule_execution_logs::executed_at.asc(),
            dossier_rule_execution_logs::id.asc(),
        )),
        (LogSort::Id, true) => query.order(dossier_rule_execution_logs::id.desc()),
        (LogSort::Id, false) => query.order(dossier_rule_execution_logs::id.asc()),
    };
    let rows = query
        .limit(page.limit)
        .offset(page.offset)
        .load(conn)
        .await
        .context("listing dossier rule execution logs")?;
    Ok((rows, total))
}

// ---------------------------------------------------------------------------------------
// Dossier rule executions.

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DossierRuleExecutionFilter {
    pub dossier_id: Option<IdRange>,
    pub rule_id: Option<IdRange>,
    pub platforms: Option<Vec<Platform>>,
    pub states: Option<Vec<ExecutionState>>,
}

fn executions_filtered<'a, ST: 'a>(
    mut query: dossier_rule_executions::BoxedQuery<'a, Pg, ST>,
    filter: &DossierRuleExecutionFilter,
) -> dossier_rule_executions::BoxedQuery<'a, Pg, ST> {
    if let Some((lo, hi)) = filter.dossier_id {
        query = if lo == hi {
            query.filter(dossier_rule_executions::dossier_id.eq(lo))
        } else {
            query.filter(dossier_rule_executions::dossier_id.between(lo, hi))
        };
    }
    if let Some((lo, hi)) = filter.rule_id {
        query = if lo == hi {
            query.filter(dossier_rule_executions::rule_id.eq(lo))
        } else {
            query.filter(dossier_rule_executions::rule_id.between(lo, hi))
        };
    }
    if let Some(platforms) = &filter.platforms {
        query = query.filter(dossier_rule_executions::platform.eq_any(platforms.clone()));
    }
    if let Some(states) = &filter.states {
        query = query.filter(dossier_rule_executions::state.eq_any(states.clone()));
    }
    query
}

/// One page of dossier rule executions and how many match.
pub async fn list_dossier_rule_executions(
    conn: &mut AsyncPgConnection,
    filter: &DossierRuleExecutionFilter,
    sort: ExecutionSort,
    page: PageRequest,
) -> DbResult<(Vec<DossierRuleExecution>, i64)> {
    let page = page.bounded();
    let total: i64 = capped_count(executions_filtered(
        dossier_rule_executions::table
            .select(dossier_rule_executions::id)
            .into_boxed(),
        filter,
    ))
    .get_result(conn)
    .await
    .context("counting dossier rule executions")?;
    let query = executions_filtered(
        dossier_rule_executions::table
            .select(DossierRuleExecution::as_select())
            .into_boxed(),
        filter,
    );
    let query = match (sort, page.descending) {
        (ExecutionSort::CreatedAt, true) => query.order((
            dossier_rule_executions::created_at.desc(),
            dossier_rule_executions::id.desc(),
        )),
        (ExecutionSort::CreatedAt, false) => query.order((
            dossier_rule_executions::created_at.asc(),
            dossier_rule_executions::id.asc(),
        )),
        (ExecutionSort::Id, true) => query.order(dossier_rule_executions::id.desc()),
        (ExecutionSort::Id, false) => query.order(dossier_rule_executions::id.asc()),
    };
    let rows = query
        .limit(page.limit)
        .offset(page.offset)
        .load(conn)
        .await
        .context("listing dossier rule executions")?;
    Ok((rows, total))
}

/// The counters of a dossier's rule executions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ExecutionCounts {
    /// Executed or in error.
    pub processed: i64,
    pub total: i64,
    pub errors: i64,
}

pub async fn execution_counts(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
) -> DbResult<ExecutionCounts> {
    let rows: Vec<(ExecutionState, i64)> = dossier_rule_executions::table
        .filter(dossier_rule_executions::dossier_id.eq(dossier_id))
        .group_by(dossier_rule_executions::state)
        .select((dossier_rule_executions::state, count_star()))
        .load(conn)
        .await
        .context("counting a dossier's rule executions")?;
    let mut counts = ExecutionCounts::default();
    for (state, count) in rows {
        counts.total += count;
        match state {
            ExecutionState::Created => {}
            ExecutionState::Executed => counts.processed += count,
            ExecutionState::Error => {
                counts.processed += count;
                counts.errors += count;
            }
        }
    }
    Ok(counts)
}

/// The executions of a dossier in error, by rule name and input item.
pub async fn failed_executions(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
) -> DbResult<Vec<DossierRuleExecution>> {
    dossier_rule_executions::table
        .filter(dossier_rule_executions::dossier_id.eq(dossier_id))
        .filter(dossier_rule_executions::state.eq(ExecutionState::Error))
        .order((
            dossier_rule_executions::rule_name.asc(),
            dossier_rule_executions::input_index.asc(),
        ))
        .limit(MAX_DETAIL_ROWS)
        .select(DossierRuleExecution::as_select())
        .load(conn)
        .await
        .context("reading a dossier's failed rule executions")
}
