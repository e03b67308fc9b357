//! The transactional job outbox against real PostgreSQL and Redis: a job written with a state
//! change reaches its queue once, whatever relays run and whatever Redis does meanwhile.

mod common;

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::{Context, Result};
use common::redis_url;
use shared::jobs::Redis;
use shared::jobs::board;
use shared::jobs::outbox::{self, Relay};
use shared::jobs::ping::PingJob;
use shared::testing::{TestDatabase, unique_name};

async fn enqueue_pings(db: &TestDatabase, n: usize) -> Result<()> {
    let mut conn = db.pool.get().await?;
    for _ in 0..n {
        outbox::enqueue(
            &mut conn,
            &PingJob {
                id: uuid::Uuid::now_v7(),
                requested_at: chrono::Utc::now(),
            },
        )
        .await?;
    }
    Ok(())
}

/// Jobs waiting in the `ping` queue of `redis`'s namespace (apalis-redis 1.0 puts a new job in
/// the queue's scheduled set, due now, which the board counts as retrying).
async fn waiting_pings(redis: &Redis) -> Result<u64> {
    let counts = board::counts(redis).await?;
    let ping = counts
        .iter()
        .find(|q| q.queue == "ping")
        .context("the ping queue's counts")?;
    Ok(ping.waiting + ping.retrying)
}

async fn outbox_rows(db: &TestDatabase) -> Result<i64> {
    use diesel::prelude::*;
    use diesel_async::RunQueryDsl;
    let mut conn = db.pool.get().await?;
    Ok(shared::db::schema::job_outbox::table
        .count()
        .get_result(&mut conn)
        .await?)
}

#[tokio::test]
async fn two_relays_at_once_push_each_job_once() -> Result<()> {
    let db = TestDatabase::create().await?;
    let redis = Redis::connect(&redis_url(), &unique_name("outbox")).await?;
    enqueue_pings(&db, 450).await?;
    let one = Relay::new(db.pool.clone(), redis.clone());
    let two = Relay::new(db.pool.clone(), redis.clone());
    let (a, b) = tokio::join!(one.drain(), two.drain());
    assert_eq!(a? + b?, 450, "every row pushed by one relay or the other");
    assert_eq!(waiting_pings(&redis).await?, 450);
    assert_eq!(outbox_rows(&db).await?, 0);
    Ok(())
}

/// A Redis server of the test's own, to stop and start again.
struct OwnRedis {
    port: u16,
    dir: std::path::PathBuf,
    child: Option<Child>,
}

impl OwnRedis {
    fn start(port: u16, dir: &std::path::Path) -> Result<Self> {
        let mut this = Self {
            port,
            dir: dir.to_owned(),
            child: None,
        };
        this.restart()?;
        Ok(this)
    }

    fn restart(&mut self) -> Result<()> {
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--appendonly", "yes", "--save", ""])
            .arg("--dir")
            .arg(&self.dir)
            .stdout(Stdio::null())
            .spawn()
            .context("starting redis-server")?;
        self.child = Some(child);
        Ok(())
    }

    fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }
}

impl Drop for OwnRedis {
    fn drop(&mut self) {
        self.stop();
    }
}

async fn connect_when_up(url: &str, namespace: &str) -> Result<Redis> {
    for _ in 0..100 {
        if let Ok(redis) = Redis::connect(url, namespace).await {
            return Ok(redis);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    anyhow::bail!("Redis at {url} did not start")
}

#[tokio::test]
async fn a_job_written_while_redis_is_down_reaches_its_queue_when_it_is_back() -> Result<()> {
    let db = TestDatabase::create().await?;
    let dir = std::env::temp_dir().join(unique_name("redis"));
    std::fs::create_dir_all(&dir)?;
    let port = 20_000 + (std::process::id() % 20_000) as u16;
    let mut server = OwnRedis::start(port, &dir)?;
    let namespace = unique_name("outbox");
    let redis = connect_when_up(&server.url(), &namespace).await?;
    let relay = Relay::new(db.pool.clone(), redis.clone());

    server.stop();
    enqueue_pings(&db, 3).await?;
    assert!(
        relay.drain().await.is_err(),
        "the push fails while Redis is down"
    );
    assert_eq!(outbox_rows(&db).await?, 3, "the jobs wait in the outbox");

    server.restart()?;
    connect_when_up(&server.url(), &namespace).await?;
    let mut pushed = 0;
    for _ in 0..100 {
        match relay.drain().await {
            Ok(n) => {
                pushed += n;
                if outbox_rows(&db).await? == 0 {
                    break;
                }
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
    assert_eq!(pushed, 3);
    assert_eq!(waiting_pings(&redis).await?, 3);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
