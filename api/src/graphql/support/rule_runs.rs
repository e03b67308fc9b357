//! Rule runs a request waits for — a check of a rule's code, a playground run — through
//! `shared::jobs::rules::{send, wait_reply}`, within the caller's rule-run budget
//! (`shared::services::budgets`), as GraphQL answers; and the errors of the rule services that
//! compile through them.

use async_graphql::ErrorExtensions;
use futures::future::BoxFuture;
use shared::db::repo::rules::CodeCheck;
use shared::jobs::rules::{self, CheckReply, RuleRunJob};
use shared::jobs::{Job, JobError};
use shared::messages::Message;
use shared::services::rules::{self as service, Compiler, RuleError};
use shared::telemetry::error_chain;

use super::errors::{budget_exhausted, internal, no_worker, service_error, unavailable};
use crate::state::AppState;

/// Sends `job` on the `rule-runs` queue and awaits its reply (bounded by `job_wait_timeout`).
async fn send_rule_run<R: serde::de::DeserializeOwned>(
    state: &AppState,
    job: RuleRunJob,
) -> Result<R, JobError> {
    let id = rules::send(&state.redis, &state.queues, job).await?;
    state
        .metrics
        .jobs_enqueued
        .with_label_values(&[RuleRunJob::QUEUE])
        .inc();
    rules::wait_reply(&state.redis, id, state.config.job_wait_timeout).await
}

/// Sends `job`, a run `user` asked for, on the `rule-runs` queue and awaits its reply (bounded
/// by `job_wait_timeout`), within the user's rule-run budget (`BUDGET_EXHAUSTED` when none is
/// left). No reply in time is `UNAVAILABLE`, no worker running `NO_WORKER`, each said by
/// `unavailable_message` (e.g. [`shared::messages::run_unavailable`]) around the reason.
pub async fn await_rule_run<R: serde::de::DeserializeOwned>(
    state: &AppState,
    job: RuleRunJob,
    user: &str,
    unavailable_message: fn(Message) -> Message,
) -> async_graphql::Result<R> {
    let reply = state
        .budgets()
        .within_rule_run_budget(user, send_rule_run(state, job))
        .await
        .map_err(|spent| budget_exhausted(spent.message()))?;
    reply.map_err(|error| match (&error, error.message()) {
        (JobError::NoReply { .. }, Some(reason)) => unavailable(unavailable_message(reason)),
        (JobError::NoWorker { .. }, Some(reason)) => no_worker(unavailable_message(reason)),
        _ => internal(error_chain(&error)),
    })
}

/// The workers, compiling the code of the rules the services save.
pub struct Workers<'a>(pub &'a AppState);

impl Compiler for Workers<'_> {
    fn compile<'a>(&'a self, check: &'a CodeCheck) -> BoxFuture<'a, Result<CheckReply, JobError>> {
        Box::pin(send_rule_run(self.0, service::check_job(check, false)))
    }
}

/// A refused or failed rule save as a GraphQL error: a syntax error (also one of a rule of an
/// imported archive, whose message names the rule) carries its place (`file`, `line`,
/// `column`) in the extensions.
pub fn rule_error(error: RuleError) -> async_graphql::Error {
    let place = error
        .syntax_place()
        .map(|(file, line, column)| (file.to_owned(), line, column));
    let answer = service_error(error);
    match place {
        Some((file, line, column)) => answer.extend_with(move |_, e| {
            e.set("file", file.as_str());
            e.set("line", line);
            e.set("column", column);
        }),
        None => answer,
    }
}
