//! Who may call a REST route, decided from the request's headers before anything else is
//! read: the caller (a user's access token or an API key, `crate::caller`), an API key's rate,
//! and refusals written as the routes' `{ code, message, messageCode, params }` bodies.

use std::sync::Arc;

use poem::http::{StatusCode, header};
use poem::{Endpoint, EndpointExt, IntoResponse, Request, Response};
use poem_openapi::SecurityScheme;
use poem_openapi::auth::{ApiKey, Bearer};
use shared::auth::AccessClaims;
use shared::messages::{self, Message};

use super::error::error_response;
use crate::caller::{Caller, ClientAddr};
use crate::state::AppState;

/// A user's access token or an API key (`Authorization: Bearer …`), or an API key in
/// `X-Api-Key`. The credential itself is checked before the route's extractors run
/// ([`authenticate`], through the import's guard or [`authenticated`]): this parameter puts
/// the schemes in the OpenAPI document.
#[derive(SecurityScheme)]
#[allow(dead_code)]
pub enum ClientAuth {
    Bearer(BearerToken),
    ApiKey(ApiKeyHeader),
}

/// A user's access token (from `basicLogin`) or an API key (`ik_…`).
#[derive(SecurityScheme)]
#[oai(ty = "bearer")]
pub struct BearerToken(#[allow(dead_code)] Bearer);

/// An API key (`ik_…`), created by an administrator on /api-keys.
#[derive(SecurityScheme)]
#[oai(ty = "api_key", key_name = "X-Api-Key", key_in = "header")]
pub struct ApiKeyHeader(#[allow(dead_code)] ApiKey);

/// The `Retry-After` of an API key over its rate, in seconds (its window is a minute).
pub const RETRY_RATE_AFTER: u32 = 60;

/// A refusal answered before the operation runs (a poem error, so that poem-openapi's
/// extractors can return it), with the operation's `{ code, message }` body.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: Message,
    /// Seconds after which the client may try again (`Retry-After`).
    pub retry_after: Option<u32>,
}

impl Refusal {
    pub fn new(status: StatusCode, code: &'static str, message: Message) -> Self {
        Self {
            status,
            code,
            message,
            retry_after: None,
        }
    }

    fn internal() -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "INTERNAL",
            messages::internal_error(),
        )
    }
}

impl poem::error::ResponseError for Refusal {
    fn status(&self) -> StatusCode {
        self.status
    }

    fn as_response(&self) -> Response {
        let mut response = error_response(self.status, self.code, &self.message);
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
        }
        response
    }
}

/// The server's state, which `server::app` attaches to the REST routes (poem-openapi's
/// `transform` and payloads cannot see the API's own).
pub fn app_state(request: &Request) -> Result<Arc<AppState>, Refusal> {
    request.data::<Arc<AppState>>().cloned().ok_or_else(|| {
        tracing::error!("the REST routes were served without the application state");
        Refusal::internal()
    })
}

/// The caller of `req`, authenticated (401 otherwise) and, for an API key, within its rate
/// (429 with `Retry-After`).
pub async fn authenticate(req: &Request, state: &AppState) -> Result<AccessClaims, Refusal> {
    let peer = req.remote_addr().as_socket_addr().map(|addr| addr.ip());
    let client = ClientAddr::from_request(peer, req.headers(), &state.config.trusted_proxies);
    let caller = Caller::from_headers(req.headers(), state, client.0);
    if let Err(error) = caller.count_key_request(state).await {
        return Err(match error.message() {
            Some(message) => Refusal {
                retry_after: Some(RETRY_RATE_AFTER),
                ..Refusal::new(StatusCode::TOO_MANY_REQUESTS, "TOO_MANY_REQUESTS", message)
            },
            None => {
                tracing::error!(%error, "API key rate: counters unreachable");
                Refusal::internal()
            }
        });
    }
    match caller {
        Caller::Authenticated(claims) => Ok(claims),
        Caller::Rejected(error) => Err(Refusal::new(
            StatusCode::UNAUTHORIZED,
            "UNAUTHORIZED",
            error.message().unwrap_or_else(messages::session_invalid),
        )),
        Caller::Anonymous => Err(Refusal::new(
            StatusCode::UNAUTHORIZED,
            "UNAUTHORIZED",
            messages::authentication_required(),
        )),
    }
}

/// The caller of a route wrapped by [`authenticated`], in the request's data.
#[derive(Clone)]
pub struct Authenticated(pub AccessClaims);

/// Wraps a route so that its caller is authenticated before poem-openapi's extractors run (its
/// security scheme parameter would answer a missing header in its own words): a refusal
/// answers with its body, the claims go in the request's data as [`Authenticated`].
pub fn authenticated(ep: impl Endpoint + 'static) -> impl Endpoint {
    ep.around(|ep, mut req| async move {
        let admitted = match app_state(&req) {
            Ok(state) => authenticate(&req, &state).await,
            Err(refusal) => Err(refusal),
        };
        match admitted {
            Ok(claims) => {
                req.extensions_mut().insert(Authenticated(claims));
                ep.call(req).await.map(IntoResponse::into_response)
            }
            Err(refusal) => Ok(poem::error::ResponseError::as_response(&refusal)),
        }
    })
}
