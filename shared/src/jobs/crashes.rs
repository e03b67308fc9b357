//! Jobs that crash their worker ("poison" jobs): a job whose worker process died while running
//! it — a PDF that aborts PDFium, a rule that exhausts the machine — would otherwise be run
//! again by the next worker, and the next, crash-looping the whole fleet.
//!
//! Every worker, every [`HEARTBEAT_INTERVAL`], looks for the apalis workers of every queue
//! whose heartbeat is older than [`DEAD_AFTER`] ([`settle_dead_workers`]); this replaces
//! apalis-redis's own re-enqueue of orphaned jobs, which puts them back without counting
//! anything (it is kept as a fallback only, far later: `super::APALIS_MISSED_HEARTBEATS`).
//! For each job such a worker was running:
//!
//! - when the worker's process is still alive (its presence, `super::presence`, is fresh) only
//!   its apalis worker was replaced (a Redis fetch failed), and when it stopped on purpose (a
//!   clean shutdown whose timeout ran out before the job ended: `presence::stopped_key`), the
//!   job did not crash anything: it goes back to its queue, as apalis would do, uncounted;
//! - otherwise the process died with the job: that death is recorded as a failed attempt of the
//!   job (`job_failures`, code [`WORKER_CRASHED`]) and counts as a delivery; after
//!   [`DEATHS_ALLOWED`] deaths the job is ended for good — its `failed_jobs` row, its outbox
//!   entry ended, its document or dossier moved to a final state with the reason — and goes to
//!   the dead set instead of its queue. All of it in one PostgreSQL transaction, before Redis is
//!   touched; Redis is then settled by one Lua script that acts only if the worker is still
//!   dead and the job still its own, so several workers settling at once act once.

use std::time::Duration;

use chrono::Utc;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use super::failures::{self, FailedAttempt, LastAttempt};
use super::job_failure::JobFailure;
use super::pipeline::{ExtractDocument, ImportDossier, RunDocumentRules, RunDossierRules};
use super::validation::ValidationJob;
use super::what_if::WhatIfJob;
use super::{HEARTBEAT_INTERVAL, Job, JobError, MISSED_HEARTBEATS, Redis, board, outbox, presence};
use crate::db::models::{DocumentState, DossierState};
use crate::db::repo::pipeline::{self, DossierStep};
use crate::db::repo::{validation, what_if};
use crate::db::schema::job_failures;
use crate::db::{DbError, DbResult, Pool, QueryContext};
use crate::events::{self, Event};
use crate::import::store;
use crate::messages;

/// The code of a job's failure "it crashed its worker" (the web app says it).
pub const WORKER_CRASHED: &str = "worker_crashed";
/// Deaths of its worker after which a job is ended for good.
pub const DEATHS_ALLOWED: i64 = 2;
/// How long after its last heartbeat a worker counts as dead, and its jobs as orphaned
/// (30 s: a killed worker's jobs are settled 30–40 s later).
pub const DEAD_AFTER: Duration =
    Duration::from_secs(HEARTBEAT_INTERVAL.as_secs() * MISSED_HEARTBEATS as u64);

/// Settles the dead workers' jobs (see the module's documentation).
static SETTLE_ORPHANS: std::sync::LazyLock<redis::Script> =
    std::sync::LazyLock::new(|| redis::Script::new(include_str!("settle_orphans.lua")));

/// The apalis worker name of `queue`'s consumer in the worker process `instance` (unique per
/// process start), after `restarts` restarts of that consumer.
pub fn worker_name(queue: &str, instance: &str, restarts: usize) -> String {
    format!("{queue}-{instance}-{restarts}")
}

/// The process instance an apalis worker name of `queue` belongs to ([`worker_name`]).
fn instance_of<'a>(queue: &str, name: &'a str) -> Option<&'a str> {
    let rest = name.strip_prefix(queue)?.strip_prefix('-')?;
    rest.rsplit_once('-').map(|(instance, _)| instance)
}

