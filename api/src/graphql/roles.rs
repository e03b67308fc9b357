//! Access control administration: roles, policies and groups. Every change goes through
//! `shared::auth::AccessAdmin`, which writes the audit log and makes every API process reload
//! the policy at once.

use std::sync::Arc;

use async_graphql::{Context, Object, SimpleObject};
use shared::auth::AccessAdmin;

use super::support::caller::{actor, claims};
use super::support::errors::{admin_error, internal};
use crate::state::AppState;

#[derive(SimpleObject)]
pub struct Role {
    pub name: String,
    pub description: String,
}

/// `subject` (a role) is allowed or denied (`action`: allow | deny) `object` within `domain`.
#[derive(SimpleObject)]
pub struct Policy {
    pub subject: String,
    pub domain: String,
    pub object: String,
    pub action: String,
}

/// The user `subject` (e-mail) has `role` within `domain`.
#[derive(SimpleObject)]
pub struct Group {
    pub subject: String,
    pub domain: String,
    pub role: String,
}

impl From<shared::db::repo::access::Policy> for Policy {
    fn from(p: shared::db::repo::access::Policy) -> Self {
        Self {
            subject: p.subject,
            domain: p.domain,
            object: p.object,
            action: p.effect,
        }
    }
}

impl From<shared::db::repo::access::Group> for Group {
    fn from(g: shared::db::repo::access::Group) -> Self {
        Self {
            subject: g.subject,
            domain: g.domain,
            role: g.role,
        }
    }
}

fn admin(state: &AppState) -> AccessAdmin<'_> {
    AccessAdmin {
        pool: &state.db,
        access: &state.access,
        redis: &state.redis,
    }
}

#[derive(Default)]
pub struct AccessQuery;

#[Object]
impl AccessQuery {
    /// Every role, by name.
    async fn roles(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<Role>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let roles = shared::db::repo::roles::list(&mut conn)
            .await
            .map_err(|e| internal(format!("{e:#}")))?;
        Ok(roles
            .into_iter()
            .map(|r| Role {
                name: r.name,
                description: r.description,
            })
            .collect())
    }

    async fn get_policies(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<Policy>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let policies = shared::db::repo::access::policies(&mut conn)
            .await
            .map_err(|e| internal(format!("{e:#}")))?;
        Ok(policies.into_iter().map(Policy::from).collect())
    }

    async fn get_groups(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<Group>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let groups = shared::db::repo::access::groups(&mut conn)
            .await
            .map_err(|e| internal(format!("{e:#}")))?;
        Ok(groups.into_iter().map(Group::from).collect())
    }
}

#[derive(Default)]
pub struct AccessMutation;

#[Object]
impl AccessMutation {
    async fn create_role(
        &self,
        ctx: &Context<'_>,
        name: String,
        description: Option<String>,
    ) -> async_graphql::Result<Role> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let role = admin(state)
            .create_role(&actor(claims), &name, description.as_deref())
            .await
            .map_err(admin_error)?;
        Ok(Role {
            name: role.name,
            description: role.description,
        })
    }

    /// Deletes a role that no policy or group uses.
    async fn delete_role(&self, ctx: &Context<'_>, name: String) -> async_graphql::Result<bool> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        admin(state)
            .delete_role(&actor(claims), &name)
            .await
            .map_err(admin_error)?;
        Ok(true)
    }

    #[graphql(name = "AddPolicy")]
    async fn add_policy(
        &self,
        ctx: &Context<'_>,
        subject: String,
        object: String,
        action: String,
        #[graphql(default_with = "Some(\"*\".to_owned())")] domain: Option<String>,
    ) -> async_graphql::Result<Policy> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let policy = admin(state)
            .add_policy(
                &actor(claims),
                &subject,
                &object,
                &action,
                domain.as_deref(),
            )
            .await
            .map_err(admin_error)?;
        Ok(policy.into())
    }

    async fn delete_policy(
        &self,
        ctx: &Context<'_>,
        subject: String,
        object: String,
        action: String,
        #[graphql(default_with = "Some(\"*\".to_owned())")] domain: Option<String>,
    ) -> async_graphql::Result<bool> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        admin(state)
            .delete_policy(
                &actor(claims),
                &subject,
                &object,
                &action,
                domain.as_deref(),
            )
            .await
            .map_err(admin_error)?;
        Ok(true)
    }

    #[graphql(name = "AddGroup")]
    async fn add_group(
        &self,
        ctx: &Context<'_>,
        subject: String,
        role: String,
        #[graphql(default_with = "Some(\"*\".to_owned())")] domain: Option<String>,
    ) -> async_graphql::Result<Group> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let group = admin(state)
            .add_group(&actor(claims), &subject, &role, domain.as_deref())
            .await
            .map_err(admin_error)?;
        Ok(group.into())
    }

    async fn delete_group(
        &self,
        ctx: &Context<'_>,
        subject: String,
        role: String,
        #[graphql(default_with = "Some(\"*\".to_owned())")] domain: Option<String>,
    ) -> async_graphql::Result<bool> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        admin(state)
            .delete_group(&actor(claims), &subject, &role, domain.as_deref())
            .await
            .map_err(admin_error)?;
        Ok(true)
    }
}
