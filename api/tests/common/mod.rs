//! Test harness: the real API server in-process on an ephemeral port, over a database of its
//! own and a Redis namespace of its own, and real worker processes.
#![allow(dead_code)] // each test binary uses part of the harness

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result};
use api::state::AppState;
use futures::{SinkExt, StreamExt};
use poem::listener::{Acceptor, Listener, TcpListener};
use serde_json::{Value, json};
use shared::config::{ApiConfig, GraphqlLimits, ImportLimits, Vars};
use shared::testing::{TestDatabase, unique_name};
use tokio::process::{Child, Command};
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Redis for the tests: `ISTRUTTORIA_TEST_REDIS_URL`, which `just test` sets.
/// The administrator [`TestServer::admin_token`] seeds.
pub const ADMIN_EMAIL: &str = "admin@test.local";
pub const ADMIN_PASSWORD: &str = "admin-password";

pub fn redis_url() -> String {
    std::env::var("ISTRUTTORIA_TEST_REDIS_URL")
        .expect("ISTRUTTORIA_TEST_REDIS_URL must name the tests' Redis (run `just test`)")
}

/// The key the test servers sign access tokens with.
pub const JWT_SECRET: &str = "test-secret-test-secret-test-secret";

pub struct TestServer {
    pub base_url: String,
    pub db: TestDatabase,
    pub namespace: String,
    /// The Redis of this server and its workers.
    pub redis_url: String,
    pub client: reqwest::Client,
    pub state: Arc<AppState>,
    /// Where this server's e-mails are written (one `.eml` file each, sorted by time).
    pub outbox: PathBuf,
    /// This server's object storage directory (the workers it spawns use it too).
    pub storage: PathBuf,
    /// Configuration the workers of this server get besides database and Redis.
    worker_env: Vec<(String, String)>,
    shutdown: Option<oneshot::Sender<()>>,
    server: tokio::task::JoinHandle<Result<()>>,
}

pub struct Options<'a> {
    /// Import limits of the server and its workers (the defaults when `None`).
    pub import_limits: Option<ImportLimits>,
    pub web_dist: &'a Path,
    pub job_wait_timeout_ms: u64,
    /// `ISTRUTTORIA_TRUSTED_PROXIES` (e.g. "127.0.0.1" to let tests set `X-Forwarded-For`).
    pub trusted_proxies: &'a str,
    /// The GraphQL request bounds (the defaults when `None`).
    pub graphql_limits: Option<GraphqlLimits>,
    /// Largest validation PDF (the default when `None`).
    pub validation_max_pdf_bytes: Option<u64>,
    /// Another Redis than the tests' own (e.g. an [`OwnRedis`] to restart).
    pub redis_url: Option<String>,
    /// `ISTRUTTORIA_METRICS_TOKEN` (empty: unset, no `/metrics`).
    pub metrics_token: &'a str,
    /// The per-user budgets of the server (the defaults when `None`).
    pub budgets: Option<shared::config::UserBudgetConfig>,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Self {
            web_dist: Path::new("/nonexistent-web-dist"),
            job_wait_timeout_ms: 15_000,
            trusted_proxies: "",
            import_limits: None,
            graphql_limits: None,
            validation_max_pdf_bytes: None,
            redis_url: None,
            metrics_token: "",
            budgets: None,
        }
    }
}

