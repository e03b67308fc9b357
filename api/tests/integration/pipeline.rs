//! The dossier pipeline end to end, through the real HTTP API, PostgreSQL, Redis, object
//! storage and worker processes: a zip of generated PDFs is imported, extracted, run through
//! document and dossier rules, aggregated and called back to a local receiver.

use crate::common;

use std::time::Duration;

use anyhow::{Context, Result};
use common::{
    Options, Receiver, TestServer, WorkerProcess,
    archives::base64_zip_of,
    wait::{PATIENCE, eventually, until_idle},
};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};
use shared::db::schema::{
    dossier_callbacks, dossier_rule_executions, dossiers, rule_execution_logs, webhook_secrets,
};
use shared::jobs::Job;
use shared::jobs::pipeline::{DossierRulesScope, ExtractDocument, ImportDossier, RunDossierRules};
use shared::messages::Message;
use shared::testing::pdf;
use shared::webhooks;
use uuid::Uuid;

/// A document rule: reads the amount and the tax code from the contract text into metas.
const CONTRACT_RULE: &str = r#"
export default function ({ rawText }) {
  const amount = rawText.match(/Importo:\s*(\d+)/);
  const taxCode = rawText.match(/Codice fiscale:\s*([A-Z0-9]+)/);
  return {
    success: amount !== null,
    metas: { importo: amount ? Number(amount[1]) : null, codiceFiscale: taxCode ? taxCode[1] : null },
  };
}
"#;

/// A dossier rule: the financed amount covers the scenario's minimum.
const MINIMUM_RULE: &str = r#"
export default function ({ metas, input }) {
  const amounts = Object.values(metas).map((m) => m.importo).filter((v) => v != null);
  console.log(`importi: ${amounts.join(",")}`);
  return { success: amounts.length > 0 && Math.min(...amounts) >= input.minimo };
}
"#;

fn contract(amount: u32, tax_code: &str) -> Vec<u8> {
    pdf::text_pdf(&[&format!(
        "Contratto di cessione del quinto\nImporto: {amount}\nCodice fiscale: {tax_code}\nLa Società finanziatrice"
    )])
}

/// The catalogue of these tests: document type `contratto` with its rule, the minimum rule,
/// and (optionally) more dossier rules.
async fn set_up_rules(server: &TestServer, dossier_rules: &[(&str, &str)]) -> Result<()> {
    let mut all = vec![("Importo minimo", MINIMUM_RULE)];
    all.extend_from_slice(dossier_rules);
    common::seed_rules(server, CONTRACT_RULE, &all).await
}

async fn import(
    server: &TestServer,
    token: &str,
    files: &[(&str, Vec<u8>)],
    callback_url: &str,
) -> Result<Uuid> {
    import_with_input(
        server,
        token,
        files,
        callback_url,
        r#"[{"minimo": 100}, {"minimo": 5000}]"#,
    )
    .await
}

async fn import_with_input(
    server: &TestServer,
    token: &str,
    files: &[(&str, Vec<u8>)],
    callback_url: &str,
    input: &str,
) -> Result<Uuid> {
    let listed: Vec<Value> = files
        .iter()
        .map(|(name, _)| json!({ "nomeFile": name, "tipoDocumento": "contratto" }))
        .collect();
    let entries: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(name, bytes)| (*name, bytes.as_slice()))
        .collect();
    let response = server
        .client
        .post(server.url("/import_dossier"))
        .bearer_auth(token)
        .json(&json!({
            "idValutazione": "VAL-1",
            "base64zip": base64_zip_of(&entries),
            "files": listed,
            "input": input,
            "callbackUrl": callback_url,
        }))
        .send()
        .await?;
    let status = response.status();
    let body: Value = response.json().await?;
    anyhow::ensure!(status.is_success(), "import refused: {status} {body}");
    Ok(body["id"]
        .as_str()
        .context("the import answers the dossier id")?
        .parse()?)
}

/// Waits until the dossier reaches `state`.
async fn wait_for_state(server: &TestServer, dossier_id: Uuid, state: &str) -> Result<()> {
    let mut last = None;
    let reached = eventually(
        Duration::from_secs(90),
        &format!("dossier {dossier_id} `{state}`"),
        async || {
            let mut conn = server.db.pool.get().await?;
            let (current, error): (String, Option<String>) = dossiers::table
                .find(dossier_id)
                .select((dossiers::state, dossiers::error))
                .first(&mut conn)
                .await?;
            let done = current == state;
            last = Some((current, error));
            Ok(done.then_some(()))
        },
    )
    .await;
    reached.with_context(|| format!("still (state, error) {last:?}"))
}

async fn callbacks(
    server: &TestServer,
    dossier_id: Uuid,
) -> Result<Vec<(i32, bool, Option<String>)>> {
    let mut conn = server.db.pool.get().await?;
    Ok(dossier_callbacks::table
        .filter(dossier_callbacks::dossier_id.eq(dossier_id))
        .order(dossier_callbacks::created_at)
        .select((
            dossier_callbacks::attempt,
            dossier_callbacks::success,
            dossier_callbacks::error_description,
        ))
        .load(&mut conn)
        .await?)
}

async fn wait_for_callbacks(
    server: &TestServer,
    dossier_id: Uuid,
    count: usize,
) -> Result<Vec<(i32, bool, Option<String>)>> {
    let what = format!("{count} callbacks recorded");
    eventually(PATIENCE, &what, async || {
        let recorded = callbacks(server, dossier_id).await?;
        Ok((recorded.len() >= count).then_some(recorded))
    })
    .await
}

/// The dossier rule executions of a dossier: (all, done).
async fn executions(server: &TestServer, dossier_id: Uuid) -> Result<(i64, i64)> {
    use shared::db::schema::dossier_rule_executions::dsl as e;
    let mut conn = server.db.pool.get().await?;
    let all: i64 = e::dossier_rule_executions
        .filter(e::dossier_id.eq(dossier_id))
        .count()
        .get_result(&mut conn)
        .await?;
    let done: i64 = e::dossier_rule_executions
        .filter(e::dossier_id.eq(dossier_id))
        .filter(e::state.ne(shared::db::models::ExecutionState::Created))
        .count()
        .get_result(&mut conn)
        .await?;
    Ok((all, done))
}

/// Waits until the dossier's rules run has done a few of its executions.
async fn wait_until_mid_run(server: &TestServer, dossier_id: Uuid) -> Result<()> {
    eventually(PATIENCE, "the run started", async || {
        Ok((executions(server, dossier_id).await?.1 >= 3).then_some(()))
    })
    .await
}

/// A dossier whose rules run is slow: the minimum rule and an endless one over 20 items, each
/// execution of the endless rule taking its whole time limit (the workers' `slow` setting).
async fn import_slow_run(server: &TestServer, token: &str, callback_url: &str) -> Result<Uuid> {
    let items: Vec<Value> = (0..20).map(|i| json!({ "minimo": i })).collect();
    let files = [("contratto.pdf", contract(1000, "RSSMRA80A01H501U"))];
    import_with_input(
        server,
        token,
        &files,
        callback_url,
        &Value::from(items).to_string(),
    )
    .await
}

const ENDLESS_RULE: (&str, &str) = ("Non termina", "export default () => { while (true) {} }");

async fn worker(server: &TestServer, extra: &[(&str, &str)]) -> Result<WorkerProcess> {
    let mut env = vec![
        ("ISTRUTTORIA_CALLBACK_ALLOWLIST", "127.0.0.1"),
        ("ISTRUTTORIA_CALLBACK_BACKOFF_MS", "100"),
        ("ISTRUTTORIA_RULE_TIMEOUT_MS", "500"),
    ];
    env.extend_from_slice(extra);
    server.spawn_worker_with(&env).await
}

