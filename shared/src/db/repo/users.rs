//! Users. Passwords arrive already hashed; hashing belongs to the auth code.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::db::models::accounts::{NewUser, User};
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
