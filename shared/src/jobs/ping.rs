//! The `ping` job: proves a job travels from the API through Redis to a worker and back.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Job;

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
