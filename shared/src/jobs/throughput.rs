//! The jobs dashboard's throughput chart: how many jobs of each queue succeeded, failed for
//! good or failed to be retried, minute by minute over the last hour.
//!
//! Every worker process tallies its jobs in memory ([`Tally`]) and adds its tallies to Redis
//! every [`FLUSH_INTERVAL`] with one pipeline: `HINCRBY <ns>:throughput:<queue>:<unix minute>
//! succeeded|failed|retried n`, each key expiring [`KEY_TTL`] after its last write. The
//! dashboard reads the last 60 minutes of every queue with [`last_hour`]. A minute's counts are
//! the sum over the workers; a worker killed loses at most its last [`FLUSH_INTERVAL`].

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::board::QUEUES;
use super::{JobError, Redis};

/// How often a worker adds its tallies to Redis.
pub const FLUSH_INTERVAL: Duration = Duration::from_secs(5);
/// How long a minute's counts stay in Redis after their last write (the chart shows one hour).
pub const KEY_TTL: Duration = Duration::from_secs(7200);
/// The minutes of [`last_hour`].
pub const MINUTES: usize = 60;

/// How a job's delivery ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Succeeded,
    /// Failed for good: the job waits on the jobs dashboard (`failures`, in PostgreSQL).
    Failed,
    /// Failed, to be tried again.
    Retried,
}

impl Outcome {
    /// The field of the minute's hash.
    pub fn field(self) -> &'static str {
        match self {
            Outcome::Succeeded => "succeeded",
            Outcome::Failed => "failed",
            Outcome::Retried => "retried",
        }
    }
}

/// The Redis key of a queue's counts in one minute (`unix_minute` = Unix seconds / 60).
pub fn key(namespace: &str, queue: &str, unix_minute: i64) -> String {
    format!("{namespace}:throughput:{queue}:{unix_minute}")
}

/// The minute (Unix seconds / 60) of a moment.
pub fn unix_minute(at: SystemTime) -> i64 {
    let seconds = match at.duration_since(UNIX_EPOCH) {
        Ok(since) => since.as_secs() as i64,
        Err(before) => -(before.duration().as_secs_f64().ceil() as i64),
    };
    seconds.div_euclid(60)
}

/// One queue's counts in one minute.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct MinuteCounts {
    /// Unix seconds / 60 of the minute's start.
    pub minute: i64,
    pub succeeded: u64,
    pub failed: u64,
    pub retried: u64,
}

impl MinuteCounts {
    /// When the minute starts.
    pub fn start(&self) -> DateTime<Utc> {
        DateTime::from_timestamp(self.minute * 60, 0).unwrap_or_default()
    }

    fn add(&mut self, outcome: Outcome, n: u64) {
        match outcome {
            Outcome::Succeeded => self.succeeded += n,
            Outcome::Failed => self.failed += n,
            Outcome::Retried => self.retried += n,
        }
    }

    fn is_empty(&self) -> bool {
        self.succeeded == 0 && self.failed == 0 && self.retried == 0
    }
}

/// One queue's last hour, minute by minute, the oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct QueueThroughput {
    pub queue: &'static str,
    /// [`MINUTES`] minutes ending with the current one; minutes without jobs count zeros.
    pub minutes: Vec<MinuteCounts>,
}

/// A worker's counts not yet added to Redis, by queue and minute.
#[derive(Debug, Default)]
pub struct Tally {
    counts: Mutex<HashMap<(&'static str, i64), MinuteCounts>>,
}

impl Tally {
    pub fn new() -> Self {
        Self::default()
    }

    /// Counts one job of `queue` that ended with `outcome` at `at`.
    pub fn record(&self, queue: &'static str, outcome: Outcome, at: SystemTime) {
        self.add(queue, unix_minute(at), outcome, 1);
    }

    fn add(&self, queue: &'static str, minute: i64, outcome: Outcome, n: u64) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        counts
            .entry((queue, minute))
            .or_insert(MinuteCounts {
                minute,
                ..MinuteCounts::default()
            })
            .add(outcome, n);
    }

    /// Takes the counts out of the tally: (queue, counts), by queue then minute.
    pub fn take(&self) -> Vec<(&'static str, MinuteCounts)> {
        let counts = std::mem::take(&mut *self.counts.lock().unwrap_or_else(|e| e.into_inner()));
        let mut taken: Vec<_> = counts
            .into_iter()
            .filter(|(_, counts)| !counts.is_empty())
            .map(|((queue, _), counts)| (queue, counts))
            .collect();
        taken.sort_by_key(|(queue, counts)| (*queue, counts.minute));
        taken
    }

