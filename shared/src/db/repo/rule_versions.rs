//! Version history of rules (issue 11 "Version history"): every save of a rule — its code,
//! helper.js, package.json and the rest of what an author edits (the metadata) — is a numbered
//! snapshot with its author and time, written by [`record`] inside the transaction of the save,
//! so that a saved rule never lacks its version. A save that changes nothing an author edits
//! (pausing, activating, a validation marking it NON VALIDA) records no version.
//!
//! [`prepare_restore`] and [`apply_restore`] bring a rule back to an old version: the restore is
//! itself a new version, and an audit log entry (the flow, with its compile and lock, is
//! `crate::services::rules::restore_version`).

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::{Value, json};
use uuid::Uuid;

use super::audit::{self, Actor, Entry};
use super::capped_count::capped_count;
use super::data_tables::resolve_names;
use super::edit_error::EditError;
use super::helper_code;
use super::paging::PageRequest;
use super::rules::{
    CodeCheck, document_type_id, dossier_type_id, find_document_rule, find_dossier_rule,
    foreign_key_as_input, link_document_tables, link_dossier_tables, lock_rule,
};
use crate::db::models::rules::{DocumentRuleChanges, DossierRuleChanges, RuleVersion};
use crate::db::schema::{document_rules, dossier_rules, rule_versions};
use crate::db::{DbError, DbResult, QueryContext};
use crate::messages;
use crate::rules::RuleKind;

/// What a version holds: the rule as its author edits it.
#[derive(Debug, Clone, PartialEq)]
struct Snapshot {
    kind: RuleKind,
    description: String,
    code: String,
    /// Empty when the rule has no helper.
    helper: String,
    package_json: String,
    metadata: Value,
}

impl Snapshot {
    fn of_version(version: &RuleVersion) -> Self {
        Self {
            kind: RuleKind::from_name(&version.kind),
            description: version.description.clone(),
            code: version.code.clone(),
            helper: version.helper.clone(),
            package_json: version.package_json.clone(),
            metadata: version.metadata.clone(),
        }
    }
}

/// The rule `rule_id` as it is now (`None`: no such rule).
async fn snapshot(conn: &mut AsyncPgConnection, rule_id: Uuid) -> DbResult<Option<Snapshot>> {
    let helper = helper_code::helper_of(conn, rule_id)
        .await?
        .unwrap_or_default();
    if let Some(view) = find_document_rule(conn, rule_id).await? {
        return Ok(Some(Snapshot {
            kind: RuleKind::Document,
            metadata: json!({
                "documentType": view.document_type,
                "dataTables": view.data_tables,
                "nota": view.rule.nota,
            }),
            description: view.rule.description,
            code: view.rule.code,
            helper,
            package_json: view.rule.package_json,
        }));
    }
    Ok(find_dossier_rule(conn, rule_id)
        .await?
        .map(|view| Snapshot {
            kind: RuleKind::Dossier,
            metadata: json!({
                "istitutoAppartenenza": view.rule.istituto_appartenenza,
                "mustContain": view.rule.must_contain,
                "notContain": view.rule.not_contain,
                "nota": view.rule.nota,
                "gruppo": view.rule.gruppo,
                "dossierType": view.dossier_type,
                "dataTables": view.data_tables,
            }),
            description: view.rule.description,
            code: view.rule.code,
            helper,
            package_json: view.rule.package_json,
        }))
}

async fn latest(conn: &mut AsyncPgConnection, rule_id: Uuid) -> DbResult<Option<RuleVersion>> {
    rule_versions::table
        .filter(rule_versions::rule_id.eq(rule_id))
        .order(rule_versions::version.desc())
        .select(RuleVersion::as_select())
        .first(conn)
        .await
        .optional()
        .context("reading the latest version of a rule")
}

