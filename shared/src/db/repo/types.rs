//! Document and dossier types (addressed by name), and the required metas of dossier types:
//! lists and lookups. Their edits are `crate::services::types`.

use std::collections::HashMap;

use diesel::dsl::count_star;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use super::capped_count::capped_count;
use super::paging::{PageRequest, contains_pattern, page};

use crate::db::models::types::{DocumentType, DossierType};
use crate::db::schema::{
    document_rules, document_types, dossier_rules, dossier_type_required_metas, dossier_types,
};
use crate::db::{DbResult, QueryContext};

// ---------------------------------------------------------------------------------------
// Document types.

/// Document types, newest first.
pub async fn list_document_types(
    conn: &mut AsyncPgConnection,
    limit: Option<i64>,
    offset: Option<i64>,
) -> DbResult<Vec<DocumentType>> {
    let (limit, offset) = page(limit, offset);
    document_types::table
        .select(DocumentType::as_select())
        .order((document_types::created_at.desc(), document_types::id.desc()))
        .limit(limit)
        .offset(offset)
        .load(conn)
        .await
        .context("listing document types")
}

/// The sorts of the paged type lists, each served by an index (migration 0007).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeSort {
    /// Newest first when descending (id breaks ties).
    CreatedAt,
    /// The UNIQUE index on the name.
    Name,
}

/// One page of document types (`name_contains`: a substring of the name, any case) and how
/// many match.
pub async fn page_document_types(
    conn: &mut AsyncPgConnection,
    name_contains: Option<&str>,
    sort: TypeSort,
    page: PageRequest,
) -> DbResult<(Vec<DocumentType>, i64)> {
    let page = page.bounded();
    let pattern = name_contains.map(contains_pattern);
    let mut count = document_types::table
        .select(document_types::id)
        .into_boxed::<Pg>();
    let mut query = document_types::table
        .select(DocumentType::as_select())
        .into_boxed::<Pg>();
    if let Some(pattern) = &pattern {
        count = count.filter(document_types::name.ilike(pattern.clone()));
        query = query.filter(document_types::name.ilike(pattern.clone()));
    }
    let total: i64 = capped_count(count)
        .get_result(conn)
        .await
        .context("counting document types")?;
    let query = match (sort, page.descending) {
        (TypeSort::CreatedAt, true) => {
            query.order((document_types::created_at.desc(), document_types::id.desc()))
        }
        (TypeSort::CreatedAt, false) => {
            query.order((document_types::created_at.asc(), document_types::id.asc()))
        }
        (TypeSort::Name, true) => query.order(document_types::name.desc()),
        (TypeSort::Name, false) => query.order(document_types::name.asc()),
    };
    let rows = query
        .limit(page.limit)
        .offset(page.offset)
        .load(conn)
        .await
        .context("listing a page of document types")?;
    Ok((rows, total))
}

/// How many rules each of the document types `type_ids` has (types without rules are absent).
pub async fn document_rule_counts(
    conn: &mut AsyncPgConnection,
    type_ids: &[i64],
) -> DbResult<HashMap<i64, i64>> {
    let rows: Vec<(i64, i64)> = document_rules::table
        .filter(document_rules::document_type_id.eq_any(type_ids))
        .group_by(document_rules::document_type_id)
        .select((document_rules::document_type_id, count_star()))
        .load(conn)
        .await
        .context("counting the rules of document types")?;
    Ok(rows.into_iter().collect())
}

