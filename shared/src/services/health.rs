//! Whether the workers can do the system's work now (issue 30): some worker is alive, and no
//! queue's next job has waited too long. Every signed-in user sees it (a banner across the web
//! app), so that no screen waits silently on workers that are not there; the operations that
//! need a worker's answer at once (a rule's syntax check, a playground run) ask
//! [`presence::consumed`] first and fail at once when no worker would take their job.

use chrono::{DateTime, Utc};

use crate::jobs::{JobError, Redis, board, presence, signals};

/// How long a queue's next job may wait before the system counts as behind.
pub const BACKLOG_ALERT: std::time::Duration = std::time::Duration::from_secs(5 * 60);

/// A queue whose next job has waited longer than [`BACKLOG_ALERT`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backlog {
    pub queue: &'static str,
    /// When its oldest waiting job was written.
    pub waiting_since: DateTime<Utc>,
}

/// The system's health as the workers and the queues show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Health {
    /// Worker processes heard from within [`presence::EXPIRY`].
    pub workers: usize,
    /// The queue (not paused) whose next job has waited longest, when past [`BACKLOG_ALERT`].
    pub backlog: Option<Backlog>,
}

/// The system's health now.
pub async fn health(redis: &Redis) -> Result<Health, JobError> {
    let workers = presence::alive(redis).await?.len();
    let paused = signals::paused(redis).await?;
    let alert_before = Utc::now() - BACKLOG_ALERT;
    let mut backlog: Option<Backlog> = None;
    for queue in board::QUEUES {
        if paused.contains(queue) {
            continue;
        }
        let Some(since) = board::oldest_waiting(redis, queue).await? else {
            continue;
        };
        if since < alert_before && backlog.as_ref().is_none_or(|b| since < b.waiting_since) {
            backlog = Some(Backlog {
                queue,
                waiting_since: since,
            });
        }
    }
    Ok(Health { workers, backlog })
}
