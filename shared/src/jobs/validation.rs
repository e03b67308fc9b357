//! `validation`: extracts a validation document's text (OCR where a page has none) and, when
//! the job names a validation, checks every dossier rule of the document's institute against
//! it (`shared::services::rule_validation`). Its own queue, worked one job at a time per worker: OCR of a long
//! scan takes minutes and every core, and the pipeline comes first.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Job;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidationJob {
    pub document_id: Uuid,
    /// The validation to complete; `None` only extracts the document's text.
    pub validation_id: Option<Uuid>,
}

impl Job for ValidationJob {
    const QUEUE: &'static str = "validation";
}
