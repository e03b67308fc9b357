//! The transactional job outbox: the one way a state change enqueues the jobs it causes, and
//! the ledger of the jobs not yet finished.
//!
//! [`enqueue`] writes a job to `job_outbox` inside the caller's transaction, so the job exists
//! exactly when the change that causes it is committed — a push to Redis after the commit could
//! be lost (Redis restarting, the process killed between the two) and leave a dossier waiting
//! forever. A [`Relay`], running in every worker, moves the rows to their apalis queues:
//!
//! - it is woken by the `istruttoria_job_outbox` notice of the insert's trigger, at once, and
//!   sweeps every [`SWEEP_EVERY`] in case a notice was missed (a dropped connection);
//! - it takes a batch of unsent rows with `FOR UPDATE SKIP LOCKED`, pushes it, and marks it
//!   sent in the same transaction: several relays share the rows, and a batch whose push failed
//!   stays for the next attempt;
//! - each row is pushed as the apalis task whose id is the row's id, so a row pushed twice (a
//!   relay killed after the push, before its commit) is enqueued once while its job is still
//!   known to the queue (`shared::jobs::push_ready`); later, the idempotent job runs again.
//!
//! A sent row stays until its job has finished ([`finished`], called by the worker when the
//! job succeeded or failed for good). So when Redis loses its data — wiped, or restored
//! without its append-only file — nothing is lost: the relays notice that their marker key
//! ([`MARKER`]) is gone and push every sent row again ([`Relay::recover_if_redis_was_emptied`]).
//! The jobs are idempotent: one that had in fact finished does nothing the second time.

use std::time::Duration;

use apalis::prelude::TaskId;
use apalis_redis::Config;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use futures::StreamExt;
use uuid::Uuid;

use super::{Job, Redis};
use crate::db::schema::job_outbox;
use crate::db::{DbError, Pool, QueryContext};

/// The channel of the insert trigger's notices.
pub const CHANNEL: &str = "istruttoria_job_outbox";
/// How often a relay looks for rows without being told.
pub const SWEEP_EVERY: Duration = Duration::from_secs(5);
/// Most rows one relay transaction pushes.
pub const BATCH: i64 = 200;
/// Pause before a relay tries again after a failure (Redis or PostgreSQL away).
const RETRY_AFTER: Duration = Duration::from_secs(1);
/// Most jobs a queue holds waiting (its active list and its scheduled set: new and retried
/// jobs) before the relays hold its jobs back: a backlog waits in PostgreSQL, not in Redis's
/// memory. It also keeps the scheduled set (retries) far from the ~8,000 due jobs at which
/// apalis-redis 1.0's fetch breaks (`fetch_next.lua` moves them with one Lua `unpack`). A soft
/// cap: relays running at once may each add a batch past it.
pub const QUEUE_CAP: u64 = 6_000;
/// How soon a relay looks again when it held jobs back for a full queue.
const HELD_BACK_RETRY: Duration = Duration::from_millis(50);
/// The key (in the queue namespace) whose absence tells a relay that Redis lost its data.
pub const MARKER: &str = "outbox:marker";
/// A sent row whose job never reported its end (its worker could not reach PostgreSQL then)
/// is forgotten after this long.
const FORGET_SENT_AFTER: Duration = Duration::from_secs(24 * 3600);

#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = job_outbox, check_for_backend(diesel::pg::Pg))]
struct OutboxRow {
    id: Uuid,
    queue: String,
    payload: serde_json::Value,
    dossier_id: Option<Uuid>,
    created_at: DateTime<Utc>,
    sent_at: Option<DateTime<Utc>>,
}

/// Writes `job` to the outbox inside the caller's transaction: the relay pushes it to
/// `J::QUEUE` once the transaction commits, and never if it rolls back. Returns the job's id
/// (its apalis task id).
pub async fn enqueue<J: Job>(conn: &mut AsyncPgConnection, job: &J) -> Result<Uuid, DbError> {
    let job = RawJob::encode(job)?;
    enqueue_raw(conn, job.queue, job.payload, job.dossier_id).await
}

/// A job already encoded, for [`enqueue_raw_many`]: its queue, its payload (JSON, as its
/// consumer decodes it) and the dossier it belongs to.
#[derive(Debug, Clone)]
pub struct RawJob {
    pub queue: &'static str,
    pub payload: serde_json::Value,
    pub dossier_id: Option<Uuid>,
}

