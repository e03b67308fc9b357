//! Records of rule runs (docs/domain.md#rule-executions-and-logs, #operations, #constants): the
//! paged lists `ruleExecutionLogs`, `dossierRuleExecutionLogs`, `dossierRuleExecutions` (same
//! `TableInput` as the dossier list), and one document rule execution log in full with
//! `ruleExecutionLog`.
//!
//! A document rule's input (`rawText`, `tables`, … — megabytes) is stored once in object
//! storage and shared by the runs on the same document, so the list carries only the small
//! fields and the single-log query reads the input from storage.

use shared::telemetry::error_chain;
use std::sync::Arc;

use async_graphql::{Context, ID, Object, SimpleObject};
use serde_json::Value;
use shared::db::models::executions::{
    DossierRuleExecution as ExecutionRow, DossierRuleExecutionLog as DossierLogRow,
    RuleExecutionLog as LogRow,
};
use shared::db::models::{ExecutionState, Platform};
use shared::db::repo::executions::{
    self as repo, DossierRuleExecutionFilter, DossierRuleExecutionLogFilter, ExecutionSort,
    LogSort, RuleExecutionLogFilter,
};
use uuid::Uuid;

use super::support::errors::{db_error, internal, not_found};
use super::support::messages::ServerMessage;
use super::support::table::{Column, FilterKind, Page, TableInput, TableSpec};
use crate::state::AppState;
use shared::messages;

const RULE_LOG_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("executedAt")
            .aliases(&["executed_at"])
            .sortable(),
        Column::new("id").sortable(),
        Column::new("ruleId")
            .aliases(&["rule_id"])
            .filter(FilterKind::Text),
        Column::new("documentId")
            .aliases(&["document_id"])
            .filter(FilterKind::Text),
        Column::new("platform").filter(FilterKind::Select),
    ],
    default_sort: "executedAt",
    default_descending: true,
};

const DOSSIER_LOG_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("executedAt")
            .aliases(&["executed_at"])
            .sortable(),
        Column::new("id").sortable(),
        Column::new("dossierId")
            .aliases(&["dossier_id"])
            .filter(FilterKind::Text),
        Column::new("ruleId")
            .aliases(&["rule_id"])
            .filter(FilterKind::Text),
        Column::new("platform").filter(FilterKind::Select),
    ],
    default_sort: "executedAt",
    default_descending: true,
};

const EXECUTION_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("createdAt").aliases(&["created_at"]).sortable(),
        Column::new("id").sortable(),
        Column::new("dossierId")
            .aliases(&["dossier_id"])
            .filter(FilterKind::Text),
        Column::new("ruleId")
            .aliases(&["rule_id"])
            .filter(FilterKind::Text),
        Column::new("platform").filter(FilterKind::Select),
        Column::new("state").filter(FilterKind::Select),
    ],
    default_sort: "createdAt",
    default_descending: true,
};

/// JSON text of an optional value (null stays null).
fn json_text(value: Option<Value>) -> Option<String> {
    value.map(|v| v.to_string())
}

/// One run of a document rule on a document (without its input; see `ruleExecutionLog`).
#[derive(SimpleObject)]
pub struct RuleExecutionLog {
    pub id: ID,
    /// Null once the rule is deleted.
    pub rule_id: Option<ID>,
    pub rule_name: String,
    pub document_id: ID,
    /// Unix seconds.
    pub executed_at: i64,
    /// `backend` or `frontend`.
    pub platform: String,
    /// JSON text of what the rule returned (null when it failed before returning).
    pub result: Option<String>,
    pub code: String,
    pub logs: Vec<String>,
    pub errors: Vec<String>,
}

impl From<LogRow> for RuleExecutionLog {
    fn from(row: LogRow) -> Self {
        Self {
            id: ID(row.id.to_string()),
            rule_id: row.rule_id.map(|id| ID(id.to_string())),
            rule_name: row.rule_name,
            document_id: ID(row.document_id.to_string()),
            executed_at: row.executed_at.timestamp(),
            platform: row.platform.as_str().to_owned(),
            result: json_text(row.result),
            code: row.code,
            logs: row.logs,
            errors: row.errors,
        }
    }
}

