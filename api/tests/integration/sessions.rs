//! Sessions through the real server: login, the logged-in user, token rotation with reuse
//! detection, logout, and tokens that must be refused.

use crate::common;

use std::time::Duration;

use anyhow::Result;
use common::{
    Options, TestServer,
    graphql::error_code,
    users::{create_user, new_user},
    wait::eventually,
};
use serde_json::{Value, json};

/// How long an ended session's token may still be accepted (the notice reaches every process
/// within milliseconds).
const AT_ONCE: Duration = Duration::from_millis(2500);

const LOGIN: &str = "mutation($u: String!, $p: String!) { basicLogin(username: $u, password: $p) {
    logged message accessToken refreshToken accessUuid refreshUuid atExpires rtExpires
    user { email firstName lastName } permissions { resource action } } }";
const REFRESH: &str = "mutation($t: String!) { getNewAccessToken(refreshToken: $t) {
    logged message accessToken refreshToken user { email } permissions { resource action } } }";
const LOGGED_USER: &str = "query { loggedUser { email firstName } }";

async fn server_with_admin() -> Result<TestServer> {
    let server = TestServer::start(Options::default()).await?;
    server
        .seed_admin("admin@example.test", "admin-password")
        .await?;
    Ok(server)
}

async fn login(server: &TestServer, email: &str, password: &str) -> Result<Value> {
    let body = server
        .graphql(LOGIN, json!({ "u": email, "p": password }))
        .await?;
    Ok(body["data"]["basicLogin"].clone())
}