impl TestServer {
    pub async fn start(options: Options<'_>) -> Result<Self> {
        let db = TestDatabase::create().await?;
        let namespace = unique_name("ns");
        let redis_url = options.redis_url.unwrap_or_else(redis_url);
        let wait = options.job_wait_timeout_ms.to_string();
        let web_dist = options.web_dist.to_string_lossy().into_owned();
        let outbox = std::env::temp_dir().join(unique_name("outbox"));
        let outbox_dir = outbox.to_string_lossy().into_owned();
        let storage = std::env::temp_dir().join(unique_name("storage"));
        let storage_url = storage.to_string_lossy().into_owned();
        let mut config = ApiConfig::from_vars(&Vars::from_pairs([
            ("ISTRUTTORIA_DATABASE_URL", db.url.as_str()),
            ("ISTRUTTORIA_DATABASE_POOL_SIZE", "4"),
            ("ISTRUTTORIA_REDIS_URL", redis_url.as_str()),
            ("ISTRUTTORIA_QUEUE_NAMESPACE", namespace.as_str()),
            ("ISTRUTTORIA_HTTP_ADDR", "127.0.0.1:0"),
            ("ISTRUTTORIA_WEB_DIST", web_dist.as_str()),
            ("ISTRUTTORIA_JOB_WAIT_TIMEOUT_MS", wait.as_str()),
            ("ISTRUTTORIA_SHUTDOWN_TIMEOUT_SECS", "5"),
            ("ISTRUTTORIA_JWT_SECRET", JWT_SECRET),
            ("ISTRUTTORIA_MAIL_OUTBOX_DIR", outbox_dir.as_str()),
            ("ISTRUTTORIA_TRUSTED_PROXIES", options.trusted_proxies),
            ("ISTRUTTORIA_STORAGE_URL", storage_url.as_str()),
            ("ISTRUTTORIA_METRICS_TOKEN", options.metrics_token),
        ]))?;
        let mut worker_env = vec![
            ("ISTRUTTORIA_STORAGE_URL".to_owned(), storage_url.clone()),
            ("ISTRUTTORIA_MAIL_OUTBOX_DIR".to_owned(), outbox_dir.clone()),
        ];
        if let Some(limits) = options.graphql_limits {
            config.graphql = limits;
        }
        if let Some(budgets) = options.budgets {
            config.common.budgets = budgets;
        }
        if let Some(max) = options.validation_max_pdf_bytes {
            config.common.validation_max_pdf_bytes = max;
        }
        if let Some(limits) = options.import_limits {
            config.common.import = limits;
            worker_env.extend(
                [
                    (
                        "ISTRUTTORIA_IMPORT_MAX_ARCHIVE_BYTES",
                        limits.max_archive_bytes.to_string(),
                    ),
                    (
                        "ISTRUTTORIA_IMPORT_MAX_ENTRIES",
                        limits.max_entries.to_string(),
                    ),
                    (
                        "ISTRUTTORIA_IMPORT_MAX_UNCOMPRESSED_BYTES",
                        limits.max_uncompressed_bytes.to_string(),
                    ),
                    (
                        "ISTRUTTORIA_IMPORT_MAX_FILE_BYTES",
                        limits.max_file_bytes.to_string(),
                    ),
                ]
                .map(|(name, value)| (name.to_owned(), value)),
            );
        }
        let (base_url, state, shutdown, server) = serve(config).await?;
        Ok(Self {
            base_url,
            db,
            namespace,
            redis_url,
            client: reqwest::Client::new(),
            state,
            outbox,
            storage,
            worker_env,
            shutdown: Some(shutdown),
            server,
        })
    }

    /// A second API process (own state, policy cache and port) on this server's database and
    /// Redis namespace, as a horizontally scaled deployment has; it stops when dropped.
    pub async fn sibling(&self) -> Result<Sibling> {
        let (base_url, state, shutdown, server) = serve(self.state.config.clone()).await?;
        Ok(Sibling {
            base_url,
            state,
            _shutdown: shutdown,
            _server: server,
        })
    }
}

/// Another API process of a [`TestServer`] (see [`TestServer::sibling`]).
pub struct Sibling {
    pub base_url: String,
    pub state: Arc<AppState>,
    _shutdown: oneshot::Sender<()>,
    _server: tokio::task::JoinHandle<Result<()>>,
}

impl Sibling {
    /// POSTs a GraphQL operation to this process with `Authorization: Bearer <token>`.
    pub async fn graphql_as(&self, token: &str, query: &str, variables: Value) -> Result<Value> {
        let response = reqwest::Client::new()
            .post(format!("{}/graphql", self.base_url))
            .bearer_auth(token)
            .json(&json!({ "query": query, "variables": variables }))
            .send()
            .await?;
        Ok(response.json().await?)
    }
}

type Served = (
    String,
    Arc<AppState>,
    oneshot::Sender<()>,
    tokio::task::JoinHandle<Result<()>>,
);

async fn serve(config: ApiConfig) -> Result<Served> {
    let state = Arc::new(AppState::connect(config).await?);
    let acceptor = TcpListener::bind("127.0.0.1:0").into_acceptor().await?;
    let addr = acceptor
        .local_addr()
        .first()
        .and_then(|a| a.as_socket_addr().copied())
        .context("the listener has a socket address")?;
    let (shutdown, stop) = oneshot::channel::<()>();
    let server = tokio::spawn(api::server::serve(state.clone(), acceptor, async {
        let _ = stop.await;
    }));
    Ok((format!("http://{addr}"), state, shutdown, server))
}

