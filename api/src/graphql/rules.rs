//! Rule management (docs/domain.md#rules, #helper-code-packagejson, #input-rules-and-limits,
//! #operations "rules"): document rules, dossier rules (with the code search, the validity
//! lists and the zip import) and their `helper.js`.
//!
//! Every save goes through `shared::services::rules`, which owns compile on save: a save that
//! changes a rule's code or helper first has a worker compile it ([`Workers`]: a
//! [`RuleRunJob::Check`] on the high-priority `rule-runs` queue, awaited with the bounded
//! `job_wait_timeout`), so that a syntax error reaches the author at once — refused with
//! `BAD_USER_INPUT` 'Errore di sintassi alla riga L, colonna C: …' (the place in the
//! extensions, [`rule_error`]) and nothing saved. The API itself never compiles.

use std::sync::Arc;

use async_graphql::{
    ComplexObject, Context, Enum, ID, InputObject, MaybeUndefined, Object, SimpleObject,
};
use chrono::{DateTime, Utc};
use shared::db::repo::helper_code;
use shared::db::repo::rules::{
    self as repo, CodeCheck, DocumentRuleEdit, DocumentRuleInput, DocumentRuleListFilter,
    DocumentRuleView, DossierRuleEdit, DossierRuleFilter, DossierRuleInput, DossierRuleListFilter,
    DossierRuleView, RuleSort,
};
use shared::jobs::rules::CheckReply;
use shared::rate_limit;
use shared::rules::{DEFAULT_HELPER_CODE, RuleKind, archive, code_size_error};
use shared::services::rules::{self as service};
use uuid::Uuid;

use super::support::caller::{actor, claims, limit_error};
use super::support::errors::{bad_input, db_error, edit_error, forbidden, internal, not_found};
use super::support::ids;
use super::support::objects::NamedRef;
use super::support::rule_runs::{Workers, await_rule_run, rule_error};
use super::support::table::{Column, FilterKind, FilterValue, Page, TableInput, TableSpec, paging};
use crate::state::AppState;
use shared::messages::{self};

/// The document rule list's columns (`documentRulesPage`, docs/domain.md#document-rules): sorts
/// and filters each backed by an index (migrations 0002 and 0007).
const DOCUMENT_RULE_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("id").filter(FilterKind::Text),
        Column::new("description")
            .sortable()
            .filter(FilterKind::Text),
        Column::new("state").filter(FilterKind::Select),
        Column::new("documentType")
            .aliases(&["documentType.name", "document_type"])
            .filter(FilterKind::Select),
        Column::new("createdAt").aliases(&["created_at"]).sortable(),
    ],
    default_sort: "createdAt",
    default_descending: true,
};

/// The dossier rule list's columns (`dossierRulesPage`; the dossier type detail lists the
/// rules of its type).
const DOSSIER_RULE_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("id").filter(FilterKind::Text),
        Column::new("description")
            .sortable()
            .filter(FilterKind::Text),
        Column::new("dossierType")
            .aliases(&["dossierType.name", "dossier_type"])
            .filter(FilterKind::Select),
        // The rules a dossier type's dossiers run: its own and those of every type (one name).
        Column::new("runsFor").filter(FilterKind::Select),
        // "Cerca codice": a substring of the code (trigram index of migration 0002).
        Column::new("code").filter(FilterKind::Text),
        Column::new("createdAt").aliases(&["created_at"]).sortable(),
    ],
    default_sort: "createdAt",
    default_descending: true,
};

