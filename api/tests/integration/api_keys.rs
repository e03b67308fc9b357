//! API keys (issue 31, item 1): a machine client imports with a key and no user account, the key
//! acts only with its roles' permissions and is audited under its name, and revoking it stops
//! it at once in every API process. Keys are bounded by their creator's permissions, their
//! expiry and their allowed addresses; a rotation keeps the old secret only for its overlap.

use crate::common;

use anyhow::{Context, Result};
use std::time::Duration;

use common::wait::{PATIENCE, eventually};
use common::{ADMIN_EMAIL, Options, TestServer, archives::base64_zip_of};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};
use shared::db::schema::{api_keys, audit_log, dossiers};
use uuid::Uuid;

const INVALID_KEY: &str = "Chiave API non valida o revocata";
/// How long a change notice may take to reach another API process (Redis, on this machine).
const NOTICE: Duration = Duration::from_secs(2);

/// How a request presents its key.
#[derive(Clone, Copy)]
enum Presented {
    Bearer,
    Header,
}

fn import_body() -> Value {
    let pdf = shared::testing::pdf::text_pdf(&["Contratto di prova"]);
    json!({
        "idValutazione": "",
        "tipoContratto": "cessione",
        "base64zip": base64_zip_of(&[("contratto.pdf", &pdf)]),
        "files": [{ "nomeFile": "contratto.pdf", "tipoDocumento": "" }],
        "input": "[]",
    })
}

/// `POST /import_dossier` with `key` at `base_url`: the status and the JSON answer.
async fn import(base_url: &str, key: &str, presented: Presented) -> Result<(u16, Value)> {
    let request = reqwest::Client::new()
        .post(format!("{base_url}/import_dossier"))
        .json(&import_body());
    let request = match presented {
        Presented::Bearer => request.bearer_auth(key),
        Presented::Header => request.header("X-Api-Key", key),
    };
    let response = request.send().await?;
    let status = response.status().as_u16();
    let text = response.text().await?;
    let body = serde_json::from_str(&text).with_context(|| format!("{status}: {text}"))?;
    Ok((status, body))
}

async fn ok(server: &TestServer, token: &str, query: &str, variables: Value) -> Result<Value> {
    let body = server.graphql_as(token, query, variables).await?;
    anyhow::ensure!(body["errors"].is_null(), "{query}: {body}");
    Ok(body["data"].clone())
}

