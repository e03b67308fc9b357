//! Rule runs someone awaits (the API, with a bounded wait): the high-priority `rule-runs`
//! queue, apart from the pipeline's queues so that an author is never stuck behind a batch of
//! dossiers.
//!
//! One queue carries one payload type, so the queue's payload is the enum [`RuleRunJob`]: the
//! compile check of a rule being saved, the playground's temporary runs (runTemporaryRule,
//! runTemporaryDossierRule), each with its own
//! reply type sent through [`super::replies`] to the job's `id`.

use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::{Job, JobError, Queues, Redis, presence, replies};
use crate::rules::RuleKind;

/// A job of the `rule-runs` queue.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum RuleRunJob {
    /// Compile a rule (bundle + javy-codegen) and answer a [`CheckReply`].
    Check(CheckRule),
    /// Run unsaved document-rule code on a document and answer a [`TemporaryDocumentReply`].
    Document(RunTemporaryDocumentRule),
    /// Run unsaved dossier-rule code on each input item of a dossier and answer a
    /// [`TemporaryDossierReply`].
    Dossier(RunTemporaryDossierRule),
}

impl RuleRunJob {
    /// The id the reply is addressed to.
    pub fn id(&self) -> Uuid {
        match self {
            Self::Check(check) => check.id,
            Self::Document(run) => run.id,
            Self::Dossier(run) => run.id,
        }
    }
}

impl Job for RuleRunJob {
    const QUEUE: &'static str = "rule-runs";
}

/// Compile `code` with its `helper` as the rule would run, so that a syntax error reaches the
/// author when they save. The compiled module lands in the shared cache, ready for the runs.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CheckRule {
    /// Chosen by the sender; the reply is addressed to it.
    pub id: Uuid,
    pub code: String,
    pub helper: Option<String>,
    pub kind: RuleKind,
    /// A draft being typed (`checkRuleCode`): compiled and forgotten. Otherwise (a save) the
    /// compiled module is kept in the caches, ready for the runs.
    #[serde(default)]
    pub draft: bool,
}

/// What the worker answers to a [`CheckRule`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "outcome", rename_all = "camelCase")]
pub enum CheckReply {
    /// The rule compiles.
    Ok,
    /// A syntax error of the author, at 1-based `line` and `column` of `file` (`rule.js` or
    /// `helper.js`).
    Syntax {
        file: String,
        line: u32,
        column: u32,
        message: String,
    },
    /// It could not be compiled for another reason (the message says which).
    Failed { message: String },
}

/// runTemporaryRule: unsaved document-rule `code` on the extracted document `document_id`,
/// with the data tables `data_tables` (by name). The worker writes the run's
/// `rule_execution_logs` row (platform `frontend`, its id the job's `id`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunTemporaryDocumentRule {
    /// Chosen by the sender; the reply and the log row are addressed to it.
    pub id: Uuid,
    pub document_id: Uuid,
    /// The saved rule being edited, if any (recorded in the log).
    pub rule_id: Option<Uuid>,
    pub rule_name: String,
    pub code: String,
    pub helper: Option<String>,
    pub data_tables: Vec<String>,
}

/// What the worker answers to a [`RunTemporaryDocumentRule`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TemporaryDocumentReply {
    /// The `rule_execution_logs` row; `None` when nothing ran (see `error`).
    pub execution_id: Option<Uuid>,
    /// What the rule returned (`None` when it failed).
    pub result: Option<Value>,
    /// Console output, `[level] message`.
    pub logs: Vec<String>,
    /// Why the run failed or the result breaks the rule contract (with the stack when there is
    /// one); a syntax error names its line and column.
    pub error: Option<String>,
}

/// runTemporaryDossierRule: unsaved dossier-rule `code` once per input item of `dossier_id`.
/// The worker writes one `dossier_rule_execution_logs` row per item (platform `frontend`, no
/// execution).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunTemporaryDossierRule {
    pub id: Uuid,
    pub dossier_id: Uuid,
    pub rule_id: Option<Uuid>,
    pub rule_name: String,
    pub code: String,
    pub helper: Option<String>,
}

/// What the worker answers to a [`RunTemporaryDossierRule`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TemporaryDossierReply {
    /// One entry per input item, in order.
    pub items: Vec<TemporaryDossierItem>,
    /// Set when nothing could run (e.g. the dossier is gone).
    pub failure: Option<String>,
}

/// The run of a dossier rule on one input item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TemporaryDossierItem {
    pub input: Value,
    pub result: Option<Value>,
    pub errors: Vec<String>,
    pub logs: Vec<String>,
}

/// Sends `job` on the `rule-runs` queue for a caller who waits for its reply ([`wait_reply`]);
/// answers its id. When no worker alive consumes the queue, says so at once
/// (`JobError::NoWorker`) instead of after the whole wait.
pub async fn send(redis: &Redis, queues: &Queues, job: RuleRunJob) -> Result<Uuid, JobError> {
    if !presence::consumed(redis, RuleRunJob::QUEUE).await? {
        return Err(JobError::NoWorker {
            queue: RuleRunJob::QUEUE,
        });
    }
    let id = job.id();
    queues.push(job).await?;
    Ok(id)
}

/// The reply of the rule run `id` [`send`] sent, waited for at most `wait`; no reply in time is
/// `JobError::NoReply` (logged).
pub async fn wait_reply<R: DeserializeOwned>(
    redis: &Redis,
    id: Uuid,
    wait: Duration,
) -> Result<R, JobError> {
    replies::wait(redis, id, wait).await.inspect_err(|error| {
        if matches!(error, JobError::NoReply { .. }) {
            tracing::warn!(%error, "no worker answered a rule run");
        }
    })
}
