//! Idempotent imports (issue 31, item 2): a retried `POST /import_dossier` with the same
//! `Idempotency-Key` and body answers the first dossier and creates nothing — also under 20
//! concurrent retries —, the same key with another body is refused, and `GET /dossiers/{id}`
//! tells a client what became of its import (and nothing of others').

use crate::common;

use anyhow::{Context, Result};
use common::imports::{ImportAnswer, send_import};
use common::{Options, TestServer, archives::base64_zip_of};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};
use shared::db::schema::dossiers;

fn body(id_valutazione: &str) -> Value {
    let pdf = shared::testing::pdf::text_pdf(&["Contratto di prova"]);
    json!({
        "idValutazione": id_valutazione,
        "tipoContratto": "cessione",
        "base64zip": base64_zip_of(&[("contratto.pdf", &pdf)]),
        "files": [{ "nomeFile": "contratto.pdf", "tipoDocumento": "" }],
        "input": "[]",
    })
}

async fn import(
    server: &TestServer,
    token: &str,
    key: Option<&str>,
    body: &Value,
) -> Result<ImportAnswer> {
    let request = reqwest::Client::new()
        .post(server.url("/import_dossier"))
        .bearer_auth(token)
        .json(body);
    send_import(request, key).await
}

async fn dossier_count(server: &TestServer) -> Result<i64> {
    let mut conn = server.db.pool.get().await?;
    Ok(dossiers::table.count().get_result(&mut conn).await?)
}

/// An API key allowed `importDossier` only.
async fn importer_key(server: &TestServer, admin: &str, name: &str) -> Result<String> {
    for query in [
        "mutation { createRole(name: \"importer\") { name } }",
        "mutation { AddPolicy(subject: \"importer\", object: \"importDossier\", action: \"allow\") { subject } }",
    ] {
        // The second key finds the role made already.
        server.graphql_as(admin, query, json!({})).await?;
    }
    let created = server
        .graphql_as(
            admin,
            "mutation($n: String!) { createApiKey(input: { name: $n, roles: [\"importer\"] }) { secret } }",
            json!({ "n": name }),
        )
        .await?;
    created["data"]["createApiKey"]["secret"]
        .as_str()
        .map(str::to_owned)
        .with_context(|| format!("createApiKey: {created}"))
}

#[tokio::test]
async fn a_retried_import_answers_the_first_dossier_and_creates_nothing() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let key = importer_key(&server, &admin, "lender").await?;
    let request = body("PRATICA-1");

    let first = import(&server, &key, Some("import-0001"), &request).await?;
    assert_eq!(
        (first.status, first.replayed.as_deref()),
        (200, None),
        "{}",
        first.body
    );
    let id = first.body["id"].as_str().context("id")?.to_owned();
    let retry = import(&server, &key, Some("import-0001"), &request).await?;
    assert_eq!(
        (retry.status, retry.replayed.as_deref()),
        (200, Some("true"))
    );
    assert_eq!(retry.body, first.body, "the first answer, again");
    assert_eq!(dossier_count(&server).await?, 1);

    // The same key with another body is refused, and creates nothing.
    let changed = import(&server, &key, Some("import-0001"), &body("PRATICA-2")).await?;
    assert_eq!(changed.status, 422, "{}", changed.body);
    assert_eq!(changed.body["code"], "IDEMPOTENCY_KEY_REUSED");
    assert_eq!(changed.body["messageCode"], "IDEMPOTENCY_KEY_REUSED");
    assert_eq!(dossier_count(&server).await?, 1);

    // Keys belong to their caller: the administrator's "import-0001" is another import.
    let other_caller = import(&server, &admin, Some("import-0001"), &request).await?;
    assert_eq!((other_caller.status, other_caller.replayed), (200, None));
    assert_ne!(other_caller.body["id"], first.body["id"]);

    // Without a key, every request is a new dossier; a malformed key is refused unread.
    assert_eq!(import(&server, &key, None, &request).await?.status, 200);
    let long = "k".repeat(256);
    for bad in [long.as_str(), "con spazio"] {
        let refused = import(&server, &key, Some(bad), &request).await?;
        assert_eq!(refused.status, 400, "{bad}");
        assert_eq!(refused.body["messageCode"], "IDEMPOTENCY_KEY_INVALID");
    }
    assert_eq!(dossier_count(&server).await?, 3);
    assert_eq!(server.stored_files().len(), 3, "one archive per dossier");

    // The client asks what became of its import.
    let status = reqwest::Client::new()
        .get(server.url(&format!("/dossiers/{id}")))
        .header("X-Api-Key", &key)
        .send()
        .await?;
    assert_eq!(status.status().as_u16(), 200);
    let status: Value = status.json().await?;
    assert_eq!(
        (
            status["id"].as_str(),
            status["idValutazione"].as_str(),
            status["tipoContratto"].as_str()
        ),
        (Some(id.as_str()), Some("PRATICA-1"), Some("cessione"))
    );
    Ok(())
}

#[tokio::test]
async fn twenty_concurrent_retries_with_one_key_create_one_dossier() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let key = importer_key(&server, &admin, "burst").await?;
    let request = body("PRATICA-CONCORRENTE");
    let answers = futures::future::try_join_all(
        (0..20).map(|_| import(&server, &key, Some("0193f0aa-burst"), &request)),
    )
    .await?;
    let ids: std::collections::BTreeSet<String> = answers
        .iter()
        .map(|answer| {
            assert_eq!(answer.status, 200, "{}", answer.body);
            answer.body["id"].as_str().unwrap_or_default().to_owned()
        })
        .collect();
    assert_eq!(ids.len(), 1, "one dossier for every answer: {ids:?}");
    assert_eq!(
        answers.iter().filter(|a| a.replayed.is_none()).count(),
        1,
        "one request created it; the others replayed it"
    );
    assert_eq!(dossier_count(&server).await?, 1);
    assert_eq!(
        server.stored_files().len(),
        1,
        "the losers' archives discarded"
    );
    Ok(())
}

#[tokio::test]
async fn a_client_reads_only_the_dossiers_it_imported() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let mine = importer_key(&server, &admin, "mine").await?;
    let theirs = importer_key(&server, &admin, "theirs").await?;
    let created = import(&server, &mine, None, &body("MIA")).await?;
    let id = created.body["id"].as_str().context("id")?.to_owned();
    let get = |credential: Option<&str>, id: &str| {
        let mut request = reqwest::Client::new().get(server.url(&format!("/dossiers/{id}")));
        if let Some(credential) = credential {
            request = request.bearer_auth(credential);
        }
        async move {
            let response = request.send().await?;
            let status = response.status().as_u16();
            anyhow::Ok((status, response.json::<Value>().await?))
        }
    };
    assert_eq!(get(Some(&mine), &id).await?.0, 200);
    let (status, body) = get(Some(&theirs), &id).await?;
    assert_eq!(
        (status, body["code"].as_str()),
        (404, Some("NOT_FOUND")),
        "another's dossier"
    );
    assert_eq!(get(Some(&admin), &id).await?.0, 200, "`dossiers` reads any");
    assert_eq!(get(Some(&mine), "not-a-uuid").await?.0, 404);
    let (status, body) = get(None, &id).await?;
    assert_eq!(
        (status, body["messageCode"].as_str()),
        (401, Some("AUTHENTICATION_REQUIRED"))
    );
    Ok(())
}
