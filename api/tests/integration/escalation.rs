//! Impersonation cannot raise anyone's permissions (issue 29, finding 4: a role whose only
//! policy was `impersonates` impersonated the administrator, added itself to the admin group and
//! kept `*` afterwards). Through the real server: a user may impersonate only users whose
//! permissions (allow and deny policies, `*` included) are a subset of their own, and no
//! access-control change is accepted from an impersonation session.

use crate::common;

use anyhow::Result;
use common::{
    ADMIN_EMAIL, Options, TestServer,
    users::{PASSWORD, create_user, new_user},
};
use serde_json::{Value, json};

const NOT_WHILE_IMPERSONATING: &str =
    "Non è possibile modificare ruoli e permessi durante un'impersonificazione";
const BEYOND: &str = "Non puoi impersonificare un utente che ha permessi che tu non hai";
const SESSION: &str =
    "logged accessToken user { email } permissions { resource action } impersonated";

fn error(body: &Value) -> (&str, &str) {
    let e = &body["errors"][0];
    (
        e["extensions"]["code"].as_str().unwrap_or_default(),
        e["message"].as_str().unwrap_or_default(),
    )
}

async fn gql(server: &TestServer, token: &str, query: &str) -> Result<Value> {
    server.graphql_as(token, query, json!({})).await
}

/// Runs `queries` as `token`, each of which must succeed.
async fn all_ok(server: &TestServer, token: &str, queries: &[String]) -> Result<()> {
    for query in queries {
        let body = gql(server, token, query).await?;
        anyhow::ensure!(body["errors"].is_null(), "{query}: {body}");
    }
    Ok(())
}

/// Creates the role `name` with `policies` (resource, allow|deny) and gives it to `members`.
async fn role(
    server: &TestServer,
    admin: &str,
    name: &str,
    policies: &[(&str, &str)],
    members: &[&str],
) -> Result<()> {
    let mut queries = vec![format!(
        "mutation {{ createRole(name: \"{name}\") {{ name }} }}"
    )];
    queries.extend(policies.iter().map(|(object, action)| {
        format!(
            "mutation {{ AddPolicy(subject: \"{name}\", object: \"{object}\", action: \"{action}\") {{ subject }} }}"
        )
    }));
    queries.extend(members.iter().map(|email| {
        format!("mutation {{ AddGroup(subject: \"{email}\", role: \"{name}\") {{ subject }} }}")
    }));
    all_ok(server, admin, &queries).await
}

async fn impersonate(server: &TestServer, token: &str, email: &str) -> Result<Value> {
    gql(
        server,
        token,
        &format!("mutation {{ impersonates(email: \"{email}\") {{ {SESSION} }} }}"),
    )
    .await
}

/// The access token of a successful `impersonates` or `endImpersonation` answer.
fn token_of(body: &Value, operation: &str) -> Result<String> {
    body["data"][operation]["accessToken"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| anyhow::anyhow!("{operation} failed: {body}"))
}

