//! The HTTP surface of the API, through a real server: health, readiness, metrics, the OpenAPI
//! document, GraphQL, the web app with client-side routing, and graceful shutdown.

use crate::common;

use anyhow::Result;
use common::{Options, TestServer};
use serde_json::{Value, json};

#[tokio::test]
async fn healthz_answers_ok() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let response = server.client.get(server.url("/healthz")).send().await?;
    assert_eq!(response.status(), 200);
    assert_eq!(response.text().await?, "ok");
    Ok(())
}

#[tokio::test]
async fn readyz_is_200_when_postgres_and_redis_answer() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let response = server.client.get(server.url("/readyz")).send().await?;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.json::<Value>().await?,
        json!({ "postgres": "up", "redis": "up" })
    );
    Ok(())
}

#[tokio::test]
async fn readyz_is_503_and_names_postgres_when_its_database_is_gone() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = shared::testing::admin_url()?;
    let mut conn =
        <diesel_async::AsyncPgConnection as diesel_async::AsyncConnection>::establish(&admin)
            .await?;
    diesel_async::RunQueryDsl::execute(
        diesel::sql_query(format!(
            "DROP DATABASE \"{}\" WITH (FORCE)",
            server.db.name()
        )),
        &mut conn,
    )
    .await?;
    let response = server.client.get(server.url("/readyz")).send().await?;
    assert_eq!(response.status(), 503);
    assert_eq!(
        response.json::<Value>().await?,
        json!({ "postgres": "down", "redis": "up" })
    );
    Ok(())
}

#[tokio::test]
async fn graphql_answers_ping_and_ping_mutation() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let body = server.graphql("query { ping }", json!({})).await?;
    assert_eq!(body, json!({ "data": { "ping": "pong" } }));
    let body = server
        .graphql("mutation { pingMutation }", json!({}))
        .await?;
    assert_eq!(body, json!({ "data": { "pingMutation": "pong" } }));
    Ok(())
}

#[tokio::test]
async fn get_graphql_serves_graphiql_only_when_configured() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let response = server.client.get(server.url("/graphql")).send().await?;
    assert_eq!(response.status(), 405);
    // On, it is the web build's page (here one written for the test; api/tests/explorers.rs).
    let dist = std::env::temp_dir().join(format!("graphiql-{}", uuid::Uuid::now_v7()));
    std::fs::create_dir_all(&dist)?;
    std::fs::write(dist.join("graphiql.html"), "<div id=\"graphiql\"></div>")?;
    let server = TestServer::start(Options {
        web_dist: &dist,
        graphql_limits: Some(shared::config::GraphqlLimits {
            graphiql: true,
            ..Default::default()
        }),
        ..Options::default()
    })
    .await?;
    let response = server.client.get(server.url("/graphql")).send().await?;
    assert_eq!(response.status(), 200);
    let html = response.text().await?;
    assert!(html.contains("graphiql"), "GraphiQL page expected");
    std::fs::remove_dir_all(&dist)?;
    Ok(())
}

#[tokio::test]
async fn the_web_schema_file_matches_the_server_schema() -> Result<()> {
    let committed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../web/schema.graphql"
    ))?;
    assert!(
        committed == api::graphql::sdl(),
        "web/schema.graphql is stale: run `just graphql-schema` and commit the result"
    );
    Ok(())
}

#[tokio::test]
async fn the_committed_openapi_document_is_the_one_served() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let served = server
        .client
        .get(server.url("/openapi.json"))
        .send()
        .await?
        .text()
        .await?;
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/openapi.json"))?;
    assert!(
        committed.trim_end() == served.trim_end(),
        "docs/openapi.json is stale: run `just rest-client` and commit the result"
    );
    Ok(())
}

#[tokio::test]
async fn metrics_count_requests_by_route_in_prometheus_text() -> Result<()> {
    let token = "metrics-token-0123456789";
    let server = TestServer::start(Options {
        metrics_token: token,
        ..Options::default()
    })
    .await?;
    server.client.get(server.url("/healthz")).send().await?;
    // Never to anonymous callers, nor with another token.
    for presented in [None, Some("metrics-token-0123456780"), Some("")] {
        let mut request = server.client.get(server.url("/metrics"));
        if let Some(presented) = presented {
            request = request.bearer_auth(presented);
        }
        let response = request.send().await?;
        assert_eq!(response.status(), 401, "{presented:?}");
        assert_eq!(response.headers()["www-authenticate"], "Bearer");
        let body: Value = response.json().await?;
        assert_eq!(body["code"], "UNAUTHORIZED", "{body}");
    }
    let response = server
        .client
        .get(server.url("/metrics"))
        .bearer_auth(token)
        .send()
        .await?;
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()?
            .starts_with("text/plain")
    );
    let text = response.text().await?;
    assert!(
        text.contains(
            r#"istruttoria_http_requests_total{method="GET",route="/healthz",status="200"} 1"#
        ),
        "{text}"
    );
    assert!(text.contains("istruttoria_http_request_duration_seconds_bucket"));
    Ok(())
}

