//! The first administrator, seeded by `just up` (and every start): a user in the role
//! [`ADMIN_ROLE`], whose policy allows every action on every resource.

use std::fmt;

use diesel_async::{AsyncConnection, RunQueryDsl};
use rand::distr::{Alphanumeric, SampleString};
use uuid::Uuid;

use crate::auth::passwords::{PasswordError, hash_password};
use crate::db::models::accounts::{NewCasbinRule, NewRole, NewUser};
use crate::db::schema::{casbin_rule, roles};
use crate::db::{DbError, Pool, QueryContext, repo};

/// The role of the seeded administrator; its policy allows every action on every resource.
pub const ADMIN_ROLE: &str = "admin";

/// Why the first administrator could not be seeded.
#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(transparent)]
    Password(#[from] PasswordError),
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
) -> Result<SeedOutcome, SeedError> {
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
