//! Document operations (docs/domain.md#documents, #document-states, #operations, #messages):
//! `documentsByDossier`, `documentsNameForDossier`, `documentsInfo` (the run dialogs' list),
//! `document`, `downloadDocument`, `deleteDocument`, `replaceDocumentMetas`,
//! `runDocumentRules`, `runDocumentRule`, `getRulesByDocument`, `getLogsByDocument`.
//!
//! A document's extraction output (rawText, tables, words with geometry, form data) is one
//! JSON object in object storage, megabytes for long documents: only `document(id)` reads it,
//! once per request and only when one of those fields is asked for; lists never do.
//! `metas` travels as JSON text (an object), like the other JSON fields of the old API
//! (docs/domain.md#operations).

use shared::telemetry::error_chain;
use std::sync::Arc;

use async_graphql::{ComplexObject, Context, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value};
use shared::db::models::dossiers::{Document as DocumentRow, DocumentLog as DocumentLogRow};
use shared::db::repo::documents::{self as repo, DocumentView};
use shared::db::repo::{pipeline, rules as rules_repo};
use shared::services::documents::{self as services, DocumentError};
use tokio::sync::OnceCell;
use uuid::Uuid;

use super::rules::DocumentRule;
use super::support::caller::{actor, claims};
use super::support::downloads::{self, StoredFile};
use super::support::errors::{bad_input, db_error, internal, not_found, service_error};
use super::support::ids;
use super::support::messages::ServerMessage;
use super::support::objects::{DownloadResult, NamedRef};
use crate::state::AppState;
use shared::downloads::FileKind;
use shared::messages;

/// The run dialogs' list: default and largest page.
const DOCUMENTS_INFO_DEFAULT_LIMIT: i32 = 50;

/// A dossier as a document refers to it.
#[derive(SimpleObject, Clone)]
pub struct DossierRef {
    pub id: ID,
    pub description: Option<String>,
}