#[tokio::test]
async fn without_a_metrics_token_there_are_no_metrics() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    for token in [None, Some(admin.as_str())] {
        let mut request = server.client.get(server.url("/metrics"));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await?;
        assert_eq!(response.status(), 404);
        let body: Value = response.json().await?;
        assert_eq!(body["code"], "METRICS_DISABLED", "{body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap_or_default()
                .contains("ISTRUTTORIA_METRICS_TOKEN")
        );
    }
    Ok(())
}

#[tokio::test]
async fn the_openapi_document_describes_the_rest_routes() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let spec: Value = server
        .client
        .get(server.url("/openapi.json"))
        .send()
        .await?
        .json()
        .await?;
    assert_eq!(spec["info"]["version"], env!("CARGO_PKG_VERSION"));
    assert!(spec["paths"]["/healthz"]["get"].is_object());
    assert!(spec["paths"]["/readyz"]["get"]["responses"]["503"].is_object());
    let swagger = server.client.get(server.url("/swagger/")).send().await?;
    assert_eq!(swagger.status(), 200);
    Ok(())
}

#[tokio::test]
async fn the_web_app_is_served_with_client_side_routes_falling_back_to_index() -> Result<()> {
    let dist = tempdir()?;
    std::fs::write(dist.join("index.html"), "<html>Istruttoria app</html>")?;
    std::fs::create_dir(dist.join("assets"))?;
    std::fs::write(dist.join("assets/app.js"), "console.log('app')")?;
    let server = TestServer::start(Options {
        web_dist: &dist,
        ..Options::default()
    })
    .await?;

    for path in [
        "/",
        "/dossier/dettagli/123?tab=documenti",
        "/users/modifica/a@b.it",
    ] {
        let response = server.client.get(server.url(path)).send().await?;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(
            response.text().await?,
            "<html>Istruttoria app</html>",
            "{path}"
        );
    }
    let asset = server
        .client
        .get(server.url("/assets/app.js"))
        .send()
        .await?;
    assert_eq!(
        asset.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(asset.text().await?, "console.log('app')");
    // Every response: the CSP, no framing, no sniffing, no referrer; the page revalidated.
    let page = server.client.get(server.url("/")).send().await?;
    let headers = page.headers();
    let csp = headers["content-security-policy"].to_str()?;
    assert!(
        csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"),
        "{csp}"
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["x-frame-options"], "DENY");
    assert_eq!(headers["referrer-policy"], "no-referrer");
    assert_eq!(headers["cache-control"], "no-cache");
    // HSTS only over TLS (here: terminated by a proxy that says so).
    assert!(headers.get("strict-transport-security").is_none());
    let tls = server
        .client
        .get(server.url("/"))
        .header("x-forwarded-proto", "https")
        .send()
        .await?;
    assert_eq!(
        tls.headers()["strict-transport-security"],
        "max-age=31536000; includeSubDomains"
    );
    // Swagger UI is served from same-origin files: the same CSP (api/tests/explorers.rs).
    let swagger = server.client.get(server.url("/swagger/")).send().await?;
    assert_eq!(swagger.headers()["content-security-policy"], csp);
    assert_eq!(swagger.headers()["x-content-type-options"], "nosniff");
    // A path outside the app answers its status, naming no server path.
    let outside = server
        .client
        .get(server.url("/assets/../../etc/passwd"))
        .send()
        .await?;
    let status = outside.status();
    let text = outside.text().await?;
    assert!(
        !text.contains(&dist.to_string_lossy().to_string()),
        "{status}: {text}"
    );
    // API routes keep their own answers, and only reads fall back to the app.
    assert_eq!(
        server
            .client
            .get(server.url("/healthz"))
            .send()
            .await?
            .text()
            .await?,
        "ok"
    );
    let post = server
        .client
        .post(server.url("/no-such-route"))
        .send()
        .await?;
    assert_eq!(post.status(), 404);
    std::fs::remove_dir_all(&dist)?;
    Ok(())
}

#[tokio::test]
async fn shutdown_stops_the_server_cleanly() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let url = server.url("/healthz");
    let client = server.client.clone();
    assert_eq!(client.get(&url).send().await?.status(), 200);
    server.shutdown().await?;
    assert!(
        client.get(&url).send().await.is_err(),
        "the port is closed after shutdown"
    );
    Ok(())
}

fn tempdir() -> Result<std::path::PathBuf> {
    let dir = std::env::temp_dir().join(shared::testing::unique_name("web-dist"));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}
