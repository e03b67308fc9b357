//! Document and dossier rules, the data tables linked to them, and their helper code.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use crate::db::schema::{
    document_rule_data_tables, document_rules, dossier_rule_data_tables, dossier_rules, helper_code,
};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = document_rules, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct DocumentRule {
    pub id: Uuid,
    pub document_type_id: i64,
    pub description: String,
    pub code: String,
    #[serde(rename = "packageJSON")]
    pub package_json: String,
    pub nota: String,
    pub active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = document_rules, check_for_backend(diesel::pg::Pg))]
pub struct NewDocumentRule {
    pub id: Uuid,
    pub document_type_id: i64,
    pub description: String,
    pub code: String,
    pub package_json: String,
    pub nota: String,
    pub active: bool,
}

#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = document_rules, check_for_backend(diesel::pg::Pg))]
pub struct DocumentRuleChanges {
    pub document_type_id: Option<i64>,
    pub description: Option<String>,
    pub code: Option<String>,
    pub package_json: Option<String>,
    pub nota: Option<String>,
    pub active: Option<bool>,
}

impl DocumentRuleChanges {
    /// Whether it changes nothing (an UPDATE needs at least one column).
    pub fn is_empty(&self) -> bool {
        self.document_type_id.is_none()
            && self.description.is_none()
            && self.code.is_none()
            && self.package_json.is_none()
            && self.nota.is_none()
            && self.active.is_none()
    }
}

/// A data table handed to a document rule.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Associations, Serialize)]
#[diesel(
    table_name = document_rule_data_tables,
    primary_key(document_rule_id, data_table_id),
    belongs_to(DocumentRule),
    check_for_backend(diesel::pg::Pg)
)]
#[serde(rename_all = "camelCase")]
pub struct DocumentRuleDataTable {
    pub document_rule_id: Uuid,
    pub data_table_id: i64,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = document_rule_data_tables, check_for_backend(diesel::pg::Pg))]
pub struct NewDocumentRuleDataTable {
    pub document_rule_id: Uuid,
    pub data_table_id: i64,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = dossier_rules, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct DossierRule {
    pub id: Uuid,
    pub description: String,
    pub istituto_appartenenza: String,
    pub code: String,
    #[serde(rename = "packageJSON")]
    pub package_json: String,
    pub must_contain: Vec<String>,
    pub not_contain: Vec<String>,
    pub nota: String,
    pub gruppo: Vec<String>,
    pub dossier_type_id: Option<i64>,
    pub active: bool,
    pub valid: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = dossier_rules, check_for_backend(diesel::pg::Pg))]
pub struct NewDossierRule {
    pub id: Uuid,
    pub description: String,
    pub istituto_appartenenza: String,
    pub code: String,
    pub package_json: String,
    pub must_contain: Vec<String>,
    pub not_contain: Vec<String>,
    pub nota: String,
    pub gruppo: Vec<String>,
    pub dossier_type_id: Option<i64>,
    pub active: bool,
    pub valid: bool,
}

#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = dossier_rules, check_for_backend(diesel::pg::Pg))]
pub struct DossierRuleChanges {
    pub description: Option<String>,
    pub istituto_appartenenza: Option<String>,
    pub code: Option<String>,
    pub package_json: Option<String>,
    pub must_contain: Option<Vec<String>>,
    pub not_contain: Option<Vec<String>>,
    pub nota: Option<String>,
    pub gruppo: Option<Vec<String>>,
    pub dossier_type_id: Option<Option<i64>>,
    pub active: Option<bool>,
    pub valid: Option<bool>,
}

impl DossierRuleChanges {
    /// Whether it changes nothing (an UPDATE needs at least one column).
    pub fn is_empty(&self) -> bool {
        self.description.is_none()
            && self.istituto_appartenenza.is_none()
            && self.code.is_none()
            && self.package_json.is_none()
            && self.must_contain.is_none()
            && self.not_contain.is_none()
            && self.nota.is_none()
            && self.gruppo.is_none()
            && self.dossier_type_id.is_none()
            && self.active.is_none()
            && self.valid.is_none()
    }
}

