//! `just loadtest`: the job queue's own load test. For each combination of W worker processes
//! and concurrency C it starts the workers (release binary, against the PostgreSQL and Redis
//! named by ISTRUTTORIA_DATABASE_URL / ISTRUTTORIA_REDIS_URL), writes N `load` jobs to the
//! outbox — the product's enqueue path: a PostgreSQL transaction, the relay, Redis — and
//! measures:
//!
//! - jobs/s from the first enqueue to the last job done;
//! - enqueue→start and enqueue→done latency, p50/p95/p99/max, under that load;
//! - enqueue→start when the queue is idle (one job at a time);
//! - Redis's peak memory, and the CPU of each worker, of Redis and of PostgreSQL.
//!
//! It prints a table and writes a JSON report. Jobs do nothing (a payload of `--payload-bytes`
//! and a handler time of `--work-us` make them heavier); their times come from the workers
//! (`shared::jobs::load`).
//!
//! ```text
//! scripts/loadtest.sh --workers 1,2 --concurrency 4,16 --jobs 50000
//! ```

use std::io::Write;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Parser;
use diesel_async::AsyncConnection;
use serde::Serialize;
use shared::jobs::load::{LoadJob, Sample, now_us, samples_key};
use shared::jobs::outbox;
use uuid::Uuid;

#[derive(Parser)]
struct Args {
    /// Worker processes, one run per value (comma-separated).
    #[arg(long, value_delimiter = ',', default_value = "1,2,4")]
    workers: Vec<usize>,
    /// Jobs each worker process runs at once (ISTRUTTORIA_WORKER_CONCURRENCY), one run per value.
    #[arg(long, value_delimiter = ',', default_value = "1,4,16")]
    concurrency: Vec<usize>,
    /// Jobs per run.
    #[arg(long, default_value_t = 50_000)]
    jobs: usize,
    /// Ballast per job payload, in bytes.
    #[arg(long, default_value_t = 0)]
    payload_bytes: usize,
    /// Handler time per job, in µs (0: no-op jobs).
    #[arg(long, default_value_t = 0)]
    work_us: u64,
    /// Jobs enqueued one at a time on an idle queue, for the idle enqueue→start latency.
    #[arg(long, default_value_t = 200)]
    idle_samples: usize,
    /// Jobs per enqueueing transaction.
    #[arg(long, default_value_t = 500)]
    chunk: usize,
    /// Transactions enqueueing at the same time.
    #[arg(long, default_value_t = 4)]
    producers: usize,
    /// The worker binary.
    #[arg(long)]
    worker_bin: PathBuf,
    /// Where the JSON report goes.
    #[arg(long)]
    report: PathBuf,
    /// Where the workers' logs go.
    #[arg(long)]
    logs: PathBuf,
    /// Redis's process id (for its CPU), and PostgreSQL's postmaster's.
    #[arg(long)]
    redis_pid: Option<u32>,
    #[arg(long)]
    postgres_pid: Option<u32>,
}

/// Quantiles of a latency, in milliseconds.
#[derive(Debug, Serialize, Clone, Copy)]
struct Latency {
    p50: f64,
    p95: f64,
    p99: f64,
    max: f64,
}

impl Latency {
    fn of(mut micros: Vec<i64>) -> Option<Self> {
        if micros.is_empty() {
            return None;
        }
        micros.sort_unstable();
        let at = |q: f64| {
            let index = ((micros.len() as f64 * q).ceil() as usize).clamp(1, micros.len()) - 1;
            micros[index] as f64 / 1000.0
        };
        Some(Self {
            p50: at(0.50),
            p95: at(0.95),
            p99: at(0.99),
            max: at(1.0),
        })
    }
}

#[derive(Debug, Serialize)]
struct RunReport {
    workers: usize,
    concurrency: usize,
    jobs: usize,
    payload_bytes: usize,
    work_us: u64,
    seconds: f64,
    jobs_per_second: f64,
    enqueue_to_start_ms: Option<Latency>,
    enqueue_to_done_ms: Option<Latency>,
    idle_enqueue_to_start_ms: Option<Latency>,
    redis_peak_memory_mib: f64,
    /// Redis's busiest commands during the loaded phase: (command, calls per job, µs of Redis
    /// CPU per job), the costliest first.
    redis_commands: Vec<(String, f64, f64)>,
    /// CPU used during the loaded phase, in % of one core.
    worker_cpu_percent: Vec<f64>,
    redis_cpu_percent: Option<f64>,
    postgres_cpu_percent: Option<f64>,
}

