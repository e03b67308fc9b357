//! The job handlers, one module per queue.

pub mod ping;

use std::sync::Arc;

use shared::jobs::Redis;
use worker::rules::RuleRuntime;

/// What every job handler gets besides its payload.
#[derive(Clone)]
pub struct JobContext {
    pub redis: Redis,
    /// `host:pid` of this process, for logs and replies.
    pub identity: String,
    /// The rule runtime (engine, pre-instantiated plugin, module cache), loaded at start-up.
    #[allow(
        dead_code,
        reason = "the rule jobs (document and dossier rules) use it"
    )]
    pub rules: Arc<RuleRuntime>,
}

/// `host:pid` of this process.
pub fn worker_identity() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_owned())
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "unknown-host".into());
    format!("{host}:{}", std::process::id())
}