/// A document rule.
#[derive(SimpleObject, Clone)]
pub struct DocumentRule {
    pub id: ID,
    pub description: String,
    /// `active` (ATTIVA: it runs on the documents of its type) or `paused` (IN PAUSA), as
    /// `active` says.
    pub state: String,
    /// Whether it runs on new documents of its type (`setDocumentRuleActive`).
    pub active: bool,
    pub nota: String,
    pub code: String,
    #[graphql(name = "packageJSON")]
    pub package_json: String,
    pub document_type: NamedRef,
    pub data_tables: Vec<NamedRef>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<DocumentRuleView> for DocumentRule {
    fn from(view: DocumentRuleView) -> Self {
        let rule = view.rule;
        Self {
            id: ID(rule.id.to_string()),
            description: rule.description,
            state: repo::rule_state(rule.active).to_owned(),
            active: rule.active,
            nota: rule.nota,
            code: rule.code,
            package_json: rule.package_json,
            document_type: NamedRef {
                name: view.document_type,
            },
            data_tables: view
                .data_tables
                .into_iter()
                .map(|name| NamedRef { name })
                .collect(),
            created_at: rule.created_at,
            updated_at: rule.updated_at,
        }
    }
}

/// Which kind of rule a piece of code is.
#[derive(Enum, Clone, Copy, PartialEq, Eq)]
#[graphql(name = "RuleKind")]
pub enum RuleKindInput {
    Document,
    Dossier,
}

impl From<RuleKindInput> for RuleKind {
    fn from(kind: RuleKindInput) -> Self {
        match kind {
            RuleKindInput::Document => RuleKind::Document,
            RuleKindInput::Dossier => RuleKind::Dossier,
        }
    }
}

/// What `checkRuleCode` found: `ok`, or the first problem — a syntax error at 1-based `line`
/// and `column` of `file` (`rule.js`: the rule, `helper.js`: its helper), or a failure
/// without a place.
#[derive(SimpleObject)]
pub struct RuleCodeCheck {
    pub ok: bool,
    pub file: Option<String>,
    pub line: Option<u32>,
    pub column: Option<u32>,
    pub message: Option<String>,
}

impl From<CheckReply> for RuleCodeCheck {
    fn from(reply: CheckReply) -> Self {
        match reply {
            CheckReply::Ok => Self {
                ok: true,
                file: None,
                line: None,
                column: None,
                message: None,
            },
            CheckReply::Syntax {
                file,
                line,
                column,
                message,
            } => Self {
                ok: false,
                file: Some(file),
                line: Some(line),
                column: Some(column),
                message: Some(message),
            },
            CheckReply::Failed { message } => Self {
                ok: false,
                file: None,
                line: None,
                column: None,
                message: Some(message),
            },
        }
    }
}

/// A line of a rule's code.
#[derive(SimpleObject)]
pub struct CodeLine {
    /// 1-based.
    pub line: usize,
    pub text: String,
}

/// How many matching lines `codeMatches` answers.
const MAX_CODE_MATCHES: usize = 5;

/// A dossier rule.
#[derive(SimpleObject, Clone)]
#[graphql(complex)]
pub struct DossierRule {
    pub id: ID,
    pub description: String,
    pub istituto_appartenenza: String,
    pub code: String,
    #[graphql(name = "packageJSON")]
    pub package_json: String,
    pub must_contain: Vec<String>,
    pub not_contain: Vec<String>,
    pub nota: String,
    pub gruppo: Vec<String>,
    /// The dossier type it is restricted to; null: every type.
    pub dossier_type: Option<NamedRef>,
    pub data_tables: Vec<NamedRef>,
    pub active: bool,
    /// False once a validation found the institute's new document breaks it (NON VALIDA).
    pub valid: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[ComplexObject]
impl DossierRule {
    /// The first lines of the code that contain `search` (any case), for "Cerca codice".
    async fn code_matches(&self, search: String) -> Vec<CodeLine> {
        repo::matching_lines(&self.code, &search, MAX_CODE_MATCHES)
            .into_iter()
            .map(|(line, text)| CodeLine {
                line,
                text: text.to_owned(),
            })
            .collect()
    }
}

impl From<DossierRuleView> for DossierRule {
    fn from(view: DossierRuleView) -> Self {
        let rule = view.rule;
        Self {
            id: ID(rule.id.to_string()),
            description: rule.description,
            istituto_appartenenza: rule.istituto_appartenenza,
            code: rule.code,
            package_json: rule.package_json,
            must_contain: rule.must_contain,
            not_contain: rule.not_contain,
            nota: rule.nota,
            gruppo: rule.gruppo,
            dossier_type: view.dossier_type.map(|name| NamedRef { name }),
            data_tables: view
                .data_tables
                .into_iter()
                .map(|name| NamedRef { name })
                .collect(),
            active: rule.active,
            valid: rule.valid,
            created_at: rule.created_at,
            updated_at: rule.updated_at,
        }
    }
}

/// `helper.js` of a rule; `id` is the rule's id.
#[derive(SimpleObject)]
pub struct HelperCode {
    pub id: ID,
    pub description: String,
    pub code: String,
}

/// A new document rule. Empty `code` / `packageJSON`: the default template / package.json.
#[derive(InputObject)]
pub struct CreateDocumentRuleInput {
    pub document_type: Option<String>,
    pub description: Option<String>,
    pub code: Option<String>,
    /// Names of the data tables the rule receives.
    pub data_tables: Option<Vec<String>>,
    #[graphql(name = "packageJSON")]
    pub package_json: Option<String>,
    pub nota: Option<String>,
}

/// Changes of a document rule; a field left out stays as it is.
#[derive(InputObject)]
pub struct UpdateDocumentRuleInput {
    pub description: Option<String>,
    pub code: Option<String>,
    /// A new helper.js, saved with the rest as one version (needs `updateHelperCode` too).
    pub helper: Option<String>,
    #[graphql(name = "packageJSON")]
    pub package_json: Option<String>,
    /// Replaces the linked data tables (names).
    pub data_tables: Option<Vec<String>>,
    pub document_type: Option<String>,
    pub nota: Option<String>,
}

/// A new dossier rule. Empty `code` / `packageJSON`: the default template / package.json.
#[derive(InputObject)]
pub struct CreateDossierRuleInput {
    pub description: Option<String>,
    pub istituto_appartenenza: Option<String>,
    pub code: Option<String>,
    #[graphql(name = "packageJSON")]
    pub package_json: Option<String>,
    pub must_contain: Option<Vec<String>>,
    pub not_contain: Option<Vec<String>>,
    pub nota: Option<String>,
    pub gruppo: Option<Vec<String>>,
    /// Name of the only dossier type it runs on; null: every type.
    pub dossier_type: Option<String>,
    pub data_tables: Option<Vec<String>>,
    /// A validation document to test the rule's mustContain / notContain against first: a
    /// rule that fails on it is not created (`RULE_NOT_VALID`, with the failed strings).
    #[graphql(name = "validationDocumentID")]
    pub validation_document_id: Option<ID>,
}

/// Changes of a dossier rule; a field left out stays as it is.
#[derive(InputObject)]
pub struct UpdateDossierRuleInput {
    pub istituto_appartenenza: Option<String>,
    pub description: Option<String>,
    pub code: Option<String>,
    /// A new helper.js, saved with the rest as one version (needs `updateHelperCode` too).
    pub helper: Option<String>,
    #[graphql(name = "packageJSON")]
    pub package_json: Option<String>,
    pub must_contain: Option<Vec<String>>,
    pub not_contain: Option<Vec<String>>,
    pub nota: Option<String>,
    pub gruppo: Option<Vec<String>>,
    /// Name of the only dossier type it runs on; null lifts the restriction.
    pub dossier_type: MaybeUndefined<String>,
}

/// An update that carries helper.js needs `updateHelperCode` as well as its own resource.
fn may_update_helper(
    ctx: &Context<'_>,
    state: &AppState,
    with_helper: bool,
) -> async_graphql::Result<()> {
    if with_helper && !state.access.allows(&claims(ctx)?.email, "updateHelperCode") {
        return Err(forbidden(messages::helper_permission()));
    }
    Ok(())
}

async fn load_document_rule(state: &AppState, id: Uuid) -> async_graphql::Result<DocumentRule> {
    let mut conn = state.db.get().await.map_err(internal)?;
    repo::find_document_rule(&mut conn, id)
        .await
        .map_err(db_error)?
        .map(DocumentRule::from)
        .ok_or_else(|| not_found(messages::rule_not_found(id)))
}

async fn load_dossier_rule(state: &AppState, id: Uuid) -> async_graphql::Result<DossierRule> {
    let mut conn = state.db.get().await.map_err(internal)?;
    repo::find_dossier_rule(&mut conn, id)
        .await
        .map_err(db_error)?
        .map(DossierRule::from)
        .ok_or_else(|| not_found(messages::rule_not_found(id)))
}

#[derive(Default)]
pub struct RulesQuery;

/// A page of the dossier rules `filter` selects, newest first.
/// Saves `edit` of the document rule `id` for the caller.
async fn save_document_rule(
    ctx: &Context<'_>,
    id: &ID,
    edit: DocumentRuleEdit,
) -> async_graphql::Result<DocumentRule> {
    let state = ctx.data::<Arc<AppState>>()?;
    let view = service::update_document_rule(
        &state.db,
        &Workers(state),
        ids::rule(id)?,
        edit,
        &actor(claims(ctx)?),
    )
    .await
    .map_err(rule_error)?;
    Ok(view.into())
}

/// Saves `edit` of the dossier rule `id` for the caller.
async fn save_dossier_rule(
    ctx: &Context<'_>,
    id: &ID,
    edit: DossierRuleEdit,
) -> async_graphql::Result<DossierRule> {
    let state = ctx.data::<Arc<AppState>>()?;
    let view = service::update_dossier_rule(
        &state.db,
        &Workers(state),
        ids::rule(id)?,
        edit,
        &actor(claims(ctx)?),
    )
    .await
    .map_err(rule_error)?;
    Ok(view.into())
}

async fn list_dossier_rules(
    ctx: &Context<'_>,
    filter: DossierRuleFilter,
    limit: Option<i32>,
    offset: Option<i32>,
) -> async_graphql::Result<Vec<DossierRule>> {
    let state = ctx.data::<Arc<AppState>>()?;
    let (limit, offset) = paging(limit, offset);
    let mut conn = state.db.get().await.map_err(internal)?;
    let rules = repo::list_dossier_rules(&mut conn, filter, limit, offset)
        .await
        .map_err(db_error)?;
    Ok(rules.into_iter().map(DossierRule::from).collect())
}

#[Object]
impl RulesQuery {
    /// Compiles unsaved rule `code` (with its unsaved `helper`) with the real runtime, as a
    /// save would, without saving anything: the editor's syntax check as the author types.
    async fn check_rule_code(
        &self,
        ctx: &Context<'_>,
        kind: RuleKindInput,
        code: String,
        helper: Option<String>,
    ) -> async_graphql::Result<RuleCodeCheck> {
        let state = ctx.data::<Arc<AppState>>()?;
        let counters = rate_limit::code_check_counters(&claims(ctx)?.email);
        state.limits.take(&counters).await.map_err(limit_error)?;
        for (field, text) in [("code", Some(&code)), ("helper", helper.as_ref())] {
            if let Some(message) = text.and_then(|t| code_size_error(t)) {
                return Err(bad_input(field, message));
            }
        }
        let check = CodeCheck {
            kind: kind.into(),
            code,
            helper: helper.filter(|h| !h.trim().is_empty()),
        };
        let reply: CheckReply = await_rule_run(
            state,
            service::check_job(&check, true),
            &claims(ctx)?.email,
            messages::check_unavailable,
        )
        .await?;
        Ok(reply.into())
    }