    /// Adds the counts to Redis in one pipeline and empties the tally. When Redis does not
    /// take them, they go back into the tally for the next flush (a minute older than
    /// [`KEY_TTL`] is dropped: the chart no longer shows it).
    pub async fn flush(&self, redis: &Redis) -> Result<(), JobError> {
        let taken = self.take();
        if taken.is_empty() {
            return Ok(());
        }
        let mut pipe = redis::pipe();
        for (queue, counts) in &taken {
            let key = key(&redis.namespace, queue, counts.minute);
            for outcome in [Outcome::Succeeded, Outcome::Failed, Outcome::Retried] {
                let n = match outcome {
                    Outcome::Succeeded => counts.succeeded,
                    Outcome::Failed => counts.failed,
                    Outcome::Retried => counts.retried,
                };
                if n > 0 {
                    pipe.hincr(&key, outcome.field(), n).ignore();
                }
            }
            pipe.expire(&key, KEY_TTL.as_secs() as i64).ignore();
        }
        match pipe.query_async::<()>(&mut redis.connection.clone()).await {
            Ok(()) => Ok(()),
            Err(source) => {
                let oldest = unix_minute(SystemTime::now()) - (KEY_TTL.as_secs() / 60) as i64;
                for (queue, counts) in taken.into_iter().filter(|(_, c)| c.minute > oldest) {
                    self.add(queue, counts.minute, Outcome::Succeeded, counts.succeeded);
                    self.add(queue, counts.minute, Outcome::Failed, counts.failed);
                    self.add(queue, counts.minute, Outcome::Retried, counts.retried);
                }
                Err(JobError::Redis {
                    action: "add the job counts",
                    source,
                })
            }
        }
    }
}

/// The minutes of the hour ending with `now_minute` (included), the oldest first.
pub fn hour_ending(now_minute: i64) -> impl Iterator<Item = i64> {
    (now_minute - MINUTES as i64 + 1)..=now_minute
}

/// Every queue's last hour ([`QUEUES`] order), read with one pipeline.
pub async fn last_hour(redis: &Redis) -> Result<Vec<QueueThroughput>, JobError> {
    hour_until(redis, unix_minute(SystemTime::now())).await
}

/// Every queue's hour ending with minute `now_minute` (included): [`last_hour`] at another time.
pub async fn hour_until(redis: &Redis, now_minute: i64) -> Result<Vec<QueueThroughput>, JobError> {
    let mut pipe = redis::pipe();
    for queue in QUEUES {
        for minute in hour_ending(now_minute) {
            pipe.hmget(
                key(&redis.namespace, queue, minute),
                &["succeeded", "failed", "retried"],
            );
        }
    }
    let read: Vec<(Option<u64>, Option<u64>, Option<u64>)> = pipe
        .query_async(&mut redis.connection.clone())
        .await
        .map_err(|source| JobError::Redis {
            action: "read the job counts",
            source,
        })?;
    let mut read = read.into_iter();
    Ok(QUEUES
        .iter()
        .map(|&queue| QueueThroughput {
            queue,
            minutes: hour_ending(now_minute)
                .map(|minute| {
                    let (succeeded, failed, retried) = read.next().unwrap_or_default();
                    MinuteCounts {
                        minute,
                        succeeded: succeeded.unwrap_or(0),
                        failed: failed.unwrap_or(0),
                        retried: retried.unwrap_or(0),
                    }
                })
                .collect(),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(seconds)
    }

    #[test]
    fn moments_fall_in_their_minute() {
        assert_eq!(unix_minute(at(0)), 0);
        assert_eq!(unix_minute(at(59)), 0);
        assert_eq!(unix_minute(at(60)), 1);
        assert_eq!(unix_minute(at(1_700_000_039)), 28_333_333);
        assert_eq!(
            unix_minute(at(1_700_000_040) + Duration::from_millis(999)),
            28_333_334
        );
        assert_eq!(unix_minute(UNIX_EPOCH - Duration::from_secs(1)), -1);
        assert_eq!(
            key("ns", "extract", 28_333_334),
            "ns:throughput:extract:28333334"
        );
    }

    #[test]
    fn a_tally_counts_by_queue_minute_and_outcome_and_empties_when_taken() {
        let tally = Tally::new();
        let minute = 28_333_333 * 60;
        tally.record("ping", Outcome::Succeeded, at(minute));
        tally.record("ping", Outcome::Succeeded, at(minute + 59));
        tally.record("ping", Outcome::Retried, at(minute + 30));
        tally.record("ping", Outcome::Succeeded, at(minute + 60));
        tally.record("extract", Outcome::Failed, at(minute + 1));
        assert_eq!(
            tally.take(),
            vec![
                (
                    "extract",
                    MinuteCounts {
                        minute: 28_333_333,
                        failed: 1,
                        ..MinuteCounts::default()
                    }
                ),
                (
                    "ping",
                    MinuteCounts {
                        minute: 28_333_333,
                        succeeded: 2,
                        failed: 0,
                        retried: 1
                    }
                ),
                (
                    "ping",
                    MinuteCounts {
                        minute: 28_333_334,
                        succeeded: 1,
                        ..MinuteCounts::default()
                    }
                ),
            ]
        );
        assert!(tally.take().is_empty());
    }

    #[test]
    fn the_hour_is_sixty_minutes_ending_now() {
        let minutes: Vec<i64> = hour_ending(1000).collect();
        assert_eq!(minutes.len(), MINUTES);
        assert_eq!(minutes.first(), Some(&941));
        assert_eq!(minutes.last(), Some(&1000));
        let counts = MinuteCounts {
            minute: 28_333_334,
            ..MinuteCounts::default()
        };
        assert_eq!(counts.start().timestamp(), 1_700_000_040);
    }
}