struct Stack {
    database_url: String,
    redis: shared::jobs::Redis,
    pool: shared::db::Pool,
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let database_url =
        std::env::var("ISTRUTTORIA_DATABASE_URL").context("ISTRUTTORIA_DATABASE_URL")?;
    let redis_url = std::env::var("ISTRUTTORIA_REDIS_URL").context("ISTRUTTORIA_REDIS_URL")?;
    let namespace =
        std::env::var("ISTRUTTORIA_QUEUE_NAMESPACE").unwrap_or_else(|_| "istruttoria".into());
    shared::db::run_migrations(&database_url).await?;
    let stack = Stack {
        pool: shared::db::connect(&database_url, args.producers + 2).await?,
        redis: shared::jobs::Redis::connect(&redis_url, &namespace).await?,
        database_url,
    };
    std::fs::create_dir_all(&args.logs)?;
    let mut reports = Vec::new();
    for &workers in &args.workers {
        for &concurrency in &args.concurrency {
            let report = run(&args, &stack, workers, concurrency).await?;
            print_report(&report);
            reports.push(report);
        }
    }
    std::fs::write(&args.report, serde_json::to_vec_pretty(&reports)?)
        .with_context(|| format!("writing {}", args.report.display()))?;
    println!("\nreport: {}", args.report.display());
    print_table(&reports);
    Ok(())
}

