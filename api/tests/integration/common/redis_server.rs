//! Redis for the tests: a connection once it is up, and a server of a test's own.

use std::time::Duration;

use anyhow::{Context, Result};

use super::wait::{PATIENCE, eventually};

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

/// A connection to the Redis at `url` once it accepts one.
pub async fn connect_when_up(url: &str, namespace: &str) -> Result<shared::jobs::Redis> {
    let what = format!("Redis at {url} up");
    eventually(PATIENCE, &what, async || {
        Ok(shared::jobs::Redis::connect(url, namespace).await.ok())
    })
    .await
}
