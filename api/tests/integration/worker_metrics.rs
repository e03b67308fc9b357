//! A worker's `/metrics` counts what it ran, its presence lists it with its queues, and its
//! throughput counts reach the dashboard's counters in Redis: a real worker process runs pings
//! and a dossier through the pipeline (two one-page PDFs, a document rule, a dossier rule that
//! passes and one that throws, over two input items, and a callback that fails for good).

use crate::common;

use std::io::Write;
use std::time::Duration;

use anyhow::{Context, Result};
use base64::Engine;
use common::{
    Options, TestServer,
    wait::{PATIENCE, eventually},
};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::json;
use shared::db::schema::{dossier_callbacks, dossiers};
use shared::jobs::presence::{self, QueueConcurrency, WorkerPresence};
use shared::jobs::{Redis, board, throughput};
use shared::testing::pdf;
use uuid::Uuid;

const CONTRACT_RULE: &str = r#"
export default function ({ rawText }) {
  const amount = rawText.match(/Importo:\s*(\d+)/);
  return { success: amount !== null, metas: { importo: amount ? Number(amount[1]) : null } };
}
"#;
const MINIMUM_RULE: &str = r#"
export default function ({ metas, input }) {
  const amounts = Object.values(metas).map((m) => m.importo).filter((v) => v != null);
  return { success: amounts.length > 0 && Math.min(...amounts) >= input.minimo };
}
"#;
const THROWING_RULE: &str = "export default () => { throw new Error('dato mancante'); }";

const PING_WORKER: &str = "mutation { pingWorker { jobId worker roundTripMs } }";

async fn set_up_rules(server: &TestServer) -> Result<()> {
    common::seed_rules(
        server,
        CONTRACT_RULE,
        &[
            ("Importo minimo", MINIMUM_RULE),
            ("Lancia un errore", THROWING_RULE),
        ],
    )
    .await
}

async fn import(server: &TestServer, token: &str, callback_url: &str) -> Result<Uuid> {
    let contract = |amount: u32| {
        pdf::text_pdf(&[&format!(
            "Contratto di cessione del quinto\nImporto: {amount}\nLa Società finanziatrice"
        )])
    };
    let files = [
        ("contratto.pdf", contract(1000)),
        // The same amount: documents that disagree would stop the dossier in `conflicts`.
        ("allegato.pdf", contract(1000)),
    ];
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in &files {
        writer.start_file(*name, zip::write::SimpleFileOptions::default())?;
        writer.write_all(bytes)?;
    }
    let zip = base64::engine::general_purpose::STANDARD.encode(writer.finish()?.into_inner());
    let response = server
        .client
        .post(server.url("/import_dossier"))
        .bearer_auth(token)
        .json(&json!({
            "idValutazione": "VAL-M",
            "base64zip": zip,
            "files": files
                .iter()
                .map(|(name, _)| json!({ "nomeFile": name, "tipoDocumento": "contratto" }))
                .collect::<Vec<_>>(),
            "input": r#"[{"minimo": 100}, {"minimo": 5000}]"#,
            "callbackUrl": callback_url,
        }))
        .send()
        .await?;
    let status = response.status();
    let body: serde_json::Value = response.json().await?;
    anyhow::ensure!(status.is_success(), "import refused: {status} {body}");
    Ok(body["id"].as_str().context("the dossier id")?.parse()?)
}

/// The value of one sample of the Prometheus text (`name{labels}` exactly as printed).
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .and_then(|value| value.trim().parse().ok())
}

/// The samples of one metric, by their labels' text.
fn samples<'a>(text: &'a str, metric: &str) -> Vec<(&'a str, f64)> {
    text.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix(metric)?.strip_prefix('{')?;
            let (labels, value) = rest.split_once("} ")?;
            Some((labels, value.trim().parse().ok()?))
        })
        .collect()
}

async fn scrape(server: &TestServer, addr: &str) -> Result<String> {
    let response = server
        .client
        .get(format!("http://{addr}/metrics"))
        .send()
        .await?;
    anyhow::ensure!(response.status().is_success(), "{}", response.status());
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(content_type.starts_with("text/plain"), "{content_type}");
    Ok(response.text().await?)
}

