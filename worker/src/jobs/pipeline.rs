//! What the pipeline jobs share: moving a dossier on once one of its documents is done, and
//! turning a rule execution into the strings its log keeps.

use apalis::prelude::BoxDynError;
use diesel::sql_types::BigInt;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use shared::db::models::DossierState;
use shared::db::repo::pipeline::{self, DossierStep};
use shared::events::{self, Event};
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

/// The console output of an execution as log lines: `[level] message`.
pub fn log_lines(execution: &Execution) -> Vec<String> {
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
pub fn recorded_errors(execution: &Execution, error: Option<String>) -> Vec<String> {
    let errors = error_lines(execution);
    if errors.is_empty() {
        error.into_iter().collect()
    } else {
        errors
    }
}

/// The result of an execution held to the rule contract: the value, or why it is an error.
pub fn checked_result(execution: &Execution) -> (Option<serde_json::Value>, Option<String>) {
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
