//! Rate limits of the unauthenticated operations that guess or send secrets: `basicLogin`,
//! `resetPassword` (failures counted) and `recoverPassword` (requests counted).
//!
//! Counters live in Redis (`<namespace>:ratelimit:<bucket>:<key>`), so every API process shares
//! them; each is created with its window as expiry (`SET NX EX` then `INCR`, one atomic
//! pipeline), i.e. a fixed window starting at the first counted event.
//!
//! # Logins: a lock per account, a limit per address
//!
//! Failed logins are counted **per account, whatever the client address**: after
//! [`LOGIN_PER_ACCOUNT`] failures the account is locked — even the right password is refused,
//! with [`RateLimitError::AccountLocked`] saying for how long — until the window ends. Guessing
//! one password from many addresses (or through forged `X-Forwarded-For` headers) is then
//! bounded by the same few attempts as guessing it from one. The price is that whoever knows an
//! e-mail can keep its owner locked out by failing on purpose; the lock ends with its window,
//! a successful login clears the count, and the failures are logged. A second counter per
//! **client address** (all accounts) stops one address from spraying many accounts. An e-mail
//! without an account is counted and locked the same way, so the lock reveals nothing.
//!
//! `resetPassword` and `confirmRegistration` guess e-mailed codes: their failures are counted
//! per (account, address) and per address, and each code allows 5 attempts anyway (see
//! `auth::recovery`). `recoverPassword` sends e-mail, so it also has a counter per account —
//! its purpose is to stop mail-bombing a user, and it only delays *new* codes (a code already
//! received keeps working) — plus per (account, address) and per address counters.
//!
//! Keys carry the SHA-256 of the lowercased e-mail and of the address, never the values.

use std::net::IpAddr;
use std::time::Duration;

use sha2::{Digest, Sha256};

use crate::jobs::Redis;
use crate::messages::{self, Message};

/// At most `max` events per `window`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u64,
    pub window: Duration,
}

const fn minutes(max: u64, minutes: u64) -> Limit {
    Limit {
        max,
        window: Duration::from_secs(minutes * 60),
    }
}

/// Failed logins per account (any address; past it the account is locked until the window
/// ends) and per address (any account).
pub const LOGIN_PER_ACCOUNT: Limit = minutes(10, 15);
pub const LOGIN_PER_ADDRESS: Limit = minutes(50, 15);
/// Failed password resets per (account, address) and per address.
pub const RESET_PER_ACCOUNT_ADDRESS: Limit = minutes(5, 15);
pub const RESET_PER_ADDRESS: Limit = minutes(30, 15);
/// Recovery requests (e-mails sent) per (account, address), per account and per address.
pub const RECOVER_PER_ACCOUNT_ADDRESS: Limit = minutes(3, 15);
pub const RECOVER_PER_ACCOUNT: Limit = minutes(6, 60);
pub const RECOVER_PER_ADDRESS: Limit = minutes(20, 60);
/// Registrations per address.
pub const REGISTER_PER_ADDRESS: Limit = minutes(10, 60);

/// Syntax checks of unsaved rule code per user (the editor asks at most once per pause in
/// typing, 800 ms; each check is a compilation on a worker).
pub const CODE_CHECKS_PER_USER: Limit = minutes(120, 1);

/// Own password changes per user (each one verifies the old password: guesses are bounded).
pub const OWN_PASSWORD_CHANGES_PER_USER: Limit = minutes(10, 15);

/// Callbacks resent per user (each one is an outgoing HTTP request to the importing system).
pub const CALLBACK_RESENDS_PER_USER: Limit = minutes(20, 1);

/// Requests per API key, on every API process together: 20 a second on average, room for an
/// importing system's bursts, a bound on a leaked key's.
pub const REQUESTS_PER_API_KEY: Limit = minutes(1200, 1);

#[derive(Debug, thiserror::Error)]
pub enum RateLimitError {
    #[error("{}", messages::too_many_attempts())]
    TooMany,
    /// Too many requests with one API key within its window.
    #[error("{}", messages::api_key_rate_limited(REQUESTS_PER_API_KEY.max))]
    KeyRequests,
    /// Too many failed logins for one account: it is locked for `retry_after` more.
    #[error("{}", locked_message(*retry_after))]
    AccountLocked { retry_after: Duration },
    #[error("the rate-limit counters are unreachable: {0}")]
    Redis(#[from] redis::RedisError),
}

impl RateLimitError {
    /// What the user is told (`None` when the counters are unreachable: ours, logged).
    pub fn message(&self) -> Option<Message> {
        match self {
            Self::TooMany => Some(messages::too_many_attempts()),
            Self::KeyRequests => Some(messages::api_key_rate_limited(REQUESTS_PER_API_KEY.max)),
            Self::AccountLocked { retry_after } => Some(locked_message(*retry_after)),
            Self::Redis(_) => None,
        }
    }
}

/// "… riprova fra 15 minuti": `retry_after` rounded up to whole minutes, at least one.
fn locked_message(retry_after: Duration) -> Message {
    let wait = match retry_after.as_secs().div_ceil(60).max(1) {
        1 => messages::one_minute(),
        minutes => messages::minutes(minutes),
    };
    messages::account_locked(wait)
}

/// What reaching a counter's limit means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refusal {
    /// The requests are refused for a while ([`RateLimitError::TooMany`]).
    TooMany,
    /// The account is locked until the window ends ([`RateLimitError::AccountLocked`]).
    LocksAccount,
    /// An API key's requests are refused until the window ends
    /// ([`RateLimitError::KeyRequests`]).
    KeyRequests,
}

