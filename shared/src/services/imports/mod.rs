//! Imports: `POST /import_dossier` (docs/domain.md#the-import-request), the part answered at once.
//!
//! The request is checked ([`crate::import::check_request`]: base64, the zip's central
//! directory against the limits, listed files, input, callback URL; then the document types
//! it names exist), the archive is stored, and the dossier row (`processing`, its dossier type
//! created on first use) and its `import` job (in the outbox) are written in one transaction;
//! the job unpacks the archive. A refused or failed import leaves nothing behind: no row and
//! no stored archive.
//!
//! With an `Idempotency-Key` ([`Idempotency`]) the dossier is recorded under the caller's key in
//! the same transaction: a retry with the same key and body answers the same dossier
//! ([`Imported::Replayed`]) and creates nothing, the same key with another body is refused
//! ([`ImportDossierError::IdempotencyKeyReused`]), and of concurrent requests with one key the
//! first to commit wins — the others wait for it on the key's row, then answer its dossier.

mod form;
mod json;

pub use form::{FormError, ReadForm, ZIP_PART};

use diesel_async::AsyncConnection;
use uuid::Uuid;

use crate::config::ImportLimits;
use crate::db::models::DossierState;
use crate::db::repo::audit::{self, Actor, Entry};
use crate::db::{DbError, Pool};
use crate::import::store::{self, NewImportedDossier};
use crate::import::{
    CheckedArchive, CheckedImport, ImportError, ImportFile, ImportRequest, ReceivedArchive,
    check_request,
};
use crate::jobs::outbox;
use crate::jobs::pipeline::ImportDossier;
use crate::storage::{Storage, StorageError, keys};

/// An import request as received (the fields of docs/domain.md#the-import-request).
#[derive(Debug, Default)]
pub struct NewImport {
    pub id_valutazione: String,
    pub tipo_contratto: String,
    /// The zip of the dossier's PDFs: base64 where the JSON body held it, or spooled from a
    /// form.
    pub archive: ReceivedArchive,
    pub files: Vec<ImportFile>,
    /// JSON text of the input list.
    pub input: String,
    /// Absolute http(s) URL; blank means none.
    pub callback_url: Option<String>,
}

/// Longest `Idempotency-Key` (as Stripe's).
pub const MAX_IDEMPOTENCY_KEY: usize = 255;
/// How long an idempotency key is remembered (at least the 24 hours clients are promised).
pub const IDEMPOTENCY_KEPT_FOR: chrono::TimeDelta = chrono::TimeDelta::days(7);
/// Most expired keys one import forgets.
const FORGET_BATCH: i64 = 100;

/// Whether `key` can be an `Idempotency-Key`: 1 to [`MAX_IDEMPOTENCY_KEY`] visible ASCII
/// characters (a UUID, typically).
pub fn valid_idempotency_key(key: &str) -> bool {
    (1..=MAX_IDEMPOTENCY_KEY).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic())
}

/// An import's `Idempotency-Key` and the SHA-256 of its body (inflated, when it came
/// compressed): a retry must send the same.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Idempotency {
    pub key: String,
    pub request_hash: Vec<u8>,
}

impl Idempotency {
    /// The key `key` of a request whose body is `body`.
    pub fn of(key: String, body: &[u8]) -> Self {
        use sha2::Digest;
        Self {
            key,
            request_hash: sha2::Sha256::digest(body).to_vec(),
        }
    }
}

/// What an import answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Imported {
    /// A new dossier.
    Created(Uuid),
    /// The dossier an earlier request with the same idempotency key and body created.
    Replayed(Uuid),
}

impl Imported {
    pub fn dossier_id(self) -> Uuid {
        match self {
            Self::Created(id) | Self::Replayed(id) => id,
        }
    }
}

