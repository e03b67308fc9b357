//! Recipients of the notification e-mails, identified by address (case-insensitively unique):
//! the list. Their edits are `crate::services::notifications`.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::db::models::accounts::NotificationReceiver;
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
