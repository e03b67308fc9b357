//! API key administration (`/api-keys`; `apiKeys`, `createApiKey`, `rotateApiKey`,
//! `revokeApiKey`): the keys machine clients authenticate with (`auth::api_keys`); and the
//! secrets their callbacks are signed with (`callbackSecret`, `rotateCallbackSecret`:
//! `shared::webhooks`).
//!
//! Each change is one transaction with its audit-log entry, then [`AccessControl::changed`],
//! so every API process accepts a new key, or refuses a revoked one, at once. As with every
//! access-control change, nothing is changed from an impersonation session, and a key cannot
//! be given a role that allows something its creator may not do (it would be a way to raise
//! one's own permissions).

use chrono::{DateTime, Duration, Utc};
use diesel_async::AsyncConnection;
use uuid::Uuid;

use crate::accounts::FieldError;
use crate::auth::AccessControl;
use crate::auth::admin::not_impersonating;
use crate::auth::api_keys::{self, parse_source};
use crate::db::models::accounts::{ApiKey, NewApiKey};
use crate::db::repo::audit::{Actor, Entry};
use crate::db::repo::paging::PageRequest;
use crate::db::repo::webhook_secrets::ConsumerSecret;
use crate::db::{DbError, Pool, repo};
use crate::jobs::Redis;
use crate::messages;
use crate::services::users::AdminError;
use crate::webhooks::WebhookSecret;

pub use crate::db::repo::api_keys::ApiKeyOrder;

/// Longest key name.
pub const MAX_KEY_NAME: usize = 64;
/// Most roles one key has.
pub const MAX_KEY_ROLES: usize = 20;
/// Most allowed sources one key has.
pub const MAX_KEY_SOURCES: usize = 20;
/// Longest time a rotated-out secret keeps working: a week, for clients deployed slowly.
pub const MAX_ROTATION_OVERLAP_HOURS: u32 = 168;

/// A key to create.
#[derive(Debug, Clone, Default)]
pub struct NewKey {
    pub name: String,
    pub roles: Vec<String>,
    pub expires_at: Option<DateTime<Utc>>,
    /// Addresses or CIDR networks; empty: any.
    pub allowed_sources: Vec<String>,
}

/// A key with its secret: what its creator is shown once.
#[derive(Debug, Clone)]
pub struct IssuedKey {
    pub key: ApiKey,
    pub token: String,
}

/// What every change needs: the database, the policy to reload and Redis to tell the others.
pub struct ApiKeyAdmin<'a> {
    pub pool: &'a Pool,
    pub access: &'a AccessControl,
    pub redis: &'a Redis,
}

