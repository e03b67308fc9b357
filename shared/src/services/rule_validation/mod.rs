//! Rule validation (issue 12; docs/domain.md#rule-validation, #operations "rule validation"): an
//! institute's new PDF — a new contract template — checks every dossier rule of that
//! institute. A rule stays VALIDA only if the document's text contains every string of its
//! `mustContain` and none of its `notContain` ([`matching`]); the others become NON VALIDA and
//! are logged with the strings that failed.
//!
//! [`Validations`] is the service the API calls: it records documents (uploaded through a
//! signed URL, [`upload`], or sent inline), starts validations and enqueues their job on the
//! `validation` queue, tests one rule's lists, and serves the downloads (PDF, text, the
//! unified [`diff`] against the institute's previous document, all of them as a zip). The
//! worker's `validation` job extracts the text (OCR where a page has none) and completes the
//! run in one transaction (`crate::db::repo::validation::complete`).

pub mod diff;
pub mod matching;
pub mod upload;

use std::io::{Cursor, Write};

use uuid::Uuid;

use crate::db::models::validation::{NewValidationDocument, RuleValidation, ValidationDocument};
use crate::db::repo::edit_error::EditError;
use crate::db::repo::validation as repo;
use crate::db::{DbError, Pool};
use crate::jobs::outbox;
use crate::jobs::validation::ValidationJob;
use crate::messages::{self, Message};
use crate::storage::{Storage, StorageError, keys};
use diesel_async::AsyncConnection;
use matching::{NormalizedText, Verdict};
use upload::{PDF_SIGNATURE, UploadRefused, check_pdf};

/// Longest file name of a validation document, in characters.
pub const MAX_FILE_NAME_CHARS: usize = 255;
/// Longest institute name, in characters.
pub const MAX_ISTITUTO_CHARS: usize = 200;
/// Longest description, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 500;
/// Most documents one `createDocValidations` records.
pub const MAX_DOCUMENTS_PER_REQUEST: usize = 20;
/// Most documents one `deleteDocValidations` deletes.
pub const MAX_DELETE_PER_REQUEST: usize = 1000;

#[derive(Debug, thiserror::Error)]
pub enum ValidationError {
    /// Refused by a validation rule, a missing row or the current state.
    #[error(transparent)]
    Edit(#[from] EditError),
    /// The uploaded bytes are not an acceptable PDF.
    #[error("{0}")]
    Upload(#[from] UploadRefused),
    #[error(transparent)]
    Storage(#[from] StorageError),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("cannot build the archive of a validation document: {0}")]
    Archive(String),
    #[error("the check of a rule's lists did not complete: {0}")]
    Check(String),
}

pub type ValidationResult<T> = Result<T, ValidationError>;

/// A document to record.
#[derive(Debug, Clone)]
pub struct NewDocument {
    /// The id its signed upload was granted for, or a new one.
    pub id: Uuid,
    pub file_name: String,
    pub istituto: String,
    /// Default: the file name.
    pub description: Option<String>,
    pub created_by: Option<String>,
}

/// A file handed out by a download: its name and bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Download {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// The files of a validation document one can download.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DownloadKind {
    /// The PDF.
    Pdf,
    /// Its extracted text.
    Text,
    /// `diff.txt` against the institute's previous document.
    Diff,
    /// All of them, zipped.
    All,
}

/// Records a validation of `document` and enqueues its job, inside the caller's transaction.
async fn start(
    conn: &mut diesel_async::AsyncPgConnection,
    document: &ValidationDocument,
    created_by: Option<&str>,
) -> Result<RuleValidation, DbError> {
    let validation = repo::insert_validation(conn, document, created_by).await?;
    outbox::enqueue(
        conn,
        &ValidationJob {
            document_id: document.id,
            validation_id: Some(validation.id),
        },
    )
    .await?;
    Ok(validation)
}

/// The rule-validation service; cheap to build per request.
pub struct Validations<'a> {
    pub db: &'a Pool,
    pub storage: &'a Storage,
    /// Largest PDF (`ISTRUTTORIA_VALIDATION_MAX_PDF_BYTES`).
    pub max_pdf_bytes: u64,
}

impl Validations<'_> {
    /// Records a document whose text the `validation` job then extracts. With `bytes`, they
    /// are checked and stored; without, they must already be stored by its signed upload, and
    /// are checked there.
    pub async fn add_document(
        &self,
        document: NewDocument,
        bytes: Option<Vec<u8>>,
    ) -> ValidationResult<ValidationDocument> {
        let row = self.store(document, bytes).await?;
        let mut conn = self.db.get().await.map_err(DbError::Checkout)?;
        let document = conn
            .transaction(async |conn| -> Result<ValidationDocument, EditError> {
                let document = repo::insert_document(conn, row).await?;
                outbox::enqueue(
                    conn,
                    &ValidationJob {
                        document_id: document.id,
                        validation_id: None,
                    },
                )
                .await?;
                Ok(document)
            })
            .await?;
        Ok(document)
    }

