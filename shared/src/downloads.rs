//! Downloads of stored files — a dossier's imported zip, a document's PDF — as links, never as
//! bytes inside a GraphQL answer. The GraphQL field that offers a file checks the caller's
//! access as any field does and answers a link `/downloads/{token}`; the API streams the object
//! from storage to whoever follows it, so its memory stays flat whatever the file's size.
//!
//! The token is a [`DownloadGrant`] signed under a key of its own ([`crate::signing`]): which
//! object, the name to save it as, the session and the user who asked, the resources they
//! needed, and when it expires ([`DOWNLOAD_TTL_SECONDS`]). Following it checks the grant again:
//! a session ended since, or roles that no longer allow the resources, refuse the download
//! (the API's `rest/download.rs`).

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::messages::{self, Message};
use crate::signing::TokenSigner;

/// How long a download link works: long enough to follow it (the PDF viewer follows its own at
/// once), short enough that a copied link is soon worthless.
pub const DOWNLOAD_TTL_SECONDS: i64 = 5 * 60;

/// The path the links start with.
pub const DOWNLOAD_PATH: &str = "/downloads";

/// What a download link allows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DownloadGrant {
    /// The stored object.
    #[serde(rename = "k")]
    pub key: String,
    /// The name to save it as.
    #[serde(rename = "n")]
    pub file_name: String,
    /// What it is.
    #[serde(rename = "t")]
    pub kind: FileKind,
    /// The session that asked: its end ends the link.
    #[serde(rename = "s")]
    pub session_id: Uuid,
    /// Who asked (the e-mail the access policy knows them by).
    #[serde(rename = "u")]
    pub subject: String,
    /// The resources the asking field needed, checked again when the link is followed.
    #[serde(rename = "r")]
    pub resources: Vec<String>,
    /// Unix seconds after which the link is refused.
    #[serde(rename = "e")]
    pub expires_at: i64,
}

/// The kinds of file a link downloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FileKind {
    /// A dossier's imported zip.
    #[serde(rename = "z")]
    DossierArchive,
    /// A document's PDF.
    #[serde(rename = "p")]
    DocumentPdf,
}

impl FileKind {
    /// Its media type.
    pub fn content_type(self) -> &'static str {
        match self {
            Self::DossierArchive => "application/zip",
            Self::DocumentPdf => "application/pdf",
        }
    }

    /// What the user is told when the file was deleted since the link was made.
    pub fn gone(self) -> Message {
        match self {
            Self::DossierArchive => messages::dossier_archive_gone(),
            Self::DocumentPdf => messages::document_file_gone(),
        }
    }
}

impl DownloadGrant {
    /// The `Content-Disposition` of the download: an attachment named `file_name`, with an
    /// ASCII fallback for clients that do not read RFC 5987's `filename*`.
    pub fn content_disposition(&self) -> String {
        let fallback: String = self
            .file_name
            .chars()
            .map(|c| {
                if c == ' ' || (c.is_ascii_graphic() && c != '"' && c != '\\') {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let encoded: String = self
            .file_name
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        format!("attachment; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
    }
}

/// Why a download link is refused: [`DownloadRefused::message`] for the user,
/// [`DownloadRefused::code`] for programs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DownloadRefused {
    Forged,
    Expired,
    /// The session ended, or the user's roles no longer allow the file.
    AccessEnded,
}

impl DownloadRefused {
    pub fn message(&self) -> Message {
        match self {
            Self::Forged => messages::download_forged(),
            Self::Expired => messages::download_expired(),
            Self::AccessEnded => messages::download_access_ended(),
        }
    }

    /// `FORGED`, `EXPIRED` or `ACCESS_ENDED`.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Forged => "FORGED",
            Self::Expired => "EXPIRED",
            Self::AccessEnded => "ACCESS_ENDED",
        }
    }
}

/// Signs and checks download grants.
#[derive(Clone, Debug)]
pub struct DownloadSigner(TokenSigner);

impl DownloadSigner {
    pub fn new(secret: &[u8]) -> Self {
        Self(TokenSigner::new(secret, "istruttoria download v1"))
    }

    /// The link of `grant`: `/downloads/<token>`.
    pub fn link(&self, grant: &DownloadGrant) -> String {
        format!("{DOWNLOAD_PATH}/{}", self.0.sign(grant))
    }

    /// The grant of `token`, if this signer made it and it has not expired at `now` (unix
    /// seconds).
    pub fn verify(&self, token: &str, now: i64) -> Result<DownloadGrant, DownloadRefused> {
        let grant: DownloadGrant = self.0.open(token).ok_or(DownloadRefused::Forged)?;
        if now > grant.expires_at {
            return Err(DownloadRefused::Expired);
        }
        Ok(grant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant(file_name: &str, expires_at: i64) -> DownloadGrant {
        DownloadGrant {
            key: "dossiers/x/archive.zip".into(),
            file_name: file_name.into(),
            kind: FileKind::DossierArchive,
            session_id: Uuid::now_v7(),
            subject: "a@example.com".into(),
            resources: vec!["dossiers".into(), "documents".into()],
            expires_at,
        }
    }

    #[test]
    fn a_link_carries_its_grant_until_it_expires() {
        let signer = DownloadSigner::new(b"a secret of the API, long enough for the tests");
        let grant = grant("pratica.zip", 1_000);
        let link = signer.link(&grant);
        let token = link.strip_prefix("/downloads/").unwrap();
        assert_eq!(signer.verify(token, 1_000), Ok(grant));
        assert_eq!(signer.verify(token, 1_001), Err(DownloadRefused::Expired));
        assert_eq!(
            DownloadSigner::new(b"another secret").verify(token, 0),
            Err(DownloadRefused::Forged)
        );
    }

    #[test]
    fn an_upload_token_is_no_download_link() {
        use crate::services::rule_validation::upload::{UploadGrant, UploadSigner};
        let secret = b"one secret for both";
        let upload = UploadSigner::new(secret).sign(&UploadGrant {
            document_id: Uuid::now_v7(),
            file_name: "a.pdf".into(),
            max_bytes: 10,
            expires_at: i64::MAX,
        });
        assert_eq!(
            DownloadSigner::new(secret).verify(&upload, 0),
            Err(DownloadRefused::Forged)
        );
    }

    #[test]
    fn names_are_kept_whole_in_utf8_with_an_ascii_fallback() {
        assert_eq!(
            grant("Pratica Rossi.zip", 0).content_disposition(),
            "attachment; filename=\"Pratica Rossi.zip\"; filename*=UTF-8''Pratica%20Rossi.zip"
        );
        assert_eq!(
            grant("Perché \"sì\"\r\n.pdf", 0).content_disposition(),
            "attachment; filename=\"Perch_ _s____.pdf\"; \
             filename*=UTF-8''Perch%C3%A9%20%22s%C3%AC%22%0D%0A.pdf"
        );
    }
}
