//! `just bench-pipeline`: imports N dossiers of M generated text PDFs into a running
//! Istruttoria (API + workers) and measures, for each, the time from the import request to
//! the callback that reports its aggregate. Prints throughput and p50/p95/max.
//!
//! With `--what-if N`, it then times a "what if" run of a variant of the document rule over the
//! latest N documents, and one of the dossier rule over the latest dossiers (queued → finished,
//! as the author waits for it).
//!
//! The workers must be allowed to call back 127.0.0.1 (`ISTRUTTORIA_CALLBACK_ALLOWLIST`), where
//! this program listens. It creates its own document type and rules (a realistic set: regular
//! expressions over the contract text and a table lookup) on first use.
//!
//! ```text
//! cargo run --release -p api --example loadtest -- --dossiers 5 --documents 50
//! ```

#[path = "support/mod.rs"]
mod support;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Parser;
use serde_json::json;
use support::{Api, DOCUMENT_RULE, DOSSIER_RULE, Receiver, build_archive};

#[derive(Parser)]
struct Args {
    /// The API.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    #[arg(
        long,
        env = "ISTRUTTORIA_ADMIN_EMAIL",
        default_value = "admin@istruttoria.local"
    )]
    email: String,
    #[arg(long, env = "ISTRUTTORIA_ADMIN_PASSWORD")]
    password: String,
    /// Dossiers to import.
    #[arg(long, default_value_t = 5)]
    dossiers: usize,
    /// Documents (PDFs) per dossier.
    #[arg(long, default_value_t = 50)]
    documents: usize,
    /// Dossiers imported at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Give up waiting for callbacks after this many seconds.
    #[arg(long, default_value_t = 600)]
    timeout_secs: u64,
    /// After the imports, time "what if" runs over this many of the latest documents (and
    /// dossiers, at most as many as were imported); 0: none.
    #[arg(long, default_value_t = 0)]
    what_if: i32,
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let api = Api::login(&args.url, &args.email, &args.password).await?;
    api.set_up_catalogue().await?;
    let receiver = Receiver::start().await?;
    println!(
        "importing {} dossiers of {} PDFs ({} at a time), callbacks to {}",
        args.dossiers, args.documents, args.concurrency, receiver.url
    );

    let archive = build_archive(args.documents)?;
    let started = Instant::now();
    let mut sent: HashMap<String, Instant> = HashMap::new();
    let semaphore = Arc::new(tokio::sync::Semaphore::new(args.concurrency.max(1)));
    let mut pending = Vec::new();
    for _ in 0..args.dossiers {
        let permit = semaphore.clone().acquire_owned().await?;
        let at = Instant::now();
        let id = api
            .import("loadtest", &archive, args.documents, &receiver.url)
            .await?;
        sent.insert(id.clone(), at);
        // The permit comes back when the dossier's callback arrives.
        pending.push(receiver.wait_for(&id, permit, Duration::from_secs(args.timeout_secs)));
    }
    for waiting in pending {
        waiting.await?.context("timed out waiting for a callback")?;
    }
    let total = started.elapsed();
    let arrived = receiver.first_arrivals();
    let mut latencies: Vec<Duration> = sent
        .iter()
        .filter_map(|(id, at)| arrived.get(id).map(|done| done.duration_since(*at)))
        .collect();
    latencies.sort();
    if latencies.len() < sent.len() {
        bail!(
            "only {} of {} callbacks arrived",
            latencies.len(),
            sent.len()
        );
    }
    let pick = |q: f64| latencies[((latencies.len() as f64 * q).ceil() as usize).saturating_sub(1)];
    let documents = args.dossiers * args.documents;
    println!("dossiers: {}   documents: {documents}", args.dossiers);
    println!(
        "wall time: {:.1} s   throughput: {:.2} dossiers/min, {:.1} documents/s",
        total.as_secs_f64(),
        args.dossiers as f64 / total.as_secs_f64() * 60.0,
        documents as f64 / total.as_secs_f64()
    );
    println!(
        "import → callback: p50 {:.2} s   p95 {:.2} s   max {:.2} s",
        pick(0.5).as_secs_f64(),
        pick(0.95).as_secs_f64(),
        latencies.last().copied().unwrap_or_default().as_secs_f64()
    );
    if args.what_if > 0 {
        let (document_rule, dossier_rule) = rule_ids(&api).await?;
        // The variants change the outcome of some items: a stricter condition.
        let variant = DOCUMENT_RULE.replace(
            "success: amount !== null",
            "success: amount !== null && clauses > 3",
        );
        time_what_if(
            &api,
            &args,
            "document rule",
            &document_rule,
            &variant,
            args.what_if,
        )
        .await?;
        let variant = DOSSIER_RULE.replace("rate < 1000", "rate < 100");
        let dossiers = args.what_if.min(args.dossiers as i32);
        time_what_if(
            &api,
            &args,
            "dossier rule",
            &dossier_rule,
            &variant,
            dossiers,
        )
        .await?;
    }
    Ok(())
}

/// The ids of the load test's document rule and dossier rule.
async fn rule_ids(api: &Api) -> Result<(String, String)> {
    let body = api.graphql(
        "query($d: [String!]!) {
           documentRulesPage(input: { filters: [{ column: \"description\", value: $d, type: \"text\" }] }) { items { id } }
           dossierRulesPage(input: { filters: [{ column: \"description\", value: [\"Rata sostenibile (loadtest)\"], type: \"text\" }] }) { items { id } } }",
        json!({ "d": ["Dati del contratto (loadtest)"] }),
    )
    .await?;
    let id = |list: &str| {
        body["data"][list]["items"][0]["id"]
            .as_str()
            .map(str::to_owned)
            .with_context(|| format!("the load test's rule in {list}: {body}"))
    };
    Ok((id("documentRulesPage")?, id("dossierRulesPage")?))
}

/// Starts a "what if" run of `code` on `rule_id` over the latest `limit` items and prints how
/// long it took from the request to its end.
async fn time_what_if(
    api: &Api,
    args: &Args,
    what: &str,
    rule_id: &str,
    code: &str,
    limit: i32,
) -> Result<()> {
    let started = Instant::now();
    let body = api
        .graphql(
            "mutation($i: WhatIfInput!) { startWhatIf(input: $i) { id } }",
            json!({ "i": { "ruleId": rule_id, "code": code, "limit": limit } }),
        )
        .await?;
    let id = body["data"]["startWhatIf"]["id"]
        .as_str()
        .with_context(|| format!("starting a what-if run: {body}"))?
        .to_owned();
    let deadline = started + Duration::from_secs(args.timeout_secs);
    loop {
        let body = api
            .graphql(
                "query($id: ID!) { whatIfRun(id: $id) { state total done changed error } }",
                json!({ "id": id }),
            )
            .await?;
        let run = &body["data"]["whatIfRun"];
        match run["state"].as_str() {
            Some("queued" | "running") if Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Some("finished") => {
                let elapsed = started.elapsed().as_secs_f64();
                let total = run["total"].as_f64().unwrap_or(0.0);
                println!(
                    "what if ({what}, latest {limit}): {total} items in {elapsed:.2} s ({:.0} items/s), {} would change",
                    total / elapsed,
                    run["changed"]
                );
                return Ok(());
            }
            _ => bail!("what-if run {id} did not finish: {body}"),
        }
    }
}
