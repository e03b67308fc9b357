//! Rules (document and dossier rules, their `helper.js`, their versions): creating, changing,
//! importing, restoring and deleting them, with compile on save.
//!
//! A save that changes a rule's code or helper first has a worker compile the code with the
//! helper it will run with (the caller's [`Compiler`]: in the API, a `RuleRunJob::Check` on
//! the `rule-runs` queue, awaited with a bounded wait), so that a syntax error reaches the
//! author at once and nothing is saved. The compile happens outside any transaction (a lock
//! is never held while waiting for a worker); then one transaction locks the rule
//! ([`repo::lock_rule`]), checks under that lock that the rule still exists and that what
//! was compiled is still what the save makes (an update of only the code runs with the
//! saved helper, and the other way round: either may have changed meanwhile — then the new
//! pair is compiled and the save tried again), and writes the change with its version.
//!
//! Every save writes its audit entry in its transaction (`rule.create`, `rule.update`,
//! `rule.activate` / `rule.pause` for a change of the active flag alone, `rule.import` per
//! imported rule, `rule.delete`; `rule.restore` is written by `rule_versions::apply_restore`).

use diesel_async::{AsyncConnection, AsyncPgConnection};
use futures::future::BoxFuture;
use uuid::Uuid;

use super::{ErrorKind, ServiceError};
use crate::db::models::rules::{HelperCode, RuleVersion};
use crate::db::repo::audit::{self, Actor, Entry};
use crate::db::repo::edit_error::EditError;
use crate::db::repo::helper_code;
use crate::db::repo::rule_versions;
use crate::db::repo::rules::{
    self as repo, CodeCheck, DocumentRuleEdit, DocumentRuleInput, DocumentRuleView,
    DossierRuleEdit, DossierRuleInput, DossierRuleView, PreparedImport,
};
use crate::db::{DbError, Pool};
use crate::jobs::JobError;
use crate::jobs::rules::{CheckReply, CheckRule, RuleRunJob};
use crate::messages::{self, Message};
use crate::rules::archive::{self, ArchivedRule};
use crate::rules::{RuleKind, code_size_error};

/// How many imported rules are compiled at once.
const IMPORT_CHECKS_AT_ONCE: usize = 4;
/// How many times a save compiles before giving up on a rule that keeps changing under it.
const COMPILE_ATTEMPTS: usize = 3;

/// Compiles the code of a rule being saved, as the rule will run: in the API, a worker
/// answering a [`RuleRunJob::Check`] (see [`check_job`]). An error is the job's: not sent,
/// or no reply in time ([`JobError::NoReply`]).
pub trait Compiler: Send + Sync {
    fn compile<'a>(&'a self, check: &'a CodeCheck) -> BoxFuture<'a, Result<CheckReply, JobError>>;
}

/// The job that compiles `check`; a `draft` (the editor's check while typing) is compiled and
/// forgotten, a save's is kept in the workers' caches.
pub fn check_job(check: &CodeCheck, draft: bool) -> RuleRunJob {
    RuleRunJob::Check(CheckRule {
        id: Uuid::now_v7(),
        code: check.code.clone(),
        helper: check.helper.clone(),
        kind: check.kind,
        draft,
    })
}

