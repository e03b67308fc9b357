//! The playgrounds (docs/domain.md#playgrounds): runs of the code being edited — unsaved — on a
//! chosen document or dossier, and the saved rule as a project that runs locally with node.
//!
//! - [`document_run`] / [`dossier_run`] check what the run needs (an extracted document, a
//!   dossier, the saved rule it belongs to, a valid package.json) and make the job the API
//!   sends on the `rule-runs` queue: the saved rule's name, helper and data tables unless the
//!   editor sends its own.
//! - [`document_rule_project`] / [`dossier_rule_project`] write the zip of a saved rule with the
//!   exact input the worker would give it on the chosen document or dossier
//!   ([`crate::rules::playground`]).

use diesel_async::AsyncPgConnection;
use serde_json::Value;
use uuid::Uuid;

use super::{ErrorKind, ServiceError};
use crate::db::models::DocumentState;
use crate::db::models::dossiers::Document;
use crate::db::repo::edit_error::EditError;
use crate::db::repo::rules as rules_repo;
use crate::db::repo::{data_tables, executions, helper_code, pipeline};
use crate::db::{DbError, Pool};
use crate::jobs::rules::{RunTemporaryDocumentRule, RunTemporaryDossierRule};
use crate::messages::{self, Message};
use crate::rules::archive::{self, RuleMetadata};
use crate::rules::playground::{DocumentInput, PlaygroundRule, dossier_inputs};
use crate::rules::{DEFAULT_HELPER_CODE, validate_package_json};
use crate::storage::{Storage, StorageError};

/// The rule name a run of code that belongs to no saved rule is logged under.
pub const UNSAVED_RULE_NAME: &str = "Regola temporanea";

/// Why a playground run or project is refused.
#[derive(Debug, thiserror::Error)]
pub enum PlaygroundError {
    #[error("{}", messages::document_not_found())]
    DocumentNotFound,
    #[error("{}", messages::dossier_not_found())]
    DossierNotFound,
    #[error("{}", messages::rule_not_found(.0))]
    RuleNotFound(Uuid),
    /// The document is not extracted (yet, or it could not be: the reason it recorded).
    #[error("{0}")]
    NotExtracted(Message),
    /// The document's extraction output is gone from storage.
    #[error("{}", messages::extraction_gone())]
    ExtractionGone,
    /// The package.json the editor sent is not valid.
    #[error("{0}")]
    InvalidPackage(Message),
    /// A named data table does not exist (and the like).
    #[error(transparent)]
    Edit(#[from] EditError),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error(transparent)]
    Storage(StorageError),
    /// The stored extraction cannot be read as a rule's input.
    #[error("the document's extraction cannot be read: {0}")]
    Unreadable(String),
}

impl ServiceError for PlaygroundError {
    fn kind(&self) -> ErrorKind {
        match self {
            Self::DocumentNotFound | Self::DossierNotFound | Self::RuleNotFound(_) => {
                ErrorKind::NotFound
            }
            Self::NotExtracted(_) | Self::ExtractionGone => ErrorKind::Conflict,
            Self::InvalidPackage(_) => ErrorKind::Invalid {
                field: "packagecode",
            },
            Self::Edit(EditError::Invalid { field, .. }) => ErrorKind::Invalid { field },
            Self::Edit(EditError::NotFound(_)) => ErrorKind::NotFound,
            Self::Edit(EditError::Conflict(_)) => ErrorKind::Conflict,
            Self::Edit(EditError::Db(_)) | Self::Db(_) | Self::Storage(_) | Self::Unreadable(_) => {
                ErrorKind::Internal
            }
        }
    }

