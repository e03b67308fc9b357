//! Roles: free labels with a description, referred to by name from casbin policies and groups.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::db::models::accounts::{NewRole, Role};
use crate::db::schema::{api_keys, casbin_rule, roles};
use crate::db::sql_functions::lower;
use crate::db::{DbResult, QueryContext};

/// Most roles a list returns.
pub const MAX_ROLES: i64 = 1000;

pub async fn list(conn: &mut AsyncPgConnection) -> DbResult<Vec<Role>> {
    roles::table
        .order(roles::name)
        .limit(MAX_ROLES)
        .select(Role::as_select())
        .load(conn)
        .await
        .context("listing roles")
}

/// The role named `name`, ignoring case (casbin compares names lowercased).
pub async fn find(conn: &mut AsyncPgConnection, name: &str) -> DbResult<Option<Role>> {
    roles::table
        .filter(lower(roles::name).eq(lower(name)))
        .select(Role::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding a role")
}

/// Inserts a role; a taken name is a unique violation on `roles_name_key`.
pub async fn create(conn: &mut AsyncPgConnection, role: NewRole) -> DbResult<Role> {
    diesel::insert_into(roles::table)
        .values(&role)
        .returning(Role::as_returning())
        .get_result(conn)
        .await
        .context("creating a role")
}

/// How many policies, groups and API keys (not revoked) name the role `name` (any case).
pub async fn usage(conn: &mut AsyncPgConnection, name: &str) -> DbResult<i64> {
    let policies = casbin_rule::ptype
        .eq("p")
        .and(lower(casbin_rule::v0).eq(lower(name)));
    let groups = casbin_rule::ptype
        .eq("g")
        .and(lower(casbin_rule::v1).eq(lower(name)));
    let rules: i64 = casbin_rule::table
        .filter(policies.or(groups))
        .count()
        .get_result(conn)
        .await
        .context("counting a role's policies and groups")?;
    let keys: i64 = api_keys::table
        .filter(api_keys::revoked_at.is_null())
        .filter(
            diesel::dsl::sql::<diesel::sql_types::Bool>(
                "EXISTS (SELECT 1 FROM unnest(roles) AS r WHERE lower(r) = lower(",
            )
            .bind::<diesel::sql_types::Text, _>(name.to_owned())
            .sql("))"),
        )
        .count()
        .get_result(conn)
        .await
        .context("counting a role's API keys")?;
    Ok(rules + keys)
}

/// Deletes the role `name` (exact name); whether it existed.
pub async fn delete(conn: &mut AsyncPgConnection, name: &str) -> DbResult<bool> {
    let removed = diesel::delete(roles::table.filter(roles::name.eq(name)))
        .execute(conn)
        .await
        .context("deleting a role")?;
    Ok(removed > 0)
}
