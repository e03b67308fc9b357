//! The OCR page budget of an import, shared by the workers extracting its documents at once: a
//! Redis counter per dossier that each page read by OCR takes one from, and gives back when it
//! would pass the budget. The import's documents together read at most `per_import` pages by
//! OCR, however many are extracted at the same time.

use redis::AsyncCommands;
use shared::jobs::{JobError, Redis};
use uuid::Uuid;

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