/// One counter: what it counts and for whom.
#[derive(Debug, Clone)]
pub struct Counter {
    key: String,
    limit: Limit,
    refusal: Refusal,
}

impl Counter {
    /// A counter of `bucket` (e.g. "login") for the account with e-mail `email` (any case)
    /// and/or the client address `address` (`None`: unknown, counted together).
    pub fn new(bucket: &str, email: Option<&str>, address: Option<IpAddr>, limit: Limit) -> Self {
        let mut key = bucket.to_owned();
        if let Some(email) = email {
            key.push_str(":a");
            key.push_str(&digest(&email.trim().to_lowercase()));
        }
        if email.is_none() || address.is_some() {
            let address = address.map_or_else(|| "unknown".to_owned(), |a| a.to_string());
            key.push_str(":c");
            key.push_str(&digest(&address));
        }
        Self {
            key,
            limit,
            refusal: Refusal::TooMany,
        }
    }

    /// A counter of `bucket` for the account with e-mail `email` whatever the address, which
    /// locks the account when it reaches `limit`.
    fn account_lock(bucket: &str, email: &str, limit: Limit) -> Self {
        Self {
            refusal: Refusal::LocksAccount,
            ..Self::new(bucket, Some(email), None, limit)
        }
    }
}

fn digest(value: &str) -> String {
    let hash = Sha256::digest(value.as_bytes());
    hash[..12].iter().map(|b| format!("{b:02x}")).collect()
}

/// The counters of one Redis namespace.
#[derive(Clone)]
pub struct RateLimiter {
    redis: Redis,
}

impl RateLimiter {
    pub fn new(redis: Redis) -> Self {
        Self { redis }
    }

    fn key(&self, counter: &Counter) -> String {
        format!("{}:ratelimit:{}", self.redis.namespace, counter.key)
    }

    /// Refuses when any of `counters` has reached its limit: with
    /// [`RateLimitError::AccountLocked`] (and how long the lock lasts) for an account's lock,
    /// [`RateLimitError::TooMany`] otherwise.
    pub async fn check(&self, counters: &[Counter]) -> Result<(), RateLimitError> {
        let mut connection = self.redis.connection.clone();
        for counter in counters {
            let key = self.key(counter);
            let count: Option<u64> = redis::cmd("GET")
                .arg(&key)
                .query_async(&mut connection)
                .await?;
            if count.unwrap_or(0) < counter.limit.max {
                continue;
            }
            return Err(match counter.refusal {
                Refusal::TooMany => RateLimitError::TooMany,
                Refusal::KeyRequests => RateLimitError::KeyRequests,
                Refusal::LocksAccount => {
                    // Negative when the key has just expired: the lock is ending.
                    let left_ms: i64 = redis::cmd("PTTL")
                        .arg(&key)
                        .query_async(&mut connection)
                        .await?;
                    RateLimitError::AccountLocked {
                        retry_after: Duration::from_millis(u64::try_from(left_ms).unwrap_or(0)),
                    }
                }
            });
        }
        Ok(())
    }

    /// Counts one event on every counter.
    pub async fn hit(&self, counters: &[Counter]) -> Result<(), RateLimitError> {
        let mut pipe = redis::pipe();
        pipe.atomic();
        for counter in counters {
            let key = self.key(counter);
            pipe.cmd("SET")
                .arg(&key)
                .arg(0)
                .arg("NX")
                .arg("EX")
                .arg(counter.limit.window.as_secs().max(1))
                .ignore()
                .cmd("INCR")
                .arg(&key)
                .ignore();
        }
        pipe.query_async::<()>(&mut self.redis.connection.clone())
            .await?;
        Ok(())
    }

    /// Counts one event and refuses when that goes over a limit (for requests that are
    /// counted whether or not they succeed, such as sending a recovery e-mail).
    pub async fn take(&self, counters: &[Counter]) -> Result<(), RateLimitError> {
        self.check(counters).await?;
        self.hit(counters).await
    }