    /// Records a document and starts its validation at once (the job extracts it first).
    pub async fn add_and_validate(
        &self,
        document: NewDocument,
        bytes: Option<Vec<u8>>,
    ) -> ValidationResult<RuleValidation> {
        let created_by = document.created_by.clone();
        let row = self.store(document, bytes).await?;
        let mut conn = self.db.get().await.map_err(DbError::Checkout)?;
        let validation = conn
            .transaction(async |conn| -> Result<RuleValidation, EditError> {
                let document = repo::insert_document(conn, row).await?;
                Ok(start(conn, &document, created_by.as_deref()).await?)
            })
            .await?;
        Ok(validation)
    }

    /// Starts a validation of a recorded document whose text is known (`runValidation`).
    pub async fn validate(
        &self,
        document_id: Uuid,
        created_by: Option<&str>,
    ) -> ValidationResult<RuleValidation> {
        let mut conn = self.db.get().await.map_err(DbError::Checkout)?;
        let document = self.find(&mut conn, document_id).await?;
        if document.ocr_key.is_none() {
            return Err(EditError::Conflict(
                text_unreadable(&document).unwrap_or_else(messages::no_text_yet),
            )
            .into());
        }
        let validation = conn
            .transaction(async |conn| -> Result<RuleValidation, EditError> {
                Ok(start(conn, &document, created_by).await?)
            })
            .await?;
        Ok(validation)
    }

    /// Whether a rule with these lists passes on the document's text (`testRule`), and which
    /// strings fail.
    pub async fn test_rule(
        &self,
        document_id: Uuid,
        must_contain: &[String],
        not_contain: &[String],
    ) -> ValidationResult<Verdict> {
        let document = self.document(document_id).await?;
        let text = self.text_of(&document).await?;
        // Up to 2,000 strings against megabytes of text: seconds of CPU, off the async threads.
        let (must, not) = (must_contain.to_vec(), not_contain.to_vec());
        tokio::task::spawn_blocking(move || NormalizedText::new(&text).check(&must, &not))
            .await
            .map_err(|e| ValidationError::Check(e.to_string()))
    }

    /// Deletes documents and their files; their validations stay, without the reference.
    pub async fn delete_documents(&self, ids: &[Uuid]) -> ValidationResult<usize> {
        if ids.len() > MAX_DELETE_PER_REQUEST {
            return Err(EditError::invalid(
                "ids",
                messages::documents_per_request(MAX_DELETE_PER_REQUEST),
            )
            .into());
        }
        let mut conn = self.db.get().await.map_err(DbError::Checkout)?;
        let deleted = repo::delete_documents(&mut conn, ids).await?;
        drop(conn);
        for document in &deleted {
            // The rows are gone: a file left behind by a failing store is only space.
            if let Err(error) = self
                .storage
                .delete_prefix(&keys::validation_document_prefix(document.id))
                .await
            {
                tracing::warn!(document = %document.id, %error, "validation document files not deleted");
            }
        }
        Ok(deleted.len())
    }

    /// One of the files of the document.
    pub async fn download(
        &self,
        kind: DownloadKind,
        document_id: Uuid,
    ) -> ValidationResult<Download> {
        match kind {
            DownloadKind::Pdf => self.pdf(document_id).await,
            DownloadKind::Text => self.text(document_id).await,
            DownloadKind::Diff => self.diff(document_id).await,
            DownloadKind::All => self.all_files(document_id).await,
        }
    }

