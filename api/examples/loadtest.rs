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

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use base64::Engine;
use clap::Parser;
use poem::listener::{Acceptor, Listener, TcpListener};
use serde_json::{Value, json};
use tokio::sync::Notify;

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

const DOCUMENT_TYPE: &str = "loadtest-contratto";

/// Realistic document rule: several regular expressions over the contract text.
const DOCUMENT_RULE: &str = r#"
export default function ({ rawText, tables }) {
  const amount = rawText.match(/Importo finanziato:\s*euro\s*([\d.]+),(\d{2})/);
  const duration = rawText.match(/Durata:\s*(\d+)\s*mesi/);
  const taxCode = rawText.match(/Codice fiscale:\s*([A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z])/);
  const dates = [...rawText.matchAll(/(\d{2})\/(\d{2})\/(\d{4})/g)].map((m) => `${m[3]}-${m[2]}-${m[1]}`);
  const clauses = (rawText.match(/Articolo \d+/g) || []).length;
  return {
    success: amount !== null && taxCode !== null,
    metas: {
      codiceFiscale: taxCode ? taxCode[1] : null,
      importo: amount ? Number(amount[1].replaceAll('.', '')) : null,
    },
    durata: duration ? Number(duration[1]) : null,
    date: dates,
    clausole: clauses,
    tabelle: tables.length,
  };
}
"#;