#[tokio::test]
async fn login_returns_a_session_with_tokens_expiries_and_permissions() -> Result<()> {
    let server = server_with_admin().await?;
    let session = login(&server, "ADMIN@example.test", "admin-password").await?;
    assert_eq!(session["logged"], true, "{session}");
    assert_eq!(session["message"], Value::Null);
    assert_eq!(session["user"]["email"], "admin@example.test");
    assert_eq!(
        session["permissions"],
        json!([{ "resource": "*", "action": "allow" }])
    );
    let now = chrono::Utc::now().timestamp();
    let at_expires = session["atExpires"].as_i64().unwrap_or_default();
    assert!(
        (now + 890..=now + 910).contains(&at_expires),
        "access token lives 15 minutes"
    );
    assert!(session["rtExpires"].as_i64().unwrap_or_default() > now + 6 * 24 * 3600);
    for field in ["accessToken", "refreshToken", "accessUuid", "refreshUuid"] {
        assert!(
            session[field].as_str().is_some_and(|v| !v.is_empty()),
            "{field}"
        );
    }

    let token = session["accessToken"].as_str().unwrap_or_default();
    let me = server.graphql_as(token, LOGGED_USER, json!({})).await?;
    assert_eq!(
        me["data"]["loggedUser"]["email"], "admin@example.test",
        "{me}"
    );
    Ok(())
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_answer() -> Result<()> {
    let server = server_with_admin().await?;
    let wrong = login(&server, "admin@example.test", "not-the-password").await?;
    let unknown = login(&server, "nobody@example.test", "admin-password").await?;
    for session in [&wrong, &unknown] {
        assert_eq!(session["logged"], false);
        assert_eq!(session["message"], "Credenziali non valide");
        assert_eq!(session["accessToken"], Value::Null);
    }
    Ok(())
}

#[tokio::test]
async fn the_logged_user_needs_a_valid_access_token() -> Result<()> {
    let server = server_with_admin().await?;
    let anonymous = server.graphql(LOGGED_USER, json!({})).await?;
    assert_eq!(error_code(&anonymous), "UNAUTHENTICATED", "{anonymous}");
    assert_eq!(anonymous["data"], Value::Null);

    let forged = server
        .graphql_as("not.a.jwt", LOGGED_USER, json!({}))
        .await?;
    assert_eq!(error_code(&forged), "UNAUTHENTICATED", "{forged}");

    let session = login(&server, "admin@example.test", "admin-password").await?;
    let refresh_token = session["refreshToken"].as_str().unwrap_or_default();
    let refresh_as_access = server
        .graphql_as(refresh_token, LOGGED_USER, json!({}))
        .await?;
    assert_eq!(
        error_code(&refresh_as_access),
        "UNAUTHENTICATED",
        "{refresh_as_access}"
    );

    let other_key = shared::auth::TokenKeys::new(
        b"some-other-secret-some-other-secret",
        std::time::Duration::from_secs(60),
    )
    .issue(
        uuid::Uuid::now_v7(),
        "admin@example.test",
        uuid::Uuid::now_v7(),
        None,
    )?;
    let signed_elsewhere = server
        .graphql_as(&other_key.token, LOGGED_USER, json!({}))
        .await?;
    assert_eq!(
        error_code(&signed_elsewhere),
        "UNAUTHENTICATED",
        "{signed_elsewhere}"
    );
    Ok(())
}

#[tokio::test]
async fn refreshing_rotates_the_refresh_token_and_reuse_revokes_the_session() -> Result<()> {
    let server = server_with_admin().await?;
    let session = login(&server, "admin@example.test", "admin-password").await?;
    let first = session["refreshToken"]
        .as_str()
        .unwrap_or_default()
        .to_owned();

    let body = server.graphql(REFRESH, json!({ "t": first })).await?;
    let rotated = &body["data"]["getNewAccessToken"];
    assert_eq!(rotated["logged"], true, "{body}");
    assert_eq!(
        rotated["permissions"],
        json!([{ "resource": "*", "action": "allow" }])
    );
    let second = rotated["refreshToken"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert_ne!(first, second);
    let access = rotated["accessToken"].as_str().unwrap_or_default();
    let me = server.graphql_as(access, LOGGED_USER, json!({})).await?;
    assert_eq!(me["data"]["loggedUser"]["email"], "admin@example.test");

    // The first token was rotated: presenting it again is a reuse, which ends the session...
    let reuse = server.graphql(REFRESH, json!({ "t": first })).await?;
    assert_eq!(
        reuse["data"]["getNewAccessToken"]["logged"], false,
        "{reuse}"
    );
    // ...so the token that replaced it is refused too.
    let after = server.graphql(REFRESH, json!({ "t": second })).await?;
    assert_eq!(
        after["data"]["getNewAccessToken"]["logged"], false,
        "{after}"
    );
    assert!(
        after["data"]["getNewAccessToken"]["message"]
            .as_str()
            .is_some()
    );
    Ok(())
}

#[tokio::test]
async fn logout_revokes_the_session() -> Result<()> {
    let server = server_with_admin().await?;
    let session = login(&server, "admin@example.test", "admin-password").await?;
    let access = session["accessToken"].as_str().unwrap_or_default();
    let refresh = session["refreshToken"].as_str().unwrap_or_default();

    let body = server
        .graphql_as(access, "mutation { logout }", json!({}))
        .await?;
    assert_eq!(body["data"]["logout"], true, "{body}");
    let refused = server.graphql(REFRESH, json!({ "t": refresh })).await?;
    assert_eq!(
        refused["data"]["getNewAccessToken"]["logged"], false,
        "{refused}"
    );

    let anonymous = server.graphql("mutation { logout }", json!({})).await?;
    assert_eq!(error_code(&anonymous), "UNAUTHENTICATED", "{anonymous}");
    Ok(())
}

/// Whether `token` still reads the logged-in user on `server` (GraphQL).
async fn works_on(server: &TestServer, token: &str) -> Result<bool> {
    let me = server.graphql_as(token, LOGGED_USER, json!({})).await?;
    match error_code(&me) {
        "" => Ok(true),
        "UNAUTHENTICATED" => Ok(false),
        other => anyhow::bail!("unexpected answer {other}: {me}"),
    }
}

/// Whether `token` still reads the logged-in user on a sibling API process.
async fn works_on_sibling(sibling: &common::Sibling, token: &str) -> Result<bool> {
    let me = sibling.graphql_as(token, LOGGED_USER, json!({})).await?;
    Ok(error_code(&me) != "UNAUTHENTICATED")
}

/// Waits until `token` is refused by the sibling process too (it hears of ended sessions from
/// the database's notices, within milliseconds).
async fn refused_by_sibling(sibling: &common::Sibling, token: &str) -> Result<()> {
    eventually(AT_ONCE, "the ended session's token refused", async || {
        Ok((!works_on_sibling(sibling, token).await?).then_some(()))
    })
    .await
}

/// Waits until `token` is refused by the server: sessions ended by another user's action (a
/// password set by an administrator, a deletion) reach every process, this one included,
/// through the database's notices.
async fn refused_by_server(server: &TestServer, token: &str) -> Result<()> {
    eventually(AT_ONCE, "the ended session's token refused", async || {
        Ok((!works_on(server, token).await?).then_some(()))
    })
    .await
}

/// An access token stops working the moment its session ends — logout, reuse of a rotated
/// refresh token, a password set by an administrator, the user's deletion — on every API
/// process, for GraphQL and REST, though it has not expired.
#[tokio::test]
async fn an_ended_session_s_access_token_is_refused_at_once_everywhere() -> Result<()> {
    let server = server_with_admin().await?;
    let sibling = server.sibling().await?;
    let admin = login(&server, "admin@example.test", "admin-password").await?;
    let admin_token = admin["accessToken"].as_str().unwrap_or_default().to_owned();
    for email in ["mario@example.test", "luigi@example.test"] {
        create_user(&server, &admin_token, new_user(email, "segreto1")).await?;
    }

    // Logout.
    let session = login(&server, "admin@example.test", "admin-password").await?;
    let token = session["accessToken"].as_str().unwrap_or_default();
    assert!(works_on(&server, token).await? && works_on_sibling(&sibling, token).await?);
    server
        .graphql_as(token, "mutation { logout }", json!({}))
        .await?;
    assert!(
        !works_on(&server, token).await?,
        "refused where it logged out"
    );
    refused_by_sibling(&sibling, token).await?;
    let me = server.graphql_as(token, LOGGED_USER, json!({})).await?;
    assert_eq!(
        me["errors"][0]["message"],
        "Sessione terminata: effettua di nuovo l'accesso"
    );
    // REST too.
    let import = server
        .client
        .post(server.url("/import_dossier"))
        .bearer_auth(token)
        .json(&json!({ "base64zip": "", "input": "[]" }))
        .send()
        .await?;
    assert_eq!(import.status(), 401);

    // A rotated refresh token presented again ends the session.
    let session = login(&server, "admin@example.test", "admin-password").await?;
    let token = session["accessToken"].as_str().unwrap_or_default();
    let first = session["refreshToken"].as_str().unwrap_or_default();
    server.graphql(REFRESH, json!({ "t": first })).await?;
    server.graphql(REFRESH, json!({ "t": first })).await?;
    refused_by_sibling(&sibling, token).await?;

    // A password set by an administrator ends the user's sessions.
    let mario = login(&server, "mario@example.test", "segreto1").await?;
    let token = mario["accessToken"].as_str().unwrap_or_default();
    assert!(works_on(&server, token).await?);
    let body = server
        .graphql_as(
            &admin_token,
            "mutation { updateUserPassword(email: \"mario@example.test\", newPassword: \"nuovo-segreto\") }",
            json!({}),
        )
        .await?;
    assert_eq!(error_code(&body), "", "{body}");
    refused_by_sibling(&sibling, token).await?;
    refused_by_server(&server, token).await?;

    // Deleting a user ends theirs.
    let luigi = login(&server, "luigi@example.test", "segreto1").await?;
    let token = luigi["accessToken"].as_str().unwrap_or_default();
    assert!(works_on(&server, token).await?);
    let body = server
        .graphql_as(
            &admin_token,
            "mutation { deleteUser(email: \"luigi@example.test\") }",
            json!({}),
        )
        .await?;
    assert_eq!(error_code(&body), "", "{body}");
    refused_by_sibling(&sibling, token).await?;
    refused_by_server(&server, token).await?;

    // The administrator's own session was never touched.
    assert!(works_on(&server, &admin_token).await?);
    Ok(())
}

/// Forges a JWT from a header and claims, with `signature` as is.
fn forge(header: &Value, claims: &Value, signature: &str) -> String {
    use base64::Engine;
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    format!(
        "{}.{}.{signature}",
        b64.encode(header.to_string()),
        b64.encode(claims.to_string())
    )
}

#[tokio::test]
async fn forged_expired_and_unsigned_tokens_are_refused() -> Result<()> {
    let server = server_with_admin().await?;
    let session = login(&server, "admin@example.test", "admin-password").await?;
    let token = session["accessToken"].as_str().unwrap_or_default();
    let payload = token.split('.').nth(1).unwrap_or_default();
    let claims: Value = {
        use base64::Engine;
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload)?;
        serde_json::from_slice(&bytes)?
    };
    assert_eq!(claims["email"], "admin@example.test");

    // alg none, with or without a signature.
    let none = forge(&json!({ "alg": "none", "typ": "JWT" }), &claims, "");
    // The real signature on changed claims.
    let mut tampered_claims = claims.clone();
    tampered_claims["email"] = json!("someone@example.test");
    let signature = token.rsplit('.').next().unwrap_or_default();
    let tampered = forge(
        &json!({ "alg": "HS256", "typ": "JWT" }),
        &tampered_claims,
        signature,
    );
    // Expired, signed with the server's own key.
    let expired = {
        let mut claims: shared::auth::AccessClaims = serde_json::from_value(claims.clone())?;
        claims.exp = chrono::Utc::now().timestamp() - 3600;
        claims.nbf = claims.exp - 900;
        claims.iat = claims.nbf;
        jsonwebtoken::encode(
            &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256),
            &claims,
            &jsonwebtoken::EncodingKey::from_secret(common::JWT_SECRET.as_bytes()),
        )?
    };
    for (name, forged) in [
        ("alg none", none),
        ("tampered", tampered),
        ("expired", expired),
    ] {
        let body = server.graphql_as(&forged, LOGGED_USER, json!({})).await?;
        assert_eq!(error_code(&body), "UNAUTHENTICATED", "{name}: {body}");
        assert_eq!(body["data"], Value::Null, "{name}");
    }
    // The genuine token still works.
    let body = server.graphql_as(token, LOGGED_USER, json!({})).await?;
    assert_eq!(body["data"]["loggedUser"]["email"], "admin@example.test");
    Ok(())
}

