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
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Serve);
    if let Command::Schema = command {
        print!("{}", api::graphql::sdl());
        return Ok(());
    }
    let config = ApiConfig::from_env().context("reading the configuration")?;
    shared::telemetry::init(config.common.log_format);
    match command {
        Command::Serve => api::server::run(config).await,
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
        Command::Schema => unreachable!("handled before reading the configuration"),
    }
}
