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
    /// Prefix of every Redis key (queues, replies): deployments or test runs sharing one Redis
    /// stay apart.
    pub queue_namespace: String,
    pub log_format: LogFormat,
    /// How long a graceful shutdown may take before in-flight work is abandoned.
    pub shutdown_timeout: Duration,
    /// Outgoing e-mail (password reset codes, notifications).
    pub mail: MailConfig,
    /// Where archives, PDFs and extraction output are stored: a local directory (relative to
    /// the working directory) or `s3://bucket[/prefix]` (see `shared::storage`).
    pub storage_url: String,
    /// Limits of an imported archive, checked by the API and again by the `import` job.
    pub import: ImportLimits,
    /// Largest PDF of a rule validation (signed upload, `uploadRuleValidation`).
    pub validation_max_pdf_bytes: u64,
    /// Where users reach the web app, for the links of notification e-mails.
    pub public_url: String,
    /// What one user may consume of the shared work per period.
    pub budgets: UserBudgetConfig,
}

/// Budgets per user and period (`shared::services::budgets`), on top of the per-import and
/// per-request bounds: pages read by OCR in the dossiers a user imports, and seconds of the rule
/// runs a user starts from the playgrounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UserBudgetConfig {
    /// The period (`ISTRUTTORIA_BUDGET_PERIOD_SECS`): fixed windows of this length.
    pub period: Duration,
    /// Pages read by OCR per user and period (`ISTRUTTORIA_OCR_MAX_PAGES_PER_USER`).
    pub ocr_pages: u64,
    /// Seconds of playground rule runs per user and period
    /// (`ISTRUTTORIA_RULE_RUN_SECONDS_PER_USER`).
    pub rule_run_seconds: u64,
}

impl UserBudgetConfig {
    fn from_vars(vars: &Vars) -> Result<Self, ConfigError> {
        let config = Self {
            period: Duration::from_secs(vars.parse_or("ISTRUTTORIA_BUDGET_PERIOD_SECS", 86_400)?),
            ocr_pages: vars.parse_or("ISTRUTTORIA_OCR_MAX_PAGES_PER_USER", 10_000)?,
            rule_run_seconds: vars.parse_or("ISTRUTTORIA_RULE_RUN_SECONDS_PER_USER", 3_600)?,
        };
        for (name, value) in [
            ("ISTRUTTORIA_BUDGET_PERIOD_SECS", config.period.as_secs()),
            ("ISTRUTTORIA_OCR_MAX_PAGES_PER_USER", config.ocr_pages),
            (
                "ISTRUTTORIA_RULE_RUN_SECONDS_PER_USER",
                config.rule_run_seconds,
            ),
        ] {
            if value == 0 {
                return Err(ConfigError::Invalid {
                    name,
                    value: "0".into(),
                    reason: "must be at least 1".into(),
                });
            }
        }
        Ok(config)
    }
}

/// Limits of an imported zip (`POST /import_dossier`), checked on its central directory before
/// anything is unpacked, so that a zip bomb is refused without being inflated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImportLimits {
    /// Largest archive, in bytes (the request body is about 4/3 of this: base64).
    pub max_archive_bytes: u64,
    /// Most entries (files, directories, ignored ones) in its central directory.
    pub max_entries: usize,
    /// Largest sum of the declared uncompressed sizes of the files that are read.
    pub max_uncompressed_bytes: u64,
    /// Largest declared uncompressed size of one file.
    pub max_file_bytes: u64,
    /// Most items in the input list (each runs every dossier rule once).
    pub max_input_items: usize,
}

/// Room in an import's request body for everything besides the archive (files, input).
pub const IMPORT_BODY_SLACK_BYTES: usize = 4 << 20;

impl ImportLimits {
    /// The largest request body of an import with an archive of at most `max_archive_bytes`
    /// (base64 is 4/3 larger).
    pub fn max_body_bytes(&self) -> usize {
        let archive = usize::try_from(self.max_archive_bytes).unwrap_or(usize::MAX);
        archive
            .div_ceil(3)
            .saturating_mul(4)
            .saturating_add(IMPORT_BODY_SLACK_BYTES)
    }

    /// The largest `multipart/form-data` body of an import: the archive as it is, the other
    /// fields, and 64 KiB of boundaries and part headers.
    pub fn max_form_bytes(&self) -> u64 {
        const FRAMING_BYTES: u64 = 64 << 10;
        self.max_archive_bytes
            .saturating_add(IMPORT_BODY_SLACK_BYTES as u64)
            .saturating_add(FRAMING_BYTES)
    }
}

impl Default for ImportLimits {
    fn default() -> Self {
        Self {
            max_archive_bytes: 100 << 20,
            max_entries: 1000,
            max_uncompressed_bytes: 1 << 30,
            max_file_bytes: 200 << 20,
            max_input_items: 200,
        }
    }
}

impl ImportLimits {
    pub fn from_vars(vars: &Vars) -> Result<Self, ConfigError> {
        let defaults = Self::default();
        let limits = Self {
            max_archive_bytes: vars.parse_or(
                "ISTRUTTORIA_IMPORT_MAX_ARCHIVE_BYTES",
                defaults.max_archive_bytes,
            )?,
            max_entries: vars.parse_or("ISTRUTTORIA_IMPORT_MAX_ENTRIES", defaults.max_entries)?,
            max_uncompressed_bytes: vars.parse_or(
                "ISTRUTTORIA_IMPORT_MAX_UNCOMPRESSED_BYTES",
                defaults.max_uncompressed_bytes,
            )?,
            max_file_bytes: vars
                .parse_or("ISTRUTTORIA_IMPORT_MAX_FILE_BYTES", defaults.max_file_bytes)?,
            max_input_items: vars.parse_or(
                "ISTRUTTORIA_IMPORT_MAX_INPUT_ITEMS",
                defaults.max_input_items,
            )?,
        };
        let positive = [
            (
                "ISTRUTTORIA_IMPORT_MAX_ARCHIVE_BYTES",
                limits.max_archive_bytes,
            ),
            ("ISTRUTTORIA_IMPORT_MAX_ENTRIES", limits.max_entries as u64),
            (
                "ISTRUTTORIA_IMPORT_MAX_UNCOMPRESSED_BYTES",
                limits.max_uncompressed_bytes,
            ),
            ("ISTRUTTORIA_IMPORT_MAX_FILE_BYTES", limits.max_file_bytes),
            (
                "ISTRUTTORIA_IMPORT_MAX_INPUT_ITEMS",
                limits.max_input_items as u64,
            ),
        ];
        for (name, value) in positive {
            if value == 0 {
                return Err(ConfigError::Invalid {
                    name,
                    value: "0".into(),
                    reason: "must be at least 1".into(),
                });
            }
        }
        Ok(limits)
    }
}

