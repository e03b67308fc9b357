//! `POST /import_dossier` (docs/domain.md#import-and-callback, #operations): the import
//! wizard's last step, and the entry point of other systems that submit dossiers.
//!
//! The API does only what must be answered at once — `shared::services::imports` checks the
//! request, stores the archive, writes the dossier row (`processing`) and enqueues the `import`
//! job, which unpacks the archive; a refused request leaves nothing behind. This handler
//! authenticates and authorises the caller from the headers before the body is read (issue
//! 29), reads the body within its limit, has the service parse it (counting `files` as it
//! goes) and answers the service's outcome.

use std::sync::Arc;

use poem::http::{StatusCode, header};
use poem::web::Data;
use poem::{Body, Endpoint, EndpointExt, IntoResponse, Request, RequestBody};
use poem_openapi::param::Header;
use poem_openapi::payload::{Json, Payload};
use poem_openapi::registry::{MetaMediaType, MetaRequest, Registry};
use poem_openapi::types::Type;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{
    ApiExtractor, ApiExtractorType, ApiResponse, ExtractParamOptions, Multipart, Object, OpenApi,
};
use shared::db::models::DossierState;
use shared::db::repo::audit::Actor;
use shared::services::imports::{
    self, FormError, Idempotency, ImportDossierError, Imported, NewImport,
};
use uuid::Uuid;

use super::admission::{ClientAuth, Refusal, app_state, authenticate};
use super::{ApiTags, ErrorMessage};
use crate::body_budget::{BodyBudget, Reserved};
use crate::request_body;
use crate::state::AppState;
use shared::messages::{self, Message};

/// The access-control resource an import needs.
pub const RESOURCE: &str = "importDossier";

/// Its routes take the process's state as data.
pub struct ImportApi;

/// One file of the archive and its document type.
#[derive(Object, Debug)]
pub struct ImportFileItem {
    /// Name of the file in the archive (its path, or just its file name).
    #[oai(rename = "nomeFile")]
    pub nome_file: String,
    /// Name of an existing document type (empty: none).
    #[oai(rename = "tipoDocumento", default)]
    pub tipo_documento: String,
}

fn default_contract_type() -> String {
    shared::import::DEFAULT_CONTRACT_TYPE.to_owned()
}

/// The import payload (docs/domain.md#the-import-request). Describes the body in the OpenAPI
/// document; the body itself is read by [`ImportBody`].
#[derive(Object, Debug)]
pub struct ImportDossierRequest {
    /// The importing system's own reference.
    #[oai(rename = "idValutazione", default)]
    pub id_valutazione: String,
    /// The dossier type; an unknown one is created (at most 30 characters).
    #[oai(rename = "tipoContratto", default = "default_contract_type")]
    pub tipo_contratto: String,
    /// The zip of the dossier's PDFs, base64-encoded.
    #[oai(rename = "base64zip")]
    pub base64zip: String,
    /// The document type of each file (at most as many as the archive may have entries:
    /// counted while the body is read).
    #[oai(default)]
    pub files: Vec<ImportFileItem>,
    /// JSON text of the input list: one item per scenario, each dossier rule runs on each.
    pub input: String,
    /// Absolute http(s) URL that receives the aggregated result.
    #[oai(rename = "callbackUrl")]
    pub callback_url: Option<String>,
}

/// The form of the import (docs/domain.md#the-import-request) as `multipart/form-data`: the zip
/// as a file part, streamed to a temporary file while it is read, the other fields as text.
/// Describes the body in the OpenAPI document; the body itself is read by [`ImportBody`].
#[derive(Multipart, Debug)]
pub struct ImportDossierForm {
    /// The zip of the dossier's PDFs, as it is (at most the archive limit, 100 MiB by
    /// default).
    pub zip: Upload,
    /// The importing system's own reference.
    #[oai(rename = "idValutazione")]
    pub id_valutazione: Option<String>,
    /// The dossier type; an unknown one is created (at most 30 characters; default
    /// `cessione`).
    #[oai(rename = "tipoContratto")]
    pub tipo_contratto: Option<String>,
    /// JSON text of the list of files and their document types, as `files` of the JSON form:
    /// `[{"nomeFile": "…", "tipoDocumento": "…"}]`.
    pub files: Option<String>,
    /// JSON text of the input list: one item per scenario, each dossier rule runs on each.
    pub input: String,
    /// Absolute http(s) URL that receives the aggregated result.
    #[oai(rename = "callbackUrl")]
    pub callback_url: Option<String>,
}