impl ApiKeyAdmin<'_> {
    /// Creates a key for the roles of `input`, valid from `input.allowed_sources` until
    /// `input.expires_at`.
    pub async fn create(&self, actor: &Actor, input: &NewKey) -> Result<IssuedKey, AdminError> {
        not_impersonating(actor)?;
        let name = valid_name(&input.name)?;
        let allowed_sources = valid_sources(&input.allowed_sources)?;
        if input.expires_at.is_some_and(|at| at <= Utc::now()) {
            return Err(FieldError::new("expiresAt", messages::api_key_expiry_past()).into());
        }
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let roles = self.valid_roles(&mut conn, actor, &input.roles).await?;
        let id = Uuid::now_v7();
        let generated = api_keys::generate(id);
        let new_key = NewApiKey {
            id,
            name,
            secret_hash: generated.secret_hash,
            roles,
            allowed_sources,
            expires_at: input.expires_at,
            created_by: actor.email.clone(),
        };
        let created = conn
            .transaction(async |conn| -> Result<ApiKey, DbError> {
                let key = repo::api_keys::insert(conn, new_key).await?;
                repo::audit::record(
                    conn,
                    Some(actor),
                    Entry {
                        action: "api_key.create",
                        target_type: "api_key",
                        target_id: &key.name,
                        details: serde_json::json!({
                            "id": key.id,
                            "roles": key.roles,
                            "allowedSources": key.allowed_sources,
                            "expiresAt": key.expires_at,
                        }),
                    },
                )
                .await?;
                Ok(key)
            })
            .await;
        let key = match created {
            Ok(key) => key,
            Err(error) if error.is_unique_violation() => {
                return Err(FieldError::new("name", messages::api_key_name_taken()).into());
            }
            Err(error) => return Err(error.into()),
        };
        self.access.changed(self.redis).await?;
        Ok(IssuedKey {
            key,
            token: generated.token,
        })
    }

    /// Gives the key `id` a new secret; the current one keeps working for `overlap_hours`
    /// (0: it stops at once), so a client can be redeployed with the new one.
    pub async fn rotate(
        &self,
        actor: &Actor,
        id: Uuid,
        overlap_hours: u32,
    ) -> Result<IssuedKey, AdminError> {
        not_impersonating(actor)?;
        let previous_valid_until = overlap_until(overlap_hours)?;
        let generated = api_keys::generate(id);
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let rotated = conn
            .transaction(async |conn| -> Result<Option<ApiKey>, DbError> {
                let Some(key) = repo::api_keys::rotate(
                    conn,
                    id,
                    generated.secret_hash.clone(),
                    previous_valid_until,
                )
                .await?
                else {
                    return Ok(None);
                };
                repo::audit::record(
                    conn,
                    Some(actor),
                    Entry {
                        action: "api_key.rotate",
                        target_type: "api_key",
                        target_id: &key.name,
                        details: serde_json::json!({
                            "id": key.id,
                            "previousValidUntil": key.previous_valid_until,
                        }),
                    },
                )
                .await?;
                Ok(Some(key))
            })
            .await?
            .ok_or_else(|| AdminError::NotFound(messages::api_key_not_found()))?;
        self.access.changed(self.redis).await?;
        Ok(IssuedKey {
            key: rotated,
            token: generated.token,
        })
    }

    /// Revokes the key `id`: every API process refuses it from now on.
    pub async fn revoke(&self, actor: &Actor, id: Uuid) -> Result<ApiKey, AdminError> {
        not_impersonating(actor)?;
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let revoked = conn
            .transaction(async |conn| -> Result<Option<ApiKey>, DbError> {
                let Some(key) = repo::api_keys::revoke(conn, id).await? else {
                    return Ok(None);
                };
                repo::audit::record(
                    conn,
                    Some(actor),
                    Entry {
                        action: "api_key.revoke",
                        target_type: "api_key",
                        target_id: &key.name,
                        details: serde_json::json!({ "id": key.id }),
                    },
                )
                .await?;
                Ok(Some(key))
            })
            .await?
            .ok_or_else(|| AdminError::NotFound(messages::api_key_not_found()))?;
        self.access.changed(self.redis).await?;
        Ok(revoked)
    }

    /// The secret that signs the callbacks of `consumer` — an API key's subject
    /// (`apikey:<name>`) or a user's e-mail —, made now if it has none yet (so that its
    /// receiver can be configured before the first callback). Audited: who saw it.
    pub async fn callback_secret(
        &self,
        actor: &Actor,
        consumer: &str,
    ) -> Result<ConsumerSecret, AdminError> {
        not_impersonating(actor)?;
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let consumer = known_consumer(&mut conn, consumer).await?;
        let revealed = conn
            .transaction(async |conn| -> Result<ConsumerSecret, DbError> {
                let secret = repo::webhook_secrets::reveal(conn, &consumer).await?;
                repo::audit::record(
                    conn,
                    Some(actor),
                    Entry {
                        action: "callback_secret.reveal",
                        target_type: "callback_secret",
                        target_id: &consumer,
                        details: serde_json::json!({}),
                    },
                )
                .await?;
                Ok(secret)
            })
            .await?;
        Ok(revealed)
    }

    /// Gives `consumer` a new callback secret; the current one keeps signing beside it for
    /// `overlap_hours` (0: it stops at once).
    pub async fn rotate_callback_secret(
        &self,
        actor: &Actor,
        consumer: &str,
        overlap_hours: u32,
    ) -> Result<ConsumerSecret, AdminError> {
        not_impersonating(actor)?;
        let until = overlap_until(overlap_hours)?;
        let mut conn = self.pool.get().await.map_err(DbError::Checkout)?;
        let consumer = known_consumer(&mut conn, consumer).await?;
        let rotated = conn
            .transaction(async |conn| -> Result<ConsumerSecret, DbError> {
                let secret = repo::webhook_secrets::rotate(
                    conn,
                    &consumer,
                    &WebhookSecret::generate(),
                    until,
                )
                .await?;
                repo::audit::record(
                    conn,
                    Some(actor),
                    Entry {
                        action: "callback_secret.rotate",
                        target_type: "callback_secret",
                        target_id: &consumer,
                        details: serde_json::json!({ "previousValidUntil": until }),
                    },
                )
                .await?;
                Ok(secret)
            })
            .await?;
        Ok(rotated)
    }

    /// The roles named in `names`, as the roles table spells them: each must exist and allow
    /// nothing `actor` may not do.
    async fn valid_roles(
        &self,
        conn: &mut diesel_async::AsyncPgConnection,
        actor: &Actor,
        names: &[String],
    ) -> Result<Vec<String>, AdminError> {
        if names.is_empty() {
            return Err(FieldError::new("roles", messages::api_key_roles_required()).into());
        }
        if names.len() > MAX_KEY_ROLES {
            return Err(
                FieldError::new("roles", messages::api_key_too_many_roles(MAX_KEY_ROLES)).into(),
            );
        }
        let mut roles = Vec::with_capacity(names.len());
        for name in names {
            let role = repo::roles::find(conn, name.trim())
                .await?
                .ok_or_else(|| FieldError::new("roles", messages::unknown_role()))?;
            if !roles.contains(&role.name) {
                roles.push(role.name);
            }
        }
        let mut wider: Vec<String> = roles
            .iter()
            .flat_map(|role| self.access.allowed_beyond(&actor.email, role))
            .collect();
        wider.sort();
        wider.dedup();
        if !wider.is_empty() {
            return Err(AdminError::Forbidden(messages::api_key_wider(
                wider.join(", "),
            )));
        }
        Ok(roles)
    }
}

