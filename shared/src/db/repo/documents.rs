//! Documents as the operations screens read and change them: the documents of a dossier, the
//! run dialogs' list, the detail, tags, history and deletion. The extraction output lives in
//! object storage; rows only point to it.

use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::{Map, Value};
use uuid::Uuid;

use super::paging::{MAX_DETAIL_ROWS, MAX_PAGE_SIZE, contains_pattern};
use super::pipeline::log_document_event;
use crate::db::models::DocumentState;
use crate::db::models::dossiers::{Document, DocumentLog};
use crate::db::repo::audit::{self, Actor, Entry};
use crate::db::schema::{
    data_tables, document_logs, document_rule_data_tables, document_rules, document_types,
    documents, dossiers,
};
use crate::db::{DbResult, QueryContext};
use crate::messages;

/// A document with its type's name and its dossier's description.
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentView {
    pub document: Document,
    pub document_type: Option<String>,
    pub dossier_description: Option<String>,
}

/// The documents of a dossier in import order, with their type names (at most
/// [`MAX_DETAIL_ROWS`]).
pub async fn documents_of_dossier(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
) -> DbResult<Vec<(Document, Option<String>)>> {
    documents::table
        .left_join(document_types::table)
        .filter(documents::dossier_id.eq(dossier_id))
        .order((documents::created_at.asc(), documents::id.asc()))
        .limit(MAX_DETAIL_ROWS)
        .select((Document::as_select(), document_types::name.nullable()))
        .load(conn)
        .await
        .context("reading the documents of a dossier")
}

/// Id and file name of each document of a dossier, in import order.
pub async fn document_names(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
) -> DbResult<Vec<(Uuid, String)>> {
    documents::table
        .filter(documents::dossier_id.eq(dossier_id))
        .order((documents::created_at.asc(), documents::id.asc()))
        .limit(MAX_DETAIL_ROWS)
        .select((documents::id, documents::name))
        .load(conn)
        .await
        .context("reading the document names of a dossier")
}

/// A row of the run dialogs' document list.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct DocumentInfoRow {
    pub id: Uuid,
    pub name: String,
    pub description: Option<String>,
    pub dossier_id: Uuid,
    pub dossier_description: Option<String>,
}

/// Which documents the rule run dialogs list.
#[derive(Debug, Clone, Copy, Default)]
pub struct DocumentInfoFilter<'a> {
    pub dossier_id: Option<Uuid>,
    /// Substring of the file name.
    pub search: Option<&'a str>,
    /// Name of their document type.
    pub document_type: Option<&'a str>,
    /// Only documents whose extraction is done (`extracted` or `processed`): those a rule can
    /// run on.
    pub extracted: bool,
}

/// Documents newest first as `filter` selects them (file name: trigram index), `limit` (at
/// most [`MAX_PAGE_SIZE`]) from `offset`.
pub async fn documents_info(
    conn: &mut AsyncPgConnection,
    filter: &DocumentInfoFilter<'_>,
    limit: i64,
    offset: i64,
) -> DbResult<Vec<DocumentInfoRow>> {
    let mut query = documents::table
        .inner_join(dossiers::table)
        .select((
            documents::id,
            documents::name,
            documents::description,
            documents::dossier_id,
            dossiers::description,
        ))
        .order((documents::created_at.desc(), documents::id.desc()))
        .limit(limit.clamp(1, MAX_PAGE_SIZE))
        .offset(offset.max(0))
        .into_boxed();
    if let Some(dossier_id) = filter.dossier_id {
        query = query.filter(documents::dossier_id.eq(dossier_id));
    }
    if let Some(search) = filter.search.map(str::trim).filter(|s| !s.is_empty()) {
        query = query.filter(documents::name.ilike(contains_pattern(search)));
    }
    if let Some(name) = filter.document_type {
        query = query.filter(
            documents::document_type_id.eq_any(
                document_types::table
                    .filter(document_types::name.eq(name.trim().to_owned()))
                    .select(document_types::id.nullable()),
            ),
        );
    }
    if filter.extracted {
        query = query
            .filter(documents::state.eq_any([DocumentState::Extracted, DocumentState::Processed]));
    }
    query
        .load(conn)
        .await
        .context("listing documents for the run dialogs")
}

