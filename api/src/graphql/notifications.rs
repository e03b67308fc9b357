//! Recipients of the notification e-mails (the worker writes to them when a dossier or
//! document cannot be processed). Each change writes its audit entry.

use std::sync::Arc;

use async_graphql::{Context, Object, SimpleObject};
use shared::db::repo::notification_receivers as receivers;
use shared::services::notifications as service;

use super::support::caller::{actor, claims};
use super::support::errors::{db_error, edit_error, internal};
use crate::state::AppState;

/// A recipient; `id` is the e-mail address.
#[derive(SimpleObject)]
pub struct NotificationReceiver {
    pub id: String,
}

async fn list(state: &AppState) -> async_graphql::Result<Vec<NotificationReceiver>> {
    let mut conn = state.db.get().await.map_err(internal)?;
    let rows = receivers::list(&mut conn).await.map_err(db_error)?;
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
        service::add(&state.db, &receiver, &actor(claims(ctx)?))
            .await
            .map_err(edit_error)?;
        list(state).await
    }

    /// Removes a recipient (any case); returns the list.
    async fn delete_notification_receiver(
        &self,
        ctx: &Context<'_>,
        receiver: String,
    ) -> async_graphql::Result<Vec<NotificationReceiver>> {
        let state = ctx.data::<Arc<AppState>>()?;
        service::delete(&state.db, &receiver, &actor(claims(ctx)?))
            .await
            .map_err(db_error)?;
        list(state).await
    }
}
