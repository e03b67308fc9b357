//! Password recovery and rate limits through the real server: the code is read from the
//! server's outbox directory (`TestServer::outbox`); single use, expiry, attempts, unknown
//! e-mails answered the same; recovery limits per (account, address) (the client address is
//! set with `X-Forwarded-For`, believed because the test server trusts 127.0.0.1 as a proxy).
//! The login lock is in `login_lock.rs`.

use crate::common;

use anyhow::Result;
use common::{
    Options, TestServer, code_of,
    graphql::error_code,
    messages, nth_message,
    users::{create_user, new_user},
};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};

const RECOVER: &str = "mutation($e: String!) { recoverPassword(email: $e) }";
const RESET: &str = "mutation($e: String!, $c: String!, $p: String!) { resetPassword(email: $e, code: $c, newPassword: $p) { logged message accessToken user { email } } }";

async fn server() -> Result<TestServer> {
    let server = TestServer::start(Options {
        trusted_proxies: "127.0.0.1",
        ..Options::default()
    })
    .await?;
    server.admin_token().await?;
    let admin = server.admin_token().await?;
    create_user(&server, &admin, new_user("carla@example.com", "vecchia-pw")).await?;
    Ok(server)
}

/// POSTs an anonymous operation as if from client address `from`.
async fn from(server: &TestServer, from: &str, query: &str, variables: Value) -> Result<Value> {
    Ok(server
        .client
        .post(server.url("/graphql"))
        .header("x-forwarded-for", from)
        .json(&json!({ "query": query, "variables": variables }))
        .send()
        .await?
        .json()
        .await?)
}

async fn request_code(server: &TestServer, n: usize) -> Result<String> {
    let body = server
        .graphql(RECOVER, json!({ "e": "Carla@Example.com" }))
        .await?;
    assert_eq!(body["data"]["recoverPassword"], true, "{body}");
    let message = nth_message(&server.outbox, n).await?;
    assert!(message.contains("To: carla@example.com"), "{message}");
    assert!(message.contains("reimpostare") && message.contains("reset"));
    code_of(&message)
}

async fn reset(server: &TestServer, code: &str, password: &str) -> Result<Value> {
    let body = server
        .graphql(
            RESET,
            json!({ "e": "carla@example.com", "c": code, "p": password }),
        )
        .await?;
    Ok(body["data"]["resetPassword"].clone())
}

fn wrong(code: &str) -> String {
    format!("{:06}", (code.parse::<u32>().unwrap_or(0) + 1) % 1_000_000)
}

#[tokio::test]
async fn a_mailed_code_resets_the_password_once() -> Result<()> {
    let server = server().await?;
    let old_session = server.login("carla@example.com", "vecchia-pw").await?;
    let _ = old_session;
    let code = request_code(&server, 1).await?;

    let refused = reset(&server, &wrong(&code), "nuova-password").await?;
    assert_eq!(refused["logged"], false);
    assert_eq!(refused["message"], "Codice non valido o scaduto");

    let session = reset(&server, &code, "nuova-password").await?;
    assert_eq!(session["logged"], true, "{session}");
    assert_eq!(session["user"]["email"], "carla@example.com");
    let token = session["accessToken"].as_str().unwrap_or_default();
    let me = server
        .graphql_as(token, "{ loggedUser { email } }", json!({}))
        .await?;
    assert_eq!(me["data"]["loggedUser"]["email"], "carla@example.com");
    server.login("carla@example.com", "nuova-password").await?;
    assert!(
        server
            .login("carla@example.com", "vecchia-pw")
            .await
            .is_err()
    );

    let reused = reset(&server, &code, "altra-password").await?;
    assert_eq!(reused["logged"], false, "single use: {reused}");

    // Validation of the reset's own fields.
    for (variables, field, message) in [
        (
            json!({ "e": "", "c": "123456", "p": "nuova-password" }),
            "email",
            "Email obbligatoria",
        ),
        (
            json!({ "e": "carla", "c": "123456", "p": "nuova-password" }),
            "email",
            "Email non valida",
        ),
        (
            json!({ "e": "carla@example.com", "c": "", "p": "nuova-password" }),
            "code",
            "Codice obbligatorio",
        ),
        (
            json!({ "e": "carla@example.com", "c": "123456", "p": "corta" }),
            "newPassword",
            "Lunghezza minima: 7 caratteri",
        ),
    ] {
        let body = server.graphql(RESET, variables).await?;
        assert_eq!(error_code(&body), "BAD_USER_INPUT", "{body}");
        assert_eq!(body["errors"][0]["extensions"]["field"], field);
        assert_eq!(body["errors"][0]["message"], message);
    }
    Ok(())
}

