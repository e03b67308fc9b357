//! How often an idle worker asks Redis for jobs.
//!
//! apalis 1.0's `poll_with_interval` creates a new timer when the old one fires but does not
//! poll it, so no wake-up is scheduled: a worker that found its queue empty at start-up then
//! waited for its 30 s heartbeat before fetching again (seen here: a ping sat 30 s in the
//! queue). This strategy re-arms and polls its timer every time, so every period wakes the
//! worker.

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use apalis::prelude::{PollSnapshot, PollStrategy};
use tokio::time::{Instant, Sleep};

pub struct EveryPeriod {
    period: Duration,
    timer: Pin<Box<Sleep>>,
}

impl EveryPeriod {
    pub fn new(period: Duration) -> Self {
        Self {
            period,
            timer: Box::pin(tokio::time::sleep(period)),
        }
    }
}

impl PollStrategy for EveryPeriod {
    fn poll_drive(&mut self, cx: &mut Context<'_>, _: &PollSnapshot) -> Poll<Option<()>> {
        if self.timer.as_mut().poll(cx).is_pending() {
            return Poll::Pending;
        }
        self.timer.as_mut().reset(Instant::now() + self.period);
        // Registers this task's waker for the next period.
        let _ = self.timer.as_mut().poll(cx);
        Poll::Ready(Some(()))
    }
}
