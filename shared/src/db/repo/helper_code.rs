//! `helper.js` of a rule, looked up by the rule's id whatever its kind (`getHelperCode(id)`).
//! A rule has at most one helper; one without a row has none (the API shows the default
//! empty helper, and the rule is bundled without one).

use diesel::prelude::*;
use diesel::upsert::excluded;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::edit_error::EditError;
use crate::db::models::new_id;
use crate::db::models::rules::{HelperCode, NewHelperCode};
use crate::db::schema::{document_rules, dossier_rules, helper_code};
use crate::db::{DbResult, QueryContext};
use crate::rules::RuleKind;

/// The rule a helper belongs to.
#[derive(Debug, Clone, PartialEq)]
pub struct HelperOwner {
    pub kind: RuleKind,
    pub id: Uuid,
    pub description: String,
    /// The rule's code, bundled with the helper.
    pub code: String,
}

/// The rule with id `id`, of either kind.
pub async fn find_owner(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<HelperOwner>> {
    let document: Option<(String, String)> = document_rules::table
        .find(id)
        .select((document_rules::description, document_rules::code))
        .first(conn)
        .await
        .optional()
        .context("finding the document rule of a helper")?;
    if let Some((description, code)) = document {
        return Ok(Some(HelperOwner {
            kind: RuleKind::Document,
            id,
            description,
            code,
        }));
    }
    let dossier: Option<(String, String)> = dossier_rules::table
        .find(id)
        .select((dossier_rules::description, dossier_rules::code))
        .first(conn)
        .await
        .optional()
        .context("finding the dossier rule of a helper")?;
    Ok(dossier.map(|(description, code)| HelperOwner {
        kind: RuleKind::Dossier,
        id,
        description,
        code,
    }))
}

/// The owner of a helper about to be read or saved; a missing rule is an error.
pub async fn require_owner(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> Result<HelperOwner, EditError> {
    find_owner(conn, id)
        .await?
        .ok_or_else(|| EditError::NotFound(crate::messages::rule_not_found(id)))
}

/// The helper row of the rule `rule_id`.
pub async fn find_helper(
    conn: &mut AsyncPgConnection,
    rule_id: Uuid,
) -> DbResult<Option<HelperCode>> {
    helper_code::table
        .filter(
            helper_code::document_rule_id
                .eq(rule_id)
                .or(helper_code::dossier_rule_id.eq(rule_id)),
        )
        .select(HelperCode::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding the helper of a rule")
}

/// The helper's code of the rule `rule_id`, if it has one.
pub async fn helper_of(conn: &mut AsyncPgConnection, rule_id: Uuid) -> DbResult<Option<String>> {
    Ok(find_helper(conn, rule_id).await?.map(|h| h.code))
}

/// Creates or replaces the helper of the rule `rule_id` of `kind`.
pub async fn save_helper(
    conn: &mut AsyncPgConnection,
    kind: RuleKind,
    rule_id: Uuid,
    code: &str,
) -> DbResult<HelperCode> {
    let row = NewHelperCode {
        id: new_id(),
        document_rule_id: (kind == RuleKind::Document).then_some(rule_id),
        dossier_rule_id: (kind == RuleKind::Dossier).then_some(rule_id),
        description: String::new(),
        code: code.to_owned(),
    };
    let insert = diesel::insert_into(helper_code::table).values(&row);
    match kind {
        RuleKind::Document => {
            insert
                .on_conflict(helper_code::document_rule_id)
                .do_update()
                .set(helper_code::code.eq(excluded(helper_code::code)))
                .returning(HelperCode::as_returning())
                .get_result(conn)
                .await
        }
        RuleKind::Dossier => {
            insert
                .on_conflict(helper_code::dossier_rule_id)
                .do_update()
                .set(helper_code::code.eq(excluded(helper_code::code)))
                .returning(HelperCode::as_returning())
                .get_result(conn)
                .await
        }
    }
    .context("saving the helper of a rule")
}

/// Removes the helper of the rule `rule_id`, if any.
pub async fn delete_helper(conn: &mut AsyncPgConnection, rule_id: Uuid) -> DbResult<()> {
    diesel::delete(
        helper_code::table.filter(
            helper_code::document_rule_id
                .eq(rule_id)
                .or(helper_code::dossier_rule_id.eq(rule_id)),
        ),
    )
    .execute(conn)
    .await
    .context("deleting the helper of a rule")?;
    Ok(())
}
