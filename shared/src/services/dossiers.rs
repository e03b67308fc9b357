//! Dossiers: what became of one, for the client that imported it (`GET /dossiers/{id}`);
//! running their rules again, fixing their metas, sending their callback again, deleting them
//! — each with its audit entry in its transaction (`dossier.rules_run`, `dossier.fix_metas`,
//! `dossier.callback_resend`, `dossier.delete`).

use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::db::models::DossierState;
use crate::db::models::dossiers::Dossier;
use crate::db::repo::audit::{self, Actor, Entry};
use crate::db::repo::dossiers::documents_in_progress;
use crate::db::repo::pipeline::{self, lock_dossier, start_rules_run};
use crate::db::schema::{dossier_types, dossiers};
use crate::db::{DbError, Pool, QueryContext};
use crate::jobs::outbox;
use crate::jobs::pipeline::{DossierRulesScope, SendCallback};
use crate::messages::{self, Message};
use crate::pipeline::metas::MetasCheck;
use crate::storage::{Storage, keys};

/// Which dossiers a caller may read through `GET /dossiers/{id}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Readable<'a> {
    /// Every dossier (the `dossiers` permission).
    All,
    /// Only those imported by this subject (`importDossier` alone: an importing system asking
    /// what became of its own imports).
    ImportedBy(&'a str),
}

/// The dossier `id` and its dossier type's name, if it exists and `readable` covers it — else
/// `None`, as if it did not exist: a client learns nothing of others' dossiers.
pub async fn readable(
    pool: &Pool,
    id: Uuid,
    readable: Readable<'_>,
) -> Result<Option<(Dossier, String)>, DbError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let mut query = dossiers::table
        .inner_join(dossier_types::table)
        .filter(dossiers::id.eq(id))
        .select((Dossier::as_select(), dossier_types::name))
        .into_boxed();
    if let Readable::ImportedBy(subject) = readable {
        query = query.filter(dossiers::imported_by.eq(subject));
    }
    query
        .first(&mut conn)
        .await
        .optional()
        .context("reading a dossier for its importer")
}

/// Why a dossier operation was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum DossierError {
    /// No such dossier (→ `NOT_FOUND`).
    #[error("{}", messages::dossier_not_found())]
    NotFound,
    /// The dossier's state refuses the operation (→ `CONFLICT`).
    #[error("{0}")]
    Conflict(Message),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("a dossier transaction failed: {0}")]
    Transaction(#[from] diesel::result::Error),
}

impl super::ServiceError for DossierError {
    fn kind(&self) -> super::ErrorKind {
        match self {
            Self::NotFound => super::ErrorKind::NotFound,
            Self::Conflict(_) => super::ErrorKind::Conflict,
            Self::Db(_) | Self::Transaction(_) => super::ErrorKind::Internal,
        }
    }

    fn message(&self) -> Message {
        match self {
            Self::NotFound => messages::dossier_not_found(),
            Self::Conflict(message) => message.clone(),
            Self::Db(_) | Self::Transaction(_) => messages::internal_error(),
        }
    }
}

/// The audit entry of an operation on dossier `dossier_id`.
async fn record(
    conn: &mut AsyncPgConnection,
    actor: &Actor,
    action: &'static str,
    dossier_id: Uuid,
    details: serde_json::Value,
) -> Result<(), DossierError> {
    let target_id = dossier_id.to_string();
    let entry = Entry {
        action,
        target_type: "dossier",
        target_id: &target_id,
        details,
    };
    Ok(audit::record(conn, Some(actor), entry).await?)
}

/// The dossier's row, locked until the end of the transaction.
async fn locked(conn: &mut AsyncPgConnection, dossier_id: Uuid) -> Result<Dossier, DossierError> {
    lock_dossier(conn, dossier_id)
        .await?
        .ok_or(DossierError::NotFound)
}

