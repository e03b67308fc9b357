//! Failed jobs, in PostgreSQL (migration `…000020_job_failures`): every failed attempt of a job
//! (`job_failures`) and every job that failed for good (`failed_jobs`, with its payload), read
//! by the jobs dashboard — filtered by queue, error text and time, paged, sorted by an index —
//! and retried or discarded from there, one job or a whole filtered set.
//!
//! - The worker calls [`record_attempt`] for every attempt that ends in an error; at the last
//!   allowed one it also writes the job's `failed_jobs` row, in the same transaction. When
//!   PostgreSQL cannot be reached then, the attempt is kept in Redis ([`keep_for_later`]) and
//!   written by the next sweep ([`record_kept`]): apalis-redis's own dead set is swept like its
//!   done set (`board::sweep_dead`), so PostgreSQL is the one place a failed job is.
//! - A retry deletes the job's rows and writes its payload to the outbox again (a new job, with
//!   a fresh count of attempts), with its audit entry, all in one transaction; a discard deletes
//!   them, audited too. A bulk action takes the filtered set in chunks of [`CHUNK`] rows, at most
//!   [`BULK_LIMIT`] per call (the answer says whether more remain), never the whole table.
//! - The attempts of jobs that then succeeded are forgotten after [`ATTEMPTS_KEPT_FOR`].

use std::collections::HashMap;
use std::time::Duration;

use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::sql_types::Bool;
use diesel::upsert::excluded;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::job_failure::JobFailure;
use super::{JobError, Redis, board, outbox};
use crate::db::repo::audit::{self, Actor, Entry};
use crate::db::repo::capped_count::capped_count;
use crate::db::repo::paging::{PageRequest, contains_pattern};
use crate::db::schema::{dossiers, failed_jobs, job_failures};
use crate::db::{DbError, DbResult, Pool, QueryContext};

/// Most failed jobs one bulk retry or discard acts on.
pub const BULK_LIMIT: usize = 10_000;
/// Rows taken, deleted and written again per statement of a bulk action.
pub const CHUNK: usize = 500;
/// How long the failed attempts of a job that did not fail for good are kept.
pub const ATTEMPTS_KEPT_FOR: Duration = Duration::from_secs(7 * 24 * 3600);
/// Old attempts forgotten per statement.
const FORGET_BATCH: i64 = 1000;

/// A failed attempt of a job, as the worker reports it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FailedAttempt {
    pub job_id: Uuid,
    /// 1 for the first delivery.
    pub attempt: i32,
    pub queue: String,
    /// `host:pid` of the worker process.
    pub worker: String,
    pub failure: JobFailure,
    pub failed_at: DateTime<Utc>,
    /// Set when it was the last allowed attempt: the job failed for good.
    pub last: Option<LastAttempt>,
}

/// What a job that failed for good keeps for a retry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LastAttempt {
    /// The job, as its consumer decodes it.
    pub payload: Value,
    pub dossier_id: Option<Uuid>,
    /// Its deliveries, or the attempts it made on its own (a callback), whichever is more.
    pub attempts: i32,
}

#[derive(Insertable)]
#[diesel(table_name = job_failures)]
struct NewJobFailure<'a> {
    job_id: Uuid,
    attempt: i32,
    queue: &'a str,
    worker: &'a str,
    error: &'a str,
    error_code: &'a str,
    error_params: Value,
    failed_at: DateTime<Utc>,
}

#[derive(Insertable)]
#[diesel(table_name = failed_jobs)]
struct NewFailedJob<'a> {
    job_id: Uuid,
    queue: &'a str,
    payload: &'a Value,
    dossier_id: Option<Uuid>,
    error: &'a str,
    error_code: &'a str,
    error_params: Value,
    attempts: i32,
    failed_at: DateTime<Utc>,
    worker: &'a str,
}

/// Writes a failed attempt and, when it was the last, the job's `failed_jobs` row: one
/// transaction. Writing it again changes nothing (an attempt) or updates the row (a job).
pub async fn record_attempt(pool: &Pool, attempt: &FailedAttempt) -> Result<(), DbError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    record_attempt_with(&mut conn, attempt).await
}

