//! Rule validation (issue 12; docs/domain.md#rule-validation): the nineteen operations of its
//! area in docs/domain.md#operations, with the original names — `latestRuleValitation` is spelt
//! as the contract spells it — plus the paged lists of the `/validazione` tables. Everything is
//! `shared::services::rule_validation`'s service; this module only translates.
//!
//! Times are unix seconds, as the original system's entities have them. `url` / `urlFile` /
//! `urlOCR` are the storage locations of the PDF and of its text (null until extracted: the
//! screens disable "download OCR" and starting a validation without it).

use shared::telemetry::error_chain;
use std::sync::Arc;

use async_graphql::{
    ComplexObject, Context, ErrorExtensions, ID, InputObject, Object, SimpleObject,
};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use chrono::{DateTime, Utc};
use shared::db::models::ValidationState;
use shared::db::models::validation::{
    RuleValidation as ValidationRow, ValidationDocument as DocumentRow, ValidationLog as LogRow,
};
use shared::db::repo::validation::{self as repo, DocumentFilter, DocumentSort, ValidationFilter};
use shared::services::rule_validation::upload::{UPLOAD_TTL_SECONDS, UploadGrant};
use shared::services::rule_validation::{
    Download, DownloadKind, MAX_DOCUMENTS_PER_REQUEST, NewDocument, ValidationError, Validations,
};
use shared::storage::keys;
use uuid::Uuid;

use super::support::caller::claims;
use super::support::errors::{bad_input, db_error, edit_error, internal, not_found, refused};
use super::support::ids;
use super::support::messages::ServerMessage;
use super::support::table::{Column, FilterKind, FilterValue, Page, TableInput, TableSpec, paging};
use crate::state::AppState;
use shared::messages;

/// Where the API receives signed uploads when the storage is a local directory.
pub const UPLOAD_PATH: &str = "/uploads/validation";

/// Most strings of one list `testRule` checks, and their longest length in characters.
const MAX_TEST_STRINGS: usize = 1000;
const MAX_TEST_STRING_CHARS: usize = 1000;

const VALIDATION_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("istituto").filter(FilterKind::Text),
        Column::new("state").filter(FilterKind::Select),
        Column::new("createdAt").aliases(&["created_at"]).sortable(),
    ],
    default_sort: "createdAt",
    default_descending: true,
};

const DOCUMENT_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("description")
            .sortable()
            .filter(FilterKind::Text),
        Column::new("istitutoAppartenenza")
            .aliases(&["istituto"])
            .filter(FilterKind::Text),
        Column::new("createdAt").aliases(&["created_at"]).sortable(),
    ],
    default_sort: "createdAt",
    default_descending: true,
};

/// One validation run.
#[derive(SimpleObject)]
#[graphql(complex)]
pub struct RuleValidation {
    pub id: ID,
    /// `created` (queued, "in corso"), `running` ("in corso"), `finished` ("terminata") or
    /// `failed` (see `error`).
    pub state: String,
    pub istituto: String,
    pub file_name: String,
    /// Where the document's PDF is stored (null once the document is deleted).
    pub url: Option<String>,
    /// Unix seconds.
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub rules_invalidated: i32,
    /// The validation document (null once deleted).
    pub id_document: Option<ID>,
    /// Where the document's text is stored (null until extracted, or once deleted).
    pub url_ocr: Option<String>,
    /// Why it failed.
    pub error: Option<String>,
    /// `error` as a message of the catalogue, to say it in the reader's language.
    pub error_message: Option<ServerMessage>,
    pub created_by: Option<String>,
}

impl RuleValidation {
    fn new(row: ValidationRow, document: Option<&DocumentRow>) -> Self {
        Self {
            id: ID(row.id.to_string()),
            state: row.state.as_str().to_owned(),
            istituto: row.istituto,
            file_name: row.file_name,
            url: document.map(|d| d.file_key.clone()),
            created_at: unix(row.created_at),
            started_at: row.started_at.map(unix),
            finished_at: row.finished_at.map(unix),
            rules_invalidated: row.rules_invalidated,
            id_document: row.validation_document_id.map(|id| ID(id.to_string())),
            url_ocr: document.and_then(|d| d.ocr_key.clone()),
            error: row.error,
            error_message: ServerMessage::stored(row.error_message),
            created_by: row.created_by,
        }
    }
}