/// A data table handed to a dossier rule.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Associations, Serialize)]
#[diesel(
    table_name = dossier_rule_data_tables,
    primary_key(dossier_rule_id, data_table_id),
    belongs_to(DossierRule),
    check_for_backend(diesel::pg::Pg)
)]
#[serde(rename_all = "camelCase")]
pub struct DossierRuleDataTable {
    pub dossier_rule_id: Uuid,
    pub data_table_id: i64,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = dossier_rule_data_tables, check_for_backend(diesel::pg::Pg))]
pub struct NewDossierRuleDataTable {
    pub dossier_rule_id: Uuid,
    pub data_table_id: i64,
}

/// `helper.js` of one rule: exactly one of `document_rule_id` / `dossier_rule_id` is set.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = helper_code, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct HelperCode {
    pub id: Uuid,
    pub document_rule_id: Option<Uuid>,
    pub dossier_rule_id: Option<Uuid>,
    pub description: String,
    pub code: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl HelperCode {
    /// The id of the rule this helper belongs to, whichever its kind.
    pub fn rule_id(&self) -> Option<Uuid> {
        self.document_rule_id.or(self.dossier_rule_id)
    }
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = helper_code, check_for_backend(diesel::pg::Pg))]
pub struct NewHelperCode {
    pub id: Uuid,
    pub document_rule_id: Option<Uuid>,
    pub dossier_rule_id: Option<Uuid>,
    pub description: String,
    pub code: String,
}

#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = helper_code, check_for_backend(diesel::pg::Pg))]
pub struct HelperCodeChanges {
    pub description: Option<String>,
    pub code: Option<String>,
}

/// One saved version of a rule (`rule_versions`): what the author edits, as it was after a save.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = crate::db::schema::rule_versions, check_for_backend(diesel::pg::Pg))]
pub struct RuleVersion {
    pub rule_id: Uuid,
    pub version: i32,
    /// `document` or `dossier`.
    pub kind: String,
    pub author: Option<String>,
    pub created_at: DateTime<Utc>,
    pub description: String,
    pub code: String,
    pub helper: String,
    pub package_json: String,
    pub metadata: serde_json::Value,
}

/// A "what if" run of unsaved rule code (`what_if_runs`).
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = crate::db::schema::what_if_runs, check_for_backend(diesel::pg::Pg))]
pub struct WhatIfRun {
    pub id: Uuid,
    pub rule_id: Uuid,
    /// `queued`, `running`, `finished`, `cancelled` or `failed`.
    pub state: String,
    pub requested_by: Option<String>,
    pub code: String,
    pub helper: Option<String>,
    pub data_tables: Vec<String>,
    pub max_items: i32,
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    pub total: i32,
    pub done: i32,
    pub changed: i32,
    pub error: Option<String>,
    /// The message `error` was made from (`shared::messages::Message::to_json`).
    pub error_message: Option<serde_json::Value>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = crate::db::schema::what_if_runs, check_for_backend(diesel::pg::Pg))]
pub struct NewWhatIfRun {
    pub id: Uuid,
    pub rule_id: Uuid,
    pub state: String,
    pub requested_by: Option<String>,
    pub code: String,
    pub helper: Option<String>,
    pub data_tables: Vec<String>,
    pub max_items: i32,
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
}

/// An item whose outcome a "what if" run would change (`what_if_changes`): a document, or one
/// input item of a dossier.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = crate::db::schema::what_if_changes, check_for_backend(diesel::pg::Pg))]
pub struct WhatIfChange {
    pub run_id: Uuid,
    /// The document, or the dossier itself (`dossier_id`) for a dossier rule's run.
    pub item_id: Uuid,
    /// The document's file name, or the dossier's idValutazione.
    pub item_name: String,
    /// The input item of a dossier rule's run (0 for a document).
    pub input_index: i32,
    pub dossier_id: Uuid,
    pub changes: Vec<String>,
    pub before: Option<serde_json::Value>,
    pub after: serde_json::Value,
}

impl WhatIfChange {
    /// Whether the item is an input item of a dossier (a dossier rule's run), not a document.
    pub fn is_dossier_item(&self) -> bool {
        self.item_id == self.dossier_id
    }
}
