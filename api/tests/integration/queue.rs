//! Jobs through the real queue: the API enqueues `ping` in Redis, a real worker process runs it
//! and the API sees its answer; workers stop gracefully on SIGTERM.

use crate::common;

use anyhow::{Context, Result};
use common::{
    Options, TestServer, WorkerProcess,
    wait::{PATIENCE, eventually, until_idle},
};
use serde_json::json;
use shared::jobs::board;

const PING_WORKER: &str = "mutation { pingWorker { jobId worker roundTripMs } }";

/// Pings through the API: a worker answers within the API's wait.
async fn assert_a_worker_answers(server: &TestServer, token: &str) -> Result<()> {
    let body = server.graphql_as(token, PING_WORKER, json!({})).await?;
    assert!(
        body["data"]["pingWorker"]["worker"].as_str().is_some(),
        "{body}"
    );
    Ok(())
}

/// The jobs of the `ping` queue in each state.
async fn ping_counts(server: &TestServer) -> Result<board::QueueCounts> {
    let counts = board::counts(&server.state.redis).await?;
    counts
        .into_iter()
        .find(|q| q.queue == "ping")
        .context("the ping queue")
}

/// Waits until `worker` consumes `queue`: registered among its apalis workers, it fetches.
async fn until_consuming(server: &TestServer, queue: &str, worker: &WorkerProcess) -> Result<()> {
    let redis = &server.state.redis;
    let keys = apalis_redis::Config::default().queue(format!("{}:{queue}", redis.namespace));
    let pid = format!(":{}-", worker.pid());
    eventually(PATIENCE, "the worker consuming its queue", async || {
        let workers: Vec<String> = redis::cmd("ZRANGE")
            .arg(keys.workers_set())
            .arg(0)
            .arg(-1)
            .query_async(&mut redis.connection.clone())
            .await?;
        Ok(workers.iter().any(|name| name.contains(&pid)).then_some(()))
    })
    .await
}

#[tokio::test]
async fn a_ping_enqueued_by_the_api_is_answered_by_a_worker_process() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let worker = server.spawn_worker().await?;

    let body = server.graphql_as(&token, PING_WORKER, json!({})).await?;
    let pong = &body["data"]["pingWorker"];
    assert!(body["errors"].is_null(), "{body}");
    let answered_by = pong["worker"].as_str().expect("the worker says who it is");
    assert!(
        answered_by.ends_with(&format!(":{}", worker.pid())),
        "answered by {answered_by}"
    );
    assert!(uuid::Uuid::parse_str(pong["jobId"].as_str().unwrap_or_default()).is_ok());

    let status = worker.terminate().await?;
    assert!(
        status.success(),
        "the worker exits cleanly on SIGTERM: {status}"
    );
    Ok(())
}

#[tokio::test]
async fn pings_are_shared_among_several_workers() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let workers = [server.spawn_worker().await?, server.spawn_worker().await?];
    let pids: Vec<String> = workers.iter().map(|w| format!(":{}", w.pid())).collect();

    let token = server.admin_token().await?;
    let pings = (0..20).map(|_| server.graphql_as(&token, PING_WORKER, json!({})));
    let answers = futures::future::try_join_all(pings).await?;
    for body in &answers {
        let worker = body["data"]["pingWorker"]["worker"]
            .as_str()
            .unwrap_or_default();
        assert!(pids.iter().any(|pid| worker.ends_with(pid)), "{body}");
    }
    for worker in workers {
        assert!(worker.terminate().await?.success());
    }
    Ok(())
}

#[tokio::test]
async fn without_a_worker_the_ping_fails_after_the_bounded_wait() -> Result<()> {
    let server = TestServer::start(Options {
        job_wait_timeout_ms: 300,
        ..Options::default()
    })
    .await?;
    let token = server.admin_token().await?;
    let body = server.graphql_as(&token, PING_WORKER, json!({})).await?;
    assert_eq!(
        body["errors"][0]["extensions"]["messageCode"], "NO_REPLY",
        "{body}"
    );
    assert!(body["data"].is_null(), "{body}");
    Ok(())
}

#[tokio::test]
async fn a_ping_enqueued_before_any_worker_runs_is_answered_once_one_starts() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let ping = tokio::spawn({
        let base = server.url("/graphql");
        let client = server.client.clone();
        async move {
            client
                .post(base)
                .bearer_auth(token)
                .json(&json!({ "query": PING_WORKER }))
                .send()
                .await?
                .json::<serde_json::Value>()
                .await
        }
    });
    // The ping waits in its queue.
    eventually(PATIENCE, "the ping waiting", async || {
        let ping = ping_counts(&server).await?;
        Ok((ping.waiting == 1).then_some(()))
    })
    .await?;
    let worker = server.spawn_worker().await?;
    let body = ping.await??;
    assert!(
        body["data"]["pingWorker"]["worker"].as_str().is_some(),
        "{body}"
    );
    assert!(worker.terminate().await?.success());
    Ok(())
}