/// Why a rule operation was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum RuleError {
    /// A validation of the input, a name that does not exist, a refusal of the catalogue
    /// (→ its kind).
    #[error(transparent)]
    Edit(#[from] EditError),
    /// No such rule (→ `NOT_FOUND`).
    #[error("{}", self.message())]
    NotFound(Uuid),
    /// The rule's state refuses the operation (→ `CONFLICT`).
    #[error("{0}")]
    Conflict(Message),
    /// A syntax error of the author at 1-based `line` and `column` of `file` (→
    /// `BAD_USER_INPUT` on `field`: `code` for the rule, `helper` for its helper).
    #[error("{}", self.message())]
    Syntax {
        field: &'static str,
        file: String,
        line: u32,
        column: u32,
        message: String,
    },
    /// The code could not be compiled for another reason (→ `BAD_USER_INPUT` on `code`).
    #[error("{}", self.message())]
    CompileFailed(String),
    /// No worker compiled the code in time (→ `UNAVAILABLE`), or none is running
    /// (→ `NO_WORKER`).
    #[error("{}", self.message())]
    Unavailable(#[source] JobError),
    /// A rule of an import failed to compile: `error`, its message prefixed with the rule.
    #[error("{}", self.message())]
    Imported {
        id: Uuid,
        description: String,
        error: Box<RuleError>,
    },
    /// The compile job could not be sent or answered (→ internal).
    #[error(transparent)]
    Job(JobError),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("a rule transaction failed: {0}")]
    Transaction(#[from] diesel::result::Error),
}

impl RuleError {
    /// Where the author's syntax error is (`file`, `line`, `column`), when this is one — also
    /// inside a rule of an imported archive.
    pub fn syntax_place(&self) -> Option<(&str, u32, u32)> {
        match self {
            Self::Syntax {
                file, line, column, ..
            } => Some((file, *line, *column)),
            Self::Imported { error, .. } => error.syntax_place(),
            _ => None,
        }
    }
}

impl ServiceError for RuleError {
    fn kind(&self) -> ErrorKind {
        match self {
            Self::Edit(EditError::Invalid { field, .. }) => ErrorKind::Invalid { field },
            Self::Edit(EditError::NotFound(_)) | Self::NotFound(_) => ErrorKind::NotFound,
            Self::Edit(EditError::Conflict(_)) | Self::Conflict(_) => ErrorKind::Conflict,
            Self::Syntax { field, .. } => ErrorKind::Invalid { field },
            Self::CompileFailed(_) => ErrorKind::Invalid { field: "code" },
            Self::Unavailable(JobError::NoWorker { .. }) => ErrorKind::NoWorker,
            Self::Unavailable(_) => ErrorKind::Unavailable,
            Self::Imported { error, .. } => error.kind(),
            Self::Edit(EditError::Db(_)) | Self::Job(_) | Self::Db(_) | Self::Transaction(_) => {
                ErrorKind::Internal
            }
        }
    }

    fn message(&self) -> Message {
        match self {
            Self::Edit(error) => error.message(),
            Self::NotFound(id) => messages::rule_not_found(id),
            Self::Conflict(message) => message.clone(),
            Self::Syntax {
                file,
                line,
                column,
                message,
                ..
            } if file == archive::HELPER_FILE => {
                messages::rule_syntax_in_file(line, column, file, message)
            }
            Self::Syntax {
                line,
                column,
                message,
                ..
            } => messages::rule_syntax(line, column, message),
            Self::CompileFailed(detail) => messages::compile_failed(detail),
            Self::Unavailable(error) => messages::check_unavailable(
                error.message().unwrap_or_else(messages::internal_error),
            ),
            Self::Imported {
                id,
                description,
                error,
            } => messages::imported_rule(id, description, error.message()),
            Self::Job(_) | Self::Db(_) | Self::Transaction(_) => messages::internal_error(),
        }
    }
}

/// Has `compiler` compile `check`; anything but a clean compile refuses the save.
async fn compile(compiler: &dyn Compiler, check: &CodeCheck) -> Result<(), RuleError> {
    match compiler.compile(check).await {
        Ok(CheckReply::Ok) => Ok(()),
        Ok(CheckReply::Syntax {
            file,
            line,
            column,
            message,
        }) => Err(RuleError::Syntax {
            field: if file == archive::HELPER_FILE {
                "helper"
            } else {
                "code"
            },
            file,
            line,
            column,
            message,
        }),
        Ok(CheckReply::Failed { message }) => Err(RuleError::CompileFailed(message)),
        Err(error @ (JobError::NoReply { .. } | JobError::NoWorker { .. })) => {
            Err(RuleError::Unavailable(error))
        }
        Err(error) => Err(RuleError::Job(error)),
    }
}

async fn compile_if_some(
    compiler: &dyn Compiler,
    check: Option<&CodeCheck>,
) -> Result<(), RuleError> {
    match check {
        Some(check) => compile(compiler, check).await,
        None => Ok(()),
    }
}

/// What one attempt of a save did: saved, or found that the code it must compile changed
/// since it was compiled (nothing written).
enum Attempt<T> {
    Saved(T),
    Recompile(Option<CodeCheck>),
}

/// Locks the rule `id`, which must be of `kind`.
async fn lock(conn: &mut AsyncPgConnection, id: Uuid, kind: RuleKind) -> Result<(), RuleError> {
    match repo::lock_rule(conn, id).await? {
        Some(found) if found == kind => Ok(()),
        _ => Err(RuleError::NotFound(id)),
    }
}

/// `createDocumentRule`: a new active document rule, its code (when given) compiled first.
pub async fn create_document_rule(
    pool: &Pool,
    compiler: &dyn Compiler,
    input: DocumentRuleInput,
    actor: &Actor,
) -> Result<DocumentRuleView, RuleError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let prepared = repo::prepare_document_rule(&mut conn, input).await?;
    drop(conn);
    compile_if_some(compiler, prepared.check()).await?;
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let view = repo::insert_document_rule(conn, &prepared).await?;
        rule_versions::record(conn, view.rule.id, Some(actor)).await?;
        audit_rule(
            conn,
            actor,
            "rule.create",
            RuleKind::Document,
            view.rule.id,
            serde_json::json!({ "description": view.rule.description }),
        )
        .await?;
        Ok(view)
    })
    .await
}