    /// Forgets `counters` (e.g. the failures of a pair after a successful login).
    pub async fn clear(&self, counters: &[Counter]) -> Result<(), RateLimitError> {
        let keys: Vec<String> = counters.iter().map(|c| self.key(c)).collect();
        redis::cmd("DEL")
            .arg(keys)
            .query_async::<i64>(&mut self.redis.connection.clone())
            .await?;
        Ok(())
    }
}

/// The counter of the requests made with the API key acting as `subject` (`apikey:<name>`).
pub fn api_key_counter(subject: &str) -> Counter {
    Counter {
        refusal: Refusal::KeyRequests,
        ..Counter::new("api-key", Some(subject), None, REQUESTS_PER_API_KEY)
    }
}

/// The counters of failed logins of `email` from `address`: the account's lock first (a
/// successful login clears it), then the address's limit.
pub fn login_counters(email: &str, address: Option<IpAddr>) -> [Counter; 2] {
    [
        Counter::account_lock("login-account", email, LOGIN_PER_ACCOUNT),
        Counter::new("login", None, address, LOGIN_PER_ADDRESS),
    ]
}

/// The counters of failed password resets of `email` from `address`.
pub fn reset_counters(email: &str, address: Option<IpAddr>) -> [Counter; 2] {
    [
        Counter::new("reset", Some(email), address, RESET_PER_ACCOUNT_ADDRESS),
        Counter::new("reset", None, address, RESET_PER_ADDRESS),
    ]
}

/// The counters of failed registration confirmations of `email` from `address` (the limits of
/// password resets: both guess a 6-digit code).
pub fn confirm_registration_counters(email: &str, address: Option<IpAddr>) -> [Counter; 2] {
    [
        Counter::new("confirm", Some(email), address, RESET_PER_ACCOUNT_ADDRESS),
        Counter::new("confirm", None, address, RESET_PER_ADDRESS),
    ]
}

/// The counters of recovery e-mails requested for `email` from `address`.
pub fn recover_counters(email: &str, address: Option<IpAddr>) -> [Counter; 3] {
    [
        Counter::new("recover", Some(email), address, RECOVER_PER_ACCOUNT_ADDRESS),
        Counter::new("recover-account", Some(email), None, RECOVER_PER_ACCOUNT),
        Counter::new("recover", None, address, RECOVER_PER_ADDRESS),
    ]
}

/// The counter of the syntax checks of `email`'s drafts.
pub fn code_check_counters(email: &str) -> [Counter; 1] {
    [Counter::new(
        "code-check",
        Some(email),
        None,
        CODE_CHECKS_PER_USER,
    )]
}

/// The counter of `email`'s attempts to change their own password.
pub fn own_password_counters(email: &str) -> [Counter; 1] {
    [Counter::new(
        "own-password",
        Some(email),
        None,
        OWN_PASSWORD_CHANGES_PER_USER,
    )]
}

/// The counter of the callbacks `email` resends.
pub fn callback_resend_counters(email: &str) -> [Counter; 1] {
    [Counter::new(
        "callback-resend",
        Some(email),
        None,
        CALLBACK_RESENDS_PER_USER,
    )]
}

/// The counter of registrations from `address`.
pub fn register_counters(address: Option<IpAddr>) -> [Counter; 1] {
    [Counter::new(
        "register",
        None,
        address,
        REGISTER_PER_ADDRESS,
    )]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_separate_accounts_and_addresses_without_revealing_them() {
        let home = Some(IpAddr::from([10, 0, 0, 1]));
        let other = Some(IpAddr::from([10, 0, 0, 2]));
        let [account, address] = login_counters("Mario@Example.com", home);
        assert_eq!(
            account.key,
            login_counters("mario@example.com", other)[0].key,
            "the login lock is the account's, whatever the address"
        );
        assert_ne!(
            account.key,
            login_counters("luigi@example.com", home)[0].key
        );
        assert_ne!(account.key, address.key);
        assert_eq!(
            address.key,
            login_counters("luigi@example.com", home)[1].key
        );
        assert_ne!(
            address.key,
            login_counters("mario@example.com", other)[1].key
        );
        let pair = &reset_counters("mario@example.com", home)[0];
        assert_ne!(pair.key, reset_counters("mario@example.com", other)[0].key);
        assert!(!pair.key.contains("mario") && !pair.key.contains("10.0.0.1"));
        let account = &recover_counters("mario@example.com", home)[1];
        assert_eq!(
            account.key,
            recover_counters("mario@example.com", other)[1].key,
            "the per-account counter ignores the address"
        );
    }

    #[test]
    fn the_lock_says_how_many_minutes_are_left() {
        for (seconds, wait) in [(0, "1 minuto"), (61, "2 minuti"), (900, "15 minuti")] {
            let message = RateLimitError::AccountLocked {
                retry_after: Duration::from_secs(seconds),
            }
            .to_string();
            assert!(
                message.ends_with(&format!("riprova fra {wait}")),
                "{message}"
            );
        }
    }
}