#[tokio::test]
async fn an_imported_dossier_is_processed_aggregated_and_called_back() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let _worker = worker(&server, &[]).await?;

    let files = [
        ("contratto.pdf", contract(1000, "RSSMRA80A01H501U")),
        ("allegato.pdf", contract(1000, "RSSMRA80A01H501U")),
    ];
    let dossier_id = import(&server, &token, &files, &receiver.url).await?;
    wait_for_state(&server, dossier_id, "processed").await?;

    let mut conn = server.db.pool.get().await?;
    let aggregate: Option<Value> = dossiers::table
        .find(dossier_id)
        .select(dossiers::aggregate_result)
        .first(&mut conn)
        .await?;
    let aggregate = aggregate.context("the aggregate is written")?;
    assert_eq!(aggregate[0]["Input"], json!({"minimo": 100}), "{aggregate}");
    assert_eq!(aggregate[0]["AggregateResult"], json!(true), "{aggregate}");
    assert_eq!(aggregate[1]["AggregateResult"], json!(false), "{aggregate}");
    let document_logs: i64 = rule_execution_logs::table
        .inner_join(shared::db::schema::documents::table)
        .filter(shared::db::schema::documents::dossier_id.eq(dossier_id))
        .count()
        .get_result(&mut conn)
        .await?;
    assert_eq!(document_logs, 2, "one document rule run per document");
    let metas: Vec<Value> = shared::db::schema::documents::table
        .filter(shared::db::schema::documents::dossier_id.eq(dossier_id))
        .select(shared::db::schema::documents::metas)
        .load(&mut conn)
        .await?;
    assert!(
        metas.iter().all(|m| m["importo"] == json!(1000)),
        "{metas:?}"
    );

    let recorded = wait_for_callbacks(&server, dossier_id, 1).await?;
    assert!(recorded[0].1, "{recorded:?}");
    let bodies = receiver.bodies();
    assert_eq!(bodies.len(), 1);
    let sent: Value = serde_json::from_str(&bodies[0])?;
    assert_eq!(sent["idValutazione"], "VAL-1");
    assert_eq!(sent["aggregateResult"], aggregate);

    // An operator sends it again: a new attempt, even though the first one succeeded.
    let resent = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { resendDossierCallback(id: $id) }",
            json!({ "id": dossier_id }),
        )
        .await?;
    assert_eq!(
        resent["data"]["resendDossierCallback"],
        json!(true),
        "{resent}"
    );
    let recorded = wait_for_callbacks(&server, dossier_id, 2).await?;
    assert!(
        recorded.iter().all(|(_, success, _)| *success),
        "{recorded:?}"
    );
    assert_eq!(
        receiver.bodies(),
        vec![bodies[0].clone(), bodies[0].clone()]
    );

    // Both carry a Standard Webhooks signature with the importer's secret, the same message
    // id (the same body), and each attempt keeps its headers.
    let secret: String = webhook_secrets::table
        .find(common::ADMIN_EMAIL)
        .select(webhook_secrets::secret)
        .first(&mut conn)
        .await?;
    let secret = webhooks::WebhookSecret::parse(&secret).context("a secret")?;
    let signatures = receiver.signatures();
    assert_eq!(signatures.len(), 2);
    assert_eq!(signatures[0][0], signatures[1][0], "one message id");
    assert_eq!(
        signatures[0][0],
        webhooks::message_id(dossier_id, &bodies[0])
    );
    for [id, timestamp, signature] in &signatures {
        let now = chrono::Utc::now().timestamp();
        webhooks::verify(&secret, id, timestamp, signature, &bodies[0], now)
            .with_context(|| format!("{id} {timestamp} {signature}"))?;
        let tampered = bodies[0].replace("VAL-1", "VAL-2");
        assert!(webhooks::verify(&secret, id, timestamp, signature, &tampered, now).is_err());
    }
    let kept: Vec<Option<Value>> = dossier_callbacks::table
        .filter(dossier_callbacks::dossier_id.eq(dossier_id))
        .order(dossier_callbacks::created_at)
        .select(dossier_callbacks::request_headers)
        .load(&mut conn)
        .await?;
    for (headers, [id, timestamp, signature]) in kept.iter().zip(&signatures) {
        let headers = headers.as_ref().context("the attempt's headers")?;
        assert_eq!(
            (
                &headers["webhook-id"],
                &headers["webhook-timestamp"],
                &headers["webhook-signature"]
            ),
            (&json!(id), &json!(timestamp), &json!(signature))
        );
    }
    Ok(())
}

/// The race of `runDossierRules` with the import: asked before the import job ran (the dossier
/// `processing`, no document yet), the run used to start — on no document — and the pipeline
/// started another when the documents were done. It is refused now, under the dossier's lock.
#[tokio::test]
async fn rules_cannot_be_run_again_before_the_import_is_done() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let files = [("contratto.pdf", contract(1000, "RSSMRA80A01H501U"))];
    // No worker yet: the import job waits.
    let dossier_id = import(&server, &token, &files, &receiver.url).await?;
    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { runDossierRules(id: $id) }",
            json!({ "id": dossier_id }),
        )
        .await?;
    assert_eq!(
        body["errors"][0]["extensions"]["code"], "CONFLICT",
        "{body}"
    );
    assert_eq!(
        body["errors"][0]["message"],
        "Impossibile eseguire le regole: i documenti del dossier sono ancora in elaborazione"
    );

    // The import goes on as if nothing was asked: one run, one callback.
    let _worker = worker(&server, &[]).await?;
    wait_for_state(&server, dossier_id, "processed").await?;
    wait_for_callbacks(&server, dossier_id, 1).await?;
    assert_eq!(receiver.bodies().len(), 1, "one callback");
    let again = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { runDossierRules(id: $id) }",
            json!({ "id": dossier_id }),
        )
        .await?;
    assert_eq!(again["data"]["runDossierRules"], true, "{again}");
    Ok(())
}

/// A fault scenario of `just test`: the worker running a dossier's rules is killed with
/// SIGKILL mid-run; another worker started afterwards runs the orphaned job again (apalis-redis
/// re-enqueues, in a live worker's heartbeat, the jobs of a worker that missed 3 heartbeats of
/// 10 s: about 30–40 s) and the dossier ends processed with one execution per rule and item and
/// one callback.
#[tokio::test]
async fn a_run_whose_worker_is_killed_is_finished_by_another_within_a_minute() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[ENDLESS_RULE]).await?;
    let receiver = Receiver::start(&[]).await?;
    // 20 items, 1 s each.
    let slow = [("ISTRUTTORIA_RULE_TIMEOUT_MS", "1000")];
    let mut first = worker(&server, &slow).await?;
    let dossier_id = import_slow_run(&server, &token, &receiver.url).await?;

    let executions_done = || executions(&server, dossier_id);
    wait_until_mid_run(&server, dossier_id).await?;
    first.child.start_kill()?;
    first.child.wait().await?;
    let killed_at = tokio::time::Instant::now();
    let (all, done) = executions_done().await?;
    assert!(done < all, "killed mid-run: {done} of {all}");

    let _second = worker(&server, &slow).await?;
    let within = Duration::from_secs(60).saturating_sub(killed_at.elapsed());
    eventually(
        within,
        "a worker taking the orphaned run over",
        async || Ok((executions_done().await?.1 > done).then_some(())),
    )
    .await?;
    eprintln!(
        "the orphaned run went on {:.1} s after the kill",
        killed_at.elapsed().as_secs_f64()
    );
    wait_for_state(&server, dossier_id, "processed").await?;
    wait_for_callbacks(&server, dossier_id, 1).await?;
    // Two dossier rules (the minimum rule and the endless one) × 20 items.
    assert_eq!(
        executions_done().await?,
        (40, 40),
        "one execution per rule and item"
    );
    until_idle(&server).await?;
    assert_eq!(receiver.bodies().len(), 1, "one callback");
    Ok(())
}

/// What Redis does in a fault scenario of `just test`.
#[derive(Clone, Copy, Debug)]
enum RedisFault {
    /// Stopped and started again with its append-only file: it keeps its data.
    Restart,
    /// Stopped, its data deleted, started again: every job it held is gone.
    Wipe,
}

