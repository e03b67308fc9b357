//! Dossier operations (docs/domain.md#dossiers, #dossier-states, #operations, #messages): the
//! paged list (`dossiers`, `getPaginatedDossier`), the detail and its callbacks, download,
//! deletion, the runs of its rules and their counters, failures and aggregate, the metas check
//! and its fix, and the `dossierStateChanged` subscription.
//!
//! The API never runs rules: the run mutations move the dossier to a new run of its rules
//! (`processing`) and enqueue a `RunDossierRules` job for the workers. State changes are
//! published through `shared::events` (Redis pub/sub), so a subscriber on any API process
//! sees the changes made by every worker and API process.

use shared::telemetry::error_chain;
use std::sync::Arc;

use async_graphql::{ComplexObject, Context, ID, InputObject, Object, SimpleObject, Subscription};
use chrono::{DateTime, Utc};
use futures::{Stream, StreamExt};
use shared::db::models::DossierState;
use shared::db::models::dossiers::DossierCallback as CallbackRow;
use shared::db::repo::audit::Actor;
use shared::db::repo::dossiers::{self as repo, DossierListFilter, DossierSort, DossierView};
use shared::db::repo::{executions as executions_repo, pipeline};
use shared::events::{self, Event};
use shared::jobs::pipeline::DossierRulesScope;
use shared::pipeline::metas::MetasCheck as MetasCheckRow;
use shared::services::dossiers::{self as services};
use shared::storage::keys;
use uuid::Uuid;

use super::executions::DossierRuleExecution;
use super::support::caller::{actor, claims};
use super::support::downloads::{self, StoredFile};
use super::support::errors::{bad_input, db_error, internal, not_found, service_error};
use super::support::ids;
use super::support::messages::ServerMessage;
use super::support::objects::{DownloadResult, NamedRef};
use super::support::table::{Column, FilterKind, FilterValue, Page, TableInput, TableSpec};
use crate::state::AppState;
use shared::downloads::FileKind;
use shared::messages;

/// The dossier list's columns (docs/domain.md#screens-and-routes): sorts and filters each backed
/// by an index (migrations 0002 and 0006). Sorting by dossier type is not offered (it would sort
/// by a joined name no index orders); filtering by it is.
const DOSSIER_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("id").sortable().filter(FilterKind::Text),
        Column::new("description")
            .sortable()
            .filter(FilterKind::Text),
        Column::new("state").sortable().filter(FilterKind::Select),
        Column::new("createdAt")
            .aliases(&["created_at"])
            .sortable()
            .filter(FilterKind::Date),
        Column::new("dossierType")
            .aliases(&["dossierType.name", "dossier_type"])
            .filter(FilterKind::Select),
    ],
    default_sort: "createdAt",
    default_descending: true,
};

/// A dossier. `input` is the JSON text of its list of input items.
#[derive(SimpleObject)]
#[graphql(complex)]
pub struct Dossier {
    pub id: ID,
    /// Shown as the title; the id is shown when there is none.
    pub description: Option<String>,
    /// `processing`, `processed`, `conflicts` or `cannot process`.
    pub state: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub dossier_type: NamedRef,
    /// Why the dossier is in `cannot process` (null: none).
    pub error: Option<String>,
    /// `error` as a message of the catalogue, to say it in the reader's language.
    pub error_message: Option<ServerMessage>,
    /// JSON text of the input items.
    pub input: String,
    pub callback_url: Option<String>,
    pub id_valutazione: String,
}

impl From<DossierView> for Dossier {
    fn from(view: DossierView) -> Self {
        let dossier = view.dossier;
        Self {
            id: ID(dossier.id.to_string()),
            description: dossier.description,
            state: dossier.state.as_str().to_owned(),
            created_at: dossier.created_at,
            updated_at: dossier.updated_at,
            dossier_type: NamedRef {
                name: view.dossier_type,
            },
            error: dossier.error,
            error_message: ServerMessage::stored(dossier.error_message),
            input: dossier.input.to_string(),
            callback_url: dossier.callback_url,
            id_valutazione: dossier.id_valutazione,
        }
    }
}

