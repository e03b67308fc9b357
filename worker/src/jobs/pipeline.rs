//! What the pipeline jobs share: moving a dossier on once one of its documents is done, and
//! turning a rule execution into the strings its log keeps.

use apalis::prelude::BoxDynError;
use diesel::sql_types::BigInt;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use shared::db::models::DossierState;
use shared::db::repo::dossiers;
use shared::db::repo::pipeline::{self, DossierStep};
use shared::events::{self, Event};
use shared::storage::keys;
use uuid::Uuid;
use worker::rules::Execution;

use super::JobContext;

/// After a document is done: the next step of its dossier (its job enqueued with the step, in
/// the outbox), told to the screens.
pub async fn advance_dossier(context: &JobContext, dossier_id: Uuid) -> Result<(), BoxDynError> {
    let mut conn = context.db.get().await?;
    let step = pipeline::advance_dossier(&mut conn, dossier_id).await?;
    drop(conn);
    match step {
        DossierStep::Wait => {}
        DossierStep::Conflicts => {
            tracing::info!(%dossier_id, "dossier waits for its metas conflicts to be fixed");
            events::notify(
                &context.redis,
                Event::dossier(dossier_id, DossierState::Conflicts),
            )
            .await;
        }
        DossierStep::CannotProcess => {
            events::notify(
                &context.redis,
                Event::dossier(dossier_id, DossierState::CannotProcess),
            )
            .await;
        }
        DossierStep::RunRules { run_id } => {
            tracing::debug!(%dossier_id, %run_id, "dossier rules run enqueued");
        }
    }
    Ok(())
}

/// After a job that writes its dossier's files (`Job::WRITES_DOSSIER_FILES`): when the dossier
/// was deleted meanwhile, its storage prefix is removed again — the deletion removed it once,
/// maybe before this job's write (an extraction finishing after the dossier was deleted left
/// its `extraction.json`). The write comes before this look and the deletion's rows before
/// its own removal, so one of the two always sees the other's files.
pub async fn remove_files_if_deleted(context: &JobContext, dossier_id: Uuid) {
    let exists = match context.db.get().await {
        Ok(mut conn) => dossiers::dossier_exists(&mut conn, dossier_id).await,
        Err(error) => Err(shared::db::DbError::Checkout(error)),
    };
    match exists {
        Ok(true) => {}
        Ok(false) => match context
            .storage
            .delete_prefix(&keys::dossier_prefix(dossier_id))
            .await
        {
            Ok(0) => {}
            Ok(files) => {
                tracing::info!(%dossier_id, files, "files written after the dossier was deleted removed");
            }
            Err(error) => {
                tracing::warn!(%dossier_id, %error, "files of a deleted dossier not removed");
            }
        },
        Err(error) => {
            tracing::warn!(%dossier_id, %error, "cannot tell whether the dossier was deleted");
        }
    }
}

/// Work that must not overlap for one dossier, whichever workers run it.
#[derive(Debug, Clone, Copy)]
pub enum Exclusive {
    /// A run of the dossier's rules (two deliveries of one job, or two runs).
    DossierRules = 1,
    /// Calling the importing system back.
    Callback = 2,
}

/// Runs `work` holding a PostgreSQL advisory lock for (`kind`, `dossier_id`), waiting for it
/// when another worker holds it. The lock lives on a connection of its own, outside the pool
/// (a pooled connection waiting for a lock could starve the holder of connections): closing
/// it releases the lock when the work ends — and when a worker dies mid-job.
pub async fn exclusively<R, F, Fut>(
    context: &JobContext,
    kind: Exclusive,
    dossier_id: Uuid,
    work: F,
) -> Result<R, BoxDynError>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = Result<R, BoxDynError>>,
{
    let (high, low) = dossier_id.as_u64_pair();
    let key = i64::from_ne_bytes((high ^ low ^ kind as u64).to_ne_bytes());
    let mut lock = AsyncPgConnection::establish(&context.database_url).await?;
    diesel::sql_query("SELECT pg_advisory_lock($1)")
        .bind::<BigInt, _>(key)
        .execute(&mut lock)
        .await?;
    let result = work().await;
    drop(lock);
    result
}

/// Why an execution whose output cannot be stored is in error: PostgreSQL's text and jsonb
/// refuse the NUL character, which a rule can return (`"\u0000"`) or print.
const NUL_IN_RESULT: &str = "la regola ha restituito un testo con il carattere NUL, non ammesso";
const NUL_IN_LOGS: &str = "la regola ha scritto nel log un testo con il carattere NUL, non ammesso";
/// What a NUL in a log line or an error message is shown as.
const NUL_SHOWN_AS: &str = "\u{2400}";

/// An execution as its log records it: its result held to the rule contract, its errors, its
/// console output — every string storable. Invalid data from the rule (a NUL character in its
/// result or its output) makes the execution an error of the rule, never a failure of the job
/// that records it.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    /// The returned value (also when it breaks the contract, to show it); `None` when the rule
    /// returned nothing or something that cannot be stored.
    pub result: Option<Value>,
    /// Why the execution is an error: its first error, the contract's complaint, or the
    /// invalid data.
    pub error: Option<String>,
    /// Every error, each with its stack when there is one.
    pub errors: Vec<String>,
    /// The console output: `[level] message`.
    pub logs: Vec<String>,
}

