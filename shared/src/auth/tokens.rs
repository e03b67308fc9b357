//! Access tokens: JWTs signed with HS256 — the algorithm is fixed, so `alg: none` or any other
//! algorithm in a token's header is refused — carrying the user, the session (refresh-token
//! family) and, during an impersonation, the impersonator. `exp`, `nbf`, `aud`, `iss` and the
//! token type are checked on every request. Refresh tokens are not JWTs but opaque random
//! strings (see [`super::sessions`]), so one can never pass for an access token.

use std::time::Duration;

use chrono::Utc;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::messages::{self, Message};

const AUDIENCE: &str = "istruttoria";
const ISSUER: &str = "istruttoria";
const ACCESS_TOKEN_TYPE: &str = "access";
/// The type of the claims an API key acts with (never signed into a token: see
/// [`super::api_keys`]).
pub(crate) const API_KEY_TYPE: &str = "apikey";
/// Clock skew tolerated between API processes, in seconds.
const LEEWAY_SECS: u64 = 5;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccessClaims {
    /// The user the token acts as.
    pub sub: Uuid,
    pub email: String,
    /// Always "access".
    pub typ: String,
    pub aud: String,
    pub iss: String,
    pub iat: i64,
    pub nbf: i64,
    pub exp: i64,
    /// The access token's own id (`accessUuid`).
    pub jti: Uuid,
    /// The session: the family of refresh tokens this token was issued with.
    pub sid: Uuid,
    /// Who is impersonating `sub`, when this is an impersonation session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub imp: Option<Uuid>,
}

impl AccessClaims {
    /// Whether these are the claims of an API key rather than of a user's session.
    pub fn is_api_key(&self) -> bool {
        self.typ == API_KEY_TYPE
    }
}

/// Why an access token was refused. What users see is the `Display` text, one clear sentence
/// per case: the decoder's own words (e.g. "JSON error: unknown variant `none`") only reach
/// the debug log, through [`TokenError::Invalid`]'s detail.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("{}", messages::session_expired())]
    Expired,
    /// Its session ended (logout, password change, deleted user, …) before it expired.
    #[error("{}", messages::session_ended())]
    Revoked,
    /// Malformed, forged, signed with another key or algorithm, not yet valid, for another
    /// audience, not an access token, …; the detail is for the log only.
    #[error("{}", messages::session_invalid())]
    Invalid(String),
    #[error("cannot sign an access token: {0}")]
    Sign(jsonwebtoken::errors::Error),
}

impl TokenError {
    /// What the user is told (`None` for a failure to sign, ours).
    pub fn message(&self) -> Option<Message> {
        match self {
            Self::Expired => Some(messages::session_expired()),
            Self::Revoked => Some(messages::session_ended()),
            Self::Invalid(_) => Some(messages::session_invalid()),
            Self::Sign(_) => None,
        }
    }

    /// An invalid token, with `detail` logged at debug level.
    pub fn invalid(detail: impl Into<String>) -> Self {
        let detail = detail.into();
        tracing::debug!(%detail, "access token refused");
        Self::Invalid(detail)
    }
}

/// The signing key and the rules every access token is checked against.
#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    ttl: Duration,
}

/// A freshly signed access token.
pub struct IssuedAccessToken {
    pub token: String,
    pub claims: AccessClaims,
}

