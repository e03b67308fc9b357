//! The audit log: who did what to what. Append-only; written in the same transaction as the
//! change it records when there is one, so a change is never without its entry. Read back by
//! the audit screen (`auditLog`) one page at a time, newest first, filtered by action, actor
//! and date (every filter and the order served by an index: migration `…000019_audit_log_list`).

use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::capped_count::capped_count;
use super::paging::PageRequest;
use crate::db::models::accounts::{AuditLogEntry, NewAuditLogEntry};
use crate::db::schema::{audit_log, users};
use crate::db::sql_functions::lower;
use crate::db::{DbResult, QueryContext};

/// Every action the log records, in the order the audit screen offers them. An entry with
/// another action is a programming error (caught by a debug assertion in [`record`]): add it
/// here, and its label in the web app's `audit.actions` (it.ts, en.ts).
pub const ACTIONS: &[&str] = &[
    // Accounts.
    "user.create",
    "user.register",
    "user.update",
    "user.password_change",
    "user.password_set",
    "user.password_reset",
    "user.delete",
    // Impersonation.
    "impersonation.start",
    "impersonation.end",
    // Access control.
    "role.create",
    "role.delete",
    "policy.add",
    "policy.delete",
    "group.add",
    "group.delete",
    "api_key.create",
    "api_key.rotate",
    "api_key.revoke",
    "callback_secret.reveal",
    "callback_secret.rotate",
    // Rules.
    "rule.create",
    "rule.update",
    "rule.activate",
    "rule.pause",
    "rule.restore",
    "rule.import",
    "rule.delete",
    // Operations.
    "dossier.import",
    "dossier.rules_run",
    "dossier.fix_metas",
    "dossier.callback_resend",
    "dossier.delete",
    "document.rules_run",
    "document.metas_replace",
    "document.delete",
    // The catalogue.
    "document_type.create",
    "document_type.delete",
    "dossier_type.create",
    "dossier_type.required_metas",
    "dossier_type.delete",
    "data_table.create",
    "data_table.update",
    "data_table.delete",
    // Notifications.
    "notification_receiver.add",
    "notification_receiver.delete",
    // The jobs dashboard.
    "job.retry",
    "job.discard",
    "job.retry_bulk",
    "job.discard_bulk",
    "queue.pause",
    "queue.resume",
];

/// Who acts: the user a token belongs to and, during an impersonation, who impersonates them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    /// The user's id, or the API key's (see `api_key`).
    pub id: Uuid,
    /// The user's e-mail, or the API key's subject (`apikey:<name>`).
    pub email: String,
    pub impersonator: Option<Uuid>,
    /// An API key acts, not a user: its entries keep its subject, not an id of `users`.
    pub api_key: bool,
}

#[cfg(feature = "access")]
impl From<&crate::auth::AccessClaims> for Actor {
    /// The caller a request's access token names (and their impersonator, if any).
    fn from(claims: &crate::auth::AccessClaims) -> Self {
        Self {
            id: claims.sub,
            email: claims.email.clone(),
            impersonator: claims.imp,
            api_key: claims.is_api_key(),
        }
    }
}

/// One entry to write.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    /// One of [`ACTIONS`], e.g. `user.delete`, `policy.add`, `impersonation.start`.
    pub action: &'a str,
    /// The kind of thing acted on (`user`, `role`, `policy`, `group`, …).
    pub target_type: &'a str,
    /// Its id or name.
    pub target_id: &'a str,
    pub details: serde_json::Value,
}

/// Writes `entry` as done by `actor` (`None`: the system or an anonymous caller). During an
/// impersonation the impersonator's e-mail is copied too, so the entry names them even after
/// they are deleted.
pub async fn record(
    conn: &mut AsyncPgConnection,
    actor: Option<&Actor>,
    entry: Entry<'_>,
) -> DbResult<()> {
    debug_assert!(
        ACTIONS.contains(&entry.action),
        "audit action {:?} is not in audit::ACTIONS",
        entry.action
    );
    let impersonator_email = match actor.and_then(|a| a.impersonator) {
        Some(id) => users::table
            .find(id)
            .select(users::email)
            .first::<String>(conn)
            .await
            .optional()
            .context("reading the impersonator of an audit entry")?,
        None => None,
    };
    diesel::insert_into(audit_log::table)
        .values(NewAuditLogEntry {
            id: Uuid::now_v7(),
            actor_id: actor.filter(|a| !a.api_key).map(|a| a.id),
            actor_email: actor.map(|a| a.email.clone()),
            impersonator_id: actor.and_then(|a| a.impersonator),
            impersonator_email,
            action: entry.action.to_owned(),
            target_type: Some(entry.target_type.to_owned()),
            target_id: Some(entry.target_id.to_owned()),
            details: entry.details,
        })
        .execute(conn)
        .await
        .context("writing the audit log")?;
    Ok(())
}