/// A document as the lists show it (no extraction output).
#[derive(SimpleObject)]
pub struct DocumentSummary {
    pub id: ID,
    /// File name inside the imported archive.
    pub name: String,
    pub description: Option<String>,
    /// `uploaded`, `extracted`, `processed` or `cannot process`.
    pub state: String,
    /// JSON text of the tags (an object).
    pub metas: String,
    pub document_type: Option<NamedRef>,
    pub dossier_id: ID,
    pub error: Option<String>,
    /// `error` as a message of the catalogue, to say it in the reader's language.
    pub error_message: Option<ServerMessage>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl DocumentSummary {
    fn new(row: DocumentRow, document_type: Option<String>) -> Self {
        Self {
            id: ID(row.id.to_string()),
            name: row.name,
            description: row.description,
            state: row.state.as_str().to_owned(),
            metas: row.metas.to_string(),
            document_type: document_type.map(|name| NamedRef { name }),
            dossier_id: ID(row.dossier_id.to_string()),
            error: row.error,
            error_message: ServerMessage::stored(row.error_message),
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// A document in full: the detail tabs (generale, modifica, formdata, tables,
/// textwithgeometry, rawtext) and the PDF viewer.
#[derive(SimpleObject)]
#[graphql(complex)]
pub struct Document {
    pub id: ID,
    pub name: String,
    pub description: Option<String>,
    pub state: String,
    /// JSON text of the tags (an object).
    pub metas: String,
    pub dossier: DossierRef,
    pub document_type: Option<NamedRef>,
    pub error: Option<String>,
    /// `error` as a message of the catalogue, to say it in the reader's language.
    pub error_message: Option<ServerMessage>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// JSON text of the AcroForm field values (null until extracted).
    pub form_data: Option<String>,
    #[graphql(skip)]
    row: DocumentRow,
    #[graphql(skip)]
    extraction: OnceCell<Option<Map<String, Value>>>,
}

impl From<DocumentView> for Document {
    fn from(view: DocumentView) -> Self {
        let row = view.document;
        Self {
            id: ID(row.id.to_string()),
            name: row.name.clone(),
            description: row.description.clone(),
            state: row.state.as_str().to_owned(),
            metas: row.metas.to_string(),
            dossier: DossierRef {
                id: ID(row.dossier_id.to_string()),
                description: view.dossier_description,
            },
            document_type: view.document_type.map(|name| NamedRef { name }),
            error: row.error.clone(),
            error_message: ServerMessage::stored(row.error_message.clone()),
            created_at: row.created_at,
            updated_at: row.updated_at,
            form_data: row.form_data.as_ref().map(Value::to_string),
            row,
            extraction: OnceCell::new(),
        }
    }
}

impl Document {
    /// One field of the stored extraction output (read once per request).
    async fn extracted(
        &self,
        ctx: &Context<'_>,
        field: &str,
    ) -> async_graphql::Result<Option<Value>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let extraction = self
            .extraction
            .get_or_try_init(|| async {
                match &self.row.raw_text_key {
                    Some(key) => state
                        .storage
                        .get_json_object(key)
                        .await
                        .map_err(|error| internal(error_chain(&error))),
                    None => Ok(None),
                }
            })
            .await?;
        Ok(extraction.as_ref().and_then(|e| e.get(field)).cloned())
    }
}

#[ComplexObject]
impl Document {
    /// The text of every page (pages separated by form feeds); null until extracted.
    async fn raw_text(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<String>> {
        Ok(self.extracted(ctx, "rawText").await?.map(|v| match v {
            Value::String(text) => text,
            other => other.to_string(),
        }))
    }

    /// JSON text: every word with its page and box.
    async fn raw_text_with_geometry(
        &self,
        ctx: &Context<'_>,
    ) -> async_graphql::Result<Option<String>> {
        Ok(self
            .extracted(ctx, "rawTextWithGeometry")
            .await?
            .map(|v| v.to_string()))
    }

    /// JSON text: the tables found, as cell grids.
    async fn tables(&self, ctx: &Context<'_>) -> async_graphql::Result<Option<String>> {
        Ok(self.extracted(ctx, "tables").await?.map(|v| v.to_string()))
    }

    /// JSON text: the data tables the rules of its type use, name → content.
    async fn data_tables(&self, ctx: &Context<'_>) -> async_graphql::Result<String> {
        let Some(type_id) = self.row.document_type_id else {
            return Ok("{}".into());
        };
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let tables = repo::data_tables_of_type(&mut conn, type_id)
            .await
            .map_err(db_error)?;
        Ok(Value::Object(tables).to_string())
    }

    /// The link the PDF downloads from (`DownloadResult.url`), for the viewer.
    async fn pdf_url(&self, ctx: &Context<'_>) -> async_graphql::Result<String> {
        pdf_link(ctx, &self.row, "document").await
    }
}

/// The link to the document's PDF, for the caller of root field `field`.
async fn pdf_link(
    ctx: &Context<'_>,
    row: &DocumentRow,
    field: &str,
) -> async_graphql::Result<String> {
    let state = ctx.data::<Arc<AppState>>()?;
    match state.storage.exists(&row.pdf_key).await {
        Ok(true) => {}
        Ok(false) => return Err(not_found(messages::document_file_gone())),
        Err(error) => return Err(internal(error_chain(&error))),
    }
    downloads::link(
        ctx,
        StoredFile {
            key: row.pdf_key.clone(),
            file_name: row.name.clone(),
            kind: FileKind::DocumentPdf,
        },
        super::access::query_resources(field),
    )
}

/// A document as the rule run dialogs list it.
#[derive(SimpleObject)]
pub struct DocumentInfo {
    pub id: ID,
    pub name: String,
    pub description: Option<String>,
    pub dossier: DossierRef,
}

/// Id and file name of a document.
#[derive(SimpleObject)]
pub struct DocumentName {
    pub id: ID,
    pub name: String,
}

/// An event of a document's life.
#[derive(SimpleObject)]
pub struct DocumentLog {
    pub id: ID,
    /// Italian.
    pub event: String,
    /// The event as a message of the catalogue, for the screens to say it in the user's
    /// language; null for an event recorded before messages were kept.
    pub message: Option<ServerMessage>,
    /// Unix seconds.
    pub timestamp: i64,
}

impl From<DocumentLogRow> for DocumentLog {
    fn from(row: DocumentLogRow) -> Self {
        Self {
            id: ID(row.id.to_string()),
            event: row.event,
            message: ServerMessage::stored(row.message),
            timestamp: row.created_at.timestamp(),
        }
    }
}

async fn find(state: &AppState, id: Uuid) -> async_graphql::Result<DocumentView> {
    let mut conn = state.db.get().await.map_err(internal)?;
    repo::find_document_view(&mut conn, id)
        .await
        .map_err(db_error)?
        .ok_or_else(|| not_found(messages::document_not_found()))
}

#[derive(Default)]
pub struct DocumentsQuery;

#[Object]
impl DocumentsQuery {
    /// The documents of a dossier, in import order (without extraction output).
    async fn documents_by_dossier(
        &self,
        ctx: &Context<'_>,
        dossier: ID,
    ) -> async_graphql::Result<Vec<DocumentSummary>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let dossier = ids::dossier(&dossier)?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let rows = repo::documents_of_dossier(&mut conn, dossier)
            .await
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(row, document_type)| DocumentSummary::new(row, document_type))
            .collect())
    }

    /// Id and file name of each document of a dossier.
    async fn documents_name_for_dossier(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<Vec<DocumentName>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let dossier = ids::dossier(&id)?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let rows = repo::document_names(&mut conn, dossier)
            .await
            .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|(id, name)| DocumentName {
                id: ID(id.to_string()),
                name,
            })
            .collect())
    }

    /// Documents newest first for the rule run dialogs: optionally of one `dossier`, whose file
    /// name contains `search`, of one `documentType` (by name), or only those whose extraction is
    /// done (`extracted`: the ones a rule can run on); `limit` (default and at most 50) from
    /// `offset`.
    #[allow(clippy::too_many_arguments)]
    async fn documents_info(
        &self,
        ctx: &Context<'_>,
        search: Option<String>,
        dossier: Option<ID>,
        document_type: Option<String>,
        extracted: Option<bool>,
        limit: Option<i32>,
        offset: Option<i32>,
    ) -> async_graphql::Result<Vec<DocumentInfo>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let dossier = match &dossier {
            Some(id) => Some(ids::dossier(id)?),
            None => None,
        };
        let limit = limit
            .unwrap_or(DOCUMENTS_INFO_DEFAULT_LIMIT)
            .clamp(1, DOCUMENTS_INFO_DEFAULT_LIMIT);
        let mut conn = state.db.get().await.map_err(internal)?;
        let filter = repo::DocumentInfoFilter {
            dossier_id: dossier,
            search: search.as_deref(),
            document_type: document_type.as_deref(),
            extracted: extracted.unwrap_or(false),
        };
        let rows = repo::documents_info(
            &mut conn,
            &filter,
            i64::from(limit),
            i64::from(offset.unwrap_or(0)),
        )
        .await
        .map_err(db_error)?;
        Ok(rows
            .into_iter()
            .map(|row| DocumentInfo {
                id: ID(row.id.to_string()),
                name: row.name,
                description: row.description,
                dossier: DossierRef {
                    id: ID(row.dossier_id.to_string()),
                    description: row.dossier_description,
                },
            })
            .collect())
    }

    /// A document in full (extraction output read from storage when asked for).
    async fn document(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<Document> {
        let state = ctx.data::<Arc<AppState>>()?;
        Ok(find(state, ids::document(&id)?).await?.into())
    }

    /// The PDF of a document, as a link (`DownloadResult.url`).
    async fn download_document(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<DownloadResult> {
        let state = ctx.data::<Arc<AppState>>()?;
        let view = find(state, ids::document(&id)?).await?;
        let row = view.document;
        let url = pdf_link(ctx, &row, "downloadDocument").await?;
        let (filename, extension) = match row.name.rsplit_once('.') {
            Some((stem, ext)) if !stem.is_empty() => (stem.to_owned(), ext.to_ascii_lowercase()),
            _ => (row.name.clone(), "pdf".to_owned()),
        };
        Ok(DownloadResult {
            id: ID(row.id.to_string()),
            name: row.name,
            filename,
            extension,
            url,
        })
    }

    /// The rules of the document's type.
    async fn get_rules_by_document(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<Vec<DocumentRule>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let view = find(state, ids::document(&id)?).await?;
        let Some(type_id) = view.document.document_type_id else {
            return Ok(Vec::new());
        };
        let mut conn = state.db.get().await.map_err(internal)?;
        let rules = rules_repo::list_document_rules(&mut conn, Some(&[type_id]), None, None)
            .await
            .map_err(db_error)?;
        Ok(rules.into_iter().map(DocumentRule::from).collect())
    }

    /// The events of a document's life, newest first.
    async fn get_logs_by_document(
        &self,
        ctx: &Context<'_>,
        document: ID,
    ) -> async_graphql::Result<Vec<DocumentLog>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::document(&document)?;
        let mut conn = state.db.get().await.map_err(internal)?;
        if pipeline::find_document(&mut conn, id)
            .await
            .map_err(db_error)?
            .is_none()
        {
            return Err(not_found(messages::document_not_found()));
        }
        let rows = repo::document_logs(&mut conn, id).await.map_err(db_error)?;
        Ok(rows.into_iter().map(DocumentLog::from).collect())
    }
}