/// Outgoing e-mail: SMTP when `smtp_url` is set, otherwise one `.eml` file per message in
/// `outbox_dir` (development, tests).
#[derive(Clone)]
pub struct MailConfig {
    /// lettre's SMTP URL, e.g. `smtps://user:pass@smtp.example.com` or
    /// `smtp://mail.internal:587?tls=required`.
    pub smtp_url: Option<String>,
    pub outbox_dir: PathBuf,
    /// The `From:` of every message.
    pub from: String,
}

impl std::fmt::Debug for MailConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MailConfig")
            .field("smtp_url", &self.smtp_url.as_ref().map(|_| "<redacted>"))
            .field("outbox_dir", &self.outbox_dir)
            .field("from", &self.from)
            .finish()
    }
}

impl MailConfig {
    pub fn from_vars(vars: &Vars) -> Self {
        Self {
            smtp_url: vars.get("ISTRUTTORIA_SMTP_URL"),
            outbox_dir: PathBuf::from(
                vars.string_or("ISTRUTTORIA_MAIL_OUTBOX_DIR", ".data/outbox"),
            ),
            from: vars.string_or(
                "ISTRUTTORIA_MAIL_FROM",
                "Istruttoria <noreply@istruttoria.local>",
            ),
        }
    }
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
    pub auth: AuthConfig,
    /// Reverse proxies whose `X-Forwarded-For` is believed for the client address (rate
    /// limits). Empty (the default): the peer address is the client address.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    pub graphql: GraphqlLimits,
    /// Origins the web app may send requests to besides its own (the Content-Security-Policy's
    /// `connect-src`): the S3 endpoint that presigned validation uploads go to.
    pub upload_origins: Vec<String>,
    /// What `GET /metrics` requires as `Authorization: Bearer …`; unset, the API serves no
    /// metrics (they are never open anonymously on its public address).
    pub metrics_token: Option<MetricsToken>,
    /// Most bytes of import bodies held in memory at once (`ISTRUTTORIA_IMPORT_BODIES_MAX_MIB`,
    /// 192 MiB; never less than one body at the import's limit): an import waits for room
    /// before its body is read.
    pub import_bodies_max_bytes: usize,
    /// Most bytes of archives uploaded as `multipart/form-data` spooled to temporary files at
    /// once (`ISTRUTTORIA_IMPORT_SPOOL_MAX_MIB`, 2048 MiB; never less than one form at the
    /// import's limit): an upload waits for room before its body is read.
    pub import_spool_max_bytes: usize,
}

/// `ISTRUTTORIA_METRICS_TOKEN`: a secret of at least [`MetricsToken::MIN_CHARS`] characters,
/// compared in constant time and never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct MetricsToken(String);

impl MetricsToken {
    pub const MIN_CHARS: usize = 16;

    fn from_vars(vars: &Vars) -> Result<Option<Self>, ConfigError> {
        const NAME: &str = "ISTRUTTORIA_METRICS_TOKEN";
        match vars.get(NAME).map(|token| token.trim().to_owned()) {
            None => Ok(None),
            Some(token) if token.chars().count() < Self::MIN_CHARS => Err(ConfigError::Invalid {
                name: NAME,
                value: "<redacted>".into(),
                reason: format!("must be at least {} characters", Self::MIN_CHARS),
            }),
            Some(token) => Ok(Some(Self(token))),
        }
    }

    /// Whether `presented` is the token; the time taken does not depend on where they differ.
    pub fn matches(&self, presented: &str) -> bool {
        let (expected, presented) = (self.0.as_bytes(), presented.as_bytes());
        expected.len() == presented.len()
            && expected
                .iter()
                .zip(presented)
                .fold(0u8, |differ, (a, b)| differ | (a ^ b))
                == 0
    }
}

impl std::fmt::Debug for MetricsToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MetricsToken(<redacted>)")
    }
}

/// Bounds on the work one GraphQL request may cause, and who may look at the schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphqlLimits {
    /// Largest request body of a signed-in caller (a rule zip of 8 MiB in base64 fits).
    pub max_body_bytes: usize,
    /// Largest request body without a valid token (login, registration, recovery).
    pub anonymous_max_body_bytes: usize,
    /// Deepest selection.
    pub max_depth: usize,
    /// Most fields one request may select (async-graphql's complexity: 1 per field).
    pub max_complexity: usize,
    /// Most aliased fields in one request.
    pub max_aliases: usize,
    /// Largest answer, in bytes of JSON, stored files apart (one per request): the extraction
    /// view of a 200-page document with its words' geometry is about 10 MiB.
    pub max_response_bytes: usize,
    /// Introspection for callers without a valid token too (default: signed-in callers only).
    pub public_introspection: bool,
    /// Serve GraphiQL on `GET /graphql` (the web build's `graphiql.html`: off by default).
    pub graphiql: bool,
}

impl GraphqlLimits {
    fn from_vars(vars: &Vars) -> Result<Self, ConfigError> {
        Ok(Self {
            max_body_bytes: vars.parse_or("ISTRUTTORIA_GRAPHQL_MAX_BODY_BYTES", 12 << 20)?,
            anonymous_max_body_bytes: vars
                .parse_or("ISTRUTTORIA_GRAPHQL_ANONYMOUS_MAX_BODY_BYTES", 64 << 10)?,
            max_depth: vars.parse_or("ISTRUTTORIA_GRAPHQL_MAX_DEPTH", 15)?,
            max_complexity: vars.parse_or("ISTRUTTORIA_GRAPHQL_MAX_COMPLEXITY", 1000)?,
            max_aliases: vars.parse_or("ISTRUTTORIA_GRAPHQL_MAX_ALIASES", 30)?,
            max_response_bytes: vars
                .parse_or("ISTRUTTORIA_GRAPHQL_MAX_RESPONSE_BYTES", 32 << 20)?,
            public_introspection: vars
                .parse_or("ISTRUTTORIA_GRAPHQL_PUBLIC_INTROSPECTION", false)?,
            graphiql: vars.parse_or("ISTRUTTORIA_GRAPHIQL", false)?,
        })
    }
}

impl Default for GraphqlLimits {
    fn default() -> Self {
        Self::from_vars(&Vars::from_pairs([])).expect("the defaults parse")
    }
}

/// Sessions and tokens.
#[derive(Clone)]
pub struct AuthConfig {
    /// The HS256 key of access tokens, at least 32 characters, the same in every API process.
    /// Only serving needs it (`just up` makes one in `.data/dev/jwt-secret`).
    pub jwt_secret: Option<String>,
    pub access_token_ttl: Duration,
    pub refresh_token_ttl: Duration,
}

