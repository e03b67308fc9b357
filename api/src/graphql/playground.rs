//! The playgrounds' runs and downloads (docs/domain.md#playgrounds: "Esegui", "Playground" and
//! temporary runs; #operations, "playgrounds"):
//!
//! - `runTemporaryRule` / `runTemporaryDossierRule` run the code being edited — unsaved — on a
//!   chosen document or dossier. The API only checks and enqueues: the run is a job on the
//!   high-priority `rule-runs` queue whose reply it awaits with the bounded wait
//!   (docs/architecture.md#3-the-transactional-job-outbox), and the worker leaves an execution
//!   log with platform `frontend`.
//! - `downloadDocumentRule` / `downloadDossierRule` hand out the saved rule as a zip that runs
//!   locally with `node run.mjs` on `input.json`, the exact input the worker would give it on
//!   the chosen document or dossier (`shared::rules::playground`). `bsae64Content` is the
//!   original API's spelling (docs/domain.md#operations), kept for the clients of the system we
//!   replace; `base64Content` is the same content.

use shared::telemetry::error_chain;
use std::sync::Arc;

use async_graphql::{Context, ID, Object, SimpleObject};
use serde_json::Value;
use shared::db::models::DocumentState;
use shared::db::models::dossiers::Document;
use shared::db::repo::rules as rules_repo;
use shared::db::repo::{data_tables, executions, helper_code, pipeline};
use shared::jobs::rules::{
    RuleRunJob, RunTemporaryDocumentRule, RunTemporaryDossierRule, TemporaryDocumentReply,
    TemporaryDossierReply,
};
use shared::rules::archive::{self, RuleMetadata};
use shared::rules::playground::{DocumentInput, PlaygroundRule, dossier_inputs};
use shared::rules::{DEFAULT_HELPER_CODE, validate_package_json};
use uuid::Uuid;

use super::support::caller::claims;
use super::support::errors::{bad_input, conflict, db_error, edit_error, internal, not_found};
use super::support::ids;
use super::support::rule_runs::await_rule_run;
use crate::state::AppState;
use shared::messages;

/// The rule name a run of code that belongs to no saved rule is logged under.
const UNSAVED_RULE_NAME: &str = "Regola temporanea";

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

fn rule_not_found(id: &ID) -> async_graphql::Error {
    not_found(messages::rule_not_found(id.as_str()))
}

/// The file name of a download: the rule's description, kept to safe characters.
fn zip_name(description: &str, id: Uuid) -> String {
    let slug: String = description
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .take(60)
        .collect();
    let slug = slug.trim_matches('_');
    if slug.is_empty() {
        format!("playground-{id}.zip")
    } else {
        format!("playground-{slug}.zip")
    }
}

