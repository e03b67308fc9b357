//! The playgrounds through the real HTTP API and a real worker: temporary runs of unsaved
//! document and dossier rule code (results, logs, errors, execution logs with platform
//! `frontend`) and the rule downloads, whose zip must run with `node run.mjs` to the worker's
//! result.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use base64::Engine;
use common::{Options, TestServer, WorkerProcess, archives::base64_zip_of, wait::eventually};
use diesel::prelude::*;
use diesel::sql_types::{Text, Uuid as SqlUuid};
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};
use shared::db::schema::{documents, dossier_rule_execution_logs, dossiers, rule_execution_logs};
use shared::testing::pdf;
use uuid::Uuid;

/// The saved document rule: reads the amount with its helper, scales it by a data table.
const DOCUMENT_RULE: &str = r#"import { amountOf } from "./helper.js";
export default function ({ rawText, dataTables }) {
  const amount = amountOf(rawText);
  console.log("importo letto:", amount);
  return { success: amount !== null, metas: { importo: amount }, scaled: amount * dataTables.coefficienti.k };
}
"#;

const DOCUMENT_HELPER: &str = r#"import { numero } from "istruttoria";
export function amountOf(text) {
  const found = text.match(/Importo:\s*(\d+)/);
  return found ? numero(found[1]) : null;
}
"#;

/// The saved dossier rule.
const DOSSIER_RULE: &str = r#"import { minimum } from "./helper.js";
export default async function ({ metas, input }) {
  const amounts = Object.values(metas).map((m) => m.importo).filter((v) => v != null);
  console.log(`importi: ${amounts.join(",")}`);
  return { success: amounts.length > 0 && minimum(amounts) >= input.minimo, minimo: input.minimo };
}
"#;

const DOSSIER_HELPER: &str = "export const minimum = (list) => Math.min(...list);\n";

const RUN_TEMPORARY_RULE: &str = r#"
mutation Run($id: ID!, $ruleID: ID, $ruleName: String, $code: String!, $packagecode: String, $dataTables: [String!]) {
  runTemporaryRule(id: $id, ruleID: $ruleID, ruleName: $ruleName, code: $code, packagecode: $packagecode, dataTables: $dataTables) {
    Result executionId logs errorDescription
  }
}"#;

const RUN_TEMPORARY_DOSSIER_RULE: &str = r#"
mutation Run($id: ID!, $ruleID: ID, $ruleName: String, $code: String!, $packagecode: String) {
  runTemporaryDossierRule(id: $id, ruleID: $ruleID, ruleName: $ruleName, code: $code, packagecode: $packagecode) {
    input result errors logs
  }
}"#;

struct Setup {
    server: TestServer,
    token: String,
    _worker: WorkerProcess,
    dossier_id: Uuid,
    document_id: Uuid,
    document_rule_id: Uuid,
    dossier_rule_id: Uuid,
}

/// A server, a worker, the rules (document type `contratto`, a data table, helpers) and an
/// imported dossier of one contract, processed.
async fn set_up() -> Result<Setup> {
    set_up_with(Options::default()).await
}

