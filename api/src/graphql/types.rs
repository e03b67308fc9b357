//! Document and dossier types (operations spec §2 "Types", §3, §5, §7): `documentTypes`,
//! `documentType`, `createDocumentType`, `deleteDocumentType`, `dossierTypes`, `dossierType`,
//! `createDossierType`, and `setDossierTypeRequiredMetas` (DESIGN.md: required metas are set
//! per dossier type, and the metas check needs them). Types are addressed by name.

use std::sync::Arc;

use async_graphql::{Context, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use shared::db::models::types::{DocumentType as DocumentTypeRow, DossierType as DossierTypeRow};
use shared::db::repo::rules::{self as rules_repo, DossierRuleFilter};
use shared::db::repo::types::{self as repo, EditError};

use super::errors::{bad_input, conflict, internal, not_found};
use super::rules::{DocumentRule, DossierRule};
use crate::state::AppState;

/// The answer to a catalogue edit the repositories refused.
pub(super) fn edit_error(error: EditError) -> async_graphql::Error {
    match error {
        EditError::Invalid { field, message } => bad_input(field, message),
        EditError::NotFound(message) => not_found(message),
        EditError::Conflict(message) => conflict(message),
        EditError::Db(error) => internal(chain(&error)),
    }
}

/// An error with its sources, for the log.
pub(super) fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// A database error as the client sees it.
pub(super) fn db_error(error: shared::db::DbError) -> async_graphql::Error {
    internal(chain(&error))
}

/// `limit` / `offset` arguments as the repositories take them.
pub(super) fn paging(limit: Option<i32>, offset: Option<i32>) -> (Option<i64>, Option<i64>) {
    (limit.map(i64::from), offset.map(i64::from))
}

/// A reference by name (a rule's `documentType { name }`, its `dataTables [{ name }]`).
#[derive(SimpleObject, Clone)]
#[graphql(name = "NamedRef")]
pub struct NamedRef {
    pub name: String,
}

/// A document type with its rules.
#[derive(SimpleObject)]
pub struct DocumentType {
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub document_rules: Vec<DocumentRule>,
}

/// A dossier type with its rules (those restricted to it) and its required metas.
#[derive(SimpleObject)]
pub struct DossierType {
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub dossier_rules: Vec<DossierRule>,
    pub required_metas: Vec<String>,
}

/// A new type: its name (required, at most 30 characters, unique).
#[derive(InputObject)]
pub struct DocumentTypeInput {
    pub name: Option<String>,
}

/// A new type: its name (required, at most 30 characters, unique).
#[derive(InputObject)]
pub struct DossierTypeInput {
    pub name: Option<String>,
}

async fn document_types_with_rules(
    state: &AppState,
    rows: Vec<DocumentTypeRow>,
) -> async_graphql::Result<Vec<DocumentType>> {
    let mut conn = state.db.get().await.map_err(internal)?;
    let ids: Vec<i64> = rows.iter().map(|t| t.id).collect();
    let rules = rules_repo::list_document_rules(&mut conn, Some(&ids), None, None)
        .await
        .map_err(db_error)?;
    Ok(rows
        .into_iter()
        .map(|row| DocumentType {
            document_rules: rules
                .iter()
                .filter(|r| r.rule.document_type_id == row.id)
                .cloned()
                .map(DocumentRule::from)
                .collect(),
            name: row.name,
            created_at: row.created_at,
        })
        .collect())
}

async fn dossier_types_with_rules(
    state: &AppState,
    rows: Vec<DossierTypeRow>,
) -> async_graphql::Result<Vec<DossierType>> {
    let mut conn = state.db.get().await.map_err(internal)?;
    let ids: Vec<i64> = rows.iter().map(|t| t.id).collect();
    let rules = rules_repo::list_dossier_rules(
        &mut conn,
        DossierRuleFilter {
            dossier_type_ids: Some(ids.clone()),
            ..DossierRuleFilter::default()
        },
        None,
        None,
    )
    .await
    .map_err(db_error)?;
    let mut metas = repo::required_metas(&mut conn, &ids)
        .await
        .map_err(db_error)?;
    Ok(rows
        .into_iter()
        .map(|row| DossierType {
            dossier_rules: rules
                .iter()
                .filter(|r| r.rule.dossier_type_id == Some(row.id))
                .cloned()
                .map(DossierRule::from)
                .collect(),
            required_metas: metas.remove(&row.id).unwrap_or_default(),
            name: row.name,
            created_at: row.created_at,
        })
        .collect())
}

fn type_not_found(name: &str) -> async_graphql::Error {
    not_found(format!("Tipologia «{name}» non trovata"))
}

#[derive(Default)]
pub struct TypesQuery;

#[Object]
impl TypesQuery {
    /// Document types, newest first, with their rules (at most `limit`, default and maximum
    /// 1000, from `offset`).
    async fn document_types(
        &self,
        ctx: &Context<'_>,
        limit: Option<i32>,
        offset: Option<i32>,
    ) -> async_graphql::Result<Vec<DocumentType>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let (limit, offset) = paging(limit, offset);
        let mut conn = state.db.get().await.map_err(internal)?;
        let rows = repo::list_document_types(&mut conn, limit, offset)
            .await
            .map_err(db_error)?;
        drop(conn);
        document_types_with_rules(state, rows).await
    }

    /// One document type by name, with its rules.
    async fn document_type(
        &self,
        ctx: &Context<'_>,
        name: String,
    ) -> async_graphql::Result<DocumentType> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let row = repo::find_document_type(&mut conn, &name)
            .await
            .map_err(db_error)?
            .ok_or_else(|| type_not_found(&name))?;
        drop(conn);
        let mut types = document_types_with_rules(state, vec![row]).await?;
        types.pop().ok_or_else(|| type_not_found(&name))
    }

    /// Dossier types, newest first, with their rules and required metas.
    async fn dossier_types(
        &self,
        ctx: &Context<'_>,
        limit: Option<i32>,
        offset: Option<i32>,
    ) -> async_graphql::Result<Vec<DossierType>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let (limit, offset) = paging(limit, offset);
        let mut conn = state.db.get().await.map_err(internal)?;
        let rows = repo::list_dossier_types(&mut conn, limit, offset)
            .await
            .map_err(db_error)?;
        drop(conn);
        dossier_types_with_rules(state, rows).await
    }

    /// One dossier type by name, with its rules and required metas.
    async fn dossier_type(
        &self,
        ctx: &Context<'_>,
        name: String,
    ) -> async_graphql::Result<DossierType> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let row = repo::find_dossier_type(&mut conn, &name)
            .await
            .map_err(db_error)?
            .ok_or_else(|| type_not_found(&name))?;
        drop(conn);
        let mut types = dossier_types_with_rules(state, vec![row]).await?;
        types.pop().ok_or_else(|| type_not_found(&name))
    }
}

