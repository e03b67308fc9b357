//! The API explorers through a real server (issue 29): Swagger UI and GraphiQL pages load
//! only same-origin scripts and styles, and carry the Content-Security-Policy that forbids
//! any other origin; Swagger UI's assets are served by the API itself (from poem-openapi's
//! embedded copy), GraphiQL's page by the built web app (`web/e2e/graphiql.spec.ts` renders
//! the real bundle in a browser, offline).

use crate::common;

use anyhow::Result;
use common::{Options, TestServer};
use shared::config::GraphqlLimits;

/// Every `src="…"` and `href="…"` value of `html`.
fn references(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for attribute in ["src=\"", "href=\""] {
        let mut rest = html;
        while let Some(start) = rest.find(attribute) {
            rest = &rest[start + attribute.len()..];
            let end = rest.find('"').unwrap_or(rest.len());
            found.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
    }
    found
}

fn same_origin(reference: &str) -> bool {
    reference.starts_with('/') && !reference.starts_with("//")
}

async fn get(server: &TestServer, path: &str) -> Result<(u16, Option<String>, String)> {
    let response = server.client.get(server.url(path)).send().await?;
    let status = response.status().as_u16();
    let policy = response
        .headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    Ok((status, policy, response.text().await?))
}

fn assert_strict(policy: Option<&str>, path: &str) {
    let policy = policy.unwrap_or_else(|| panic!("{path} has no Content-Security-Policy"));
    assert!(
        policy.contains("default-src 'self'") && policy.contains("script-src 'self'"),
        "{path}: {policy}"
    );
    assert!(
        !policy.contains("script-src 'self' 'unsafe-inline'"),
        "{path}: {policy}"
    );
}

#[tokio::test]
async fn swagger_ui_loads_only_its_own_assets_under_the_csp() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let (status, policy, page) = get(&server, "/swagger/").await?;
    assert_eq!(status, 200, "{page}");
    assert_strict(policy.as_deref(), "/swagger/");
    // No inline script: every script has a same-origin `src`.
    assert_eq!(
        page.matches("<script").count(),
        page.matches("<script src=").count(),
        "{page}"
    );
    let references = references(&page);
    assert_eq!(references.len(), 3, "{references:?}");
    for reference in references {
        assert!(same_origin(&reference), "{reference}");
        let (status, policy, body) = get(&server, &reference).await?;
        assert_eq!(status, 200, "{reference}");
        assert_strict(policy.as_deref(), &reference);
        assert!(!body.is_empty(), "{reference}");
    }
    let (status, _, document) = get(&server, "/openapi.json").await?;
    assert_eq!(status, 200);
    assert!(document.contains("/import_dossier"), "{document:.300}");
    Ok(())
}

#[tokio::test]
async fn graphiql_is_the_web_build_s_page_under_the_csp() -> Result<()> {
    let dist = std::env::temp_dir().join(format!("graphiql-dist-{}", uuid::Uuid::now_v7()));
    std::fs::create_dir_all(&dist)?;
    let graphiql = GraphqlLimits {
        graphiql: true,
        ..GraphqlLimits::default()
    };
    let server = TestServer::start(Options {
        web_dist: &dist,
        graphql_limits: Some(graphiql.clone()),
        ..Options::default()
    })
    .await?;
    // Not built: says how to build it.
    let (status, policy, text) = get(&server, "/graphql").await?;
    assert_eq!(status, 503, "{text}");
    assert!(text.contains("npm run build"), "{text}");
    assert_strict(policy.as_deref(), "/graphql");

    // Built: the page as Vite writes it.
    let page = r#"<!doctype html><html><head><script type="module" crossorigin src="/assets/graphiql-abc.js"></script><link rel="stylesheet" crossorigin href="/assets/graphiql-abc.css"></head><body><div id="graphiql"></div></body></html>"#;
    std::fs::write(dist.join("graphiql.html"), page)?;
    let (status, policy, html) = get(&server, "/graphql").await?;
    assert_eq!(status, 200);
    assert_strict(policy.as_deref(), "/graphql");
    assert_eq!(html, page);
    // The real build's page, when the web app is built (`just test` builds it first).
    let built = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/dist/graphiql.html");
    if let Ok(html) = std::fs::read_to_string(&built) {
        let references = references(&html);
        assert!(references.iter().any(|r| r.ends_with(".js")), "{html}");
        assert!(references.iter().all(|r| same_origin(r)), "{references:?}");
        assert!(!html.contains("<script>"), "an inline script: {html}");
    }
    // Off: no page, even with one built.
    let off = TestServer::start(Options {
        web_dist: &dist,
        ..Options::default()
    })
    .await?;
    let (status, _, _) = get(&off, "/graphql").await?;
    assert_eq!(status, 405);
    std::fs::remove_dir_all(&dist)?;
    Ok(())
}
