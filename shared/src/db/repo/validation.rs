//! Rule validation (issue 12): institutes' validation documents, validation runs and the rules
//! they invalidated. The orchestration (storage, queue) is `crate::services::rule_validation`; here is every
//! state change, each in one transaction.
//!
//! A run goes `created` → `running` (a worker took it up) → `finished`, or `failed` with its
//! reason. [`complete`] checks every dossier rule of the institute against the document's text
//! and, in the same transaction, logs the rules that fail with their failed strings, marks them
//! NON VALIDA and the others VALIDA, and finishes the run: delivered twice, the second delivery
//! finds the run finished and changes nothing.

use chrono::Utc;
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::capped_count::capped_count;
use super::edit_error::EditError;
use super::paging::{PageRequest, contains_pattern};
use crate::db::models::ValidationState;
use crate::db::models::validation::{
    NewRuleValidation, NewValidationDocument, NewValidationLog, RuleValidation, ValidationDocument,
    ValidationLog,
};
use crate::db::schema::{dossier_rules, rule_validations, validation_documents, validation_logs};
use crate::db::{DbError, DbResult, QueryContext};
use crate::messages::{self, Message};
use crate::services::rule_validation::matching::{NormalizedText, Verdict};

/// Most rules of one institute a validation checks (and lines of one validation's log).
pub const MAX_RULES_PER_INSTITUTE: i64 = 5000;

/// How the document list sorts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentSort {
    CreatedAt,
    Description,
}

/// Filters of the document list (case-insensitive "contains").
#[derive(Debug, Clone, Default)]
pub struct DocumentFilter {
    pub description: Option<String>,
    pub istituto: Option<String>,
}

/// Filters of the validation list.
#[derive(Debug, Clone, Default)]
pub struct ValidationFilter {
    /// Case-insensitive "contains".
    pub istituto: Option<String>,
    /// Any of these states.
    pub states: Option<Vec<ValidationState>>,
}

// ---- Validation documents ----------------------------------------------------------------

/// Records an uploaded document (its bytes already stored under `file_key`).
pub async fn insert_document(
    conn: &mut AsyncPgConnection,
    row: NewValidationDocument,
) -> Result<ValidationDocument, EditError> {
    diesel::insert_into(validation_documents::table)
        .values(&row)
        .returning(ValidationDocument::as_returning())
        .get_result(conn)
        .await
        .context("recording a validation document")
        .map_err(|error| {
            if error.is_unique_violation() {
                EditError::Conflict(messages::document_registered(row.id))
            } else {
                error.into()
            }
        })
}