/// One run of a document rule with the input it received. The input fields are JSON text
/// (`rawText` is plain text); `dataTables` are those the rule uses now.
#[derive(SimpleObject)]
pub struct RuleExecutionLogDetail {
    pub id: ID,
    pub rule_id: Option<ID>,
    pub rule_name: String,
    pub document_id: ID,
    pub executed_at: i64,
    pub platform: String,
    pub result: Option<String>,
    pub code: String,
    pub logs: Vec<String>,
    pub errors: Vec<String>,
    pub raw_text: Option<String>,
    pub form_data: Option<String>,
    pub data_tables: Option<String>,
    pub tables: Option<String>,
    pub raw_text_with_geometry: Option<String>,
}

/// One run of a dossier rule on one input item.
#[derive(SimpleObject)]
pub struct DossierRuleExecutionLog {
    pub id: ID,
    pub dossier_id: ID,
    pub execution_id: Option<ID>,
    pub rule_id: Option<ID>,
    pub rule_name: String,
    /// Unix seconds.
    pub executed_at: i64,
    pub platform: String,
    /// JSON text.
    pub result: Option<String>,
    pub code: String,
    /// JSON text: document id → metas, as the rule received them.
    pub metas: String,
    /// JSON text: the input item.
    pub input: String,
    pub logs: Vec<String>,
    pub errors: Vec<String>,
}

impl From<DossierLogRow> for DossierRuleExecutionLog {
    fn from(row: DossierLogRow) -> Self {
        Self {
            id: ID(row.id.to_string()),
            dossier_id: ID(row.dossier_id.to_string()),
            execution_id: row.execution_id.map(|id| ID(id.to_string())),
            rule_id: row.rule_id.map(|id| ID(id.to_string())),
            rule_name: row.rule_name,
            executed_at: row.executed_at.timestamp(),
            platform: row.platform.as_str().to_owned(),
            result: json_text(row.result),
            code: row.code,
            metas: row.metas.to_string(),
            input: row.input.to_string(),
            logs: row.logs,
            errors: row.errors,
        }
    }
}

/// A dossier rule on one input item of a dossier: `created` (queued), `executed` or `error`.
#[derive(SimpleObject)]
pub struct DossierRuleExecution {
    pub id: ID,
    pub dossier_id: ID,
    pub rule_id: Option<ID>,
    pub rule_name: String,
    pub state: String,
    pub platform: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds; null until it ran.
    pub finished_at: Option<i64>,
    pub error: Option<String>,
    /// `error` as a message of the catalogue when the system wrote it (a rule's own error has
    /// none): to say it in the reader's language.
    pub error_message: Option<ServerMessage>,
    /// Position of the item in the dossier's input list.
    pub input_index: i32,
    /// JSON text of the input item.
    pub input: String,
    /// JSON text of the result.
    pub result: Option<String>,
}

impl From<ExecutionRow> for DossierRuleExecution {
    fn from(row: ExecutionRow) -> Self {
        Self {
            id: ID(row.id.to_string()),
            dossier_id: ID(row.dossier_id.to_string()),
            rule_id: row.rule_id.map(|id| ID(id.to_string())),
            rule_name: row.rule_name,
            state: row.state.as_str().to_owned(),
            platform: row.platform.as_str().to_owned(),
            created_at: row.created_at.timestamp(),
            finished_at: row.finished_at.map(|t| t.timestamp()),
            error: row.error,
            error_message: ServerMessage::stored(row.error_message),
            input_index: row.input_index,
            input: row.input.to_string(),
            result: json_text(row.result),
        }
    }
}

fn platform(value: &str) -> Option<Platform> {
    value.parse().ok()
}

#[derive(Default)]
pub struct ExecutionsQuery;

