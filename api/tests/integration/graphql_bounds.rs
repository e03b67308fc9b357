//! Bounds of issue 29 on GraphQL requests and answers, through a real server: aliases, fields
//! and depth counted with every fragment spread expanded (one fragment spread 15 times is 15
//! times its aliases), documents that would expand exponentially or in a cycle refused
//! without being expanded, parse errors and other error messages that do not echo the query,
//! and answers bounded in size (one error instead of the text) with one stored file per
//! request. The server stays healthy after each.

use crate::common;

use anyhow::Result;
use common::{Options, TestServer};
use serde_json::{Value, json};
use shared::config::GraphqlLimits;

async fn post(server: &TestServer, token: Option<&str>, body: String) -> Result<(u16, String)> {
    let mut request = server
        .client
        .post(server.url("/graphql"))
        .header("content-type", "application/json")
        .body(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await?;
    Ok((response.status().as_u16(), response.text().await?))
}

async fn query(server: &TestServer, token: Option<&str>, query: &str) -> Result<Value> {
    let (_, text) = post(server, token, json!({ "query": query }).to_string()).await?;
    Ok(serde_json::from_str(&text)?)
}

fn first_error(body: &Value) -> (&str, &str) {
    let error = &body["errors"][0];
    (
        error["extensions"]["code"].as_str().unwrap_or_default(),
        error["message"].as_str().unwrap_or_default(),
    )
}

async fn assert_healthy(server: &TestServer) -> Result<()> {
    let response = server.client.get(server.url("/healthz")).send().await?;
    assert_eq!(response.status(), 200);
    let body = query(server, None, "{ ping }").await?;
    assert_eq!(body["data"]["ping"], "pong", "{body}");
    Ok(())
}

#[tokio::test]
async fn aliases_in_fragments_count_at_every_spread() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    // 15 aliases in a fragment (within the limit of 30), spread under 15 aliased fields:
    // 15 × 15 aliased fields to execute.
    let inner: Vec<String> = (0..15).map(|i| format!("a{i}: ping")).collect();
    let outer: Vec<String> = (0..15)
        .map(|i| format!("b{i}: __typename ...Fifteen"))
        .collect();
    let flood = format!(
        "query {{ {} }} fragment Fifteen on Query {{ {} }}",
        outer.join(" "),
        inner.join(" ")
    );
    let body = query(&server, None, &flood).await?;
    assert_eq!(body["data"], Value::Null, "{body}");
    assert_eq!(
        first_error(&body),
        (
            "QUERY_TOO_LARGE",
            "La richiesta usa 240 alias: al massimo 30 (too many aliases)"
        )
    );
    // The same fragment spread once is within the limit.
    let once = format!(
        "query {{ ...Fifteen }} fragment Fifteen on Query {{ {} }}",
        inner.join(" ")
    );
    let body = query(&server, None, &once).await?;
    assert_eq!(body["data"]["a14"], "pong", "{body}");
    assert_healthy(&server).await
}

#[tokio::test]
async fn exponential_and_cyclic_fragments_are_refused_without_expanding_them() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    // Each fragment spreads the one before twice: 2^30 `ping`s in a 1.5 KB query.
    let mut doubling = String::from("query { ...F30 } fragment F0 on Query { ping }");
    for i in 1..=30 {
        doubling.push_str(&format!(
            " fragment F{i} on Query {{ ...F{p} ...F{p} }}",
            p = i - 1
        ));
    }
    let body = query(&server, None, &doubling).await?;
    assert_eq!(body["data"], Value::Null, "{body}");
    let (code, message) = first_error(&body);
    assert_eq!(code, "QUERY_TOO_LARGE", "{body}");
    assert!(message.contains("(too complex)"), "{message}");
    // The same with `__typename` only, which async-graphql's complexity does not count.
    let typenames = doubling.replace("{ ping }", "{ __typename }");
    let body = query(&server, None, &typenames).await?;
    assert_eq!(first_error(&body).0, "QUERY_TOO_LARGE", "{body}");

    let cycle = "query { ...A } fragment A on Query { ping ...B } fragment B on Query { ...A }";
    let body = query(&server, None, cycle).await?;
    assert_eq!(
        first_error(&body),
        (
            "QUERY_TOO_LARGE",
            "Il frammento A include sé stesso (fragment cycle)"
        ),
        "{body}"
    );
    // Depth through fragments: 16 levels of `ofType`, half of them in a fragment.
    let token = server.admin_token().await?;
    let mut deep = "name".to_owned();
    for _ in 0..8 {
        deep = format!("ofType {{ {deep} }}");
    }
    let nested = format!(
        "query {{ __schema {{ types {{ fields {{ type {{ ...Deep }} }} }} }} }} \
         fragment Deep on __Type {{ ofType {{ ofType {{ ofType {{ ofType {{ ofType {{ ofType {{ ofType {{ ofType {{ {deep} }} }} }} }} }} }} }} }} }}"
    );
    let body = query(&server, Some(&token), &nested).await?;
    let (code, message) = first_error(&body);
    assert_eq!(code, "QUERY_TOO_LARGE", "{body}");
    assert!(message.contains("(nested too deep)"), "{message}");
    assert_healthy(&server).await
}