/// A document with its type's name and its dossier's description.
pub async fn find_document_view(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> DbResult<Option<DocumentView>> {
    let row: Option<(Document, Option<String>, Option<String>)> = documents::table
        .left_join(document_types::table)
        .inner_join(dossiers::table)
        .filter(documents::id.eq(id))
        .select((
            Document::as_select(),
            document_types::name.nullable(),
            dossiers::description,
        ))
        .first(conn)
        .await
        .optional()
        .context("reading a document")?;
    Ok(row.map(
        |(document, document_type, dossier_description)| DocumentView {
            document,
            document_type,
            dossier_description,
        },
    ))
}

/// The data tables the rules of a document type use: name → content.
pub async fn data_tables_of_type(
    conn: &mut AsyncPgConnection,
    document_type_id: i64,
) -> DbResult<Map<String, Value>> {
    let rows: Vec<(String, Value)> = data_tables::table
        .filter(
            data_tables::id.eq_any(
                document_rule_data_tables::table
                    .inner_join(document_rules::table)
                    .filter(document_rules::document_type_id.eq(document_type_id))
                    .select(document_rule_data_tables::data_table_id),
            ),
        )
        .order((data_tables::ordinamento, data_tables::name))
        .select((data_tables::name, data_tables::content))
        .load(conn)
        .await
        .context("reading the data tables of a document type")?;
    Ok(rows.into_iter().collect())
}

/// The events of a document's life, newest first (at most [`MAX_DETAIL_ROWS`]).
pub async fn document_logs(
    conn: &mut AsyncPgConnection,
    document_id: Uuid,
) -> DbResult<Vec<DocumentLog>> {
    document_logs::table
        .filter(document_logs::document_id.eq(document_id))
        .order((document_logs::created_at.desc(), document_logs::id.desc()))
        .limit(MAX_DETAIL_ROWS)
        .select(DocumentLog::as_select())
        .load(conn)
        .await
        .context("reading the history of a document")
}

/// Replaces a document's tags (a JSON object) and records the change in its history and in
/// the audit log (`document.metas_replace`). `None` if there is no such document.
pub async fn replace_metas(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    metas: &Map<String, Value>,
    actor: Option<&Actor>,
) -> DbResult<Option<Document>> {
    conn.transaction(async |conn| -> DbResult<Option<Document>> {
        let updated: Option<Document> = diesel::update(documents::table.find(id))
            .set(documents::metas.eq(Value::Object(metas.clone())))
            .returning(Document::as_returning())
            .get_result(conn)
            .await
            .optional()
            .context("replacing a document's tags")?;
        if let Some(document) = &updated {
            let who = actor.map_or("sistema", |a| a.email.as_str());
            log_document_event(conn, id, &messages::event_tags_changed(who)).await?;
            let target_id = id.to_string();
            let entry = Entry {
                action: "document.metas_replace",
                target_type: "document",
                target_id: &target_id,
                details: serde_json::json!({ "dossierId": document.dossier_id, "metas": metas }),
            };
            audit::record(conn, actor, entry).await?;
        }
        Ok(updated)
    })
    .await
}

/// Deletes a document (its logs and rule execution logs go with it) and writes the audit
/// entry in the same transaction. Returns the deleted row; its stored files are the caller's
/// to remove.
pub async fn delete_document(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    actor: Option<&Actor>,
) -> DbResult<Option<Document>> {
    conn.transaction(async |conn| -> DbResult<Option<Document>> {
        let deleted: Option<Document> = diesel::delete(documents::table.find(id))
            .returning(Document::as_returning())
            .get_result(conn)
            .await
            .optional()
            .context("deleting a document")?;
        if let Some(document) = &deleted {
            let target = id.to_string();
            audit::record(
                conn,
                actor,
                Entry {
                    action: "document.delete",
                    target_type: "document",
                    target_id: &target,
                    details: serde_json::json!({
                        "dossierId": document.dossier_id,
                        "name": document.name,
                    }),
                },
            )
            .await?;
        }
        Ok(deleted)
    })
    .await
}
