//! When an idle worker asks Redis for jobs: at once when the relay announces new jobs of its
//! queue (`signals`), and every period otherwise — the fallback for a missed announcement.
//!
//! apalis 1.0's `poll_with_interval` creates a new timer when the old one fires but does not
//! poll it, so no wake-up is scheduled: a worker that found its queue empty at start-up then
//! waited for its 30 s heartbeat before fetching again (seen here: a ping sat 30 s in the
//! queue). This strategy re-arms and polls its timer every time, so every period wakes the
//! worker.
//!
//! A strategy cannot hold a fetch back (apalis fetches whenever the worker task runs); it wakes
//! the worker task. A wake-up that arrives while a fetch is already under way — a fetch that may
//! come back empty, having looked before the push — is followed by a second look
//! [`SECOND_LOOK`] later, so the new jobs never wait for the period.

use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use apalis::prelude::{PollSnapshot, PollStrategy};
use tokio::time::{Instant, Sleep};

use crate::signals::QueueSignal;

/// How soon after a wake-up the worker looks again.
const SECOND_LOOK: Duration = Duration::from_millis(2);

pub struct EveryPeriod {
    period: Duration,
    timer: Pin<Box<Sleep>>,
    signal: Arc<QueueSignal>,
}

impl EveryPeriod {
    pub fn new(period: Duration, signal: Arc<QueueSignal>) -> Self {
        Self {
            period,
            timer: Box::pin(tokio::time::sleep(period)),
            signal,
        }
    }
}

impl PollStrategy for EveryPeriod {
    fn poll_drive(&mut self, cx: &mut Context<'_>, _: &PollSnapshot) -> Poll<Option<()>> {
        self.signal.register_fetch(cx);
        if self.signal.take_ready() {
            self.timer.as_mut().reset(Instant::now() + SECOND_LOOK);
        }
        if self.timer.as_mut().poll(cx).is_pending() {
            return Poll::Pending;
        }
        self.timer.as_mut().reset(Instant::now() + self.period);
        // Registers this task's waker for the next period.
        let _ = self.timer.as_mut().poll(cx);
        Poll::Ready(Some(()))
    }
}
