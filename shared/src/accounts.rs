//! Accounts: password hashing and the first administrator.

use std::fmt;

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use diesel_async::{AsyncConnection, RunQueryDsl};
use rand::RngCore;
use rand::distr::{Alphanumeric, SampleString};
use uuid::Uuid;

use crate::db::models::accounts::{NewCasbinRule, NewRole, NewUser};
use crate::db::schema::{casbin_rule, roles};
use crate::db::{DbError, Pool, QueryContext, repo};
use crate::mail::is_email;
use crate::messages::{self, Message};

/// The role of the seeded administrator; its policy allows every action on every resource.
pub const ADMIN_ROLE: &str = "admin";

#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("password hashing failed: {0}")]
    Hash(argon2::password_hash::Error),
}

/// Hashes `password` with argon2id (19 MiB of memory, 2 iterations, 1 lane: OWASP's minimum),
/// as a PHC string that carries its own parameters and salt.
pub fn hash_password(password: &str) -> Result<String, AccountError> {
    let params = Params::new(19 * 1024, 2, 1, None).map_err(|e| AccountError::Hash(e.into()))?;
    let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(AccountError::Hash)?;
    argon2
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(AccountError::Hash)
}

/// Whether `password` matches the PHC string `hash` (whatever parameters it was made with).
/// Slow by design: call it off the async executor.
pub fn verify_password(password: &str, hash: &str) -> Result<bool, AccountError> {
    let parsed = PasswordHash::new(hash).map_err(AccountError::Hash)?;
    Ok(Argon2::default()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok())
}

/// What [`seed_admin`] did, worded for the person who runs `just up`.
#[derive(Debug, PartialEq, Eq)]
pub enum SeedOutcome {
    Created {
        email: String,
        password: String,
        generated: bool,
    },
    AlreadySeeded {
        email: String,
        password: Option<String>,
    },
}

impl fmt::Display for SeedOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Created {
                email,
                password,
                generated: true,
            } => write!(
                f,
                "Administrator: {email}  password: {password}  (generated; shown only this once)"
            ),
            Self::Created {
                email,
                password,
                generated: false,
            }
            | Self::AlreadySeeded {
                email,
                password: Some(password),
            } => {
                write!(f, "Administrator: {email}  password: {password}")
            }
            Self::AlreadySeeded {
                email,
                password: None,
            } => write!(
                f,
                "Administrator: {email}  (users exist already; the password is the one printed when it was created)"
            ),
        }
    }
}

/// Creates the first administrator — a user, the `admin` role, its allow-all policy and the
/// user's group — when there is no user at all; otherwise changes nothing. Without `password`
/// one is generated. Safe to run concurrently: the work is one transaction and a lost race
/// reports the existing users.
pub async fn seed_admin(
    pool: &Pool,
    email: &str,
    password: Option<&str>,
) -> Result<SeedOutcome, AccountError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    if repo::users::count_users(&mut conn).await? > 0 {
        return Ok(SeedOutcome::AlreadySeeded {
            email: email.to_owned(),
            password: password.map(str::to_owned),
        });
    }
    let (password, generated) = match password {
        Some(password) => (password.to_owned(), false),
        None => (Alphanumeric.sample_string(&mut rand::rng(), 16), true),
    };
    let new_user = NewUser {
        id: Uuid::now_v7(),
        email: email.to_owned(),
        first_name: "Amministratore".into(),
        last_name: "Istruttoria".into(),
        avatar: None,
        password_hash: hash_password(&password)?,
    };
    let created = conn
        .transaction(async |conn| -> Result<bool, DbError> {
            // Serialise concurrent seeders; the loser sees the winner's user.
            diesel::sql_query("LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE")
                .execute(conn)
                .await
                .map(drop)
                .context("locking users to seed the administrator")?;
            if repo::users::count_users(conn).await? > 0 {
                return Ok(false);
            }
            let user = repo::users::create_user(conn, new_user).await?;
            diesel::insert_into(roles::table)
                .values(NewRole {
                    name: ADMIN_ROLE.into(),
                    description: "Amministratore".into(),
                })
                .on_conflict_do_nothing()
                .execute(conn)
                .await
                .context("creating the admin role")?;
            let rules = [
                NewCasbinRule::policy(ADMIN_ROLE, "*", "*", "*", "allow"),
                NewCasbinRule::group(&user.email, ADMIN_ROLE, "*"),
            ];
            diesel::insert_into(casbin_rule::table)
                .values(&rules[..])
                .execute(conn)
                .await
                .context("granting the admin role")?;
            Ok(true)
        })
        .await?;
    Ok(if created {
        SeedOutcome::Created {
            email: email.to_owned(),
            password,
            generated,
        }
    } else {
        SeedOutcome::AlreadySeeded {
            email: email.to_owned(),
            password: None,
        }
    })
}

