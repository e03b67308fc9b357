//! Builds the HTTP application and runs it until SIGINT/SIGTERM, then drains in-flight requests.

use std::sync::Arc;

use anyhow::Context;
use async_graphql::http::ALL_WEBSOCKET_PROTOCOLS;
use async_graphql_poem::{GraphQLProtocol, GraphQLResponse, GraphQLWebSocket};
use poem::http::StatusCode;
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::middleware::{Compression, Tracing};
use poem::web::websocket::WebSocket;
use poem::{Body, IntoResponse, Response};
use poem::{Endpoint, EndpointExt, Route, Server, get, handler};
use shared::config::ApiConfig;
use shared::messages::{self, Message};

use crate::headers::SecurityHeaders;
use crate::metrics::RecordRequests;
use crate::request_body::DecodeBodies;
use crate::spa::WithWebApp;
use crate::state::AppState;

/// Migrates the database, connects to its dependencies and serves HTTP until a shutdown signal.
pub async fn run(config: ApiConfig) -> anyhow::Result<()> {
    let shutdown = shared::shutdown::listen().context("listening for shutdown signals")?;
    shared::db::run_migrations(&config.common.database_url)
        .await
        .context("migrating the database")?;
    let state = Arc::new(AppState::connect(config).await?);
    let acceptor = TcpListener::bind(state.config.http_addr)
        .into_acceptor()
        .await
        .with_context(|| format!("listening on {}", state.config.http_addr))?;
    serve(state, acceptor, shutdown).await
}

/// Serves `state`'s application on `acceptor` until `shutdown` completes.
pub async fn serve(
    state: Arc<AppState>,
    acceptor: impl Acceptor + 'static,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let addresses: Vec<String> = acceptor
        .local_addr()
        .iter()
        .map(ToString::to_string)
        .collect();
    tracing::info!(addresses = addresses.join(", "), "serving HTTP");
    let timeout = state.config.common.shutdown_timeout;
    Server::new_with_acceptor(acceptor)
        .run_with_graceful_shutdown(app(state), shutdown, Some(timeout))
        .await
        .context("serving HTTP")?;
    tracing::info!("HTTP server stopped");
    Ok(())
}

/// Every route of the server.
pub fn app(state: Arc<AppState>) -> impl Endpoint {
    let schema = crate::graphql::schema(Some(state.clone()));
    let rest = crate::rest::service();
    let openapi_json = rest.spec_endpoint();
    let swagger = crate::explorers::swagger(&rest.swagger_ui_html());
    let metrics = state.metrics.clone();
    let graphql_route = if state.config.graphql.graphiql {
        get(crate::explorers::graphiql(&state.config.web_dist))
    } else {
        get(no_graphiql)
    };
    let routes = Route::new()
        .at(
            "/graphql",
            graphql_route.post(graphql.data(schema.clone()).data(state.clone())),
        )
        .at(
            "/graphql/ws",
            get(graphql_ws.data(schema.clone()).data(state.clone())),
        )
        .at(
            "/metrics",
            get(metrics_endpoint)
                .data(metrics.clone())
                .data(state.clone()),
        )
        .at("/openapi.json", openapi_json)
        .nest("/swagger", swagger)
        .nest("/", rest.data(state.clone()));
    // Request bodies are inflated by `DecodeBodies`, within bounds, before poem's Compression
    // (which then only compresses answers) could inflate them without any. Downloads are
    // zips and PDFs, compressed already: they pass as they are stored, with their length.
    let served = WithWebApp::new(routes, &state.config.web_dist)
        .with(Compression::new())
        .around(downloads_uncompressed)
        .with(DecodeBodies::new(largest_body(&state.config)));
    SecurityHeaders::new(served, &state.config.upload_origins)
        .with(RecordRequests(metrics))
        .with(Tracing)
}

/// Asks the compression after it for no encoding on a download (`rest/download.rs`).
async fn downloads_uncompressed<E: Endpoint>(
    next: Arc<E>,
    mut request: poem::Request,
) -> poem::Result<E::Output> {
    if request
        .uri()
        .path()
        .starts_with(shared::downloads::DOWNLOAD_PATH)
    {
        request
            .headers_mut()
            .remove(poem::http::header::ACCEPT_ENCODING);
    }
    next.call(request).await
}

/// The largest body any route reads: no body is inflated past it, whatever the route.
fn largest_body(config: &ApiConfig) -> usize {
    [
        config.common.import.max_body_bytes(),
        usize::try_from(config.common.import.max_form_bytes()).unwrap_or(usize::MAX),
        config.graphql.max_body_bytes,
        usize::try_from(config.common.validation_max_pdf_bytes).unwrap_or(usize::MAX),
    ]
    .into_iter()
    .max()
    .unwrap_or(0)
}