/// Records the rule `rule_id` as saved by `actor`, unless it equals its latest version.
/// Call it inside the transaction of the save, after the save's writes. Answers the new
/// version's number, if one was written.
pub async fn record(
    conn: &mut AsyncPgConnection,
    rule_id: Uuid,
    actor: Option<&Actor>,
) -> DbResult<Option<i32>> {
    lock_rule(conn, rule_id).await?;
    let Some(now) = snapshot(conn, rule_id).await? else {
        return Ok(None);
    };
    let previous = latest(conn, rule_id).await?;
    if previous
        .as_ref()
        .is_some_and(|v| Snapshot::of_version(v) == now)
    {
        return Ok(None);
    }
    let version = previous.map_or(1, |v| v.version + 1);
    diesel::insert_into(rule_versions::table)
        .values(RuleVersion {
            rule_id,
            version,
            kind: RuleKind::name(now.kind).to_owned(),
            author: actor.map(|a| a.email.clone()),
            created_at: chrono::Utc::now(),
            description: now.description,
            code: now.code,
            helper: now.helper,
            package_json: now.package_json,
            metadata: now.metadata,
        })
        .execute(conn)
        .await
        .context("recording a version of a rule")?;
    Ok(Some(version))
}

/// One page of the versions of the rule `rule_id`, newest first (or oldest first), and how
/// many it has.
pub async fn page_versions(
    conn: &mut AsyncPgConnection,
    rule_id: Uuid,
    page: PageRequest,
) -> DbResult<(Vec<RuleVersion>, i64)> {
    let page = page.bounded();
    let total: i64 = capped_count(
        rule_versions::table
            .filter(rule_versions::rule_id.eq(rule_id))
            .select(rule_versions::version),
    )
    .get_result(conn)
    .await
    .context("counting the versions of a rule")?;
    let query = rule_versions::table
        .filter(rule_versions::rule_id.eq(rule_id))
        .select(RuleVersion::as_select())
        .limit(page.limit)
        .offset(page.offset);
    let versions = if page.descending {
        query.order(rule_versions::version.desc()).load(conn).await
    } else {
        query.order(rule_versions::version.asc()).load(conn).await
    }
    .context("listing the versions of a rule")?;
    Ok((versions, total))
}

