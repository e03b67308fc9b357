//! The jobs dashboard's counters in a real Redis (`ISTRUTTORIA_TEST_REDIS_URL`, which
//! `just test` sets): the workers' throughput counts and their presence. Each test has a
//! namespace of its own.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::Result;
use redis::AsyncCommands;
use shared::jobs::Redis;
use shared::jobs::presence::{self, Presence, QueueConcurrency};
use shared::jobs::throughput::{self, MINUTES, Outcome, Tally};
use shared::testing::unique_name;

async fn redis() -> Result<Redis> {
    let url = std::env::var("ISTRUTTORIA_TEST_REDIS_URL")
        .expect("ISTRUTTORIA_TEST_REDIS_URL must name the tests' Redis (run `just test`)");
    Ok(Redis::connect(&url, &unique_name("ns")).await?)
}

fn minute_start(minute: i64, plus_seconds: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(minute as u64 * 60 + plus_seconds)
}

#[tokio::test]
async fn throughput_sums_the_workers_tallies_by_minute_and_fills_the_hour_with_zeros() -> Result<()>
{
    let redis = redis().await?;
    let now = throughput::unix_minute(SystemTime::now());
    // Two workers; the second flushes twice into the same minute.
    let (first, second) = (Tally::new(), Tally::new());
    first.record("ping", Outcome::Succeeded, minute_start(now, 1));
    first.record("ping", Outcome::Succeeded, minute_start(now, 59));
    first.record("ping", Outcome::Retried, minute_start(now - 2, 0));
    first.record("extract", Outcome::Failed, minute_start(now - 59, 30));
    // Older than the hour: stored, not shown.
    first.record("extract", Outcome::Failed, minute_start(now - 60, 30));
    second.record("ping", Outcome::Succeeded, minute_start(now, 10));
    first.flush(&redis).await?;
    second.flush(&redis).await?;
    second.record("ping", Outcome::Failed, minute_start(now, 20));
    second.flush(&redis).await?;
    assert!(first.take().is_empty(), "a flush empties the tally");
    // An empty tally writes nothing.
    first.flush(&redis).await?;

    let hour = throughput::hour_until(&redis, now).await?;
    assert_eq!(
        hour.iter().map(|q| q.queue).collect::<Vec<_>>(),
        shared::jobs::board::QUEUES,
        "every queue, in the board's order"
    );
    for queue in &hour {
        assert_eq!(queue.minutes.len(), MINUTES, "{}", queue.queue);
        let minutes: Vec<i64> = queue.minutes.iter().map(|m| m.minute).collect();
        assert_eq!(
            minutes,
            (now - 59..=now).collect::<Vec<_>>(),
            "oldest first"
        );
    }
    let of = |queue: &str, minute: i64| {
        let counts = hour
            .iter()
            .find(|q| q.queue == queue)
            .and_then(|q| q.minutes.iter().find(|m| m.minute == minute))
            .copied()
            .expect("the minute is in the hour");
        (counts.succeeded, counts.failed, counts.retried)
    };
    assert_eq!(of("ping", now), (3, 1, 0));
    assert_eq!(of("ping", now - 2), (0, 0, 1));
    assert_eq!(of("ping", now - 1), (0, 0, 0));
    assert_eq!(of("extract", now - 59), (0, 1, 0));
    let total: u64 = hour
        .iter()
        .flat_map(|q| &q.minutes)
        .map(|m| m.succeeded + m.failed + m.retried)
        .sum();
    assert_eq!(total, 6, "the minute before the hour is not shown");

    // The keys expire on their own.
    let mut conn = redis.connection.clone();
    let key = throughput::key(&redis.namespace, "ping", now);
    let ttl: i64 = conn.ttl(&key).await?;
    assert!(
        ttl > 7000 && ttl <= throughput::KEY_TTL.as_secs() as i64,
        "{key} expires in {ttl} s"
    );
    let fields: std::collections::HashMap<String, u64> = conn.hgetall(&key).await?;
    assert_eq!(
        fields,
        [("succeeded".to_owned(), 3), ("failed".to_owned(), 1)].into()
    );

    // `last_hour` is the hour ending now.
    let last = throughput::last_hour(&redis).await?;
    let ping = last.iter().find(|q| q.queue == "ping").expect("ping");
    let latest = ping.minutes.last().expect("60 minutes");
    assert!(
        latest.minute == now || latest.minute == now + 1,
        "{latest:?}"
    );
    Ok(())
}

#[tokio::test]
async fn presence_lists_the_workers_heard_from_and_forgets_those_gone() -> Result<()> {
    let redis = redis().await?;
    assert!(presence::alive(&redis).await?.is_empty());
    let worker = |instance: &str, metrics_addr: Option<&str>| Presence {
        instance: instance.to_owned(),
        identity: instance.split('-').next().unwrap_or_default().to_owned(),
        started_at: chrono::Utc::now(),
        metrics_addr: metrics_addr.map(str::to_owned),
        queues: vec![
            QueueConcurrency {
                queue: "ping".into(),
                concurrency: 4,
            },
            QueueConcurrency {
                queue: "what-if".into(),
                concurrency: 1,
            },
        ],
    };
    let first = worker("host:1-a", Some("127.0.0.1:9101"));
    first.beat(&redis).await?;
    let second = worker("host:2-b", None);
    second.beat(&redis).await?;

    let alive = presence::alive(&redis).await?;
    assert_eq!(
        alive
            .iter()
            .map(|w| (
                w.instance.as_str(),
                w.identity.as_str(),
                w.metrics_addr.as_deref()
            ))
            .collect::<Vec<_>>(),
        [
            ("host:1-a", "host:1", Some("127.0.0.1:9101")),
            ("host:2-b", "host:2", None)
        ]
    );
    assert_eq!(alive[0].queues, first.queues);
    assert!(
        (chrono::Utc::now() - alive[0].heartbeat_at).num_seconds() < 5,
        "{:?}",
        alive[0].heartbeat_at
    );
    let mut conn = redis.connection.clone();
    let ttl: i64 = conn
        .ttl(presence::worker_key(&redis.namespace, "host:1-a"))
        .await?;
    assert!(ttl > 0 && ttl <= presence::EXPIRY.as_secs() as i64, "{ttl}");

    // A clean shutdown leaves at once.
    second.leave(&redis).await?;
    let alive = presence::alive(&redis).await?;
    assert_eq!(alive.len(), 1);
    assert_eq!(alive[0].instance, "host:1-a");

    // A worker not heard from for longer than the expiry is pruned (its hash would have
    // expired too).
    let workers = presence::workers_key(&redis.namespace);
    let stale = chrono::Utc::now().timestamp_millis() - 21_000;
    let _: () = conn.zadd(&workers, "host:3-c", stale).await?;
    let _: () = redis::cmd("HSET")
        .arg(presence::worker_key(&redis.namespace, "host:3-c"))
        .arg(&["identity", "host:3"])
        .query_async(&mut conn)
        .await?;
    let alive = presence::alive(&redis).await?;
    assert_eq!(
        alive
            .iter()
            .map(|w| w.instance.as_str())
            .collect::<Vec<_>>(),
        ["host:1-a"]
    );
    let members: Vec<String> = conn.zrange(&workers, 0, -1).await?;
    assert_eq!(members, ["host:1-a"], "the stale member is pruned");
    Ok(())
}
