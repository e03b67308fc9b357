//! Rule validation: institutes' validation documents, validation runs and their logs.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use super::ValidationState;
use crate::db::schema::{rule_validations, validation_documents, validation_logs};

/// A PDF of an institute uploaded for validation; the bytes are in object storage.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = validation_documents, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct ValidationDocument {
    pub id: Uuid,
    pub description: String,
    pub istituto_appartenenza: String,
    pub file_name: String,
    pub file_key: String,
    /// NULL until the text has been extracted / OCR'd.
    pub ocr_key: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Who uploaded it (e-mail).
    pub created_by: Option<String>,
    /// Why its text could not be extracted; NULL when it was, or has not been tried yet.
    pub ocr_error: Option<String>,
    /// The message `ocr_error` was made from (`shared::messages::Message::to_json`).
    pub ocr_error_message: Option<serde_json::Value>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = validation_documents, check_for_backend(diesel::pg::Pg))]
pub struct NewValidationDocument {
    pub id: Uuid,
    pub description: String,
    pub istituto_appartenenza: String,
    pub file_name: String,
    pub file_key: String,
    pub created_by: Option<String>,
}

/// One validation run of an institute's rules against a validation document.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = rule_validations, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct RuleValidation {
    pub id: Uuid,
    pub state: ValidationState,
    pub istituto: String,
    pub file_name: String,
    /// NULL once the validation document is deleted.
    pub validation_document_id: Option<Uuid>,
    pub rules_invalidated: i32,
    pub error: Option<String>,
    /// The message `error` was made from (`shared::messages::Message::to_json`).
    pub error_message: Option<serde_json::Value>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    pub updated_at: DateTime<Utc>,
    /// When a worker took it up; NULL while queued.
    pub started_at: Option<DateTime<Utc>>,
    /// Who started it (e-mail).
    pub created_by: Option<String>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = rule_validations, check_for_backend(diesel::pg::Pg))]
pub struct NewRuleValidation {
    pub id: Uuid,
    pub istituto: String,
    pub file_name: String,
    pub validation_document_id: Option<Uuid>,
    pub created_by: Option<String>,
}

/// A rule invalidated by a validation.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Associations, Serialize)]
#[diesel(table_name = validation_logs, belongs_to(RuleValidation, foreign_key = validation_id), check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct ValidationLog {
    pub id: Uuid,
    pub validation_id: Uuid,
    pub rule_id: Option<Uuid>,
    pub description: String,
    pub created_at: DateTime<Utc>,
    /// `mustContain` strings the text lacks.
    pub missing: Vec<String>,
    /// `notContain` strings the text has.
    pub present: Vec<String>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = validation_logs, check_for_backend(diesel::pg::Pg))]
pub struct NewValidationLog {
    pub id: Uuid,
    pub validation_id: Uuid,
    pub rule_id: Option<Uuid>,
    pub description: String,
    pub missing: Vec<String>,
    pub present: Vec<String>,
}
