//! The `ping` job: proves a job travels from the API through Redis to a worker and back.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Job, JobError, Queues, Redis, replies};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PingJob {
    /// Chosen by the sender; the reply is addressed to it.
    pub id: Uuid,
    pub requested_at: DateTime<Utc>,
}

impl Job for PingJob {
    const QUEUE: &'static str = "ping";
}

/// What the worker answers to a [`PingJob`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PingReply {
    /// `host:pid` of the worker process that ran the job.
    pub worker: String,
    pub answered_at: DateTime<Utc>,
}

/// Pushes a [`PingJob`]; its id, to wait for the reply with [`wait_reply`].
pub async fn send(queues: &Queues) -> Result<Uuid, JobError> {
    let job = PingJob {
        id: Uuid::now_v7(),
        requested_at: Utc::now(),
    };
    let id = job.id;
    queues.push(job).await?;
    Ok(id)
}

/// The reply to the ping `id`, waited for at most `wait`.
pub async fn wait_reply(redis: &Redis, id: Uuid, wait: Duration) -> Result<PingReply, JobError> {
    replies::wait(redis, id, wait).await
}
