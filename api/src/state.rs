//! What every request handler shares: configuration, the database pool, Redis and its queues,
//! and the metrics registry.

use std::sync::Arc;

use anyhow::Context;
use shared::auth::{AccessControl, Authenticator, TokenKeys};
use shared::config::ApiConfig;
use shared::db::Pool;
use shared::jobs::{Queues, Redis};

use crate::metrics::Metrics;

pub struct AppState {
    pub config: ApiConfig,
    pub db: Pool,
    pub redis: Redis,
    pub queues: Queues,
    pub metrics: Arc<Metrics>,
    pub auth: Authenticator,
    /// The policy every operation is checked against, and the API keys, kept current across
    /// API processes.
    pub access: Arc<AccessControl>,
    /// When this process last recorded each API key's use.
    pub key_usage: shared::auth::api_keys::KeyUsage,
    /// Object storage: imported archives, PDFs, extraction output.
    pub storage: shared::storage::Storage,
    /// Outgoing e-mail (SMTP or the outbox directory).
    pub mailer: shared::mail::Mailer,
    /// Login, password recovery and registration counters.
    pub limits: shared::rate_limit::RateLimiter,
    pub recovery: shared::auth::PasswordRecovery,
    /// Self-registration confirmed by an e-mailed code.
    pub registrations: shared::auth::Registrations,
    /// Signs and checks the upload addresses of validation documents (local storage).
    pub uploads: shared::services::rule_validation::upload::UploadSigner,
    /// Signs and checks the links stored files are downloaded from.
    pub downloads: shared::downloads::DownloadSigner,
    /// Memory for import bodies, shared by the imports this process answers at once.
    pub import_bodies: crate::body_budget::BodyBudget,
    /// Temporary-file room for archives uploaded as forms, shared likewise.
    pub import_spools: crate::body_budget::BodyBudget,
}

impl AppState {
    /// What one user may consume per period (playground rule runs, here).
    pub fn budgets(&self) -> shared::services::budgets::UserBudgets {
        shared::services::budgets::UserBudgets::new(self.redis.clone(), self.config.common.budgets)
    }

    /// Connects to PostgreSQL and Redis as `config` says.
    pub async fn connect(config: ApiConfig) -> anyhow::Result<Self> {
        let secret = config.auth.jwt_secret.as_deref().context(
            "ISTRUTTORIA_JWT_SECRET is required to serve (at least 32 characters, the same in every API process)",
        )?;
        let keys = TokenKeys::new(secret.as_bytes(), config.auth.access_token_ttl);
        let db = shared::db::connect(
            &config.common.database_url,
            config.common.database_pool_size,
        )
        .await
        .context("connecting to PostgreSQL")?;
        let redis = Redis::connect(&config.common.redis_url, &config.common.queue_namespace)
            .await
            .context("connecting to Redis")?;
        let queues = Queues::new(&redis);
        let metrics = Arc::new(Metrics::new().context("registering metrics")?);
        let auth = Authenticator::new(db.clone(), keys, config.auth.refresh_token_ttl);
        auth.revoked()
            .load(&db)
            .await
            .context("reading the recently ended sessions")?;
        auth.revoked().listen(config.common.database_url.clone());
        let access = Arc::new(
            AccessControl::load(db.clone())
                .await
                .context("loading the access-control policy")?,
        );
        access.listen(redis.clone());
        let storage = shared::storage::Storage::from_url(&config.common.storage_url)
            .context("opening object storage")?;
        tracing::info!(location = storage.location(), "object storage ready");
        let mailer =
            shared::mail::Mailer::from_config(&config.common.mail).context("configuring e-mail")?;
        let limits = shared::rate_limit::RateLimiter::new(redis.clone());
        let recovery =
            shared::auth::PasswordRecovery::new(db.clone(), mailer.clone(), secret.as_bytes());
        let registrations = shared::auth::Registrations::new(
            db.clone(),
            mailer.clone(),
            secret.as_bytes(),
            &config.common.public_url,
        );
        let uploads =
            shared::services::rule_validation::upload::UploadSigner::new(secret.as_bytes());
        let downloads = shared::downloads::DownloadSigner::new(secret.as_bytes());
        let import_bodies = crate::body_budget::BodyBudget::new(
            config.import_bodies_max_bytes,
            config.common.import.max_body_bytes(),
        );
        let import_spools = crate::body_budget::BodyBudget::new(
            config.import_spool_max_bytes,
            usize::try_from(config.common.import.max_form_bytes()).unwrap_or(usize::MAX),
        );
        Ok(Self {
            config,
            db,
            redis,
            queues,
            metrics,
            auth,
            access,
            key_usage: shared::auth::api_keys::KeyUsage::default(),
            storage,
            mailer,
            limits,
            recovery,
            registrations,
            uploads,
            downloads,
            import_bodies,
            import_spools,
        })
    }

    /// Whether the session `sid` of `subject` has ended since its credential was checked: a
    /// user's session logged out or revoked, or an API key (whose id is its session) revoked.
    pub fn session_ended(&self, sid: uuid::Uuid, subject: &str) -> bool {
        if shared::auth::api_keys::is_key_subject(subject) {
            !self.access.has_key(sid)
        } else {
            self.auth.revoked().contains(sid)
        }
    }

    pub async fn check_postgres(&self) -> anyhow::Result<()> {
        Ok(shared::db::ping(&self.db).await?)
    }

    pub async fn check_redis(&self) -> anyhow::Result<()> {
        Ok(self.redis.ping().await?)
    }
}
