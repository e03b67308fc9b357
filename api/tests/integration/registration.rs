//! Self-registration through the real server: `register` answers the same whether or not the
//! e-mail has an account; the mailbox receives a code (new address) or a note (existing
//! account); only `confirmRegistration` with the code creates the account, once, with no role.

use crate::common;

use anyhow::Result;
use common::{Options, TestServer, code_of, messages, nth_message, users::new_user};
use serde_json::{Value, json};

const REGISTER: &str = "mutation($i: RegisterInput!) { register(input: $i) }";
const CONFIRM: &str = "mutation($e: String!, $c: String!) { confirmRegistration(email: $e, code: $c) { logged message accessToken user { email firstName } permissions { resource } impersonated } }";
const LOGIN: &str =
    "mutation($u: String!, $p: String!) { basicLogin(username: $u, password: $p) { logged } }";

async fn confirm(server: &TestServer, email: &str, code: &str) -> Result<Value> {
    let body = server
        .graphql(CONFIRM, json!({ "e": email, "c": code }))
        .await?;
    anyhow::ensure!(body["errors"].is_null(), "{body}");
    Ok(body["data"]["confirmRegistration"].clone())
}

async fn logs_in(server: &TestServer, email: &str, password: &str) -> Result<bool> {
    let body = server
        .graphql(LOGIN, json!({ "u": email, "p": password }))
        .await?;
    Ok(body["data"]["basicLogin"]["logged"] == true)
}

fn wrong(code: &str) -> String {
    format!("{:06}", (code.parse::<u32>().unwrap_or(0) + 1) % 1_000_000)
}

#[tokio::test]
async fn a_mailed_code_creates_the_account_once_with_no_role() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let body = server
        .graphql(
            REGISTER,
            json!({ "i": new_user("Nuovo@Example.com", "segreto1") }),
        )
        .await?;
    assert_eq!(body, json!({ "data": { "register": true } }));
    let message = nth_message(&server.outbox, 1).await?;
    assert!(message.contains("To: Nuovo@Example.com"), "{message}");
    assert!(message.contains("attivare") && message.contains("activates"));
    let code = code_of(&message)?;
    assert!(
        !logs_in(&server, "nuovo@example.com", "segreto1").await?,
        "no account before the code comes back"
    );

    let refused = confirm(&server, "nuovo@example.com", &wrong(&code)).await?;
    assert_eq!(refused["logged"], false);
    assert_eq!(refused["message"], "Codice non valido o scaduto");

    let session = confirm(&server, "nuovo@example.com", &code).await?;
    assert_eq!(session["logged"], true, "{session}");
    assert_eq!(session["user"]["email"], "Nuovo@Example.com");
    assert_eq!(session["user"]["firstName"], "Mario");
    assert_eq!(session["permissions"], json!([]));
    assert_eq!(session["impersonated"], false);
    let token = session["accessToken"].as_str().unwrap_or_default();
    let me = server
        .graphql_as(token, "{ loggedUser { email } }", json!({}))
        .await?;
    assert_eq!(me["data"]["loggedUser"]["email"], "Nuovo@Example.com");
    let forbidden = server
        .graphql_as(token, "{ roles { name } }", json!({}))
        .await?;
    assert_eq!(forbidden["errors"][0]["extensions"]["code"], "FORBIDDEN");
    assert!(logs_in(&server, "nuovo@example.com", "segreto1").await?);

    let again = confirm(&server, "nuovo@example.com", &code).await?;
    assert_eq!(again["logged"], false, "a code is used once");
    let mut conn = server.db.pool.get().await?;
    let actions: Vec<String> = shared::db::repo::audit::latest(&mut conn, 10)
        .await?
        .into_iter()
        .map(|e| e.action)
        .collect();
    assert!(actions.contains(&"user.register".to_owned()), "{actions:?}");
    Ok(())
}

