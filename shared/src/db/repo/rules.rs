//! Document and dossier rules with their type and data tables (by name), and the dossier
//! rule import.
//!
//! Saving a rule's code compiles it first (a job on the `rule-runs` queue, awaited by the
//! API), and that must not happen inside a transaction nor before the cheap validations. So
//! every save is two steps: `prepare_…` validates the input and resolves names into ids
//! (answering validation errors at once), and says which code to compile
//! ([`CodeCheck`]); the caller compiles it; `insert_…` / `apply_…` writes, inside the
//! caller's transaction, after the caller locked the rule ([`lock_rule`]) and checked that
//! what it compiled is still what will be saved (`check_now`). The flow is
//! `crate::services::rules`.

use std::collections::HashMap;

use diesel::pg::Pg;
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use super::capped_count::capped_count;
use super::data_tables::resolve_names;
use super::edit_error::EditError;
use super::helper_code;
use super::paging::page;
use super::paging::{IdRange, PageRequest, contains_pattern};
use crate::db::models::new_id;
use crate::db::models::rules::{
    DocumentRule, DocumentRuleChanges, DossierRule, DossierRuleChanges, NewDocumentRule,
    NewDocumentRuleDataTable, NewDossierRule, NewDossierRuleDataTable,
};
use crate::db::schema::{
    data_tables, document_rule_data_tables, document_rules, document_types,
    dossier_rule_data_tables, dossier_rules, dossier_types,
};
use crate::db::{DbError, DbResult, QueryContext};
use crate::messages;
use crate::rules::archive::ArchivedRule;
use crate::rules::{
    DEFAULT_PACKAGE_JSON, RuleKind, code_size_error, rule_template, validate_package_json,
};

fn rule_not_found(id: Uuid) -> EditError {
    EditError::NotFound(messages::rule_not_found(id))
}

/// Locks the rule `id` (either kind) until the transaction ends and answers its kind;
/// `None`: no such rule. Every save of a rule takes it first, so that what a save checks
/// (the rule exists, the code it compiled is the code it saves) holds until it commits, and
/// two saves of one rule number their versions one after the other.
pub async fn lock_rule(conn: &mut AsyncPgConnection, id: Uuid) -> DbResult<Option<RuleKind>> {
    let locked = document_rules::table
        .find(id)
        .select(document_rules::id)
        .for_update()
        .execute(conn)
        .await
        .context("locking a document rule")?;
    if locked > 0 {
        return Ok(Some(RuleKind::Document));
    }
    let locked = dossier_rules::table
        .find(id)
        .select(dossier_rules::id)
        .for_update()
        .execute(conn)
        .await
        .context("locking a dossier rule")?;
    Ok((locked > 0).then_some(RuleKind::Dossier))
}

/// Code to compile before a save: the rule's code and the helper it will run with.
#[derive(Debug, Clone, PartialEq)]
pub struct CodeCheck {
    pub kind: RuleKind,
    pub code: String,
    pub helper: Option<String>,
}

fn package_json_or_default(text: Option<String>) -> Result<String, EditError> {
    match text.filter(|t| !t.trim().is_empty()) {
        None => Ok(DEFAULT_PACKAGE_JSON.to_owned()),
        Some(text) => {
            validate_package_json(&text).map_err(|m| EditError::invalid("packageJSON", m))?;
            Ok(text)
        }
    }
}

fn checked_package_json(text: Option<String>) -> Result<Option<String>, EditError> {
    text.map(|t| {
        validate_package_json(&t).map_err(|m| EditError::invalid("packageJSON", m))?;
        Ok(t)
    })
    .transpose()
}

/// A list of strings to search for, without the empty ones.
fn strings(list: Vec<String>) -> Vec<String> {
    list.into_iter().filter(|s| !s.trim().is_empty()).collect()
}

// ---------------------------------------------------------------------------------------
// Document rules.

/// A document rule with its type's name and its data tables' names.
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentRuleView {
    pub rule: DocumentRule,
    pub document_type: String,
    pub data_tables: Vec<String>,
}

async fn document_rule_tables(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> DbResult<HashMap<Uuid, Vec<String>>> {
    let rows: Vec<(Uuid, String)> = document_rule_data_tables::table
        .inner_join(data_tables::table)
        .filter(document_rule_data_tables::document_rule_id.eq_any(ids))
        .select((
            document_rule_data_tables::document_rule_id,
            data_tables::name,
        ))
        .order(data_tables::name)
        .load(conn)
        .await
        .context("loading the data tables of document rules")?;
    let mut by_rule: HashMap<Uuid, Vec<String>> = HashMap::new();
    for (id, name) in rows {
        by_rule.entry(id).or_default().push(name);
    }
    Ok(by_rule)
}

async fn document_views(
    conn: &mut AsyncPgConnection,
    rows: Vec<(DocumentRule, String)>,
) -> DbResult<Vec<DocumentRuleView>> {
    let ids: Vec<Uuid> = rows.iter().map(|(rule, _)| rule.id).collect();
    let mut tables = document_rule_tables(conn, &ids).await?;
    Ok(rows
        .into_iter()
        .map(|(rule, document_type)| DocumentRuleView {
            data_tables: tables.remove(&rule.id).unwrap_or_default(),
            rule,
            document_type,
        })
        .collect())
}

/// Document rules, newest first; with `document_type_ids`, only the rules of those types.
pub async fn list_document_rules(
    conn: &mut AsyncPgConnection,
    document_type_ids: Option<&[i64]>,
    limit: Option<i64>,
    offset: Option<i64>,
) -> DbResult<Vec<DocumentRuleView>> {
    let (limit, offset) = page(limit, offset);
    let mut query = document_rules::table
        .inner_join(document_types::table)
        .select((DocumentRule::as_select(), document_types::name))
        .order((document_rules::created_at.desc(), document_rules::id.desc()))
        .limit(limit)
        .offset(offset)
        .into_boxed();
    if let Some(type_ids) = document_type_ids {
        query = query.filter(document_rules::document_type_id.eq_any(type_ids.to_vec()));
    }
    let rows = query.load(conn).await.context("listing document rules")?;
    document_views(conn, rows).await
}

/// A document rule's state as lists show and filter it: whether it runs (ATTIVA).
pub const RULE_ACTIVE: &str = "active";
/// A paused document rule (IN PAUSA): kept, but not run on new documents.
pub const RULE_PAUSED: &str = "paused";

/// The state of a rule that is (or is not) `active`.
pub fn rule_state(active: bool) -> &'static str {
    if active { RULE_ACTIVE } else { RULE_PAUSED }
}