/// The code and message of the first error of a GraphQL answer.
fn error(body: &Value) -> (String, String) {
    let e = &body["errors"][0];
    (
        e["extensions"]["code"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        e["message"].as_str().unwrap_or_default().to_owned(),
    )
}

/// Creates the role `name` allowing `resources`.
async fn role(server: &TestServer, admin: &str, name: &str, resources: &[&str]) -> Result<()> {
    ok(
        server,
        admin,
        "mutation($n: String!) { createRole(name: $n) { name } }",
        json!({ "n": name }),
    )
    .await?;
    for resource in resources {
        ok(
            server,
            admin,
            "mutation($s: String!, $o: String!) { AddPolicy(subject: $s, object: $o, action: \"allow\") { subject } }",
            json!({ "s": name, "o": resource }),
        )
        .await?;
    }
    Ok(())
}

const CREATE: &str = "mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id name prefix subject roles allowedSources state } } }";

async fn create_key(
    server: &TestServer,
    token: &str,
    input: Value,
) -> Result<Result<(String, Value), (String, String)>> {
    let body = server
        .graphql_as(token, CREATE, json!({ "input": input }))
        .await?;
    if !body["errors"].is_null() {
        return Ok(Err(error(&body)));
    }
    let created = &body["data"]["createApiKey"];
    let secret = created["secret"].as_str().context("a secret")?.to_owned();
    Ok(Ok((secret, created["apiKey"].clone())))
}

async fn created_key(server: &TestServer, token: &str, input: Value) -> Result<(String, Value)> {
    create_key(server, token, input)
        .await?
        .map_err(|(code, message)| anyhow::anyhow!("createApiKey refused: {code} {message}"))
}

#[tokio::test]
async fn an_integration_imports_with_a_key_alone_and_is_stopped_at_once_when_it_is_revoked()
-> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let sibling = server.sibling().await?;
    let admin = server.admin_token().await?;
    role(&server, &admin, "importer", &["importDossier"]).await?;
    let (secret, key) = created_key(
        &server,
        &admin,
        json!({ "name": "Lender-Prod", "roles": ["importer"] }),
    )
    .await?;
    assert!(secret.starts_with("ik_"), "{secret}");
    assert_eq!(key["subject"], "apikey:lender-prod");
    assert_eq!(key["state"], "ACTIVE");
    // The list shows how the key starts and how its id ends.
    let prefix = key["prefix"].as_str().context("prefix")?;
    let (start, end) = prefix.split_once('…').context("start…end")?;
    assert!(
        secret.starts_with(start) && secret[..35].ends_with(end),
        "{prefix} {secret}"
    );

    // Only the hash is stored.
    let mut conn = server.db.pool.get().await?;
    let stored: Vec<u8> = api_keys::table
        .select(api_keys::secret_hash)
        .first(&mut conn)
        .await?;
    assert_eq!(stored.len(), 32);
    assert!(!String::from_utf8_lossy(&stored).contains(&secret[40..]));

    // Both ways of presenting it, on both API processes.
    for (base, presented) in [
        (&server.base_url, Presented::Bearer),
        (&sibling.base_url, Presented::Header),
    ] {
        let (status, body) = import(base, &secret, presented).await?;
        assert_eq!(status, 200, "{body}");
    }
    let importers: Vec<Option<String>> = dossiers::table
        .select(dossiers::imported_by)
        .load(&mut conn)
        .await?;
    assert_eq!(
        importers,
        vec![Some("apikey:lender-prod".to_owned()); 2],
        "the key is the importer"
    );
    let audited: Vec<(Option<String>, String)> = audit_log::table
        .filter(audit_log::action.eq_any(["dossier.import", "api_key.create"]))
        .order(audit_log::created_at)
        .select((audit_log::actor_email, audit_log::action))
        .load(&mut conn)
        .await?;
    assert_eq!(
        audited,
        vec![
            (Some(ADMIN_EMAIL.to_owned()), "api_key.create".to_owned()),
            (
                Some("apikey:lender-prod".to_owned()),
                "dossier.import".to_owned()
            ),
            (
                Some("apikey:lender-prod".to_owned()),
                "dossier.import".to_owned()
            ),
        ],
        "every use audited with the key's name"
    );
    eventually(PATIENCE, "the key's last use recorded", async || {
        let used: Option<chrono::DateTime<chrono::Utc>> = api_keys::table
            .select(api_keys::last_used_at)
            .first(&mut server.db.pool.get().await?)
            .await?;
        Ok(used)
    })
    .await?;

    // Only its roles' permissions; no user's session or profile.
    let forbidden = server
        .graphql_as(&secret, "{ apiKeys { total } }", json!({}))
        .await?;
    assert_eq!(error(&forbidden).0, "FORBIDDEN", "{forbidden}");
    let no_profile = server
        .graphql_as(&secret, "{ loggedUser { email } }", json!({}))
        .await?;
    assert_eq!(
        error(&no_profile),
        (
            "FORBIDDEN".to_owned(),
            "Operazione riservata agli utenti: una chiave API non ha un profilo né una sessione"
                .to_owned()
        )
    );

    // Revoked: refused at once by both processes, however presented.
    let id = key["id"].as_str().context("id")?;
    let revoked = ok(
        &server,
        &admin,
        "mutation($id: ID!) { revokeApiKey(id: $id) { state revokedAt } }",
        json!({ "id": id }),
    )
    .await?;
    assert_eq!(revoked["revokeApiKey"]["state"], "REVOKED");
    for base in [&server.base_url, &sibling.base_url] {
        // The process that revoked it knows at once; the other, from the change notice.
        let refused = eventually(NOTICE, "the revoked key refused", async || {
            let (status, body) = import(base, &secret, Presented::Header).await?;
            Ok((status == 401).then_some(body))
        })
        .await?;
        assert_eq!(refused["message"], INVALID_KEY);
        assert_eq!(refused["messageCode"], "API_KEY_INVALID");
    }
    let (status, _) = import(&server.base_url, &secret, Presented::Bearer).await?;
    assert_eq!(status, 401);
    let graphql = server
        .graphql_as(&secret, "{ systemHealth { ok } }", json!({}))
        .await?;
    assert_eq!(
        error(&graphql),
        ("UNAUTHENTICATED".to_owned(), INVALID_KEY.to_owned())
    );
    Ok(())
}

