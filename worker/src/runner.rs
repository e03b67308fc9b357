//! Migrates the database, connects to Redis, registers one apalis worker per queue and runs them until a
//! shutdown signal; jobs in flight then finish (up to the shutdown timeout) and jobs fetched but
//! not started go back to their queue.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use apalis::prelude::*;
use diesel_async::pooled_connection::deadpool::PoolError;
use shared::config::WorkerConfig;
use shared::db::DbError;
use shared::jobs::load::LoadJob;
use shared::jobs::outbox::{self, Relay};
use shared::jobs::ping::PingJob;
use shared::jobs::pipeline::{
    ExtractDocument, ImportDossier, NotifyCannotProcess, RunDocumentRules, RunDossierRules,
    SendCallback,
};
use shared::jobs::rules::RuleRunJob;
use shared::jobs::validation::ValidationJob;
use shared::jobs::what_if::WhatIfJob;
use shared::jobs::{HEARTBEAT_INTERVAL, Job, Redis, board, crashes};
use tracing::Instrument;
use worker::rules::{RuleRuntime, RuntimeConfig};

use shared::mail::Mailer;
use shared::services::budgets::UserBudgets;
use shared::storage::{Storage, StorageError};
use worker::callback::CallbackPolicy;
use worker::extraction::{Extractor, ExtractorConfig};

use crate::jobs::{self, CallbackSettings, JobContext};
use crate::metrics::{Reporting, ReportingOf, WorkerMetrics};
use crate::polling::EveryPeriod;
use crate::signals::{PauseLayer, QueueSignals};

/// How often a worker forgets its queues' done jobs (see `shared::jobs::board::sweep_done`).
const SWEEP_INTERVAL: Duration = Duration::from_secs(30);
/// Done jobs forgotten per Redis call.
const SWEEP_BATCH: usize = 1000;

/// Deliveries of a job failing because of the infrastructure ([`is_infrastructure`]) before
/// it fails for good. apalis-redis retries delivery n after n seconds, so 24 deliveries wait
/// 1 + 2 + … + 23 s ≈ 4.6 min for the database or the storage to come back (apalis-redis itself
/// stops retrying at 25).
const INFRASTRUCTURE_ATTEMPTS: usize = 24;

/// Whether a job's error comes from the infrastructure — the database or the object storage
/// unreachable or failing — rather than from the job: another delivery a little later can
/// succeed, so such an error does not count against `ISTRUTTORIA_JOB_MAX_ATTEMPTS`. Found
/// by `just faults` (storage-unavailable): an import job spent its 5 deliveries in 10 s of
/// storage outage and left its dossier `processing`.
fn is_infrastructure(error: &BoxDynError) -> bool {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error.as_ref());
    while let Some(error) = cause {
        if let Some(storage) = error.downcast_ref::<StorageError>() {
            return !storage.is_not_found();
        }
        if error.is::<DbError>() || error.is::<PoolError>() {
            return true;
        }
        cause = error.source();
    }
    false
}

/// A job's error after its last allowed attempt becomes an `AbortError`: apalis-redis then
/// moves the job to the dead set instead of retrying it (and `crate::failures` has recorded it
/// in PostgreSQL, the jobs dashboard's failed jobs).
/// The last allowed attempt is `max_attempts`, or [`INFRASTRUCTURE_ATTEMPTS`] for an error of
/// the infrastructure.
fn give_up_after<T>(
    result: Result<T, BoxDynError>,
    attempt: &Attempt,
    max_attempts: usize,
) -> Result<T, BoxDynError> {
    match result {
        Err(error) => {
            let allowed = if is_infrastructure(&error) {
                INFRASTRUCTURE_ATTEMPTS.max(max_attempts)
            } else {
                max_attempts
            };
            if attempt.current() < allowed {
                tracing::warn!(%error, attempt = attempt.current(), allowed, "job failed; it will be retried");
                return Err(error);
            }
            tracing::error!(%error, attempts = attempt.current(), "job failed for good");
            Err(Box::new(AbortError::new(error)))
        }
        ok => ok,
    }
}

/// After a job's last outcome — success, or a failure for good — ends its outbox entry, so
/// that it is not pushed again if Redis loses its data (see `shared::jobs::outbox`). A job to
/// be retried keeps its entry.
fn end_outbox_entry<T>(
    context: &JobContext,
    job_id: Option<uuid::Uuid>,
    result: &Result<T, BoxDynError>,
) {
    let last = match result {
        Ok(_) => true,
        Err(error) => error.downcast_ref::<AbortError>().is_some(),
    };
    if let Some(job_id) = job_id.filter(|_| last) {
        context.finished.end(job_id);
    }
}