impl TokenKeys {
    /// How long an access token lives.
    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    pub fn new(secret: &[u8], ttl: Duration) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.set_audience(&[AUDIENCE]);
        validation.set_issuer(&[ISSUER]);
        validation.set_required_spec_claims(&["exp", "nbf", "aud", "iss", "sub"]);
        validation.validate_nbf = true;
        validation.leeway = LEEWAY_SECS;
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl,
        }
    }

    /// Signs an access token for `user` in session `session_id`.
    pub fn issue(
        &self,
        user_id: Uuid,
        email: &str,
        session_id: Uuid,
        impersonator: Option<Uuid>,
    ) -> Result<IssuedAccessToken, TokenError> {
        let now = Utc::now().timestamp();
        let claims = AccessClaims {
            sub: user_id,
            email: email.to_owned(),
            typ: ACCESS_TOKEN_TYPE.to_owned(),
            aud: AUDIENCE.to_owned(),
            iss: ISSUER.to_owned(),
            iat: now,
            nbf: now,
            exp: now + i64::try_from(self.ttl.as_secs()).unwrap_or(i64::MAX / 2),
            jti: Uuid::now_v7(),
            sid: session_id,
            imp: impersonator,
        };
        let token = encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(TokenError::Sign)?;
        Ok(IssuedAccessToken { token, claims })
    }

    /// Checks signature, algorithm, expiry, not-before, audience, issuer and token type.
    pub fn verify(&self, token: &str) -> Result<AccessClaims, TokenError> {
        use jsonwebtoken::errors::ErrorKind;
        let claims = decode::<AccessClaims>(token, &self.decoding, &self.validation)
            .map_err(|e| match e.kind() {
                ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::invalid(e.to_string()),
            })?
            .claims;
        if claims.typ != ACCESS_TOKEN_TYPE {
            return Err(TokenError::invalid(format!(
                "a {} token is not an access token",
                claims.typ
            )));
        }
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"0123456789abcdef0123456789abcdef";

    fn keys() -> TokenKeys {
        TokenKeys::new(SECRET, Duration::from_secs(900))
    }

    fn forge(header: &str, claims: &serde_json::Value, signature: &str) -> String {
        use base64::Engine;
        let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        format!(
            "{}.{}.{signature}",
            b64.encode(header),
            b64.encode(claims.to_string())
        )
    }

    #[test]
    fn a_token_it_issued_verifies_with_its_claims() {
        let keys = keys();
        let (user, session) = (Uuid::now_v7(), Uuid::now_v7());
        let issued = keys.issue(user, "a@b.it", session, None).expect("signs");
        let claims = keys.verify(&issued.token).expect("verifies");
        assert_eq!(claims, issued.claims);
        assert_eq!(
            (claims.sub, claims.sid, claims.exp - claims.iat),
            (user, session, 900)
        );
    }

    #[test]
    fn alg_none_is_refused() {
        let keys = keys();
        let issued = keys
            .issue(Uuid::now_v7(), "a@b.it", Uuid::now_v7(), None)
            .expect("signs");
        let claims = serde_json::to_value(&issued.claims).expect("json");
        let token = forge(r#"{"alg":"none","typ":"JWT"}"#, &claims, "");
        assert!(matches!(keys.verify(&token), Err(TokenError::Invalid(_))));
    }

    #[test]
    fn another_key_or_algorithm_is_refused() {
        let issued = TokenKeys::new(
            b"another-secret-another-secret-xx",
            Duration::from_secs(900),
        )
        .issue(Uuid::now_v7(), "a@b.it", Uuid::now_v7(), None)
        .expect("signs");
        assert!(matches!(
            keys().verify(&issued.token),
            Err(TokenError::Invalid(_))
        ));

        let claims = serde_json::to_value(&issued.claims).expect("json");
        let hs512 = encode(
            &Header::new(Algorithm::HS512),
            &claims,
            &EncodingKey::from_secret(SECRET),
        )
        .expect("signs");
        assert!(matches!(keys().verify(&hs512), Err(TokenError::Invalid(_))));
    }

    /// Whatever the decoder says about a tampered token, the message is the same sentence.
    #[test]
    fn tampered_tokens_get_one_message_without_the_decoder_s_words() {
        let keys = keys();
        let issued = keys
            .issue(Uuid::now_v7(), "a@b.it", Uuid::now_v7(), None)
            .expect("signs");
        let claims = serde_json::to_value(&issued.claims).expect("json");
        let signature = issued.token.rsplit('.').next().expect("three parts");
        let header = issued.token.split('.').next().expect("three parts");
        let tampered = [
            forge(r#"{"alg":"none","typ":"JWT"}"#, &claims, ""),
            forge(r#"{"alg":"HS256"#, &claims, signature),
            format!("{header}.!!!not base64!!!.{signature}"),
            "not.a.jwt".to_owned(),
            String::new(),
        ];
        for token in tampered {
            let error = keys.verify(&token).expect_err("refused");
            assert!(
                matches!(error, TokenError::Invalid(_)),
                "{token}: {error:?}"
            );
            assert_eq!(error.to_string(), "Sessione non valida: accedi di nuovo");
        }
    }

    #[test]
    fn expired_and_not_yet_valid_tokens_are_refused() {
        let keys = keys();
        let issued = keys
            .issue(Uuid::now_v7(), "a@b.it", Uuid::now_v7(), None)
            .expect("signs");
        let sign = |claims: &AccessClaims| {
            encode(
                &Header::new(Algorithm::HS256),
                claims,
                &EncodingKey::from_secret(SECRET),
            )
            .expect("signs")
        };
        let expired = AccessClaims {
            exp: Utc::now().timestamp() - 60,
            ..issued.claims.clone()
        };
        assert!(matches!(
            keys.verify(&sign(&expired)),
            Err(TokenError::Expired)
        ));
        let early = AccessClaims {
            nbf: Utc::now().timestamp() + 600,
            ..issued.claims.clone()
        };
        assert!(matches!(
            keys.verify(&sign(&early)),
            Err(TokenError::Invalid(_))
        ));
        let other_audience = AccessClaims {
            aud: "someone-else".into(),
            ..issued.claims.clone()
        };
        assert!(matches!(
            keys.verify(&sign(&other_audience)),
            Err(TokenError::Invalid(_))
        ));
        let refresh_typed = AccessClaims {
            typ: "refresh".into(),
            ..issued.claims
        };
        assert!(matches!(
            keys.verify(&sign(&refresh_typed)),
            Err(TokenError::Invalid(_))
        ));
    }
}
