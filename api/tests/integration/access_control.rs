//! Roles, policies and groups through the real server: validation, deny over allow, changes
//! enforced at once by ANOTHER API process on the same database and Redis namespace
//! (`TestServer::sibling`, reloaded through the Redis change notice) and told to the open
//! sessions there (`permissionsChanged`), impersonation, and the notification recipients.

use crate::common;

use std::time::Duration;

use anyhow::Result;
use common::{
    ADMIN_EMAIL, Options, TestServer, next_message, subscribe_at,
    users::{PASSWORD, logged_in_user},
    wait::eventually,
};
use serde_json::{Value, json};

/// How long another API process may take to apply a policy change (its notice arrives within
/// milliseconds).
const AT_ONCE: Duration = Duration::from_secs(5);

fn error(body: &Value) -> (&str, &str, &str) {
    let e = &body["errors"][0];
    (
        e["extensions"]["code"].as_str().unwrap_or_default(),
        e["extensions"]["field"].as_str().unwrap_or_default(),
        e["message"].as_str().unwrap_or_default(),
    )
}

async fn gql(server: &TestServer, token: &str, query: &str) -> Result<Value> {
    server.graphql_as(token, query, json!({})).await
}

#[tokio::test]
async fn roles_policies_and_groups_validate_their_input() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let body = gql(
        &server,
        &admin,
        "mutation { createRole(name: \" editor \", description: \"Scrive\") { name description } }",
    )
    .await?;
    assert_eq!(
        body["data"]["createRole"],
        json!({ "name": "editor", "description": "Scrive" }),
        "{body}"
    );
    let no_description = gql(
        &server,
        &admin,
        "mutation { createRole(name: \"lettore\") { description } }",
    )
    .await?;
    assert_eq!(
        no_description["data"]["createRole"]["description"], "",
        "{no_description}"
    );
    for (query, field, message) in [
        (
            "mutation { createRole(name: \"\") { name } }",
            "name",
            "Campo obbligatorio",
        ),
        (
            "mutation { createRole(name: \"abcdefghijklmnopqrstu\") { name } }",
            "name",
            "Lunghezza massima: 20 caratteri",
        ),
        (
            &format!(
                "mutation {{ createRole(name: \"x\", description: \"{}\") {{ name }} }}",
                "d".repeat(41)
            ),
            "description",
            "Lunghezza massima: 40 caratteri",
        ),
        (
            "mutation { createRole(name: \"EDITOR\") { name } }",
            "name",
            "Esiste già un ruolo con questo nome",
        ),
        (
            "mutation { AddPolicy(subject: \"nessuno\", object: \"users\", action: \"allow\") { subject } }",
            "subject",
            "Ruolo inesistente",
        ),
        (
            "mutation { AddPolicy(subject: \"editor\", object: \"\", action: \"allow\") { subject } }",
            "object",
            "Campo obbligatorio",
        ),
        (
            &format!(
                "mutation {{ AddPolicy(subject: \"editor\", object: \"{}\", action: \"allow\") {{ subject }} }}",
                "o".repeat(61)
            ),
            "object",
            "Lunghezza massima: 60 caratteri",
        ),
        (
            "mutation { AddPolicy(subject: \"editor\", object: \"users\", action: \"maybe\") { subject } }",
            "action",
            "Azione non valida: allow o deny",
        ),
        (
            "mutation { AddGroup(subject: \"ghost@example.com\", role: \"editor\") { subject } }",
            "subject",
            "Utente non trovato",
        ),
        (
            "mutation { AddGroup(subject: \"admin@test.local\", role: \"nessuno\") { subject } }",
            "role",
            "Ruolo inesistente",
        ),
    ] {
        let body = gql(&server, &admin, query).await?;
        assert_eq!(
            error(&body),
            ("BAD_USER_INPUT", field, message),
            "{query}: {body}"
        );
    }

    let policy = gql(&server, &admin, "mutation { AddPolicy(subject: \"Editor\", object: \"users\", action: \"ALLOW\") { subject domain object action } }").await?;
    assert_eq!(
        policy["data"]["AddPolicy"],
        json!({ "subject": "editor", "domain": "*", "object": "users", "action": "allow" }),
        "{policy}"
    );
    let again = gql(&server, &admin, "mutation { AddPolicy(subject: \"editor\", object: \"users\", action: \"allow\") { subject } }").await?;
    assert_eq!(error(&again).0, "CONFLICT", "{again}");
    let group = gql(&server, &admin, "mutation { AddGroup(subject: \"ADMIN@test.local\", role: \"editor\") { subject domain role } }").await?;
    assert_eq!(
        group["data"]["AddGroup"],
        json!({ "subject": ADMIN_EMAIL, "domain": "*", "role": "editor" }),
        "{group}"
    );
    let in_use = gql(&server, &admin, "mutation { deleteRole(name: \"editor\") }").await?;
    assert_eq!(error(&in_use).0, "CONFLICT", "{in_use}");

    let policies = gql(&server, &admin, "{ getPolicies { subject object action } }").await?;
    assert_eq!(
        policies["data"]["getPolicies"],
        json!([{ "subject": "admin", "object": "*", "action": "allow" },
               { "subject": "editor", "object": "users", "action": "allow" }]),
        "{policies}"
    );
    let roles = gql(&server, &admin, "{ roles { name } }").await?;
    assert_eq!(
        roles["data"]["roles"],
        json!([{ "name": "admin" }, { "name": "editor" }, { "name": "lettore" }])
    );

    for query in [
        "mutation { deletePolicy(subject: \"editor\", object: \"users\", action: \"allow\") }",
        "mutation { deleteGroup(subject: \"admin@test.local\", role: \"editor\") }",
        "mutation { deleteRole(name: \"editor\") }",
    ] {
        let body = gql(&server, &admin, query).await?;
        assert_eq!(body["errors"], Value::Null, "{query}: {body}");
    }
    let gone = gql(
        &server,
        &admin,
        "mutation { deletePolicy(subject: \"editor\", object: \"users\", action: \"allow\") }",
    )
    .await?;
    assert_eq!(error(&gone).0, "NOT_FOUND", "{gone}");

    let mut conn = server.db.pool.get().await?;
    let actions: Vec<String> = shared::db::repo::audit::latest(&mut conn, 50)
        .await?
        .into_iter()
        .map(|e| e.action)
        .collect();
    for action in [
        "role.create",
        "policy.add",
        "group.add",
        "policy.delete",
        "group.delete",
        "role.delete",
    ] {
        assert!(
            actions.contains(&action.to_owned()),
            "{action} in {actions:?}"
        );
    }
    Ok(())
}