#[tokio::test]
async fn an_existing_account_gets_the_same_answer_and_only_a_note() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let created = server
        .graphql_as(
            &admin,
            "mutation($u: CreateUserInput!) { createUser(user: $u) { email } }",
            json!({ "u": new_user("carla@example.com", "vecchia-pw") }),
        )
        .await?;
    assert!(created["errors"].is_null(), "{created}");

    let fresh = server
        .graphql(
            REGISTER,
            json!({ "i": new_user("libero@example.com", "segreto1") }),
        )
        .await?;
    let taken = server
        .graphql(
            REGISTER,
            json!({ "i": new_user("CARLA@example.com", "segreto1") }),
        )
        .await?;
    assert_eq!(fresh, taken, "the answer does not tell who has an account");

    nth_message(&server.outbox, 2).await?;
    let note = messages(&server.outbox)
        .into_iter()
        .find(|m| m.contains("To: carla@example.com"))
        .expect("a note to the account's owner")
        .replace("=\r\n", "");
    assert!(note.contains("you already have"), "{note}");
    assert!(code_of(&note).is_err(), "the note carries no code: {note}");
    assert!(note.contains("/authentication/password-recovery"));

    // Nothing about the existing account changed, and no code opens it.
    assert!(logs_in(&server, "carla@example.com", "vecchia-pw").await?);
    assert!(!logs_in(&server, "carla@example.com", "segreto1").await?);
    for code in ["000000", "123456"] {
        assert_eq!(
            confirm(&server, "carla@example.com", code).await?["logged"],
            false
        );
    }
    Ok(())
}

/// `confirmRegistration` as if from client address `from` (the server trusts 127.0.0.1 as a
/// proxy), so that the per-address limit is not what stops the attempts.
async fn confirm_from(server: &TestServer, from: &str, email: &str, code: &str) -> Result<Value> {
    let body: Value = server
        .client
        .post(server.url("/graphql"))
        .header("x-forwarded-for", from)
        .json(&json!({ "query": CONFIRM, "variables": { "e": email, "c": code } }))
        .send()
        .await?
        .json()
        .await?;
    anyhow::ensure!(body["errors"].is_null(), "{body}");
    Ok(body["data"]["confirmRegistration"].clone())
}

#[tokio::test]
async fn a_new_request_replaces_the_code_which_expires_and_allows_five_attempts() -> Result<()> {
    let server = TestServer::start(Options {
        trusted_proxies: "127.0.0.1",
        ..Options::default()
    })
    .await?;
    let request = async |n: usize| -> Result<String> {
        let body = server
            .graphql(
                REGISTER,
                json!({ "i": new_user("anna@example.com", "segreto1") }),
            )
            .await?;
        anyhow::ensure!(body["data"]["register"] == true, "{body}");
        code_of(&nth_message(&server.outbox, n).await?)
    };
    let first = request(1).await?;
    let second = request(2).await?;
    if first != second {
        let replaced = confirm_from(&server, "192.0.2.1", "anna@example.com", &first).await?;
        assert_eq!(replaced["logged"], false, "the older code died");
    }

    // Expiry: move the registration's expiry into the past.
    {
        use diesel::prelude::*;
        use diesel_async::RunQueryDsl;
        use shared::db::schema::pending_registrations::dsl::*;
        let mut conn = server.db.pool.get().await?;
        diesel::update(pending_registrations)
            .set(expires_at.eq(chrono::Utc::now() - chrono::Duration::seconds(1)))
            .execute(&mut conn)
            .await?;
    }
    let expired = confirm_from(&server, "192.0.2.2", "anna@example.com", &second).await?;
    assert_eq!(expired["logged"], false, "expired: {expired}");

    let third = request(3).await?;
    for i in 0..5 {
        let missed = confirm_from(
            &server,
            &format!("192.0.2.{}", 10 + i),
            "anna@example.com",
            &wrong(&third),
        )
        .await?;
        assert_eq!(missed["logged"], false);
    }
    let after = confirm_from(&server, "192.0.2.99", "anna@example.com", &third).await?;
    assert_eq!(
        after["logged"], false,
        "five wrong attempts kill the code: {after}"
    );

    let fourth = request(4).await?;
    let session = confirm_from(&server, "192.0.2.100", "anna@example.com", &fourth).await?;
    assert_eq!(session["logged"], true, "{session}");
    Ok(())
}

#[tokio::test]
async fn invalid_input_is_refused_whoever_owns_the_email() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let mut mismatched = new_user("altro@example.com", "segreto1");
    mismatched["confirmPassword"] = json!("diversa1");
    let body = server.graphql(REGISTER, json!({ "i": mismatched })).await?;
    assert_eq!(body["errors"][0]["extensions"]["code"], "BAD_USER_INPUT");
    assert_eq!(
        body["errors"][0]["message"],
        "Le password devono coincidere"
    );
    let blank = server
        .graphql(CONFIRM, json!({ "e": "altro@example.com", "c": " " }))
        .await?;
    assert_eq!(blank["errors"][0]["extensions"]["code"], "BAD_USER_INPUT");
    assert!(messages(&server.outbox).is_empty(), "nothing mailed");
    Ok(())
}
