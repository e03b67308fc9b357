//! Administration of access control: roles, policies and groups, with the limits of
//! docs/domain.md#input-rules-and-limits (role name ≤ 20, description ≤ 40; policy subject and
//! resource ≤ 60; group subject ≤ 60, role ≤ 40). Every change is one transaction with its
//! audit-log entry, then [`AccessControl::changed`] so every API process enforces it at once.
//! No change is made from an impersonation session ([`messages::not_while_impersonating`]).

use diesel_async::{AsyncConnection, AsyncPgConnection};

use super::access::{ANY_DOMAIN, AccessControl};
use crate::accounts::{FieldError, required_text};
use crate::db::models::accounts::{NewRole, Role};
use crate::db::repo::access::{Group, Policy};
use crate::db::repo::audit::{Actor, Entry};
use crate::db::{DbError, Pool, repo};
use crate::jobs::Redis;
use crate::messages;
use crate::services::users::AdminError;

pub const MAX_ROLE_NAME: usize = 20;
pub const MAX_ROLE_DESCRIPTION: usize = 40;
pub const MAX_POLICY_SUBJECT: usize = 60;
pub const MAX_POLICY_OBJECT: usize = 60;
pub const MAX_GROUP_SUBJECT: usize = 60;
pub const MAX_GROUP_ROLE: usize = 40;
pub const MAX_DOMAIN: usize = 40;

/// Refuses an access-control change from an impersonation session: whoever impersonates
/// would use the impersonated user's permissions to change roles — their own included — and
/// keep the result after the impersonation ends.
pub(crate) fn not_impersonating(actor: &Actor) -> Result<(), AdminError> {
    match actor.impersonator {
        Some(_) => Err(AdminError::Forbidden(messages::not_while_impersonating())),
        None => Ok(()),
    }
}

/// What every change needs: the database, the enforcer to reload and Redis to tell the others.
pub struct AccessAdmin<'a> {
    pub pool: &'a Pool,
    pub access: &'a AccessControl,
    pub redis: &'a Redis,
}

fn domain(value: Option<&str>) -> Result<String, FieldError> {
    match value.map(str::trim).filter(|d| !d.is_empty()) {
        None => Ok(ANY_DOMAIN.to_owned()),
        Some(d) if d.chars().count() > MAX_DOMAIN => {
            Err(FieldError::new("domain", messages::too_long(MAX_DOMAIN)))
        }
        Some(d) => Ok(d.to_owned()),
    }
}

/// `allow` or `deny`, any case, stored lowercase.
fn effect(value: &str) -> Result<String, FieldError> {
    let value = required_text("action", value, 10)
        .map_err(|_| FieldError::new("action", messages::invalid_action()))?
        .to_lowercase();
    match value.as_str() {
        "allow" | "deny" => Ok(value),
        _ => Err(FieldError::new("action", messages::invalid_action())),
    }
}