    fn message(&self) -> Message {
        match self {
            Self::DocumentNotFound => messages::document_not_found(),
            Self::DossierNotFound => messages::dossier_not_found(),
            Self::RuleNotFound(id) => messages::rule_not_found(id),
            Self::NotExtracted(message) | Self::InvalidPackage(message) => message.clone(),
            Self::ExtractionGone => messages::extraction_gone(),
            Self::Edit(error) => error.message(),
            Self::Db(_) | Self::Storage(_) | Self::Unreadable(_) => messages::internal_error(),
        }
    }
}

/// A run of unsaved document-rule code, as the editor asks for it.
pub struct TemporaryDocumentRun {
    pub document_id: Uuid,
    /// The saved rule the code belongs to, if any: its helper and data tables are used, and
    /// the run is logged under it.
    pub rule_id: Option<Uuid>,
    pub rule_name: Option<String>,
    pub code: String,
    pub package_json: Option<String>,
    /// An unsaved helper.js (empty: none) instead of the saved one.
    pub helper: Option<String>,
    /// Data tables by name instead of the saved rule's.
    pub data_tables: Option<Vec<String>>,
}

/// A run of unsaved dossier-rule code, as the editor asks for it.
pub struct TemporaryDossierRun {
    pub dossier_id: Uuid,
    pub rule_id: Option<Uuid>,
    pub rule_name: Option<String>,
    pub code: String,
    pub package_json: Option<String>,
    pub helper: Option<String>,
}

/// The job of `run`, once the document is extracted and what it names exists.
pub async fn document_run(
    pool: &Pool,
    run: TemporaryDocumentRun,
) -> Result<RunTemporaryDocumentRule, PlaygroundError> {
    checked_package(run.package_json.as_deref())?;
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let (document, _) = extracted_document(&mut conn, run.document_id).await?;
    let (saved_name, saved_helper, saved_tables) = match run.rule_id {
        Some(rule) => {
            let view = rules_repo::find_document_rule(&mut conn, rule)
                .await?
                .ok_or(PlaygroundError::RuleNotFound(rule))?;
            let helper = helper_code::helper_of(&mut conn, rule).await?;
            (Some(view.rule.description), helper, view.data_tables)
        }
        None => (None, None, Vec::new()),
    };
    let data_tables = match run.data_tables {
        Some(names) => {
            data_tables::resolve_names(&mut conn, "dataTables", &names).await?;
            let mut names: Vec<String> = names.iter().map(|n| n.trim().to_owned()).collect();
            names.sort();
            names.dedup();
            names
        }
        None => saved_tables,
    };
    Ok(RunTemporaryDocumentRule {
        id: Uuid::now_v7(),
        document_id: document.id,
        rule_id: run.rule_id,
        rule_name: run_name(run.rule_name, saved_name.as_deref()),
        code: run.code,
        helper: with_unsaved(saved_helper, run.helper),
        data_tables,
    })
}

/// The job of `run`, once the dossier and what it names exist.
pub async fn dossier_run(
    pool: &Pool,
    run: TemporaryDossierRun,
) -> Result<RunTemporaryDossierRule, PlaygroundError> {
    checked_package(run.package_json.as_deref())?;
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    pipeline::find_dossier(&mut conn, run.dossier_id)
        .await?
        .ok_or(PlaygroundError::DossierNotFound)?;
    let (saved_name, saved_helper) = match run.rule_id {
        Some(rule) => {
            let view = rules_repo::find_dossier_rule(&mut conn, rule)
                .await?
                .ok_or(PlaygroundError::RuleNotFound(rule))?;
            let helper = helper_code::helper_of(&mut conn, rule).await?;
            (Some(view.rule.description), helper)
        }
        None => (None, None),
    };
    Ok(RunTemporaryDossierRule {
        id: Uuid::now_v7(),
        dossier_id: run.dossier_id,
        rule_id: run.rule_id,
        rule_name: run_name(run.rule_name, saved_name.as_deref()),
        code: run.code,
        helper: with_unsaved(saved_helper, run.helper),
    })
}

/// A saved rule as a project to run locally: the zip's file name and bytes.
pub struct RuleProject {
    pub name: String,
    pub zip: Vec<u8>,
}

/// The document rule `rule_id` as a project whose input is what the worker would give it on
/// the extracted document `document_id`.
pub async fn document_rule_project(
    pool: &Pool,
    storage: &Storage,
    document_id: Uuid,
    rule_id: Uuid,
) -> Result<RuleProject, PlaygroundError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let (_, extraction_key) = extracted_document(&mut conn, document_id).await?;
    let view = rules_repo::find_document_rule(&mut conn, rule_id)
        .await?
        .ok_or(PlaygroundError::RuleNotFound(rule_id))?;
    let helper = helper_code::helper_of(&mut conn, rule_id).await?;
    let tables = executions::rule_data_tables(&mut conn, rule_id).await?;
    drop(conn);
    let extraction = storage.get(&extraction_key).await.map_err(|error| {
        if error.is_not_found() {
            PlaygroundError::ExtractionGone
        } else {
            PlaygroundError::Storage(error)
        }
    })?;
    let document = DocumentInput::from_extraction(&extraction)
        .map_err(|error| PlaygroundError::Unreadable(error.to_string()))?;
    let input: Value = serde_json::from_slice(&document.to_json(&tables))
        .map_err(|error| PlaygroundError::Unreadable(error.to_string()))?;
    let rule = view.rule;
    project(
        PlaygroundRule {
            name: rule.description.clone(),
            code: rule.code,
            helper: helper.unwrap_or_else(|| DEFAULT_HELPER_CODE.to_owned()),
            package_json: rule.package_json,
            metadata: None,
            input,
        },
        rule_id,
    )
}