#[derive(Default)]
pub struct DocumentsMutation;

#[Object]
impl DocumentsMutation {
    /// Deletes a document with its history and rule logs, and its stored files. Refused while
    /// the pipeline is still extracting or running it.
    async fn delete_document(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        let actor = actor(claims(ctx)?);
        let id = ids::document(&id)?;
        services::delete(&state.db, &state.storage, id, &actor)
            .await
            .map_err(service_error)?;
        Ok(true)
    }

    /// Replaces a document's tags with `metas`, the JSON text of an object (meta name →
    /// value).
    async fn replace_document_metas(
        &self,
        ctx: &Context<'_>,
        id: ID,
        metas: String,
    ) -> async_graphql::Result<Document> {
        let state = ctx.data::<Arc<AppState>>()?;
        let actor = actor(claims(ctx)?);
        let id = ids::document(&id)?;
        let metas = match serde_json::from_str::<Value>(&metas) {
            Ok(Value::Object(object)) => object,
            Ok(_) => {
                return Err(bad_input("metas", messages::tags_not_object()));
            }
            Err(_) => return Err(bad_input("metas", messages::invalid_json())),
        };
        let view = services::replace_metas(&state.db, id, &metas, &actor)
            .await
            .map_err(service_error)?;
        Ok(view.into())
    }

    /// Runs the active rules of the document's type on it again (a processed document only).
    async fn run_document_rules(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        services::request_rules_run(&state.db, ids::document(&id)?, None, &actor(claims(ctx)?))
            .await
            .map_err(service_error)?;
        Ok(true)
    }

    /// Runs one rule of the document's type on it (a processed document only).
    async fn run_document_rule(
        &self,
        ctx: &Context<'_>,
        id: ID,
        rule_id: ID,
    ) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::document(&id)?;
        // An id that is not a UUID names no rule, like the nil UUID: the service answers
        // `RuleNotFound` after the document's own checks, and the message names the rule as
        // the client wrote it.
        let rule = Uuid::parse_str(rule_id.trim()).unwrap_or(Uuid::nil());
        services::request_rules_run(&state.db, id, Some(rule), &actor(claims(ctx)?))
            .await
            .map_err(|error| match error {
                DocumentError::RuleNotFound(_) => {
                    not_found(messages::rule_not_found(rule_id.as_str()))
                }
                error => service_error(error),
            })?;
        Ok(true)
    }
}
