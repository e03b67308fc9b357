//! The operations dashboard's figures: what an operator looks at first. Each is one range
//! scan of an index over the window it shows (migration 0008), so the dashboard costs the same
//! with a thousand dossiers or a million.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use crate::db::{DbResult, QueryContext};

/// How many dossiers created since a moment are in `state`.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct StateCount {
    #[diesel(sql_type = Text)]
    pub state: String,
    #[diesel(sql_type = BigInt)]
    pub count: i64,
}

/// How many documents reached `processed` in the hour starting at `hour`.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct HourCount {
    #[diesel(sql_type = Timestamptz)]
    pub hour: DateTime<Utc>,
    #[diesel(sql_type = BigInt)]
    pub count: i64,
}

/// A dossier rule execution that ended in error.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct RuleError {
    #[diesel(sql_type = SqlUuid)]
    pub dossier_id: Uuid,
    #[diesel(sql_type = Nullable<Text>)]
    pub dossier_description: Option<String>,
    #[diesel(sql_type = Text)]
    pub rule_name: String,
    #[diesel(sql_type = Nullable<Text>)]
    pub error: Option<String>,
    /// The message `error` was made from, when the system wrote it.
    #[diesel(sql_type = Nullable<Jsonb>)]
    pub error_message: Option<serde_json::Value>,
    #[diesel(sql_type = Timestamptz)]
    pub at: DateTime<Utc>,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    count: i64,
}

/// Dossiers created at or after `since`, counted by state (states with none are left out).
pub async fn dossiers_by_state(
    conn: &mut AsyncPgConnection,
    since: DateTime<Utc>,
) -> DbResult<Vec<StateCount>> {
    diesel::sql_query(
        "SELECT state, count(*) AS count FROM dossiers WHERE created_at >= $1 GROUP BY state ORDER BY state",
    )
    .bind::<Timestamptz, _>(since)
    .load(conn)
    .await
    .context("counting dossiers by state")
}

/// Documents whose last change made them `processed`, per hour from `since` (hours with none
/// are left out).
pub async fn documents_processed_by_hour(
    conn: &mut AsyncPgConnection,
    since: DateTime<Utc>,
) -> DbResult<Vec<HourCount>> {
    diesel::sql_query(
        "SELECT date_trunc('hour', updated_at) AS hour, count(*) AS count FROM documents \
         WHERE state = 'processed' AND updated_at >= $1 GROUP BY 1 ORDER BY 1",
    )
    .bind::<Timestamptz, _>(since)
    .load(conn)
    .await
    .context("counting processed documents by hour")
}

/// Dossier rule executions in error since `since`.
pub async fn dossier_rule_errors(
    conn: &mut AsyncPgConnection,
    since: DateTime<Utc>,
) -> DbResult<i64> {
    let row: Count = diesel::sql_query(
        "SELECT count(*) AS count FROM dossier_rule_executions WHERE state = 'error' AND created_at >= $1",
    )
    .bind::<Timestamptz, _>(since)
    .get_result(conn)
    .await
    .context("counting dossier rule errors")?;
    Ok(row.count)
}

/// Document rule runs that reported errors since `since`.
pub async fn document_rule_errors(
    conn: &mut AsyncPgConnection,
    since: DateTime<Utc>,
) -> DbResult<i64> {
    let row: Count = diesel::sql_query(
        "SELECT count(*) AS count FROM rule_execution_logs WHERE cardinality(errors) > 0 AND executed_at >= $1",
    )
    .bind::<Timestamptz, _>(since)
    .get_result(conn)
    .await
    .context("counting document rule errors")?;
    Ok(row.count)
}

/// The `limit` latest dossier rule executions in error, with their dossier.
pub async fn latest_rule_errors(
    conn: &mut AsyncPgConnection,
    limit: i64,
) -> DbResult<Vec<RuleError>> {
    diesel::sql_query(
        "SELECT e.dossier_id, d.description AS dossier_description, e.rule_name, e.error, e.error_message, e.created_at AS at \
         FROM dossier_rule_executions e JOIN dossiers d ON d.id = e.dossier_id \
         WHERE e.state = 'error' ORDER BY e.created_at DESC LIMIT $1",
    )
    .bind::<BigInt, _>(limit)
    .load(conn)
    .await
    .context("loading the latest rule errors")
}
