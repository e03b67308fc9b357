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
