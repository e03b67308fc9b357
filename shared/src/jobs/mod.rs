//! Jobs: their payloads, the queues they travel on (apalis storages in Redis), and the replies
//! of jobs someone awaits. The API pushes; the worker's consumers live in the `worker` crate.
//!
//! apalis 1.0 notes that shape this module: a queue is named explicitly (never the type name);
//! Redis calls get a response timeout well above redis-rs's 500 ms default, because a failed
//! fetch ends an apalis worker.

pub mod board;
pub mod crashes;
pub mod failures;
pub mod job_failure;
pub mod load;
pub mod outbox;
pub mod ping;
pub mod pipeline;
pub mod presence;
pub mod replies;
pub mod rules;
pub mod signals;
pub mod throughput;
pub mod validation;
pub mod what_if;

use std::time::Duration;

use apalis_redis::{Config, RedisStorage};
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// How often a worker tells Redis it is alive (apalis-redis's heartbeat, which also renews
/// the leases of its running jobs and re-enqueues the jobs of dead workers).
pub const HEARTBEAT_INTERVAL: Duration = Duration::from_secs(10);
/// Heartbeats a worker may miss before its running jobs count as orphaned and another worker
/// settles them — its death counted, see `crashes`: `HEARTBEAT_INTERVAL × MISSED_HEARTBEATS`
/// (30 s, so a killed worker's jobs run again 30–40 s later). Proven by `api/tests/pipeline.rs`,
/// `a_run_whose_worker_is_killed_is_finished_by_another_within_a_minute`.
pub const MISSED_HEARTBEATS: usize = 3;
/// Heartbeats after which apalis-redis's own heartbeat re-enqueues a dead worker's jobs
/// (without counting the death): only a fallback, when `crashes` could not settle them for
/// 5 minutes (PostgreSQL away). Before `crashes` gets to them, apalis must not.
const APALIS_MISSED_HEARTBEATS: usize = 30;