pub async fn find_document_type(
    conn: &mut AsyncPgConnection,
    name: &str,
) -> DbResult<Option<DocumentType>> {
    document_types::table
        .filter(document_types::name.eq(name.trim()))
        .select(DocumentType::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding a document type")
}

// ---------------------------------------------------------------------------------------
// Dossier types.

/// Dossier types, newest first.
pub async fn list_dossier_types(
    conn: &mut AsyncPgConnection,
    limit: Option<i64>,
    offset: Option<i64>,
) -> DbResult<Vec<DossierType>> {
    let (limit, offset) = page(limit, offset);
    dossier_types::table
        .select(DossierType::as_select())
        .order((dossier_types::created_at.desc(), dossier_types::id.desc()))
        .limit(limit)
        .offset(offset)
        .load(conn)
        .await
        .context("listing dossier types")
}

/// One page of dossier types (`name_contains`: a substring of the name, any case) and how
/// many match.
pub async fn page_dossier_types(
    conn: &mut AsyncPgConnection,
    name_contains: Option<&str>,
    sort: TypeSort,
    page: PageRequest,
) -> DbResult<(Vec<DossierType>, i64)> {
    let page = page.bounded();
    let pattern = name_contains.map(contains_pattern);
    let mut count = dossier_types::table
        .select(dossier_types::id)
        .into_boxed::<Pg>();
    let mut query = dossier_types::table
        .select(DossierType::as_select())
        .into_boxed::<Pg>();
    if let Some(pattern) = &pattern {
        count = count.filter(dossier_types::name.ilike(pattern.clone()));
        query = query.filter(dossier_types::name.ilike(pattern.clone()));
    }
    let total: i64 = capped_count(count)
        .get_result(conn)
        .await
        .context("counting dossier types")?;
    let query = match (sort, page.descending) {
        (TypeSort::CreatedAt, true) => {
            query.order((dossier_types::created_at.desc(), dossier_types::id.desc()))
        }
        (TypeSort::CreatedAt, false) => {
            query.order((dossier_types::created_at.asc(), dossier_types::id.asc()))
        }
        (TypeSort::Name, true) => query.order(dossier_types::name.desc()),
        (TypeSort::Name, false) => query.order(dossier_types::name.asc()),
    };
    let rows = query
        .limit(page.limit)
        .offset(page.offset)
        .load(conn)
        .await
        .context("listing a page of dossier types")?;
    Ok((rows, total))
}

/// How many dossier rules are restricted to each of the dossier types `type_ids` (types
/// without rules are absent).
pub async fn dossier_rule_counts(
    conn: &mut AsyncPgConnection,
    type_ids: &[i64],
) -> DbResult<HashMap<i64, i64>> {
    let rows: Vec<(Option<i64>, i64)> = dossier_rules::table
        .filter(dossier_rules::dossier_type_id.eq_any(type_ids))
        .group_by(dossier_rules::dossier_type_id)
        .select((dossier_rules::dossier_type_id, count_star()))
        .load(conn)
        .await
        .context("counting the rules of dossier types")?;
    Ok(rows
        .into_iter()
        .filter_map(|(id, count)| id.map(|id| (id, count)))
        .collect())
}

pub async fn find_dossier_type(
    conn: &mut AsyncPgConnection,
    name: &str,
) -> DbResult<Option<DossierType>> {
    dossier_types::table
        .filter(dossier_types::name.eq(name.trim()))
        .select(DossierType::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding a dossier type")
}

/// The required metas of each of `type_ids`, sorted by name.
pub async fn required_metas(
    conn: &mut AsyncPgConnection,
    type_ids: &[i64],
) -> DbResult<HashMap<i64, Vec<String>>> {
    let rows: Vec<(i64, String)> = dossier_type_required_metas::table
        .filter(dossier_type_required_metas::dossier_type_id.eq_any(type_ids))
        .select((
            dossier_type_required_metas::dossier_type_id,
            dossier_type_required_metas::meta_name,
        ))
        .order((
            dossier_type_required_metas::dossier_type_id,
            dossier_type_required_metas::meta_name,
        ))
        .load(conn)
        .await
        .context("loading the required metas of dossier types")?;
    let mut by_type: HashMap<i64, Vec<String>> = HashMap::new();
    for (type_id, meta) in rows {
        by_type.entry(type_id).or_default().push(meta);
    }
    Ok(by_type)
}