/// Runs a slow dossier on a Redis of the test's own and, mid-run, applies `fault` to it; the
/// same worker goes on when Redis is back (reconnecting; after a wipe the outbox's ledger
/// pushes the unfinished jobs again) and the dossier ends processed with one execution per
/// rule and item and one callback.
async fn a_dossier_survives(fault: RedisFault) -> Result<()> {
    let dir = std::env::temp_dir().join(shared::testing::unique_name("redis"));
    std::fs::create_dir_all(&dir)?;
    let mut redis = common::OwnRedis::start(&dir)?;
    common::connect_when_up(&redis.url(), "probe").await?;
    let server = TestServer::start(Options {
        redis_url: Some(redis.url()),
        ..Options::default()
    })
    .await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[ENDLESS_RULE]).await?;
    let receiver = Receiver::start(&[]).await?;
    let worker = worker(&server, &[("ISTRUTTORIA_RULE_TIMEOUT_MS", "300")]).await?;
    let dossier_id = import_slow_run(&server, &token, &receiver.url).await?;
    wait_until_mid_run(&server, dossier_id).await?;

    let fault_at = tokio::time::Instant::now();
    match fault {
        RedisFault::Restart => {
            redis.stop();
            // Down until the worker has found it gone.
            worker.until_logged("Failed to poll backend").await?;
            redis.restart()?;
        }
        RedisFault::Wipe => redis.wipe()?,
    }
    wait_for_state(&server, dossier_id, "processed").await?;
    wait_for_callbacks(&server, dossier_id, 1).await?;
    eprintln!(
        "{fault:?}: the dossier was processed {:.1} s after the fault",
        fault_at.elapsed().as_secs_f64()
    );
    assert_eq!(
        executions(&server, dossier_id).await?,
        (40, 40),
        "one execution per rule and item"
    );
    until_idle(&server).await?;
    assert_eq!(receiver.bodies().len(), 1, "one callback");
    drop(redis);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// A fault scenario of `just test`: Redis restarts (keeping its append-only file) mid-run.
#[tokio::test]
async fn a_dossier_is_processed_once_through_a_redis_restart() -> Result<()> {
    a_dossier_survives(RedisFault::Restart).await
}

/// A fault scenario: Redis comes back empty mid-run.
#[tokio::test]
async fn a_dossier_is_processed_once_after_redis_is_wiped() -> Result<()> {
    a_dossier_survives(RedisFault::Wipe).await
}

#[tokio::test]
async fn failing_and_endless_rules_are_execution_errors_and_the_item_fails() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(
        &server,
        &[
            (
                "Lancia un errore",
                "export default () => { throw new Error('dato mancante'); }",
            ),
            ("Non termina", "export default () => { while (true) {} }"),
        ],
    )
    .await?;
    let receiver = Receiver::start(&[]).await?;
    let _worker = worker(&server, &[]).await?;
    let dossier_id = import(
        &server,
        &token,
        &[("contratto.pdf", contract(9000, "RSSMRA80A01H501U"))],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, dossier_id, "processed").await?;

    let mut conn = server.db.pool.get().await?;
    let executions: Vec<(String, String, Option<String>)> = dossier_rule_executions::table
        .filter(dossier_rule_executions::dossier_id.eq(dossier_id))
        .select((
            dossier_rule_executions::rule_name,
            dossier_rule_executions::state,
            dossier_rule_executions::error,
        ))
        .load(&mut conn)
        .await?;
    assert_eq!(executions.len(), 6, "3 rules × 2 items: {executions:?}");
    for (name, state, error) in &executions {
        match name.as_str() {
            "Importo minimo" => assert_eq!(state, "executed"),
            "Lancia un errore" => {
                assert_eq!(state, "error");
                assert!(
                    error
                        .as_deref()
                        .unwrap_or_default()
                        .contains("dato mancante"),
                    "{error:?}"
                );
            }
            _ => {
                assert_eq!(state, "error");
                assert!(error.is_some(), "the timeout is the execution's error");
            }
        }
    }
    let aggregate: Option<Value> = dossiers::table
        .find(dossier_id)
        .select(dossiers::aggregate_result)
        .first(&mut conn)
        .await?;
    let aggregate = aggregate.context("aggregate")?;
    assert_eq!(aggregate[0]["AggregateResult"], json!(false), "{aggregate}");
    Ok(())
}

/// Deleting a dossier whose rules are running stops the run at its next execution: 200 input
/// items × a rule that always runs into its 500 ms limit would keep a worker busy for 100 s.
#[tokio::test]
async fn deleting_a_dossier_stops_its_running_rules() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(
        &server,
        &[("Non termina", "export default () => { while (true) {} }")],
    )
    .await?;
    let receiver = Receiver::start(&[]).await?;
    let _worker = worker(&server, &[]).await?;
    let items: Vec<Value> = (0..200).map(|i| json!({ "minimo": i })).collect();
    let dossier_id = import_with_input(
        &server,
        &token,
        &[("contratto.pdf", contract(9000, "RSSMRA80A01H501U"))],
        &receiver.url,
        &serde_json::to_string(&items)?,
    )
    .await?;
    // Running: the first executions of the endless rule are recorded.
    eventually(PATIENCE, "the run started", async || {
        let mut conn = server.db.pool.get().await?;
        let failed: i64 = dossier_rule_executions::table
            .filter(dossier_rule_executions::dossier_id.eq(dossier_id))
            .filter(dossier_rule_executions::state.eq("error"))
            .count()
            .get_result(&mut conn)
            .await?;
        Ok((failed >= 2).then_some(()))
    })
    .await?;
    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { deleteDossier(id: $id) }",
            json!({ "id": dossier_id }),
        )
        .await?;
    assert_eq!(body["data"]["deleteDossier"], true, "{body}");
    // The dossier-rules job ends within a few executions, not after the remaining ~200.
    let mut queue = Value::Null;
    let stopped = eventually(Duration::from_secs(15), "the run stopped", async || {
        let body = server
            .graphql_as(&token, "{ jobQueues { name waiting running } }", json!({}))
            .await?;
        queue = body["data"]["jobQueues"]
            .as_array()
            .and_then(|queues| queues.iter().find(|q| q["name"] == "dossier-rules"))
            .cloned()
            .context("the dossier-rules queue")?;
        Ok((queue["running"] == 0 && queue["waiting"] == 0).then_some(()))
    })
    .await;
    stopped.with_context(|| format!("the run goes on after the dossier was deleted: {queue}"))?;
    Ok(())
}

/// A scanned contract — a page that is only an image — is read by OCR, and its rule finds the
/// amount in the text Tesseract recognised.
#[tokio::test]
async fn a_scanned_contract_is_read_by_ocr() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let _worker = worker(&server, &[]).await?;
    let scan = pdf::scanned_pdf(&[
        "Contratto di cessione del quinto",
        "Importo: 1000",
        "La Società finanziatrice",
    ]);
    let dossier_id = import(&server, &token, &[("scansione.pdf", scan)], &receiver.url).await?;
    wait_for_state(&server, dossier_id, "processed").await?;

    let mut conn = server.db.pool.get().await?;
    let metas: Vec<Value> = shared::db::schema::documents::table
        .filter(shared::db::schema::documents::dossier_id.eq(dossier_id))
        .select(shared::db::schema::documents::metas)
        .load(&mut conn)
        .await?;
    assert_eq!(metas.len(), 1);
    assert_eq!(metas[0]["importo"], json!(1000), "{metas:?}");
    Ok(())
}

/// An import's documents together read at most `ISTRUTTORIA_OCR_MAX_PAGES_PER_IMPORT` pages by
/// OCR: three one-page scans under a budget of two, and the third document's page is reported
/// as over the import's budget, not silently empty.
#[tokio::test]
async fn an_import_reads_at_most_its_ocr_budget() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let _worker = worker(&server, &[("ISTRUTTORIA_OCR_MAX_PAGES_PER_IMPORT", "2")]).await?;
    let scans: Vec<(String, Vec<u8>)> = (1..=3)
        .map(|i| {
            (
                format!("scansione-{i}.pdf"),
                pdf::scanned_pdf(&[
                    "Contratto di cessione del quinto",
                    &format!("Importo: {i}000"),
                ]),
            )
        })
        .collect();
    let files: Vec<(&str, Vec<u8>)> = scans.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let dossier_id = import(&server, &token, &files, &receiver.url).await?;
    let events = extraction_events(&server, dossier_id, 3).await?;
    let read = events
        .iter()
        .filter(|e| e.italian().contains("lette con OCR: 1)"))
        .count();
    let over = events
        .iter()
        .filter(|e| {
            e.english()
                .contains("not read: the limit of pages read by OCR per import is reached")
        })
        .count();
    assert_eq!((read, over), (2, 1), "{events:?}");
    Ok(())
}

