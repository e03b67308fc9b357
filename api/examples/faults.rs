//! One scenario of `just faults`: a steady import load of real PDFs against a running
//! Istruttoria, a fault in the middle of it, and the proof afterwards that nothing was lost.
//!
//! It imports a dossier of `--documents` generated contracts (`--scanned` of them scans) every
//! `--every-ms` for `--load-secs`, tagging them with `idValutazione = faults:<scenario>` (an
//! import refused or cut off is tried again a second later, as an importing system would). After `--fault-after`
//! seconds it runs `--fault` (a shell command) and takes the moment the command prints `fault`
//! as the moment of the fault. When the load is over it waits for every dossier of the
//! scenario in the database — those it was told about and those committed by a request whose
//! answer was lost — to reach a final state and call back, then checks in PostgreSQL:
//! exactly one set of documents per dossier, one execution per dossier rule and item of its
//! last run, one callback each (counted by its own receiver), and no job left unfinished in the
//! outbox. It prints one Markdown table row and exits non-zero when an invariant fails.
//!
//! ```text
//! cargo run --release -p api --example faults -- --scenario redis-wipe \
//!   --fault 'redis-cli -p 63829 flushall >/dev/null; echo fault' --database-url postgres://…
//! ```

#[path = "support/mod.rs"]
mod support;

use std::collections::HashSet;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Parser;
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use support::{Api, Receiver, build_archive_with_scans};

#[derive(Parser)]
struct Args {
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    #[arg(long, env = "ISTRUTTORIA_ADMIN_EMAIL")]
    email: String,
    #[arg(long, env = "ISTRUTTORIA_ADMIN_PASSWORD")]
    password: String,
    /// The stack's database, for the checks.
    #[arg(long, env = "ISTRUTTORIA_DATABASE_URL")]
    database_url: String,
    /// The scenario's name (its dossiers' `idValutazione` is `faults:<scenario>`).
    #[arg(long)]
    scenario: String,
    /// The fault: a shell command that prints `fault` when it strikes.
    #[arg(long)]
    fault: String,
    /// Seconds of load before the fault command starts.
    #[arg(long, default_value_t = 8)]
    fault_after: u64,
    /// Seconds of import load.
    #[arg(long, default_value_t = 30)]
    load_secs: u64,
    /// One dossier every this many milliseconds.
    #[arg(long, default_value_t = 1000)]
    every_ms: u64,
    /// Documents (PDFs) per dossier.
    #[arg(long, default_value_t = 5)]
    documents: usize,
    /// How many of them are scans, read by OCR (a long extraction).
    #[arg(long, default_value_t = 0)]
    scanned: usize,
    /// Adds a dossier rule that takes this many milliseconds per input item (a long run).
    #[arg(long, default_value_t = 0)]
    slow_rule_ms: u64,
    /// Give up waiting for the dossiers this many seconds after the load.
    #[arg(long, default_value_t = 240)]
    timeout_secs: u64,
}

/// Items of the default input: each dossier rule runs once per item.
const ITEMS: i64 = 9;

/// The dossier rule of `--slow-rule-ms`: busy for `ms` milliseconds per item.
async fn add_slow_rule(api: &Api, ms: u64) -> Result<()> {
    let code = format!(
        "export default function () {{ const end = Date.now() + {ms}; let n = 0; \
         while (Date.now() < end) {{ n++; }} return {{ success: n > 0 }}; }}"
    );
    let body = api
        .graphql(
            "mutation($i: CreateDossierRuleInput!) { createDossierRule(input: $i) { id } }",
            serde_json::json!({ "i": { "description": "Lenta (faults)", "istitutoAppartenenza": "Faults", "code": code } }),
        )
        .await?;
    anyhow::ensure!(body["errors"].is_null(), "adding the slow rule: {body}");
    Ok(())
}

/// What the database says about the scenario's dossiers.
#[derive(QueryableByName, Debug)]
struct Tally {
    #[diesel(sql_type = BigInt)]
    dossiers: i64,
    /// Not in a final state.
    #[diesel(sql_type = BigInt)]
    stuck: i64,
    /// Processed dossiers whose documents are not exactly the archive's.
    #[diesel(sql_type = BigInt)]
    wrong_documents: i64,
    /// Processed dossiers whose last run has not exactly one finished execution per rule and
    /// item.
    #[diesel(sql_type = BigInt)]
    wrong_executions: i64,
    /// Dossiers without exactly one successful callback recorded.
    #[diesel(sql_type = BigInt)]
    wrong_recorded_callbacks: i64,
    /// Jobs of the scenario's dossiers still in the outbox (not finished).
    #[diesel(sql_type = BigInt)]
    unfinished_jobs: i64,
}

