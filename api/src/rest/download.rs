//! `GET /downloads/{token}` (in the OpenAPI document): streams a stored file — a dossier's
//! imported zip, a document's PDF — from object storage to whoever follows the link a GraphQL
//! field handed out (`shared::downloads`). The token is the authorisation, checked again here:
//! forged or expired → 403, the asking session ended or its roles no longer allowing the file
//! → 403, the file deleted since → 404. The bytes pass through one chunk at a time, so the
//! API's memory stays flat whatever the file's size (docs/benchmarks.md, "Downloads").

use std::sync::Arc;

use futures::TryStreamExt;
use poem::Body;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::{Binary, Json, Response};
use poem_openapi::{ApiResponse, OpenApi};
use shared::downloads::{DownloadGrant, DownloadRefused};
use shared::messages;
use shared::telemetry::error_chain;

use super::{ApiTags, ErrorMessage};
use crate::state::AppState;

/// Its routes take the process's state as data.
pub struct DownloadApi;

/// Nothing a download answers is kept by a shared cache: the link is one user's.
const NO_STORE: &str = "private, no-store";

/// The file, as an attachment named as the link says; refusals answer `{ "code", "message" }`.
#[derive(ApiResponse)]
pub enum DownloadResponse {
    /// The file's bytes: `application/zip` for a dossier's archive, `application/pdf` for a
    /// document (the `Content-Type` says which).
    #[oai(status = 200)]
    File(
        Binary<Body>,
        #[oai(header = "Content-Disposition")] String,
        #[oai(header = "Content-Length")] u64,
        #[oai(header = "Cache-Control")] String,
    ),
    /// The link is forged (`FORGED`) or expired (`EXPIRED`), or the session that asked for it
    /// ended or its roles no longer allow the file (`ACCESS_ENDED`).
    #[oai(status = 403)]
    Forbidden(Json<ErrorMessage>),
    /// The file was deleted since the link was made (`NOT_FOUND`).
    #[oai(status = 404)]
    NotFound(Json<ErrorMessage>),
    /// Storage failure (`INTERNAL`).
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
}

#[OpenApi(tag = "ApiTags::Download")]
impl DownloadApi {
    /// Streams the stored file a download link names (`downloadDossier`, `downloadDocument`,
    /// `Document.pdfUrl` hand them out). The token in the path is the authorisation: no
    /// `Authorization` header.
    #[oai(path = "/downloads/:token", method = "get")]
    async fn download(
        &self,
        state: Data<&Arc<AppState>>,
        token: Path<String>,
    ) -> Response<DownloadResponse> {
        let grant = match allowed(&state, &token.0) {
            Ok(grant) => grant,
            Err(refused) => {
                return Response::new(DownloadResponse::Forbidden(Json(ErrorMessage::new(
                    refused.code(),
                    &refused.message(),
                ))));
            }
        };
        let (size, stream) = match state.storage.get_stream(&grant.key).await {
            Ok(found) => found,
            Err(error) if error.is_not_found() => {
                return Response::new(DownloadResponse::NotFound(Json(ErrorMessage::new(
                    "NOT_FOUND",
                    &grant.kind.gone(),
                ))));
            }
            Err(error) => {
                tracing::error!(error = %error_chain(&error), "download failed");
                return Response::new(DownloadResponse::Internal(Json(ErrorMessage::new(
                    "INTERNAL",
                    &messages::internal_error(),
                ))));
            }
        };
        tracing::info!(user = %grant.subject, file = %grant.key, size, "download");
        let body = Binary(Body::from_bytes_stream(
            stream.map_err(std::io::Error::other),
        ));
        // One 200 in the document (two would be one key twice); the media type set here, after
        // the payload's own.
        Response::new(DownloadResponse::File(
            body,
            grant.content_disposition(),
            size,
            NO_STORE.into(),
        ))
        .header("Content-Type", grant.kind.content_type())
    }
}

/// The grant of `token` if it is sound, unexpired, and its session and roles still allow it.
fn allowed(state: &AppState, token: &str) -> Result<DownloadGrant, DownloadRefused> {
    let grant = state
        .downloads
        .verify(token, chrono::Utc::now().timestamp())?;
    let ended = state.session_ended(grant.session_id, &grant.subject)
        || !grant
            .resources
            .iter()
            .all(|resource| state.access.allows(&grant.subject, resource));
    if ended {
        return Err(DownloadRefused::AccessEnded);
    }
    Ok(grant)
}