/// The `estratto…` events of a dossier's documents once `count` of them are extracted (the
/// dossier may then stop on its metas: not these tests' concern), each as its message.
async fn extraction_events(
    server: &TestServer,
    dossier_id: Uuid,
    count: usize,
) -> Result<Vec<Message>> {
    use shared::db::schema::{document_logs, documents};
    let events = eventually(Duration::from_secs(90), "the extractions", async || {
        let mut conn = server.db.pool.get().await?;
        let events: Vec<(String, Option<serde_json::Value>)> = document_logs::table
            .inner_join(documents::table)
            .filter(documents::dossier_id.eq(dossier_id))
            .filter(document_logs::event.like("estratto%"))
            .select((document_logs::event, document_logs::message))
            .load(&mut conn)
            .await?;
        Ok((events.len() == count).then_some(events))
    })
    .await?;
    events
        .into_iter()
        .map(|(text, message)| {
            let message = message
                .as_ref()
                .and_then(Message::from_json)
                .with_context(|| format!("«{text}» has no message"))?;
            anyhow::ensure!(message.italian() == text, "{text} ≠ {message}");
            Ok(message)
        })
        .collect()
}

/// The pages read by OCR in the dossiers one user imports count against that user's budget for
/// the period (`ISTRUTTORIA_OCR_MAX_PAGES_PER_USER`), whatever each import's own budget: two
/// scans read in a first import spend a budget of two, and the next import's scan is reported
/// as over the user's budget.
#[tokio::test]
async fn a_user_reads_at_most_their_ocr_budget_across_imports() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let _worker = worker(&server, &[("ISTRUTTORIA_OCR_MAX_PAGES_PER_USER", "2")]).await?;
    let scan = |i: u32| {
        pdf::scanned_pdf(&[
            "Contratto di cessione del quinto",
            &format!("Importo: {i}000"),
        ])
    };
    let first = import(
        &server,
        &token,
        &[("uno.pdf", scan(1)), ("due.pdf", scan(2))],
        &receiver.url,
    )
    .await?;
    let events = extraction_events(&server, first, 2).await?;
    assert!(
        events
            .iter()
            .all(|e| e.english().contains(", read by OCR: 1)")),
        "{events:?}"
    );

    let second = import(&server, &token, &[("tre.pdf", scan(3))], &receiver.url).await?;
    let events = extraction_events(&server, second, 1).await?;
    assert!(
        events[0].italian().contains(
            "; pagina 1 non letta: il limite di 2 pagine lette con OCR per utente al giorno è raggiunto"
        ),
        "{events:?}"
    );
    assert!(
        events[0]
            .english()
            .contains("; page 1 not read: the limit of 2 OCR pages per user per day is reached"),
        "{events:?}"
    );
    Ok(())
}

#[tokio::test]
async fn a_failed_callback_is_retried_until_it_succeeds() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[503, 500]).await?;
    let _worker = worker(&server, &[]).await?;
    let dossier_id = import(
        &server,
        &token,
        &[("contratto.pdf", contract(1000, "X"))],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, dossier_id, "processed").await?;
    let recorded = wait_for_callbacks(&server, dossier_id, 3).await?;
    let outcomes: Vec<(i32, bool)> = recorded.iter().map(|(a, s, _)| (*a, *s)).collect();
    assert_eq!(outcomes, vec![(1, false), (2, false), (3, true)]);
    assert!(recorded[0].2.as_deref().unwrap_or_default().contains("503"));
    assert_eq!(receiver.bodies().len(), 3);
    Ok(())
}

#[tokio::test]
async fn a_callback_to_a_private_address_is_refused_without_the_allowlist() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let _worker = server
        .spawn_worker_with(&[("ISTRUTTORIA_CALLBACK_BACKOFF_MS", "100")])
        .await?;
    let dossier_id = import(
        &server,
        &token,
        &[("contratto.pdf", contract(1000, "X"))],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, dossier_id, "processed").await?;
    let recorded = wait_for_callbacks(&server, dossier_id, 1).await?;
    assert_eq!(
        recorded.len(),
        1,
        "a refused address is not retried: {recorded:?}"
    );
    assert!(!recorded[0].1);
    assert!(
        recorded[0]
            .2
            .as_deref()
            .unwrap_or_default()
            .contains("non consentito"),
        "{recorded:?}"
    );
    until_idle(&server).await?;
    assert!(receiver.bodies().is_empty(), "nothing reached the receiver");
    Ok(())
}

/// The object storage away for a few seconds (found by `just faults`): the jobs that need it
/// are retried past their usual attempts (here 2, a 1 s window) until it is back, and the
/// dossier is processed and called back once.
#[tokio::test]
async fn jobs_wait_for_the_storage_to_come_back() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let files = [("contratto.pdf", contract(1000, "RSSMRA80A01H501U"))];
    let dossier_id = import(&server, &token, &files, &receiver.url).await?;

    // The dossier's directory in the storage replaced by a file: reading its archive fails (as
    // root, permissions cannot make it fail; a worker does not start on an unusable storage).
    let directory = server.storage.join("dossiers").join(dossier_id.to_string());
    let away = directory.with_extension("away");
    std::fs::rename(&directory, &away)?;
    std::fs::write(&directory, b"")?;
    let _worker = worker(&server, &[("ISTRUTTORIA_JOB_MAX_ATTEMPTS", "2")]).await?;
    // The import fails more times than its usual attempts, each failure recorded.
    eventually(
        PATIENCE,
        "a third failed attempt of the import",
        async || {
            use shared::db::schema::job_failures;
            let mut conn = server.db.pool.get().await?;
            let attempts: Option<i32> = job_failures::table
                .filter(job_failures::queue.eq(ImportDossier::QUEUE))
                .select(diesel::dsl::max(job_failures::attempt))
                .first(&mut conn)
                .await?;
            Ok((attempts >= Some(3)).then_some(()))
        },
    )
    .await?;
    std::fs::remove_file(&directory)?;
    std::fs::rename(&away, &directory)?;

    wait_for_state(&server, dossier_id, "processed").await?;
    wait_for_callbacks(&server, dossier_id, 1).await?;
    until_idle(&server).await?;
    assert_eq!(receiver.bodies().len(), 1, "one callback");
    Ok(())
}

#[tokio::test]
async fn a_corrupt_pdf_fails_alone_and_the_dossier_goes_on() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let _worker = worker(&server, &[]).await?;
    let dossier_id = import(
        &server,
        &token,
        &[
            ("contratto.pdf", contract(1000, "X")),
            ("rotto.pdf", pdf::corrupt_pdf()),
        ],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, dossier_id, "processed").await?;
    let mut conn = server.db.pool.get().await?;
    let states: Vec<(String, String, Option<String>)> = shared::db::schema::documents::table
        .filter(shared::db::schema::documents::dossier_id.eq(dossier_id))
        .order(shared::db::schema::documents::name)
        .select((
            shared::db::schema::documents::name,
            shared::db::schema::documents::state,
            shared::db::schema::documents::error,
        ))
        .load(&mut conn)
        .await?;
    assert_eq!(states[0].1, "processed", "{states:?}");
    assert_eq!(states[1].1, "cannot process", "{states:?}");
    assert!(
        states[1].2.as_deref().unwrap_or_default().contains("PDF"),
        "{states:?}"
    );
    Ok(())
}

