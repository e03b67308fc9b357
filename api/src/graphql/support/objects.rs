//! GraphQL objects several resolver modules answer with.

use async_graphql::{ID, SimpleObject};

/// A reference by name (a rule's `documentType { name }`, its `dataTables [{ name }]`).
#[derive(SimpleObject, Clone)]
#[graphql(name = "NamedRef")]
pub struct NamedRef {
    pub name: String,
}

/// A stored file: `filename` (without extension), `extension`, and the link it downloads
/// from (`GET`, no `Authorization` header: the link is the authorisation, for a few minutes
/// and the asking session only).
#[derive(SimpleObject)]
pub struct DownloadResult {
    /// The dossier's or document's id.
    pub id: ID,
    /// The name to show (a document's file name, a dossier's description or id).
    pub name: String,
    pub filename: String,
    pub extension: String,
    /// A path of this server (`/downloads/…`) answering the file's bytes as an attachment
    /// named `filename.extension`.
    pub url: String,
}
