//! Which worker processes are alive, for the jobs dashboard: each one says so every
//! [`HEARTBEAT_INTERVAL`] ([`Presence::beat`]) and, on a clean shutdown, says it leaves
//! ([`Presence::leave`]); [`alive`] lists those heard from within [`EXPIRY`].
//!
//! Keys: the hash `<ns>:worker:<instance>` (`identity`, `started_at`, `heartbeat_at`,
//! `metrics_addr`, `queues` — JSON `[{"queue":…,"concurrency":…}]`), expiring [`EXPIRY`] after
//! each heartbeat, and the sorted set `<ns>:workers` of instances scored by their last
//! heartbeat (Unix milliseconds). A killed worker's hash expires by itself; its member is
//! pruned by the next [`alive`].

use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};
use serde::{Deserialize, Serialize};

use super::{JobError, Redis};

/// How often a worker says it is alive.
pub const HEARTBEAT_INTERVAL: Duration = Duration::from_secs(5);
/// How long a worker counts as alive after its last heartbeat.
pub const EXPIRY: Duration = Duration::from_secs(20);

/// A queue a worker consumes, and how many of its jobs it runs at once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueueConcurrency {
    pub queue: String,
    pub concurrency: usize,
}

/// A worker process that is alive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WorkerPresence {
    /// Unique per process start (`host:pid-<uuid>`): apalis's worker names end with it.
    pub instance: String,
    /// `host:pid`.
    pub identity: String,
    pub started_at: DateTime<Utc>,
    pub heartbeat_at: DateTime<Utc>,
    /// Where it serves `/metrics`, when it does.
    pub metrics_addr: Option<String>,
    pub queues: Vec<QueueConcurrency>,
}

/// The hash of a worker's presence.
pub fn worker_key(namespace: &str, instance: &str) -> String {
    format!("{namespace}:worker:{instance}")
}

/// The key that says a worker process stopped on purpose (a clean shutdown, as for a
/// deployment): the jobs it still had when its shutdown timeout ran out were not its crashes
/// (`super::crashes`). Kept [`STOPPED_REMEMBERED`].
pub fn stopped_key(namespace: &str, instance: &str) -> String {
    format!("{namespace}:worker:{instance}:stopped")
}

/// How long a clean stop is remembered: far past the moment its jobs are settled.
pub const STOPPED_REMEMBERED: Duration = Duration::from_secs(3600);

/// The sorted set of the workers, scored by their last heartbeat (Unix milliseconds).
pub fn workers_key(namespace: &str) -> String {
    format!("{namespace}:workers")
}

fn redis_error(action: &'static str) -> impl Fn(redis::RedisError) -> JobError {
    move |source| JobError::Redis { action, source }
}

/// One worker process's presence, written by its heartbeat task.
#[derive(Debug, Clone)]
pub struct Presence {
    pub instance: String,
    pub identity: String,
    pub started_at: DateTime<Utc>,
    pub metrics_addr: Option<String>,
    pub queues: Vec<QueueConcurrency>,
}

impl Presence {
    /// Says this worker is alive: its hash (expiring in [`EXPIRY`]) and its score, at once.
    pub async fn beat(&self, redis: &Redis) -> Result<(), JobError> {
        let now = Utc::now();
        let key = worker_key(&redis.namespace, &self.instance);
        let queues = serde_json::to_string(&self.queues).map_err(JobError::Encode)?;
        let fields = [
            ("identity", self.identity.clone()),
            ("started_at", rfc3339(self.started_at)),
            ("heartbeat_at", rfc3339(now)),
            (
                "metrics_addr",
                self.metrics_addr.clone().unwrap_or_default(),
            ),
            ("queues", queues),
        ];
        redis::pipe()
            .atomic()
            .hset_multiple(&key, &fields)
            .ignore()
            .expire(&key, EXPIRY.as_secs() as i64)
            .ignore()
            .zadd(
                workers_key(&redis.namespace),
                &self.instance,
                now.timestamp_millis(),
            )
            .ignore()
            .query_async::<()>(&mut redis.connection.clone())
            .await
            .map_err(redis_error("write the worker's presence"))
    }

    /// Says this worker is gone, on purpose (a clean shutdown): its presence goes, and that
    /// it stopped is kept ([`stopped_key`]).
    pub async fn leave(&self, redis: &Redis) -> Result<(), JobError> {
        redis::pipe()
            .atomic()
            .del(worker_key(&redis.namespace, &self.instance))
            .ignore()
            .set_ex(
                stopped_key(&redis.namespace, &self.instance),
                1,
                STOPPED_REMEMBERED.as_secs(),
            )
            .ignore()
            .zrem(workers_key(&redis.namespace), &self.instance)
            .ignore()
            .query_async::<()>(&mut redis.connection.clone())
            .await
            .map_err(redis_error("remove the worker's presence"))
    }

