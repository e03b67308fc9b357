//! Migrates the database, connects to Redis, registers one apalis worker per queue and runs them until a
//! shutdown signal; jobs in flight then finish (up to the shutdown timeout) and jobs fetched but
//! not started go back to their queue.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use apalis::prelude::*;
use shared::config::WorkerConfig;
use shared::jobs::ping::PingJob;
use shared::jobs::pipeline::{
    ExtractDocument, ImportDossier, NotifyCannotProcess, RunDocumentRules, RunDossierRules,
    SendCallback,
};
use shared::jobs::rules::RuleRunJob;
use shared::jobs::{Job, Queues, Redis};
use worker::rules::{RuleRuntime, RuntimeConfig};

use shared::mail::Mailer;
use shared::storage::Storage;
use worker::callback::CallbackPolicy;
use worker::extraction::{Extractor, ExtractorConfig};

use crate::jobs::{self, CallbackSettings, JobContext};
use crate::polling::EveryPeriod;

/// How often an idle worker asks Redis for new jobs.
const POLL_INTERVAL: Duration = Duration::from_millis(200);

/// Registers one apalis worker consuming `$job`'s queue with `$handler`.
macro_rules! consume {
    ($monitor:expr, $redis:expr, $instance:expr, $context:expr, $concurrency:expr, $job:ty => $handler:path) => {{
        let storage = $redis.storage::<$job>(<$job as Job>::QUEUE);
        // apalis refuses two workers of one name in a process, and a name still registered by
        // a previous process (a restart within its heartbeat threshold): queue + instance.
        let name = format!("{}-{}", <$job as Job>::QUEUE, $instance);
        let context = $context.clone();
        let concurrency = $concurrency;
        $monitor.register(move |_restarts| {
            WorkerBuilder::new(name.clone())
                .backend(
                    storage
                        .clone()
                        .poll_with_strategy(EveryPeriod::new(POLL_INTERVAL)),
                )
                .data(context.clone())
                .concurrency(concurrency)
                .build($handler)
        })
    }};
}

pub async fn run(config: WorkerConfig) -> anyhow::Result<()> {
    let shutdown = shared::shutdown::listen().context("listening for shutdown signals")?;
    let storage =
        Storage::from_url(&config.common.storage_url).context("opening object storage")?;
    // The rule runtime first: a worker without its Javy plugin must not start.
    let rule_config = RuntimeConfig {
        module_storage: Some(storage.clone()),
        ..RuntimeConfig::from_config(&config.rules)
    };
    let rules = tokio::task::spawn_blocking(move || RuleRuntime::new(&rule_config))
        .await
        .context("loading the rule runtime")?
        .context("loading the rule runtime")?;
    tracing::info!(plugin = %rules.plugin().version(), "rule runtime ready");
    // Likewise without PDFium and Tesseract.
    let extractor = Extractor::new(&ExtractorConfig::from_config(&config.extraction))
        .context("loading the PDF extraction")?;
    let callback_policy = CallbackPolicy::new(&config.callbacks.allowlist)?;
    let mailer = Mailer::from_config(&config.common.mail).context("configuring e-mail")?;
    shared::db::run_migrations(&config.common.database_url)
        .await
        .context("migrating the database")?;
    let redis = Redis::connect(&config.common.redis_url, &config.common.queue_namespace)
        .await
        .context("connecting to Redis")?;
    let db = shared::db::connect(
        &config.common.database_url,
        config.common.database_pool_size,
    )
    .await
    .context("connecting to PostgreSQL")?;
    let context = JobContext {
        db,
        database_url: config.common.database_url.clone(),
        queues: Queues::new(&redis),
        redis: redis.clone(),
        identity: jobs::worker_identity(),
        rules: Arc::new(rules),
        storage,
        extractor,
        callbacks: Arc::new(CallbackSettings {
            policy: callback_policy,
            config: config.callbacks.clone(),
        }),
        mailer: Arc::new(mailer),
        limits: config.common.import,
    };
    // apalis refuses a worker name that is still registered (a restart within its heartbeat
    // threshold): make every process start unique.
    let instance = format!("{}-{}", context.identity, uuid::Uuid::now_v7().simple());
    let concurrency = config.concurrency;
    tracing::info!(worker = %context.identity, concurrency, "worker starting");

    let monitor = Monitor::new();
    let monitor =
        consume!(monitor, redis, instance, context, concurrency, PingJob => jobs::ping::run);
    // High priority: authors await these (compile on save, playground runs).
    let monitor = consume!(monitor, redis, instance, context, concurrency, RuleRunJob => jobs::rule_runs::run);
    let monitor = consume!(monitor, redis, instance, context, concurrency, ImportDossier => jobs::import::run);
    let monitor = consume!(monitor, redis, instance, context, concurrency, ExtractDocument => jobs::extract::run);
    let monitor = consume!(monitor, redis, instance, context, concurrency, RunDocumentRules => jobs::document_rules::run);
    let monitor = consume!(monitor, redis, instance, context, concurrency, RunDossierRules => jobs::dossier_rules::run);
    let monitor = consume!(monitor, redis, instance, context, concurrency, SendCallback => jobs::callback::run);
    let monitor = consume!(monitor, redis, instance, context, concurrency, NotifyCannotProcess => jobs::notify::run);
    monitor
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
