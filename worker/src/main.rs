//! The `worker` binary: consumes the job queues in Redis until SIGINT/SIGTERM; `worker rule run`
//! runs one rule file on one input file and prints the execution as JSON.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};
use shared::config::WorkerConfig;
use worker::rules::{ErrorKind, Execution, ExecutionError, RuleInput, RuleRuntime, RuntimeConfig};

mod failures;
mod jobs;
mod metrics;
mod polling;
mod runner;
mod signals;

#[derive(Parser)]
#[command(name = "worker", version, about = "Istruttoria job worker")]
struct Cli {
    /// Without a command: consume every job queue until SIGINT/SIGTERM.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Rules: run a rule file from the command line.
    Rule {
        #[command(subcommand)]
        command: RuleCommand,
    },
    /// The worker's PDF extraction process (started by the worker itself, speaking its
    /// protocol on stdin and stdout; not for a person to run).
    #[command(hide = true)]
    ExtractChild,
}

#[derive(Subcommand)]
enum RuleCommand {
    /// Compile RULE (with its helper) and run it on the input; print the execution as JSON
    /// (`result`, `logs`, `errors`, `durationUs`). Exit code 1 when the rule fails (syntax
    /// error, exception, timeout, …), 2 when the files or the configuration are unusable.
    Run(RunArgs),
    /// Load the Javy plugin and compile it for this machine into the rule cache directory, so
    /// that workers started afterwards are ready in milliseconds; print the plugin's version.
    Prepare,
}

#[derive(Args)]
struct RunArgs {
    /// The rule: an ES module with a default export (sync or async).
    rule: PathBuf,
    /// The input, a JSON file: `{ rawText, tables, … }` for a document rule, `{ metas, input }`
    /// for a dossier rule.
    #[arg(long)]
    input: PathBuf,
    /// The rule's helper, importable as `./helper.js`.
    #[arg(long)]
    helper: Option<PathBuf>,
    /// Wall-time limit (default ISTRUTTORIA_RULE_TIMEOUT_MS).
    #[arg(long)]
    timeout_ms: Option<u64>,
    /// Memory limit (default ISTRUTTORIA_RULE_MEMORY_MIB).
    #[arg(long)]
    memory_mib: Option<usize>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => consume(),
        Some(Command::Rule {
            command: RuleCommand::Run(args),
        }) => rule_run(args),
        Some(Command::Rule {
            command: RuleCommand::Prepare,
        }) => rule_prepare(),
        Some(Command::ExtractChild) => return worker::extraction::child::serve(),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn consume() -> anyhow::Result<ExitCode> {
    let config = WorkerConfig::from_env().context("reading the configuration")?;
    shared::telemetry::init(config.common.log_format);
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    let ran = runtime.block_on(runner::run(config));
    // Jobs still running when the shutdown timeout ran out (a rule computing, on a blocking
    // thread) are abandoned here rather than awaited — dropping the runtime would wait for them
    // — and the next worker takes them, uncounted (this one said it stopped on purpose:
    // `shared::jobs::crashes`).
    runtime.shutdown_background();
    ran?;
    Ok(ExitCode::SUCCESS)
}

fn rule_run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let config = WorkerConfig::from_env().context("reading the configuration")?;
    let read = |path: &PathBuf| {
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
    };
    let code = read(&args.rule)?;
    let helper = args.helper.as_ref().map(read).transpose()?;
    let input =
        std::fs::read(&args.input).with_context(|| format!("reading {}", args.input.display()))?;
    let input = RuleInput::json(&input);
    if let Some(reason) = input.invalid() {
        anyhow::bail!("{} is not valid JSON: {reason}", args.input.display());
    }

    let runtime_config = RuntimeConfig::from_config(&config.rules);
    let mut limits = runtime_config.limits;
    if let Some(ms) = args.timeout_ms {
        limits = limits.with_timeout(Duration::from_millis(ms));
    }
    if let Some(mib) = args.memory_mib {
        limits = limits.with_memory_mib(mib);
    }
    let runtime = RuleRuntime::new(&runtime_config)?;
    let mut execution = runtime.run(&code, helper.as_deref(), &input, &limits);
    if execution.is_ok()
        && let Some(result) = &execution.result
        && let Err(problem) = worker::rules::check_result(result)
    {
        execution.errors.push(ExecutionError {
            kind: ErrorKind::Result,
            message: problem,
            stack: None,
        });
    }
    print_execution(&execution)?;
    Ok(if execution.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn rule_prepare() -> anyhow::Result<ExitCode> {
    let config = WorkerConfig::from_env().context("reading the configuration")?;
    let runtime = RuleRuntime::new(&RuntimeConfig::from_config(&config.rules))?;
    println!(
        "rule runtime ready: plugin {} (cache {})",
        runtime.plugin().version(),
        runtime.cache_dir().display()
    );
    Ok(ExitCode::SUCCESS)
}

fn print_execution(execution: &Execution) -> anyhow::Result<()> {
    let json = serde_json::to_string_pretty(execution).context("printing the execution")?;
    println!("{json}");
    Ok(())
}