    /// Document rules, newest first (at most `limit`, default and maximum 1000, from
    /// `offset`).
    async fn document_rules(
        &self,
        ctx: &Context<'_>,
        limit: Option<i32>,
        offset: Option<i32>,
    ) -> async_graphql::Result<Vec<DocumentRule>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let (limit, offset) = paging(limit, offset);
        let mut conn = state.db.get().await.map_err(internal)?;
        let rules = repo::list_document_rules(&mut conn, None, limit, offset)
            .await
            .map_err(db_error)?;
        Ok(rules.into_iter().map(DocumentRule::from).collect())
    }

    /// One page of document rules (docs/domain.md#document-rules): sorted by `createdAt`
    /// (default, descending) or `description`; filtered by `id` (prefix) and `description`
    /// (`text`), `state` (`select`: `active`, `paused`) and `documentType` (`select`: names).
    async fn document_rules_page(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<DocumentRule>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = DOCUMENT_RULE_TABLE.parse(input)?;
        let mut filter = DocumentRuleListFilter {
            id: table.id_range("id")?,
            active: table.selected("state", repo::parse_rule_state)?,
            document_types: table.selected("documentType", |v| Some(v.to_owned()))?,
            ..DocumentRuleListFilter::default()
        };
        if let Some(FilterValue::Text(text)) = table.filter("description") {
            filter.description = Some(text.clone());
        }
        let sort = match table.sort {
            "description" => RuleSort::Description,
            _ => RuleSort::CreatedAt,
        };
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) = repo::page_document_rules(&mut conn, &filter, sort, table.page())
            .await
            .map_err(db_error)?;
        Ok(table.page_of(rows.into_iter().map(DocumentRule::from).collect(), total))
    }

