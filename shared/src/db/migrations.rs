//! The SQL migrations of `migrations/`, embedded in the binary and run at start-up.

use diesel::sql_types::BigInt;
use diesel::{Connection, RunQueryDsl};
use diesel_async::AsyncPgConnection;
use diesel_async::async_connection_wrapper::AsyncConnectionWrapper;
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};

use super::{DbError, DbResult, QueryContext};

pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations");

/// Fingerprint of the migration files this binary embeds (computed by `build.rs`).
pub const MIGRATIONS_HASH: &str = env!("ISTRUTTORIA_MIGRATIONS_HASH");

/// Key of the session-level advisory lock that serialises migration runs across processes
/// (several api and worker replicas starting at once). ASCII "istrmigr".
const MIGRATION_LOCK_KEY: i64 = 0x6973_7472_6d69_6772;

/// Applies the pending migrations. Safe to call from several processes at once: the runs
/// are serialised by a PostgreSQL advisory lock, and the ones that come later find nothing
/// pending. Diesel's migration harness is synchronous, so it runs on a blocking thread over
/// diesel-async's connection (no libpq needed).
pub async fn run_migrations(database_url: &str) -> DbResult<()> {
    let database_url = database_url.to_owned();
    tokio::task::spawn_blocking(move || run_migrations_blocking(&database_url))
        .await
        .map_err(|source| DbError::Task {
            context: "running migrations",
            source,
        })?
}

fn run_migrations_blocking(database_url: &str) -> DbResult<()> {
    let mut conn =
        AsyncConnectionWrapper::<AsyncPgConnection>::establish(database_url).map_err(|source| {
            DbError::Connect {
                context: "running migrations",
                source,
            }
        })?;

    diesel::sql_query("SELECT pg_advisory_lock($1)")
        .bind::<BigInt, _>(MIGRATION_LOCK_KEY)
        .execute(&mut conn)
        .context("taking the migration lock")?;

    let applied = conn.run_pending_migrations(MIGRATIONS).map(|versions| {
        for version in &versions {
            tracing::info!(%version, "applied database migration");
        }
    });

    // Closing the connection would release the lock too; unlocking explicitly keeps it short
    // even if the connection lingers.
    let unlocked = diesel::sql_query("SELECT pg_advisory_unlock($1)")
        .bind::<BigInt, _>(MIGRATION_LOCK_KEY)
        .execute(&mut conn)
        .context("releasing the migration lock");

    applied.map_err(DbError::Migration)?;
    unlocked.map(|_| ())
}