/// `host:pid` of a process instance (`host:pid-<uuid>`), as failed attempts name workers.
fn identity_of(instance: &str) -> &str {
    instance
        .rsplit_once('-')
        .map_or(instance, |(identity, _)| identity)
}

/// The outbox id of an apalis task id (the ULID of the row's UUID).
fn job_id_of(task_id: &str) -> Option<Uuid> {
    ulid::Ulid::from_string(task_id)
        .ok()
        .map(|ulid| Uuid::from_u128(ulid.0))
}

/// Why dead workers' jobs were not settled (they are at the next look).
#[derive(Debug, thiserror::Error)]
pub enum SettleError {
    #[error(transparent)]
    Redis(#[from] JobError),
    #[error("cannot record a job's worker death: {0}")]
    Db(#[from] DbError),
}

/// What became of one orphaned job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Settled {
    /// Back to its queue (one more attempt counted when its worker died).
    Requeued,
    /// Ended for good after its worker's deaths.
    Ended,
}

/// A job a dead worker was running.
struct Orphan {
    queue: &'static str,
    task_id: String,
    job_id: Uuid,
    /// The delivery that died (1 for the first).
    attempt: i32,
    /// `host:pid` of the dead worker.
    worker: String,
    payload: Value,
}

/// Settles the jobs of every queue's dead workers; returns how many jobs were ended for good.
pub async fn settle_dead_workers(redis: &Redis, pool: &Pool) -> Result<usize, SettleError> {
    let mut ended = 0;
    for queue in board::QUEUES {
        ended += settle_queue(redis, pool, queue).await?;
    }
    Ok(ended)
}

async fn settle_queue(
    redis: &Redis,
    pool: &Pool,
    queue: &'static str,
) -> Result<usize, SettleError> {
    let keys = apalis_redis::Config::default().queue(format!("{}:{queue}", redis.namespace));
    let mut conn = redis.connection.clone();
    let dead_before = Utc::now().timestamp() - i64::try_from(DEAD_AFTER.as_secs()).unwrap_or(30);
    let dead: Vec<String> = redis::cmd("ZRANGEBYSCORE")
        .arg(keys.workers_set())
        .arg(0)
        .arg(dead_before)
        .query_async(&mut conn)
        .await
        .map_err(redis_error("list a queue's dead workers"))?;
    let mut ended_total = 0;
    for worker in dead {
        let inflight = format!("{}:{worker}", keys.inflight_jobs_set());
        let task_ids: Vec<String> = redis::cmd("SMEMBERS")
            .arg(&inflight)
            .query_async(&mut conn)
            .await
            .map_err(redis_error("list a dead worker's jobs"))?;
        let instance = instance_of(queue, &worker);
        // Alive, or stopped on purpose: either way not a crash.
        let alive = match instance {
            Some(instance) => {
                redis::cmd("EXISTS")
                    .arg(presence::worker_key(&redis.namespace, instance))
                    .arg(presence::stopped_key(&redis.namespace, instance))
                    .query_async::<u32>(&mut conn)
                    .await
                    .map_err(redis_error("look for a dead worker's process"))?
                    > 0
            }
            None => false,
        };
        let mut requeue = Vec::new();
        let mut ended = Vec::new();
        let mut events = Vec::new();
        for task_id in task_ids {
            let job_id = job_id_of(&task_id);
            let (Some(job_id), false) = (job_id, alive) else {
                requeue.push(task_id);
                continue;
            };
            let orphan = read_orphan(
                redis,
                &keys,
                queue,
                task_id,
                job_id,
                instance.unwrap_or(&worker),
            )
            .await?;
            match record_death(pool, &orphan).await {
                Ok((Settled::Requeued, _)) => requeue.push(orphan.task_id),
                Ok((Settled::Ended, changed)) => {
                    tracing::error!(queue, job_id = %orphan.job_id, attempt = orphan.attempt, "job ended for good: it crashed its worker {DEATHS_ALLOWED} times");
                    events.extend(changed);
                    ended.push(orphan.task_id);
                }
                // Left orphaned until PostgreSQL answers: the next look settles it.
                Err(error) => return Err(error.into()),
            }
        }
        if !requeue.is_empty() {
            tracing::warn!(
                queue,
                worker,
                jobs = requeue.len(),
                alive,
                "jobs of a dead worker go back to their queue"
            );
        }
        ended_total += ended.len();
        let mut invocation = SETTLE_ORPHANS.prepare_invoke();
        invocation
            .key(keys.workers_set())
            .key(&inflight)
            .key(keys.active_jobs_list())
            .key(keys.signal_list())
            .key(keys.dead_jobs_set())
            .key(keys.job_meta_hash())
            .key(super::signals::wake_channel(&redis.namespace))
            .arg(&worker)
            .arg(dead_before)
            .arg(queue)
            .arg(requeue.len())
            .arg(&requeue)
            .arg(&ended);
        invocation
            .invoke_async::<u64>(&mut conn)
            .await
            .map_err(redis_error("settle a dead worker's jobs"))?;
        for event in events {
            events::notify(redis, event).await;
        }
    }
    Ok(ended_total)
}

fn redis_error(action: &'static str) -> impl Fn(redis::RedisError) -> JobError {
    move |source| JobError::Redis { action, source }
}

/// The orphaned job's delivery count and payload, from its queue's keys.
async fn read_orphan(
    redis: &Redis,
    keys: &apalis_redis::Config,
    queue: &'static str,
    task_id: String,
    job_id: Uuid,
    instance: &str,
) -> Result<Orphan, JobError> {
    let (attempts, payload): (Option<i32>, Option<Vec<u8>>) = redis::pipe()
        .hget(format!("{}:{task_id}", keys.job_meta_hash()), "attempts")
        .hget(keys.job_data_hash(), &task_id)
        .query_async(&mut redis.connection.clone())
        .await
        .map_err(redis_error("read an orphaned job"))?;
    Ok(Orphan {
        queue,
        task_id,
        job_id,
        attempt: attempts.unwrap_or(0).saturating_add(1),
        worker: identity_of(instance).to_owned(),
        payload: payload
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or(Value::Null),
    })
}

/// Records that `orphan`'s worker died running it and, at the [`DEATHS_ALLOWED`]th death, ends
/// the job for good: one transaction. Returns what to do with it in Redis and the changes to
/// tell the screens. Repeating it (another worker settling at the same time) changes nothing.
async fn record_death(pool: &Pool, orphan: &Orphan) -> Result<(Settled, Vec<Event>), DbError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| -> DbResult<(Settled, Vec<Event>)> {
        let earlier: i64 = job_failures::table
            .filter(job_failures::job_id.eq(orphan.job_id))
            .filter(job_failures::error_code.eq(WORKER_CRASHED))
            .filter(job_failures::attempt.ne(orphan.attempt))
            .count()
            .get_result(conn)
            .await
            .context("counting a job's worker deaths")?;
        let deaths = earlier + 1;
        let last = deaths >= DEATHS_ALLOWED;
        let dossier_id = orphan
            .payload
            .get("dossier_id")
            .and_then(Value::as_str)
            .and_then(|id| id.parse().ok());
        let failure = JobFailure::new(
            WORKER_CRASHED,
            format!(
                "the worker process {} stopped (no heartbeat for {} s) while running this job",
                orphan.worker,
                DEAD_AFTER.as_secs()
            ),
        )
        .with("deaths", deaths);
        let attempt = FailedAttempt {
            job_id: orphan.job_id,
            attempt: orphan.attempt,
            queue: orphan.queue.to_owned(),
            worker: orphan.worker.clone(),
            failure,
            failed_at: Utc::now(),
            last: last.then(|| LastAttempt {
                payload: orphan.payload.clone(),
                dossier_id,
                attempts: orphan.attempt,
            }),
        };
        failures::record_attempt_with(conn, &attempt).await?;
        if !last {
            return Ok((Settled::Requeued, Vec::new()));
        }
        outbox::finished_with(conn, &[orphan.job_id]).await?;
        let changed = end_work(conn, orphan.queue, &orphan.payload).await?;
        Ok((Settled::Ended, changed))
    })
    .await
}

