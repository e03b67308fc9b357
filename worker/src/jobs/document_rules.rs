//! `document-rules`: runs the active rules of a document's type (or one rule) on its
//! extracted data, logs every run, merges the metas the rules return into the document's, and
//! — in the pipeline — moves the document to `processed` and its dossier on.
//!
//! A rule receives `{ rawText, tables, rawTextWithGeometry, formData, dataTables }`. The
//! extraction part is the same for every rule of the document and can be megabytes, so it is
//! read once (`shared::rules::playground::DocumentInput`, shared with the playground's runs and
//! downloads), handed to each rule by reference with the rule's `dataTables`, and each member
//! parsed only by the rules that read it (`worker::rules::input`).

use std::sync::Arc;

use apalis::prelude::{BoxDynError, Data};
use serde_json::Value;
use shared::db::models::executions::NewRuleExecutionLog;
use shared::db::models::{DocumentState, Platform};
use shared::db::repo::pipeline::{self, DocumentRulesOutcome};
use shared::events::{self, Event};
use shared::jobs::pipeline::RunDocumentRules;
use shared::rules::playground::DocumentInput;
use uuid::Uuid;

use super::JobContext;
use super::pipeline::{Recorded, advance_dossier};
use crate::metrics::RuleKind;
use worker::rules::RuleInput;

pub async fn run(job: RunDocumentRules, context: Data<JobContext>) -> Result<(), BoxDynError> {
    let document_id = job.document_id;
    let mut conn = context.db.get().await?;
    let Some(document) = pipeline::find_document(&mut conn, document_id).await? else {
        return Ok(());
    };
    // `extracted`: the pipeline; `processed`: a rerun asked by an operator — or a repeated
    // delivery of the pipeline's job, which only makes sure the dossier moved on.
    let in_pipeline = match (document.state, job.rerun) {
        (DocumentState::Extracted, _) => true,
        (DocumentState::Processed, true) => false,
        (DocumentState::Processed, false) => {
            drop(conn);
            advance_dossier(&context, document.dossier_id).await?;
            return Ok(());
        }
        (DocumentState::Uploaded | DocumentState::CannotProcess, _) => return Ok(()),
    };
    let rules = match document.document_type_id {
        Some(type_id) => pipeline::document_rules_to_run(&mut conn, type_id, job.rule_id).await?,
        None => Vec::new(),
    };
    drop(conn);

    let input_key = document.raw_text_key.clone();
    let input = match (&input_key, rules.is_empty()) {
        (Some(key), false) => {
            let extraction = context.storage.get(key).await?;
            Some(Arc::new(RuleInput::document(
                DocumentInput::from_extraction(&extraction)?,
            )))
        }
        _ => None,
    };
    // The members several rules read (a contract's words with their boxes) parsed once.
    let prepared = match &input {
        Some(input) => {
            let (input, runtime) = (input.clone(), context.rules.clone());
            let sources: Vec<(String, Option<String>)> = rules
                .iter()
                .map(|r| (r.code.clone(), r.helper.clone()))
                .collect();
            tokio::task::spawn_blocking(move || {
                let rules: Vec<(&str, Option<&str>)> = sources
                    .iter()
                    .map(|(c, h)| (c.as_str(), h.as_deref()))
                    .collect();
                runtime.prepare(&input, &rules).map(Arc::new)
            })
            .await?
        }
        None => None,
    };
    let mut logs = Vec::with_capacity(rules.len());
    let mut metas = Vec::new();
    for rule in rules {
        let Some(input) = input.clone() else { break };
        let runtime = context.rules.clone();
        let prepared = prepared.clone();
        let data_tables = rule.data_tables.clone();
        let (code, helper) = (rule.code.clone(), rule.helper.clone());
        let execution = tokio::task::spawn_blocking(move || {
            let input = input.with_data_tables(&data_tables);
            runtime.run_on_document(
                &code,
                helper.as_deref(),
                &input,
                prepared.as_deref(),
                &runtime.limits(),
            )
        })
        .await?;
        context
            .metrics
            .rule_executed(RuleKind::Document, &execution);
        let Recorded {
            result,
            error,
            errors,
            logs: lines,
        } = Recorded::of(&execution);
        if error.is_none()
            && let Some(Value::Object(returned)) = result.as_ref().and_then(|r| r.get("metas"))
        {
            metas.push(returned.clone());
        }
        logs.push(NewRuleExecutionLog {
            id: Uuid::now_v7(),
            rule_id: Some(rule.id),
            rule_name: rule.description,
            document_id,
            platform: Platform::Backend,
            result,
            code: rule.code,
            input_key: input_key.clone(),
            logs: lines,
            errors,
        });
    }
    let count = logs.len();
    let mut conn = context.db.get().await?;
    let recorded = pipeline::record_document_rules(
        &mut conn,
        document_id,
        in_pipeline,
        DocumentRulesOutcome { logs, metas },
    )
    .await?;
    drop(conn);
    tracing::info!(%document_id, rules = count, recorded, in_pipeline, "document rules run");
    if recorded {
        // Processed (again, after a rerun: its metas and logs changed).
        events::notify(
            &context.redis,
            Event::document(document.dossier_id, document_id, DocumentState::Processed),
        )
        .await;
    }
    if in_pipeline {
        advance_dossier(&context, document.dossier_id).await?;
    }
    Ok(())
}
