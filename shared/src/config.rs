//! Typed configuration, read once from the environment (and from `.env` in development).
//!
//! Every variable is documented in `.env.example` at the top of the repository; this module is
//! the only place that reads them. Defaults suit the local stack that `just up` starts.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("{name}={value:?} is not valid: {reason}")]
    Invalid {
        name: &'static str,
        value: String,
        reason: String,
    },
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

impl FromStr for LogFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "text" => Ok(Self::Text),
            "json" => Ok(Self::Json),
            other => Err(format!("expected `text` or `json`, got `{other}`")),
        }
    }
}

/// Settings both binaries need.
#[derive(Debug, Clone)]
pub struct CommonConfig {
    pub database_url: String,
    pub database_pool_size: usize,
    pub redis_url: String,
    pub log_format: LogFormat,
    /// How long a graceful shutdown may take before in-flight work is abandoned.
    pub shutdown_timeout: Duration,
}

/// Settings of the HTTP server.
#[derive(Debug, Clone)]
pub struct ApiConfig {
    pub common: CommonConfig,
    pub http_addr: SocketAddr,
    /// The built web app (`web/dist`), served with a fallback to `index.html`.
    pub web_dist: PathBuf,
    /// The first administrator, created at start-up when no user exists yet.
    pub admin_email: String,
    /// When unset, a password is generated and printed once.
    pub admin_password: Option<String>,
    /// Longest time the API waits for a job it enqueued and awaits (e.g. `ping`).
    pub job_wait_timeout: Duration,
}

/// Settings of a worker process.
#[derive(Debug, Clone)]
pub struct WorkerConfig {
    pub common: CommonConfig,
    /// Jobs one worker process runs at the same time, per queue.
    pub concurrency: usize,
}

impl CommonConfig {
    pub fn from_env() -> Result<Self, ConfigError> {
        load_dotenv();
        Ok(Self {
            database_url: var_or(
                "ISTRUTTORIA_DATABASE_URL",
                "postgres://istruttoria@127.0.0.1:54329/istruttoria",
            ),
            database_pool_size: parse_or("ISTRUTTORIA_DATABASE_POOL_SIZE", 16)?,
            redis_url: var_or("ISTRUTTORIA_REDIS_URL", "redis://127.0.0.1:63799/0"),
            log_format: parse_or("ISTRUTTORIA_LOG_FORMAT", LogFormat::Text)?,
            shutdown_timeout: Duration::from_secs(parse_or(
                "ISTRUTTORIA_SHUTDOWN_TIMEOUT_SECS",
                30,
            )?),
        })
    }
}

impl ApiConfig {
    pub fn from_env() -> Result<Self, ConfigError> {
        Ok(Self {
            common: CommonConfig::from_env()?,
            http_addr: parse_or(
                "ISTRUTTORIA_HTTP_ADDR",
                SocketAddr::from(([127, 0, 0, 1], 8080)),
            )?,
            web_dist: PathBuf::from(var_or("ISTRUTTORIA_WEB_DIST", "web/dist")),
            admin_email: var_or("ISTRUTTORIA_ADMIN_EMAIL", "admin@istruttoria.local"),
            admin_password: std::env::var("ISTRUTTORIA_ADMIN_PASSWORD")
                .ok()
                .filter(|p| !p.is_empty()),
            job_wait_timeout: Duration::from_millis(parse_or(
                "ISTRUTTORIA_JOB_WAIT_TIMEOUT_MS",
                10_000,
            )?),
        })
    }
}

impl WorkerConfig {
    pub fn from_env() -> Result<Self, ConfigError> {
        let concurrency = parse_or("ISTRUTTORIA_WORKER_CONCURRENCY", 4)?;
        if concurrency == 0 {
            return Err(ConfigError::Invalid {
                name: "ISTRUTTORIA_WORKER_CONCURRENCY",
                value: "0".into(),
                reason: "must be at least 1".into(),
            });
        }
        Ok(Self {
            common: CommonConfig::from_env()?,
            concurrency,
        })
    }
}

/// Reads `.env` from the working directory when there is one; real environment variables win.
fn load_dotenv() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = dotenvy::dotenv();
    });
}

fn var_or(name: &'static str, default: &str) -> String {
    std::env::var(name)
        .ok()
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| default.to_owned())
}

fn parse_or<T>(name: &'static str, default: T) -> Result<T, ConfigError>
where
    T: FromStr,
    T::Err: std::fmt::Display,
{
    match std::env::var(name) {
        Ok(value) if !value.is_empty() => value.parse().map_err(|e: T::Err| ConfigError::Invalid {
            name,
            reason: e.to_string(),
            value,
        }),
        _ => Ok(default),
    }
}
