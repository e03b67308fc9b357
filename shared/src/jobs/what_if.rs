//! `what-if`: a "what if" run of unsaved rule code over past documents
//! (`shared::db::repo::what_if`). Its own queue, worked one job at a time per worker, so that a
//! run over a thousand documents never holds back the pipeline or an author's Esegui.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Job;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WhatIfJob {
    pub run_id: Uuid,
}

impl Job for WhatIfJob {
    const QUEUE: &'static str = "what-if";
}
