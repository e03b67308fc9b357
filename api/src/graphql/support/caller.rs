//! Who calls: read once per request from the `Authorization: Bearer …` header and handed to the
//! resolvers, which ask for it with [`claims`] when an operation needs a logged-in user.

pub use crate::caller::{Caller, ClientAddr};
use async_graphql::Context;
use shared::auth::AccessClaims;
use shared::messages;

use super::errors::{internal, refused};
use shared::db::repo::audit::Actor;
use shared::rate_limit::RateLimitError;

/// The caller's verified claims, or an `UNAUTHENTICATED` error.
pub fn claims<'a>(ctx: &'a Context<'_>) -> async_graphql::Result<&'a AccessClaims> {
    match ctx.data_opt::<Caller>() {
        Some(Caller::Authenticated(claims)) => Ok(claims),
        Some(Caller::Rejected(error)) => Err(refused(
            "UNAUTHENTICATED",
            error.message().unwrap_or_else(messages::session_invalid),
        )),
        Some(Caller::Anonymous) | None => Err(refused(
            "UNAUTHENTICATED",
            messages::authentication_required(),
        )),
    }
}

/// A refused or failed rate-limit check: `TOO_MANY_REQUESTS` (with how long a locked account
/// waits), or an internal error when the counters cannot be read (refusing is safer than
/// guessing without limits).
pub fn limit_error(error: RateLimitError) -> async_graphql::Error {
    match error.message() {
        Some(message) => refused("TOO_MANY_REQUESTS", message),
        None => internal(format!("rate limits: {error}")),
    }
}

/// The actor of an audit-log entry: the caller (and their impersonator, if any).
pub fn actor(claims: &shared::auth::AccessClaims) -> Actor {
    Actor::from(claims)
}
