//! The job handlers, one module per queue.

pub mod ping;

use shared::jobs::Redis;

/// What every job handler gets besides its payload.
#[derive(Clone)]
pub struct JobContext {
    pub redis: Redis,
    /// `host:pid` of this process, for logs and replies.
    pub identity: String,
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
