//! The jobs of the dossier pipeline (docs/domain.md#from-import-to-callback,
//! docs/architecture.md#2-the-pipeline): their payloads and the queue each travels on. Payloads
//! carry ids only; a job reads the current rows when it runs, so a job delivered twice (a worker
//! killed mid-job) sees what the first run already did.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Job;

/// Unpack a stored archive: store its PDFs, create the documents, enqueue their extraction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportDossier {
    pub dossier_id: Uuid,
}

impl Job for ImportDossier {
    const QUEUE: &'static str = "import";
    const WRITES_DOSSIER_FILES: bool = true;

    fn dossier_id(&self) -> Option<Uuid> {
        Some(self.dossier_id)
    }
}

/// Extract one document's text, words with geometry, tables, form data (OCR where needed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtractDocument {
    pub document_id: Uuid,
    /// The document's dossier, for tracing (absent in jobs written before it was added).
    #[serde(default)]
    pub dossier_id: Option<Uuid>,
}

impl Job for ExtractDocument {
    const QUEUE: &'static str = "extract";
    const WRITES_DOSSIER_FILES: bool = true;

    fn dossier_id(&self) -> Option<Uuid> {
        self.dossier_id
    }
}

/// Run the active rules of a document's type on it (or one rule), merge the metas they
/// return, and — in the pipeline — move the dossier on when its last document is done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunDocumentRules {
    pub document_id: Uuid,
    /// The document's dossier, for tracing (absent in jobs written before it was added).
    #[serde(default)]
    pub dossier_id: Option<Uuid>,
    /// Only this rule (runDocumentRule); every active rule of the type when `None`.
    pub rule_id: Option<Uuid>,
    /// Asked by an operator (runDocumentRules / runDocumentRule): runs on a processed
    /// document again. The pipeline sends `false`, so a repeated delivery of its job finds the
    /// document processed and records nothing twice.
    pub rerun: bool,
}

impl Job for RunDocumentRules {
    const QUEUE: &'static str = "document-rules";

    fn dossier_id(&self) -> Option<Uuid> {
        self.dossier_id
    }
}

/// Which dossier rule executions a [`RunDossierRules`] job (re)runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum DossierRulesScope {
    /// Every active dossier rule × every input item (the pipeline, runDossierRules).
    All,
    /// Only the executions in error (runAgainDossierRulesThatHasErrors).
    Failed,
    /// One rule, optionally only when it belongs to a group (runDossierRule).
    Rule {
        rule_id: Uuid,
        group: Option<String>,
    },
}

/// Run dossier rules on every input item, record executions and logs, then aggregate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunDossierRules {
    pub dossier_id: Uuid,
    /// The run this job belongs to (`dossiers.rules_run_id` when it was requested); a job
    /// whose run was replaced by a newer one does nothing.
    pub run_id: Uuid,
    pub scope: DossierRulesScope,
}

impl Job for RunDossierRules {
    const QUEUE: &'static str = "dossier-rules";

    fn dossier_id(&self) -> Option<Uuid> {
        Some(self.dossier_id)
    }
}

/// POST a processed dossier's aggregate to its callback URL, recording every attempt.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SendCallback {
    pub dossier_id: Uuid,
    /// An operator asked to send it again (`resendDossierCallback`): sent even if an earlier
    /// attempt succeeded, with a fresh count of attempts.
    #[serde(default)]
    pub resend: bool,
}

impl Job for SendCallback {
    const QUEUE: &'static str = "callback";

    fn dossier_id(&self) -> Option<Uuid> {
        Some(self.dossier_id)
    }
}

/// E-mail the notification receivers that a dossier ended `cannot process`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotifyCannotProcess {
    pub dossier_id: Uuid,
}

impl Job for NotifyCannotProcess {
    const QUEUE: &'static str = "notify";

    fn dossier_id(&self) -> Option<Uuid> {
        Some(self.dossier_id)
    }
}