async fn set_up_with(options: Options<'_>) -> Result<Setup> {
    let server = TestServer::start(options).await?;
    let token = server.admin_token().await?;
    let worker = server.spawn_worker().await?;
    let document_rule_id = Uuid::now_v7();
    let dossier_rule_id = Uuid::now_v7();
    {
        let mut conn = server.db.pool.get().await?;
        diesel::sql_query("INSERT INTO document_types (name) VALUES ('contratto')")
            .execute(&mut conn)
            .await?;
        diesel::sql_query(
            "INSERT INTO data_tables (name, content) VALUES ('coefficienti', '{\"k\": 3}'::jsonb)",
        )
        .execute(&mut conn)
        .await?;
        diesel::sql_query(
            "INSERT INTO document_rules (id, document_type_id, description, code, package_json) \
             SELECT $1, id, 'Importo del contratto', $2, '{}' FROM document_types WHERE name = 'contratto'",
        )
        .bind::<SqlUuid, _>(document_rule_id)
        .bind::<Text, _>(DOCUMENT_RULE)
        .execute(&mut conn)
        .await?;
        diesel::sql_query(
            "INSERT INTO document_rule_data_tables (document_rule_id, data_table_id) \
             SELECT $1, id FROM data_tables WHERE name = 'coefficienti'",
        )
        .bind::<SqlUuid, _>(document_rule_id)
        .execute(&mut conn)
        .await?;
        diesel::sql_query(
            "INSERT INTO dossier_rules (id, description, istituto_appartenenza, code, package_json) \
             VALUES ($1, 'Importo minimo', 'Banca Test', $2, '{\"type\": \"module\"}')",
        )
        .bind::<SqlUuid, _>(dossier_rule_id)
        .bind::<Text, _>(DOSSIER_RULE)
        .execute(&mut conn)
        .await?;
        for (column, rule, code) in [
            ("document_rule_id", document_rule_id, DOCUMENT_HELPER),
            ("dossier_rule_id", dossier_rule_id, DOSSIER_HELPER),
        ] {
            diesel::sql_query(format!(
                "INSERT INTO helper_code (id, {column}, code) VALUES ($1, $2, $3)"
            ))
            .bind::<SqlUuid, _>(Uuid::now_v7())
            .bind::<SqlUuid, _>(rule)
            .bind::<Text, _>(code)
            .execute(&mut conn)
            .await?;
        }
    }

    let contract = pdf::text_pdf(&[
        "Contratto di cessione del quinto\nImporto: 1000\nCodice fiscale: RSSMRA80A01H501U",
    ]);
    let response = server
        .client
        .post(server.url("/import_dossier"))
        .bearer_auth(&token)
        .json(&json!({
            "idValutazione": "VAL-PLAY",
            "base64zip": base64_zip_of(&[("contratto.pdf", &contract)]),
            "files": [{ "nomeFile": "contratto.pdf", "tipoDocumento": "contratto" }],
            "input": r#"[{"minimo": 100}, {"minimo": 5000}]"#,
        }))
        .send()
        .await?;
    let status = response.status();
    let body: Value = response.json().await?;
    anyhow::ensure!(status.is_success(), "import refused: {status} {body}");
    let dossier_id: Uuid = body["id"].as_str().context("dossier id")?.parse()?;

    eventually(
        Duration::from_secs(90),
        "the dossier processed",
        async || {
            let mut conn = server.db.pool.get().await?;
            let (state, error): (String, Option<String>) = dossiers::table
                .find(dossier_id)
                .select((dossiers::state, dossiers::error))
                .first(&mut conn)
                .await?;
            anyhow::ensure!(state != "cannot process", "dossier `{state}` ({error:?})");
            Ok((state == "processed").then_some(()))
        },
    )
    .await?;
    let mut conn = server.db.pool.get().await?;
    let document_id: Uuid = documents::table
        .filter(documents::dossier_id.eq(dossier_id))
        .select(documents::id)
        .first(&mut conn)
        .await?;
    drop(conn);
    Ok(Setup {
        server,
        token,
        _worker: worker,
        dossier_id,
        document_id,
        document_rule_id,
        dossier_rule_id,
    })
}

fn data(response: &Value, field: &str) -> Result<Value> {
    anyhow::ensure!(response.get("errors").is_none(), "{field}: {response}");
    Ok(response["data"][field].clone())
}

/// Extracts a base64 zip into a new temporary folder.
fn extract(base64_zip: &str) -> Result<PathBuf> {
    let bytes = base64::engine::general_purpose::STANDARD.decode(base64_zip)?;
    let dir = std::env::temp_dir().join(format!("istruttoria-playground-{}", Uuid::now_v7()));
    std::fs::create_dir_all(&dir)?;
    zip::ZipArchive::new(std::io::Cursor::new(bytes))?.extract(&dir)?;
    Ok(dir)
}

/// `node run.mjs` in `dir`: its JSON output.
fn run_node(dir: &Path) -> Result<Value> {
    let output = std::process::Command::new("node")
        .arg("run.mjs")
        .current_dir(dir)
        .output()
        .context("running node")?;
    anyhow::ensure!(
        output.status.success(),
        "node run.mjs failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).with_context(|| {
        format!(
            "node's output is not JSON: {}",
            String::from_utf8_lossy(&output.stdout)
        )
    })
}

fn parse_json_text(value: &Value) -> Result<Value> {
    Ok(serde_json::from_str(value.as_str().context("JSON text")?)?)
}