pub async fn find_document(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> DbResult<Option<ValidationDocument>> {
    validation_documents::table
        .find(id)
        .select(ValidationDocument::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding a validation document")
}

/// The document of the same institute uploaded just before `document` whose text is known:
/// what the difference download compares with.
pub async fn previous_document(
    conn: &mut AsyncPgConnection,
    document: &ValidationDocument,
) -> DbResult<Option<ValidationDocument>> {
    validation_documents::table
        .filter(validation_documents::istituto_appartenenza.eq(&document.istituto_appartenenza))
        .filter(
            validation_documents::created_at.lt(document.created_at).or(
                validation_documents::created_at
                    .eq(document.created_at)
                    .and(validation_documents::id.lt(document.id)),
            ),
        )
        .filter(validation_documents::ocr_key.is_not_null())
        .order((
            validation_documents::created_at.desc(),
            validation_documents::id.desc(),
        ))
        .select(ValidationDocument::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding the previous validation document of an institute")
}

/// Of the documents `ids`, those with something to compare (`downloadDiff`): their own text
/// and an earlier document of their institute with text ([`previous_document`]). One query.
pub async fn comparable_documents(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> DbResult<Vec<Uuid>> {
    let previous = diesel::alias!(validation_documents as previous);
    validation_documents::table
        .filter(validation_documents::id.eq_any(ids))
        .filter(validation_documents::ocr_key.is_not_null())
        .filter(diesel::dsl::exists(
            previous
                .filter(
                    previous
                        .field(validation_documents::istituto_appartenenza)
                        .eq(validation_documents::istituto_appartenenza),
                )
                .filter(previous.field(validation_documents::ocr_key).is_not_null())
                .filter(
                    previous
                        .field(validation_documents::created_at)
                        .lt(validation_documents::created_at)
                        .or(previous
                            .field(validation_documents::created_at)
                            .eq(validation_documents::created_at)
                            .and(
                                previous
                                    .field(validation_documents::id)
                                    .lt(validation_documents::id),
                            )),
                ),
        ))
        .select(validation_documents::id)
        .load(conn)
        .await
        .context("finding the validation documents with an earlier one to compare")
}

/// Records where the document's text is; clears an earlier extraction error.
pub async fn set_document_text(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    ocr_key: &str,
) -> DbResult<()> {
    diesel::update(validation_documents::table.find(id))
        .set((
            validation_documents::ocr_key.eq(ocr_key),
            validation_documents::ocr_error.eq(None::<String>),
            validation_documents::ocr_error_message.eq(None::<serde_json::Value>),
        ))
        .execute(conn)
        .await
        .context("recording a validation document's text")?;
    Ok(())
}

/// Records why the document's text could not be extracted.
pub async fn set_document_error(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    error: &Message,
) -> DbResult<()> {
    diesel::update(validation_documents::table.find(id))
        .set((
            validation_documents::ocr_error.eq(error.italian()),
            validation_documents::ocr_error_message.eq(error.to_json()),
        ))
        .execute(conn)
        .await
        .context("recording a validation document's extraction error")?;
    Ok(())
}

/// At most `limit` documents (default and maximum 1000) from `offset`, newest first.
pub async fn list_documents(
    conn: &mut AsyncPgConnection,
    limit: Option<i64>,
    offset: Option<i64>,
) -> DbResult<Vec<ValidationDocument>> {
    let (limit, offset) = super::paging::page(limit, offset);
    validation_documents::table
        .order((
            validation_documents::created_at.desc(),
            validation_documents::id.desc(),
        ))
        .select(ValidationDocument::as_select())
        .limit(limit)
        .offset(offset)
        .load(conn)
        .await
        .context("listing validation documents")
}

/// One page of documents and how many match (capped).
pub async fn page_documents(
    conn: &mut AsyncPgConnection,
    filter: &DocumentFilter,
    sort: DocumentSort,
    page: PageRequest,
) -> DbResult<(Vec<ValidationDocument>, i64)> {
    let page = page.bounded();
    let mut count = validation_documents::table
        .select(validation_documents::id)
        .into_boxed::<Pg>();
    let mut query = validation_documents::table
        .select(ValidationDocument::as_select())
        .into_boxed::<Pg>();
    if let Some(text) = &filter.description {
        let pattern = contains_pattern(text);
        count = count.filter(validation_documents::description.ilike(pattern.clone()));
        query = query.filter(validation_documents::description.ilike(pattern));
    }
    if let Some(text) = &filter.istituto {
        let pattern = contains_pattern(text);
        count = count.filter(validation_documents::istituto_appartenenza.ilike(pattern.clone()));
        query = query.filter(validation_documents::istituto_appartenenza.ilike(pattern));
    }
    let total: i64 = capped_count(count)
        .get_result(conn)
        .await
        .context("counting validation documents")?;
    let query = match (sort, page.descending) {
        (DocumentSort::CreatedAt, true) => query.order((
            validation_documents::created_at.desc(),
            validation_documents::id.desc(),
        )),
        (DocumentSort::CreatedAt, false) => query.order((
            validation_documents::created_at.asc(),
            validation_documents::id.asc(),
        )),
        (DocumentSort::Description, true) => query.order((
            validation_documents::description.desc(),
            validation_documents::created_at.desc(),
        )),
        (DocumentSort::Description, false) => query.order((
            validation_documents::description.asc(),
            validation_documents::created_at.asc(),
        )),
    };
    let rows = query
        .limit(page.limit)
        .offset(page.offset)
        .load(conn)
        .await
        .context("listing a page of validation documents")?;
    Ok((rows, total))
}

/// Deletes documents (their validations stay, without the reference) and returns them, so
/// that their bytes can be removed too.
pub async fn delete_documents(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> DbResult<Vec<ValidationDocument>> {
    diesel::delete(validation_documents::table.filter(validation_documents::id.eq_any(ids)))
        .returning(ValidationDocument::as_returning())
        .get_results(conn)
        .await
        .context("deleting validation documents")
}

// ---- Validation runs ---------------------------------------------------------------------

/// Records a new validation of `document`, queued (the caller enqueues its job).
pub async fn insert_validation(
    conn: &mut AsyncPgConnection,
    document: &ValidationDocument,
    created_by: Option<&str>,
) -> DbResult<RuleValidation> {
    let row = NewRuleValidation {
        id: Uuid::now_v7(),
        istituto: document.istituto_appartenenza.clone(),
        file_name: document.file_name.clone(),
        validation_document_id: Some(document.id),
        created_by: created_by.map(str::to_owned),
    };
    diesel::insert_into(rule_validations::table)
        .values(&row)
        .returning(RuleValidation::as_returning())
        .get_result(conn)
        .await
        .context("recording a validation")
}

pub async fn find_validation(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> DbResult<Option<RuleValidation>> {
    rule_validations::table
        .find(id)
        .select(RuleValidation::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding a validation")
}

/// The newest validation.
pub async fn latest_validation(conn: &mut AsyncPgConnection) -> DbResult<Option<RuleValidation>> {
    rule_validations::table
        .order((
            rule_validations::created_at.desc(),
            rule_validations::id.desc(),
        ))
        .select(RuleValidation::as_select())
        .first(conn)
        .await
        .optional()
        .context("finding the latest validation")
}

/// At most `limit` validations (default and maximum 1000) from `offset`, newest first.
pub async fn list_validations(
    conn: &mut AsyncPgConnection,
    limit: Option<i64>,
    offset: Option<i64>,
) -> DbResult<Vec<RuleValidation>> {
    let (limit, offset) = super::paging::page(limit, offset);
    rule_validations::table
        .order((
            rule_validations::created_at.desc(),
            rule_validations::id.desc(),
        ))
        .select(RuleValidation::as_select())
        .limit(limit)
        .offset(offset)
        .load(conn)
        .await
        .context("listing validations")
}

/// One page of validations, newest first (or oldest), and how many match (capped).
pub async fn page_validations(
    conn: &mut AsyncPgConnection,
    filter: &ValidationFilter,
    page: PageRequest,
) -> DbResult<(Vec<RuleValidation>, i64)> {
    let page = page.bounded();
    let mut count = rule_validations::table
        .select(rule_validations::id)
        .into_boxed::<Pg>();
    let mut query = rule_validations::table
        .select(RuleValidation::as_select())
        .into_boxed::<Pg>();
    if let Some(text) = &filter.istituto {
        let pattern = contains_pattern(text);
        count = count.filter(rule_validations::istituto.ilike(pattern.clone()));
        query = query.filter(rule_validations::istituto.ilike(pattern));
    }
    if let Some(states) = &filter.states {
        count = count.filter(rule_validations::state.eq_any(states.clone()));
        query = query.filter(rule_validations::state.eq_any(states.clone()));
    }
    let total: i64 = capped_count(count)
        .get_result(conn)
        .await
        .context("counting validations")?;
    let query = if page.descending {
        query.order((
            rule_validations::created_at.desc(),
            rule_validations::id.desc(),
        ))
    } else {
        query.order((
            rule_validations::created_at.asc(),
            rule_validations::id.asc(),
        ))
    };
    let rows = query
        .limit(page.limit)
        .offset(page.offset)
        .load(conn)
        .await
        .context("listing a page of validations")?;
    Ok((rows, total))
}

/// A worker takes the validation up: `created` → `running` (a redelivery of a run whose worker
/// died finds it `running` and takes it again). `None` when it is over, or gone.
pub async fn start(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<RuleValidation>> {
    diesel::update(rule_validations::table.find(id).filter(
        rule_validations::state.eq_any([ValidationState::Created, ValidationState::Running]),
    ))
    .set((
        rule_validations::state.eq(ValidationState::Running),
        rule_validations::started_at.eq(Utc::now()),
    ))
    .returning(RuleValidation::as_returning())
    .get_result(conn)
    .await
    .optional()
    .context("starting a validation")
}

/// Ends a validation that could not be completed, with its reason (once: a finished or failed
/// validation stays as it is).
pub async fn fail(conn: &mut AsyncPgConnection, id: Uuid, reason: &Message) -> DbResult<bool> {
    let changed = diesel::update(rule_validations::table.find(id).filter(
        rule_validations::state.eq_any([ValidationState::Created, ValidationState::Running]),
    ))
    .set((
        rule_validations::state.eq(ValidationState::Failed),
        rule_validations::error.eq(reason.italian()),
        rule_validations::error_message.eq(reason.to_json()),
        rule_validations::finished_at.eq(Utc::now()),
    ))
    .execute(conn)
    .await
    .context("recording a failed validation")?;
    Ok(changed > 0)
}

/// What a completed validation found.
#[derive(Debug, Clone)]
pub struct Completed {
    pub validation: RuleValidation,
    /// The rules it invalidated, with their failed strings.
    pub invalidated: Vec<ValidationLog>,
    /// How many rules of the institute it checked.
    pub checked: usize,
}

/// Checks every dossier rule of the validation's institute against `text`, and in one
/// transaction logs and marks NON VALIDA the rules that fail, marks VALIDA those that pass,
/// and finishes the validation. `None` when the validation was already over (a second
/// delivery of its job) or is gone.
pub async fn complete(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    text: &NormalizedText,
) -> DbResult<Option<Completed>> {
    conn.transaction::<_, DbError, _>(async |conn| {
        let validation: Option<RuleValidation> = rule_validations::table
            .find(id)
            .select(RuleValidation::as_select())
            .for_update()
            .first(conn)
            .await
            .optional()
            .context("locking a validation")?;
        let Some(validation) = validation else {
            return Ok(None);
        };
        if matches!(
            validation.state,
            ValidationState::Finished | ValidationState::Failed
        ) {
            return Ok(None);
        }
        type RuleLists = (Uuid, String, Vec<String>, Vec<String>);
        let rules: Vec<RuleLists> = dossier_rules::table
            .filter(dossier_rules::istituto_appartenenza.eq(&validation.istituto))
            .order(dossier_rules::id)
            .select((
                dossier_rules::id,
                dossier_rules::description,
                dossier_rules::must_contain,
                dossier_rules::not_contain,
            ))
            .limit(MAX_RULES_PER_INSTITUTE)
            .for_update()
            .load(conn)
            .await
            .context("reading the rules of an institute")?;
        let checked = rules.len();
        let mut failed = Vec::new();
        let mut passed = Vec::new();
        for (rule_id, description, must, not) in rules {
            let verdict = text.check(&must, &not);
            if verdict.passes() {
                passed.push(rule_id);
            } else {
                failed.push(log_line(id, rule_id, description, verdict));
            }
        }
        let failed_ids: Vec<Uuid> = failed.iter().filter_map(|l| l.rule_id).collect();
        let invalidated: Vec<ValidationLog> = if failed.is_empty() {
            Vec::new()
        } else {
            diesel::insert_into(validation_logs::table)
                .values(&failed)
                .on_conflict_do_nothing()
                .returning(ValidationLog::as_returning())
                .get_results(conn)
                .await
                .context("logging the rules a validation invalidated")?
        };
        set_valid(conn, &failed_ids, false).await?;
        set_valid(conn, &passed, true).await?;
        let validation = diesel::update(rule_validations::table.find(id))
            .set((
                rule_validations::state.eq(ValidationState::Finished),
                rule_validations::rules_invalidated.eq(failed_ids.len() as i32),
                rule_validations::finished_at.eq(Utc::now()),
            ))
            .returning(RuleValidation::as_returning())
            .get_result(conn)
            .await
            .context("finishing a validation")?;
        Ok(Some(Completed {
            validation,
            invalidated,
            checked,
        }))
    })
    .await
}

fn log_line(
    validation_id: Uuid,
    rule_id: Uuid,
    description: String,
    verdict: Verdict,
) -> NewValidationLog {
    NewValidationLog {
        id: Uuid::now_v7(),
        validation_id,
        rule_id: Some(rule_id),
        description,
        missing: verdict.missing,
        present: verdict.present,
    }
}

async fn set_valid(conn: &mut AsyncPgConnection, ids: &[Uuid], valid: bool) -> DbResult<()> {
    if ids.is_empty() {
        return Ok(());
    }
    diesel::update(dossier_rules::table.filter(dossier_rules::id.eq_any(ids)))
        .filter(dossier_rules::valid.ne(valid))
        .set(dossier_rules::valid.eq(valid))
        .execute(conn)
        .await
        .context("marking rules valid or not")?;
    Ok(())
}

// ---- Validation logs ---------------------------------------------------------------------

/// The rules a validation invalidated, by description.
pub async fn logs_of(
    conn: &mut AsyncPgConnection,
    validation_id: Uuid,
) -> DbResult<Vec<ValidationLog>> {
    validation_logs::table
        .filter(validation_logs::validation_id.eq(validation_id))
        .order((
            validation_logs::description.asc(),
            validation_logs::id.asc(),
        ))
        .select(ValidationLog::as_select())
        .limit(MAX_RULES_PER_INSTITUTE)
        .load(conn)
        .await
        .context("reading a validation's log")
}

/// At most `limit` log lines (default and maximum 1000) from `offset`, newest first.
pub async fn list_logs(
    conn: &mut AsyncPgConnection,
    limit: Option<i64>,
    offset: Option<i64>,
) -> DbResult<Vec<ValidationLog>> {
    let (limit, offset) = super::paging::page(limit, offset);
    validation_logs::table
        .order((
            validation_logs::created_at.desc(),
            validation_logs::id.desc(),
        ))
        .select(ValidationLog::as_select())
        .limit(limit)
        .offset(offset)
        .load(conn)
        .await
        .context("listing validation logs")
}

/// Records by hand that validation `validation_id` invalidated rule `rule_id`: the log line,
/// the rule NON VALIDA and the validation's count, in one transaction. Logging a rule twice
/// in one validation changes nothing the second time.
pub async fn insert_log(
    conn: &mut AsyncPgConnection,
    validation_id: Uuid,
    rule_id: Uuid,
    description: &str,
) -> Result<ValidationLog, EditError> {
    conn.transaction::<_, DbError, _>(async |conn| {
        let exists: i64 = rule_validations::table
            .find(validation_id)
            .count()
            .get_result(conn)
            .await
            .context("finding a validation")?;
        if exists == 0 {
            return Ok(Err(EditError::NotFound(messages::validation_not_found(
                validation_id,
            ))));
        }
        let rule: i64 = dossier_rules::table
            .find(rule_id)
            .count()
            .get_result(conn)
            .await
            .context("finding a dossier rule")?;
        if rule == 0 {
            return Ok(Err(EditError::NotFound(messages::rule_not_found(rule_id))));
        }
        let line = NewValidationLog {
            id: Uuid::now_v7(),
            validation_id,
            rule_id: Some(rule_id),
            description: description.to_owned(),
            missing: Vec::new(),
            present: Vec::new(),
        };
        let inserted = diesel::insert_into(validation_logs::table)
            .values(&line)
            .on_conflict_do_nothing()
            .execute(conn)
            .await
            .context("logging an invalidated rule")?;
        if inserted > 0 {
            diesel::update(rule_validations::table.find(validation_id))
                .set(
                    rule_validations::rules_invalidated.eq(rule_validations::rules_invalidated + 1),
                )
                .execute(conn)
                .await
                .context("counting an invalidated rule")?;
            set_valid(conn, &[rule_id], false).await?;
        }
        let line = validation_logs::table
            .filter(validation_logs::validation_id.eq(validation_id))
            .filter(validation_logs::rule_id.eq(rule_id))
            .select(ValidationLog::as_select())
            .first(conn)
            .await
            .context("reading a validation log line")?;
        Ok(Ok(line))
    })
    .await?
}

/// The documents among `ids` that exist (for a page of validations).
pub async fn documents_by_ids(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> DbResult<Vec<ValidationDocument>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    validation_documents::table
        .filter(validation_documents::id.eq_any(ids))
        .select(ValidationDocument::as_select())
        .load(conn)
        .await
        .context("reading the documents of validations")
}
