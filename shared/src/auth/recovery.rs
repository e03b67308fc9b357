//! Password recovery: a 6-digit code e-mailed to the user, then exchanged with a new password
//! for a fresh session.
//!
//! - The code is uniformly random (000000–999999), valid 10 minutes, single use, and allows 5
//!   attempts; asking for a new code invalidates the previous ones.
//! - Only a keyed MAC of the code is stored ([`super::codes`]).
//! - Neither step reveals whether an e-mail has an account: `request` answers the same and
//!   does its work (database, e-mail) in the background, and `reset` refuses an unknown e-mail
//!   exactly as a wrong code.
//! - A successful reset revokes every session of the user.

use std::time::Duration;

use chrono::Utc;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use uuid::Uuid;

use super::codes::{CodeKey, random_code};
use super::passwords::hash_password;
use super::sessions::{AuthError, Authenticator, Session, revoke_user_sessions};
use crate::db::models::accounts::{
    NewPasswordResetCode, PasswordResetCode, PasswordResetCodeChanges, User, UserChanges,
};
use crate::db::schema::password_reset_codes;
use crate::db::{DbError, Pool, QueryContext, repo};
use crate::mail::{Email, Mailer};

/// How long a code is valid.
pub const CODE_TTL: Duration = Duration::from_secs(10 * 60);
/// Wrong attempts after which a code is dead.
pub const MAX_ATTEMPTS: i32 = 5;