/// The `active` flag a state names; `None` for an unknown state.
pub fn parse_rule_state(state: &str) -> Option<bool> {
    match state.trim() {
        RULE_ACTIVE => Some(true),
        RULE_PAUSED => Some(false),
        _ => None,
    }
}

/// The sorts of the paged rule lists, each served by an index (migration 0007; id breaks
/// ties).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleSort {
    CreatedAt,
    Description,
}

/// The filters of the paged document rule list (`None`: no filter on that column).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DocumentRuleListFilter {
    pub id: Option<IdRange>,
    /// Substring of the description (trigram index).
    pub description: Option<String>,
    /// The accepted values of `active` (the state filter).
    pub active: Option<Vec<bool>>,
    /// Document type names.
    pub document_types: Option<Vec<String>>,
}

fn document_rules_filtered<'a, ST: 'a>(
    mut query: document_rules::BoxedQuery<'a, Pg, ST>,
    filter: &DocumentRuleListFilter,
) -> document_rules::BoxedQuery<'a, Pg, ST> {
    if let Some((lo, hi)) = filter.id {
        query = if lo == hi {
            query.filter(document_rules::id.eq(lo))
        } else {
            query.filter(document_rules::id.between(lo, hi))
        };
    }
    if let Some(text) = &filter.description {
        query = query.filter(document_rules::description.ilike(contains_pattern(text)));
    }
    if let Some(active) = &filter.active {
        query = query.filter(document_rules::active.eq_any(active.clone()));
    }
    if let Some(names) = &filter.document_types {
        query = query.filter(
            document_rules::document_type_id.eq_any(
                document_types::table
                    .filter(document_types::name.eq_any(names.clone()))
                    .select(document_types::id),
            ),
        );
    }
    query
}

/// One page of document rules, with their type and data tables, and how many match.
pub async fn page_document_rules(
    conn: &mut AsyncPgConnection,
    filter: &DocumentRuleListFilter,
    sort: RuleSort,
    page: PageRequest,
) -> DbResult<(Vec<DocumentRuleView>, i64)> {
    let page = page.bounded();
    let total: i64 = capped_count(document_rules_filtered(
        document_rules::table
            .select(document_rules::id)
            .into_boxed(),
        filter,
    ))
    .get_result(conn)
    .await
    .context("counting document rules")?;
    let query = document_rules_filtered(
        document_rules::table
            .select(DocumentRule::as_select())
            .into_boxed(),
        filter,
    );
    let query = match (sort, page.descending) {
        (RuleSort::CreatedAt, true) => {
            query.order((document_rules::created_at.desc(), document_rules::id.desc()))
        }
        (RuleSort::CreatedAt, false) => {
            query.order((document_rules::created_at.asc(), document_rules::id.asc()))
        }
        (RuleSort::Description, true) => query.order((
            document_rules::description.desc(),
            document_rules::id.desc(),
        )),
        (RuleSort::Description, false) => {
            query.order((document_rules::description.asc(), document_rules::id.asc()))
        }
    };
    let rules: Vec<DocumentRule> = query
        .limit(page.limit)
        .offset(page.offset)
        .load(conn)
        .await
        .context("listing a page of document rules")?;
    let mut type_ids: Vec<i64> = rules.iter().map(|r| r.document_type_id).collect();
    type_ids.sort_unstable();
    type_ids.dedup();
    let names: HashMap<i64, String> = document_types::table
        .filter(document_types::id.eq_any(type_ids))
        .select((document_types::id, document_types::name))
        .load::<(i64, String)>(conn)
        .await
        .context("reading the names of document types")?
        .into_iter()
        .collect();
    let rows = rules
        .into_iter()
        .map(|rule| {
            let name = names
                .get(&rule.document_type_id)
                .cloned()
                .unwrap_or_default();
            (rule, name)
        })
        .collect();
    Ok((document_views(conn, rows).await?, total))
}

