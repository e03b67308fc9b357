//! REST routes, described by the OpenAPI document (`/openapi.json`, Swagger UI at `/swagger`).

mod health;
pub mod import;
pub mod upload;

use std::sync::Arc;

use poem_openapi::{Object, OpenApiService, Tags};
use shared::messages::Message;

use crate::state::AppState;

#[derive(Tags)]
pub enum ApiTags {
    /// Liveness and readiness of the service.
    Health,
    /// Importing dossiers (a zip of PDFs).
    Import,
    /// Uploading the PDFs of rule validations to the addresses GraphQL signs.
    Upload,
}

/// Why a request was refused: a stable code of the kind of refusal, the Italian message, and
/// the message's entry of the catalogue with its parameters, to render it in another language
/// (`request_body::error_response` writes the same fields).
#[derive(Object, Debug)]
pub struct ErrorMessage {
    /// E.g. `BAD_REQUEST`, `UNAUTHORIZED`, `FORBIDDEN`, `PAYLOAD_TOO_LARGE`,
    /// `COMPRESSION_RATIO`, `UNSUPPORTED_MEDIA_TYPE`, `UNSUPPORTED_CONTENT_ENCODING`, `INTERNAL`
    /// (each operation lists its own).
    pub code: String,
    /// The message in Italian.
    pub message: String,
    /// The message's code in the catalogue (e.g. `IMPORT_MISSING_FILES`).
    #[oai(rename = "messageCode")]
    pub message_code: String,
    /// The values of the message's placeholders (a nested message is an object
    /// `{ messageCode, params }`).
    pub params: serde_json::Value,
}

impl ErrorMessage {
    pub fn new(code: &str, message: &Message) -> Self {
        let mut json = message.to_json();
        Self {
            code: code.to_owned(),
            message: message.italian(),
            message_code: message.code().to_owned(),
            params: json["params"].take(),
        }
    }
}

/// The REST operations, as served and as documented.
pub type RestApis = (health::HealthApi, import::ImportApi, upload::UploadApi);

pub fn service(state: Arc<AppState>) -> OpenApiService<RestApis, ()> {
    OpenApiService::new(
        (
            health::HealthApi::new(state.clone()),
            import::ImportApi::new(state.clone()),
            upload::UploadApi::new(state),
        ),
        "Istruttoria",
        env!("CARGO_PKG_VERSION"),
    )
    .description("REST routes of Istruttoria. Everything else is GraphQL at /graphql.")
}
