//! Sessions: `basicLogin`, `getNewAccessToken`, `logout`, `loggedUser`, password recovery
//! (`recoverPassword`, `resetPassword`), `register`, and impersonation (`impersonates`,
//! `endImpersonation`); `permissionsChanged` keeps an open session's permissions current. Login, reset, recovery and registration are rate-limited per client
//! address and account; too many failed logins lock the account whatever the address (see
//! `shared::rate_limit`).

use std::sync::Arc;

use async_graphql::{Context, InputObject, Object, SimpleObject, Subscription};
use chrono::{DateTime, Utc};
use futures::{Stream, StreamExt};
use shared::accounts::{FieldError, MAX_RESET_PASSWORD, NewAccount};
use shared::auth::{AuthError, CodeError, Session};
use shared::db::models::accounts::User as UserRow;
use shared::mail::MAX_EMAIL;
use shared::rate_limit::{self};

use super::support::caller::{ClientAddr, claims, limit_error};
use super::support::errors::{bad_input, conflict, forbidden, internal, not_found};
use crate::state::AppState;
use shared::messages::{self, Message};

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

impl From<shared::auth::permissions::Permission> for Permission {
    fn from(permission: shared::auth::permissions::Permission) -> Self {
        Self {
            resource: permission.resource,
            action: permission.action,
        }
    }
}

#[derive(Default)]
pub struct SessionSubscription;

#[Subscription]
impl SessionSubscription {
    /// The caller's permissions now, then again whenever an administrator's change of roles,
    /// policies or groups changes them (the web app offers only what they allow, without a new
    /// login). Ends with the session.
    async fn permissions_changed(
        &self,
        ctx: &Context<'_>,
    ) -> async_graphql::Result<impl Stream<Item = Vec<Permission>>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let claims = claims(ctx)?.clone();
        let permissions = state
            .access
            .follow_permissions(claims.email.clone())
            .map(|permissions| permissions.into_iter().map(Permission::from).collect());
        Ok(super::access::while_allowed(
            "permissionsChanged",
            permissions,
            state.clone(),
            claims,
        ))
    }
}

/// The answer to a login or a refresh. `logged` is false, with a `message` (Italian) and its
/// `messageCode` of the catalogue (`shared::messages`), when the credentials or the refresh
/// token were refused.
#[derive(SimpleObject, Default)]
pub struct AuthSession {
    pub logged: bool,
    pub message: Option<String>,
    pub message_code: Option<String>,
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
    /// Whether this session is an impersonation.
    pub impersonated: bool,
    /// The impersonator, when impersonated.
    pub impersonated_by: Option<User>,
}

impl From<Session> for AuthSession {
    fn from(session: Session) -> Self {
        Self {
            impersonated: session.impersonator.is_some(),
            impersonated_by: session.impersonator.map(User::from),
            logged: true,
            message: None,
            message_code: None,
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
                .map(Permission::from)
                .collect(),
        }
    }
}

/// Refused credentials or tokens become `logged: false` with the reason; anything else is an
/// error of the operation.
fn answer(result: Result<Session, AuthError>) -> async_graphql::Result<AuthSession> {
    match result {
        Ok(session) => Ok(session.into()),
        Err(AuthError::InvalidCredentials) => Ok(not_logged(messages::invalid_credentials())),
        Err(AuthError::InvalidRefreshToken) => Ok(not_logged(messages::refresh_invalid())),
        Err(error) => Err(auth_error(error)),
    }
}

/// `logged: false`, saying why.
fn not_logged(message: Message) -> AuthSession {
    AuthSession {
        logged: false,
        message: Some(message.italian()),
        message_code: Some(message.code().to_owned()),
        ..AuthSession::default()
    }
}

/// A session operation's failure as a GraphQL error.
fn auth_error(error: AuthError) -> async_graphql::Error {
    let refusal = match &error {
        AuthError::ImpersonateSelf
        | AuthError::AlreadyImpersonating
        | AuthError::NotImpersonating => conflict,
        AuthError::BeyondOwnPermissions(_) => forbidden,
        AuthError::UnknownUser => not_found,
        _ => return internal(format!("{error:#}")),
    };
    match error.message() {
        Some(message) => refusal(message),
        None => internal(format!("{error:#}")),
    }
}

/// The answer to a code exchanged for a session (`resetPassword`, `confirmRegistration`): a
/// right code clears the account's failure counter, a wrong one counts against `counters`.
async fn code_answer(
    state: &AppState,
    counters: &[rate_limit::Counter],
    result: Result<Session, CodeError>,
) -> async_graphql::Result<AuthSession> {
    match result {
        Ok(session) => {
            state
                .limits
                .clear(&counters[..1])
                .await
                .map_err(limit_error)?;
            Ok(session.into())
        }
        Err(CodeError::InvalidCode) => {
            state.limits.hit(counters).await.map_err(limit_error)?;
            Ok(not_logged(messages::invalid_code()))
        }
        Err(CodeError::Auth(error)) => Err(auth_error(error)),
        Err(error) => Err(internal(format!("{error:#}"))),
    }
}

/// A rule broken by the input, as `BAD_USER_INPUT`.
pub(super) fn field_error(error: FieldError) -> async_graphql::Error {
    bad_input(error.field, error.message)
}

/// The fields of `register` (the same rules as `createUser`).
#[derive(InputObject)]
pub struct RegisterInput {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub password: String,
    pub confirm_password: String,
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
            .ok_or_else(|| not_found(messages::user_gone()))?;
        Ok(user.into())
    }
}

