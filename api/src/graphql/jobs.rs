//! The jobs dashboard: the queues' counts (Redis, the outbox, PostgreSQL's failed jobs, the
//! workers' throughput counters) and their pause, the last hour's throughput, the alive
//! workers, and the failed jobs — listed, filtered, opened, retried or discarded one at a time
//! or as a filtered set. The resolvers translate; the rules live in `shared::jobs::board`,
//! `failures`, `signals`, `throughput` and `presence`.

use std::collections::HashMap;
use std::sync::Arc;

use async_graphql::{Context, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use shared::jobs::failures::{self, FailureFilter};
use shared::jobs::{board, outbox, presence, signals, throughput};
use uuid::Uuid;

use super::support::caller::{actor, claims};
use super::support::errors::{bad_input, internal, not_found};
use super::support::ids;
use super::support::table::{Column, Page, TableInput, TableSpec};
use crate::state::AppState;
use shared::messages;

/// The failed jobs list: newest failure first; its filters are [`FailedJobFilter`].
const FAILED_JOBS: TableSpec = TableSpec {
    columns: &[Column::new("failedAt").aliases(&["failed_at"]).sortable()],
    default_sort: "failedAt",
    default_descending: true,
};

/// Longest text of the error filter.
const MAX_ERROR_FILTER: usize = 200;

/// How many jobs of a queue are in each state.
#[derive(SimpleObject)]
pub struct JobQueue {
    pub name: String,
    /// Waiting for a worker.
    pub waiting: i64,
    /// Written to the outbox and not yet in the queue (held back while the queue is full).
    pub outbox: i64,
    /// Failed, to be tried again soon.
    pub retrying: i64,
    /// Being run by a worker now.
    pub running: i64,
    /// Failed for good: waiting for someone to retry or discard them.
    pub failed: i64,
    /// Succeeded in the last hour (the workers' counters).
    pub done_last_hour: i64,
    /// Failed for good in the last hour.
    pub failed_last_hour: i64,
    /// Paused: its workers fetch nothing until it is resumed.
    pub paused: bool,
}

/// One minute of a queue's throughput.
#[derive(SimpleObject)]
pub struct ThroughputMinute {
    /// The minute's start.
    pub at: DateTime<Utc>,
    pub succeeded: i64,
    /// Failed for good.
    pub failed: i64,
    /// Failed, to be tried again.
    pub retried: i64,
}

/// A queue's last hour, minute by minute, the oldest first.
#[derive(SimpleObject)]
pub struct QueueThroughput {
    pub queue: String,
    pub minutes: Vec<ThroughputMinute>,
}

/// A queue a worker consumes and how many of its jobs it runs at once.
#[derive(SimpleObject)]
pub struct WorkerQueue {
    pub queue: String,
    pub concurrency: i32,
}

/// A worker process that is alive.
#[derive(SimpleObject)]
pub struct JobWorker {
    /// Unique per process start.
    pub instance: String,
    /// `host:pid`.
    pub identity: String,
    pub started_at: DateTime<Utc>,
    pub heartbeat_at: DateTime<Utc>,
    /// Where it serves `/metrics`, when it does.
    pub metrics_addr: Option<String>,
    pub queues: Vec<WorkerQueue>,
}

/// A job that failed for good.
#[derive(SimpleObject)]
pub struct FailedJob {
    pub id: ID,
    pub queue: String,
    /// When its last attempt ended.
    pub failed_at: DateTime<Utc>,
    /// Its deliveries, or the attempts it made on its own (a callback), whichever is more.
    pub attempts: i32,
    /// Its last error as the job reported it: the technical detail, in no particular language.
    pub error: String,
    /// What went wrong, as a stable code the web app translates (`job_failed` when the job did
    /// not explain its failure).
    pub error_code: String,
    /// The code's parameters, a JSON object (e.g. `{"attempts": 6, "cause": "connection_failed"}`).
    pub error_params: String,
    /// The dossier it belongs to, if any.
    pub dossier_id: Option<ID>,
    /// `host:pid` of the worker that ran its last attempt.
    pub worker: String,
}

impl From<failures::FailedJob> for FailedJob {
    fn from(job: failures::FailedJob) -> Self {
        Self {
            id: ID(job.job_id.to_string()),
            queue: job.queue,
            failed_at: job.failed_at,
            attempts: job.attempts,
            error: job.error,
            error_code: job.error_code,
            error_params: job.error_params.to_string(),
            dossier_id: job.dossier_id.map(|id| ID(id.to_string())),
            worker: job.worker,
        }
    }
}

/// One failed attempt of a job.
#[derive(SimpleObject)]
pub struct JobAttempt {
    /// 1 for the first delivery.
    pub attempt: i32,
    pub worker: String,
    pub error: String,
    pub error_code: String,
    pub error_params: String,
    pub failed_at: DateTime<Utc>,
}

/// A failed job with its payload, its attempts and its dossier.
#[derive(SimpleObject)]
pub struct FailedJobDetail {
    pub job: FailedJob,
    /// The job as its worker decodes it: JSON, indented.
    pub payload: String,
    /// Its failed attempts, the first first.
    pub history: Vec<JobAttempt>,
    /// Whether the dossier it belongs to still exists (false without a dossier).
    pub dossier_exists: bool,
}

/// Which failed jobs a list or a bulk action is about; an absent or empty field does not
/// filter.
#[derive(InputObject, Default)]
pub struct FailedJobFilter {
    /// Any of these queues.
    pub queues: Option<Vec<String>>,
    /// Text the error contains, any case.
    pub error_contains: Option<String>,
    /// Failed at or after.
    pub from: Option<DateTime<Utc>>,
    /// Failed before.
    pub to: Option<DateTime<Utc>>,
}

impl FailedJobFilter {
    fn parse(self) -> async_graphql::Result<FailureFilter> {
        let mut queues = Vec::new();
        for name in self.queues.unwrap_or_default() {
            queues.push(queue(&name)?.to_owned());
        }
        let error_contains = self
            .error_contains
            .map(|text| text.trim().to_owned())
            .filter(|text| !text.is_empty());
        if let Some(text) = &error_contains
            && (text.chars().count() > MAX_ERROR_FILTER || text.contains('\0'))
        {
            return Err(bad_input(
                "errorContains",
                messages::error_filter_length(MAX_ERROR_FILTER),
            ));
        }
        if let (Some(from), Some(to)) = (self.from, self.to)
            && to < from
        {
            return Err(bad_input("to", messages::period_reversed()));
        }
        Ok(FailureFilter {
            queues,
            error_contains,
            from: self.from,
            before: self.to,
        })
    }
}

/// What a bulk retry or discard did.
#[derive(SimpleObject)]
pub struct BulkJobOutcome {
    /// Jobs retried or discarded (at most 10,000 per call).
    pub done: i64,
    /// More jobs match the filter: ask again.
    pub more: bool,
}

impl From<failures::BulkOutcome> for BulkJobOutcome {
    fn from(outcome: failures::BulkOutcome) -> Self {
        Self {
            done: i64::try_from(outcome.done).unwrap_or(i64::MAX),
            more: outcome.more,
        }
    }
}

fn queue(name: &str) -> async_graphql::Result<&'static str> {
    board::queue(name.trim()).ok_or_else(|| bad_input("queue", messages::unknown_queue(name)))
}

