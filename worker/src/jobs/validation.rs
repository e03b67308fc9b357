//! `validation`: extracts a validation document's text — OCR where a page has none, with the
//! pipeline's extraction — and stores it; when the job names a validation, checks every dossier
//! rule of the institute against that text and completes the validation in one transaction
//! (`shared::db::repo::validation::complete`), then e-mails the notification receivers if rules
//! were invalidated.
//!
//! A validation always ends: anything that stops it (an unreadable PDF, a deleted document, the
//! storage failing) fails it with its reason, and the user can start it again. A second
//! delivery finds it over and changes nothing; one whose worker died finds it `running` and
//! takes it up again.

use apalis::prelude::{BoxDynError, Data};
use shared::db::models::validation::ValidationDocument;
use shared::db::repo::notification_receivers;
use shared::db::repo::validation::{self as repo, Completed};
use shared::jobs::validation::ValidationJob;
use shared::mail::Email;
use shared::messages::{self, Message};
use shared::services::rule_validation::matching::NormalizedText;
use shared::storage::keys;
use uuid::Uuid;

use super::JobContext;

pub async fn run(job: ValidationJob, context: Data<JobContext>) -> Result<(), BoxDynError> {
    let mut conn = context.db.get().await?;
    let document = repo::find_document(&mut conn, job.document_id).await?;
    if let Some(validation_id) = job.validation_id {
        if document.is_none() {
            repo::fail(
                &mut conn,
                validation_id,
                &messages::validation_document_deleted(),
            )
            .await?;
            return Ok(());
        }
        if repo::start(&mut conn, validation_id).await?.is_none() {
            // Over already: a second delivery.
            return Ok(());
        }
    }
    drop(conn);
    let Some(document) = document else {
        return Ok(());
    };
    let outcome = validate(&context, &document, job.validation_id).await;
    if let (Err(reason), Some(validation_id)) = (&outcome, job.validation_id) {
        tracing::warn!(%validation_id, %reason, "validation failed");
        let mut conn = context.db.get().await?;
        repo::fail(&mut conn, validation_id, reason).await?;
    }
    Ok(())
}

/// Extracts the text if needed and completes the validation; `Err` is the reason it failed,
/// for the user.
async fn validate(
    context: &JobContext,
    document: &ValidationDocument,
    validation_id: Option<Uuid>,
) -> Result<(), Message> {
    let text = text_of(context, document).await?;
    let Some(validation_id) = validation_id else {
        return Ok(());
    };
    let normalized = tokio::task::spawn_blocking(move || NormalizedText::new(&text))
        .await
        .map_err(internal)?;
    let mut conn = context.db.get().await.map_err(internal)?;
    let completed = repo::complete(&mut conn, validation_id, &normalized)
        .await
        .map_err(internal)?;
    drop(conn);
    if let Some(completed) = completed {
        tracing::info!(
            %validation_id,
            istituto = %completed.validation.istituto,
            checked = completed.checked,
            invalidated = completed.invalidated.len(),
            "validation finished"
        );
        if completed.validation.rules_invalidated > 0
            && let Err(error) = notify(context, &completed).await
        {
            tracing::warn!(%validation_id, %error, "validation notification not sent");
        }
    }
    Ok(())
}

/// The document's text: stored already, or extracted now (and stored, with the outcome
/// recorded on the document).
async fn text_of(context: &JobContext, document: &ValidationDocument) -> Result<String, Message> {
    if let Some(key) = &document.ocr_key {
        let bytes = context.storage.get(key).await.map_err(internal)?;
        return Ok(String::from_utf8_lossy(&bytes).into_owned());
    }
    let pdf = context
        .storage
        .get(&document.file_key)
        .await
        .map_err(internal)?;
    let started = std::time::Instant::now();
    match context.extractor.extract(pdf.to_vec()).await {
        Ok(extraction) => {
            let key = keys::validation_text(document.id);
            context
                .storage
                .put(&key, extraction.raw_text.clone())
                .await
                .map_err(internal)?;
            let mut conn = context.db.get().await.map_err(internal)?;
            repo::set_document_text(&mut conn, document.id, &key)
                .await
                .map_err(internal)?;
            tracing::info!(
                document = %document.id,
                pages = extraction.pages.len(),
                ocr_pages = extraction.pages.iter().filter(|p| p.ocr).count(),
                elapsed_ms = started.elapsed().as_millis() as u64,
                "validation document extracted"
            );
            Ok(extraction.raw_text)
        }
        Err(error) => {
            let error = error.message();
            let mut conn = context.db.get().await.map_err(internal)?;
            repo::set_document_error(&mut conn, document.id, &error)
                .await
                .map_err(internal)?;
            Err(messages::validation_extraction_failed(error))
        }
    }
}

/// Tells the notification receivers which institute's rules a validation invalidated.
async fn notify(context: &JobContext, completed: &Completed) -> Result<(), BoxDynError> {
    let mut conn = context.db.get().await?;
    let receivers = notification_receivers::list(&mut conn).await?;
    drop(conn);
    let validation = &completed.validation;
    let who = validation.created_by.as_deref().unwrap_or("-");
    let count = validation.rules_invalidated;
    let link = format!("{}/validazione/{}", context.public_url, validation.id);
    let rules: String = completed
        .invalidated
        .iter()
        .map(|line| format!("- {}\n", line.description))
        .collect();
    for receiver in receivers {
        let email = Email {
            to: receiver.email.clone(),
            subject: format!(
                "Istruttoria: validazione {}: {count} regole non valide",
                validation.istituto
            ),
            body: format!(
                "La validazione del documento {file} avviata da {who} ha reso NON VALIDE {count} \
                 regole dell'istituto {istituto}:\n{rules}\nDettagli: {link}\n\n\
                 The validation of {file} started by {who} invalidated {count} rules of \
                 {istituto}.\nDetails: {link}\n",
                file = validation.file_name,
                istituto = validation.istituto,
            ),
        };
        context.mailer.send(&email).await?;
    }
    Ok(())
}

fn internal(error: impl std::fmt::Display) -> Message {
    tracing::error!(%error, "validation job");
    messages::job_internal(error)
}
