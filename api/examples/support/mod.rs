//! What the drivers of `just bench-pipeline` (loadtest.rs) and `just faults` (faults.rs) share:
//! a GraphQL client logged in as an administrator, their catalogue (a document type, a
//! realistic document rule and a dossier rule), generated contracts, and a receiver of the
//! callbacks that counts each dossier's.
#![allow(dead_code)] // each driver uses part of it

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use base64::Engine;
use poem::listener::{Acceptor, Listener, TcpListener};
use serde_json::{Value, json};
use tokio::sync::Notify;

pub const DOCUMENT_TYPE: &str = "loadtest-contratto";

/// Realistic document rule: several regular expressions over the contract text.
pub const DOCUMENT_RULE: &str = r#"
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

pub const DOSSIER_RULE: &str = r#"
export default function ({ metas, input }) {
  const amounts = Object.values(metas).map((m) => m.importo).filter((v) => v != null);
  const rate = input.durata_finanziamento > 0 ? Math.max(...amounts) / input.durata_finanziamento : 0;
  return { success: amounts.length > 0 && rate < 1000, rata: Math.round(rate * 100) / 100 };
}
"#;

/// The GraphQL API of a running Istruttoria, as an administrator.
pub struct Api {
    pub client: reqwest::Client,
    pub url: String,
    pub token: String,
}

impl Api {
    pub async fn login(url: &str, email: &str, password: &str) -> Result<Self> {
        let mut api = Self {
            client: reqwest::Client::new(),
            url: url.trim_end_matches('/').to_owned(),
            token: String::new(),
        };
        let body = api
            .graphql(
                "mutation($u: String!, $p: String!) { basicLogin(username: $u, password: $p) { logged message accessToken } }",
                json!({ "u": email, "p": password }),
            )
            .await?;
        api.token = body["data"]["basicLogin"]["accessToken"]
            .as_str()
            .map(str::to_owned)
            .with_context(|| format!("cannot log in as {email}: {body}"))?;
        Ok(api)
    }

    pub async fn graphql(&self, query: &str, variables: Value) -> Result<Value> {
        let mut request = self
            .client
            .post(format!("{}/graphql", self.url))
            .json(&json!({ "query": query, "variables": variables }));
        if !self.token.is_empty() {
            request = request.bearer_auth(&self.token);
        }
        Ok(request.send().await?.json().await?)
    }

    /// Creates the document type and the rules once (later runs find them).
    pub async fn set_up_catalogue(&self) -> Result<()> {
        let existing = self
            .graphql(
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
            let body = self.graphql(query, variables).await?;
            if body["errors"].is_array() {
                bail!("setting up the catalogue failed: {body}");
            }
        }
        Ok(())
    }

    /// `POST /import_dossier` of `documents` contracts (an archive of [`build_archive`]) with
    /// the default input; returns the dossier id.
    pub async fn import(
        &self,
        id_valutazione: &str,
        archive: &str,
        documents: usize,
        callback_url: &str,
    ) -> Result<String> {
        let files: Vec<Value> = (0..documents)
            .map(|i| json!({ "nomeFile": format!("contratto-{i:03}.pdf"), "tipoDocumento": DOCUMENT_TYPE }))
            .collect();
        let response = self
            .client
            .post(format!("{}/import_dossier", self.url))
            .bearer_auth(&self.token)
            .json(&json!({
                "idValutazione": id_valutazione,
                "base64zip": archive,
                "files": files,
                "input": serde_json::to_string(&default_input())?,
                "callbackUrl": callback_url,
            }))
            .send()
            .await?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        if !status.is_success() {
            bail!("import refused: {status} {body}");
        }
        Ok(body["id"].as_str().context("dossier id")?.to_owned())
    }
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
pub fn build_archive(count: usize) -> Result<String> {
    build_archive_with_scans(count, 0)
}

/// [`build_archive`] whose last `scanned` contracts are scans (a page that is only an image,
/// read by OCR: about a second of a worker each) with the same data.
pub fn build_archive_with_scans(count: usize, scanned: usize) -> Result<String> {
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
        let pdf = if i + scanned >= count {
            shared::testing::pdf::scanned_pdf(&[
                "CONTRATTO DI FINANZIAMENTO",
                "Codice fiscale: RSSMRA80A01H501U",
                "Importo finanziato: euro 24.000,00",
                "Durata: 120 mesi",
            ])
        } else {
            shared::testing::pdf::text_pdf(&[&first, second])
        };
        writer.start_file(
            format!("contratto-{i:03}.pdf"),
            zip::write::SimpleFileOptions::default(),
        )?;
        writer.write_all(&pdf)?;
    }
    let bytes = writer.finish()?.into_inner();
    Ok(base64::engine::general_purpose::STANDARD.encode(bytes))
}

/// Receives the callbacks and notes when each dossier's arrived, and how many times.
pub struct Receiver {
    pub url: String,
    arrivals: Arc<Mutex<HashMap<String, Vec<Instant>>>>,
    notify: Arc<Notify>,
}

impl Receiver {
    pub async fn start() -> Result<Self> {
        let acceptor = TcpListener::bind("127.0.0.1:0").into_acceptor().await?;
        let port = acceptor
            .local_addr()
            .first()
            .and_then(|a| a.as_socket_addr().copied())
            .context("receiver address")?
            .port();
        let arrivals = Arc::new(Mutex::new(HashMap::<String, Vec<Instant>>::new()));
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
                            .or_default()
                            .push(now);
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
    pub fn wait_for(
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

    /// When each dossier's first callback arrived.
    pub fn first_arrivals(&self) -> HashMap<String, Instant> {
        self.arrivals
            .lock()
            .expect("lock")
            .iter()
            .map(|(id, at)| (id.clone(), at[0]))
            .collect()
    }

    /// How many callbacks each dossier got.
    pub fn counts(&self) -> HashMap<String, usize> {
        self.arrivals
            .lock()
            .expect("lock")
            .iter()
            .map(|(id, at)| (id.clone(), at.len()))
            .collect()
    }
}