/// One page of the keys, newest first or by name, those whose name contains `name`.
pub async fn page(
    pool: &Pool,
    name: Option<&str>,
    order: ApiKeyOrder,
    page: PageRequest,
) -> Result<(Vec<ApiKey>, i64), DbError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    repo::api_keys::page(&mut conn, name, order, page).await
}

/// Until when a secret replaced by a rotation keeps working: `overlap_hours` from now (none
/// for 0), at most [`MAX_ROTATION_OVERLAP_HOURS`].
fn overlap_until(overlap_hours: u32) -> Result<Option<DateTime<Utc>>, FieldError> {
    if overlap_hours > MAX_ROTATION_OVERLAP_HOURS {
        return Err(FieldError::new(
            "previousValidForHours",
            messages::api_key_overlap_too_long(MAX_ROTATION_OVERLAP_HOURS),
        ));
    }
    Ok((overlap_hours > 0).then(|| Utc::now() + Duration::hours(i64::from(overlap_hours))))
}

/// `consumer` as callbacks name it — an API key's subject (lowercased) or a user's e-mail as
/// stored (what `dossiers.imported_by` holds) — of a key or user that exists.
async fn known_consumer(
    conn: &mut diesel_async::AsyncPgConnection,
    consumer: &str,
) -> Result<String, AdminError> {
    let consumer = consumer.trim();
    let lowered = consumer.to_lowercase();
    let known = match lowered.strip_prefix(api_keys::SUBJECT_PREFIX) {
        Some(name) => repo::api_keys::exists_named(conn, name)
            .await?
            .then(|| api_keys::subject(name)),
        None => repo::users::find_user_by_email(conn, consumer)
            .await?
            .map(|user| user.email),
    };
    known.ok_or_else(|| AdminError::NotFound(messages::callback_consumer_not_found(consumer)))
}

fn valid_name(name: &str) -> Result<String, FieldError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(FieldError::new("name", messages::required()));
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_');
    if name.len() > MAX_KEY_NAME || !name.chars().all(allowed) {
        return Err(FieldError::new(
            "name",
            messages::api_key_name_invalid(MAX_KEY_NAME),
        ));
    }
    Ok(name.to_owned())
}

/// The allowed sources in their canonical form (`10.1.0.0/16`, `192.0.2.7/32`), without
/// empty entries or repeats.
fn valid_sources(sources: &[String]) -> Result<Vec<String>, FieldError> {
    let mut valid: Vec<String> = Vec::new();
    for source in sources.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        let net = parse_source(source).ok_or_else(|| {
            FieldError::new("allowedSources", messages::api_key_source_invalid(source))
        })?;
        let net = net.to_string();
        if !valid.contains(&net) {
            valid.push(net);
        }
    }
    if valid.len() > MAX_KEY_SOURCES {
        return Err(FieldError::new(
            "allowedSources",
            messages::api_key_too_many_sources(MAX_KEY_SOURCES),
        ));
    }
    Ok(valid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_letters_digits_dots_hyphens_and_underscores() {
        assert_eq!(
            valid_name(" lender.prod-1_a ").ok(),
            Some("lender.prod-1_a".into())
        );
        for bad in ["", "  ", "with space", "àccento", "a/b", &"x".repeat(65)] {
            assert!(valid_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn sources_are_canonical_and_checked() {
        let sources = |list: &[&str]| {
            valid_sources(&list.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>())
        };
        assert_eq!(
            sources(&["10.1.2.3/16", " 192.0.2.7", "", "192.0.2.7/32"]).ok(),
            Some(vec!["10.1.0.0/16".into(), "192.0.2.7/32".into()])
        );
        let error = sources(&["10.0.0.1", "localhost"]).expect_err("refused");
        assert_eq!(error.field, "allowedSources");
        let many: Vec<String> = (0..=MAX_KEY_SOURCES)
            .map(|i| format!("10.0.0.{i}"))
            .collect();
        assert!(valid_sources(&many).is_err());
    }
}