/// Executes a GraphQL request on behalf of the caller its `Authorization` header names —
/// within bounds checked before anything is parsed: JSON only (a cross-site form cannot send
/// it without a preflight), a body of at most `GraphqlLimits::max_body_bytes` for a caller
/// with a token we signed and `anonymous_max_body_bytes` for anyone else, and no
/// introspection without a valid token unless configured.
#[handler]
async fn graphql(
    schema: poem::web::Data<&crate::graphql::ApiSchema>,
    state: poem::web::Data<&Arc<AppState>>,
    headers: &poem::http::HeaderMap,
    remote: &poem::web::RemoteAddr,
    body: Body,
) -> Response {
    let limits = &state.config.graphql;
    let json = headers
        .get(poem::http::header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"));
    if !json {
        return refused(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "UNSUPPORTED_MEDIA_TYPE",
            messages::graphql_json_only(),
        );
    }
    let peer = remote.as_socket_addr().map(|addr| addr.ip());
    let client =
        crate::graphql::ClientAddr::from_request(peer, headers, &state.config.trusted_proxies);
    let caller = crate::graphql::Caller::from_headers(headers, state.0, client.0);
    if let Err(error) = caller.count_key_request(state.0).await {
        return match error.message() {
            Some(message) => refused(StatusCode::TOO_MANY_REQUESTS, "TOO_MANY_REQUESTS", message),
            None => {
                tracing::error!(%error, "API key rate: counters unreachable");
                refused(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "SERVICE_UNAVAILABLE",
                    messages::internal_error(),
                )
            }
        };
    }
    let signed_in = matches!(caller, crate::graphql::Caller::Authenticated(_));
    // An expired token was still signed by us (the signature is checked first): its request
    // gets the signed-in limit, so that it reaches the resolver that says "expired" and the
    // client refreshes its session instead of seeing 413.
    let genuine = signed_in
        || matches!(&caller, crate::graphql::Caller::Rejected(rejection) if rejection.is_expired_token());
    let limit = if genuine {
        limits.max_body_bytes
    } else {
        limits.anonymous_max_body_bytes
    };
    let bytes = match crate::request_body::read(body, limit).await {
        Ok(bytes) => bytes,
        Err(body) => return refused(body.status(), body.code(), body.message()),
    };
    let mut request: async_graphql::Request = match serde_json::from_slice(&bytes) {
        Ok(request) => request,
        Err(error) => {
            return refused(
                StatusCode::BAD_REQUEST,
                "BAD_REQUEST",
                crate::graphql::unreadable_request(&error),
            );
        }
    };
    // PostgreSQL text cannot hold NUL: refused here once, rather than as a database error in
    // whichever resolver stores or looks up the text.
    if request.query.contains('\0') || request.variables.iter().any(|(_, v)| has_nul(v)) {
        return refused(
            StatusCode::BAD_REQUEST,
            "BAD_USER_INPUT",
            messages::nul_not_allowed(),
        );
    }
    if !signed_in && !limits.public_introspection {
        request = request.disable_introspection();
    }
    GraphQLResponse::from(schema.execute(request.data(caller).data(client)).await).into_response()
}

/// Whether a variable's value holds a NUL character anywhere (keys included).
fn has_nul(value: &async_graphql::Value) -> bool {
    match value {
        async_graphql::Value::String(text) => text.contains('\0'),
        async_graphql::Value::List(items) => items.iter().any(has_nul),
        async_graphql::Value::Object(fields) => fields
            .iter()
            .any(|(key, value)| key.contains('\0') || has_nul(value)),
        _ => false,
    }
}

/// A request refused before execution, with a GraphQL-shaped body the web client reads (the
/// extensions of `crate::graphql::errors`).
fn refused(status: StatusCode, code: &str, message: Message) -> Response {
    let mut extensions = message.to_json();
    extensions["code"] = code.into();
    let body = serde_json::json!({ "errors": [{ "message": message.italian(), "extensions": extensions }] });
    Response::builder()
        .status(status)
        .content_type("application/json")
        .body(body.to_string())
}

/// GraphQL over WebSocket (subscriptions); the caller comes from the `connection_init` payload.
#[handler]
async fn graphql_ws(
    schema: poem::web::Data<&crate::graphql::ApiSchema>,
    state: poem::web::Data<&Arc<AppState>>,
    protocol: GraphQLProtocol,
    headers: &poem::http::HeaderMap,
    remote: &poem::web::RemoteAddr,
    websocket: WebSocket,
) -> impl IntoResponse {
    let schema = schema.clone();
    let state = Arc::clone(&state);
    let peer = remote.as_socket_addr().map(|addr| addr.ip());
    let client =
        crate::graphql::ClientAddr::from_request(peer, headers, &state.config.trusted_proxies);
    websocket
        .protocols(ALL_WEBSOCKET_PROTOCOLS)
        .on_upgrade(move |stream| {
            GraphQLWebSocket::new(stream, schema, protocol)
                .on_connection_init(move |payload| async move {
                    let mut data = async_graphql::Data::default();
                    data.insert(crate::graphql::Caller::from_connection_payload(
                        &payload, &state, client.0,
                    ));
                    data.insert(client);
                    Ok(data)
                })
                .serve()
        })
}

/// `GET /graphql` without GraphiQL (`ISTRUTTORIA_GRAPHIQL` off): says how to use the endpoint.
#[handler]
fn no_graphiql() -> Response {
    refused(
        StatusCode::METHOD_NOT_ALLOWED,
        "METHOD_NOT_ALLOWED",
        messages::graphql_post_only(),
    )
}

#[handler]
fn metrics_endpoint(
    metrics: poem::web::Data<&Arc<crate::metrics::Metrics>>,
    state: poem::web::Data<&Arc<AppState>>,
    headers: &poem::http::HeaderMap,
) -> poem::Response {
    metrics.answer(state.config.metrics_token.as_ref(), headers)
}