impl std::fmt::Debug for AuthConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AuthConfig")
            .field(
                "jwt_secret",
                &self.jwt_secret.as_ref().map(|_| "<redacted>"),
            )
            .field("access_token_ttl", &self.access_token_ttl)
            .field("refresh_token_ttl", &self.refresh_token_ttl)
            .finish()
    }
}

impl AuthConfig {
    /// Shortest accepted `ISTRUTTORIA_JWT_SECRET`.
    pub const MIN_SECRET_LEN: usize = 32;

    pub fn from_vars(vars: &Vars) -> Result<Self, ConfigError> {
        let jwt_secret = vars.get("ISTRUTTORIA_JWT_SECRET");
        if let Some(secret) = &jwt_secret
            && secret.len() < Self::MIN_SECRET_LEN
        {
            return Err(ConfigError::Invalid {
                name: "ISTRUTTORIA_JWT_SECRET",
                value: "<redacted>".into(),
                reason: format!("must be at least {} characters", Self::MIN_SECRET_LEN),
            });
        }
        Ok(Self {
            jwt_secret,
            access_token_ttl: Duration::from_secs(
                vars.parse_or("ISTRUTTORIA_ACCESS_TOKEN_TTL_SECS", 900)?,
            ),
            refresh_token_ttl: Duration::from_secs(
                vars.parse_or("ISTRUTTORIA_REFRESH_TOKEN_TTL_SECS", 7 * 24 * 3600)?,
            ),
        })
    }
}

/// Settings of a worker process.
#[derive(Debug, Clone)]
pub struct WorkerConfig {
    pub common: CommonConfig,
    /// Jobs one worker process runs at the same time, per queue.
    pub concurrency: usize,
    /// Attempts of a job before it fails for good and waits on the jobs dashboard.
    pub job_max_attempts: usize,
    /// How often an idle queue worker looks for jobs when no announcement woke it
    /// (`ISTRUTTORIA_WORKER_POLL_INTERVAL_MS`, the fallback of the relay's wake-ups).
    pub poll_interval: Duration,
    pub rules: RuleConfig,
    pub extraction: ExtractionConfig,
    pub callbacks: CallbackConfig,
    /// Where the worker serves `GET /metrics` (Prometheus); port 0 picks a free one, `None`
    /// (`ISTRUTTORIA_WORKER_METRICS_ADDR` empty or `off`) serves none.
    pub metrics_addr: Option<SocketAddr>,
}

impl WorkerConfig {
    /// The default of `ISTRUTTORIA_WORKER_METRICS_ADDR`; `just up` gives each worker its own.
    pub const DEFAULT_METRICS_ADDR: SocketAddr =
        SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 9101);
}

/// How a worker calls importing systems back with a dossier's aggregate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallbackConfig {
    /// Hosts, addresses and CIDR ranges a callback may reach even though they are loopback,
    /// private, link-local or metadata addresses (`ISTRUTTORIA_CALLBACK_ALLOWLIST`,
    /// comma-separated). Public addresses need no entry.
    pub allowlist: Vec<String>,
    /// Time limit of one attempt (connect + request + response).
    pub timeout: Duration,
    /// Attempts before the callback job ends failed.
    pub max_attempts: u32,
    /// Wait before the second attempt; it doubles at each further attempt (capped at 5 min).
    pub backoff: Duration,
}

impl CallbackConfig {
    pub fn from_vars(vars: &Vars) -> Result<Self, ConfigError> {
        let max_attempts = vars.parse_or("ISTRUTTORIA_CALLBACK_MAX_ATTEMPTS", 6)?;
        if max_attempts == 0 {
            return Err(ConfigError::Invalid {
                name: "ISTRUTTORIA_CALLBACK_MAX_ATTEMPTS",
                value: "0".into(),
                reason: "must be at least 1".into(),
            });
        }
        Ok(Self {
            allowlist: vars
                .get("ISTRUTTORIA_CALLBACK_ALLOWLIST")
                .unwrap_or_default()
                .split(',')
                .map(str::trim)
                .filter(|entry| !entry.is_empty())
                .map(str::to_owned)
                .collect(),
            timeout: Duration::from_millis(
                vars.parse_or("ISTRUTTORIA_CALLBACK_TIMEOUT_MS", 10_000)?,
            ),
            max_attempts,
            backoff: Duration::from_millis(
                vars.parse_or("ISTRUTTORIA_CALLBACK_BACKOFF_MS", 2_000)?,
            ),
        })
    }
}

/// Settings of the PDF extraction (PDFium + Tesseract) of a worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtractionConfig {
    /// `libpdfium.so`, which `scripts/pdfium.sh` fetches.
    pub pdfium_library: PathBuf,
    /// The `tesseract` command (a name looked up in `PATH`, or a path).
    pub tesseract: PathBuf,
    /// Tesseract's languages for OCR, `+`-separated (e.g. `ita+eng`).
    pub ocr_languages: String,
    /// Most pixels of a page rendered for OCR: a larger page is rendered at a lower
    /// resolution, and one too large even at 72 dpi is not read (and reported).
    pub ocr_max_pixels: u64,
    /// Most pages of one document read by OCR; the others are reported as not read.
    pub ocr_max_pages: usize,
    /// Most pages of one import (all its documents) read by OCR.
    pub ocr_max_pages_per_import: usize,
    /// Most bytes one Flate stream of a PDF may inflate to; a PDF with a larger one is refused
    /// before PDFium reads it.
    pub pdf_max_stream_bytes: u64,
    /// Most bytes all the Flate streams of a PDF together may inflate to.
    pub pdf_max_inflated_bytes: u64,
    /// Most address space of the child process that extracts one document
    /// (`ISTRUTTORIA_EXTRACTION_MAX_MEMORY_MIB`): past it PDFium's allocations fail and the
    /// document ends `cannot process`, never the worker.
    pub sandbox_memory_mib: u64,
    /// Most CPU time of the child process on one document
    /// (`ISTRUTTORIA_EXTRACTION_MAX_CPU_SECS`).
    pub sandbox_cpu: Duration,
    /// Longest wall time of one document's extraction, waits for an OCR slot not counted
    /// (`ISTRUTTORIA_EXTRACTION_TIMEOUT_SECS`).
    pub sandbox_timeout: Duration,
}

