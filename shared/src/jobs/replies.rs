//! Replies from a worker to whoever awaits a job (the API for a `ping` or, later, a playground
//! run). The worker pushes the reply onto a short-lived Redis list named after the job id; the
//! waiter pops it with a bounded blocking read, so a reply sent before the wait began is not lost.

use std::time::Duration;

use redis::AsyncCommands;
use serde::Serialize;
use serde::de::DeserializeOwned;
use uuid::Uuid;

use super::{JobError, Redis};

/// How long an unclaimed reply stays in Redis.
const REPLY_TTL_SECS: i64 = 300;

fn reply_key(redis: &Redis, job_id: Uuid) -> String {
    format!("{}:replies:{job_id}", redis.namespace)
}

/// Sends `reply` for `job_id`. Sending twice (a job that ran twice) leaves two copies; the
/// waiter takes the first and the rest expire.
pub async fn send<T: Serialize>(redis: &Redis, job_id: Uuid, reply: &T) -> Result<(), JobError> {
    let payload = serde_json::to_string(reply).map_err(JobError::Encode)?;
    let key = reply_key(redis, job_id);
    redis::pipe()
        .atomic()
        .rpush(&key, payload)
        .ignore()
        .expire(&key, REPLY_TTL_SECS)
        .ignore()
        .query_async::<()>(&mut redis.connection.clone())
        .await
        .map_err(|source| JobError::Redis {
            action: "send a job reply",
            source,
        })
}

/// Waits at most `timeout` for the reply to `job_id`.
pub async fn wait<T: DeserializeOwned>(
    redis: &Redis,
    job_id: Uuid,
    timeout: Duration,
) -> Result<T, JobError> {
    // A blocking pop holds its connection: use one of its own, not the shared multiplexed one.
    let config = redis::AsyncConnectionConfig::new()
        .set_response_timeout(Some(timeout + Duration::from_secs(5)));
    let mut conn = redis
        .client
        .get_multiplexed_async_connection_with_config(&config)
        .await
        .map_err(|source| JobError::Redis {
            action: "connect to wait for a job reply",
            source,
        })?;
    let popped: Option<(String, String)> = conn
        .blpop(reply_key(redis, job_id), timeout.as_secs_f64())
        .await
        .map_err(|source| JobError::Redis {
            action: "wait for a job reply",
            source,
        })?;
    match popped {
        Some((_, payload)) => serde_json::from_str(&payload).map_err(JobError::Decode),
        None => Err(JobError::NoReply {
            job_id,
            waited: timeout,
        }),
    }
}
