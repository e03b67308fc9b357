//! Data tables: named JSON handed to rules as `dataTables`, addressed by name, listed by
//! `ordinamento`. Their content arrives as JSON text and must parse ('Json non valido').

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

use super::audit::{self, Actor, Entry};
use super::capped_count::capped_count;
use super::dossiers::{PageRequest, contains_pattern};
use super::types::{EditError, page};
use crate::db::models::types::{DataTable, DataTableChanges, NewDataTable};
use crate::db::schema::{
    data_tables, document_rule_data_tables, document_rules, dossier_rule_data_tables, dossier_rules,
};
use crate::db::{DbError, DbResult, QueryContext};
use crate::messages;

/// A data table's content, parsed.
pub fn parse_content(content: &str) -> Result<serde_json::Value, EditError> {
    serde_json::from_str(content)
        .map_err(|_| EditError::invalid("content", messages::invalid_json()))
}

fn check_name(name: &str) -> Result<String, EditError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(EditError::invalid("name", messages::required()));
    }
    Ok(name.to_owned())
}

fn name_taken(error: DbError, name: &str) -> EditError {
    if error.is_unique_violation() {
        EditError::invalid("name", messages::data_table_exists(name))
    } else {
        error.into()
    }
}

/// Creates a data table with its audit entry (`data_table.create`), in one transaction.
pub async fn create_data_table(
    conn: &mut AsyncPgConnection,
    name: &str,
    content: &str,
    ordinamento: i32,
    actor: Option<&Actor>,
) -> Result<DataTable, EditError> {
    let name = check_name(name)?;
    let content = parse_content(content)?;
    conn.transaction(async |conn| {
        let created = diesel::insert_into(data_tables::table)
            .values(NewDataTable {
                name: name.clone(),
                ordinamento,
                content,
            })
            .returning(DataTable::as_returning())
            .get_result(conn)
            .await
            .context("creating a data table")
            .map_err(|e| name_taken(e, &name))?;
        audit::record(
            conn,
            actor,
            Entry {
                action: "data_table.create",
                target_type: "data_table",
                target_id: &created.name,
                details: serde_json::json!({ "id": created.id, "ordinamento": ordinamento }),
            },
        )
        .await?;
        Ok(created)
    })
    .await
}

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

/// Changes of a data table; `None` leaves a field alone.
#[derive(Debug, Clone, Default)]
pub struct DataTableEdit {
    pub name: Option<String>,
    pub ordinamento: Option<i32>,
    pub content: Option<String>,
}

/// Changes a data table with its audit entry (`data_table.update`, naming the fields changed),
/// in one transaction; no change, no entry.
pub async fn update_data_table(
    conn: &mut AsyncPgConnection,
    name: &str,
    edit: DataTableEdit,
    actor: Option<&Actor>,
) -> Result<DataTable, EditError> {
    let changes = DataTableChanges {
        name: edit.name.as_deref().map(check_name).transpose()?,
        ordinamento: edit.ordinamento,
        content: edit.content.as_deref().map(parse_content).transpose()?,
    };
    let Some(found) = find_data_table(conn, name).await? else {
        return Err(EditError::NotFound(messages::data_table_not_found(name)));
    };
    if changes.name.is_none() && changes.ordinamento.is_none() && changes.content.is_none() {
        return Ok(found);
    }
    let new_name = changes.name.clone().unwrap_or_else(|| found.name.clone());
    let changed: Vec<&str> = [
        ("name", changes.name.is_some()),
        ("ordinamento", changes.ordinamento.is_some()),
        ("content", changes.content.is_some()),
    ]
    .into_iter()
    .filter_map(|(field, set)| set.then_some(field))
    .collect();
    let details =
        serde_json::json!({ "id": found.id, "previousName": found.name, "fields": changed });
    conn.transaction(async |conn| {
        let updated = diesel::update(data_tables::table.find(found.id))
            .set(changes)
            .returning(DataTable::as_returning())
            .get_result(conn)
            .await
            .context("updating a data table")
            .map_err(|e| name_taken(e, &new_name))?;
        audit::record(
            conn,
            actor,
            Entry {
                action: "data_table.update",
                target_type: "data_table",
                target_id: &updated.name,
                details,
            },
        )
        .await?;
        Ok(updated)
    })
    .await
}

/// Deletes the data table `name` (refused while a rule uses it) with its audit entry
/// (`data_table.delete`), in one transaction.
pub async fn delete_data_table(
    conn: &mut AsyncPgConnection,
    name: &str,
    actor: Option<&Actor>,
) -> Result<(), EditError> {
    conn.transaction(async |conn| {
        let deleted = remove_data_table(conn, name).await?;
        audit::record(
            conn,
            actor,
            Entry {
                action: "data_table.delete",
                target_type: "data_table",
                target_id: &deleted.name,
                details: serde_json::json!({ "id": deleted.id }),
            },
        )
        .await?;
        Ok(())
    })
    .await
}

/// Deletes the data table `name` (refused while a rule uses it) and answers it.
async fn remove_data_table(
    conn: &mut AsyncPgConnection,
    name: &str,
) -> Result<DataTable, EditError> {
    let Some(found) = find_data_table(conn, name).await? else {
        return Err(EditError::NotFound(messages::data_table_not_found(name)));
    };
    let mut users: Vec<String> = document_rule_data_tables::table
        .inner_join(document_rules::table)
        .filter(document_rule_data_tables::data_table_id.eq(found.id))
        .select(document_rules::description)
        .limit(10)
        .load(conn)
        .await
        .context("finding the document rules of a data table")?;
    users.extend(
        dossier_rule_data_tables::table
            .inner_join(dossier_rules::table)
            .filter(dossier_rule_data_tables::data_table_id.eq(found.id))
            .select(dossier_rules::description)
            .limit(10)
            .load::<String>(conn)
            .await
            .context("finding the dossier rules of a data table")?,
    );
    if !users.is_empty() {
        return Err(in_use(&found.name, &users));
    }
    diesel::delete(data_tables::table.find(found.id))
        .execute(conn)
        .await
        .context("deleting a data table")
        .map_err(|e| {
            if e.is_foreign_key_violation() {
                in_use(&found.name, &[])
            } else {
                e.into()
            }
        })?;
    Ok(found)
}

fn in_use(name: &str, rules: &[String]) -> EditError {
    EditError::Conflict(if rules.is_empty() {
        messages::data_table_in_use(name)
    } else {
        messages::data_table_used_by(name, rules.join(", "))
    })
}
