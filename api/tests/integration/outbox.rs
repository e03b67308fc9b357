//! The transactional job outbox against real PostgreSQL and Redis: a job written with a state
//! change reaches its queue once, whatever relays run and whatever Redis does meanwhile.

use crate::common;

use anyhow::{Context, Result};
use common::{
    OwnRedis, connect_when_up, redis_url,
    wait::{PATIENCE, eventually},
};
use shared::jobs::Redis;
use shared::jobs::board;
use shared::jobs::outbox::{self, Relay};
use shared::jobs::ping::PingJob;
use shared::testing::{TestDatabase, unique_name};

async fn enqueue_pings(db: &TestDatabase, n: usize) -> Result<Vec<uuid::Uuid>> {
    let mut conn = db.pool.get().await?;
    let mut ids = Vec::new();
    for _ in 0..n {
        let job = PingJob {
            id: uuid::Uuid::now_v7(),
            requested_at: chrono::Utc::now(),
        };
        ids.push(outbox::enqueue(&mut conn, &job).await?);
    }
    Ok(ids)
}

/// Jobs waiting in the `ping` queue of `redis`'s namespace (the relay pushes to the active list;
/// a retried job waits in the scheduled set, which the board counts as retrying).
async fn waiting_pings(redis: &Redis) -> Result<u64> {
    let counts = board::counts(redis).await?;
    let ping = counts
        .iter()
        .find(|q| q.queue == "ping")
        .context("the ping queue's counts")?;
    Ok(ping.waiting + ping.retrying)
}

/// Outbox rows not yet pushed to Redis.
async fn unsent_rows(db: &TestDatabase) -> Result<i64> {
    use diesel::prelude::*;
    use diesel_async::RunQueryDsl;
    use shared::db::schema::job_outbox;
    let mut conn = db.pool.get().await?;
    Ok(job_outbox::table
        .filter(job_outbox::sent_at.is_null())
        .count()
        .get_result(&mut conn)
        .await?)
}

#[tokio::test]
async fn two_relays_at_once_push_each_job_once() -> Result<()> {
    let db = TestDatabase::create().await?;
    let redis = Redis::connect(&redis_url(), &unique_name("outbox")).await?;
    enqueue_pings(&db, 450).await?;
    let one = Relay::new(db.pool.clone(), redis.clone());
    let two = Relay::new(db.pool.clone(), redis.clone());
    let (a, b) = tokio::join!(one.drain(), two.drain());
    assert_eq!(a? + b?, 450, "every row pushed by one relay or the other");
    assert_eq!(waiting_pings(&redis).await?, 450);
    assert_eq!(unsent_rows(&db).await?, 0);
    Ok(())
}

#[tokio::test]
async fn a_job_written_while_redis_is_down_reaches_its_queue_when_it_is_back() -> Result<()> {
    let db = TestDatabase::create().await?;
    let dir = std::env::temp_dir().join(unique_name("redis"));
    std::fs::create_dir_all(&dir)?;
    let mut server = OwnRedis::start(&dir)?;
    let namespace = unique_name("outbox");
    let redis = connect_when_up(&server.url(), &namespace).await?;
    let relay = Relay::new(db.pool.clone(), redis.clone());

    server.stop();
    enqueue_pings(&db, 3).await?;
    assert!(
        relay.drain().await.is_err(),
        "the push fails while Redis is down"
    );
    assert_eq!(unsent_rows(&db).await?, 3, "the jobs wait in the outbox");

    server.restart()?;
    connect_when_up(&server.url(), &namespace).await?;
    let mut pushed = 0;
    eventually(PATIENCE, "the outbox pushed", async || {
        // The first pushes may fail while Redis loads its data.
        if let Ok(n) = relay.drain().await {
            pushed += n;
        }
        Ok((unsent_rows(&db).await? == 0).then_some(()))
    })
    .await?;
    assert_eq!(pushed, 3);
    assert_eq!(waiting_pings(&redis).await?, 3);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// Redis losing its data (wiped, restored without its append-only file) loses no job: the
/// relay sees its marker gone and pushes again every job that has not finished.
#[tokio::test]
async fn jobs_redis_lost_are_pushed_again_unless_they_finished() -> Result<()> {
    let db = TestDatabase::create().await?;
    let namespace = unique_name("outbox");
    let redis = Redis::connect(&redis_url(), &namespace).await?;
    let relay = Relay::new(db.pool.clone(), redis.clone());
    assert_eq!(
        relay.recover_if_redis_was_emptied().await?,
        0,
        "a new Redis"
    );
    let ids = enqueue_pings(&db, 3).await?;
    assert_eq!(relay.drain().await?, 3);
    outbox::finished(&db.pool, &ids[..1]).await?;
    assert_eq!(
        relay.recover_if_redis_was_emptied().await?,
        0,
        "Redis still has its data"
    );

    // Every key of the namespace goes, as in a wiped Redis.
    let mut conn = redis.connection.clone();
    let keys: Vec<String> = redis::cmd("KEYS")
        .arg(format!("{namespace}*"))
        .query_async(&mut conn)
        .await?;
    assert!(!keys.is_empty());
    redis::cmd("DEL")
        .arg(&keys)
        .query_async::<()>(&mut conn)
        .await?;
    assert_eq!(waiting_pings(&redis).await?, 0);

    assert_eq!(
        relay.recover_if_redis_was_emptied().await?,
        2,
        "the two unfinished jobs"
    );
    assert_eq!(relay.drain().await?, 2);
    assert_eq!(waiting_pings(&redis).await?, 2);
    Ok(())
}

/// A queue holding `QUEUE_CAP` waiting jobs gets no more: they wait in the outbox until the
/// workers have taken some.
#[tokio::test]
async fn a_full_queue_gets_no_more_jobs_until_it_empties() -> Result<()> {
    let db = TestDatabase::create().await?;
    let namespace = unique_name("outbox");
    let redis = Redis::connect(&redis_url(), &namespace).await?;
    let relay = Relay::new(db.pool.clone(), redis.clone()).with_queue_cap(10);
    enqueue_pings(&db, 12).await?;
    assert_eq!(relay.drain().await?, 12, "not full yet: the whole batch");
    enqueue_pings(&db, 5).await?;
    assert_eq!(relay.drain().await?, 0, "full: the jobs wait");
    assert_eq!(unsent_rows(&db).await?, 5);
    assert_eq!(waiting_pings(&redis).await?, 12);

    // The workers take the queue's jobs.
    redis::cmd("DEL")
        .arg(format!("{namespace}:ping:active"))
        .query_async::<()>(&mut redis.connection.clone())
        .await?;
    assert_eq!(relay.drain().await?, 5);
    assert_eq!(unsent_rows(&db).await?, 0);
    Ok(())
}
