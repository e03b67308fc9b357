//! The worker's Prometheus metrics, served on `GET /metrics` at `ISTRUTTORIA_WORKER_METRICS_ADDR`
//! (the same registry style as the API's, `api/src/metrics.rs`): jobs started, succeeded,
//! failed for good and retried per queue, their duration and their wait from enqueue to start,
//! the queues' depth, rule executions and their duration, pages extracted and read by OCR.
//! docs/metrics.md describes each one.
//!
//! The same job outcomes feed the jobs dashboard's throughput chart (a [`Tally`] added to Redis
//! every few seconds, `shared::jobs::throughput`).

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::Context;
use apalis::prelude::{AbortError, BoxDynError, TaskId};
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::{IntoResponse, Response, Route, Server, get, http::StatusCode};
use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGaugeVec, Opts, Registry,
    TextEncoder,
};
use shared::db::Pool;
use shared::jobs::presence::{Presence, QueueConcurrency};
use shared::jobs::throughput::{self, Outcome, Tally};
use shared::jobs::{Redis, board, failures, outbox};
use worker::rules::{ErrorKind, Execution};

/// How often the queue depth is read and the throughput tally added to Redis.
const UPKEEP_INTERVAL: Duration = throughput::FLUSH_INTERVAL;

/// Buckets of job durations and waits: 1 ms to 5 min.
const JOB_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0,
    120.0, 300.0,
];
/// Buckets of rule execution durations: 0.5 ms to 10 s (the default time limit is 2 s).
const RULE_BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// Which rules ran: a document's or a dossier's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    Document,
    Dossier,
}

impl RuleKind {
    fn label(self) -> &'static str {
        match self {
            RuleKind::Document => "document",
            RuleKind::Dossier => "dossier",
        }
    }
}

/// A worker process's metrics.
pub struct WorkerMetrics {
    registry: Registry,
    jobs_started: IntCounterVec,
    jobs_succeeded: IntCounterVec,
    jobs_failed: IntCounterVec,
    jobs_retried: IntCounterVec,
    job_duration: HistogramVec,
    job_wait: HistogramVec,
    queue_depth: IntGaugeVec,
    rule_executions: IntCounterVec,
    rule_duration: HistogramVec,
    extraction_pages: IntCounter,
    ocr_pages: IntCounter,
    /// Job outcomes not yet added to the dashboard's throughput counters in Redis.
    throughput: Tally,
    /// The queues this process consumes and their concurrency (for its presence).
    queues: Mutex<Vec<QueueConcurrency>>,
}

impl WorkerMetrics {
    pub fn new() -> Result<Self, prometheus::Error> {
        let registry = Registry::new_custom(Some("istruttoria".into()), None)?;
        let counter = |name: &str, help: &str, labels: &[&str]| {
            let counter = IntCounterVec::new(Opts::new(name, help), labels)?;
            registry.register(Box::new(counter.clone()))?;
            Ok::<_, prometheus::Error>(counter)
        };
        let histogram = |name: &str, help: &str, labels: &[&str], buckets: &[f64]| {
            let histogram = HistogramVec::new(
                HistogramOpts::new(name, help).buckets(buckets.to_vec()),
                labels,
            )?;
            registry.register(Box::new(histogram.clone()))?;
            Ok::<_, prometheus::Error>(histogram)
        };
        let jobs_started = counter(
            "jobs_started_total",
            "Job deliveries started by this worker, by queue",
            &["queue"],
        )?;
        let jobs_succeeded = counter(
            "jobs_succeeded_total",
            "Job deliveries that succeeded, by queue",
            &["queue"],
        )?;
        let jobs_failed = counter(
            "jobs_failed_total",
            "Job deliveries that failed for good (the job waits on the jobs dashboard), by queue",
            &["queue"],
        )?;
        let jobs_retried = counter(
            "jobs_retried_total",
            "Job deliveries that failed and will be retried, by queue",
            &["queue"],
        )?;
        let job_duration = histogram(
            "job_duration_seconds",
            "Time a job delivery took to run, by queue",
            &["queue"],
            JOB_BUCKETS,
        )?;
        let job_wait = histogram(
            "job_wait_seconds",
            "Time from a job's enqueue to the start of its first delivery, by queue",
            &["queue"],
            JOB_BUCKETS,
        )?;
        let queue_depth = IntGaugeVec::new(
            Opts::new(
                "queue_depth",
                "Jobs of a queue by state (waiting, running, retrying, failed), as this worker last read them from Redis",
            ),
            &["queue", "state"],
        )?;
        registry.register(Box::new(queue_depth.clone()))?;
        let rule_executions = counter(
            "rule_executions_total",
            "Rule executions, by kind (document, dossier) and outcome (ok, or the error's kind)",
            &["kind", "outcome"],
        )?;
        let rule_duration = histogram(
            "rule_execution_duration_seconds",
            "Time one rule execution took, by kind (document, dossier)",
            &["kind"],
            RULE_BUCKETS,
        )?;
        let extraction_pages = IntCounter::new(
            "extraction_pages_total",
            "PDF pages extracted (text, words, tables), OCR pages included",
        )?;
        registry.register(Box::new(extraction_pages.clone()))?;
        let ocr_pages = IntCounter::new("ocr_pages_total", "PDF pages read by OCR")?;
        registry.register(Box::new(ocr_pages.clone()))?;
        // The rule series start at zero (a dashboard shows 0, not "no data").
        for kind in [RuleKind::Document, RuleKind::Dossier] {
            rule_executions.with_label_values(&[kind.label(), "ok"]);
            rule_duration.with_label_values(&[kind.label()]);
        }
        Ok(Self {
            registry,
            jobs_started,
            jobs_succeeded,
            jobs_failed,
            jobs_retried,
            job_duration,
            job_wait,
            queue_depth,
            rule_executions,
            rule_duration,
            extraction_pages,
            ocr_pages,
            throughput: Tally::new(),
            queues: Mutex::new(Vec::new()),
        })
    }

