//! The audit log screen (/audit): `auditLog`, one page of who did what and when, newest first,
//! filtered by the actor's e-mail, the action and the date; `auditActions`, the actions it
//! may be filtered by. Both need the `audit` resource (`access.rs`). The entries are written
//! by the changes themselves (`shared::db::repo::audit::record`, in their transactions).

use std::sync::Arc;

use async_graphql::{Context, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};
use shared::db::models::accounts::AuditLogEntry as AuditLogRow;
use shared::db::repo::audit::{self as repo, ACTIONS, AuditFilter};

use super::errors::internal;
use super::table::{Column, FilterKind, FilterValue, Page, TableInput, TableSpec};
use super::types::db_error;
use crate::state::AppState;

/// The audit list's columns (`auditLog`): newest first, the only order (either way), on
/// 0001's `(created_at DESC, id DESC)` index; each filter on an index of migration
/// `…000019_audit_log_list` (or 0001's, for the date).
const AUDIT_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("createdAt")
            .aliases(&["created_at"])
            .sortable()
            .filter(FilterKind::Date),
        Column::new("actorEmail")
            .aliases(&["actor_email", "user"])
            .filter(FilterKind::Text),
        Column::new("action").filter(FilterKind::Select),
    ],
    default_sort: "createdAt",
    default_descending: true,
};

/// One entry of the audit log.
#[derive(SimpleObject)]
pub struct AuditLogEntry {
    pub id: ID,
    pub created_at: DateTime<Utc>,
    /// Who acted, by their e-mail at the time (null: the system, or someone not logged in).
    pub actor_email: Option<String>,
    /// Set when the actor was being impersonated: who impersonated them, by e-mail.
    pub impersonator_email: Option<String>,
    /// What was done, one of `auditActions` (e.g. `user.delete`, `impersonation.start`).
    pub action: String,
    /// The kind of thing acted on (`user`, `rule`, `dossier`, `policy`, …).
    pub target_type: Option<String>,
    /// Its id or name.
    pub target_id: Option<String>,
    /// More about the change, as JSON text (an object).
    pub details: String,
}

impl From<AuditLogRow> for AuditLogEntry {
    fn from(row: AuditLogRow) -> Self {
        Self {
            id: ID(row.id.to_string()),
            created_at: row.created_at,
            actor_email: row.actor_email,
            impersonator_email: row.impersonator_email,
            action: row.action,
            target_type: row.target_type,
            target_id: row.target_id,
            details: row.details.to_string(),
        }
    }
}

#[derive(Default)]
pub struct AuditQuery;

#[Object]
impl AuditQuery {
    /// One page of the audit log, newest first (`createdAt DESC`, the default; `createdAt ASC`
    /// for oldest first). Filters: `actorEmail` (`text`: the start of the actor's e-mail, any
    /// case), `action` (`select`: any of `auditActions`; another value is refused),
    /// `createdAt` (`date`: from, to, both days included).
    async fn audit_log(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<AuditLogEntry>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = AUDIT_TABLE.parse(input)?;
        let actor_prefix = match table.filter("actorEmail") {
            Some(FilterValue::Text(text)) => Some(text.clone()),
            _ => None,
        };
        let actions = table.selected("action", |value| {
            ACTIONS.contains(&value).then(|| value.to_owned())
        })?;
        let (from, before) = match table.filter("createdAt") {
            Some(FilterValue::Date { from, before }) => (*from, *before),
            _ => (None, None),
        };
        let filter = AuditFilter {
            actor_prefix,
            actions,
            from,
            before,
        };
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) = repo::page(&mut conn, &filter, table.page())
            .await
            .map_err(db_error)?;
        Ok(table.page_of(rows.into_iter().map(AuditLogEntry::from).collect(), total))
    }

    /// Every action the audit log records (what `auditLog`'s `action` filter accepts), grouped
    /// by area: a list in the code, not a scan of the log.
    async fn audit_actions(&self) -> Vec<&'static str> {
        ACTIONS.to_vec()
    }
}
