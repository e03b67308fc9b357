//! `what-if`: runs unsaved rule code over past items — the latest documents of a document
//! rule's type, or the input items of the latest dossiers for a dossier rule — and keeps the
//! items whose outcome would change against their last recorded execution
//! (`shared::db::repo::what_if`). Progress is written every batch, which is also where a
//! cancellation is seen. Nothing of the documents or dossiers changes, and nothing is logged as
//! their execution.

use std::collections::HashMap;
use std::sync::Arc;

use apalis::prelude::{BoxDynError, Data};
use futures::StreamExt;
use serde_json::{Map, Value, json};
use shared::db::models::rules::{WhatIfChange, WhatIfRun};
use shared::db::repo::pipeline::dossier_metas;
use shared::db::repo::playground::data_tables_by_name;
use shared::db::repo::what_if::{self as repo, Candidate, ItemKey};
use shared::jobs::what_if::WhatIfJob;
use shared::messages;
use shared::rules::playground::DocumentInput;
use shared::rules::what_if::{Outcome, changes};
use uuid::Uuid;

use super::JobContext;
use super::pipeline::Recorded;
use worker::rules::RuleInput;

/// Items between two progress writes (and cancellation checks).
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
            repo::finish(&mut conn, run.id, Some(&messages::job_internal(error))).await?;
        }
    }
    Ok(())
}

/// What every execution of a run shares: the data tables of a document rule, and the metas of
/// the dossiers of the current batch for a dossier rule.
struct Inputs {
    data_tables: Arc<Map<String, Value>>,
    metas: HashMap<Uuid, Arc<Value>>,
}

async fn go_through(
    context: &JobContext,
    run: &WhatIfRun,
    candidates: Vec<Candidate>,
    previous: HashMap<ItemKey, Outcome>,
) -> Result<(), BoxDynError> {
    let mut conn = context.db.get().await?;
    let mut inputs = Inputs {
        data_tables: Arc::new(data_tables_by_name(&mut conn, &run.data_tables).await?),
        metas: HashMap::new(),
    };
    drop(conn);
    // As many items at once as the machine has cores: each execution is CPU work.
    let parallel = std::thread::available_parallelism().map_or(2, |n| n.get());
    for batch in candidates.chunks(BATCH) {
        load_metas(context, batch, &mut inputs.metas).await?;
        let outcomes: Vec<(Candidate, Outcome)> = futures::stream::iter(batch.iter().cloned())
            .map(|candidate| {
                let source = inputs.source_of(&candidate);
                async move {
                    let outcome = try_on(context, run, source).await;
                    (candidate, outcome)
                }
            })
            .buffered(parallel)
            .collect()
            .await;
        let found: Vec<WhatIfChange> = outcomes
            .into_iter()
            .filter_map(|(candidate, after)| {
                let before = previous.get(&candidate.key());
                let kinds = changes(before, &after);
                (!kinds.is_empty()).then(|| {
                    candidate.change(
                        run.id,
                        kinds.into_iter().map(str::to_owned).collect(),
                        before.map(|b| json!(b)),
                        json!(after),
                    )
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

/// The metas of the dossiers of `batch` (as the pipeline gives them to a dossier rule), keeping
/// only those: a batch's items come from one dossier or a few consecutive ones.
async fn load_metas(
    context: &JobContext,
    batch: &[Candidate],
    metas: &mut HashMap<Uuid, Arc<Value>>,
) -> Result<(), BoxDynError> {
    let dossiers: Vec<Uuid> = batch
        .iter()
        .filter_map(|c| match c {
            Candidate::DossierItem { dossier_id, .. } => Some(*dossier_id),
            Candidate::Document { .. } => None,
        })
        .collect();
    metas.retain(|id, _| dossiers.contains(id));
    for id in dossiers {
        if let std::collections::hash_map::Entry::Vacant(entry) = metas.entry(id) {
            let mut conn = context.db.get().await?;
            entry.insert(Arc::new(dossier_metas(&mut conn, id).await?));
        }
    }
    Ok(())
}

impl Inputs {
    /// What `candidate`'s input is built from.
    fn source_of(&self, candidate: &Candidate) -> Source {
        match candidate {
            Candidate::Document { raw_text_key, .. } => Source::Document {
                raw_text_key: raw_text_key.clone(),
                data_tables: self.data_tables.clone(),
            },
            Candidate::DossierItem {
                dossier_id, item, ..
            } => Source::DossierItem {
                metas: self.metas.get(dossier_id).cloned().unwrap_or_default(),
                item: item.clone(),
            },
        }
    }
}

/// What one item's input is built from, before its extraction is read.
enum Source {
    Document {
        raw_text_key: Option<String>,
        data_tables: Arc<Map<String, Value>>,
    },
    DossierItem {
        metas: Arc<Value>,
        item: Value,
    },
}

/// The outcome of the run's code on one item; an item whose input cannot be built gets an
/// outcome with that error (it shows as a change, never as a lost item).
async fn try_on(context: &JobContext, run: &WhatIfRun, source: Source) -> Outcome {
    let input = match source {
        Source::Document {
            raw_text_key,
            data_tables,
        } => {
            let Some(key) = raw_text_key else {
                return Outcome::of(None, &["il documento non ha un'estrazione".to_owned()]);
            };
            match context.storage.get(&key).await {
                Ok(extraction) => InputOf::Document {
                    extraction,
                    data_tables,
                },
                Err(error) => {
                    return Outcome::of(None, &[format!("estrazione non leggibile: {error}")]);
                }
            }
        }
        Source::DossierItem { metas, item } => InputOf::DossierItem { metas, item },
    };
    let runtime = context.rules.clone();
    let (code, helper) = (run.code.clone(), run.helper.clone());
    let executed = tokio::task::spawn_blocking(move || {
        let input = input.build()?;
        Ok::<_, String>(runtime.run(&code, helper.as_deref(), &input, &runtime.limits()))
    })
    .await;
    match executed {
        Ok(Ok(execution)) => {
            let recorded = Recorded::of(&execution);
            Outcome::of(recorded.result.as_ref(), &recorded.errors)
        }
        Ok(Err(message)) => Outcome::of(None, &[message]),
        Err(error) => Outcome::of(None, &[format!("esecuzione interrotta: {error}")]),
    }
}

/// What a rule's input is built from, off the async threads (a document's extraction can be
/// megabytes of JSON).
enum InputOf {
    Document {
        extraction: bytes::Bytes,
        data_tables: Arc<Map<String, Value>>,
    },
    DossierItem {
        metas: Arc<Value>,
        item: Value,
    },
}

impl InputOf {
    /// The input as the pipeline gives it to the rule.
    fn build(self) -> Result<RuleInput, String> {
        match self {
            InputOf::Document {
                extraction,
                data_tables,
            } => {
                let document = DocumentInput::from_extraction(&extraction)
                    .map_err(|e| format!("estrazione non valida: {e}"))?;
                Ok(RuleInput::document(document).with_data_tables(&data_tables))
            }
            InputOf::DossierItem { metas, item } => {
                serde_json::to_vec(&json!({ "metas": &*metas, "input": item }))
                    .map(|json| RuleInput::json(&json))
                    .map_err(|e| format!("input non valido: {e}"))
            }
        }
    }
}
