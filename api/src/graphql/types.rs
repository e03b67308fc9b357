//! Document and dossier types (docs/domain.md#types, #input-rules-and-limits, #operations):
//! `documentTypes`, `documentType`, `createDocumentType`, `deleteDocumentType`, `dossierTypes`,
//! `dossierType`, `createDossierType`, and `setDossierTypeRequiredMetas` (docs/domain.md#types:
//! required metas are set per dossier type, and the metas check needs them). Types are
//! addressed by name.
//!
//! Beside the original plain lists, the screens' paged lists `documentTypesPage` and
//! `dossierTypesPage` (the `TableInput` of [`super::support::table`]) and `deleteDossierType`. A type's
//! `ruleCount` answers without loading its rules; a list loads rules and counts for all its
//! rows at once, only when the request selects them.

use std::sync::Arc;

use async_graphql::{ComplexObject, Context, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use shared::db::models::types::{DocumentType as DocumentTypeRow, DossierType as DossierTypeRow};
use shared::db::repo::rules::{self as rules_repo, DossierRuleFilter};
use shared::db::repo::types::{self as repo, TypeSort};
use shared::services::types::{self as service, DocumentKind, DossierKind};

use super::rules::{DocumentRule, DossierRule};
use super::support::caller::{actor, claims};
use super::support::errors::{db_error, edit_error, internal, not_found};
use super::support::table::{
    Column, FilterKind, FilterValue, Page, Table, TableInput, TableSpec, paging,
};
use crate::state::AppState;
use shared::messages;

/// The type lists' columns (`documentTypesPage`, `dossierTypesPage`): sorts and filters each
/// backed by an index (migrations 0002 and 0007).
const TYPE_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("name").sortable().filter(FilterKind::Text),
        Column::new("createdAt").aliases(&["created_at"]).sortable(),
    ],
    default_sort: "createdAt",
    default_descending: true,
};

/// A document type with its rules.
#[derive(SimpleObject)]
#[graphql(complex)]
pub struct DocumentType {
    pub name: String,
    pub created_at: DateTime<Utc>,
    #[graphql(skip)]
    id: i64,
    /// Loaded with the list when the request asks for them; otherwise on demand.
    #[graphql(skip)]
    rules: Option<Vec<DocumentRule>>,
    #[graphql(skip)]
    rule_count: Option<i64>,
}