    /// Beats every [`HEARTBEAT_INTERVAL`] until aborted; a failed beat is logged and the next
    /// one tried.
    pub async fn keep_beating(self, redis: Redis) {
        let mut ticks = tokio::time::interval(HEARTBEAT_INTERVAL);
        loop {
            ticks.tick().await;
            if let Err(error) = self.beat(&redis).await {
                tracing::warn!(%error, "writing the worker's presence");
            }
        }
    }
}

fn rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// The workers heard from within [`EXPIRY`], the earliest started first. Members older than
/// that are pruned from the sorted set.
pub async fn alive(redis: &Redis) -> Result<Vec<WorkerPresence>, JobError> {
    let mut conn = redis.connection.clone();
    let workers = workers_key(&redis.namespace);
    let oldest = Utc::now().timestamp_millis() - EXPIRY.as_millis() as i64;
    let (instances,): (Vec<String>,) = redis::pipe()
        .atomic()
        .zrembyscore(&workers, "-inf", format!("({oldest}"))
        .ignore()
        .zrangebyscore(&workers, oldest, "+inf")
        .query_async(&mut conn)
        .await
        .map_err(redis_error("list the workers"))?;
    if instances.is_empty() {
        return Ok(Vec::new());
    }
    let mut pipe = redis::pipe();
    for instance in &instances {
        pipe.hgetall(worker_key(&redis.namespace, instance));
    }
    let hashes: Vec<std::collections::HashMap<String, String>> = pipe
        .query_async(&mut conn)
        .await
        .map_err(redis_error("read the workers' presence"))?;
    let mut alive: Vec<WorkerPresence> = instances
        .into_iter()
        .zip(hashes)
        .filter_map(|(instance, hash)| presence_of(instance, &hash))
        .collect();
    alive.sort_by(|a, b| (a.started_at, &a.instance).cmp(&(b.started_at, &b.instance)));
    Ok(alive)
}

/// A worker's presence from its hash; `None` when the hash expired (or is not one).
fn presence_of(
    instance: String,
    hash: &std::collections::HashMap<String, String>,
) -> Option<WorkerPresence> {
    let time = |field: &str| {
        hash.get(field)
            .and_then(|value| DateTime::parse_from_rfc3339(value).ok())
            .map(|at| at.with_timezone(&Utc))
    };
    Some(WorkerPresence {
        identity: hash.get("identity")?.clone(),
        started_at: time("started_at")?,
        heartbeat_at: time("heartbeat_at")?,
        metrics_addr: hash
            .get("metrics_addr")
            .filter(|addr| !addr.is_empty())
            .cloned(),
        queues: hash
            .get("queues")
            .and_then(|queues| serde_json::from_str(queues).ok())
            .unwrap_or_default(),
        instance,
    })
}

/// Whether a worker alive consumes `queue` (a job sent there now would be taken).
pub async fn consumed(redis: &Redis, queue: &str) -> Result<bool, JobError> {
    Ok(alive(redis)
        .await?
        .iter()
        .any(|worker| worker.queues.iter().any(|q| q.queue == queue)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_gives_the_presence_and_an_expired_one_none() {
        let hash: std::collections::HashMap<String, String> = [
            ("identity", "host:42"),
            ("started_at", "2026-01-02T03:04:05.000Z"),
            ("heartbeat_at", "2026-01-02T03:05:00.500Z"),
            ("metrics_addr", ""),
            ("queues", r#"[{"queue":"ping","concurrency":4}]"#),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
        let presence = presence_of("host:42-x".into(), &hash).expect("a presence");
        assert_eq!(presence.identity, "host:42");
        assert_eq!(presence.metrics_addr, None);
        assert_eq!(presence.heartbeat_at.timestamp_millis(), 1_767_323_100_500);
        assert_eq!(
            presence.queues,
            [QueueConcurrency {
                queue: "ping".into(),
                concurrency: 4
            }]
        );
        assert_eq!(presence_of("gone".into(), &Default::default()), None);
        assert_eq!(worker_key("ns", "h:1-a"), "ns:worker:h:1-a");
        assert_eq!(workers_key("ns"), "ns:workers");
    }
}
