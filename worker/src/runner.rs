//! Migrates the database, connects to Redis, registers one apalis worker per queue and runs them until a
//! shutdown signal; jobs in flight then finish (up to the shutdown timeout) and jobs fetched but
//! not started go back to their queue.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use apalis::prelude::*;
use shared::config::WorkerConfig;
use shared::jobs::Redis;
use worker::rules::{RuleRuntime, RuntimeConfig};

use crate::jobs::{self, JobContext};
use crate::polling::EveryPeriod;

/// How often an idle worker asks Redis for new jobs.
const POLL_INTERVAL: Duration = Duration::from_millis(200);

pub async fn run(config: WorkerConfig) -> anyhow::Result<()> {
    let shutdown = shared::shutdown::listen().context("listening for shutdown signals")?;
    // The rule runtime first: a worker without its Javy plugin must not start.
    let rule_config = RuntimeConfig::from_config(&config.rules);
    let rules = tokio::task::spawn_blocking(move || RuleRuntime::new(&rule_config))
        .await
        .context("loading the rule runtime")?
        .context("loading the rule runtime")?;
    tracing::info!(plugin = %rules.plugin().version(), "rule runtime ready");
    shared::db::run_migrations(&config.common.database_url)
        .await
        .context("migrating the database")?;
    let redis = Redis::connect(&config.common.redis_url, &config.common.queue_namespace)
        .await
        .context("connecting to Redis")?;
    let context = JobContext {
        redis: redis.clone(),
        identity: jobs::worker_identity(),
        rules: Arc::new(rules),
    };
    // apalis refuses a worker name that is still registered (a restart within its heartbeat
    // threshold): make every process start unique.
    let instance = format!("{}-{}", context.identity, uuid::Uuid::now_v7().simple());
    let concurrency = config.concurrency;
    tracing::info!(worker = %context.identity, concurrency, "worker starting");

    let ping_storage = redis.storage::<shared::jobs::ping::PingJob>(shared::jobs::ping::QUEUE);
    Monitor::new()
        .register(move |_restarts| {
            WorkerBuilder::new(format!("ping-{instance}"))
                .backend(
                    ping_storage
                        .clone()
                        .poll_with_strategy(EveryPeriod::new(POLL_INTERVAL)),
                )
                .data(context.clone())
                .concurrency(concurrency)
                .build(jobs::ping::run)
        })
        .shutdown_timeout(config.common.shutdown_timeout)
        .run_with_signal(async {
            shutdown.await;
            Ok(())
        })
        .await
        .context("running the job workers")?;
    tracing::info!("worker stopped");
    Ok(())
}
