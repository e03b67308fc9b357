//! Throw-away PostgreSQL databases for tests (cargo feature `testing`).
//!
//! [`TestDatabase::create`] needs the URL of a PostgreSQL server on which it may create
//! databases, in `ISTRUTTORIA_TEST_DATABASE_URL` (e.g.
//! `postgres://istruttoria@127.0.0.1:55432/postgres`). The first test to run migrates a
//! template database named after a hash of the embedded migrations; every test then gets its
//! own copy (`CREATE DATABASE … TEMPLATE …`, a file copy: far faster than migrating), dropped
//! again when the `TestDatabase` is dropped. Template creation is guarded by an advisory lock,
//! so any number of test processes (nextest runs one per test) can start at once. A changed
//! migration changes the hash and so builds a new template.

pub mod pdf;

use anyhow::{Context, Result, anyhow};
use diesel::sql_types::{BigInt, Bool, Text};
use diesel::{OptionalExtension, QueryableByName};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};

use crate::db::{self, MIGRATIONS_HASH, Pool};

/// Environment variable holding the admin URL of the test PostgreSQL server.
pub const TEST_DATABASE_URL_ENV: &str = "ISTRUTTORIA_TEST_DATABASE_URL";

/// Connections in each test database's pool.
const TEST_POOL_SIZE: usize = 4;

/// Advisory lock (in the admin database) serialising template creation. ASCII "istrtmpl".
const TEMPLATE_LOCK_KEY: i64 = 0x6973_7472_746d_706c;

/// A fresh, migrated database of its own for one test, dropped (best effort) on drop.
pub struct TestDatabase {
    /// URL of this test's database.
    pub url: String,
    /// A small pool on this test's database.
    pub pool: Pool,
    name: String,
    admin_url: String,
}

impl TestDatabase {
    pub async fn create() -> Result<Self> {
        let admin_url = admin_url()?;

        let template = template_name();
        ensure_template(&admin_url, &template).await?;

        let name = unique_name("test");
        let mut admin = connect_admin(&admin_url).await?;
        execute(
            &mut admin,
            &format!(
                "CREATE DATABASE {} TEMPLATE {}",
                quote_ident(&name),
                quote_ident(&template)
            ),
        )
        .await
        .with_context(|| format!("creating test database {name} from template {template}"))?;

        let url = with_database(&admin_url, &name)?;
        match db::connect(&url, TEST_POOL_SIZE).await {
            Ok(pool) => Ok(Self {
                url,
                pool,
                name,
                admin_url,
            }),
            Err(err) => {
                // Best effort: the connection error is the one worth reporting.
                let _ = drop_database(&mut admin, &name).await;
                Err(anyhow::Error::new(err).context(format!("connecting to test database {name}")))
            }
        }
    }

    /// The name of this test's database.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        self.pool.close();
        let admin_url = self.admin_url.clone();
        let name = self.name.clone();
        // A thread with its own runtime: drop may run inside or outside a runtime, and must
        // finish before the test process exits.
        let outcome = std::thread::spawn(move || drop_database_blocking(&admin_url, &name)).join();
        match outcome {
            Ok(Ok(())) => {}
            Ok(Err(err)) => eprintln!(
                "warning: could not drop test database {}: {err:#}",
                self.name
            ),
            Err(_) => eprintln!("warning: dropping test database {} panicked", self.name),
        }
    }
}

/// The admin URL of the test server, from `ISTRUTTORIA_TEST_DATABASE_URL`.
pub fn admin_url() -> Result<String> {
    std::env::var(TEST_DATABASE_URL_ENV).with_context(|| {
        format!(
            "{TEST_DATABASE_URL_ENV} must hold the URL of a PostgreSQL server where tests may \
             create databases, e.g. postgres://istruttoria@127.0.0.1:55432/postgres"
        )
    })
}

/// `prefix` followed by a random suffix: a valid, unique lowercase SQL identifier when
/// `prefix` is one (database names, object names in tests).
pub fn unique_name(prefix: &str) -> String {
    format!("{prefix}_{}", uuid::Uuid::new_v4().simple())
}

fn template_name() -> String {
    format!("istruttoria_template_{MIGRATIONS_HASH}")
}

/// Makes sure the migrated template exists. A template is complete once marked
/// `datistemplate`; a database of that name that is not marked is left over from a build that
/// died half-way and is rebuilt.
async fn ensure_template(admin_url: &str, template: &str) -> Result<()> {
    let mut admin = connect_admin(admin_url).await?;
    if template_is_ready(&mut admin, template).await? {
        return Ok(());
    }

    diesel::sql_query("SELECT pg_advisory_lock($1)")
        .bind::<BigInt, _>(TEMPLATE_LOCK_KEY)
        .execute(&mut admin)
        .await
        .context("taking the template lock")?;
    let built = build_template_if_missing(&mut admin, admin_url, template).await;
    let unlocked = diesel::sql_query("SELECT pg_advisory_unlock($1)")
        .bind::<BigInt, _>(TEMPLATE_LOCK_KEY)
        .execute(&mut admin)
        .await
        .context("releasing the template lock");
    built?;
    unlocked.map(|_| ())
}

