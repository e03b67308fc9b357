//! The `load` job of the queue's own load test (`just loadtest`): it does nothing but wait its
//! given handler time, and records when it was enqueued, started and done, so the load test
//! measures the queue itself — outbox, relay, Redis, fetch, acknowledgement — and not a job.
//!
//! Workers buffer their samples and append them, a batch per Lua-free `RPUSH`, to the run's
//! list [`samples_key`]; the load test drains that list while it runs.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Job;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct LoadJob {
    /// The load test run the job belongs to (its samples' list).
    pub run: Uuid,
    /// When the load test wrote it to the outbox, in µs since the Unix epoch.
    pub enqueued_at_us: i64,
    /// How long the handler waits, in µs (0: a no-op job).
    #[serde(default)]
    pub work_us: u64,
    /// Ballast, to try payloads of a given size.
    #[serde(default)]
    pub padding: String,
}

impl Job for LoadJob {
    const QUEUE: &'static str = "load";
}

/// One job's times, in µs since the Unix epoch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sample {
    pub enqueued_at_us: i64,
    pub started_at_us: i64,
    pub done_at_us: i64,
}

/// Bytes of one encoded sample.
pub const SAMPLE_BYTES: usize = 24;

impl Sample {
    /// Appends the sample's 24 bytes (three little-endian i64) to `out`.
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.enqueued_at_us.to_le_bytes());
        out.extend_from_slice(&self.started_at_us.to_le_bytes());
        out.extend_from_slice(&self.done_at_us.to_le_bytes());
    }

    /// The samples of a batch written by [`Sample::encode`]; a trailing partial sample is
    /// ignored.
    pub fn decode_all(bytes: &[u8]) -> impl Iterator<Item = Sample> + '_ {
        bytes.chunks_exact(SAMPLE_BYTES).map(|chunk| {
            let field =
                |i: usize| i64::from_le_bytes(chunk[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
            Sample {
                enqueued_at_us: field(0),
                started_at_us: field(1),
                done_at_us: field(2),
            }
        })
    }
}

/// The list where the workers append the samples of load test `run`.
pub fn samples_key(namespace: &str, run: Uuid) -> String {
    format!("{namespace}:load:{run}:samples")
}

/// Now, in µs since the Unix epoch.
pub fn now_us() -> i64 {
    chrono::Utc::now().timestamp_micros()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_survive_their_encoding() {
        let samples = [
            Sample {
                enqueued_at_us: 1,
                started_at_us: 2,
                done_at_us: 3,
            },
            Sample {
                enqueued_at_us: 1_764_000_000_000_000,
                started_at_us: 1_764_000_000_001_234,
                done_at_us: -1,
            },
        ];
        let mut bytes = Vec::new();
        samples.iter().for_each(|s| s.encode(&mut bytes));
        bytes.push(7);
        assert_eq!(Sample::decode_all(&bytes).collect::<Vec<_>>(), samples);
    }
}