impl RawJob {
    fn encode<J: Job>(job: &J) -> Result<Self, DbError> {
        Ok(Self {
            queue: J::QUEUE,
            payload: serde_json::to_value(job).map_err(|error| DbError::Query {
                context: "encoding a job for the outbox".into(),
                source: diesel::result::Error::SerializationError(Box::new(error)),
            })?,
            dossier_id: job.dossier_id(),
        })
    }
}

/// Writes a job already encoded — `payload` for `queue` — to the outbox inside the caller's
/// transaction, as [`enqueue`] does (the jobs dashboard's retries). Returns the job's id.
pub async fn enqueue_raw(
    conn: &mut AsyncPgConnection,
    queue: &'static str,
    payload: serde_json::Value,
    dossier_id: Option<Uuid>,
) -> Result<Uuid, DbError> {
    let ids = write(
        conn,
        vec![RawJob {
            queue,
            payload,
            dossier_id,
        }],
    )
    .await?;
    let id = ids[0];
    // The job id follows the job: the relay's `relay_job` span and the worker's `job` span carry it.
    tracing::info!(queue, job_id = %id, ?dossier_id, "job written to the outbox");
    Ok(id)
}

/// Writes jobs already encoded to the outbox in one statement, inside the caller's transaction
/// (a bulk retry of the jobs dashboard). Returns their ids, in order.
pub async fn enqueue_raw_many(
    conn: &mut AsyncPgConnection,
    jobs: Vec<RawJob>,
) -> Result<Vec<Uuid>, DbError> {
    let count = jobs.len();
    let ids = write(conn, jobs).await?;
    tracing::info!(jobs = count, "jobs written to the outbox");
    Ok(ids)
}

async fn write(conn: &mut AsyncPgConnection, jobs: Vec<RawJob>) -> Result<Vec<Uuid>, DbError> {
    if jobs.is_empty() {
        return Ok(Vec::new());
    }
    let now = Utc::now();
    let rows: Vec<OutboxRow> = jobs
        .into_iter()
        .map(|job| OutboxRow {
            id: Uuid::now_v7(),
            queue: job.queue.to_owned(),
            payload: job.payload,
            dossier_id: job.dossier_id,
            created_at: now,
            sent_at: None,
        })
        .collect();
    // PostgreSQL takes at most 65,535 parameters per statement: 6 per row.
    for chunk in rows.chunks(10_000) {
        diesel::insert_into(job_outbox::table)
            .values(chunk)
            .execute(conn)
            .await
            .context("writing jobs to the outbox")?;
    }
    Ok(rows.into_iter().map(|row| row.id).collect())
}

/// Writes `jobs` to the outbox inside the caller's transaction, as [`enqueue`] does one by
/// one but in one statement (the queue load test). Returns their ids, in order.
pub async fn enqueue_all<J: Job>(
    conn: &mut AsyncPgConnection,
    jobs: &[J],
) -> Result<Vec<Uuid>, DbError> {
    let jobs = jobs
        .iter()
        .map(RawJob::encode)
        .collect::<Result<Vec<_>, DbError>>()?;
    enqueue_raw_many(conn, jobs).await
}

/// How many jobs of each queue wait in the outbox, not pushed yet (their queue is full).
pub async fn unsent_by_queue(
    conn: &mut AsyncPgConnection,
) -> Result<std::collections::HashMap<String, i64>, DbError> {
    Ok(job_outbox::table
        .filter(job_outbox::sent_at.is_null())
        .group_by(job_outbox::queue)
        .select((job_outbox::queue, diesel::dsl::count_star()))
        .load::<(String, i64)>(conn)
        .await
        .context("counting the jobs waiting in the outbox")?
        .into_iter()
        .collect())
}

/// Ends the ledger entries of jobs that succeeded or failed for good: they are not to be
/// pushed again if Redis loses its data. A job that was not written through the outbox
/// (pushed directly) has no entry: nothing happens for it.
pub async fn finished(pool: &Pool, job_ids: &[Uuid]) -> Result<(), DbError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    finished_with(&mut conn, job_ids).await
}

