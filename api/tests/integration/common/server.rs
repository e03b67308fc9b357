//! The API server of a test: in-process on an ephemeral port, over a database of its own, a
//! Redis namespace of its own, its own storage and mail directories.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use api::state::AppState;
use poem::listener::{Acceptor, Listener, TcpListener};
use serde_json::{Value, json};
use shared::config::{ApiConfig, GraphqlLimits, ImportLimits, Vars};
use shared::testing::{TestDatabase, unique_name};
use tokio::sync::oneshot;

use super::worker::WorkerProcess;

/// The administrator [`TestServer::admin_token`] seeds.
pub const ADMIN_EMAIL: &str = "admin@test.local";
pub const ADMIN_PASSWORD: &str = "admin-password";

/// Redis for the tests: `ISTRUTTORIA_TEST_REDIS_URL`, which `just test` sets.
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
        let (base_url, _, shutdown, server) = serve(self.state.config.clone()).await?;
        Ok(Sibling {
            base_url,
            _shutdown: shutdown,
            _server: server,
        })
    }
}

/// Another API process of a [`TestServer`] (see [`TestServer::sibling`]).
pub struct Sibling {
    pub base_url: String,
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

    /// Every file in this server's object storage.
    pub fn stored_files(&self) -> Vec<String> {
        let mut files = Vec::new();
        let mut pending = vec![self.storage.clone()];
        while let Some(dir) = pending.pop() {
            for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    pending.push(path);
                } else {
                    files.push(path.display().to_string());
                }
            }
        }
        files
    }

    /// Follows a download link (`DownloadResult.url`, `Document.pdfUrl`: a path of this
    /// server) with no `Authorization` header, as a browser does.
    pub async fn follow_link(&self, link: &Value) -> Result<reqwest::Response> {
        let path = link.as_str().context("a download link")?;
        Ok(reqwest::Client::new().get(self.url(path)).send().await?)
    }

    /// The bytes a download link answers, which must be a 200.
    pub async fn download(&self, link: &Value) -> Result<Vec<u8>> {
        let response = self.follow_link(link).await?;
        anyhow::ensure!(
            response.status() == reqwest::StatusCode::OK,
            "{link} answered {}",
            response.status()
        );
        Ok(response.bytes().await?.to_vec())
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
