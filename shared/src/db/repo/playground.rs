//! The playground's temporary runs (runTemporaryRule, runTemporaryDossierRule): what they read
//! besides the pipeline's rows, and the execution logs they leave (platform `frontend`).

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::{Map, Value};

use crate::db::models::executions::{NewDossierRuleExecutionLog, NewRuleExecutionLog};
use crate::db::schema::{data_tables, dossier_rule_execution_logs, rule_execution_logs};
use crate::db::{DbResult, QueryContext};

/// The data tables named `names`, name → parsed content (unknown names are left out).
pub async fn data_tables_by_name(
    conn: &mut AsyncPgConnection,
    names: &[String],
) -> DbResult<Map<String, Value>> {
    if names.is_empty() {
        return Ok(Map::new());
    }
    let rows: Vec<(String, Value)> = data_tables::table
        .filter(data_tables::name.eq_any(names))
        .select((data_tables::name, data_tables::content))
        .load(conn)
        .await
        .context("reading data tables by name")?;
    Ok(rows.into_iter().collect())
}

/// Writes the log of a temporary document rule run; a repeated delivery of the same run (same
/// id) writes nothing.
pub async fn record_rule_log(
    conn: &mut AsyncPgConnection,
    log: NewRuleExecutionLog,
) -> DbResult<()> {
    diesel::insert_into(rule_execution_logs::table)
        .values(&log)
        .on_conflict(rule_execution_logs::id)
        .do_nothing()
        .execute(conn)
        .await
        .context("recording a temporary rule run")?;
    Ok(())
}

/// Writes the logs of a temporary dossier rule run, one per input item; ids already written (a
/// repeated delivery) are skipped.
pub async fn record_dossier_rule_logs(
    conn: &mut AsyncPgConnection,
    logs: Vec<NewDossierRuleExecutionLog>,
) -> DbResult<()> {
    if logs.is_empty() {
        return Ok(());
    }
    diesel::insert_into(dossier_rule_execution_logs::table)
        .values(&logs)
        .on_conflict(dossier_rule_execution_logs::id)
        .do_nothing()
        .execute(conn)
        .await
        .context("recording a temporary dossier rule run")?;
    Ok(())
}
