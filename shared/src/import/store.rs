//! The rows an import writes: the dossier (API) and its documents with their first log entry
//! (the `import` job). Document and log ids are derived from the dossier id and the entry's
//! path (UUID v5), and every insert is `ON CONFLICT DO NOTHING`, so a job delivered twice
//! leaves the same rows as one delivery.

use std::collections::HashMap;

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use crate::db::models::dossiers::{Dossier, NewDocumentLog};
use crate::db::models::{DocumentState, DossierState};
use crate::db::schema::{
    document_logs, document_types, documents, dossier_types, dossiers, import_idempotency_keys,
};
use crate::db::{DbResult, QueryContext};
use crate::jobs::outbox;
use crate::jobs::pipeline::{ExtractDocument, NotifyCannotProcess};
use crate::messages::{self, Message};

/// A dossier created by `POST /import_dossier`.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = dossiers, check_for_backend(diesel::pg::Pg))]
pub struct NewImportedDossier {
    pub id: Uuid,
    pub state: DossierState,
    pub dossier_type_id: i64,
    pub id_valutazione: String,
    /// A JSON list (CHECK `dossiers_input_check`).
    pub input: serde_json::Value,
    pub callback_url: Option<String>,
    pub archive_key: Option<String>,
    /// `[{nomeFile, tipoDocumento}]` (CHECK `dossiers_files_check`).
    pub files: serde_json::Value,
    /// The caller's e-mail: its OCR pages count against that user's budget.
    pub imported_by: Option<String>,
}

/// A document created by the `import` job.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = documents, check_for_backend(diesel::pg::Pg))]
pub struct NewImportedDocument {
    pub id: Uuid,
    pub dossier_id: Uuid,
    pub name: String,
    pub document_type_id: Option<i64>,
    pub state: DocumentState,
    pub pdf_key: String,
    pub error: Option<String>,
    /// The message `error` was made from (`Message::to_json`).
    pub error_message: Option<Value>,
}

impl NewImportedDocument {
    /// The document cannot be processed, for `why`.
    pub fn cannot_process(mut self, why: &Message) -> Self {
        self.state = DocumentState::CannotProcess;
        self.error = Some(why.italian());
        self.error_message = Some(why.to_json());
        self
    }
}

/// The id of the document an import makes of the archive entry `path` of `dossier_id`.
pub fn document_id(dossier_id: Uuid, path: &str) -> Uuid {
    Uuid::new_v5(&dossier_id, path.as_bytes())
}

/// The id of the log entry `event` of a document that happens once in its life.
pub fn once_log_id(document_id: Uuid, event: &str) -> Uuid {
    Uuid::new_v5(&document_id, event.as_bytes())
}

/// The id of the dossier type `name`, created if it does not exist (an unknown
/// `tipoContratto` is created on first use).
pub async fn dossier_type_id(conn: &mut AsyncPgConnection, name: &str) -> DbResult<i64> {
    diesel::insert_into(dossier_types::table)
        .values(dossier_types::name.eq(name))
        .on_conflict(dossier_types::name)
        .do_nothing()
        .execute(conn)
        .await
        .context("creating the dossier type of an import")?;
    dossier_types::table
        .filter(dossier_types::name.eq(name))
        .select(dossier_types::id)
        .first(conn)
        .await
        .context("finding the dossier type of an import")
}

/// The ids of the document types among `names` that exist, by name.
pub async fn document_type_ids(
    conn: &mut AsyncPgConnection,
    names: &[String],
) -> DbResult<HashMap<String, i64>> {
    if names.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(String, i64)> = document_types::table
        .filter(document_types::name.eq_any(names))
        .select((document_types::name, document_types::id))
        .load(conn)
        .await
        .context("finding the document types of an import")?;
    Ok(rows.into_iter().collect())
}

pub async fn insert_dossier(
    conn: &mut AsyncPgConnection,
    dossier: &NewImportedDossier,
) -> DbResult<()> {
    diesel::insert_into(dossiers::table)
        .values(dossier)
        .execute(conn)
        .await
        .map(drop)
        .context("creating an imported dossier")
}

/// The dossier an import made for `caller` with the idempotency key `key`, and the hash of
/// that import's body.
pub async fn idempotent_import(
    conn: &mut AsyncPgConnection,
    caller: &str,
    key: &str,
) -> DbResult<Option<(Uuid, Vec<u8>)>> {
    import_idempotency_keys::table
        .find((caller, key))
        .select((
            import_idempotency_keys::dossier_id,
            import_idempotency_keys::request_hash,
        ))
        .first(conn)
        .await
        .optional()
        .context("looking up an import's idempotency key")
}

