//! The `api` binary: `api serve` (the default) runs the HTTP server; the other subcommands are
//! the operations `just up` and the build need.

use anyhow::Context;
use clap::{Parser, Subcommand};
use shared::config::ApiConfig;

#[derive(Parser)]
#[command(name = "api", version, about = "Istruttoria HTTP server")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the HTTP server (migrates the database first).
    Serve,
    /// Apply the database migrations and exit.
    Migrate,
    /// Create the first administrator when there is no user yet, and say how to log in.
    SeedAdmin,
    /// Print the GraphQL schema (SDL), from which the web app generates its types.
    Schema,
    /// Print the OpenAPI document of the REST routes (web/openapi.json, from which the tests'
    /// REST client is generated).
    Openapi,
    /// Print the catalogue of messages as the web app reads it
    /// (web/src/lib/i18n/server-messages.json).
    Messages,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Serve);
    match command {
        Command::Schema => {
            print!("{}", api::graphql::sdl());
            return Ok(());
        }
        Command::Openapi => {
            println!("{}", api::rest::service().spec());
            return Ok(());
        }
        Command::Messages => {
            print!("{}", shared::messages::catalogue_json());
            return Ok(());
        }
        _ => {}
    }
    let config = ApiConfig::from_env().context("reading the configuration")?;
    shared::telemetry::init(config.common.log_format);
    match command {
        Command::Serve => {
            return_freed_memory();
            api::server::run(config).await
        }
        Command::Migrate => {
            shared::db::run_migrations(&config.common.database_url)
                .await
                .context("migrating the database")?;
            Ok(())
        }
        Command::SeedAdmin => {
            let pool = shared::db::connect(&config.common.database_url, 2)
                .await
                .context("connecting to PostgreSQL")?;
            let outcome = shared::accounts::seed_admin(
                &pool,
                &config.admin_email,
                config.admin_password.as_deref(),
            )
            .await
            .context("seeding the first administrator")?;
            println!("{outcome}");
            Ok(())
        }
        Command::Schema | Command::Openapi | Command::Messages => {
            unreachable!("handled before reading the configuration")
        }
    }
}

/// glibc keeps what a burst of requests freed in its arenas: after four 12 MiB GraphQL bodies
/// of short strings the API stayed +136 MiB above idle for good. `malloc_trim` hands the free
/// pages back; a thread does it every 10 s, off the request path (docs/hardening.md, "Memory
/// after a spike": mimalloc, also tried, kept the buffers of large bodies instead).
fn return_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let trim = || {
            loop {
                std::thread::sleep(std::time::Duration::from_secs(10));
                // SAFETY: malloc_trim only releases the allocator's free memory, under its
                // own arena locks; glibc allows it from any thread at any time.
                unsafe { libc::malloc_trim(0) };
            }
        };
        if let Err(error) = std::thread::Builder::new()
            .name("malloc-trim".into())
            .spawn(trim)
        {
            tracing::warn!(%error, "cannot start the thread that returns freed memory");
        }
    }
}