#[tokio::test]
async fn a_key_is_bounded_by_its_creator_its_addresses_its_expiry_and_its_rotation() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    role(&server, &admin, "importer", &["importDossier"]).await?;
    role(&server, &admin, "keykeeper", &["apiKeys"]).await?;

    // A keeper of keys who may not import cannot make a key that imports.
    common::users::create_user(
        &server,
        &admin,
        common::users::new_user("keeper@example.it", common::users::PASSWORD),
    )
    .await?;
    ok(
        &server,
        &admin,
        "mutation { AddGroup(subject: \"keeper@example.it\", role: \"keykeeper\") { subject } }",
        json!({}),
    )
    .await?;
    let keeper = server
        .login("keeper@example.it", common::users::PASSWORD)
        .await?;
    let wider = create_key(
        &server,
        &keeper,
        json!({ "name": "sneaky", "roles": ["importer"] }),
    )
    .await?;
    assert_eq!(
        wider.err(),
        Some((
            "FORBIDDEN".to_owned(),
            "Non puoi dare a una chiave API permessi che tu non hai: importdossier".to_owned()
        ))
    );

    // Input rules, each said on its field.
    for (input, message) in [
        (
            json!({ "name": "with space", "roles": ["importer"] }),
            "Il nome può contenere solo lettere, cifre, punti, trattini e trattini bassi (al massimo 64 caratteri)",
        ),
        (
            json!({ "name": "no-roles", "roles": [] }),
            "Scegli almeno un ruolo",
        ),
        (
            json!({ "name": "bad-role", "roles": ["nobody"] }),
            "Ruolo inesistente",
        ),
        (
            json!({ "name": "bad-source", "roles": ["importer"], "allowedSources": ["intranet"] }),
            "Indirizzo o rete non valida: intranet",
        ),
        (
            json!({ "name": "past", "roles": ["importer"], "expiresAt": "2000-01-01T00:00:00Z" }),
            "La scadenza deve essere nel futuro",
        ),
    ] {
        let refused = create_key(&server, &admin, input.clone()).await?;
        assert_eq!(
            refused.err(),
            Some(("BAD_USER_INPUT".to_owned(), message.to_owned())),
            "{input}"
        );
    }

    // Allowed addresses: the tests call from 127.0.0.1.
    let (elsewhere, _) = created_key(
        &server,
        &admin,
        json!({ "name": "elsewhere", "roles": ["importer"], "allowedSources": ["10.9.9.0/24"] }),
    )
    .await?;
    let (status, body) = import(&server.base_url, &elsewhere, Presented::Bearer).await?;
    assert_eq!(
        (status, body["message"].as_str()),
        (
            401,
            Some("Questa chiave API non può essere usata da questo indirizzo")
        )
    );
    let (here, _) = created_key(
        &server,
        &admin,
        json!({ "name": "here", "roles": ["importer"], "allowedSources": ["::ffff:127.0.0.1", "127.0.0.0/8"] }),
    )
    .await?;
    assert_eq!(
        import(&server.base_url, &here, Presented::Bearer).await?.0,
        200
    );
    let taken = create_key(
        &server,
        &admin,
        json!({ "name": "HERE", "roles": ["importer"] }),
    )
    .await?;
    assert_eq!(
        taken.err(),
        Some((
            "BAD_USER_INPUT".to_owned(),
            "Esiste già una chiave API con questo nome".to_owned()
        ))
    );

    // A role a key has cannot be deleted.
    let in_use = server
        .graphql_as(
            &admin,
            "mutation { deleteRole(name: \"importer\") }",
            json!({}),
        )
        .await?;
    assert_eq!(error(&in_use).0, "CONFLICT", "{in_use}");

    // Rotation with an overlap: both secrets work; without one: only the new.
    let (old, key) = created_key(
        &server,
        &admin,
        json!({ "name": "rotating", "roles": ["importer"] }),
    )
    .await?;
    let id = key["id"].as_str().context("id")?.to_owned();
    let rotate = "mutation($id: ID!, $h: Int!) { rotateApiKey(id: $id, previousValidForHours: $h) { secret apiKey { previousValidUntil } } }";
    let rotated = ok(&server, &admin, rotate, json!({ "id": id, "h": 1 })).await?;
    let new = rotated["rotateApiKey"]["secret"]
        .as_str()
        .context("secret")?
        .to_owned();
    assert!(!rotated["rotateApiKey"]["apiKey"]["previousValidUntil"].is_null());
    for secret in [&old, &new] {
        assert_eq!(
            import(&server.base_url, secret, Presented::Header).await?.0,
            200
        );
    }
    let again = ok(&server, &admin, rotate, json!({ "id": id, "h": 0 })).await?;
    let newest = again["rotateApiKey"]["secret"]
        .as_str()
        .context("secret")?
        .to_owned();
    for (secret, status) in [(&old, 401), (&new, 401), (&newest, 200)] {
        assert_eq!(
            import(&server.base_url, secret, Presented::Header).await?.0,
            status
        );
    }
    let too_long = server
        .graphql_as(&admin, rotate, json!({ "id": id, "h": 169 }))
        .await?;
    assert_eq!(error(&too_long).0, "BAD_USER_INPUT");

    // Expired: refused as expired.
    let mut conn = server.db.pool.get().await?;
    diesel::update(api_keys::table.filter(api_keys::name.eq("rotating")))
        .set(api_keys::expires_at.eq(chrono::Utc::now() - chrono::Duration::seconds(1)))
        .execute(&mut conn)
        .await?;
    server.state.access.reload().await?;
    let (status, body) = import(&server.base_url, &newest, Presented::Bearer).await?;
    assert_eq!(
        (status, body["messageCode"].as_str()),
        (401, Some("API_KEY_EXPIRED"))
    );

    // No key management from an impersonation session; unknown ids are not found.
    let unknown = server
        .graphql_as(
            &admin,
            "mutation($id: ID!) { revokeApiKey(id: $id) { id } }",
            json!({ "id": Uuid::now_v7().to_string() }),
        )
        .await?;
    assert_eq!(
        error(&unknown),
        (
            "NOT_FOUND".to_owned(),
            "Chiave API inesistente o già revocata".to_owned()
        )
    );
    Ok(())
}

