//! Who calls: read once per request from the `Authorization: Bearer …` header — a user's access
//! token or an API key — or the `X-Api-Key` header (or a GraphQL WebSocket's
//! `connection_init`), for the GraphQL resolvers and the REST handlers alike.

use std::net::IpAddr;

use poem::http::HeaderMap;
use shared::auth::api_keys::{self, KeyRefusal};
use shared::auth::{AccessClaims, TokenError};
use shared::messages::Message;
use shared::rate_limit::{RateLimitError, api_key_counter};

use crate::state::AppState;

/// The header an API key may come in instead of `Authorization: Bearer`.
pub const API_KEY_HEADER: &str = "x-api-key";

pub enum Caller {
    Anonymous,
    /// A user's session, or an API key (see [`AccessClaims::is_api_key`]).
    Authenticated(AccessClaims),
    /// A token or key was sent but is not valid; the reason goes back to the client when it
    /// matters.
    Rejected(Rejection),
}

/// Why the credential a request sent was refused.
#[derive(Debug)]
pub enum Rejection {
    Token(TokenError),
    Key(KeyRefusal),
}

impl Rejection {
    /// What the client is told (`None` for a failure of ours).
    pub fn message(&self) -> Option<Message> {
        match self {
            Self::Token(error) => error.message(),
            Self::Key(refusal) => Some(refusal.message()),
        }
    }

    /// A user's access token that we signed, past its expiry.
    pub fn is_expired_token(&self) -> bool {
        matches!(self, Self::Token(TokenError::Expired))
    }
}

impl Caller {
    /// From the request's headers, the client at `client` (API keys may be limited to some
    /// addresses).
    pub fn from_headers(headers: &HeaderMap, state: &AppState, client: Option<IpAddr>) -> Self {
        if let Some(value) = headers.get(poem::http::header::AUTHORIZATION) {
            return Self::from_authorization(value.to_str().ok(), state, client);
        }
        match headers.get(API_KEY_HEADER) {
            None => Self::Anonymous,
            Some(value) => match value.to_str() {
                Ok(key) => Self::from_key(key.trim(), state, client),
                Err(_) => Self::Rejected(Rejection::Key(KeyRefusal::Invalid)),
            },
        }
    }

    /// From the `connection_init` payload of a GraphQL WebSocket, which carries the header's
    /// value as `{"Authorization": "Bearer …"}` (browsers cannot set headers on WebSockets).
    pub fn from_connection_payload(
        payload: &serde_json::Value,
        state: &AppState,
        client: Option<IpAddr>,
    ) -> Self {
        let value = payload
            .get("Authorization")
            .or_else(|| payload.get("authorization"));
        match value {
            None | Some(serde_json::Value::Null) => Self::Anonymous,
            Some(value) => Self::from_authorization(value.as_str(), state, client),
        }
    }

    /// From the value of an `Authorization` header (`None` when it is not text).
    fn from_authorization(value: Option<&str>, state: &AppState, client: Option<IpAddr>) -> Self {
        let token = value.and_then(|v| v.strip_prefix("Bearer ")).map(str::trim);
        match token {
            Some(key) if api_keys::is_key(key) => Self::from_key(key, state, client),
            Some(token) => match state.auth.verify_access(token) {
                Ok(claims) => Self::Authenticated(claims),
                Err(error) => Self::Rejected(Rejection::Token(error)),
            },
            None => Self::Rejected(Rejection::Token(TokenError::invalid(
                "expected `Authorization: Bearer <token>`",
            ))),
        }
    }

    /// Counts a request made with an API key against the key's rate
    /// ([`shared::rate_limit::REQUESTS_PER_API_KEY`], every API process together); refused
    /// when over it. Nothing for other callers.
    pub async fn count_key_request(&self, state: &AppState) -> Result<(), RateLimitError> {
        match self {
            Self::Authenticated(claims) if claims.is_api_key() => {
                state.limits.take(&[api_key_counter(&claims.email)]).await
            }
            _ => Ok(()),
        }
    }

