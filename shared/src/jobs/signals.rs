//! What the processes sharing a queue namespace tell each other through Redis: that a queue has
//! new jobs (so an idle worker fetches at once instead of at its next poll), and which queues
//! are paused (their workers fetch nothing until they are resumed).
//!
//! - `<ns>:wake` — a pub/sub channel; each message is the name of a queue that has new jobs.
//!   The relay publishes it in the same Lua call that pushes the jobs (`outbox`), the jobs
//!   dashboard when it retries failed jobs.
//! - `<ns>:paused` — a set of queue names, the truth about which queues are paused; it
//!   survives worker restarts and is read by every worker that starts.
//! - `<ns>:control` — a pub/sub channel; a message (the queue's name) tells the workers that the
//!   paused set changed, so that they apply it within milliseconds. Workers also read the set
//!   again every few seconds, in case they missed a message (a reconnect).

use std::collections::BTreeSet;

use redis::AsyncCommands;

use super::{JobError, Redis};

/// The channel on which "queue has new jobs" is published.
pub fn wake_channel(namespace: &str) -> String {
    format!("{namespace}:wake")
}

/// The channel on which "the paused queues changed" is published.
pub fn control_channel(namespace: &str) -> String {
    format!("{namespace}:control")
}

/// The set of the paused queues' names.
pub fn paused_key(namespace: &str) -> String {
    format!("{namespace}:paused")
}

fn redis_error(action: &'static str) -> impl Fn(redis::RedisError) -> JobError {
    move |source| JobError::Redis { action, source }
}

/// Tells the idle workers of `queue` that it has new jobs.
pub async fn wake(redis: &Redis, queue: &str) -> Result<(), JobError> {
    redis
        .connection
        .clone()
        .publish::<_, _, ()>(wake_channel(&redis.namespace), queue)
        .await
        .map_err(redis_error("wake a queue's workers"))
}

/// Pauses `queue`: every worker stops fetching its jobs (running jobs finish). `false` when it
/// was paused already.
pub async fn pause(redis: &Redis, queue: &str) -> Result<bool, JobError> {
    set_paused(redis, queue, true).await
}

/// Resumes `queue`. `false` when it was not paused.
pub async fn resume(redis: &Redis, queue: &str) -> Result<bool, JobError> {
    set_paused(redis, queue, false).await
}

async fn set_paused(redis: &Redis, queue: &str, paused: bool) -> Result<bool, JobError> {
    let key = paused_key(&redis.namespace);
    let mut pipe = redis::pipe();
    if paused {
        pipe.sadd(&key, queue);
    } else {
        pipe.srem(&key, queue);
    }
    pipe.publish(control_channel(&redis.namespace), queue)
        .ignore();
    let (changed,): (u64,) = pipe
        .atomic()
        .query_async(&mut redis.connection.clone())
        .await
        .map_err(redis_error("pause or resume a queue"))?;
    Ok(changed == 1)
}

/// The names of the paused queues.
pub async fn paused(redis: &Redis) -> Result<BTreeSet<String>, JobError> {
    redis
        .connection
        .clone()
        .smembers(paused_key(&redis.namespace))
        .await
        .map_err(redis_error("read the paused queues"))
}