/// A "deflate bomb" (a small PDF whose content stream inflates past
/// `ISTRUTTORIA_PDF_MAX_STREAM_BYTES`) ends its document failed with the reason, before PDFium
/// inflates it; the worker stays up and the rest of the dossier goes on.
#[tokio::test]
async fn a_deflate_bomb_fails_alone_and_the_worker_goes_on() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let mut worker = worker(&server, &[("ISTRUTTORIA_PDF_MAX_STREAM_BYTES", "1048576")]).await?;
    let bomb = pdf::inflating_pdf(&[8 << 20]);
    assert!(bomb.len() < 50_000, "{} bytes", bomb.len());
    let dossier_id = import(
        &server,
        &token,
        &[("bomba.pdf", bomb), ("contratto.pdf", contract(1000, "X"))],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, dossier_id, "processed").await?;
    let mut conn = server.db.pool.get().await?;
    let states: Vec<(String, String, Option<String>)> = shared::db::schema::documents::table
        .filter(shared::db::schema::documents::dossier_id.eq(dossier_id))
        .order(shared::db::schema::documents::name)
        .select((
            shared::db::schema::documents::name,
            shared::db::schema::documents::state,
            shared::db::schema::documents::error,
        ))
        .load(&mut conn)
        .await?;
    assert_eq!(
        states[0],
        (
            "bomba.pdf".to_owned(),
            "cannot process".to_owned(),
            Some("PDF troppo grande una volta decompresso: un suo flusso supera 1 MiB".to_owned())
        ),
        "{states:?}"
    );
    assert_eq!(states[1].1, "processed", "{states:?}");
    assert!(
        worker.child.try_wait()?.is_none(),
        "the worker is still running"
    );
    let ready = server.client.get(server.url("/readyz")).send().await?;
    assert_eq!(ready.status(), 200);
    Ok(())
}

/// The review's worst file (issue 29): one page whose LZW content stream decodes to 1 GiB made
/// PDFium abort inside the worker, killing every worker it reached. Extracted in a child process
/// under a memory limit, it ends its document `cannot process` with the reason; the worker stays
/// up, the dossier's other document is processed, and the same worker extracts the next dossier.
#[tokio::test]
async fn a_pdf_that_crashes_pdfium_fails_alone_and_the_worker_goes_on() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let mut worker = worker(&server, &[("ISTRUTTORIA_EXTRACTION_MAX_MEMORY_MIB", "512")]).await?;
    let bomb = pdf::encoded_bomb_pdf(pdf::BombEncoding::Lzw, 1 << 30);
    assert!(bomb.len() < 1_000_000, "{} bytes", bomb.len());
    let dossier_id = import(
        &server,
        &token,
        &[("bomba.pdf", bomb), ("contratto.pdf", contract(1000, "X"))],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, dossier_id, "processed").await?;
    let mut conn = server.db.pool.get().await?;
    type Row = (String, String, Option<String>, Option<Value>);
    let states: Vec<Row> = shared::db::schema::documents::table
        .filter(shared::db::schema::documents::dossier_id.eq(dossier_id))
        .order(shared::db::schema::documents::name)
        .select((
            shared::db::schema::documents::name,
            shared::db::schema::documents::state,
            shared::db::schema::documents::error,
            shared::db::schema::documents::error_message,
        ))
        .load(&mut conn)
        .await?;
    drop(conn);
    assert_eq!(states[0].1, "cannot process", "{states:?}");
    let reason = states[0].2.as_deref().unwrap_or_default();
    assert!(
        reason.starts_with("il PDF ha superato i limiti di elaborazione: estrazione interrotta"),
        "{states:?}"
    );
    // The same reason as a message of the catalogue, for the screens to say in English too.
    let message = states[0].3.as_ref().context("the reason's message")?;
    assert_eq!(message["messageCode"], "PDF_LIMITS", "{message}");
    assert_eq!(
        message["params"]["breach"]["messageCode"], "BREACH_CRASHED",
        "{message}"
    );
    assert_eq!(states[1].1, "processed", "{states:?}");
    assert!(
        worker.child.try_wait()?.is_none(),
        "the worker is still running"
    );

    // The same worker (the only one) extracts the next dossier.
    let next = import(
        &server,
        &token,
        &[("contratto.pdf", contract(2000, "Y"))],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, next, "processed").await?;
    assert!(
        worker.child.try_wait()?.is_none(),
        "the worker is still running"
    );
    Ok(())
}

#[tokio::test]
async fn documents_that_disagree_put_the_dossier_in_conflicts() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let _worker = worker(&server, &[]).await?;
    let dossier_id = import(
        &server,
        &token,
        &[
            ("contratto.pdf", contract(1000, "RSSMRA80A01H501U")),
            ("copia.pdf", contract(2000, "RSSMRA80A01H501U")),
        ],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, dossier_id, "conflicts").await?;
    let check = server
        .graphql_as(
            &token,
            "query($id: ID!) { metasCheck(id: $id) { valid conflicts { name values { value count } } missingRequired } }",
            json!({ "id": dossier_id }),
        )
        .await?;
    let check = &check["data"]["metasCheck"];
    assert_eq!(check["valid"], false, "{check}");
    assert_eq!(check["conflicts"][0]["name"], "importo", "{check}");
    assert_eq!(
        check["conflicts"][0]["values"].as_array().map(Vec::len),
        Some(2)
    );

    // The operator picks the right amount: every document gets it and the pipeline goes on.
    let fixed = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { fixMetas(id: $id, metas: [{ name: \"importo\", value: \"1000\" }]) { valid } }",
            json!({ "id": dossier_id }),
        )
        .await?;
    assert_eq!(fixed["data"]["fixMetas"]["valid"], true, "{fixed}");
    wait_for_state(&server, dossier_id, "processed").await?;
    wait_for_callbacks(&server, dossier_id, 1).await?;
    Ok(())
}

/// A document rule that reads the table and the form of the documents it runs on.
const TABLE_AND_FORM_RULE: &str = r#"
export default function ({ tables, formData, rawText }) {
  const rows = tables.flatMap((t) => t.rows);
  const rate = rows.find((r) => r[0] === "Rata mensile");
  return {
    success: true,
    metas: {
      rata: rate ? rate[1] : (formData.rata ?? null),
      privacy: formData.privacy ?? null,
    },
    righe: rows.length,
  };
}
"#;

#[tokio::test]
async fn tables_and_form_fields_reach_the_rules() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    {
        let mut conn = server.db.pool.get().await?;
        diesel::sql_query("UPDATE document_rules SET code = $1")
            .bind::<diesel::sql_types::Text, _>(TABLE_AND_FORM_RULE)
            .execute(&mut conn)
            .await?;
        // Every scenario passes: this test is about what the document rule sees.
        diesel::sql_query(
            "UPDATE dossier_rules SET code = 'export default () => ({ success: true })'",
        )
        .execute(&mut conn)
        .await?;
    }
    let receiver = Receiver::start(&[]).await?;
    let _worker = worker(&server, &[]).await?;
    let table = pdf::table_pdf(&[
        vec!["Voce", "Valore"],
        vec!["Rata mensile", "250"],
        vec!["Durata", "96"],
    ]);
    let form = pdf::form_pdf(&[
        ("rata", pdf::FieldValue::Text("250")),
        ("privacy", pdf::FieldValue::Checkbox(true)),
    ]);
    let dossier_id = import(
        &server,
        &token,
        &[("piano.pdf", table), ("modulo.pdf", form)],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, dossier_id, "processed").await?;
    let mut conn = server.db.pool.get().await?;
    let rows: Vec<(String, Value, Option<Value>)> = shared::db::schema::documents::table
        .filter(shared::db::schema::documents::dossier_id.eq(dossier_id))
        .order(shared::db::schema::documents::name)
        .select((
            shared::db::schema::documents::name,
            shared::db::schema::documents::metas,
            shared::db::schema::documents::form_data,
        ))
        .load(&mut conn)
        .await?;
    let (_, form_metas, form_data) = &rows[0];
    assert_eq!(form_metas["rata"], "250", "{rows:?}");
    assert_eq!(form_metas["privacy"], true, "{rows:?}");
    assert_eq!(
        form_data.as_ref().map(|f| &f["privacy"]),
        Some(&json!(true))
    );
    let (_, table_metas, _) = &rows[1];
    assert_eq!(table_metas["rata"], "250", "{rows:?}");
    Ok(())
}

#[tokio::test]
async fn jobs_delivered_twice_leave_one_result() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let worker_process = worker(&server, &[]).await?;
    let dossier_id = import(
        &server,
        &token,
        &[("contratto.pdf", contract(1000, "X"))],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, dossier_id, "processed").await?;
    wait_for_callbacks(&server, dossier_id, 1).await?;

    // Deliver every job of the pipeline again, as after a worker crash.
    let mut conn = server.db.pool.get().await?;
    let (run_id, document_id): (Option<Uuid>, Uuid) = dossiers::table
        .inner_join(shared::db::schema::documents::table)
        .filter(dossiers::id.eq(dossier_id))
        .select((dossiers::rules_run_id, shared::db::schema::documents::id))
        .first(&mut conn)
        .await?;
    let queues = &server.state.queues;
    queues
        .push(ExtractDocument {
            document_id,
            dossier_id: None,
        })
        .await?;
    queues
        .push(shared::jobs::pipeline::RunDocumentRules {
            document_id,
            dossier_id: None,
            rule_id: None,
            rerun: false,
        })
        .await?;
    queues
        .push(RunDossierRules {
            dossier_id,
            run_id: run_id.context("run")?,
            scope: DossierRulesScope::All,
        })
        .await?;
    queues
        .push(shared::jobs::pipeline::SendCallback {
            dossier_id,
            resend: false,
        })
        .await?;
    until_idle(&server).await?;

    let executions: i64 = dossier_rule_executions::table
        .filter(dossier_rule_executions::dossier_id.eq(dossier_id))
        .count()
        .get_result(&mut conn)
        .await?;
    assert_eq!(executions, 2, "one execution per rule and item");
    let logs: i64 = shared::db::schema::dossier_rule_execution_logs::table
        .filter(shared::db::schema::dossier_rule_execution_logs::dossier_id.eq(dossier_id))
        .count()
        .get_result(&mut conn)
        .await?;
    assert_eq!(logs, 2, "one log per execution");
    let document_logs: i64 = rule_execution_logs::table
        .filter(rule_execution_logs::document_id.eq(document_id))
        .count()
        .get_result(&mut conn)
        .await?;
    assert_eq!(document_logs, 1, "one document rule run");
    assert_eq!(
        callbacks(&server, dossier_id).await?.len(),
        1,
        "one callback"
    );
    assert_eq!(receiver.bodies().len(), 1);
    drop(worker_process);
    Ok(())
}

