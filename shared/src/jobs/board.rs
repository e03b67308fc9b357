//! The jobs dashboard's view of the queues, and its two actions on failed jobs — read and
//! written straight from apalis-redis's keys (their names come from its `Config`), because its
//! own listing and statistics calls are broken in 1.0.
//!
//! A job that fails is retried (after 1 s, 2 s, … — apalis-redis's schedule) until the
//! worker's `ISTRUTTORIA_JOB_MAX_ATTEMPTS`; it then lands in the queue's dead set, with its
//! payload and its last error kept, until someone retries or discards it here. Done jobs are
//! swept away by the workers ([`sweep_done`]): Redis holds what is waiting, running or failed,
//! not the history.

use redis::AsyncCommands;
use serde::Serialize;

use super::failure::JobFailure;
use super::pipeline::{
    ExtractDocument, ImportDossier, NotifyCannotProcess, RunDocumentRules, RunDossierRules,
    SendCallback,
};
use super::{
    Job, JobError, Redis, ping::PingJob, rules::RuleRunJob, validation::ValidationJob,
    what_if::WhatIfJob,
};

/// Every queue, in the order of the pipeline.
pub const QUEUES: [&str; 10] = [
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
    /// Failed for good: in the dead set.
    pub failed: u64,
}

/// A job that failed for good.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FailedJob {
    pub id: String,
    pub queue: &'static str,
    /// When its last attempt ended (Unix seconds), when recorded.
    pub failed_at: Option<i64>,
    /// Its attempts: the queue's deliveries, or the attempts the job made on its own when it
    /// retries inside (a callback) and says so.
    pub attempts: u32,
    /// Its last error, explained ([`JobFailure`]): code, parameters, technical detail.
    pub error: JobFailure,
    /// Its payload (JSON).
    pub payload: String,
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

/// A page of a queue's failed jobs, the latest failure first, and how many there are.
pub async fn failed(
    redis: &Redis,
    queue: &'static str,
    page_size: usize,
    page_index: usize,
) -> Result<(u64, Vec<FailedJob>), JobError> {
    let keys = keys(redis, queue);
    let mut conn = redis.connection.clone();
    let total: u64 = conn
        .scard(keys.dead_jobs_set())
        .await
        .map_err(redis_error("count the failed jobs"))?;
    // The dead set is unordered: sort it by the end of the jobs' last attempt.
    let ids: Vec<String> = redis::cmd("SORT")
        .arg(keys.dead_jobs_set())
        .arg("BY")
        .arg(format!("{}:*->done_at", keys.job_meta_hash()))
        .arg("LIMIT")
        .arg(page_index * page_size)
        .arg(page_size)
        .arg("DESC")
        .query_async(&mut conn)
        .await
        .map_err(redis_error("list the failed jobs"))?;
    let mut jobs = Vec::with_capacity(ids.len());
    for id in ids {
        let (meta, payload): (std::collections::HashMap<String, String>, Option<Vec<u8>>) =
            redis::pipe()
                .hgetall(format!("{}:{id}", keys.job_meta_hash()))
                .hget(keys.job_data_hash(), &id)
                .query_async(&mut conn)
                .await
                .map_err(redis_error("read a failed job"))?;
        let error = JobFailure::from_recorded(
            &meta
                .get("result")
                .map(|r| error_text(r))
                .unwrap_or_default(),
        );
        let deliveries: u32 = meta
            .get("attempts")
            .and_then(|a| a.parse().ok())
            .unwrap_or(0);
        jobs.push(FailedJob {
            queue,
            failed_at: meta.get("done_at").and_then(|t| t.parse().ok()),
            attempts: error
                .attempts()
                .map_or(deliveries, |own| own.max(deliveries)),
            error,
            payload: payload
                .map(|p| String::from_utf8_lossy(&p).into_owned())
                .unwrap_or_default(),
            id,
        });
    }
    Ok((total, jobs))
}

