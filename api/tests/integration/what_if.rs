//! "What if" runs through the real API and a real worker: a dozen contracts imported and
//! processed by a saved rule, then the rule's unsaved variant tried over them; the run reports
//! exactly the documents whose outcome the changed condition flips, changes nothing of them,
//! and can be cancelled.

use crate::common;

use std::time::Duration;

use anyhow::{Context, Result};
use common::{Options, TestServer, archives::base64_zip_of, graphql::ok, wait::eventually};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};
use shared::db::models::{DocumentState, DossierState};
use shared::db::schema::{documents, dossiers, rule_execution_logs};
use shared::testing::pdf;
use uuid::Uuid;

/// Succeeds when the contract's amount is at least 500.
const SAVED: &str = r#"export default function ({ rawText }) {
  const found = rawText.match(/Importo:\s*(\d+)/);
  const amount = found ? Number(found[1]) : null;
  return { success: amount !== null && amount >= 500, metas: { importo: amount } };
}
"#;

async fn import(server: &TestServer, token: &str, body: Value) -> Result<Uuid> {
    let response = server
        .client
        .post(server.url("/import_dossier"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await?;
    let body: Value = response.json().await?;
    Ok(body["id"].as_str().context("dossier id")?.parse()?)
}

const RUN: &str = "query($id: ID!) { whatIfRun(id: $id) {
    state total done changed error
    changes(input: { pageSize: 50 }) { total items { itemId documentId name dossierId inputIndex changes before after } } } }";

/// Starts a what-if run with `variables` (`{ input }`) and waits for its end.
async fn try_variant(server: &TestServer, token: &str, variables: Value) -> Result<Value> {
    let started = ok(&server
        .graphql_as(
            token,
            "mutation($input: WhatIfInput!) { startWhatIf(input: $input) { id } }",
            variables,
        )
        .await?)?;
    wait_for_end(
        server,
        token,
        started["startWhatIf"]["id"].as_str().context("id")?,
    )
    .await
}

async fn wait_for_end(server: &TestServer, token: &str, id: &str) -> Result<Value> {
    eventually(Duration::from_secs(120), "the run's end", async || {
        let run =
            ok(&server.graphql_as(token, RUN, json!({ "id": id })).await?)?["whatIfRun"].clone();
        let running = matches!(run["state"].as_str(), Some("queued" | "running"));
        Ok((!running).then_some(run))
    })
    .await
}

