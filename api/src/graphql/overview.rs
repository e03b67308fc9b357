//! The operations dashboard (`/`): dossiers by state since a moment, documents processed per
//! hour over the last day, rule errors and the latest of them (`shared::db::repo::overview`).

use std::sync::Arc;

use async_graphql::{Context, ID, Object, SimpleObject};
use chrono::{DateTime, Duration, Utc};
use shared::db::repo::overview as repo;

use super::support::errors::{bad_input, db_error, internal};
use super::support::messages::ServerMessage;
use crate::state::AppState;
use shared::messages;

/// The furthest back `since` may reach: the dashboard looks at days, not years.
const MAX_WINDOW_DAYS: i64 = 31;
/// How many of the latest rule errors the dashboard lists.
const LATEST_ERRORS: i64 = 5;

#[derive(SimpleObject)]
pub struct StateCount {
    pub state: String,
    pub count: i64,
}

#[derive(SimpleObject)]
pub struct HourCount {
    /// The start of the hour.
    pub hour: DateTime<Utc>,
    pub count: i64,
}

/// A dossier rule execution that ended in error.
#[derive(SimpleObject)]
pub struct RuleErrorRef {
    pub dossier_id: ID,
    pub dossier_description: Option<String>,
    pub rule_name: String,
    pub error: Option<String>,
    /// `error` as a message of the catalogue when the system wrote it (a rule's own error has
    /// none): to say it in the reader's language.
    pub error_message: Option<ServerMessage>,
    pub at: DateTime<Utc>,
}

/// What an operator looks at first.
#[derive(SimpleObject)]
pub struct OperationsOverview {
    /// The start of the window the counts cover.
    pub since: DateTime<Utc>,
    /// Dossiers created since `since`, by state (states with none left out).
    pub dossiers_by_state: Vec<StateCount>,
    /// Documents that reached `processed` in each hour of the last 24 (hours with none left out).
    pub documents_processed_by_hour: Vec<HourCount>,
    /// Dossier rule executions in error since `since`.
    pub dossier_rule_errors: i64,
    /// Document rule runs that reported errors since `since`.
    pub document_rule_errors: i64,
    /// The latest dossier rule executions in error, newest first.
    pub latest_rule_errors: Vec<RuleErrorRef>,
}

#[derive(Default)]
pub struct OverviewQuery;

#[Object]
impl OverviewQuery {
    /// The operations dashboard since `since` (default: the last 24 hours; at most 31 days back).
    async fn operations_overview(
        &self,
        ctx: &Context<'_>,
        since: Option<DateTime<Utc>>,
    ) -> async_graphql::Result<OperationsOverview> {
        let state = ctx.data::<Arc<AppState>>()?;
        let now = Utc::now();
        let since = since.unwrap_or(now - Duration::hours(24));
        if since < now - Duration::days(MAX_WINDOW_DAYS) {
            return Err(bad_input(
                "since",
                messages::period_too_long(MAX_WINDOW_DAYS),
            ));
        }
        let mut conn = state.db.get().await.map_err(internal)?;
        let dossiers_by_state = repo::dossiers_by_state(&mut conn, since)
            .await
            .map_err(db_error)?;
        let documents_processed_by_hour =
            repo::documents_processed_by_hour(&mut conn, now - Duration::hours(24))
                .await
                .map_err(db_error)?;
        let dossier_rule_errors = repo::dossier_rule_errors(&mut conn, since)
            .await
            .map_err(db_error)?;
        let document_rule_errors = repo::document_rule_errors(&mut conn, since)
            .await
            .map_err(db_error)?;
        let latest_rule_errors = repo::latest_rule_errors(&mut conn, LATEST_ERRORS)
            .await
            .map_err(db_error)?;
        Ok(OperationsOverview {
            since,
            dossiers_by_state: dossiers_by_state
                .into_iter()
                .map(|row| StateCount {
                    state: row.state,
                    count: row.count,
                })
                .collect(),
            documents_processed_by_hour: documents_processed_by_hour
                .into_iter()
                .map(|row| HourCount {
                    hour: row.hour,
                    count: row.count,
                })
                .collect(),
            dossier_rule_errors,
            document_rule_errors,
            latest_rule_errors: latest_rule_errors
                .into_iter()
                .map(|row| RuleErrorRef {
                    dossier_id: ID(row.dossier_id.to_string()),
                    dossier_description: row.dossier_description,
                    rule_name: row.rule_name,
                    error: row.error,
                    error_message: ServerMessage::stored(row.error_message),
                    at: row.at,
                })
                .collect(),
        })
    }
}
