//! Real `worker` processes for the tests.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

use super::redis_server::connect_when_up;
use super::server::redis_url;
use super::wait::{PATIENCE, eventually};

/// A `worker` binary running as a child process; killed if the test drops it.
pub struct WorkerProcess {
    pub child: Child,
    /// The lines it has logged so far (passed on to the test's output as they come).
    log: Arc<Mutex<Vec<String>>>,
}

impl WorkerProcess {
    /// Starts a worker on the database at `database_url` and the Redis namespace `namespace`,
    /// with the configuration variables `env` besides.
    pub async fn spawn_with_env(
        database_url: &str,
        namespace: &str,
        env: &[(String, String)],
    ) -> Result<Self> {
        let binary = sibling_binary("worker")?;
        let mut child = Command::new(&binary)
            .env("ISTRUTTORIA_REDIS_URL", redis_url())
            .env("RUST_LOG", "info")
            // Tests run many workers at once: each serves its metrics on a free port.
            .env("ISTRUTTORIA_WORKER_METRICS_ADDR", "127.0.0.1:0")
            .envs(env.iter().map(|(name, value)| (name, value)))
            .env("ISTRUTTORIA_DATABASE_URL", database_url)
            .env("ISTRUTTORIA_DATABASE_POOL_SIZE", "2")
            .env("ISTRUTTORIA_QUEUE_NAMESPACE", namespace)
            .env("ISTRUTTORIA_SHUTDOWN_TIMEOUT_SECS", "5")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {}", binary.display()))?;
        let output = child.stdout.take().context("the worker's output")?;
        let log = Arc::new(Mutex::new(Vec::new()));
        tokio::spawn({
            let log = log.clone();
            async move {
                let mut lines = BufReader::new(output).lines();
                while let Ok(Some(line)) = lines.next_line().await {
                    println!("{line}");
                    log.lock().expect("the worker's log").push(line);
                }
            }
        });
        Ok(Self { child, log })
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
        let what = format!("the worker {} saying it is alive", self.pid());
        eventually(PATIENCE, &what, async || {
            let alive = shared::jobs::presence::alive(&redis).await?;
            if alive
                .iter()
                .any(|worker| worker.identity.ends_with(&suffix))
            {
                return Ok(Some(()));
            }
            if let Some(status) = self.child.try_wait()? {
                anyhow::bail!("the worker exited at start: {status}");
            }
            Ok(None)
        })
        .await
    }

    /// Waits until the worker logs a line containing `text`.
    pub async fn until_logged(&self, text: &str) -> Result<()> {
        let what = format!("the worker {} logging «{text}»", self.pid());
        eventually(PATIENCE, &what, async || {
            let log = self.log.lock().expect("the worker's log");
            Ok(log.iter().any(|line| line.contains(text)).then_some(()))
        })
        .await
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
