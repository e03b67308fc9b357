//! Test harness: the real API server in-process on an ephemeral port, over a database of its
//! own and a Redis namespace of its own, and real worker processes.
#![allow(dead_code)] // each test binary uses part of the harness

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use api::state::AppState;
use poem::listener::{Acceptor, Listener, TcpListener};
use serde_json::{Value, json};
use shared::config::{ApiConfig, Vars};
use shared::testing::{TestDatabase, unique_name};
use tokio::process::{Child, Command};
use tokio::sync::oneshot;

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
    pub client: reqwest::Client,
    pub state: Arc<AppState>,
    shutdown: Option<oneshot::Sender<()>>,
    server: tokio::task::JoinHandle<Result<()>>,
}

pub struct Options<'a> {
    pub web_dist: &'a Path,
    pub job_wait_timeout_ms: u64,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Self {
            web_dist: Path::new("/nonexistent-web-dist"),
            job_wait_timeout_ms: 15_000,
        }
    }
}

impl TestServer {
    pub async fn start(options: Options<'_>) -> Result<Self> {
        let db = TestDatabase::create().await?;
        let namespace = unique_name("ns");
        let redis_url = redis_url();
        let wait = options.job_wait_timeout_ms.to_string();
        let web_dist = options.web_dist.to_string_lossy().into_owned();
        let config = ApiConfig::from_vars(&Vars::from_pairs([
            ("ISTRUTTORIA_DATABASE_URL", db.url.as_str()),
            ("ISTRUTTORIA_DATABASE_POOL_SIZE", "4"),
            ("ISTRUTTORIA_REDIS_URL", redis_url.as_str()),
            ("ISTRUTTORIA_QUEUE_NAMESPACE", namespace.as_str()),
            ("ISTRUTTORIA_HTTP_ADDR", "127.0.0.1:0"),
            ("ISTRUTTORIA_WEB_DIST", web_dist.as_str()),
            ("ISTRUTTORIA_JOB_WAIT_TIMEOUT_MS", wait.as_str()),
            ("ISTRUTTORIA_SHUTDOWN_TIMEOUT_SECS", "5"),
            ("ISTRUTTORIA_JWT_SECRET", JWT_SECRET),
        ]))?;
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
        Ok(Self {
            base_url: format!("http://{addr}"),
            db,
            namespace,
            client: reqwest::Client::new(),
            state,
            shutdown: Some(shutdown),
            server,
        })
    }

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

    /// Creates the first administrator with `email` and `password`.
    pub async fn seed_admin(&self, email: &str, password: &str) -> Result<()> {
        shared::accounts::seed_admin(&self.db.pool, email, Some(password)).await?;
        Ok(())
    }

    /// Starts a real worker process on this server's database and Redis namespace.
    pub async fn spawn_worker(&self) -> Result<WorkerProcess> {
        WorkerProcess::spawn(&self.db.url, &self.namespace).await
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
        let binary = sibling_binary("worker")?;
        let child = Command::new(&binary)
            .env("ISTRUTTORIA_DATABASE_URL", database_url)
            .env("ISTRUTTORIA_DATABASE_POOL_SIZE", "2")
            .env("ISTRUTTORIA_REDIS_URL", redis_url())
            .env("ISTRUTTORIA_QUEUE_NAMESPACE", namespace)
            .env("ISTRUTTORIA_SHUTDOWN_TIMEOUT_SECS", "5")
            .env("RUST_LOG", "info")
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
