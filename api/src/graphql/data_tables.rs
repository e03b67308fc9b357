//! Data tables (docs/domain.md#data-tables, #input-rules-and-limits, #operations): `dataTables`,
//! `createDataTable`, `updateDataTable`, `deleteDataTable`. Addressed by name; content travels
//! as JSON text and must parse ('Json non valido'); a table a rule uses cannot be deleted.
//! Beside them, the screens' paged list `dataTablesPage` and the detail `dataTable(name)`.

use std::sync::Arc;

use async_graphql::{Context, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use shared::db::models::types::DataTable as DataTableRow;
use shared::db::repo::data_tables::{self as repo, DataTableSort};
use shared::services::data_tables::{self as service, DataTableEdit};

use super::support::caller::{actor, claims};
use super::support::errors::{bad_input, db_error, edit_error, internal, not_found};
use super::support::table::{Column, FilterKind, FilterValue, Page, TableInput, TableSpec, paging};
use crate::state::AppState;
use shared::messages;

/// The data table list's columns (`dataTablesPage`): sorts and filters each backed by an index
/// (migrations 0002 and 0007). The default order is `ordinamento`, ascending
/// (docs/domain.md#constants).
const DATA_TABLE_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("name").sortable().filter(FilterKind::Text),
        Column::new("ordinamento").sortable(),
        Column::new("updatedAt").aliases(&["updated_at"]).sortable(),
    ],
    default_sort: "ordinamento",
    default_descending: false,
};

/// A data table; `content` is its JSON as text.
#[derive(SimpleObject)]
pub struct DataTable {
    pub name: String,
    pub ordinamento: i32,
    pub content: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<DataTableRow> for DataTable {
    fn from(row: DataTableRow) -> Self {
        Self {
            name: row.name,
            ordinamento: row.ordinamento,
            content: row.content.to_string(),
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// A new data table.
#[derive(InputObject)]
pub struct CreateDataTableInput {
    pub name: Option<String>,
    /// JSON text.
    pub content: Option<String>,
    /// Sort order (default 0).
    pub ordinamento: Option<i32>,
}

/// Changes of a data table; a field left out stays as it is.
#[derive(InputObject)]
pub struct UpdateDataTableInput {
    pub name: Option<String>,
    pub ordinamento: Option<i32>,
    /// JSON text.
    pub content: Option<String>,
}

#[derive(Default)]
pub struct DataTablesQuery;

#[Object]
impl DataTablesQuery {
    /// Data tables by `ordinamento`, then name (at most `limit`, default and maximum 1000,
    /// from `offset`).
    async fn data_tables(
        &self,
        ctx: &Context<'_>,
        limit: Option<i32>,
        offset: Option<i32>,
    ) -> async_graphql::Result<Vec<DataTable>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let (limit, offset) = paging(limit, offset);
        let mut conn = state.db.get().await.map_err(internal)?;
        let rows = repo::list_data_tables(&mut conn, limit, offset)
            .await
            .map_err(db_error)?;
        Ok(rows.into_iter().map(DataTable::from).collect())
    }

    /// One page of data tables: sorted by `ordinamento` (then name; the default, ascending),
    /// `name` or `updatedAt`, filtered by a substring of `name` (`text`).
    async fn data_tables_page(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<DataTable>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = DATA_TABLE_TABLE.parse(input)?;
        let name = match table.filter("name") {
            Some(FilterValue::Text(text)) => Some(text.as_str()),
            _ => None,
        };
        let sort = match table.sort {
            "name" => DataTableSort::Name,
            "updatedAt" => DataTableSort::UpdatedAt,
            _ => DataTableSort::Ordinamento,
        };
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) = repo::page_data_tables(&mut conn, name, sort, table.page())
            .await
            .map_err(db_error)?;
        Ok(table.page_of(rows.into_iter().map(DataTable::from).collect(), total))
    }

    /// One data table by name (the editor of /datatables/dettagli/{name}).
    async fn data_table(
        &self,
        ctx: &Context<'_>,
        name: String,
    ) -> async_graphql::Result<DataTable> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        repo::find_data_table(&mut conn, &name)
            .await
            .map_err(db_error)?
            .map(DataTable::from)
            .ok_or_else(|| not_found(messages::data_table_not_found(name.trim())))
    }
}

#[derive(Default)]
pub struct DataTablesMutation;

#[Object]
impl DataTablesMutation {
    /// Creates a data table.
    async fn create_data_table(
        &self,
        ctx: &Context<'_>,
        input: CreateDataTableInput,
    ) -> async_graphql::Result<DataTable> {
        let state = ctx.data::<Arc<AppState>>()?;
        let Some(content) = input.content else {
            return Err(bad_input("content", messages::invalid_json()));
        };
        let row = service::create(
            &state.db,
            input.name.as_deref().unwrap_or(""),
            &content,
            input.ordinamento.unwrap_or(0),
            &actor(claims(ctx)?),
        )
        .await
        .map_err(edit_error)?;
        Ok(row.into())
    }

    /// Changes a data table (name, sort order, content).
    async fn update_data_table(
        &self,
        ctx: &Context<'_>,
        name: String,
        input: UpdateDataTableInput,
    ) -> async_graphql::Result<DataTable> {
        let state = ctx.data::<Arc<AppState>>()?;
        let row = service::update(
            &state.db,
            &name,
            DataTableEdit {
                name: input.name,
                ordinamento: input.ordinamento,
                content: input.content,
            },
            &actor(claims(ctx)?),
        )
        .await
        .map_err(edit_error)?;
        Ok(row.into())
    }

    /// Deletes a data table; refused while a rule uses it.
    async fn delete_data_table(
        &self,
        ctx: &Context<'_>,
        name: String,
    ) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        service::delete(&state.db, &name, &actor(claims(ctx)?))
            .await
            .map_err(edit_error)?;
        Ok(true)
    }
}