/// `runDossierRules` and its narrower forms: starts a new run of the dossier's rules in
/// `scope` (the dossier goes back to `processing`) and enqueues it; returns the run's id.
/// Refused while the pipeline has not reached the rules yet — the import not done (the
/// dossier `processing` without a run), or a document still being extracted or run — checked
/// under the dossier's lock, which the pipeline's transitions take too.
pub async fn request_rules_run(
    pool: &Pool,
    dossier_id: Uuid,
    scope: DossierRulesScope,
    actor: &Actor,
) -> Result<Uuid, DossierError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let dossier = locked(conn, dossier_id).await?;
        let importing = dossier.state == DossierState::Processing && dossier.rules_run_id.is_none();
        if importing || documents_in_progress(conn, dossier_id).await? > 0 {
            return Err(DossierError::Conflict(messages::documents_in_progress()));
        }
        let mut details = serde_json::json!({ "scope": &scope });
        let run_id = start_rules_run(conn, dossier_id, scope).await?;
        details["runId"] = run_id.to_string().into();
        record(conn, actor, "dossier.rules_run", dossier_id, details).await?;
        Ok(run_id)
    })
    .await
}

/// `fixMetas`: writes each chosen value to every processed document of the dossier; when the
/// dossier waited in `conflicts` and its metas now agree, starts and enqueues its rules.
/// Returns the new check and whether a run started.
pub async fn fix_metas(
    pool: &Pool,
    dossier_id: Uuid,
    fixes: &[(String, String)],
    actor: &Actor,
) -> Result<(MetasCheck, bool), DossierError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let dossier = locked(conn, dossier_id).await?;
        let check = pipeline::fix_metas(conn, &dossier, fixes).await?;
        let started = check.valid && dossier.state == DossierState::Conflicts;
        if started {
            start_rules_run(conn, dossier_id, DossierRulesScope::All).await?;
        }
        let fixed: serde_json::Map<String, serde_json::Value> = fixes
            .iter()
            .map(|(name, value)| (name.clone(), value.clone().into()))
            .collect();
        let details = serde_json::json!({ "metas": fixed, "rulesStarted": started });
        record(conn, actor, "dossier.fix_metas", dossier_id, details).await?;
        Ok((check, started))
    })
    .await
}

/// `resendDossierCallback`: enqueues the callback of a processed dossier again.
pub async fn resend_callback(
    pool: &Pool,
    dossier_id: Uuid,
    actor: &Actor,
) -> Result<(), DossierError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let dossier = locked(conn, dossier_id).await?;
        if dossier.callback_url.is_none() {
            return Err(DossierError::Conflict(messages::no_callback_url()));
        }
        if dossier.state != DossierState::Processed {
            return Err(DossierError::Conflict(messages::nothing_to_send()));
        }
        outbox::enqueue(
            conn,
            &SendCallback {
                dossier_id,
                resend: true,
            },
        )
        .await?;
        let details = serde_json::json!({ "url": dossier.callback_url });
        record(conn, actor, "dossier.callback_resend", dossier_id, details).await
    })
    .await
}

/// `deleteDossier`: deletes the dossier — its documents, logs, callbacks and rule records go
/// with it (ON DELETE CASCADE) — with its audit entry in the same transaction, then its stored
/// files. The rows gone, files left behind by a storage failure are unreachable garbage, not a
/// broken dossier: logged, and the deletion still succeeds.
pub async fn delete(
    pool: &Pool,
    storage: &Storage,
    dossier_id: Uuid,
    actor: &Actor,
) -> Result<(), DossierError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| -> Result<(), DossierError> {
        let deleted: Dossier = diesel::delete(dossiers::table.find(dossier_id))
            .returning(Dossier::as_returning())
            .get_result(conn)
            .await
            .optional()
            .context("deleting a dossier")?
            .ok_or(DossierError::NotFound)?;
        let details = serde_json::json!({
            "description": deleted.description,
            "state": deleted.state,
        });
        record(conn, actor, "dossier.delete", dossier_id, details).await
    })
    .await?;
    drop(conn);
    match storage
        .delete_prefix(&keys::dossier_prefix(dossier_id))
        .await
    {
        Ok(files) => tracing::info!(%dossier_id, files, "dossier deleted"),
        Err(error) => tracing::error!(
            %dossier_id,
            error = %crate::telemetry::error_chain(&error),
            "dossier deleted but its stored files were not all removed"
        ),
    }
    Ok(())
}