impl TestServer {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    /// POSTs a GraphQL operation anonymously and returns the whole response body.
    pub async fn graphql(&self, query: &str, variables: Value) -> Result<Value> {
        self.post_graphql(None, query, variables).await
    }

    /// POSTs a GraphQL operation with `Authorization: Bearer <token>`.
    pub async fn graphql_as(&self, token: &str, query: &str, variables: Value) -> Result<Value> {
        self.post_graphql(Some(token), query, variables).await
    }

    async fn post_graphql(
        &self,
        token: Option<&str>,
        query: &str,
        variables: Value,
    ) -> Result<Value> {
        let mut request = self
            .client
            .post(self.url("/graphql"))
            .json(&json!({ "query": query, "variables": variables }));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await?;
        anyhow::ensure!(
            response.status().is_success(),
            "GraphQL answered {}",
            response.status()
        );
        Ok(response.json().await?)
    }

    /// Seeds the administrator (first call only) and returns a fresh access token of theirs.
    pub async fn admin_token(&self) -> Result<String> {
        self.seed_admin(ADMIN_EMAIL, ADMIN_PASSWORD).await?;
        self.login(ADMIN_EMAIL, ADMIN_PASSWORD).await
    }

    /// Logs in through `basicLogin` and returns the access token.
    pub async fn login(&self, email: &str, password: &str) -> Result<String> {
        let body = self
            .graphql(
                "mutation($u: String!, $p: String!) { basicLogin(username: $u, password: $p) { logged message accessToken } }",
                json!({ "u": email, "p": password }),
            )
            .await?;
        let session = &body["data"]["basicLogin"];
        match session["accessToken"].as_str() {
            Some(token) if session["logged"] == true => Ok(token.to_owned()),
            _ => anyhow::bail!("{email} cannot log in: {body}"),
        }
    }

    /// Creates the first administrator with `email` and `password`.
    pub async fn seed_admin(&self, email: &str, password: &str) -> Result<()> {
        shared::accounts::seed_admin(&self.db.pool, email, Some(password)).await?;
        // The policy was written behind the server's back: let it see the admin's role.
        self.state.access.reload().await?;
        Ok(())
    }

    /// Starts a real worker process on this server's database and Redis namespace.
    pub async fn spawn_worker(&self) -> Result<WorkerProcess> {
        self.spawn_worker_with(&[]).await
    }

    /// [`TestServer::spawn_worker`] with more configuration variables.
    pub async fn spawn_worker_with(&self, extra: &[(&str, &str)]) -> Result<WorkerProcess> {
        let mut env = self.worker_env.clone();
        env.extend(
            extra
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
        );
        env.push(("ISTRUTTORIA_REDIS_URL".to_owned(), self.redis_url.clone()));
        let mut worker = WorkerProcess::spawn_with_env(&self.db.url, &self.namespace, &env).await?;
        worker.until_alive(&self.redis_url, &self.namespace).await?;
        Ok(worker)
    }

    /// Stops the server as SIGTERM would, and returns what `serve` returned.
    pub async fn shutdown(mut self) -> Result<()> {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        tokio::time::timeout(Duration::from_secs(10), &mut self.server).await??
    }
}

/// A `worker` binary running as a child process; killed if the test drops it.
pub struct WorkerProcess {
    pub child: Child,
}

impl WorkerProcess {
    pub async fn spawn(database_url: &str, namespace: &str) -> Result<Self> {
        Self::spawn_with_env(database_url, namespace, &[]).await
    }

    /// [`WorkerProcess::spawn`] with more configuration variables.
    pub async fn spawn_with_env(
        database_url: &str,
        namespace: &str,
        env: &[(String, String)],
    ) -> Result<Self> {
        let binary = sibling_binary("worker")?;
        let child = Command::new(&binary)
            .env("ISTRUTTORIA_REDIS_URL", redis_url())
            .env("RUST_LOG", "info")
            // Tests run many workers at once: each serves its metrics on a free port.
            .env("ISTRUTTORIA_WORKER_METRICS_ADDR", "127.0.0.1:0")
            .envs(env.iter().map(|(name, value)| (name, value)))
            .env("ISTRUTTORIA_DATABASE_URL", database_url)
            .env("ISTRUTTORIA_DATABASE_POOL_SIZE", "2")
            .env("ISTRUTTORIA_QUEUE_NAMESPACE", namespace)
            .env("ISTRUTTORIA_SHUTDOWN_TIMEOUT_SECS", "5")
            .stdout(Stdio::inherit())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {}", binary.display()))?;
        Ok(Self { child })
    }