// --- Validation -----------------------------------------------------------------------------
//
// The limits and messages of docs/domain.md#input-rules-and-limits. A failure names the input
// field, so the API can say which one is wrong.

/// An input field breaks a rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct FieldError {
    pub field: &'static str,
    pub message: Message,
}

impl FieldError {
    pub fn new(field: &'static str, message: Message) -> Self {
        Self { field, message }
    }
}
/// Shortest password.
pub const MIN_PASSWORD: usize = 7;
/// Longest password at creation and change (docs/domain.md#input-rules-and-limits); a reset
/// allows 255.
pub const MAX_PASSWORD: usize = 20;
pub const MAX_RESET_PASSWORD: usize = 255;
pub const MAX_NAME: usize = 30;
/// Longest e-mail of a new user (docs/domain.md#input-rules-and-limits); login, recovery and
/// reset accept 255.
pub const MAX_NEW_EMAIL: usize = 60;
/// Largest avatar picture, decoded.
pub const MAX_AVATAR_BYTES: usize = 256 * 1024;

/// `value` trimmed, required and at most `max` characters.
pub fn required_text<'a>(
    field: &'static str,
    value: &'a str,
    max: usize,
) -> Result<&'a str, FieldError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(FieldError::new(field, messages::required()));
    }
    if value.chars().count() > max {
        return Err(FieldError::new(field, messages::too_long(max)));
    }
    Ok(value)
}

/// `value` trimmed, required, at most `max` characters and a syntactically valid address.
pub fn valid_email<'a>(
    field: &'static str,
    value: &'a str,
    max: usize,
) -> Result<&'a str, FieldError> {
    let value = required_text(field, value, max)?;
    if !is_email(value) {
        return Err(FieldError::new(field, messages::invalid_email()));
    }
    Ok(value)
}

/// A new password: required, `MIN_PASSWORD..=max` characters (not trimmed: spaces count).
pub fn valid_password(field: &'static str, value: &str, max: usize) -> Result<(), FieldError> {
    let length = value.chars().count();
    if length == 0 {
        return Err(FieldError::new(field, messages::required()));
    }
    if length < MIN_PASSWORD {
        return Err(FieldError::new(field, messages::password_too_short()));
    }
    if length > max {
        return Err(FieldError::new(field, messages::too_long(max)));
    }
    Ok(())
}

/// The fields of `createUser` and `register`.
#[derive(Debug, Clone)]
pub struct NewAccount {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub password: String,
    pub confirm_password: String,
}

impl NewAccount {
    /// Checks every rule of docs/domain.md#input-rules-and-limits ("new user") and returns the
    /// account with trimmed names and e-mail.
    pub fn validated(&self) -> Result<Self, FieldError> {
        let first_name = required_text("firstName", &self.first_name, MAX_NAME)?.to_owned();
        let last_name = required_text("lastName", &self.last_name, MAX_NAME)?.to_owned();
        let email = valid_email("email", &self.email, MAX_NEW_EMAIL)?.to_owned();
        valid_password("password", &self.password, MAX_PASSWORD)?;
        if self.confirm_password.is_empty() {
            return Err(FieldError::new("confirmPassword", messages::required()));
        }
        if self.confirm_password.chars().count() > 30 {
            return Err(FieldError::new("confirmPassword", messages::too_long(30)));
        }
        if self.confirm_password != self.password {
            return Err(FieldError::new(
                "confirmPassword",
                messages::passwords_differ(),
            ));
        }
        Ok(Self {
            email,
            first_name,
            last_name,
            password: self.password.clone(),
            confirm_password: self.confirm_password.clone(),
        })
    }
}