/// [`finished`] on the caller's connection (inside its transaction, if it has one).
pub async fn finished_with(conn: &mut AsyncPgConnection, job_ids: &[Uuid]) -> Result<(), DbError> {
    diesel::delete(job_outbox::table.filter(job_outbox::id.eq_any(job_ids)))
        .execute(conn)
        .await
        .context("ending jobs' outbox entries")?;
    Ok(())
}

/// Most finished jobs whose entries one statement ends.
const FINISHED_BATCH: usize = 1000;
/// How long a finished job waits for others before its entry is ended.
const FINISHED_FLUSH_EVERY: Duration = Duration::from_millis(20);

/// How long a batch that could not be ended (PostgreSQL away) waits before it is tried again.
const FINISHED_RETRY_AFTER: Duration = Duration::from_secs(1);
/// How many times a stopping process tries a batch before it leaves it.
const FINISHED_TRIES_WHEN_STOPPING: u32 = 3;

/// Ends the ledger entries of a process's finished jobs in batches — one DELETE for all the
/// jobs finished within [`FINISHED_FLUSH_EVERY`] rather than one per job, which would cost a
/// database round trip per job at thousands of jobs per second. A batch PostgreSQL refuses
/// (away, restarting) is kept and tried again every [`FINISHED_RETRY_AFTER`] (the fault suite's
/// PostgreSQL restart found jobs finished during the restart left in the outbox). An entry
/// still not ended (the process killed before its flush, or stopping while PostgreSQL is away)
/// only means that the job would run once more, and do nothing, if Redis lost its data; it is
/// forgotten after 24 h.
#[derive(Clone)]
pub struct FinishedJobs {
    sender: tokio::sync::mpsc::UnboundedSender<Uuid>,
}

impl FinishedJobs {
    /// Starts the task that ends the entries; it stops when every sender is gone, after a
    /// last flush.
    pub fn spawn(pool: Pool) -> (Self, tokio::task::JoinHandle<()>) {
        let (sender, mut receiver) = tokio::sync::mpsc::unbounded_channel();
        let task = tokio::spawn(async move {
            let mut ids = Vec::with_capacity(FINISHED_BATCH);
            let mut failures = 0;
            loop {
                if ids.is_empty() {
                    if receiver.recv_many(&mut ids, FINISHED_BATCH).await == 0 {
                        return;
                    }
                    // Let the jobs finishing meanwhile join the batch.
                    tokio::time::sleep(FINISHED_FLUSH_EVERY).await;
                }
                while ids.len() < FINISHED_BATCH
                    && let Ok(id) = receiver.try_recv()
                {
                    ids.push(id);
                }
                match finished(&pool, &ids).await {
                    Ok(()) => {
                        ids.clear();
                        failures = 0;
                    }
                    Err(error) => {
                        failures += 1;
                        let stopping = receiver.is_closed();
                        if stopping && failures >= FINISHED_TRIES_WHEN_STOPPING {
                            tracing::warn!(%error, jobs = ids.len(), "stopping with finished jobs' outbox entries not ended");
                            return;
                        }
                        tracing::warn!(%error, jobs = ids.len(), "cannot end finished jobs' outbox entries; trying again");
                        tokio::time::sleep(FINISHED_RETRY_AFTER).await;
                    }
                }
            }
        });
        (Self { sender }, task)
    }

    /// Ends `job_id`'s entry soon.
    pub fn end(&self, job_id: Uuid) {
        // The task ends only with the process.
        let _ = self.sender.send(job_id);
    }
}

/// The outbox row id of an apalis task id (the relay pushes each row as the ULID of its id).
pub fn job_id_of(task_id: &TaskId) -> Option<Uuid> {
    match task_id {
        TaskId::Ulid(ulid) => Some(Uuid::from_u128(ulid.0)),
        _ => None,
    }
}

