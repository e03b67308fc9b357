//! Accounts and access: users, API keys, refresh tokens, password reset codes, roles, casbin
//! rules, notification receivers, the audit log.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use serde::Serialize;
use uuid::Uuid;

use crate::db::schema::{
    api_keys, audit_log, casbin_rule, notification_receivers, password_reset_codes,
    pending_registrations, refresh_tokens, roles, users,
};

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = users, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub avatar: Option<String>,
    #[serde(skip_serializing)]
    pub password_hash: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = users, check_for_backend(diesel::pg::Pg))]
pub struct NewUser {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub avatar: Option<String>,
    pub password_hash: String,
}

#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = users, check_for_backend(diesel::pg::Pg))]
pub struct UserChanges {
    pub email: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub avatar: Option<Option<String>>,
    pub password_hash: Option<String>,
}

/// One issued refresh token; a login's tokens share a `family_id` (see the migration).
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = refresh_tokens, check_for_backend(diesel::pg::Pg))]
pub struct RefreshToken {
    pub id: Uuid,
    pub user_id: Uuid,
    pub family_id: Uuid,
    pub token_hash: Vec<u8>,
    pub impersonator_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub rotated_at: Option<DateTime<Utc>>,
    pub replaced_by_id: Option<Uuid>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub revoked_reason: Option<String>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = refresh_tokens, check_for_backend(diesel::pg::Pg))]
pub struct NewRefreshToken {
    pub id: Uuid,
    pub user_id: Uuid,
    pub family_id: Uuid,
    /// SHA-256 of the token handed to the client.
    pub token_hash: Vec<u8>,
    pub impersonator_id: Option<Uuid>,
    pub expires_at: DateTime<Utc>,
}

/// Rotation (`rotated_at`, `replaced_by_id`) and revocation (`revoked_at` with its reason).
#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = refresh_tokens, check_for_backend(diesel::pg::Pg))]
pub struct RefreshTokenChanges {
    pub rotated_at: Option<DateTime<Utc>>,
    pub replaced_by_id: Option<Uuid>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub revoked_reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = password_reset_codes, check_for_backend(diesel::pg::Pg))]
pub struct PasswordResetCode {
    pub id: Uuid,
    pub user_id: Uuid,
    pub code_hash: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub attempts: i32,
    pub used_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = password_reset_codes, check_for_backend(diesel::pg::Pg))]
pub struct NewPasswordResetCode {
    pub id: Uuid,
    pub user_id: Uuid,
    /// Keyed or slow hash of the 6-digit code (see the migration).
    pub code_hash: String,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = password_reset_codes, check_for_backend(diesel::pg::Pg))]
pub struct PasswordResetCodeChanges {
    pub attempts: Option<i32>,
    pub used_at: Option<DateTime<Utc>>,
}

/// A registration waiting for its e-mail to be confirmed.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Insertable)]
#[diesel(table_name = pending_registrations, check_for_backend(diesel::pg::Pg))]
pub struct PendingRegistration {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub password_hash: String,
    /// Keyed MAC of the 6-digit code (`auth::codes`).
    pub code_hash: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub attempts: i32,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = roles, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct Role {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = roles, check_for_backend(diesel::pg::Pg))]
pub struct NewRole {
    pub name: String,
    pub description: String,
}

#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = roles, check_for_backend(diesel::pg::Pg))]
pub struct RoleChanges {
    pub name: Option<String>,
    pub description: Option<String>,
}

/// A casbin policy (`ptype` "p": role, domain, resource, action, effect) or group (`ptype`
/// "g": user e-mail, role, domain), in the adapters' layout; unused fields are "".
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = casbin_rule, check_for_backend(diesel::pg::Pg))]
pub struct CasbinRule {
    pub id: i32,
    pub ptype: String,
    pub v0: String,
    pub v1: String,
    pub v2: String,
    pub v3: String,
    pub v4: String,
    pub v5: String,
}

/// Also the changes of a casbin row: a rule is always rewritten whole.
#[derive(Debug, Clone, Default, PartialEq, Eq, Insertable, AsChangeset)]
#[diesel(table_name = casbin_rule, check_for_backend(diesel::pg::Pg))]
pub struct NewCasbinRule {
    pub ptype: String,
    pub v0: String,
    pub v1: String,
    pub v2: String,
    pub v3: String,
    pub v4: String,
    pub v5: String,
}

impl NewCasbinRule {
    /// A policy: `role` may (`effect` "allow") or may not ("deny") do `action` on `resource`
    /// within `domain`.
    pub fn policy(role: &str, domain: &str, resource: &str, action: &str, effect: &str) -> Self {
        Self {
            ptype: "p".to_owned(),
            v0: role.to_owned(),
            v1: domain.to_owned(),
            v2: resource.to_owned(),
            v3: action.to_owned(),
            v4: effect.to_owned(),
            ..Self::default()
        }
    }

    /// A group: the user with `user_email` has `role` within `domain`.
    pub fn group(user_email: &str, role: &str, domain: &str) -> Self {
        Self {
            ptype: "g".to_owned(),
            v0: user_email.to_owned(),
            v1: role.to_owned(),
            v2: domain.to_owned(),
            ..Self::default()
        }
    }
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = notification_receivers, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct NotificationReceiver {
    pub id: i64,
    pub email: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Insertable, AsChangeset)]
#[diesel(table_name = notification_receivers, check_for_backend(diesel::pg::Pg))]
pub struct NewNotificationReceiver {
    pub email: String,
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Serialize)]
#[diesel(table_name = audit_log, check_for_backend(diesel::pg::Pg))]
#[serde(rename_all = "camelCase")]
pub struct AuditLogEntry {
    pub id: Uuid,
    pub actor_id: Option<Uuid>,
    pub actor_email: Option<String>,
    pub impersonator_id: Option<Uuid>,
    pub action: String,
    pub target_type: Option<String>,
    pub target_id: Option<String>,
    pub details: serde_json::Value,
    pub created_at: DateTime<Utc>,
    /// Who impersonated the actor, as their e-mail was then (kept after they are deleted).
    pub impersonator_email: Option<String>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = audit_log, check_for_backend(diesel::pg::Pg))]
pub struct NewAuditLogEntry {
    pub id: Uuid,
    pub actor_id: Option<Uuid>,
    pub actor_email: Option<String>,
    pub impersonator_id: Option<Uuid>,
    pub impersonator_email: Option<String>,
    pub action: String,
    pub target_type: Option<String>,
    pub target_id: Option<String>,
    pub details: serde_json::Value,
}

/// An API key of a machine client (`shared::auth::api_keys`); its secret is only a hash here.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = api_keys, check_for_backend(diesel::pg::Pg))]
pub struct ApiKey {
    pub id: Uuid,
    pub name: String,
    pub secret_hash: Vec<u8>,
    /// The secret a rotation replaced, accepted until `previous_valid_until`.
    pub previous_secret_hash: Option<Vec<u8>>,
    pub previous_valid_until: Option<DateTime<Utc>>,
    pub roles: Vec<String>,
    /// Addresses or CIDR networks the key may be used from; empty: any.
    pub allowed_sources: Vec<String>,
    pub expires_at: Option<DateTime<Utc>>,
    /// Who created it, by e-mail.
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub rotated_at: Option<DateTime<Utc>>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = api_keys, check_for_backend(diesel::pg::Pg))]
pub struct NewApiKey {
    pub id: Uuid,
    pub name: String,
    pub secret_hash: Vec<u8>,
    pub roles: Vec<String>,
    pub allowed_sources: Vec<String>,
    pub expires_at: Option<DateTime<Utc>>,
    pub created_by: String,
}