#[tokio::test]
async fn errors_quote_at_most_an_excerpt_of_the_query() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    // A 1 MB one-line query that does not parse: the parser's own message copies the line.
    let unparsable = format!("query {{ ping {} (", "x".repeat(1 << 20));
    let (status, text) = post(
        &server,
        Some(&token),
        json!({ "query": unparsable }).to_string(),
    )
    .await?;
    assert_eq!(status, 200);
    assert!(
        text.len() < 2_000,
        "{} bytes: {}",
        text.len(),
        &text[..2_000]
    );
    let body: Value = serde_json::from_str(&text)?;
    let (code, message) = first_error(&body);
    assert_eq!(code, "GRAPHQL_PARSE_FAILED", "{body}");
    assert!(
        message.starts_with(
            "La richiesta GraphQL non è leggibile: sintassi non valida alla riga 1, colonna "
        ),
        "{message}"
    );
    assert!(message.contains("«xxxxx"), "{message}");
    assert!(body["errors"][0]["locations"][0]["line"] == 1, "{body}");

    // A field whose name is 100 KB: validation names it; the message is cut.
    let unknown = format!("query {{ {} }}", "y".repeat(100_000));
    let (_, text) = post(
        &server,
        Some(&token),
        json!({ "query": unknown }).to_string(),
    )
    .await?;
    assert!(text.len() < 3_000, "{} bytes", text.len());

    // A JSON body that does not parse, with a large string in it.
    let broken = format!("{{\"query\": \"{}\", ", "z".repeat(1 << 20));
    let (status, text) = post(&server, Some(&token), broken).await?;
    assert_eq!(status, 400);
    assert!(text.len() < 1_000, "{} bytes: {text:.1000}", text.len());
    let body: Value = serde_json::from_str(&text)?;
    assert_eq!(first_error(&body).0, "BAD_REQUEST", "{body}");
    // A value of the wrong type: serde's message would quote it whole.
    let wrong = json!({ "query": "{ ping }", "extensions": "w".repeat(1 << 20) }).to_string();
    let (status, text) = post(&server, Some(&token), wrong).await?;
    assert_eq!(status, 400);
    assert!(text.len() < 1_000, "{} bytes: {text:.1000}", text.len());
    assert_healthy(&server).await
}

#[tokio::test]
async fn answers_past_the_size_limit_become_one_error() -> Result<()> {
    let server = TestServer::start(Options {
        graphql_limits: Some(GraphqlLimits {
            max_response_bytes: 64 << 10,
            ..GraphqlLimits::default()
        }),
        ..Options::default()
    })
    .await?;
    let token = server.admin_token().await?;
    // The schema's types with their fields' descriptions: well over 64 KiB.
    let big = "{ __schema { types { name description fields { name description args { name description } } } } }";
    let (status, text) = post(&server, Some(&token), json!({ "query": big }).to_string()).await?;
    assert_eq!(status, 200);
    assert!(text.len() < 1_000, "{} bytes", text.len());
    let body: Value = serde_json::from_str(&text)?;
    assert_eq!(body["data"], Value::Null, "{body}");
    assert_eq!(
        first_error(&body),
        (
            "RESPONSE_TOO_LARGE",
            "La risposta supera il limite di 64 KiB: chiedi meno campi o meno elementi per volta"
        ),
        "{body}"
    );
    assert_eq!(body["errors"].as_array().map(Vec::len), Some(1), "{body}");
    // A small answer is untouched.
    let small = query(&server, Some(&token), "{ __schema { queryType { name } } }").await?;
    assert_eq!(small["data"]["__schema"]["queryType"]["name"], "Query");
    assert_healthy(&server).await
}
