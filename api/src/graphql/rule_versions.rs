//! The version history of a rule (issue 11 "Version history"): `ruleVersions` lists the saved
//! versions of a rule of either kind (the editor's Storia tab diffs any two), and
//! `restoreRuleVersion` brings the rule back to one, compiled first like any save; the
//! restore is a new version and an audit log entry (`shared::services::rules::restore_version`).
//! The versions themselves are written by every save (`shared::db::repo::rule_versions`).

use std::sync::Arc;

use async_graphql::{Context, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};
use shared::db::models::rules::RuleVersion as RuleVersionRow;
use shared::db::repo::rule_versions as repo;
use shared::services::rules as service;

use super::support::caller::{actor, claims};
use super::support::errors::{db_error, internal};
use super::support::ids;
use super::support::rule_runs::{Workers, rule_error};
use super::support::table::{Column, Page, TableInput, TableSpec};
use crate::state::AppState;

/// Storia: sorted by version (the primary key's order), newest first by default.
const VERSION_TABLE: TableSpec = TableSpec {
    columns: &[Column::new("version").sortable()],
    default_sort: "version",
    default_descending: true,
};

/// One saved version of a rule.
#[derive(SimpleObject)]
pub struct RuleVersion {
    /// 1 for the first save, then one more for each save that changed something.
    pub version: i32,
    pub rule_id: ID,
    /// `document` or `dossier`.
    pub kind: String,
    /// E-mail of who saved it; null: the system (rules older than the history).
    pub author: Option<String>,
    pub created_at: DateTime<Utc>,
    pub description: String,
    pub code: String,
    /// `helper.js`; empty when the rule had none.
    pub helper: String,
    #[graphql(name = "packageJSON")]
    pub package_json: String,
    /// JSON text of the rest: `documentType`, `dataTables`, `nota` for a document rule;
    /// `istitutoAppartenenza`, `mustContain`, `notContain`, `nota`, `gruppo`, `dossierType`,
    /// `dataTables` for a dossier rule.
    pub metadata: String,
}

impl From<RuleVersionRow> for RuleVersion {
    fn from(row: RuleVersionRow) -> Self {
        Self {
            version: row.version,
            rule_id: ID(row.rule_id.to_string()),
            kind: row.kind,
            author: row.author,
            created_at: row.created_at,
            description: row.description,
            code: row.code,
            helper: row.helper,
            package_json: row.package_json,
            metadata: serde_json::to_string_pretty(&row.metadata).unwrap_or_default(),
        }
    }
}

#[derive(Default)]
pub struct RuleVersionsQuery;

#[Object]
impl RuleVersionsQuery {
    /// One page of the versions of the rule `ruleId` (either kind), newest first.
    async fn rule_versions(
        &self,
        ctx: &Context<'_>,
        rule_id: ID,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<RuleVersion>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = VERSION_TABLE.parse(input)?;
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) = repo::page_versions(&mut conn, ids::rule(&rule_id)?, table.page())
            .await
            .map_err(db_error)?;
        Ok(table.page_of(rows.into_iter().map(RuleVersion::from).collect(), total))
    }
}

#[derive(Default)]
pub struct RuleVersionsMutation;

#[Object]
impl RuleVersionsMutation {
    /// Brings the rule `ruleId` back to its version `version` (code, helper.js, package.json
    /// and the rest), after compiling it; answers the new version this makes.
    async fn restore_rule_version(
        &self,
        ctx: &Context<'_>,
        rule_id: ID,
        version: i32,
    ) -> async_graphql::Result<RuleVersion> {
        let state = ctx.data::<Arc<AppState>>()?;
        let actor = actor(claims(ctx)?);
        let id = ids::rule(&rule_id)?;
        let restored = service::restore_version(&state.db, &Workers(state), id, version, &actor)
            .await
            .map_err(rule_error)?;
        Ok(restored.into())
    }
}