#[ComplexObject]
impl DocumentType {
    /// Its rules, newest first.
    async fn document_rules(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<DocumentRule>> {
        if let Some(rules) = &self.rules {
            return Ok(rules.clone());
        }
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let rules = rules_repo::list_document_rules(&mut conn, Some(&[self.id]), None, None)
            .await
            .map_err(db_error)?;
        Ok(rules.into_iter().map(DocumentRule::from).collect())
    }

    /// How many rules it has, without loading them (a type with rules cannot be deleted).
    async fn rule_count(&self, ctx: &Context<'_>) -> async_graphql::Result<i64> {
        if let Some(count) = self.rule_count {
            return Ok(count);
        }
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let counts = repo::document_rule_counts(&mut conn, &[self.id])
            .await
            .map_err(db_error)?;
        Ok(counts.get(&self.id).copied().unwrap_or(0))
    }
}

/// A dossier type with its rules (those restricted to it) and its required metas.
#[derive(SimpleObject)]
#[graphql(complex)]
pub struct DossierType {
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub required_metas: Vec<String>,
    #[graphql(skip)]
    id: i64,
    /// Loaded with the list when the request asks for them; otherwise on demand.
    #[graphql(skip)]
    rules: Option<Vec<DossierRule>>,
    #[graphql(skip)]
    rule_count: Option<i64>,
}

#[ComplexObject]
impl DossierType {
    /// The dossier rules restricted to it, newest first.
    async fn dossier_rules(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<DossierRule>> {
        if let Some(rules) = &self.rules {
            return Ok(rules.clone());
        }
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let rules = rules_repo::list_dossier_rules(
            &mut conn,
            DossierRuleFilter {
                dossier_type_ids: Some(vec![self.id]),
                ..DossierRuleFilter::default()
            },
            None,
            None,
        )
        .await
        .map_err(db_error)?;
        Ok(rules.into_iter().map(DossierRule::from).collect())
    }

    /// How many dossier rules are restricted to it, without loading them (a type with rules
    /// cannot be deleted).
    async fn rule_count(&self, ctx: &Context<'_>) -> async_graphql::Result<i64> {
        if let Some(count) = self.rule_count {
            return Ok(count);
        }
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let counts = repo::dossier_rule_counts(&mut conn, &[self.id])
            .await
            .map_err(db_error)?;
        Ok(counts.get(&self.id).copied().unwrap_or(0))
    }
}

/// What a list of types loads for all its rows at once (what the request selects), instead of
/// row by row.
#[derive(Debug, Clone, Copy)]
struct Preload {
    rules: bool,
    counts: bool,
}

impl Preload {
    /// What `ahead` (the selection of one type) asks for.
    fn of(ahead: async_graphql::Lookahead<'_>, rules_field: &str) -> Self {
        Self {
            rules: ahead.field(rules_field).exists(),
            counts: ahead.field("ruleCount").exists(),
        }
    }
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

async fn document_types_of(
    state: &AppState,
    rows: Vec<DocumentTypeRow>,
    preload: Preload,
) -> async_graphql::Result<Vec<DocumentType>> {
    let mut conn = state.db.get().await.map_err(internal)?;
    let ids: Vec<i64> = rows.iter().map(|t| t.id).collect();
    let rules = if preload.rules {
        Some(
            rules_repo::list_document_rules(&mut conn, Some(&ids), None, None)
                .await
                .map_err(db_error)?,
        )
    } else {
        None
    };
    let counts = if preload.counts {
        Some(
            repo::document_rule_counts(&mut conn, &ids)
                .await
                .map_err(db_error)?,
        )
    } else {
        None
    };
    Ok(rows
        .into_iter()
        .map(|row| DocumentType {
            rules: rules.as_ref().map(|rules| {
                rules
                    .iter()
                    .filter(|r| r.rule.document_type_id == row.id)
                    .cloned()
                    .map(DocumentRule::from)
                    .collect()
            }),
            rule_count: counts
                .as_ref()
                .map(|counts| counts.get(&row.id).copied().unwrap_or(0)),
            id: row.id,
            name: row.name,
            created_at: row.created_at,
        })
        .collect())
}

async fn dossier_types_of(
    state: &AppState,
    rows: Vec<DossierTypeRow>,
    preload: Preload,
) -> async_graphql::Result<Vec<DossierType>> {
    let mut conn = state.db.get().await.map_err(internal)?;
    let ids: Vec<i64> = rows.iter().map(|t| t.id).collect();
    let rules = if preload.rules {
        Some(
            rules_repo::list_dossier_rules(
                &mut conn,
                DossierRuleFilter {
                    dossier_type_ids: Some(ids.clone()),
                    ..DossierRuleFilter::default()
                },
                None,
                None,
            )
            .await
            .map_err(db_error)?,
        )
    } else {
        None
    };
    let counts = if preload.counts {
        Some(
            repo::dossier_rule_counts(&mut conn, &ids)
                .await
                .map_err(db_error)?,
        )
    } else {
        None
    };
    let mut metas = repo::required_metas(&mut conn, &ids)
        .await
        .map_err(db_error)?;
    Ok(rows
        .into_iter()
        .map(|row| DossierType {
            rules: rules.as_ref().map(|rules| {
                rules
                    .iter()
                    .filter(|r| r.rule.dossier_type_id == Some(row.id))
                    .cloned()
                    .map(DossierRule::from)
                    .collect()
            }),
            rule_count: counts
                .as_ref()
                .map(|counts| counts.get(&row.id).copied().unwrap_or(0)),
            required_metas: metas.remove(&row.id).unwrap_or_default(),
            id: row.id,
            name: row.name,
            created_at: row.created_at,
        })
        .collect())
}

/// The type table's sort and name filter.
fn type_list(table: &Table) -> (Option<&str>, TypeSort) {
    let name = match table.filter("name") {
        Some(FilterValue::Text(text)) => Some(text.as_str()),
        _ => None,
    };
    let sort = match table.sort {
        "name" => TypeSort::Name,
        _ => TypeSort::CreatedAt,
    };
    (name, sort)
}

fn type_not_found(name: &str) -> async_graphql::Error {
    not_found(messages::type_not_found(name))
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
        let preload = Preload::of(ctx.look_ahead(), "documentRules");
        document_types_of(state, rows, preload).await
    }

