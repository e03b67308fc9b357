//! Recipients of the notification e-mails, identified by address (case-insensitively unique).

use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

use super::audit::{self, Actor, Entry};
use crate::db::models::accounts::{NewNotificationReceiver, NotificationReceiver};
use crate::db::schema::notification_receivers;
use crate::db::sql_functions::lower;
use crate::db::{DbResult, QueryContext};

/// Most recipients a list returns; the list is meant to stay short.
pub const MAX_RECEIVERS: i64 = 1000;

/// The recipients sorted by address.
pub async fn list(conn: &mut AsyncPgConnection) -> DbResult<Vec<NotificationReceiver>> {
    notification_receivers::table
        .order(lower(notification_receivers::email))
        .limit(MAX_RECEIVERS)
        .select(NotificationReceiver::as_select())
        .load(conn)
        .await
        .context("listing notification receivers")
}

/// Adds `email` with its audit entry (`notification_receiver.add`); an address already
/// present (whatever its case) changes nothing and writes no entry.
pub async fn add(conn: &mut AsyncPgConnection, email: &str, actor: Option<&Actor>) -> DbResult<()> {
    conn.transaction(async |conn| {
        let added = diesel::insert_into(notification_receivers::table)
            .values(NewNotificationReceiver {
                email: email.to_owned(),
            })
            .on_conflict_do_nothing()
            .execute(conn)
            .await
            .context("adding a notification receiver")?;
        if added > 0 {
            record(conn, actor, "notification_receiver.add", email).await?;
        }
        Ok(())
    })
    .await
}

/// Removes `email` (any case) with its audit entry (`notification_receiver.delete`); whether
/// it was there.
pub async fn delete(
    conn: &mut AsyncPgConnection,
    email: &str,
    actor: Option<&Actor>,
) -> DbResult<bool> {
    conn.transaction(async |conn| {
        let removed = diesel::delete(
            notification_receivers::table
                .filter(lower(notification_receivers::email).eq(lower(email))),
        )
        .execute(conn)
        .await
        .context("removing a notification receiver")?;
        if removed > 0 {
            record(conn, actor, "notification_receiver.delete", email).await?;
        }
        Ok(removed > 0)
    })
    .await
}

async fn record(
    conn: &mut AsyncPgConnection,
    actor: Option<&Actor>,
    action: &'static str,
    email: &str,
) -> DbResult<()> {
    audit::record(
        conn,
        actor,
        Entry {
            action,
            target_type: "notification_receiver",
            target_id: email,
            details: serde_json::json!({}),
        },
    )
    .await
}
