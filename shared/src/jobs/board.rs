//! The jobs dashboard's view of the queues, read from apalis-redis's keys (their names come from
//! its `Config`, because its own listing and statistics calls are broken in 1.0), and the
//! pause and resume of a queue.
//!
//! A job that fails is retried (after 1 s, 2 s, … — apalis-redis's schedule) until the
//! worker's `ISTRUTTORIA_JOB_MAX_ATTEMPTS`; it then fails for good: the worker records it in
//! PostgreSQL (`failures`), where the dashboard lists, retries and discards it. Redis keeps
//! what is waiting, running or to be retried, not the history: the workers sweep the done jobs
//! ([`sweep_done`]) and the failed ones ([`sweep_dead`]) away.

use redis::AsyncCommands;
use serde::Serialize;

use super::pipeline::{
    ExtractDocument, ImportDossier, NotifyCannotProcess, RunDocumentRules, RunDossierRules,
    SendCallback,
};
use super::{
    Job, JobError, Redis, load::LoadJob, ping::PingJob, rules::RuleRunJob,
    validation::ValidationJob, what_if::WhatIfJob,
};

/// Every queue, in the order of the pipeline.
pub const QUEUES: [&str; 11] = [
    ImportDossier::QUEUE,
    ExtractDocument::QUEUE,
    RunDocumentRules::QUEUE,
    RunDossierRules::QUEUE,
    SendCallback::QUEUE,
    NotifyCannotProcess::QUEUE,
    RuleRunJob::QUEUE,
    WhatIfJob::QUEUE,
    ValidationJob::QUEUE,
    PingJob::QUEUE,
    LoadJob::QUEUE,
];

/// How many jobs of a queue are in each state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QueueCounts {
    pub queue: &'static str,
    /// Waiting for a worker.
    pub waiting: u64,
    /// Failed, to be tried again.
    pub retrying: u64,
    /// Being run by a worker now.
    pub running: u64,
    /// Failed for good and not yet swept from the dead set (seconds at most): the failed
    /// jobs are counted in PostgreSQL (`failures::count_by_queue`).
    pub failed: u64,
}

/// The queue named `name`, if it is one of [`QUEUES`].
pub fn queue(name: &str) -> Option<&'static str> {
    QUEUES.iter().copied().find(|q| *q == name)
}

fn keys(redis: &Redis, queue: &str) -> apalis_redis::Config {
    apalis_redis::Config::default().queue(format!("{}:{queue}", redis.namespace))
}

fn redis_error(action: &'static str) -> impl Fn(redis::RedisError) -> JobError {
    move |source| JobError::Redis { action, source }
}

/// When the oldest job waiting in `queue`'s active list was written — the time of its id, a
/// ULID (the outbox row's UUID v7) — looking at both ends of the list; `None` when none waits
/// (or its id is not a ULID).
pub async fn oldest_waiting(
    redis: &Redis,
    queue: &str,
) -> Result<Option<chrono::DateTime<chrono::Utc>>, JobError> {
    let list = keys(redis, queue).active_jobs_list();
    let (first, last): (Option<String>, Option<String>) = redis::pipe()
        .lindex(&list, 0)
        .lindex(&list, -1)
        .query_async(&mut redis.connection.clone())
        .await
        .map_err(redis_error("look at a queue's waiting jobs"))?;
    Ok([first, last]
        .into_iter()
        .flatten()
        .filter_map(|id| ulid::Ulid::from_string(&id).ok())
        .map(|id| chrono::DateTime::<chrono::Utc>::from(id.datetime()))
        .min())
}