async fn build_template_if_missing(
    admin: &mut AsyncPgConnection,
    admin_url: &str,
    template: &str,
) -> Result<()> {
    // Another process may have built it while this one waited for the lock.
    if template_is_ready(admin, template).await? {
        return Ok(());
    }
    // Not a template (yet): left over from a build that died half-way.
    drop_database(admin, template).await?;
    execute(admin, &format!("CREATE DATABASE {}", quote_ident(template)))
        .await
        .with_context(|| format!("creating template database {template}"))?;
    db::run_migrations(&with_database(admin_url, template)?)
        .await
        .with_context(|| format!("migrating template database {template}"))?;
    // No connections allowed: CREATE DATABASE … TEMPLATE needs a template nobody is using.
    execute(
        admin,
        &format!(
            "ALTER DATABASE {} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false",
            quote_ident(template)
        ),
    )
    .await
    .with_context(|| format!("marking {template} as a template"))
}

async fn template_is_ready(admin: &mut AsyncPgConnection, template: &str) -> Result<bool> {
    #[derive(QueryableByName)]
    struct TemplateFlag {
        #[diesel(sql_type = Bool)]
        datistemplate: bool,
    }

    let flag = diesel::sql_query("SELECT datistemplate FROM pg_database WHERE datname = $1")
        .bind::<Text, _>(template)
        .get_result::<TemplateFlag>(admin)
        .await
        .optional()
        .with_context(|| format!("looking up template database {template}"))?;
    Ok(flag.is_some_and(|flag| flag.datistemplate))
}

fn drop_database_blocking(admin_url: &str, name: &str) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting a runtime to drop the test database")?;
    runtime.block_on(async {
        let mut admin = connect_admin(admin_url).await?;
        drop_database(&mut admin, name).await
    })
}

async fn drop_database(admin: &mut AsyncPgConnection, name: &str) -> Result<()> {
    execute(
        admin,
        &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", quote_ident(name)),
    )
    .await
    .with_context(|| format!("dropping database {name}"))
}

async fn connect_admin(admin_url: &str) -> Result<AsyncPgConnection> {
    AsyncPgConnection::establish(admin_url)
        .await
        .with_context(|| format!("connecting to the test server in {TEST_DATABASE_URL_ENV}"))
}

async fn execute(conn: &mut AsyncPgConnection, sql: &str) -> Result<()> {
    diesel::sql_query(sql).execute(conn).await?;
    Ok(())
}

/// `url` with its database (the path) replaced by `database`; user, host and query kept.
pub fn with_database(url: &str, database: &str) -> Result<String> {
    let authority_start = url
        .find("://")
        .map(|index| index + 3)
        .ok_or_else(|| anyhow!("{TEST_DATABASE_URL_ENV} is not a postgres:// URL"))?;
    let (without_query, query) = match url[authority_start..].find('?') {
        Some(index) => url.split_at(authority_start + index),
        None => (url, ""),
    };
    let authority_end = without_query[authority_start..]
        .find('/')
        .map_or(without_query.len(), |index| authority_start + index);
    Ok(format!(
        "{}/{database}{query}",
        &without_query[..authority_end]
    ))
}

fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_database_replaces_only_the_path() {
        let cases = [
            ("postgres://u@h:5432/postgres", "postgres://u@h:5432/t1"),
            (
                "postgres://u:p@h/postgres?sslmode=disable",
                "postgres://u:p@h/t1?sslmode=disable",
            ),
            ("postgresql://h:5432", "postgresql://h:5432/t1"),
            (
                "postgres://h?application_name=x",
                "postgres://h/t1?application_name=x",
            ),
        ];
        for (url, expected) in cases {
            assert_eq!(with_database(url, "t1").unwrap(), expected, "{url}");
        }
        assert!(with_database("not a url", "t1").is_err());
    }

    #[test]
    fn unique_names_are_identifiers() {
        let name = unique_name("test");
        assert!(name.starts_with("test_"));
        assert!(
            name.len() < 64,
            "PostgreSQL truncates identifiers at 63 bytes"
        );
        assert!(
            name.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        );
        assert_ne!(name, unique_name("test"));
    }

    #[test]
    fn identifiers_are_quoted() {
        assert_eq!(quote_ident("a\"b"), "\"a\"\"b\"");
    }
}