    /// One page of document types (docs/domain.md#types): sorted by `name` or
    /// `createdAt` (default `createdAt DESC`), filtered by a substring of `name` (`text`).
    async fn document_types_page(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<DocumentType>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = TYPE_TABLE.parse(input)?;
        let (name, sort) = type_list(&table);
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) = repo::page_document_types(&mut conn, name, sort, table.page())
            .await
            .map_err(db_error)?;
        drop(conn);
        let preload = Preload::of(ctx.look_ahead().field("items"), "documentRules");
        let items = document_types_of(state, rows, preload).await?;
        Ok(table.page_of(items, total))
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
        let preload = Preload::of(ctx.look_ahead(), "documentRules");
        let mut types = document_types_of(state, vec![row], preload).await?;
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
        let preload = Preload::of(ctx.look_ahead(), "dossierRules");
        dossier_types_of(state, rows, preload).await
    }

    /// One page of dossier types, with their required metas: sorted by `name` or `createdAt`
    /// (default `createdAt DESC`), filtered by a substring of `name` (`text`).
    async fn dossier_types_page(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<DossierType>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = TYPE_TABLE.parse(input)?;
        let (name, sort) = type_list(&table);
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) = repo::page_dossier_types(&mut conn, name, sort, table.page())
            .await
            .map_err(db_error)?;
        drop(conn);
        let preload = Preload::of(ctx.look_ahead().field("items"), "dossierRules");
        let items = dossier_types_of(state, rows, preload).await?;
        Ok(table.page_of(items, total))
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
        let preload = Preload::of(ctx.look_ahead(), "dossierRules");
        let mut types = dossier_types_of(state, vec![row], preload).await?;
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
        let name = input.name.as_deref().unwrap_or("");
        let row = service::create::<DocumentKind>(&state.db, name, &actor(claims(ctx)?))
            .await
            .map_err(edit_error)?;
        Ok(DocumentType {
            id: row.id,
            name: row.name,
            created_at: row.created_at,
            rules: Some(Vec::new()),
            rule_count: Some(0),
        })
    }

    /// Deletes a document type; refused while it has rules or documents.
    async fn delete_document_type(
        &self,
        ctx: &Context<'_>,
        name: String,
    ) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        service::delete::<DocumentKind>(&state.db, &name, &actor(claims(ctx)?))
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
        let name = input.name.as_deref().unwrap_or("");
        let row = service::create::<DossierKind>(&state.db, name, &actor(claims(ctx)?))
            .await
            .map_err(edit_error)?;
        Ok(DossierType {
            id: row.id,
            name: row.name,
            created_at: row.created_at,
            required_metas: Vec::new(),
            rules: Some(Vec::new()),
            rule_count: Some(0),
        })
    }

    /// Deletes a dossier type (with its required metas); refused while dossier rules are
    /// restricted to it or dossiers have it.
    async fn delete_dossier_type(
        &self,
        ctx: &Context<'_>,
        name: String,
    ) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        service::delete::<DossierKind>(&state.db, &name, &actor(claims(ctx)?))
            .await
            .map_err(edit_error)?;
        Ok(true)
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
        let row = service::set_required_metas(&state.db, &name, &metas, &actor(claims(ctx)?))
            .await
            .map_err(edit_error)?;
        let preload = Preload::of(ctx.look_ahead(), "dossierRules");
        let mut types = dossier_types_of(state, vec![row], preload).await?;
        types.pop().ok_or_else(|| type_not_found(&name))
    }
}