impl ExtractionConfig {
    pub fn from_vars(vars: &Vars) -> Result<Self, ConfigError> {
        let config = Self {
            pdfium_library: PathBuf::from(
                vars.string_or("ISTRUTTORIA_PDFIUM_LIBRARY", ".data/pdfium/libpdfium.so"),
            ),
            tesseract: PathBuf::from(vars.string_or("ISTRUTTORIA_TESSERACT", "tesseract")),
            ocr_languages: vars.string_or("ISTRUTTORIA_OCR_LANGUAGES", "ita"),
            ocr_max_pixels: vars.parse_or("ISTRUTTORIA_OCR_MAX_PIXELS", 40_000_000)?,
            ocr_max_pages: vars.parse_or("ISTRUTTORIA_OCR_MAX_PAGES", 200)?,
            ocr_max_pages_per_import: vars
                .parse_or("ISTRUTTORIA_OCR_MAX_PAGES_PER_IMPORT", 1000)?,
            pdf_max_stream_bytes: vars.parse_or("ISTRUTTORIA_PDF_MAX_STREAM_BYTES", 256 << 20)?,
            pdf_max_inflated_bytes: vars.parse_or("ISTRUTTORIA_PDF_MAX_INFLATED_BYTES", 2 << 30)?,
            sandbox_memory_mib: vars.parse_or("ISTRUTTORIA_EXTRACTION_MAX_MEMORY_MIB", 1024)?,
            sandbox_cpu: Duration::from_secs(
                vars.parse_or("ISTRUTTORIA_EXTRACTION_MAX_CPU_SECS", 300)?,
            ),
            sandbox_timeout: Duration::from_secs(
                vars.parse_or("ISTRUTTORIA_EXTRACTION_TIMEOUT_SECS", 600)?,
            ),
        };
        if config.sandbox_memory_mib < 256 {
            return Err(ConfigError::Invalid {
                name: "ISTRUTTORIA_EXTRACTION_MAX_MEMORY_MIB",
                value: config.sandbox_memory_mib.to_string(),
                reason: "must be at least 256 (PDFium, Tesseract and one rendered page)".into(),
            });
        }
        for (name, value) in [
            ("ISTRUTTORIA_EXTRACTION_MAX_CPU_SECS", config.sandbox_cpu),
            (
                "ISTRUTTORIA_EXTRACTION_TIMEOUT_SECS",
                config.sandbox_timeout,
            ),
        ] {
            if value.is_zero() {
                return Err(ConfigError::Invalid {
                    name,
                    value: "0".into(),
                    reason: "must be at least 1".into(),
                });
            }
        }
        if config.ocr_max_pixels < 1_000_000 {
            return Err(ConfigError::Invalid {
                name: "ISTRUTTORIA_OCR_MAX_PIXELS",
                value: config.ocr_max_pixels.to_string(),
                reason: "must be at least 1000000 (one small page at 72 dpi)".into(),
            });
        }
        if config.pdf_max_stream_bytes < 1 << 20 {
            return Err(ConfigError::Invalid {
                name: "ISTRUTTORIA_PDF_MAX_STREAM_BYTES",
                value: config.pdf_max_stream_bytes.to_string(),
                reason: "must be at least 1048576 (1 MiB: an ordinary page's images and text)"
                    .into(),
            });
        }
        if config.pdf_max_inflated_bytes < config.pdf_max_stream_bytes {
            return Err(ConfigError::Invalid {
                name: "ISTRUTTORIA_PDF_MAX_INFLATED_BYTES",
                value: config.pdf_max_inflated_bytes.to_string(),
                reason: format!(
                    "must be at least ISTRUTTORIA_PDF_MAX_STREAM_BYTES ({})",
                    config.pdf_max_stream_bytes
                ),
            });
        }
        Ok(config)
    }
}

/// Settings of the rule runtime (Javy + wasmtime) of a worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleConfig {
    /// The pre-initialised Javy plugin that `scripts/javy-plugin.sh` builds.
    pub javy_plugin: PathBuf,
    /// This host's cache: the plugin compiled for its CPU, and the compiled rules of the
    /// command line (the workers keep those in the object storage).
    pub cache_dir: PathBuf,
    /// Default wall-time limit of one execution.
    pub timeout: Duration,
    /// Default memory limit of one execution, in MiB.
    pub memory_mib: usize,
    /// Largest result of an execution, in bytes of JSON.
    pub max_result_bytes: usize,
    /// Largest captured console output of an execution, in bytes.
    pub max_log_bytes: usize,
}

impl RuleConfig {
    pub fn from_vars(vars: &Vars) -> Result<Self, ConfigError> {
        let config = Self {
            javy_plugin: PathBuf::from(
                vars.string_or("ISTRUTTORIA_JAVY_PLUGIN", ".data/javy-plugin/plugin.wasm"),
            ),
            cache_dir: PathBuf::from(
                vars.string_or("ISTRUTTORIA_RULE_CACHE_DIR", ".data/rule-cache"),
            ),
            timeout: Duration::from_millis(vars.parse_or("ISTRUTTORIA_RULE_TIMEOUT_MS", 2000)?),
            memory_mib: vars.parse_or("ISTRUTTORIA_RULE_MEMORY_MIB", 64)?,
            max_result_bytes: vars.parse_or("ISTRUTTORIA_RULE_MAX_RESULT_BYTES", 1 << 20)?,
            max_log_bytes: vars.parse_or("ISTRUTTORIA_RULE_MAX_LOG_BYTES", 256 << 10)?,
        };
        let positive = [
            (
                "ISTRUTTORIA_RULE_TIMEOUT_MS",
                config.timeout.as_millis() as usize,
            ),
            ("ISTRUTTORIA_RULE_MEMORY_MIB", config.memory_mib),
            ("ISTRUTTORIA_RULE_MAX_RESULT_BYTES", config.max_result_bytes),
            ("ISTRUTTORIA_RULE_MAX_LOG_BYTES", config.max_log_bytes),
        ];
        for (name, value) in positive {
            if value == 0 {
                return Err(ConfigError::Invalid {
                    name,
                    value: "0".into(),
                    reason: "must be at least 1".into(),
                });
            }
        }
        // A 32-bit Wasm memory cannot exceed 4 GiB.
        if config.memory_mib > 4096 {
            return Err(ConfigError::Invalid {
                name: "ISTRUTTORIA_RULE_MEMORY_MIB",
                value: config.memory_mib.to_string(),
                reason: "must be at most 4096 (the largest 32-bit Wasm memory)".into(),
            });
        }
        Ok(config)
    }
}