#[derive(QueryableByName)]
struct DossierId {
    #[diesel(sql_type = Text)]
    id: String,
}

const TALLY: &str = "
WITH d AS (SELECT id, state, rules_run_id FROM dossiers WHERE id_valutazione = $1)
SELECT
  (SELECT count(*) FROM d) AS dossiers,
  (SELECT count(*) FROM d WHERE state = 'processing') AS stuck,
  (SELECT count(*) FROM d WHERE state = 'processed' AND (
     (SELECT count(*) FROM documents doc WHERE doc.dossier_id = d.id) <> $2
     OR (SELECT count(DISTINCT doc.name) FROM documents doc WHERE doc.dossier_id = d.id) <> $2)
  ) AS wrong_documents,
  (SELECT count(*) FROM d WHERE state = 'processed' AND (
     (SELECT count(*) FROM dossier_rule_executions e
       WHERE e.dossier_id = d.id AND e.run_id = d.rules_run_id AND e.state <> 'created') <> $3
     OR EXISTS (SELECT 1 FROM dossier_rule_executions e
       WHERE e.dossier_id = d.id AND e.run_id = d.rules_run_id
       GROUP BY e.rule_id, e.input_index HAVING count(*) > 1))
  ) AS wrong_executions,
  (SELECT count(*) FROM d WHERE state <> 'processing' AND
     (SELECT count(*) FROM dossier_callbacks c WHERE c.dossier_id = d.id AND c.success) <> 1
  ) AS wrong_recorded_callbacks,
  (SELECT count(*) FROM job_outbox o WHERE o.dossier_id IN (SELECT id FROM d)) AS unfinished_jobs
";

async fn tally(
    conn: &mut AsyncPgConnection,
    tag: &str,
    documents: i64,
    executions: i64,
) -> Result<Tally> {
    diesel::sql_query(TALLY)
        .bind::<Text, _>(tag)
        .bind::<BigInt, _>(documents)
        .bind::<BigInt, _>(executions)
        .get_result(conn)
        .await
        .context("checking the scenario's dossiers")
}

async fn dossier_ids(conn: &mut AsyncPgConnection, tag: &str) -> Result<Vec<String>> {
    let rows: Vec<DossierId> =
        diesel::sql_query("SELECT id::text AS id FROM dossiers WHERE id_valutazione = $1")
            .bind::<Text, _>(tag)
            .load(conn)
            .await
            .context("listing the scenario's dossiers")?;
    Ok(rows.into_iter().map(|row| row.id).collect())
}

