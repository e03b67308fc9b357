//! Signed callbacks, as the Standard Webhooks specification has them (issue 31, item 3): every
//! callback carries
//! - `webhook-id`: the message's id, the same for every attempt of the same body (a receiver
//!   drops what it has seen);
//! - `webhook-timestamp`: when this attempt was signed, in Unix seconds (a receiver refuses an
//!   old one: replays);
//! - `webhook-signature`: `v1,<base64 of HMAC-SHA256(secret, "{id}.{timestamp}.{body}")>`, one
//!   per secret in force, separated by spaces — during a rotation's overlap the old secret
//!   signs too, so receivers can switch when they like.
//!
//! A secret reads `whsec_<base64 of 24 random bytes>` (the specification's form). Each callback
//! consumer has its own (`db::repo::webhook_secrets`): the importer of the dossier — an API key,
//! or the user who imported it. How a receiver verifies, with a tested example in Python:
//! docs/callbacks.md.

use std::fmt;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use uuid::Uuid;

/// How a secret starts.
pub const SECRET_PREFIX: &str = "whsec_";
/// Random bytes of a new secret (the specification allows 24 to 64).
const SECRET_BYTES: usize = 24;
/// How old a timestamp a verifier accepts, in seconds, either way (the specification's
/// recommendation).
pub const TOLERANCE_SECONDS: i64 = 300;

pub const ID_HEADER: &str = "webhook-id";
pub const TIMESTAMP_HEADER: &str = "webhook-timestamp";
pub const SIGNATURE_HEADER: &str = "webhook-signature";

/// A signing secret.
#[derive(Clone, PartialEq, Eq)]
pub struct WebhookSecret(Vec<u8>);

impl WebhookSecret {
    pub fn generate() -> Self {
        let mut bytes = vec![0u8; SECRET_BYTES];
        rand::rng().fill_bytes(&mut bytes);
        Self(bytes)
    }

    /// `whsec_<base64>` (the prefix may be left out, as the specification allows).
    pub fn parse(text: &str) -> Option<Self> {
        let encoded = text
            .trim()
            .strip_prefix(SECRET_PREFIX)
            .unwrap_or(text.trim());
        let bytes = STANDARD.decode(encoded).ok()?;
        (!bytes.is_empty()).then_some(Self(bytes))
    }

    fn mac(&self, id: &str, timestamp: i64, body: &str) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes any key length");
        mac.update(format!("{id}.{timestamp}.").as_bytes());
        mac.update(body.as_bytes());
        mac
    }

    /// `v1,<signature>` of the message.
    pub fn sign(&self, id: &str, timestamp: i64, body: &str) -> String {
        let signature = self.mac(id, timestamp, body).finalize().into_bytes();
        format!("v1,{}", STANDARD.encode(signature))
    }
}

impl fmt::Display for WebhookSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{SECRET_PREFIX}{}", STANDARD.encode(&self.0))
    }
}

impl fmt::Debug for WebhookSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("WebhookSecret(…)")
    }
}

/// The id of the message `body` about dossier `dossier_id`: the same for every attempt of the
/// same body, another for another body (a new result).
pub fn message_id(dossier_id: Uuid, body: &str) -> String {
    let mut hash = Sha256::new();
    hash.update(dossier_id.as_bytes());
    hash.update(body.as_bytes());
    let digest = hash.finalize();
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("msg_{hex}")
}

/// The three headers of one attempt, signed by every secret of `secrets` (the current one
/// first).
pub fn headers(
    secrets: &[WebhookSecret],
    id: &str,
    timestamp: i64,
    body: &str,
) -> Vec<(&'static str, String)> {
    let signatures: Vec<String> = secrets
        .iter()
        .map(|secret| secret.sign(id, timestamp, body))
        .collect();
    vec![
        (ID_HEADER, id.to_owned()),
        (TIMESTAMP_HEADER, timestamp.to_string()),
        (SIGNATURE_HEADER, signatures.join(" ")),
    ]
}

/// Why a verification failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    #[error("the timestamp is not a number")]
    BadTimestamp,
    #[error("the timestamp is too old or too new")]
    OutOfTolerance,
    #[error("no signature matches")]
    NoMatch,
}

