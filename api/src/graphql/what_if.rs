//! "What if" (issue 11): from the rule editor, run the unsaved code of a rule in the background
//! (`what-if` queue) over the latest processed documents of its type — or, for a dossier rule,
//! every input item of the latest processed dossiers of its type — up to 1,000, optionally
//! within dates, and see the items whose outcome would change against their last recorded
//! execution: success, metas, errors. Nothing of the documents or dossiers changes; a run can be
//! cancelled, and stays readable afterwards.

use std::sync::Arc;

use async_graphql::{ComplexObject, Context, ID, InputObject, Object, SimpleObject};
use chrono::{DateTime, Utc};
use shared::db::models::rules::{WhatIfChange as ChangeRow, WhatIfRun as RunRow};
use shared::db::repo::what_if::{self as repo, WhatIfRequest};
use shared::services::what_if as service;
use uuid::Uuid;

use super::support::caller::{actor, claims};
use super::support::errors::{db_error, edit_error, internal, not_found};
use super::support::ids;
use super::support::messages::ServerMessage;
use super::support::table::{Column, Page, TableInput, TableSpec};
use crate::state::AppState;
use shared::messages;

/// The items a run found, in a stable order.
const CHANGE_TABLE: TableSpec = TableSpec {
    columns: &[Column::new("item")],
    default_sort: "item",
    default_descending: true,
};

/// How many documents a run goes through when the author does not say.
const DEFAULT_LIMIT: i32 = 100;

/// What to try.
#[derive(InputObject)]
pub struct WhatIfInput {
    /// The rule being edited: a document rule or a dossier rule.
    pub rule_id: ID,
    /// Its unsaved code and helper.js.
    pub code: String,
    pub helper: Option<String>,
    /// The data tables a document rule receives, by name (default: none).
    pub data_tables: Option<Vec<String>>,
    /// The latest documents (dossiers, for a dossier rule) of the rule's type to go through: 1
    /// to 1,000 (default 100). A dossier rule runs on every input item of each dossier, up to
    /// 5,000 executions.
    pub limit: Option<i32>,
    /// Only documents (dossiers) created from / until these moments.
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
}

/// A "what if" run.
#[derive(SimpleObject)]
#[graphql(complex)]
pub struct WhatIfRun {
    pub id: ID,
    pub rule_id: ID,
    /// `queued`, `running`, `finished`, `cancelled` or `failed` (see `error`).
    pub state: String,
    pub requested_by: Option<String>,
    pub limit: i32,
    pub since: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    /// Items (documents, or dossiers' input items) to go through, gone through, and whose
    /// outcome would change.
    pub total: i32,
    pub done: i32,
    pub changed: i32,
    pub error: Option<String>,
    /// `error` as a message of the catalogue, to say it in the reader's language.
    pub error_message: Option<ServerMessage>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl From<RunRow> for WhatIfRun {
    fn from(row: RunRow) -> Self {
        Self {
            id: ID(row.id.to_string()),
            rule_id: ID(row.rule_id.to_string()),
            state: row.state,
            requested_by: row.requested_by,
            limit: row.max_items,
            since: row.since,
            until: row.until,
            total: row.total,
            done: row.done,
            changed: row.changed,
            error: row.error,
            error_message: ServerMessage::stored(row.error_message),
            created_at: row.created_at,
            finished_at: row.finished_at,
        }
    }
}

#[ComplexObject]
impl WhatIfRun {
    /// One page of the items whose outcome would change.
    async fn changes(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<WhatIfChange>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = CHANGE_TABLE.parse(input)?;
        let id = ids::what_if_run(&self.id)?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) = repo::page_changes(&mut conn, id, table.page())
            .await
            .map_err(db_error)?;
        Ok(table.page_of(rows.into_iter().map(WhatIfChange::from).collect(), total))
    }
}