    /// This process consumes `queue`, `concurrency` jobs at once: its series start at zero.
    pub fn consuming(&self, queue: &'static str, concurrency: usize) {
        for counter in [
            &self.jobs_started,
            &self.jobs_succeeded,
            &self.jobs_failed,
            &self.jobs_retried,
        ] {
            counter.with_label_values(&[queue]);
        }
        let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
        queues.retain(|q| q.queue != queue);
        queues.push(QueueConcurrency {
            queue: queue.to_owned(),
            concurrency,
        });
    }

    /// The queues this process consumes ([`WorkerMetrics::consuming`]), in that order.
    pub fn queues(&self) -> Vec<QueueConcurrency> {
        self.queues
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// A delivery of a job of `queue` starts; `wait` is the time since its enqueue, for the
    /// first delivery only (see [`first_wait`]).
    pub fn job_started(&self, queue: &'static str, wait: Option<Duration>) {
        self.jobs_started.with_label_values(&[queue]).inc();
        if let Some(wait) = wait {
            self.job_wait
                .with_label_values(&[queue])
                .observe(wait.as_secs_f64());
        }
    }

    /// A delivery of a job of `queue` ended with `result` after `duration`: an error wrapped
    /// in `AbortError` failed for good, any other will be retried.
    pub fn job_finished<T>(
        &self,
        queue: &'static str,
        result: &Result<T, BoxDynError>,
        duration: Duration,
    ) {
        let outcome = outcome_of(result);
        let counter = match outcome {
            Outcome::Succeeded => &self.jobs_succeeded,
            Outcome::Failed => &self.jobs_failed,
            Outcome::Retried => &self.jobs_retried,
        };
        counter.with_label_values(&[queue]).inc();
        self.job_duration
            .with_label_values(&[queue])
            .observe(duration.as_secs_f64());
        self.throughput.record(queue, outcome, SystemTime::now());
    }

    /// One rule execution of `kind` ended.
    pub fn rule_executed(&self, kind: RuleKind, execution: &Execution) {
        self.rule_executions
            .with_label_values(&[kind.label(), rule_outcome(execution)])
            .inc();
        self.rule_duration
            .with_label_values(&[kind.label()])
            .observe(execution.duration_us as f64 / 1e6);
    }

    /// A document was extracted: `pages` pages, `ocr_pages` of them read by OCR.
    pub fn pages_extracted(&self, pages: usize, ocr_pages: usize) {
        self.extraction_pages.inc_by(pages as u64);
        self.ocr_pages.inc_by(ocr_pages as u64);
    }

    /// The job outcomes not yet added to Redis's throughput counters.
    pub fn throughput(&self) -> &Tally {
        &self.throughput
    }

    /// Reads the depth of every queue into `queue_depth`: waiting, running and retrying jobs
    /// from Redis, the jobs failed for good from PostgreSQL (`shared::jobs::failures`).
    pub async fn refresh_queue_depth(&self, redis: &Redis, db: &Pool) -> anyhow::Result<()> {
        for counts in board::counts(redis).await? {
            for (state, n) in [
                ("waiting", counts.waiting),
                ("running", counts.running),
                ("retrying", counts.retrying),
            ] {
                self.queue_depth
                    .with_label_values(&[counts.queue, state])
                    .set(n.try_into().unwrap_or(i64::MAX));
            }
        }
        let mut conn = db.get().await?;
        let failed = failures::count_by_queue(&mut conn).await?;
        for queue in board::QUEUES {
            self.queue_depth
                .with_label_values(&[queue, "failed"])
                .set(failed.get(queue).copied().unwrap_or(0));
        }
        Ok(())
    }

    /// The registry in Prometheus text exposition format.
    pub fn render(&self) -> Response {
        let mut body = Vec::new();
        match TextEncoder::new().encode(&self.registry.gather(), &mut body) {
            Ok(()) => Response::builder()
                .content_type(TextEncoder::new().format_type())
                .body(body),
            Err(error) => {
                tracing::error!(%error, "encoding metrics failed");
                StatusCode::INTERNAL_SERVER_ERROR.into_response()
            }
        }
    }
}

/// How a delivery ended, from the job wrapper's result.
fn outcome_of<T>(result: &Result<T, BoxDynError>) -> Outcome {
    match result {
        Ok(_) => Outcome::Succeeded,
        Err(error) if error.downcast_ref::<AbortError>().is_some() => Outcome::Failed,
        Err(_) => Outcome::Retried,
    }
}

/// `ok`, or why the execution failed: its first error's kind, or `invalid_result` when its
/// result breaks the rule contract.
fn rule_outcome(execution: &Execution) -> &'static str {
    match execution.errors.first().map(|error| error.kind) {
        None => match &execution.result {
            Some(result) if worker::rules::check_result(result).is_ok() => "ok",
            _ => "invalid_result",
        },
        Some(ErrorKind::Exception) => "exception",
        Some(ErrorKind::Rejection) => "rejection",
        Some(ErrorKind::Timeout) => "timeout",
        Some(ErrorKind::OutOfMemory) => "out_of_memory",
        Some(ErrorKind::StackOverflow) => "stack_overflow",
        Some(ErrorKind::Result) => "invalid_result",
        Some(ErrorKind::ResultTooLarge) => "result_too_large",
        Some(ErrorKind::Input) => "invalid_input",
        Some(ErrorKind::Syntax) => "syntax",
        Some(ErrorKind::Crash) => "crash",
    }
}

