//! Users. Passwords arrive already hashed; hashing belongs to the auth code.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::paging::contains_pattern;
use crate::db::models::accounts::{NewUser, User, UserChanges};
use crate::db::schema::users;
use crate::db::sql_functions::lower;
use crate::db::{DbResult, QueryContext};

/// Inserts a user. An e-mail already taken (whatever its case) is a unique violation on
/// `users_email_lower_key`: check with [`crate::db::DbError::is_unique_violation`].
pub async fn create_user(conn: &mut AsyncPgConnection, new_user: NewUser) -> DbResult<User> {
    diesel::insert_into(users::table)
        .values(&new_user)
        .returning(User::as_returning())
        .get_result(conn)
        .await
        .context("creating a user")
}

/// Finds a user by e-mail, ignoring case (served by the `lower(email)` unique index).
pub async fn find_user_by_email(
    conn: &mut AsyncPgConnection,
    email: &str,
) -> DbResult<Option<User>> {
    users::table
        .filter(lower(users::email).eq(lower(email)))
        .select(User::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding a user by e-mail")
}

pub async fn find_user_by_id(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<User>> {
    users::table
        .find(id)
        .select(User::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding a user by id")
}

pub async fn count_users(conn: &mut AsyncPgConnection) -> DbResult<i64> {
    users::table
        .count()
        .get_result(conn)
        .await
        .context("counting users")
}

/// Most users one list returns.
pub const MAX_LIST: i64 = 500;

/// Users sorted by e-mail, at most `limit` (clamped to 1..=[`MAX_LIST`]); with `search`, only
/// those whose e-mail, first or last name contains it (any case).
pub async fn list_users(
    conn: &mut AsyncPgConnection,
    search: Option<&str>,
    limit: i64,
) -> DbResult<Vec<User>> {
    let mut query = users::table
        .select(User::as_select())
        .order(lower(users::email))
        .limit(limit.clamp(1, MAX_LIST))
        .into_boxed();
    if let Some(search) = search.map(str::trim).filter(|s| !s.is_empty()) {
        let pattern = contains_pattern(search);
        query = query.filter(
            users::email
                .ilike(pattern.clone())
                .or(users::first_name.ilike(pattern.clone()))
                .or(users::last_name.ilike(pattern)),
        );
    }
    query.load(conn).await.context("listing users")
}

pub async fn update_user(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    changes: UserChanges,
) -> DbResult<User> {
    diesel::update(users::table.find(id))
        .set(changes)
        .returning(User::as_returning())
        .get_result(conn)
        .await
        .context("updating a user")
}

/// Deletes a user; their refresh tokens and reset codes go with them (ON DELETE CASCADE).
pub async fn delete_user(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<bool> {
    let removed = diesel::delete(users::table.find(id))
        .execute(conn)
        .await
        .context("deleting a user")?;
    Ok(removed > 0)
}
