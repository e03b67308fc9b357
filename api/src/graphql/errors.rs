//! The errors operations answer with, one way for every operation: a message the web app can
//! show as it is (Italian, the spec's wording where it has one) and an `extensions.code`.
//!
//! - `BAD_USER_INPUT` (+ `field`): the input breaks a validation rule.
//! - `NOT_FOUND`: what the operation names does not exist.
//! - `CONFLICT`: the operation is refused by the current state (e.g. a type that has rules).
//! - `UNAVAILABLE`: no worker answered an awaited job (a compile, a playground run) in time.
//! - `BUDGET_EXHAUSTED`: the caller has used what their budget allows for the period
//!   (`shared::services::budgets`); the message says which budget and when it renews.
//! - `INTERNAL`: anything else; the details go to the log, not to the client.
//!
//! `UNAUTHENTICATED` and `FORBIDDEN` come from [`super::access`].

use async_graphql::{Error, ErrorExtensions};

/// The input field `field` breaks a rule; `message` says which.
pub fn bad_input(field: &str, message: impl Into<String>) -> Error {
    let field = field.to_owned();
    Error::new(message).extend_with(move |_, e| {
        e.set("code", "BAD_USER_INPUT");
        e.set("field", field.as_str());
    })
}

pub fn not_found(message: impl Into<String>) -> Error {
    Error::new(message).extend_with(|_, e| e.set("code", "NOT_FOUND"))
}

pub fn conflict(message: impl Into<String>) -> Error {
    Error::new(message).extend_with(|_, e| e.set("code", "CONFLICT"))
}

/// A worker the operation waits for did not answer in time.
pub fn unavailable(message: impl Into<String>) -> Error {
    Error::new(message).extend_with(|_, e| e.set("code", "UNAVAILABLE"))
}

/// No worker is running to answer: refused at once (`NO_WORKER`, translated by the web app).
pub fn no_worker(message: impl Into<String>) -> Error {
    Error::new(message).extend_with(|_, e| e.set("code", "NO_WORKER"))
}

/// The caller's budget for the period is spent.
pub fn budget_exhausted(message: impl Into<String>) -> Error {
    Error::new(message).extend_with(|_, e| e.set("code", "BUDGET_EXHAUSTED"))
}

/// Logs `error` with its whole chain and answers a generic message.
pub fn internal(error: impl std::fmt::Display) -> Error {
    tracing::error!(error = %error, "operation failed");
    Error::new("Errore interno: riprova più tardi").extend_with(|_, e| e.set("code", "INTERNAL"))
}
