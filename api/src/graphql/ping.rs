//! Liveness operations: `ping` / `pingMutation` (the session ping of the web app) and
//! `pingWorker`, which sends a job through the queue and waits for a worker to answer it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_graphql::{Context, Object, SimpleObject, Subscription};
use futures::Stream;

use shared::jobs::ping::{self, PingJob};
use shared::jobs::{Job, JobError};
use shared::telemetry::error_chain;

use super::support::errors::{internal, unavailable};
use crate::state::AppState;

#[derive(Default)]
pub struct PingQuery;

#[Object]
impl PingQuery {
    /// Answers "pong".
    async fn ping(&self) -> &'static str {
        "pong"
    }
}

#[derive(Default)]
pub struct PingMutation;

/// What a worker answered to a ping job.
#[derive(SimpleObject)]
pub struct WorkerPong {
    /// The id of the job that went through the queue.
    pub job_id: String,
    /// Host name and process id of the worker that ran it.
    pub worker: String,
    /// From enqueueing to the answer, in milliseconds.
    pub round_trip_ms: u64,
}

#[Object]
impl PingMutation {
    /// Answers "pong".
    async fn ping_mutation(&self) -> &'static str {
        "pong"
    }

    /// Enqueues a `ping` job and waits (bounded) until one of the workers has run it.
    async fn ping_worker(&self, ctx: &Context<'_>) -> async_graphql::Result<WorkerPong> {
        let state = ctx.data::<Arc<AppState>>()?;
        let started = Instant::now();
        let failed = |error: JobError| {
            tracing::warn!(%error, "ping through the queue failed");
            match error.message() {
                Some(message) => unavailable(message),
                None => internal(error_chain(&error)),
            }
        };
        let id = ping::send(&state.queues).await.map_err(failed)?;
        state
            .metrics
            .jobs_enqueued
            .with_label_values(&[PingJob::QUEUE])
            .inc();
        let reply = ping::wait_reply(&state.redis, id, state.config.job_wait_timeout)
            .await
            .map_err(failed)?;
        Ok(WorkerPong {
            job_id: id.to_string(),
            worker: reply.worker,
            round_trip_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        })
    }
}

#[derive(Default)]
pub struct PingSubscription;

#[Subscription]
impl PingSubscription {
    /// Emits "pong" `count` times (default 1), one second apart.
    async fn ping(
        &self,
        #[graphql(default = 1, validator(minimum = 1, maximum = 60))] count: u32,
    ) -> impl Stream<Item = &'static str> {
        futures::stream::unfold(0, move |sent| async move {
            if sent >= count {
                return None;
            }
            if sent > 0 {
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            Some(("pong", sent + 1))
        })
    }
}