#[tokio::test]
async fn policy_changes_apply_at_once_in_another_process_and_deny_wins() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let other = server.sibling().await?;
    let admin = server.admin_token().await?;
    let anna = logged_in_user(&server, &admin, "anna@example.com").await?;
    let users_query = "{ users { email } }";

    // No role: refused everything but the operations of any logged-in user.
    let refused = other.graphql_as(&anna, users_query, json!({})).await?;
    assert_eq!(error(&refused).0, "FORBIDDEN", "{refused}");
    let me = other
        .graphql_as(&anna, "{ loggedUser { email } }", json!({}))
        .await?;
    assert_eq!(
        me["data"]["loggedUser"]["email"], "anna@example.com",
        "{me}"
    );

    // Granted through the first process: the second enforces it.
    for query in [
        "mutation { createRole(name: \"lettori\") { name } }",
        "mutation { AddPolicy(subject: \"lettori\", object: \"users\", action: \"allow\") { subject } }",
        "mutation { AddGroup(subject: \"anna@example.com\", role: \"lettori\") { subject } }",
    ] {
        let body = gql(&server, &admin, query).await?;
        assert_eq!(body["errors"], Value::Null, "{query}: {body}");
    }
    eventually(
        AT_ONCE,
        "the other process applies the new policy",
        async || {
            let body = other.graphql_as(&anna, users_query, json!({})).await?;
            Ok((body["errors"].is_null()).then_some(()))
        },
    )
    .await?;
    let still_refused = other
        .graphql_as(&anna, "{ roles { name } }", json!({}))
        .await?;
    assert_eq!(
        error(&still_refused).0,
        "FORBIDDEN",
        "only the granted resource"
    );

    // Deny wins over allow, even over `*`.
    for query in [
        "mutation { AddPolicy(subject: \"lettori\", object: \"*\", action: \"allow\") { subject } }",
        "mutation { AddPolicy(subject: \"lettori\", object: \"USERS\", action: \"deny\") { subject } }",
    ] {
        let body = gql(&server, &admin, query).await?;
        assert_eq!(body["errors"], Value::Null, "{query}: {body}");
    }
    eventually(
        AT_ONCE,
        "deny wins over allow in the other process",
        async || {
            let body = other.graphql_as(&anna, users_query, json!({})).await?;
            Ok((error(&body).0 == "FORBIDDEN").then_some(()))
        },
    )
    .await?;
    let roles = other
        .graphql_as(&anna, "{ roles { name } }", json!({}))
        .await?;
    assert_eq!(roles["errors"], Value::Null, "allowed by `*`: {roles}");

    // Removing the group takes everything away again.
    let body = gql(
        &server,
        &admin,
        "mutation { deleteGroup(subject: \"anna@example.com\", role: \"lettori\") }",
    )
    .await?;
    assert_eq!(body["data"]["deleteGroup"], true, "{body}");
    eventually(
        AT_ONCE,
        "the other process drops the revoked group",
        async || {
            let body = other
                .graphql_as(&anna, "{ roles { name } }", json!({}))
                .await?;
            Ok((error(&body).0 == "FORBIDDEN").then_some(()))
        },
    )
    .await?;
    Ok(())
}