/// One combination: fresh queues, W workers, the idle phase, then the loaded phase.
async fn run(args: &Args, stack: &Stack, workers: usize, concurrency: usize) -> Result<RunReport> {
    println!(
        "\n== {workers} worker(s) × concurrency {concurrency}: {} jobs",
        args.jobs
    );
    redis::cmd("FLUSHDB")
        .query_async::<()>(&mut stack.redis.connection.clone())
        .await?;
    let mut processes = Vec::new();
    for i in 0..workers {
        let log = std::fs::File::create(
            args.logs
                .join(format!("worker-{workers}x{concurrency}-{i}.log")),
        )?;
        processes.push(
            tokio::process::Command::new(&args.worker_bin)
                .env("ISTRUTTORIA_WORKER_CONCURRENCY", concurrency.to_string())
                .env("ISTRUTTORIA_WORKER_METRICS_ADDR", "127.0.0.1:0")
                .env(
                    "RUST_LOG",
                    std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into()),
                )
                .stdout(Stdio::null())
                .stderr(log)
                .kill_on_drop(true)
                .spawn()
                .context("starting a worker")?,
        );
    }
    wait_for_workers(&stack.redis, workers).await?;
    let run = Uuid::now_v7();
    let key = samples_key(&stack.redis.namespace, run);
    let job = |padding: &str| LoadJob {
        run,
        enqueued_at_us: 0,
        work_us: args.work_us,
        padding: padding.to_owned(),
    };
    let padding = "x".repeat(args.payload_bytes);

    // Idle: one job at a time, each once the previous is done. Each should start within
    // milliseconds (the relay is told by PostgreSQL, the workers by Redis); one that waits
    // for the relay's sweep or the workers' poll means a notice was missed, and 200 of them
    // would make this phase last minutes: said at once, not after.
    println!("  idle: {} jobs one at a time", args.idle_samples);
    let idle_started = Instant::now();
    let mut idle = Vec::with_capacity(args.idle_samples);
    for _ in 0..args.idle_samples {
        let mut conn = stack.pool.get().await?;
        let mut one = job(&padding);
        one.enqueued_at_us = now_us();
        outbox::enqueue_all(&mut conn, &[one]).await?;
        drop(conn);
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let samples = drain(&stack.redis, &key).await?;
            if let Some(sample) = samples.first() {
                let waited = sample.started_at_us - sample.enqueued_at_us;
                if waited > IDLE_START_EXPECTED_US {
                    bail!(
                        "an idle job waited {:.1} s to start (expected: milliseconds): the relay \
                         or the workers missed their notice and found it at their next sweep or \
                         poll (logs in {})",
                        waited as f64 / 1e6,
                        args.logs.display()
                    );
                }
                idle.push(waited);
                break;
            }
            if Instant::now() > deadline {
                bail!(
                    "an idle job did not run within 10 s: are the workers running? (logs in {})",
                    args.logs.display()
                );
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        // Let the workers go idle again (their second look, the acknowledgement).
        tokio::time::sleep(Duration::from_millis(10)).await;
    }

    println!(
        "  idle phase: {:.1} s; loaded: {} jobs as fast as {} producers write them",
        idle_started.elapsed().as_secs_f64(),
        args.jobs,
        args.producers
    );

    // Loaded: every job as fast as the producers can write them.
    let redis_before = redis_memory(&stack.redis).await?;
    redis::cmd("CONFIG")
        .arg("RESETSTAT")
        .query_async::<()>(&mut stack.redis.connection.clone())
        .await?;
    let cpu_before = cpu_times(&processes, args);
    let started = Instant::now();
    let producers = (0..args.producers).map(|p| {
        let count = args.jobs / args.producers + usize::from(p < args.jobs % args.producers);
        let database_url = stack.database_url.clone();
        let chunk = args.chunk;
        let jobs: Vec<LoadJob> = (0..chunk.min(count)).map(|_| job(&padding)).collect();
        tokio::spawn(async move {
            let mut conn = diesel_async::AsyncPgConnection::establish(&database_url).await?;
            let mut left = count;
            while left > 0 {
                let mut batch = jobs[..chunk.min(left)].to_vec();
                let at = now_us();
                batch.iter_mut().for_each(|job| job.enqueued_at_us = at);
                conn.transaction(async |conn| outbox::enqueue_all(conn, &batch).await)
                    .await?;
                left -= batch.len();
            }
            anyhow::Ok(())
        })
    });
    let producers = futures::future::try_join_all(producers);
    tokio::pin!(producers);
    let mut samples: Vec<Sample> = Vec::with_capacity(args.jobs);
    let mut redis_peak = redis_before;
    let mut produced = false;
    let mut last_progress = Instant::now();
    let mut last_new = Instant::now();
    while samples.len() < args.jobs {
        tokio::select! {
            done = &mut producers, if !produced => {
                for result in done? { result? }
                produced = true;
            }
            _ = tokio::time::sleep(Duration::from_millis(20)) => {
                let new = drain(&stack.redis, &key).await?;
                if !new.is_empty() {
                    last_new = Instant::now();
                }
                samples.extend(new);
                if last_progress.elapsed() > Duration::from_millis(500) {
                    redis_peak = redis_peak.max(redis_memory(&stack.redis).await?);
                    progress(samples.len(), args.jobs, started.elapsed());
                    last_progress = Instant::now();
                }
                if last_new.elapsed() > Duration::from_secs(60) {
                    bail!("no job finished for 60 s ({} of {} done; logs in {})", samples.len(), args.jobs, args.logs.display());
                }
            }
        }
    }
    progress(samples.len(), args.jobs, started.elapsed());
    println!();
    let cpu_after = cpu_times(&processes, args);
    let redis_commands = command_stats(&stack.redis, samples.len()).await?;
    let first = samples.iter().map(|s| s.enqueued_at_us).min().unwrap_or(0);
    let last = samples.iter().map(|s| s.done_at_us).max().unwrap_or(0);
    let seconds = (last - first) as f64 / 1e6;
    let wall = started.elapsed().as_secs_f64();
    let percent = |before: Option<f64>, after: Option<f64>| Some((after? - before?) / wall * 100.0);
    let report = RunReport {
        workers,
        concurrency,
        jobs: samples.len(),
        payload_bytes: args.payload_bytes,
        work_us: args.work_us,
        seconds,
        jobs_per_second: samples.len() as f64 / seconds,
        enqueue_to_start_ms: Latency::of(
            samples
                .iter()
                .map(|s| s.started_at_us - s.enqueued_at_us)
                .collect(),
        ),
        enqueue_to_done_ms: Latency::of(
            samples
                .iter()
                .map(|s| s.done_at_us - s.enqueued_at_us)
                .collect(),
        ),
        idle_enqueue_to_start_ms: Latency::of(idle),
        redis_peak_memory_mib: (redis_peak.saturating_sub(redis_before)) as f64 / (1 << 20) as f64,
        redis_commands,
        worker_cpu_percent: cpu_before
            .workers
            .iter()
            .zip(&cpu_after.workers)
            .map(|(before, after)| percent(*before, *after).unwrap_or(f64::NAN))
            .collect(),
        redis_cpu_percent: percent(cpu_before.redis, cpu_after.redis),
        postgres_cpu_percent: percent(cpu_before.postgres, cpu_after.postgres),
    };
    for mut process in processes {
        if let Some(pid) = process.id() {
            // SIGTERM: a clean stop, as in production.
            let _ = std::process::Command::new("kill")
                .arg(pid.to_string())
                .status();
        }
        let _ = tokio::time::timeout(Duration::from_secs(10), process.wait()).await;
    }
    Ok(report)
}

