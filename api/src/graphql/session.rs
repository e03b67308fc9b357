//! Sessions: `basicLogin`, `getNewAccessToken`, `logout` and `loggedUser`.

use std::sync::Arc;

use async_graphql::{Context, Object, SimpleObject};
use chrono::{DateTime, Utc};
use shared::auth::{AuthError, Session};
use shared::db::models::accounts::User as UserRow;

use super::caller::claims;
use crate::state::AppState;

/// A user as the API shows it (never its password hash).
#[derive(SimpleObject)]
pub struct User {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub avatar: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<UserRow> for User {
    fn from(row: UserRow) -> Self {
        Self {
            email: row.email,
            first_name: row.first_name,
            last_name: row.last_name,
            avatar: row.avatar,
            created_at: row.created_at,
        }
    }
}

/// One permission: a resource and whether it is allowed or denied, lowercased.
#[derive(SimpleObject)]
pub struct Permission {
    pub resource: String,
    pub action: String,
}

/// The answer to a login or a refresh. `logged` is false, with a `message`, when the
/// credentials or the refresh token were refused.
#[derive(SimpleObject, Default)]
pub struct AuthSession {
    pub logged: bool,
    pub message: Option<String>,
    pub user: Option<User>,
    pub access_token: Option<String>,
    pub refresh_token: Option<String>,
    pub access_uuid: Option<String>,
    pub refresh_uuid: Option<String>,
    /// Expiry of the access token, unix seconds.
    pub at_expires: Option<i64>,
    /// Expiry of the refresh token, unix seconds.
    pub rt_expires: Option<i64>,
    pub permissions: Vec<Permission>,
}

impl From<Session> for AuthSession {
    fn from(session: Session) -> Self {
        Self {
            logged: true,
            message: None,
            user: Some(session.user.into()),
            access_token: Some(session.access_token),
            refresh_token: Some(session.refresh_token),
            access_uuid: Some(session.access_claims.jti.to_string()),
            refresh_uuid: Some(session.refresh_id.to_string()),
            at_expires: Some(session.access_claims.exp),
            rt_expires: Some(session.refresh_expires_at.timestamp()),
            permissions: session
                .permissions
                .into_iter()
                .map(|p| Permission {
                    resource: p.resource,
                    action: p.action,
                })
                .collect(),
        }
    }
}

/// Refused credentials or tokens become `logged: false` with the reason; anything else is an
/// error of the operation.
fn answer(result: Result<Session, AuthError>) -> async_graphql::Result<AuthSession> {
    match result {
        Ok(session) => Ok(session.into()),
        Err(error @ (AuthError::InvalidCredentials | AuthError::InvalidRefreshToken)) => {
            Ok(AuthSession {
                logged: false,
                message: Some(error.to_string()),
                ..AuthSession::default()
            })
        }
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "session operation failed");
            Err(async_graphql::Error::new(
                "Errore interno: riprova più tardi",
            ))
        }
    }
}

#[derive(Default)]
pub struct SessionQuery;

#[Object]
impl SessionQuery {
    /// The logged-in user.
    async fn logged_user(&self, ctx: &Context<'_>) -> async_graphql::Result<User> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await?;
        let user = shared::db::repo::users::find_user_by_id(&mut conn, claims.sub)
            .await?
            .ok_or_else(|| async_graphql::Error::new("L'utente non esiste più"))?;
        Ok(user.into())
    }
}

#[derive(Default)]
pub struct SessionMutation;

#[Object]
impl SessionMutation {
    /// Logs in with e-mail (`username`) and password.
    async fn basic_login(
        &self,
        ctx: &Context<'_>,
        #[graphql(validator(max_length = 255))] username: String,
        #[graphql(validator(max_length = 255))] password: String,
    ) -> async_graphql::Result<AuthSession> {
        let state = ctx.data::<Arc<AppState>>()?;
        answer(state.auth.login(&username, &password).await)
    }

    /// Exchanges a refresh token for new tokens; the old refresh token stops working.
    async fn get_new_access_token(
        &self,
        ctx: &Context<'_>,
        refresh_token: String,
    ) -> async_graphql::Result<AuthSession> {
        let state = ctx.data::<Arc<AppState>>()?;
        answer(state.auth.refresh(&refresh_token).await)
    }

    /// Ends the caller's session: its refresh tokens are revoked.
    async fn logout(&self, ctx: &Context<'_>) -> async_graphql::Result<bool> {
        let session_id = claims(ctx)?.sid;
        let state = ctx.data::<Arc<AppState>>()?;
        state.auth.logout(session_id).await?;
        Ok(true)
    }
}