/// Playground runs count against the caller's rule-run seconds for the period
/// (`ISTRUTTORIA_RULE_RUN_SECONDS_PER_USER`): a run that spends them is answered, the next one
/// is refused before it reaches a worker, with the budget named.
#[tokio::test]
async fn playground_runs_stop_at_the_callers_budget_for_the_period() -> Result<()> {
    let setup = set_up_with(Options {
        budgets: Some(shared::config::UserBudgetConfig {
            period: std::time::Duration::from_secs(3600),
            ocr_pages: 100,
            rule_run_seconds: 1,
        }),
        ..Options::default()
    })
    .await?;
    let (server, token) = (&setup.server, setup.token.as_str());
    let document = setup.document_id.to_string();
    let busy = "export default () => { const end = Date.now() + 1100; while (Date.now() < end) {} \
                return { success: true }; }";
    let run = || {
        server.graphql_as(
            token,
            RUN_TEMPORARY_RULE,
            json!({ "id": document, "code": busy }),
        )
    };
    let first = run().await?;
    let answered = data(&first, "runTemporaryRule")?;
    assert_eq!(
        parse_json_text(&answered["Result"])?,
        json!({ "success": true })
    );

    let second = run().await?;
    assert_eq!(
        second["errors"][0]["extensions"]["code"], "BUDGET_EXHAUSTED",
        "{second}"
    );
    assert_eq!(
        second["errors"][0]["message"],
        "Hai usato i 1 s di esecuzione di regole a tua disposizione all'ora: riprova più tardi",
        "{second}"
    );

    Ok(())
}

