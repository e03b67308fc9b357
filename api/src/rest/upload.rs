//! `PUT /uploads/validation/{token}` (in the OpenAPI document): receives the PDF of a validation document at the address
//! `requestSignedURLForValidationDocument` handed out when the storage is a local directory
//! (with S3 the browser writes to a presigned S3 URL instead). The token is the authorisation
//! (`shared::services::rule_validation::upload`): forged or expired → 403, a body over the grant's size → 413,
//! not a PDF → 415, empty → 400, already used → 409; a refused upload stores nothing. Success
//! answers 201 with the stored `name`, the `documentID` of `createRuleValidation`.

use std::sync::Arc;

use poem::http::StatusCode;
use poem::web::Data;
use poem::{Body, Request, RequestBody};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::registry::{MetaMediaType, MetaRequest, MetaSchema, MetaSchemaRef};
use poem_openapi::{
    ApiExtractor, ApiExtractorType, ApiResponse, ExtractParamOptions, Object, OpenApi,
};
use shared::services::rule_validation::upload::{self, UploadRefused};
use shared::storage::keys;

use super::{ApiTags, ErrorMessage};
use crate::request_body::{self, BodyRefused};
use crate::state::AppState;
use shared::messages::{self, Message};

/// Its routes take the process's state as data.
pub struct UploadApi;

/// The uploaded PDF, as the raw body: any content type, or none (the web app sends
/// `application/octet-stream`); the bytes themselves must be a PDF.
pub struct PdfBody(Body);

impl<'a> ApiExtractor<'a> for PdfBody {
    const TYPES: &'static [ApiExtractorType] = &[ApiExtractorType::RequestObject];
    type ParamType = ();
    type ParamRawType = ();

    fn request_meta() -> Option<MetaRequest> {
        let binary = || {
            MetaSchemaRef::Inline(Box::new(MetaSchema {
                format: Some("binary"),
                ..MetaSchema::new("string")
            }))
        };
        Some(MetaRequest {
            description: Some("The PDF's bytes (at most the size the address was signed for)."),
            content: vec![
                MetaMediaType {
                    content_type: "application/octet-stream",
                    schema: binary(),
                },
                MetaMediaType {
                    content_type: "application/pdf",
                    schema: binary(),
                },
            ],
            required: true,
        })
    }

    async fn from_request(
        _request: &'a Request,
        body: &mut RequestBody,
        _options: ExtractParamOptions<()>,
    ) -> poem::Result<Self> {
        Ok(Self(body.take()?))
    }
}

/// The stored document: `name` is the `documentID` of `createRuleValidation`.
#[derive(Object, Debug)]
pub struct Uploaded {
    pub name: String,
}

/// Every refusal answers `{ "code", "message" }`; the codes are `UploadRefused`'s.
#[derive(ApiResponse)]
pub enum UploadResponse {
    /// The PDF is stored.
    #[oai(status = 201)]
    Created(Json<Uploaded>),
    /// The body is empty (`EMPTY`) or could not be read (`BAD_REQUEST`).
    #[oai(status = 400)]
    BadRequest(Json<ErrorMessage>),
    /// The address is forged (`FORGED`) or expired (`EXPIRED`).
    #[oai(status = 403)]
    Forbidden(Json<ErrorMessage>),
    /// The address was already used (`USED`).
    #[oai(status = 409)]
    Conflict(Json<ErrorMessage>),
    /// The body is larger than the address allows (`TOO_LARGE`), or inflates more than 100
    /// times its compressed size (`COMPRESSION_RATIO`).
    #[oai(status = 413)]
    TooLarge(Json<ErrorMessage>),
    /// The bytes are not a PDF (`NOT_PDF`), or the `Content-Encoding` is not gzip, deflate or
    /// br (`UNSUPPORTED_CONTENT_ENCODING`).
    #[oai(status = 415)]
    UnsupportedMediaType(Json<ErrorMessage>),
    /// Storage or Redis failure (`INTERNAL`); nothing was stored.
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
}

#[OpenApi(tag = "ApiTags::Upload")]
impl UploadApi {
    /// Receives the PDF of a validation document at the address
    /// `requestSignedURLForValidationDocument` handed out (local storage only: with S3 the
    /// browser writes to a presigned S3 URL). The token in the path is the authorisation: no
    /// `Authorization` header.
    #[oai(path = "/uploads/validation/:token", method = "put")]
    async fn validation_document(
        &self,
        state: Data<&Arc<AppState>>,
        token: Path<String>,
        body: PdfBody,
    ) -> UploadResponse {
        let grant = match state
            .uploads
            .verify(&token.0, chrono::Utc::now().timestamp())
        {
            Ok(grant) => grant,
            Err(refused) => return refusal(&refused),
        };
        let limit = usize::try_from(grant.max_bytes).unwrap_or(usize::MAX);
        let bytes = match request_body::read(body.0, limit).await {
            Ok(bytes) => bytes,
            Err(BodyRefused::TooLarge { .. }) => {
                return refusal(&UploadRefused::TooLarge {
                    max: grant.max_bytes,
                });
            }
            Err(refused) => {
                return answer(refused.status(), refused.code(), &refused.message());
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
        UploadResponse::Created(Json(Uploaded {
            name: grant.document_id.to_string(),
        }))
    }
}

fn refusal(refused: &UploadRefused) -> UploadResponse {
    let status = match refused {
        UploadRefused::Forged | UploadRefused::Expired => StatusCode::FORBIDDEN,
        UploadRefused::Used => StatusCode::CONFLICT,
        UploadRefused::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        UploadRefused::NotPdf => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        UploadRefused::Empty => StatusCode::BAD_REQUEST,
    };
    answer(status, refused.code(), &refused.message())
}

fn internal(error: &dyn std::error::Error) -> UploadResponse {
    tracing::error!(%error, "validation upload failed");
    answer(
        StatusCode::INTERNAL_SERVER_ERROR,
        "INTERNAL",
        &messages::internal_error(),
    )
}

fn answer(status: StatusCode, code: &str, message: &Message) -> UploadResponse {
    let body = Json(ErrorMessage::new(code, message));
    match status {
        StatusCode::FORBIDDEN => UploadResponse::Forbidden(body),
        StatusCode::CONFLICT => UploadResponse::Conflict(body),
        StatusCode::PAYLOAD_TOO_LARGE => UploadResponse::TooLarge(body),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => UploadResponse::UnsupportedMediaType(body),
        StatusCode::INTERNAL_SERVER_ERROR => UploadResponse::Internal(body),
        _ => UploadResponse::BadRequest(body),
    }
}