#[tokio::test]
async fn codes_expire_allow_five_attempts_and_a_new_one_replaces_the_old() -> Result<()> {
    let server = server().await?;
    let first = request_code(&server, 1).await?;
    let second = request_code(&server, 2).await?;
    if first != second {
        let replaced = reset(&server, &first, "nuova-password").await?;
        assert_eq!(replaced["logged"], false, "the older code died");
    }

    // Expiry: move the latest code's expiry into the past.
    {
        use shared::db::schema::password_reset_codes::dsl::*;
        let mut conn = server.db.pool.get().await?;
        diesel::update(password_reset_codes)
            .filter(used_at.is_null())
            .set(expires_at.eq(chrono::Utc::now() - chrono::Duration::seconds(1)))
            .execute(&mut conn)
            .await?;
    }
    let expired = reset(&server, &second, "nuova-password").await?;
    assert_eq!(expired["logged"], false, "expired: {expired}");

    // Five wrong attempts kill a code (attempts come from several addresses, so the
    // per-address limit is not what stops them).
    let third = request_code(&server, 3).await?;
    for i in 0..5 {
        let body = from(
            &server,
            &format!("192.0.2.{i}"),
            RESET,
            json!({ "e": "carla@example.com", "c": wrong(&third), "p": "nuova-password" }),
        )
        .await?;
        assert_eq!(body["data"]["resetPassword"]["logged"], false, "{body}");
    }
    let after = from(
        &server,
        "192.0.2.99",
        RESET,
        json!({ "e": "carla@example.com", "c": third, "p": "nuova-password" }),
    )
    .await?;
    assert_eq!(
        after["data"]["resetPassword"]["logged"], false,
        "the right code after 5 wrong attempts: {after}"
    );
    Ok(())
}

#[tokio::test]
async fn an_unknown_email_gets_the_same_answers_and_no_mail() -> Result<()> {
    let server = server().await?;
    let body = server
        .graphql(RECOVER, json!({ "e": "nessuno@example.com" }))
        .await?;
    assert_eq!(body, json!({ "data": { "recoverPassword": true } }));
    let reset = server
        .graphql(
            RESET,
            json!({ "e": "nessuno@example.com", "c": "123456", "p": "nuova-password" }),
        )
        .await?;
    assert_eq!(
        reset["data"]["resetPassword"],
        json!({ "logged": false, "message": "Codice non valido o scaduto", "accessToken": null, "user": null })
    );
    // The recovery of an account, asked after, is mailed: the unknown e-mail's was over first.
    let body = server
        .graphql(RECOVER, json!({ "e": "carla@example.com" }))
        .await?;
    assert_eq!(body["data"]["recoverPassword"], true, "{body}");
    let mailed = nth_message(&server.outbox, 1).await?;
    assert!(mailed.contains("To: carla@example.com"), "{mailed}");
    assert_eq!(
        messages(&server.outbox).len(),
        1,
        "no mail to the unknown e-mail"
    );
    Ok(())
}

#[tokio::test]
async fn recovery_requests_are_limited() -> Result<()> {
    let server = server().await?;
    let address = "198.51.100.8";
    for _ in 0..3 {
        let body = from(
            &server,
            address,
            RECOVER,
            json!({ "e": "carla@example.com" }),
        )
        .await?;
        assert_eq!(body["data"]["recoverPassword"], true, "{body}");
    }
    let limited = from(
        &server,
        address,
        RECOVER,
        json!({ "e": "carla@example.com" }),
    )
    .await?;
    assert_eq!(error_code(&limited), "TOO_MANY_REQUESTS", "{limited}");
    // The same for an e-mail without an account: the limit reveals nothing.
    for _ in 0..3 {
        from(
            &server,
            address,
            RECOVER,
            json!({ "e": "nessuno@example.com" }),
        )
        .await?;
    }
    let limited = from(
        &server,
        address,
        RECOVER,
        json!({ "e": "nessuno@example.com" }),
    )
    .await?;
    assert_eq!(error_code(&limited), "TOO_MANY_REQUESTS", "{limited}");
    let invalid = server
        .graphql(RECOVER, json!({ "e": "non-una-email" }))
        .await?;
    assert_eq!(error_code(&invalid), "BAD_USER_INPUT", "{invalid}");
    Ok(())
}