fn decode<J: Job>(payload: &Value) -> Option<J> {
    serde_json::from_value(payload.clone())
        .map_err(|error| tracing::warn!(%error, queue = J::QUEUE, "the crashed job's payload is unreadable"))
        .ok()
}

/// Moves what a job ended for good was working on to its final state, with the reason; returns
/// the changes to tell the screens. Jobs that leave nothing waiting on them (a callback, an
/// e-mail, a playground run someone awaits) change nothing.
async fn end_work(
    conn: &mut AsyncPgConnection,
    queue: &str,
    payload: &Value,
) -> DbResult<Vec<Event>> {
    let mut changed = Vec::new();
    match queue {
        ExtractDocument::QUEUE => {
            if let Some(job) = decode::<ExtractDocument>(payload) {
                end_document(conn, job.document_id, &mut changed).await?;
            }
        }
        RunDocumentRules::QUEUE => {
            if let Some(job) = decode::<RunDocumentRules>(payload) {
                end_document(conn, job.document_id, &mut changed).await?;
            }
        }
        RunDossierRules::QUEUE => {
            if let Some(job) = decode::<RunDossierRules>(payload)
                && pipeline::end_rules_run(
                    conn,
                    job.dossier_id,
                    job.run_id,
                    &messages::crashed_dossier_rules(),
                )
                .await?
            {
                changed.push(Event::dossier(job.dossier_id, DossierState::CannotProcess));
            }
        }
        ImportDossier::QUEUE => {
            if let Some(job) = decode::<ImportDossier>(payload)
                && store::dossier_cannot_process(conn, job.dossier_id, &messages::crashed_import())
                    .await?
            {
                changed.push(Event::dossier(job.dossier_id, DossierState::CannotProcess));
            }
        }
        WhatIfJob::QUEUE => {
            if let Some(job) = decode::<WhatIfJob>(payload) {
                what_if::finish(conn, job.run_id, Some(&messages::crashed_run())).await?;
            }
        }
        ValidationJob::QUEUE => {
            if let Some(ValidationJob {
                validation_id: Some(id),
                ..
            }) = decode::<ValidationJob>(payload)
            {
                validation::fail(conn, id, &messages::crashed_run()).await?;
            }
        }
        _ => {}
    }
    Ok(changed)
}