fn json_text(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

/// A document whose extraction a rule can run on, or why not.
async fn extracted_document(
    state: &AppState,
    id: &ID,
) -> async_graphql::Result<(Document, String)> {
    let id = ids::document(id)?;
    let mut conn = state.db.get().await.map_err(internal)?;
    let document = pipeline::find_document(&mut conn, id)
        .await
        .map_err(db_error)?
        .ok_or_else(|| not_found(messages::document_not_found()))?;
    match (&document.state, document.raw_text_key.clone()) {
        (DocumentState::Extracted | DocumentState::Processed, Some(key)) => Ok((document, key)),
        (DocumentState::CannotProcess, _) => Err(conflict(match document.error.as_deref() {
            Some(reason) => messages::not_extracted(reason),
            None => messages::not_extracted_unknown(),
        })),
        _ => Err(conflict(messages::not_extracted_yet())),
    }
}

fn checked_package(packagecode: Option<&str>) -> async_graphql::Result<()> {
    match packagecode {
        Some(text) if !text.trim().is_empty() => {
            validate_package_json(text).map_err(|message| bad_input("packagecode", message))
        }
        _ => Ok(()),
    }
}

/// The name a temporary run is logged under: the one given, else the rule's description.
/// The helper a temporary run uses: the unsaved one when given (empty: none), else the saved.
fn with_unsaved(saved: Option<String>, unsaved: Option<String>) -> Option<String> {
    match unsaved {
        Some(code) => Some(code).filter(|c| !c.trim().is_empty()),
        None => saved,
    }
}

fn run_name(given: Option<String>, saved: Option<&str>) -> String {
    given
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .or_else(|| saved.map(str::to_owned))
        .unwrap_or_else(|| UNSAVED_RULE_NAME.to_owned())
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
        let rule = ids::rule(&rule_id)?;
        let (_, key) = extracted_document(state, &id).await?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let view = rules_repo::find_document_rule(&mut conn, rule)
            .await
            .map_err(db_error)?
            .ok_or_else(|| rule_not_found(&rule_id))?;
        let helper = helper_code::helper_of(&mut conn, rule)
            .await
            .map_err(db_error)?;
        let tables = executions::rule_data_tables(&mut conn, rule)
            .await
            .map_err(db_error)?;
        drop(conn);
        let extraction = state.storage.get(&key).await.map_err(|error| {
            if error.is_not_found() {
                conflict(messages::extraction_gone())
            } else {
                internal(error_chain(&error))
            }
        })?;
        let document = DocumentInput::from_extraction(&extraction).map_err(internal)?;
        let input: Value = serde_json::from_slice(&document.to_json(&tables)).map_err(internal)?;
        let zip = PlaygroundRule {
            name: view.rule.description.clone(),
            code: view.rule.code,
            helper: helper.unwrap_or_else(|| DEFAULT_HELPER_CODE.to_owned()),
            package_json: view.rule.package_json,
            metadata: None,
            input,
        }
        .write_zip()
        .map_err(internal)?;
        Ok(RuleDownload::new(
            zip_name(&view.rule.description, rule),
            &zip,
        ))
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
        let rule = ids::rule(&rule_id)?;
        let dossier_id = ids::dossier(&id)?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let dossier = pipeline::find_dossier(&mut conn, dossier_id)
            .await
            .map_err(db_error)?
            .ok_or_else(|| not_found(messages::dossier_not_found()))?;
        let view = rules_repo::find_dossier_rule(&mut conn, rule)
            .await
            .map_err(db_error)?
            .ok_or_else(|| rule_not_found(&rule_id))?;
        let helper = helper_code::helper_of(&mut conn, rule)
            .await
            .map_err(db_error)?;
        let metas = pipeline::dossier_metas(&mut conn, dossier_id)
            .await
            .map_err(db_error)?;
        drop(conn);
        let saved = view.rule;
        let metadata = RuleMetadata {
            format_version: archive::FORMAT_VERSION,
            id: saved.id,
            description: saved.description.clone(),
            istituto_appartenenza: saved.istituto_appartenenza,
            must_contain: saved.must_contain,
            not_contain: saved.not_contain,
            nota: saved.nota,
            gruppo: saved.gruppo,
            active: saved.active,
            valid: saved.valid,
            dossier_type: view.dossier_type,
            data_tables: view.data_tables,
        };
        let zip = PlaygroundRule {
            name: saved.description.clone(),
            code: saved.code,
            helper: helper.unwrap_or_else(|| DEFAULT_HELPER_CODE.to_owned()),
            package_json: saved.package_json,
            metadata: Some(metadata),
            input: Value::Array(dossier_inputs(&metas, &dossier.input)),
        }
        .write_zip()
        .map_err(internal)?;
        Ok(RuleDownload::new(zip_name(&saved.description, rule), &zip))
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
        let unsaved_helper = helper;
        let state = ctx.data::<Arc<AppState>>()?;
        checked_package(packagecode.as_deref())?;
        let (document, _) = extracted_document(state, &id).await?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rule, saved_name, helper, saved_tables) = match &rule_id {
            Some(given) => {
                let rule = ids::rule(given)?;
                let view = rules_repo::find_document_rule(&mut conn, rule)
                    .await
                    .map_err(db_error)?
                    .ok_or_else(|| rule_not_found(given))?;
                let helper = helper_code::helper_of(&mut conn, rule)
                    .await
                    .map_err(db_error)?;
                (
                    Some(rule),
                    Some(view.rule.description),
                    helper,
                    view.data_tables,
                )
            }
            None => (None, None, None, Vec::new()),
        };
        let tables = match data_tables {
            Some(names) => {
                data_tables::resolve_names(&mut conn, "dataTables", &names)
                    .await
                    .map_err(edit_error)?;
                let mut names: Vec<String> = names.iter().map(|n| n.trim().to_owned()).collect();
                names.sort();
                names.dedup();
                names
            }
            None => saved_tables,
        };
        drop(conn);
        let job = RunTemporaryDocumentRule {
            id: Uuid::now_v7(),
            document_id: document.id,
            rule_id: rule,
            rule_name: run_name(rule_name, saved_name.as_deref()),
            code,
            helper: with_unsaved(helper, unsaved_helper),
            data_tables: tables,
        };
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
        let unsaved_helper = helper;
        let state = ctx.data::<Arc<AppState>>()?;
        checked_package(packagecode.as_deref())?;
        let dossier_id = ids::dossier(&id)?;
        let mut conn = state.db.get().await.map_err(internal)?;
        pipeline::find_dossier(&mut conn, dossier_id)
            .await
            .map_err(db_error)?
            .ok_or_else(|| not_found(messages::dossier_not_found()))?;
        let (rule, saved_name, helper) = match &rule_id {
            Some(given) => {
                let rule = ids::rule(given)?;
                let view = rules_repo::find_dossier_rule(&mut conn, rule)
                    .await
                    .map_err(db_error)?
                    .ok_or_else(|| rule_not_found(given))?;
                let helper = helper_code::helper_of(&mut conn, rule)
                    .await
                    .map_err(db_error)?;
                (Some(rule), Some(view.rule.description), helper)
            }
            None => (None, None, None),
        };
        drop(conn);
        let job = RunTemporaryDossierRule {
            id: Uuid::now_v7(),
            dossier_id,
            rule_id: rule,
            rule_name: run_name(rule_name, saved_name.as_deref()),
            code,
            helper: with_unsaved(helper, unsaved_helper),
        };
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
