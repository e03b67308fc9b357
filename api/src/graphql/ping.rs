//! Liveness operations: `ping` / `pingMutation` (the session ping of the web app) and
//! `pingWorker`, which sends a job through the queue and waits for a worker to answer it.

use std::sync::Arc;
use std::time::Duration;

use async_graphql::{Context, Object, SimpleObject, Subscription};
use futures::Stream;

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
        let pong = state.ping_worker().await.map_err(|error| {
            tracing::warn!(
                error = format!("{error:#}"),
                "ping through the queue failed"
            );
            match error
                .downcast_ref::<shared::jobs::JobError>()
                .and_then(shared::jobs::JobError::message)
            {
                Some(message) => super::support::errors::unavailable(message),
                None => super::support::errors::internal(format!("{error:#}")),
            }
        })?;
        Ok(pong)
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