/// The body of `POST /import_dossier`, in either form: JSON (read within the body limit,
/// inflated when it comes compressed, and parsed by `NewImport::from_json`, which counts
/// `files` as it goes) or `multipart/form-data` (read by `NewImport::from_form`, the zip
/// streamed to a temporary file). Documented as [`ImportDossierRequest`] and
/// [`ImportDossierForm`].
pub struct ImportBody {
    request: NewImport,
    /// With an `Idempotency-Key`: it and the digest of the request.
    idempotency: Option<Idempotency>,
    /// Its room in [`AppState::import_bodies`] or [`AppState::import_spools`], held until the
    /// import is answered.
    _room: Reserved,
}

impl<'a> ApiExtractor<'a> for ImportBody {
    const TYPES: &'static [ApiExtractorType] = &[ApiExtractorType::RequestObject];
    type ParamType = ();
    type ParamRawType = ();

    fn register(registry: &mut Registry) {
        ImportDossierRequest::register(registry);
        <ImportDossierForm as Payload>::register(registry);
    }

    fn request_meta() -> Option<MetaRequest> {
        Some(MetaRequest {
            description: Some(
                "The import, as JSON (the archive in base64) or as `multipart/form-data` (the \
                 archive as the file part `zip`, streamed: the better form for large archives).",
            ),
            content: vec![
                MetaMediaType {
                    content_type: JSON,
                    schema: ImportDossierRequest::schema_ref(),
                },
                MetaMediaType {
                    content_type: FORM,
                    schema: <ImportDossierForm as Payload>::schema_ref(),
                },
            ],
            required: true,
        })
    }

    async fn from_request(
        request: &'a Request,
        body: &mut RequestBody,
        _options: ExtractParamOptions<()>,
    ) -> poem::Result<Self> {
        let state = app_state(request).map_err(|_| internal())?;
        let body = body.take()?;
        let content_type = request.content_type().unwrap_or_default();
        let essence = content_type.split(';').next().unwrap_or_default().trim();
        if essence.eq_ignore_ascii_case(JSON) {
            read_json(request, &state, body).await
        } else if essence.eq_ignore_ascii_case(FORM) {
            read_form(request, &state, body, content_type).await
        } else {
            Err(Refusal::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "UNSUPPORTED_MEDIA_TYPE",
                messages::import_json_only(),
            )
            .into())
        }
    }
}

const JSON: &str = "application/json";
const FORM: &str = "multipart/form-data";

/// Reads the JSON form within the body limit, in the memory kept for import bodies.
async fn read_json(request: &Request, state: &AppState, body: Body) -> poem::Result<ImportBody> {
    let limits = state.config.common.import;
    let limit = limits.max_body_bytes();
    // A compressed body's declared length is not what it inflates to.
    let declared = declared_length(request)
        .filter(|_| !request.headers().contains_key(header::CONTENT_ENCODING));
    let room = state
        .import_bodies
        .reserve(declared.unwrap_or(limit), BodyBudget::WAIT)
        .await
        .ok_or_else(busy)?;
    let bytes = request_body::read_vec(body, limit, declared)
        .await
        .map_err(Refusal::from)?;
    let key = idempotency_key(request).map(str::to_owned);
    // Hashing and parsing up to the body limit is CPU work.
    let (parsed, idempotency) = tokio::task::spawn_blocking(move || {
        let idempotency = key.map(|key| Idempotency::of(key, &bytes));
        (NewImport::from_json(bytes, &limits), idempotency)
    })
    .await
    .map_err(|_| internal())?;
    let request = parsed.map_err(|refused| {
        Refusal::new(StatusCode::BAD_REQUEST, "BAD_REQUEST", refused.message())
    })?;
    Ok(ImportBody {
        request,
        idempotency,
        _room: room,
    })
}