/// A job that keeps failing ends on the jobs dashboard with its error; retried from there once
/// its cause is gone, it runs again; discarding an unknown job is NOT_FOUND.
#[tokio::test]
async fn a_job_that_fails_for_good_waits_on_the_jobs_dashboard() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let _worker = worker(&server, &[("ISTRUTTORIA_JOB_MAX_ATTEMPTS", "1")]).await?;
    let dossier_id = import(
        &server,
        &token,
        &[("contratto.pdf", contract(1000, "X"))],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, dossier_id, "processed").await?;

    // The document's PDF disappears, and its extraction is asked for again: it cannot succeed.
    let mut conn = server.db.pool.get().await?;
    let (document_id, pdf_key): (Uuid, String) = shared::db::schema::documents::table
        .filter(shared::db::schema::documents::dossier_id.eq(dossier_id))
        .select((
            shared::db::schema::documents::id,
            shared::db::schema::documents::pdf_key,
        ))
        .first(&mut conn)
        .await?;
    diesel::update(shared::db::schema::documents::table.find(document_id))
        .set(shared::db::schema::documents::state.eq(shared::db::models::DocumentState::Uploaded))
        .execute(&mut conn)
        .await?;
    let pdf_path = server.storage.join(&pdf_key);
    let pdf = std::fs::read(&pdf_path)?;
    std::fs::remove_file(&pdf_path)?;
    server
        .state
        .queues
        .push(ExtractDocument {
            document_id,
            dossier_id: None,
        })
        .await?;

    let queues = r#"{ jobQueues { name waiting retrying running failed } }"#;
    let failed_extractions = |body: &Value| {
        body["data"]["jobQueues"]
            .as_array()
            .and_then(|queues| queues.iter().find(|q| q["name"] == "extract"))
            .map(|q| q["failed"].clone())
    };
    eventually(
        Duration::from_secs(20),
        "the extraction failed for good",
        async || {
            let body = server.graphql_as(&token, queues, json!({})).await?;
            Ok((failed_extractions(&body) == Some(json!(1))).then_some(()))
        },
    )
    .await?;
    let page = server
        .graphql_as(
            &token,
            r#"query ($queue: String!) { failedJobs(filter: { queues: [$queue] }, page: { pageSize: 10 }) {
                total items { id queue failedAt attempts error errorCode errorParams worker } } }"#,
            json!({ "queue": "extract" }),
        )
        .await?;
    let failed = &page["data"]["failedJobs"];
    assert_eq!(failed["total"], 1, "{page}");
    let job = &failed["items"][0];
    assert_eq!(job["queue"], "extract", "{page}");
    assert_eq!(job["attempts"], 1, "{page}");
    assert!(job["failedAt"].as_str().is_some(), "{page}");
    assert!(
        job["worker"].as_str().is_some_and(|w| w.contains(':')),
        "{page}"
    );
    let detail = server
        .graphql_as(
            &token,
            r#"query ($id: ID!) { failedJob(id: $id) { payload history { attempt worker } } }"#,
            json!({ "id": job["id"] }),
        )
        .await?;
    assert!(
        detail["data"]["failedJob"]["payload"]
            .as_str()
            .is_some_and(|p| p.contains(&document_id.to_string())),
        "{detail}"
    );
    assert_eq!(
        detail["data"]["failedJob"]["history"][0]["attempt"], 1,
        "{detail}"
    );
    assert!(!job["error"].as_str().unwrap_or("").is_empty(), "{page}");
    // The extraction does not explain its failure: the web app says "the job failed", the
    // error is its technical detail.
    assert_eq!(job["errorCode"], "job_failed", "{page}");
    assert_eq!(job["errorParams"], "{}", "{page}");

    // The cause is fixed; the job is retried from the dashboard and the document extracted.
    std::fs::write(&pdf_path, pdf)?;
    let retried = server
        .graphql_as(
            &token,
            r#"mutation ($id: ID!) { retryFailedJob(id: $id) }"#,
            json!({ "id": job["id"] }),
        )
        .await?;
    assert_eq!(retried["data"]["retryFailedJob"], true, "{retried}");
    eventually(
        Duration::from_secs(20),
        "the retried extraction run",
        async || {
            let state: shared::db::models::DocumentState = shared::db::schema::documents::table
                .find(document_id)
                .select(shared::db::schema::documents::state)
                .first(&mut conn)
                .await?;
            Ok((state != shared::db::models::DocumentState::Uploaded).then_some(()))
        },
    )
    .await?;
    let body = server.graphql_as(&token, queues, json!({})).await?;
    assert_eq!(failed_extractions(&body), Some(json!(0)), "{body}");

    let unknown = server
        .graphql_as(
            &token,
            r#"mutation { discardFailedJob(id: "nessuno") }"#,
            json!({}),
        )
        .await?;
    assert_eq!(
        unknown["errors"][0]["extensions"]["code"], "NOT_FOUND",
        "{unknown}"
    );
    let bad_queue = server
        .graphql_as(
            &token,
            r#"{ failedJobs(filter: { queues: ["boh"] }) { total } }"#,
            json!({}),
        )
        .await?;
    assert_eq!(
        bad_queue["errors"][0]["extensions"]["code"], "BAD_USER_INPUT",
        "{bad_queue}"
    );
    Ok(())
}

/// A callback that keeps failing ends on the jobs dashboard explained: a code the web app
/// translates and its parameters (the dossier, the attempts made, the cause, the HTTP status),
/// with the recorded error apart; the attempts shown are the callback's own, not the queue's
/// single delivery.
#[tokio::test]
async fn a_callback_that_keeps_failing_is_explained_on_the_jobs_dashboard() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[500, 500, 500]).await?;
    let _worker = worker(&server, &[("ISTRUTTORIA_CALLBACK_MAX_ATTEMPTS", "3")]).await?;
    let dossier_id = import(
        &server,
        &token,
        &[("contratto.pdf", contract(1000, "X"))],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, dossier_id, "processed").await?;

    let query = r#"{ failedJobs(filter: { queues: ["callback"] }) {
        total items { attempts error errorCode errorParams } } }"#;
    let job = eventually(
        Duration::from_secs(30),
        "the callback failed for good",
        async || {
            let page = server.graphql_as(&token, query, json!({})).await?;
            let failed = &page["data"]["failedJobs"];
            Ok((failed["total"] == 1).then(|| failed["items"][0].clone()))
        },
    )
    .await?;
    assert_eq!(job["errorCode"], "callback_failed", "{job}");
    let params: Value = serde_json::from_str(job["errorParams"].as_str().unwrap_or("null"))?;
    assert_eq!(
        params,
        json!({
            "dossier": dossier_id.to_string(),
            "attempts": 3,
            "cause": "http_status",
            "status": 500,
        })
    );
    assert_eq!(job["attempts"], 3, "{job}");
    assert!(
        job["error"]
            .as_str()
            .is_some_and(|error| error.contains("500")),
        "{job}"
    );
    assert_eq!(receiver.bodies().len(), 3);
    Ok(())
}