pub async fn find_document_rule(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> DbResult<Option<DocumentRuleView>> {
    let row: Option<(DocumentRule, String)> = document_rules::table
        .inner_join(document_types::table)
        .filter(document_rules::id.eq(id))
        .select((DocumentRule::as_select(), document_types::name))
        .first(conn)
        .await
        .optional()
        .context("finding a document rule")?;
    Ok(document_views(conn, row.into_iter().collect()).await?.pop())
}

pub(super) async fn document_type_id(
    conn: &mut AsyncPgConnection,
    name: &str,
) -> Result<i64, EditError> {
    super::types::find_document_type(conn, name)
        .await?
        .map(|t| t.id)
        .ok_or_else(|| EditError::invalid("documentType", messages::type_not_found(name.trim())))
}

/// A new document rule as the API receives it.
#[derive(Debug, Clone, Default)]
pub struct DocumentRuleInput {
    pub document_type: String,
    pub description: String,
    /// Empty or `None`: the default template.
    pub code: Option<String>,
    /// Empty or `None`: the default `package.json`.
    pub package_json: Option<String>,
    pub data_tables: Vec<String>,
    pub nota: Option<String>,
}

/// A validated new document rule, ready to insert once its code compiles.
#[derive(Debug, Clone)]
pub struct PreparedDocumentRule {
    row: NewDocumentRule,
    data_table_ids: Vec<i64>,
    check: Option<CodeCheck>,
}

impl PreparedDocumentRule {
    /// The code to compile before inserting (`None`: the default template, known to compile).
    pub fn check(&self) -> Option<&CodeCheck> {
        self.check.as_ref()
    }
}

/// Refuses `code` (a rule or its helper.js) over `MAX_CODE_BYTES`.
pub fn within_code_limit(field: &'static str, code: Option<&str>) -> Result<(), EditError> {
    match code.and_then(code_size_error) {
        Some(message) => Err(EditError::invalid(field, message)),
        None => Ok(()),
    }
}

pub async fn prepare_document_rule(
    conn: &mut AsyncPgConnection,
    input: DocumentRuleInput,
) -> Result<PreparedDocumentRule, EditError> {
    let description = input.description.trim().to_owned();
    if description.is_empty() {
        return Err(EditError::invalid(
            "description",
            messages::all_fields_required(),
        ));
    }
    if input.document_type.trim().is_empty() {
        return Err(EditError::invalid(
            "documentType",
            messages::all_fields_required(),
        ));
    }
    let package_json = package_json_or_default(input.package_json)?;
    let document_type_id = document_type_id(conn, &input.document_type).await?;
    let data_table_ids = resolve_names(conn, "dataTables", &input.data_tables).await?;
    within_code_limit("code", input.code.as_deref())?;
    let (code, check) = match input.code.filter(|c| !c.trim().is_empty()) {
        Some(code) => (
            code.clone(),
            Some(CodeCheck {
                kind: RuleKind::Document,
                code,
                helper: None,
            }),
        ),
        None => (rule_template(RuleKind::Document).to_owned(), None),
    };
    Ok(PreparedDocumentRule {
        row: NewDocumentRule {
            id: new_id(),
            document_type_id,
            description,
            code,
            package_json,
            nota: input.nota.unwrap_or_default(),
            active: true,
        },
        data_table_ids,
        check,
    })
}

/// Inserts the prepared rule (its first version is the service's to record:
/// [`super::rule_versions::record`]). Call it inside a transaction.
pub async fn insert_document_rule(
    conn: &mut AsyncPgConnection,
    prepared: &PreparedDocumentRule,
) -> Result<DocumentRuleView, EditError> {
    let id = prepared.row.id;
    async {
        diesel::insert_into(document_rules::table)
            .values(&prepared.row)
            .execute(conn)
            .await
            .context("creating a document rule")?;
        link_document_tables(conn, id, &prepared.data_table_ids).await?;
        Ok(())
    }
    .await
    .map_err(foreign_key_as_input)?;
    find_document_rule(conn, id)
        .await?
        .ok_or_else(|| rule_not_found(id))
}

/// A type or data table deleted between prepare and write.
pub(super) fn foreign_key_as_input(error: DbError) -> EditError {
    if error.is_foreign_key_violation() {
        EditError::invalid("dataTables", messages::reference_deleted())
    } else {
        error.into()
    }
}

/// Changes of a document rule; `None` leaves a field alone.
#[derive(Debug, Clone, Default)]
pub struct DocumentRuleEdit {
    pub description: Option<String>,
    pub code: Option<String>,
    /// A new helper.js, saved with the rest in the same version.
    pub helper: Option<String>,
    pub package_json: Option<String>,
    pub data_tables: Option<Vec<String>>,
    pub document_type: Option<String>,
    pub nota: Option<String>,
    pub active: Option<bool>,
}

/// Validated changes of a document rule, ready to apply once its code compiles.
#[derive(Debug, Clone)]
pub struct PreparedDocumentRuleUpdate {
    id: Uuid,
    changes: DocumentRuleChanges,
    helper: Option<String>,
    data_table_ids: Option<Vec<i64>>,
    check: Option<CodeCheck>,
}

impl PreparedDocumentRuleUpdate {
    /// What the update changes, by the API's names (`code`, `helper`, `active`, …), for its
    /// audit entry.
    pub fn changed_fields(&self) -> Vec<&'static str> {
        let c = &self.changes;
        [
            ("description", c.description.is_some()),
            ("documentType", c.document_type_id.is_some()),
            ("code", c.code.is_some()),
            ("helper", self.helper.is_some()),
            ("packageJSON", c.package_json.is_some()),
            ("dataTables", self.data_table_ids.is_some()),
            ("nota", c.nota.is_some()),
            ("active", c.active.is_some()),
        ]
        .into_iter()
        .filter_map(|(name, changed)| changed.then_some(name))
        .collect()
    }

    /// The active flag the update sets, if it does.
    pub fn active(&self) -> Option<bool> {
        self.changes.active
    }

    /// The code to compile before applying (`None`: the code does not change), as it was
    /// when prepared.
    pub fn check(&self) -> Option<&CodeCheck> {
        self.check.as_ref()
    }

    /// The code to compile before applying, as the rule is now: under the rule's lock, what
    /// the update will save. A change of the saved code or helper since the update was
    /// prepared makes it differ from [`Self::check`].
    pub async fn check_now(
        &self,
        conn: &mut AsyncPgConnection,
    ) -> Result<Option<CodeCheck>, EditError> {
        code_check(
            conn,
            RuleKind::Document,
            self.id,
            &self.changes.code,
            &self.helper,
        )
        .await
    }
}