/// Why an import was refused or failed. Nothing was created either way.
#[derive(Debug, thiserror::Error)]
pub enum ImportDossierError {
    /// The idempotency key was used by this caller for a request with another body.
    #[error("{}", crate::messages::idempotency_key_reused())]
    IdempotencyKeyReused,
    /// A concurrent request claimed the idempotency key, and its row was gone when read.
    #[error("the idempotency key of a concurrent import vanished")]
    IdempotencyLost,
    /// The request, its archive or its input is not valid; the text is the client's message.
    #[error(transparent)]
    Refused(#[from] ImportError),
    #[error("cannot store the archive of an import: {0}")]
    Storage(#[from] StorageError),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("cannot encode the files of an import: {0}")]
    Encoding(#[from] serde_json::Error),
    /// The request's check panicked.
    #[error("the import check panicked: {0}")]
    Check(#[from] tokio::task::JoinError),
}

/// What an earlier import of `caller` with `idempotency`'s key answered, if there was one.
async fn earlier(
    conn: &mut diesel_async::AsyncPgConnection,
    caller: &str,
    idempotency: &Idempotency,
) -> Result<Option<Imported>, ImportDossierError> {
    match store::idempotent_import(conn, caller, &idempotency.key).await? {
        None => Ok(None),
        Some((dossier_id, hash)) if hash == idempotency.request_hash => {
            Ok(Some(Imported::Replayed(dossier_id)))
        }
        Some(_) => Err(ImportDossierError::IdempotencyKeyReused),
    }
}

/// Imports a dossier for `importer`: checks `request` against `limits`, stores the archive,
/// writes the dossier with its audit entry (`dossier.import`) and enqueues its `import` job —
/// unless `idempotency`'s key already made one (see the module's documentation).
pub async fn import_dossier(
    pool: &Pool,
    storage: &Storage,
    limits: ImportLimits,
    request: NewImport,
    importer: &Actor,
    idempotency: Option<&Idempotency>,
) -> Result<Imported, ImportDossierError> {
    let user = importer.email.as_str();
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    if let Some(idempotency) = idempotency
        && let Some(earlier) = earlier(&mut conn, user, idempotency).await?
    {
        return Ok(earlier);
    }
    // Decoding up to 100 MiB and reading the central directory is CPU work.
    let checked = tokio::task::spawn_blocking(move || check(request, &limits)).await??;

    let wanted = checked.document_types();
    let known = store::document_type_ids(&mut conn, &wanted).await?;
    let unknown: Vec<String> = wanted
        .into_iter()
        .filter(|name| !known.contains_key(name))
        .collect();
    if !unknown.is_empty() {
        return Err(ImportError::UnknownDocumentTypes(unknown).into());
    }

    let id = Uuid::now_v7();
    let archive_key = keys::archive(id);
    let archive_size = checked.archive.size();
    let files = serde_json::to_value(&checked.files)?;
    let stored = match checked.archive {
        CheckedArchive::Bytes(bytes) => storage.put(&archive_key, bytes).await,
        CheckedArchive::Spooled(spooled) => {
            storage.put_file(&archive_key, spooled.into_file()).await
        }
    };
    if let Err(error) = stored {
        discard_archive(storage, &archive_key).await;
        return Err(error.into());
    }
    let dossier_type = checked.dossier_type;
    let id_valutazione = checked.id_valutazione.clone();
    let dossier = NewImportedDossier {
        id,
        state: DossierState::Processing,
        dossier_type_id: 0,
        id_valutazione: checked.id_valutazione,
        input: checked.input,
        callback_url: checked.callback_url,
        archive_key: Some(archive_key.clone()),
        files,
        imported_by: Some(user.to_owned()),
    };
    let inserted = conn
        .transaction(async |conn| -> Result<bool, DbError> {
            if let Some(idempotency) = idempotency {
                let claimed = store::claim_idempotency_key(
                    conn,
                    user,
                    &idempotency.key,
                    &idempotency.request_hash,
                    id,
                )
                .await?;
                if !claimed {
                    return Ok(false);
                }
            }
            let dossier_type_id = store::dossier_type_id(conn, &dossier_type).await?;
            store::insert_dossier(
                conn,
                &NewImportedDossier {
                    dossier_type_id,
                    ..dossier
                },
            )
            .await?;
            outbox::enqueue(conn, &ImportDossier { dossier_id: id }).await?;
            let target_id = id.to_string();
            let entry = Entry {
                action: "dossier.import",
                target_type: "dossier",
                target_id: &target_id,
                details: serde_json::json!({
                    "dossierType": &dossier_type,
                    "idValutazione": &id_valutazione,
                    "archiveBytes": archive_size,
                }),
            };
            audit::record(conn, Some(importer), entry).await?;
            Ok(true)
        })
        .await;
    match inserted {
        Ok(true) => {}
        Ok(false) => {
            // A concurrent request with the same key committed first.
            discard_archive(storage, &archive_key).await;
            let replayed = match idempotency {
                Some(idempotency) => earlier(&mut conn, user, idempotency).await?,
                None => None,
            };
            return replayed.ok_or(ImportDossierError::IdempotencyLost);
        }
        Err(error) => {
            discard_archive(storage, &archive_key).await;
            return Err(error.into());
        }
    }
    tracing::info!(dossier_id = %id, user, %dossier_type, archive_size, "dossier import enqueued");
    if idempotency.is_some() {
        let before = chrono::Utc::now() - IDEMPOTENCY_KEPT_FOR;
        if let Err(error) = store::forget_idempotency_keys(&mut conn, before, FORGET_BATCH).await {
            tracing::warn!(%error, "cannot forget old idempotency keys");
        }
    }
    Ok(Imported::Created(id))
}

/// The checks that need no database; a blank callback URL is none.
fn check(request: NewImport, limits: &ImportLimits) -> Result<CheckedImport, ImportError> {
    let request = ImportRequest {
        id_valutazione: &request.id_valutazione,
        tipo_contratto: &request.tipo_contratto,
        archive: request.archive,
        files: &request.files,
        input: &request.input,
        callback_url: request
            .callback_url
            .as_deref()
            .filter(|u| !u.trim().is_empty()),
    };
    check_request(request, limits)
}

async fn discard_archive(storage: &Storage, key: &str) {
    if let Err(error) = storage.delete(key).await {
        tracing::error!(
            key,
            error = format!("{:#}", anyhow::Error::from(error)),
            "cannot remove the archive of a failed import"
        );
    }
}