#[tokio::test]
async fn document_rule_playground_runs_unsaved_code_and_downloads_a_node_runnable_zip() -> Result<()>
{
    let setup = set_up().await?;
    let (server, token) = (&setup.server, setup.token.as_str());
    let document = setup.document_id.to_string();
    let rule = setup.document_rule_id.to_string();

    // The saved rule's helper and data tables, code from the editor.
    let response = server
        .graphql_as(
            token,
            RUN_TEMPORARY_RULE,
            json!({ "id": document, "ruleID": rule, "code": DOCUMENT_RULE, "packagecode": "{\"type\": \"module\"}" }),
        )
        .await?;
    let run = data(&response, "runTemporaryRule")?;
    let result = parse_json_text(&run["Result"])?;
    assert_eq!(
        result,
        json!({ "success": true, "metas": { "importo": 1000 }, "scaled": 3000 }),
        "{run}"
    );
    assert_eq!(run["logs"], json!(["[log] importo letto: 1000"]), "{run}");
    assert_eq!(run["errorDescription"], Value::Null, "{run}");
    let execution_id: Uuid = run["executionId"]
        .as_str()
        .context("executionId")?
        .parse()?;

    let mut conn = server.db.pool.get().await?;
    let (platform, rule_id, logged_document, code): (String, Option<Uuid>, Uuid, String) =
        rule_execution_logs::table
            .find(execution_id)
            .select((
                rule_execution_logs::platform,
                rule_execution_logs::rule_id,
                rule_execution_logs::document_id,
                rule_execution_logs::code,
            ))
            .first(&mut conn)
            .await?;
    drop(conn);
    assert_eq!(platform, "frontend");
    assert_eq!(rule_id, Some(setup.document_rule_id));
    assert_eq!(logged_document, setup.document_id);
    assert_eq!(code, DOCUMENT_RULE);

    // An unsaved helper replaces the saved one for the run.
    let response = server
        .graphql_as(
            token,
            "mutation Run($id: ID!, $ruleID: ID, $code: String!, $helper: String) {
               runTemporaryRule(id: $id, ruleID: $ruleID, code: $code, helper: $helper) { Result errorDescription } }",
            json!({
                "id": document,
                "ruleID": rule,
                "code": DOCUMENT_RULE,
                "helper": "export function amountOf() { return 7; }\n",
            }),
        )
        .await?;
    let run = data(&response, "runTemporaryRule")?;
    assert_eq!(
        parse_json_text(&run["Result"])?,
        json!({ "success": true, "metas": { "importo": 7 }, "scaled": 21 }),
        "{run}"
    );

    // Code of no saved rule, with the data tables given by name.
    let response = server
        .graphql_as(
            token,
            RUN_TEMPORARY_RULE,
            json!({
                "id": document,
                "ruleName": "Prova",
                "code": "export default ({ rawText, dataTables, formData }) => ({ success: rawText.includes('Importo'), tables: Object.keys(dataTables) })",
                "dataTables": ["coefficienti"],
            }),
        )
        .await?;
    let run = data(&response, "runTemporaryRule")?;
    assert_eq!(
        parse_json_text(&run["Result"])?,
        json!({ "success": true, "tables": ["coefficienti"] }),
        "{run}"
    );

    // A rule that throws.
    let response = server
        .graphql_as(
            token,
            RUN_TEMPORARY_RULE,
            json!({ "id": document, "code": "export default () => {\n  console.log('prima');\n  throw new Error('boom');\n}" }),
        )
        .await?;
    let run = data(&response, "runTemporaryRule")?;
    let error = run["errorDescription"]
        .as_str()
        .context("errorDescription")?;
    assert!(error.contains("boom"), "{run}");
    assert_eq!(run["Result"], Value::Null, "{run}");
    assert_eq!(run["logs"], json!(["[log] prima"]), "{run}");
    assert!(
        run["executionId"].is_string(),
        "a failed run is logged too: {run}"
    );

    // A syntax error, with its place.
    let response = server
        .graphql_as(
            token,
            RUN_TEMPORARY_RULE,
            json!({ "id": document, "code": "export default () => {\n  return { success: true ;\n}" }),
        )
        .await?;
    let run = data(&response, "runTemporaryRule")?;
    let error = run["errorDescription"]
        .as_str()
        .context("errorDescription")?;
    assert!(
        error.starts_with("Errore di sintassi alla riga 2, colonna"),
        "{run}"
    );

    // An unknown data table, a document that is not extracted.
    let response = server
        .graphql_as(
            token,
            RUN_TEMPORARY_RULE,
            json!({ "id": document, "code": "export default () => ({ success: true })", "dataTables": ["nessuna"] }),
        )
        .await?;
    assert_eq!(
        response["errors"][0]["extensions"]["code"], "BAD_USER_INPUT",
        "{response}"
    );
    let pending = Uuid::now_v7();
    let mut conn = server.db.pool.get().await?;
    diesel::sql_query(
        "INSERT INTO documents (id, dossier_id, name, pdf_key) VALUES ($1, $2, 'nuovo.pdf', 'x')",
    )
    .bind::<SqlUuid, _>(pending)
    .bind::<SqlUuid, _>(setup.dossier_id)
    .execute(&mut conn)
    .await?;
    drop(conn);
    let response = server
        .graphql_as(
            token,
            RUN_TEMPORARY_RULE,
            json!({ "id": pending.to_string(), "code": "export default () => ({ success: true })" }),
        )
        .await?;
    let message = response["errors"][0]["message"]
        .as_str()
        .unwrap_or_default();
    assert!(
        message.contains("non è ancora stato estratto"),
        "{response}"
    );

    // The download runs with node to the worker's result.
    let response = server
        .graphql_as(
            token,
            "query D($id: ID!, $ruleId: ID!) { downloadDocumentRule(id: $id, ruleId: $ruleId) { name bsae64Content base64Content } }",
            json!({ "id": document, "ruleId": rule }),
        )
        .await?;
    let download = data(&response, "downloadDocumentRule")?;
    assert_eq!(download["bsae64Content"], download["base64Content"]);
    assert!(
        download["name"]
            .as_str()
            .unwrap_or_default()
            .ends_with(".zip"),
        "{download}"
    );
    let dir = extract(download["base64Content"].as_str().context("content")?)?;
    for file in [
        "index.js",
        "helper.js",
        "package.json",
        "input.json",
        "run.mjs",
        "istruttoria.mjs",
        "README.txt",
    ] {
        assert!(dir.join(file).is_file(), "{file} is in the zip");
    }
    let input: Value = serde_json::from_slice(&std::fs::read(dir.join("input.json"))?)?;
    assert!(
        input["rawText"]
            .as_str()
            .unwrap_or_default()
            .contains("Importo: 1000"),
        "{input}"
    );
    assert_eq!(input["dataTables"], json!({ "coefficienti": { "k": 3 } }));
    // The saved package.json is `{}`: run.mjs reads the rule as an ES module anyway.
    let outcomes = run_node(&dir);
    std::fs::remove_dir_all(&dir)?;
    let outcomes = outcomes?;
    assert_eq!(outcomes.as_array().map(Vec::len), Some(1), "{outcomes}");
    assert_eq!(
        outcomes[0]["result"], result,
        "node and the worker agree: {outcomes}"
    );
    assert_eq!(
        outcomes[0]["logs"],
        json!(["[log] importo letto: 1000"]),
        "{outcomes}"
    );
    Ok(())
}