impl AccessAdmin<'_> {
    async fn conn(
        &self,
    ) -> Result<
        diesel_async::pooled_connection::deadpool::Object<diesel_async::AsyncPgConnection>,
        AdminError,
    > {
        Ok(self.pool.get().await.map_err(DbError::Checkout)?)
    }

    async fn changed(&self) -> Result<(), AdminError> {
        Ok(self.access.changed(self.redis).await?)
    }

    async fn existing_role(
        conn: &mut diesel_async::AsyncPgConnection,
        field: &'static str,
        name: &str,
    ) -> Result<Role, AdminError> {
        repo::roles::find(conn, name)
            .await?
            .ok_or_else(|| FieldError::new(field, messages::unknown_role()).into())
    }

    pub async fn create_role(
        &self,
        actor: &Actor,
        name: &str,
        description: Option<&str>,
    ) -> Result<Role, AdminError> {
        not_impersonating(actor)?;
        let name = required_text("name", name, MAX_ROLE_NAME)?.to_owned();
        let description = description.unwrap_or("").trim().to_owned();
        if description.chars().count() > MAX_ROLE_DESCRIPTION {
            return Err(
                FieldError::new("description", messages::too_long(MAX_ROLE_DESCRIPTION)).into(),
            );
        }
        let mut conn = self.conn().await?;
        if repo::roles::find(&mut conn, &name).await?.is_some() {
            return Err(FieldError::new("name", messages::role_exists()).into());
        }
        let created = conn
            .transaction(async |conn| -> Result<Role, DbError> {
                let role = repo::roles::create(conn, NewRole { name, description }).await?;
                repo::audit::record(
                    conn,
                    Some(actor),
                    Entry {
                        action: "role.create",
                        target_type: "role",
                        target_id: &role.name,
                        details: serde_json::json!({ "description": role.description }),
                    },
                )
                .await?;
                Ok(role)
            })
            .await;
        match created {
            Ok(role) => Ok(role),
            Err(error) if error.is_unique_violation() => {
                Err(FieldError::new("name", messages::role_exists()).into())
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Deletes a role no policy or group uses.
    pub async fn delete_role(&self, actor: &Actor, name: &str) -> Result<(), AdminError> {
        not_impersonating(actor)?;
        let mut conn = self.conn().await?;
        let role = repo::roles::find(&mut conn, name.trim())
            .await?
            .ok_or_else(|| AdminError::NotFound(messages::role_not_found()))?;
        conn.transaction(async |conn| -> Result<Result<(), AdminError>, DbError> {
            let usage = repo::roles::usage(conn, &role.name).await?;
            if usage > 0 {
                return Ok(Err(AdminError::Conflict(messages::role_in_use())));
            }
            repo::roles::delete(conn, &role.name).await?;
            repo::audit::record(
                conn,
                Some(actor),
                Entry {
                    action: "role.delete",
                    target_type: "role",
                    target_id: &role.name,
                    details: serde_json::json!({}),
                },
            )
            .await?;
            Ok(Ok(()))
        })
        .await?
    }

    /// Adds the policy `subject` (a role) `action` (allow/deny) `object` within `domain`.
    pub async fn add_policy(
        &self,
        actor: &Actor,
        subject: &str,
        object: &str,
        action: &str,
        domain_: Option<&str>,
    ) -> Result<Policy, AdminError> {
        not_impersonating(actor)?;
        let subject = required_text("subject", subject, MAX_POLICY_SUBJECT)?;
        let object = required_text("object", object, MAX_POLICY_OBJECT)?.to_owned();
        let effect = effect(action)?;
        let domain = domain(domain_)?;
        let mut conn = self.conn().await?;
        let role = Self::existing_role(&mut conn, "subject", subject).await?;
        let policy = Policy {
            subject: role.name,
            domain,
            object,
            effect,
        };
        drop(conn);
        self.apply(actor, AccessChange::AddPolicy(&policy)).await?;
        Ok(policy)
    }

    pub async fn delete_policy(
        &self,
        actor: &Actor,
        subject: &str,
        object: &str,
        action: &str,
        domain_: Option<&str>,
    ) -> Result<(), AdminError> {
        not_impersonating(actor)?;
        let policy = Policy {
            subject: required_text("subject", subject, MAX_POLICY_SUBJECT)?.to_owned(),
            object: required_text("object", object, MAX_POLICY_OBJECT)?.to_owned(),
            effect: effect(action)?,
            domain: domain(domain_)?,
        };
        self.apply(actor, AccessChange::DeletePolicy(&policy)).await
    }

    /// Gives the user with e-mail `subject` the role `role` within `domain`.
    pub async fn add_group(
        &self,
        actor: &Actor,
        subject: &str,
        role: &str,
        domain_: Option<&str>,
    ) -> Result<Group, AdminError> {
        not_impersonating(actor)?;
        let subject = required_text("subject", subject, MAX_GROUP_SUBJECT)?;
        let role = required_text("role", role, MAX_GROUP_ROLE)?;
        let domain = domain(domain_)?;
        let mut conn = self.conn().await?;
        let user = repo::users::find_user_by_email(&mut conn, subject)
            .await?
            .ok_or_else(|| FieldError::new("subject", messages::user_not_found()))?;
        let role = Self::existing_role(&mut conn, "role", role).await?;
        let group = Group {
            subject: user.email,
            role: role.name,
            domain,
        };
        drop(conn);
        self.apply(actor, AccessChange::AddGroup(&group)).await?;
        Ok(group)
    }

    pub async fn delete_group(
        &self,
        actor: &Actor,
        subject: &str,
        role: &str,
        domain_: Option<&str>,
    ) -> Result<(), AdminError> {
        not_impersonating(actor)?;
        let group = Group {
            subject: required_text("subject", subject, MAX_GROUP_SUBJECT)?.to_owned(),
            role: required_text("role", role, MAX_GROUP_ROLE)?.to_owned(),
            domain: domain(domain_)?,
        };
        self.apply(actor, AccessChange::DeleteGroup(&group)).await
    }

    /// Makes `change` in one transaction with its audit entry — only when it changes something
    /// (else its refusal) — then has every API process enforce it.
    async fn apply(&self, actor: &Actor, change: AccessChange<'_>) -> Result<(), AdminError> {
        let mut conn = self.conn().await?;
        let changed = conn
            .transaction(async |conn| -> Result<bool, DbError> {
                let changed = change.write(conn).await?;
                if changed {
                    repo::audit::record(conn, Some(actor), change.entry()).await?;
                }
                Ok(changed)
            })
            .await?;
        if !changed {
            return Err(change.unchanged());
        }
        self.changed().await
    }
}

/// A change of the policies or groups.
#[derive(Clone, Copy)]
enum AccessChange<'a> {
    AddPolicy(&'a Policy),
    DeletePolicy(&'a Policy),
    AddGroup(&'a Group),
    DeleteGroup(&'a Group),
}

impl AccessChange<'_> {
    /// Writes the change; whether it changed anything.
    async fn write(self, conn: &mut AsyncPgConnection) -> Result<bool, DbError> {
        Ok(match self {
            Self::AddPolicy(policy) => repo::access::add_policy(conn, policy).await?,
            Self::DeletePolicy(policy) => repo::access::delete_policy(conn, policy).await? > 0,
            Self::AddGroup(group) => repo::access::add_group(conn, group).await?,
            Self::DeleteGroup(group) => repo::access::delete_group(conn, group).await? > 0,
        })
    }

    fn entry(&self) -> Entry<'_> {
        match *self {
            Self::AddPolicy(policy) => policy_entry("policy.add", policy),
            Self::DeletePolicy(policy) => policy_entry("policy.delete", policy),
            Self::AddGroup(group) => group_entry("group.add", group),
            Self::DeleteGroup(group) => group_entry("group.delete", group),
        }
    }

    /// The refusal when the change changed nothing: it was already made, or there was nothing
    /// to remove.
    fn unchanged(&self) -> AdminError {
        match self {
            Self::AddPolicy(_) => AdminError::Conflict(messages::policy_exists()),
            Self::DeletePolicy(_) => AdminError::NotFound(messages::policy_not_found()),
            Self::AddGroup(_) => AdminError::Conflict(messages::group_exists()),
            Self::DeleteGroup(_) => AdminError::NotFound(messages::group_not_found()),
        }
    }
}

fn policy_entry<'a>(action: &'a str, policy: &'a Policy) -> Entry<'a> {
    Entry {
        action,
        target_type: "policy",
        target_id: &policy.subject,
        details: serde_json::json!({
            "subject": policy.subject,
            "domain": policy.domain,
            "object": policy.object,
            "action": policy.effect,
        }),
    }
}

fn group_entry<'a>(action: &'a str, group: &'a Group) -> Entry<'a> {
    Entry {
        action,
        target_type: "group",
        target_id: &group.subject,
        details: serde_json::json!({
            "subject": group.subject,
            "role": group.role,
            "domain": group.domain,
        }),
    }
}
