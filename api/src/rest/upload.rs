//! `PUT /uploads/validation/{token}`: receives the PDF of a validation document at the address
//! `requestSignedURLForValidationDocument` handed out when the storage is a local directory
//! (with S3 the browser writes to a presigned S3 URL instead). The token is the authorisation
//! (`shared::validation::upload`): forged or expired → 403, a body over the grant's size → 413,
//! not a PDF → 415, empty → 400, already used → 409; a refused upload stores nothing. Success
//! answers 201 with the stored `name`, the `documentID` of `createRuleValidation`.

use std::sync::Arc;

use poem::http::StatusCode;
use poem::web::{Data, Path};
use poem::{Body, Response, handler};
use shared::storage::keys;
use shared::validation::upload::{self, UploadRefused};

use crate::state::AppState;

#[handler]
pub async fn validation_document(
    Path(token): Path<String>,
    body: Body,
    state: Data<&Arc<AppState>>,
) -> Response {
    let grant = match state.uploads.verify(&token, chrono::Utc::now().timestamp()) {
        Ok(grant) => grant,
        Err(refused) => return refusal(&refused),
    };
    let limit = usize::try_from(grant.max_bytes).unwrap_or(usize::MAX);
    let bytes = match body.into_bytes_limit(limit).await {
        Ok(bytes) => bytes,
        Err(poem::error::ReadBodyError::PayloadTooLarge) => {
            return refusal(&UploadRefused::TooLarge {
                max: grant.max_bytes,
            });
        }
        Err(error) => {
            return answer(
                StatusCode::BAD_REQUEST,
                "BAD_REQUEST",
                &format!("Caricamento interrotto: {error}"),
            );
        }
    };
    if let Err(refused) = upload::check_pdf(&bytes, grant.max_bytes) {
        return refusal(&refused);
    }
    let key = keys::validation_pdf(grant.document_id);
    match state.storage.exists(&key).await {
        Ok(false) => {}
        Ok(true) => return refusal(&UploadRefused::Used),
        Err(error) => return internal(&error),
    }
    match upload::claim(&state.redis, grant.document_id).await {
        Ok(Ok(())) => {}
        Ok(Err(refused)) => return refusal(&refused),
        Err(error) => return internal(&error),
    }
    if let Err(error) = state.storage.put(&key, bytes).await {
        return internal(&error);
    }
    tracing::info!(document = %grant.document_id, file = %grant.file_name, "validation document uploaded");
    Response::builder()
        .status(StatusCode::CREATED)
        .content_type("application/json")
        .body(serde_json::json!({ "name": grant.document_id.to_string() }).to_string())
}

fn refusal(refused: &UploadRefused) -> Response {
    let status = match refused {
        UploadRefused::Forged | UploadRefused::Expired => StatusCode::FORBIDDEN,
        UploadRefused::Used => StatusCode::CONFLICT,
        UploadRefused::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        UploadRefused::NotPdf => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        UploadRefused::Empty => StatusCode::BAD_REQUEST,
    };
    answer(status, refused.code(), &refused.to_string())
}

fn internal(error: &dyn std::error::Error) -> Response {
    tracing::error!(%error, "validation upload failed");
    answer(
        StatusCode::INTERNAL_SERVER_ERROR,
        "INTERNAL",
        "Errore interno: riprova più tardi",
    )
}

fn answer(status: StatusCode, code: &str, message: &str) -> Response {
    Response::builder()
        .status(status)
        .content_type("application/json")
        .body(serde_json::json!({ "code": code, "message": message }).to_string())
}