/// An avatar: a base64 data URL of a PNG, JPEG or WebP picture of at most 256 KiB.
pub fn valid_avatar(field: &'static str, value: &str) -> Result<(), FieldError> {
    use base64::Engine;
    let invalid = || FieldError::new(field, messages::invalid_avatar());
    let value = value.trim();
    let (header, data) = value.split_once(',').ok_or_else(invalid)?;
    let mime = header
        .strip_prefix("data:")
        .and_then(|h| h.strip_suffix(";base64"))
        .ok_or_else(invalid)?;
    if data.len() > MAX_AVATAR_BYTES.div_ceil(3) * 4 + 4 {
        return Err(invalid());
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|_| invalid())?;
    let signature_matches = match mime {
        "image/png" => bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "image/jpeg" => bytes.starts_with(b"\xff\xd8\xff"),
        "image/webp" => bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP",
        _ => false,
    };
    if !signature_matches || bytes.len() > MAX_AVATAR_BYTES {
        return Err(invalid());
    }
    Ok(())
}

#[cfg(test)]
mod validation_tests {
    use super::*;

    fn account() -> NewAccount {
        NewAccount {
            email: " mario.rossi@example.com ".into(),
            first_name: "Mario".into(),
            last_name: "Rossi".into(),
            password: "segreto1".into(),
            confirm_password: "segreto1".into(),
        }
    }

    #[test]
    fn a_new_account_follows_the_spec_limits_and_messages() {
        let valid = account().validated().expect("valid");
        assert_eq!(valid.email, "mario.rossi@example.com");
        let cases: Vec<(NewAccount, &str, Message)> = vec![
            (
                NewAccount {
                    first_name: " ".into(),
                    ..account()
                },
                "firstName",
                messages::required(),
            ),
            (
                NewAccount {
                    last_name: "x".repeat(31),
                    ..account()
                },
                "lastName",
                messages::too_long(30),
            ),
            (
                NewAccount {
                    email: "".into(),
                    ..account()
                },
                "email",
                messages::required(),
            ),
            (
                NewAccount {
                    email: "mario".into(),
                    ..account()
                },
                "email",
                messages::invalid_email(),
            ),
            (
                NewAccount {
                    email: format!("{}@ex.it", "a".repeat(60)),
                    ..account()
                },
                "email",
                messages::too_long(60),
            ),
            (
                NewAccount {
                    password: "corta".into(),
                    confirm_password: "corta".into(),
                    ..account()
                },
                "password",
                messages::password_too_short(),
            ),
            (
                NewAccount {
                    password: "p".repeat(21),
                    confirm_password: "p".repeat(21),
                    ..account()
                },
                "password",
                messages::too_long(20),
            ),
            (
                NewAccount {
                    confirm_password: "".into(),
                    ..account()
                },
                "confirmPassword",
                messages::required(),
            ),
            (
                NewAccount {
                    confirm_password: "segreto2".into(),
                    ..account()
                },
                "confirmPassword",
                messages::passwords_differ(),
            ),
        ];
        for (input, field, message) in cases {
            assert_eq!(
                input.validated().expect_err("invalid"),
                FieldError::new(field, message),
                "{input:?}"
            );
        }
    }

    #[test]
    fn avatars_are_small_pictures_as_data_urls() {
        use base64::Engine;
        let b64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
        let png = format!("data:image/png;base64,{}", b64(b"\x89PNG\r\n\x1a\n0000"));
        assert!(valid_avatar("avatar", &png).is_ok());
        for bad in [
            "https://example.com/a.png".to_owned(),
            format!("data:image/gif;base64,{}", b64(b"GIF89a")),
            format!("data:image/png;base64,{}", b64(b"not a png")),
            format!("data:image/jpeg;base64,{}", b64(&[0xff; 300 * 1024])),
        ] {
            assert!(valid_avatar("avatar", &bad).is_err(), "{bad:.40}");
        }
    }
}

// --- User administration ----------------------------------------------------------------------
//
// Each change is one transaction with its audit-log entry.

use crate::db::models::accounts::{User, UserChanges};
use crate::db::repo::audit::{Actor, Entry};

