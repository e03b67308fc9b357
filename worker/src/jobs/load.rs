//! `load`: the queue load test's job (`shared::jobs::load`). It waits its handler time and
//! records its times; [`flush_samples`] appends the process's samples to each run's list in
//! Redis every [`FLUSH_EVERY`], one `RPUSH` per run and flush, so that recording costs the
//! queue next to nothing.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use apalis::prelude::{BoxDynError, Data};
use shared::jobs::Redis;
use shared::jobs::load::{LoadJob, Sample, now_us, samples_key};
use uuid::Uuid;

use super::JobContext;

/// How often the samples are sent to Redis.
const FLUSH_EVERY: Duration = Duration::from_millis(50);
/// How long a run's sample list lives after its last append.
const SAMPLES_TTL_SECS: i64 = 3600;

/// The encoded samples not yet sent, per load test run.
#[derive(Clone, Default)]
pub struct Samples(Arc<Mutex<HashMap<Uuid, Vec<u8>>>>);

impl Samples {
    fn record(&self, run: Uuid, sample: Sample) {
        let mut pending = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        sample.encode(pending.entry(run).or_default());
    }

    fn take(&self) -> HashMap<Uuid, Vec<u8>> {
        std::mem::take(
            &mut *self
                .0
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner()),
        )
    }
}

pub async fn run(job: LoadJob, context: Data<JobContext>) -> Result<(), BoxDynError> {
    let started_at_us = now_us();
    if job.work_us > 0 {
        tokio::time::sleep(Duration::from_micros(job.work_us)).await;
    }
    context.load_samples.record(
        job.run,
        Sample {
            enqueued_at_us: job.enqueued_at_us,
            started_at_us,
            done_at_us: now_us(),
        },
    );
    Ok(())
}

/// Sends the recorded samples to Redis until the process ends.
pub async fn flush_samples(samples: Samples, redis: Redis) {
    let mut ticks = tokio::time::interval(FLUSH_EVERY);
    loop {
        ticks.tick().await;
        for (run, bytes) in samples.take() {
            let key = samples_key(&redis.namespace, run);
            let sent: Result<(), _> = redis::pipe()
                .rpush(&key, bytes)
                .ignore()
                .expire(&key, SAMPLES_TTL_SECS)
                .ignore()
                .query_async(&mut redis.connection.clone())
                .await;
            if let Err(error) = sent {
                tracing::warn!(%error, %run, "cannot send load test samples");
            }
        }
    }
}
