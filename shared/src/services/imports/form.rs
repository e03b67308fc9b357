//! The `multipart/form-data` form of an import request (issue 31): the zip as the part `zip`
//! (a file part), written to a temporary file as it arrives with its size counted while it is
//! read, so that a 100 MiB archive costs the API a few buffers of memory; the other fields of
//! docs/domain.md#the-import-request as text parts — `idValutazione`, `tipoContratto`, `files`
//! (the JSON text of the list, counted while it is parsed), `input`, `callbackUrl` — bounded
//! together by [`IMPORT_BODY_SLACK_BYTES`]. Unknown parts are read and ignored (as unknown keys
//! of the JSON form are); a part that repeats a field is refused.

use futures::Stream;
use sha2::{Digest, Sha256};
use tokio::io::{AsyncWriteExt, BufWriter};

use super::NewImport;
use crate::config::{IMPORT_BODY_SLACK_BYTES, ImportLimits};
use crate::import::bounded::BoundedList;
use crate::import::{ImportError, ImportFile, ReceivedArchive, Spooled};

/// The part that carries the zip.
pub const ZIP_PART: &str = "zip";
/// The text parts, in the order the request's digest reads them.
const TEXT_FIELDS: [&str; 5] = [
    "idValutazione",
    "tipoContratto",
    "files",
    "input",
    "callbackUrl",
];
/// Bytes gathered before each write to the temporary file.
const SPOOL_BUFFER_BYTES: usize = 1 << 20;

