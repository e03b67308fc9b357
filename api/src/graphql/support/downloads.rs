//! Download links (`shared::downloads`): a field that offers a stored file answers a link the
//! API streams the file from (`rest/download.rs`), made for the caller's session and the
//! resources the field needed.

use std::sync::Arc;

use async_graphql::Context;
use shared::downloads::{DOWNLOAD_TTL_SECONDS, DownloadGrant, FileKind};

use super::caller::claims;
use crate::state::AppState;

/// A stored object and how to save it.
pub struct StoredFile {
    pub key: String,
    /// The name to save it as, extension included.
    pub file_name: String,
    pub kind: FileKind,
}

/// The link to `file` for the caller, checked again against `resources` (those the asking
/// field needed: `access::query_resources`) when it is followed.
pub fn link(
    ctx: &Context<'_>,
    file: StoredFile,
    resources: Vec<&'static str>,
) -> async_graphql::Result<String> {
    let state = ctx.data::<Arc<AppState>>()?;
    let claims = claims(ctx)?;
    Ok(state.downloads.link(&DownloadGrant {
        key: file.key,
        file_name: file.file_name,
        kind: file.kind,
        session_id: claims.sid,
        subject: claims.email.clone(),
        resources: resources.into_iter().map(str::to_owned).collect(),
        expires_at: chrono::Utc::now().timestamp() + DOWNLOAD_TTL_SECONDS,
    }))
}
