//! API keys (`shared::auth::api_keys`): creation, rotation, revocation, the keys every process
//! holds, when each was last used, and the administrators' list (migration `…000025_api_keys`:
//! the name and the creation time have the indexes the list sorts and filters on).

use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::capped_count::capped_count;
use super::paging::{MAX_LIST, PageRequest, contains_pattern};
use crate::db::models::accounts::{ApiKey, NewApiKey};
use crate::db::schema::api_keys;
use crate::db::sql_functions::lower;
use crate::db::{DbResult, QueryContext};

/// Inserts a key; a taken name (any case) is a unique violation on `api_keys_name`.
pub async fn insert(conn: &mut AsyncPgConnection, key: NewApiKey) -> DbResult<ApiKey> {
    diesel::insert_into(api_keys::table)
        .values(&key)
        .returning(ApiKey::as_returning())
        .get_result(conn)
        .await
        .context("creating an API key")
}

pub async fn find(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<ApiKey>> {
    api_keys::table
        .find(id)
        .select(ApiKey::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding an API key")
}

/// Whether a key named `name` (any case) exists, revoked or not.
pub async fn exists_named(conn: &mut AsyncPgConnection, name: &str) -> DbResult<bool> {
    diesel::select(diesel::dsl::exists(
        api_keys::table.filter(lower(api_keys::name).eq(name.to_lowercase())),
    ))
    .get_result(conn)
    .await
    .context("looking for an API key by name")
}

/// The keys that are not revoked (expired ones included, so that their use is refused as
/// expired rather than unknown), at most [`MAX_LIST`].
pub async fn not_revoked(conn: &mut AsyncPgConnection) -> DbResult<Vec<ApiKey>> {
    api_keys::table
        .filter(api_keys::revoked_at.is_null())
        .order(api_keys::created_at)
        .limit(MAX_LIST)
        .select(ApiKey::as_select())
        .load(conn)
        .await
        .context("reading the API keys")
}

/// Gives the key `id` a new secret; the current one stays valid until `previous_valid_until`
/// (or stops at once when `None`). `None` when the key does not exist or is revoked.
pub async fn rotate(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    secret_hash: Vec<u8>,
    previous_valid_until: Option<DateTime<Utc>>,
) -> DbResult<Option<ApiKey>> {
    let target = api_keys::table
        .find(id)
        .filter(api_keys::revoked_at.is_null());
    // `SET previous_secret_hash = secret_hash, secret_hash = $1`: PostgreSQL reads the row as
    // it was before the update on the right of every `=`.
    let rotated = match previous_valid_until {
        Some(until) => {
            diesel::update(target)
                .set((
                    api_keys::previous_secret_hash.eq(api_keys::secret_hash.nullable()),
                    api_keys::previous_valid_until.eq(until),
                    api_keys::secret_hash.eq(secret_hash),
                    api_keys::rotated_at.eq(diesel::dsl::now),
                ))
                .returning(ApiKey::as_returning())
                .get_result(conn)
                .await
        }
        None => {
            diesel::update(target)
                .set((
                    api_keys::previous_secret_hash.eq(None::<Vec<u8>>),
                    api_keys::previous_valid_until.eq(None::<DateTime<Utc>>),
                    api_keys::secret_hash.eq(secret_hash),
                    api_keys::rotated_at.eq(diesel::dsl::now),
                ))
                .returning(ApiKey::as_returning())
                .get_result(conn)
                .await
        }
    };
    rotated.optional().context("rotating an API key")
}

/// Revokes the key `id`; `None` when it does not exist or was revoked already.
pub async fn revoke(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<ApiKey>> {
    diesel::update(
        api_keys::table
            .find(id)
            .filter(api_keys::revoked_at.is_null()),
    )
    .set(api_keys::revoked_at.eq(diesel::dsl::now))
    .returning(ApiKey::as_returning())
    .get_result(conn)
    .await
    .optional()
    .context("revoking an API key")
}

/// Records that the keys `ids` were used at `at` (never moving a time back).
pub async fn touch(conn: &mut AsyncPgConnection, ids: &[Uuid], at: DateTime<Utc>) -> DbResult<()> {
    diesel::update(
        api_keys::table.filter(api_keys::id.eq_any(ids)).filter(
            api_keys::last_used_at
                .is_null()
                .or(api_keys::last_used_at.lt(at)),
        ),
    )
    .set(api_keys::last_used_at.eq(at))
    .execute(conn)
    .await
    .context("recording when API keys were used")?;
    Ok(())
}

/// The list's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiKeyOrder {
    CreatedAt,
    Name,
}

/// One page of the keys whose name contains `name` (any case), and how many there are
/// (counted up to the cap of [`capped_count`]).
pub async fn page(
    conn: &mut AsyncPgConnection,
    name: Option<&str>,
    order: ApiKeyOrder,
    page: PageRequest,
) -> DbResult<(Vec<ApiKey>, i64)> {
    let page = page.bounded();
    let filtered = |query: api_keys::BoxedQuery<'static, Pg>| match name {
        Some(name) => {
            query.filter(lower(api_keys::name).like(contains_pattern(&name.to_lowercase())))
        }
        None => query,
    };
    let total: i64 = capped_count(filtered(api_keys::table.into_boxed()).select(api_keys::id))
        .get_result(conn)
        .await
        .context("counting API keys")?;
    let query = filtered(api_keys::table.into_boxed()).select(ApiKey::as_select());
    let query = match (order, page.descending) {
        (ApiKeyOrder::CreatedAt, true) => {
            query.order((api_keys::created_at.desc(), api_keys::id.desc()))
        }
        (ApiKeyOrder::CreatedAt, false) => {
            query.order((api_keys::created_at.asc(), api_keys::id.asc()))
        }
        (ApiKeyOrder::Name, true) => query.order(lower(api_keys::name).desc()),
        (ApiKeyOrder::Name, false) => query.order(lower(api_keys::name).asc()),
    };
    let rows = query
        .limit(page.limit)
        .offset(page.offset)
        .load(conn)
        .await
        .context("reading a page of API keys")?;
    Ok((rows, total))
}
