//! The playgrounds' runs and downloads (docs/domain.md#playgrounds: "Esegui", "Playground" and
//! temporary runs; #operations, "playgrounds"):
//!
//! - `runTemporaryRule` / `runTemporaryDossierRule` run the code being edited — unsaved — on a
//!   chosen document or dossier: `shared::services::playground` checks the request and makes
//!   its job; the API sends it on the high-priority `rule-runs` queue and awaits its reply with
//!   the bounded wait (docs/architecture.md#3-the-transactional-job-outbox); the worker leaves
//!   an execution log with platform `frontend`.
//! - `downloadDocumentRule` / `downloadDossierRule` hand out the saved rule as a zip that runs
//!   locally with `node run.mjs` on `input.json`, the exact input the worker would give it on
//!   the chosen document or dossier (`shared::services::playground`). `bsae64Content` is the
//!   original API's spelling (docs/domain.md#operations), kept for the clients of the system we
//!   replace; `base64Content` is the same content.

use std::sync::Arc;

use async_graphql::{Context, ID, Object, SimpleObject};
use serde_json::Value;
use shared::jobs::rules::{RuleRunJob, TemporaryDocumentReply, TemporaryDossierReply};
use shared::rules::archive;
use shared::services::playground::{self, TemporaryDocumentRun, TemporaryDossierRun};

use super::support::caller::claims;
use super::support::errors::{conflict, service_error};
use super::support::ids;
use super::support::rule_runs::await_rule_run;
use crate::state::AppState;
use shared::messages;

/// The outcome of a temporary document rule run.
#[derive(SimpleObject)]
pub struct TemporaryRuleResult {
    /// The rule's result as JSON text (null when it failed).
    #[graphql(name = "Result")]
    pub result: Option<String>,
    /// The execution log of the run.
    pub execution_id: Option<ID>,
    /// Console output, `[level] message`.
    pub logs: Vec<String>,
    /// Why the run failed (a syntax error names its line and column), or why the result
    /// breaks the rule contract; null when it succeeded.
    pub error_description: Option<String>,
}

/// The outcome of a temporary dossier rule run on one input item.
#[derive(SimpleObject)]
pub struct TemporaryDossierRuleResult {
    /// The input item as JSON text.
    pub input: String,
    /// The rule's result as JSON text (null when it failed).
    pub result: Option<String>,
    pub errors: Vec<String>,
    pub logs: Vec<String>,
}

/// A rule prepared for a local run: a zip, base64.
#[derive(SimpleObject)]
pub struct RuleDownload {
    /// The zip's file name.
    pub name: String,
    /// The zip, base64 (the original API's spelling: docs/domain.md#operations).
    #[graphql(name = "bsae64Content")]
    pub bsae64_content: String,
    /// The same zip, base64.
    pub base64_content: String,
}

impl RuleDownload {
    fn new(name: String, bytes: &[u8]) -> Self {
        let content = archive::to_base64(bytes);
        Self {
            name,
            bsae64_content: content.clone(),
            base64_content: content,
        }
    }
}

