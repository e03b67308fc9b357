//! Failed logins lock the account whatever the client address, and `X-Forwarded-For` is
//! believed only from a listed proxy (issue 29, finding 6: 32 wrong passwords through 8 forged
//! addresses were never limited, and the right one was then accepted). Through the real server,
//! whose peer is always 127.0.0.1.

use crate::common;

use std::time::Duration;

use anyhow::Result;
use common::{
    ADMIN_EMAIL, ADMIN_PASSWORD, Options, TestServer,
    users::{create_user, new_user},
    wait::eventually,
};
use serde_json::{Value, json};

const LOGIN: &str = "mutation($u: String!, $p: String!) { basicLogin(username: $u, password: $p) { logged message } }";
const REGISTER: &str = "mutation($i: RegisterInput!) { register(input: $i) }";
const LOCKED: &str =
    "Account bloccato per troppi tentativi di accesso falliti: riprova fra 15 minuti";
/// `shared::rate_limit::LOGIN_PER_ACCOUNT`.
const FAILURES_TO_LOCK: usize = 10;

async fn server(trusted_proxies: &str) -> Result<TestServer> {
    let server = TestServer::start(Options {
        trusted_proxies,
        ..Options::default()
    })
    .await?;
    let admin = server.admin_token().await?;
    create_user(&server, &admin, new_user("carla@example.com", "giusta-pw")).await?;
    Ok(server)
}

/// POSTs an anonymous operation with `X-Forwarded-For: <forwarded>` (none when empty).
async fn from(
    server: &TestServer,
    forwarded: &str,
    query: &str,
    variables: Value,
) -> Result<Value> {
    let mut request = server
        .client
        .post(server.url("/graphql"))
        .json(&json!({ "query": query, "variables": variables }));
    if !forwarded.is_empty() {
        request = request.header("x-forwarded-for", forwarded);
    }
    Ok(request.send().await?.json().await?)
}

async fn login(server: &TestServer, forwarded: &str, email: &str, password: &str) -> Result<Value> {
    from(
        server,
        forwarded,
        LOGIN,
        json!({ "u": email, "p": password }),
    )
    .await
}

fn error(body: &Value) -> (&str, &str) {
    let e = &body["errors"][0];
    (
        e["extensions"]["code"].as_str().unwrap_or_default(),
        e["message"].as_str().unwrap_or_default(),
    )
}

/// Fails `FAILURES_TO_LOCK` logins of `email`, the n-th from the address `address(n)`.
async fn fail_logins(
    server: &TestServer,
    email: &str,
    address: impl Fn(usize) -> String,
) -> Result<()> {
    for n in 0..FAILURES_TO_LOCK {
        let body = login(server, &address(n), email, "sbagliata").await?;
        let session = &body["data"]["basicLogin"];
        anyhow::ensure!(
            session["logged"] == false && session["message"] == "Credenziali non valide",
            "failure {n}: {body}"
        );
    }
    Ok(())
}

/// Ends the only account lock of `server` as its window's end would, by expiring its counter
/// now (keys hold a digest of the e-mail, not the e-mail).
async fn end_lock(server: &TestServer) -> Result<()> {
    let mut redis = server.state.redis.connection.clone();
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg(format!("{}:ratelimit:login-account:*", server.namespace))
        .query_async(&mut redis)
        .await?;
    anyhow::ensure!(keys.len() == 1, "one locked account: {keys:?}");
    redis::cmd("PEXPIRE")
        .arg(&keys[0])
        .arg(1)
        .query_async::<i64>(&mut redis)
        .await?;
    Ok(())
}

/// Waits (up to 10 s) until `email` logs in with `password`.
async fn logs_in_eventually(server: &TestServer, email: &str, password: &str) -> Result<()> {
    eventually(Duration::from_secs(10), "logged in", async || {
        let body = login(server, "", email, password).await?;
        Ok((body["data"]["basicLogin"]["logged"] == true).then_some(()))
    })
    .await
}