    pub fn pid(&self) -> u32 {
        self.child.id().unwrap_or_default()
    }

    /// Waits until the worker says it is alive (its first heartbeat: it consumes its queues),
    /// as the API sees it — operations that need a worker's answer at once refuse while none
    /// is alive.
    pub async fn until_alive(&mut self, redis_url: &str, namespace: &str) -> Result<()> {
        let redis = connect_when_up(redis_url, namespace).await?;
        let suffix = format!(":{}", self.pid());
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let alive = shared::jobs::presence::alive(&redis).await?;
            if alive
                .iter()
                .any(|worker| worker.identity.ends_with(&suffix))
            {
                return Ok(());
            }
            if let Some(status) = self.child.try_wait()? {
                anyhow::bail!("the worker exited at start: {status}");
            }
            anyhow::ensure!(
                tokio::time::Instant::now() < deadline,
                "the worker {} did not say it was alive within 60 s",
                self.pid()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Sends SIGTERM and waits for the process to exit.
    pub async fn terminate(mut self) -> Result<std::process::ExitStatus> {
        let pid = self.child.id().context("the worker is still running")?;
        let status = std::process::Command::new("kill")
            .args(["-TERM", &pid.to_string()])
            .status()?;
        anyhow::ensure!(status.success(), "kill -TERM {pid} failed");
        Ok(tokio::time::timeout(Duration::from_secs(20), self.child.wait()).await??)
    }
}

/// A binary of this workspace, next to the test executable's directory (`target/<profile>/`).
/// `just test` builds them before running the tests.
fn sibling_binary(name: &str) -> Result<PathBuf> {
    let test_exe = std::env::current_exe()?;
    let profile_dir = test_exe
        .parent()
        .and_then(Path::parent)
        .context("the test executable lives in target/<profile>/deps")?;
    let binary = profile_dir.join(name);
    anyhow::ensure!(
        binary.exists(),
        "{} is missing: build it first with `cargo build -p {name}`",
        binary.display()
    );
    Ok(binary)
}

/// The messages of a server's outbox (`TestServer::outbox`), oldest first.
pub fn messages(outbox: &std::path::Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(outbox) else {
        return Vec::new();
    };
    let mut names: Vec<_> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "eml"))
        .collect();
    names.sort();
    names
        .into_iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect()
}

/// Waits for the `n`-th message of the outbox (sending happens in the background).
pub async fn nth_message(outbox: &std::path::Path, n: usize) -> anyhow::Result<String> {
    for _ in 0..100 {
        if let Some(message) = messages(outbox).into_iter().nth(n - 1) {
            return Ok(message);
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    anyhow::bail!("no message #{n} in {}", outbox.display())
}

/// The only 6-digit number of the message body (quoted-printable keeps digits as they are).
pub fn code_of(message: &str) -> anyhow::Result<String> {
    let body = message
        .split_once("\r\n\r\n")
        .map(|(_, body)| body)
        .ok_or_else(|| anyhow::anyhow!("a message without a body: {message}"))?
        .replace("=\r\n", "");
    let numbers: Vec<&str> = body
        .split(|c: char| !c.is_ascii_digit())
        .filter(|part| part.len() == 6)
        .collect();
    anyhow::ensure!(numbers.len() == 1, "one 6-digit number in: {body}");
    Ok(numbers[0].to_owned())
}

/// A Redis server of the test's own, to stop and start again.
pub struct OwnRedis {
    port: u16,
    dir: std::path::PathBuf,
    child: Option<std::process::Child>,
}

impl OwnRedis {
    /// Starts a server on a port free now (the system's choice: a port derived from the
    /// process id could be a local port of one of the machine's open connections, and the
    /// server would not start).
    pub fn start(dir: &std::path::Path) -> Result<Self> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")?
            .local_addr()?
            .port();
        let mut this = Self {
            port,
            dir: dir.to_owned(),
            child: None,
        };
        this.restart()?;
        Ok(this)
    }

    /// Starts the server and waits until it accepts connections (at most 10 s); a server that
    /// exits instead is an error that says so.
    pub fn restart(&mut self) -> Result<()> {
        let mut child = std::process::Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--appendonly", "yes", "--save", ""])
            .arg("--dir")
            .arg(&self.dir)
            .stdout(std::process::Stdio::null())
            .spawn()
            .context("starting redis-server")?;
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(status) = child.try_wait()? {
                anyhow::bail!("redis-server on port {} exited: {status}", self.port);
            }
            if std::net::TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                break;
            }
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                anyhow::bail!(
                    "redis-server on port {} did not listen within 10 s",
                    self.port
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.child = Some(child);
        Ok(())
    }

    /// Stops the server as an operator does (SIGTERM: Redis writes its append-only file out
    /// and exits).
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = std::process::Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status();
            let _ = child.wait();
        }
    }

    /// Stops the server, deletes its data and starts it again: Redis comes back empty.
    pub fn wipe(&mut self) -> Result<()> {
        self.stop();
        std::fs::remove_dir_all(&self.dir)?;
        std::fs::create_dir_all(&self.dir)?;
        self.restart()
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }
}

