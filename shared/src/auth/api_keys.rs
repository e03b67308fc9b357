//! API keys: how machine clients — the lender's system that imports dossiers — authenticate
//! without a user account, a password or refresh logic.
//!
//! A key reads `ik_<id>_<secret>`: the key's id (32 hex digits), then 256 random bits in
//! base64url. Only the SHA-256 of the secret is stored (the secret is random, so a slow
//! password hash would add nothing); the key is shown once, when it is created or rotated.
//! The prefix `ik_` lets secret scanners and people recognise one.
//!
//! A key acts as the subject `apikey:<name>` (no e-mail has that form): its permissions are
//! those of its roles, enforced by the same policy as users' ([`super::AccessControl`] groups
//! the subject into its roles), and its actions are audited under that name. Every API process
//! holds the keys that are not revoked in a [`KeyTable`], loaded with the access-control policy
//! and reloaded with it whenever any process changes a key — so a revocation takes effect at
//! once everywhere, and checking a key costs a hash, not a query.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use ipnet::IpNet;
use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use uuid::Uuid;

use super::tokens::{API_KEY_TYPE, AccessClaims};
use crate::db::models::accounts::ApiKey;
use crate::db::{DbError, Pool, repo};
use crate::messages::{self, Message};

/// How every key starts.
pub const TOKEN_PREFIX: &str = "ik_";
/// How the subject of a key starts, in policies, the audit log and `importedBy`.
pub const SUBJECT_PREFIX: &str = "apikey:";

/// The subject a key named `name` acts as.
pub fn subject(name: &str) -> String {
    format!("{SUBJECT_PREFIX}{}", name.to_lowercase())
}

/// Whether `subject` is an API key's.
pub fn is_key_subject(subject: &str) -> bool {
    subject.starts_with(SUBJECT_PREFIX)
}

/// Whether `token` has the form of an API key (rather than of a user's access token).
pub fn is_key(token: &str) -> bool {
    token.starts_with(TOKEN_PREFIX)
}

/// What lists show of a key: how it starts and how its id ends (the ids of keys made the same
/// day share their start), enough to tell keys apart and to match the key a client holds.
pub fn display_prefix(id: Uuid) -> String {
    let hex = id.simple().to_string();
    format!("{TOKEN_PREFIX}{}…{}", &hex[..8], &hex[28..])
}

/// A new key: what the client is given once, and what is stored.
pub struct GeneratedKey {
    pub token: String,
    pub secret_hash: Vec<u8>,
}

/// A new key for the key with `id`.
pub fn generate(id: Uuid) -> GeneratedKey {
    let mut secret = [0u8; 32];
    rand::rng().fill_bytes(&mut secret);
    let secret = URL_SAFE_NO_PAD.encode(secret);
    GeneratedKey {
        token: format!("{TOKEN_PREFIX}{}_{secret}", id.simple()),
        secret_hash: secret_hash(&secret).to_vec(),
    }
}

fn secret_hash(secret: &str) -> [u8; 32] {
    Sha256::digest(secret.as_bytes()).into()
}

/// The id and the secret of a token of the key form, or `None` when it is malformed.
fn parse(token: &str) -> Option<(Uuid, &str)> {
    let rest = token.strip_prefix(TOKEN_PREFIX)?;
    let (id, secret) = rest.split_once('_')?;
    if id.len() != 32 || secret.is_empty() {
        return None;
    }
    Some((Uuid::try_parse(id).ok()?, secret))
}

/// Why a presented key was refused. The messages say what to do without telling a stranger
/// whether a key exists: an unknown, revoked or wrong key are the same [`KeyRefusal::Invalid`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum KeyRefusal {
    #[error("{}", messages::api_key_invalid())]
    Invalid,
    #[error("{}", messages::api_key_expired())]
    Expired,
    /// The key is good but the client's address is not among its allowed sources.
    #[error("{}", messages::api_key_address())]
    Address,
}

impl KeyRefusal {
    pub fn message(self) -> Message {
        match self {
            Self::Invalid => messages::api_key_invalid(),
            Self::Expired => messages::api_key_expired(),
            Self::Address => messages::api_key_address(),
        }
    }
}

/// A key that is not revoked, as each process holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActiveKey {
    pub id: Uuid,
    pub name: String,
    pub roles: Vec<String>,
    pub expires_at: Option<DateTime<Utc>>,
    secret_hash: Vec<u8>,
    /// The secret a rotation replaced and until when it is still accepted.
    previous: Option<(Vec<u8>, DateTime<Utc>)>,
    allowed_sources: Vec<IpNet>,
}

impl ActiveKey {
    /// The subject the key acts as.
    pub fn subject(&self) -> String {
        subject(&self.name)
    }

    /// What a request made with this key acts as: the key's id as the subject id and the
    /// session, its subject in place of an e-mail, never an impersonation.
    pub fn claims(&self) -> AccessClaims {
        let now = Utc::now().timestamp();
        AccessClaims {
            sub: self.id,
            email: self.subject(),
            typ: API_KEY_TYPE.to_owned(),
            aud: String::new(),
            iss: String::new(),
            iat: now,
            nbf: now,
            exp: self.expires_at.map_or(i64::MAX, |at| at.timestamp()),
            jti: Uuid::now_v7(),
            sid: self.id,
            imp: None,
        }
    }