/// `createDossierRule`: a new active, valid dossier rule, its code (when given) compiled
/// first.
pub async fn create_dossier_rule(
    pool: &Pool,
    compiler: &dyn Compiler,
    input: DossierRuleInput,
    actor: &Actor,
) -> Result<DossierRuleView, RuleError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let prepared = repo::prepare_dossier_rule(&mut conn, input).await?;
    drop(conn);
    compile_if_some(compiler, prepared.check()).await?;
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let view = repo::insert_dossier_rule(conn, &prepared).await?;
        rule_versions::record(conn, view.rule.id, Some(actor)).await?;
        audit_rule(
            conn,
            actor,
            "rule.create",
            RuleKind::Dossier,
            view.rule.id,
            serde_json::json!({ "description": view.rule.description }),
        )
        .await?;
        Ok(view)
    })
    .await
}

/// Writes the audit entry `action` of the rule `id` of `kind`; `details` gets the kind.
async fn audit_rule(
    conn: &mut AsyncPgConnection,
    actor: &Actor,
    action: &str,
    kind: RuleKind,
    id: Uuid,
    mut details: serde_json::Value,
) -> Result<(), DbError> {
    if let Some(object) = details.as_object_mut() {
        object.insert("kind".to_owned(), kind.name().into());
    }
    audit::record(
        conn,
        Some(actor),
        Entry {
            action,
            target_type: "rule",
            target_id: &id.to_string(),
            details,
        },
    )
    .await
}

/// The audit entry of an update: `rule.activate` or `rule.pause` when it changes the active
/// flag alone, `rule.update` with the fields it changes otherwise.
async fn audit_update(
    conn: &mut AsyncPgConnection,
    actor: &Actor,
    kind: RuleKind,
    id: Uuid,
    fields: Vec<&'static str>,
    active: Option<bool>,
    description: &str,
) -> Result<(), DbError> {
    let (action, details) = match (fields.as_slice(), active) {
        (["active"], Some(true)) => (
            "rule.activate",
            serde_json::json!({ "description": description }),
        ),
        (["active"], Some(false)) => (
            "rule.pause",
            serde_json::json!({ "description": description }),
        ),
        _ => (
            "rule.update",
            serde_json::json!({ "description": description, "fields": fields }),
        ),
    };
    audit_rule(conn, actor, action, kind, id, details).await
}

