//! The recipients of the notification e-mails (the worker writes to them when a dossier or a
//! document cannot be processed), as an administrator edits them: each change with its audit
//! entry in its transaction. The list: [`crate::db::repo::notification_receivers`].

use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

use crate::db::models::accounts::NewNotificationReceiver;
use crate::db::repo::audit::{self, Actor, Entry};
use crate::db::repo::edit_error::EditError;
use crate::db::schema::notification_receivers;
use crate::db::sql_functions::lower;
use crate::db::{DbError, DbResult, Pool, QueryContext};
use crate::mail::{MAX_EMAIL, is_email};
use crate::messages;

/// `addNotificationReceiver`: adds `email` (trimmed; an e-mail address) with its audit entry
/// (`notification_receiver.add`); an address already present, whatever its case, changes
/// nothing and writes no entry.
pub async fn add(pool: &Pool, email: &str, actor: &Actor) -> Result<(), EditError> {
    let email = email.trim();
    if email.is_empty() {
        return Err(EditError::invalid("receiver", messages::enter_email()));
    }
    if email.chars().count() > MAX_EMAIL || !is_email(email) {
        return Err(EditError::invalid("receiver", messages::invalid_email()));
    }
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| -> DbResult<()> {
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
    .await?;
    Ok(())
}

/// `deleteNotificationReceiver`: removes `email` (trimmed, any case) with its audit entry
/// (`notification_receiver.delete`); whether it was there.
pub async fn delete(pool: &Pool, email: &str, actor: &Actor) -> DbResult<bool> {
    let email = email.trim();
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
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
    actor: &Actor,
    action: &'static str,
    email: &str,
) -> DbResult<()> {
    let entry = Entry {
        action,
        target_type: "notification_receiver",
        target_id: email,
        details: serde_json::json!({}),
    };
    audit::record(conn, Some(actor), entry).await
}