/// [`record_attempt`] on the caller's connection (inside its transaction, if it has one).
pub async fn record_attempt_with(
    conn: &mut AsyncPgConnection,
    attempt: &FailedAttempt,
) -> Result<(), DbError> {
    let params = Value::Object(attempt.failure.params.clone());
    conn.transaction(async |conn| -> Result<(), DbError> {
        diesel::insert_into(job_failures::table)
            .values(NewJobFailure {
                job_id: attempt.job_id,
                attempt: attempt.attempt,
                queue: &attempt.queue,
                worker: &attempt.worker,
                error: &attempt.failure.detail,
                error_code: &attempt.failure.code,
                error_params: params.clone(),
                failed_at: attempt.failed_at,
            })
            .on_conflict_do_nothing()
            .execute(conn)
            .await
            .context("recording a failed attempt")?;
        if let Some(last) = &attempt.last {
            diesel::insert_into(failed_jobs::table)
                .values(NewFailedJob {
                    job_id: attempt.job_id,
                    queue: &attempt.queue,
                    payload: &last.payload,
                    dossier_id: last.dossier_id,
                    error: &attempt.failure.detail,
                    error_code: &attempt.failure.code,
                    error_params: params.clone(),
                    attempts: last.attempts,
                    failed_at: attempt.failed_at,
                    worker: &attempt.worker,
                })
                .on_conflict(failed_jobs::job_id)
                .do_update()
                .set((
                    failed_jobs::error.eq(excluded(failed_jobs::error)),
                    failed_jobs::error_code.eq(excluded(failed_jobs::error_code)),
                    failed_jobs::error_params.eq(excluded(failed_jobs::error_params)),
                    failed_jobs::attempts.eq(excluded(failed_jobs::attempts)),
                    failed_jobs::failed_at.eq(excluded(failed_jobs::failed_at)),
                    failed_jobs::worker.eq(excluded(failed_jobs::worker)),
                ))
                .execute(conn)
                .await
                .context("recording a job that failed for good")?;
        }
        Ok(())
    })
    .await
}

/// The Redis list of the attempts waiting for PostgreSQL.
fn kept_key(redis: &Redis) -> String {
    format!("{}:failures:pending", redis.namespace)
}

/// Keeps an attempt that could not be written to PostgreSQL in Redis, for [`record_kept`].
pub async fn keep_for_later(redis: &Redis, attempt: &FailedAttempt) -> Result<(), JobError> {
    let json = serde_json::to_string(attempt).map_err(JobError::Encode)?;
    redis::cmd("RPUSH")
        .arg(kept_key(redis))
        .arg(json)
        .query_async::<()>(&mut redis.connection.clone())
        .await
        .map_err(|source| JobError::Redis {
            action: "keep a failed attempt for later",
            source,
        })
}

/// Writes up to `batch` attempts kept in Redis to PostgreSQL; returns how many. An attempt that
/// still cannot be written goes back to the list.
pub async fn record_kept(pool: &Pool, redis: &Redis, batch: usize) -> Result<usize, JobError> {
    let key = kept_key(redis);
    let kept: Vec<String> = redis::cmd("LPOP")
        .arg(&key)
        .arg(batch)
        .query_async::<Option<Vec<String>>>(&mut redis.connection.clone())
        .await
        .map_err(|source| JobError::Redis {
            action: "take the kept failed attempts",
            source,
        })?
        .unwrap_or_default();
    let mut recorded = 0;
    for json in kept {
        let Ok(attempt) = serde_json::from_str::<FailedAttempt>(&json) else {
            tracing::warn!(%json, "unreadable kept failed attempt dropped");
            continue;
        };
        match record_attempt(pool, &attempt).await {
            Ok(()) => recorded += 1,
            Err(error) => {
                tracing::warn!(%error, job_id = %attempt.job_id, "a kept failed attempt still cannot be recorded");
                keep_for_later(redis, &attempt).await?;
                break;
            }
        }
    }
    Ok(recorded)
}

/// Forgets up to a batch of failed attempts older than [`ATTEMPTS_KEPT_FOR`] of jobs that are
/// not (or no longer) failed for good; returns how many.
pub async fn forget_old_attempts(pool: &Pool) -> Result<usize, DbError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let before = Utc::now()
        - chrono::Duration::from_std(ATTEMPTS_KEPT_FOR).unwrap_or(chrono::Duration::days(7));
    let old = job_failures::table
        .filter(job_failures::failed_at.lt(before))
        .filter(diesel::dsl::not(diesel::dsl::exists(
            failed_jobs::table.filter(failed_jobs::job_id.eq(job_failures::job_id)),
        )))
        .order(job_failures::failed_at)
        .limit(FORGET_BATCH)
        .select((job_failures::job_id, job_failures::attempt))
        .load::<(Uuid, i32)>(&mut conn)
        .await
        .context("finding old failed attempts")?;
    let mut forgotten = 0;
    for (job_id, attempt) in old {
        forgotten += diesel::delete(job_failures::table.find((job_id, attempt)))
            .execute(&mut conn)
            .await
            .context("forgetting old failed attempts")?;
    }
    Ok(forgotten)
}