#[ComplexObject]
impl RuleValidation {
    /// The rules it invalidated (idRule, description) and the strings that failed.
    async fn invalid_rules(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<ValidationLog>> {
        logs_of(ctx.data::<Arc<AppState>>()?, &self.id).await
    }
}

/// A PDF of an institute uploaded for validation.
#[derive(SimpleObject)]
#[graphql(complex)]
pub struct ValidationDocument {
    pub id: ID,
    pub description: String,
    pub istituto_appartenenza: String,
    pub file_name: String,
    /// Where the PDF is stored.
    pub url_file: String,
    /// Where its text is stored; null until extracted.
    #[graphql(name = "urlOCR")]
    pub url_ocr: Option<String>,
    /// Why its text could not be extracted.
    pub ocr_error: Option<String>,
    /// `ocrError` as a message of the catalogue, to say it in the reader's language.
    pub ocr_error_message: Option<ServerMessage>,
    /// Unix seconds.
    pub created_at: i64,
    pub created_by: Option<String>,
    #[graphql(skip)]
    uuid: Uuid,
    /// `comparable`, when the list it came in knew it.
    #[graphql(skip)]
    comparable: Option<bool>,
}

#[ComplexObject]
impl ValidationDocument {
    /// Whether `downloadDiff` has something to compare: this document's text and an earlier
    /// document of its institute with text.
    async fn comparable(&self, ctx: &Context<'_>) -> async_graphql::Result<bool> {
        if let Some(comparable) = self.comparable {
            return Ok(comparable);
        }
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let found = repo::comparable_documents(&mut conn, &[self.uuid])
            .await
            .map_err(db_error)?;
        Ok(!found.is_empty())
    }
}

/// A page's documents with `comparable` known, from one query for all of them.
async fn with_comparable(
    conn: &mut shared::db::Connection,
    rows: Vec<DocumentRow>,
) -> async_graphql::Result<Vec<ValidationDocument>> {
    let ids: Vec<Uuid> = rows.iter().map(|row| row.id).collect();
    let comparable = repo::comparable_documents(conn, &ids)
        .await
        .map_err(db_error)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let known = comparable.contains(&row.id);
            ValidationDocument {
                comparable: Some(known),
                ..ValidationDocument::from(row)
            }
        })
        .collect())
}

impl From<DocumentRow> for ValidationDocument {
    fn from(row: DocumentRow) -> Self {
        Self {
            uuid: row.id,
            comparable: None,
            id: ID(row.id.to_string()),
            description: row.description,
            istituto_appartenenza: row.istituto_appartenenza,
            file_name: row.file_name,
            url_file: row.file_key,
            url_ocr: row.ocr_key,
            ocr_error: row.ocr_error,
            ocr_error_message: ServerMessage::stored(row.ocr_error_message),
            created_at: unix(row.created_at),
            created_by: row.created_by,
        }
    }
}

/// A rule a validation invalidated.
#[derive(SimpleObject)]
pub struct ValidationLog {
    pub id: ID,
    pub id_validazione: ID,
    /// Null once the rule is deleted.
    pub id_rule: Option<ID>,
    /// The rule's description.
    pub description: String,
    /// `mustContain` strings the document lacks.
    pub missing: Vec<String>,
    /// `notContain` strings the document has.
    pub present: Vec<String>,
    /// Unix seconds.
    pub created_at: i64,
}

impl From<LogRow> for ValidationLog {
    fn from(row: LogRow) -> Self {
        Self {
            id: ID(row.id.to_string()),
            id_validazione: ID(row.validation_id.to_string()),
            id_rule: row.rule_id.map(|id| ID(id.to_string())),
            description: row.description,
            missing: row.missing,
            present: row.present,
            created_at: unix(row.created_at),
        }
    }
}

/// A downloaded file: its name and its bytes in base64.
#[derive(SimpleObject)]
pub struct ValidationDownload {
    pub name: String,
    pub base64: String,
}

impl From<Download> for ValidationDownload {
    fn from(download: Download) -> Self {
        Self {
            name: download.name,
            base64: STANDARD.encode(&download.bytes),
        }
    }
}

/// Where to `PUT` a validation document's bytes (`Content-Type: application/octet-stream`).
#[derive(SimpleObject)]
pub struct SignedUpload {
    /// An absolute presigned S3 URL, or a path of this server (`/uploads/validation/…`).
    pub url: String,
    /// The stored name: `documentID` of `createRuleValidation`.
    pub name: String,
    /// Unix seconds after which the URL no longer works.
    pub expires_at: i64,
    /// Largest file accepted, in bytes.
    pub max_bytes: u64,
}