impl Recorded {
    pub fn of(execution: &Execution) -> Self {
        let (mut result, error) = checked_result(execution);
        let mut error = error.map(|e| storable(&e));
        let mut errors: Vec<String> = recorded_errors(execution, error.clone())
            .iter()
            .map(|e| storable(e))
            .collect();
        let raw_logs = log_lines(execution);
        let mut invalid = Vec::new();
        if result.as_ref().is_some_and(has_nul) {
            result = None;
            invalid.push(NUL_IN_RESULT);
        }
        if raw_logs.iter().any(|line| line.contains('\0')) {
            invalid.push(NUL_IN_LOGS);
        }
        for reason in invalid {
            error.get_or_insert_with(|| reason.to_owned());
            errors.push(reason.to_owned());
        }
        Self {
            result,
            error,
            errors,
            logs: raw_logs.iter().map(|line| storable(line)).collect(),
        }
    }
}

/// Whether a JSON value holds a NUL character in any string or key.
fn has_nul(value: &Value) -> bool {
    match value {
        Value::String(text) => text.contains('\0'),
        Value::Array(items) => items.iter().any(has_nul),
        Value::Object(members) => members
            .iter()
            .any(|(name, value)| name.contains('\0') || has_nul(value)),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

/// `text` with its NUL characters shown as "␀" (PostgreSQL's text refuses them).
fn storable(text: &str) -> String {
    text.replace('\0', NUL_SHOWN_AS)
}

/// The console output of an execution as log lines: `[level] message`.
fn log_lines(execution: &Execution) -> Vec<String> {
    let mut lines: Vec<String> = execution
        .logs
        .iter()
        .map(|entry| format!("[{}] {}", entry.level, entry.message))
        .collect();
    if execution.logs_truncated {
        lines.push("[…] output troncato: limite dei log raggiunto".into());
    }
    lines
}

/// The errors of an execution, each with its stack when there is one.
fn error_lines(execution: &Execution) -> Vec<String> {
    execution
        .errors
        .iter()
        .map(|error| match &error.stack {
            Some(stack) => format!("{}\n{stack}", error.message),
            None => error.message.clone(),
        })
        .collect()
}

/// The errors a rule's run records: the execution's own (with their stacks) or, when
/// it had none, why its result breaks the rule contract (`error` of [`checked_result`]).
fn recorded_errors(execution: &Execution, error: Option<String>) -> Vec<String> {
    let errors = error_lines(execution);
    if errors.is_empty() {
        error.into_iter().collect()
    } else {
        errors
    }
}

/// The result of an execution held to the rule contract: the value, or why it is an error.
fn checked_result(execution: &Execution) -> (Option<Value>, Option<String>) {
    if let Some(first) = <[_]>::first(&execution.errors) {
        return (None, Some(first.message.clone()));
    }
    match &execution.result {
        Some(result) => match worker::rules::check_result(result) {
            Ok(()) => (Some(result.clone()), None),
            Err(reason) => (Some(result.clone()), Some(reason)),
        },
        None => (None, Some("la regola non ha restituito nulla".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use worker::rules::LogEntry;

    fn returning(result: Value) -> Execution {
        Execution {
            result: Some(result),
            logs: Vec::new(),
            logs_truncated: false,
            errors: Vec::new(),
            duration_us: 0,
        }
    }

    #[test]
    fn a_nul_in_the_result_is_an_error_of_the_rule() {
        for result in [
            json!({ "success": true, "metas": { "nome": "a\u{0}b" } }),
            json!({ "success": true, "metas": { "a\u{0}": 1 } }),
            json!({ "success": true, "note": ["\u{0}"] }),
        ] {
            let recorded = Recorded::of(&returning(result.clone()));
            assert_eq!(recorded.result, None, "{result}");
            assert_eq!(recorded.error.as_deref(), Some(NUL_IN_RESULT));
            assert_eq!(recorded.errors, [NUL_IN_RESULT]);
        }
        let fine = Recorded::of(&returning(
            json!({ "success": true, "metas": { "a": "b" } }),
        ));
        assert_eq!(fine.error, None);
        assert!(fine.result.is_some());
    }

    #[test]
    fn a_nul_in_the_output_is_an_error_and_shown_storable() {
        let mut execution = returning(json!({ "success": true }));
        execution.logs.push(LogEntry {
            level: "log".into(),
            message: "prima\u{0}dopo".into(),
        });
        let recorded = Recorded::of(&execution);
        assert_eq!(recorded.error.as_deref(), Some(NUL_IN_LOGS));
        assert_eq!(recorded.logs, ["[log] prima\u{2400}dopo"]);
        assert!(recorded.result.is_some(), "the result itself is storable");
    }
}
