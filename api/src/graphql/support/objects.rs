//! GraphQL objects several resolver modules answer with.

use async_graphql::{ID, SimpleObject};

/// A reference by name (a rule's `documentType { name }`, its `dataTables [{ name }]`).
#[derive(SimpleObject, Clone)]
#[graphql(name = "NamedRef")]
pub struct NamedRef {
    pub name: String,
}

/// A stored file: `filename` (without extension), `extension`, and the bytes in base64.
#[derive(SimpleObject)]
pub struct DownloadResult {
    /// The dossier's or document's id.
    pub id: ID,
    /// The name to show (a document's file name, a dossier's description or id).
    pub name: String,
    pub filename: String,
    pub extension: String,
    pub base64: String,
}
