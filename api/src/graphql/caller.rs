//! Who calls: read once per request from the `Authorization: Bearer …` header and handed to the
//! resolvers, which ask for it with [`claims`] when an operation needs a logged-in user.

use async_graphql::{Context, ErrorExtensions};
use poem::http::HeaderMap;
use shared::auth::{AccessClaims, TokenError, TokenKeys};

pub enum Caller {
    Anonymous,
    Authenticated(AccessClaims),
    /// A token was sent but is not valid; the reason goes back to the client when it matters.
    Rejected(TokenError),
}

impl Caller {
    pub fn from_headers(headers: &HeaderMap, keys: &TokenKeys) -> Self {
        let Some(value) = headers.get(poem::http::header::AUTHORIZATION) else {
            return Self::Anonymous;
        };
        let token = value
            .to_str()
            .ok()
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim);
        match token {
            Some(token) => match keys.verify(token) {
                Ok(claims) => Self::Authenticated(claims),
                Err(error) => Self::Rejected(error),
            },
            None => Self::Rejected(TokenError::Invalid(
                "expected `Authorization: Bearer <token>`".into(),
            )),
        }
    }
}

/// The caller's verified claims, or an `UNAUTHENTICATED` error.
pub fn claims<'a>(ctx: &'a Context<'_>) -> async_graphql::Result<&'a AccessClaims> {
    match ctx.data_opt::<Caller>() {
        Some(Caller::Authenticated(claims)) => Ok(claims),
        Some(Caller::Rejected(error)) => Err(unauthenticated(&error.to_string())),
        Some(Caller::Anonymous) | None => Err(unauthenticated("Autenticazione richiesta")),
    }
}

fn unauthenticated(message: &str) -> async_graphql::Error {
    async_graphql::Error::new(message).extend_with(|_, e| e.set("code", "UNAUTHENTICATED"))
}