/// Which failed jobs a list or a bulk action is about; an empty or `None` field does not
/// filter.
/// Serialized (for the audit log) as the API names it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FailureFilter {
    /// Any of these queues.
    pub queues: Vec<String>,
    /// Text the error contains, any case.
    pub error_contains: Option<String>,
    /// Failed at or after.
    pub from: Option<DateTime<Utc>>,
    /// Failed before.
    #[serde(rename = "to")]
    pub before: Option<DateTime<Utc>>,
}

type Predicate = Box<dyn BoxableExpression<failed_jobs::table, Pg, SqlType = Bool>>;

impl FailureFilter {
    /// The SQL condition (every part served by an index of migration 0020).
    fn predicate(&self) -> Predicate {
        let mut predicate: Predicate = Box::new(diesel::dsl::sql::<Bool>("TRUE"));
        if !self.queues.is_empty() {
            predicate = Box::new(predicate.and(failed_jobs::queue.eq_any(self.queues.clone())));
        }
        if let Some(text) = self.error_contains.as_deref().filter(|t| !t.is_empty()) {
            predicate = Box::new(predicate.and(failed_jobs::error.ilike(contains_pattern(text))));
        }
        if let Some(from) = self.from {
            predicate = Box::new(predicate.and(failed_jobs::failed_at.ge(from)));
        }
        if let Some(before) = self.before {
            predicate = Box::new(predicate.and(failed_jobs::failed_at.lt(before)));
        }
        predicate
    }
}

/// A job that failed for good, as the dashboard lists it.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = failed_jobs, check_for_backend(Pg))]
pub struct FailedJob {
    pub job_id: Uuid,
    pub queue: String,
    pub dossier_id: Option<Uuid>,
    pub error: String,
    pub error_code: String,
    pub error_params: Value,
    pub attempts: i32,
    pub failed_at: DateTime<Utc>,
    pub worker: String,
}

/// One failed attempt of a job.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = job_failures, check_for_backend(Pg))]
pub struct Attempt {
    pub attempt: i32,
    pub worker: String,
    pub error: String,
    pub error_code: String,
    pub error_params: Value,
    pub failed_at: DateTime<Utc>,
}

/// A failed job with everything the detail shows.
#[derive(Debug, Clone, PartialEq)]
pub struct FailedJobDetail {
    pub job: FailedJob,
    pub payload: Value,
    /// Its failed attempts, the first first.
    pub attempts: Vec<Attempt>,
    /// Whether the dossier it belongs to (if any) still exists.
    pub dossier_exists: bool,
}

/// One page of the failed jobs `filter` selects, the latest failure first (or the oldest,
/// `page.descending` false), and how many match (counted up to the cap).
pub async fn page(
    conn: &mut AsyncPgConnection,
    filter: &FailureFilter,
    page: PageRequest,
) -> DbResult<(Vec<FailedJob>, i64)> {
    let page = page.bounded();
    let total: i64 = capped_count(
        failed_jobs::table
            .filter(filter.predicate())
            .select(failed_jobs::job_id),
    )
    .get_result(conn)
    .await
    .context("counting failed jobs")?;
    let query = failed_jobs::table.filter(filter.predicate()).into_boxed();
    let query = if page.descending {
        query.order((failed_jobs::failed_at.desc(), failed_jobs::job_id.desc()))
    } else {
        query.order((failed_jobs::failed_at.asc(), failed_jobs::job_id.asc()))
    };
    let jobs = query
        .limit(page.limit)
        .offset(page.offset)
        .select(FailedJob::as_select())
        .load(conn)
        .await
        .context("listing failed jobs")?;
    Ok((jobs, total))
}

/// The failed job `job_id` with its payload, its attempts and its dossier.
pub async fn find(conn: &mut AsyncPgConnection, job_id: Uuid) -> DbResult<Option<FailedJobDetail>> {
    let Some((job, payload)) = failed_jobs::table
        .find(job_id)
        .select((FailedJob::as_select(), failed_jobs::payload))
        .first::<(FailedJob, Value)>(conn)
        .await
        .optional()
        .context("reading a failed job")?
    else {
        return Ok(None);
    };
    let attempts = job_failures::table
        .filter(job_failures::job_id.eq(job_id))
        .order(job_failures::attempt)
        .select(Attempt::as_select())
        .load(conn)
        .await
        .context("reading a failed job's attempts")?;
    let dossier_exists = match job.dossier_id {
        Some(id) => diesel::select(diesel::dsl::exists(dossiers::table.find(id)))
            .get_result(conn)
            .await
            .context("looking for a failed job's dossier")?,
        None => false,
    };
    Ok(Some(FailedJobDetail {
        job,
        payload,
        attempts,
        dossier_exists,
    }))
}