/// The permissions a `permissionsChanged` event carries, as "resource:action" strings.
fn permissions_of(message: &Value) -> Vec<String> {
    message["payload"]["data"]["permissionsChanged"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            format!(
                "{}:{}",
                p["resource"].as_str().unwrap_or(""),
                p["action"].as_str().unwrap_or("")
            )
        })
        .collect()
}

#[tokio::test]
async fn an_open_session_is_told_its_new_permissions_by_every_process() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let other = server.sibling().await?;
    let admin = server.admin_token().await?;
    let bruno = logged_in_user(&server, &admin, "bruno@example.com").await?;
    for query in [
        "mutation { createRole(name: \"istruttori\") { name } }",
        "mutation { AddPolicy(subject: \"istruttori\", object: \"Dossiers\", action: \"allow\") { subject } }",
        "mutation { AddGroup(subject: \"bruno@example.com\", role: \"istruttori\") { subject } }",
    ] {
        let body = gql(&server, &admin, query).await?;
        assert_eq!(body["errors"], Value::Null, "{query}: {body}");
    }
    // The other process learns of these changes through Redis: until it has, a subscription
    // there would start from what it knew before.
    eventually(
        AT_ONCE,
        "the other process learns bruno's new role",
        async || {
            let body = other
                .graphql_as(&bruno, "{ dossiers { total } }", json!({}))
                .await?;
            Ok((body["errors"].is_null()).then_some(()))
        },
    )
    .await?;
    // Subscribed on the other process; the changes are made through the first.
    let mut socket = subscribe_at(
        &other.base_url,
        &bruno,
        "subscription { permissionsChanged { resource action } }",
        json!({}),
    )
    .await?;
    // First what they have now (lowercased, as at login)...
    let now = next_message(&mut socket).await?;
    assert_eq!(permissions_of(&now), ["dossiers:allow"], "{now}");
    // ...then each change that alters them.
    let body = gql(
        &server,
        &admin,
        "mutation { AddPolicy(subject: \"istruttori\", object: \"documents\", action: \"deny\") { subject } }",
    )
    .await?;
    assert_eq!(body["errors"], Value::Null, "{body}");
    let added = next_message(&mut socket).await?;
    assert_eq!(
        permissions_of(&added),
        ["documents:deny", "dossiers:allow"],
        "{added}"
    );
    // A change that does not concern them is not told.
    for query in [
        "mutation { createRole(name: \"altri\") { name } }",
        "mutation { AddPolicy(subject: \"altri\", object: \"users\", action: \"allow\") { subject } }",
        "mutation { deleteGroup(subject: \"bruno@example.com\", role: \"istruttori\") }",
    ] {
        let body = gql(&server, &admin, query).await?;
        assert_eq!(body["errors"], Value::Null, "{query}: {body}");
    }
    let removed = next_message(&mut socket).await?;
    assert_eq!(permissions_of(&removed), Vec::<String>::new(), "{removed}");
    Ok(())
}

