//! Prometheus metrics: a registry owned by the server, a middleware that counts and times every
//! HTTP request by route template, and the `/metrics` endpoint — served only to a caller that
//! presents `ISTRUTTORIA_METRICS_TOKEN` (issue 29: not open anonymously on the public address).

use std::sync::Arc;
use std::time::Instant;

use poem::http::{HeaderMap, StatusCode, header};
use poem::{Endpoint, IntoResponse, Middleware, Request, Response, Result};
use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry, TextEncoder,
};
use shared::config::MetricsToken;
use shared::messages;

use crate::rest::error::error_response;

#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    http_requests: IntCounterVec,
    http_duration: HistogramVec,
    pub jobs_enqueued: IntCounterVec,
}

impl Metrics {
    pub fn new() -> Result<Self, prometheus::Error> {
        let registry = Registry::new_custom(Some("istruttoria".into()), None)?;
        let http_requests = IntCounterVec::new(
            Opts::new(
                "http_requests_total",
                "HTTP requests answered, by method, route and status",
            ),
            &["method", "route", "status"],
        )?;
        let http_duration = HistogramVec::new(
            HistogramOpts::new(
                "http_request_duration_seconds",
                "HTTP request latency, by method and route",
            ),
            &["method", "route"],
        )?;
        let jobs_enqueued = IntCounterVec::new(
            Opts::new("jobs_enqueued_total", "Jobs pushed to a queue, by queue"),
            &["queue"],
        )?;
        registry.register(Box::new(http_requests.clone()))?;
        registry.register(Box::new(http_duration.clone()))?;
        registry.register(Box::new(jobs_enqueued.clone()))?;
        Ok(Self {
            registry,
            http_requests,
            http_duration,
            jobs_enqueued,
        })
    }

    /// `GET /metrics`: the registry for a caller whose `Authorization: Bearer` is `token`; 401
    /// for anyone else, and 404 when no token is configured (then nobody reads them here).
    pub fn answer(&self, token: Option<&MetricsToken>, headers: &HeaderMap) -> Response {
        let Some(token) = token else {
            return error_response(
                StatusCode::NOT_FOUND,
                "METRICS_DISABLED",
                &messages::metrics_disabled(),
            );
        };
        let presented = headers
            .get(header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .map(str::trim);
        if presented.is_some_and(|presented| token.matches(presented)) {
            return self.render();
        }
        let mut refused = error_response(
            StatusCode::UNAUTHORIZED,
            "UNAUTHORIZED",
            &messages::metrics_token(),
        );
        refused.headers_mut().insert(
            header::WWW_AUTHENTICATE,
            "Bearer".parse().expect("a header value"),
        );
        refused
    }

    /// The registry in Prometheus text exposition format.
    fn render(&self) -> Response {
        let mut body = Vec::new();
        match TextEncoder::new().encode(&self.registry.gather(), &mut body) {
            Ok(()) => Response::builder()
                .content_type(TextEncoder::new().format_type())
                .body(body),
            Err(error) => {
                tracing::error!(%error, "encoding metrics failed");
                StatusCode::INTERNAL_SERVER_ERROR.into_response()
            }
        }
    }
}

/// Records every request in [`Metrics`]. Routes are labelled by the first path segment only,
/// so that ids in paths (and paths the SPA owns) cannot explode the label set.
pub struct RecordRequests(pub Arc<Metrics>);

impl<E: Endpoint> Middleware<E> for RecordRequests {
    type Output = RecordRequestsEndpoint<E>;
    fn transform(&self, ep: E) -> Self::Output {
        RecordRequestsEndpoint {
            inner: ep,
            metrics: self.0.clone(),
        }
    }
}

pub struct RecordRequestsEndpoint<E> {
    inner: E,
    metrics: Arc<Metrics>,
}

impl<E: Endpoint> Endpoint for RecordRequestsEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Self::Output> {
        let method = req.method().to_string();
        let route = route_label(req.uri().path());
        let started = Instant::now();
        let result = self.inner.call(req).await.map(IntoResponse::into_response);
        let status = match &result {
            Ok(response) => response.status(),
            Err(error) => error.status(),
        };
        self.metrics
            .http_requests
            .with_label_values(&[&method, route, status.as_str()])
            .inc();
        self.metrics
            .http_duration
            .with_label_values(&[&method, route])
            .observe(started.elapsed().as_secs_f64());
        result
    }
}

fn route_label(path: &str) -> &'static str {
    match path.trim_start_matches('/').split('/').next().unwrap_or("") {
        "graphql" => "/graphql",
        "healthz" => "/healthz",
        "readyz" => "/readyz",
        "metrics" => "/metrics",
        "import_dossier" => "/import_dossier",
        "uploads" => "/uploads",
        "downloads" => "/downloads",
        "openapi.json" | "swagger" => "/swagger",
        _ => "/web",
    }
}