impl CommonConfig {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_vars(&Vars::env())
    }

    pub fn from_vars(vars: &Vars) -> Result<Self, ConfigError> {
        Ok(Self {
            database_url: vars.string_or(
                "ISTRUTTORIA_DATABASE_URL",
                "postgres://istruttoria@127.0.0.1:54329/istruttoria",
            ),
            database_pool_size: vars.parse_or("ISTRUTTORIA_DATABASE_POOL_SIZE", 16)?,
            redis_url: vars.string_or("ISTRUTTORIA_REDIS_URL", "redis://127.0.0.1:63799/0"),
            queue_namespace: vars.string_or("ISTRUTTORIA_QUEUE_NAMESPACE", "istruttoria"),
            log_format: vars.parse_or("ISTRUTTORIA_LOG_FORMAT", LogFormat::Text)?,
            shutdown_timeout: Duration::from_secs(
                vars.parse_or("ISTRUTTORIA_SHUTDOWN_TIMEOUT_SECS", 30)?,
            ),
            mail: MailConfig::from_vars(vars),
            storage_url: vars.string_or("ISTRUTTORIA_STORAGE_URL", ".data/storage"),
            import: ImportLimits::from_vars(vars)?,
            validation_max_pdf_bytes: vars
                .parse_or("ISTRUTTORIA_VALIDATION_MAX_PDF_BYTES", 25 << 20)?,
            public_url: vars
                .string_or("ISTRUTTORIA_PUBLIC_URL", "http://127.0.0.1:8080")
                .trim_end_matches('/')
                .to_owned(),
            budgets: UserBudgetConfig::from_vars(vars)?,
        })
    }
}

impl ApiConfig {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_vars(&Vars::env())
    }

    pub fn from_vars(vars: &Vars) -> Result<Self, ConfigError> {
        Ok(Self {
            common: CommonConfig::from_vars(vars)?,
            http_addr: vars.parse_or(
                "ISTRUTTORIA_HTTP_ADDR",
                SocketAddr::from(([127, 0, 0, 1], 8080)),
            )?,
            web_dist: PathBuf::from(vars.string_or("ISTRUTTORIA_WEB_DIST", "web/dist")),
            admin_email: vars.string_or("ISTRUTTORIA_ADMIN_EMAIL", "admin@istruttoria.local"),
            admin_password: vars.get("ISTRUTTORIA_ADMIN_PASSWORD"),
            job_wait_timeout: Duration::from_millis(
                vars.parse_or("ISTRUTTORIA_JOB_WAIT_TIMEOUT_MS", 10_000)?,
            ),
            auth: AuthConfig::from_vars(vars)?,
            trusted_proxies: parse_addresses(vars, "ISTRUTTORIA_TRUSTED_PROXIES")?,
            graphql: GraphqlLimits::from_vars(vars)?,
            upload_origins: parse_origins(vars, "ISTRUTTORIA_UPLOAD_ORIGINS")?,
            metrics_token: MetricsToken::from_vars(vars)?,
            import_bodies_max_bytes: vars
                .parse_or::<usize>("ISTRUTTORIA_IMPORT_BODIES_MAX_MIB", 192)?
                .saturating_mul(1 << 20),
            import_spool_max_bytes: vars
                .parse_or::<usize>("ISTRUTTORIA_IMPORT_SPOOL_MAX_MIB", 2048)?
                .saturating_mul(1 << 20),
        })
    }
}

impl WorkerConfig {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_vars(&Vars::env())
    }

    pub fn from_vars(vars: &Vars) -> Result<Self, ConfigError> {
        let concurrency = vars.parse_or("ISTRUTTORIA_WORKER_CONCURRENCY", 4)?;
        if concurrency == 0 {
            return Err(ConfigError::Invalid {
                name: "ISTRUTTORIA_WORKER_CONCURRENCY",
                value: "0".into(),
                reason: "must be at least 1".into(),
            });
        }
        let job_max_attempts = vars.parse_or("ISTRUTTORIA_JOB_MAX_ATTEMPTS", 5)?;
        if job_max_attempts == 0 {
            return Err(ConfigError::Invalid {
                name: "ISTRUTTORIA_JOB_MAX_ATTEMPTS",
                value: "0".into(),
                reason: "must be at least 1".into(),
            });
        }
        let poll_interval_ms: u64 = vars.parse_or("ISTRUTTORIA_WORKER_POLL_INTERVAL_MS", 200)?;
        if poll_interval_ms == 0 {
            return Err(ConfigError::Invalid {
                name: "ISTRUTTORIA_WORKER_POLL_INTERVAL_MS",
                value: "0".into(),
                reason: "must be at least 1".into(),
            });
        }
        Ok(Self {
            common: CommonConfig::from_vars(vars)?,
            concurrency,
            job_max_attempts,
            poll_interval: Duration::from_millis(poll_interval_ms),
            rules: RuleConfig::from_vars(vars)?,
            extraction: ExtractionConfig::from_vars(vars)?,
            callbacks: CallbackConfig::from_vars(vars)?,
            metrics_addr: metrics_addr(vars)?,
        })
    }
}

/// `ISTRUTTORIA_WORKER_METRICS_ADDR`: unset is the default address; set but empty, or `off`,
/// is no metrics endpoint (the one variable where empty is not unset).
fn metrics_addr(vars: &Vars) -> Result<Option<SocketAddr>, ConfigError> {
    const NAME: &str = "ISTRUTTORIA_WORKER_METRICS_ADDR";
    match (vars.0)(NAME) {
        None => Ok(Some(WorkerConfig::DEFAULT_METRICS_ADDR)),
        Some(value) if value.trim().is_empty() || value.trim() == "off" => Ok(None),
        Some(value) => value
            .trim()
            .parse()
            .map(Some)
            .map_err(|e: std::net::AddrParseError| ConfigError::Invalid {
                name: NAME,
                reason: format!(
                    "{e} (expected host:port, `127.0.0.1:0` for any free port, or `off`)"
                ),
                value,
            }),
    }
}

/// A comma-separated list of IP addresses (empty or unset: none).
fn parse_addresses(vars: &Vars, name: &'static str) -> Result<Vec<std::net::IpAddr>, ConfigError> {
    let Some(value) = vars.get(name) else {
        return Ok(Vec::new());
    };
    value
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| {
            part.parse()
                .map_err(|e: std::net::AddrParseError| ConfigError::Invalid {
                    name,
                    value: value.clone(),
                    reason: e.to_string(),
                })
        })
        .collect()
}

/// Comma-separated `scheme://host[:port]` origins.
fn parse_origins(vars: &Vars, name: &'static str) -> Result<Vec<String>, ConfigError> {
    let Some(value) = vars.get(name) else {
        return Ok(Vec::new());
    };
    value
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| {
            let invalid = |reason: &str| ConfigError::Invalid {
                name,
                value: value.clone(),
                reason: reason.to_owned(),
            };
            let url = url::Url::parse(part).map_err(|e| invalid(&e.to_string()))?;
            if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
                return Err(invalid("expected http(s)://host[:port]"));
            }
            Ok(url.origin().ascii_serialization())
        })
        .collect()
}

/// Where configuration values come from: the process environment (after `.env`), or a fixed
/// set of pairs in tests. An empty value counts as unset.
pub struct Vars(Box<Lookup>);

