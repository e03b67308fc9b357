//! The worker's side of `shared::jobs::failures`: every attempt that ends in an error is recorded
//! in PostgreSQL — with the job's payload when it was the last allowed one — and the dead set
//! apalis-redis fills with the jobs failed for good is swept away, so that the jobs dashboard
//! reads failed jobs from PostgreSQL only.

use apalis::prelude::{AbortError, Attempt, BoxDynError, TaskId};
use chrono::Utc;
use shared::db::Pool;
use shared::jobs::failures::{self, FailedAttempt, LastAttempt};
use shared::jobs::job_failure::JobFailure;
use shared::jobs::{Redis, board};
use uuid::Uuid;

use crate::jobs::JobContext;

/// Kept attempts written to PostgreSQL per sweep.
const KEPT_BATCH: usize = 1000;
/// Jobs forgotten from a dead set per Redis call.
const SWEEP_BATCH: usize = 1000;

/// The error a job returned, without the `AbortError` wrappers that send it to the dead set:
/// its [`JobFailure`] when it explained itself, else an unexplained failure whose detail is the
/// error's text and its causes'.
fn failure_of(error: &BoxDynError) -> JobFailure {
    let mut error: &(dyn std::error::Error + 'static) = error.as_ref();
    while error.is::<AbortError>() {
        match error.source() {
            Some(inner) => error = inner,
            None => break,
        }
    }
    if let Some(failure) = error.downcast_ref::<JobFailure>() {
        return failure.clone();
    }
    JobFailure::from_recorded(&shared::telemetry::error_chain(error))
}

/// The job's payload as its queue holds it (the JSON its consumer decoded), read only when it
/// failed for good, so that running a job costs no copy of it.
async fn payload_of(redis: &Redis, queue: &str, task_id: &TaskId) -> Option<serde_json::Value> {
    let keys = apalis_redis::Config::default().queue(format!("{}:{queue}", redis.namespace));
    let data: Option<Vec<u8>> = redis::cmd("HGET")
        .arg(keys.job_data_hash())
        .arg(task_id.to_string())
        .query_async(&mut redis.connection.clone())
        .await
        .map_err(|error| tracing::warn!(%error, "cannot read the failed job's payload"))
        .ok()
        .flatten();
    data.and_then(|bytes| serde_json::from_slice(&bytes).ok())
}

/// Records an attempt of a job of `queue` that ended in an error (nothing for a success): in
/// PostgreSQL, or kept in Redis until PostgreSQL answers again.
pub async fn record(
    context: &JobContext,
    queue: &'static str,
    task_id: &TaskId,
    dossier_id: Option<Uuid>,
    attempt: &Attempt,
    result: &Result<impl Sized, BoxDynError>,
) {
    let Err(error) = result else {
        return;
    };
    let Some(job_id) = shared::jobs::outbox::job_id_of(task_id) else {
        tracing::warn!(%task_id, "a failed job without a ULID id is not recorded");
        return;
    };
    let failure = failure_of(error);
    let deliveries = i32::try_from(attempt.current()).unwrap_or(i32::MAX);
    let last = if error.downcast_ref::<AbortError>().is_some() {
        let own = failure
            .attempts()
            .and_then(|n| i32::try_from(n).ok())
            .unwrap_or(0);
        Some(LastAttempt {
            payload: payload_of(&context.redis, queue, task_id)
                .await
                .unwrap_or(serde_json::Value::Null),
            dossier_id,
            attempts: own.max(deliveries),
        })
    } else {
        None
    };
    let attempt = FailedAttempt {
        job_id,
        attempt: deliveries,
        queue: queue.to_owned(),
        worker: context.identity.clone(),
        failure,
        failed_at: Utc::now(),
        last,
    };
    if let Err(error) = failures::record_attempt(&context.db, &attempt).await {
        tracing::warn!(%error, %job_id, "cannot record the failed attempt; kept in Redis for later");
        if let Err(error) = failures::keep_for_later(&context.redis, &attempt).await {
            tracing::error!(%error, %job_id, "the failed attempt is lost");
        }
    }
}

/// One sweep: the attempts kept in Redis written to PostgreSQL, the dead sets emptied, the old
/// attempts forgotten.
pub async fn sweep(db: &Pool, redis: &Redis) {
    loop {
        match failures::record_kept(db, redis, KEPT_BATCH).await {
            Ok(recorded) if recorded == KEPT_BATCH => continue,
            Ok(_) => break,
            Err(error) => {
                tracing::warn!(%error, "recording the kept failed attempts");
                break;
            }
        }
    }
    for queue in board::QUEUES {
        loop {
            match board::sweep_dead(redis, queue, SWEEP_BATCH).await {
                Ok(swept) if swept == SWEEP_BATCH => continue,
                Ok(_) => break,
                Err(error) => {
                    tracing::warn!(%error, queue, "sweeping failed jobs");
                    break;
                }
            }
        }
    }
    if let Err(error) = failures::forget_old_attempts(db).await {
        tracing::warn!(%error, "forgetting old failed attempts");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_failure_is_read_through_its_wrappers() {
        let explained = JobFailure::new("callback_failed", "500").with("attempts", 3);
        let wrapped: BoxDynError = Box::new(AbortError::new(AbortError::new(explained.clone())));
        assert_eq!(failure_of(&wrapped), explained);
        let plain: BoxDynError = Box::new(AbortError::new("disco pieno"));
        let failure = failure_of(&plain);
        assert_eq!(failure.code, shared::jobs::job_failure::JOB_FAILED);
        assert_eq!(failure.detail, "disco pieno");
    }

    #[test]
    fn an_unexplained_failure_keeps_its_causes() {
        let error: BoxDynError = Box::new(shared::db::DbError::Query {
            context: "reading".into(),
            source: diesel::result::Error::NotFound,
        });
        let failure = failure_of(&error);
        assert_eq!(
            failure.detail,
            "database query failed while reading: Record not found"
        );
    }
}