#[tokio::test]
async fn a_what_if_run_reports_exactly_the_documents_whose_outcome_flips() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let _worker = server.spawn_worker().await?;
    ok(&server
        .graphql_as(
            &token,
            r#"mutation { createDocumentType(input: { name: "contratto" }) { name } }"#,
            json!({}),
        )
        .await?)?;
    let created = ok(&server
        .graphql_as(
            &token,
            "mutation($code: String!) { createDocumentRule(input: { documentType: \"contratto\", description: \"Importo\", code: $code }) { id } }",
            json!({ "code": SAVED }),
        )
        .await?)?;
    let rule_id = created["createDocumentRule"]["id"]
        .as_str()
        .context("rule id")?
        .to_owned();

    // Twelve contracts of 100, 200, …, 1200: the saved rule accepts 500 and more.
    let amounts: Vec<u32> = (1..=12).map(|i| i * 100).collect();
    let files: Vec<(String, Vec<u8>)> = amounts
        .iter()
        .map(|a| {
            (
                format!("contratto-{a}.pdf"),
                pdf::text_pdf(&[&format!("Contratto\nImporto: {a}")]),
            )
        })
        .collect();
    let dossier_id = import(
        &server,
        &token,
        json!({
            "idValutazione": "VAL-WHATIF",
            "base64zip": base64_zip_of(&files.iter().map(|(name, bytes)| (name.as_str(), bytes.as_slice())).collect::<Vec<_>>()),
            "files": files.iter().map(|(name, _)| json!({ "nomeFile": name, "tipoDocumento": "contratto" })).collect::<Vec<_>>(),
            "input": "[]",
        }),
    )
    .await?;
    // Every document processed (the dossier itself waits in `conflicts`: the amounts differ).
    eventually(
        Duration::from_secs(120),
        "12 documents processed",
        async || {
            let mut conn = server.db.pool.get().await?;
            let processed: i64 = documents::table
                .filter(documents::dossier_id.eq(dossier_id))
                .filter(documents::state.eq(DocumentState::Processed))
                .count()
                .get_result(&mut conn)
                .await?;
            Ok((processed == 12).then_some(()))
        },
    )
    .await?;
    let logs_before: i64 = {
        let mut conn = server.db.pool.get().await?;
        rule_execution_logs::table
            .count()
            .get_result(&mut conn)
            .await?
    };

    // The variant accepts 800 and more: 500, 600 and 700 flip to failure; nothing else changes.
    let variant = SAVED.replace("amount >= 500", "amount >= 800");
    let started = ok(&server
        .graphql_as(
            &token,
            "mutation($input: WhatIfInput!) { startWhatIf(input: $input) { id state limit } }",
            json!({ "input": { "ruleId": rule_id, "code": variant, "limit": 50 } }),
        )
        .await?)?;
    let run_id = started["startWhatIf"]["id"]
        .as_str()
        .context("run id")?
        .to_owned();
    assert_eq!(started["startWhatIf"]["limit"], 50);
    let run = wait_for_end(&server, &token, &run_id).await?;
    assert_eq!(run["state"], "finished", "{run}");
    assert_eq!(
        (&run["total"], &run["done"], &run["changed"]),
        (&json!(12), &json!(12), &json!(3))
    );
    let mut names: Vec<String> = run["changes"]["items"]
        .as_array()
        .context("items")?
        .iter()
        .map(|c| {
            assert_eq!(c["changes"], json!(["success"]), "{c}");
            let before: Value =
                serde_json::from_str(c["before"].as_str().unwrap_or("null")).unwrap_or_default();
            let after: Value =
                serde_json::from_str(c["after"].as_str().unwrap_or("null")).unwrap_or_default();
            assert_eq!(
                (before["success"].as_bool(), after["success"].as_bool()),
                (Some(true), Some(false))
            );
            assert_eq!(before["metas"], after["metas"]);
            assert_eq!(c["documentId"], c["itemId"]);
            assert_eq!(c["inputIndex"], Value::Null);
            c["name"].as_str().unwrap_or_default().to_owned()
        })
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "contratto-500.pdf",
            "contratto-600.pdf",
            "contratto-700.pdf"
        ]
    );

    // Nothing of the documents changed: no execution was logged for them.
    let logs_after: i64 = {
        let mut conn = server.db.pool.get().await?;
        rule_execution_logs::table
            .count()
            .get_result(&mut conn)
            .await?
    };
    assert_eq!(logs_before, logs_after);

    // A variant that throws is a new error on every document; the limit takes the latest 5.
    let run = try_variant(&server, &token, json!({ "input": { "ruleId": rule_id, "code": "export default () => { throw new Error('rotta'); };\n", "limit": 5 } })).await?;
    assert_eq!(
        (&run["total"], &run["changed"]),
        (&json!(5), &json!(5)),
        "{run}"
    );
    assert!(
        run["changes"]["items"][0]["changes"]
            .as_array()
            .is_some_and(|k| k.contains(&json!("newErrors")) && k.contains(&json!("success")))
    );

    // The rule's runs, newest first; bounds are refused.
    let runs = ok(&server
        .graphql_as(
            &token,
            "query($id: ID!) { whatIfRuns(ruleId: $id) { state changed } }",
            json!({ "id": rule_id }),
        )
        .await?)?;
    assert_eq!(
        runs["whatIfRuns"],
        json!([{ "state": "finished", "changed": 5 }, { "state": "finished", "changed": 3 }])
    );
    let body = server
        .graphql_as(
            &token,
            "mutation($input: WhatIfInput!) { startWhatIf(input: $input) { id } }",
            json!({ "input": { "ruleId": rule_id, "code": SAVED, "limit": 1001 } }),
        )
        .await?;
    assert_eq!(
        body["errors"][0]["extensions"]["code"], "BAD_USER_INPUT",
        "{body}"
    );

    // A cancelled run stops and says so.
    let started = ok(&server
        .graphql_as(
            &token,
            "mutation($input: WhatIfInput!) { startWhatIf(input: $input) { id } }",
            json!({ "input": { "ruleId": rule_id, "code": variant } }),
        )
        .await?)?;
    let id = started["startWhatIf"]["id"]
        .as_str()
        .context("id")?
        .to_owned();
    let cancelled = ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!) { cancelWhatIf(id: $id) { state } }",
            json!({ "id": id }),
        )
        .await?)?;
    let state = cancelled["cancelWhatIf"]["state"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(state == "cancelled" || state == "finished", "{cancelled}");
    let run = wait_for_end(&server, &token, &id).await?;
    assert_eq!(run["state"], state, "a cancelled run stays cancelled");
    Ok(())
}

