//! `rule-runs`: rule work someone awaits with a bounded wait (the API saving a rule, the
//! playground's temporary runs). Every job answers through the job's reply list; compiling and
//! running are CPU-bound, so they run on the blocking pool, never on the async workers.
//!
//! A temporary run gets the same input as in the pipeline (`shared::rules::playground`) and
//! leaves an execution log with platform `frontend`. A failure of the run itself (the
//! document is not extracted, storage is down) is answered too, so the author reads why at
//! once instead of waiting for the API's bounded wait to end.

use std::sync::Arc;

use apalis::prelude::{BoxDynError, Data};
use serde_json::Value;
use shared::db::models::Platform;
use shared::db::models::executions::{NewDossierRuleExecutionLog, NewRuleExecutionLog};
use shared::db::repo::{pipeline as pipeline_repo, playground as repo};
use shared::jobs::replies;
use shared::jobs::rules::{
    CheckReply, CheckRule, RuleRunJob, RunTemporaryDocumentRule, RunTemporaryDossierRule,
    TemporaryDocumentReply, TemporaryDossierItem, TemporaryDossierReply,
};
use shared::rules::playground::{DocumentInput, dossier_inputs};
use uuid::Uuid;
use worker::rules::{CompileError, Execution, RuleInput, RuleRuntime};

use super::JobContext;
use super::pipeline::Recorded;
use crate::metrics::RuleKind;

pub async fn run(job: RuleRunJob, context: Data<JobContext>) -> Result<(), BoxDynError> {
    match job {
        RuleRunJob::Check(check) => {
            let id = check.id;
            let reply = check_rule(&context, check).await;
            replies::send(&context.redis, id, &reply).await?;
        }
        RuleRunJob::Document(run) => {
            let id = run.id;
            let reply = match run_document(&context, run).await {
                Ok(reply) => reply,
                Err(message) => TemporaryDocumentReply {
                    execution_id: None,
                    result: None,
                    logs: Vec::new(),
                    error: Some(message),
                },
            };
            replies::send(&context.redis, id, &reply).await?;
        }
        RuleRunJob::Dossier(run) => {
            let id = run.id;
            let reply = match run_dossier(&context, run).await {
                Ok(items) => TemporaryDossierReply {
                    items,
                    failure: None,
                },
                Err(message) => TemporaryDossierReply {
                    items: Vec::new(),
                    failure: Some(message),
                },
            };
            replies::send(&context.redis, id, &reply).await?;
        }
    }
    Ok(())
}

/// A failure of a temporary run itself (not of the rule), as the author reads it.
fn failed(what: &str, error: impl std::fmt::Display) -> String {
    tracing::warn!(%error, "{what}");
    format!("{what}: {error}")
}

/// The author's wording of a syntax error (as when saving).
fn syntax_message(error: &worker::rules::SyntaxError) -> String {
    let place = if error.file == worker::rules::bundle::HELPER_FILE {
        format!(" di {}", error.file)
    } else {
        String::new()
    };
    format!(
        "Errore di sintassi alla riga {}, colonna {}{place}: {}",
        error.line, error.column, error.message
    )
}

/// Compiles `code` once and runs it on every input; a syntax error is every run's error.
async fn compile_and_run(
    runtime: Arc<RuleRuntime>,
    code: String,
    helper: Option<String>,
    inputs: Vec<RuleInput>,
) -> Result<Result<Vec<Execution>, String>, String> {
    tokio::task::spawn_blocking(move || {
        let rule = match runtime.compile(&code, helper.as_deref()) {
            Ok(rule) => rule,
            Err(CompileError::Syntax(error)) => return Err(syntax_message(&error)),
            Err(error) => return Err(format!("Impossibile compilare la regola: {error}")),
        };
        let limits = runtime.limits();
        Ok(inputs
            .iter()
            .map(|input| runtime.execute(&rule, input, &limits))
            .collect())
    })
    .await
    .map_err(|error| failed("L'esecuzione non è terminata", error))
}

/// Counts a temporary run's executions in the worker's metrics.
fn record_executions(context: &JobContext, kind: RuleKind, ran: &Result<Vec<Execution>, String>) {
    for execution in ran.iter().flatten() {
        context.metrics.rule_executed(kind, execution);
    }
}

/// The outcome of one execution: result, logs, errors (the contract's complaint when the
/// execution itself has none).
fn outcome(execution: &Execution) -> (Option<Value>, Vec<String>, Vec<String>) {
    let recorded = Recorded::of(execution);
    let result = if execution.is_ok() {
        recorded.result
    } else {
        None
    };
    (result, recorded.logs, recorded.errors)
}

