//! `ping`: answers the sender through the job's reply list.

use apalis::prelude::{BoxDynError, Data};
use chrono::Utc;
use shared::jobs::ping::{PingJob, PingReply};
use shared::jobs::replies;

use super::JobContext;

pub async fn run(job: PingJob, context: Data<JobContext>) -> Result<PingReply, BoxDynError> {
    let reply = PingReply {
        worker: context.identity.clone(),
        answered_at: Utc::now(),
    };
    replies::send(&context.redis, job.id, &reply).await?;
    tracing::info!(job_id = %job.id, waited_ms = (reply.answered_at - job.requested_at).num_milliseconds(), "ping answered");
    Ok(reply)
}