/// apalis records a job's result as JSON (`{"Err":"…"}` for a failure): its message, without
/// the wrapper that sent it to the dead set.
fn error_text(result: &str) -> String {
    let message = match serde_json::from_str::<serde_json::Value>(result) {
        Ok(serde_json::Value::Object(map)) => match map.get("Err") {
            Some(serde_json::Value::String(message)) => message.clone(),
            Some(other) => other.to_string(),
            None => result.to_owned(),
        },
        Ok(serde_json::Value::String(message)) => message,
        _ => result.to_owned(),
    };
    // Aborted by the job, then again by the worker's last allowed attempt: two wrappers.
    let mut text = message.as_str();
    while let Some(inner) = text.strip_prefix("AbortError: ") {
        text = inner;
    }
    text.to_owned()
}

/// Puts a failed job back at the end of its queue with a fresh count of attempts. `false` when
/// it is not (or no longer) a failed job of that queue.
pub async fn retry(redis: &Redis, queue: &'static str, id: &str) -> Result<bool, JobError> {
    let keys = keys(redis, queue);
    let script = redis::Script::new(
        r"
        if redis.call('SREM', KEYS[1], ARGV[1]) == 0 then return 0 end
        redis.call('HSET', KEYS[2] .. ':' .. ARGV[1], 'attempts', 0, 'status', 'Pending')
        redis.call('RPUSH', KEYS[3], ARGV[1])
        redis.call('DEL', KEYS[4])
        redis.call('LPUSH', KEYS[4], 1)
        return 1
        ",
    );
    let moved: i64 = script
        .key(keys.dead_jobs_set())
        .key(keys.job_meta_hash())
        .key(keys.active_jobs_list())
        .key(keys.signal_list())
        .arg(id)
        .invoke_async(&mut redis.connection.clone())
        .await
        .map_err(redis_error("retry a failed job"))?;
    Ok(moved == 1)
}

/// Deletes a failed job for good. `false` when it is not (or no longer) a failed job of that
/// queue.
pub async fn discard(redis: &Redis, queue: &'static str, id: &str) -> Result<bool, JobError> {
    let keys = keys(redis, queue);
    let script = redis::Script::new(
        r"
        if redis.call('SREM', KEYS[1], ARGV[1]) == 0 then return 0 end
        redis.call('HDEL', KEYS[2], ARGV[1])
        redis.call('DEL', KEYS[3] .. ':' .. ARGV[1])
        return 1
        ",
    );
    let removed: i64 = script
        .key(keys.dead_jobs_set())
        .key(keys.job_data_hash())
        .key(keys.job_meta_hash())
        .arg(id)
        .invoke_async(&mut redis.connection.clone())
        .await
        .map_err(redis_error("discard a failed job"))?;
    Ok(removed == 1)
}

/// Forgets up to `batch` done jobs of a queue (their id, payload and metadata); returns how
/// many. Any worker may run it at any time: each job is taken by one caller only (SPOP).
pub async fn sweep_done(redis: &Redis, queue: &str, batch: usize) -> Result<usize, JobError> {
    let keys = keys(redis, queue);
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
        .key(keys.done_jobs_set())
        .key(keys.job_data_hash())
        .key(keys.job_meta_hash())
        .arg(batch)
        .invoke_async(&mut redis.connection.clone())
        .await
        .map_err(redis_error("sweep done jobs"))?;
    Ok(swept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recorded_result_gives_the_error_without_its_wrappers() {
        assert_eq!(
            error_text(r#"{"Err":"AbortError: disco pieno"}"#),
            "disco pieno"
        );
        assert_eq!(
            error_text(r#"{"Err":"AbortError: AbortError: disco pieno"}"#),
            "disco pieno"
        );
        assert_eq!(error_text(r#"{"Err":"timeout"}"#), "timeout");
        assert_eq!(error_text("not json"), "not json");
    }

    #[test]
    fn an_explained_failure_survives_the_record() {
        let failure = JobFailure::new("callback_failed", "Il sistema chiamato ha risposto 500")
            .with("attempts", 6)
            .with("cause", "http_status")
            .with("status", 500);
        let recorded = serde_json::json!({ "Err": format!("AbortError: {failure}") }).to_string();
        assert_eq!(JobFailure::from_recorded(&error_text(&recorded)), failure);
    }
}