#[tokio::test]
async fn the_list_pages_sorts_and_filters_on_the_server() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    role(&server, &admin, "importer", &["importDossier"]).await?;
    for name in ["alpha", "beta", "gamma-prod"] {
        created_key(
            &server,
            &admin,
            json!({ "name": name, "roles": ["importer"] }),
        )
        .await?;
    }
    let page = |input: Value| {
        let server = &server;
        let admin = &admin;
        async move {
            let data = ok(
                server,
                admin,
                "query($input: TableInput) { apiKeys(input: $input) { items { name } total pages } }",
                json!({ "input": input }),
            )
            .await?;
            let names: Vec<String> = data["apiKeys"]["items"]
                .as_array()
                .context("items")?
                .iter()
                .filter_map(|item| item["name"].as_str().map(str::to_owned))
                .collect();
            anyhow::Ok((names, data["apiKeys"]["total"].as_i64()))
        }
    };
    assert_eq!(
        page(Value::Null).await?,
        (
            vec!["gamma-prod".into(), "beta".into(), "alpha".into()],
            Some(3)
        ),
        "newest first"
    );
    assert_eq!(
        page(json!({ "order": "name ASC", "pageSize": 10, "pageIndex": 0 })).await?,
        (
            vec!["alpha".into(), "beta".into(), "gamma-prod".into()],
            Some(3)
        )
    );
    assert_eq!(
        page(json!({ "filters": [{ "column": "name", "type": "text", "value": ["PROD"] }] }))
            .await?,
        (vec!["gamma-prod".into()], Some(1))
    );
    Ok(())
}

