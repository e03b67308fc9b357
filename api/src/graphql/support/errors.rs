//! The errors operations answer with, one way for every operation: a message of the catalogue
//! ([`shared::messages`]) — its Italian text as `message`, its code and parameters as
//! `extensions.messageCode` and `extensions.params`, which the web app renders in the user's
//! language — and an `extensions.code` that says what kind of refusal it is:
//!
//! - `BAD_USER_INPUT` (+ `field`): the input breaks a validation rule.
//! - `NOT_FOUND`: what the operation names does not exist.
//! - `CONFLICT`: the operation is refused by the current state (e.g. a type that has rules).
//! - `UNAVAILABLE`: no worker answered an awaited job (a compile, a playground run) in time.
//! - `NO_WORKER`: no worker is running to answer: refused at once.
//! - `BUDGET_EXHAUSTED`: the caller has used what their budget allows for the period
//!   (`shared::services::budgets`); the message says which budget and when it renews.
//! - `UNAUTHENTICATED`, `FORBIDDEN`: no valid session, or not allowed ([`crate::graphql::access`]).
//! - `INTERNAL`: anything else; the details go to the log, not to the client.
//!
//! The constructors take a [`Message`], never a string: an error a user sees cannot bypass the
//! catalogue.

use async_graphql::{Error, ErrorExtensionValues, ErrorExtensions};
use shared::db::repo::edit_error::EditError;
use shared::messages::{self, Message};
use shared::services::users::AdminError;
use shared::services::{ErrorKind, ServiceError};
use shared::telemetry::error_chain;

/// An error of kind `code` saying `message`.
pub fn refused(code: &'static str, message: Message) -> Error {
    Error::new(message.italian()).extend_with(move |_, e| describe(e, code, &message))
}

/// Sets `code`, `messageCode` and `params` of an error's extensions.
fn describe(e: &mut ErrorExtensionValues, code: &'static str, message: &Message) {
    e.set("code", code);
    e.set("messageCode", message.code());
    let mut json = message.to_json();
    let params = async_graphql::Value::from_json(json["params"].take())
        .unwrap_or(async_graphql::Value::Null);
    e.set("params", params);
}

/// The input field `field` breaks a rule; `message` says which.
pub fn bad_input(field: &str, message: Message) -> Error {
    let field = field.to_owned();
    refused("BAD_USER_INPUT", message).extend_with(move |_, e| e.set("field", field.as_str()))
}

pub fn not_found(message: Message) -> Error {
    refused("NOT_FOUND", message)
}

pub fn conflict(message: Message) -> Error {
    refused("CONFLICT", message)
}

/// A worker the operation waits for did not answer in time.
pub fn unavailable(message: Message) -> Error {
    refused("UNAVAILABLE", message)
}

/// No worker is running to answer: refused at once.
pub fn no_worker(message: Message) -> Error {
    refused("NO_WORKER", message)
}

/// The caller's budget for the period is spent.
pub fn budget_exhausted(message: Message) -> Error {
    refused("BUDGET_EXHAUSTED", message)
}

/// The caller may not do this.
pub fn forbidden(message: Message) -> Error {
    refused("FORBIDDEN", message)
}

/// Logs `error` with its whole chain and answers a generic message.
pub fn internal(error: impl std::fmt::Display) -> Error {
    tracing::error!(error = %error, "operation failed");
    refused("INTERNAL", messages::internal_error())
}

/// The answer to a catalogue edit the repositories refused.
pub fn edit_error(error: EditError) -> async_graphql::Error {
    match error {
        EditError::Invalid { field, message } => bad_input(field, message),
        EditError::NotFound(message) => not_found(message),
        EditError::Conflict(message) => conflict(message),
        EditError::Db(error) => internal(error_chain(&error)),
    }
}

/// A refused or failed domain-service operation (`shared::services`) as a GraphQL error: its
/// message for the client, or the generic one with the details logged.
pub fn service_error<E: ServiceError>(error: E) -> async_graphql::Error {
    match error.kind() {
        ErrorKind::NotFound => not_found(error.message()),
        ErrorKind::Conflict => conflict(error.message()),
        ErrorKind::Invalid { field } => bad_input(field, error.message()),
        ErrorKind::Unavailable => unavailable(error.message()),
        ErrorKind::NoWorker => no_worker(error.message()),
        ErrorKind::Internal => internal(error_chain(&error)),
    }
}

/// A database error as the client sees it.
pub fn db_error(error: shared::db::DbError) -> async_graphql::Error {
    internal(error_chain(&error))
}

/// An administrative failure as a GraphQL error.
pub fn admin_error(error: AdminError) -> async_graphql::Error {
    match error {
        AdminError::Invalid(field) => bad_input(field.field, field.message),
        AdminError::NotFound(message) => not_found(message),
        AdminError::Conflict(message) => conflict(message),
        AdminError::Forbidden(message) => forbidden(message),
        error => internal(format!("{error:#}")),
    }
}
