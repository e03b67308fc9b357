//! Users: the list and one user, creation, names, passwords, avatar and deletion. The rules
//! and the writes (with their audit-log entries) are in `shared::accounts`; access is declared
//! in `access.rs`, except `updateAvatar` on another user, checked here.

use std::sync::Arc;

use async_graphql::{Context, InputObject, Object};
use shared::accounts::NewAccount;

use super::session::User;
use super::support::caller::{actor, claims};
use super::support::errors::{admin_error, bad_input, forbidden, internal};
use crate::state::AppState;
use shared::messages;

#[derive(InputObject)]
pub struct CreateUserInput {
    pub last_name: String,
    pub first_name: String,
    pub email: String,
    pub password: String,
    pub confirm_password: String,
}

#[derive(InputObject)]
pub struct UpdateUserInput {
    pub first_name: String,
    pub last_name: String,
}

#[derive(Default)]
pub struct UsersQuery;

#[Object]
impl UsersQuery {
    /// Users sorted by e-mail; `search` matches e-mail, first or last name (any case).
    async fn users(
        &self,
        ctx: &Context<'_>,
        search: Option<String>,
        #[graphql(default_with = "Some(500)")] limit: Option<i32>,
    ) -> async_graphql::Result<Vec<User>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let users = shared::db::repo::users::list_users(
            &mut conn,
            search.as_deref(),
            i64::from(limit.unwrap_or(500)),
        )
        .await
        .map_err(|e| internal(format!("{e:#}")))?;
        Ok(users.into_iter().map(User::from).collect())
    }

    /// The user with `email` (any case), or null.
    async fn user(&self, ctx: &Context<'_>, email: String) -> async_graphql::Result<Option<User>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let user = shared::db::repo::users::find_user_by_email(&mut conn, email.trim())
            .await
            .map_err(|e| internal(format!("{e:#}")))?;
        Ok(user.map(User::from))
    }
}

#[derive(Default)]
pub struct UsersMutation;

#[Object]
impl UsersMutation {
    /// Creates a user with no role.
    async fn create_user(
        &self,
        ctx: &Context<'_>,
        user: CreateUserInput,
    ) -> async_graphql::Result<User> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let account = NewAccount {
            email: user.email,
            first_name: user.first_name,
            last_name: user.last_name,
            password: user.password,
            confirm_password: user.confirm_password,
        };
        let created =
            shared::services::users::create_account(&state.db, Some(&actor(claims)), &account)
                .await
                .map_err(admin_error)?;
        Ok(created.into())
    }

    /// Changes the names of the user with `email`.
    async fn update_user(
        &self,
        ctx: &Context<'_>,
        email: String,
        user: UpdateUserInput,
    ) -> async_graphql::Result<User> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let updated = shared::services::users::update_names(
            &state.db,
            &actor(claims),
            &email,
            &user.first_name,
            &user.last_name,
        )
        .await
        .map_err(admin_error)?;
        Ok(updated.into())
    }

    /// Sets the password of the user with `email`; their sessions end.
    async fn update_user_password(
        &self,
        ctx: &Context<'_>,
        email: String,
        new_password: String,
    ) -> async_graphql::Result<bool> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        // Their own password through this operation keeps their current session.
        let keep = claims
            .email
            .eq_ignore_ascii_case(email.trim())
            .then_some(claims.sid);
        shared::services::users::set_password(
            &state.db,
            &actor(claims),
            &email,
            &new_password,
            keep,
        )
        .await
        .map_err(admin_error)?;
        Ok(true)
    }

    /// Changes the caller's own password after checking the current one; their other
    /// sessions end.
    async fn update_self_password(
        &self,
        ctx: &Context<'_>,
        email: String,
        old_password: String,
        new_password: String,
    ) -> async_graphql::Result<bool> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        if !claims.email.eq_ignore_ascii_case(email.trim()) {
            return Err(bad_input("email", messages::own_password_only()));
        }
        let counters = shared::rate_limit::own_password_counters(&claims.email);
        state
            .limits
            .take(&counters)
            .await
            .map_err(super::support::caller::limit_error)?;
        shared::services::users::change_own_password(
            &state.db,
            &actor(claims),
            claims.sid,
            &old_password,
            &new_password,
        )
        .await
        .map_err(admin_error)?;
        Ok(true)
    }

    /// Sets the avatar (a data URL of a PNG, JPEG or WebP picture up to 256 KiB; empty
    /// removes it). Another user's avatar needs the `updateUser` resource.
    async fn update_avatar(
        &self,
        ctx: &Context<'_>,
        email: String,
        avatar: String,
    ) -> async_graphql::Result<User> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let own = claims.email.eq_ignore_ascii_case(email.trim());
        if !own && !state.access.allows(&claims.email, "updateUser") {
            return Err(forbidden(messages::permission_denied("updateUser")));
        }
        let avatar = Some(avatar.trim()).filter(|a| !a.is_empty());
        let updated = shared::services::users::set_avatar(&state.db, &email, avatar)
            .await
            .map_err(admin_error)?;
        Ok(updated.into())
    }

    /// Deletes the user with `email` and their groups; never oneself.
    async fn delete_user(&self, ctx: &Context<'_>, email: String) -> async_graphql::Result<bool> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        shared::services::users::delete_account(&state.db, &actor(claims), &email)
            .await
            .map_err(admin_error)?;
        state
            .access
            .changed(&state.redis)
            .await
            .map_err(|e| internal(format!("{e:#}")))?;
        Ok(true)
    }
}