/// Runs the fault command; returns when it printed `fault` (or ended), with that moment, and
/// the command, which may go on (starting a component again) in the background.
fn strike(command: &str) -> Result<(Instant, std::thread::JoinHandle<()>)> {
    use std::io::BufRead;
    let mut child = std::process::Command::new("bash")
        .args(["-c", command])
        .stdout(Stdio::piped())
        .spawn()
        .context("starting the fault command")?;
    let mut lines = std::io::BufReader::new(child.stdout.take().context("its output")?).lines();
    let mut at = None;
    for line in lines.by_ref() {
        if line?.trim() == "fault" {
            at = Some(Instant::now());
            break;
        }
    }
    let rest = std::thread::spawn(move || {
        lines.for_each(drop);
        if let Ok(status) = child.wait()
            && !status.success()
        {
            eprintln!("the fault command ended with {status}");
        }
    });
    Ok((at.unwrap_or_else(Instant::now), rest))
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let tag = format!("faults:{}", args.scenario);
    let api = Arc::new(Api::login(&args.url, &args.email, &args.password).await?);
    api.set_up_catalogue().await?;
    let mut dossier_rules = 1;
    if args.slow_rule_ms > 0 {
        add_slow_rule(&api, args.slow_rule_ms).await?;
        dossier_rules += 1;
    }
    let receiver = Receiver::start().await?;
    let archive = Arc::new(build_archive_with_scans(args.documents, args.scanned)?);

    // The load: one import every `every_ms`, each in its own task so that a slow or cut-off
    // request does not hold the pace; refused imports are tried again a second later.
    let accepted: Arc<Mutex<Vec<(String, Instant)>>> = Arc::default();
    let refused = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let started = Instant::now();
    let load_until = started + Duration::from_secs(args.load_secs);
    let mut imports = Vec::new();
    let mut fault = None;
    let mut ticks = tokio::time::interval(Duration::from_millis(args.every_ms));
    while Instant::now() < load_until {
        ticks.tick().await;
        if fault.is_none() && started.elapsed() >= Duration::from_secs(args.fault_after) {
            let command = args.fault.clone();
            fault = Some(tokio::task::spawn_blocking(move || strike(&command)));
        }
        let (api, archive, accepted, refused) = (
            api.clone(),
            archive.clone(),
            accepted.clone(),
            refused.clone(),
        );
        let (tag, callback, documents) = (tag.clone(), receiver.url.clone(), args.documents);
        imports.push(tokio::spawn(async move {
            loop {
                let at = Instant::now();
                match api.import(&tag, &archive, documents, &callback).await {
                    Ok(id) => {
                        accepted.lock().expect("lock").push((id, at));
                        return;
                    }
                    Err(error) => {
                        refused.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        eprintln!("import refused, trying again in 1 s: {error:#}");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
        }));
    }
    let (fault_at, fault_rest) = fault.context("the load ended before the fault")?.await??;
    for import in imports {
        import.await?;
    }
    let accepted = accepted.lock().expect("lock").clone();
    eprintln!(
        "{}: {} dossiers imported in {:.0} s, fault at {:.1} s",
        args.scenario,
        accepted.len(),
        started.elapsed().as_secs_f64(),
        fault_at.duration_since(started).as_secs_f64()
    );

    // Every dossier of the scenario (also those whose import answer was lost) must end.
    let mut conn = connect(&args.database_url).await?;
    let deadline = Instant::now() + Duration::from_secs(args.timeout_secs);
    let last = loop {
        let now = match tally(
            &mut conn,
            &tag,
            args.documents as i64,
            dossier_rules * ITEMS,
        )
        .await
        {
            Ok(now) => now,
            Err(error) => {
                eprintln!("{error:#}; connecting again");
                tokio::time::sleep(Duration::from_secs(1)).await;
                conn = connect(&args.database_url).await?;
                continue;
            }
        };
        let ids = dossier_ids(&mut conn, &tag).await?;
        let called_back = receiver.counts();
        let all_called_back = ids.iter().all(|id| called_back.contains_key(id));
        if (now.stuck == 0 && all_called_back && now.unfinished_jobs == 0)
            || Instant::now() > deadline
        {
            break now;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    };
    fault_rest
        .join()
        .map_err(|_| anyhow::anyhow!("the fault command's reader panicked"))?;
    // Late duplicates would arrive now.
    tokio::time::sleep(Duration::from_secs(2)).await;

    let ids: HashSet<String> = dossier_ids(&mut conn, &tag).await?.into_iter().collect();
    let counts = receiver.counts();
    let missing_callbacks = ids.iter().filter(|id| !counts.contains_key(*id)).count();
    let duplicate_callbacks = counts.values().filter(|n| **n > 1).count();
    // Recovery: from the fault until the last dossier imported before it was called back.
    let arrivals = receiver.first_arrivals();
    let in_flight: Vec<Instant> = accepted
        .iter()
        .filter(|(_, at)| *at <= fault_at)
        .filter_map(|(id, _)| arrivals.get(id).copied())
        .filter(|done| *done > fault_at)
        .collect();
    let recovery = in_flight
        .iter()
        .max()
        .map(|done| done.duration_since(fault_at).as_secs_f64())
        .unwrap_or(0.0);
    // How long a dossier takes without a fault: those done before it.
    let mut latencies: Vec<f64> = accepted
        .iter()
        .filter_map(|(id, at)| arrivals.get(id).map(|done| (*at, *done)))
        .filter(|(_, done)| *done < fault_at)
        .map(|(at, done)| done.duration_since(at).as_secs_f64())
        .collect();
    latencies.sort_by(f64::total_cmp);
    let usual = latencies.get(latencies.len() / 2).copied().unwrap_or(0.0);

    let lost = last.stuck as usize + missing_callbacks;
    let duplicated = last.wrong_documents
        + last.wrong_executions
        + last.wrong_recorded_callbacks
        + duplicate_callbacks as i64;
    println!(
        "| {} | {} | {} | {} | {} | {} | {} | {:.1} | {:.1} |",
        args.scenario,
        last.dossiers,
        std::sync::atomic::AtomicUsize::load(&refused, std::sync::atomic::Ordering::Relaxed),
        lost,
        last.stuck,
        duplicated,
        last.unfinished_jobs,
        recovery,
        usual
    );
    eprintln!("{last:?}; callbacks missing {missing_callbacks}, duplicated {duplicate_callbacks}");
    anyhow::ensure!(
        lost == 0 && duplicated == 0 && last.unfinished_jobs == 0,
        "{}: {lost} dossiers lost or stuck, {duplicated} with duplicates, {} jobs unfinished",
        args.scenario,
        last.unfinished_jobs
    );
    Ok(())
}

async fn connect(url: &str) -> Result<AsyncPgConnection> {
    for _ in 0..60 {
        if let Ok(conn) = AsyncPgConnection::establish(url).await {
            return Ok(conn);
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    anyhow::bail!("cannot connect to {url}")
}
