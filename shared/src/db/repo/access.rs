//! Policies and groups: the casbin rows of `casbin_rule` (see the migration for the layout).
//! Policies are stored with action `*` (operations ask for one action) and their effect
//! (`allow` / `deny`) in `v4`. After any change call `auth::AccessControl::changed` so every
//! API process reloads.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::db::models::accounts::{CasbinRule, NewCasbinRule};
use crate::db::schema::casbin_rule;
use crate::db::sql_functions::lower;
use crate::db::{DbResult, QueryContext};

/// Most policies or groups a list returns.
pub const MAX_RULES: i64 = 5000;

/// The action policies are stored with.
pub const ANY_ACTION: &str = "*";

/// A policy: `subject` (a role) is allowed or denied (`effect`) `object` within `domain`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    pub subject: String,
    pub domain: String,
    pub object: String,
    pub effect: String,
}

/// A group: the user `subject` (e-mail) has `role` within `domain`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub subject: String,
    pub domain: String,
    pub role: String,
}

fn or_any(value: String) -> String {
    if value.is_empty() {
        "*".to_owned()
    } else {
        value
    }
}

pub async fn policies(conn: &mut AsyncPgConnection) -> DbResult<Vec<Policy>> {
    let rows: Vec<CasbinRule> = casbin_rule::table
        .filter(casbin_rule::ptype.eq("p"))
        .order((casbin_rule::v0, casbin_rule::v2, casbin_rule::id))
        .limit(MAX_RULES)
        .select(CasbinRule::as_select())
        .load(conn)
        .await
        .context("listing policies")?;
    Ok(rows
        .into_iter()
        .map(|row| Policy {
            subject: row.v0,
            domain: or_any(row.v1),
            object: row.v2,
            effect: row.v4,
        })
        .collect())
}

pub async fn groups(conn: &mut AsyncPgConnection) -> DbResult<Vec<Group>> {
    let rows: Vec<CasbinRule> = casbin_rule::table
        .filter(casbin_rule::ptype.eq("g"))
        .order((casbin_rule::v0, casbin_rule::v1, casbin_rule::id))
        .limit(MAX_RULES)
        .select(CasbinRule::as_select())
        .load(conn)
        .await
        .context("listing groups")?;
    Ok(rows
        .into_iter()
        .map(|row| Group {
            subject: row.v0,
            role: row.v1,
            domain: or_any(row.v2),
        })
        .collect())
}

/// Filter of the policy rows equal to `policy`, comparing names without case.
fn policy_rows(policy: &Policy) -> casbin_rule::BoxedQuery<'static, diesel::pg::Pg> {
    casbin_rule::table
        .filter(casbin_rule::ptype.eq("p"))
        .filter(lower(casbin_rule::v0).eq(policy.subject.to_lowercase()))
        .filter(lower(casbin_rule::v1).eq(policy.domain.to_lowercase()))
        .filter(lower(casbin_rule::v2).eq(policy.object.to_lowercase()))
        .filter(lower(casbin_rule::v4).eq(policy.effect.to_lowercase()))
        .into_boxed()
}

fn group_rows(group: &Group) -> casbin_rule::BoxedQuery<'static, diesel::pg::Pg> {
    casbin_rule::table
        .filter(casbin_rule::ptype.eq("g"))
        .filter(lower(casbin_rule::v0).eq(group.subject.to_lowercase()))
        .filter(lower(casbin_rule::v1).eq(group.role.to_lowercase()))
        .filter(lower(casbin_rule::v2).eq(group.domain.to_lowercase()))
        .into_boxed()
}

/// Adds `policy` unless an equal one exists; whether it was added.
pub async fn add_policy(conn: &mut AsyncPgConnection, policy: &Policy) -> DbResult<bool> {
    let existing: i64 = policy_rows(policy)
        .count()
        .get_result(conn)
        .await
        .context("looking for an equal policy")?;
    if existing > 0 {
        return Ok(false);
    }
    diesel::insert_into(casbin_rule::table)
        .values(NewCasbinRule::policy(
            &policy.subject,
            &policy.domain,
            &policy.object,
            ANY_ACTION,
            &policy.effect,
        ))
        .execute(conn)
        .await
        .context("adding a policy")?;
    Ok(true)
}

/// Removes the policies equal to `policy`; how many.
pub async fn delete_policy(conn: &mut AsyncPgConnection, policy: &Policy) -> DbResult<usize> {
    let ids: Vec<i32> = policy_rows(policy)
        .select(casbin_rule::id)
        .load(conn)
        .await
        .context("finding a policy")?;
    diesel::delete(casbin_rule::table.filter(casbin_rule::id.eq_any(ids)))
        .execute(conn)
        .await
        .context("deleting a policy")
}

/// Adds `group` unless an equal one exists; whether it was added.
pub async fn add_group(conn: &mut AsyncPgConnection, group: &Group) -> DbResult<bool> {
    let existing: i64 = group_rows(group)
        .count()
        .get_result(conn)
        .await
        .context("looking for an equal group")?;
    if existing > 0 {
        return Ok(false);
    }
    diesel::insert_into(casbin_rule::table)
        .values(NewCasbinRule::group(
            &group.subject,
            &group.role,
            &group.domain,
        ))
        .execute(conn)
        .await
        .context("adding a group")?;
    Ok(true)
}

/// Removes the groups equal to `group`; how many.
pub async fn delete_group(conn: &mut AsyncPgConnection, group: &Group) -> DbResult<usize> {
    let ids: Vec<i32> = group_rows(group)
        .select(casbin_rule::id)
        .load(conn)
        .await
        .context("finding a group")?;
    diesel::delete(casbin_rule::table.filter(casbin_rule::id.eq_any(ids)))
        .execute(conn)
        .await
        .context("deleting a group")
}

/// Removes every group of the user with e-mail `email` (any case); how many.
pub async fn delete_groups_of_user(conn: &mut AsyncPgConnection, email: &str) -> DbResult<usize> {
    diesel::delete(
        casbin_rule::table
            .filter(casbin_rule::ptype.eq("g"))
            .filter(lower(casbin_rule::v0).eq(email.to_lowercase())),
    )
    .execute(conn)
    .await
    .context("deleting a user's groups")
}
