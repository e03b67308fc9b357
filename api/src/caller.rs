//! Who calls: read once per request from the `Authorization: Bearer …` header (or a GraphQL
//! WebSocket's `connection_init`), for the GraphQL resolvers and the REST handlers alike.

use poem::http::HeaderMap;
use shared::auth::{AccessClaims, Authenticator, TokenError};

pub enum Caller {
    Anonymous,
    Authenticated(AccessClaims),
    /// A token was sent but is not valid; the reason goes back to the client when it matters.
    Rejected(TokenError),
}

impl Caller {
    pub fn from_headers(headers: &HeaderMap, auth: &Authenticator) -> Self {
        match headers.get(poem::http::header::AUTHORIZATION) {
            None => Self::Anonymous,
            Some(value) => Self::from_authorization(value.to_str().ok(), auth),
        }
    }

    /// From the `connection_init` payload of a GraphQL WebSocket, which carries the header's
    /// value as `{"Authorization": "Bearer …"}` (browsers cannot set headers on WebSockets).
    pub fn from_connection_payload(payload: &serde_json::Value, auth: &Authenticator) -> Self {
        let value = payload
            .get("Authorization")
            .or_else(|| payload.get("authorization"));
        match value {
            None | Some(serde_json::Value::Null) => Self::Anonymous,
            Some(value) => Self::from_authorization(value.as_str(), auth),
        }
    }

    /// From the value of an `Authorization` header (`None` when it is not text).
    fn from_authorization(value: Option<&str>, auth: &Authenticator) -> Self {
        let token = value.and_then(|v| v.strip_prefix("Bearer ")).map(str::trim);
        match token {
            Some(token) => match auth.verify_access(token) {
                Ok(claims) => Self::Authenticated(claims),
                Err(error) => Self::Rejected(error),
            },
            None => Self::Rejected(TokenError::invalid(
                "expected `Authorization: Bearer <token>`",
            )),
        }
    }
}