/// Why a relay batch did not go through.
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("the outbox's database connection failed: {0}")]
    Transaction(#[from] diesel::result::Error),
    #[error("the connection listening for outbox notices closed")]
    ListenerClosed,
    #[error("cannot check the outbox marker in Redis: {0}")]
    Marker(#[from] redis::RedisError),
    #[error("cannot push jobs to {queue}: {message}")]
    Push { queue: String, message: String },
}

/// Moves outbox rows to their queues (see the module's documentation).
#[derive(Clone)]
pub struct Relay {
    pool: Pool,
    redis: Redis,
    queue_cap: u64,
    /// Whether the last batch left jobs of a full queue in the outbox.
    held_back: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Relay {
    pub fn new(pool: Pool, redis: Redis) -> Self {
        Self {
            pool,
            redis,
            queue_cap: QUEUE_CAP,
            held_back: std::sync::Arc::default(),
        }
    }

    /// With another cap than [`QUEUE_CAP`] (tests).
    #[must_use]
    pub fn with_queue_cap(mut self, cap: u64) -> Self {
        self.queue_cap = cap;
        self
    }

    /// The queues holding [`QUEUE_CAP`] waiting jobs or more: their jobs wait in the outbox.
    async fn full_queues(&self) -> Result<Vec<&'static str>, RelayError> {
        let mut pipe = redis::pipe();
        for queue in super::board::QUEUES {
            let keys = Config::default().queue(format!("{}:{queue}", self.redis.namespace));
            pipe.llen(keys.active_jobs_list())
                .zcard(keys.scheduled_jobs_set());
        }
        let counts: Vec<u64> = pipe.query_async(&mut self.redis.connection.clone()).await?;
        Ok(super::board::QUEUES
            .into_iter()
            .zip(counts.chunks(2))
            .filter(|(_, waiting)| waiting.iter().sum::<u64>() >= self.queue_cap)
            .map(|(queue, _)| queue)
            .collect())
    }

    /// Pushes one batch of the oldest unsent rows of the queues that are not full
    /// ([`QUEUE_CAP`]) and marks them sent; returns how many.
    pub async fn relay_batch(&self) -> Result<usize, RelayError> {
        let full = self.full_queues().await?;
        if !full.is_empty() {
            tracing::debug!(?full, "queues full: their jobs wait in the outbox");
        }
        self.held_back
            .store(!full.is_empty(), std::sync::atomic::Ordering::Relaxed);
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let redis = &self.redis;
        conn.transaction(async |conn| -> Result<usize, RelayError> {
            let rows: Vec<OutboxRow> = job_outbox::table
                .filter(job_outbox::sent_at.is_null())
                .filter(diesel::dsl::not(job_outbox::queue.eq_any(&full)))
                .order(job_outbox::created_at)
                .limit(BATCH)
                .select(OutboxRow::as_select())
                .for_update()
                .skip_locked()
                .load(conn)
                .await
                .context("taking jobs from the outbox")?;
            push(redis, &rows).await?;
            let ids: Vec<Uuid> = rows.iter().map(|row| row.id).collect();
            diesel::update(job_outbox::table.filter(job_outbox::id.eq_any(&ids)))
                .set(job_outbox::sent_at.eq(Utc::now()))
                .execute(conn)
                .await
                .context("marking pushed jobs sent")?;
            Ok(rows.len())
        })
        .await
    }

    /// When Redis has lost its data since the last look (the marker key is gone), marks every
    /// sent row unsent so that the next drain pushes it again; returns how many. The first
    /// relay to see it sets the marker again and does the work; a new Redis (first start)
    /// looks the same and finds nothing to push.
    pub async fn recover_if_redis_was_emptied(&self) -> Result<usize, RelayError> {
        let marker = format!("{}:{MARKER}", self.redis.namespace);
        let set: Option<String> = redis::cmd("SET")
            .arg(&marker)
            .arg(Utc::now().to_rfc3339())
            .arg("NX")
            .query_async(&mut self.redis.connection.clone())
            .await?;
        if set.is_none() {
            return Ok(0);
        }
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let requeued = diesel::update(job_outbox::table.filter(job_outbox::sent_at.is_not_null()))
            .set(job_outbox::sent_at.eq(None::<DateTime<Utc>>))
            .execute(&mut conn)
            .await
            .context("pushing again the jobs Redis lost")?;
        if requeued > 0 {
            tracing::warn!(
                requeued,
                "Redis lost its data: unfinished jobs are pushed again"
            );
        }
        Ok(requeued)
    }

    /// Forgets sent rows older than [`FORGET_SENT_AFTER`] whose job never reported its end.
    async fn forget_stale(&self) -> Result<usize, RelayError> {
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let before = Utc::now() - FORGET_SENT_AFTER;
        Ok(
            diesel::delete(job_outbox::table.filter(job_outbox::sent_at.lt(before)))
                .execute(&mut conn)
                .await
                .context("forgetting old outbox entries")?,
        )
    }

    /// Pushes every row there is now, batch after batch.
    pub async fn drain(&self) -> Result<usize, RelayError> {
        let mut total = 0;
        loop {
            let pushed = self.relay_batch().await?;
            total += pushed;
            if pushed < BATCH as usize {
                return Ok(total);
            }
        }
    }

    /// Relays until the process ends: drains at each notice of `database_url`'s channel and
    /// every [`SWEEP_EVERY`], and keeps going through failures.
    pub fn spawn(self, database_url: String) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            loop {
                if let Err(error) = self.follow(&database_url).await {
                    tracing::warn!(error = %error, "job outbox relay interrupted; starting again");
                }
                tokio::time::sleep(RETRY_AFTER).await;
            }
        })
    }

    async fn follow(&self, database_url: &str) -> Result<(), RelayError> {
        let mut listener = AsyncPgConnection::establish(database_url)
            .await
            .map_err(|source| DbError::Connect {
                context: "job outbox notices",
                source,
            })?;
        diesel::sql_query(format!("LISTEN {CHANNEL}"))
            .execute(&mut listener)
            .await
            .context("listening for outbox jobs")?;
        let mut notices = std::pin::pin!(listener.notifications_stream());
        let mut last_check = None::<tokio::time::Instant>;
        // Whether this drain follows a sweep's wait rather than a notice (or the start).
        let mut swept = false;
        loop {
            // A notice wakes the relay at every commit under load: Redis's marker and the old
            // entries are looked at once per sweep period, not at every notice.
            if last_check.is_none_or(|at| at.elapsed() >= SWEEP_EVERY) {
                if self.recover_if_redis_was_emptied().await? > 0 {
                    // Pushed again on purpose: not jobs whose notice was lost.
                    swept = false;
                }
                self.forget_stale().await?;
                last_check = Some(tokio::time::Instant::now());
            }
            // What was written while nobody listened, or since the last notice.
            let pushed = self.drain().await?;
            if pushed > 0 && swept {
                // Jobs written more than a sweep ago waited for it: their notices were lost.
                tracing::warn!(
                    pushed,
                    "the outbox sweep found jobs no notice announced: they waited up to {} s",
                    SWEEP_EVERY.as_secs()
                );
            } else if pushed > 0 {
                tracing::debug!(pushed, "outbox jobs pushed");
            }
            // Jobs held back for a full queue are looked at again soon: the workers empty it.
            let held_back = std::sync::atomic::AtomicBool::load(
                &self.held_back,
                std::sync::atomic::Ordering::Relaxed,
            );
            let wait = if held_back {
                HELD_BACK_RETRY
            } else {
                SWEEP_EVERY
            };
            match tokio::time::timeout(wait, notices.next()).await {
                Ok(Some(Ok(_))) => swept = false,
                Err(_) => swept = !held_back,
                Ok(Some(Err(error))) => return Err(RelayError::Transaction(error)),
                Ok(None) => return Err(RelayError::ListenerClosed),
            }
        }
    }
}

/// Pushes rows to their queues, one call per queue, each row as the apalis task whose id is
/// the row's id (a ULID holds the 128 bits of the row's UUID v7: both are
/// time-ordered).
async fn push(redis: &Redis, rows: &[OutboxRow]) -> Result<(), RelayError> {
    let mut queues: Vec<&str> = rows.iter().map(|row| row.queue.as_str()).collect();
    queues.sort_unstable();
    queues.dedup();
    for queue in queues {
        let jobs = rows.iter().filter(|row| row.queue == queue).map(|row| {
            let _span = tracing::info_span!("relay_job", queue = %row.queue, job_id = %row.id, dossier_id = ?row.dossier_id).entered();
            tracing::debug!("pushing the job");
            (
                TaskId::from_ulid(ulid::Ulid::from(row.id.as_u128())).to_string(),
                row.payload.to_string(),
            )
        });
        super::push_ready(redis, queue, jobs)
            .await
            .map_err(|error| RelayError::Push {
                queue: queue.to_owned(),
                message: error.to_string(),
            })?;
    }
    Ok(())
}