    /// One page of dossier rules: sorted by `createdAt` (default, descending) or
    /// `description`; filtered by `id` (prefix) and `description` (`text`), `dossierType`
    /// (`select`: names of the types the rules are restricted to) and `runsFor` (`select`, one
    /// name: the rules that type's dossiers run — its own and those of every type).
    async fn dossier_rules_page(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<DossierRule>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = DOSSIER_RULE_TABLE.parse(input)?;
        let mut filter = DossierRuleListFilter {
            id: table.id_range("id")?,
            dossier_types: table.selected("dossierType", |v| Some(v.to_owned()))?,
            ..DossierRuleListFilter::default()
        };
        if let Some(FilterValue::Select(names)) = table.filter("runsFor") {
            let [name] = names.as_slice() else {
                return Err(bad_input("runsFor", messages::one_dossier_type()));
            };
            filter.runs_for = Some(name.clone());
        }
        if let Some(FilterValue::Text(text)) = table.filter("description") {
            filter.description = Some(text.clone());
        }
        if let Some(FilterValue::Text(text)) = table.filter("code") {
            filter.code = Some(text.clone());
        }
        let sort = match table.sort {
            "description" => RuleSort::Description,
            _ => RuleSort::CreatedAt,
        };
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) = repo::page_dossier_rules(&mut conn, &filter, sort, table.page())
            .await
            .map_err(db_error)?;
        Ok(table.page_of(rows.into_iter().map(DossierRule::from).collect(), total))
    }

    async fn document_rule(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<DocumentRule> {
        let state = ctx.data::<Arc<AppState>>()?;
        load_document_rule(state, ids::rule(&id)?).await
    }

    /// Dossier rules, newest first; with `codeToSearch`, those whose code contains it (any
    /// case). At most `limit` (default and maximum 1000), from `offset`.
    async fn dossier_rules(
        &self,
        ctx: &Context<'_>,
        code_to_search: Option<String>,
        limit: Option<i32>,
        offset: Option<i32>,
    ) -> async_graphql::Result<Vec<DossierRule>> {
        let filter = DossierRuleFilter {
            code_contains: code_to_search,
            ..DossierRuleFilter::default()
        };
        list_dossier_rules(ctx, filter, limit, offset).await
    }

    async fn dossier_rule(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<DossierRule> {
        let state = ctx.data::<Arc<AppState>>()?;
        load_dossier_rule(state, ids::rule(&id)?).await
    }

    /// The dossier rules marked NON VALIDA by a validation.
    async fn not_valid_dossier_rules(
        &self,
        ctx: &Context<'_>,
        limit: Option<i32>,
        offset: Option<i32>,
    ) -> async_graphql::Result<Vec<DossierRule>> {
        let filter = DossierRuleFilter {
            only_invalid: true,
            ..DossierRuleFilter::default()
        };
        list_dossier_rules(ctx, filter, limit, offset).await
    }

    /// `helper.js` of the rule `id` (either kind); the default empty helper when it has none.
    async fn get_helper_code(
        &self,
        ctx: &Context<'_>,
        id: ID,
    ) -> async_graphql::Result<HelperCode> {
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::rule(&id)?;
        let mut conn = state.db.get().await.map_err(internal)?;
        helper_code::require_owner(&mut conn, id)
            .await
            .map_err(edit_error)?;
        let helper = helper_code::find_helper(&mut conn, id)
            .await
            .map_err(db_error)?;
        Ok(match helper {
            Some(helper) => HelperCode {
                id: ID(id.to_string()),
                description: helper.description,
                code: helper.code,
            },
            None => HelperCode {
                id: ID(id.to_string()),
                description: String::new(),
                code: DEFAULT_HELPER_CODE.to_owned(),
            },
        })
    }
}

#[derive(Default)]
pub struct RulesMutation;

#[Object]
impl RulesMutation {
    /// Creates a document rule (active); its code is compiled first when given.
    async fn create_document_rule(
        &self,
        ctx: &Context<'_>,
        input: CreateDocumentRuleInput,
    ) -> async_graphql::Result<DocumentRule> {
        let state = ctx.data::<Arc<AppState>>()?;
        let input = DocumentRuleInput {
            document_type: input.document_type.unwrap_or_default(),
            description: input.description.unwrap_or_default(),
            code: input.code,
            package_json: input.package_json,
            data_tables: input.data_tables.unwrap_or_default(),
            nota: input.nota,
        };
        let view =
            service::create_document_rule(&state.db, &Workers(state), input, &actor(claims(ctx)?))
                .await
                .map_err(rule_error)?;
        Ok(view.into())
    }

    /// Changes a document rule — and its helper.js, in the same version; new code or helper
    /// is compiled (together) first.
    async fn update_document_rule(
        &self,
        ctx: &Context<'_>,
        id: ID,
        input: UpdateDocumentRuleInput,
    ) -> async_graphql::Result<DocumentRule> {
        let state = ctx.data::<Arc<AppState>>()?;
        may_update_helper(ctx, state, input.helper.is_some())?;
        let edit = DocumentRuleEdit {
            description: input.description,
            code: input.code,
            helper: input.helper,
            package_json: input.package_json,
            data_tables: input.data_tables,
            document_type: input.document_type,
            nota: input.nota,
            active: None,
        };
        save_document_rule(ctx, &id, edit).await
    }

    /// Pauses (false) or activates (true) a document rule.
    async fn set_document_rule_active(
        &self,
        ctx: &Context<'_>,
        id: ID,
        active: bool,
    ) -> async_graphql::Result<DocumentRule> {
        let edit = DocumentRuleEdit {
            active: Some(active),
            ..DocumentRuleEdit::default()
        };
        save_document_rule(ctx, &id, edit).await
    }

    /// Deletes a document rule (with its helper; its execution logs stay).
    async fn delete_document_rule(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        service::delete_document_rule(&state.db, ids::rule(&id)?, &actor(claims(ctx)?))
            .await
            .map_err(rule_error)?;
        Ok(true)
    }

    /// Creates a dossier rule (active, valid); its code is compiled first when given.
    async fn create_dossier_rule(
        &self,
        ctx: &Context<'_>,
        input: CreateDossierRuleInput,
    ) -> async_graphql::Result<DossierRule> {
        let state = ctx.data::<Arc<AppState>>()?;
        if let Some(document) = &input.validation_document_id {
            super::validation::test_new_rule(
                state,
                document,
                input.must_contain.as_deref().unwrap_or_default(),
                input.not_contain.as_deref().unwrap_or_default(),
            )
            .await?;
        }
        let input = DossierRuleInput {
            description: input.description.unwrap_or_default(),
            istituto_appartenenza: input.istituto_appartenenza.unwrap_or_default(),
            code: input.code,
            package_json: input.package_json,
            must_contain: input.must_contain.unwrap_or_default(),
            not_contain: input.not_contain.unwrap_or_default(),
            nota: input.nota,
            gruppo: input.gruppo.unwrap_or_default(),
            dossier_type: input.dossier_type,
            data_tables: input.data_tables.unwrap_or_default(),
        };
        let view =
            service::create_dossier_rule(&state.db, &Workers(state), input, &actor(claims(ctx)?))
                .await
                .map_err(rule_error)?;
        Ok(view.into())
    }

    /// Changes a dossier rule — and its helper.js, in the same version; new code or helper is
    /// compiled (together) first.
    async fn update_dossier_rule(
        &self,
        ctx: &Context<'_>,
        id: ID,
        input: UpdateDossierRuleInput,
    ) -> async_graphql::Result<DossierRule> {
        let state = ctx.data::<Arc<AppState>>()?;
        may_update_helper(ctx, state, input.helper.is_some())?;
        let dossier_type = match input.dossier_type {
            MaybeUndefined::Undefined => None,
            MaybeUndefined::Null => Some(None),
            MaybeUndefined::Value(name) => Some(Some(name)),
        };
        let edit = DossierRuleEdit {
            description: input.description,
            istituto_appartenenza: input.istituto_appartenenza,
            code: input.code,
            package_json: input.package_json,
            must_contain: input.must_contain,
            not_contain: input.not_contain,
            nota: input.nota,
            gruppo: input.gruppo,
            dossier_type,
            data_tables: None,
            active: None,
            helper: input.helper,
        };
        save_dossier_rule(ctx, &id, edit).await
    }

    /// Pauses (false) or activates (true) a dossier rule.
    async fn set_dossier_rule_active(
        &self,
        ctx: &Context<'_>,
        id: ID,
        active: bool,
    ) -> async_graphql::Result<DossierRule> {
        let edit = DossierRuleEdit {
            active: Some(active),
            ..DossierRuleEdit::default()
        };
        save_dossier_rule(ctx, &id, edit).await
    }

    /// Replaces the strings a new document of the rule's institute must contain.
    async fn update_must_contain(
        &self,
        ctx: &Context<'_>,
        id: ID,
        list: Vec<String>,
    ) -> async_graphql::Result<DossierRule> {
        let edit = DossierRuleEdit {
            must_contain: Some(list),
            ..DossierRuleEdit::default()
        };
        save_dossier_rule(ctx, &id, edit).await
    }

    /// Replaces the strings a new document of the rule's institute must not contain.
    async fn update_not_contain(
        &self,
        ctx: &Context<'_>,
        id: ID,
        list: Vec<String>,
    ) -> async_graphql::Result<DossierRule> {
        let edit = DossierRuleEdit {
            not_contain: Some(list),
            ..DossierRuleEdit::default()
        };
        save_dossier_rule(ctx, &id, edit).await
    }

    /// Deletes a dossier rule (with its helper; its executions and logs stay).
    async fn delete_dossier_rule(&self, ctx: &Context<'_>, id: ID) -> async_graphql::Result<bool> {
        let state = ctx.data::<Arc<AppState>>()?;
        service::delete_dossier_rule(&state.db, ids::rule(&id)?, &actor(claims(ctx)?))
            .await
            .map_err(rule_error)?;
        Ok(true)
    }

    /// Imports dossier rules from a zip (base64) in the format `downloadDossierRule` exports
    /// (see `shared::rules::archive`): a rule whose id exists is updated, the others created.
    /// Every rule is compiled first; nothing is saved unless all of them are valid.
    async fn import_dossier_rules(
        &self,
        ctx: &Context<'_>,
        input: String,
    ) -> async_graphql::Result<Vec<DossierRule>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let limits = archive::Limits::default();
        let bytes =
            archive::from_base64(&input, &limits).map_err(|e| bad_input("input", e.message()))?;
        let rules = archive::read(&bytes, &limits).map_err(|e| bad_input("input", e.message()))?;
        let views =
            service::import_dossier_rules(&state.db, &Workers(state), rules, &actor(claims(ctx)?))
                .await
                .map_err(rule_error)?;
        Ok(views.into_iter().map(DossierRule::from).collect())
    }

    /// Saves the `helper.js` of the rule `id` (either kind), after compiling the rule with it.
    async fn update_helper_code(
        &self,
        ctx: &Context<'_>,
        id: ID,
        code: String,
    ) -> async_graphql::Result<HelperCode> {
        let state = ctx.data::<Arc<AppState>>()?;
        let id = ids::rule(&id)?;
        let helper =
            service::update_helper(&state.db, &Workers(state), id, &code, &actor(claims(ctx)?))
                .await
                .map_err(rule_error)?;
        Ok(HelperCode {
            id: ID(id.to_string()),
            description: helper.description,
            code: helper.code,
        })
    }
}
