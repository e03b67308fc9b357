//! Dossiers, their documents, document logs and callback attempts.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use super::{DocumentState, DossierState};
use crate::db::schema::{document_logs, documents, dossier_callbacks, dossiers};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = dossiers, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct Dossier {
    pub id: Uuid,
    pub description: Option<String>,
    pub state: DossierState,
    pub dossier_type_id: i64,
    pub id_valutazione: String,
    /// The list of input items (scenarios).
    pub input: serde_json::Value,
    pub callback_url: Option<String>,
    pub error: Option<String>,
    /// The message `error` was made from (`shared::messages::Message::to_json`), for the
    /// screens to say it in the user's language; NULL on rows written before it was kept.
    pub error_message: Option<serde_json::Value>,
    /// Object storage key of the imported zip.
    pub archive_key: Option<String>,
    pub aggregate_result: Option<serde_json::Value>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The files of the import request, `[{nomeFile, tipoDocumento}]`
    /// (`shared::import::ImportFile`): the `import` job reads each file's document type here.
    pub files: serde_json::Value,
    /// The run of dossier rules the dossier is at (see the pipeline_runs migration).
    pub rules_run_id: Option<Uuid>,
    /// The run whose results the aggregate holds.
    pub aggregated_run_id: Option<Uuid>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = dossiers, check_for_backend(diesel::pg::Pg))]
pub struct NewDossier {
    pub id: Uuid,
    pub description: Option<String>,
    pub state: DossierState,
    pub dossier_type_id: i64,
    pub id_valutazione: String,
    /// Must be a JSON array (CHECK `dossiers_input_check`).
    pub input: serde_json::Value,
    pub callback_url: Option<String>,
    pub archive_key: Option<String>,
}

#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = dossiers, check_for_backend(diesel::pg::Pg))]
pub struct DossierChanges {
    pub description: Option<Option<String>>,
    pub state: Option<DossierState>,
    pub dossier_type_id: Option<i64>,
    pub input: Option<serde_json::Value>,
    pub callback_url: Option<Option<String>>,
    pub error: Option<Option<String>>,
    pub archive_key: Option<Option<String>>,
    pub aggregate_result: Option<Option<serde_json::Value>>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Associations, Serialize)]
#[diesel(table_name = documents, belongs_to(Dossier), check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct Document {
    pub id: Uuid,
    pub dossier_id: Uuid,
    /// File name inside the imported archive.
    pub name: String,
    pub description: Option<String>,
    pub document_type_id: Option<i64>,
    pub state: DocumentState,
    /// The document's tags: a JSON object of meta name to value.
    pub metas: serde_json::Value,
    /// Object storage keys of the PDF and of the extraction output.
    pub pdf_key: String,
    pub raw_text_key: Option<String>,
    pub text_with_geometry_key: Option<String>,
    pub tables_key: Option<String>,
    pub form_data: Option<serde_json::Value>,
    pub error: Option<String>,
    /// The message `error` was made from (`shared::messages::Message::to_json`), for the
    /// screens to say it in the user's language; NULL on rows written before it was kept.
    pub error_message: Option<serde_json::Value>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = documents, check_for_backend(diesel::pg::Pg))]
pub struct NewDocument {
    pub id: Uuid,
    pub dossier_id: Uuid,
    pub name: String,
    pub description: Option<String>,
    pub document_type_id: Option<i64>,
    pub state: DocumentState,
    /// Must be a JSON object (CHECK `documents_metas_check`).
    pub metas: serde_json::Value,
    pub pdf_key: String,
}

#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = documents, check_for_backend(diesel::pg::Pg))]
pub struct DocumentChanges {
    pub description: Option<Option<String>>,
    pub document_type_id: Option<Option<i64>>,
    pub state: Option<DocumentState>,
    pub metas: Option<serde_json::Value>,
    pub raw_text_key: Option<Option<String>>,
    pub text_with_geometry_key: Option<Option<String>>,
    pub tables_key: Option<Option<String>>,
    pub form_data: Option<Option<serde_json::Value>>,
    pub error: Option<Option<String>>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Associations, Serialize)]
#[diesel(table_name = document_logs, belongs_to(Document), check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct DocumentLog {
    pub id: Uuid,
    pub document_id: Uuid,
    /// Italian (what API clients read).
    pub event: String,
    pub created_at: DateTime<Utc>,
    /// The event as a message of the catalogue (`Message::to_json`); `None` for an event
    /// recorded before messages were kept whose form the migration could not read.
    pub message: Option<serde_json::Value>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = document_logs, check_for_backend(diesel::pg::Pg))]
pub struct NewDocumentLog {
    pub id: Uuid,
    pub document_id: Uuid,
    pub event: String,
    pub message: serde_json::Value,
}

impl NewDocumentLog {
    /// The entry recording `event` for `document_id`, with the id `id`.
    pub fn new(id: Uuid, document_id: Uuid, event: &crate::messages::Message) -> Self {
        Self {
            id,
            document_id,
            event: event.italian(),
            message: event.to_json(),
        }
    }
}

/// One attempt to POST the aggregate to the dossier's callback URL.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Associations, Serialize)]
#[diesel(table_name = dossier_callbacks, belongs_to(Dossier), check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct DossierCallback {
    pub id: Uuid,
    pub dossier_id: Uuid,
    pub attempt: i32,
    pub url: String,
    pub method: String,
    pub request_body: String,
    pub response_code: Option<i32>,
    pub response_body: Option<String>,
    pub error_description: Option<String>,
    pub success: bool,
    pub created_at: DateTime<Utc>,
    /// The headers the attempt was sent with (its signature among them), `{ name: value }`;
    /// NULL on attempts made before they were kept.
    pub request_headers: Option<serde_json::Value>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = dossier_callbacks, check_for_backend(diesel::pg::Pg))]
pub struct NewDossierCallback {
    pub id: Uuid,
    pub dossier_id: Uuid,
    pub attempt: i32,
    pub url: String,
    pub method: String,
    pub request_body: String,
    pub response_code: Option<i32>,
    pub response_body: Option<String>,
    pub error_description: Option<String>,
    pub success: bool,
    pub request_headers: Option<serde_json::Value>,
}
