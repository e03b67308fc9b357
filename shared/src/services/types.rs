//! Document and dossier types as an administrator edits them: created, deleted — refused while
//! rules, documents or dossiers use them — and a dossier type's required metas, each with its
//! audit entry in its transaction. The two kinds differ only in their tables ([`TypeKind`]);
//! lists and lookups are in [`crate::db::repo::types`].

use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

use crate::db::models::types::{
    DocumentType, DossierType, NewDocumentType, NewDossierType, NewDossierTypeRequiredMeta,
    TYPE_NAME_MAX_CHARS,
};
use crate::db::repo::audit::{self, Actor, Entry};
use crate::db::repo::edit_error::EditError;
use crate::db::repo::types::{find_document_type, find_dossier_type};
use crate::db::schema::{
    document_rules, document_types, documents, dossier_rules, dossier_type_required_metas,
    dossier_types, dossiers,
};
use crate::db::{DbError, DbResult, Pool, QueryContext};
use crate::messages::{self, Message};

/// What the type operations need of one kind of type: its rows, the rules restricted to it and
/// the items (documents or dossiers) that have it.
pub trait TypeKind {
    /// The type's row.
    type Row: TypeRow + Send + Sync;
    /// The audit log's target type and the prefix of its actions (`<TARGET>.create`, …).
    const TARGET: &'static str;

    // The futures are `Send` so that a type's transaction can run on any thread.
    fn insert(
        conn: &mut AsyncPgConnection,
        name: &str,
    ) -> impl Future<Output = DbResult<Self::Row>> + Send;
    fn find(
        conn: &mut AsyncPgConnection,
        name: &str,
    ) -> impl Future<Output = DbResult<Option<Self::Row>>> + Send;
    fn rule_count(
        conn: &mut AsyncPgConnection,
        type_id: i64,
    ) -> impl Future<Output = DbResult<i64>> + Send;
    fn has_items(
        conn: &mut AsyncPgConnection,
        type_id: i64,
    ) -> impl Future<Output = DbResult<bool>> + Send;
    /// Why the type cannot be deleted while items have it.
    fn has_items_message(name: &str) -> Message;
    fn remove(
        conn: &mut AsyncPgConnection,
        type_id: i64,
    ) -> impl Future<Output = DbResult<()>> + Send;
}

/// What every type row has.
pub trait TypeRow {
    fn id(&self) -> i64;
    fn name(&self) -> &str;
}

/// Document types: their rules are document rules, their items documents.
pub enum DocumentKind {}

/// Dossier types: their rules are the dossier rules restricted to them, their items dossiers.
pub enum DossierKind {}

/// `createDocumentType` / `createDossierType`: the type `name` (trimmed, required, at most
/// [`TYPE_NAME_MAX_CHARS`] characters, not taken) with its audit entry.
pub async fn create<K: TypeKind>(
    pool: &Pool,
    name: &str,
    actor: &Actor,
) -> Result<K::Row, EditError> {
    let name = check_name(name)?;
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let created = K::insert(conn, &name).await.map_err(|error| {
            if error.is_unique_violation() {
                EditError::invalid("name", messages::type_exists(&name))
            } else {
                error.into()
            }
        })?;
        record::<K>(
            conn,
            actor,
            "create",
            &created,
            serde_json::json!({ "id": created.id() }),
        )
        .await?;
        Ok(created)
    })
    .await
}

/// `deleteDocumentType` / `deleteDossierType`: deletes the type `name` with its audit entry;
/// refused while rules are restricted to it or items have it. A dossier type's required metas
/// go with it.
pub async fn delete<K: TypeKind>(pool: &Pool, name: &str, actor: &Actor) -> Result<(), EditError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let Some(found) = K::find(conn, name).await? else {
            return Err(EditError::NotFound(messages::type_not_found(name)));
        };
        let rules = K::rule_count(conn, found.id()).await?;
        if rules > 0 {
            return Err(EditError::Conflict(messages::type_has_rules(
                found.name(),
                rules,
            )));
        }
        if K::has_items(conn, found.id()).await? {
            return Err(EditError::Conflict(K::has_items_message(found.name())));
        }
        K::remove(conn, found.id()).await.map_err(|error| {
            if error.is_foreign_key_violation() {
                EditError::Conflict(messages::type_in_use(found.name()))
            } else {
                error.into()
            }
        })?;
        record::<K>(
            conn,
            actor,
            "delete",
            &found,
            serde_json::json!({ "id": found.id() }),
        )
        .await?;
        Ok(())
    })
    .await
}