/// `updateDocumentRule`, `setDocumentRuleActive`: changes a document rule — and its helper,
/// in the same version. New code or helper is compiled (together) first, and again if the
/// rule's saved code or helper changed meanwhile.
pub async fn update_document_rule(
    pool: &Pool,
    compiler: &dyn Compiler,
    id: Uuid,
    edit: DocumentRuleEdit,
    actor: &Actor,
) -> Result<DocumentRuleView, RuleError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let prepared = repo::prepare_document_rule_update(&mut conn, id, edit).await?;
    drop(conn);
    save_update(pool, compiler, id, &prepared, actor).await
}

/// `updateDossierRule`, `setDossierRuleActive`, `updateMustContain`, `updateNotContain`:
/// changes a dossier rule — and its helper, in the same version. New code or helper is
/// compiled (together) first, and again if the rule's saved code or helper changed meanwhile.
pub async fn update_dossier_rule(
    pool: &Pool,
    compiler: &dyn Compiler,
    id: Uuid,
    edit: DossierRuleEdit,
    actor: &Actor,
) -> Result<DossierRuleView, RuleError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let prepared = repo::prepare_dossier_rule_update(&mut conn, id, edit).await?;
    drop(conn);
    save_update(pool, compiler, id, &prepared, actor).await
}

/// A prepared update of a rule of one kind, as [`save_update`] applies it.
trait RuleUpdate: Sync {
    type View: Send;
    const KIND: RuleKind;
    /// What the update compiles, as prepared.
    fn check(&self) -> Option<&CodeCheck>;
    /// What it compiles with the rule as it is saved now.
    fn check_now<'a>(
        &'a self,
        conn: &'a mut AsyncPgConnection,
    ) -> impl Future<Output = Result<Option<CodeCheck>, EditError>> + Send + 'a;
    fn apply<'a>(
        &'a self,
        conn: &'a mut AsyncPgConnection,
    ) -> impl Future<Output = Result<Self::View, EditError>> + Send + 'a;
    /// What the update changes (its audit entry).
    fn changed_fields(&self) -> Vec<&'static str>;
    /// The active flag it sets, if it does.
    fn active(&self) -> Option<bool>;
    /// The saved rule's description.
    fn description(view: &Self::View) -> &str;
}

impl RuleUpdate for repo::PreparedDocumentRuleUpdate {
    type View = DocumentRuleView;
    const KIND: RuleKind = RuleKind::Document;
    fn check(&self) -> Option<&CodeCheck> {
        Self::check(self)
    }
    fn check_now<'a>(
        &'a self,
        conn: &'a mut AsyncPgConnection,
    ) -> impl Future<Output = Result<Option<CodeCheck>, EditError>> + Send + 'a {
        Self::check_now(self, conn)
    }
    fn apply<'a>(
        &'a self,
        conn: &'a mut AsyncPgConnection,
    ) -> impl Future<Output = Result<DocumentRuleView, EditError>> + Send + 'a {
        repo::apply_document_rule_update(conn, self)
    }
    fn changed_fields(&self) -> Vec<&'static str> {
        Self::changed_fields(self)
    }
    fn active(&self) -> Option<bool> {
        Self::active(self)
    }
    fn description(view: &DocumentRuleView) -> &str {
        &view.rule.description
    }
}

