//! The jobs dashboard: the queues' counts, their failed jobs, and retrying or discarding one
//! (`shared::jobs::board`).

use std::sync::Arc;

use async_graphql::{Context, ID, Object, SimpleObject};
use shared::jobs::board;

use super::errors::{bad_input, internal, not_found};
use crate::state::AppState;

/// Largest page of failed jobs.
const MAX_PAGE_SIZE: i32 = 100;

/// How many jobs of a queue are in each state.
#[derive(SimpleObject)]
pub struct JobQueue {
    pub name: String,
    /// Waiting for a worker.
    pub waiting: i64,
    /// Failed, to be tried again soon.
    pub retrying: i64,
    /// Being run by a worker now.
    pub running: i64,
    /// Failed for good: waiting for someone to retry or discard them.
    pub failed: i64,
}

/// A job that failed for good.
#[derive(SimpleObject)]
pub struct FailedJob {
    pub id: ID,
    pub queue: String,
    /// When its last attempt ended (Unix seconds), when recorded.
    pub failed_at: Option<i64>,
    pub attempts: i32,
    /// Its last error as the job reported it: the technical detail, in no particular language.
    pub error: String,
    /// What went wrong, as a stable code the web app translates (`job_failed` when the job did
    /// not explain its failure).
    pub error_code: String,
    /// The code's parameters, a JSON object (e.g. `{"attempts": 6, "cause": "connection_failed"}`).
    pub error_params: String,
    /// Its payload (JSON).
    pub payload: String,
}

#[derive(SimpleObject)]
pub struct FailedJobPage {
    pub items: Vec<FailedJob>,
    pub total: i64,
}

fn queue(name: &str) -> async_graphql::Result<&'static str> {
    board::queue(name).ok_or_else(|| bad_input("queue", format!("Coda sconosciuta: {name}")))
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
        let counts = board::counts(&state.redis).await.map_err(internal)?;
        Ok(counts
            .into_iter()
            .map(|c| JobQueue {
                name: c.queue.to_owned(),
                waiting: count(c.waiting),
                retrying: count(c.retrying),
                running: count(c.running),
                failed: count(c.failed),
            })
            .collect())
    }

    /// A page of a queue's failed jobs, the latest failure first.
    async fn failed_jobs(
        &self,
        ctx: &Context<'_>,
        queue_name: String,
        page_size: i32,
        page_index: i32,
    ) -> async_graphql::Result<FailedJobPage> {
        let state = ctx.data::<Arc<AppState>>()?;
        let queue = queue(&queue_name)?;
        if !(1..=MAX_PAGE_SIZE).contains(&page_size) {
            return Err(bad_input(
                "pageSize",
                format!("La dimensione della pagina va da 1 a {MAX_PAGE_SIZE}"),
            ));
        }
        if page_index < 0 {
            return Err(bad_input("pageIndex", "L'indice di pagina parte da 0"));
        }
        let (total, jobs) =
            board::failed(&state.redis, queue, page_size as usize, page_index as usize)
                .await
                .map_err(internal)?;
        Ok(FailedJobPage {
            total: count(total),
            items: jobs
                .into_iter()
                .map(|job| FailedJob {
                    id: ID(job.id),
                    queue: job.queue.to_owned(),
                    failed_at: job.failed_at,
                    attempts: i32::try_from(job.attempts).unwrap_or(i32::MAX),
                    error_params: serde_json::Value::Object(job.error.params).to_string(),
                    error_code: job.error.code,
                    error: job.error.detail,
                    payload: job.payload,
                })
                .collect(),
        })
    }
}

/// Retries or discards a failed job: `NOT_FOUND` when it is not (or no longer) a failed job of
/// that queue.
async fn act_on_failed_job<F>(
    ctx: &Context<'_>,
    queue_name: &str,
    id: &ID,
    done: &'static str,
    action: impl FnOnce(Arc<AppState>, &'static str, String) -> F,
) -> async_graphql::Result<bool>
where
    F: std::future::Future<Output = Result<bool, shared::jobs::JobError>>,
{
    let state = ctx.data::<Arc<AppState>>()?.clone();
    let queue = queue(queue_name)?;
    if action(state, queue, id.to_string())
        .await
        .map_err(internal)?
    {
        tracing::info!(queue, job = %id.as_str(), "failed job {done}");
        Ok(true)
    } else {
        Err(not_found("Job non trovato tra quelli falliti"))
    }
}

#[derive(Default)]
pub struct JobsMutation;

#[Object]
impl JobsMutation {
    /// Puts a failed job back at the end of its queue, with a fresh count of attempts.
    async fn retry_failed_job(
        &self,
        ctx: &Context<'_>,
        queue_name: String,
        id: ID,
    ) -> async_graphql::Result<bool> {
        act_on_failed_job(
            ctx,
            &queue_name,
            &id,
            "retried",
            |state, queue, id| async move { board::retry(&state.redis, queue, &id).await },
        )
        .await
    }

    /// Deletes a failed job for good.
    async fn discard_failed_job(
        &self,
        ctx: &Context<'_>,
        queue_name: String,
        id: ID,
    ) -> async_graphql::Result<bool> {
        act_on_failed_job(
            ctx,
            &queue_name,
            &id,
            "discarded",
            |state, queue, id| async move { board::discard(&state.redis, queue, &id).await },
        )
        .await
    }
}
