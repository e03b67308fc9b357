//! The e-mails a test server writes to its outbox directory (`TestServer::outbox`).

use std::path::Path;

use anyhow::Result;

use super::wait::{PATIENCE, eventually};

/// The messages of a server's outbox (`TestServer::outbox`), oldest first.
pub fn messages(outbox: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(outbox) else {
        return Vec::new();
    };
    let mut names: Vec<_> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "eml"))
        .collect();
    names.sort();
    names
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect()
}

/// Waits for the `n`-th message of the outbox (sending happens in the background).
pub async fn nth_message(outbox: &Path, n: usize) -> Result<String> {
    let what = format!("message #{n} in {}", outbox.display());
    eventually(PATIENCE, &what, async || {
        Ok(messages(outbox).into_iter().nth(n - 1))
    })
    .await
}

/// The only 6-digit number of the message body (quoted-printable keeps digits as they are).
pub fn code_of(message: &str) -> Result<String> {
    let body = message
        .split_once("\r\n\r\n")
        .map(|(_, body)| body)
        .ok_or_else(|| anyhow::anyhow!("a message without a body: {message}"))?
        .replace("=\r\n", "");
    let numbers: Vec<&str> = body
        .split(|c: char| !c.is_ascii_digit())
        .filter(|part| part.len() == 6)
        .collect();
    anyhow::ensure!(numbers.len() == 1, "one 6-digit number in: {body}");
    Ok(numbers[0].to_owned())
}
