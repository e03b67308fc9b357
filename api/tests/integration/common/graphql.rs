//! Reading GraphQL responses.

use anyhow::Result;
use serde_json::Value;

/// The `data` of a response, which must have no errors (else an error showing the response).
pub fn ok(body: &Value) -> Result<Value> {
    anyhow::ensure!(body["errors"].is_null(), "GraphQL errors: {body}");
    Ok(body["data"].clone())
}

/// The code of a response's first error (its `extensions.code`; "" when there is none).
pub fn error_code(body: &Value) -> &str {
    body["errors"][0]["extensions"]["code"]
        .as_str()
        .unwrap_or_default()
}
