//! PostgreSQL access: the connection pool, embedded migrations, the diesel schema, the row
//! models and the repositories.
//!
//! Repositories are plain async functions taking `&mut AsyncPgConnection` (a pooled connection
//! dereferences to one), so callers choose the transaction boundaries.

mod error;
mod migrations;
pub mod models;
pub mod repo;
pub mod schema;
pub mod sql_functions;

use std::time::Duration;

use deadpool::Runtime;
use diesel::sql_types::Integer;
use diesel_async::pooled_connection::{
    AsyncDieselConnectionManager, ManagerConfig, RecyclingMethod,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

pub use error::{DbError, DbResult, QueryContext};
pub use migrations::{MIGRATIONS, MIGRATIONS_HASH, run_migrations};

/// A PostgreSQL connection, as the pool hands it out and the repository functions take it.
pub type Connection = AsyncPgConnection;

/// The connection pool shared by a process.
pub type Pool = diesel_async::pooled_connection::deadpool::Pool<AsyncPgConnection>;

/// How long opening one new connection may take before the checkout fails.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a checkout waits for a free connection when the pool is exhausted.
const CHECKOUT_TIMEOUT: Duration = Duration::from_secs(30);

/// Builds a pool of at most `max_size` connections and checks that the database answers,
/// so a wrong URL or an unreachable server fails at start-up rather than on the first request.
pub async fn connect(database_url: &str, max_size: usize) -> DbResult<Pool> {
    // A connection is given out again without a `SELECT 1` first (the default): that was a
    // round trip on every checkout, about nine per document in the pipeline
    // (docs/benchmarks-history.md). One whose server closed it (a restart) is still recognised
    // and dropped (`is_broken` reads the client's closed flag); a connection lost silently fails
    // its first query, and the job or request is retried like any database error.
    let mut config = ManagerConfig::default();
    config.recycling_method = RecyclingMethod::Fast;
    let manager =
        AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config(database_url, config);
    let pool = Pool::builder(manager)
        .max_size(max_size)
        .runtime(Runtime::Tokio1)
        .create_timeout(Some(CONNECT_TIMEOUT))
        .wait_timeout(Some(CHECKOUT_TIMEOUT))
        .build()
        .map_err(DbError::PoolBuild)?;
    ping(&pool).await?;
    Ok(pool)
}

/// Readiness check: takes a connection from the pool and runs `SELECT 1`.
pub async fn ping(pool: &Pool) -> DbResult<()> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    diesel::select(diesel::dsl::sql::<Integer>("1"))
        .get_result::<i32>(&mut conn)
        .await
        .context("pinging the database")?;
    Ok(())
}