/// What to compile before an update: the new code with the new helper, either one falling back
/// to the saved one; `None` when neither changes.
async fn code_check(
    conn: &mut AsyncPgConnection,
    kind: RuleKind,
    id: Uuid,
    code: &Option<String>,
    helper: &Option<String>,
) -> Result<Option<CodeCheck>, EditError> {
    if code.is_none() && helper.is_none() {
        return Ok(None);
    }
    let code = match code {
        Some(code) => code.clone(),
        None => match kind {
            RuleKind::Document => document_rules::table
                .find(id)
                .select(document_rules::code)
                .first(conn)
                .await
                .context("reading a document rule's code")?,
            RuleKind::Dossier => dossier_rules::table
                .find(id)
                .select(dossier_rules::code)
                .first(conn)
                .await
                .context("reading a dossier rule's code")?,
        },
    };
    let helper = match helper {
        Some(helper) => Some(helper.clone()),
        None => helper_code::helper_of(conn, id).await?,
    };
    Ok(Some(CodeCheck { kind, code, helper }))
}

pub async fn prepare_document_rule_update(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    edit: DocumentRuleEdit,
) -> Result<PreparedDocumentRuleUpdate, EditError> {
    let description = edit.description.map(|d| d.trim().to_owned());
    if description.as_deref() == Some("") {
        return Err(EditError::invalid(
            "description",
            messages::all_fields_required(),
        ));
    }
    if edit.code.as_deref().is_some_and(|c| c.trim().is_empty()) {
        return Err(EditError::invalid("code", messages::rule_code_empty()));
    }
    within_code_limit("code", edit.code.as_deref())?;
    within_code_limit("helper", edit.helper.as_deref())?;
    let package_json = checked_package_json(edit.package_json)?;
    if !document_rules::table
        .find(id)
        .count()
        .get_result::<i64>(conn)
        .await
        .context("finding a document rule")?
        > 0
    {
        return Err(rule_not_found(id));
    }
    let document_type_id = match edit.document_type {
        Some(name) if name.trim().is_empty() => {
            return Err(EditError::invalid(
                "documentType",
                messages::all_fields_required(),
            ));
        }
        Some(name) => Some(document_type_id(conn, &name).await?),
        None => None,
    };
    let data_table_ids = match edit.data_tables {
        Some(names) => Some(resolve_names(conn, "dataTables", &names).await?),
        None => None,
    };
    let check = code_check(conn, RuleKind::Document, id, &edit.code, &edit.helper).await?;
    Ok(PreparedDocumentRuleUpdate {
        id,
        helper: edit.helper,
        changes: DocumentRuleChanges {
            document_type_id,
            description,
            code: edit.code,
            package_json,
            nota: edit.nota,
            active: edit.active,
        },
        data_table_ids,
        check,
    })
}

// ---------------------------------------------------------------------------------------
// Dossier rules.

/// A dossier rule with its dossier type's name and its data tables' names.
#[derive(Debug, Clone, PartialEq)]
pub struct DossierRuleView {
    pub rule: DossierRule,
    pub dossier_type: Option<String>,
    pub data_tables: Vec<String>,
}

async fn dossier_views(
    conn: &mut AsyncPgConnection,
    rows: Vec<(DossierRule, Option<String>)>,
) -> DbResult<Vec<DossierRuleView>> {
    let ids: Vec<Uuid> = rows.iter().map(|(rule, _)| rule.id).collect();
    let links: Vec<(Uuid, String)> = dossier_rule_data_tables::table
        .inner_join(data_tables::table)
        .filter(dossier_rule_data_tables::dossier_rule_id.eq_any(&ids))
        .select((dossier_rule_data_tables::dossier_rule_id, data_tables::name))
        .order(data_tables::name)
        .load(conn)
        .await
        .context("loading the data tables of dossier rules")?;
    let mut tables: HashMap<Uuid, Vec<String>> = HashMap::new();
    for (id, name) in links {
        tables.entry(id).or_default().push(name);
    }
    Ok(rows
        .into_iter()
        .map(|(rule, dossier_type)| DossierRuleView {
            data_tables: tables.remove(&rule.id).unwrap_or_default(),
            rule,
            dossier_type,
        })
        .collect())
}

/// The first `max` lines of `code` containing `search` (ignoring case, as the code filters
/// do), with their 1-based numbers. An empty search matches nothing.
pub fn matching_lines<'a>(code: &'a str, search: &str, max: usize) -> Vec<(usize, &'a str)> {
    if search.trim().is_empty() {
        return Vec::new();
    }
    let needle = search.to_lowercase();
    code.lines()
        .enumerate()
        .filter(|(_, line)| line.to_lowercase().contains(&needle))
        .take(max)
        .map(|(index, line)| (index + 1, line))
        .collect()
}

/// Which dossier rules a list shows.
#[derive(Debug, Clone, Default)]
pub struct DossierRuleFilter {
    /// Only rules whose code contains this text (any case; the trigram index serves it).
    pub code_contains: Option<String>,
    /// Only the rules marked NON VALIDA.
    pub only_invalid: bool,
    /// Only the rules restricted to one of these dossier types.
    pub dossier_type_ids: Option<Vec<i64>>,
}