#[tokio::test]
async fn failed_logins_from_forged_addresses_lock_the_account() -> Result<()> {
    let server = server("").await?;
    fail_logins(&server, "carla@example.com", |n| format!("198.51.100.{n}")).await?;
    // The right password, from yet another forged address or none: locked.
    for forwarded in ["203.0.113.20", ""] {
        let body = login(&server, forwarded, "carla@example.com", "giusta-pw").await?;
        assert_eq!(error(&body), ("TOO_MANY_REQUESTS", LOCKED), "{body}");
        assert_eq!(body["data"], Value::Null);
    }
    // The lock is the account's: another account logs in from the same address.
    let admin = login(&server, "", ADMIN_EMAIL, ADMIN_PASSWORD).await?;
    assert_eq!(admin["data"]["basicLogin"]["logged"], true, "{admin}");

    // When the lock ends, the right password is accepted again.
    end_lock(&server).await?;
    logs_in_eventually(&server, "carla@example.com", "giusta-pw").await?;
    Ok(())
}

#[tokio::test]
async fn an_e_mail_without_an_account_is_locked_the_same_way() -> Result<()> {
    let server = server("").await?;
    fail_logins(&server, "nessuno@example.com", |_| String::new()).await?;
    let body = login(&server, "", "nessuno@example.com", "giusta-pw").await?;
    assert_eq!(error(&body), ("TOO_MANY_REQUESTS", LOCKED), "{body}");
    Ok(())
}

#[tokio::test]
async fn behind_a_trusted_proxy_failures_from_every_client_address_lock_the_account() -> Result<()>
{
    let server = server("127.0.0.1").await?;
    fail_logins(&server, "carla@example.com", |n| {
        format!("6.6.6.6, 198.51.100.{n}")
    })
    .await?;
    let body = login(&server, "203.0.113.20", "carla@example.com", "giusta-pw").await?;
    assert_eq!(error(&body), ("TOO_MANY_REQUESTS", LOCKED), "{body}");
    // Another account from those addresses is not locked.
    let admin = login(&server, "198.51.100.0", ADMIN_EMAIL, ADMIN_PASSWORD).await?;
    assert_eq!(admin["data"]["basicLogin"]["logged"], true, "{admin}");
    Ok(())
}

/// Registrations are limited to 10 an hour per client address: which address a request is
/// counted under shows which address the server believed.
#[tokio::test]
async fn forwarded_for_is_believed_only_from_a_listed_proxy() -> Result<()> {
    let register = async |server: &TestServer, n: usize, forwarded: &str| -> Result<Value> {
        let email = format!("utente{n}@example.com");
        from(
            server,
            forwarded,
            REGISTER,
            json!({ "i": { "email": email, "firstName": "Mario", "lastName": "Rossi",
                "password": "segreto1", "confirmPassword": "segreto1" } }),
        )
        .await
    };
    // No proxy listed: every request is the peer's (127.0.0.1), whatever it forwards.
    let direct = server("").await?;
    for n in 0..10 {
        let body = register(&direct, n, &format!("198.51.100.{n}")).await?;
        assert_eq!(body["data"]["register"], true, "{body}");
    }
    let body = register(&direct, 10, "198.51.100.10").await?;
    assert_eq!(error(&body).0, "TOO_MANY_REQUESTS", "{body}");

    // 127.0.0.1 listed: the right-most address it forwards is the client; what the client
    // wrote before it is not.
    let proxied = server("127.0.0.1").await?;
    for n in 0..10 {
        let body = register(&proxied, n, &format!("6.6.6.{n}, 198.51.100.7")).await?;
        assert_eq!(body["data"]["register"], true, "{body}");
    }
    let body = register(&proxied, 10, "6.6.6.10, 198.51.100.7").await?;
    assert_eq!(error(&body).0, "TOO_MANY_REQUESTS", "{body}");
    let body = register(&proxied, 11, "198.51.100.8").await?;
    assert_eq!(body["data"]["register"], true, "another client: {body}");
    Ok(())
}
