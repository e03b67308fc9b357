//! Builds the HTTP application and runs it until SIGINT/SIGTERM, then drains in-flight requests.

use std::sync::Arc;

use anyhow::Context;
use async_graphql::http::ALL_WEBSOCKET_PROTOCOLS;
use async_graphql::http::GraphiQLSource;
use async_graphql_poem::{GraphQLProtocol, GraphQLRequest, GraphQLResponse, GraphQLWebSocket};
use poem::IntoResponse;
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::middleware::{Compression, Tracing};
use poem::web::Html;
use poem::web::websocket::WebSocket;
use poem::{Endpoint, EndpointExt, Route, Server, get, handler};
use shared::config::ApiConfig;

use crate::metrics::RecordRequests;
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
    let rest = crate::rest::service(state.clone());
    let openapi_json = rest.spec_endpoint();
    let swagger = rest.swagger_ui();
    let metrics = state.metrics.clone();
    let routes = Route::new()
        .at(
            "/graphql",
            get(graphiql).post(graphql.data(schema.clone()).data(state.clone())),
        )
        .at(
            "/graphql/ws",
            get(graphql_ws.data(schema.clone()).data(state.clone())),
        )
        .at("/metrics", get(metrics_endpoint).data(metrics.clone()))
        .at("/openapi.json", openapi_json)
        .nest("/swagger", swagger)
        .nest("/", rest);
    WithWebApp::new(routes, &state.config.web_dist)
        .with(Compression::new())
        .with(RecordRequests(metrics))
        .with(Tracing)
}

/// Executes a GraphQL request on behalf of the caller its `Authorization` header names.
#[handler]
async fn graphql(
    schema: poem::web::Data<&crate::graphql::ApiSchema>,
    state: poem::web::Data<&Arc<AppState>>,
    headers: &poem::http::HeaderMap,
    remote: &poem::web::RemoteAddr,
    request: GraphQLRequest,
) -> GraphQLResponse {
    let caller = crate::graphql::Caller::from_headers(headers, state.auth.keys());
    let peer = remote.as_socket_addr().map(|addr| addr.ip());
    let client =
        crate::graphql::ClientAddr::from_request(peer, headers, &state.config.trusted_proxies);
    schema
        .execute(request.0.data(caller).data(client))
        .await
        .into()
}

/// GraphQL over WebSocket (subscriptions); the caller comes from the `connection_init` payload.
#[handler]
async fn graphql_ws(
    schema: poem::web::Data<&crate::graphql::ApiSchema>,
    state: poem::web::Data<&Arc<AppState>>,
    protocol: GraphQLProtocol,
    websocket: WebSocket,
) -> impl IntoResponse {
    let schema = schema.clone();
    let keys = state.auth.keys().clone();
    websocket
        .protocols(ALL_WEBSOCKET_PROTOCOLS)
        .on_upgrade(move |stream| {
            GraphQLWebSocket::new(stream, schema, protocol)
                .on_connection_init(move |payload| async move {
                    let mut data = async_graphql::Data::default();
                    data.insert(crate::graphql::Caller::from_connection_payload(
                        &payload, &keys,
                    ));
                    Ok(data)
                })
                .serve()
        })
}

#[handler]
fn graphiql() -> Html<String> {
    Html(
        GraphiQLSource::build()
            .endpoint("/graphql")
            .subscription_endpoint("/graphql/ws")
            .finish(),
    )
}

#[handler]
fn metrics_endpoint(metrics: poem::web::Data<&Arc<crate::metrics::Metrics>>) -> poem::Response {
    metrics.render()
}