/// Reads the `multipart/form-data` form, its zip spooled to a temporary file within the room
/// kept for them.
async fn read_form(
    request: &Request,
    state: &AppState,
    body: Body,
    content_type: &str,
) -> poem::Result<ImportBody> {
    let limits = state.config.common.import;
    let limit = usize::try_from(limits.max_form_bytes()).unwrap_or(usize::MAX);
    let declared = declared_length(request)
        .filter(|_| !request.headers().contains_key(header::CONTENT_ENCODING));
    if let Some(length) = declared.filter(|length| *length > limit) {
        return Err(Refusal::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "PAYLOAD_TOO_LARGE",
            messages::import_body_too_large(length, limit),
        )
        .into());
    }
    let room = state
        .import_spools
        .reserve(declared.unwrap_or(limit), BodyBudget::WAIT)
        .await
        .ok_or_else(busy)?;
    let form = NewImport::from_form(body.into_bytes_stream(), content_type, &limits)
        .await
        .map_err(|error| match error {
            FormError::Refused(refused) => {
                Refusal::new(StatusCode::BAD_REQUEST, "BAD_REQUEST", refused.message())
            }
            FormError::TooLarge(refused) => Refusal::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "PAYLOAD_TOO_LARGE",
                refused.message(),
            ),
            FormError::Body(error) => Refusal::from(request_body::refusal_of_boxed(&*error)),
            FormError::Spool(error) => {
                tracing::error!(%error, "cannot spool an import form");
                internal()
            }
        })?;
    let idempotency = idempotency_key(request).map(|key| Idempotency {
        key: key.to_owned(),
        request_hash: form.digest,
    });
    Ok(ImportBody {
        request: form.request,
        idempotency,
        _room: room,
    })
}

/// The dossier created; the import goes on in the background.
#[derive(Object, Debug)]
pub struct ImportAccepted {
    pub id: Uuid,
    /// Always `processing`.
    pub state: String,
}

#[derive(ApiResponse)]
pub enum ImportResponse {
    /// The dossier is created (`processing`) and its import enqueued — or, for a retry with
    /// the `Idempotency-Key` and body of an earlier request, that request's answer (the same
    /// dossier; nothing created) with `Idempotent-Replayed: true`.
    #[oai(status = 200)]
    Accepted(
        Json<ImportAccepted>,
        #[oai(header = "Idempotent-Replayed")] Option<bool>,
    ),
    /// The request, its archive, its input or its `Idempotency-Key` is not valid (or
    /// compressed data is corrupt); nothing was created.
    #[oai(status = 400)]
    BadRequest(Json<ErrorMessage>),
    /// No valid access token or API key; checked before the body is read.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorMessage>),
    /// The user or key may not import dossiers; checked before the body is read.
    #[oai(status = 403)]
    Forbidden(Json<ErrorMessage>),
    /// The body, inflated when it is compressed, exceeds the limit (JSON: the archive limit
    /// in base64 plus 4 MiB; a form: the archive limit plus 4 MiB of other fields), or it
    /// inflates more than 100 times its compressed size.
    #[oai(status = 413)]
    TooLarge(Json<ErrorMessage>),
    /// The body is neither `application/json` nor `multipart/form-data`, or its
    /// `Content-Encoding` is not gzip, deflate or br.
    #[oai(status = 415)]
    UnsupportedMediaType(Json<ErrorMessage>),
    /// The `Idempotency-Key` was used by this caller for a request with another body; nothing
    /// was created.
    #[oai(status = 422)]
    KeyReused(Json<ErrorMessage>),
    /// The API key made more requests than its rate allows (1,200 a minute); the body was not
    /// read. Try again after `Retry-After` seconds.
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorMessage>, #[oai(header = "Retry-After")] u32),
    /// Storage, database or queue failure; nothing was created.
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
    /// Other imports' bodies fill the memory the API keeps for them, and none ended within a
    /// minute; the body was not read. Try again after `Retry-After` seconds.
    #[oai(status = 503)]
    Busy(Json<ErrorMessage>, #[oai(header = "Retry-After")] u32),
}

fn message(code: &str, message: &Message) -> Json<ErrorMessage> {
    Json(ErrorMessage::new(code, message))
}

impl From<request_body::BodyRefused> for Refusal {
    fn from(refused: request_body::BodyRefused) -> Self {
        Self::new(refused.status(), refused.code(), refused.message())
    }
}

fn internal() -> Refusal {
    Refusal::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "INTERNAL",
        messages::import_internal(),
    )
}

/// The user an import is for, authenticated and authorised before its body is read.
#[derive(Clone)]
struct Importer(Actor);

/// Everything that can be refused from the headers alone, refused before the body is read,
/// decompressed or parsed (issue 29): the token and the `importDossier` permission (401,
/// 403), then a declared length over the body limit (413). A wrong content type is 415.
fn guard(ep: impl Endpoint + 'static) -> impl Endpoint {
    ep.around(|ep, mut req| async move {
        match admit(&req).await {
            Ok(importer) => {
                req.extensions_mut().insert(importer);
                ep.call(req).await.map(IntoResponse::into_response)
            }
            Err(refusal) => Ok(poem::error::ResponseError::as_response(&refusal)),
        }
    })
}