/// Dossier rules, newest first.
pub async fn list_dossier_rules(
    conn: &mut AsyncPgConnection,
    filter: DossierRuleFilter,
    limit: Option<i64>,
    offset: Option<i64>,
) -> DbResult<Vec<DossierRuleView>> {
    let (limit, offset) = page(limit, offset);
    let mut query = dossier_rules::table
        .left_join(dossier_types::table)
        .select((DossierRule::as_select(), dossier_types::name.nullable()))
        .order((dossier_rules::created_at.desc(), dossier_rules::id.desc()))
        .limit(limit)
        .offset(offset)
        .into_boxed();
    if let Some(text) = filter
        .code_contains
        .as_deref()
        .filter(|t| !t.trim().is_empty())
    {
        query = query.filter(dossier_rules::code.ilike(contains_pattern(text)));
    }
    if filter.only_invalid {
        query = query.filter(dossier_rules::valid.eq(false));
    }
    if let Some(type_ids) = filter.dossier_type_ids {
        query = query.filter(dossier_rules::dossier_type_id.eq_any(type_ids));
    }
    let rows = query.load(conn).await.context("listing dossier rules")?;
    dossier_views(conn, rows).await
}

/// The filters of the paged dossier rule list (`None`: no filter on that column).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DossierRuleListFilter {
    pub id: Option<IdRange>,
    /// Substring of the description (trigram index).
    pub description: Option<String>,
    /// Names of the dossier types the rules are restricted to.
    pub dossier_types: Option<Vec<String>>,
    /// The name of a dossier type: the rules its dossiers run — restricted to it, or to no type.
    pub runs_for: Option<String>,
    /// Substring of the code, any case ("Cerca codice"; trigram index).
    pub code: Option<String>,
}

fn dossier_rules_filtered<'a, ST: 'a>(
    mut query: dossier_rules::BoxedQuery<'a, Pg, ST>,
    filter: &DossierRuleListFilter,
) -> dossier_rules::BoxedQuery<'a, Pg, ST> {
    if let Some((lo, hi)) = filter.id {
        query = if lo == hi {
            query.filter(dossier_rules::id.eq(lo))
        } else {
            query.filter(dossier_rules::id.between(lo, hi))
        };
    }
    if let Some(text) = &filter.description {
        query = query.filter(dossier_rules::description.ilike(contains_pattern(text)));
    }
    if let Some(text) = &filter.code {
        query = query.filter(dossier_rules::code.ilike(contains_pattern(text)));
    }
    if let Some(names) = &filter.dossier_types {
        query = query.filter(
            dossier_rules::dossier_type_id.eq_any(
                dossier_types::table
                    .filter(dossier_types::name.eq_any(names.clone()))
                    .select(dossier_types::id.nullable()),
            ),
        );
    }
    if let Some(name) = &filter.runs_for {
        query = query.filter(
            dossier_rules::dossier_type_id
                .is_null()
                .or(dossier_rules::dossier_type_id.eq_any(
                    dossier_types::table
                        .filter(dossier_types::name.eq(name.clone()))
                        .select(dossier_types::id.nullable()),
                )),
        );
    }
    query
}

/// One page of dossier rules, with their type and data tables, and how many match.
pub async fn page_dossier_rules(
    conn: &mut AsyncPgConnection,
    filter: &DossierRuleListFilter,
    sort: RuleSort,
    page: PageRequest,
) -> DbResult<(Vec<DossierRuleView>, i64)> {
    let page = page.bounded();
    let total: i64 = capped_count(dossier_rules_filtered(
        dossier_rules::table.select(dossier_rules::id).into_boxed(),
        filter,
    ))
    .get_result(conn)
    .await
    .context("counting dossier rules")?;
    let query = dossier_rules_filtered(
        dossier_rules::table
            .select(DossierRule::as_select())
            .into_boxed(),
        filter,
    );
    let query = match (sort, page.descending) {
        (RuleSort::CreatedAt, true) => {
            query.order((dossier_rules::created_at.desc(), dossier_rules::id.desc()))
        }
        (RuleSort::CreatedAt, false) => {
            query.order((dossier_rules::created_at.asc(), dossier_rules::id.asc()))
        }
        (RuleSort::Description, true) => {
            query.order((dossier_rules::description.desc(), dossier_rules::id.desc()))
        }
        (RuleSort::Description, false) => {
            query.order((dossier_rules::description.asc(), dossier_rules::id.asc()))
        }
    };
    let rules: Vec<DossierRule> = query
        .limit(page.limit)
        .offset(page.offset)
        .load(conn)
        .await
        .context("listing a page of dossier rules")?;
    let mut type_ids: Vec<i64> = rules.iter().filter_map(|r| r.dossier_type_id).collect();
    type_ids.sort_unstable();
    type_ids.dedup();
    let names: HashMap<i64, String> = dossier_types::table
        .filter(dossier_types::id.eq_any(type_ids))
        .select((dossier_types::id, dossier_types::name))
        .load::<(i64, String)>(conn)
        .await
        .context("reading the names of dossier types")?
        .into_iter()
        .collect();
    let rows = rules
        .into_iter()
        .map(|rule| {
            let name = rule.dossier_type_id.and_then(|id| names.get(&id).cloned());
            (rule, name)
        })
        .collect();
    Ok((dossier_views(conn, rows).await?, total))
}

