//! Access control: casbin RBAC with domains and deny-override, over the policies and groups
//! stored in `casbin_rule`.
//!
//! - policy `p`: (role, domain, resource, action, effect) — effect `allow` or `deny`; a
//!   matching `deny` wins over any `allow`. `*` matches every domain, resource or action.
//! - group `g`: (user e-mail, role, domain).
//!
//! Every API operation names the resource it needs (see `api::graphql::access`) and asks
//! [`AccessControl::allows`]. Names compare case-insensitively (the web app receives them
//! lowercased). The table is small, so each process keeps the whole policy in memory and
//! reloads it when any process changes it: [`AccessControl::changed`] publishes on a Redis
//! channel that [`AccessControl::listen`] follows, with a periodic reload as a safety net for
//! messages missed while Redis was unreachable. Each reload is announced inside the process
//! ([`AccessControl::follow_permissions`]), so open sessions learn their new permissions.
//!
//! The API keys that are not revoked are part of the policy: each is grouped into its roles
//! under its subject (`apikey:<name>`), and [`AccessControl::verify_key`] checks a presented
//! key against the table loaded with the policy — so a key's creation, rotation or revocation
//! reaches every process by the same notice as any other access-control change.

use std::sync::{Arc, RwLock};
use std::time::Duration;

use casbin::{CoreApi, DefaultModel, Enforcer, MemoryAdapter, MgmtApi};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use futures::{Stream, StreamExt};
use tokio::sync::watch;

use super::api_keys::{ActiveKey, KeyRefusal, KeyTable};
use super::permissions::Permission;
use crate::db::schema::casbin_rule;
use crate::db::{DbError, Pool, QueryContext};
use crate::jobs::Redis;

/// The only domain requests are made in; policies and groups default to it.
pub const ANY_DOMAIN: &str = "*";

const MODEL: &str = r#"
[request_definition]
r = sub, dom, obj, act

[policy_definition]
p = sub, dom, obj, act, eft

[role_definition]
g = _, _, _

[policy_effect]
e = some(where (p.eft == allow)) && !some(where (p.eft == deny))

[matchers]
m = (g(r.sub, p.sub, r.dom) || g(r.sub, p.sub, "*")) && (p.dom == "*" || p.dom == r.dom) && (p.obj == "*" || p.obj == r.obj) && (p.act == "*" || p.act == r.act)
"#;

/// Where a policy names its resource and its effect: `p = sub, dom, obj, act, eft`.
const POLICY_RESOURCE: usize = 2;
const POLICY_EFFECT: usize = 4;

/// The resource that stands for every resource no policy names (see
/// [`AccessControl::allowed_beyond`]).
const OTHER_RESOURCES: &str = "*";

/// The action every operation check asks for; policies grant `*` (the original system's
/// policies have no action besides their effect: docs/domain.md#roles-policies-and-groups).
const ACCESS_ACTION: &str = "access";

/// How often the policy is reloaded even without a change notice.
const RELOAD_EVERY: Duration = Duration::from_secs(60);

