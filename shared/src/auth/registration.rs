//! Self-registration that does not tell who has an account.
//!
//! `register` answers the same, at once, for any e-mail: the work happens in the background and
//! only the mailbox learns the outcome — a 6-digit code to confirm a new account, or a note
//! that the address already has one (with the way to log in or recover the password). The
//! account is created only when the code comes back ([`Registrations::confirm`]), so nobody
//! can open an account on an address they do not read.
//!
//! The code follows the rules of the password-reset code ([`super::codes`]): valid 10 minutes,
//! 5 attempts, a new request replaces the previous one, only its keyed MAC is stored. Until
//! confirmed, the registration (names and password hash) waits in `pending_registrations`.

use chrono::Utc;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::codes::{CodeKey, random_code};
use super::passwords::hash_password;
use super::recovery::{CODE_TTL, CodeError, MAX_ATTEMPTS};
use super::sessions::{Authenticator, Session};
use crate::accounts::NewAccount;
use crate::db::models::accounts::{NewUser, PendingRegistration, User};
use crate::db::schema::pending_registrations;
use crate::db::sql_functions::lower;
use crate::db::{DbError, Pool, QueryContext, repo};
use crate::mail::{Email, Mailer};
use crate::services::users::insert_user;

/// What a registration request led to (only the mailbox is told).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestOutcome {
    /// A code to confirm the new account was mailed.
    CodeSent,
    /// The e-mail already has an account: its owner was told so.
    AlreadyRegistered,
}

/// Takes registration requests, mails their codes and creates the confirmed accounts.
#[derive(Clone)]
pub struct Registrations {
    pool: Pool,
    mailer: Mailer,
    key: CodeKey,
    /// Where users reach the web app, for the links of the e-mails.
    public_url: String,
}

impl Registrations {
    /// `secret` is the JWT secret; the code key is derived from it for this use only.
    pub fn new(pool: Pool, mailer: Mailer, secret: &[u8], public_url: &str) -> Self {
        Self {
            pool,
            mailer,
            key: CodeKey::derive(secret, b"istruttoria registration code v1"),
            public_url: public_url.trim_end_matches('/').to_owned(),
        }
    }

    /// Starts the registration of `account` (already validated) in the background and
    /// returns at once, whatever the outcome.
    pub fn request(&self, account: NewAccount) {
        let this = self.clone();
        tokio::spawn(async move {
            if let Err(error) = this.issue_and_mail(&account).await {
                tracing::error!(error = format!("{error:#}"), "registration request failed");
            }
        });
    }

    /// Mails `account`'s address (`account` validated by [`NewAccount::validated`]) a code for
    /// a new account, or a note that it already has one.
    pub async fn issue_and_mail(&self, account: &NewAccount) -> Result<RequestOutcome, CodeError> {
        // The slow hash first, whatever follows: both outcomes cost the same.
        let password = account.password.clone();
        let password_hash = tokio::task::spawn_blocking(move || hash_password(&password))
            .await
            .map_err(super::AuthError::PasswordTask)?
            .map_err(super::AuthError::Password)?;
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        if let Some(user) = repo::users::find_user_by_email(&mut conn, &account.email).await? {
            drop(conn);
            self.send(&already_registered_email(&user, &self.public_url))
                .await;
            return Ok(RequestOutcome::AlreadyRegistered);
        }
        let code = random_code();
        let id = Uuid::now_v7();
        let now = Utc::now();
        let pending = PendingRegistration {
            id,
            email: account.email.clone(),
            first_name: account.first_name.clone(),
            last_name: account.last_name.clone(),
            password_hash,
            code_hash: self.key.mac(id, &code),
            created_at: now,
            expires_at: now
                + chrono::Duration::from_std(CODE_TTL).unwrap_or(chrono::Duration::minutes(10)),
            attempts: 0,
        };
        let email = account.email.clone();
        let stored = conn
            .transaction(async |conn| -> Result<(), DbError> {
                // The previous request of this e-mail dies, and so does every expired one.
                diesel::delete(
                    pending_registrations::table.filter(
                        lower(pending_registrations::email)
                            .eq(lower(&email))
                            .or(pending_registrations::expires_at.lt(now)),
                    ),
                )
                .execute(conn)
                .await
                .context("removing earlier registrations")?;
                diesel::insert_into(pending_registrations::table)
                    .values(&pending)
                    .execute(conn)
                    .await
                    .context("storing a registration")?;
                Ok(())
            })
            .await;
        match stored {
            Ok(()) => {}
            // A concurrent request of the same e-mail won: its code is the one that counts.
            Err(error) if error.is_unique_violation() => {
                tracing::info!("concurrent registrations of one e-mail");
                return Ok(RequestOutcome::CodeSent);
            }
            Err(error) => return Err(error.into()),
        }
        drop(conn);
        self.send(&code_email(&account.first_name, &account.email, &code))
            .await;
        Ok(RequestOutcome::CodeSent)
    }