/// A validation document sent inline.
#[derive(InputObject)]
pub struct ValidationFileInput {
    pub file_name: String,
    /// The PDF, base64.
    pub file: String,
    pub istituto_appartenenza: String,
    pub description: Option<String>,
}

fn unix(at: DateTime<Utc>) -> i64 {
    at.timestamp()
}

fn service(state: &AppState) -> Validations<'_> {
    Validations {
        db: &state.db,
        storage: &state.storage,
        max_pdf_bytes: state.config.common.validation_max_pdf_bytes,
    }
}

/// A service error as the client sees it.
fn validation_error(error: ValidationError) -> async_graphql::Error {
    match error {
        ValidationError::Edit(error) => edit_error(error),
        ValidationError::Upload(refused) => bad_input("file", refused.message()),
        ValidationError::Storage(error) if error.is_not_found() => not_found(messages::file_gone()),
        other => internal(error_chain(&other)),
    }
}

fn caller_email(ctx: &Context<'_>) -> async_graphql::Result<String> {
    Ok(claims(ctx)?.email.clone())
}

fn decode_pdf(field: &str, base64: &str) -> async_graphql::Result<Vec<u8>> {
    STANDARD
        .decode(base64.trim())
        .map_err(|_| bad_input(field, messages::not_base64()))
}

/// `testRule`'s lists: at most [`MAX_TEST_STRINGS`] strings of [`MAX_TEST_STRING_CHARS`].
fn bounded_strings(field: &str, strings: &[String]) -> async_graphql::Result<()> {
    if strings.len() > MAX_TEST_STRINGS {
        return Err(bad_input(field, messages::test_strings(MAX_TEST_STRINGS)));
    }
    if strings
        .iter()
        .any(|s| s.chars().count() > MAX_TEST_STRING_CHARS)
    {
        return Err(bad_input(
            field,
            messages::test_string_length(MAX_TEST_STRING_CHARS),
        ));
    }
    Ok(())
}

/// A new dossier rule's lists tested on a validation document: `RULE_NOT_VALID` ("Regola non
/// valida: manca «…»; presente «…»", with `missing` and `present` in the extensions) when the
/// rule would be invalid on it.
pub(super) async fn test_new_rule(
    state: &AppState,
    document: &ID,
    must_contain: &[String],
    not_contain: &[String],
) -> async_graphql::Result<()> {
    bounded_strings("mustContain", must_contain)?;
    bounded_strings("notContain", not_contain)?;
    let verdict = service(state)
        .test_rule(
            ids::validation_document(document)?,
            must_contain,
            not_contain,
        )
        .await
        .map_err(validation_error)?;
    if verdict.passes() {
        return Ok(());
    }
    Err(
        refused("RULE_NOT_VALID", verdict.message()).extend_with(move |_, e| {
            e.set("missing", verdict.missing.clone());
            e.set("present", verdict.present.clone());
        }),
    )
}

/// Validations with their documents' locations.
async fn with_documents(
    state: &AppState,
    rows: Vec<ValidationRow>,
) -> async_graphql::Result<Vec<RuleValidation>> {
    let ids: Vec<Uuid> = rows
        .iter()
        .filter_map(|r| r.validation_document_id)
        .collect();
    let mut conn = state.db.get().await.map_err(internal)?;
    let documents = repo::documents_by_ids(&mut conn, &ids)
        .await
        .map_err(db_error)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let document = documents
                .iter()
                .find(|d| Some(d.id) == row.validation_document_id);
            RuleValidation::new(row, document)
        })
        .collect())
}

async fn load_validation(state: &AppState, id: Uuid) -> async_graphql::Result<RuleValidation> {
    let mut conn = state.db.get().await.map_err(internal)?;
    let row = repo::find_validation(&mut conn, id)
        .await
        .map_err(db_error)?
        .ok_or_else(|| not_found(messages::validation_not_found(id)))?;
    drop(conn);
    Ok(with_documents(state, vec![row]).await?.remove(0))
}

