//! Bounds on the work one GraphQL request may cause (issue 16), through a real server: the body
//! size (smaller without a valid token), JSON only, aliases, depth, introspection for signed-in
//! callers only, and malformed bodies — each refused with a clear 4xx or GraphQL error, and the
//! server healthy afterwards.

use crate::common;

use anyhow::Result;
use common::{Options, TestServer};
use serde_json::{Value, json};
use shared::config::GraphqlLimits;

/// Small limits, so that the test bodies stay small.
fn limits() -> GraphqlLimits {
    GraphqlLimits {
        max_body_bytes: 256 << 10,
        anonymous_max_body_bytes: 16 << 10,
        ..GraphqlLimits::default()
    }
}

async fn post(server: &TestServer, token: Option<&str>, body: String) -> Result<(u16, Value)> {
    let mut request = server
        .client
        .post(server.url("/graphql"))
        .header("content-type", "application/json")
        .body(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await?;
    let status = response.status().as_u16();
    Ok((status, response.json().await.unwrap_or(Value::Null)))
}

/// `query { ping }` padded with an unused variable to `bytes` bytes of body.
fn padded(bytes: usize) -> String {
    let filler = "x".repeat(bytes);
    json!({ "query": "query { ping }", "variables": { "filler": filler } }).to_string()
}

#[tokio::test]
async fn bodies_are_bounded_and_smaller_without_a_token() -> Result<()> {
    let server = TestServer::start(Options {
        graphql_limits: Some(limits()),
        ..Options::default()
    })
    .await?;
    let token = server.admin_token().await?;

    let (status, body) = post(&server, None, padded(20 << 10)).await?;
    assert_eq!(status, 413, "{body}");
    assert_eq!(body["errors"][0]["extensions"]["code"], "PAYLOAD_TOO_LARGE");
    assert_eq!(
        body["errors"][0]["message"],
        "La richiesta supera il limite di 16 KiB"
    );
    // A forged token is no token: the anonymous limit.
    let (status, _) = post(&server, Some("forged.token.here"), padded(20 << 10)).await?;
    assert_eq!(status, 413);

    let (status, body) = post(&server, Some(&token), padded(200 << 10)).await?;
    assert_eq!(
        (status, &body),
        (200, &json!({ "data": { "ping": "pong" } }))
    );
    let (status, body) = post(&server, Some(&token), padded(300 << 10)).await?;
    assert_eq!(status, 413, "{body}");

    let (status, _) = post(&server, None, padded(1 << 10)).await?;
    assert_eq!(status, 200);
    Ok(())
}

#[tokio::test]
async fn only_json_is_accepted_and_malformed_bodies_are_400() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    for content_type in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let response = server
            .client
            .post(server.url("/graphql"))
            .header("content-type", content_type)
            .body(r#"{"query":"mutation { recoverPassword(email: \"a@b.c\") }"}"#)
            .send()
            .await?;
        assert_eq!(response.status(), 415, "{content_type}");
        let body: Value = response.json().await?;
        assert_eq!(
            body["errors"][0]["extensions"]["code"],
            "UNSUPPORTED_MEDIA_TYPE"
        );
    }
    let (status, body) = post(&server, None, "{\"query\": ".to_owned()).await?;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["errors"][0]["extensions"]["code"], "BAD_REQUEST");
    let (status, _) = post(&server, None, "\0\0\0".to_owned()).await?;
    assert_eq!(status, 400);
    // With a charset, JSON is JSON.
    let response = server
        .client
        .post(server.url("/graphql"))
        .header("content-type", "application/json; charset=utf-8")
        .body(r#"{"query":"query { ping }"}"#)
        .send()
        .await?;
    assert_eq!(response.status(), 200);
    Ok(())
}

#[tokio::test]
async fn aliases_and_depth_are_bounded() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let aliased = |n: usize| {
        let fields: Vec<String> = (0..n).map(|i| format!("a{i}: ping")).collect();
        json!({ "query": format!("query {{ {} }}", fields.join(" ")) }).to_string()
    };
    let (status, body) = post(&server, None, aliased(30)).await?;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["a29"], "pong", "{body}");
    let (status, body) = post(&server, None, aliased(400)).await?;
    assert_eq!(status, 200);
    assert_eq!(body["data"], Value::Null, "{body}");
    assert_eq!(
        body["errors"][0]["message"],
        "La richiesta usa 400 alias: al massimo 30 (too many aliases)"
    );

    // Sixteen levels of `ofType` (signed in, so introspection is allowed): too deep.
    let mut deep = "name".to_owned();
    for _ in 0..16 {
        deep = format!("ofType {{ {deep} }}");
    }
    let query = json!({ "query": format!("query {{ __schema {{ types {{ fields {{ type {{ {deep} }} }} }} }} }}") });
    let (status, body) = post(&server, Some(&token), query.to_string()).await?;
    assert_eq!(status, 200);
    assert_eq!(body["data"], Value::Null, "{body}");
    assert!(
        body["errors"][0]["message"]
            .as_str()
            .is_some_and(|m| m.to_lowercase().contains("nested too deep")),
        "{body}"
    );
    Ok(())
}