impl RuleUpdate for repo::PreparedDossierRuleUpdate {
    type View = DossierRuleView;
    const KIND: RuleKind = RuleKind::Dossier;
    fn check(&self) -> Option<&CodeCheck> {
        Self::check(self)
    }
    fn check_now<'a>(
        &'a self,
        conn: &'a mut AsyncPgConnection,
    ) -> impl Future<Output = Result<Option<CodeCheck>, EditError>> + Send + 'a {
        Self::check_now(self, conn)
    }
    fn apply<'a>(
        &'a self,
        conn: &'a mut AsyncPgConnection,
    ) -> impl Future<Output = Result<DossierRuleView, EditError>> + Send + 'a {
        repo::apply_dossier_rule_update(conn, self)
    }
    fn changed_fields(&self) -> Vec<&'static str> {
        Self::changed_fields(self)
    }
    fn active(&self) -> Option<bool> {
        Self::active(self)
    }
    fn description(view: &DossierRuleView) -> &str {
        &view.rule.description
    }
}

/// Compiles what `prepared` compiles, then in one transaction locks the rule and saves the
/// update — unless the rule's code or helper changed meanwhile: then the new pair is compiled
/// and the save tried again, [`COMPILE_ATTEMPTS`] times in all.
async fn save_update<U: RuleUpdate>(
    pool: &Pool,
    compiler: &dyn Compiler,
    id: Uuid,
    prepared: &U,
    actor: &Actor,
) -> Result<U::View, RuleError> {
    let mut check = RuleUpdate::check(prepared).cloned();
    for _ in 0..COMPILE_ATTEMPTS {
        compile_if_some(compiler, check.as_ref()).await?;
        let mut conn = pool.get().await.map_err(DbError::Checkout)?;
        let attempt = conn
            .transaction(async |conn| {
                lock(conn, id, U::KIND).await?;
                let now = RuleUpdate::check_now(prepared, conn).await?;
                if now != check {
                    return Ok(Attempt::Recompile(now));
                }
                let view = RuleUpdate::apply(prepared, conn).await?;
                rule_versions::record(conn, id, Some(actor)).await?;
                audit_update(
                    conn,
                    actor,
                    U::KIND,
                    id,
                    RuleUpdate::changed_fields(prepared),
                    RuleUpdate::active(prepared),
                    U::description(&view),
                )
                .await?;
                Ok::<_, RuleError>(Attempt::Saved(view))
            })
            .await?;
        match attempt {
            Attempt::Saved(view) => return Ok(view),
            Attempt::Recompile(now) => check = now,
        }
    }
    Err(RuleError::Conflict(messages::changed_while_compiling()))
}

/// `deleteDocumentRule`: deletes a document rule (with its helper; its execution logs stay).
pub async fn delete_document_rule(pool: &Pool, id: Uuid, actor: &Actor) -> Result<(), RuleError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let description = repo::delete_document_rule(conn, id).await?;
        let details = serde_json::json!({ "description": description });
        audit_rule(conn, actor, "rule.delete", RuleKind::Document, id, details).await?;
        Ok(())
    })
    .await
}

/// `deleteDossierRule`: deletes a dossier rule (with its helper; its executions and logs
/// stay).
pub async fn delete_dossier_rule(pool: &Pool, id: Uuid, actor: &Actor) -> Result<(), RuleError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let description = repo::delete_dossier_rule(conn, id).await?;
        let details = serde_json::json!({ "description": description });
        audit_rule(conn, actor, "rule.delete", RuleKind::Dossier, id, details).await?;
        Ok(())
    })
    .await
}

