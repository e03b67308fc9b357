//! The OCR page budget of an import, shared by the workers extracting its documents at once: a
//! Redis counter per dossier that each page read by OCR takes one from, and gives back when it
//! would pass the budget. The import's documents together read at most `per_import` pages by
//! OCR, however many are extracted at the same time. On top of it, each page takes one of the
//! importing user's budget for the period (`shared::services::budgets`).

use std::sync::Arc;

use redis::AsyncCommands;
use shared::db::Pool;
use shared::jobs::{JobError, Redis};
use shared::messages;
use shared::services::budgets::{Budget, UserBudgets};
use tokio::sync::OnceCell;
use uuid::Uuid;
use worker::extraction::OcrBudget;

/// How long an import's count is kept (its documents are extracted within minutes).
const KEEP_SECONDS: i64 = 24 * 60 * 60;

/// Takes one OCR page of the import of `dossier_id`; `false` when its `per_import` pages are
/// all taken.
pub async fn take_page(
    redis: &Redis,
    dossier_id: Uuid,
    per_import: usize,
) -> Result<bool, JobError> {
    let key = format!("{}:ocr-budget:{dossier_id}", redis.namespace);
    let mut conn = redis.connection.clone();
    let error = |source| JobError::Redis {
        action: "count the OCR pages of an import",
        source,
    };
    let taken: i64 = conn.incr(&key, 1).await.map_err(error)?;
    if taken == 1 {
        let _: bool = conn.expire(&key, KEEP_SECONDS).await.map_err(error)?;
    }
    if taken > per_import as i64 {
        let _: i64 = conn.decr(&key, 1).await.map_err(error)?;
        return Ok(false);
    }
    Ok(true)
}

/// The budget the extraction of one document of `dossier_id` asks before each page it reads by
/// OCR: one page of its import's budget, shared with the documents extracted at the same time,
/// then one of the importing user's budget for the period. A page the user's budget refuses has
/// taken one of the import's: the import's count may then be one page high, never low.
/// Counting needs Redis: when it does not answer, the page is read (the per-document and pixel
/// bounds still hold) and the failure is logged. Who imported the dossier is read at the first
/// page read by OCR, so a document with a text layer costs no query for it.
pub fn for_document(
    db: Pool,
    redis: Redis,
    budgets: UserBudgets,
    dossier_id: Uuid,
    per_import: usize,
) -> OcrBudget {
    let importer: Arc<OnceCell<Option<String>>> = Arc::default();
    Arc::new(move || {
        let (db, redis, budgets, importer) =
            (db.clone(), redis.clone(), budgets.clone(), importer.clone());
        Box::pin(async move {
            match take_page(&redis, dossier_id, per_import).await {
                Ok(true) => {}
                Ok(false) => return Err(messages::ocr_import_cap()),
                Err(error) => tracing::warn!(%dossier_id, %error, "import OCR budget not counted"),
            }
            let importer = importer
                .get_or_try_init(|| async {
                    let mut conn = db.get().await.map_err(|error| error.to_string())?;
                    shared::import::store::importer(&mut conn, dossier_id)
                        .await
                        .map_err(|error| error.to_string())
                })
                .await;
            let user = match importer {
                Ok(Some(user)) => user,
                Ok(None) => return Ok(()),
                Err(error) => {
                    tracing::warn!(%dossier_id, %error, "user's OCR budget not counted");
                    return Ok(());
                }
            };
            match budgets.take(Budget::OcrPages, user, 1).await {
                Ok(taken) => taken.map_err(|spent| spent.message()),
                Err(error) => {
                    tracing::warn!(%dossier_id, %error, "user's OCR budget not counted");
                    Ok(())
                }
            }
        })
    })
}
