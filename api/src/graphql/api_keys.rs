//! API keys (/api-keys): the keys machine clients authenticate with — the list, creation,
//! rotation and revocation. The rules and the writes (with their audit-log entries) are in
//! `shared::services::api_keys`; every operation needs the `apiKeys` resource (`access.rs`).

use std::sync::Arc;

use async_graphql::{Context, Enum, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use shared::auth::api_keys::display_prefix;
use shared::db::models::accounts::ApiKey as ApiKeyRow;
use shared::db::repo::webhook_secrets::ConsumerSecret;
use shared::services::api_keys::{self as service, ApiKeyAdmin, ApiKeyOrder, IssuedKey, NewKey};

use super::support::caller::{actor, claims};
use super::support::errors::{admin_error, db_error};
use super::support::ids;
use super::support::table::{Column, FilterKind, FilterValue, Page, TableInput, TableSpec};
use crate::state::AppState;

/// The list's columns (`apiKeys`): newest first by default, or by name; the name filtered by
/// its text (indexes of migration `…000025_api_keys`).
const API_KEYS_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("createdAt").aliases(&["created_at"]).sortable(),
        Column::new("name").sortable().filter(FilterKind::Text),
    ],
    default_sort: "createdAt",
    default_descending: true,
};

/// Whether a key can be used.
#[derive(Enum, Clone, Copy, PartialEq, Eq)]
pub enum ApiKeyState {
    Active,
    /// Past its expiry.
    Expired,
    Revoked,
}

/// The key of a machine client; its secret is never shown again after creation or rotation.
#[derive(SimpleObject)]
pub struct ApiKey {
    pub id: ID,
    pub name: String,
    /// How the key starts (`ik_` and the start of its id), to tell which key a client holds.
    pub prefix: String,
    /// The subject the key acts as in the audit log and as a dossier's importer
    /// (`apikey:<name>`, lowercased).
    pub subject: String,
    /// Its permissions are those of these roles.
    pub roles: Vec<String>,
    /// Addresses or CIDR networks it may be used from; empty: any.
    pub allowed_sources: Vec<String>,
    pub expires_at: Option<DateTime<Utc>>,
    /// Who created it, by e-mail (or key subject).
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub rotated_at: Option<DateTime<Utc>>,
    /// Until when the secret replaced by the last rotation still works.
    pub previous_valid_until: Option<DateTime<Utc>>,
    /// When it was last used (to the minute).
    pub last_used_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub state: ApiKeyState,
}

impl From<ApiKeyRow> for ApiKey {
    fn from(row: ApiKeyRow) -> Self {
        let now = Utc::now();
        let state = if row.revoked_at.is_some() {
            ApiKeyState::Revoked
        } else if row.expires_at.is_some_and(|at| at <= now) {
            ApiKeyState::Expired
        } else {
            ApiKeyState::Active
        };
        Self {
            id: ID(row.id.to_string()),
            prefix: display_prefix(row.id),
            subject: shared::auth::api_keys::subject(&row.name),
            name: row.name,
            roles: row.roles,
            allowed_sources: row.allowed_sources,
            expires_at: row.expires_at,
            created_by: row.created_by,
            created_at: row.created_at,
            rotated_at: row.rotated_at,
            previous_valid_until: row.previous_valid_until.filter(|until| *until > now),
            last_used_at: row.last_used_at,
            revoked_at: row.revoked_at,
            state,
        }
    }
}

/// A key just created or rotated, with its secret.
#[derive(SimpleObject)]
pub struct IssuedApiKey {
    pub api_key: ApiKey,
    /// The whole key (`ik_…`), shown this once: only its hash is stored. Send it as
    /// `Authorization: Bearer <key>` or `X-Api-Key: <key>`.
    pub secret: String,
}

impl From<IssuedKey> for IssuedApiKey {
    fn from(issued: IssuedKey) -> Self {
        Self {
            api_key: issued.key.into(),
            secret: issued.token,
        }
    }
}

/// The secret a callback consumer's callbacks are signed with (docs/callbacks.md).
#[derive(SimpleObject)]
pub struct CallbackSecret {
    /// An API key's subject (`apikey:<name>`) or a user's e-mail.
    pub consumer: String,
    /// `whsec_…`: what the receiver verifies `webhook-signature` with.
    pub secret: String,
    /// Until when the secret a rotation replaced still signs beside it.
    pub previous_valid_until: Option<DateTime<Utc>>,
    pub rotated_at: Option<DateTime<Utc>>,
}