const DOSSIER_RULE: &str = r#"
export default function ({ metas, input }) {
  const amounts = Object.values(metas).map((m) => m.importo).filter((v) => v != null);
  const rate = input.durata_finanziamento > 0 ? Math.max(...amounts) / input.durata_finanziamento : 0;
  return { success: amounts.length > 0 && rate < 1000, rata: Math.round(rate * 100) / 100 };
}
"#;

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let client = reqwest::Client::new();
    let token = login(&client, &args).await?;
    set_up(&client, &args, &token).await?;
    let receiver = Receiver::start().await?;
    println!(
        "importing {} dossiers of {} PDFs ({} at a time), callbacks to {}",
        args.dossiers, args.documents, args.concurrency, receiver.url
    );

    let archive = build_archive(args.documents)?;
    let files: Vec<Value> = (0..args.documents)
        .map(|i| json!({ "nomeFile": format!("contratto-{i:03}.pdf"), "tipoDocumento": DOCUMENT_TYPE }))
        .collect();
    let input = serde_json::to_string(&default_input())?;
    let started = Instant::now();
    let mut sent: HashMap<String, Instant> = HashMap::new();
    let semaphore = Arc::new(tokio::sync::Semaphore::new(args.concurrency.max(1)));
    let mut pending = Vec::new();
    for _ in 0..args.dossiers {
        let permit = semaphore.clone().acquire_owned().await?;
        let at = Instant::now();
        let response = client
            .post(format!("{}/import_dossier", args.url))
            .bearer_auth(&token)
            .json(&json!({
                "idValutazione": "loadtest",
                "base64zip": archive,
                "files": files,
                "input": input,
                "callbackUrl": receiver.url,
            }))
            .send()
            .await?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        if !status.is_success() {
            bail!("import refused: {status} {body}");
        }
        let id = body["id"].as_str().context("dossier id")?.to_owned();
        sent.insert(id.clone(), at);
        // The permit comes back when the dossier's callback arrives.
        pending.push(receiver.wait_for(&id, permit, Duration::from_secs(args.timeout_secs)));
    }
    for waiting in pending {
        waiting.await?.context("timed out waiting for a callback")?;
    }
    let total = started.elapsed();
    let arrived = receiver.arrivals();
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
        let (document_rule, dossier_rule) = rule_ids(&client, &args, &token).await?;
        // The variants change the outcome of some items: a stricter condition.
        let variant = DOCUMENT_RULE.replace(
            "success: amount !== null",
            "success: amount !== null && clauses > 3",
        );
        time_what_if(
            &client,
            &args,
            &token,
            "document rule",
            &document_rule,
            &variant,
            args.what_if,
        )
        .await?;
        let variant = DOSSIER_RULE.replace("rate < 1000", "rate < 100");
        let dossiers = args.what_if.min(args.dossiers as i32);
        time_what_if(
            &client,
            &args,
            &token,
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
async fn rule_ids(client: &reqwest::Client, args: &Args, token: &str) -> Result<(String, String)> {
    let body = graphql(
        client,
        args,
        Some(token),
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
    client: &reqwest::Client,
    args: &Args,
    token: &str,
    what: &str,
    rule_id: &str,
    code: &str,
    limit: i32,
) -> Result<()> {
    let started = Instant::now();
    let body = graphql(
        client,
        args,
        Some(token),
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
        let body = graphql(
            client,
            args,
            Some(token),
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

async fn graphql(
    client: &reqwest::Client,
    args: &Args,
    token: Option<&str>,
    query: &str,
    variables: Value,
) -> Result<Value> {
    let mut request = client
        .post(format!("{}/graphql", args.url))
        .json(&json!({ "query": query, "variables": variables }));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    Ok(request.send().await?.json().await?)
}

async fn login(client: &reqwest::Client, args: &Args) -> Result<String> {
    let body = graphql(
        client,
        args,
        None,
        "mutation($u: String!, $p: String!) { basicLogin(username: $u, password: $p) { logged message accessToken } }",
        json!({ "u": args.email, "p": args.password }),
    )
    .await?;
    body["data"]["basicLogin"]["accessToken"]
        .as_str()
        .map(str::to_owned)
        .with_context(|| format!("cannot log in as {}: {body}", args.email))
}

/// Creates the document type and the rules once (later runs find them).
async fn set_up(client: &reqwest::Client, args: &Args, token: &str) -> Result<()> {
    let existing = graphql(
        client,
        args,
        Some(token),
        "query($n: String!) { documentType(name: $n) { name } }",
        json!({ "n": DOCUMENT_TYPE }),
    )
    .await?;
    if existing["data"]["documentType"]["name"].is_string() {
        return Ok(());
    }
    let steps = [
        (
            "mutation($n: String!) { createDocumentType(input: { name: $n }) { name } }",
            json!({ "n": DOCUMENT_TYPE }),
        ),
        (
            "mutation($i: CreateDocumentRuleInput!) { createDocumentRule(input: $i) { id } }",
            json!({ "i": { "documentType": DOCUMENT_TYPE, "description": "Dati del contratto (loadtest)", "code": DOCUMENT_RULE, "dataTables": [] } }),
        ),
        (
            "mutation($i: CreateDossierRuleInput!) { createDossierRule(input: $i) { id } }",
            json!({ "i": { "description": "Rata sostenibile (loadtest)", "istitutoAppartenenza": "Loadtest", "code": DOSSIER_RULE } }),
        ),
    ];
    for (query, variables) in steps {
        let body = graphql(client, args, Some(token), query, variables).await?;
        if body["errors"].is_array() {
            bail!("setting up the load test failed: {body}");
        }
    }
    Ok(())
}

/// The wizard's default input: nine durations.
fn default_input() -> Value {
    Value::Array(
        (1..=9)
            .map(|i| json!({ "data_decorrenza_finanziamento": "", "durata_finanziamento": 12 * (i + 1), "tipo_pratica": "" }))
            .collect(),
    )
}

/// A zip of `count` two-page Italian contracts, as base64.
fn build_archive(count: usize) -> Result<String> {
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for i in 0..count {
        let first = format!(
            "CONTRATTO DI FINANZIAMENTO CON CESSIONE DEL QUINTO\nContratto n. {i:06} del 12/03/2026\n\
             Codice fiscale: RSSMRA80A01H501U\nImporto finanziato: euro 24.000,00\nDurata: 120 mesi\n\
             Articolo 1 - Oggetto del contratto. La Società finanziatrice concede al Cliente un prestito.\n\
             Articolo 2 - Rimborso. Il rimborso avviene mediante cessione di quote della retribuzione.\n\
             Articolo 3 - Tasso. Il TAN è fisso per tutta la durata; il TAEG è indicato nel prospetto.\n"
        );
        let second = "Articolo 4 - Recesso. Il Cliente può recedere entro quattordici giorni.\n\
             Articolo 5 - Estinzione anticipata. È sempre possibile, con riduzione del costo totale.\n\
             Firmato a Milano il 15/03/2026\n";
        let pdf = shared::testing::pdf::text_pdf(&[&first, second]);
        writer.start_file(
            format!("contratto-{i:03}.pdf"),
            zip::write::SimpleFileOptions::default(),
        )?;
        writer.write_all(&pdf)?;
    }
    let bytes = writer.finish()?.into_inner();
    Ok(base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// Receives the callbacks and notes when each dossier's arrived.
struct Receiver {
    url: String,
    arrivals: Arc<Mutex<HashMap<String, Instant>>>,
    notify: Arc<Notify>,
}

impl Receiver {
    async fn start() -> Result<Self> {
        let acceptor = TcpListener::bind("127.0.0.1:0").into_acceptor().await?;
        let port = acceptor
            .local_addr()
            .first()
            .and_then(|a| a.as_socket_addr().copied())
            .context("receiver address")?
            .port();
        let arrivals = Arc::new(Mutex::new(HashMap::new()));
        let notify = Arc::new(Notify::new());
        let app = {
            let arrivals = arrivals.clone();
            let notify = notify.clone();
            poem::endpoint::make(move |request: poem::Request| {
                let arrivals = arrivals.clone();
                let notify = notify.clone();
                async move {
                    let now = Instant::now();
                    let body = request.into_body().into_string().await.unwrap_or_default();
                    if let Ok(value) = serde_json::from_str::<Value>(&body)
                        && let Some(id) = value["idDossier"].as_str()
                    {
                        arrivals
                            .lock()
                            .expect("lock")
                            .entry(id.to_owned())
                            .or_insert(now);
                        notify.notify_waiters();
                    }
                    "ok"
                }
            })
        };
        tokio::spawn(async move {
            let _ = poem::Server::new_with_acceptor(acceptor).run(app).await;
        });
        Ok(Self {
            url: format!("http://127.0.0.1:{port}/callback"),
            arrivals,
            notify,
        })
    }

    /// Waits (in a task) for `id`'s callback, then releases `permit`.
    fn wait_for(
        &self,
        id: &str,
        permit: tokio::sync::OwnedSemaphorePermit,
        timeout: Duration,
    ) -> tokio::task::JoinHandle<Result<(), tokio::time::error::Elapsed>> {
        let arrivals = self.arrivals.clone();
        let notify = self.notify.clone();
        let id = id.to_owned();
        let waiting = async move {
            loop {
                let notified = notify.notified();
                if arrivals.lock().expect("lock").contains_key(&id) {
                    break;
                }
                let _ = tokio::time::timeout(Duration::from_millis(500), notified).await;
            }
            drop(permit);
        };
        tokio::spawn(tokio::time::timeout(timeout, waiting))
    }

    fn arrivals(&self) -> HashMap<String, Instant> {
        self.arrivals.lock().expect("lock").clone()
    }
}