/// Why a code (of a password reset or a registration) was not accepted.
#[derive(Debug, thiserror::Error)]
pub enum CodeError {
    #[error("{}", crate::messages::invalid_code())]
    InvalidCode,
    #[error(transparent)]
    Auth(#[from] AuthError),
    #[error(transparent)]
    Db(#[from] DbError),
}

/// Issues, mails and checks reset codes.
#[derive(Clone)]
pub struct PasswordRecovery {
    pool: Pool,
    mailer: Mailer,
    key: CodeKey,
}

impl PasswordRecovery {
    /// `secret` is the JWT secret; the MAC key is derived from it for this use only.
    pub fn new(pool: Pool, mailer: Mailer, secret: &[u8]) -> Self {
        Self {
            pool,
            mailer,
            key: CodeKey::derive(secret, b"istruttoria password reset code v1"),
        }
    }

    /// Starts the recovery of `email` in the background and returns at once, whether or not
    /// the account exists.
    pub fn request(&self, email: &str) {
        let this = self.clone();
        let email = email.trim().to_owned();
        tokio::spawn(async move {
            if let Err(error) = this.issue_and_mail(&email).await {
                tracing::error!(error = format!("{error:#}"), "password recovery failed");
            }
        });
    }

    /// Issues a code for `email` and mails it; nothing when there is no such user. Returns
    /// whether a code was sent.
    pub async fn issue_and_mail(&self, email: &str) -> Result<bool, CodeError> {
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let Some(user) = repo::users::find_user_by_email(&mut conn, email).await? else {
            tracing::info!("password recovery for an unknown e-mail");
            return Ok(false);
        };
        let code = random_code();
        let id = Uuid::now_v7();
        let code_hash = self.key.mac(id, &code);
        let expires_at = Utc::now()
            + chrono::Duration::from_std(CODE_TTL).unwrap_or(chrono::Duration::minutes(10));
        let user_id = user.id;
        conn.transaction(async |conn| -> Result<(), DbError> {
            // Earlier codes die: only the latest e-mail counts.
            diesel::update(
                password_reset_codes::table
                    .filter(password_reset_codes::user_id.eq(user_id))
                    .filter(password_reset_codes::used_at.is_null())
                    .filter(password_reset_codes::expires_at.gt(Utc::now())),
            )
            .set(password_reset_codes::expires_at.eq(Utc::now()))
            .execute(conn)
            .await
            .context("invalidating earlier reset codes")?;
            diesel::insert_into(password_reset_codes::table)
                .values(NewPasswordResetCode {
                    id,
                    user_id,
                    code_hash,
                    expires_at,
                })
                .execute(conn)
                .await
                .context("storing a reset code")?;
            Ok(())
        })
        .await?;
        drop(conn);
        if let Err(error) = self.mailer.send(&code_email(&user, &code)).await {
            tracing::error!(error = format!("{error:#}"), "cannot send the reset code");
        }
        Ok(true)
    }

    /// Checks `code` for `email` and, when right, sets `new_password` (already validated),
    /// revokes the user's sessions and starts a new one.
    pub async fn reset(
        &self,
        auth: &Authenticator,
        email: &str,
        code: &str,
        new_password: &str,
    ) -> Result<Session, CodeError> {
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let Some(user) = repo::users::find_user_by_email(&mut conn, email).await? else {
            // The same work as a wrong code.
            let _ = self.key.matches(Uuid::nil(), code, "");
            return Err(CodeError::InvalidCode);
        };
        let user_id = user.id;
        let matched = conn
            .transaction(async |conn| -> Result<bool, DbError> {
                let Some(latest) = password_reset_codes::table
                    .filter(password_reset_codes::user_id.eq(user_id))
                    .filter(password_reset_codes::used_at.is_null())
                    .filter(password_reset_codes::expires_at.gt(Utc::now()))
                    .filter(password_reset_codes::attempts.lt(MAX_ATTEMPTS))
                    .order(password_reset_codes::created_at.desc())
                    .select(PasswordResetCode::as_select())
                    .for_update()
                    .first(conn)
                    .await
                    .optional()
                    .context("finding the latest reset code")?
                else {
                    return Ok(false);
                };
                let matched = self.key.matches(latest.id, code, &latest.code_hash);
                let changes = if matched {
                    PasswordResetCodeChanges {
                        used_at: Some(Utc::now()),
                        attempts: Some(latest.attempts + 1),
                    }
                } else {
                    PasswordResetCodeChanges {
                        attempts: Some(latest.attempts + 1),
                        used_at: None,
                    }
                };
                diesel::update(password_reset_codes::table.find(latest.id))
                    .set(changes)
                    .execute(conn)
                    .await
                    .context("recording a reset attempt")?;
                Ok(matched)
            })
            .await?;
        if !matched {
            return Err(CodeError::InvalidCode);
        }
        let password = new_password.to_owned();
        let hash = tokio::task::spawn_blocking(move || hash_password(&password))
            .await
            .map_err(AuthError::PasswordTask)?
            .map_err(AuthError::Password)?;
        let user = conn
            .transaction(async |conn| -> Result<User, DbError> {
                let user = repo::users::update_user(
                    conn,
                    user_id,
                    UserChanges {
                        password_hash: Some(hash),
                        ..UserChanges::default()
                    },
                )
                .await?;
                revoke_user_sessions(conn, user_id, None, "password_changed").await?;
                repo::audit::record(
                    conn,
                    Some(&repo::audit::Actor {
                        id: user.id,
                        email: user.email.clone(),
                        impersonator: None,
                        api_key: false,
                    }),
                    repo::audit::Entry {
                        action: "user.password_reset",
                        target_type: "user",
                        target_id: &user.email,
                        details: serde_json::json!({}),
                    },
                )
                .await?;
                Ok(user)
            })
            .await?;
        drop(conn);
        Ok(auth.start_session_for(user).await?)
    }
}

/// The e-mail with `code`, in Italian then English; the code is its only 6-digit number.
fn code_email(user: &User, code: &str) -> Email {
    let minutes = CODE_TTL.as_secs() / 60;
    Email {
        to: user.email.clone(),
        subject: "Istruttoria: codice per reimpostare la password / password reset code".into(),
        body: format!(
            "Ciao {name},\n\
             \n\
             il codice per reimpostare la password di Istruttoria è:\n\
             \n\
             {code}\n\
             \n\
             Vale {minutes} minuti e si può usare una sola volta. Se non hai chiesto tu di\n\
             reimpostare la password, ignora questo messaggio.\n\
             \n\
             ---\n\
             \n\
             Hello {name},\n\
             \n\
             your Istruttoria password reset code is the one above. It is valid for\n\
             {minutes} minutes and can be used once. If you did not ask to reset your\n\
             password, ignore this message.\n",
            name = user.first_name,
        ),
    }
}