/// `updateHelperCode`: saves the `helper.js` of the rule `id` (either kind) with a new
/// version, after compiling the rule's code with it — again if the code changed meanwhile.
pub async fn update_helper(
    pool: &Pool,
    compiler: &dyn Compiler,
    id: Uuid,
    code: &str,
    actor: &Actor,
) -> Result<HelperCode, RuleError> {
    if let Some(message) = code_size_error(code) {
        return Err(EditError::invalid("code", message).into());
    }
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let owner = helper_code::require_owner(&mut conn, id).await?;
    drop(conn);
    let mut check = CodeCheck {
        kind: owner.kind,
        code: owner.code,
        helper: Some(code.to_owned()),
    };
    for _ in 0..COMPILE_ATTEMPTS {
        compile(compiler, &check).await?;
        let mut conn = pool.get().await.map_err(DbError::Checkout)?;
        let attempt = conn
            .transaction(async |conn| {
                lock(conn, id, check.kind).await?;
                let owner = helper_code::find_owner(conn, id)
                    .await?
                    .ok_or(RuleError::NotFound(id))?;
                if owner.code != check.code {
                    return Ok(Attempt::Recompile(Some(CodeCheck {
                        code: owner.code,
                        ..check.clone()
                    })));
                }
                let helper = helper_code::save_helper(conn, owner.kind, id, code).await?;
                rule_versions::record(conn, id, Some(actor)).await?;
                audit_update(
                    conn,
                    actor,
                    owner.kind,
                    id,
                    vec!["helper"],
                    None,
                    &owner.description,
                )
                .await?;
                Ok::<_, RuleError>(Attempt::Saved(helper))
            })
            .await?;
        match attempt {
            Attempt::Saved(helper) => return Ok(helper),
            Attempt::Recompile(now) => check = now.unwrap_or(check),
        }
    }
    Err(RuleError::Conflict(messages::changed_while_compiling()))
}

/// `importDossierRules`: saves the rules of an archive (a rule whose id exists is updated,
/// the others created), every one compiled first; nothing is saved unless all of them
/// compile. A compile error names its rule.
pub async fn import_dossier_rules(
    pool: &Pool,
    compiler: &dyn Compiler,
    rules: Vec<ArchivedRule>,
    actor: &Actor,
) -> Result<Vec<DossierRuleView>, RuleError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let prepared = repo::prepare_import(&mut conn, rules).await?;
    drop(conn);
    for chunk in prepared.chunks(IMPORT_CHECKS_AT_ONCE) {
        let pending = chunk.iter().map(|rule| compile_imported(compiler, rule));
        for outcome in futures::future::join_all(pending).await {
            outcome?;
        }
    }
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        let views = repo::save_import(conn, &prepared).await?;
        for view in &views {
            rule_versions::record(conn, view.rule.id, Some(actor)).await?;
            let details = serde_json::json!({ "description": view.rule.description });
            audit_rule(
                conn,
                actor,
                "rule.import",
                RuleKind::Dossier,
                view.rule.id,
                details,
            )
            .await?;
        }
        Ok(views)
    })
    .await
}

/// [`compile`] for one rule of an import; the error names the rule.
async fn compile_imported(compiler: &dyn Compiler, rule: &PreparedImport) -> Result<(), RuleError> {
    compile(compiler, &rule.check())
        .await
        .map_err(|error| RuleError::Imported {
            id: rule.id(),
            description: rule.description().to_owned(),
            error: Box::new(error),
        })
}

/// `restoreRuleVersion`: brings the rule back to its version `version` (code, helper,
/// package.json and the rest), compiled first; the restore is a new version and an audit
/// entry. Answers the new version.
pub async fn restore_version(
    pool: &Pool,
    compiler: &dyn Compiler,
    rule_id: Uuid,
    version: i32,
    actor: &Actor,
) -> Result<RuleVersion, RuleError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let prepared = rule_versions::prepare_restore(&mut conn, rule_id, version).await?;
    drop(conn);
    // What is compiled is the version's: nothing the rule is now changes it.
    compile(compiler, prepared.check()).await?;
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| {
        match repo::lock_rule(conn, rule_id).await? {
            None => return Err(RuleError::NotFound(rule_id)),
            Some(kind) if kind != prepared.kind() => {
                return Err(rule_versions::another_kind(prepared.version()).into());
            }
            Some(_) => {}
        }
        Ok(rule_versions::apply_restore(conn, &prepared, Some(actor)).await?)
    })
    .await
}