/// Longest enqueue→start of a job on an idle queue that is not a missed notice, in µs.
const IDLE_START_EXPECTED_US: i64 = 1_000_000;

/// Waits until `count` worker processes consume the `load` queue.
async fn wait_for_workers(redis: &shared::jobs::Redis, count: usize) -> Result<()> {
    let key = apalis_redis::Config::default()
        .queue(format!("{}:load", redis.namespace))
        .workers_set();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let registered: usize = redis::cmd("ZCARD")
            .arg(&key)
            .query_async(&mut redis.connection.clone())
            .await?;
        if registered >= count {
            return Ok(());
        }
        if Instant::now() > deadline {
            bail!("{registered} of {count} workers started within 60 s");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Takes the samples the workers have sent so far (Redis must answer within 30 s: a load test
/// never waits silently).
async fn drain(redis: &shared::jobs::Redis, key: &str) -> Result<Vec<Sample>> {
    let mut connection = redis.connection.clone();
    let mut pop = redis::cmd("LPOP");
    pop.arg(key).arg(10_000);
    let popped = pop.query_async::<Option<Vec<Vec<u8>>>>(&mut connection);
    let batches = tokio::time::timeout(Duration::from_secs(30), popped)
        .await
        .context("Redis did not answer for 30 s")??;
    Ok(batches
        .unwrap_or_default()
        .iter()
        .flat_map(|batch| Sample::decode_all(batch).collect::<Vec<_>>())
        .collect())
}

async fn redis_memory(redis: &shared::jobs::Redis) -> Result<u64> {
    let info: String = redis::cmd("INFO")
        .arg("memory")
        .query_async(&mut redis.connection.clone())
        .await?;
    info.lines()
        .find_map(|line| line.strip_prefix("used_memory:"))
        .and_then(|bytes| bytes.trim().parse().ok())
        .context("Redis's used_memory")
}

/// Redis's `INFO commandstats` since the last reset, per job, the costliest first.
async fn command_stats(
    redis: &shared::jobs::Redis,
    jobs: usize,
) -> Result<Vec<(String, f64, f64)>> {
    let info: String = redis::cmd("INFO")
        .arg("commandstats")
        .query_async(&mut redis.connection.clone())
        .await?;
    let jobs = jobs.max(1) as f64;
    let mut stats: Vec<(String, f64, f64)> = info
        .lines()
        .filter_map(|line| {
            let (name, fields) = line.strip_prefix("cmdstat_")?.split_once(':')?;
            let field = |key: &str| {
                fields
                    .split(',')
                    .find_map(|f| f.strip_prefix(key)?.strip_prefix('='))
                    .and_then(|v| v.parse::<f64>().ok())
            };
            Some((
                name.to_owned(),
                field("calls")? / jobs,
                field("usec")? / jobs,
            ))
        })
        .collect();
    stats.sort_by(|a, b| b.2.total_cmp(&a.2));
    stats.truncate(12);
    Ok(stats)
}

struct CpuTimes {
    workers: Vec<Option<f64>>,
    redis: Option<f64>,
    postgres: Option<f64>,
}

fn cpu_times(processes: &[tokio::process::Child], args: &Args) -> CpuTimes {
    CpuTimes {
        workers: processes
            .iter()
            .map(|p| p.id().and_then(cpu_seconds))
            .collect(),
        redis: args.redis_pid.and_then(cpu_seconds),
        postgres: args.postgres_pid.map(|pid| {
            std::iter::once(pid)
                .chain(children(pid))
                .filter_map(cpu_seconds)
                .sum()
        }),
    }
}

/// User + system CPU seconds of process `pid` (/proc/<pid>/stat).
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn children(pid: u32) -> Vec<u32> {
    std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"))
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect()
}

fn progress(done: usize, total: usize, elapsed: Duration) {
    let width = 30;
    let filled = done * width / total.max(1);
    print!(
        "\r  [{}{}] {done}/{total} jobs done, {:.0} jobs/s   ",
        "#".repeat(filled),
        " ".repeat(width - filled),
        done as f64 / elapsed.as_secs_f64().max(1e-3)
    );
    let _ = std::io::stdout().flush();
}

fn print_report(report: &RunReport) {
    let latency = |l: &Option<Latency>| {
        l.map_or("-".into(), |l| {
            format!(
                "p50 {:.1} p95 {:.1} p99 {:.1} max {:.1} ms",
                l.p50, l.p95, l.p99, l.max
            )
        })
    };
    println!(
        "  {:.0} jobs/s ({} jobs in {:.2} s)",
        report.jobs_per_second, report.jobs, report.seconds
    );
    println!("  enqueue→start: {}", latency(&report.enqueue_to_start_ms));
    println!("  enqueue→done:  {}", latency(&report.enqueue_to_done_ms));
    println!(
        "  idle enqueue→start: {}",
        latency(&report.idle_enqueue_to_start_ms)
    );
    println!(
        "  Redis peak +{:.1} MiB; CPU: workers {:?} %, Redis {:.0} %, PostgreSQL {:.0} %",
        report.redis_peak_memory_mib,
        report
            .worker_cpu_percent
            .iter()
            .map(|c| c.round())
            .collect::<Vec<_>>(),
        report.redis_cpu_percent.unwrap_or(f64::NAN),
        report.postgres_cpu_percent.unwrap_or(f64::NAN),
    );
    let commands: Vec<String> = report
        .redis_commands
        .iter()
        .take(6)
        .map(|(name, calls, usec)| format!("{name} {calls:.2}×/{usec:.1} µs"))
        .collect();
    println!("  Redis per job: {}", commands.join(", "));
}

fn print_table(reports: &[RunReport]) {
    println!(
        "\n| W | C | jobs/s | start p50 / p95 / p99 / max (ms) | done p50 / p99 (ms) | idle start p50 / p95 (ms) | Redis peak | CPU workers / Redis / PG |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for report in reports {
        let start = report.enqueue_to_start_ms;
        let done = report.enqueue_to_done_ms;
        let idle = report.idle_enqueue_to_start_ms;
        println!(
            "| {} | {} | {:.0} | {} | {} | {} | {:.1} MiB | {} / {:.0} % / {:.0} % |",
            report.workers,
            report.concurrency,
            report.jobs_per_second,
            start.map_or("-".into(), |l| format!(
                "{:.1} / {:.1} / {:.1} / {:.1}",
                l.p50, l.p95, l.p99, l.max
            )),
            done.map_or("-".into(), |l| format!("{:.1} / {:.1}", l.p50, l.p99)),
            idle.map_or("-".into(), |l| format!("{:.2} / {:.2}", l.p50, l.p95)),
            report.redis_peak_memory_mib,
            report
                .worker_cpu_percent
                .iter()
                .map(|c| format!("{c:.0} %"))
                .collect::<Vec<_>>()
                .join(" + "),
            report.redis_cpu_percent.unwrap_or(f64::NAN),
            report.postgres_cpu_percent.unwrap_or(f64::NAN),
        );
    }
}
