//! Prometheus metrics: a registry owned by the server, a middleware that counts and times every
//! HTTP request by route template, and the `/metrics` endpoint.

use std::sync::Arc;
use std::time::Instant;

use poem::{Endpoint, IntoResponse, Middleware, Request, Response, Result, http::StatusCode};
use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry, TextEncoder,
};

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

    /// The registry in Prometheus text exposition format.
    pub fn render(&self) -> Response {
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
        "openapi.json" | "swagger" => "/swagger",
        _ => "/web",
    }
}
