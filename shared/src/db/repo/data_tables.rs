//! Data tables: named JSON handed to rules as `dataTables`, addressed by name, listed by
//! `ordinamento`: lists and lookups. Their edits are `crate::services::data_tables`.

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use super::capped_count::capped_count;
use super::edit_error::EditError;
use super::paging::page;
use super::paging::{PageRequest, contains_pattern};
use crate::db::models::types::DataTable;
use crate::db::schema::data_tables;
use crate::db::{DbResult, QueryContext};
use crate::messages;

/// Data tables by `ordinamento`, then name.
pub async fn list_data_tables(
    conn: &mut AsyncPgConnection,
    limit: Option<i64>,
    offset: Option<i64>,
) -> DbResult<Vec<DataTable>> {
    let (limit, offset) = page(limit, offset);
    data_tables::table
        .select(DataTable::as_select())
        .order((data_tables::ordinamento, data_tables::name))
        .limit(limit)
        .offset(offset)
        .load(conn)
        .await
        .context("listing data tables")
}

/// The sorts of the paged data table list, each served by an index (migrations 0002, 0007).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataTableSort {
    /// Then by name.
    Ordinamento,
    Name,
    /// Id breaks ties.
    UpdatedAt,
}

/// One page of data tables (`name_contains`: a substring of the name, any case) and how many
/// match.
pub async fn page_data_tables(
    conn: &mut AsyncPgConnection,
    name_contains: Option<&str>,
    sort: DataTableSort,
    page: PageRequest,
) -> DbResult<(Vec<DataTable>, i64)> {
    let page = page.bounded();
    let pattern = name_contains.map(contains_pattern);
    let mut count = data_tables::table
        .select(data_tables::id)
        .into_boxed::<Pg>();
    let mut query = data_tables::table
        .select(DataTable::as_select())
        .into_boxed::<Pg>();
    if let Some(pattern) = &pattern {
        count = count.filter(data_tables::name.ilike(pattern.clone()));
        query = query.filter(data_tables::name.ilike(pattern.clone()));
    }
    let total: i64 = capped_count(count)
        .get_result(conn)
        .await
        .context("counting data tables")?;
    let query = match (sort, page.descending) {
        (DataTableSort::Ordinamento, true) => {
            query.order((data_tables::ordinamento.desc(), data_tables::name.desc()))
        }
        (DataTableSort::Ordinamento, false) => {
            query.order((data_tables::ordinamento.asc(), data_tables::name.asc()))
        }
        (DataTableSort::Name, true) => query.order(data_tables::name.desc()),
        (DataTableSort::Name, false) => query.order(data_tables::name.asc()),
        (DataTableSort::UpdatedAt, true) => {
            query.order((data_tables::updated_at.desc(), data_tables::id.desc()))
        }
        (DataTableSort::UpdatedAt, false) => {
            query.order((data_tables::updated_at.asc(), data_tables::id.asc()))
        }
    };
    let rows = query
        .limit(page.limit)
        .offset(page.offset)
        .load(conn)
        .await
        .context("listing a page of data tables")?;
    Ok((rows, total))
}

pub async fn find_data_table(
    conn: &mut AsyncPgConnection,
    name: &str,
) -> DbResult<Option<DataTable>> {
    data_tables::table
        .filter(data_tables::name.eq(name.trim()))
        .select(DataTable::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding a data table")
}

/// The ids of the data tables `names` (duplicates once); an unknown name is an error of the
/// input field `field`.
pub async fn resolve_names(
    conn: &mut AsyncPgConnection,
    field: &'static str,
    names: &[String],
) -> Result<Vec<i64>, EditError> {
    let mut wanted: Vec<String> = names.iter().map(|n| n.trim().to_owned()).collect();
    wanted.sort();
    wanted.dedup();
    let found: Vec<(i64, String)> = data_tables::table
        .filter(data_tables::name.eq_any(&wanted))
        .select((data_tables::id, data_tables::name))
        .load(conn)
        .await
        .context("resolving data table names")?;
    let missing: Vec<&str> = wanted
        .iter()
        .filter(|name| !found.iter().any(|(_, n)| n == *name))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() {
        return Err(EditError::invalid(
            field,
            messages::data_tables_not_found(missing.join(", ")),
        ));
    }
    Ok(found.into_iter().map(|(id, _)| id).collect())
}