/// When a job was enqueued: the millisecond timestamp of its task id, a ULID that is the
/// outbox row's UUIDv7 (its time of writing) or, for a job pushed directly, made at its push.
pub fn enqueued_at(task_id: &TaskId) -> Option<SystemTime> {
    let id = outbox::job_id_of(task_id)?;
    let millis = (id.as_u128() >> 80) as u64;
    Some(UNIX_EPOCH + Duration::from_millis(millis))
}

/// The wait from enqueue to now of a job's first delivery; `None` for a later delivery (its
/// wait includes the earlier ones and the retry delay) or an id without a time.
pub fn first_wait(task_id: &TaskId, attempt: usize) -> Option<Duration> {
    if attempt > 1 {
        return None;
    }
    // A clock behind the enqueuer's (another host) reads as no wait rather than none.
    Some(
        SystemTime::now()
            .duration_since(enqueued_at(task_id)?)
            .unwrap_or_default(),
    )
}

/// Serves `GET /metrics` on `addr` until aborted; returns the address bound (port 0 picks one).
pub async fn serve(
    metrics: Arc<WorkerMetrics>,
    addr: SocketAddr,
) -> anyhow::Result<(SocketAddr, tokio::task::JoinHandle<()>)> {
    let acceptor = TcpListener::bind(addr)
        .into_acceptor()
        .await
        .with_context(|| format!("listening on ISTRUTTORIA_WORKER_METRICS_ADDR={addr}"))?;
    let bound = acceptor
        .local_addr()
        .iter()
        .find_map(|a| a.as_socket_addr().copied())
        .context("the metrics listener has a socket address")?;
    let app = Route::new().at(
        "/metrics",
        get(poem::endpoint::make_sync(move |_| metrics.render())),
    );
    let server = tokio::spawn(async move {
        if let Err(error) = Server::new_with_acceptor(acceptor).run(app).await {
            tracing::error!(%error, "the metrics endpoint stopped");
        }
    });
    Ok((bound, server))
}