/// `setDossierTypeRequiredMetas`: replaces the required metas of the dossier type `name` with
/// `metas` (trimmed, empty ones dropped, duplicates once), with its audit entry
/// (`dossier_type.required_metas`); returns the type.
pub async fn set_required_metas(
    pool: &Pool,
    name: &str,
    metas: &[String],
    actor: &Actor,
) -> Result<DossierType, EditError> {
    let mut wanted: Vec<String> = metas
        .iter()
        .map(|m| m.trim().to_owned())
        .filter(|m| !m.is_empty())
        .collect();
    wanted.sort();
    wanted.dedup();
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let Some(found) = find_dossier_type(conn, name).await? else {
            return Err(EditError::NotFound(messages::type_not_found(name)));
        };
        let details = serde_json::json!({ "id": found.id, "requiredMetas": &wanted });
        diesel::delete(
            dossier_type_required_metas::table
                .filter(dossier_type_required_metas::dossier_type_id.eq(found.id)),
        )
        .execute(conn)
        .await
        .context("clearing the required metas of a dossier type")?;
        let rows: Vec<NewDossierTypeRequiredMeta> = wanted
            .into_iter()
            .map(|meta_name| NewDossierTypeRequiredMeta {
                dossier_type_id: found.id,
                meta_name,
            })
            .collect();
        diesel::insert_into(dossier_type_required_metas::table)
            .values(&rows)
            .execute(conn)
            .await
            .context("setting the required metas of a dossier type")?;
        record::<DossierKind>(conn, actor, "required_metas", &found, details).await?;
        Ok(found)
    })
    .await
}

/// A type name as stored: trimmed, required, at most [`TYPE_NAME_MAX_CHARS`] characters.
fn check_name(name: &str) -> Result<String, EditError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(EditError::invalid("name", messages::required()));
    }
    if name.chars().count() > TYPE_NAME_MAX_CHARS {
        return Err(EditError::invalid(
            "name",
            messages::max_characters(TYPE_NAME_MAX_CHARS),
        ));
    }
    Ok(name.to_owned())
}

/// The audit entry `<kind>.<action>` of the type `row`.
async fn record<K: TypeKind>(
    conn: &mut AsyncPgConnection,
    actor: &Actor,
    action: &str,
    row: &K::Row,
    details: serde_json::Value,
) -> Result<(), EditError> {
    let action = format!("{}.{action}", K::TARGET);
    let entry = Entry {
        action: &action,
        target_type: K::TARGET,
        target_id: row.name(),
        details,
    };
    Ok(audit::record(conn, Some(actor), entry).await?)
}

impl TypeRow for DocumentType {
    fn id(&self) -> i64 {
        self.id
    }
    fn name(&self) -> &str {
        &self.name
    }
}

impl TypeRow for DossierType {
    fn id(&self) -> i64 {
        self.id
    }
    fn name(&self) -> &str {
        &self.name
    }
}

impl TypeKind for DocumentKind {
    type Row = DocumentType;
    const TARGET: &'static str = "document_type";

    async fn insert(conn: &mut AsyncPgConnection, name: &str) -> DbResult<DocumentType> {
        diesel::insert_into(document_types::table)
            .values(NewDocumentType {
                name: name.to_owned(),
            })
            .returning(DocumentType::as_returning())
            .get_result(conn)
            .await
            .context("creating a document type")
    }

    async fn find(conn: &mut AsyncPgConnection, name: &str) -> DbResult<Option<DocumentType>> {
        find_document_type(conn, name).await
    }

    async fn rule_count(conn: &mut AsyncPgConnection, type_id: i64) -> DbResult<i64> {
        document_rules::table
            .filter(document_rules::document_type_id.eq(type_id))
            .count()
            .get_result(conn)
            .await
            .context("counting the rules of a document type")
    }

    async fn has_items(conn: &mut AsyncPgConnection, type_id: i64) -> DbResult<bool> {
        diesel::select(diesel::dsl::exists(
            documents::table.filter(documents::document_type_id.eq(type_id)),
        ))
        .get_result(conn)
        .await
        .context("checking the documents of a document type")
    }

    fn has_items_message(name: &str) -> Message {
        messages::type_has_documents(name)
    }

    async fn remove(conn: &mut AsyncPgConnection, type_id: i64) -> DbResult<()> {
        diesel::delete(document_types::table.find(type_id))
            .execute(conn)
            .await
            .map(drop)
            .context("deleting a document type")
    }
}

impl TypeKind for DossierKind {
    type Row = DossierType;
    const TARGET: &'static str = "dossier_type";

    async fn insert(conn: &mut AsyncPgConnection, name: &str) -> DbResult<DossierType> {
        diesel::insert_into(dossier_types::table)
            .values(NewDossierType {
                name: name.to_owned(),
            })
            .returning(DossierType::as_returning())
            .get_result(conn)
            .await
            .context("creating a dossier type")
    }

    async fn find(conn: &mut AsyncPgConnection, name: &str) -> DbResult<Option<DossierType>> {
        find_dossier_type(conn, name).await
    }

    async fn rule_count(conn: &mut AsyncPgConnection, type_id: i64) -> DbResult<i64> {
        dossier_rules::table
            .filter(dossier_rules::dossier_type_id.eq(type_id))
            .count()
            .get_result(conn)
            .await
            .context("counting the rules of a dossier type")
    }

    async fn has_items(conn: &mut AsyncPgConnection, type_id: i64) -> DbResult<bool> {
        diesel::select(diesel::dsl::exists(
            dossiers::table.filter(dossiers::dossier_type_id.eq(type_id)),
        ))
        .get_result(conn)
        .await
        .context("checking the dossiers of a dossier type")
    }

    fn has_items_message(name: &str) -> Message {
        messages::type_has_dossiers(name)
    }

    async fn remove(conn: &mut AsyncPgConnection, type_id: i64) -> DbResult<()> {
        diesel::delete(dossier_types::table.find(type_id))
            .execute(conn)
            .await
            .map(drop)
            .context("deleting a dossier type")
    }
}
