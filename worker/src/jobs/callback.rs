//! `callback`: POSTs a processed dossier's aggregate to the callback URL of its import and
//! records every attempt. Attempts are retried with exponential backoff inside the job (the
//! attempt count comes from the recorded attempts, so a job delivered again after a crash
//! continues where it was); after the last attempt the job fails visibly. A callback that
//! already succeeded with the same body is not sent again.

use apalis::prelude::{AbortError, BoxDynError, Data};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::json;
use shared::db::models::DossierState;
use shared::db::models::dossiers::NewDossierCallback;
use shared::db::repo::{pipeline, webhook_secrets};
use shared::db::schema::dossier_callbacks;
use shared::jobs::job_failure::JobFailure;
use shared::jobs::pipeline::SendCallback;
use shared::webhooks;
use uuid::Uuid;
use worker::callback::{self, Cause};

use super::JobContext;
use super::pipeline::{Exclusive, exclusively};

/// The consumer whose secret signs the callbacks of dossiers with no importer on record.
const SYSTEM_CONSUMER: &str = "system";

/// Longest wait between two attempts.
const MAX_BACKOFF: std::time::Duration = std::time::Duration::from_secs(300);

pub async fn run(job: SendCallback, context: Data<JobContext>) -> Result<(), BoxDynError> {
    // One callback of a dossier at a time: a second delivery waits, then finds it sent.
    exclusively(&context, Exclusive::Callback, job.dossier_id, || {
        send(job.dossier_id, job.resend, &context)
    })
    .await
}

async fn send(dossier_id: Uuid, resend: bool, context: &JobContext) -> Result<(), BoxDynError> {
    let mut conn = context.db.get().await?;
    let Some(dossier) = pipeline::find_dossier(&mut conn, dossier_id).await? else {
        return Ok(());
    };
    let (Some(url), Some(aggregate), DossierState::Processed) = (
        dossier.callback_url.clone(),
        dossier.aggregate_result.clone(),
        dossier.state,
    ) else {
        return Ok(());
    };
    let body = serde_json::to_string(&json!({
        "idDossier": dossier.id,
        "idValutazione": dossier.id_valutazione,
        "state": dossier.state,
        "aggregateResult": aggregate,
    }))?;
    // Signed with the secrets of the callback's consumer: who imported the dossier (dossiers
    // imported before importers were kept: the system's own consumer).
    let consumer = shared::import::store::importer(&mut conn, dossier_id)
        .await?
        .unwrap_or_else(|| SYSTEM_CONSUMER.to_owned());
    let message_id = webhooks::message_id(dossier_id, &body);
    let previous: Vec<bool> = dossier_callbacks::table
        .filter(dossier_callbacks::dossier_id.eq(dossier_id))
        .filter(dossier_callbacks::request_body.eq(&body))
        .select(dossier_callbacks::success)
        .load(&mut conn)
        .await?;
    drop(conn);
    if !resend && previous.iter().any(|success| *success) {
        return Ok(());
    }
    let settings = &context.callbacks;
    let max_attempts = settings.config.max_attempts;
    let mut attempt = u32::try_from(previous.len()).unwrap_or(u32::MAX) + 1;
    // A resend has its own attempts; a delivery again after a crash continues the count.
    let first_attempt = if resend { attempt } else { 1 };
    loop {
        let mut conn = context.db.get().await?;
        let now = chrono::Utc::now();
        let secrets = webhook_secrets::signing_secrets(&mut conn, &consumer, now).await?;
        drop(conn);
        let headers = webhooks::headers(&secrets, &message_id, now.timestamp(), &body);
        let outcome = callback::post(
            &settings.policy,
            &url,
            &body,
            &headers,
            settings.config.timeout,
        )
        .await;
        let success = outcome.succeeded();
        let mut conn = context.db.get().await?;
        diesel::insert_into(dossier_callbacks::table)
            .values(NewDossierCallback {
                id: Uuid::now_v7(),
                dossier_id,
                attempt: i32::try_from(attempt).unwrap_or(i32::MAX),
                url: url.clone(),
                method: "POST".into(),
                request_body: body.clone(),
                response_code: outcome.response_code.map(i32::from),
                response_body: outcome.response_body.clone(),
                error_description: outcome.error.clone(),
                success,
                request_headers: Some(
                    headers
                        .iter()
                        .map(|(name, value)| ((*name).to_owned(), json!(value)))
                        .collect::<serde_json::Map<_, _>>()
                        .into(),
                ),
            })
            .execute(&mut conn)
            .await?;
        drop(conn);
        if success {
            tracing::info!(%dossier_id, attempt, "callback delivered");
            return Ok(());
        }
        let error = outcome.error.unwrap_or_default();
        tracing::warn!(%dossier_id, attempt, %error, "callback failed");
        let tries = attempt - first_attempt + 1;
        if outcome.permanent || tries >= max_attempts {
            // For the jobs dashboard: what happened as a code and its parameters (the web app
            // says it in the user's language), the recorded error as the technical detail.
            let mut failure = JobFailure::new("callback_failed", error)
                .with("dossier", dossier_id.to_string())
                .with("attempts", tries)
                .with("cause", outcome.cause.unwrap_or(Cause::Other).code());
            if let Some(status) = outcome.response_code {
                failure = failure.with("status", status);
            }
            return Err(AbortError::new(failure).into());
        }
        let backoff = settings
            .config
            .backoff
            .saturating_mul(2u32.saturating_pow(tries - 1).min(1 << 16))
            .min(MAX_BACKOFF);
        tokio::time::sleep(backoff).await;
        attempt += 1;
    }
}