/// A tampered token gets one clear sentence, on GraphQL and on REST: never the decoder's own
/// words ("JSON error: unknown variant `none`…", "Base64 error…").
#[tokio::test]
async fn tampered_tokens_get_one_clear_message_everywhere() -> Result<()> {
    use base64::Engine;
    const INVALID: &str = "Sessione non valida: accedi di nuovo";
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let server = server_with_admin().await?;
    let session = login(&server, "admin@example.test", "admin-password").await?;
    let token = session["accessToken"].as_str().unwrap_or_default();
    let mut parts = token.split('.');
    let (header, payload, signature) = (
        parts.next().unwrap_or_default(),
        parts.next().unwrap_or_default(),
        parts.next().unwrap_or_default(),
    );
    let claims: Value = serde_json::from_slice(&b64.decode(payload)?)?;
    let tampered = [
        (
            "alg none",
            forge(&json!({ "alg": "none", "typ": "JWT" }), &claims, ""),
        ),
        (
            "bad base64",
            format!("{header}.@@@not-base64@@@.{signature}"),
        ),
        (
            "header not JSON",
            format!("{}.{payload}.{signature}", b64.encode("{\"alg\":")),
        ),
        (
            "claims replaced",
            format!("{header}.{}.{signature}", b64.encode("not json")),
        ),
        ("not a JWT", "token".to_owned()),
    ];
    for (name, forged) in &tampered {
        let body = server.graphql_as(forged, LOGGED_USER, json!({})).await?;
        assert_eq!(error_code(&body), "UNAUTHENTICATED", "{name}: {body}");
        assert_eq!(body["errors"][0]["message"], INVALID, "{name}: {body}");

        let response = server
            .client
            .post(server.url("/import_dossier"))
            .bearer_auth(forged)
            .json(
                &json!({ "idValutazione": "x", "tipoContratto": "y", "base64zip": "",
                "files": [], "input": [] }),
            )
            .send()
            .await?;
        assert_eq!(response.status(), 401, "{name}");
        let body: Value = response.json().await?;
        assert_eq!(body["message"], INVALID, "{name}: {body}");
    }
    Ok(())
}