#[tokio::test]
async fn a_dossier_rule_is_tried_on_every_input_item_of_the_latest_dossiers() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let _worker = server.spawn_worker().await?;
    ok(&server
        .graphql_as(
            &token,
            r#"mutation { createDocumentType(input: { name: "allegato" }) { name } }"#,
            json!({}),
        )
        .await?)?;
    let saved = "export default function ({ metas, input }) {\n  return { success: input.minimo <= 1000, metas: { documenti: Object.keys(metas).length } };\n}\n";
    let created = ok(&server
        .graphql_as(
            &token,
            "mutation($input: CreateDossierRuleInput!) { createDossierRule(input: $input) { id } }",
            json!({ "input": { "description": "Minimo", "istitutoAppartenenza": "Banca Alfa",
                               "dossierType": null, "dataTables": [], "code": saved } }),
        )
        .await?)?;
    let rule_id = created["createDossierRule"]["id"]
        .as_str()
        .context("rule id")?
        .to_owned();
    // Two dossiers of three input items each: the saved rule accepts a minimum up to 1000.
    let mut ids = Vec::new();
    for name in ["VAL-A", "VAL-B"] {
        let allegato = pdf::text_pdf(&["Allegato"]);
        ids.push(
            import(
                &server,
                &token,
                json!({
                    "idValutazione": name,
                    "base64zip": base64_zip_of(&[("allegato.pdf", &allegato)]),
                    "files": [{ "nomeFile": "allegato.pdf", "tipoDocumento": "allegato" }],
                    "input": r#"[{"minimo": 100}, {"minimo": 900}, {"minimo": 5000}]"#,
                }),
            )
            .await?,
        );
    }
    eventually(
        Duration::from_secs(120),
        "2 dossiers processed",
        async || {
            let mut conn = server.db.pool.get().await?;
            let processed: i64 = dossiers::table
                .filter(dossiers::id.eq_any(&ids))
                .filter(dossiers::state.eq(DossierState::Processed))
                .count()
                .get_result(&mut conn)
                .await?;
            Ok((processed == 2).then_some(()))
        },
    )
    .await?;

    // The variant accepts up to 500: the second item of each dossier flips to failure.
    let variant = saved.replace("<= 1000", "<= 500");
    let run = try_variant(
        &server,
        &token,
        json!({ "input": { "ruleId": rule_id, "code": variant, "limit": 10 } }),
    )
    .await?;
    assert_eq!(run["state"], "finished", "{run}");
    assert_eq!(
        (&run["total"], &run["done"], &run["changed"]),
        (&json!(6), &json!(6), &json!(2))
    );
    let mut found: Vec<(String, i64)> = Vec::new();
    for change in run["changes"]["items"].as_array().context("items")? {
        assert_eq!(change["changes"], json!(["success"]), "{change}");
        assert_eq!(change["documentId"], Value::Null);
        let dossier = change["dossierId"].as_str().context("dossier")?;
        assert_eq!(change["itemId"], format!("{dossier}/1"));
        // The rule received the dossier's metas, as in the pipeline: the same metas before and after.
        let before: Value = serde_json::from_str(change["before"].as_str().context("before")?)?;
        let after: Value = serde_json::from_str(change["after"].as_str().context("after")?)?;
        assert_eq!(
            (&before["metas"], &after["metas"]),
            (&json!({ "documenti": 1 }), &json!({ "documenti": 1 }))
        );
        found.push((
            change["name"].as_str().context("name")?.to_owned(),
            change["inputIndex"].as_i64().context("index")?,
        ));
    }
    found.sort();
    assert_eq!(found, [("VAL-A".to_owned(), 1), ("VAL-B".to_owned(), 1)]);

    // The limit counts dossiers: the latest one only.
    let run = try_variant(
        &server,
        &token,
        json!({ "input": { "ruleId": rule_id, "code": variant, "limit": 1 } }),
    )
    .await?;
    assert_eq!(
        (&run["total"], &run["changed"]),
        (&json!(3), &json!(1)),
        "{run}"
    );
    assert_eq!(run["changes"]["items"][0]["name"], "VAL-B");
    Ok(())
}

#[tokio::test]
async fn an_author_has_at_most_three_runs_at_once() -> Result<()> {
    // No worker: the runs stay queued.
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    ok(&server
        .graphql_as(
            &token,
            r#"mutation { createDocumentType(input: { name: "contratto" }) { name } }"#,
            json!({}),
        )
        .await?)?;
    let created = ok(&server
        .graphql_as(
            &token,
            "mutation { createDocumentRule(input: { documentType: \"contratto\", description: \"Importo\" }) { id } }",
            json!({}),
        )
        .await?)?;
    let rule_id = created["createDocumentRule"]["id"]
        .as_str()
        .context("rule id")?
        .to_owned();
    let start = "mutation($input: WhatIfInput!) { startWhatIf(input: $input) { id state } }";
    let input = json!({ "input": { "ruleId": rule_id, "code": SAVED } });
    let mut ids = Vec::new();
    for _ in 0..3 {
        let run = ok(&server.graphql_as(&token, start, input.clone()).await?)?;
        assert_eq!(run["startWhatIf"]["state"], "queued");
        ids.push(run["startWhatIf"]["id"].as_str().context("id")?.to_owned());
    }
    let body = server.graphql_as(&token, start, input.clone()).await?;
    assert_eq!(
        body["errors"][0]["extensions"]["code"], "CONFLICT",
        "{body}"
    );
    assert_eq!(
        body["errors"][0]["message"],
        "Hai già 3 prove in corso: attendi che finiscano o annullane una"
    );
    ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!) { cancelWhatIf(id: $id) { state } }",
            json!({ "id": ids[0] }),
        )
        .await?)?;
    ok(&server.graphql_as(&token, start, input).await?)?;
    Ok(())
}