/// Why a form was not read. Nothing of it is kept either way.
#[derive(Debug, thiserror::Error)]
pub enum FormError {
    /// Not a valid import form (the client's message).
    #[error(transparent)]
    Refused(ImportError),
    /// The zip, the other fields or the whole body exceed their limit (the client's message).
    #[error(transparent)]
    TooLarge(ImportError),
    /// The body could not be read: the error its stream gave (a bound of the body, or the
    /// connection).
    #[error("the body of an import form could not be read")]
    Body(#[source] Box<dyn std::error::Error + Send + Sync>),
    #[error("cannot write the archive of an import form to a temporary file")]
    Spool(#[from] std::io::Error),
}

/// A form read whole: the request, and the digest of its contents ([`super::Idempotency`]).
#[derive(Debug)]
pub struct ReadForm {
    pub request: NewImport,
    pub digest: Vec<u8>,
}

impl NewImport {
    /// Reads the import form that `body` carries, sent as `content_type` (which names its
    /// boundary), within `limits`.
    pub async fn from_form<S, E>(
        body: S,
        content_type: &str,
        limits: &ImportLimits,
    ) -> Result<ReadForm, FormError>
    where
        S: Stream<Item = Result<bytes::Bytes, E>> + Send + 'static,
        E: Into<Box<dyn std::error::Error + Send + Sync>> + 'static,
    {
        let boundary = multer::parse_boundary(content_type)
            .map_err(|_| FormError::Refused(ImportError::FormUnreadable))?;
        let constraints = multer::Constraints::new()
            .size_limit(multer::SizeLimit::new().whole_stream(limits.max_form_bytes()));
        let mut form = multer::Multipart::with_constraints(body, boundary, constraints);
        let mut texts: [Option<String>; TEXT_FIELDS.len()] = Default::default();
        let mut zip: Option<(Spooled, Vec<u8>)> = None;
        let mut text_bytes = 0;
        while let Some(mut part) = form.next_field().await.map_err(form_error)? {
            let name = part
                .name()
                .ok_or(FormError::Refused(ImportError::FormUnreadable))?;
            let repeated = || FormError::Refused(ImportError::RepeatedField(name.to_owned()));
            if name == ZIP_PART {
                if zip.is_some() {
                    return Err(repeated());
                }
                zip = Some(spool(&mut part, limits.max_archive_bytes).await?);
                continue;
            }
            let slot = TEXT_FIELDS.iter().position(|field| *field == name);
            if slot.is_some_and(|at| texts[at].is_some()) {
                return Err(repeated());
            }
            let text = read_text(&mut part, &mut text_bytes).await?;
            if let Some(at) = slot {
                texts[at] = Some(text);
            }
        }
        let Some((archive, zip_digest)) = zip else {
            return Err(FormError::Refused(ImportError::MissingField(ZIP_PART)));
        };
        let digest = digest(&texts, &zip_digest);
        let [id_valutazione, tipo_contratto, files, input, callback_url] = texts;
        let Some(input) = input else {
            return Err(FormError::Refused(ImportError::MissingField("input")));
        };
        let files = match files {
            Some(text) => parse_files(&text, limits.max_entries).map_err(FormError::Refused)?,
            None => Vec::new(),
        };
        let request = NewImport {
            id_valutazione: id_valutazione.unwrap_or_default(),
            tipo_contratto: tipo_contratto
                .unwrap_or_else(|| crate::import::DEFAULT_CONTRACT_TYPE.to_owned()),
            archive: ReceivedArchive::Spooled(archive),
            files,
            input,
            callback_url,
        };
        Ok(ReadForm { request, digest })
    }
}

/// Writes the zip part to a new temporary file, refusing it past `max` bytes; its SHA-256.
async fn spool(part: &mut multer::Field<'_>, max: u64) -> Result<(Spooled, Vec<u8>), FormError> {
    let file = tokio::task::spawn_blocking(tempfile::tempfile)
        .await
        .map_err(std::io::Error::other)??;
    let mut writer = BufWriter::with_capacity(SPOOL_BUFFER_BYTES, tokio::fs::File::from_std(file));
    let mut hash = Sha256::new();
    let mut size: u64 = 0;
    while let Some(chunk) = part.chunk().await.map_err(form_error)? {
        size += chunk.len() as u64;
        if size > max {
            return Err(FormError::TooLarge(ImportError::ArchiveOverLimit { max }));
        }
        hash.update(&chunk);
        writer.write_all(&chunk).await?;
    }
    writer.flush().await?;
    let file = writer.into_inner().into_std().await;
    Ok((Spooled::new(file, size), hash.finalize().to_vec()))
}

/// A text part, counted into `total` (the bytes of every text part so far).
async fn read_text(part: &mut multer::Field<'_>, total: &mut usize) -> Result<String, FormError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = part.chunk().await.map_err(form_error)? {
        *total += chunk.len();
        if *total > IMPORT_BODY_SLACK_BYTES {
            return Err(FormError::TooLarge(ImportError::FormFieldsTooLarge {
                max: IMPORT_BODY_SLACK_BYTES,
            }));
        }
        bytes.extend_from_slice(&chunk);
    }
    String::from_utf8(bytes).map_err(|_| FormError::Refused(ImportError::FormUnreadable))
}

/// The `files` part: the JSON list of the JSON form, counted while it is parsed.
fn parse_files(text: &str, max: usize) -> Result<Vec<ImportFile>, ImportError> {
    use serde::de::DeserializeSeed;
    let exceeded = std::cell::Cell::new(false);
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let parsed = BoundedList::new(max, &exceeded)
        .deserialize(&mut deserializer)
        .and_then(|files| deserializer.end().map(|()| files));
    parsed.map_err(|error| {
        if exceeded.get() {
            ImportError::TooManyFiles { max }
        } else {
            ImportError::Request(format!("files: {}", super::json::request_error(&error)))
        }
    })
}

/// What identifies a form's contents whatever its boundary and the order of its parts: each
/// text field (present or not) and the zip's own digest.
fn digest(texts: &[Option<String>], zip_digest: &[u8]) -> Vec<u8> {
    let mut hash = Sha256::new();
    hash.update(b"multipart/form-data\0");
    for (name, text) in TEXT_FIELDS.iter().zip(texts) {
        hash.update(name.as_bytes());
        match text {
            Some(text) => {
                hash.update([1]);
                hash.update((text.len() as u64).to_le_bytes());
                hash.update(text.as_bytes());
            }
            None => hash.update([0]),
        }
    }
    hash.update(ZIP_PART.as_bytes());
    hash.update(zip_digest);
    hash.finalize().to_vec()
}

/// A refusal for what multer met: the body's own error (a bound, or the connection), the body
/// over its limit, or a form that cannot be parsed.
fn form_error(error: multer::Error) -> FormError {
    match error {
        multer::Error::StreamReadFailed(source) => FormError::Body(source),
        multer::Error::StreamSizeExceeded { limit } => {
            FormError::TooLarge(ImportError::FormOverLimit { max: limit })
        }
        _ => FormError::Refused(ImportError::FormUnreadable),
    }
}