#[Object]
impl ExecutionsQuery {
    /// One page of document rule execution logs: sorts `executedAt` (default DESC) and `id`;
    /// filters `rule_id` / `ruleId` and `document_id` / `documentId` (text: whole id or hex
    /// prefix), `platform` (select).
    async fn rule_execution_logs(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<RuleExecutionLog>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = RULE_LOG_TABLE.parse(input)?;
        let filter = RuleExecutionLogFilter {
            rule_id: table.id_range("ruleId")?,
            document_id: table.id_range("documentId")?,
            platforms: table.selected("platform", platform)?,
        };
        let sort = if table.sort == "id" {
            LogSort::Id
        } else {
            LogSort::ExecutedAt
        };
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) = repo::list_rule_execution_logs(&mut conn, &filter, sort, table.page())
            .await
            .map_err(db_error)?;
        Ok(table.page_of(rows.into_iter().map(Into::into).collect(), total))
    }

    /// One document rule execution log with the input the rule received (read from storage).
    async fn rule_execution_log(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<RuleExecutionLogDetail> {
        let state = ctx.data::<Arc<AppState>>()?;
        let missing = || not_found(messages::execution_log_not_found());
        let id = Uuid::parse_str(id.trim()).map_err(|_| missing())?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let row = repo::find_rule_execution_log(&mut conn, id)
            .await
            .map_err(db_error)?
            .ok_or_else(missing)?;
        let data_tables = match row.rule_id {
            Some(rule_id) => Some(
                Value::Object(
                    repo::rule_data_tables(&mut conn, rule_id)
                        .await
                        .map_err(db_error)?,
                )
                .to_string(),
            ),
            None => None,
        };
        drop(conn);
        let mut input = match &row.input_key {
            Some(key) => state
                .storage
                .get_json_object(key)
                .await
                .map_err(|error| internal(error_chain(&error)))?,
            None => None,
        };
        let mut take = |name: &str| input.as_mut().and_then(|i| i.remove(name));
        let raw_text = take("rawText").map(|v| match v {
            Value::String(text) => text,
            other => other.to_string(),
        });
        let form_data = take("formData").map(|v| v.to_string());
        let tables = take("tables").map(|v| v.to_string());
        let raw_text_with_geometry = take("rawTextWithGeometry").map(|v| v.to_string());
        let log = RuleExecutionLog::from(row);
        Ok(RuleExecutionLogDetail {
            id: log.id,
            rule_id: log.rule_id,
            rule_name: log.rule_name,
            document_id: log.document_id,
            executed_at: log.executed_at,
            platform: log.platform,
            result: log.result,
            code: log.code,
            logs: log.logs,
            errors: log.errors,
            raw_text,
            form_data,
            data_tables,
            tables,
            raw_text_with_geometry,
        })
    }

    /// One page of dossier rule execution logs: sorts `executedAt` (default DESC) and `id`;
    /// filters `dossier_id` / `dossierId` and `rule_id` / `ruleId` (text), `platform`
    /// (select). Logs have no state; filter executions by state with `dossierRuleExecutions`.
    async fn dossier_rule_execution_logs(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<DossierRuleExecutionLog>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = DOSSIER_LOG_TABLE.parse(input)?;
        let filter = DossierRuleExecutionLogFilter {
            dossier_id: table.id_range("dossierId")?,
            rule_id: table.id_range("ruleId")?,
            platforms: table.selected("platform", platform)?,
        };
        let sort = if table.sort == "id" {
            LogSort::Id
        } else {
            LogSort::ExecutedAt
        };
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) =
            repo::list_dossier_rule_execution_logs(&mut conn, &filter, sort, table.page())
                .await
                .map_err(db_error)?;
        Ok(table.page_of(rows.into_iter().map(Into::into).collect(), total))
    }

    /// One page of dossier rule executions: sorts `createdAt` (default DESC) and `id`;
    /// filters `dossier_id` / `dossierId`, `rule_id` / `ruleId` (text), `platform` and
    /// `state` (`executed`, `error`, `created`; select).
    async fn dossier_rule_executions(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<DossierRuleExecution>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = EXECUTION_TABLE.parse(input)?;
        let filter = DossierRuleExecutionFilter {
            dossier_id: table.id_range("dossierId")?,
            rule_id: table.id_range("ruleId")?,
            platforms: table.selected("platform", platform)?,
            states: table.selected("state", |v| v.parse::<ExecutionState>().ok())?,
        };
        let sort = if table.sort == "id" {
            ExecutionSort::Id
        } else {
            ExecutionSort::CreatedAt
        };
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) =
            repo::list_dossier_rule_executions(&mut conn, &filter, sort, table.page())
                .await
                .map_err(db_error)?;
        Ok(table.page_of(rows.into_iter().map(Into::into).collect(), total))
    }
}