/// What a worker process reports while it runs: its `/metrics` endpoint, its throughput
/// tally and queue depth ([`keep_up`]), and its presence (`shared::jobs::presence`).
pub struct Reporting {
    metrics: Arc<WorkerMetrics>,
    redis: Redis,
    presence: Presence,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

/// What [`Reporting::start`] needs to know of the worker process.
pub struct ReportingOf<'a> {
    pub redis: &'a Redis,
    pub db: &'a Pool,
    /// Unique per process start (apalis's worker names end with it).
    pub instance: &'a str,
    /// `host:pid`.
    pub identity: &'a str,
    /// `ISTRUTTORIA_WORKER_METRICS_ADDR`.
    pub metrics_addr: Option<SocketAddr>,
}

impl Reporting {
    /// Serves `/metrics` on `metrics_addr` (when set) and starts the reporting tasks. Call it
    /// once every queue is consumed ([`WorkerMetrics::consuming`]): the presence lists them.
    pub async fn start(metrics: Arc<WorkerMetrics>, of: ReportingOf<'_>) -> anyhow::Result<Self> {
        let redis = of.redis.clone();
        let mut tasks = Vec::new();
        let mut bound = None;
        if let Some(addr) = of.metrics_addr {
            let (addr, server) = serve(metrics.clone(), addr).await?;
            tracing::info!(metrics_addr = %addr, "serving metrics on /metrics");
            tasks.push(server);
            bound = Some(addr);
        }
        let presence = Presence {
            instance: of.instance.to_owned(),
            identity: of.identity.to_owned(),
            started_at: chrono::Utc::now(),
            metrics_addr: bound.map(|addr| addr.to_string()),
            queues: metrics.queues(),
        };
        tasks.push(tokio::spawn(presence.clone().keep_beating(redis.clone())));
        tasks.push(tokio::spawn(keep_up(
            metrics.clone(),
            redis.clone(),
            of.db.clone(),
        )));
        Ok(Self {
            metrics,
            redis,
            presence,
            tasks,
        })
    }

    /// After the last job: stops the tasks, adds the last counts to Redis and removes the
    /// worker's presence.
    pub async fn stop(self) {
        for task in &self.tasks {
            task.abort();
        }
        if let Err(error) = self.metrics.throughput().flush(&self.redis).await {
            tracing::warn!(%error, "adding the last job counts to Redis");
        }
        if let Err(error) = self.presence.leave(&self.redis).await {
            tracing::warn!(%error, "removing the worker's presence");
        }
    }
}