    /// The PDF, named after the uploaded file (with `.pdf`).
    async fn pdf(&self, document_id: Uuid) -> ValidationResult<Download> {
        let document = self.document(document_id).await?;
        let bytes = self.storage.get(&document.file_key).await?;
        Ok(Download {
            name: format!("{}.pdf", stem(&document.file_name)),
            bytes: bytes.to_vec(),
        })
    }

    /// The extracted text, named after the uploaded file with `.txt`.
    async fn text(&self, document_id: Uuid) -> ValidationResult<Download> {
        let document = self.document(document_id).await?;
        let text = self.text_of(&document).await?;
        Ok(Download {
            name: format!("{}.txt", stem(&document.file_name)),
            bytes: text.into_bytes(),
        })
    }

    /// The unified diff of the previous document of the institute against this one,
    /// `diff.txt`.
    async fn diff(&self, document_id: Uuid) -> ValidationResult<Download> {
        let document = self.document(document_id).await?;
        let text = self.text_of(&document).await?;
        let mut conn = self.db.get().await.map_err(DbError::Checkout)?;
        let previous = repo::previous_document(&mut conn, &document).await?;
        drop(conn);
        let Some(previous) = previous else {
            return Err(EditError::NotFound(messages::no_previous_document(
                &document.istituto_appartenenza,
            ))
            .into());
        };
        let before = self.text_of(&previous).await?;
        Ok(Download {
            name: diff::FILE_NAME.to_owned(),
            bytes: diff::unified(&previous.file_name, &before, &document.file_name, &text)
                .into_bytes(),
        })
    }

    /// The PDF, its text and (when there is a previous document) `diff.txt`, as one zip.
    async fn all_files(&self, document_id: Uuid) -> ValidationResult<Download> {
        let document = self.document(document_id).await?;
        let mut files = vec![self.pdf(document_id).await?];
        if document.ocr_key.is_some() {
            files.push(self.text(document_id).await?);
            match self.diff(document_id).await {
                Ok(diff) => files.push(diff),
                Err(ValidationError::Edit(EditError::NotFound(_))) => {}
                Err(error) => return Err(error),
            }
        }
        let bytes = zip_of(&files).map_err(ValidationError::Archive)?;
        Ok(Download {
            name: format!("{}.zip", stem(&document.file_name)),
            bytes,
        })
    }

    pub async fn document(&self, id: Uuid) -> ValidationResult<ValidationDocument> {
        let mut conn = self.db.get().await.map_err(DbError::Checkout)?;
        self.find(&mut conn, id).await
    }

    async fn find(
        &self,
        conn: &mut diesel_async::AsyncPgConnection,
        id: Uuid,
    ) -> ValidationResult<ValidationDocument> {
        repo::find_document(conn, id)
            .await?
            .ok_or_else(|| EditError::NotFound(messages::document_id_not_found(id)).into())
    }

