//! `POST /import_dossier` (operations spec §3, §7): the import wizard's last step, and the
//! entry point of other systems that submit dossiers.
//!
//! The API does only what must be answered at once — `shared::services::imports` checks the
//! request, stores the archive, writes the dossier row (`processing`) and enqueues the `import`
//! job, which unpacks the archive; a refused request leaves nothing behind. This handler
//! authenticates, decodes the payload and answers the service's outcome.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use poem::http::StatusCode;
use poem::{Endpoint, EndpointExt, IntoResponse, Response};
use poem_openapi::auth::Bearer;
use poem_openapi::error::{AuthorizationError, ParseRequestPayloadError};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi, SecurityScheme};
use shared::config::ImportLimits;
use shared::db::models::DossierState;
use shared::import::ImportFile;
use shared::services::imports::{self, ImportDossierError, NewImport};
use uuid::Uuid;

use super::ApiTags;
use crate::state::AppState;

/// The access-control resource an import needs.
pub const RESOURCE: &str = "importDossier";

/// Room in the request body for everything besides the archive's base64 (files, input).
const BODY_SLACK_BYTES: usize = 4 << 20;

/// The largest request body accepted, set from the configuration when the API is built.
/// Process-wide because poem-openapi's `transform` cannot see the API's state; a process
/// serves one configuration (test processes that start several servers get the largest).
static BODY_LIMIT: AtomicUsize = AtomicUsize::new(0);

/// The request body limit for archives of at most `limits.max_archive_bytes` (base64 is 4/3
/// larger).
pub fn body_limit(limits: &ImportLimits) -> usize {
    let archive = usize::try_from(limits.max_archive_bytes).unwrap_or(usize::MAX);
    archive
        .div_ceil(3)
        .saturating_mul(4)
        .saturating_add(BODY_SLACK_BYTES)
}

pub struct ImportApi {
    state: Arc<AppState>,
}

impl ImportApi {
    pub fn new(state: Arc<AppState>) -> Self {
        BODY_LIMIT.fetch_max(body_limit(&state.config.common.import), Ordering::Relaxed);
        Self { state }
    }
}

/// An access token (`Authorization: Bearer …`) whose user may use the resource
/// `importDossier`.
#[derive(SecurityScheme)]
#[oai(ty = "bearer")]
pub struct BearerToken(Bearer);

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

/// The import payload (operations spec §3).
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
    /// The document type of each file.
    #[oai(default)]
    pub files: Vec<ImportFileItem>,
    /// JSON text of the input list: one item per scenario, each dossier rule runs on each.
    pub input: String,
    /// Absolute http(s) URL that receives the aggregated result.
    #[oai(rename = "callbackUrl")]
    pub callback_url: Option<String>,
}

/// The dossier created; the import goes on in the background.
#[derive(Object, Debug)]
pub struct ImportAccepted {
    pub id: Uuid,
    /// Always `processing`.
    pub state: String,
}

/// Why a request was refused.
#[derive(Object, Debug)]
pub struct ErrorMessage {
    pub message: String,
}

#[derive(ApiResponse)]
pub enum ImportResponse {
    /// The dossier is created (`processing`) and its import enqueued.
    #[oai(status = 200)]
    Accepted(Json<ImportAccepted>),
    /// The request, its archive or its input is not valid; nothing was created.
    #[oai(status = 400)]
    BadRequest(Json<ErrorMessage>),
    /// No valid access token.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorMessage>),
    /// The user may not import dossiers.
    #[oai(status = 403)]
    Forbidden(Json<ErrorMessage>),
    /// The request body exceeds the configured archive size.
    #[oai(status = 413)]
    TooLarge(Json<ErrorMessage>),
    /// Storage, database or queue failure; nothing was created.
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
}

fn message(text: impl Into<String>) -> Json<ErrorMessage> {
    Json(ErrorMessage {
        message: text.into(),
    })
}

