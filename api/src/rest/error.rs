//! How REST refuses: [`ErrorMessage`], in the OpenAPI document and in the answers written
//! outside poem-openapi's typed responses ([`error_response`]).

use poem::Response;
use poem::http::StatusCode;
use poem_openapi::Object;
use shared::messages::Message;

/// Why a request was refused: a stable code of the kind of refusal, the Italian message, and
/// the message's entry of the catalogue with its parameters, to render it in another language
/// ([`error_response`] writes the same fields).
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

/// A REST refusal, [`ErrorMessage`] as JSON, for the answers written outside
/// poem-openapi's typed responses.
pub fn error_response(status: StatusCode, code: &str, message: &Message) -> Response {
    use poem_openapi::types::ToJSON;
    Response::builder()
        .status(status)
        .content_type("application/json; charset=utf-8")
        .body(ErrorMessage::new(code, message).to_json_string())
}
