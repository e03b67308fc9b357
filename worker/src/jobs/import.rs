//! `import`: unpacks a dossier's stored archive into documents and enqueues their extraction.
//!
//! The archive is checked again exactly as the API checked it (the limits may have changed,
//! and the stored bytes are trusted no more than the request was). Each file becomes a
//! document whose id derives from the dossier id and the file's path in the archive, inserted
//! only if absent, with its PDF stored first: a job delivered twice (a worker killed mid-job)
//! leaves the same rows and files as one delivery. Files that are not PDFs become documents in
//! `cannot process` with the reason; an archive without any PDF makes the dossier
//! `cannot process`.

use std::collections::HashMap;

use apalis::prelude::{BoxDynError, Data};
use shared::db::DbError;
use shared::db::models::{DocumentState, DossierState};
use shared::events::{self, Event};
use shared::import::store::{self, NewImportedDocument};
use shared::import::{Archive, ImportError, ImportFile, is_pdf};
use shared::jobs::pipeline::ImportDossier;
use shared::messages::{self, Message};
use shared::storage::keys;
use uuid::Uuid;

use super::JobContext;

/// What unpacking produced, before anything is written.
struct Unpacked {
    /// Each file: its document row and the bytes to store (none when unreadable).
    documents: Vec<(NewImportedDocument, Option<Vec<u8>>)>,
    pdfs: usize,
}

pub async fn run(job: ImportDossier, context: Data<JobContext>) -> Result<(), BoxDynError> {
    let dossier_id = job.dossier_id;
    let mut conn = context.db.get().await.map_err(DbError::Checkout)?;
    let Some(dossier) = store::find_dossier(&mut conn, dossier_id).await? else {
        tracing::info!(%dossier_id, "the dossier to import no longer exists; nothing to do");
        return Ok(());
    };
    if dossier.state != DossierState::Processing {
        tracing::info!(%dossier_id, state = %dossier.state, "the dossier is already past its import; nothing to do");
        return Ok(());
    }
    let archive_key = dossier
        .archive_key
        .clone()
        .unwrap_or_else(|| keys::archive(dossier_id));
    let files: Vec<ImportFile> = serde_json::from_value(dossier.files.clone()).unwrap_or_else(|error| {
        tracing::warn!(%dossier_id, %error, "the dossier's files are not a list of files; importing without document types");
        Vec::new()
    });
    let type_names: Vec<String> = files
        .iter()
        .map(|f| f.tipo_documento.clone())
        .filter(|name| !name.is_empty())
        .collect();
    let type_ids = store::document_type_ids(&mut conn, &type_names).await?;
    drop(conn);

    let bytes = context.storage.get(&archive_key).await?;
    let limits = context.limits;
    let unpacked =
        tokio::task::spawn_blocking(move || unpack(dossier_id, &bytes, &limits, &files, &type_ids))
            .await?;
    let unpacked = match unpacked {
        Ok(unpacked) => unpacked,
        Err(error) => return cannot_process(&context, dossier_id, &error.message()).await,
    };

    // The bytes first: a row never points to a file that is not there.
    for (document, bytes) in &unpacked.documents {
        if let Some(bytes) = bytes {
            context
                .storage
                .put(&document.pdf_key, bytes.clone())
                .await?;
        }
    }
    let rows: Vec<NewImportedDocument> = unpacked
        .documents
        .iter()
        .map(|(document, _)| document.clone())
        .collect();
    let mut conn = context.db.get().await.map_err(DbError::Checkout)?;
    let created = store::insert_documents(&mut conn, &rows).await?;
    if unpacked.pdfs == 0 {
        drop(conn);
        return cannot_process(&context, dossier_id, &messages::no_pdf_in_archive()).await;
    }
    drop(conn);
    tracing::info!(
        %dossier_id,
        files = unpacked.documents.len(),
        pdfs = unpacked.pdfs,
        created,
        "dossier imported"
    );
    Ok(())
}

/// Checks the archive and reads every file, deciding each document's row.
fn unpack(
    dossier_id: Uuid,
    bytes: &[u8],
    limits: &shared::config::ImportLimits,
    files: &[ImportFile],
    type_ids: &HashMap<String, i64>,
) -> Result<Unpacked, ImportError> {
    let mut archive = Archive::open(bytes, limits)?;
    let missing = archive.missing(files.iter().map(|f| f.nome_file.as_str()));
    if !missing.is_empty() {
        return Err(ImportError::MissingFiles(missing));
    }
    // The document type of each entry, from the request's files.
    let mut types: HashMap<String, i64> = HashMap::new();
    for file in files {
        if let (Some(entry), Some(type_id)) = (
            archive.find(&file.nome_file),
            type_ids.get(&file.tipo_documento),
        ) {
            types.entry(entry.path.clone()).or_insert(*type_id);
        }
    }
    let entries = archive.entries().to_vec();
    let mut documents = Vec::with_capacity(entries.len());
    let mut pdfs = 0;
    for entry in entries {
        let id = store::document_id(dossier_id, &entry.path);
        let document = NewImportedDocument {
            id,
            dossier_id,
            name: entry.file_name.clone(),
            document_type_id: types.get(&entry.path).copied(),
            state: DocumentState::Uploaded,
            pdf_key: keys::document_pdf(dossier_id, id),
            error: None,
            error_message: None,
        };
        documents.push(match archive.read(&entry) {
            Ok(bytes) if is_pdf(&bytes) => {
                pdfs += 1;
                (document, Some(bytes))
            }
            Ok(bytes) => (document.cannot_process(&messages::not_a_pdf()), Some(bytes)),
            Err(error) => (document.cannot_process(&error.message()), None),
        });
    }
    Ok(Unpacked { documents, pdfs })
}

/// The dossier cannot be imported: record why and notify.
async fn cannot_process(
    context: &JobContext,
    dossier_id: Uuid,
    error: &Message,
) -> Result<(), BoxDynError> {
    let mut conn = context.db.get().await.map_err(DbError::Checkout)?;
    let moved = store::dossier_cannot_process(&mut conn, dossier_id, error).await?;
    drop(conn);
    tracing::warn!(%dossier_id, %error, "the dossier cannot be imported");
    if moved {
        events::notify(
            &context.redis,
            Event::dossier(dossier_id, DossierState::CannotProcess),
        )
        .await;
    }
    Ok(())
}