pub async fn find_dossier_rule(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> DbResult<Option<DossierRuleView>> {
    let row: Option<(DossierRule, Option<String>)> = dossier_rules::table
        .left_join(dossier_types::table)
        .filter(dossier_rules::id.eq(id))
        .select((DossierRule::as_select(), dossier_types::name.nullable()))
        .first(conn)
        .await
        .optional()
        .context("finding a dossier rule")?;
    Ok(dossier_views(conn, row.into_iter().collect()).await?.pop())
}

pub(super) async fn dossier_type_id(
    conn: &mut AsyncPgConnection,
    name: &str,
) -> Result<i64, EditError> {
    super::types::find_dossier_type(conn, name)
        .await?
        .map(|t| t.id)
        .ok_or_else(|| EditError::invalid("dossierType", messages::type_not_found(name.trim())))
}

/// A new dossier rule as the API receives it.
#[derive(Debug, Clone, Default)]
pub struct DossierRuleInput {
    pub description: String,
    pub istituto_appartenenza: String,
    /// Empty or `None`: the default template.
    pub code: Option<String>,
    /// Empty or `None`: the default `package.json`.
    pub package_json: Option<String>,
    pub must_contain: Vec<String>,
    pub not_contain: Vec<String>,
    pub nota: Option<String>,
    pub gruppo: Vec<String>,
    /// By name; `None` (or empty): every dossier type.
    pub dossier_type: Option<String>,
    pub data_tables: Vec<String>,
}

/// A validated new dossier rule, ready to insert once its code compiles.
#[derive(Debug, Clone)]
pub struct PreparedDossierRule {
    row: NewDossierRule,
    data_table_ids: Vec<i64>,
    check: Option<CodeCheck>,
}

impl PreparedDossierRule {
    /// The code to compile before inserting (`None`: the default template, known to compile).
    pub fn check(&self) -> Option<&CodeCheck> {
        self.check.as_ref()
    }
}

fn required_name(description: &str) -> Result<String, EditError> {
    let description = description.trim();
    if description.is_empty() {
        return Err(EditError::invalid(
            "description",
            messages::rule_name_required(),
        ));
    }
    Ok(description.to_owned())
}

fn required_institute(institute: &str) -> Result<String, EditError> {
    let institute = institute.trim();
    if institute.is_empty() {
        return Err(EditError::invalid(
            "istitutoAppartenenza",
            messages::institute_required(),
        ));
    }
    Ok(institute.to_owned())
}

pub async fn prepare_dossier_rule(
    conn: &mut AsyncPgConnection,
    input: DossierRuleInput,
) -> Result<PreparedDossierRule, EditError> {
    let description = required_name(&input.description)?;
    let istituto_appartenenza = required_institute(&input.istituto_appartenenza)?;
    let package_json = package_json_or_default(input.package_json)?;
    let dossier_type_id = match input.dossier_type.filter(|t| !t.trim().is_empty()) {
        Some(name) => Some(dossier_type_id(conn, &name).await?),
        None => None,
    };
    let data_table_ids = resolve_names(conn, "dataTables", &input.data_tables).await?;
    within_code_limit("code", input.code.as_deref())?;
    let (code, check) = match input.code.filter(|c| !c.trim().is_empty()) {
        Some(code) => (
            code.clone(),
            Some(CodeCheck {
                kind: RuleKind::Dossier,
                code,
                helper: None,
            }),
        ),
        None => (rule_template(RuleKind::Dossier).to_owned(), None),
    };
    Ok(PreparedDossierRule {
        row: NewDossierRule {
            id: new_id(),
            description,
            istituto_appartenenza,
            code,
            package_json,
            must_contain: strings(input.must_contain),
            not_contain: strings(input.not_contain),
            nota: input.nota.unwrap_or_default(),
            gruppo: strings(input.gruppo),
            dossier_type_id,
            active: true,
            valid: true,
        },
        data_table_ids,
        check,
    })
}

/// Inserts the prepared rule (its first version is the service's to record:
/// [`super::rule_versions::record`]). Call it inside a transaction.
pub async fn insert_dossier_rule(
    conn: &mut AsyncPgConnection,
    prepared: &PreparedDossierRule,
) -> Result<DossierRuleView, EditError> {
    let id = prepared.row.id;
    async {
        diesel::insert_into(dossier_rules::table)
            .values(&prepared.row)
            .execute(conn)
            .await
            .context("creating a dossier rule")?;
        link_dossier_tables(conn, id, &prepared.data_table_ids).await?;
        Ok(())
    }
    .await
    .map_err(foreign_key_as_input)?;
    find_dossier_rule(conn, id)
        .await?
        .ok_or_else(|| rule_not_found(id))
}

/// Changes of a dossier rule; `None` leaves a field alone.
#[derive(Debug, Clone, Default)]
pub struct DossierRuleEdit {
    pub description: Option<String>,
    pub istituto_appartenenza: Option<String>,
    pub code: Option<String>,
    pub package_json: Option<String>,
    pub must_contain: Option<Vec<String>>,
    pub not_contain: Option<Vec<String>>,
    pub nota: Option<String>,
    pub gruppo: Option<Vec<String>>,
    /// `Some(None)` (or an empty name) lifts the restriction to a dossier type.
    pub dossier_type: Option<Option<String>>,
    pub data_tables: Option<Vec<String>>,
    pub active: Option<bool>,
    /// A new helper.js, saved with the rest in the same version.
    pub helper: Option<String>,
}

/// Validated changes of a dossier rule, ready to apply once its code compiles.
#[derive(Debug, Clone)]
pub struct PreparedDossierRuleUpdate {
    id: Uuid,
    changes: DossierRuleChanges,
    helper: Option<String>,
    data_table_ids: Option<Vec<i64>>,
    check: Option<CodeCheck>,
}

impl PreparedDossierRuleUpdate {
    /// What the update changes, by the API's names (`code`, `helper`, `mustContain`, …), for
    /// its audit entry.
    pub fn changed_fields(&self) -> Vec<&'static str> {
        let c = &self.changes;
        [
            ("description", c.description.is_some()),
            ("istitutoAppartenenza", c.istituto_appartenenza.is_some()),
            ("dossierType", c.dossier_type_id.is_some()),
            ("code", c.code.is_some()),
            ("helper", self.helper.is_some()),
            ("packageJSON", c.package_json.is_some()),
            ("mustContain", c.must_contain.is_some()),
            ("notContain", c.not_contain.is_some()),
            ("gruppo", c.gruppo.is_some()),
            ("dataTables", self.data_table_ids.is_some()),
            ("nota", c.nota.is_some()),
            ("active", c.active.is_some()),
        ]
        .into_iter()
        .filter_map(|(name, changed)| changed.then_some(name))
        .collect()
    }

    /// The active flag the update sets, if it does.
    pub fn active(&self) -> Option<bool> {
        self.changes.active
    }

    /// The code to compile before applying (`None`: the code does not change), as it was
    /// when prepared.
    pub fn check(&self) -> Option<&CodeCheck> {
        self.check.as_ref()
    }

    /// The code to compile before applying, as the rule is now: under the rule's lock, what
    /// the update will save. A change of the saved code or helper since the update was
    /// prepared makes it differ from [`Self::check`].
    pub async fn check_now(
        &self,
        conn: &mut AsyncPgConnection,
    ) -> Result<Option<CodeCheck>, EditError> {
        code_check(
            conn,
            RuleKind::Dossier,
            self.id,
            &self.changes.code,
            &self.helper,
        )
        .await
    }
}

