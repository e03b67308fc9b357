//! Data tables as an administrator edits them: created, changed, deleted (refused while a rule
//! uses one), each with its audit entry in its transaction. Their content arrives as JSON text
//! and must parse ('Json non valido'). Lists and lookups: [`crate::db::repo::data_tables`].

use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

use crate::db::models::types::{DataTable, DataTableChanges, NewDataTable};
use crate::db::repo::audit::{self, Actor, Entry};
use crate::db::repo::edit_error::EditError;
use crate::db::schema::{
    data_tables, document_rule_data_tables, document_rules, dossier_rule_data_tables, dossier_rules,
};
use crate::db::{DbError, Pool, QueryContext};
use crate::messages;

/// Changes of a data table; `None` leaves a field alone.
#[derive(Debug, Clone, Default)]
pub struct DataTableEdit {
    pub name: Option<String>,
    pub ordinamento: Option<i32>,
    pub content: Option<String>,
}

/// `createDataTable`: the data table `name` with `content` (JSON text) and its audit entry
/// (`data_table.create`).
pub async fn create(
    pool: &Pool,
    name: &str,
    content: &str,
    ordinamento: i32,
    actor: &Actor,
) -> Result<DataTable, EditError> {
    let name = check_name(name)?;
    let content = parse_content(content)?;
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
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
        let details = serde_json::json!({ "id": created.id, "ordinamento": ordinamento });
        record(conn, actor, "data_table.create", &created.name, details).await?;
        Ok(created)
    })
    .await
}

/// `updateDataTable`: changes the data table `name` with its audit entry (`data_table.update`,
/// naming the fields changed); no change, no entry.
pub async fn update(
    pool: &Pool,
    name: &str,
    edit: DataTableEdit,
    actor: &Actor,
) -> Result<DataTable, EditError> {
    let changes = DataTableChanges {
        name: edit.name.as_deref().map(check_name).transpose()?,
        ordinamento: edit.ordinamento,
        content: edit.content.as_deref().map(parse_content).transpose()?,
    };
    let changed: Vec<&str> = [
        ("name", changes.name.is_some()),
        ("ordinamento", changes.ordinamento.is_some()),
        ("content", changes.content.is_some()),
    ]
    .into_iter()
    .filter_map(|(field, set)| set.then_some(field))
    .collect();
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let found = locked(conn, name).await?;
        if changed.is_empty() {
            return Ok(found);
        }
        let new_name = changes.name.clone().unwrap_or_else(|| found.name.clone());
        let details =
            serde_json::json!({ "id": found.id, "previousName": found.name, "fields": changed });
        let updated = diesel::update(data_tables::table.find(found.id))
            .set(changes)
            .returning(DataTable::as_returning())
            .get_result(conn)
            .await
            .context("updating a data table")
            .map_err(|e| name_taken(e, &new_name))?;
        record(conn, actor, "data_table.update", &updated.name, details).await?;
        Ok(updated)
    })
    .await
}

/// `deleteDataTable`: deletes the data table `name` with its audit entry (`data_table.delete`);
/// refused while a rule uses it.
pub async fn delete(pool: &Pool, name: &str, actor: &Actor) -> Result<(), EditError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let found = locked(conn, name).await?;
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
        let details = serde_json::json!({ "id": found.id });
        record(conn, actor, "data_table.delete", &found.name, details).await
    })
    .await
}

/// The data table `name`, locked until the end of the transaction.
async fn locked(conn: &mut AsyncPgConnection, name: &str) -> Result<DataTable, EditError> {
    data_tables::table
        .filter(data_tables::name.eq(name.trim()))
        .select(DataTable::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()
        .context("locking a data table")?
        .ok_or_else(|| EditError::NotFound(messages::data_table_not_found(name)))
}

/// A data table's content, parsed.
fn parse_content(content: &str) -> Result<serde_json::Value, EditError> {
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

fn in_use(name: &str, rules: &[String]) -> EditError {
    EditError::Conflict(if rules.is_empty() {
        messages::data_table_in_use(name)
    } else {
        messages::data_table_used_by(name, rules.join(", "))
    })
}

/// The audit entry `action` of the data table `name`.
async fn record(
    conn: &mut AsyncPgConnection,
    actor: &Actor,
    action: &'static str,
    name: &str,
    details: serde_json::Value,
) -> Result<(), EditError> {
    let entry = Entry {
        action,
        target_type: "data_table",
        target_id: name,
        details,
    };
    Ok(audit::record(conn, Some(actor), entry).await?)
}