    async fn send(&self, email: &Email) {
        if let Err(error) = self.mailer.send(email).await {
            tracing::error!(
                error = format!("{error:#}"),
                "cannot send a registration e-mail"
            );
        }
    }

    /// Checks `code` for `email`'s registration and, when right, creates the account (with no
    /// role) and starts its session. A wrong, expired or used code, an unknown e-mail and an
    /// e-mail that got an account meanwhile all answer [`CodeError::InvalidCode`].
    pub async fn confirm(
        &self,
        auth: &Authenticator,
        email: &str,
        code: &str,
    ) -> Result<Session, CodeError> {
        let email = email.trim();
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let created = conn
            .transaction(async |conn| -> Result<Option<User>, DbError> {
                let Some(pending) = pending_registrations::table
                    .filter(lower(pending_registrations::email).eq(lower(email)))
                    .filter(pending_registrations::expires_at.gt(Utc::now()))
                    .filter(pending_registrations::attempts.lt(MAX_ATTEMPTS))
                    .select(PendingRegistration::as_select())
                    .for_update()
                    .first(conn)
                    .await
                    .optional()
                    .context("finding a registration")?
                else {
                    // The same work as a wrong code.
                    let _ = self.key.matches(Uuid::nil(), code, "");
                    return Ok(None);
                };
                if !self.key.matches(pending.id, code, &pending.code_hash) {
                    diesel::update(pending_registrations::table.find(pending.id))
                        .set(pending_registrations::attempts.eq(pending.attempts + 1))
                        .execute(conn)
                        .await
                        .context("recording a registration attempt")?;
                    return Ok(None);
                }
                diesel::delete(pending_registrations::table.find(pending.id))
                    .execute(conn)
                    .await
                    .context("consuming a registration")?;
                create_user(conn, pending).await
            })
            .await?;
        drop(conn);
        let user = created.ok_or(CodeError::InvalidCode)?;
        Ok(auth.start_session_for(user).await?)
    }
}

/// Creates the user of a confirmed registration with its audit entry; `None` when the e-mail
/// got an account since the request.
async fn create_user(
    conn: &mut AsyncPgConnection,
    pending: PendingRegistration,
) -> Result<Option<User>, DbError> {
    if repo::users::find_user_by_email(conn, &pending.email)
        .await?
        .is_some()
    {
        return Ok(None);
    }
    let user = insert_user(
        conn,
        None,
        "user.register",
        NewUser {
            id: Uuid::now_v7(),
            email: pending.email,
            first_name: pending.first_name,
            last_name: pending.last_name,
            avatar: None,
            password_hash: pending.password_hash,
        },
    )
    .await?;
    Ok(Some(user))
}

/// The e-mail with the code of a new account, in Italian then English; the code is its only
/// 6-digit number.
fn code_email(first_name: &str, to: &str, code: &str) -> Email {
    let minutes = CODE_TTL.as_secs() / 60;
    Email {
        to: to.to_owned(),
        subject: "Istruttoria: codice per attivare l'account / account activation code".into(),
        body: format!(
            "Ciao {first_name},\n\
             \n\
             il codice per attivare il tuo account Istruttoria è:\n\
             \n\
             {code}\n\
             \n\
             Vale {minutes} minuti e si può usare una sola volta. Se non hai chiesto tu di\n\
             registrarti, ignora questo messaggio: senza il codice l'account non viene creato.\n\
             \n\
             ---\n\
             \n\
             Hello {first_name},\n\
             \n\
             the code above activates your Istruttoria account. It is valid for {minutes}\n\
             minutes and can be used once. If you did not ask to register, ignore this\n\
             message: without the code no account is created.\n",
        ),
    }
}

/// The e-mail to the owner of an existing account someone tried to register again.
fn already_registered_email(user: &User, public_url: &str) -> Email {
    let login = format!("{public_url}/authentication/login");
    let recovery = format!("{public_url}/authentication/password-recovery");
    Email {
        to: user.email.clone(),
        subject: "Istruttoria: hai già un account / you already have an account".into(),
        body: format!(
            "Ciao {name},\n\
             \n\
             qualcuno (forse tu) ha chiesto di registrare un account Istruttoria con questo\n\
             indirizzo, che ne ha già uno. Nessun nuovo account è stato creato.\n\
             \n\
             Per accedere: {login}\n\
             Se non ricordi la password: {recovery}\n\
             \n\
             Se non sei stato tu, ignora questo messaggio.\n\
             \n\
             ---\n\
             \n\
             Hello {name},\n\
             \n\
             someone (perhaps you) asked to register an Istruttoria account with this\n\
             address, which already has one. No new account was created.\n\
             \n\
             To log in: {login}\n\
             If you forgot your password: {recovery}\n\
             \n\
             If it was not you, ignore this message.\n",
            name = user.first_name,
        ),
    }
}
