//! `systemHealth`: whether the workers can do the system's work now, for the banner every
//! signed-in user sees (`shared::services::health`).

use std::sync::Arc;

use async_graphql::{Context, Object, SimpleObject};
use chrono::{DateTime, Utc};
use shared::services::health;

use super::support::errors::internal;
use crate::state::AppState;

#[derive(Default)]
pub struct HealthQuery;

/// A queue whose next job has waited longer than the alert threshold (5 minutes).
#[derive(SimpleObject)]
pub struct QueueBacklog {
    pub queue: String,
    /// When its oldest waiting job was written.
    pub waiting_since: DateTime<Utc>,
}

/// Whether the workers can do the system's work now.
#[derive(SimpleObject)]
pub struct SystemHealth {
    /// Worker processes heard from in the last 20 seconds; 0 means that imports, extractions
    /// and rules wait until one starts.
    pub workers: i32,
    /// The queue (not paused) whose next job has waited longest, when that is over 5 minutes.
    pub backlog: Option<QueueBacklog>,
}

#[Object]
impl HealthQuery {
    /// Whether the workers can do the system's work now (any signed-in user).
    async fn system_health(&self, ctx: &Context<'_>) -> async_graphql::Result<SystemHealth> {
        let state = ctx.data::<Arc<AppState>>()?;
        let now = health::health(&state.redis).await.map_err(internal)?;
        Ok(SystemHealth {
            workers: i32::try_from(now.workers).unwrap_or(i32::MAX),
            backlog: now.backlog.map(|backlog| QueueBacklog {
                queue: backlog.queue.to_owned(),
                waiting_since: backlog.waiting_since,
            }),
        })
    }
}