#[tokio::test]
async fn impersonation_marks_the_session_and_ends_with_a_fresh_one() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    logged_in_user(&server, &admin, "bruno@example.com").await?;
    // Bruno may impersonate too, to show an impersonation cannot nest.
    for query in [
        "mutation { createRole(name: \"vice\") { name } }",
        "mutation { AddPolicy(subject: \"vice\", object: \"impersonates\", action: \"allow\") { subject } }",
        "mutation { AddGroup(subject: \"bruno@example.com\", role: \"vice\") { subject } }",
    ] {
        let body = gql(&server, &admin, query).await?;
        assert_eq!(body["errors"], Value::Null, "{query}: {body}");
    }
    let session = "logged accessToken refreshToken user { email } permissions { resource action } impersonated impersonatedBy { email }";

    let myself = gql(
        &server,
        &admin,
        &format!("mutation {{ impersonates(email: \"{ADMIN_EMAIL}\") {{ logged }} }}"),
    )
    .await?;
    assert_eq!(error(&myself).0, "CONFLICT", "{myself}");
    let ghost = gql(
        &server,
        &admin,
        "mutation { impersonates(email: \"ghost@example.com\") { logged } }",
    )
    .await?;
    assert_eq!(error(&ghost).0, "NOT_FOUND", "{ghost}");

    let body = gql(
        &server,
        &admin,
        &format!("mutation {{ impersonates(email: \"BRUNO@example.com\") {{ {session} }} }}"),
    )
    .await?;
    let imp = &body["data"]["impersonates"];
    assert_eq!(imp["user"]["email"], "bruno@example.com", "{body}");
    assert_eq!(imp["impersonated"], true);
    assert_eq!(imp["impersonatedBy"]["email"], ADMIN_EMAIL);
    assert_eq!(
        imp["permissions"],
        json!([{ "resource": "impersonates", "action": "allow" }]),
        "the target's permissions"
    );
    let token = imp["accessToken"].as_str().unwrap_or_default().to_owned();
    let refresh = imp["refreshToken"].as_str().unwrap_or_default().to_owned();

    // Acting as bruno, with bruno's (empty) permissions.
    let me = gql(&server, &token, "{ loggedUser { email } }").await?;
    assert_eq!(me["data"]["loggedUser"]["email"], "bruno@example.com");
    let refused = gql(&server, &token, "{ users { email } }").await?;
    assert_eq!(error(&refused).0, "FORBIDDEN");
    // A refresh keeps the impersonation.
    let refreshed = server
        .graphql(
            &format!(
                "mutation($t: String!) {{ getNewAccessToken(refreshToken: $t) {{ {session} }} }}"
            ),
            json!({ "t": refresh }),
        )
        .await?;
    let refreshed = &refreshed["data"]["getNewAccessToken"];
    assert_eq!(refreshed["impersonated"], true, "{refreshed}");
    assert_eq!(refreshed["impersonatedBy"]["email"], ADMIN_EMAIL);
    let token = refreshed["accessToken"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let refresh = refreshed["refreshToken"]
        .as_str()
        .unwrap_or_default()
        .to_owned();

    // No impersonation inside an impersonation, even with the permission.
    let nested = gql(
        &server,
        &token,
        &format!("mutation {{ impersonates(email: \"{ADMIN_EMAIL}\") {{ logged }} }}"),
    )
    .await?;
    assert_eq!(error(&nested).0, "CONFLICT", "{nested}");

    let ended = gql(
        &server,
        &token,
        &format!("mutation {{ endImpersonation {{ {session} }} }}"),
    )
    .await?;
    let back = &ended["data"]["endImpersonation"];
    assert_eq!(back["user"]["email"], ADMIN_EMAIL, "{ended}");
    assert_eq!(back["impersonated"], false);
    assert_eq!(back["impersonatedBy"], Value::Null);
    assert_eq!(
        back["permissions"],
        json!([{ "resource": "*", "action": "allow" }])
    );
    // The impersonation session is over.
    let dead = server
        .graphql(
            "mutation($t: String!) { getNewAccessToken(refreshToken: $t) { logged } }",
            json!({ "t": refresh }),
        )
        .await?;
    assert_eq!(dead["data"]["getNewAccessToken"]["logged"], false, "{dead}");
    let admin_again = back["accessToken"].as_str().unwrap_or_default();
    let not_impersonating = gql(
        &server,
        admin_again,
        "mutation { endImpersonation { logged } }",
    )
    .await?;
    assert_eq!(
        error(&not_impersonating).0,
        "CONFLICT",
        "{not_impersonating}"
    );

    let mut conn = server.db.pool.get().await?;
    let entries = shared::db::repo::audit::latest(&mut conn, 20).await?;
    let start = entries.iter().find(|e| e.action == "impersonation.start");
    let end = entries.iter().find(|e| e.action == "impersonation.end");
    assert_eq!(
        start.and_then(|e| e.actor_email.as_deref()),
        Some(ADMIN_EMAIL)
    );
    assert_eq!(
        start.and_then(|e| e.target_id.as_deref()),
        Some("bruno@example.com")
    );
    assert_eq!(
        end.and_then(|e| e.actor_email.as_deref()),
        Some("bruno@example.com")
    );
    assert!(end.is_some_and(|e| e.impersonator_id.is_some()), "{end:?}");
    Ok(())
}