pub async fn prepare_dossier_rule_update(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    edit: DossierRuleEdit,
) -> Result<PreparedDossierRuleUpdate, EditError> {
    let description = edit.description.as_deref().map(required_name).transpose()?;
    let istituto_appartenenza = edit
        .istituto_appartenenza
        .as_deref()
        .map(required_institute)
        .transpose()?;
    if edit.code.as_deref().is_some_and(|c| c.trim().is_empty()) {
        return Err(EditError::invalid("code", messages::rule_code_empty()));
    }
    within_code_limit("code", edit.code.as_deref())?;
    within_code_limit("helper", edit.helper.as_deref())?;
    let package_json = checked_package_json(edit.package_json)?;
    if !dossier_rules::table
        .find(id)
        .count()
        .get_result::<i64>(conn)
        .await
        .context("finding a dossier rule")?
        > 0
    {
        return Err(rule_not_found(id));
    }
    let dossier_type_id = match edit.dossier_type {
        None => None,
        Some(name) => match name.filter(|n| !n.trim().is_empty()) {
            None => Some(None),
            Some(name) => Some(Some(dossier_type_id(conn, &name).await?)),
        },
    };
    let data_table_ids = match edit.data_tables {
        Some(names) => Some(resolve_names(conn, "dataTables", &names).await?),
        None => None,
    };
    let check = code_check(conn, RuleKind::Dossier, id, &edit.code, &edit.helper).await?;
    Ok(PreparedDossierRuleUpdate {
        id,
        helper: edit.helper,
        changes: DossierRuleChanges {
            description,
            istituto_appartenenza,
            code: edit.code,
            package_json,
            must_contain: edit.must_contain.map(strings),
            not_contain: edit.not_contain.map(strings),
            nota: edit.nota,
            gruppo: edit.gruppo.map(strings),
            dossier_type_id,
            active: edit.active,
            valid: None,
        },
        data_table_ids,
        check,
    })
}

// ---------------------------------------------------------------------------------------
// What the two kinds do the same way on their own tables.

/// The writes of a rule that document and dossier rules make the same way on their own tables:
/// `$link` replaces a rule's data tables in its link table `$links` (rule column `$rule_column`,
/// new rows `$New`); `$apply` applies a `$Prepared` update (the row, the data tables, the helper)
/// and answers the rule as `$find` reads it; `$delete` deletes a rule of `$rules` (its data
/// table links and helper go with it; its executions and logs stay, without the link) and
/// answers its description.
macro_rules! rule_table_writes {
    (
        $kind:literal, $rule_kind:expr, $rules:ident, $links:ident, $rule_column:ident,
        $New:ident, $Prepared:ty, $View:ty, $find:ident,
        $link:ident, $apply:ident, $delete:ident
    ) => {
        pub(super) async fn $link(
            conn: &mut AsyncPgConnection,
            id: Uuid,
            table_ids: &[i64],
        ) -> DbResult<()> {
            diesel::delete($links::table.filter($links::$rule_column.eq(id)))
                .execute(conn)
                .await
                .context(concat!("unlinking the data tables of a ", $kind, " rule"))?;
            let links: Vec<$New> = table_ids
                .iter()
                .map(|&data_table_id| $New {
                    $rule_column: id,
                    data_table_id,
                })
                .collect();
            diesel::insert_into($links::table)
                .values(&links)
                .execute(conn)
                .await
                .context(concat!("linking data tables to a ", $kind, " rule"))?;
            Ok(())
        }

        /// Applies the prepared changes (the new version is the service's to record). Call it
        /// inside a transaction, with the rule locked ([`lock_rule`]).
        pub async fn $apply(
            conn: &mut AsyncPgConnection,
            prepared: &$Prepared,
        ) -> Result<$View, EditError> {
            let id = prepared.id;
            async {
                if !prepared.changes.is_empty() {
                    diesel::update($rules::table.find(id))
                        .set(prepared.changes.clone())
                        .execute(conn)
                        .await
                        .context(concat!("updating a ", $kind, " rule"))?;
                }
                if let Some(table_ids) = &prepared.data_table_ids {
                    $link(conn, id, table_ids).await?;
                }
                if let Some(helper) = &prepared.helper {
                    helper_code::save_helper(conn, $rule_kind, id, helper).await?;
                }
                Ok::<_, DbError>(())
            }
            .await
            .map_err(foreign_key_as_input)?;
            $find(conn, id).await?.ok_or_else(|| rule_not_found(id))
        }

        /// Deletes the rule and answers its description.
        pub async fn $delete(conn: &mut AsyncPgConnection, id: Uuid) -> Result<String, EditError> {
            diesel::delete($rules::table.find(id))
                .returning($rules::description)
                .get_result(conn)
                .await
                .optional()
                .context(concat!("deleting a ", $kind, " rule"))?
                .ok_or_else(|| rule_not_found(id))
        }
    };
}

