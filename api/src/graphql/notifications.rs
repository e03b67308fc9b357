//! Recipients of the notification e-mails (the worker writes to them when a dossier or
//! document cannot be processed). Each change writes its audit entry.

use std::sync::Arc;

use async_graphql::{Context, Object, SimpleObject};
use shared::accounts::{MAX_EMAIL, is_email};
use shared::db::repo::notification_receivers as receivers;

use super::support::caller::{actor, claims};
use super::support::errors::{bad_input, internal};
use crate::state::AppState;
use shared::messages;

/// A recipient; `id` is the e-mail address.
#[derive(SimpleObject)]
pub struct NotificationReceiver {
    pub id: String,
}

async fn list(state: &AppState) -> async_graphql::Result<Vec<NotificationReceiver>> {
    let mut conn = state.db.get().await.map_err(internal)?;
    let rows = receivers::list(&mut conn)
        .await
        .map_err(|e| internal(format!("{e:#}")))?;
    Ok(rows
        .into_iter()
        .map(|r| NotificationReceiver { id: r.email })
        .collect())
}

#[derive(Default)]
pub struct NotificationsQuery;

#[Object]
impl NotificationsQuery {
    /// The recipients, sorted by address.
    async fn notification_receivers(
        &self,
        ctx: &Context<'_>,
    ) -> async_graphql::Result<Vec<NotificationReceiver>> {
        list(ctx.data::<Arc<AppState>>()?).await
    }
}

#[derive(Default)]
pub struct NotificationsMutation;

#[Object]
impl NotificationsMutation {
    /// Adds a recipient (an address already there changes nothing); returns the list.
    async fn add_notification_receiver(
        &self,
        ctx: &Context<'_>,
        receiver: String,
    ) -> async_graphql::Result<Vec<NotificationReceiver>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let receiver = receiver.trim();
        if receiver.is_empty() {
            return Err(bad_input("receiver", messages::enter_email()));
        }
        if receiver.chars().count() > MAX_EMAIL || !is_email(receiver) {
            return Err(bad_input("receiver", messages::invalid_email()));
        }
        let mut conn = state.db.get().await.map_err(internal)?;
        receivers::add(&mut conn, receiver, Some(&actor(claims(ctx)?)))
            .await
            .map_err(|e| internal(format!("{e:#}")))?;
        drop(conn);
        list(state).await
    }

    /// Removes a recipient (any case); returns the list.
    async fn delete_notification_receiver(
        &self,
        ctx: &Context<'_>,
        receiver: String,
    ) -> async_graphql::Result<Vec<NotificationReceiver>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        receivers::delete(&mut conn, receiver.trim(), Some(&actor(claims(ctx)?)))
            .await
            .map_err(|e| internal(format!("{e:#}")))?;
        drop(conn);
        list(state).await
    }
}
