//! `dossier-rules`: one run of a dossier's rules — every rule of the run's scope on every
//! input item, each recorded as an execution with its log — then, once nothing of the
//! dossier is left to run, the aggregate, `processed`, and the callback.
//!
//! The run stops at the first execution it cannot record: the dossier was deleted (its
//! executions went with it) or a newer run replaced this one.
//!
//! A rule receives `{ metas, input }`: `metas` maps each processed document's id to its
//! metas, `input` is one item of the dossier's input list.

use apalis::prelude::{BoxDynError, Data};
use serde_json::json;
use shared::db::models::executions::NewDossierRuleExecutionLog;
use shared::db::models::{DossierState, Platform};
use shared::db::repo::pipeline::{self, RunEnd};
use shared::events::{self, Event};
use shared::jobs::pipeline::RunDossierRules;
use uuid::Uuid;

use super::JobContext;
use super::pipeline::{Exclusive, Recorded, exclusively};
use crate::metrics::RuleKind;
use worker::rules::RuleInput;

pub async fn run(job: RunDossierRules, context: Data<JobContext>) -> Result<(), BoxDynError> {
    let dossier_id = job.dossier_id;
    exclusively(&context, Exclusive::DossierRules, dossier_id, || {
        run_exclusively(job, &context)
    })
    .await
}

async fn run_exclusively(job: RunDossierRules, context: &JobContext) -> Result<(), BoxDynError> {
    let RunDossierRules {
        dossier_id,
        run_id,
        scope,
    } = job;
    let mut conn = context.db.get().await?;
    let Some(armed) = pipeline::arm_executions(&mut conn, dossier_id, run_id, &scope).await? else {
        tracing::info!(%dossier_id, %run_id, "dossier rules run replaced by a newer one");
        return Ok(());
    };
    let metas = pipeline::dossier_metas(&mut conn, dossier_id).await?;
    drop(conn);

    let total = armed.len();
    for execution in armed {
        let runtime = context.rules.clone();
        let input = serde_json::to_vec(&json!({ "metas": &metas, "input": &execution.input }))?;
        let (code, helper) = (execution.code.clone(), execution.helper.clone());
        let outcome = tokio::task::spawn_blocking(move || {
            runtime.run(
                &code,
                helper.as_deref(),
                &RuleInput::json(&input),
                &runtime.limits(),
            )
        })
        .await?;
        context.metrics.rule_executed(RuleKind::Dossier, &outcome);
        let Recorded {
            result,
            error,
            errors,
            logs,
        } = Recorded::of(&outcome);
        let log = NewDossierRuleExecutionLog {
            id: Uuid::now_v7(),
            dossier_id,
            execution_id: Some(execution.id),
            rule_id: execution.rule_id,
            rule_name: execution.rule_name,
            platform: Platform::Backend,
            result: result.clone(),
            code: execution.code,
            metas: metas.clone(),
            input: execution.input,
            logs,
            errors,
        };
        let mut conn = context.db.get().await?;
        if !pipeline::record_execution(&mut conn, execution.id, run_id, result, error, log).await? {
            // Its execution is gone: the dossier was deleted (or a newer run replaced this
            // one). The rest of the run would be work for nobody.
            tracing::info!(%dossier_id, %run_id, "dossier rules run stopped: dossier deleted or run replaced");
            return Ok(());
        }
    }

    let mut conn = context.db.get().await?;
    let end = pipeline::finish_rules_run(&mut conn, dossier_id, run_id).await?;
    drop(conn);
    tracing::info!(%dossier_id, %run_id, executions = total, ?end, "dossier rules run");
    if end == RunEnd::Aggregated {
        events::notify(
            &context.redis,
            Event::dossier(dossier_id, DossierState::Processed),
        )
        .await;
    }
    Ok(())
}
