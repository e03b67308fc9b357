//! Dossiers as the operations screens read and change them: the paged, sorted and filtered
//! list, the detail with its type name and callbacks (their deletion is
//! `crate::services::dossiers::delete`; the pipeline's transitions
//! are in [`super::pipeline`]).
//!
//! Lists page with LIMIT/OFFSET over an indexed sort and count the filtered rows for the page
//! count: every sort and filter offered here is served by an index of the operations
//! migrations (see the comments there), so a page costs an index range scan; the count costs a
//! scan of the matching index entries, acceptable at the volumes the migrations are sized for.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use diesel::dsl::count_star;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::capped_count::capped_count;
use super::paging::{IdRange, MAX_DETAIL_ROWS, PageRequest, contains_pattern};
use crate::db::models::dossiers::{Dossier, DossierCallback};
use crate::db::models::{DocumentState, DossierState};
use crate::db::schema::{documents, dossier_callbacks, dossier_types, dossiers};
use crate::db::{DbResult, QueryContext};

/// The filters of the dossier list (`None`: no filter on that column).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DossierListFilter {
    pub id: Option<IdRange>,
    /// Substring of the description (trigram index).
    pub description: Option<String>,
    pub states: Option<Vec<DossierState>>,
    /// `created_at >= from`.
    pub created_from: Option<DateTime<Utc>>,
    /// `created_at < before`.
    pub created_before: Option<DateTime<Utc>>,
    /// Dossier type names.
    pub dossier_types: Option<Vec<String>>,
}

/// The sorts of the dossier list, each served by an index (id breaks ties).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DossierSort {
    CreatedAt,
    Id,
    Description,
    State,
}

/// A dossier with its type's name.
#[derive(Debug, Clone, PartialEq)]
pub struct DossierView {
    pub dossier: Dossier,
    pub dossier_type: String,
}

fn filtered<'a, ST: 'a>(
    mut query: dossiers::BoxedQuery<'a, Pg, ST>,
    filter: &DossierListFilter,
) -> dossiers::BoxedQuery<'a, Pg, ST> {
    if let Some((lo, hi)) = filter.id {
        query = if lo == hi {
            query.filter(dossiers::id.eq(lo))
        } else {
            query.filter(dossiers::id.between(lo, hi))
        };
    }
    if let Some(text) = &filter.description {
        query = query.filter(dossiers::description.ilike(contains_pattern(text)));
    }
    if let Some(states) = &filter.states {
        query = query.filter(dossiers::state.eq_any(states.clone()));
    }
    if let Some(from) = filter.created_from {
        query = query.filter(dossiers::created_at.ge(from));
    }
    if let Some(before) = filter.created_before {
        query = query.filter(dossiers::created_at.lt(before));
    }
    if let Some(names) = &filter.dossier_types {
        query = query.filter(
            dossiers::dossier_type_id.eq_any(
                dossier_types::table
                    .filter(dossier_types::name.eq_any(names.clone()))
                    .select(dossier_types::id),
            ),
        );
    }
    query
}

/// One page of dossiers and how many match the filter.
pub async fn list_dossiers(
    conn: &mut AsyncPgConnection,
    filter: &DossierListFilter,
    sort: DossierSort,
    page: PageRequest,
) -> DbResult<(Vec<DossierView>, i64)> {
    let page = page.bounded();
    let total: i64 = capped_count(filtered(
        dossiers::table.select(dossiers::id).into_boxed(),
        filter,
    ))
    .get_result(conn)
    .await
    .context("counting dossiers")?;
    let query = filtered(
        dossiers::table.select(Dossier::as_select()).into_boxed(),
        filter,
    );
    let query = match (sort, page.descending) {
        (DossierSort::CreatedAt, true) => {
            query.order((dossiers::created_at.desc(), dossiers::id.desc()))
        }
        (DossierSort::CreatedAt, false) => {
            query.order((dossiers::created_at.asc(), dossiers::id.asc()))
        }
        (DossierSort::Id, true) => query.order(dossiers::id.desc()),
        (DossierSort::Id, false) => query.order(dossiers::id.asc()),
        (DossierSort::Description, true) => {
            query.order((dossiers::description.desc(), dossiers::id.desc()))
        }
        (DossierSort::Description, false) => {
            query.order((dossiers::description.asc(), dossiers::id.asc()))
        }
        (DossierSort::State, true) => {
            query.order((dossiers::state.desc(), dossiers::created_at.asc()))
        }
        (DossierSort::State, false) => {
            query.order((dossiers::state.asc(), dossiers::created_at.desc()))
        }
    };
    let rows: Vec<Dossier> = query
        .limit(page.limit)
        .offset(page.offset)
        .load(conn)
        .await
        .context("listing dossiers")?;
    let views = with_type_names(conn, rows).await?;
    Ok((views, total))
}

async fn with_type_names(
    conn: &mut AsyncPgConnection,
    rows: Vec<Dossier>,
) -> DbResult<Vec<DossierView>> {
    let mut ids: Vec<i64> = rows.iter().map(|d| d.dossier_type_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let names: HashMap<i64, String> = dossier_types::table
        .filter(dossier_types::id.eq_any(ids))
        .select((dossier_types::id, dossier_types::name))
        .load::<(i64, String)>(conn)
        .await
        .context("reading the names of dossier types")?
        .into_iter()
        .collect();
    Ok(rows
        .into_iter()
        .map(|dossier| DossierView {
            dossier_type: names
                .get(&dossier.dossier_type_id)
                .cloned()
                .unwrap_or_default(),
            dossier,
        })
        .collect())
}

/// A dossier with its type's name.
pub async fn find_dossier_view(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> DbResult<Option<DossierView>> {
    let row: Option<(Dossier, String)> = dossiers::table
        .inner_join(dossier_types::table)
        .filter(dossiers::id.eq(id))
        .select((Dossier::as_select(), dossier_types::name))
        .first(conn)
        .await
        .optional()
        .context("reading a dossier")?;
    Ok(row.map(|(dossier, dossier_type)| DossierView {
        dossier,
        dossier_type,
    }))
}

/// Whether the dossier exists.
pub async fn dossier_exists(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<bool> {
    diesel::select(diesel::dsl::exists(dossiers::table.find(id)))
        .get_result(conn)
        .await
        .context("looking a dossier up")
}

/// The callback attempts of a dossier, newest first.
pub async fn callbacks(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
) -> DbResult<Vec<DossierCallback>> {
    dossier_callbacks::table
        .filter(dossier_callbacks::dossier_id.eq(dossier_id))
        .order((
            dossier_callbacks::created_at.desc(),
            dossier_callbacks::id.desc(),
        ))
        .limit(MAX_DETAIL_ROWS)
        .select(DossierCallback::as_select())
        .load(conn)
        .await
        .context("reading the callbacks of a dossier")
}

/// How many documents of the dossier are still being extracted or run.
pub async fn documents_in_progress(
    conn: &mut AsyncPgConnection,
    dossier_id: Uuid,
) -> DbResult<i64> {
    documents::table
        .filter(documents::dossier_id.eq(dossier_id))
        .filter(documents::state.eq_any([DocumentState::Uploaded, DocumentState::Extracted]))
        .select(count_star())
        .get_result(conn)
        .await
        .context("counting the documents of a dossier in progress")
}