/// What a receiver does: the timestamp within [`TOLERANCE_SECONDS`] of `now`, and one of the
/// space-separated `v1` signatures matching `secret`'s (compared in constant time).
pub fn verify(
    secret: &WebhookSecret,
    id: &str,
    timestamp: &str,
    signatures: &str,
    body: &str,
    now: i64,
) -> Result<(), VerifyError> {
    let timestamp: i64 = timestamp
        .trim()
        .parse()
        .map_err(|_| VerifyError::BadTimestamp)?;
    if (now - timestamp).abs() > TOLERANCE_SECONDS {
        return Err(VerifyError::OutOfTolerance);
    }
    let expected = secret.mac(id, timestamp, body).finalize().into_bytes();
    let matches = signatures
        .split_whitespace()
        .filter_map(|signature| signature.strip_prefix("v1,"))
        .filter_map(|encoded| STANDARD.decode(encoded).ok())
        .any(|candidate| bool::from(candidate.as_slice().ct_eq(expected.as_slice())));
    if matches {
        Ok(())
    } else {
        Err(VerifyError::NoMatch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of the Standard Webhooks specification.
    const SPEC_SECRET: &str = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const SPEC_ID: &str = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    const SPEC_TIMESTAMP: i64 = 1_614_265_330;
    const SPEC_BODY: &str = r#"{"test": 2432232314}"#;
    const SPEC_SIGNATURE: &str = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

    #[test]
    fn signs_as_the_specification_s_example() {
        let secret = WebhookSecret::parse(SPEC_SECRET).expect("a secret");
        assert_eq!(
            secret.sign(SPEC_ID, SPEC_TIMESTAMP, SPEC_BODY),
            SPEC_SIGNATURE
        );
        assert_eq!(secret.to_string(), SPEC_SECRET);
        assert_eq!(
            verify(
                &secret,
                SPEC_ID,
                &SPEC_TIMESTAMP.to_string(),
                SPEC_SIGNATURE,
                SPEC_BODY,
                SPEC_TIMESTAMP + 10
            ),
            Ok(())
        );
    }

    #[test]
    fn a_tampered_body_an_old_timestamp_or_another_secret_fail() {
        let secret = WebhookSecret::generate();
        let now = 1_700_000_000;
        let headers = headers(std::slice::from_ref(&secret), "msg_1", now, "{}");
        let signature = &headers[2].1;
        let check = |body: &str, timestamp: i64, at: i64, secret: &WebhookSecret| {
            verify(secret, "msg_1", &timestamp.to_string(), signature, body, at)
        };
        assert_eq!(check("{}", now, now, &secret), Ok(()));
        assert_eq!(
            check("{\"x\":1}", now, now, &secret),
            Err(VerifyError::NoMatch)
        );
        assert_eq!(
            check("{}", now, now + TOLERANCE_SECONDS + 1, &secret),
            Err(VerifyError::OutOfTolerance)
        );
        assert_eq!(
            check("{}", now, now, &WebhookSecret::generate()),
            Err(VerifyError::NoMatch)
        );
    }

    #[test]
    fn during_a_rotation_both_secrets_sign() {
        let (old, new) = (WebhookSecret::generate(), WebhookSecret::generate());
        let headers = headers(&[new.clone(), old.clone()], "msg_2", 100, "{}");
        assert_eq!(headers[2].1.split(' ').count(), 2);
        for secret in [&old, &new] {
            assert_eq!(
                verify(secret, "msg_2", "100", &headers[2].1, "{}", 100),
                Ok(())
            );
        }
    }

    #[test]
    fn a_message_keeps_its_id_across_attempts_and_a_new_body_gets_another() {
        let dossier = Uuid::now_v7();
        assert_eq!(message_id(dossier, "{}"), message_id(dossier, "{}"));
        assert_ne!(message_id(dossier, "{}"), message_id(dossier, "{\"a\":1}"));
        assert_ne!(message_id(dossier, "{}"), message_id(Uuid::now_v7(), "{}"));
        assert!(message_id(dossier, "{}").starts_with("msg_"));
    }

    #[test]
    fn secrets_parse_with_or_without_their_prefix_and_never_print() {
        let secret = WebhookSecret::generate();
        let text = secret.to_string();
        assert!(text.starts_with(SECRET_PREFIX));
        assert_eq!(WebhookSecret::parse(&text), Some(secret.clone()));
        assert_eq!(
            WebhookSecret::parse(text.trim_start_matches(SECRET_PREFIX)),
            Some(secret.clone())
        );
        assert_eq!(WebhookSecret::parse("whsec_!!!"), None);
        assert_eq!(format!("{secret:?}"), "WebhookSecret(…)");
    }
}