/// Registers one apalis worker consuming `$job`'s queue with `$handler`. Each job runs in a
/// span naming its queue, its id (the outbox row's, as the relay's span does) and its dossier.
macro_rules! consume {
    ($monitor:expr, $config:expr, $redis:expr, $signals:expr, $instance:expr, $context:expr, $concurrency:expr, $max_attempts:expr, $job:ty => $handler:path) => {{
        let concurrency = $concurrency;
        let storage = $redis.storage::<$job>(<$job as Job>::QUEUE, concurrency);
        let signal = $signals.of(<$job as Job>::QUEUE);
        let instance = $instance.clone();
        let context = $context.clone();
        let max_attempts: usize = $max_attempts;
        context.metrics.consuming(<$job as Job>::QUEUE, concurrency);
        let poll_interval = $config.poll_interval;
        $monitor.register(move |restarts| {
            // apalis refuses two workers of one name in a process, and a name still
            // registered by a previous process: queue + instance (unique per process start)
            // + restarts, since a restarted worker's old name may still be registered (Redis
            // restarted with its data). `shared::jobs::crashes` reads the instance back.
            WorkerBuilder::new(crashes::worker_name(<$job as Job>::QUEUE, &instance, restarts))
                .backend(
                    storage
                        .clone()
                        .poll_with_strategy(EveryPeriod::new(poll_interval, signal.clone())),
                )
                .layer(PauseLayer(signal.clone()))
                .data(context.clone())
                .concurrency(concurrency)
                .build(
                    move |job: $job, context: Data<JobContext>, attempt: Attempt, task_id: TaskId| {
                        let job_id = outbox::job_id_of(&task_id);
                        // The outbox row's id, as the API and the relay log it.
                        let shown_id = job_id.map_or_else(|| task_id.to_string(), |id| id.to_string());
                        let span = tracing::info_span!(
                            "job",
                            queue = <$job as Job>::QUEUE,
                            job_id = %shown_id,
                            dossier_id = ?job.dossier_id(),
                            attempt = attempt.current(),
                        );
                        let dossier_id = job.dossier_id();
                        async move {
                            let queue = <$job as Job>::QUEUE;
                            let wait = crate::metrics::first_wait(&task_id, attempt.current());
                            context.metrics.job_started(queue, wait);
                            let started = std::time::Instant::now();
                            let result = give_up_after(
                                $handler(job, context.clone()).await,
                                &attempt,
                                max_attempts,
                            );
                            context.metrics.job_finished(queue, &result, started.elapsed());
                            if <$job as Job>::WRITES_DOSSIER_FILES && let Some(dossier_id) = dossier_id {
                                jobs::remove_files_if_deleted(&context, dossier_id).await;
                            }
                            // Recorded before the outbox entry ends: a failed job is never in neither.
                            crate::failures::record(&context, queue, &task_id, dossier_id, &attempt, &result).await;
                            end_outbox_entry(&context, job_id, &result);
                            result
                        }
                        .instrument(span)
                    },
                )
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
    let (finished, finisher) = outbox::FinishedJobs::spawn(db.clone());
    let metrics = Arc::new(WorkerMetrics::new().context("creating the metrics registry")?);
    let context = JobContext {
        db,
        finished,
        load_samples: jobs::load::Samples::default(),
        database_url: config.common.database_url.clone(),
        redis: redis.clone(),
        identity: jobs::worker_identity(),
        rules: Arc::new(rules),
        storage,
        extractor,
        budgets: UserBudgets::new(redis.clone(), config.common.budgets),
        callbacks: Arc::new(CallbackSettings {
            policy: callback_policy,
            config: config.callbacks.clone(),
        }),
        mailer: Arc::new(mailer),
        limits: config.common.import,
        public_url: config.common.public_url.clone(),
        metrics: metrics.clone(),
    };
    // apalis refuses a worker name that is still registered (a restart within its heartbeat
    // threshold): make every process start unique.
    let instance = format!("{}-{}", context.identity, uuid::Uuid::now_v7().simple());
    let concurrency = config.concurrency;
    tracing::info!(worker = %context.identity, concurrency, "worker starting");

    let attempts = config.job_max_attempts;
    // Wake-ups and pauses of the queues, from Redis.
    let signals = QueueSignals::new();
    let listener = tokio::spawn(crate::signals::listen(redis.clone(), signals.clone()));
    // A queue's worker ends when a fetch from Redis fails (Redis restarting, wiped, a network
    // cut): start it again. While Redis is away, its connection's reconnect backoff paces the
    // attempts.
    let monitor = Monitor::new().should_restart(|worker, error| {
        tracing::warn!(worker = %worker.name(), restarts = worker.restarts(), %error, "job worker failed; starting it again");
        true
    });
    let monitor = consume!(monitor, config, redis, signals, instance, context, concurrency, attempts, PingJob => jobs::ping::run);
    // High priority: authors await these (compile on save, playground runs).
    let monitor = consume!(monitor, config, redis, signals, instance, context, concurrency, attempts, RuleRunJob => jobs::rule_runs::run);
    let monitor = consume!(monitor, config, redis, signals, instance, context, concurrency, attempts, ImportDossier => jobs::import::run);
    let monitor = consume!(monitor, config, redis, signals, instance, context, concurrency, attempts, ExtractDocument => jobs::extract::run);
    let monitor = consume!(monitor, config, redis, signals, instance, context, concurrency, attempts, RunDocumentRules => jobs::document_rules::run);
    let monitor = consume!(monitor, config, redis, signals, instance, context, concurrency, attempts, RunDossierRules => jobs::dossier_rules::run);
    let monitor = consume!(monitor, config, redis, signals, instance, context, concurrency, attempts, SendCallback => jobs::callback::run);
    let monitor = consume!(monitor, config, redis, signals, instance, context, concurrency, attempts, NotifyCannotProcess => jobs::notify::run);
    // One "what if" run at a time per worker: it uses every core by itself, and the pipeline
    // comes first.
    let monitor = consume!(monitor, config, redis, signals, instance, context, 1, attempts, WhatIfJob => jobs::what_if::run);
    // Likewise one validation at a time: OCR of a scanned template uses every core.
    let monitor = consume!(monitor, config, redis, signals, instance, context, 1, attempts, ValidationJob => jobs::validation::run);
    // The queue's load test (`just loadtest`).
    let monitor = consume!(monitor, config, redis, signals, instance, context, concurrency, attempts, LoadJob => jobs::load::run);
    let load_samples = tokio::spawn(jobs::load::flush_samples(
        context.load_samples.clone(),
        redis.clone(),
    ));
    let sweeper = tokio::spawn(sweep_done_jobs(redis.clone(), context.db.clone()));
    let settler = tokio::spawn(settle_dead_workers(redis.clone(), context.db.clone()));
    // `/metrics`, the dashboard's throughput counts and the worker's presence.
    let reporting = Reporting::start(
        metrics,
        ReportingOf {
            redis: &redis,
            db: &context.db,
            instance: &instance,
            identity: &context.identity,
            metrics_addr: config.metrics_addr,
        },
    )
    .await?;
    // Jobs written to the outbox by the API and by the jobs themselves reach their queues
    // through the relay of every worker.
    let relay =
        Relay::new(context.db.clone(), redis.clone()).spawn(config.common.database_url.clone());
    monitor
        .shutdown_timeout(config.common.shutdown_timeout)
        .run_with_signal(async {
            shutdown.await;
            Ok(())
        })
        .await
        .context("running the job workers")?;
    sweeper.abort();
    settler.abort();
    reporting.stop().await;
    relay.abort();
    listener.abort();
    load_samples.abort();
    // The last finished jobs' outbox entries: the task ends once the context's sender is gone.
    drop(context);
    if tokio::time::timeout(Duration::from_secs(2), finisher)
        .await
        .is_err()
    {
        tracing::warn!("the last finished jobs' outbox entries were not ended in time");
    }
    tracing::info!("worker stopped");
    Ok(())
}

/// Settles, now and then, the jobs of the workers that died running them: each death counts
/// as an attempt, and a job that crashed its worker too often is ended for good
/// (`shared::jobs::crashes`).
async fn settle_dead_workers(redis: Redis, db: shared::db::Pool) {
    let mut ticks = tokio::time::interval(HEARTBEAT_INTERVAL);
    loop {
        ticks.tick().await;
        if let Err(error) = crashes::settle_dead_workers(&redis, &db).await {
            tracing::warn!(%error, "settling the jobs of dead workers");
        }
    }
}

/// Forgets the done and the failed jobs of every queue, now and then, so that Redis holds only
/// what is waiting, running or to be retried (failed jobs are in PostgreSQL: `crate::failures`).
async fn sweep_done_jobs(redis: Redis, db: shared::db::Pool) {
    let mut ticks = tokio::time::interval(SWEEP_INTERVAL);
    loop {
        ticks.tick().await;
        crate::failures::sweep(&db, &redis).await;
        for queue in board::QUEUES {
            loop {
                match board::sweep_done(&redis, queue, SWEEP_BATCH).await {
                    Ok(swept) if swept == SWEEP_BATCH => continue,
                    Ok(_) => break,
                    Err(error) => {
                        tracing::warn!(%error, queue, "sweeping done jobs");
                        break;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_and_the_storage_failing_are_the_infrastructure() {
        let storage: BoxDynError = Box::new(StorageError::Object {
            action: "read",
            key: "dossiers/x/archive.zip".into(),
            source: object_store::Error::NotImplemented,
        });
        assert!(is_infrastructure(&storage));
        let database: BoxDynError = Box::new(DbError::Query {
            context: "reading".into(),
            source: diesel::result::Error::BrokenTransactionManager,
        });
        assert!(is_infrastructure(&database));
        let missing: BoxDynError = Box::new(StorageError::NotFound { key: "x".into() });
        assert!(
            !is_infrastructure(&missing),
            "a missing object stays missing"
        );
        let own: BoxDynError = "the callback answered 500".into();
        assert!(!is_infrastructure(&own));
    }
}
