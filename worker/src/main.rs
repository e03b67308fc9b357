//! The `worker` binary: consumes the job queues in Redis until SIGINT/SIGTERM.

use anyhow::Context;
use clap::Parser;
use shared::config::WorkerConfig;

mod jobs;
mod polling;
mod runner;

#[derive(Parser)]
#[command(name = "worker", version, about = "Istruttoria job worker")]
struct Cli {}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    Cli::parse();
    let config = WorkerConfig::from_env().context("reading the configuration")?;
    shared::telemetry::init(config.common.log_format);
    runner::run(config).await
}
