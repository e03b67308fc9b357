//! Sessions: login, refresh-token rotation with reuse detection, logout.
//!
//! A login starts a session: a family of refresh tokens. Each `refresh` rotates the token —
//! the presented one is marked rotated and a new one of the same family is returned with a new
//! access token. Presenting a token that was already rotated means it was copied: the whole
//! family is revoked, so both the thief and the user must log in again. Refresh tokens are 256
//! random bits; only their SHA-256 is stored.
//!
//! Impersonation is a session like any other whose refresh tokens (and so access tokens, claim
//! `imp`) record the impersonator; refreshing keeps it. Ending it revokes that session and
//! starts a fresh one for the impersonator. Both write their audit entry in the transaction
//! that starts the new session. It cannot raise anyone's permissions: only a user whose
//! permissions are a subset of the impersonator's can be impersonated, and access control
//! cannot be changed from an impersonation session (see `auth::admin`).

use std::sync::{Arc, LazyLock};
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use rand::RngCore;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::access::AccessControl;
use super::passwords::{PasswordError, hash_password, verify_password};
use super::permissions::{self, Permission};
use super::revocation::RevokedSessions;
use super::tokens::{AccessClaims, TokenError, TokenKeys};
use crate::db::models::accounts::{NewRefreshToken, RefreshToken, RefreshTokenChanges, User};
use crate::db::repo::audit::{self, Actor, Entry};
use crate::db::schema::{refresh_tokens, users};
use crate::db::{DbError, Pool, QueryContext, repo};
use crate::messages::{self, Message};