    async fn text_of(&self, document: &ValidationDocument) -> ValidationResult<String> {
        let Some(key) = &document.ocr_key else {
            return Err(EditError::Conflict(messages::no_text_yet()).into());
        };
        let bytes = self.storage.get(key).await?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Checks the fields and the PDF, stores `bytes` (or checks the stored upload), and
    /// returns the row to record.
    async fn store(
        &self,
        document: NewDocument,
        bytes: Option<Vec<u8>>,
    ) -> ValidationResult<NewValidationDocument> {
        let file_name = file_name(&document.file_name)?;
        let istituto = required_text(
            "istitutoAppartenenza",
            &document.istituto,
            MAX_ISTITUTO_CHARS,
        )?;
        let description = match &document.description {
            Some(text) if !text.trim().is_empty() => {
                required_text("description", text, MAX_DESCRIPTION_CHARS)?
            }
            _ => file_name.clone(),
        };
        let key = keys::validation_pdf(document.id);
        match bytes {
            Some(bytes) => {
                check_pdf(&bytes, self.max_pdf_bytes)?;
                let mut conn = self.db.get().await.map_err(DbError::Checkout)?;
                if repo::find_document(&mut conn, document.id).await?.is_some() {
                    return Err(
                        EditError::Conflict(messages::document_registered(document.id)).into(),
                    );
                }
                drop(conn);
                self.storage.put(&key, bytes).await?;
            }
            None => self.check_stored(&key).await?,
        }
        Ok(NewValidationDocument {
            id: document.id,
            description,
            istituto_appartenenza: istituto,
            file_name,
            file_key: key,
            created_by: document.created_by,
        })
    }

    /// The object a signed upload wrote exists, is within the size and is a PDF; one that is
    /// not is deleted.
    async fn check_stored(&self, key: &str) -> ValidationResult<()> {
        let size = match self.storage.size(key).await {
            Ok(size) => size,
            Err(StorageError::NotFound { .. }) => {
                return Err(EditError::invalid("documentID", messages::upload_first()).into());
            }
            Err(error) => return Err(error.into()),
        };
        let head = self
            .storage
            .get_prefix(key, PDF_SIGNATURE.len() as u64)
            .await?;
        let refused = if size > self.max_pdf_bytes {
            Some(UploadRefused::TooLarge {
                max: self.max_pdf_bytes,
            })
        } else if size == 0 {
            Some(UploadRefused::Empty)
        } else if !head.starts_with(PDF_SIGNATURE) {
            Some(UploadRefused::NotPdf)
        } else {
            None
        };
        if let Some(refused) = refused {
            self.storage.delete(key).await?;
            return Err(refused.into());
        }
        Ok(())
    }
}

/// Why the text of `document` cannot be read, said as it was stored (its message, else its
/// text: rows written before messages were kept); `None` when nothing went wrong.
fn text_unreadable(document: &ValidationDocument) -> Option<Message> {
    let stored = document
        .ocr_error_message
        .as_ref()
        .and_then(Message::from_json);
    match (stored, &document.ocr_error) {
        (Some(reason), _) => Some(messages::text_unreadable_because(reason)),
        (None, Some(text)) => Some(messages::text_unreadable(text)),
        (None, None) => None,
    }
}

/// A validation document's file name: trimmed, not empty, a `.pdf`, without path separators
/// or control characters.
pub fn file_name(name: &str) -> Result<String, EditError> {
    let name = required_text("fileName", name, MAX_FILE_NAME_CHARS)?;
    if name.contains(['/', '\\']) {
        return Err(EditError::invalid("fileName", messages::file_name_slash()));
    }
    if !name.to_lowercase().ends_with(".pdf") {
        return Err(EditError::invalid(
            "fileName",
            messages::file_not_pdf_name(),
        ));
    }
    Ok(name)
}

/// `text` trimmed, not empty, at most `max` characters, without control characters.
fn required_text(field: &'static str, text: &str, max: usize) -> Result<String, EditError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(EditError::invalid(field, messages::required()));
    }
    if text.chars().count() > max {
        return Err(EditError::invalid(field, messages::at_most_characters(max)));
    }
    if text.chars().any(char::is_control) {
        return Err(EditError::invalid(field, messages::control_characters()));
    }
    Ok(text.to_owned())
}

/// The file name without its extension.
fn stem(file_name: &str) -> &str {
    match file_name.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem,
        _ => file_name,
    }
}

fn zip_of(files: &[Download]) -> Result<Vec<u8>, String> {
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for file in files {
        writer
            .start_file(file.name.as_str(), options)
            .map_err(|e| e.to_string())?;
        writer.write_all(&file.bytes).map_err(|e| e.to_string())?;
    }
    Ok(writer.finish().map_err(|e| e.to_string())?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_pdfs_without_paths() {
        assert_eq!(
            file_name("  Contratto 2026.PDF ").unwrap(),
            "Contratto 2026.PDF"
        );
        for bad in [
            "",
            "   ",
            "contratto.docx",
            "../x.pdf",
            "a\\b.pdf",
            "a\u{0}.pdf",
        ] {
            assert!(file_name(bad).is_err(), "{bad:?}");
        }
        assert!(file_name(&format!("{}.pdf", "a".repeat(MAX_FILE_NAME_CHARS))).is_err());
    }

    #[test]
    fn downloads_are_named_after_the_file() {
        assert_eq!(stem("contratto.v2.pdf"), "contratto.v2");
        assert_eq!(stem("senza estensione"), "senza estensione");
        assert_eq!(stem(".pdf"), ".pdf");
    }
}