#[derive(Debug, thiserror::Error)]
pub enum AccessError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("the access-control model or policy is invalid: {0}")]
    Casbin(#[from] casbin::Error),
    #[error("cannot publish the access-control change: {0}")]
    Publish(#[source] redis::RedisError),
}

/// The policy of this process, shared by every request.
pub struct AccessControl {
    pool: Pool,
    enforcer: RwLock<Arc<Enforcer>>,
    /// The API keys that are not revoked, loaded with the policy.
    keys: RwLock<Arc<KeyTable>>,
    /// Counts the reloads, for [`AccessControl::follow_permissions`].
    reloads: watch::Sender<u64>,
}

impl AccessControl {
    /// Reads the policy from PostgreSQL.
    pub async fn load(pool: Pool) -> Result<Self, AccessError> {
        let (enforcer, keys) = build(&pool).await?;
        Ok(Self {
            pool,
            enforcer: RwLock::new(Arc::new(enforcer)),
            keys: RwLock::new(Arc::new(keys)),
            reloads: watch::Sender::new(0),
        })
    }

    /// The permissions of the user with e-mail `subject` in this process's policy: for every
    /// policy of every role the user is grouped into, its resource and effect — what
    /// [`super::permissions::for_user`] reads from the database at login, sorted and deduped.
    pub fn permissions_of(&self, subject: &str) -> Vec<Permission> {
        let enforcer = self.current();
        let subject = subject.to_lowercase();
        let roles: Vec<String> = enforcer
            .get_grouping_policy()
            .into_iter()
            .filter_map(|group| match group.as_slice() {
                [user, role, ..] if *user == subject => Some(role.clone()),
                _ => None,
            })
            .collect();
        let mut permissions: Vec<Permission> = enforcer
            .get_policy()
            .into_iter()
            .filter(|policy| matches!(policy.as_slice(), [role, ..] if roles.contains(role)))
            .filter_map(|policy| {
                let resource = policy.get(POLICY_RESOURCE)?.clone();
                let action = policy.get(POLICY_EFFECT)?.clone();
                Some(Permission { resource, action })
            })
            .collect();
        permissions.sort();
        permissions.dedup();
        permissions
    }

    /// The permissions of `subject` now, then again each time a change of policies or groups
    /// (in any process) changes them — for an open session, whose screens offer only what it
    /// may do. Ends when the process's policy is dropped.
    pub fn follow_permissions(
        self: &Arc<Self>,
        subject: String,
    ) -> impl Stream<Item = Vec<Permission>> + Send + 'static {
        let this = Arc::clone(self);
        let mut reloads = self.reloads.subscribe();
        reloads.mark_unchanged();
        futures::stream::unfold(
            (this, reloads, None::<Vec<Permission>>),
            move |(this, mut reloads, last)| {
                let subject = subject.clone();
                async move {
                    loop {
                        if last.is_some() && reloads.changed().await.is_err() {
                            return None;
                        }
                        let now = this.permissions_of(&subject);
                        if last.as_ref() != Some(&now) {
                            return Some((now.clone(), (this, reloads, Some(now))));
                        }
                    }
                }
            },
        )
    }

    /// Whether the user with e-mail `subject` may use `resource`.
    pub fn allows(&self, subject: &str, resource: &str) -> bool {
        decide(&self.current(), subject, resource).unwrap_or_else(|error| {
            tracing::error!(%error, subject, resource, "access check failed; refusing");
            false
        })
    }

    /// The resources the user with e-mail `other` may use and `subject` may not, sorted;
    /// empty when `subject`'s permissions include all of `other`'s.
    ///
    /// A request's answer depends only on which policies name its resource or `*`, so the
    /// resources fall into classes: each resource some policy names, and every other one,
    /// decided by the `*` policies alone — asking for `*` itself is asking for that class
    /// (it is named `*` in the answer). Comparing the two users on one representative of each
    /// class compares them on every resource, deny policies included.
    pub fn allowed_beyond(&self, subject: &str, other: &str) -> Vec<String> {
        let enforcer = self.current();
        // casbin's `get_all_objects` reads the second field, the domain in this model.
        let mut resources: Vec<String> = enforcer
            .get_policy()
            .into_iter()
            .filter_map(|policy| policy.into_iter().nth(POLICY_RESOURCE))
            .collect();
        resources.push(OTHER_RESOURCES.to_owned());
        resources.sort();
        resources.dedup();
        resources.retain(|resource| {
            let beyond = || -> Result<bool, casbin::Error> {
                Ok(decide(&enforcer, other, resource)? && !decide(&enforcer, subject, resource)?)
            };
            // A check that cannot be made counts as a permission `subject` lacks.
            beyond().unwrap_or_else(|error| {
                tracing::error!(%error, subject, other, resource, "access comparison failed");
                true
            })
        });
        resources
    }

    /// The API key `token` is (see [`KeyTable::verify`]), used from `client`.
    pub fn verify_key(
        &self,
        token: &str,
        client: Option<std::net::IpAddr>,
    ) -> Result<ActiveKey, KeyRefusal> {
        let keys = Arc::clone(
            &self
                .keys
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        keys.verify(token, client, chrono::Utc::now()).cloned()
    }

    /// Whether the API key `id` is known and not revoked.
    pub fn has_key(&self, id: uuid::Uuid) -> bool {
        self.keys
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .contains(id)
    }

    /// Reads the policy and the API keys again from PostgreSQL.
    pub async fn reload(&self) -> Result<(), AccessError> {
        let (enforcer, keys) = build(&self.pool).await?;
        *self
            .enforcer
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(enforcer);
        *self
            .keys
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(keys);
        self.reloads.send_modify(|count| *count += 1);
        Ok(())
    }

    /// After a change of policies, groups or API keys: reloads here and tells every other
    /// process.
    pub async fn changed(&self, redis: &Redis) -> Result<(), AccessError> {
        self.reload().await?;
        redis::cmd("PUBLISH")
            .arg(channel(redis))
            .arg("changed")
            .query_async::<i64>(&mut redis.connection.clone())
            .await
            .map_err(AccessError::Publish)?;
        Ok(())
    }

    /// Follows the change notices of other processes (and reloads periodically) until the
    /// returned task is aborted.
    pub fn listen(self: &Arc<Self>, redis: Redis) -> tokio::task::JoinHandle<()> {
        let this = Arc::clone(self);
        tokio::spawn(async move {
            loop {
                if let Err(error) = this.follow(&redis).await {
                    tracing::warn!(error = %error, "access-control change notices interrupted; retrying");
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        })
    }

    async fn follow(&self, redis: &Redis) -> Result<(), AccessError> {
        let mut pubsub = redis
            .client
            .get_async_pubsub()
            .await
            .map_err(AccessError::Publish)?;
        pubsub
            .subscribe(channel(redis))
            .await
            .map_err(AccessError::Publish)?;
        // Whatever changed while we were not subscribed.
        self.reload().await?;
        let mut messages = pubsub.on_message();
        loop {
            match tokio::time::timeout(RELOAD_EVERY, messages.next()).await {
                Ok(Some(_)) | Err(_) => {
                    if let Err(error) = self.reload().await {
                        tracing::error!(error = %error, "cannot reload the access-control policy");
                    }
                }
                Ok(None) => return Ok(()),
            }
        }
    }

    fn current(&self) -> Arc<Enforcer> {
        Arc::clone(
            &self
                .enforcer
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }
}

/// Whether `enforcer` lets the user with e-mail `subject` use `resource`.
fn decide(enforcer: &Enforcer, subject: &str, resource: &str) -> Result<bool, casbin::Error> {
    enforcer.enforce((
        subject.to_lowercase(),
        ANY_DOMAIN.to_owned(),
        resource.to_lowercase(),
        ACCESS_ACTION.to_owned(),
    ))
}

fn channel(redis: &Redis) -> String {
    format!("{}:access-changed", redis.namespace)
}

/// The enforcer of the stored policies and groups, the API keys grouped into their roles, and
/// the table of those keys.
async fn build(pool: &Pool) -> Result<(Enforcer, KeyTable), AccessError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let keys = KeyTable::new(
        crate::db::repo::api_keys::not_revoked(&mut conn)
            .await?
            .iter()
            .map(ActiveKey::from),
    );
    let rows: Vec<(String, String, String, String, String, String)> = casbin_rule::table
        .filter(casbin_rule::ptype.eq_any(["p", "g"]))
        .select((
            casbin_rule::ptype,
            casbin_rule::v0,
            casbin_rule::v1,
            casbin_rule::v2,
            casbin_rule::v3,
            casbin_rule::v4,
        ))
        .load(&mut conn)
        .await
        .context("reading the access-control policy")?;
    drop(conn);
    let mut policies = Vec::new();
    let mut groups = Vec::new();
    for (ptype, v0, v1, v2, v3, v4) in rows {
        if ptype == "p" {
            policies.push(vec![
                v0.to_lowercase(),
                or_any(v1),
                or_any(v2).to_lowercase(),
                or_any(v3).to_lowercase(),
                v4.to_lowercase(),
            ]);
        } else {
            groups.push(vec![v0.to_lowercase(), v1.to_lowercase(), or_any(v2)]);
        }
    }
    for key in keys.iter() {
        for role in &key.roles {
            groups.push(vec![
                key.subject(),
                role.to_lowercase(),
                ANY_DOMAIN.to_owned(),
            ]);
        }
    }
    let model = DefaultModel::from_str(MODEL).await?;
    let mut enforcer = Enforcer::new(model, MemoryAdapter::default()).await?;
    if !policies.is_empty() {
        enforcer.add_policies(policies).await?;
    }
    if !groups.is_empty() {
        enforcer.add_grouping_policies(groups).await?;
    }
    Ok((enforcer, keys))
}

fn or_any(value: String) -> String {
    if value.is_empty() {
        ANY_DOMAIN.to_owned()
    } else {
        value
    }
}