fn count(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[derive(Default)]
pub struct JobsQuery;

#[Object]
impl JobsQuery {
    /// Every queue with its counts, in the order of the pipeline.
    async fn job_queues(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<JobQueue>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let (counts, paused, hour) = futures::try_join!(
            board::counts(&state.redis),
            signals::paused(&state.redis),
            throughput::last_hour(&state.redis),
        )
        .map_err(internal)?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let failed = failures::count_by_queue(&mut conn)
            .await
            .map_err(internal)?;
        let outbox = outbox::unsent_by_queue(&mut conn).await.map_err(internal)?;
        let hour: HashMap<&str, (u64, u64)> = hour
            .iter()
            .map(|q| {
                let done = q.minutes.iter().map(|m| m.succeeded).sum();
                let failed = q.minutes.iter().map(|m| m.failed).sum();
                (q.queue, (done, failed))
            })
            .collect();
        Ok(counts
            .into_iter()
            .map(|c| {
                let (done, failed_last_hour) = hour.get(c.queue).copied().unwrap_or_default();
                JobQueue {
                    name: c.queue.to_owned(),
                    waiting: count(c.waiting),
                    outbox: outbox.get(c.queue).copied().unwrap_or(0),
                    retrying: count(c.retrying),
                    running: count(c.running),
                    failed: failed.get(c.queue).copied().unwrap_or(0),
                    done_last_hour: count(done),
                    failed_last_hour: count(failed_last_hour),
                    paused: paused.contains(c.queue),
                }
            })
            .collect())
    }

    /// Every queue's last hour, minute by minute (the workers' counters).
    async fn job_throughput(
        &self,
        ctx: &Context<'_>,
    ) -> async_graphql::Result<Vec<QueueThroughput>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let hour = throughput::last_hour(&state.redis)
            .await
            .map_err(internal)?;
        Ok(hour
            .into_iter()
            .map(|q| QueueThroughput {
                queue: q.queue.to_owned(),
                minutes: q
                    .minutes
                    .iter()
                    .map(|m| ThroughputMinute {
                        at: m.start(),
                        succeeded: count(m.succeeded),
                        failed: count(m.failed),
                        retried: count(m.retried),
                    })
                    .collect(),
            })
            .collect())
    }

    /// The worker processes that are alive, the earliest started first.
    async fn job_workers(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<JobWorker>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let alive = presence::alive(&state.redis).await.map_err(internal)?;
        Ok(alive
            .into_iter()
            .map(|w| JobWorker {
                instance: w.instance,
                identity: w.identity,
                started_at: w.started_at,
                heartbeat_at: w.heartbeat_at,
                metrics_addr: w.metrics_addr,
                queues: w
                    .queues
                    .into_iter()
                    .map(|q| WorkerQueue {
                        queue: q.queue,
                        concurrency: i32::try_from(q.concurrency).unwrap_or(i32::MAX),
                    })
                    .collect(),
            })
            .collect())
    }

    /// A page of the failed jobs `filter` selects, the latest failure first (`page.order`:
    /// `failedAt DESC|ASC`).
    async fn failed_jobs(
        &self,
        ctx: &Context<'_>,
        filter: Option<FailedJobFilter>,
        page: Option<TableInput>,
    ) -> async_graphql::Result<Page<FailedJob>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let filter = filter.unwrap_or_default().parse()?;
        let table = FAILED_JOBS.parse(page)?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let (jobs, total) = failures::page(&mut conn, &filter, table.page())
            .await
            .map_err(internal)?;
        Ok(table.page_of(jobs.into_iter().map(FailedJob::from).collect(), total))
    }

    /// A failed job with its payload, every attempt and its dossier; null when it is not (or no
    /// longer) a failed job.
    async fn failed_job(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<Option<FailedJobDetail>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let Ok(id) = Uuid::parse_str(id.trim()) else {
            return Ok(None);
        };
        let mut conn = state.db.get().await.map_err(internal)?;
        let Some(detail) = failures::find(&mut conn, id).await.map_err(internal)? else {
            return Ok(None);
        };
        Ok(Some(FailedJobDetail {
            payload: serde_json::to_string_pretty(&detail.payload).map_err(internal)?,
            history: detail
                .attempts
                .into_iter()
                .map(|a| JobAttempt {
                    attempt: a.attempt,
                    worker: a.worker,
                    error: a.error,
                    error_code: a.error_code,
                    error_params: a.error_params.to_string(),
                    failed_at: a.failed_at,
                })
                .collect(),
            dossier_exists: detail.dossier_exists,
            job: detail.job.into(),
        }))
    }
}