#[tokio::test]
async fn notification_receivers_are_a_sorted_list_of_addresses() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let add = "mutation($r: String!) { addNotificationReceiver(receiver: $r) { id } }";
    let empty = server.graphql_as(&admin, add, json!({ "r": " " })).await?;
    assert_eq!(
        error(&empty),
        ("BAD_USER_INPUT", "receiver", "Inserisci un indirizzo email")
    );
    let invalid = server
        .graphql_as(&admin, add, json!({ "r": "non-una-email" }))
        .await?;
    assert_eq!(
        error(&invalid),
        ("BAD_USER_INPUT", "receiver", "Email non valida")
    );
    for receiver in ["zeta@example.com", "alfa@example.com", "ALFA@example.com"] {
        let body = server
            .graphql_as(&admin, add, json!({ "r": receiver }))
            .await?;
        assert_eq!(body["errors"], Value::Null, "{body}");
    }
    let list = gql(&server, &admin, "{ notificationReceivers { id } }").await?;
    assert_eq!(
        list["data"]["notificationReceivers"],
        json!([{ "id": "alfa@example.com" }, { "id": "zeta@example.com" }]),
        "sorted, duplicates harmless: {list}"
    );
    let body = server
        .graphql_as(
            &admin,
            "mutation($r: String!) { deleteNotificationReceiver(receiver: $r) { id } }",
            json!({ "r": "Zeta@Example.com" }),
        )
        .await?;
    assert_eq!(
        body["data"]["deleteNotificationReceiver"],
        json!([{ "id": "alfa@example.com" }]),
        "{body}"
    );
    Ok(())
}

/// Another area's operation that returns rules or data tables shows their identity, not their
/// content: a role allowed only `documentTypes` (or only `documents`) cannot read rules' code
/// through `documentTypes { documentRules { code } }` (or `getRulesByDocument { code }`); the
/// owner's resource lets it.
#[tokio::test]
async fn nested_fields_of_another_area_need_that_area_s_resource() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    for query in [
        r#"mutation { createDocumentType(input: { name: "busta-paga" }) { name } }"#,
        // The default template as its code (no worker needed to compile it).
        r#"mutation { createDocumentRule(input: { documentType: "busta-paga", description: "Netto" }) { id } }"#,
        "mutation { createRole(name: \"tipi\") { name } }",
        "mutation { AddPolicy(subject: \"tipi\", object: \"documentTypes\", action: \"allow\") { subject } }",
        "mutation { AddGroup(subject: \"tina@example.com\", role: \"tipi\") { subject } }",
    ] {
        if query.contains("AddGroup") {
            logged_in_user(&server, &admin, "tina@example.com").await?;
        }
        let body = gql(&server, &admin, query).await?;
        assert_eq!(body["errors"], Value::Null, "{query}: {body}");
    }
    let tina = server.login("tina@example.com", PASSWORD).await?;
    // Names are fine...
    let names = gql(
        &server,
        &tina,
        "{ documentTypes { name documentRules { id description active } } }",
    )
    .await?;
    assert_eq!(names["errors"], Value::Null, "{names}");
    assert_eq!(
        names["data"]["documentTypes"][0]["documentRules"][0]["description"],
        "Netto"
    );
    // ...the code is not.
    let code = gql(
        &server,
        &tina,
        "{ documentTypes { documentRules { code } } }",
    )
    .await?;
    let (kind, _, message) = error(&code);
    assert_eq!(kind, "FORBIDDEN", "{code}");
    assert!(message.contains("documentRules"), "{message}");
    assert!(!code.to_string().contains("export default"), "{code}");
    for field in ["packageJSON", "dataTables { name }"] {
        let body = gql(
            &server,
            &tina,
            &format!("{{ documentTypes {{ documentRules {{ {field} }} }} }}"),
        )
        .await?;
        assert_eq!(error(&body).0, "FORBIDDEN", "{field}: {body}");
    }
    // With the rules' own resource it reads.
    let body = gql(
        &server,
        &admin,
        "mutation { AddPolicy(subject: \"tipi\", object: \"documentRules\", action: \"allow\") { subject } }",
    )
    .await?;
    assert_eq!(body["errors"], Value::Null, "{body}");
    let code = gql(
        &server,
        &tina,
        "{ documentTypes { documentRules { code } } }",
    )
    .await?;
    assert_eq!(code["errors"], Value::Null, "{code}");
    assert!(code.to_string().contains("export default"), "{code}");
    Ok(())
}