/// Records that `caller`'s import with idempotency key `key` and body hash `request_hash`
/// made dossier `dossier_id`; `false` when the key was taken meanwhile (a concurrent request
/// with it committed first: this insert waits for its transaction, then finds its row).
pub async fn claim_idempotency_key(
    conn: &mut AsyncPgConnection,
    caller: &str,
    key: &str,
    request_hash: &[u8],
    dossier_id: Uuid,
) -> DbResult<bool> {
    let inserted = diesel::insert_into(import_idempotency_keys::table)
        .values((
            import_idempotency_keys::caller.eq(caller),
            import_idempotency_keys::key.eq(key),
            import_idempotency_keys::request_hash.eq(request_hash),
            import_idempotency_keys::dossier_id.eq(dossier_id),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .context("recording an import's idempotency key")?;
    Ok(inserted == 1)
}

/// Forgets up to `batch` idempotency keys recorded before `before`.
pub async fn forget_idempotency_keys(
    conn: &mut AsyncPgConnection,
    before: chrono::DateTime<chrono::Utc>,
    batch: i64,
) -> DbResult<usize> {
    diesel::sql_query(
        "DELETE FROM import_idempotency_keys WHERE ctid IN \
         (SELECT ctid FROM import_idempotency_keys WHERE created_at < $1 LIMIT $2)",
    )
    .bind::<diesel::sql_types::Timestamptz, _>(before)
    .bind::<diesel::sql_types::BigInt, _>(batch)
    .execute(conn)
    .await
    .context("forgetting old idempotency keys")
}

/// Who imported dossier `id` (`None`: gone, or imported before the column existed).
pub async fn importer(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<String>> {
    Ok(dossiers::table
        .find(id)
        .select(dossiers::imported_by)
        .first::<Option<String>>(conn)
        .await
        .optional()
        .context("reading who imported a dossier")?
        .flatten())
}

pub async fn find_dossier(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<Dossier>> {
    dossiers::table
        .find(id)
        .select(Dossier::as_select())
        .first(conn)
        .await
        .optional()
        .context("reading the dossier to import")
}

/// Inserts the documents of an import, in one transaction: each unless it exists, with its
/// `importato` log entry and, for a PDF to read, its extraction job. One transaction, so that
/// no document is extracted (and its dossier moved on) before its siblings exist. Returns how
/// many were new (a repeated delivery of the import finds them all).
pub async fn insert_documents(
    conn: &mut AsyncPgConnection,
    documents: &[NewImportedDocument],
) -> DbResult<usize> {
    use diesel_async::AsyncConnection;

    conn.transaction(async |conn| -> DbResult<usize> {
        let mut created = 0;
        for document in documents {
            let inserted = diesel::insert_into(documents::table)
                .values(document)
                .on_conflict(documents::id)
                .do_nothing()
                .execute(conn)
                .await
                .context("creating an imported document")?;
            let imported = messages::event_imported();
            diesel::insert_into(document_logs::table)
                .values(NewDocumentLog::new(
                    once_log_id(document.id, &imported.italian()),
                    document.id,
                    &imported,
                ))
                .on_conflict(document_logs::id)
                .do_nothing()
                .execute(conn)
                .await
                .context("logging an imported document")?;
            if inserted == 1 && document.state == DocumentState::Uploaded {
                outbox::enqueue(
                    conn,
                    &ExtractDocument {
                        document_id: document.id,
                        dossier_id: Some(document.dossier_id),
                    },
                )
                .await?;
            }
            created += inserted;
        }
        Ok(created)
    })
    .await
}

/// Moves a dossier that is still `processing` to `cannot process` with `error`, enqueueing the
/// e-mail to its notification receivers; returns whether it moved.
pub async fn dossier_cannot_process(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
    error: &Message,
) -> DbResult<bool> {
    use diesel_async::AsyncConnection;

    conn.transaction(async |conn| -> DbResult<bool> {
        let updated = diesel::update(
            dossiers::table
                .find(dossier_id)
                .filter(dossiers::state.eq(DossierState::Processing)),
        )
        .set((
            dossiers::state.eq(DossierState::CannotProcess),
            dossiers::error.eq(error.italian()),
            dossiers::error_message.eq(error.to_json()),
        ))
        .execute(conn)
        .await
        .context("marking a dossier that cannot be imported")?;
        if updated == 1 {
            outbox::enqueue(conn, &NotifyCannotProcess { dossier_id }).await?;
        }
        Ok(updated == 1)
    })
    .await
}