/// The document `cannot process` because it crashed its worker (if it was still in the pipeline),
/// then its dossier moved on as after any document done.
async fn end_document(
    conn: &mut AsyncPgConnection,
    document_id: Uuid,
    changed: &mut Vec<Event>,
) -> DbResult<()> {
    let Some(document) = pipeline::find_document(conn, document_id).await? else {
        return Ok(());
    };
    let dossier_id = document.dossier_id;
    if pipeline::mark_document_failed(conn, document_id, &messages::crashed_document()).await? {
        changed.push(Event::document(
            dossier_id,
            document_id,
            DocumentState::CannotProcess,
        ));
    }
    match pipeline::advance_dossier(conn, dossier_id).await? {
        DossierStep::CannotProcess => {
            changed.push(Event::dossier(dossier_id, DossierState::CannotProcess));
        }
        DossierStep::Conflicts => changed.push(Event::dossier(dossier_id, DossierState::Conflicts)),
        DossierStep::Wait | DossierStep::RunRules { .. } => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worker_name_leads_to_its_process() {
        let name = worker_name("document-rules", "host-1:42-0192abcd", 3);
        let instance = instance_of("document-rules", &name);
        assert_eq!(instance, Some("host-1:42-0192abcd"));
        assert_eq!(identity_of("host-1:42-0192abcd"), "host-1:42");
        assert_eq!(
            instance_of("extract", &name),
            None,
            "another queue's worker"
        );
    }

    #[test]
    fn an_outbox_job_id_is_read_back_from_its_task_id() {
        let id = Uuid::now_v7();
        let task_id = ulid::Ulid::from(id.as_u128()).to_string();
        assert_eq!(job_id_of(&task_id), Some(id));
        assert_eq!(job_id_of("not-a-ulid"), None);
    }
}