impl Drop for OwnRedis {
    fn drop(&mut self) {
        self.stop();
    }
}

pub async fn connect_when_up(url: &str, namespace: &str) -> Result<shared::jobs::Redis> {
    for _ in 0..100 {
        if let Ok(redis) = shared::jobs::Redis::connect(url, namespace).await {
            return Ok(redis);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    anyhow::bail!("Redis at {url} did not start")
}

/// A callback receiver for the tests (the importing system).
/// Records every request it receives and answers with the next status of its script (200
/// once the script is over).
pub struct Receiver {
    pub url: String,
    bodies: Arc<Mutex<Vec<String>>>,
    _server: tokio::task::JoinHandle<()>,
}

impl Receiver {
    pub async fn start(script: &[u16]) -> Result<Self> {
        let acceptor = TcpListener::bind("127.0.0.1:0").into_acceptor().await?;
        let port = acceptor
            .local_addr()
            .into_iter()
            .find_map(|a| a.as_socket_addr().copied())
            .context("receiver address")?
            .port();
        let bodies = Arc::new(Mutex::new(Vec::new()));
        let statuses = Arc::new(Mutex::new(
            script.iter().copied().collect::<VecDeque<u16>>(),
        ));
        let app = {
            let bodies = bodies.clone();
            poem::endpoint::make(move |request: poem::Request| {
                let bodies = bodies.clone();
                let statuses = statuses.clone();
                async move {
                    let body = request.into_body().into_string().await.unwrap_or_default();
                    bodies.lock().expect("lock").push(body);
                    let status = statuses.lock().expect("lock").pop_front().unwrap_or(200);
                    poem::Response::builder()
                        .status(poem::http::StatusCode::from_u16(status).expect("status"))
                        .body("ricevuto")
                }
            })
        };
        let server = tokio::spawn(async move {
            let _ = poem::Server::new_with_acceptor(acceptor).run(app).await;
        });
        Ok(Self {
            url: format!("http://127.0.0.1:{port}/callback"),
            bodies,
            _server: server,
        })
    }

    pub fn bodies(&self) -> Vec<String> {
        self.bodies.lock().expect("lock").clone()
    }
}

/// A catalogue for pipeline tests: document type `contratto` with its one rule
/// (`document_rule`), and `dossier_rules` (description, code) of institute `Banca Test`.
pub async fn seed_rules(
    server: &TestServer,
    document_rule: &str,
    dossier_rules: &[(&str, &str)],
) -> Result<()> {
    use diesel::sql_types::{Text, Uuid as SqlUuid};
    use diesel_async::RunQueryDsl;

    let mut conn = server.db.pool.get().await?;
    diesel::sql_query("INSERT INTO document_types (name) VALUES ('contratto')")
        .execute(&mut conn)
        .await?;
    diesel::sql_query(
        "INSERT INTO document_rules (id, document_type_id, description, code, package_json) \
         SELECT $1, id, 'Importo del contratto', $2, '{}' FROM document_types WHERE name = 'contratto'",
    )
    .bind::<SqlUuid, _>(uuid::Uuid::now_v7())
    .bind::<Text, _>(document_rule)
    .execute(&mut conn)
    .await?;
    for (name, code) in dossier_rules {
        diesel::sql_query(
            "INSERT INTO dossier_rules (id, description, istituto_appartenenza, code, package_json) \
             VALUES ($1, $2, 'Banca Test', $3, '{}')",
        )
        .bind::<SqlUuid, _>(uuid::Uuid::now_v7())
        .bind::<Text, _>(*name)
        .bind::<Text, _>(*code)
        .execute(&mut conn)
        .await?;
    }
    Ok(())
}

/// A GraphQL WebSocket to a test server.
pub type GraphqlSocket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A GraphQL WebSocket (graphql-transport-ws) to `server`, initialised with `token`, with one
/// subscription (id "1") to `query` started.
pub async fn subscribe(
    server: &TestServer,
    token: &str,
    query: &str,
    variables: Value,
) -> Result<GraphqlSocket> {
    subscribe_at(&server.base_url, token, query, variables).await
}

/// [`subscribe`] to the API process at `base_url` (a [`Sibling`]'s, say).
pub async fn subscribe_at(
    base_url: &str,
    token: &str,
    query: &str,
    variables: Value,
) -> Result<GraphqlSocket> {
    let url = format!("{base_url}/graphql/ws").replacen("http://", "ws://", 1);
    let mut request = url.into_client_request()?;
    request
        .headers_mut()
        .insert("Sec-WebSocket-Protocol", "graphql-transport-ws".parse()?);
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await?;
    socket
        .send(Message::text(
            json!({ "type": "connection_init", "payload": { "Authorization": format!("Bearer {token}") } }).to_string(),
        ))
        .await?;
    let ack = next_message(&mut socket).await?;
    anyhow::ensure!(ack["type"] == "connection_ack", "no ack: {ack}");
    socket
        .send(Message::text(
            json!({ "id": "1", "type": "subscribe", "payload": { "query": query, "variables": variables } }).to_string(),
        ))
        .await?;
    Ok(socket)
}

pub async fn next_message<S>(socket: &mut S) -> Result<Value>
where
    S: futures::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .context("no WebSocket message within 10 s")?
            .context("the WebSocket closed")??;
        if let Message::Text(text) = message {
            return Ok(serde_json::from_str(&text)?);
        }
    }
}