#[ComplexObject]
impl Dossier {
    /// The attempts to call the importing system back, newest first.
    async fn callbacks(&self, ctx: &Context<'_>) -> async_graphql::Result<Vec<DossierCallback>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::dossier(&self.id)?;
        load_callbacks(state, id).await
    }
}

/// One attempt to POST the aggregate to the callback URL.
#[derive(SimpleObject)]
pub struct DossierCallback {
    pub id: ID,
    pub success: bool,
    /// Unix seconds.
    pub timestamp: i64,
    pub url: String,
    pub method: String,
    pub request_body: String,
    /// Null when no HTTP response arrived.
    pub response_code: Option<i32>,
    pub response_body: Option<String>,
    pub error_description: Option<String>,
    /// 1 for the first try.
    pub attempt: i32,
    /// The headers the attempt was sent with — its Standard Webhooks signature (`webhook-id`,
    /// `webhook-timestamp`, `webhook-signature`, docs/callbacks.md) — by name; empty for
    /// attempts made before they were kept.
    pub request_headers: Vec<CallbackHeader>,
}

/// One header of a callback attempt.
#[derive(SimpleObject)]
pub struct CallbackHeader {
    pub name: String,
    pub value: String,
}

impl From<CallbackRow> for DossierCallback {
    fn from(row: CallbackRow) -> Self {
        Self {
            id: ID(row.id.to_string()),
            success: row.success,
            timestamp: row.created_at.timestamp(),
            url: row.url,
            method: row.method,
            request_body: row.request_body,
            response_code: row.response_code,
            response_body: row.response_body,
            error_description: row.error_description,
            attempt: row.attempt,
            request_headers: row
                .request_headers
                .as_ref()
                .and_then(serde_json::Value::as_object)
                .map(|headers| {
                    headers
                        .iter()
                        .map(|(name, value)| CallbackHeader {
                            name: name.clone(),
                            value: value.as_str().unwrap_or_default().to_owned(),
                        })
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

/// The counters of a dossier's rule executions.
#[derive(SimpleObject)]
pub struct DossierRulesExecutionCount {
    /// Executed or in error.
    pub processed: i64,
    pub total: i64,
    pub errors: i64,
}

/// The metas check of a dossier (the Conflitti tab).
#[derive(SimpleObject)]
pub struct MetasCheck {
    pub valid: bool,
    pub conflicts: Vec<MetaConflict>,
    /// Names of required metas no document has.
    pub missing_required: Vec<String>,
}

#[derive(SimpleObject)]
pub struct MetaConflict {
    pub name: String,
    pub values: Vec<MetaValueCount>,
}

#[derive(SimpleObject)]
pub struct MetaValueCount {
    pub value: String,
    /// How many documents hold it.
    pub count: i64,
}

impl From<MetasCheckRow> for MetasCheck {
    fn from(check: MetasCheckRow) -> Self {
        Self {
            valid: check.valid,
            conflicts: check
                .conflicts
                .into_iter()
                .map(|c| MetaConflict {
                    name: c.name,
                    values: c
                        .values
                        .into_iter()
                        .map(|v| MetaValueCount {
                            value: v.value,
                            count: i64::from(v.count),
                        })
                        .collect(),
                })
                .collect(),
            missing_required: check.missing_required,
        }
    }
}

/// The value chosen for one meta.
#[derive(InputObject)]
pub struct MetaInput {
    pub name: String,
    pub value: Option<String>,
}

/// A dossier or one of its documents changed state.
#[derive(SimpleObject)]
pub struct DossierStateChange {
    pub dossier_id: ID,
    /// The document that changed; null when the dossier itself changed.
    pub document_id: Option<ID>,
    pub state: String,
    pub at: DateTime<Utc>,
}

impl From<Event> for DossierStateChange {
    fn from(event: Event) -> Self {
        Self {
            dossier_id: ID(event.dossier_id.to_string()),
            document_id: event.document_id.map(|id| ID(id.to_string())),
            state: event.state,
            at: event.at,
        }
    }
}

async fn load_callbacks(state: &AppState, id: Uuid) -> async_graphql::Result<Vec<DossierCallback>> {
    let mut conn = state.db.get().await.map_err(internal)?;
    let rows = repo::callbacks(&mut conn, id).await.map_err(db_error)?;
    Ok(rows.into_iter().map(DossierCallback::from).collect())
}

async fn list(state: &AppState, input: Option<TableInput>) -> async_graphql::Result<Page<Dossier>> {
    let table = DOSSIER_TABLE.parse(input)?;
    let mut filter = DossierListFilter {
        id: table.id_range("id")?,
        states: table.selected("state", |v| v.parse::<DossierState>().ok())?,
        dossier_types: table.selected("dossierType", |v| Some(v.to_owned()))?,
        ..DossierListFilter::default()
    };
    if let Some(FilterValue::Text(text)) = table.filter("description") {
        filter.description = Some(text.clone());
    }
    if let Some(FilterValue::Date { from, before }) = table.filter("createdAt") {
        filter.created_from = *from;
        filter.created_before = *before;
    }
    let sort = match table.sort {
        "id" => DossierSort::Id,
        "description" => DossierSort::Description,
        "state" => DossierSort::State,
        _ => DossierSort::CreatedAt,
    };
    let mut conn = state.db.get().await.map_err(internal)?;
    let (rows, total) = repo::list_dossiers(&mut conn, &filter, sort, table.page())
        .await
        .map_err(db_error)?;
    Ok(table.page_of(rows.into_iter().map(Dossier::from).collect(), total))
}

async fn find(state: &AppState, id: Uuid) -> async_graphql::Result<DossierView> {
    let mut conn = state.db.get().await.map_err(internal)?;
    repo::find_dossier_view(&mut conn, id)
        .await
        .map_err(db_error)?
        .ok_or_else(|| not_found(messages::dossier_not_found()))
}

async fn ensure_exists(state: &AppState, id: Uuid) -> async_graphql::Result<()> {
    let mut conn = state.db.get().await.map_err(internal)?;
    if repo::dossier_exists(&mut conn, id)
        .await
        .map_err(db_error)?
    {
        Ok(())
    } else {
        Err(not_found(messages::dossier_not_found()))
    }
}

/// Starts a new run of the dossier's rules in `scope` (`services::dossiers`) and tells the
/// screens the dossier is processing again.
async fn request_run(
    state: &AppState,
    id: Uuid,
    scope: impl FnOnce() -> DossierRulesScope,
    actor: &Actor,
) -> async_graphql::Result<bool> {
    services::request_rules_run(&state.db, id, scope(), actor)
        .await
        .map_err(service_error)?;
    events::notify(&state.redis, Event::dossier(id, DossierState::Processing)).await;
    Ok(true)
}

#[derive(Default)]
pub struct DossiersQuery;

#[Object]
impl DossiersQuery {
    /// One page of dossiers: `input` pages, sorts (`id`, `description`, `state`, `createdAt`;
    /// default `createdAt DESC`) and filters (`id` text: whole id or hex prefix;
    /// `description` text; `state` select; `createdAt` date; `dossierType` select by name).
    async fn dossiers(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<Dossier>> {
        list(ctx.data::<Arc<AppState>>()?, input).await
    }

    /// The same as `dossiers` (the name the rule run dialogs use).
    async fn get_paginated_dossier(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<Dossier>> {
        list(ctx.data::<Arc<AppState>>()?, input).await
    }

    /// A dossier.
    async fn dossier(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<Dossier> {
        let state = ctx.data::<Arc<AppState>>()?;
        Ok(find(state, ids::dossier(&id)?).await?.into())
    }

    /// The callback attempts of a dossier, newest first.
    async fn dossier_callbacks(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<Vec<DossierCallback>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::dossier(&id)?;
        ensure_exists(state, id).await?;
        load_callbacks(state, id).await
    }

    /// The imported zip of a dossier, as a link (`DownloadResult.url`).
    async fn download_dossier(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<DownloadResult> {
        let state = ctx.data::<Arc<AppState>>()?;
        let dossier = find(state, ids::dossier(&id)?).await?.dossier;
        let key = dossier
            .archive_key
            .clone()
            .unwrap_or_else(|| keys::archive(dossier.id));
        match state.storage.exists(&key).await {
            Ok(true) => {}
            Ok(false) => return Err(not_found(messages::dossier_archive_gone())),
            Err(error) => return Err(internal(error_chain(&error))),
        }
        let filename = dossier.id.to_string();
        let url = downloads::link(
            ctx,
            StoredFile {
                key,
                file_name: format!("{filename}.zip"),
                kind: FileKind::DossierArchive,
            },
            super::access::query_resources("downloadDossier"),
        )?;
        Ok(DownloadResult {
            id: ID(dossier.id.to_string()),
            name: dossier
                .description
                .clone()
                .filter(|d| !d.trim().is_empty())
                .unwrap_or_else(|| dossier.id.to_string()),
            filename,
            extension: "zip".into(),
            url,
        })
    }

    /// The counters of a dossier's rule executions.
    async fn get_dossier_rules_execution_count(
        &self,
        ctx: &Context<'_>,
        #[graphql(name = "dossierID")] dossier: ID,
    ) -> async_graphql::Result<DossierRulesExecutionCount> {
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::dossier(&dossier)?;
        ensure_exists(state, id).await?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let counts = executions_repo::execution_counts(&mut conn, id)
            .await
            .map_err(db_error)?;
        Ok(DossierRulesExecutionCount {
            processed: counts.processed,
            total: counts.total,
            errors: counts.errors,
        })
    }

    /// The aggregate of the dossier's last run as JSON text: a list of `{ Input,
    /// AggregateResult, Result }`; `[]` until the rules have run.
    async fn get_dossier_result_aggregate(
        &self,
        ctx: &Context<'_>,
        #[graphql(name = "dossierID")] dossier: ID,
    ) -> async_graphql::Result<String> {
        let state = ctx.data::<Arc<AppState>>()?;
        let view = find(state, ids::dossier(&dossier)?).await?;
        Ok(view
            .dossier
            .aggregate_result
            .map_or_else(|| "[]".to_owned(), |value| value.to_string()))
    }

    /// The rule executions of a dossier in error.
    async fn get_failed_dossier_rule_execs(
        &self,
        ctx: &Context<'_>,
        #[graphql(name = "dossierID")] dossier: ID,
    ) -> async_graphql::Result<Vec<DossierRuleExecution>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::dossier(&dossier)?;
        ensure_exists(state, id).await?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let rows = executions_repo::failed_executions(&mut conn, id)
            .await
            .map_err(db_error)?;
        Ok(rows.into_iter().map(DossierRuleExecution::from).collect())
    }

    /// The metas check of a dossier's processed documents.
    async fn metas_check(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<MetasCheck> {
        let state = ctx.data::<Arc<AppState>>()?;
        let view = find(state, ids::dossier(&id)?).await?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let check = pipeline::metas_check(&mut conn, &view.dossier)
            .await
            .map_err(db_error)?;
        Ok(check.into())
    }
}

#[derive(Default)]
pub struct DossiersMutation;

#[Object]
impl DossiersMutation {
    /// Deletes a dossier with its documents, logs, executions and callbacks, and its stored
    /// files.
    async fn delete_dossier(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        let actor = actor(claims(ctx)?);
        let id = ids::dossier(&id)?;
        services::delete(&state.db, &state.storage, id, &actor)
            .await
            .map_err(service_error)?;
        Ok(true)
    }

    /// Sends the dossier's aggregate to its callback URL again (a new series of attempts, even
    /// after one succeeded). Refused unless the dossier is processed and has a callback URL.
    async fn resend_dossier_callback(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::dossier(&id)?;
        let counters = shared::rate_limit::callback_resend_counters(&claims(ctx)?.email);
        state
            .limits
            .take(&counters)
            .await
            .map_err(super::support::caller::limit_error)?;
        services::resend_callback(&state.db, id, &actor(claims(ctx)?))
            .await
            .map_err(service_error)?;
        Ok(true)
    }

    /// Runs every active dossier rule on every input item again.
    async fn run_dossier_rules(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        let actor = actor(claims(ctx)?);
        request_run(state, ids::dossier(&id)?, || DossierRulesScope::All, &actor).await
    }

    /// Runs again the executions of a dossier that ended in error.
    async fn run_again_dossier_rules_that_has_errors(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        let actor = actor(claims(ctx)?);
        request_run(
            state,
            ids::dossier(&id)?,
            || DossierRulesScope::Failed,
            &actor,
        )
        .await
    }

    /// Runs one dossier rule on every input item of a dossier; with `groupId`, only if the
    /// rule belongs to that group.
    async fn run_dossier_rule(
        &self,
        ctx: &Context<'_>,
        id: ID,
        rule_id: ID,
        group_id: Option<String>,
    ) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        let dossier = ids::dossier(&id)?;
        let rule_not_found = || not_found(messages::rule_not_found(rule_id.as_str()));
        let rule = Uuid::parse_str(rule_id.trim()).map_err(|_| rule_not_found())?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let exists = shared::db::repo::rules::find_dossier_rule(&mut conn, rule)
            .await
            .map_err(db_error)?
            .is_some();
        drop(conn);
        if !exists {
            return Err(rule_not_found());
        }
        let group = group_id
            .map(|g| g.trim().to_owned())
            .filter(|g| !g.is_empty());
        let actor = actor(claims(ctx)?);
        let scope = || DossierRulesScope::Rule {
            rule_id: rule,
            group,
        };
        request_run(state, dossier, scope, &actor).await
    }

    /// Writes the chosen value of each meta to every processed document of the dossier; when
    /// the dossier waited in `conflicts` and its metas now agree, its rules run. Every value
    /// is required ('Campo necessario').
    async fn fix_metas(
        &self,
        ctx: &Context<'_>,
        id: ID,
        metas: Vec<MetaInput>,
    ) -> async_graphql::Result<MetasCheck> {
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::dossier(&id)?;
        let mut fixes = Vec::with_capacity(metas.len());
        for meta in metas {
            let name = meta.name.trim().to_owned();
            if name.is_empty() {
                return Err(bad_input("metas", messages::field_needed()));
            }
            match meta.value.as_deref().map(str::trim) {
                Some(value) if !value.is_empty() => fixes.push((name, value.to_owned())),
                _ => {
                    return Err(bad_input(
                        &format!("metas.{name}"),
                        messages::field_needed(),
                    ));
                }
            }
        }
        let (check, started) = services::fix_metas(&state.db, id, &fixes, &actor(claims(ctx)?))
            .await
            .map_err(service_error)?;
        if started {
            events::notify(&state.redis, Event::dossier(id, DossierState::Processing)).await;
        }
        Ok(check.into())
    }
}

#[derive(Default)]
pub struct DossiersSubscription;

#[Subscription]
impl DossiersSubscription {
    /// State changes of dossiers and their documents, as they happen (of one dossier with
    /// `id`). Changes made while not subscribed are not replayed: reload, then subscribe.
    async fn dossier_state_changed(
        &self,
        ctx: &Context<'_>,
        id: Option<ID>,
    ) -> async_graphql::Result<impl Stream<Item = DossierStateChange>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let only = match &id {
            Some(id) => Some(ids::dossier(id)?),
            None => None,
        };
        let claims = claims(ctx)?.clone();
        let stream = events::subscribe(&state.redis)
            .await
            .map_err(|e| internal(error_chain(&e)))?;
        Ok(super::access::while_allowed(
            "dossierStateChanged",
            of_dossier(stream, only),
            state.clone(),
            claims,
        ))
    }
}

/// The events of `stream` about dossier `only` (all when `None`), as the subscription sends
/// them.
fn of_dossier(
    stream: impl Stream<Item = Event> + Send + 'static,
    only: Option<Uuid>,
) -> impl Stream<Item = DossierStateChange> + Send + 'static {
    stream.filter_map(move |event| async move {
        match only {
            Some(id) if event.dossier_id != id => None,
            _ => Some(DossierStateChange::from(event)),
        }
    })
}
