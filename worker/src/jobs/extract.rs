//! `extract`: one document's PDF → text, words with geometry, tables, form data (OCR for
//! pages without text), stored once in object storage for the rules and the document views.
//! A PDF that cannot be read makes that document `cannot process`, never the worker: the
//! extraction runs in a child process under limits (`worker::extraction::sandbox`).

use std::sync::Arc;

use apalis::prelude::{BoxDynError, Data};
use shared::db::models::DocumentState;
use shared::db::repo::pipeline;
use shared::events::{self, Event};
use shared::jobs::pipeline::ExtractDocument;
use shared::services::budgets::Budget;
use shared::storage::keys;
use worker::extraction::OcrBudget;

use super::JobContext;
use super::ocr_budget;
use super::pipeline::advance_dossier;

pub async fn run(job: ExtractDocument, context: Data<JobContext>) -> Result<(), BoxDynError> {
    let document_id = job.document_id;
    let mut conn = context.db.get().await?;
    let Some(document) = pipeline::find_document(&mut conn, document_id).await? else {
        return Ok(());
    };
    let importer = shared::import::store::importer(&mut conn, document.dossier_id).await?;
    drop(conn);
    match document.state {
        DocumentState::Uploaded => {}
        // Extracted by a previous delivery, which enqueued its rules with the change.
        DocumentState::Extracted | DocumentState::Processed => return Ok(()),
        // A previous delivery may have died between marking it and moving its dossier on.
        DocumentState::CannotProcess => {
            return advance_dossier(&context, document.dossier_id).await;
        }
    }
    let pdf = context.storage.get(&document.pdf_key).await?;
    let started = std::time::Instant::now();
    // Each page read by OCR takes one of its import's budget, shared with the documents
    // extracted at the same time, then one of the importing user's budget for the period. A
    // page the user's budget refuses has taken one of the import's: the import's count may
    // then be one page high, never low. Counting needs Redis: when it does not answer, the page
    // is read (the per-document and pixel bounds still hold) and the failure is logged.
    let per_import = context.extractor.ocr_pages_per_import();
    let (redis, budgets, dossier_id) = (
        context.redis.clone(),
        context.budgets.clone(),
        document.dossier_id,
    );
    let budget: OcrBudget = Arc::new(move || {
        let (redis, budgets, importer) = (redis.clone(), budgets.clone(), importer.clone());
        Box::pin(async move {
            match ocr_budget::take_page(&redis, dossier_id, per_import).await {
                Ok(true) => {}
                Ok(false) => {
                    return Err(
                        "il limite di pagine lette con OCR per importazione è raggiunto".to_owned(),
                    );
                }
                Err(error) => tracing::warn!(%dossier_id, %error, "import OCR budget not counted"),
            }
            let Some(user) = importer else {
                return Ok(());
            };
            match budgets.take(Budget::OcrPages, &user, 1).await {
                Ok(taken) => taken.map_err(|spent| spent.to_string()),
                Err(error) => {
                    tracing::warn!(%dossier_id, %error, "user's OCR budget not counted");
                    Ok(())
                }
            }
        })
    });
    let extraction = context
        .extractor
        .extract_within(pdf.to_vec(), Some(budget))
        .await;
    let mut conn = context.db.get().await?;
    match extraction {
        Ok(extraction) => {
            let ocr_pages = extraction.pages.iter().filter(|page| page.ocr).count();
            context
                .metrics
                .pages_extracted(extraction.pages.len(), ocr_pages);
            let key = keys::extraction(document.dossier_id, document_id);
            context
                .storage
                .put(&key, serde_json::to_vec(&extraction)?)
                .await?;
            let mut event = if ocr_pages > 0 {
                format!(
                    "estratto: {} pagine, {ocr_pages} lette con OCR",
                    extraction.pages.len()
                )
            } else {
                format!("estratto: {} pagine", extraction.pages.len())
            };
            for unread in &extraction.unread_pages {
                event.push_str(&format!("; pagina {} {}", unread.page, unread.reason));
            }
            let form_data = serde_json::to_value(&extraction.form_data)?;
            let extracted = pipeline::mark_extracted(
                &mut conn,
                document_id,
                &key,
                &key,
                &key,
                &form_data,
                &event,
            )
            .await?;
            drop(conn);
            if extracted {
                events::notify(
                    &context.redis,
                    Event::document(document.dossier_id, document_id, DocumentState::Extracted),
                )
                .await;
            }
            tracing::info!(
                %document_id,
                pages = extraction.pages.len(),
                ocr_pages,
                elapsed_ms = started.elapsed().as_millis() as u64,
                "document extracted"
            );
        }
        Err(error) => {
            tracing::warn!(%document_id, %error, "document cannot be extracted");
            let failed =
                pipeline::mark_document_failed(&mut conn, document_id, &error.message()).await?;
            drop(conn);
            if failed {
                events::notify(
                    &context.redis,
                    Event::document(
                        document.dossier_id,
                        document_id,
                        DocumentState::CannotProcess,
                    ),
                )
                .await;
            }
            advance_dossier(&context, document.dossier_id).await?;
        }
    }
    Ok(())
}
