//! One-time 6-digit codes sent by e-mail (password reset, registration).
//!
//! Only an HMAC-SHA256 of a code is stored, keyed by a key derived from the JWT secret for one
//! purpose and bound to the code's row id: a leaked table cannot be brute-forced offline (10⁶
//! codes would take no time against a plain hash) without the server secret. Checking compares
//! the MACs in constant time.

use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;
use subtle::ConstantTimeEq;
use uuid::Uuid;

type HmacSha256 = Hmac<Sha256>;

/// The key of one kind of code.
#[derive(Clone)]
pub struct CodeKey([u8; 32]);

impl CodeKey {
    /// The key for `purpose` derived from `secret` (the JWT secret).
    pub fn derive(secret: &[u8], purpose: &[u8]) -> Self {
        let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC accepts any key length");
        mac.update(purpose);
        Self(mac.finalize().into_bytes().into())
    }

    /// The stored form of `code` for the row `id`, hex.
    pub fn mac(&self, id: Uuid, code: &str) -> String {
        let mut mac = HmacSha256::new_from_slice(&self.0).expect("HMAC accepts any key length");
        mac.update(id.as_bytes());
        mac.update(b":");
        mac.update(code.as_bytes());
        mac.finalize()
            .into_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// Whether `code` (trimmed) is the code whose stored form is `stored`; the same work
    /// whether or not it is well formed.
    pub fn matches(&self, id: Uuid, code: &str, stored: &str) -> bool {
        let code = code.trim();
        let expected = self.mac(id, code);
        is_well_formed(code) && bool::from(expected.as_bytes().ct_eq(stored.as_bytes()))
    }
}

/// A uniformly random code, 000000–999999.
pub fn random_code() -> String {
    format!("{:06}", rand::rng().random_range(0..1_000_000u32))
}

fn is_well_formed(code: &str) -> bool {
    code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_matches_only_its_own_row_and_purpose() {
        let key = CodeKey::derive(b"secret", b"purpose one");
        let id = Uuid::now_v7();
        let code = random_code();
        let stored = key.mac(id, &code);
        assert!(key.matches(id, &format!(" {code} "), &stored));
        assert!(!key.matches(Uuid::now_v7(), &code, &stored));
        assert!(!CodeKey::derive(b"secret", b"purpose two").matches(id, &code, &stored));
        let wrong = format!("{:06}", (code.parse::<u32>().unwrap() + 1) % 1_000_000);
        assert!(!key.matches(id, &wrong, &stored));
    }

    #[test]
    fn malformed_codes_never_match() {
        let key = CodeKey::derive(b"secret", b"purpose");
        let id = Uuid::nil();
        for code in ["12345", "1234567", "12a456", ""] {
            assert!(!key.matches(id, code, &key.mac(id, code)), "{code:?}");
        }
    }
}