async fn download(
    ctx: &Context<'_>,
    kind: DownloadKind,
    id: &ID,
) -> async_graphql::Result<ValidationDownload> {
    let state = ctx.data::<Arc<AppState>>()?;
    service(state)
        .download(kind, ids::validation_document(id)?)
        .await
        .map(ValidationDownload::from)
        .map_err(validation_error)
}

async fn logs_of(state: &AppState, id: &ID) -> async_graphql::Result<Vec<ValidationLog>> {
    let id = ids::validation(id)?;
    let mut conn = state.db.get().await.map_err(internal)?;
    let rows = repo::logs_of(&mut conn, id).await.map_err(db_error)?;
    Ok(rows.into_iter().map(ValidationLog::from).collect())
}

#[derive(Default)]
pub struct ValidationQuery;

#[Object]
impl ValidationQuery {
    /// Whether a rule with these lists stays valid on the validation document's text.
    async fn test_rule(
        &self,
        ctx: &Context<'_>,
        #[graphql(name = "docValidationID")] doc_validation_id: ID,
        must_contain: Vec<String>,
        not_contain: Vec<String>,
    ) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        bounded_strings("mustContain", &must_contain)?;
        bounded_strings("notContain", &not_contain)?;
        let verdict = service(state)
            .test_rule(
                ids::validation_document(&doc_validation_id)?,
                &must_contain,
                &not_contain,
            )
            .await
            .map_err(validation_error)?;
        Ok(verdict.passes())
    }

    /// Validation documents, newest first (at most `limit`, default and maximum 1000).
    async fn doc_validations(
        &self,
        ctx: &Context<'_>,
        limit: Option<i32>,
        offset: Option<i32>,
    ) -> async_graphql::Result<Vec<ValidationDocument>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let (limit, offset) = paging(limit, offset);
        let mut conn = state.db.get().await.map_err(internal)?;
        let rows = repo::list_documents(&mut conn, limit, offset)
            .await
            .map_err(db_error)?;
        Ok(rows.into_iter().map(ValidationDocument::from).collect())
    }

    /// One page of validation documents: sorted by `createdAt` (default, descending) or
    /// `description`; filtered by `description` and `istitutoAppartenenza` (`text`).
    async fn doc_validations_page(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<ValidationDocument>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = DOCUMENT_TABLE.parse(input)?;
        let text = |column| match table.filter(column) {
            Some(FilterValue::Text(text)) => Some(text.clone()),
            _ => None,
        };
        let filter = DocumentFilter {
            description: text("description"),
            istituto: text("istitutoAppartenenza"),
        };
        let sort = match table.sort {
            "description" => DocumentSort::Description,
            _ => DocumentSort::CreatedAt,
        };
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) = repo::page_documents(&mut conn, &filter, sort, table.page())
            .await
            .map_err(db_error)?;
        Ok(table.page_of(with_comparable(&mut conn, rows).await?, total))
    }

    async fn doc_validation(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<ValidationDocument> {
        let state = ctx.data::<Arc<AppState>>()?;
        service(state)
            .document(ids::validation_document(&id)?)
            .await
            .map(ValidationDocument::from)
            .map_err(validation_error)
    }

    /// Validations, newest first (at most `limit`, default and maximum 1000).
    async fn rule_validations(
        &self,
        ctx: &Context<'_>,
        limit: Option<i32>,
        offset: Option<i32>,
    ) -> async_graphql::Result<Vec<RuleValidation>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let (limit, offset) = paging(limit, offset);
        let mut conn = state.db.get().await.map_err(internal)?;
        let rows = repo::list_validations(&mut conn, limit, offset)
            .await
            .map_err(db_error)?;
        drop(conn);
        with_documents(state, rows).await
    }

    /// One page of validations, newest first (`createdAt`); filtered by `istituto` (`text`)
    /// and `state` (`select`).
    async fn rule_validations_page(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<RuleValidation>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = VALIDATION_TABLE.parse(input)?;
        let filter = ValidationFilter {
            istituto: match table.filter("istituto") {
                Some(FilterValue::Text(text)) => Some(text.clone()),
                _ => None,
            },
            states: table.selected("state", |v| v.parse::<ValidationState>().ok())?,
        };
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) = repo::page_validations(&mut conn, &filter, table.page())
            .await
            .map_err(db_error)?;
        drop(conn);
        Ok(table.page_of(with_documents(state, rows).await?, total))
    }

    async fn rule_validation(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<RuleValidation> {
        let state = ctx.data::<Arc<AppState>>()?;
        load_validation(state, ids::validation(&id)?).await
    }

    /// The newest validation, if any (the original API's spelling: docs/domain.md#operations).
    #[graphql(name = "latestRuleValitation")]
    async fn latest_rule_valitation(
        &self,
        ctx: &Context<'_>,
    ) -> async_graphql::Result<Option<RuleValidation>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let row = repo::latest_validation(&mut conn).await.map_err(db_error)?;
        drop(conn);
        match row {
            Some(row) => Ok(with_documents(state, vec![row]).await?.pop()),
            None => Ok(None),
        }
    }

    /// The rules validation `idValidazione` invalidated.
    async fn log_validazione(
        &self,
        ctx: &Context<'_>,
        id_validazione: ID,
    ) -> async_graphql::Result<Vec<ValidationLog>> {
        logs_of(ctx.data::<Arc<AppState>>()?, &id_validazione).await
    }

    /// Every validation's invalidated rules, newest first (at most `limit`, default and
    /// maximum 1000).
    async fn log_validazioni(
        &self,
        ctx: &Context<'_>,
        limit: Option<i32>,
        offset: Option<i32>,
    ) -> async_graphql::Result<Vec<ValidationLog>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let (limit, offset) = paging(limit, offset);
        let mut conn = state.db.get().await.map_err(internal)?;
        let rows = repo::list_logs(&mut conn, limit, offset)
            .await
            .map_err(db_error)?;
        Ok(rows.into_iter().map(ValidationLog::from).collect())
    }

    /// The document's text, `<file>.txt`.
    #[graphql(name = "downloadOCR")]
    async fn download_ocr(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<ValidationDownload> {
        download(ctx, DownloadKind::Text, &id).await
    }

    /// The document's PDF, `<file>.pdf`.
    #[graphql(name = "downloadPDF")]
    async fn download_pdf(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<ValidationDownload> {
        download(ctx, DownloadKind::Pdf, &id).await
    }

    /// The unified diff of the institute's previous document against this one, `diff.txt`.
    async fn download_diff(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<ValidationDownload> {
        download(ctx, DownloadKind::Diff, &id).await
    }

    /// The PDF, its text and `diff.txt` in one zip.
    async fn download_all_validation_files(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<ValidationDownload> {
        download(ctx, DownloadKind::All, &id).await
    }
}

#[derive(Default)]
pub struct ValidationMutation;

#[Object]
impl ValidationMutation {
    /// An address to `PUT` a validation PDF to, valid for ten minutes and for one upload.
    #[graphql(name = "requestSignedURLForValidationDocument")]
    async fn request_signed_url_for_validation_document(
        &self,
        ctx: &Context<'_>,
        filename: String,
    ) -> async_graphql::Result<SignedUpload> {
        let state = ctx.data::<Arc<AppState>>()?;
        let file_name =
            shared::services::rule_validation::file_name(&filename).map_err(edit_error)?;
        let id = Uuid::now_v7();
        let max_bytes = state.config.common.validation_max_pdf_bytes;
        let expires_at = Utc::now().timestamp() + UPLOAD_TTL_SECONDS;
        let presigned = state
            .storage
            .signed_put_url(
                &keys::validation_pdf(id),
                std::time::Duration::from_secs(UPLOAD_TTL_SECONDS as u64),
            )
            .await
            .map_err(|e| internal(error_chain(&e)))?;
        let url = match presigned {
            Some(url) => url,
            None => {
                let token = state.uploads.sign(&UploadGrant {
                    document_id: id,
                    file_name,
                    max_bytes,
                    expires_at,
                });
                format!("{UPLOAD_PATH}/{token}")
            }
        };
        Ok(SignedUpload {
            url,
            name: id.to_string(),
            expires_at,
            max_bytes,
        })
    }

    /// Records the document uploaded through `requestSignedURLForValidationDocument` (its
    /// `name` is `documentID`) and starts its validation.
    async fn create_rule_validation(
        &self,
        ctx: &Context<'_>,
        #[graphql(name = "documentID")] document_id: ID,
        name: String,
        #[graphql(
            name = "url",
            desc = "The address the file was uploaded to; accepted for the original API's clients, the stored name is what counts."
        )]
        _url: Option<String>,
        istituto_appartenenza: String,
    ) -> async_graphql::Result<RuleValidation> {
        let state = ctx.data::<Arc<AppState>>()?;
        let id = Uuid::parse_str(document_id.trim())
            .map_err(|_| bad_input("documentID", messages::no_uploaded_file()))?;
        let document = NewDocument {
            id,
            file_name: name,
            istituto: istituto_appartenenza,
            description: None,
            created_by: Some(caller_email(ctx)?),
        };
        let validation = service(state)
            .add_and_validate(document, None)
            .await
            .map_err(validation_error)?;
        load_validation(state, validation.id).await
    }

    /// Records a PDF sent inline (base64) and starts its validation.
    async fn upload_rule_validation(
        &self,
        ctx: &Context<'_>,
        file_name: String,
        file: String,
        istituto_appartenenza: String,
    ) -> async_graphql::Result<RuleValidation> {
        let state = ctx.data::<Arc<AppState>>()?;
        let bytes = decode_pdf("file", &file)?;
        let document = NewDocument {
            id: Uuid::now_v7(),
            file_name,
            istituto: istituto_appartenenza,
            description: None,
            created_by: Some(caller_email(ctx)?),
        };
        let validation = service(state)
            .add_and_validate(document, Some(bytes))
            .await
            .map_err(validation_error)?;
        load_validation(state, validation.id).await
    }

    /// Records validation documents sent inline (base64), without validating them: their
    /// text is extracted in the background, then they can be validated with `runValidation`.
    async fn create_doc_validations(
        &self,
        ctx: &Context<'_>,
        files: Vec<ValidationFileInput>,
    ) -> async_graphql::Result<Vec<ValidationDocument>> {
        let state = ctx.data::<Arc<AppState>>()?;
        if files.len() > MAX_DOCUMENTS_PER_REQUEST {
            return Err(bad_input(
                "files",
                messages::documents_per_request(MAX_DOCUMENTS_PER_REQUEST),
            ));
        }
        let email = caller_email(ctx)?;
        let service = service(state);
        let mut created = Vec::with_capacity(files.len());
        for file in files {
            let bytes = decode_pdf("file", &file.file)?;
            let document = NewDocument {
                id: Uuid::now_v7(),
                file_name: file.file_name,
                istituto: file.istituto_appartenenza,
                description: file.description,
                created_by: Some(email.clone()),
            };
            let row = service
                .add_document(document, Some(bytes))
                .await
                .map_err(validation_error)?;
            created.push(ValidationDocument::from(row));
        }
        Ok(created)
    }

    /// Starts a validation of a recorded document whose text is known.
    async fn run_validation(
        &self,
        ctx: &Context<'_>,
        id_doc_validation: ID,
    ) -> async_graphql::Result<RuleValidation> {
        let state = ctx.data::<Arc<AppState>>()?;
        let email = caller_email(ctx)?;
        let validation = service(state)
            .validate(ids::validation_document(&id_doc_validation)?, Some(&email))
            .await
            .map_err(validation_error)?;
        load_validation(state, validation.id).await
    }

    /// Deletes validation documents and their files (their validations stay); returns how
    /// many were deleted.
    async fn delete_doc_validations(
        &self,
        ctx: &Context<'_>,
        ids: Vec<ID>,
    ) -> async_graphql::Result<i32> {
        let state = ctx.data::<Arc<AppState>>()?;
        let ids = ids
            .iter()
            .map(ids::validation_document)
            .collect::<async_graphql::Result<Vec<_>>>()?;
        let deleted = service(state)
            .delete_documents(&ids)
            .await
            .map_err(validation_error)?;
        Ok(deleted as i32)
    }

    /// Records by hand that a validation invalidated a rule: the log line, the rule NON
    /// VALIDA and the validation's count (once per rule and validation).
    async fn insert_log_validazione(
        &self,
        ctx: &Context<'_>,
        id_valutazione: ID,
        id_rule: ID,
        description: String,
    ) -> async_graphql::Result<ValidationLog> {
        let state = ctx.data::<Arc<AppState>>()?;
        let description = description.trim();
        if description.is_empty() || description.chars().count() > 1000 {
            return Err(bad_input(
                "description",
                messages::description_required(1000),
            ));
        }
        let validation = ids::validation(&id_valutazione)?;
        let rule = ids::rule(&id_rule)?;
        let mut conn = state.db.get().await.map_err(internal)?;
        repo::insert_log(&mut conn, validation, rule, description)
            .await
            .map(ValidationLog::from)
            .map_err(edit_error)
    }
}