    fn matches(&self, secret: &str, now: DateTime<Utc>) -> bool {
        let hash = secret_hash(secret);
        let current = bool::from(hash.ct_eq(self.secret_hash.as_slice()));
        let previous = self.previous.as_ref().is_some_and(|(previous, until)| {
            now < *until && bool::from(hash.ct_eq(previous.as_slice()))
        });
        current | previous
    }

    fn allows_source(&self, client: Option<IpAddr>) -> bool {
        if self.allowed_sources.is_empty() {
            return true;
        }
        client.is_some_and(|client| {
            let client = canonical(client);
            self.allowed_sources.iter().any(|net| net.contains(&client))
        })
    }
}

impl From<&ApiKey> for ActiveKey {
    fn from(row: &ApiKey) -> Self {
        let previous = row
            .previous_secret_hash
            .clone()
            .zip(row.previous_valid_until);
        Self {
            id: row.id,
            name: row.name.clone(),
            roles: row.roles.clone(),
            expires_at: row.expires_at,
            secret_hash: row.secret_hash.clone(),
            previous,
            // Validated when the key was created: an entry that does not parse allows nothing
            // rather than everything.
            allowed_sources: row
                .allowed_sources
                .iter()
                .map(|source| parse_source(source).unwrap_or_else(nothing_network))
                .collect(),
        }
    }
}

/// A network no client is in (`::/128`, the unspecified address).
fn nothing_network() -> IpNet {
    IpNet::from(IpAddr::from(std::net::Ipv6Addr::UNSPECIFIED))
}

/// An allowed source: an address (`192.0.2.7`, `2001:db8::1`) or a network in CIDR notation
/// (`10.0.0.0/8`), with IPv4 addresses written inside IPv6 ones read as IPv4.
pub fn parse_source(text: &str) -> Option<IpNet> {
    let text = text.trim();
    let net = match text.parse::<IpNet>() {
        Ok(net) => net,
        Err(_) => IpNet::from(text.parse::<IpAddr>().ok()?),
    };
    Some(match (net, canonical(net.addr())) {
        (IpNet::V6(v6), IpAddr::V4(v4)) if v6.prefix_len() >= 96 => {
            IpNet::new(IpAddr::V4(v4), v6.prefix_len() - 96).ok()?
        }
        _ => net.trunc(),
    })
}

/// An IPv4-mapped IPv6 address (`::ffff:192.0.2.7`) as the IPv4 address it carries.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// The keys that are not revoked, by id.
#[derive(Debug, Default)]
pub struct KeyTable {
    keys: HashMap<Uuid, ActiveKey>,
}