/// The counts of every queue.
pub async fn counts(redis: &Redis) -> Result<Vec<QueueCounts>, JobError> {
    let mut conn = redis.connection.clone();
    let mut out = Vec::with_capacity(QUEUES.len());
    for queue in QUEUES {
        let keys = keys(redis, queue);
        let workers: Vec<String> = conn
            .zrange(keys.workers_set(), 0, -1)
            .await
            .map_err(redis_error("list a queue's workers"))?;
        let mut pipe = redis::pipe();
        pipe.llen(keys.active_jobs_list())
            .zcard(keys.scheduled_jobs_set())
            .scard(keys.dead_jobs_set());
        for worker in &workers {
            pipe.scard(format!("{}:{worker}", keys.inflight_jobs_set()));
        }
        let counts: Vec<u64> = pipe
            .query_async(&mut conn)
            .await
            .map_err(redis_error("count a queue's jobs"))?;
        out.push(QueueCounts {
            queue,
            waiting: counts[0],
            retrying: counts[1],
            failed: counts[2],
            running: counts[3..].iter().sum(),
        });
    }
    Ok(out)
}

/// Forgets up to `batch` done jobs of a queue (their id, payload and metadata); returns how
/// many. Any worker may run it at any time: each job is taken by one caller only (SPOP).
pub async fn sweep_done(redis: &Redis, queue: &str, batch: usize) -> Result<usize, JobError> {
    let keys = keys(redis, queue);
    sweep(redis, &keys, keys.done_jobs_set(), batch, "sweep done jobs").await
}

/// Forgets up to `batch` jobs of a queue's dead set — the jobs that failed for good, which the
/// worker recorded in PostgreSQL (`failures`) as they failed; returns how many.
pub async fn sweep_dead(redis: &Redis, queue: &str, batch: usize) -> Result<usize, JobError> {
    let keys = keys(redis, queue);
    sweep(
        redis,
        &keys,
        keys.dead_jobs_set(),
        batch,
        "sweep failed jobs",
    )
    .await
}

async fn sweep(
    redis: &Redis,
    keys: &apalis_redis::Config,
    set: String,
    batch: usize,
    action: &'static str,
) -> Result<usize, JobError> {
    let script = redis::Script::new(
        r"
        local ids = redis.call('SPOP', KEYS[1], ARGV[1])
        for _, id in ipairs(ids) do
            redis.call('HDEL', KEYS[2], id)
            redis.call('DEL', KEYS[3] .. ':' .. id)
        end
        return #ids
        ",
    );
    let swept: usize = script
        .key(set)
        .key(keys.job_data_hash())
        .key(keys.job_meta_hash())
        .arg(batch)
        .invoke_async(&mut redis.connection.clone())
        .await
        .map_err(redis_error(action))?;
    Ok(swept)
}

/// Pauses (`paused`) or resumes a queue — its workers stop or start fetching its jobs
/// (`signals`) — and writes the audit entry (`queue.pause`, `queue.resume`) once Redis has
/// taken the change. `false` when the queue was paused (resumed) already: nothing is audited.
pub async fn set_paused(
    pool: &crate::db::Pool,
    redis: &Redis,
    actor: Option<&crate::db::repo::audit::Actor>,
    queue: &'static str,
    paused: bool,
) -> Result<bool, PauseError> {
    let changed = if paused {
        super::signals::pause(redis, queue).await?
    } else {
        super::signals::resume(redis, queue).await?
    };
    if changed {
        let mut conn = pool.get().await.map_err(crate::db::DbError::Checkout)?;
        crate::db::repo::audit::record(
            &mut conn,
            actor,
            crate::db::repo::audit::Entry {
                action: if paused {
                    "queue.pause"
                } else {
                    "queue.resume"
                },
                target_type: "queue",
                target_id: queue,
                details: serde_json::json!({}),
            },
        )
        .await?;
        tracing::info!(
            queue,
            paused,
            "queue {}",
            if paused { "paused" } else { "resumed" }
        );
    }
    Ok(changed)
}

/// Why a pause or a resume failed.
#[derive(Debug, thiserror::Error)]
pub enum PauseError {
    #[error(transparent)]
    Redis(#[from] JobError),
    #[error(transparent)]
    Db(#[from] crate::db::DbError),
}