#[derive(Default)]
pub struct SessionMutation;

#[Object]
impl SessionMutation {
    /// Logs in with e-mail (`username`) and password; refused with `TOO_MANY_REQUESTS` while the
    /// account is locked after failed logins, or the address has failed too often.
    async fn basic_login(
        &self,
        ctx: &Context<'_>,
        #[graphql(validator(max_length = 255))] username: String,
        #[graphql(validator(max_length = 255))] password: String,
    ) -> async_graphql::Result<AuthSession> {
        let state = ctx.data::<Arc<AppState>>()?;
        let counters = rate_limit::login_counters(&username, ClientAddr::of(ctx));
        if let Err(refused) = state.limits.check(&counters).await {
            tracing::warn!(reason = %refused, "login refused before the password check");
            return Err(limit_error(refused));
        }
        let result = state.auth.login(&username, &password).await;
        match &result {
            Ok(_) => {
                state
                    .limits
                    .clear(&counters[..1])
                    .await
                    .map_err(limit_error)?;
            }
            Err(AuthError::InvalidCredentials) => {
                tracing::info!("failed login");
                state.limits.hit(&counters).await.map_err(limit_error)?;
            }
            Err(_) => {}
        }
        answer(result)
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

    /// Mails a 6-digit reset code to `email` when it has an account. Always true: the answer
    /// never tells whether the e-mail exists.
    async fn recover_password(
        &self,
        ctx: &Context<'_>,
        email: String,
    ) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        let email = checked_email(&email)?;
        let counters = rate_limit::recover_counters(email, ClientAddr::of(ctx));
        state.limits.take(&counters).await.map_err(limit_error)?;
        state.recovery.request(email);
        Ok(true)
    }

    /// Sets a new password with the code of `recoverPassword` and starts a session; a wrong,
    /// expired or used code (or an unknown e-mail) answers `logged: false`.
    async fn reset_password(
        &self,
        ctx: &Context<'_>,
        email: String,
        code: String,
        new_password: String,
    ) -> async_graphql::Result<AuthSession> {
        let state = ctx.data::<Arc<AppState>>()?;
        let email = checked_email(&email)?;
        if code.trim().is_empty() {
            return Err(bad_input("code", messages::code_required()));
        }
        shared::accounts::valid_password("newPassword", &new_password, MAX_RESET_PASSWORD)
            .map_err(field_error)?;
        let counters = rate_limit::reset_counters(email, ClientAddr::of(ctx));
        state.limits.check(&counters).await.map_err(limit_error)?;
        code_answer(
            state,
            &counters,
            state
                .recovery
                .reset(&state.auth, email, &code, &new_password)
                .await,
        )
        .await
    }

    /// Asks for an account (with no role): the e-mail receives a 6-digit code for
    /// `confirmRegistration`, or a note that it already has an account. Always true: the answer
    /// never tells whether the e-mail has an account.
    async fn register(
        &self,
        ctx: &Context<'_>,
        input: RegisterInput,
    ) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        let account = NewAccount {
            email: input.email,
            first_name: input.first_name,
            last_name: input.last_name,
            password: input.password,
            confirm_password: input.confirm_password,
        };
        // Invalid input is refused before it counts.
        let account = account.validated().map_err(field_error)?;
        let counters = rate_limit::register_counters(ClientAddr::of(ctx));
        state.limits.take(&counters).await.map_err(limit_error)?;
        state.registrations.request(account);
        Ok(true)
    }

    /// Creates the account of `register` with its e-mailed code and starts its session; a
    /// wrong, expired or used code (or an e-mail without a registration) answers
    /// `logged: false`.
    async fn confirm_registration(
        &self,
        ctx: &Context<'_>,
        email: String,
        code: String,
    ) -> async_graphql::Result<AuthSession> {
        let state = ctx.data::<Arc<AppState>>()?;
        let email = checked_email(&email)?;
        if code.trim().is_empty() {
            return Err(bad_input("code", messages::code_required()));
        }
        let counters = rate_limit::confirm_registration_counters(email, ClientAddr::of(ctx));
        state.limits.check(&counters).await.map_err(limit_error)?;
        code_answer(
            state,
            &counters,
            state.registrations.confirm(&state.auth, email, &code).await,
        )
        .await
    }

    /// Starts a session as the user with `email`, marked as impersonated by the caller; refused
    /// (`FORBIDDEN`) when that user may use anything the caller may not.
    async fn impersonates(
        &self,
        ctx: &Context<'_>,
        email: String,
    ) -> async_graphql::Result<AuthSession> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let session = state
            .auth
            .impersonate(&state.access, claims, &email)
            .await
            .map_err(auth_error)?;
        Ok(session.into())
    }

    /// Ends the caller's impersonation session and returns a fresh session of the
    /// impersonator.
    async fn end_impersonation(&self, ctx: &Context<'_>) -> async_graphql::Result<AuthSession> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let session = state
            .auth
            .end_impersonation(claims)
            .await
            .map_err(auth_error)?;
        Ok(session.into())
    }
}

/// `email` trimmed, required (`Email obbligatoria`), valid and at most 255 characters.
fn checked_email(email: &str) -> async_graphql::Result<&str> {
    let email = email.trim();
    if email.is_empty() {
        return Err(bad_input("email", messages::email_required()));
    }
    shared::accounts::valid_email("email", email, MAX_EMAIL).map_err(field_error)
}