/// Adds a document rule of type `contratto` (after `common::seed_rules`).
async fn add_document_rule(server: &TestServer, name: &str, code: &str) -> Result<()> {
    use diesel::sql_types::{Text, Uuid as SqlUuid};
    let mut conn = server.db.pool.get().await?;
    diesel::sql_query(
        "INSERT INTO document_rules (id, document_type_id, description, code, package_json) \
         SELECT $1, id, $2, $3, '{}' FROM document_types WHERE name = 'contratto'",
    )
    .bind::<SqlUuid, _>(Uuid::now_v7())
    .bind::<Text, _>(name)
    .bind::<Text, _>(code)
    .execute(&mut conn)
    .await?;
    Ok(())
}

/// Invalid data from a rule (issue 29): PostgreSQL's text and jsonb refuse the NUL character,
/// which made the job that records the runs fail as a database error, retried for minutes,
/// the document left `extracted`, the dossier `processing` and the other rules' results lost.
/// A NUL in a rule's metas, result or console output is now an error of that rule's
/// execution; the document is processed with the other rules' metas, and the dossier goes on.
#[tokio::test]
async fn a_rule_returning_a_nul_character_is_in_error_and_the_dossier_goes_on() -> Result<()> {
    const NUL_IN_RESULT: &str =
        "la regola ha restituito un testo con il carattere NUL, non ammesso";
    const NUL_IN_LOGS: &str =
        "la regola ha scritto nel log un testo con il carattere NUL, non ammesso";
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(
        &server,
        &[(
            "Nota con NUL",
            r#"export default () => ({ success: true, nota: "a\u0000b" })"#,
        )],
    )
    .await?;
    let nul_rules = [
        (
            "Metas con NUL",
            r#"export default () => ({ success: true, metas: { nome: "a\u0000b" } })"#,
            NUL_IN_RESULT,
        ),
        (
            "Risultato con NUL",
            r#"export default () => ({ success: true, note: ["\u0000"] })"#,
            NUL_IN_RESULT,
        ),
        (
            "Log con NUL",
            r#"export default () => { console.log("prima\u0000dopo"); return { success: true }; }"#,
            NUL_IN_LOGS,
        ),
    ];
    for (name, code, _) in nul_rules {
        add_document_rule(&server, name, code).await?;
    }
    let receiver = Receiver::start(&[]).await?;
    let _worker = worker(&server, &[]).await?;
    let dossier_id = import(
        &server,
        &token,
        &[("contratto.pdf", contract(1000, "RSSMRA80A01H501U"))],
        &receiver.url,
    )
    .await?;
    wait_for_state(&server, dossier_id, "processed").await?;

    use shared::db::schema::documents;
    let mut conn = server.db.pool.get().await?;
    let (document_id, state, metas): (Uuid, String, Value) = documents::table
        .filter(documents::dossier_id.eq(dossier_id))
        .select((documents::id, documents::state, documents::metas))
        .first(&mut conn)
        .await?;
    assert_eq!(state, "processed");
    assert_eq!(
        metas,
        json!({ "importo": 1000, "codiceFiscale": "RSSMRA80A01H501U" }),
        "the other rule's metas are kept, none of the rule in error"
    );
    /// A rule's name, result, logs and errors.
    type Logged = (String, Option<Value>, Vec<String>, Vec<String>);
    let logs: Vec<Logged> = rule_execution_logs::table
        .filter(rule_execution_logs::document_id.eq(document_id))
        .select((
            rule_execution_logs::rule_name,
            rule_execution_logs::result,
            rule_execution_logs::logs,
            rule_execution_logs::errors,
        ))
        .load(&mut conn)
        .await?;
    assert_eq!(logs.len(), 4, "{logs:?}");
    for (name, result, lines, errors) in &logs {
        match nul_rules.iter().find(|(rule, _, _)| rule == name) {
            Some((_, _, reason)) => assert_eq!(errors, &[reason.to_string()], "{name}"),
            None => {
                assert!(errors.is_empty(), "{name}: {errors:?}");
                assert!(result.is_some(), "{name}");
            }
        }
        if name == "Log con NUL" {
            assert_eq!(
                lines,
                &["[log] prima\u{2400}dopo".to_string()],
                "the line is kept, shown"
            );
        }
    }
    let executions: Vec<(String, String, Option<String>)> = dossier_rule_executions::table
        .filter(dossier_rule_executions::dossier_id.eq(dossier_id))
        .select((
            dossier_rule_executions::rule_name,
            dossier_rule_executions::state,
            dossier_rule_executions::error,
        ))
        .load(&mut conn)
        .await?;
    assert_eq!(
        executions.len(),
        4,
        "2 dossier rules × 2 items: {executions:?}"
    );
    for (name, state, error) in &executions {
        if name == "Nota con NUL" {
            assert_eq!(
                (state.as_str(), error.as_deref()),
                ("error", Some(NUL_IN_RESULT))
            );
        } else {
            assert_eq!(state, "executed", "{name}: {error:?}");
        }
    }
    wait_for_callbacks(&server, dossier_id, 1).await?;
    Ok(())
}