#[derive(Default)]
pub struct TypesMutation;

#[Object]
impl TypesMutation {
    /// Creates a document type.
    async fn create_document_type(
        &self,
        ctx: &Context<'_>,
        input: DocumentTypeInput,
    ) -> async_graphql::Result<DocumentType> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let row = repo::create_document_type(&mut conn, input.name.as_deref().unwrap_or(""))
            .await
            .map_err(edit_error)?;
        Ok(DocumentType {
            name: row.name,
            created_at: row.created_at,
            document_rules: Vec::new(),
        })
    }

    /// Deletes a document type; refused while it has rules or documents.
    async fn delete_document_type(
        &self,
        ctx: &Context<'_>,
        name: String,
    ) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        repo::delete_document_type(&mut conn, &name)
            .await
            .map_err(edit_error)?;
        Ok(true)
    }

    /// Creates a dossier type.
    async fn create_dossier_type(
        &self,
        ctx: &Context<'_>,
        input: DossierTypeInput,
    ) -> async_graphql::Result<DossierType> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let row = repo::create_dossier_type(&mut conn, input.name.as_deref().unwrap_or(""))
            .await
            .map_err(edit_error)?;
        Ok(DossierType {
            name: row.name,
            created_at: row.created_at,
            dossier_rules: Vec::new(),
            required_metas: Vec::new(),
        })
    }

    /// Replaces the metas every dossier of the type must have before its dossier rules run
    /// (blank names dropped, duplicates once).
    async fn set_dossier_type_required_metas(
        &self,
        ctx: &Context<'_>,
        name: String,
        metas: Vec<String>,
    ) -> async_graphql::Result<DossierType> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let row = repo::set_required_metas(&mut conn, &name, &metas)
            .await
            .map_err(edit_error)?;
        drop(conn);
        let mut types = dossier_types_with_rules(state, vec![row]).await?;
        types.pop().ok_or_else(|| type_not_found(&name))
    }
}
