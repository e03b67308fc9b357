//! Records of rule runs: document rule execution logs, dossier rule executions (one per rule
//! and input item) and dossier rule execution logs.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use super::dossiers::{Document, Dossier};
use super::{ExecutionState, Platform};
use crate::db::schema::{
    dossier_rule_execution_logs, dossier_rule_executions, rule_execution_logs,
};

/// One run of a document rule on a document.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Associations, Serialize)]
#[diesel(table_name = rule_execution_logs, belongs_to(Document), check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct RuleExecutionLog {
    pub id: Uuid,
    /// NULL once the rule is deleted; `rule_name` and `code` keep what ran.
    pub rule_id: Option<Uuid>,
    pub rule_name: String,
    pub document_id: Uuid,
    pub executed_at: DateTime<Utc>,
    pub platform: Platform,
    pub result: Option<serde_json::Value>,
    pub code: String,
    /// Object storage key of the rule's input (rawText, tables, … as the rule received them).
    pub input_key: Option<String>,
    pub logs: Vec<String>,
    pub errors: Vec<String>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = rule_execution_logs, check_for_backend(diesel::pg::Pg))]
pub struct NewRuleExecutionLog {
    pub id: Uuid,
    pub rule_id: Option<Uuid>,
    pub rule_name: String,
    pub document_id: Uuid,
    pub platform: Platform,
    pub result: Option<serde_json::Value>,
    pub code: String,
    pub input_key: Option<String>,
    pub logs: Vec<String>,
    pub errors: Vec<String>,
}

/// One dossier rule on one input item of a dossier: created when enqueued, then executed or
/// error.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Associations, Serialize)]
#[diesel(table_name = dossier_rule_executions, belongs_to(Dossier), check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct DossierRuleExecution {
    pub id: Uuid,
    pub dossier_id: Uuid,
    pub rule_id: Option<Uuid>,
    pub rule_name: String,
    pub state: ExecutionState,
    /// Position of `input` in the dossier's input list.
    pub input_index: i32,
    pub input: serde_json::Value,
    pub result: Option<serde_json::Value>,
    pub error: Option<String>,
    /// The message `error` was made from (`shared::messages::Message::to_json`), for the
    /// screens to say it in the user's language; NULL on rows written before it was kept.
    pub error_message: Option<serde_json::Value>,
    pub platform: Platform,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
    /// The run of the dossier's rules that last armed this execution.
    pub run_id: Option<Uuid>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = dossier_rule_executions, check_for_backend(diesel::pg::Pg))]
pub struct NewDossierRuleExecution {
    pub id: Uuid,
    pub dossier_id: Uuid,
    pub rule_id: Option<Uuid>,
    pub rule_name: String,
    pub state: ExecutionState,
    pub input_index: i32,
    pub input: serde_json::Value,
    pub platform: Platform,
}

#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = dossier_rule_executions, check_for_backend(diesel::pg::Pg))]
pub struct DossierRuleExecutionChanges {
    pub state: Option<ExecutionState>,
    pub result: Option<Option<serde_json::Value>>,
    pub error: Option<Option<String>>,
    pub finished_at: Option<Option<DateTime<Utc>>>,
}

/// One run of a dossier rule, with what it saw and printed.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Associations, Serialize)]
#[diesel(
    table_name = dossier_rule_execution_logs,
    belongs_to(Dossier),
    check_for_backend(diesel::pg::Pg)
)]
#[serde(rename_all = "camelCase")]
pub struct DossierRuleExecutionLog {
    pub id: Uuid,
    pub dossier_id: Uuid,
    pub execution_id: Option<Uuid>,
    pub rule_id: Option<Uuid>,
    pub rule_name: String,
    pub executed_at: DateTime<Utc>,
    pub platform: Platform,
    pub result: Option<serde_json::Value>,
    pub code: String,
    /// Document id to that document's metas, as the rule received them.
    pub metas: serde_json::Value,
    pub input: serde_json::Value,
    pub logs: Vec<String>,
    pub errors: Vec<String>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = dossier_rule_execution_logs, check_for_backend(diesel::pg::Pg))]
pub struct NewDossierRuleExecutionLog {
    pub id: Uuid,
    pub dossier_id: Uuid,
    pub execution_id: Option<Uuid>,
    pub rule_id: Option<Uuid>,
    pub rule_name: String,
    pub platform: Platform,
    pub result: Option<serde_json::Value>,
    pub code: String,
    pub metas: serde_json::Value,
    pub input: serde_json::Value,
    pub logs: Vec<String>,
    pub errors: Vec<String>,
}