rule_table_writes!(
    "document",
    RuleKind::Document,
    document_rules,
    document_rule_data_tables,
    document_rule_id,
    NewDocumentRuleDataTable,
    PreparedDocumentRuleUpdate,
    DocumentRuleView,
    find_document_rule,
    link_document_tables,
    apply_document_rule_update,
    delete_document_rule
);
rule_table_writes!(
    "dossier",
    RuleKind::Dossier,
    dossier_rules,
    dossier_rule_data_tables,
    dossier_rule_id,
    NewDossierRuleDataTable,
    PreparedDossierRuleUpdate,
    DossierRuleView,
    find_dossier_rule,
    link_dossier_tables,
    apply_dossier_rule_update,
    delete_dossier_rule
);

// ---------------------------------------------------------------------------------------
// Import (the format of `crate::rules::archive`).

/// One rule of an archive, validated and resolved, ready to save once its code compiles.
#[derive(Debug, Clone)]
pub struct PreparedImport {
    row: NewDossierRule,
    helper: Option<String>,
    data_table_ids: Vec<i64>,
}

impl PreparedImport {
    pub fn id(&self) -> Uuid {
        self.row.id
    }

    pub fn description(&self) -> &str {
        &self.row.description
    }

    /// The code to compile before saving: the rule with its helper.
    pub fn check(&self) -> CodeCheck {
        CodeCheck {
            kind: RuleKind::Dossier,
            code: self.row.code.clone(),
            helper: self.helper.clone(),
        }
    }
}

/// Validates the rules of an archive; errors name the rule.
pub async fn prepare_import(
    conn: &mut AsyncPgConnection,
    rules: Vec<ArchivedRule>,
) -> Result<Vec<PreparedImport>, EditError> {
    let mut prepared = Vec::with_capacity(rules.len());
    for rule in rules {
        let id = rule.metadata.id;
        let named = |error: EditError| match error {
            EditError::Invalid { field, message } => {
                EditError::invalid(field, messages::imported_rule_field(id, message))
            }
            other => other,
        };
        let meta = rule.metadata;
        let description = required_name(&meta.description).map_err(named)?;
        let istituto_appartenenza =
            required_institute(&meta.istituto_appartenenza).map_err(named)?;
        if rule.code.trim().is_empty() {
            return Err(named(EditError::invalid(
                "code",
                messages::rule_code_empty(),
            )));
        }
        validate_package_json(&rule.package_json)
            .map_err(|m| named(EditError::invalid("packageJSON", m)))?;
        let dossier_type_id = match meta.dossier_type.filter(|t| !t.trim().is_empty()) {
            Some(name) => Some(dossier_type_id(conn, &name).await.map_err(named)?),
            None => None,
        };
        let data_table_ids = resolve_names(conn, "dataTables", &meta.data_tables)
            .await
            .map_err(named)?;
        prepared.push(PreparedImport {
            row: NewDossierRule {
                id,
                description,
                istituto_appartenenza,
                code: rule.code,
                package_json: rule.package_json,
                must_contain: strings(meta.must_contain),
                not_contain: strings(meta.not_contain),
                nota: meta.nota,
                gruppo: strings(meta.gruppo),
                dossier_type_id,
                active: meta.active,
                valid: meta.valid,
            },
            helper: rule.helper,
            data_table_ids,
        });
    }
    Ok(prepared)
}

/// Saves imported rules: a rule whose id exists is updated (its data tables and helper
/// replaced by the archive's), the others are created. Call it inside a transaction.
pub async fn save_import(
    conn: &mut AsyncPgConnection,
    rules: &[PreparedImport],
) -> Result<Vec<DossierRuleView>, EditError> {
    let ids: Vec<Uuid> = rules.iter().map(PreparedImport::id).collect();
    async {
        for rule in rules {
            let row = &rule.row;
            diesel::insert_into(dossier_rules::table)
                .values(row)
                .on_conflict(dossier_rules::id)
                .do_update()
                .set(DossierRuleChanges {
                    description: Some(row.description.clone()),
                    istituto_appartenenza: Some(row.istituto_appartenenza.clone()),
                    code: Some(row.code.clone()),
                    package_json: Some(row.package_json.clone()),
                    must_contain: Some(row.must_contain.clone()),
                    not_contain: Some(row.not_contain.clone()),
                    nota: Some(row.nota.clone()),
                    gruppo: Some(row.gruppo.clone()),
                    dossier_type_id: Some(row.dossier_type_id),
                    active: Some(row.active),
                    valid: Some(row.valid),
                })
                .execute(conn)
                .await
                .context("importing a dossier rule")?;
            link_dossier_tables(conn, row.id, &rule.data_table_ids).await?;
            match &rule.helper {
                Some(code) => {
                    helper_code::save_helper(conn, RuleKind::Dossier, row.id, code).await?;
                }
                None => helper_code::delete_helper(conn, row.id).await?,
            }
        }
        Ok::<_, DbError>(())
    }
    .await
    .map_err(foreign_key_as_input)?;
    let mut views = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(view) = find_dossier_rule(conn, id).await? {
            views.push(view);
        }
    }
    Ok(views)
}

#[cfg(test)]
mod tests {
    use super::matching_lines;

    #[test]
    fn matching_lines_are_numbered_from_one_ignore_case_and_stop_at_max() {
        let code = "const a = 1;\nif (Importo > 0) {}\n// importo\nreturn importo;";
        assert_eq!(
            matching_lines(code, "IMPORTO", 2),
            vec![(2, "if (Importo > 0) {}"), (3, "// importo")]
        );
        assert!(matching_lines(code, "  ", 5).is_empty());
        assert!(matching_lines(code, "assente", 5).is_empty());
    }
}