#[tokio::test]
async fn dossier_rule_playground_runs_once_per_input_item_and_downloads_a_node_runnable_zip()
-> Result<()> {
    let setup = set_up().await?;
    let (server, token) = (&setup.server, setup.token.as_str());
    let dossier = setup.dossier_id.to_string();
    let rule = setup.dossier_rule_id.to_string();

    let response = server
        .graphql_as(
            token,
            RUN_TEMPORARY_DOSSIER_RULE,
            json!({ "id": dossier, "ruleID": rule, "code": DOSSIER_RULE }),
        )
        .await?;
    let runs = data(&response, "runTemporaryDossierRule")?;
    let runs = runs.as_array().context("a list")?.clone();
    assert_eq!(runs.len(), 2, "{runs:?}");
    assert_eq!(
        parse_json_text(&runs[0]["input"])?,
        json!({ "minimo": 100 })
    );
    assert_eq!(
        parse_json_text(&runs[0]["result"])?,
        json!({ "success": true, "minimo": 100 })
    );
    assert_eq!(
        parse_json_text(&runs[1]["result"])?,
        json!({ "success": false, "minimo": 5000 })
    );
    assert_eq!(runs[0]["logs"], json!(["[log] importi: 1000"]));
    assert_eq!(runs[0]["errors"], json!([]));

    let mut conn = server.db.pool.get().await?;
    let logged: Vec<(String, Option<Uuid>, Option<Uuid>)> = dossier_rule_execution_logs::table
        .filter(dossier_rule_execution_logs::dossier_id.eq(setup.dossier_id))
        .filter(dossier_rule_execution_logs::platform.eq("frontend"))
        .select((
            dossier_rule_execution_logs::platform,
            dossier_rule_execution_logs::execution_id,
            dossier_rule_execution_logs::rule_id,
        ))
        .load(&mut conn)
        .await?;
    drop(conn);
    assert_eq!(logged.len(), 2, "{logged:?}");
    assert!(
        logged
            .iter()
            .all(|(_, execution, rule)| execution.is_none()
                && *rule == Some(setup.dossier_rule_id)),
        "{logged:?}"
    );

    // A throwing rule: an error per item.
    let response = server
        .graphql_as(
            token,
            RUN_TEMPORARY_DOSSIER_RULE,
            json!({ "id": dossier, "code": "export default ({ input }) => { throw new Error('minimo ' + input.minimo); }" }),
        )
        .await?;
    let runs = data(&response, "runTemporaryDossierRule")?;
    assert!(
        runs[1]["errors"][0]
            .as_str()
            .unwrap_or_default()
            .contains("minimo 5000"),
        "{runs}"
    );
    assert_eq!(runs[1]["result"], Value::Null);

    // The download runs with node to the worker's results.
    let response = server
        .graphql_as(
            token,
            "query D($id: ID!, $ruleId: ID!) { downloadDossierRule(id: $id, ruleId: $ruleId) { name bsae64Content base64Content } }",
            json!({ "id": dossier, "ruleId": rule }),
        )
        .await?;
    let download = data(&response, "downloadDossierRule")?;
    assert_eq!(download["bsae64Content"], download["base64Content"]);
    let dir = extract(download["bsae64Content"].as_str().context("content")?)?;
    let input: Value = serde_json::from_slice(&std::fs::read(dir.join("input.json"))?)?;
    assert_eq!(input.as_array().map(Vec::len), Some(2), "{input}");
    assert_eq!(input[1]["input"], json!({ "minimo": 5000 }));
    let outcomes = run_node(&dir);
    std::fs::remove_dir_all(&dir)?;
    let outcomes = outcomes?;
    assert_eq!(outcomes.as_array().map(Vec::len), Some(2), "{outcomes}");
    for (index, run) in [
        json!({ "success": true, "minimo": 100 }),
        json!({ "success": false, "minimo": 5000 }),
    ]
    .iter()
    .enumerate()
    {
        assert_eq!(
            &outcomes[index]["result"], run,
            "node and the worker agree: {outcomes}"
        );
        assert_eq!(outcomes[index]["logs"], json!(["[log] importi: 1000"]));
    }
    assert_eq!(outcomes[0]["input"], json!({ "minimo": 100 }));
    Ok(())
}