/// What the client receives at login and at every refresh.
#[derive(Debug, Clone)]
pub struct Session {
    pub user: User,
    pub access_token: String,
    pub access_claims: AccessClaims,
    pub refresh_token: String,
    pub refresh_id: Uuid,
    pub refresh_expires_at: DateTime<Utc>,
    pub permissions: Vec<Permission>,
    /// Who impersonates `user` in this session, if anyone.
    pub impersonator: Option<User>,
}

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// Wrong e-mail or password; which one is not said.
    #[error("{}", messages::invalid_credentials())]
    InvalidCredentials,
    /// Unknown, expired, revoked or reused refresh token.
    #[error("{}", messages::refresh_invalid())]
    InvalidRefreshToken,
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(transparent)]
    Token(#[from] TokenError),
    #[error(transparent)]
    Password(#[from] PasswordError),
    #[error("the password check did not complete: {0}")]
    PasswordTask(#[from] tokio::task::JoinError),
    /// `impersonates` on oneself.
    #[error("{}", messages::impersonate_self())]
    ImpersonateSelf,
    /// `impersonates` inside an impersonation session.
    #[error("{}", messages::already_impersonating())]
    AlreadyImpersonating,
    /// `endImpersonation` outside an impersonation session.
    #[error("{}", messages::not_impersonating())]
    NotImpersonating,
    /// The user to impersonate may use resources the impersonator may not (`*`: resources no
    /// policy names).
    #[error("{}", messages::impersonate_wider(.0.join(", ")))]
    BeyondOwnPermissions(Vec<String>),
    /// The user to impersonate, or the impersonator to return to, does not exist.
    #[error("{}", messages::user_not_found())]
    UnknownUser,
}

impl AuthError {
    /// What the user is told, for a refusal (`None`: a failure of ours, logged).
    pub fn message(&self) -> Option<Message> {
        Some(match self {
            Self::InvalidCredentials => messages::invalid_credentials(),
            Self::InvalidRefreshToken => messages::refresh_invalid(),
            Self::ImpersonateSelf => messages::impersonate_self(),
            Self::AlreadyImpersonating => messages::already_impersonating(),
            Self::NotImpersonating => messages::not_impersonating(),
            Self::BeyondOwnPermissions(resources) => {
                messages::impersonate_wider(resources.join(", "))
            }
            Self::UnknownUser => messages::user_not_found(),
            Self::Token(error) => return error.message(),
            Self::Db(_) | Self::Password(_) | Self::PasswordTask(_) => return None,
        })
    }
}

/// `BEGIN` / `COMMIT` failures of the impersonation transactions.
impl From<diesel::result::Error> for AuthError {
    fn from(error: diesel::result::Error) -> Self {
        Self::Db(error.into())
    }
}

/// Checks credentials and issues, rotates and revokes session tokens.
#[derive(Clone)]
pub struct Authenticator {
    pool: Pool,
    keys: TokenKeys,
    refresh_ttl: Duration,
    /// Sessions ended before their access tokens expired (see `auth::revocation`).
    revoked: Arc<RevokedSessions>,
}

/// What one rotation found, decided inside its transaction.
enum Rotation {
    Rotated(Box<Rotated>),
    Reused,
    Invalid,
}

/// The new refresh token of a rotation, with its row and the session's user.
struct Rotated {
    user: User,
    token: String,
    row: RefreshToken,
}

impl Authenticator {
    /// An authenticator whose list of ended sessions is empty until
    /// [`RevokedSessions::load`] and [`RevokedSessions::listen`] fill it.
    pub fn new(pool: Pool, keys: TokenKeys, refresh_ttl: Duration) -> Self {
        let revoked = Arc::new(RevokedSessions::new(keys.ttl()));
        Self {
            pool,
            keys,
            refresh_ttl,
            revoked,
        }
    }

    pub fn keys(&self) -> &TokenKeys {
        &self.keys
    }

    /// The sessions ended recently.
    pub fn revoked(&self) -> &Arc<RevokedSessions> {
        &self.revoked
    }

    /// The claims of a valid access token whose session has not ended.
    pub fn verify_access(&self, token: &str) -> Result<AccessClaims, TokenError> {
        let claims = self.keys.verify(token)?;
        if self.revoked.contains(claims.sid) {
            return Err(TokenError::Revoked);
        }
        Ok(claims)
    }

    /// Checks `email` and `password` and starts a session. An unknown e-mail costs the same
    /// password check as a wrong password, so timing does not reveal which accounts exist.
    pub async fn login(&self, email: &str, password: &str) -> Result<Session, AuthError> {
        static UNKNOWN_USER_HASH: LazyLock<Option<String>> =
            LazyLock::new(|| hash_password("no user has this password").ok());
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let user = repo::users::find_user_by_email(&mut conn, email).await?;
        let hash = match &user {
            Some(user) => user.password_hash.clone(),
            None => UNKNOWN_USER_HASH
                .clone()
                .ok_or(AuthError::InvalidCredentials)?,
        };
        let password = password.to_owned();
        let matches =
            tokio::task::spawn_blocking(move || verify_password(&password, &hash)).await??;
        match user {
            Some(user) if matches => self.start_session(&mut conn, user, None).await,
            _ => Err(AuthError::InvalidCredentials),
        }
    }

    /// Rotates `refresh_token` and returns the session with new tokens and fresh permissions.
    pub async fn refresh(&self, refresh_token: &str) -> Result<Session, AuthError> {
        let presented = token_hash(refresh_token);
        let refresh_ttl = self.refresh_ttl;
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let rotation = conn
            .transaction(async |conn| -> Result<Rotation, DbError> {
                let Some(current) = refresh_tokens::table
                    .filter(refresh_tokens::token_hash.eq(&presented))
                    .select(RefreshToken::as_select())
                    .for_update()
                    .first(conn)
                    .await
                    .optional()
                    .context("finding a refresh token")?
                else {
                    return Ok(Rotation::Invalid);
                };
                if current.revoked_at.is_some() || current.expires_at <= Utc::now() {
                    return Ok(Rotation::Invalid);
                }
                if current.rotated_at.is_some() {
                    revoke_family(conn, current.family_id, "reuse").await?;
                    return Ok(Rotation::Reused);
                }
                let (token, row) = insert_refresh_token(
                    conn,
                    current.user_id,
                    current.family_id,
                    current.impersonator_id,
                    refresh_ttl,
                )
                .await?;
                diesel::update(refresh_tokens::table.find(current.id))
                    .set(RefreshTokenChanges {
                        rotated_at: Some(Utc::now()),
                        replaced_by_id: Some(row.id),
                        ..RefreshTokenChanges::default()
                    })
                    .execute(conn)
                    .await
                    .context("marking a refresh token rotated")?;
                let user = users::table
                    .find(current.user_id)
                    .select(User::as_select())
                    .first(conn)
                    .await
                    .context("reading the session's user")?;
                Ok(Rotation::Rotated(Box::new(Rotated { user, token, row })))
            })
            .await?;
        match rotation {
            Rotation::Rotated(rotated) => {
                let Rotated { user, token, row } = *rotated;
                self.session(&mut conn, user, token, row).await
            }
            Rotation::Reused => {
                tracing::warn!(
                    "a rotated refresh token was presented again: its session is revoked"
                );
                Err(AuthError::InvalidRefreshToken)
            }
            Rotation::Invalid => Err(AuthError::InvalidRefreshToken),
        }
    }

    /// Starts a session for `user` (after a password reset or a registration).
    pub async fn start_session_for(&self, user: User) -> Result<Session, AuthError> {
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        self.start_session(&mut conn, user, None).await
    }

    /// Starts a session of the user with e-mail `target` on behalf of the caller with
    /// `claims`, whose id its tokens carry as impersonator. Refused on oneself, from an
    /// impersonation session, and on a user who may use any resource the caller may not
    /// (`access`): impersonating never lends permissions the caller lacks.
    pub async fn impersonate(
        &self,
        access: &AccessControl,
        claims: &AccessClaims,
        target: &str,
    ) -> Result<Session, AuthError> {
        if claims.imp.is_some() {
            return Err(AuthError::AlreadyImpersonating);
        }
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let user = repo::users::find_user_by_email(&mut conn, target)
            .await?
            .ok_or(AuthError::UnknownUser)?;
        if user.id == claims.sub {
            return Err(AuthError::ImpersonateSelf);
        }
        let beyond = access.allowed_beyond(&claims.email, &user.email);
        if !beyond.is_empty() {
            return Err(AuthError::BeyondOwnPermissions(beyond));
        }
        conn.transaction(async |conn| -> Result<Session, AuthError> {
            let session = self.start_session(conn, user, Some(claims.sub)).await?;
            audit::record(
                conn,
                Some(&Actor::from(claims)),
                Entry {
                    action: "impersonation.start",
                    target_type: "user",
                    target_id: &session.user.email,
                    details: serde_json::json!({ "session": session.access_claims.sid }),
                },
            )
            .await?;
            Ok(session)
        })
        .await
    }

    /// Ends the impersonation session of `claims` (its refresh tokens are revoked) and starts
    /// a fresh session of the impersonator.
    pub async fn end_impersonation(&self, claims: &AccessClaims) -> Result<Session, AuthError> {
        let impersonator = claims.imp.ok_or(AuthError::NotImpersonating)?;
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let Some(user) = repo::users::find_user_by_id(&mut conn, impersonator).await? else {
            // The impersonator was deleted meanwhile: the session ends all the same.
            revoke_family(&mut conn, claims.sid, "impersonation_end").await?;
            return Err(AuthError::UnknownUser);
        };
        conn.transaction(async |conn| -> Result<Session, AuthError> {
            revoke_family(conn, claims.sid, "impersonation_end").await?;
            let session = self.start_session(conn, user, None).await?;
            audit::record(
                conn,
                Some(&Actor::from(claims)),
                Entry {
                    action: "impersonation.end",
                    target_type: "user",
                    target_id: &claims.email,
                    details: serde_json::json!({ "session": claims.sid }),
                },
            )
            .await?;
            Ok(session)
        })
        .await
    }

    /// Ends session `session_id`: none of its refresh tokens can be used again.
    pub async fn logout(&self, session_id: Uuid) -> Result<(), AuthError> {
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        if revoke_family(&mut conn, session_id, "logout").await? > 0 {
            // At once here; the other processes hear of it from the database.
            self.revoked.insert(session_id);
        }
        Ok(())
    }

    async fn start_session(
        &self,
        conn: &mut AsyncPgConnection,
        user: User,
        impersonator: Option<Uuid>,
    ) -> Result<Session, AuthError> {
        let family = Uuid::now_v7();
        let (token, row) =
            insert_refresh_token(conn, user.id, family, impersonator, self.refresh_ttl).await?;
        self.session(conn, user, token, row).await
    }

    async fn session(
        &self,
        conn: &mut AsyncPgConnection,
        user: User,
        refresh_token: String,
        row: RefreshToken,
    ) -> Result<Session, AuthError> {
        let access = self
            .keys
            .issue(user.id, &user.email, row.family_id, row.impersonator_id)?;
        let permissions = permissions::for_user(conn, &user.email).await?;
        let impersonator = match row.impersonator_id {
            Some(id) => repo::users::find_user_by_id(conn, id).await?,
            None => None,
        };
        Ok(Session {
            impersonator,
            user,
            access_token: access.token,
            access_claims: access.claims,
            refresh_token,
            refresh_id: row.id,
            refresh_expires_at: row.expires_at,
            permissions,
        })
    }
}

fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

async fn insert_refresh_token(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    family_id: Uuid,
    impersonator_id: Option<Uuid>,
    ttl: Duration,
) -> Result<(String, RefreshToken), DbError> {
    let mut secret = [0u8; 32];
    rand::rng().fill_bytes(&mut secret);
    let token = URL_SAFE_NO_PAD.encode(secret);
    let expires_at =
        Utc::now() + chrono::Duration::from_std(ttl).unwrap_or(chrono::Duration::days(7));
    let row = diesel::insert_into(refresh_tokens::table)
        .values(NewRefreshToken {
            id: Uuid::now_v7(),
            user_id,
            family_id,
            token_hash: token_hash(&token),
            impersonator_id,
            expires_at,
        })
        .returning(RefreshToken::as_returning())
        .get_result(conn)
        .await
        .context("storing a refresh token")?;
    Ok((token, row))
}

/// Revokes every session of user `user_id` (as the user, and as impersonator) except session
/// `keep` (e.g. the one that changed the password); how many tokens.
pub async fn revoke_user_sessions(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    keep: Option<Uuid>,
    reason: &str,
) -> Result<usize, DbError> {
    // No session has the nil id: `None` keeps nothing.
    let keep = keep.unwrap_or(Uuid::nil());
    diesel::update(refresh_tokens::table)
        .filter(
            refresh_tokens::user_id
                .eq(user_id)
                .or(refresh_tokens::impersonator_id.eq(user_id)),
        )
        .filter(refresh_tokens::revoked_at.is_null())
        .filter(refresh_tokens::family_id.ne(keep))
        .set(RefreshTokenChanges {
            revoked_at: Some(Utc::now()),
            revoked_reason: Some(reason.to_owned()),
            ..RefreshTokenChanges::default()
        })
        .execute(conn)
        .await
        .context("revoking a user's sessions")
}

async fn revoke_family(
    conn: &mut AsyncPgConnection,
    family_id: Uuid,
    reason: &str,
) -> Result<usize, DbError> {
    diesel::update(
        refresh_tokens::table
            .filter(refresh_tokens::family_id.eq(family_id))
            .filter(refresh_tokens::revoked_at.is_null()),
    )
    .set(RefreshTokenChanges {
        revoked_at: Some(Utc::now()),
        revoked_reason: Some(reason.to_owned()),
        ..RefreshTokenChanges::default()
    })
    .execute(conn)
    .await
    .context("revoking a session")
}