#[derive(Default)]
pub struct JobsMutation;

#[Object]
impl JobsMutation {
    /// Writes a failed job to its queue again (a new job, with a fresh count of attempts).
    async fn retry_failed_job(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        let actor = actor(claims(ctx)?);
        let retried = failures::retry(&state.db, Some(&actor), ids::failed_job(&id)?)
            .await
            .map_err(internal)?;
        if retried {
            Ok(true)
        } else {
            Err(not_found(messages::job_not_found()))
        }
    }

    /// Deletes a failed job for good.
    async fn discard_failed_job(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        let actor = actor(claims(ctx)?);
        let discarded = failures::discard(&state.db, Some(&actor), ids::failed_job(&id)?)
            .await
            .map_err(internal)?;
        if discarded {
            Ok(true)
        } else {
            Err(not_found(messages::job_not_found()))
        }
    }

    /// Retries the failed jobs `filter` selects, the latest first, at most 10,000 per call.
    async fn retry_failed_jobs(
        &self,
        ctx: &Context<'_>,
        filter: FailedJobFilter,
    ) -> async_graphql::Result<BulkJobOutcome> {
        let state = ctx.data::<Arc<AppState>>()?;
        let actor = actor(claims(ctx)?);
        let filter = filter.parse()?;
        Ok(failures::retry_all(&state.db, Some(&actor), &filter)
            .await
            .map_err(internal)?
            .into())
    }

    /// Discards the failed jobs `filter` selects, at most 10,000 per call.
    async fn discard_failed_jobs(
        &self,
        ctx: &Context<'_>,
        filter: FailedJobFilter,
    ) -> async_graphql::Result<BulkJobOutcome> {
        let state = ctx.data::<Arc<AppState>>()?;
        let actor = actor(claims(ctx)?);
        let filter = filter.parse()?;
        Ok(failures::discard_all(&state.db, Some(&actor), &filter)
            .await
            .map_err(internal)?
            .into())
    }

    /// Pauses a queue: its workers stop fetching its jobs (the running ones finish). `false`
    /// when it was paused already.
    async fn pause_queue(&self, ctx: &Context<'_>, queue: String) -> async_graphql::Result<bool> {
        set_paused(ctx, &queue, true).await
    }

    /// Resumes a paused queue. `false` when it was not paused.
    async fn resume_queue(&self, ctx: &Context<'_>, queue: String) -> async_graphql::Result<bool> {
        set_paused(ctx, &queue, false).await
    }
}

async fn set_paused(ctx: &Context<'_>, name: &str, paused: bool) -> async_graphql::Result<bool> {
    let state = ctx.data::<Arc<AppState>>()?;
    let actor = actor(claims(ctx)?);
    let queue = queue(name)?;
    board::set_paused(&state.db, &state.redis, Some(&actor), queue, paused)
        .await
        .map_err(internal)
}
