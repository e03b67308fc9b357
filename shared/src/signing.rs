//! Signed tokens that carry what they grant: `<payload>.<signature>`, both base64url, the
//! payload a JSON object and the signature HMAC-SHA256 over it under a key derived from the
//! API's secret for one purpose only. A token of one purpose (a validation upload, a download)
//! is never valid for another, nor as an access token. The grants themselves say when they
//! expire ([`crate::services::rule_validation::upload::UploadGrant`], [`crate::downloads::DownloadGrant`]).

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Signs grants and opens the tokens it signed, for one purpose.
#[derive(Clone)]
pub struct TokenSigner {
    key: [u8; 32],
}

impl std::fmt::Debug for TokenSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenSigner(<redacted>)")
    }
}

impl TokenSigner {
    /// A signer whose key is derived from `secret` for `purpose` (e.g.
    /// `"istruttoria download v1"`).
    pub fn new(secret: &[u8], purpose: &str) -> Self {
        let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes keys of any length");
        mac.update(purpose.as_bytes());
        Self {
            key: mac.finalize().into_bytes().into(),
        }
    }

    /// `<payload>.<signature>`, both base64url.
    pub fn sign<T: Serialize>(&self, grant: &T) -> String {
        let payload =
            URL_SAFE_NO_PAD.encode(serde_json::to_vec(grant).expect("a grant always serialises"));
        let signature =
            URL_SAFE_NO_PAD.encode(self.mac(payload.as_bytes()).finalize().into_bytes());
        format!("{payload}.{signature}")
    }

    /// The grant in `token` if this signer made it; `None` for anything else (another key or
    /// purpose, a changed payload, not a token).
    pub fn open<T: DeserializeOwned>(&self, token: &str) -> Option<T> {
        let (payload, signature) = token.split_once('.')?;
        let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
        self.mac(payload.as_bytes()).verify_slice(&signature).ok()?;
        let json = URL_SAFE_NO_PAD.decode(payload).ok()?;
        serde_json::from_slice(&json).ok()
    }

    fn mac(&self, payload: &[u8]) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.key).expect("HMAC takes keys of any length");
        mac.update(payload);
        mac
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_opens_only_with_its_key_and_purpose_and_unchanged() {
        let signer = TokenSigner::new(b"one secret", "a purpose");
        let token = signer.sign(&vec![1, 2, 3]);
        assert_eq!(signer.open::<Vec<i32>>(&token), Some(vec![1, 2, 3]));
        assert_eq!(
            TokenSigner::new(b"another secret", "a purpose").open::<Vec<i32>>(&token),
            None
        );
        assert_eq!(
            TokenSigner::new(b"one secret", "another purpose").open::<Vec<i32>>(&token),
            None
        );
        let (_, signature) = token.split_once('.').unwrap();
        let other = signer.sign(&vec![4]);
        let (other_payload, _) = other.split_once('.').unwrap();
        assert_eq!(
            signer.open::<Vec<i32>>(&format!("{other_payload}.{signature}")),
            None
        );
        for bad in ["", ".", "abc", "abc.def", "%%%.%%%"] {
            assert_eq!(signer.open::<Vec<i32>>(bad), None, "{bad}");
        }
    }
}