impl From<ConsumerSecret> for CallbackSecret {
    fn from(row: ConsumerSecret) -> Self {
        Self {
            consumer: row.consumer,
            secret: row.secret,
            previous_valid_until: row.previous_valid_until.filter(|until| *until > Utc::now()),
            rotated_at: row.rotated_at,
        }
    }
}

#[derive(InputObject)]
pub struct CreateApiKeyInput {
    /// Letters, digits, `.`, `-` and `_`, at most 64; unique whatever the case.
    pub name: String,
    /// The roles whose permissions it has (1–20), none allowing more than the creator may do.
    pub roles: Vec<String>,
    /// When it stops working (absent: never).
    pub expires_at: Option<DateTime<Utc>>,
    /// Addresses or CIDR networks it may be used from (at most 20; absent or empty: any).
    pub allowed_sources: Option<Vec<String>>,
}

fn admin(state: &AppState) -> ApiKeyAdmin<'_> {
    ApiKeyAdmin {
        pool: &state.db,
        access: &state.access,
        redis: &state.redis,
    }
}

#[derive(Default)]
pub struct ApiKeysQuery;

#[Object]
impl ApiKeysQuery {
    /// One page of the API keys (revoked ones included), newest first (`createdAt DESC`, the
    /// default) or by `name`. Filter: `name` (`text`: contained in the name, any case).
    async fn api_keys(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<ApiKey>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = API_KEYS_TABLE.parse(input)?;
        let name = match table.filter("name") {
            Some(FilterValue::Text(text)) => Some(text.as_str()),
            _ => None,
        };
        let order = match table.sort {
            "name" => ApiKeyOrder::Name,
            _ => ApiKeyOrder::CreatedAt,
        };
        let (rows, total) = service::page(&state.db, name, order, table.page())
            .await
            .map_err(db_error)?;
        Ok(table.page_of(rows.into_iter().map(ApiKey::from).collect(), total))
    }
}

#[derive(Default)]
pub struct ApiKeysMutation;

#[Object]
impl ApiKeysMutation {
    /// Creates a key; its secret is in the answer and nowhere else.
    async fn create_api_key(
        &self,
        ctx: &Context<'_>,
        input: CreateApiKeyInput,
    ) -> async_graphql::Result<IssuedApiKey> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let new_key = NewKey {
            name: input.name,
            roles: input.roles,
            expires_at: input.expires_at,
            allowed_sources: input.allowed_sources.unwrap_or_default(),
        };
        let issued = admin(state)
            .create(&actor(claims), &new_key)
            .await
            .map_err(admin_error)?;
        Ok(issued.into())
    }

    /// Gives a key a new secret (in the answer). The old one keeps working for
    /// `previousValidForHours` (0, the default: it stops at once; at most 168).
    async fn rotate_api_key(
        &self,
        ctx: &Context<'_>,
        id: ID,
        #[graphql(default = 0)] previous_valid_for_hours: u32,
    ) -> async_graphql::Result<IssuedApiKey> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::api_key(&id)?;
        let issued = admin(state)
            .rotate(&actor(claims), id, previous_valid_for_hours)
            .await
            .map_err(admin_error)?;
        Ok(issued.into())
    }

    /// The secret the callbacks of `consumer` (an API key's `subject`, or a user's e-mail) are
    /// signed with, made now if it has none; audited.
    async fn callback_secret(
        &self,
        ctx: &Context<'_>,
        consumer: String,
    ) -> async_graphql::Result<CallbackSecret> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let secret = admin(state)
            .callback_secret(&actor(claims), &consumer)
            .await
            .map_err(admin_error)?;
        Ok(secret.into())
    }

    /// Gives `consumer` a new callback secret; the old one keeps signing beside it for
    /// `previousValidForHours` (0, the default: it stops at once; at most 168).
    async fn rotate_callback_secret(
        &self,
        ctx: &Context<'_>,
        consumer: String,
        #[graphql(default = 0)] previous_valid_for_hours: u32,
    ) -> async_graphql::Result<CallbackSecret> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let secret = admin(state)
            .rotate_callback_secret(&actor(claims), &consumer, previous_valid_for_hours)
            .await
            .map_err(admin_error)?;
        Ok(secret.into())
    }

    /// Revokes a key: every request with it is refused from now on, in every API process.
    async fn revoke_api_key(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<ApiKey> {
        let claims = claims(ctx)?;
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::api_key(&id)?;
        let revoked = admin(state)
            .revoke(&actor(claims), id)
            .await
            .map_err(admin_error)?;
        Ok(revoked.into())
    }
}
