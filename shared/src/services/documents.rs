//! Documents: running their rules again (all, or one), replacing their tags, deleting them —
//! each with its audit entry in its transaction.
//!
//! Every operation locks the document's dossier, then the document — the order the pipeline
//! takes them in (`advance_dossier` and the runs of dossier rules lock the dossier;
//! `record_document_rules`, `mark_extracted` and `mark_document_failed` write the document) —
//! and checks the document's state under those locks: an answer never rests on a state an
//! in-flight transition is changing, and a deletion never lands in the middle of a
//! transition of its dossier.

use diesel_async::{AsyncConnection, AsyncPgConnection};
use serde_json::{Map, Value};
use uuid::Uuid;

use super::{ErrorKind, ServiceError};
use crate::db::models::DocumentState;
use crate::db::models::dossiers::Document;
use crate::db::repo::audit::{self, Actor, Entry};
use crate::db::repo::documents::{self as repo, DocumentView};
use crate::db::repo::pipeline::{find_document, lock_document, lock_dossier};
use crate::db::repo::rules::find_document_rule;
use crate::db::{DbError, Pool};
use crate::jobs::outbox;
use crate::jobs::pipeline::RunDocumentRules;
use crate::messages::{self, Message};
use crate::storage::Storage;

/// Why a document operation was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    /// No such document (→ `NOT_FOUND`).
    #[error("{}", self.message())]
    NotFound,
    /// No such rule (→ `NOT_FOUND`).
    #[error("{}", self.message())]
    RuleNotFound(Uuid),
    /// The rule is not of the document's type (→ `BAD_USER_INPUT` on `ruleId`).
    #[error("{}", self.message())]
    RuleOfAnotherType,
    /// The document's state refuses the operation (→ `CONFLICT`).
    #[error("{0}")]
    Conflict(Message),
    /// The document could not be extracted, for the reason it recorded (→ `CONFLICT`).
    #[error("{}", self.message())]
    NotExtracted(Option<String>),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("a document transaction failed: {0}")]
    Transaction(#[from] diesel::result::Error),
}

impl ServiceError for DocumentError {
    fn kind(&self) -> ErrorKind {
        match self {
            Self::NotFound | Self::RuleNotFound(_) => ErrorKind::NotFound,
            Self::RuleOfAnotherType => ErrorKind::Invalid { field: "ruleId" },
            Self::Conflict(_) | Self::NotExtracted(_) => ErrorKind::Conflict,
            Self::Db(_) | Self::Transaction(_) => ErrorKind::Internal,
        }
    }

    fn message(&self) -> Message {
        match self {
            Self::NotFound => messages::document_not_found(),
            Self::RuleNotFound(id) => messages::rule_not_found(id),
            Self::RuleOfAnotherType => messages::rule_of_another_type(),
            Self::Conflict(message) => message.clone(),
            Self::NotExtracted(Some(reason)) => messages::not_extracted(reason),
            Self::NotExtracted(None) => messages::not_extracted_unknown(),
            Self::Db(_) | Self::Transaction(_) => messages::internal_error(),
        }
    }
}

/// The document's row, locked with its dossier's (dossier first) until the end of the
/// transaction.
async fn locked(
    conn: &mut AsyncPgConnection,
    document_id: Uuid,
) -> Result<Document, DocumentError> {
    // A document never changes dossier: its unlocked row names the dossier to lock.
    let document = find_document(conn, document_id)
        .await?
        .ok_or(DocumentError::NotFound)?;
    lock_dossier(conn, document.dossier_id)
        .await?
        .ok_or(DocumentError::NotFound)?;
    lock_document(conn, document_id)
        .await?
        .ok_or(DocumentError::NotFound)
}

/// Why the rules of `document` cannot run now, if they cannot: only a processed document's
/// rules run again (an extracted one's are running in the pipeline).
fn refuse_rules(document: &Document) -> Result<(), DocumentError> {
    match document.state {
        DocumentState::Processed => Ok(()),
        DocumentState::Uploaded => Err(DocumentError::Conflict(messages::rules_after_extraction())),
        DocumentState::Extracted => Err(DocumentError::Conflict(messages::rules_running())),
        DocumentState::CannotProcess => Err(DocumentError::NotExtracted(document.error.clone())),
    }
}

/// `runDocumentRules` (`rule_id` `None`: the active rules of its type) and `runDocumentRule`
/// (just `rule_id`, which must be of the document's type): enqueues a rerun of a processed
/// document's rules.
pub async fn request_rules_run(
    pool: &Pool,
    document_id: Uuid,
    rule_id: Option<Uuid>,
    actor: &Actor,
) -> Result<(), DocumentError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let document = locked(conn, document_id).await?;
        if let Some(rule_id) = rule_id {
            let rule = find_document_rule(conn, rule_id)
                .await?
                .ok_or(DocumentError::RuleNotFound(rule_id))?;
            if Some(rule.rule.document_type_id) != document.document_type_id {
                return Err(DocumentError::RuleOfAnotherType);
            }
        }
        refuse_rules(&document)?;
        outbox::enqueue(
            conn,
            &RunDocumentRules {
                document_id,
                dossier_id: Some(document.dossier_id),
                rule_id,
                rerun: true,
            },
        )
        .await?;
        let target_id = document_id.to_string();
        let entry = Entry {
            action: "document.rules_run",
            target_type: "document",
            target_id: &target_id,
            details: serde_json::json!({ "dossierId": document.dossier_id, "ruleId": rule_id }),
        };
        Ok(audit::record(conn, Some(actor), entry).await?)
    })
    .await
}

/// `replaceDocumentMetas`: replaces the document's tags with `metas` and records it in its
/// history; returns the document as it is now.
pub async fn replace_metas(
    pool: &Pool,
    document_id: Uuid,
    metas: &Map<String, Value>,
    actor: &Actor,
) -> Result<DocumentView, DocumentError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        locked(conn, document_id).await?;
        repo::replace_metas(conn, document_id, metas, Some(actor))
            .await?
            .ok_or(DocumentError::NotFound)?;
        repo::find_document_view(conn, document_id)
            .await?
            .ok_or(DocumentError::NotFound)
    })
    .await
}

/// `deleteDocument`: deletes the document with its history and rule logs (and the audit
/// entry), refused while the pipeline is still extracting or running it; then removes its
/// stored files — a file that cannot be removed is logged, the deletion stands.
pub async fn delete(
    pool: &Pool,
    storage: &Storage,
    document_id: Uuid,
    actor: &Actor,
) -> Result<(), DocumentError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let row = conn
        .transaction(async |conn| {
            let document = locked(conn, document_id).await?;
            if matches!(
                document.state,
                DocumentState::Uploaded | DocumentState::Extracted
            ) {
                return Err(DocumentError::Conflict(messages::delete_in_progress()));
            }
            repo::delete_document(conn, document_id, Some(actor))
                .await?
                .ok_or(DocumentError::NotFound)
        })
        .await?;
    drop(conn);
    let mut keys = vec![row.pdf_key.clone()];
    for key in [
        &row.raw_text_key,
        &row.text_with_geometry_key,
        &row.tables_key,
    ]
    .into_iter()
    .flatten()
    {
        if !keys.contains(key) {
            keys.push(key.clone());
        }
    }
    for key in keys {
        if let Err(error) = storage.delete(&key).await {
            tracing::error!(
                %document_id,
                key,
                error = format!("{:#}", anyhow::Error::from(error)),
                "document deleted but a stored file was not removed"
            );
        }
    }
    Ok(())
}