impl KeyTable {
    pub fn new(keys: impl IntoIterator<Item = ActiveKey>) -> Self {
        Self {
            keys: keys.into_iter().map(|key| (key.id, key)).collect(),
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = &ActiveKey> {
        self.keys.values()
    }

    pub fn contains(&self, id: Uuid) -> bool {
        self.keys.contains_key(&id)
    }

    /// The key `token` is, if it is one of these, matches its secret (or its previous secret
    /// within the overlap of a rotation), has not expired and is used from an allowed address.
    pub fn verify(
        &self,
        token: &str,
        client: Option<IpAddr>,
        now: DateTime<Utc>,
    ) -> Result<&ActiveKey, KeyRefusal> {
        let (id, secret) = parse(token).ok_or(KeyRefusal::Invalid)?;
        let key = self.keys.get(&id).ok_or(KeyRefusal::Invalid)?;
        if !key.matches(secret, now) {
            return Err(KeyRefusal::Invalid);
        }
        if key.expires_at.is_some_and(|expiry| expiry <= now) {
            return Err(KeyRefusal::Expired);
        }
        if !key.allows_source(client) {
            return Err(KeyRefusal::Address);
        }
        Ok(key)
    }
}

/// How often a key's `last_used_at` is written, at most, by one process.
pub const USAGE_RESOLUTION: Duration = Duration::from_secs(60);

/// When this process last wrote each key's `last_used_at`: a key used at every request costs
/// one write a minute, not one per request.
#[derive(Debug, Default)]
pub struct KeyUsage {
    written: Mutex<HashMap<Uuid, Instant>>,
}

impl KeyUsage {
    /// Records that the key `id` is being used, in the background when a write is due.
    pub fn record(&self, pool: &Pool, id: Uuid) {
        let now = Instant::now();
        {
            let mut written = self
                .written
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if written
                .get(&id)
                .is_some_and(|at| now.duration_since(*at) < USAGE_RESOLUTION)
            {
                return;
            }
            written.insert(id, now);
        }
        let pool = pool.clone();
        tokio::spawn(async move {
            let touched = async {
                let mut conn = pool.get().await.map_err(DbError::Checkout)?;
                repo::api_keys::touch(&mut conn, &[id], Utc::now()).await
            };
            if let Err(error) = touched.await {
                tracing::warn!(%error, key = %id, "cannot record when an API key was used");
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: Uuid, secret_hash: Vec<u8>) -> ApiKey {
        ApiKey {
            id,
            name: "Lender-Prod".into(),
            secret_hash,
            previous_secret_hash: None,
            previous_valid_until: None,
            roles: vec!["importer".into()],
            allowed_sources: Vec::new(),
            expires_at: None,
            created_by: "admin@example.it".into(),
            created_at: Utc::now(),
            rotated_at: None,
            last_used_at: None,
            revoked_at: None,
        }
    }

    fn table_with(row: &ApiKey) -> KeyTable {
        KeyTable::new([ActiveKey::from(row)])
    }

    #[test]
    fn a_generated_key_verifies_and_names_its_subject() {
        let id = Uuid::now_v7();
        let key = generate(id);
        assert!(is_key(&key.token));
        assert_eq!(key.token.len(), 3 + 32 + 1 + 43);
        let table = table_with(&row(id, key.secret_hash));
        let found = table.verify(&key.token, None, Utc::now()).expect("valid");
        assert_eq!(found.subject(), "apikey:lender-prod");
        assert!(display_prefix(id).starts_with("ik_"));
    }

    #[test]
    fn wrong_unknown_and_malformed_keys_are_one_refusal() {
        let id = Uuid::now_v7();
        let key = generate(id);
        let table = table_with(&row(id, key.secret_hash));
        let other = generate(Uuid::now_v7());
        let wrong_secret = format!("{}x", &key.token[..key.token.len() - 1]);
        for token in [
            other.token.as_str(),
            wrong_secret.as_str(),
            "ik_",
            "ik_nothex_secret",
            "eyJhbGciOiJIUzI1NiJ9.e30.x",
            "",
        ] {
            assert_eq!(
                table.verify(token, None, Utc::now()).err(),
                Some(KeyRefusal::Invalid),
                "{token}"
            );
        }
    }

    #[test]
    fn an_expired_key_is_refused_as_expired() {
        let id = Uuid::now_v7();
        let key = generate(id);
        let mut expired = row(id, key.secret_hash);
        expired.expires_at = Some(Utc::now() - chrono::Duration::seconds(1));
        assert_eq!(
            table_with(&expired)
                .verify(&key.token, None, Utc::now())
                .err(),
            Some(KeyRefusal::Expired)
        );
    }

    #[test]
    fn the_previous_secret_works_only_within_the_overlap() {
        let id = Uuid::now_v7();
        let (old, new) = (generate(id), generate(id));
        let mut rotated = row(id, new.secret_hash);
        rotated.previous_secret_hash = Some(old.secret_hash);
        let until = Utc::now() + chrono::Duration::hours(1);
        rotated.previous_valid_until = Some(until);
        let table = table_with(&rotated);
        assert!(table.verify(&new.token, None, Utc::now()).is_ok());
        assert!(table.verify(&old.token, None, Utc::now()).is_ok());
        assert_eq!(
            table.verify(&old.token, None, until).err(),
            Some(KeyRefusal::Invalid)
        );
        assert!(table.verify(&new.token, None, until).is_ok());
    }

    #[test]
    fn allowed_sources_match_addresses_and_networks_in_every_form() {
        let id = Uuid::now_v7();
        let key = generate(id);
        let mut limited = row(id, key.secret_hash);
        limited.allowed_sources = vec!["10.1.0.0/16".into(), "2001:db8::1".into()];
        let table = table_with(&limited);
        let verify = |client: &str| {
            table
                .verify(&key.token, Some(client.parse().expect("ip")), Utc::now())
                .map(|_| ())
        };
        assert_eq!(verify("10.1.2.3"), Ok(()));
        assert_eq!(verify("::ffff:10.1.2.3"), Ok(()), "IPv4-mapped");
        assert_eq!(verify("2001:db8::1"), Ok(()));
        assert_eq!(verify("10.2.0.1"), Err(KeyRefusal::Address));
        assert_eq!(verify("2001:db8::2"), Err(KeyRefusal::Address));
        assert_eq!(
            table.verify(&key.token, None, Utc::now()).err(),
            Some(KeyRefusal::Address),
            "an unknown address is not allowed"
        );
    }

    #[test]
    fn sources_parse_as_addresses_or_networks() {
        assert_eq!(
            parse_source(" 192.0.2.7 ").map(|n| n.to_string()),
            Some("192.0.2.7/32".into())
        );
        assert_eq!(
            parse_source("10.1.2.3/16").map(|n| n.to_string()),
            Some("10.1.0.0/16".into())
        );
        assert_eq!(
            parse_source("::ffff:10.0.0.0/104").map(|n| n.to_string()),
            Some("10.0.0.0/8".into())
        );
        assert_eq!(parse_source("example.com"), None);
        assert_eq!(parse_source("10.0.0.0/33"), None);
    }
}
