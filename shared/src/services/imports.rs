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

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;

use diesel_async::AsyncConnection;
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};
use uuid::Uuid;

use crate::config::ImportLimits;
use crate::db::models::DossierState;
use crate::db::repo::audit::{self, Actor, Entry};
use crate::db::{DbError, Pool};
use crate::import::bounded::BoundedList;
use crate::import::store::{self, NewImportedDossier};
use crate::import::{
    Base64Text, CheckedImport, ImportError, ImportFile, ImportRequest, check_request,
};
use crate::jobs::outbox;
use crate::jobs::pipeline::ImportDossier;
use crate::storage::{Storage, StorageError, keys};

/// An import request as received (the fields of docs/domain.md#the-import-request).
#[derive(Debug, Clone, Default)]
pub struct NewImport {
    pub id_valutazione: String,
    pub tipo_contratto: String,
    /// The zip of the dossier's PDFs, base64-encoded: where the body held it, to be decoded
    /// there.
    pub base64zip: Base64Text,
    pub files: Vec<ImportFile>,
    /// JSON text of the input list.
    pub input: String,
    /// Absolute http(s) URL; blank means none.
    pub callback_url: Option<String>,
}

impl NewImport {
    /// Parses the JSON body of `POST /import_dossier` (docs/domain.md#the-import-request),
    /// counting `files` while it is read: a list longer than the archive may have entries is
    /// refused at its first file past the limit, before the rest of the body is parsed or built
    /// (issue 29). The archive's base64 stays in `body`, where it is decoded later
    /// ([`Base64Text`]), unless its JSON string has escape sequences. The other checks are
    /// [`import_dossier`]'s.
    pub fn from_json(body: Vec<u8>, limits: &ImportLimits) -> Result<Self, ImportError> {
        let exceeded = Cell::new(false);
        let parsed = {
            let mut deserializer = serde_json::Deserializer::from_slice(&body);
            let parsed = RequestSeed {
                max_files: limits.max_entries,
                files_exceeded: &exceeded,
            }
            .deserialize(&mut deserializer)
            .and_then(|request| deserializer.end().map(|()| request));
            // Where the borrowed text lies in the body, so that the body can be moved.
            parsed.map(|request| {
                request.map(|(request, base64zip)| {
                    let base64zip = match base64zip {
                        Cow::Borrowed(text) => {
                            let start = text.as_ptr() as usize - body.as_ptr() as usize;
                            Zip::Within(start..start + text.len())
                        }
                        Cow::Owned(text) => Zip::Own(text),
                    };
                    (request, base64zip)
                })
            })
        };
        match parsed {
            Ok(Ok((request, zip))) => Ok(NewImport {
                base64zip: match zip {
                    Zip::Within(range) => Base64Text::within(body, range),
                    Zip::Own(text) => Base64Text::from(text),
                },
                ..request
            }),
            Ok(Err(refused)) => Err(refused),
            Err(_) if exceeded.get() => Err(ImportError::TooManyFiles {
                max: limits.max_entries,
            }),
            Err(error) => Err(ImportError::Request(request_error(&error))),
        }
    }
}

/// A JSON string, borrowed from the body when it has no escape sequence (serde's own `Cow`
/// always copies).
struct TextSeed;

impl<'de> DeserializeSeed<'de> for TextSeed {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for TextSeed {
    type Value = Cow<'de, str>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a string")
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, text: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(text))
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(text.to_owned()))
    }

    fn visit_string<E: serde::de::Error>(self, text: String) -> Result<Self::Value, E> {
        Ok(Cow::Owned(text))
    }
}

/// Where the parsed `base64zip` is.
enum Zip {
    /// Bytes of the body (a JSON string without escapes).
    Within(std::ops::Range<usize>),
    /// A string of its own (the JSON string had escapes).
    Own(String),
}

