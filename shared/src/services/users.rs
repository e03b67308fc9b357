//! User administration: creating users, changing their names, passwords and pictures,
//! deleting them (`/users`, the account page, registration). Each change is one transaction
//! with its audit-log entry; a password set by someone else ends the user's sessions.

use diesel_async::AsyncConnection;
use uuid::Uuid;

use crate::accounts::{
    FieldError, MAX_NAME, MAX_PASSWORD, NewAccount, required_text, valid_avatar, valid_password,
};
use crate::auth::passwords::{PasswordError, hash_password, verify_password};
use crate::db::models::accounts::{NewUser, User, UserChanges};
use crate::db::repo::audit::{Actor, Entry};
use crate::db::{DbError, Pool, repo};
use crate::messages::{self, Message};

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
    Password(#[from] PasswordError),
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