/// Every few seconds: adds the throughput tally to Redis and reads the queues' depth.
pub async fn keep_up(metrics: Arc<WorkerMetrics>, redis: Redis, db: Pool) {
    let mut ticks = tokio::time::interval(UPKEEP_INTERVAL);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        if let Err(error) = metrics.throughput().flush(&redis).await {
            tracing::warn!(%error, "adding the job counts to Redis");
        }
        if let Err(error) = metrics.refresh_queue_depth(&redis, &db).await {
            tracing::warn!(error = format!("{error:#}"), "reading the queues' depth");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(metrics: &WorkerMetrics) -> String {
        let mut body = Vec::new();
        TextEncoder::new()
            .encode(&metrics.registry.gather(), &mut body)
            .expect("encodes");
        String::from_utf8(body).expect("utf-8")
    }

    #[test]
    fn deliveries_count_by_outcome() {
        let metrics = WorkerMetrics::new().expect("registry");
        metrics.consuming("ping", 4);
        metrics.consuming("extract", 2);
        metrics.job_started("ping", Some(Duration::from_millis(3)));
        metrics.job_finished::<()>("ping", &Ok(()), Duration::from_millis(2));
        metrics.job_started("ping", None);
        metrics.job_finished::<()>("ping", &Err("try again".into()), Duration::from_millis(2));
        metrics.job_started("ping", None);
        let abort: BoxDynError = Box::new(AbortError::new("no more"));
        metrics.job_finished::<()>("ping", &Err(abort), Duration::from_secs(1));
        let text = text(&metrics);
        for line in [
            r#"istruttoria_jobs_started_total{queue="ping"} 3"#,
            r#"istruttoria_jobs_succeeded_total{queue="ping"} 1"#,
            r#"istruttoria_jobs_retried_total{queue="ping"} 1"#,
            r#"istruttoria_jobs_failed_total{queue="ping"} 1"#,
            r#"istruttoria_jobs_started_total{queue="extract"} 0"#,
            r#"istruttoria_job_duration_seconds_count{queue="ping"} 3"#,
            r#"istruttoria_job_wait_seconds_count{queue="ping"} 1"#,
            r#"istruttoria_job_wait_seconds_bucket{queue="ping",le="0.0025"} 0"#,
            r#"istruttoria_job_wait_seconds_bucket{queue="ping",le="0.005"} 1"#,
        ] {
            assert!(text.lines().any(|l| l == line), "no `{line}` in\n{text}");
        }
        let counts: Vec<_> = metrics.throughput().take();
        assert_eq!(counts.len(), 1, "{counts:?}");
        let (queue, minute) = counts[0];
        assert_eq!(
            (queue, minute.succeeded, minute.failed, minute.retried),
            ("ping", 1, 1, 1)
        );
        assert_eq!(
            metrics
                .queues()
                .iter()
                .map(|q| (q.queue.as_str(), q.concurrency))
                .collect::<Vec<_>>(),
            [("ping", 4), ("extract", 2)]
        );
    }

    #[test]
    fn the_wait_is_read_from_the_task_id() {
        let enqueued = UNIX_EPOCH + Duration::from_millis(1_767_323_100_500);
        let ulid = ulid_at(enqueued);
        let task_id = TaskId::Ulid(ulid);
        assert_eq!(enqueued_at(&task_id), Some(enqueued));
        let now = uuid::Uuid::now_v7();
        let task_id = TaskId::Ulid(ulid::Ulid(now.as_u128()));
        let wait = first_wait(&task_id, 1).expect("a first delivery has a wait");
        assert!(wait < Duration::from_secs(5), "{wait:?}");
        assert_eq!(first_wait(&task_id, 2), None);
        assert_eq!(first_wait(&TaskId::Int(7), 1), None);
    }

    fn ulid_at(at: SystemTime) -> ulid::Ulid {
        let millis = at
            .duration_since(UNIX_EPOCH)
            .expect("after 1970")
            .as_millis();
        ulid::Ulid((millis << 80) | 0x1234)
    }

    #[test]
    fn rule_outcomes_name_the_error() {
        let execution = |result: Option<serde_json::Value>, errors: Vec<ErrorKind>| Execution {
            result,
            logs: Vec::new(),
            logs_truncated: false,
            errors: errors
                .into_iter()
                .map(|kind| worker::rules::ExecutionError {
                    kind,
                    message: "x".into(),
                    stack: None,
                })
                .collect(),
            duration_us: 1500,
        };
        let ok = execution(Some(serde_json::json!({ "success": false })), vec![]);
        assert_eq!(rule_outcome(&ok), "ok");
        let broken = execution(Some(serde_json::json!(3)), vec![]);
        assert_eq!(rule_outcome(&broken), "invalid_result");
        let timeout = execution(None, vec![ErrorKind::Timeout, ErrorKind::Exception]);
        assert_eq!(rule_outcome(&timeout), "timeout");

        let metrics = WorkerMetrics::new().expect("registry");
        metrics.rule_executed(RuleKind::Document, &ok);
        metrics.rule_executed(RuleKind::Dossier, &timeout);
        metrics.pages_extracted(3, 1);
        let text = text(&metrics);
        for line in [
            r#"istruttoria_rule_executions_total{kind="document",outcome="ok"} 1"#,
            r#"istruttoria_rule_executions_total{kind="dossier",outcome="timeout"} 1"#,
            r#"istruttoria_rule_execution_duration_seconds_bucket{kind="document",le="0.001"} 0"#,
            r#"istruttoria_rule_execution_duration_seconds_bucket{kind="document",le="0.0025"} 1"#,
            "istruttoria_extraction_pages_total 3",
            "istruttoria_ocr_pages_total 1",
        ] {
            assert!(text.lines().any(|l| l == line), "no `{line}` in\n{text}");
        }
    }
}
