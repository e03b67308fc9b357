//! Named reference rows: dossier types (with their required metas), document types and
//! data tables. The UI addresses them by name; foreign keys use the id.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::{data_tables, document_types, dossier_type_required_metas, dossier_types};

/// Longest type name (docs/domain.md#input-rules-and-limits; also a CHECK on both type tables).
pub const TYPE_NAME_MAX_CHARS: usize = 30;

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = dossier_types, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct DossierType {
    pub id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Also the changes of a dossier type (its name is its only field).
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = dossier_types, check_for_backend(diesel::pg::Pg))]
pub struct NewDossierType {
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Associations, Serialize)]
#[diesel(
    table_name = dossier_type_required_metas,
    primary_key(dossier_type_id, meta_name),
    belongs_to(DossierType),
    check_for_backend(diesel::pg::Pg)
)]
#[serde(rename_all = "camelCase")]
pub struct DossierTypeRequiredMeta {
    pub dossier_type_id: i64,
    pub meta_name: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = dossier_type_required_metas, check_for_backend(diesel::pg::Pg))]
pub struct NewDossierTypeRequiredMeta {
    pub dossier_type_id: i64,
    pub meta_name: String,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = document_types, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct DocumentType {
    pub id: i64,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Also the changes of a document type (its name is its only field).
#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = document_types, check_for_backend(diesel::pg::Pg))]
pub struct NewDocumentType {
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = data_tables, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct DataTable {
    pub id: i64,
    pub name: String,
    pub ordinamento: i32,
    pub content: serde_json::Value,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = data_tables, check_for_backend(diesel::pg::Pg))]
pub struct NewDataTable {
    pub name: String,
    pub ordinamento: i32,
    pub content: serde_json::Value,
}

#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = data_tables, check_for_backend(diesel::pg::Pg))]
pub struct DataTableChanges {
    pub name: Option<String>,
    pub ordinamento: Option<i32>,
    pub content: Option<serde_json::Value>,
}