/// Waits until `check` holds for the latest scrape; returns it.
async fn scrape_until(
    server: &TestServer,
    addr: &str,
    what: &str,
    check: impl Fn(&str) -> bool,
) -> Result<String> {
    let mut last = String::new();
    let held = eventually(PATIENCE, what, async || {
        last = scrape(server, addr).await?;
        Ok(check(&last).then(|| last.clone()))
    })
    .await;
    held.with_context(|| format!("last scrape:\n{last}"))
}

async fn wait_for_presence(redis: &Redis, pid: u32) -> Result<WorkerPresence> {
    let what = format!("the worker {pid} saying it is alive");
    eventually(PATIENCE, &what, async || {
        let alive = presence::alive(redis).await?;
        Ok(alive
            .into_iter()
            .find(|w| w.identity.ends_with(&format!(":{pid}"))))
    })
    .await
}

#[tokio::test]
async fn a_worker_serves_metrics_that_count_what_it_ran_and_says_it_is_alive() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    set_up_rules(&server).await?;
    let redis = Redis::connect(&server.redis_url, &server.namespace).await?;
    // A port nobody listens on: the callback fails, for good after its one attempt.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?;
    let worker = server
        .spawn_worker_with(&[
            ("ISTRUTTORIA_WORKER_METRICS_ADDR", "127.0.0.1:0"),
            ("ISTRUTTORIA_WORKER_CONCURRENCY", "3"),
            ("ISTRUTTORIA_CALLBACK_ALLOWLIST", "127.0.0.1"),
            ("ISTRUTTORIA_CALLBACK_MAX_ATTEMPTS", "1"),
        ])
        .await?;

    // Its presence: its queues and concurrency, and where it serves its metrics.
    let alive = wait_for_presence(&redis, worker.pid()).await?;
    let addr = alive
        .metrics_addr
        .clone()
        .context("the worker says where its metrics are")?;
    assert!(
        addr.starts_with("127.0.0.1:") && !addr.ends_with(":0"),
        "the bound address, not the configured one: {addr}"
    );
    let concurrency = |queue: &str| {
        alive
            .queues
            .iter()
            .find(|q| q.queue == queue)
            .map(|q| q.concurrency)
    };
    for queue in board::QUEUES {
        let expected = if matches!(queue, "what-if" | "validation") {
            1
        } else {
            3
        };
        assert_eq!(concurrency(queue), Some(expected), "{queue}: {alive:?}");
    }
    assert!(alive.queues.contains(&QueueConcurrency {
        queue: "ping".into(),
        concurrency: 3
    }));
    assert!(
        alive.instance.starts_with(&alive.identity),
        "{} {}",
        alive.instance,
        alive.identity
    );
    assert!((chrono::Utc::now() - alive.heartbeat_at).num_seconds() < 10);
    assert!(alive.started_at <= alive.heartbeat_at);

    // Nothing ran yet: the consumed queues' counters are there, at zero.
    let text = scrape(&server, &addr).await?;
    assert_eq!(
        sample(&text, r#"istruttoria_jobs_started_total{queue="ping"}"#),
        Some(0.0),
        "{text}"
    );

    for _ in 0..3 {
        let body = server.graphql_as(&token, PING_WORKER, json!({})).await?;
        assert!(body["errors"].is_null(), "{body}");
    }
    let dossier_id = import(&server, &token, &format!("http://{closed}/callback")).await?;
    eventually(
        Duration::from_secs(90),
        "the dossier processed and called back",
        async || {
            let mut conn = server.db.pool.get().await?;
            let state: String = dossiers::table
                .find(dossier_id)
                .select(dossiers::state)
                .first(&mut conn)
                .await?;
            let callbacks: i64 = dossier_callbacks::table
                .filter(dossier_callbacks::dossier_id.eq(dossier_id))
                .count()
                .get_result(&mut conn)
                .await?;
            anyhow::ensure!(
                state == "processing" || state == "processed",
                "dossier {state}"
            );
            Ok((state == "processed" && callbacks == 1).then_some(()))
        },
    )
    .await?;

    // The callback job's end is the last thing the worker records.
    let text = scrape_until(&server, &addr, "the callback failed for good", |text| {
        sample(text, r#"istruttoria_jobs_failed_total{queue="callback"}"#) == Some(1.0)
    })
    .await?;
    let count =
        |series: &str| sample(&text, series).unwrap_or_else(|| panic!("no {series} in\n{text}"));
    for (series, expected) in [
        (r#"istruttoria_jobs_started_total{queue="ping"}"#, 3.0),
        (r#"istruttoria_jobs_succeeded_total{queue="ping"}"#, 3.0),
        (r#"istruttoria_jobs_failed_total{queue="ping"}"#, 0.0),
        (r#"istruttoria_jobs_retried_total{queue="ping"}"#, 0.0),
        (r#"istruttoria_jobs_succeeded_total{queue="import"}"#, 1.0),
        (r#"istruttoria_jobs_succeeded_total{queue="extract"}"#, 2.0),
        (
            r#"istruttoria_jobs_succeeded_total{queue="document-rules"}"#,
            2.0,
        ),
        (r#"istruttoria_jobs_started_total{queue="callback"}"#, 1.0),
        (r#"istruttoria_jobs_succeeded_total{queue="callback"}"#, 0.0),
        (
            r#"istruttoria_job_duration_seconds_count{queue="ping"}"#,
            3.0,
        ),
        (r#"istruttoria_job_wait_seconds_count{queue="ping"}"#, 3.0),
        (
            r#"istruttoria_job_wait_seconds_count{queue="extract"}"#,
            2.0,
        ),
        (
            r#"istruttoria_rule_executions_total{kind="document",outcome="ok"}"#,
            2.0,
        ),
        (
            r#"istruttoria_rule_executions_total{kind="dossier",outcome="ok"}"#,
            2.0,
        ),
        (
            r#"istruttoria_rule_executions_total{kind="dossier",outcome="exception"}"#,
            2.0,
        ),
        (
            r#"istruttoria_rule_execution_duration_seconds_count{kind="dossier"}"#,
            4.0,
        ),
        ("istruttoria_extraction_pages_total", 2.0),
        ("istruttoria_ocr_pages_total", 0.0),
    ] {
        assert_eq!(count(series), expected, "{series} in\n{text}");
    }
    assert!(count(r#"istruttoria_jobs_succeeded_total{queue="dossier-rules"}"#) >= 1.0);
    // Every delivery started ended one way or another.
    for (labels, started) in samples(&text, "istruttoria_jobs_started_total") {
        let ended: f64 = ["succeeded", "failed", "retried"]
            .iter()
            .map(|outcome| count(&format!("istruttoria_jobs_{outcome}_total{{{labels}}}")))
            .sum();
        assert_eq!(started, ended, "{labels}");
    }
    // A ping's wait is the time from its enqueue, well under the test's minute.
    let ping_wait = count(r#"istruttoria_job_wait_seconds_sum{queue="ping"}"#);
    assert!((0.0..30.0).contains(&ping_wait), "{ping_wait}");
    // The queues' depth is read every few seconds: nothing waits now.
    let text = scrape_until(&server, &addr, "the queue depth is read", |text| {
        sample(
            text,
            r#"istruttoria_queue_depth{queue="import",state="waiting"}"#,
        ) == Some(0.0)
    })
    .await?;
    for state in ["running", "retrying", "failed"] {
        assert!(
            sample(
                &text,
                &format!(r#"istruttoria_queue_depth{{queue="ping",state="{state}"}}"#)
            )
            .is_some(),
            "{state} in\n{text}"
        );
    }

    // The same outcomes reach the dashboard's throughput counters (flushed every 5 s).
    let mut totals = Vec::new();
    let counted = eventually(
        Duration::from_secs(30),
        "the throughput counted",
        async || {
            let hour = throughput::last_hour(&redis).await?;
            let total = |queue: &str| {
                let minutes = &hour
                    .iter()
                    .find(|q| q.queue == queue)
                    .expect("a queue")
                    .minutes;
                (
                    minutes.iter().map(|m| m.succeeded).sum::<u64>(),
                    minutes.iter().map(|m| m.failed).sum::<u64>(),
                    minutes.iter().map(|m| m.retried).sum::<u64>(),
                )
            };
            totals = vec![total("ping"), total("callback"), total("extract")];
            Ok((totals == [(3, 0, 0), (0, 1, 0), (2, 0, 0)]).then_some(()))
        },
    )
    .await;
    counted.with_context(|| format!("throughput of ping, callback, extract: {totals:?}"))?;

    // A clean shutdown removes its presence at once.
    let pid = worker.pid();
    assert!(worker.terminate().await?.success());
    let alive = presence::alive(&redis).await?;
    assert!(
        alive
            .iter()
            .all(|w| !w.identity.ends_with(&format!(":{pid}"))),
        "{alive:?}"
    );
    Ok(())
}