/// How many failed jobs each queue has (queues without any are absent).
pub async fn count_by_queue(conn: &mut AsyncPgConnection) -> DbResult<HashMap<String, i64>> {
    let counts: Vec<(String, i64)> = failed_jobs::table
        .group_by(failed_jobs::queue)
        .select((failed_jobs::queue, diesel::dsl::count_star()))
        .load(conn)
        .await
        .context("counting failed jobs per queue")?;
    Ok(counts.into_iter().collect())
}

/// What a bulk action did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BulkOutcome {
    /// Jobs retried or discarded.
    pub done: usize,
    /// More jobs match the filter (past [`BULK_LIMIT`]): the action is to be asked again.
    pub more: bool,
}

/// The failed jobs `filter` selects, or only `only` among them; for a retry, only those of
/// known queues (a job of a queue no worker consumes is not retried).
fn chosen(filter: &FailureFilter, only: Option<Uuid>, retry: bool) -> Predicate {
    let mut predicate = filter.predicate();
    if let Some(id) = only {
        predicate = Box::new(predicate.and(failed_jobs::job_id.eq(id)));
    }
    if retry {
        predicate = Box::new(predicate.and(failed_jobs::queue.eq_any(board::QUEUES)));
    }
    predicate
}

/// Deletes the rows of `ids` from both tables.
async fn forget(conn: &mut AsyncPgConnection, ids: &[Uuid]) -> DbResult<usize> {
    let deleted = diesel::delete(failed_jobs::table.filter(failed_jobs::job_id.eq_any(ids)))
        .execute(conn)
        .await
        .context("deleting failed jobs")?;
    diesel::delete(job_failures::table.filter(job_failures::job_id.eq_any(ids)))
        .execute(conn)
        .await
        .context("deleting failed jobs' attempts")?;
    Ok(deleted)
}

/// Takes up to `limit` of the chosen failed jobs, the latest first (locked, skipping those
/// another action holds), deletes them and writes each to the outbox again; returns their ids
/// and queues.
async fn retry_chunk(
    conn: &mut AsyncPgConnection,
    filter: &FailureFilter,
    only: Option<Uuid>,
    limit: usize,
) -> DbResult<Vec<(Uuid, String)>> {
    let rows: Vec<(Uuid, String, Value, Option<Uuid>)> = failed_jobs::table
        .filter(chosen(filter, only, true))
        .order((failed_jobs::failed_at.desc(), failed_jobs::job_id.desc()))
        .limit(i64::try_from(limit).unwrap_or(i64::MAX))
        .select((
            failed_jobs::job_id,
            failed_jobs::queue,
            failed_jobs::payload,
            failed_jobs::dossier_id,
        ))
        .for_update()
        .skip_locked()
        .load(conn)
        .await
        .context("taking failed jobs to retry")?;
    let taken: Vec<Uuid> = rows.iter().map(|row| row.0).collect();
    forget(conn, &taken).await?;
    let mut retried = Vec::with_capacity(rows.len());
    let mut jobs = Vec::with_capacity(rows.len());
    for (job_id, queue, payload, dossier_id) in rows {
        // Known queues only (chosen so).
        let Some(queue) = board::queue(&queue) else {
            continue;
        };
        jobs.push(outbox::RawJob {
            queue,
            payload,
            dossier_id,
        });
        retried.push((job_id, queue.to_owned()));
    }
    outbox::enqueue_raw_many(conn, jobs).await?;
    Ok(retried)
}

/// Takes up to `limit` of the chosen failed jobs and deletes them; returns their ids and
/// queues.
async fn discard_chunk(
    conn: &mut AsyncPgConnection,
    filter: &FailureFilter,
    only: Option<Uuid>,
    limit: usize,
) -> DbResult<Vec<(Uuid, String)>> {
    let rows: Vec<(Uuid, String)> = failed_jobs::table
        .filter(chosen(filter, only, false))
        .order((failed_jobs::failed_at.desc(), failed_jobs::job_id.desc()))
        .limit(i64::try_from(limit).unwrap_or(i64::MAX))
        .select((failed_jobs::job_id, failed_jobs::queue))
        .for_update()
        .skip_locked()
        .load(conn)
        .await
        .context("taking failed jobs to discard")?;
    let taken: Vec<Uuid> = rows.iter().map(|row| row.0).collect();
    forget(conn, &taken).await?;
    Ok(rows)
}