/// Bounds the body before it is read, and answers authentication and payload errors of
/// poem-openapi's extractors with the same `{ "message" }` body as every other refusal.
fn guard(ep: impl Endpoint + 'static) -> impl Endpoint {
    ep.catch_error(|_: AuthorizationError| async {
        json_error(StatusCode::UNAUTHORIZED, "Autenticazione richiesta")
    })
    .catch_error(|error: ParseRequestPayloadError| async move {
        json_error(
            StatusCode::BAD_REQUEST,
            &format!("Richiesta non valida: {}", error.reason),
        )
    })
    .around(|ep, req| async move {
        let limit = match BODY_LIMIT.load(Ordering::Relaxed) {
            0 => body_limit(&ImportLimits::default()),
            limit => limit,
        };
        let length = req
            .headers()
            .get(poem::http::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        match length {
            None => Ok(json_error(
                StatusCode::LENGTH_REQUIRED,
                "Richiesta non valida: manca Content-Length",
            )),
            Some(length) if length > limit => Ok(json_error(
                StatusCode::PAYLOAD_TOO_LARGE,
                &format!(
                    "Errore nello zip: la richiesta pesa {length} byte, oltre il limite di {limit} byte"
                ),
            )),
            Some(_) => ep.call(req).await.map(IntoResponse::into_response),
        }
    })
}

fn json_error(status: StatusCode, text: &str) -> Response {
    let body = serde_json::json!({ "message": text });
    Response::builder()
        .status(status)
        .content_type("application/json; charset=utf-8")
        .body(body.to_string())
}

#[OpenApi(tag = "ApiTags::Import")]
impl ImportApi {
    /// Imports a dossier: a zip of PDFs, the document type of each, the input list and an
    /// optional callback URL. Answers at once with the new dossier's id; extraction and rules
    /// run in the background. Refusals answer `{ "message": "…" }` in Italian.
    #[oai(path = "/import_dossier", method = "post", transform = "guard")]
    async fn import_dossier(
        &self,
        auth: BearerToken,
        body: Json<ImportDossierRequest>,
    ) -> ImportResponse {
        let claims = match self.state.auth.verify_access(&auth.0.token) {
            Ok(claims) => claims,
            Err(error) => return ImportResponse::Unauthorized(message(error.to_string())),
        };
        if !self.state.access.allows(&claims.email, RESOURCE) {
            return ImportResponse::Forbidden(message(format!(
                "Permesso negato: serve il permesso {RESOURCE}"
            )));
        }
        let request = NewImport {
            id_valutazione: body.0.id_valutazione,
            tipo_contratto: body.0.tipo_contratto,
            base64zip: body.0.base64zip,
            files: body
                .0
                .files
                .into_iter()
                .map(|f| ImportFile {
                    nome_file: f.nome_file,
                    tipo_documento: f.tipo_documento,
                })
                .collect(),
            input: body.0.input,
            callback_url: body.0.callback_url,
        };
        let state = &self.state;
        let imported = imports::import_dossier(
            &state.db,
            &state.storage,
            state.config.common.import,
            request,
            &claims.email,
        )
        .await;
        match imported {
            Ok(id) => ImportResponse::Accepted(Json(ImportAccepted {
                id,
                state: DossierState::Processing.as_str().to_owned(),
            })),
            Err(ImportDossierError::Refused(refusal)) => {
                ImportResponse::BadRequest(message(refusal.to_string()))
            }
            Err(error) => {
                tracing::error!(
                    error = format!("{:#}", anyhow::Error::from(error)),
                    "import failed"
                );
                ImportResponse::Internal(message(
                    "Errore interno: impossibile importare il dossier, riprovare",
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_limit_fits_the_archive_limit_in_base64() {
        let limits = ImportLimits {
            max_archive_bytes: 3000,
            ..ImportLimits::default()
        };
        assert_eq!(body_limit(&limits), 4000 + BODY_SLACK_BYTES);
        let default = body_limit(&ImportLimits::default());
        assert!(default > (100 << 20) * 4 / 3, "{default}");
    }
}