    fn from_key(key: &str, state: &AppState, client: Option<IpAddr>) -> Self {
        match state.access.verify_key(key, client) {
            Ok(key) => {
                state.key_usage.record(&state.db, key.id);
                Self::Authenticated(key.claims())
            }
            Err(refusal) => {
                tracing::info!(reason = %refusal, client = ?client, "API key refused");
                Self::Rejected(Rejection::Key(refusal))
            }
        }
    }
}

/// The client's IP address, for rate limits and API keys' allowed sources: the peer of the connection, or — only when that
/// peer is one of `ISTRUTTORIA_TRUSTED_PROXIES` — the right-most `X-Forwarded-For` address
/// that is not itself a trusted proxy (the left part of the header is the client's to forge).
///
/// With no trusted proxy (the default) `X-Forwarded-For` is ignored, whoever sends it: a
/// loopback or private peer is not believed either, since anything on the host or the network
/// can connect from one. Behind a proxy that is not listed every client is the proxy's
/// address, which shares the per-address limits (the per-account login lock does not depend
/// on the address): the proxy must be listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub Option<std::net::IpAddr>);

impl ClientAddr {
    pub fn from_request(
        peer: Option<std::net::IpAddr>,
        headers: &HeaderMap,
        trusted_proxies: &[std::net::IpAddr],
    ) -> Self {
        let Some(peer) = peer else {
            return Self(None);
        };
        if !trusted_proxies.contains(&peer) {
            return Self(Some(peer));
        }
        let client = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .filter_map(|part| part.trim().parse::<std::net::IpAddr>().ok())
            .rev()
            .find(|address| !trusted_proxies.contains(address))
            .unwrap_or(peer);
        Self(Some(client))
    }

    /// The caller's address as the request data holds it (`None` when unknown).
    pub fn of(ctx: &async_graphql::Context<'_>) -> Option<std::net::IpAddr> {
        ctx.data_opt::<ClientAddr>().and_then(|c| c.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(forwarded: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", forwarded.parse().expect("header value"));
        headers
    }

    #[test]
    fn forwarded_for_is_believed_only_from_a_trusted_proxy() {
        let proxy: std::net::IpAddr = "10.0.0.1".parse().expect("ip");
        let peer: std::net::IpAddr = "192.0.2.7".parse().expect("ip");
        let forged = headers("203.0.113.9");
        assert_eq!(
            ClientAddr::from_request(Some(peer), &forged, &[]).0,
            Some(peer)
        );
        assert_eq!(
            ClientAddr::from_request(Some(peer), &forged, &[proxy]).0,
            Some(peer),
            "the peer is not a trusted proxy"
        );
        let chain = headers("198.51.100.1, 203.0.113.9, 10.0.0.1");
        assert_eq!(
            ClientAddr::from_request(Some(proxy), &chain, &[proxy]).0,
            "203.0.113.9".parse().ok(),
            "the right-most untrusted address"
        );
        assert_eq!(
            ClientAddr::from_request(Some(proxy), &HeaderMap::new(), &[proxy]).0,
            Some(proxy)
        );
    }

    /// Without trusted proxies the header is ignored, even from a loopback or private peer.
    #[test]
    fn forwarded_for_is_ignored_from_an_unlisted_local_peer() {
        let chain = headers("6.6.6.6, 203.0.113.9");
        for peer in ["127.0.0.1", "::1", "172.16.3.4", "10.1.2.3", "192.0.2.7"] {
            let peer: std::net::IpAddr = peer.parse().expect("ip");
            assert_eq!(
                ClientAddr::from_request(Some(peer), &chain, &[]).0,
                Some(peer),
                "{peer}"
            );
        }
        let listed: std::net::IpAddr = "127.0.0.1".parse().expect("ip");
        let other_local: std::net::IpAddr = "127.0.0.2".parse().expect("ip");
        assert_eq!(
            ClientAddr::from_request(Some(other_local), &chain, &[listed]).0,
            Some(other_local),
            "only the listed address is a proxy"
        );
    }
}