/// Whether the worker process `pid` is running a job of `queue` now (its apalis worker's
/// in-flight set holds one).
async fn runs_a_job(redis: &shared::jobs::Redis, queue: &str, pid: u32) -> Result<bool> {
    let keys = apalis_redis::Config::default().queue(format!("{}:{queue}", redis.namespace));
    let mut conn = redis.connection.clone();
    let workers: Vec<String> = redis::cmd("ZRANGE")
        .arg(keys.workers_set())
        .arg(0)
        .arg(-1)
        .query_async(&mut conn)
        .await?;
    for worker in workers
        .iter()
        .filter(|name| name.contains(&format!(":{pid}-")))
    {
        let running: u64 = redis::cmd("SCARD")
            .arg(format!("{}:{worker}", keys.inflight_jobs_set()))
            .query_async(&mut conn)
            .await?;
        if running > 0 {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Waits until the worker process `worker` runs a job of `queue` and that job is the only one
/// not finished. The wait for the others lets the worker end their outbox entries first (it
/// does so in batches, every few milliseconds): a worker stopped in that moment leaves a
/// finished job's entry, harmless (the job would only run again, doing nothing, should Redis
/// lose its data) but not what these tests look at.
async fn until_running_alone(
    server: &TestServer,
    redis: &shared::jobs::Redis,
    queue: &str,
    worker: &WorkerProcess,
) -> Result<()> {
    use shared::db::schema::job_outbox;
    let what = format!("worker {} running the {queue} job alone", worker.pid());
    eventually(Duration::from_secs(90), &what, async || {
        if !runs_a_job(redis, queue, worker.pid()).await? {
            return Ok(None);
        }
        let mut conn = server.db.pool.get().await?;
        let unfinished: i64 = job_outbox::table.count().get_result(&mut conn).await?;
        Ok((unfinished == 1).then_some(()))
    })
    .await
}

/// [`until_running_alone`], then kills the worker (SIGKILL).
async fn kill_while_running(
    server: &TestServer,
    redis: &shared::jobs::Redis,
    queue: &str,
    mut worker: WorkerProcess,
) -> Result<()> {
    until_running_alone(server, redis, queue, &worker).await?;
    worker.child.start_kill()?;
    worker.child.wait().await?;
    Ok(())
}

/// A rule that never ends (under a ten-minute time limit), one dossier of one contract
/// imported, and a worker running with that limit: its document's rules job hangs.
async fn hanging_document_rules() -> Result<Hanging> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    common::seed_rules(&server, ENDLESS_RULE.1, &[("Importo minimo", MINIMUM_RULE)]).await?;
    let receiver = Receiver::start(&[]).await?;
    let redis = common::connect_when_up(&server.redis_url, &server.namespace).await?;
    let first = worker(&server, &HANGING).await?;
    let dossier_id = import(
        &server,
        &token,
        &[("contratto.pdf", contract(1000, "X"))],
        &receiver.url,
    )
    .await?;
    Ok(Hanging {
        server,
        token,
        redis,
        first,
        dossier_id,
        _receiver: receiver,
    })
}

/// What [`hanging_document_rules`] set up.
struct Hanging {
    server: TestServer,
    token: String,
    redis: shared::jobs::Redis,
    /// The worker running the hanging job.
    first: WorkerProcess,
    dossier_id: Uuid,
    /// Receives the dossier's callback, once it ends.
    _receiver: Receiver,
}

/// A worker's limits that let a never-ending rule hang for ten minutes.
const HANGING: [(&str, &str); 1] = [("ISTRUTTORIA_RULE_TIMEOUT_MS", "600000")];

/// Poison jobs (issue 29): a job whose worker dies while running it is taken by the next
/// worker, and would crash it too. Here the worker running a document's rules — a rule that
/// never ends, under a time limit of ten minutes — is SIGKILLed, twice: each death counts as an
/// attempt, and after the second the job is ended for good instead of being run a third time:
/// the document `cannot process` with the reason, the dossier `cannot process` (its only
/// document failed), the job on the jobs dashboard as "crashed its worker", its outbox entry
/// ended.
#[tokio::test]
async fn a_job_that_crashes_its_worker_twice_is_ended_for_good() -> Result<()> {
    let Hanging {
        server,
        token,
        redis,
        first,
        dossier_id,
        _receiver,
    } = hanging_document_rules().await?;
    kill_while_running(&server, &redis, "document-rules", first).await?;
    // The next worker settles the dead one's job (30–40 s later) and runs it again.
    let second = worker(&server, &HANGING).await?;
    kill_while_running(&server, &redis, "document-rules", second).await?;
    let _third = worker(&server, &HANGING).await?;
    wait_for_state(&server, dossier_id, "cannot process").await?;

    use shared::db::schema::documents;
    let mut conn = server.db.pool.get().await?;
    let (state, error, message): (String, Option<String>, Option<Value>) = documents::table
        .filter(documents::dossier_id.eq(dossier_id))
        .select((documents::state, documents::error, documents::error_message))
        .first(&mut conn)
        .await?;
    assert_eq!(state, "cannot process");
    assert_eq!(
        error.as_deref(),
        Some("l'elaborazione ha interrotto il worker")
    );
    assert_eq!(
        message,
        Some(json!({ "messageCode": "CRASHED_DOCUMENT", "params": {} }))
    );
    let query = r#"{ failedJobs(filter: { queues: ["document-rules"] }) {
        total items { id attempts errorCode errorParams dossierId } } }"#;
    let page = server.graphql_as(&token, query, json!({})).await?;
    assert_eq!(page["data"]["failedJobs"]["total"], 1, "{page}");
    let job = &page["data"]["failedJobs"]["items"][0];
    assert_eq!(job["errorCode"], "worker_crashed", "{job}");
    assert_eq!(job["attempts"], 2, "{job}");
    assert_eq!(job["dossierId"], dossier_id.to_string(), "{job}");
    let params: Value = serde_json::from_str(job["errorParams"].as_str().unwrap_or("null"))?;
    assert_eq!(params, json!({ "deaths": 2 }));
    let detail = r#"query ($id: ID!) { failedJob(id: $id) { history { attempt errorCode } } }"#;
    let history = server
        .graphql_as(&token, detail, json!({ "id": job["id"] }))
        .await?;
    assert_eq!(
        history["data"]["failedJob"]["history"],
        json!([
            { "attempt": 1, "errorCode": "worker_crashed" },
            { "attempt": 2, "errorCode": "worker_crashed" },
        ]),
        "{history}"
    );
    until_idle(&server).await?;
    Ok(())
}

/// A planned stop is not a crash (issue 29): a worker stopped with SIGTERM (a deployment)
/// whose shutdown timeout runs out while it runs a job leaves that job to the next worker
/// without counting a death — two deployments during a long job would otherwise end it for
/// good as a poison job.
#[tokio::test]
async fn a_job_cut_by_a_clean_stop_is_run_again_uncounted() -> Result<()> {
    let Hanging {
        server,
        redis,
        first,
        _receiver,
        ..
    } = hanging_document_rules().await?;
    until_running_alone(&server, &redis, "document-rules", &first).await?;
    // SIGTERM: the job does not end within the shutdown timeout (5 s in tests).
    first.terminate().await?;
    // The next worker settles the stopped one's job (30–40 s later) and runs it again.
    let second = worker(&server, &HANGING).await?;
    until_running_alone(&server, &redis, "document-rules", &second).await?;

    use shared::db::schema::job_failures;
    let mut conn = server.db.pool.get().await?;
    let deaths: i64 = job_failures::table
        .filter(job_failures::error_code.eq(shared::jobs::crashes::WORKER_CRASHED))
        .count()
        .get_result(&mut conn)
        .await?;
    assert_eq!(deaths, 0, "a clean stop counted as a crash");
    Ok(())
}

/// The files under `dir`, recursively (none when it does not exist).
fn files_under(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .flat_map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                files_under(&path)
            } else {
                vec![path]
            }
        })
        .collect()
}

/// A dossier deleted while one of its documents is being extracted (issue 29, item 10): the
/// deletion removes the dossier's files, then the extraction stores its `extraction.json`,
/// which stayed in storage for nobody. The worker now removes what a job wrote when the
/// job's dossier is gone.
#[tokio::test]
async fn a_dossier_deleted_mid_extraction_leaves_no_file_behind() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server, &[]).await?;
    let receiver = Receiver::start(&[]).await?;
    let redis = common::connect_when_up(&server.redis_url, &server.namespace).await?;
    // One job at a time: the documents are extracted one after another, each by OCR (seconds).
    let extracting = worker(&server, &[("ISTRUTTORIA_WORKER_CONCURRENCY", "1")]).await?;
    let scans: Vec<(String, Vec<u8>)> = (0..3)
        .map(|i| {
            let amount = format!("Importo: {}", 1000 + i);
            (
                format!("scansione-{i}.pdf"),
                pdf::scanned_pdf(&["Contratto di cessione del quinto", &amount]),
            )
        })
        .collect();
    let files: Vec<(&str, Vec<u8>)> = scans
        .iter()
        .map(|(name, bytes)| (name.as_str(), bytes.clone()))
        .collect();
    let dossier_id = import(&server, &token, &files, &receiver.url).await?;
    eventually(PATIENCE, "an extraction started", async || {
        Ok(runs_a_job(&redis, "extract", extracting.pid())
            .await?
            .then_some(()))
    })
    .await?;
    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { deleteDossier(id: $id) }",
            json!({ "id": dossier_id }),
        )
        .await?;
    assert_eq!(body["data"]["deleteDossier"], true, "{body}");
    // The extraction under way ends (its outbox entry with it, after the worker's look at
    // its dossier), and the jobs of the other documents find them gone.
    eventually(
        Duration::from_secs(90),
        "the dossier's jobs ended",
        async || {
            use shared::db::schema::job_outbox;
            let mut conn = server.db.pool.get().await?;
            let unfinished: i64 = job_outbox::table
                .filter(job_outbox::dossier_id.eq(dossier_id))
                .count()
                .get_result(&mut conn)
                .await?;
            Ok((unfinished == 0).then_some(()))
        },
    )
    .await?;
    let dossier_dir = server
        .storage
        .join(shared::storage::keys::dossier_prefix(dossier_id));
    let left = files_under(&dossier_dir);
    assert!(
        left.is_empty(),
        "files of the deleted dossier left in storage: {left:?}"
    );
    Ok(())
}