/// A processed dossier to seed directly in the database: the fields tests vary.
pub struct ProcessedDossier<'a> {
    pub dossier_type_id: i64,
    pub document_type_id: i64,
    pub id_valutazione: &'a str,
    pub callback_url: Option<&'a str>,
    /// Whether the dossier records its archive's key (the caller stores the bytes).
    pub with_archive: bool,
    /// The one document's metas.
    pub metas: Value,
}

/// Inserts a processed dossier (description "Rossi") with one processed document `busta.pdf`
/// of `dossier.document_type_id`; returns (dossier id, document id). Stored files are the
/// caller's.
pub async fn insert_processed_dossier(
    server: &TestServer,
    dossier: ProcessedDossier<'_>,
) -> Result<(uuid::Uuid, uuid::Uuid)> {
    use diesel_async::RunQueryDsl;
    use shared::db::models::dossiers::{NewDocument, NewDossier};
    use shared::db::models::{DocumentState, DossierState};
    use shared::db::schema::{documents, dossiers};
    use shared::storage::keys;
    let mut conn = server.db.pool.get().await?;
    let id = uuid::Uuid::now_v7();
    diesel::insert_into(dossiers::table)
        .values(NewDossier {
            id,
            description: Some("Rossi".into()),
            state: DossierState::Processed,
            dossier_type_id: dossier.dossier_type_id,
            id_valutazione: dossier.id_valutazione.to_owned(),
            input: json!([]),
            callback_url: dossier.callback_url.map(str::to_owned),
            archive_key: dossier.with_archive.then(|| keys::archive(id)),
        })
        .execute(&mut conn)
        .await?;
    let document = uuid::Uuid::now_v7();
    diesel::insert_into(documents::table)
        .values(NewDocument {
            id: document,
            dossier_id: id,
            name: "busta.pdf".into(),
            description: None,
            document_type_id: Some(dossier.document_type_id),
            state: DocumentState::Processed,
            metas: dossier.metas,
            pdf_key: keys::document_pdf(id, document),
        })
        .execute(&mut conn)
        .await?;
    Ok((id, document))
}
