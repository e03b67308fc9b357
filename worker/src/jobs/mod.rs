//! The job handlers, one module per queue.

pub mod callback;
pub mod document_rules;
pub mod dossier_rules;
pub mod extract;
pub mod import;
pub mod load;
pub mod notify;
mod ocr_budget;
pub mod ping;
mod pipeline;
pub mod rule_runs;
pub mod validation;
pub mod what_if;

pub use pipeline::remove_files_if_deleted;

use std::sync::Arc;

use shared::config::CallbackConfig;
use shared::db::Pool;
use shared::jobs::Redis;
use shared::mail::Mailer;
use shared::storage::Storage;
use worker::callback::CallbackPolicy;
use worker::extraction::Extractor;
use worker::rules::RuleRuntime;

/// What every job handler gets besides its payload.
#[derive(Clone)]
pub struct JobContext {
    pub db: Pool,
    /// Ends the outbox entries of the jobs that finished (in batches).
    pub finished: shared::jobs::outbox::FinishedJobs,
    /// The queue load test's samples, waiting to be sent (`load`).
    pub load_samples: load::Samples,
    /// For the connections that hold a job's advisory lock (see `pipeline::exclusively`).
    pub database_url: String,
    pub redis: Redis,
    /// `host:pid` of this process, for logs and replies.
    pub identity: String,
    /// The rule runtime (engine, pre-instantiated plugin, module cache), loaded at start-up.
    pub rules: Arc<RuleRuntime>,
    /// Archives, PDFs and extraction output.
    pub storage: Storage,
    /// PDFium + Tesseract in contained child processes, checked at start-up.
    pub extractor: Extractor,
    /// What one user may consume per period (the OCR pages of the dossiers they import).
    pub budgets: shared::services::budgets::UserBudgets,
    /// Where callbacks may go, and their timeouts and retries.
    pub callbacks: Arc<CallbackSettings>,
    /// Notification e-mails.
    pub mailer: Arc<Mailer>,
    /// Limits of imported archives (the `import` job checks them again).
    pub limits: shared::config::ImportLimits,
    /// Where users reach the web app (links in e-mails).
    pub public_url: String,
    /// This process's Prometheus metrics (`/metrics`) and throughput tally.
    pub metrics: Arc<crate::metrics::WorkerMetrics>,
}

/// The callback policy and its configuration.
pub struct CallbackSettings {
    pub policy: CallbackPolicy,
    pub config: CallbackConfig,
}

/// `host:pid` of this process.
pub fn worker_identity() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_owned())
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "unknown-host".into());
    format!("{host}:{}", std::process::id())
}