/// The latest `limit` entries, newest first (administration screens, tests).
pub async fn latest(conn: &mut AsyncPgConnection, limit: i64) -> DbResult<Vec<AuditLogEntry>> {
    audit_log::table
        .order((audit_log::created_at.desc(), audit_log::id.desc()))
        .limit(limit)
        .select(AuditLogEntry::as_select())
        .load(conn)
        .await
        .context("reading the audit log")
}

/// What the audit screen filters by; `None` does not filter.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditFilter {
    /// The start of the actor's e-mail, any case (`lower(actor_email) LIKE 'prefix%'`).
    pub actor_prefix: Option<String>,
    /// Any of these actions.
    pub actions: Option<Vec<String>>,
    /// `created_at >= from`.
    pub from: Option<DateTime<Utc>>,
    /// `created_at < before`.
    pub before: Option<DateTime<Utc>>,
}

/// The `LIKE` pattern of the e-mails starting with `prefix` (lowercased, wildcards escaped).
fn prefix_pattern(prefix: &str) -> String {
    let mut pattern = String::with_capacity(prefix.len() + 1);
    for c in prefix.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// The entries matching `filter`, filtered and unordered (the page and its count).
fn filtered<'a, ST: 'a>(
    query: audit_log::BoxedQuery<'a, Pg, ST>,
    filter: &AuditFilter,
) -> audit_log::BoxedQuery<'a, Pg, ST> {
    let mut query = query;
    if let Some(prefix) = &filter.actor_prefix {
        query = query
            .filter(lower(audit_log::actor_email.assume_not_null()).like(prefix_pattern(prefix)));
    }
    if let Some(actions) = &filter.actions {
        query = match actions.as_slice() {
            // One action as an equality: the (action, created_at, id) index yields the order.
            [action] => query.filter(audit_log::action.eq(action.clone())),
            _ => query.filter(audit_log::action.eq_any(actions.clone())),
        };
    }
    if let Some(from) = filter.from {
        query = query.filter(audit_log::created_at.ge(from));
    }
    if let Some(before) = filter.before {
        query = query.filter(audit_log::created_at.lt(before));
    }
    query
}

/// One page of the entries matching `filter`, newest first (`page.descending`, the screen's
/// order) or oldest first, and how many match (counted up to the cap of [`capped_count`]).
///
/// Both queries run with `plan_cache_mode = force_custom_plan` (for their transaction only):
/// diesel keeps its statements prepared, and after five runs PostgreSQL may switch to a generic
/// plan, which cannot turn `LIKE $1` into a range of the e-mail prefix index — it would scan the
/// whole log by date instead (measured: 11 ms at 100,000 entries for a rare actor, and a count
/// that reads every row). A custom plan sees the prefix and the action, and picks the index.
pub async fn page(
    conn: &mut AsyncPgConnection,
    filter: &AuditFilter,
    page: PageRequest,
) -> DbResult<(Vec<AuditLogEntry>, i64)> {
    let page = page.bounded();
    conn.transaction(async |conn| -> DbResult<(Vec<AuditLogEntry>, i64)> {
        diesel::sql_query("SET LOCAL plan_cache_mode = force_custom_plan")
            .execute(conn)
            .await
            .context("planning the audit log queries")?;
        let total: i64 = capped_count(filtered(
            audit_log::table.select(audit_log::id).into_boxed(),
            filter,
        ))
        .get_result(conn)
        .await
        .context("counting audit log entries")?;
        let query = filtered(
            audit_log::table
                .select(AuditLogEntry::as_select())
                .into_boxed(),
            filter,
        );
        let query = if page.descending {
            query.order((audit_log::created_at.desc(), audit_log::id.desc()))
        } else {
            query.order((audit_log::created_at.asc(), audit_log::id.asc()))
        };
        let rows = query
            .limit(page.limit)
            .offset(page.offset)
            .load(conn)
            .await
            .context("reading a page of the audit log")?;
        Ok((rows, total))
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_unique_and_named_area_dot_verb() {
        let mut seen = std::collections::HashSet::new();
        for action in ACTIONS {
            assert!(seen.insert(action), "{action} twice");
            let (area, verb) = action.split_once('.').expect("area.verb");
            assert!(!area.is_empty() && !verb.is_empty(), "{action}");
            assert!(
                action
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c == '.' || c == '_'),
                "{action}"
            );
        }
    }

    #[test]
    fn prefixes_are_lowercased_with_wildcards_escaped() {
        assert_eq!(prefix_pattern("Mario.R"), "mario.r%");
        assert_eq!(prefix_pattern("a_b%c\\"), "a\\_b\\%c\\\\%");
    }
}