/// Where and how a body is not the import's JSON, without serde's own text.
fn request_error(error: &serde_json::Error) -> String {
    let place = format!("riga {}, colonna {}", error.line(), error.column());
    match error.classify() {
        serde_json::error::Category::Data => {
            format!("un campo ha un tipo o un valore non ammesso ({place})")
        }
        serde_json::error::Category::Eof => "il JSON è incompleto".to_owned(),
        serde_json::error::Category::Syntax | serde_json::error::Category::Io => {
            format!("JSON non valido ({place})")
        }
    }
}

/// The import body's fields, read one by one; `files` through a [`BoundedList`]. A missing
/// required field is the request's value `Err`, so that its message names the field.
struct RequestSeed<'a> {
    max_files: usize,
    files_exceeded: &'a Cell<bool>,
}

/// The request without its archive, and the archive's base64 (borrowed from the body when it
/// can be).
type Parsed<'de> = Result<(NewImport, Cow<'de, str>), ImportError>;

impl<'de> DeserializeSeed<'de> for RequestSeed<'_> {
    type Value = Parsed<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for RequestSeed<'_> {
    type Value = Parsed<'de>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("the import request, a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut request = NewImport {
            tipo_contratto: crate::import::DEFAULT_CONTRACT_TYPE.to_owned(),
            ..NewImport::default()
        };
        let (mut base64zip, mut input) = (None, None);
        while let Some(key) = map.next_key::<Cow<'de, str>>()? {
            match key.as_ref() {
                // null is absent, as for callbackUrl.
                "idValutazione" => {
                    request.id_valutazione =
                        map.next_value::<Option<String>>()?.unwrap_or_default();
                }
                "tipoContratto" => {
                    if let Some(text) = map.next_value::<Option<String>>()? {
                        request.tipo_contratto = text;
                    }
                }
                "base64zip" => base64zip = Some(map.next_value_seed(TextSeed)?),
                "files" => {
                    request.files =
                        map.next_value_seed(BoundedList::new(self.max_files, self.files_exceeded))?;
                }
                "input" => input = Some(map.next_value()?),
                "callbackUrl" => request.callback_url = map.next_value()?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let missing = |field: &str| ImportError::Request(format!("manca il campo {field}"));
        let Some(base64zip) = base64zip else {
            return Ok(Err(missing("base64zip")));
        };
        let Some(input) = input else {
            return Ok(Err(missing("input")));
        };
        Ok(Ok((NewImport { input, ..request }, base64zip)))
    }
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
    let archive_size = checked.archive.len();
    let files = serde_json::to_value(&checked.files)?;
    if let Err(error) = storage.put(&archive_key, checked.archive).await {
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
        base64zip: request.base64zip,
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

#[cfg(test)]
mod tests {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;

    use super::*;
    use crate::import::decode_base64;

    fn body(base64zip: &str) -> Vec<u8> {
        serde_json::json!({ "idValutazione": "42", "base64zip": base64zip, "input": "[]" })
            .to_string()
            .into_bytes()
    }

    #[test]
    fn the_archive_is_decoded_in_the_body_that_brought_it() {
        let limits = ImportLimits::default();
        let encoded = STANDARD.encode(b"the archive's bytes");
        let body = body(&encoded);
        let held = body.as_ptr();
        let request = NewImport::from_json(body, &limits).expect("parsed");
        assert_eq!(request.id_valutazione, "42");
        let archive = decode_base64(request.base64zip, &limits).expect("decoded");
        assert_eq!(archive, b"the archive's bytes");
        assert_eq!(archive.as_ptr(), held, "no second buffer");
    }

    #[test]
    fn an_archive_whose_string_has_escapes_is_read_too() {
        let limits = ImportLimits::default();
        let encoded = STANDARD.encode([0xffu8, 0xfe, 0xfd]);
        assert!(encoded.contains('/'), "{encoded}");
        // A client that escapes slashes (PHP's json_encode does by default).
        let text = String::from_utf8(body(&encoded))
            .expect("JSON")
            .replace('/', "\\/");
        let request = NewImport::from_json(text.into_bytes(), &limits).expect("parsed");
        let archive = decode_base64(request.base64zip, &limits).expect("decoded");
        assert_eq!(archive, [0xff, 0xfe, 0xfd]);
    }
}
