//! The audit log: who did what to what. Append-only; written in the same transaction as the
//! change it records when there is one, so a change is never without its entry.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::db::models::accounts::{AuditLogEntry, NewAuditLogEntry};
use crate::db::schema::audit_log;
use crate::db::{DbResult, QueryContext};

/// Who acts: the user a token belongs to and, during an impersonation, who impersonates them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub id: Uuid,
    pub email: String,
    pub impersonator: Option<Uuid>,
}

/// One entry to write.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    /// e.g. `user.delete`, `policy.add`, `impersonation.start`.
    pub action: &'a str,
    /// The kind of thing acted on (`user`, `role`, `policy`, `group`, …).
    pub target_type: &'a str,
    /// Its id or name.
    pub target_id: &'a str,
    pub details: serde_json::Value,
}

/// Writes `entry` as done by `actor` (`None`: the system or an anonymous caller).
pub async fn record(
    conn: &mut AsyncPgConnection,
    actor: Option<&Actor>,
    entry: Entry<'_>,
) -> DbResult<()> {
    diesel::insert_into(audit_log::table)
        .values(NewAuditLogEntry {
            id: Uuid::now_v7(),
            actor_id: actor.map(|a| a.id),
            actor_email: actor.map(|a| a.email.clone()),
            impersonator_id: actor.and_then(|a| a.impersonator),
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