/// Retry or discard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Retry,
    Discard,
}

impl Action {
    fn audit(self, bulk: bool) -> &'static str {
        match (self, bulk) {
            (Self::Retry, false) => "job.retry",
            (Self::Retry, true) => "job.retry_bulk",
            (Self::Discard, false) => "job.discard",
            (Self::Discard, true) => "job.discard_bulk",
        }
    }
}

async fn act_on_one(
    pool: &Pool,
    actor: Option<&Actor>,
    job_id: Uuid,
    action: Action,
) -> Result<bool, DbError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| -> Result<bool, DbError> {
        let filter = FailureFilter::default();
        let done = match action {
            Action::Retry => retry_chunk(conn, &filter, Some(job_id), 1).await?,
            Action::Discard => discard_chunk(conn, &filter, Some(job_id), 1).await?,
        };
        let Some((_, queue)) = done.into_iter().next() else {
            return Ok(false);
        };
        audit::record(
            conn,
            actor,
            Entry {
                action: action.audit(false),
                target_type: "job",
                target_id: &job_id.to_string(),
                details: serde_json::json!({ "queue": queue }),
            },
        )
        .await?;
        Ok(true)
    })
    .await
}

async fn act_on_all(
    pool: &Pool,
    actor: Option<&Actor>,
    filter: &FailureFilter,
    action: Action,
) -> Result<BulkOutcome, DbError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let outcome = conn
        .transaction(async |conn| -> Result<BulkOutcome, DbError> {
            let mut done = 0;
            while done < BULK_LIMIT {
                let limit = CHUNK.min(BULK_LIMIT - done);
                let chunk = match action {
                    Action::Retry => retry_chunk(conn, filter, None, limit).await?,
                    Action::Discard => discard_chunk(conn, filter, None, limit).await?,
                }
                .len();
                done += chunk;
                if chunk < limit {
                    break;
                }
            }
            let left = failed_jobs::table
                .filter(chosen(filter, None, action == Action::Retry))
                .select(failed_jobs::job_id);
            let more = diesel::select(diesel::dsl::exists(left))
                .get_result(conn)
                .await
                .context("looking for more failed jobs")?;
            audit::record(
                conn,
                actor,
                Entry {
                    action: action.audit(true),
                    target_type: "jobs",
                    target_id: "",
                    details: serde_json::json!({ "filter": filter, "count": done, "more": more }),
                },
            )
            .await?;
            Ok(BulkOutcome { done, more })
        })
        .await?;
    tracing::info!(
        ?action,
        done = outcome.done,
        more = outcome.more,
        ?filter,
        "failed jobs acted on in bulk"
    );
    Ok(outcome)
}

/// Writes the failed job `job_id` to the outbox again (a new job, with a fresh count of
/// attempts) and forgets it, audited: one transaction. `false` when it is not (or no longer) a
/// failed job.
pub async fn retry(pool: &Pool, actor: Option<&Actor>, job_id: Uuid) -> Result<bool, DbError> {
    act_on_one(pool, actor, job_id, Action::Retry).await
}

/// Deletes the failed job `job_id`, audited. `false` when it is not (or no longer) a failed job.
pub async fn discard(pool: &Pool, actor: Option<&Actor>, job_id: Uuid) -> Result<bool, DbError> {
    act_on_one(pool, actor, job_id, Action::Discard).await
}

/// Retries up to [`BULK_LIMIT`] of the failed jobs `filter` selects, the latest first, with one
/// audit entry: one transaction.
pub async fn retry_all(
    pool: &Pool,
    actor: Option<&Actor>,
    filter: &FailureFilter,
) -> Result<BulkOutcome, DbError> {
    act_on_all(pool, actor, filter, Action::Retry).await
}

/// Discards up to [`BULK_LIMIT`] of the failed jobs `filter` selects, with one audit entry.
pub async fn discard_all(
    pool: &Pool,
    actor: Option<&Actor>,
    filter: &FailureFilter,
) -> Result<BulkOutcome, DbError> {
    act_on_all(pool, actor, filter, Action::Discard).await
}