/// Every group, as (user, role) pairs sorted.
async fn groups(server: &TestServer, admin: &str) -> Result<Vec<(String, String)>> {
    let body = gql(server, admin, "{ getGroups { subject role } }").await?;
    let mut groups: Vec<(String, String)> = body["data"]["getGroups"]
        .as_array()
        .ok_or_else(|| anyhow::anyhow!("{body}"))?
        .iter()
        .map(|g| {
            (
                g["subject"].as_str().unwrap_or_default().to_owned(),
                g["role"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    groups.sort();
    Ok(groups)
}

/// The path of the finding: `impersonates` alone, then the administrator's group.
#[tokio::test]
async fn a_role_with_only_impersonates_cannot_become_administrator() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    for email in ["vera@example.com", "luca@example.com"] {
        create_user(&server, &admin, new_user(email, PASSWORD)).await?;
    }
    role(
        &server,
        &admin,
        "vice",
        &[("impersonates", "allow")],
        &["vera@example.com"],
    )
    .await?;
    let groups_before = groups(&server, &admin).await?;
    let vera = server.login("vera@example.com", PASSWORD).await?;

    // The administrator may use every resource: refused, naming what vera lacks.
    let refused = impersonate(&server, &vera, ADMIN_EMAIL).await?;
    assert_eq!(error(&refused), ("FORBIDDEN", &*format!("{BEYOND}: *")));
    assert_eq!(refused["data"], Value::Null, "{refused}");

    // Luca may use nothing: allowed.
    let body = impersonate(&server, &vera, "luca@example.com").await?;
    assert_eq!(body["data"]["impersonates"]["impersonated"], true, "{body}");
    let as_luca = token_of(&body, "impersonates")?;

    // Neither herself nor anyone else joins a group while she acts as luca.
    for subject in ["vera@example.com", "luca@example.com"] {
        let added = gql(
            &server,
            &as_luca,
            &format!("mutation {{ AddGroup(subject: \"{subject}\", role: \"admin\") {{ role }} }}"),
        )
        .await?;
        assert_eq!(error(&added).0, "FORBIDDEN", "{added}");
    }
    // Nor by impersonating again from there (luca may not impersonate anyone).
    let nested = impersonate(&server, &as_luca, ADMIN_EMAIL).await?;
    assert_eq!(error(&nested).0, "FORBIDDEN", "{nested}");

    // Back as herself, she has what she had and nothing more.
    let ended = gql(
        &server,
        &as_luca,
        &format!("mutation {{ endImpersonation {{ {SESSION} }} }}"),
    )
    .await?;
    let back = &ended["data"]["endImpersonation"];
    assert_eq!(back["user"]["email"], "vera@example.com", "{ended}");
    assert_eq!(
        back["permissions"],
        json!([{ "resource": "impersonates", "action": "allow" }])
    );
    let vera = token_of(&ended, "endImpersonation")?;
    for query in [
        "{ users { email } }",
        "{ getGroups { subject } }",
        "mutation { AddGroup(subject: \"vera@example.com\", role: \"admin\") { role } }",
    ] {
        let body = gql(&server, &vera, query).await?;
        assert_eq!(error(&body).0, "FORBIDDEN", "{query}: {body}");
    }
    assert_eq!(groups(&server, &admin).await?, groups_before);
    Ok(())
}

/// Deny policies and resources named by some policies only: the comparison covers them all.
#[tokio::test]
async fn only_users_with_a_subset_of_the_caller_s_permissions_can_be_impersonated() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    for email in [
        "oscar@example.com",
        "lia@example.com",
        "nina@example.com",
        "ugo@example.com",
        "ada@example.com",
    ] {
        create_user(&server, &admin, new_user(email, PASSWORD)).await?;
    }
    // Oscar: everything but users.
    role(
        &server,
        &admin,
        "operatore",
        &[("*", "allow"), ("users", "deny")],
        &["oscar@example.com"],
    )
    .await?;
    // Lia: users only. Nina: dossiers only, and denied documents.
    role(
        &server,
        &admin,
        "anagrafe",
        &[("users", "allow")],
        &["lia@example.com"],
    )
    .await?;
    role(
        &server,
        &admin,
        "pratiche",
        &[("dossiers", "allow"), ("documents", "deny")],
        &["nina@example.com"],
    )
    .await?;
    // Ugo: everything but dossiers — users included, which oscar lacks.
    role(
        &server,
        &admin,
        "quasi",
        &[("*", "allow"), ("dossiers", "deny")],
        &["ugo@example.com"],
    )
    .await?;
    // Ada has no role at all.
    let oscar = server.login("oscar@example.com", PASSWORD).await?;

    for (target, beyond) in [
        (ADMIN_EMAIL, "users"),
        ("lia@example.com", "users"),
        ("ugo@example.com", "users"),
    ] {
        let body = impersonate(&server, &oscar, target).await?;
        assert_eq!(
            error(&body),
            ("FORBIDDEN", &*format!("{BEYOND}: {beyond}")),
            "{target}"
        );
    }
    for target in ["nina@example.com", "ada@example.com"] {
        let body = impersonate(&server, &oscar, target).await?;
        assert_eq!(
            body["data"]["impersonates"]["user"]["email"], target,
            "{body}"
        );
    }
    // The administrator may use everything: anyone may be impersonated by them.
    for target in ["oscar@example.com", "ugo@example.com", "lia@example.com"] {
        let body = impersonate(&server, &admin, target).await?;
        assert_eq!(
            body["data"]["impersonates"]["user"]["email"], target,
            "{body}"
        );
    }
    Ok(())
}

/// Even an administrator impersonating someone who administers access control changes nothing
/// through that session; the same user acting as themselves does.
#[tokio::test]
async fn access_control_does_not_change_from_an_impersonation_session() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    for email in ["sara@example.com", "tino@example.com", "zeno@example.com"] {
        create_user(&server, &admin, new_user(email, PASSWORD)).await?;
    }
    role(
        &server,
        &admin,
        "sicurezza",
        &[
            ("roles", "allow"),
            ("policies", "allow"),
            ("groups", "allow"),
            ("users", "allow"),
            ("createUser", "allow"),
            ("deleteUser", "allow"),
        ],
        &["sara@example.com"],
    )
    .await?;
    role(&server, &admin, "lettore", &[], &["tino@example.com"]).await?;
    let groups_before = groups(&server, &admin).await?;

    let body = impersonate(&server, &admin, "sara@example.com").await?;
    let as_sara = token_of(&body, "impersonates")?;
    for query in [
        "mutation { createRole(name: \"nuovo\") { name } }",
        "mutation { deleteRole(name: \"lettore\") }",
        "mutation { AddPolicy(subject: \"sicurezza\", object: \"*\", action: \"allow\") { subject } }",
        "mutation { deletePolicy(subject: \"sicurezza\", object: \"users\", action: \"allow\") }",
        "mutation { AddGroup(subject: \"sara@example.com\", role: \"admin\") { role } }",
        "mutation { AddGroup(subject: \"tino@example.com\", role: \"sicurezza\") { role } }",
        "mutation { deleteGroup(subject: \"tino@example.com\", role: \"lettore\") }",
        // Deleting a user with a role takes the role away.
        "mutation { deleteUser(email: \"tino@example.com\") }",
    ] {
        let body = gql(&server, &as_sara, query).await?;
        assert_eq!(
            error(&body),
            ("FORBIDDEN", NOT_WHILE_IMPERSONATING),
            "{query}: {body}"
        );
    }
    assert_eq!(groups(&server, &admin).await?, groups_before);
    let roles = gql(&server, &admin, "{ roles { name } }").await?;
    assert_eq!(
        roles["data"]["roles"],
        json!([{ "name": "admin" }, { "name": "lettore" }, { "name": "sicurezza" }]),
        "{roles}"
    );
    // What is not access control still works as sara: a user without roles is deleted.
    let deleted = gql(
        &server,
        &as_sara,
        "mutation { deleteUser(email: \"zeno@example.com\") }",
    )
    .await?;
    assert_eq!(deleted["data"]["deleteUser"], true, "{deleted}");

    // Sara herself may change access control.
    let sara = server.login("sara@example.com", PASSWORD).await?;
    all_ok(
        &server,
        &sara,
        &[
            "mutation { AddGroup(subject: \"tino@example.com\", role: \"sicurezza\") { role } }"
                .to_owned(),
        ],
    )
    .await?;
    Ok(())
}
