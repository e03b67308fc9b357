//! Who calls: read once per request from the `Authorization: Bearer …` header and handed to the
//! resolvers, which ask for it with [`claims`] when an operation needs a logged-in user.

pub use crate::caller::Caller;
use async_graphql::Context;
use poem::http::HeaderMap;
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

/// The client's IP address, for rate limits: the peer of the connection, or — only when that
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
    pub fn of(ctx: &Context<'_>) -> Option<std::net::IpAddr> {
        ctx.data_opt::<ClientAddr>().and_then(|c| c.0)
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
