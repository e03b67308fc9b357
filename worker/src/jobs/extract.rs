//! `extract`: one document's PDF → text, words with geometry, tables, form data (OCR for
//! pages without text), stored once in object storage for the rules and the document views.
//! A PDF that cannot be read makes that document `cannot process`, never the worker: the
//! extraction runs in a child process under limits (`worker::extraction::sandbox`).

use apalis::prelude::{BoxDynError, Data};
use shared::db::models::DocumentState;
use shared::db::repo::pipeline;
use shared::events::{self, Event};
use shared::jobs::pipeline::ExtractDocument;
use shared::messages::{self, Message};
use shared::storage::keys;
use worker::extraction::Extraction;

use super::JobContext;
use super::ocr_budget;
use super::pipeline::advance_dossier;

pub async fn run(job: ExtractDocument, context: Data<JobContext>) -> Result<(), BoxDynError> {
    let document_id = job.document_id;
    let mut conn = context.db.get().await?;
    let Some(document) = pipeline::find_document(&mut conn, document_id).await? else {
        return Ok(());
    };
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
    let budget = ocr_budget::for_document(
        context.db.clone(),
        context.redis.clone(),
        context.budgets.clone(),
        document.dossier_id,
        context.extractor.ocr_pages_per_import(),
    );
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
            let event = extracted_event(&extraction, ocr_pages);
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

/// The document's event for `extraction`: its pages, the `ocr_pages` read by OCR, and each page
/// left unread with why.
fn extracted_event(extraction: &Extraction, ocr_pages: usize) -> Message {
    let pages = extraction.pages.len();
    let extracted = if ocr_pages > 0 {
        messages::event_extracted_ocr(pages, ocr_pages)
    } else {
        messages::event_extracted(pages)
    };
    std::iter::once(extracted)
        .chain(
            extraction
                .unread_pages
                .iter()
                .map(|unread| messages::page_unread(unread.page, unread.reason.clone())),
        )
        .rev()
        .reduce(|rest, first| messages::semicolon_list(first, rest))
        .expect("the extracted message is there")
}
