//! Sending `POST /import_dossier` and reading its answer, in either of its forms.

use anyhow::{Context, Result};
use serde_json::Value;

/// The answer of an import: status, `Idempotent-Replayed`, body.
pub struct ImportAnswer {
    pub status: u16,
    pub replayed: Option<String>,
    pub body: Value,
}

/// Sends `request` (an import, its body and credential set), with `key` as its
/// `Idempotency-Key`, and reads the answer.
pub async fn send_import(
    mut request: reqwest::RequestBuilder,
    key: Option<&str>,
) -> Result<ImportAnswer> {
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    let response = request.send().await?;
    let status = response.status().as_u16();
    let replayed = response
        .headers()
        .get("Idempotent-Replayed")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let text = response.text().await?;
    let body = serde_json::from_str(&text).with_context(|| format!("{status}: {text}"))?;
    Ok(ImportAnswer {
        status,
        replayed,
        body,
    })
}
