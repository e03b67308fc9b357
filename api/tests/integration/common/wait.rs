//! Waiting for what a test expects — a row, a message, the queues idle — with a deadline, never
//! for a fixed time.

use std::time::Duration;

use anyhow::Result;
use diesel::QueryDsl;
use diesel_async::RunQueryDsl;
use shared::db::schema::job_outbox;
use shared::jobs::board;

use super::server::TestServer;

/// How long a test waits for what the system does on its own (a worker's start, a dossier
/// through the pipeline, a job), unless it says otherwise.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(50);

/// Calls `check` until it gives a value, and returns it; fails, naming `what`, once `within`
/// has passed.
pub async fn eventually<T>(
    within: Duration,
    what: &str,
    mut check: impl AsyncFnMut() -> Result<Option<T>>,
) -> Result<T> {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        if let Some(value) = check().await? {
            return Ok(value);
        }
        anyhow::ensure!(
            tokio::time::Instant::now() < deadline,
            "{what}: not within {within:?}"
        );
        tokio::time::sleep(POLL).await;
    }
}

/// Waits until the queues of `server` are idle: `job_outbox` empty (every job written to the
/// outbox has finished, and with it whatever it enqueued) and no job waiting, to be retried or
/// running in Redis (the jobs pushed there directly included). What a test expects not to
/// happen has then had every chance to. A Redis that does not answer (reconnecting after a
/// restart) is not idle.
pub async fn until_idle(server: &TestServer) -> Result<()> {
    let mut busy = String::new();
    let idle = eventually(PATIENCE, "the queues idle", async || {
        let mut conn = server.db.pool.get().await?;
        let unfinished: i64 = job_outbox::table.count().get_result(&mut conn).await?;
        let queues: Vec<_> = match board::counts(&server.state.redis).await {
            Ok(counts) => counts
                .into_iter()
                .filter(|q| q.waiting + q.retrying + q.running > 0)
                .collect(),
            Err(error) => {
                busy = format!("Redis: {error}");
                return Ok(None);
            }
        };
        busy = format!("{unfinished} outbox entries, busy queues {queues:?}");
        Ok((unfinished == 0 && queues.is_empty()).then_some(()))
    })
    .await;
    idle.map_err(|error| error.context(busy))
}
