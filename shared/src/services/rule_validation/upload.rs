//! Signed uploads of validation documents: `requestSignedURLForValidationDocument` hands out a
//! URL the browser `PUT`s the PDF to.
//!
//! - With S3 storage, a presigned S3 URL ([`crate::storage::Storage::signed_put_url`]).
//! - With a local directory, the API receives the `PUT` itself at
//!   `/uploads/validation/{token}`. The token is an [`UploadGrant`] (the object it may write,
//!   its file name, the largest size and the moment it expires) signed with HMAC-SHA256 under
//!   a key derived from the API's secret ([`crate::signing`]): it cannot be forged or pointed at another object. It
//!   works once ([`claim`], a Redis key that outlives the grant), and the body must be a PDF
//!   within the size ([`check_pdf`]); a refused upload stores nothing.
//!
//! Either way `createRuleValidation` checks the stored object again (size, PDF signature)
//! before recording the document, since a presigned S3 URL cannot bound what is sent to it.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::jobs::{JobError, Redis};
use crate::messages::{self, Message};
use crate::signing::TokenSigner;

/// How long an upload address works.
pub const UPLOAD_TTL_SECONDS: i64 = 10 * 60;

/// What every PDF starts with.
pub const PDF_SIGNATURE: &[u8] = b"%PDF-";

/// What a signed upload allows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UploadGrant {
    /// The validation document the bytes become (its PDF's key is derived from it).
    #[serde(rename = "d")]
    pub document_id: Uuid,
    /// The file name the user chose.
    #[serde(rename = "f")]
    pub file_name: String,
    /// Largest body, in bytes.
    #[serde(rename = "m")]
    pub max_bytes: u64,
    /// Unix seconds after which the grant is refused.
    #[serde(rename = "e")]
    pub expires_at: i64,
}

/// Why an upload is refused: [`UploadRefused::message`] for the user,
/// [`UploadRefused::code`] for programs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UploadRefused {
    Forged,
    Expired,
    Used,
    TooLarge { max: u64 },
    NotPdf,
    Empty,
}

impl std::fmt::Display for UploadRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for UploadRefused {}

impl UploadRefused {
    pub fn message(&self) -> Message {
        match self {
            Self::Forged => messages::upload_forged(),
            Self::Expired => messages::upload_expired(),
            Self::Used => messages::upload_used(),
            Self::TooLarge { max } => messages::upload_too_large(max),
            Self::NotPdf => messages::not_a_pdf(),
            Self::Empty => messages::file_empty(),
        }
    }

    /// `FORGED`, `EXPIRED`, `USED`, `TOO_LARGE`, `NOT_PDF` or `EMPTY`.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Forged => "FORGED",
            Self::Expired => "EXPIRED",
            Self::Used => "USED",
            Self::TooLarge { .. } => "TOO_LARGE",
            Self::NotPdf => "NOT_PDF",
            Self::Empty => "EMPTY",
        }
    }
}

/// Signs and checks upload grants, under a key of their own (see [`crate::signing`]).
#[derive(Clone, Debug)]
pub struct UploadSigner(TokenSigner);

impl UploadSigner {
    pub fn new(secret: &[u8]) -> Self {
        Self(TokenSigner::new(secret, "istruttoria validation upload v1"))
    }

    /// `<payload>.<signature>`, both base64url.
    pub fn sign(&self, grant: &UploadGrant) -> String {
        self.0.sign(grant)
    }

    /// The grant of `token`, if this signer made it and it has not expired at `now` (unix
    /// seconds).
    pub fn verify(&self, token: &str, now: i64) -> Result<UploadGrant, UploadRefused> {
        let grant: UploadGrant = self.0.open(token).ok_or(UploadRefused::Forged)?;
        if now > grant.expires_at {
            return Err(UploadRefused::Expired);
        }
        Ok(grant)
    }
}

/// Whether `bytes` can be a validation document: not empty, at most `max_bytes`, and starting
/// with the PDF signature.
pub fn check_pdf(bytes: &[u8], max_bytes: u64) -> Result<(), UploadRefused> {
    if bytes.is_empty() {
        return Err(UploadRefused::Empty);
    }
    if bytes.len() as u64 > max_bytes {
        return Err(UploadRefused::TooLarge { max: max_bytes });
    }
    if !bytes.starts_with(PDF_SIGNATURE) {
        return Err(UploadRefused::NotPdf);
    }
    Ok(())
}

/// Marks the upload of `document_id` as used; `Err(Used)` when it already was. The mark lasts
/// as long as the grant could, so a token works once however often it is sent.
pub async fn claim(
    redis: &Redis,
    document_id: Uuid,
) -> Result<Result<(), UploadRefused>, JobError> {
    let key = format!("{}:validation-upload:{document_id}", redis.namespace);
    let claimed: Option<String> = redis::cmd("SET")
        .arg(&key)
        .arg("1")
        .arg("NX")
        .arg("EX")
        .arg(UPLOAD_TTL_SECONDS + 60)
        .query_async(&mut redis.connection.clone())
        .await
        .map_err(|source| JobError::Redis {
            action: "claim a validation upload",
            source,
        })?;
    Ok(if claimed.is_some() {
        Ok(())
    } else {
        Err(UploadRefused::Used)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant(expires_at: i64) -> UploadGrant {
        UploadGrant {
            document_id: Uuid::now_v7(),
            file_name: "contratto.pdf".into(),
            max_bytes: 1000,
            expires_at,
        }
    }

    #[test]
    fn a_grant_round_trips_until_it_expires() {
        let signer = UploadSigner::new(b"a secret of the API, long enough for the tests");
        let grant = grant(1_000);
        let token = signer.sign(&grant);
        assert_eq!(signer.verify(&token, 999), Ok(grant.clone()));
        assert_eq!(signer.verify(&token, 1_000), Ok(grant));
        assert_eq!(signer.verify(&token, 1_001), Err(UploadRefused::Expired));
    }

    #[test]
    fn tampered_foreign_and_malformed_tokens_are_forged() {
        let signer = UploadSigner::new(b"one secret");
        let token = signer.sign(&grant(i64::MAX));
        // Another key.
        assert_eq!(
            UploadSigner::new(b"another secret").verify(&token, 0),
            Err(UploadRefused::Forged)
        );
        // Another payload under the same signature (a later expiry, another object).
        let (_, signature) = token.split_once('.').unwrap();
        let other = signer.sign(&grant(i64::MAX));
        let (other_payload, _) = other.split_once('.').unwrap();
        assert_eq!(
            signer.verify(&format!("{other_payload}.{signature}"), 0),
            Err(UploadRefused::Forged)
        );
        for bad in ["", ".", "abc", "abc.def", "%%%.%%%"] {
            assert_eq!(signer.verify(bad, 0), Err(UploadRefused::Forged), "{bad}");
        }
    }

    #[test]
    fn only_non_empty_pdfs_within_the_size_pass() {
        assert_eq!(check_pdf(b"%PDF-1.7\n...", 100), Ok(()));
        assert_eq!(check_pdf(b"", 100), Err(UploadRefused::Empty));
        assert_eq!(check_pdf(b"PK\x03\x04", 100), Err(UploadRefused::NotPdf));
        assert_eq!(
            check_pdf(b"%PDF-1.7 and much more", 5),
            Err(UploadRefused::TooLarge { max: 5 })
        );
    }
}
