//! Rule runs a request waits for — a check of a rule's code, a playground run: sent on the
//! `rule-runs` queue, answered through a reply key (`shared::jobs::replies`), charged to the
//! caller's rule-run budget — and the errors of the rule services that compile through them.

use async_graphql::ErrorExtensions;
use futures::future::BoxFuture;
use shared::db::repo::rules::CodeCheck;
use shared::jobs::rules::{CheckReply, RuleRunJob};
use shared::jobs::{Job, JobError, replies};
use shared::messages::Message;
use shared::services::budgets::Budget;
use shared::services::health;
use shared::services::rules::{self as service, Compiler, RuleError};

use super::errors::{budget_exhausted, chain, internal, no_worker, service_error, unavailable};
use crate::state::AppState;

/// Sends `job` on the `rule-runs` queue and awaits its reply (bounded by `job_wait_timeout`).
async fn send_rule_run<R: serde::de::DeserializeOwned>(
    state: &AppState,
    job: RuleRunJob,
) -> Result<R, JobError> {
    // No worker would take it: said at once, not after the whole wait.
    if !health::consumed(&state.redis, RuleRunJob::QUEUE).await? {
        return Err(JobError::NoWorker {
            queue: RuleRunJob::QUEUE,
        });
    }
    let id = job.id();
    state.queues.push(job).await?;
    state
        .metrics
        .jobs_enqueued
        .with_label_values(&[RuleRunJob::QUEUE])
        .inc();
    replies::wait(&state.redis, id, state.config.job_wait_timeout)
        .await
        .inspect_err(|error| {
            if matches!(error, JobError::NoReply { .. }) {
                tracing::warn!(%error, "no worker answered a rule run");
            }
        })
}

/// Sends `job`, a run `user` asked for, on the `rule-runs` queue and awaits its reply (bounded
/// by `job_wait_timeout`). No reply in time is `UNAVAILABLE`, no worker running `NO_WORKER`,
/// each said by `unavailable` (e.g. [`messages::run_unavailable`]) around the reason. The run's time is charged to the user's rule-run budget for the period, and
/// a user with none left is refused (`BUDGET_EXHAUSTED`) before anything is sent. The budget
/// needs Redis, as the run does: a count that fails is logged and the run goes on.
pub async fn await_rule_run<R: serde::de::DeserializeOwned>(
    state: &AppState,
    job: RuleRunJob,
    user: &str,
    unavailable_message: fn(Message) -> Message,
) -> async_graphql::Result<R> {
    let budgets = state.budgets();
    match budgets.check_left(Budget::RuleRunMillis, user).await {
        Ok(Ok(())) => {}
        Ok(Err(spent)) => return Err(budget_exhausted(spent.message())),
        Err(error) => tracing::warn!(%error, user, "rule-run budget not checked"),
    }
    let started = std::time::Instant::now();
    let reply = send_rule_run(state, job).await;
    let spent_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    if let Err(error) = budgets.charge(Budget::RuleRunMillis, user, spent_ms).await {
        tracing::warn!(%error, user, "rule-run budget not charged");
    }
    reply.map_err(|error| match (&error, error.message()) {
        (JobError::NoReply { .. }, Some(reason)) => unavailable(unavailable_message(reason)),
        (JobError::NoWorker { .. }, Some(reason)) => no_worker(unavailable_message(reason)),
        _ => internal(chain(&error)),
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