#[tokio::test]
async fn introspection_is_for_signed_in_callers() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let query = json!({ "query": "query { __schema { queryType { name } } }" }).to_string();
    let (_, body) = post(&server, None, query.clone()).await?;
    // Disabled introspection answers as if the schema had none.
    assert_eq!(body, json!({ "data": { "__schema": null } }));
    let (_, body) = post(&server, Some(&token), query).await?;
    assert_eq!(
        body["data"]["__schema"]["queryType"]["name"], "Query",
        "{body}"
    );
    // `__typename` is not introspection.
    let (_, body) = post(
        &server,
        None,
        json!({ "query": "query { __typename ping }" }).to_string(),
    )
    .await?;
    assert_eq!(body["data"]["ping"], "pong", "{body}");

    // Healthy after every refusal.
    let response = server.client.get(server.url("/healthz")).send().await?;
    assert_eq!(response.status(), 200);
    Ok(())
}

#[tokio::test]
async fn rule_code_over_4_mb_is_refused_wherever_it_is_saved_or_tried() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    // Saving compiles the rule on a worker.
    let _worker = server.spawn_worker().await?;
    let huge = format!(
        "export default () => ({{ success: true }});\n//{}",
        "x".repeat(4 << 20)
    );
    let refused = |body: &Value| {
        assert_eq!(
            body["errors"][0]["extensions"]["code"], "BAD_USER_INPUT",
            "{body}"
        );
        assert_eq!(
            body["errors"][0]["message"], "Il codice supera 4 MB",
            "{body}"
        );
    };
    server
        .graphql_as(
            &token,
            r#"mutation { createDocumentType(input: { name: "contratto" }) { name } }"#,
            json!({}),
        )
        .await?;
    let create = "mutation($code: String!) { createDocumentRule(input: { documentType: \"contratto\", description: \"Grande\", code: $code }) { id } }";
    refused(
        &server
            .graphql_as(&token, create, json!({ "code": huge }))
            .await?,
    );
    let created = server
        .graphql_as(
            &token,
            create,
            json!({ "code": "export default () => ({ success: true });\n" }),
        )
        .await?;
    assert!(created["errors"].is_null(), "{created}");
    let id = created["data"]["createDocumentRule"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    refused(
        &server
            .graphql_as(
                &token,
                "mutation($id: ID!, $code: String!) { updateDocumentRule(id: $id, input: { code: $code }) { id } }",
                json!({ "id": id, "code": huge }),
            )
            .await?,
    );
    refused(
        &server
            .graphql_as(
                &token,
                "mutation($id: ID!, $code: String!) { updateHelperCode(id: $id, code: $code) { code } }",
                json!({ "id": id, "code": huge }),
            )
            .await?,
    );
    refused(
        &server
            .graphql_as(
                &token,
                "mutation($input: WhatIfInput!) { startWhatIf(input: $input) { id } }",
                json!({ "input": { "ruleId": id, "code": huge } }),
            )
            .await?,
    );
    Ok(())
}

#[tokio::test]
async fn password_changes_and_callback_resends_are_rate_limited() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let email = common::ADMIN_EMAIL;
    let change = "mutation($e: String!) { updateSelfPassword(email: $e, oldPassword: \"sbagliata\", newPassword: \"Nuova-password-1\") }";
    for attempt in 1..=10 {
        let body = server
            .graphql_as(&token, change, json!({ "e": email }))
            .await?;
        assert_ne!(
            body["errors"][0]["extensions"]["code"], "TOO_MANY_REQUESTS",
            "attempt {attempt}: {body}"
        );
    }
    let body = server
        .graphql_as(&token, change, json!({ "e": email }))
        .await?;
    assert_eq!(
        body["errors"][0]["extensions"]["code"], "TOO_MANY_REQUESTS",
        "{body}"
    );

    let resend = "mutation($id: ID!) { resendDossierCallback(id: $id) }";
    let id = json!({ "id": uuid::Uuid::now_v7().to_string() });
    for attempt in 1..=20 {
        let body = server.graphql_as(&token, resend, id.clone()).await?;
        assert_eq!(
            body["errors"][0]["extensions"]["code"], "NOT_FOUND",
            "attempt {attempt}: {body}"
        );
    }
    let body = server.graphql_as(&token, resend, id).await?;
    assert_eq!(
        body["errors"][0]["extensions"]["code"], "TOO_MANY_REQUESTS",
        "{body}"
    );
    Ok(())
}