#[tokio::test]
async fn a_worker_idle_since_start_up_still_picks_up_new_jobs() -> Result<()> {
    // Regression: with apalis' own interval polling, a worker whose first fetch found the queue
    // empty slept until its 30 s heartbeat; the bounded wait below is far shorter than that.
    let server = TestServer::start(Options {
        job_wait_timeout_ms: 10_000,
        ..Options::default()
    })
    .await?;
    let token = server.admin_token().await?;
    let worker = server.spawn_worker().await?;
    for _ in 0..2 {
        // Idle: it consumes the queue, and has run every job.
        until_consuming(&server, "ping", &worker).await?;
        until_idle(&server).await?;
        assert_a_worker_answers(&server, &token).await?;
    }
    assert!(worker.terminate().await?.success());
    Ok(())
}

/// Done jobs do not pile up in Redis: sweeping forgets their ids, payloads and metadata.
#[tokio::test]
async fn done_jobs_are_swept_from_redis() -> Result<()> {
    use redis::AsyncCommands;

    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let worker = server.spawn_worker().await?;
    for _ in 0..3 {
        let body = server.graphql_as(&token, PING_WORKER, json!({})).await?;
        assert!(body["errors"].is_null(), "{body}");
    }
    // A clean stop acknowledges every job it ran. The worker's own sweeper may already have
    // forgotten some: either way, once swept, nothing of the three is left.
    assert!(worker.terminate().await?.success());
    let redis = &server.state.redis;
    board::sweep_done(redis, "ping", 1000).await?;
    let keys = apalis_redis::Config::default().queue(format!("{}:ping", redis.namespace));
    let mut conn = redis.connection.clone();
    assert_eq!(conn.scard::<_, u64>(keys.done_jobs_set()).await?, 0);
    assert_eq!(conn.hlen::<_, u64>(keys.job_data_hash()).await?, 0);
    Ok(())
}

/// An idle worker starts a new job when the relay announces it, not at its next poll: with the
/// fallback poll set to a minute, pings are still answered within the API's wait.
#[tokio::test]
async fn an_idle_worker_is_woken_by_the_relay_rather_than_its_poll() -> Result<()> {
    let server = TestServer::start(Options {
        job_wait_timeout_ms: 5_000,
        ..Options::default()
    })
    .await?;
    let token = server.admin_token().await?;
    let worker = server
        .spawn_worker_with(&[("ISTRUTTORIA_WORKER_POLL_INTERVAL_MS", "60000")])
        .await?;
    // The worker's first fetches at start-up find nothing: it is idle.
    until_consuming(&server, "ping", &worker).await?;
    for _ in 0..3 {
        assert_a_worker_answers(&server, &token).await?;
    }
    assert!(worker.terminate().await?.success());
    Ok(())
}

/// A paused queue's workers fetch nothing until it is resumed; the job waits, nothing is lost.
#[tokio::test]
async fn a_paused_queue_is_not_consumed_until_it_is_resumed() -> Result<()> {
    use shared::jobs::signals;

    let server = TestServer::start(Options {
        job_wait_timeout_ms: 1_500,
        ..Options::default()
    })
    .await?;
    let token = server.admin_token().await?;
    let worker = server.spawn_worker().await?;
    let redis = &server.state.redis;
    assert!(signals::pause(redis, "ping").await?);
    assert!(!signals::pause(redis, "ping").await?, "paused already");
    // The control message reaches the worker within milliseconds.
    worker.until_logged("queue paused").await?;

    let body = server.graphql_as(&token, PING_WORKER, json!({})).await?;
    assert_eq!(
        body["errors"][0]["extensions"]["messageCode"], "NO_REPLY",
        "paused: {body}"
    );
    // The job waits: in its queue, or in the buffer of a worker whose fetch had started just
    // before the pause (it runs there on resume).
    let ping = ping_counts(&server).await?;
    assert_eq!(ping.waiting + ping.running, 1, "the job waits: {ping:?}");

    assert!(signals::resume(redis, "ping").await?);
    assert_a_worker_answers(&server, &token).await?;
    // The job that waited ran too.
    until_idle(&server).await?;
    assert!(worker.terminate().await?.success());
    Ok(())
}