async fn run_document(
    context: &JobContext,
    run: RunTemporaryDocumentRule,
) -> Result<TemporaryDocumentReply, String> {
    let mut conn = context
        .db
        .get()
        .await
        .map_err(|e| failed("Database non disponibile", e))?;
    let document = pipeline_repo::find_document(&mut conn, run.document_id)
        .await
        .map_err(|e| failed("Impossibile leggere il documento", e))?
        .ok_or_else(|| "Documento non trovato".to_owned())?;
    let Some(input_key) = document.raw_text_key.clone() else {
        return Err("Il documento non è ancora stato estratto".into());
    };
    let data_tables = repo::data_tables_by_name(&mut conn, &run.data_tables)
        .await
        .map_err(|e| failed("Impossibile leggere le datatable", e))?;
    drop(conn);
    let extraction = context
        .storage
        .get(&input_key)
        .await
        .map_err(|e| failed("Impossibile leggere l'estrazione del documento", e))?;
    let document = DocumentInput::from_extraction(&extraction)
        .map_err(|e| failed("L'estrazione del documento non è valida", e))?;
    let input = RuleInput::document(document).with_data_tables(&data_tables);

    let ran = compile_and_run(
        context.rules.clone(),
        run.code.clone(),
        run.helper.clone(),
        vec![input],
    )
    .await?;
    record_executions(context, RuleKind::Document, &ran);
    let (result, logs, errors) = match ran {
        Ok(executions) => match executions.first() {
            Some(execution) => outcome(execution),
            None => (
                None,
                Vec::new(),
                vec!["la regola non è stata eseguita".into()],
            ),
        },
        Err(syntax) => (None, Vec::new(), vec![syntax]),
    };
    let error = (!errors.is_empty()).then(|| errors.join("\n"));
    let log = NewRuleExecutionLog {
        id: run.id,
        rule_id: run.rule_id,
        rule_name: run.rule_name,
        document_id: run.document_id,
        platform: Platform::Frontend,
        result: result.clone(),
        code: run.code,
        input_key: Some(input_key),
        logs: logs.clone(),
        errors,
    };
    let mut conn = context
        .db
        .get()
        .await
        .map_err(|e| failed("Database non disponibile", e))?;
    repo::record_rule_log(&mut conn, log)
        .await
        .map_err(|e| failed("Impossibile registrare l'esecuzione", e))?;
    tracing::info!(document_id = %run.document_id, ok = error.is_none(), "temporary document rule run");
    Ok(TemporaryDocumentReply {
        execution_id: Some(run.id),
        result,
        logs,
        error,
    })
}

async fn run_dossier(
    context: &JobContext,
    run: RunTemporaryDossierRule,
) -> Result<Vec<TemporaryDossierItem>, String> {
    let mut conn = context
        .db
        .get()
        .await
        .map_err(|e| failed("Database non disponibile", e))?;
    let dossier = pipeline_repo::find_dossier(&mut conn, run.dossier_id)
        .await
        .map_err(|e| failed("Impossibile leggere il dossier", e))?
        .ok_or_else(|| "Dossier non trovato".to_owned())?;
    let metas = pipeline_repo::dossier_metas(&mut conn, run.dossier_id)
        .await
        .map_err(|e| failed("Impossibile leggere i metas del dossier", e))?;
    drop(conn);
    let inputs = dossier_inputs(&metas, &dossier.input);
    let rule_inputs = inputs
        .iter()
        .map(|input| serde_json::to_vec(input).map(|json| RuleInput::json(&json)))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| failed("Input del dossier non valido", e))?;
    let ran = compile_and_run(
        context.rules.clone(),
        run.code.clone(),
        run.helper.clone(),
        rule_inputs,
    )
    .await?;
    record_executions(context, RuleKind::Dossier, &ran);

    let mut items = Vec::with_capacity(inputs.len());
    let mut logs = Vec::with_capacity(inputs.len());
    for (index, input) in inputs.into_iter().enumerate() {
        let (result, lines, errors) = match &ran {
            Ok(executions) => match executions.get(index) {
                Some(execution) => outcome(execution),
                None => (
                    None,
                    Vec::new(),
                    vec!["la regola non è stata eseguita".into()],
                ),
            },
            Err(syntax) => (None, Vec::new(), vec![syntax.clone()]),
        };
        let item = input.get("input").cloned().unwrap_or(Value::Null);
        // Repeated deliveries of the run write the same ids, hence one row per item.
        let id = Uuid::new_v5(&run.id, index.to_string().as_bytes());
        logs.push(NewDossierRuleExecutionLog {
            id,
            dossier_id: run.dossier_id,
            execution_id: None,
            rule_id: run.rule_id,
            rule_name: run.rule_name.clone(),
            platform: Platform::Frontend,
            result: result.clone(),
            code: run.code.clone(),
            metas: metas.clone(),
            input: item.clone(),
            logs: lines.clone(),
            errors: errors.clone(),
        });
        items.push(TemporaryDossierItem {
            input: item,
            result,
            errors,
            logs: lines,
        });
    }
    let mut conn = context
        .db
        .get()
        .await
        .map_err(|e| failed("Database non disponibile", e))?;
    repo::record_dossier_rule_logs(&mut conn, logs)
        .await
        .map_err(|e| failed("Impossibile registrare l'esecuzione", e))?;
    tracing::info!(dossier_id = %run.dossier_id, items = items.len(), "temporary dossier rule run");
    Ok(items)
}

/// Bundles and compiles the rule through the runtime (and its cache).
async fn check_rule(context: &JobContext, check: CheckRule) -> CheckReply {
    let rules = context.rules.clone();
    let kind = check.kind;
    let outcome = tokio::task::spawn_blocking(move || {
        if check.draft {
            rules.check(&check.code, check.helper.as_deref())
        } else {
            rules
                .compile(&check.code, check.helper.as_deref())
                .map(|_| ())
        }
    })
    .await;
    let reply = match outcome {
        Ok(Ok(())) => CheckReply::Ok,
        Ok(Err(CompileError::Syntax(error))) => CheckReply::Syntax {
            file: error.file,
            line: error.line,
            column: error.column,
            message: error.message,
        },
        Ok(Err(error)) => CheckReply::Failed {
            message: error.to_string(),
        },
        Err(error) => CheckReply::Failed {
            message: format!("the compilation did not complete: {error}"),
        },
    };
    tracing::info!(?kind, outcome = ?reply, "rule checked");
    reply
}
