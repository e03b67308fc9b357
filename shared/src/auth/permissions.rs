//! The permissions that travel with a session: for every policy of every role the user is
//! grouped into, the resource and whether it is allowed or denied, lowercased as the web app
//! expects. They are read again at every login and token refresh.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde::Serialize;

use crate::db::schema::casbin_rule;
use crate::db::sql_functions::lower;
use crate::db::{DbResult, QueryContext};

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Permission {
    /// The resource, e.g. "users"; "*" is every resource.
    pub resource: String,
    /// "allow" or "deny".
    pub action: String,
}

/// The permissions of the user with e-mail `email`, sorted and without duplicates.
pub async fn for_user(conn: &mut AsyncPgConnection, email: &str) -> DbResult<Vec<Permission>> {
    let roles: Vec<String> = casbin_rule::table
        .filter(casbin_rule::ptype.eq("g"))
        .filter(lower(casbin_rule::v0).eq(lower(email)))
        .select(casbin_rule::v1)
        .load(conn)
        .await
        .context("reading the user's roles")?;
    let rows: Vec<(String, String)> = casbin_rule::table
        .filter(casbin_rule::ptype.eq("p"))
        .filter(casbin_rule::v0.eq_any(roles))
        .select((casbin_rule::v2, casbin_rule::v4))
        .load(conn)
        .await
        .context("reading the user's permissions")?;
    let mut permissions: Vec<Permission> = rows
        .into_iter()
        .map(|(resource, action)| Permission {
            resource: resource.to_lowercase(),
            action: action.to_lowercase(),
        })
        .collect();
    permissions.sort();
    permissions.dedup();
    Ok(permissions)
}