fn json_text(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

#[derive(Default)]
pub struct PlaygroundQuery;

#[Object]
impl PlaygroundQuery {
    /// The document rule `ruleId` as a zip that runs with node on the input it would receive
    /// on document `id`.
    async fn download_document_rule(
        &self,
        ctx: &Context<'_>,
        id: ID,
        rule_id: ID,
    ) -> async_graphql::Result<RuleDownload> {
        let state = ctx.data::<Arc<AppState>>()?;
        let project = playground::document_rule_project(
            &state.db,
            &state.storage,
            ids::document(&id)?,
            ids::rule(&rule_id)?,
        )
        .await
        .map_err(service_error)?;
        Ok(RuleDownload::new(project.name, &project.zip))
    }

    /// The dossier rule `ruleId` as a zip that runs with node on each input it would receive on
    /// dossier `id` (and imports again with importDossierRules).
    async fn download_dossier_rule(
        &self,
        ctx: &Context<'_>,
        id: ID,
        rule_id: ID,
    ) -> async_graphql::Result<RuleDownload> {
        let state = ctx.data::<Arc<AppState>>()?;
        let project =
            playground::dossier_rule_project(&state.db, ids::dossier(&id)?, ids::rule(&rule_id)?)
                .await
                .map_err(service_error)?;
        Ok(RuleDownload::new(project.name, &project.zip))
    }
}

#[derive(Default)]
pub struct PlaygroundMutation;

#[Object]
impl PlaygroundMutation {
    /// Runs unsaved document-rule `code` on the extracted document `id` and answers its result
    /// and logs. With `ruleID`, the run uses that rule's saved helper (and its data tables when
    /// `dataTables` is not given) and is logged under it. `helper`: an unsaved helper.js to run
    /// with instead of the saved one (empty: none).
    #[allow(clippy::too_many_arguments)]
    async fn run_temporary_rule(
        &self,
        ctx: &Context<'_>,
        id: ID,
        #[graphql(name = "ruleID")] rule_id: Option<ID>,
        rule_name: Option<String>,
        code: String,
        packagecode: Option<String>,
        data_tables: Option<Vec<String>>,
        helper: Option<String>,
    ) -> async_graphql::Result<TemporaryRuleResult> {
        let state = ctx.data::<Arc<AppState>>()?;
        let run = TemporaryDocumentRun {
            document_id: ids::document(&id)?,
            rule_id: rule_id.as_ref().map(ids::rule).transpose()?,
            rule_name,
            code,
            package_json: packagecode,
            helper,
            data_tables,
        };
        let job = playground::document_run(&state.db, run)
            .await
            .map_err(service_error)?;
        let user = &claims(ctx)?.email;
        let reply: TemporaryDocumentReply = await_rule_run(
            state,
            RuleRunJob::Document(job),
            user,
            messages::run_unavailable,
        )
        .await?;
        let Some(execution_id) = reply.execution_id else {
            let message = reply.error.unwrap_or_default();
            return Err(conflict(messages::run_failed(message)));
        };
        Ok(TemporaryRuleResult {
            result: reply.result.as_ref().map(json_text),
            execution_id: Some(ID(execution_id.to_string())),
            logs: reply.logs,
            error_description: reply.error,
        })
    }

    /// Runs unsaved dossier-rule `code` on dossier `id`, once per input item, and answers each
    /// run. With `ruleID`, the run uses that rule's saved helper and is logged under it.
    /// `helper`: an unsaved helper.js to run with instead of the saved one (empty: none).
    #[allow(clippy::too_many_arguments)]
    async fn run_temporary_dossier_rule(
        &self,
        ctx: &Context<'_>,
        id: ID,
        #[graphql(name = "ruleID")] rule_id: Option<ID>,
        rule_name: Option<String>,
        code: String,
        packagecode: Option<String>,
        helper: Option<String>,
    ) -> async_graphql::Result<Vec<TemporaryDossierRuleResult>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let run = TemporaryDossierRun {
            dossier_id: ids::dossier(&id)?,
            rule_id: rule_id.as_ref().map(ids::rule).transpose()?,
            rule_name,
            code,
            package_json: packagecode,
            helper,
        };
        let job = playground::dossier_run(&state.db, run)
            .await
            .map_err(service_error)?;
        let user = &claims(ctx)?.email;
        let reply: TemporaryDossierReply = await_rule_run(
            state,
            RuleRunJob::Dossier(job),
            user,
            messages::run_unavailable,
        )
        .await?;
        if let Some(message) = reply.failure {
            return Err(conflict(messages::run_failed(message)));
        }
        Ok(reply
            .items
            .into_iter()
            .map(|item| TemporaryDossierRuleResult {
                input: json_text(&item.input),
                result: item.result.as_ref().map(json_text),
                errors: item.errors,
                logs: item.logs,
            })
            .collect())
    }
}