/// Longest time one Redis command may take before it counts as failed.
const REDIS_RESPONSE_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest time a process starting waits for Redis to load its dataset (after a restart, its
/// append-only file: minutes for gigabytes) before it gives up.
const LOADING_WAIT: Duration = Duration::from_secs(600);
/// How often it asks again meanwhile.
const LOADING_POLL: Duration = Duration::from_millis(250);

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
    /// No worker alive consumes the queue: a job sent there would wait, unanswered.
    #[error("no worker is running for the {queue} queue")]
    NoWorker { queue: &'static str },
}

impl JobError {
    /// What a user waiting for the job is told: that no worker answered, or that none runs
    /// (`None`: a failure of ours, logged).
    pub fn message(&self) -> Option<crate::messages::Message> {
        match self {
            Self::NoReply { waited, .. } => Some(crate::messages::no_reply(
                waited.as_millis().div_ceil(1000).max(1),
            )),
            Self::NoWorker { .. } => Some(crate::messages::no_worker()),
            _ => None,
        }
    }
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
        let redis = Self {
            client,
            connection,
            namespace: namespace.to_owned(),
        };
        redis.wait_while_loading().await?;
        Ok(redis)
    }

    /// Waits while Redis answers `LOADING` — it accepts connections while it loads its
    /// dataset after a restart, and refuses every command until it is done — as a client waits
    /// through a restart, instead of failing at once (`just loadtest` did: "BusyLoading: Redis
    /// is loading the dataset in memory"). Gives up after [`LOADING_WAIT`].
    pub async fn wait_while_loading(&self) -> Result<(), JobError> {
        let deadline = tokio::time::Instant::now() + LOADING_WAIT;
        let mut said = false;
        loop {
            match self.ping().await {
                Err(JobError::Redis { source, .. })
                    if is_loading(&source) && tokio::time::Instant::now() < deadline =>
                {
                    if !said {
                        tracing::warn!("Redis is loading its dataset in memory; waiting for it");
                        said = true;
                    }
                    tokio::time::sleep(LOADING_POLL).await;
                }
                Ok(()) if said => {
                    tracing::info!("Redis has loaded its dataset");
                    return Ok(());
                }
                other => return other,
            }
        }
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
    ///
    /// A worker fetches at most `fetch_batch` jobs at a time — its concurrency: jobs fetched
    /// but not started would wait in its buffer while another worker idles. apalis-redis's
    /// task locks and pub/sub events are off: nothing here reads them, and the lock of each job
    /// (`acquire_leases.lua`) runs an `LREM` over the whole waiting list — O(backlog) per job,
    /// on Redis's one thread (measured by `just loadtest`, docs/benchmarks-history.md).
    pub fn storage<T>(&self, name: &str, fetch_batch: usize) -> RedisStorage<T> {
        let queue = format!("{}:{name}", self.namespace);
        RedisStorage::new(self.connection.clone()).with_config(
            Config::default()
                .queue(&queue)
                .batch_size(fetch_batch.max(1))
                .lock_tasks(false)
                .emit_events(false)
                .heartbeat_interval(HEARTBEAT_INTERVAL)
                .missed_heartbeats(APALIS_MISSED_HEARTBEATS),
        )
    }
}

/// Whether Redis refused a command because it is still loading its dataset (`LOADING`).
pub fn is_loading(error: &redis::RedisError) -> bool {
    error.kind() == redis::ErrorKind::Server(redis::ServerErrorKind::BusyLoading)
}

/// The push of a batch of jobs to one queue, woken at once (see the script's comments).
static PUSH_READY: std::sync::LazyLock<redis::Script> =
    std::sync::LazyLock::new(|| redis::Script::new(include_str!("push_ready.lua")));

/// Pushes `jobs` — (apalis task id, JSON payload) — to `queue` (inside the namespace), ready
/// now, in one Lua call that also wakes the queue's idle workers (`signals`). A task id still
/// known to the queue (not yet swept after its end) is not pushed again. Returns how many were
/// pushed.
pub async fn push_ready(
    redis: &Redis,
    queue: &str,
    jobs: impl IntoIterator<Item = (String, String)>,
) -> Result<u64, redis::RedisError> {
    let keys = Config::default().queue(format!("{}:{queue}", redis.namespace));
    let mut invocation = PUSH_READY.prepare_invoke();
    invocation
        .key(keys.job_data_hash())
        .key(keys.active_jobs_list())
        .key(keys.signal_list())
        .key(keys.job_meta_hash())
        .key(signals::wake_channel(&redis.namespace))
        .arg(queue);
    for (id, payload) in jobs {
        invocation.arg(id).arg(payload);
    }
    invocation.invoke_async(&mut redis.connection.clone()).await
}

/// A job payload and the queue (inside the namespace) it travels on.
pub trait Job: Serialize + DeserializeOwned + Send + Sync + Unpin + 'static {
    const QUEUE: &'static str;

    /// Whether the job writes files under its dossier's storage prefix
    /// (`crate::storage::keys::dossier_prefix`). The deletion of a dossier removes that prefix
    /// once, and a job still running then writes after it: the worker removes the prefix
    /// again after such a job when its dossier is gone.
    const WRITES_DOSSIER_FILES: bool = false;

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

    /// Enqueues `job` on `J::QUEUE` now, without the outbox: for jobs someone awaits (a ping,
    /// a rule's compilation or playground run), which are worth nothing once their requester
    /// has gone.
    pub async fn push<J: Job>(&self, job: J) -> Result<(), JobError> {
        let payload = serde_json::to_string(&job).map_err(|e| JobError::Push {
            queue: J::QUEUE,
            message: e.to_string(),
        })?;
        push_ready(
            &self.redis,
            J::QUEUE,
            [(ulid::Ulid::generate().to_string(), payload)],
        )
        .await
        .map(drop)
        .map_err(|e| JobError::Push {
            queue: J::QUEUE,
            message: e.to_string(),
        })
    }
}