/// Why an administrative operation was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    /// The input breaks a rule (→ `BAD_USER_INPUT`).
    #[error(transparent)]
    Invalid(#[from] FieldError),
    /// What the operation names does not exist (→ `NOT_FOUND`).
    #[error("{0}")]
    NotFound(Message),
    /// The current state refuses the operation (→ `CONFLICT`).
    #[error("{0}")]
    Conflict(Message),
    /// The caller may not do this, whatever their permissions (→ `FORBIDDEN`).
    #[error("{0}")]
    Forbidden(Message),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(transparent)]
    Account(#[from] AccountError),
    #[error("the password hashing task did not complete: {0}")]
    Task(#[from] tokio::task::JoinError),
    #[error(transparent)]
    Access(#[from] crate::auth::AccessError),
}

async fn hash_off_thread(password: &str) -> Result<String, AdminError> {
    let password = password.to_owned();
    Ok(tokio::task::spawn_blocking(move || hash_password(&password)).await??)
}

async fn user_by_email(
    conn: &mut diesel_async::AsyncPgConnection,
    email: &str,
) -> Result<User, AdminError> {
    repo::users::find_user_by_email(conn, email.trim())
        .await?
        .ok_or_else(|| AdminError::NotFound(messages::user_not_found()))
}

/// Creates a user with no role (`createUser` by `actor`; without one, audited as `user.register`
/// as a confirmed registration is, see `auth::registration`).
pub async fn create_account(
    pool: &Pool,
    actor: Option<&Actor>,
    input: &NewAccount,
) -> Result<User, AdminError> {
    let input = input.validated()?;
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    if repo::users::find_user_by_email(&mut conn, &input.email)
        .await?
        .is_some()
    {
        return Err(FieldError::new("email", messages::email_taken()).into());
    }
    let password_hash = hash_off_thread(&input.password).await?;
    let new_user = NewUser {
        id: Uuid::now_v7(),
        email: input.email.clone(),
        first_name: input.first_name.clone(),
        last_name: input.last_name.clone(),
        avatar: None,
        password_hash,
    };
    let action = if actor.is_some() {
        "user.create"
    } else {
        "user.register"
    };
    let created = conn
        .transaction(async |conn| insert_user(conn, actor, action, new_user).await)
        .await;
    match created {
        Ok(user) => Ok(user),
        // A concurrent creation of the same e-mail.
        Err(error) if error.is_unique_violation() => {
            Err(FieldError::new("email", messages::email_taken()).into())
        }
        Err(error) => Err(error.into()),
    }
}

/// Inserts `new_user` with its audit-log entry (`user.create` by `actor`, or `user.register`),
/// inside the caller's transaction.
pub(crate) async fn insert_user(
    conn: &mut diesel_async::AsyncPgConnection,
    actor: Option<&Actor>,
    action: &'static str,
    new_user: NewUser,
) -> Result<User, DbError> {
    let user = repo::users::create_user(conn, new_user).await?;
    repo::audit::record(
        conn,
        actor,
        Entry {
            action,
            target_type: "user",
            target_id: &user.email,
            details: serde_json::json!({
                "firstName": user.first_name,
                "lastName": user.last_name,
            }),
        },
    )
    .await?;
    Ok(user)
}

/// Changes the names of the user with e-mail `email`.
pub async fn update_names(
    pool: &Pool,
    actor: &Actor,
    email: &str,
    first_name: &str,
    last_name: &str,
) -> Result<User, AdminError> {
    let first_name = required_text("firstName", first_name, MAX_NAME)?.to_owned();
    let last_name = required_text("lastName", last_name, MAX_NAME)?.to_owned();
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let user = user_by_email(&mut conn, email).await?;
    Ok(conn
        .transaction(async |conn| -> Result<User, DbError> {
            let updated = repo::users::update_user(
                conn,
                user.id,
                UserChanges {
                    first_name: Some(first_name),
                    last_name: Some(last_name),
                    ..UserChanges::default()
                },
            )
            .await?;
            repo::audit::record(
                conn,
                Some(actor),
                Entry {
                    action: "user.update",
                    target_type: "user",
                    target_id: &updated.email,
                    details: serde_json::json!({
                        "firstName": updated.first_name,
                        "lastName": updated.last_name,
                    }),
                },
            )
            .await?;
            Ok(updated)
        })
        .await?)
}

/// Sets the password of the user with e-mail `email` and revokes their sessions, except
/// session `keep` (the caller's own, when they change their own password).
pub async fn set_password(
    pool: &Pool,
    actor: &Actor,
    email: &str,
    new_password: &str,
    keep: Option<Uuid>,
) -> Result<(), AdminError> {
    valid_password("newPassword", new_password, MAX_PASSWORD)?;
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let user = user_by_email(&mut conn, email).await?;
    let password_hash = hash_off_thread(new_password).await?;
    let own = user.id == actor.id;
    conn.transaction(async |conn| -> Result<(), DbError> {
        repo::users::update_user(
            conn,
            user.id,
            UserChanges {
                password_hash: Some(password_hash),
                ..UserChanges::default()
            },
        )
        .await?;
        let revoked =
            crate::auth::sessions::revoke_user_sessions(conn, user.id, keep, "password_changed")
                .await?;
        repo::audit::record(
            conn,
            Some(actor),
            Entry {
                action: if own {
                    "user.password_change"
                } else {
                    "user.password_set"
                },
                target_type: "user",
                target_id: &user.email,
                details: serde_json::json!({ "revokedTokens": revoked }),
            },
        )
        .await?;
        Ok(())
    })
    .await?;
    Ok(())
}

/// Checks the caller's current password (`oldPassword`) before [`set_password`].
pub async fn change_own_password(
    pool: &Pool,
    actor: &Actor,
    session: Uuid,
    old_password: &str,
    new_password: &str,
) -> Result<(), AdminError> {
    if old_password.is_empty() {
        return Err(FieldError::new("oldPassword", messages::required()).into());
    }
    valid_password("newPassword", new_password, MAX_PASSWORD)?;
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let user = repo::users::find_user_by_id(&mut conn, actor.id)
        .await?
        .ok_or_else(|| AdminError::NotFound(messages::user_not_found()))?;
    drop(conn);
    let (old, hash) = (old_password.to_owned(), user.password_hash.clone());
    let matches = tokio::task::spawn_blocking(move || verify_password(&old, &hash)).await??;
    if !matches {
        return Err(FieldError::new("oldPassword", messages::wrong_password()).into());
    }
    set_password(pool, actor, &user.email, new_password, Some(session)).await
}

/// Sets (or with `None` removes) the avatar of the user with e-mail `email`.
pub async fn set_avatar(
    pool: &Pool,
    email: &str,
    avatar: Option<&str>,
) -> Result<User, AdminError> {
    if let Some(avatar) = avatar {
        valid_avatar("avatar", avatar)?;
    }
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let user = user_by_email(&mut conn, email).await?;
    Ok(repo::users::update_user(
        &mut conn,
        user.id,
        UserChanges {
            avatar: Some(avatar.map(|a| a.trim().to_owned())),
            ..UserChanges::default()
        },
    )
    .await?)
}

/// Deletes the user with e-mail `email` and their groups; never the actor themselves, and not
/// a user with roles from an impersonation session (that changes access control). The caller
/// must reload access control afterwards (their groups are gone).
pub async fn delete_account(pool: &Pool, actor: &Actor, email: &str) -> Result<User, AdminError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let user = user_by_email(&mut conn, email).await?;
    if user.id == actor.id || Some(user.id) == actor.impersonator {
        return Err(AdminError::Conflict(messages::delete_self()));
    }
    if actor.impersonator.is_some() {
        // Taking a user's roles away is an access-control change.
        let groups = repo::access::groups(&mut conn).await?;
        if groups
            .iter()
            .any(|group| group.subject.eq_ignore_ascii_case(&user.email))
        {
            return Err(AdminError::Forbidden(messages::not_while_impersonating()));
        }
    }
    conn.transaction(async |conn| -> Result<(), DbError> {
        let groups = repo::access::delete_groups_of_user(conn, &user.email).await?;
        repo::users::delete_user(conn, user.id).await?;
        repo::audit::record(
            conn,
            Some(actor),
            Entry {
                action: "user.delete",
                target_type: "user",
                target_id: &user.email,
                details: serde_json::json!({ "groupsRemoved": groups }),
            },
        )
        .await?;
        Ok(())
    })
    .await?;
    Ok(user)
}