#[tokio::test]
async fn a_key_over_its_rate_is_told_when_to_come_back() -> Result<()> {
    use shared::rate_limit::{REQUESTS_PER_API_KEY, api_key_counter};
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    role(&server, &admin, "importer", &["importDossier"]).await?;
    let (secret, key) = created_key(
        &server,
        &admin,
        json!({ "name": "busy", "roles": ["importer"] }),
    )
    .await?;
    // Every request but the last of the window, counted as the API counts them.
    let counter = api_key_counter(key["subject"].as_str().context("subject")?);
    for _ in 1..REQUESTS_PER_API_KEY.max {
        server
            .state
            .limits
            .hit(std::slice::from_ref(&counter))
            .await?;
    }
    assert_eq!(
        import(&server.base_url, &secret, Presented::Bearer)
            .await?
            .0,
        200
    );
    let response = reqwest::Client::new()
        .post(server.url("/import_dossier"))
        .header("X-Api-Key", &secret)
        .json(&import_body())
        .send()
        .await?;
    assert_eq!(response.status().as_u16(), 429);
    assert_eq!(
        response
            .headers()
            .get("Retry-After")
            .and_then(|v| v.to_str().ok()),
        Some("60")
    );
    let body: Value = response.json().await?;
    assert_eq!(body["messageCode"], "API_KEY_RATE_LIMITED");
    let graphql = server
        .graphql_as(&secret, "{ systemHealth { ok } }", json!({}))
        .await;
    assert!(graphql.is_err(), "GraphQL answers 429 too: {graphql:?}");
    Ok(())
}

#[tokio::test]
async fn a_consumer_s_callback_secret_is_shown_to_its_administrators_and_rotated_with_an_overlap()
-> Result<()> {
    use shared::db::repo::webhook_secrets::signing_secrets;
    use shared::webhooks::WebhookSecret;
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    role(&server, &admin, "importer", &["importDossier"]).await?;
    let (_, key) = created_key(
        &server,
        &admin,
        json!({ "name": "Lender", "roles": ["importer"] }),
    )
    .await?;
    let consumer = key["subject"].as_str().context("subject")?.to_owned();
    let reveal = "mutation($c: String!) { callbackSecret(consumer: $c) { consumer secret previousValidUntil } }";
    let first = ok(&server, &admin, reveal, json!({ "c": consumer })).await?;
    let secret = first["callbackSecret"]["secret"]
        .as_str()
        .context("secret")?
        .to_owned();
    assert!(secret.starts_with("whsec_"), "{secret}");
    assert_eq!(
        ok(&server, &admin, reveal, json!({ "c": "APIKEY:lender" })).await?["callbackSecret"]["secret"],
        json!(secret),
        "made once, the same afterwards"
    );

    let rotate = "mutation($c: String!, $h: Int!) { rotateCallbackSecret(consumer: $c, previousValidForHours: $h) { secret previousValidUntil } }";
    let rotated = ok(&server, &admin, rotate, json!({ "c": consumer, "h": 24 })).await?;
    let new = rotated["rotateCallbackSecret"]["secret"]
        .as_str()
        .context("secret")?
        .to_owned();
    assert_ne!(new, secret);
    assert!(!rotated["rotateCallbackSecret"]["previousValidUntil"].is_null());
    let mut conn = server.db.pool.get().await?;
    let signing = signing_secrets(&mut conn, &consumer, chrono::Utc::now()).await?;
    assert_eq!(
        signing,
        [&new, &secret]
            .iter()
            .filter_map(|text| WebhookSecret::parse(text))
            .collect::<Vec<_>>(),
        "both sign during the overlap, the new one first"
    );
    let later = chrono::Utc::now() + chrono::Duration::hours(25);
    assert_eq!(signing_secrets(&mut conn, &consumer, later).await?.len(), 1);
    ok(&server, &admin, rotate, json!({ "c": consumer, "h": 0 })).await?;
    assert_eq!(
        signing_secrets(&mut conn, &consumer, chrono::Utc::now())
            .await?
            .len(),
        1,
        "no overlap: only the new one"
    );

    // Users receive callbacks too; nobody else does.
    ok(&server, &admin, reveal, json!({ "c": ADMIN_EMAIL })).await?;
    let unknown = server
        .graphql_as(&admin, reveal, json!({ "c": "apikey:nobody" }))
        .await?;
    assert_eq!(error(&unknown).0, "NOT_FOUND", "{unknown}");
    let audited: i64 = audit_log::table
        .filter(audit_log::action.eq_any(["callback_secret.reveal", "callback_secret.rotate"]))
        .count()
        .get_result(&mut conn)
        .await?;
    assert_eq!(audited, 5, "every reveal and rotation");
    Ok(())
}
