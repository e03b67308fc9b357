//! Recipients of the notification e-mails, identified by address (case-insensitively unique).

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

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

/// Adds `email`; an address already present (whatever its case) changes nothing.
pub async fn add(conn: &mut AsyncPgConnection, email: &str) -> DbResult<()> {
    diesel::insert_into(notification_receivers::table)
        .values(NewNotificationReceiver {
            email: email.to_owned(),
        })
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .context("adding a notification receiver")?;
    Ok(())
}

/// Removes `email` (any case); whether it was there.
pub async fn delete(conn: &mut AsyncPgConnection, email: &str) -> DbResult<bool> {
    let removed = diesel::delete(
        notification_receivers::table.filter(lower(notification_receivers::email).eq(lower(email))),
    )
    .execute(conn)
    .await
    .context("removing a notification receiver")?;
    Ok(removed > 0)
}