/// The dossier rule `rule_id` as a project whose input is each item the worker would give it
/// on dossier `dossier_id` (and which `importDossierRules` imports again).
pub async fn dossier_rule_project(
    pool: &Pool,
    dossier_id: Uuid,
    rule_id: Uuid,
) -> Result<RuleProject, PlaygroundError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    let dossier = pipeline::find_dossier(&mut conn, dossier_id)
        .await?
        .ok_or(PlaygroundError::DossierNotFound)?;
    let view = rules_repo::find_dossier_rule(&mut conn, rule_id)
        .await?
        .ok_or(PlaygroundError::RuleNotFound(rule_id))?;
    let helper = helper_code::helper_of(&mut conn, rule_id).await?;
    let metas = pipeline::dossier_metas(&mut conn, dossier_id).await?;
    drop(conn);
    let saved = view.rule;
    let metadata = RuleMetadata {
        format_version: archive::FORMAT_VERSION,
        id: saved.id,
        description: saved.description.clone(),
        istituto_appartenenza: saved.istituto_appartenenza,
        must_contain: saved.must_contain,
        not_contain: saved.not_contain,
        nota: saved.nota,
        gruppo: saved.gruppo,
        active: saved.active,
        valid: saved.valid,
        dossier_type: view.dossier_type,
        data_tables: view.data_tables,
    };
    project(
        PlaygroundRule {
            name: saved.description.clone(),
            code: saved.code,
            helper: helper.unwrap_or_else(|| DEFAULT_HELPER_CODE.to_owned()),
            package_json: saved.package_json,
            metadata: Some(metadata),
            input: Value::Array(dossier_inputs(&metas, &dossier.input)),
        },
        rule_id,
    )
}

fn project(rule: PlaygroundRule, rule_id: Uuid) -> Result<RuleProject, PlaygroundError> {
    let name = zip_name(&rule.name, rule_id);
    let zip = rule
        .write_zip()
        .map_err(|error| PlaygroundError::Unreadable(error.to_string()))?;
    Ok(RuleProject { name, zip })
}

/// A document whose extraction a rule can run on, with its extraction's key; or why not.
async fn extracted_document(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> Result<(Document, String), PlaygroundError> {
    let document = pipeline::find_document(conn, id)
        .await?
        .ok_or(PlaygroundError::DocumentNotFound)?;
    match (&document.state, document.raw_text_key.clone()) {
        (DocumentState::Extracted | DocumentState::Processed, Some(key)) => Ok((document, key)),
        (DocumentState::CannotProcess, _) => Err(PlaygroundError::NotExtracted(
            match document.error.as_deref() {
                Some(reason) => messages::not_extracted(reason),
                None => messages::not_extracted_unknown(),
            },
        )),
        _ => Err(PlaygroundError::NotExtracted(messages::not_extracted_yet())),
    }
}

fn checked_package(package_json: Option<&str>) -> Result<(), PlaygroundError> {
    match package_json {
        Some(text) if !text.trim().is_empty() => {
            validate_package_json(text).map_err(PlaygroundError::InvalidPackage)
        }
        _ => Ok(()),
    }
}

/// The helper a temporary run uses: the unsaved one when given (empty: none), else the saved.
fn with_unsaved(saved: Option<String>, unsaved: Option<String>) -> Option<String> {
    match unsaved {
        Some(code) => Some(code).filter(|c| !c.trim().is_empty()),
        None => saved,
    }
}

/// The name a temporary run is logged under: the one given, else the rule's description.
fn run_name(given: Option<String>, saved: Option<&str>) -> String {
    given
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .or_else(|| saved.map(str::to_owned))
        .unwrap_or_else(|| UNSAVED_RULE_NAME.to_owned())
}

/// The file name of a project: the rule's description, kept to safe characters.
fn zip_name(description: &str, id: Uuid) -> String {
    let slug: String = description
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .take(60)
        .collect();
    let slug = slug.trim_matches('_');
    if slug.is_empty() {
        format!("playground-{id}.zip")
    } else {
        format!("playground-{slug}.zip")
    }
}
