//! Jobs: their payloads, the queues they travel on (apalis storages in Redis), and the replies
//! of jobs someone awaits. The API pushes; the worker's consumers live in the `worker` crate.
//!
//! apalis 1.0 notes that shape this module: a queue is named explicitly (never the type name);
//! Redis calls get a response timeout well above redis-rs's 500 ms default, because a failed
//! fetch ends an apalis worker.

pub mod board;
pub mod failure;
pub mod outbox;
pub mod ping;
pub mod pipeline;
pub mod replies;
pub mod rules;
pub mod validation;
pub mod what_if;

use std::time::Duration;

use apalis::prelude::TaskSink;
use apalis_redis::{Config, RedisStorage};
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// How often a worker tells Redis it is alive (apalis-redis's heartbeat, which also renews
/// the leases of its running jobs and re-enqueues the jobs of dead workers).
pub const HEARTBEAT_INTERVAL: Duration = Duration::from_secs(10);
/// Heartbeats a worker may miss before its running jobs count as orphaned and another worker's
/// heartbeat re-enqueues them: `HEARTBEAT_INTERVAL × MISSED_HEARTBEATS` (30 s, so a killed
/// worker's jobs run again 30–40 s later; apalis-redis's default is 300 s). Proven by
/// `api/tests/pipeline.rs`, `a_run_whose_worker_is_killed_is_finished_by_another_within_a_minute`.
pub const MISSED_HEARTBEATS: usize = 3;

/// Longest time one Redis command may take before it counts as failed.
const REDIS_RESPONSE_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, thiserror::Error)]
pub enum JobError {
    #[error("cannot {action}: {source}")]
    Redis {
        action: &'static str,
        source: redis::RedisError,
    },
    #[error("cannot push a job to {queue}: {message}")]
    Push {
        queue: &'static str,
        message: String,
    },
    #[error("cannot encode a job reply: {0}")]
    Encode(serde_json::Error),
    #[error("cannot decode a job reply: {0}")]
    Decode(serde_json::Error),
    #[error("no worker answered job {job_id} within {waited:?}: are the workers running?")]
    NoReply {
        job_id: uuid::Uuid,
        waited: Duration,
    },
}

/// The Redis client, the shared auto-reconnecting connection of one process, and the namespace
/// that prefixes every key it uses.
#[derive(Clone)]
pub struct Redis {
    pub client: redis::Client,
    pub connection: ConnectionManager,
    pub namespace: String,
}

impl Redis {
    pub async fn connect(url: &str, namespace: &str) -> Result<Self, JobError> {
        let client = redis::Client::open(url).map_err(|source| JobError::Redis {
            action: "parse the Redis URL",
            source,
        })?;
        let config =
            ConnectionManagerConfig::new().set_response_timeout(Some(REDIS_RESPONSE_TIMEOUT));
        let connection = client
            .get_connection_manager_with_config(config)
            .await
            .map_err(|source| JobError::Redis {
                action: "connect to Redis",
                source,
            })?;
        Ok(Self {
            client,
            connection,
            namespace: namespace.to_owned(),
        })
    }

    /// PING, for readiness checks.
    pub async fn ping(&self) -> Result<(), JobError> {
        redis::cmd("PING")
            .query_async::<String>(&mut self.connection.clone())
            .await
            .map(drop)
            .map_err(|source| JobError::Redis {
                action: "ping Redis",
                source,
            })
    }

    /// The storage of queue `name` (inside the namespace) for jobs of type `T`.
    pub fn storage<T>(&self, name: &str) -> RedisStorage<T> {
        let queue = format!("{}:{name}", self.namespace);
        RedisStorage::new(self.connection.clone()).with_config(
            Config::default()
                .queue(&queue)
                .heartbeat_interval(HEARTBEAT_INTERVAL)
                .missed_heartbeats(MISSED_HEARTBEATS),
        )
    }
}

/// A job payload and the queue (inside the namespace) it travels on.
pub trait Job: Serialize + DeserializeOwned + Send + Sync + Unpin + 'static {
    const QUEUE: &'static str;

    /// The dossier the job belongs to, when its payload names it (for tracing).
    fn dossier_id(&self) -> Option<uuid::Uuid> {
        None
    }
}

/// Pushes jobs to their queues.
#[derive(Clone)]
pub struct Queues {
    redis: Redis,
}

impl Queues {
    pub fn new(redis: &Redis) -> Self {
        Self {
            redis: redis.clone(),
        }
    }

    /// Enqueues `job` on `J::QUEUE`.
    pub async fn push<J: Job>(&self, job: J) -> Result<(), JobError> {
        self.redis
            .storage::<J>(J::QUEUE)
            .push(job)
            .await
            .map_err(|e| JobError::Push {
                queue: J::QUEUE,
                message: e.to_string(),
            })
    }
}