/// An item whose outcome would change: a document, or one input item of a dossier.
#[derive(SimpleObject)]
pub struct WhatIfChange {
    /// Stable within the run: the document's id, or `<dossier id>/<input index>`.
    pub item_id: ID,
    /// The document (null for a dossier rule's run).
    pub document_id: Option<ID>,
    /// The document's file name, or the dossier's idValutazione.
    pub name: String,
    pub dossier_id: ID,
    /// The position of the dossier's input item (null for a document rule's run).
    pub input_index: Option<i32>,
    /// What would change: `success`, `metasAdded`, `metasRemoved`, `metasChanged`,
    /// `newErrors`, `fixedErrors`, or `noPrevious` (no execution was recorded before).
    pub changes: Vec<String>,
    /// JSON text `{ success, metas, errors }` of the last recorded execution (null: none) and
    /// of the unsaved code.
    pub before: Option<String>,
    pub after: String,
}

impl From<ChangeRow> for WhatIfChange {
    fn from(row: ChangeRow) -> Self {
        let (item_id, document_id, input_index) = if row.is_dossier_item() {
            (
                ID(format!("{}/{}", row.item_id, row.input_index)),
                None,
                Some(row.input_index),
            )
        } else {
            let id = ID(row.item_id.to_string());
            (id.clone(), Some(id), None)
        };
        Self {
            item_id,
            document_id,
            name: row.item_name,
            dossier_id: ID(row.dossier_id.to_string()),
            input_index,
            changes: row.changes,
            before: row.before.map(|b| b.to_string()),
            after: row.after.to_string(),
        }
    }
}

async fn load_run(state: &AppState, id: Uuid) -> async_graphql::Result<WhatIfRun> {
    let mut conn = state.db.get().await.map_err(internal)?;
    repo::find_run(&mut conn, id)
        .await
        .map_err(db_error)?
        .map(WhatIfRun::from)
        .ok_or_else(|| not_found(messages::what_if_not_found(id)))
}

#[derive(Default)]
pub struct WhatIfQuery;

#[Object]
impl WhatIfQuery {
    /// One "what if" run, with its progress and the documents it found.
    async fn what_if_run(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<WhatIfRun> {
        let state = ctx.data::<Arc<AppState>>()?;
        load_run(state, ids::what_if_run(&id)?).await
    }

    /// The latest runs of a rule, newest first (at most `limit`, default 10, maximum 50).
    async fn what_if_runs(
        &self,
        ctx: &Context<'_>,
        rule_id: ID,
        limit: Option<i32>,
    ) -> async_graphql::Result<Vec<WhatIfRun>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let rule = ids::rule(&rule_id)?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let runs = repo::runs_of_rule(&mut conn, rule, i64::from(limit.unwrap_or(10)))
            .await
            .map_err(db_error)?;
        Ok(runs.into_iter().map(WhatIfRun::from).collect())
    }
}

#[derive(Default)]
pub struct WhatIfMutation;

#[Object]
impl WhatIfMutation {
    /// Starts a "what if" run of unsaved rule code in the background.
    async fn start_what_if(
        &self,
        ctx: &Context<'_>,
        input: WhatIfInput,
    ) -> async_graphql::Result<WhatIfRun> {
        let state = ctx.data::<Arc<AppState>>()?;
        let actor = actor(claims(ctx)?);
        let request = WhatIfRequest {
            rule_id: ids::rule(&input.rule_id)?,
            code: input.code,
            helper: input.helper,
            data_tables: input.data_tables.unwrap_or_default(),
            max_items: input.limit.unwrap_or(DEFAULT_LIMIT),
            since: input.since,
            until: input.until,
        };
        let run = service::start(&state.db, request, &actor)
            .await
            .map_err(edit_error)?;
        Ok(run.into())
    }

    /// Stops a queued or running "what if" run; what it found so far stays.
    async fn cancel_what_if(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<WhatIfRun> {
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::what_if_run(&id)?;
        service::cancel(&state.db, id).await.map_err(db_error)?;
        load_run(state, id).await
    }
}