async fn admit(req: &Request) -> Result<Importer, Refusal> {
    let state = app_state(req).map_err(|_| internal())?;
    let claims = authenticate(req, &state).await?;
    if !state.access.allows(&claims.email, RESOURCE) {
        return Err(Refusal::new(
            StatusCode::FORBIDDEN,
            "FORBIDDEN",
            messages::permission_needed(RESOURCE),
        ));
    }
    if idempotency_key(req).is_some_and(|key| !imports::valid_idempotency_key(key)) {
        return Err(Refusal::new(
            StatusCode::BAD_REQUEST,
            "BAD_REQUEST",
            messages::idempotency_key_invalid(imports::MAX_IDEMPOTENCY_KEY),
        ));
    }
    // Each form has its own limit, checked again when its body is read.
    let limits = state.config.common.import;
    let limit = limits
        .max_body_bytes()
        .max(usize::try_from(limits.max_form_bytes()).unwrap_or(usize::MAX));
    if let Some(length) = declared_length(req).filter(|length| *length > limit) {
        return Err(Refusal::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "PAYLOAD_TOO_LARGE",
            messages::import_body_too_large(length, limit),
        ));
    }
    Ok(Importer(Actor::from(&claims)))
}

/// The request's `Idempotency-Key` (`Some("")` when it is not text, which is not valid).
fn idempotency_key(req: &Request) -> Option<&str> {
    req.headers()
        .get(IDEMPOTENCY_KEY)
        .map(|value| value.to_str().unwrap_or_default())
}

/// The header that makes an import idempotent.
const IDEMPOTENCY_KEY: &str = "Idempotency-Key";

/// The body length the request declares (`Content-Length`).
fn declared_length(req: &Request) -> Option<usize> {
    req.headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok())
}

/// No room for the body in [`BodyBudget::WAIT`]: other imports' bodies fill the API's memory
/// budget for them.
fn busy() -> Refusal {
    Refusal {
        retry_after: Some(RETRY_BUSY_AFTER),
        ..Refusal::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "BUSY",
            messages::import_busy(),
        )
    }
}

/// The `Retry-After` of a [`busy`] refusal, in seconds.
const RETRY_BUSY_AFTER: u32 = 10;

#[OpenApi(tag = "ApiTags::Import")]
impl ImportApi {
    /// Imports a dossier: a zip of PDFs, the document type of each, the input list and an
    /// optional callback URL. Answers at once with the new dossier's id; extraction and rules
    /// run in the background. The body is JSON (the zip in base64) or `multipart/form-data`
    /// (the zip as the file part `zip`, streamed: the API's memory stays flat whatever its
    /// size). The token and the permission are checked before the body is read; the body may
    /// come compressed (`Content-Encoding: gzip`, `deflate` or `br`). Refusals answer `{ "code": "…", "message": "…" }`, the message in Italian.
    #[oai(path = "/import_dossier", method = "post", transform = "guard")]
    async fn import_dossier(
        &self,
        state: Data<&Arc<AppState>>,
        _auth: ClientAuth,
        /// Makes the import idempotent (1–255 visible ASCII characters, e.g. a UUID per
        /// dossier): a retry with the same key and the same body gets the first answer and
        /// creates nothing, also when requests run concurrently; keys are per caller and kept
        /// 7 days.
        #[oai(name = "Idempotency-Key")]
        _idempotency_key: Header<Option<String>>,
        importer: Data<&Importer>,
        body: ImportBody,
    ) -> ImportResponse {
        let imported = imports::import_dossier(
            &state.db,
            &state.storage,
            state.config.common.import,
            body.request,
            &importer.0.0,
            body.idempotency.as_ref(),
        )
        .await;
        match imported {
            Ok(imported) => ImportResponse::Accepted(
                Json(ImportAccepted {
                    id: imported.dossier_id(),
                    state: DossierState::Processing.as_str().to_owned(),
                }),
                matches!(imported, Imported::Replayed(_)).then_some(true),
            ),
            Err(ImportDossierError::Refused(refusal)) => {
                ImportResponse::BadRequest(message("BAD_REQUEST", &refusal.message()))
            }
            Err(ImportDossierError::IdempotencyKeyReused) => ImportResponse::KeyReused(message(
                "IDEMPOTENCY_KEY_REUSED",
                &messages::idempotency_key_reused(),
            )),
            Err(error) => {
                tracing::error!(
                    error = format!("{:#}", anyhow::Error::from(error)),
                    "import failed"
                );
                ImportResponse::Internal(message("INTERNAL", &internal().message))
            }
        }
    }
}