type Lookup = dyn Fn(&str) -> Option<String>;

impl Vars {
    /// The environment, after loading `.env` from the working directory if there is one (real
    /// environment variables win).
    pub fn env() -> Self {
        static DOTENV: std::sync::Once = std::sync::Once::new();
        DOTENV.call_once(|| {
            let _ = dotenvy::dotenv();
        });
        Self(Box::new(|name| std::env::var(name).ok()))
    }

    pub fn from_pairs<const N: usize>(pairs: [(&str, &str); N]) -> Self {
        let map: std::collections::HashMap<String, String> = pairs
            .into_iter()
            .map(|(name, value)| (name.to_owned(), value.to_owned()))
            .collect();
        Self(Box::new(move |name| map.get(name).cloned()))
    }

    fn get(&self, name: &str) -> Option<String> {
        (self.0)(name).filter(|value| !value.is_empty())
    }

    fn string_or(&self, name: &str, default: &str) -> String {
        self.get(name).unwrap_or_else(|| default.to_owned())
    }

    fn parse_or<T>(&self, name: &'static str, default: T) -> Result<T, ConfigError>
    where
        T: FromStr,
        T::Err: std::fmt::Display,
    {
        match self.get(name) {
            Some(value) => value.parse().map_err(|e: T::Err| ConfigError::Invalid {
                name,
                reason: e.to_string(),
                value,
            }),
            None => Ok(default),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_import_body_limit_fits_the_archive_limit_in_base64() {
        let limits = ImportLimits {
            max_archive_bytes: 3000,
            ..ImportLimits::default()
        };
        assert_eq!(limits.max_body_bytes(), 4000 + IMPORT_BODY_SLACK_BYTES);
        let default = ImportLimits::default().max_body_bytes();
        assert!(default > (100 << 20) * 4 / 3, "{default}");
    }

    #[test]
    fn defaults_suit_the_local_stack() {
        let config = ApiConfig::from_vars(&Vars::from_pairs([])).expect("defaults are valid");
        assert_eq!(config.http_addr.to_string(), "127.0.0.1:8080");
        assert_eq!(
            config.common.database_url,
            "postgres://istruttoria@127.0.0.1:54329/istruttoria"
        );
        assert_eq!(config.common.redis_url, "redis://127.0.0.1:63799/0");
        assert_eq!(config.common.queue_namespace, "istruttoria");
        assert_eq!(config.admin_password, None);
        assert_eq!(config.common.log_format, LogFormat::Text);
        assert_eq!(config.auth.jwt_secret, None);
        assert_eq!(config.auth.access_token_ttl, Duration::from_secs(900));
        assert_eq!(config.common.mail.smtp_url, None);
        assert_eq!(config.common.mail.outbox_dir, PathBuf::from(".data/outbox"));
        assert_eq!(
            config.common.mail.from,
            "Istruttoria <noreply@istruttoria.local>"
        );
        assert!(config.trusted_proxies.is_empty());
        assert_eq!(config.graphql.max_body_bytes, 12 << 20);
        assert_eq!(config.graphql.anonymous_max_body_bytes, 64 << 10);
        assert!(!config.graphql.public_introspection && !config.graphql.graphiql);
        let worker = WorkerConfig::from_vars(&Vars::from_pairs([])).expect("defaults are valid");
        assert_eq!(worker.concurrency, 4);
        assert_eq!(
            worker.metrics_addr.map(|a| a.to_string()).as_deref(),
            Some("127.0.0.1:9101")
        );
        assert_eq!(worker.job_max_attempts, 5);
        assert_eq!(
            worker.rules,
            RuleConfig {
                javy_plugin: PathBuf::from(".data/javy-plugin/plugin.wasm"),
                cache_dir: PathBuf::from(".data/rule-cache"),
                timeout: Duration::from_millis(2000),
                memory_mib: 64,
                max_result_bytes: 1 << 20,
                max_log_bytes: 256 << 10,
            }
        );
    }

    #[test]
    fn rule_limits_and_paths_are_configurable() {
        let vars = Vars::from_pairs([
            ("ISTRUTTORIA_JAVY_PLUGIN", "/opt/plugin.wasm"),
            ("ISTRUTTORIA_RULE_CACHE_DIR", "/var/cache/rules"),
            ("ISTRUTTORIA_RULE_TIMEOUT_MS", "500"),
            ("ISTRUTTORIA_RULE_MEMORY_MIB", "128"),
            ("ISTRUTTORIA_RULE_MAX_RESULT_BYTES", "1000"),
            ("ISTRUTTORIA_RULE_MAX_LOG_BYTES", "2000"),
        ]);
        let rules = WorkerConfig::from_vars(&vars).expect("valid values").rules;
        assert_eq!(rules.javy_plugin, PathBuf::from("/opt/plugin.wasm"));
        assert_eq!(rules.cache_dir, PathBuf::from("/var/cache/rules"));
        assert_eq!(rules.timeout, Duration::from_millis(500));
        assert_eq!(rules.memory_mib, 128);
        assert_eq!(rules.max_result_bytes, 1000);
        assert_eq!(rules.max_log_bytes, 2000);

        for (name, value, reason) in [
            ("ISTRUTTORIA_RULE_TIMEOUT_MS", "0", "must be at least 1"),
            ("ISTRUTTORIA_RULE_MEMORY_MIB", "0", "must be at least 1"),
            ("ISTRUTTORIA_RULE_MEMORY_MIB", "5000", "at most 4096"),
            ("ISTRUTTORIA_RULE_MAX_LOG_BYTES", "lots", "invalid digit"),
        ] {
            let error = WorkerConfig::from_vars(&Vars::from_pairs([(name, value)]))
                .expect_err("invalid value");
            let text = error.to_string();
            assert!(text.starts_with(name) && text.contains(reason), "{text}");
        }
    }

    #[test]
    fn the_metrics_address_is_configurable_and_can_be_off() {
        let addr = |value: &str| {
            WorkerConfig::from_vars(&Vars::from_pairs([(
                "ISTRUTTORIA_WORKER_METRICS_ADDR",
                value,
            )]))
            .map(|config| config.metrics_addr.map(|a| a.to_string()))
        };
        assert_eq!(
            addr("0.0.0.0:9102").expect("valid"),
            Some("0.0.0.0:9102".into())
        );
        assert_eq!(
            addr("127.0.0.1:0").expect("valid"),
            Some("127.0.0.1:0".into())
        );
        assert_eq!(addr("").expect("valid"), None, "empty is off");
        assert_eq!(addr("off").expect("valid"), None);
        let error = addr("localhost:9101").expect_err("not an address");
        assert!(
            error
                .to_string()
                .starts_with("ISTRUTTORIA_WORKER_METRICS_ADDR=\"localhost:9101\" is not valid"),
            "{error}"
        );
    }

    #[test]
    fn extraction_paths_are_configurable() {
        let defaults = WorkerConfig::from_vars(&Vars::from_pairs([])).expect("defaults");
        assert_eq!(
            defaults.extraction,
            ExtractionConfig {
                pdfium_library: PathBuf::from(".data/pdfium/libpdfium.so"),
                tesseract: PathBuf::from("tesseract"),
                ocr_languages: "ita".into(),
                ocr_max_pixels: 40_000_000,
                ocr_max_pages: 200,
                ocr_max_pages_per_import: 1000,
                pdf_max_stream_bytes: 256 << 20,
                pdf_max_inflated_bytes: 2 << 30,
                sandbox_memory_mib: 1024,
                sandbox_cpu: Duration::from_secs(300),
                sandbox_timeout: Duration::from_secs(600),
            }
        );
        assert_eq!(
            defaults.common.budgets,
            UserBudgetConfig {
                period: Duration::from_secs(86_400),
                ocr_pages: 10_000,
                rule_run_seconds: 3_600,
            }
        );
        for (name, value) in [
            ("ISTRUTTORIA_EXTRACTION_MAX_MEMORY_MIB", "128"),
            ("ISTRUTTORIA_EXTRACTION_TIMEOUT_SECS", "0"),
            ("ISTRUTTORIA_OCR_MAX_PAGES_PER_USER", "0"),
        ] {
            let error =
                WorkerConfig::from_vars(&Vars::from_pairs([(name, value)])).expect_err("refused");
            assert!(error.to_string().starts_with(name), "{error}");
        }
        let vars = Vars::from_pairs([
            ("ISTRUTTORIA_PDFIUM_LIBRARY", "/opt/pdfium/libpdfium.so"),
            ("ISTRUTTORIA_TESSERACT", "/usr/local/bin/tesseract"),
            ("ISTRUTTORIA_OCR_LANGUAGES", "ita+eng"),
        ]);
        let extraction = WorkerConfig::from_vars(&vars).expect("valid").extraction;
        assert_eq!(
            extraction.pdfium_library,
            PathBuf::from("/opt/pdfium/libpdfium.so")
        );
        assert_eq!(
            extraction.tesseract,
            PathBuf::from("/usr/local/bin/tesseract")
        );
        assert_eq!(extraction.ocr_languages, "ita+eng");
    }

    #[test]
    fn pdf_inflation_bounds_are_configurable() {
        let vars = Vars::from_pairs([
            ("ISTRUTTORIA_PDF_MAX_STREAM_BYTES", "1048576"),
            ("ISTRUTTORIA_PDF_MAX_INFLATED_BYTES", "3145728"),
        ]);
        let extraction = WorkerConfig::from_vars(&vars).expect("valid").extraction;
        assert_eq!(extraction.pdf_max_stream_bytes, 1 << 20);
        assert_eq!(extraction.pdf_max_inflated_bytes, 3 << 20);

        for (pairs, name, reason) in [
            (
                [("ISTRUTTORIA_PDF_MAX_STREAM_BYTES", "256M")],
                "ISTRUTTORIA_PDF_MAX_STREAM_BYTES",
                "invalid digit",
            ),
            (
                [("ISTRUTTORIA_PDF_MAX_STREAM_BYTES", "1000")],
                "ISTRUTTORIA_PDF_MAX_STREAM_BYTES",
                "at least 1048576",
            ),
            (
                [("ISTRUTTORIA_PDF_MAX_INFLATED_BYTES", "-1")],
                "ISTRUTTORIA_PDF_MAX_INFLATED_BYTES",
                "invalid digit",
            ),
            (
                [("ISTRUTTORIA_PDF_MAX_INFLATED_BYTES", "1048576")],
                "ISTRUTTORIA_PDF_MAX_INFLATED_BYTES",
                "at least ISTRUTTORIA_PDF_MAX_STREAM_BYTES (268435456)",
            ),
        ] {
            let error = WorkerConfig::from_vars(&Vars::from_pairs(pairs)).expect_err("invalid");
            let text = error.to_string();
            assert!(text.starts_with(name) && text.contains(reason), "{text}");
        }
    }

    #[test]
    fn values_override_defaults_and_empty_means_unset() {
        let vars = Vars::from_pairs([
            ("ISTRUTTORIA_HTTP_ADDR", "0.0.0.0:9000"),
            ("ISTRUTTORIA_LOG_FORMAT", "json"),
            ("ISTRUTTORIA_ADMIN_PASSWORD", ""),
            ("ISTRUTTORIA_JOB_WAIT_TIMEOUT_MS", "250"),
        ]);
        let config = ApiConfig::from_vars(&vars).expect("valid values");
        assert_eq!(config.http_addr.to_string(), "0.0.0.0:9000");
        assert_eq!(config.common.log_format, LogFormat::Json);
        assert_eq!(config.admin_password, None);
        assert_eq!(config.job_wait_timeout, Duration::from_millis(250));
    }

    #[test]
    fn trusted_proxies_are_a_list_of_addresses() {
        let vars = Vars::from_pairs([("ISTRUTTORIA_TRUSTED_PROXIES", "127.0.0.1, ::1")]);
        let config = ApiConfig::from_vars(&vars).expect("valid addresses");
        assert_eq!(
            config.trusted_proxies,
            vec![
                std::net::IpAddr::from([127, 0, 0, 1]),
                std::net::IpAddr::from(std::net::Ipv6Addr::LOCALHOST)
            ]
        );
        let vars = Vars::from_pairs([("ISTRUTTORIA_TRUSTED_PROXIES", "10.0.0.0/8")]);
        let error = ApiConfig::from_vars(&vars).expect_err("not an address");
        assert!(
            error
                .to_string()
                .starts_with("ISTRUTTORIA_TRUSTED_PROXIES="),
            "{error}"
        );
    }

    #[test]
    fn upload_origins_are_origins_only() {
        let vars = Vars::from_pairs([(
            "ISTRUTTORIA_UPLOAD_ORIGINS",
            "https://docs.s3.eu-south-1.amazonaws.com/any/path, http://minio:9000",
        )]);
        let config = ApiConfig::from_vars(&vars).expect("valid origins");
        assert_eq!(
            config.upload_origins,
            [
                "https://docs.s3.eu-south-1.amazonaws.com",
                "http://minio:9000"
            ]
        );
        for bad in ["ftp://x", "https://a; script-src *", "not a url"] {
            let vars = Vars::from_pairs([("ISTRUTTORIA_UPLOAD_ORIGINS", bad)]);
            assert!(ApiConfig::from_vars(&vars).is_err(), "{bad}");
        }
    }

    #[test]
    fn invalid_values_name_the_variable() {
        let vars = Vars::from_pairs([("ISTRUTTORIA_HTTP_ADDR", "localhost")]);
        let error = ApiConfig::from_vars(&vars).expect_err("not a socket address");
        assert!(
            error
                .to_string()
                .starts_with("ISTRUTTORIA_HTTP_ADDR=\"localhost\" is not valid"),
            "{error}"
        );
        let vars = Vars::from_pairs([("ISTRUTTORIA_WORKER_CONCURRENCY", "0")]);
        let error = WorkerConfig::from_vars(&vars).expect_err("zero workers");
        assert!(error.to_string().contains("must be at least 1"), "{error}");
        let vars = Vars::from_pairs([("ISTRUTTORIA_JWT_SECRET", "short")]);
        let error = ApiConfig::from_vars(&vars).expect_err("a short secret");
        assert!(
            error.to_string().contains("at least 32 characters"),
            "{error}"
        );
        assert!(
            !error.to_string().contains("short"),
            "the secret is not echoed: {error}"
        );
        let vars = Vars::from_pairs([("ISTRUTTORIA_LOG_FORMAT", "xml")]);
        let error = CommonConfig::from_vars(&vars).expect_err("unknown format");
        assert!(
            error.to_string().contains("expected `text` or `json`"),
            "{error}"
        );
    }

    #[test]
    fn the_metrics_token_is_long_matched_exactly_and_never_printed() {
        let none = ApiConfig::from_vars(&Vars::from_pairs([])).expect("defaults");
        assert_eq!(none.metrics_token, None);
        let short = Vars::from_pairs([("ISTRUTTORIA_METRICS_TOKEN", "short")]);
        assert!(ApiConfig::from_vars(&short).is_err());
        let vars = Vars::from_pairs([("ISTRUTTORIA_METRICS_TOKEN", "scrape-me-0123456789")]);
        let config = ApiConfig::from_vars(&vars).expect("valid");
        assert!(!format!("{config:?}").contains("scrape-me"));
        let token = config.metrics_token.expect("set");
        assert!(token.matches("scrape-me-0123456789"));
        assert!(!token.matches("scrape-me-0123456780"));
        assert!(!token.matches("scrape-me"));
    }

    /// Names the sources use that are not settings of a deployment, with the reason.
    const NOT_SETTINGS: &[(&str, &str)] = &[
        (
            "ISTRUTTORIA_TEST_DATABASE_URL",
            "tests only: the PostgreSQL server tests clone their databases on (shared::testing)",
        ),
        (
            "ISTRUTTORIA_TEST_REDIS_URL",
            "tests only: the Redis the API tests use (scripts/test.sh sets it)",
        ),
        (
            "ISTRUTTORIA_MIGRATIONS_HASH",
            "set at compile time by shared/build.rs (env!), never read at run time",
        ),
    ];

    /// Every `ISTRUTTORIA_…` name in `text` (a name ends at the first character that is not
    /// an upper-case letter, a digit or `_`).
    fn variable_names(text: &str) -> Vec<String> {
        const PREFIX: &str = "ISTRUTTORIA_";
        let mut names = Vec::new();
        let mut rest = text;
        while let Some(at) = rest.find(PREFIX) {
            let preceded_by_word = rest[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            let tail = &rest[at + PREFIX.len()..];
            let len = tail
                .find(|c: char| !(c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
                .unwrap_or(tail.len());
            if !preceded_by_word && len > 0 {
                names.push(format!("{PREFIX}{}", &tail[..len]));
            }
            rest = &tail[len..];
        }
        names
    }

    /// The `.rs` files under `dir`, recursively.
    fn rust_files(dir: &std::path::Path, files: &mut Vec<PathBuf>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                rust_files(&path, files);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }

    /// `.env.example` documents every variable the binaries read. The sources of the three
    /// crates are searched whole (this module, the worker's extraction child reading
    /// `ISTRUTTORIA_LOG_FORMAT`, and whatever reads a variable next), so a new variable
    /// fails here until it has its line — `NAME=default`, or `# NAME=example` when setting it
    /// changes behaviour — and a removed one fails while its line stays.
    #[test]
    fn env_example_lists_every_variable_the_sources_read() {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
        let mut files = Vec::new();
        for crate_sources in ["shared/src", "api/src", "worker/src"] {
            rust_files(&root.join(crate_sources), &mut files);
        }
        let mut read = std::collections::BTreeMap::<String, PathBuf>::new();
        for file in &files {
            let text =
                std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            for name in variable_names(&text) {
                read.entry(name).or_insert_with(|| file.clone());
            }
        }
        let not_settings: Vec<&str> = NOT_SETTINGS.iter().map(|(name, _)| *name).collect();
        read.retain(|name, _| !not_settings.contains(&name.as_str()));
        assert!(
            read.contains_key("ISTRUTTORIA_DATABASE_URL") && read.len() > 50,
            "the search found {} variables: is {} the repository?",
            read.len(),
            root.display()
        );

        let example = std::fs::read_to_string(root.join(".env.example")).expect(".env.example");
        let mut listed = std::collections::BTreeMap::<String, usize>::new();
        for line in example.lines() {
            let line = line.trim_start_matches('#').trim_start();
            if let Some((name, _)) = line.split_once('=')
                && name.starts_with("ISTRUTTORIA_")
                && variable_names(name) == [name]
            {
                *listed.entry(name.to_owned()).or_default() += 1;
            }
        }

        let mut problems: Vec<String> = read
            .iter()
            .filter(|(name, _)| !listed.contains_key(*name))
            .map(|(name, file)| {
                format!(
                    "{name} is read ({}) but not listed in .env.example",
                    file.strip_prefix(root).unwrap_or(file).display()
                )
            })
            .collect();
        problems.extend(
            listed
                .iter()
                .filter(|(name, _)| !read.contains_key(*name))
                .map(|(name, _)| format!("{name} is listed in .env.example but nothing reads it")),
        );
        problems.extend(
            listed
                .iter()
                .filter(|(_, count)| **count > 1)
                .map(|(name, count)| format!("{name} is listed {count} times in .env.example")),
        );
        assert!(problems.is_empty(), "\n{}", problems.join("\n"));
    }

    #[test]
    fn variable_names_are_whole_names() {
        assert_eq!(
            variable_names(
                "a `ISTRUTTORIA_HTTP_ADDR`, ISTRUTTORIA_{name}, X_ISTRUTTORIA_NO; ISTRUTTORIA_RULE_TIMEOUT_MS="
            ),
            ["ISTRUTTORIA_HTTP_ADDR", "ISTRUTTORIA_RULE_TIMEOUT_MS"]
        );
    }
}
