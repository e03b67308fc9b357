//! `what-if`: runs unsaved document-rule code over the latest documents of the rule's type and
//! keeps the documents whose outcome would change against their last recorded execution
//! (`shared::db::repo::what_if`). Progress is written every batch, which is also where a
//! cancellation is seen. Nothing of the documents changes, and nothing is logged as their
//! execution.

use std::sync::Arc;

use apalis::prelude::{BoxDynError, Data};
use futures::StreamExt;
use serde_json::json;
use shared::db::models::rules::{WhatIfChange, WhatIfRun};
use shared::db::repo::playground::data_tables_by_name;
use shared::db::repo::what_if::{self as repo, Candidate};
use shared::jobs::what_if::WhatIfJob;
use shared::rules::playground::{document_input, input_prefix};
use shared::rules::what_if::{Outcome, changes};
use std::collections::HashMap;
use uuid::Uuid;

use super::JobContext;
use super::pipeline::{checked_result, recorded_errors};

/// Documents between two progress writes (and cancellation checks).
const BATCH: usize = 20;

pub async fn run(job: WhatIfJob, context: Data<JobContext>) -> Result<(), BoxDynError> {
    let mut conn = context.db.get().await?;
    let Some((run, candidates, previous)) = repo::start(&mut conn, job.run_id).await? else {
        return Ok(());
    };
    drop(conn);
    let outcome = go_through(&context, &run, candidates, previous.into_iter().collect()).await;
    let mut conn = context.db.get().await?;
    match outcome {
        Ok(()) => repo::finish(&mut conn, run.id, None).await?,
        Err(error) => {
            tracing::warn!(run = %run.id, %error, "what-if run failed");
            repo::finish(&mut conn, run.id, Some(error.to_string())).await?;
        }
    }
    Ok(())
}

async fn go_through(
    context: &JobContext,
    run: &WhatIfRun,
    candidates: Vec<Candidate>,
    previous: HashMap<Uuid, Outcome>,
) -> Result<(), BoxDynError> {
    let mut conn = context.db.get().await?;
    let data_tables = Arc::new(data_tables_by_name(&mut conn, &run.data_tables).await?);
    drop(conn);
    // As many documents at once as the machine has cores: each execution is CPU work.
    let parallel = std::thread::available_parallelism().map_or(2, |n| n.get());
    for batch in candidates.chunks(BATCH) {
        let outcomes: Vec<(Candidate, Outcome)> = futures::stream::iter(batch.iter().cloned())
            .map(|candidate| {
                let data_tables = data_tables.clone();
                async move {
                    let outcome = try_on(context, run, &candidate, data_tables).await;
                    (candidate, outcome)
                }
            })
            .buffered(parallel)
            .collect()
            .await;
        let found: Vec<WhatIfChange> = outcomes
            .into_iter()
            .filter_map(|(candidate, after)| {
                let before = previous.get(&candidate.id);
                let kinds = changes(before, &after);
                (!kinds.is_empty()).then(|| WhatIfChange {
                    run_id: run.id,
                    document_id: candidate.id,
                    document_name: candidate.name,
                    dossier_id: candidate.dossier_id,
                    changes: kinds.into_iter().map(str::to_owned).collect(),
                    before: before.map(|b| json!(b)),
                    after: json!(after),
                })
            })
            .collect();
        let mut conn = context.db.get().await?;
        if !repo::record_progress(&mut conn, run.id, batch.len() as i32, &found).await? {
            tracing::info!(run = %run.id, "what-if run cancelled");
            return Ok(());
        }
    }
    Ok(())
}

/// The outcome of the run's code on one document; a document whose extraction cannot be read
/// gets an outcome with that error (it shows as a change, never as a lost document).
async fn try_on(
    context: &JobContext,
    run: &WhatIfRun,
    candidate: &Candidate,
    data_tables: Arc<serde_json::Map<String, serde_json::Value>>,
) -> Outcome {
    let Some(key) = &candidate.raw_text_key else {
        return Outcome::of(None, &["il documento non ha un'estrazione".to_owned()]);
    };
    let extraction = match context.storage.get(key).await {
        Ok(bytes) => bytes,
        Err(error) => {
            return Outcome::of(None, &[format!("estrazione non leggibile: {error}")]);
        }
    };
    let runtime = context.rules.clone();
    let (code, helper) = (run.code.clone(), run.helper.clone());
    let executed = tokio::task::spawn_blocking(move || {
        let prefix =
            input_prefix(&extraction).map_err(|e| format!("estrazione non valida: {e}"))?;
        let input = document_input(&prefix, &data_tables);
        Ok::<_, String>(runtime.run(&code, helper.as_deref(), &input, &runtime.limits()))
    })
    .await;
    match executed {
        Ok(Ok(execution)) => {
            let (result, error) = checked_result(&execution);
            Outcome::of(result.as_ref(), &recorded_errors(&execution, error))
        }
        Ok(Err(message)) => Outcome::of(None, &[message]),
        Err(error) => Outcome::of(None, &[format!("esecuzione interrotta: {error}")]),
    }
}