/// Version `version` of the rule `rule_id`.
pub async fn find_version(
    conn: &mut AsyncPgConnection,
    rule_id: Uuid,
    version: i32,
) -> DbResult<Option<RuleVersion>> {
    rule_versions::table
        .find((rule_id, version))
        .select(RuleVersion::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding a version of a rule")
}

/// A restore checked against what exists now, ready to apply once its code compiles.
#[derive(Debug, Clone)]
pub struct PreparedRestore {
    version: RuleVersion,
    /// The document type (document rules) or the dossier type (dossier rules, `None`: every
    /// type) the version names.
    type_id: Option<i64>,
    data_table_ids: Vec<i64>,
    check: CodeCheck,
}

impl PreparedRestore {
    /// The version's code and helper, to compile before applying.
    pub fn check(&self) -> &CodeCheck {
        &self.check
    }

    pub fn rule_id(&self) -> Uuid {
        self.version.rule_id
    }

    /// The number of the version to restore.
    pub fn version(&self) -> i32 {
        self.version.version
    }

    /// The kind of rule the version is of.
    pub fn kind(&self) -> RuleKind {
        self.check.kind
    }
}

fn text(metadata: &Value, key: &str) -> String {
    metadata
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

fn texts(metadata: &Value, key: &str) -> Vec<String> {
    metadata
        .get(key)
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The refusal of a restore of version `version`, of another kind of rule than the rule's.
pub fn another_kind(version: i32) -> EditError {
    EditError::Conflict(messages::rule_version_other_kind(version))
}

/// Checks that version `version` of the rule `rule_id` can be restored: the rule exists, and
/// so do the type and the data tables the version names.
pub async fn prepare_restore(
    conn: &mut AsyncPgConnection,
    rule_id: Uuid,
    version: i32,
) -> Result<PreparedRestore, EditError> {
    let Some(current) = snapshot(conn, rule_id).await? else {
        return Err(EditError::NotFound(messages::rule_not_found(rule_id)));
    };
    let found = find_version(conn, rule_id, version)
        .await?
        .ok_or_else(|| EditError::NotFound(messages::rule_version_not_found(rule_id, version)))?;
    let kind = RuleKind::from_name(&found.kind);
    if kind != current.kind {
        return Err(another_kind(version));
    }
    let type_id = match kind {
        RuleKind::Document => {
            Some(document_type_id(conn, &text(&found.metadata, "documentType")).await?)
        }
        RuleKind::Dossier => match found.metadata.get("dossierType").and_then(Value::as_str) {
            Some(name) => Some(dossier_type_id(conn, name).await?),
            None => None,
        },
    };
    let data_table_ids =
        resolve_names(conn, "dataTables", &texts(&found.metadata, "dataTables")).await?;
    Ok(PreparedRestore {
        check: CodeCheck {
            kind,
            code: found.code.clone(),
            helper: Some(found.helper.clone()).filter(|h| !h.trim().is_empty()),
        },
        version: found,
        type_id,
        data_table_ids,
    })
}

/// Brings the rule back to the prepared version, with its new version and its audit entry;
/// answers the new version (the latest one when the rule already equals it). Call it inside a
/// transaction, with the rule locked ([`lock_rule`]).
pub async fn apply_restore(
    conn: &mut AsyncPgConnection,
    prepared: &PreparedRestore,
    actor: Option<&Actor>,
) -> Result<RuleVersion, EditError> {
    let PreparedRestore {
        version: old,
        type_id,
        data_table_ids,
        check,
    } = prepared;
    let (type_id, rule_id) = (*type_id, old.rule_id);
    let metadata = &old.metadata;
    async {
        match check.kind {
            RuleKind::Document => {
                diesel::update(document_rules::table.find(rule_id))
                    .set(DocumentRuleChanges {
                        document_type_id: type_id,
                        description: Some(old.description.clone()),
                        code: Some(old.code.clone()),
                        package_json: Some(old.package_json.clone()),
                        nota: Some(text(metadata, "nota")),
                        active: None,
                    })
                    .execute(conn)
                    .await
                    .context("restoring a document rule")?;
                link_document_tables(conn, rule_id, data_table_ids).await?;
            }
            RuleKind::Dossier => {
                diesel::update(dossier_rules::table.find(rule_id))
                    .set(DossierRuleChanges {
                        description: Some(old.description.clone()),
                        istituto_appartenenza: Some(text(metadata, "istitutoAppartenenza")),
                        code: Some(old.code.clone()),
                        package_json: Some(old.package_json.clone()),
                        must_contain: Some(texts(metadata, "mustContain")),
                        not_contain: Some(texts(metadata, "notContain")),
                        nota: Some(text(metadata, "nota")),
                        gruppo: Some(texts(metadata, "gruppo")),
                        dossier_type_id: Some(type_id),
                        active: None,
                        valid: None,
                    })
                    .execute(conn)
                    .await
                    .context("restoring a dossier rule")?;
                link_dossier_tables(conn, rule_id, data_table_ids).await?;
            }
        }
        match &check.helper {
            Some(helper) => {
                helper_code::save_helper(conn, check.kind, rule_id, helper).await?;
            }
            None => helper_code::delete_helper(conn, rule_id).await?,
        }
        let new = record(conn, rule_id, actor).await?;
        audit::record(
            conn,
            actor,
            Entry {
                action: "rule.restore",
                target_type: "rule",
                target_id: &rule_id.to_string(),
                details: json!({ "version": old.version, "newVersion": new }),
            },
        )
        .await?;
        Ok::<_, DbError>(())
    }
    .await
    .map_err(foreign_key_as_input)?;
    latest(conn, rule_id)
        .await?
        .ok_or_else(|| EditError::NotFound(messages::rule_not_found(rule_id)))
}
