//! The shutdown signal both binaries wait for.

use std::future::Future;

use tokio::signal::unix::{SignalKind, signal};

/// Starts listening for SIGINT (Ctrl-C) and SIGTERM at once, and returns a future that completes
/// on the first of them. Call it first thing at start-up: a signal that arrives while the
/// process is still starting is then kept, and honoured as soon as the process waits for it,
/// instead of killing the process uncleanly.
pub fn listen() -> std::io::Result<impl Future<Output = ()> + Send + 'static> {
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => tracing::info!("SIGINT received, shutting down"),
            _ = terminate.recv() => tracing::info!("SIGTERM received, shutting down"),
        }
    })
}
