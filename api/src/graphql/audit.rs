//! The audit log screen (/audit): `auditLog`, one page of who did what and when, newest first,
//! filtered by the actor's e-mail, the action and the date; `auditActions`, the actions it
//! may be filtered by. Both need the `audit` resource (`access.rs`). The entries are written
//! by the changes themselves (`shared::db::repo::audit::record`, in their transactions); what
//! each mutation writes, or why it writes nothing, is the test's `MUTATION_AUDIT` below.

use std::sync::Arc;

use async_graphql::{Context, ID, Object, SimpleObject};
use chrono::{DateTime, Utc};
use shared::db::models::accounts::AuditLogEntry as AuditLogRow;
use shared::db::repo::audit::{self as repo, ACTIONS, AuditFilter};

use super::support::errors::{db_error, internal};
use super::support::table::{Column, FilterKind, FilterValue, Page, TableInput, TableSpec};
use crate::state::AppState;

/// The audit list's columns (`auditLog`): newest first, the only order (either way), on
/// 0001's `(created_at DESC, id DESC)` index; each filter on an index of migration
/// `…000019_audit_log_list` (or 0001's, for the date).
const AUDIT_TABLE: TableSpec = TableSpec {
    columns: &[
        Column::new("createdAt")
            .aliases(&["created_at"])
            .sortable()
            .filter(FilterKind::Date),
        Column::new("actorEmail")
            .aliases(&["actor_email", "user"])
            .filter(FilterKind::Text),
        Column::new("action").filter(FilterKind::Select),
    ],
    default_sort: "createdAt",
    default_descending: true,
};

/// One entry of the audit log.
#[derive(SimpleObject)]
pub struct AuditLogEntry {
    pub id: ID,
    pub created_at: DateTime<Utc>,
    /// Who acted, by their e-mail at the time (null: the system, or someone not logged in).
    pub actor_email: Option<String>,
    /// Set when the actor was being impersonated: who impersonated them, by e-mail.
    pub impersonator_email: Option<String>,
    /// What was done, one of `auditActions` (e.g. `user.delete`, `impersonation.start`).
    pub action: String,
    /// The kind of thing acted on (`user`, `rule`, `dossier`, `policy`, …).
    pub target_type: Option<String>,
    /// Its id or name.
    pub target_id: Option<String>,
    /// More about the change, as JSON text (an object).
    pub details: String,
}

impl From<AuditLogRow> for AuditLogEntry {
    fn from(row: AuditLogRow) -> Self {
        Self {
            id: ID(row.id.to_string()),
            created_at: row.created_at,
            actor_email: row.actor_email,
            impersonator_email: row.impersonator_email,
            action: row.action,
            target_type: row.target_type,
            target_id: row.target_id,
            details: row.details.to_string(),
        }
    }
}

#[derive(Default)]
pub struct AuditQuery;

#[Object]
impl AuditQuery {
    /// One page of the audit log, newest first (`createdAt DESC`, the default; `createdAt ASC`
    /// for oldest first). Filters: `actorEmail` (`text`: the start of the actor's e-mail, any
    /// case), `action` (`select`: any of `auditActions`; another value is refused),
    /// `createdAt` (`date`: from, to, both days included).
    async fn audit_log(
        &self,
        ctx: &Context<'_>,
        input: Option<TableInput>,
    ) -> async_graphql::Result<Page<AuditLogEntry>> {
        let state = ctx.data::<Arc<AppState>>()?;
        let table = AUDIT_TABLE.parse(input)?;
        let actor_prefix = match table.filter("actorEmail") {
            Some(FilterValue::Text(text)) => Some(text.clone()),
            _ => None,
        };
        let actions = table.selected("action", |value| {
            ACTIONS.contains(&value).then(|| value.to_owned())
        })?;
        let (from, before) = match table.filter("createdAt") {
            Some(FilterValue::Date { from, before }) => (*from, *before),
            _ => (None, None),
        };
        let filter = AuditFilter {
            actor_prefix,
            actions,
            from,
            before,
        };
        let mut conn = state.db.get().await.map_err(internal)?;
        let (rows, total) = repo::page(&mut conn, &filter, table.page())
            .await
            .map_err(db_error)?;
        Ok(table.page_of(rows.into_iter().map(AuditLogEntry::from).collect(), total))
    }

    /// Every action the audit log records (what `auditLog`'s `action` filter accepts), grouped
    /// by area: a list in the code, not a scan of the log.
    async fn audit_actions(&self) -> Vec<&'static str> {
        ACTIONS.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use shared::db::repo::audit::ACTIONS;

    /// What each mutation writes to the audit log: the actions of its entries, or why it writes
    /// none. Every change of business or access data writes its entry in the change's own
    /// transaction; reads, liveness checks, one's own session and the playground's simulations
    /// change nothing anyone else relies on. A new mutation must be added here (the test below
    /// finds it in the schema).
    const MUTATION_AUDIT: &[(&str, MutationAudit)] = {
        use MutationAudit::{Exempt, Writes};
        &[
            // Liveness and one's own session.
            ("pingMutation", Exempt("a liveness check: changes nothing")),
            ("pingWorker", Exempt("a liveness check: changes nothing")),
            (
                "basicLogin",
                Exempt("one's own session (failures counted by the rate limits)"),
            ),
            ("getNewAccessToken", Exempt("one's own session, renewed")),
            ("logout", Exempt("one's own session, ended")),
            (
                "recoverPassword",
                Exempt("sends a code by e-mail; changes no data"),
            ),
            ("resetPassword", Writes(&["user.password_reset"])),
            ("register", Writes(&["user.register"])),
            (
                "confirmRegistration",
                Exempt("one's own account, confirmed with its code"),
            ),
            ("updateAvatar", Exempt("one's own picture")),
            ("updateSelfPassword", Writes(&["user.password_change"])),
            // Accounts, impersonation, access control.
            ("impersonates", Writes(&["impersonation.start"])),
            ("endImpersonation", Writes(&["impersonation.end"])),
            ("createUser", Writes(&["user.create"])),
            ("updateUser", Writes(&["user.update"])),
            ("updateUserPassword", Writes(&["user.password_set"])),
            ("deleteUser", Writes(&["user.delete"])),
            ("createRole", Writes(&["role.create"])),
            ("deleteRole", Writes(&["role.delete"])),
            ("AddPolicy", Writes(&["policy.add"])),
            ("deletePolicy", Writes(&["policy.delete"])),
            ("AddGroup", Writes(&["group.add"])),
            ("deleteGroup", Writes(&["group.delete"])),
            ("createApiKey", Writes(&["api_key.create"])),
            ("rotateApiKey", Writes(&["api_key.rotate"])),
            ("revokeApiKey", Writes(&["api_key.revoke"])),
            ("callbackSecret", Writes(&["callback_secret.reveal"])),
            ("rotateCallbackSecret", Writes(&["callback_secret.rotate"])),
            (
                "addNotificationReceiver",
                Writes(&["notification_receiver.add"]),
            ),
            (
                "deleteNotificationReceiver",
                Writes(&["notification_receiver.delete"]),
            ),
            // The catalogue.
            ("createDocumentType", Writes(&["document_type.create"])),
            ("deleteDocumentType", Writes(&["document_type.delete"])),
            ("createDossierType", Writes(&["dossier_type.create"])),
            ("deleteDossierType", Writes(&["dossier_type.delete"])),
            (
                "setDossierTypeRequiredMetas",
                Writes(&["dossier_type.required_metas"]),
            ),
            ("createDataTable", Writes(&["data_table.create"])),
            ("updateDataTable", Writes(&["data_table.update"])),
            ("deleteDataTable", Writes(&["data_table.delete"])),
            // Rules.
            ("createDocumentRule", Writes(&["rule.create"])),
            (
                "updateDocumentRule",
                Writes(&["rule.update", "rule.activate", "rule.pause"]),
            ),
            (
                "setDocumentRuleActive",
                Writes(&["rule.activate", "rule.pause"]),
            ),
            ("deleteDocumentRule", Writes(&["rule.delete"])),
            ("createDossierRule", Writes(&["rule.create"])),
            (
                "updateDossierRule",
                Writes(&["rule.update", "rule.activate", "rule.pause"]),
            ),
            (
                "setDossierRuleActive",
                Writes(&["rule.activate", "rule.pause"]),
            ),
            ("updateMustContain", Writes(&["rule.update"])),
            ("updateNotContain", Writes(&["rule.update"])),
            ("deleteDossierRule", Writes(&["rule.delete"])),
            ("importDossierRules", Writes(&["rule.import"])),
            ("updateHelperCode", Writes(&["rule.update"])),
            ("restoreRuleVersion", Writes(&["rule.restore"])),
            // Operations.
            ("deleteDossier", Writes(&["dossier.delete"])),
            (
                "resendDossierCallback",
                Writes(&["dossier.callback_resend"]),
            ),
            ("runDossierRules", Writes(&["dossier.rules_run"])),
            (
                "runAgainDossierRulesThatHasErrors",
                Writes(&["dossier.rules_run"]),
            ),
            ("runDossierRule", Writes(&["dossier.rules_run"])),
            ("fixMetas", Writes(&["dossier.fix_metas"])),
            ("deleteDocument", Writes(&["document.delete"])),
            ("replaceDocumentMetas", Writes(&["document.metas_replace"])),
            ("runDocumentRules", Writes(&["document.rules_run"])),
            ("runDocumentRule", Writes(&["document.rules_run"])),
            // The jobs dashboard.
            ("retryFailedJob", Writes(&["job.retry"])),
            ("discardFailedJob", Writes(&["job.discard"])),
            ("retryFailedJobs", Writes(&["job.retry_bulk"])),
            ("discardFailedJobs", Writes(&["job.discard_bulk"])),
            ("pauseQueue", Writes(&["queue.pause"])),
            ("resumeQueue", Writes(&["queue.resume"])),
            // The playground: simulations and the author's test documents.
            (
                "startWhatIf",
                Exempt("a simulation over stored documents: changes none of them"),
            ),
            ("cancelWhatIf", Exempt("stops a simulation")),
            (
                "runTemporaryRule",
                Exempt("runs unsaved code in the playground; changes nothing"),
            ),
            (
                "runTemporaryDossierRule",
                Exempt("runs unsaved code in the playground; changes nothing"),
            ),
            (
                "requestSignedURLForValidationDocument",
                Exempt("the author's test documents (playground)"),
            ),
            (
                "createRuleValidation",
                Exempt("the author's test documents (playground)"),
            ),
            (
                "uploadRuleValidation",
                Exempt("the author's test documents (playground)"),
            ),
            (
                "createDocValidations",
                Exempt("the author's test documents (playground)"),
            ),
            (
                "runValidation",
                Exempt("runs a rule on the author's test documents (playground)"),
            ),
            (
                "deleteDocValidations",
                Exempt("the author's test documents (playground)"),
            ),
            (
                "insertLogValidazione",
                Exempt("the log of a run on the author's test documents"),
            ),
        ]
    };

    /// Whether a mutation writes audit entries ([`MUTATION_AUDIT`]).
    enum MutationAudit {
        /// The actions it writes (one of them per change).
        Writes(&'static [&'static str]),
        /// Why it writes none.
        Exempt(&'static str),
    }

    /// Every mutation of the schema is decided here — it writes named actions the log knows,
    /// or is exempt with a reason — and every action the log offers is written by one.
    #[test]
    fn every_mutation_writes_its_audit_entries_or_says_why_not() {
        let sdl = crate::graphql::sdl();
        let document = async_graphql::parser::parse_schema(&sdl).expect("the SDL parses");
        let mut mutations = BTreeSet::new();
        for definition in document.definitions {
            use async_graphql::parser::types::{TypeKind, TypeSystemDefinition};
            if let TypeSystemDefinition::Type(ty) = definition
                && ty.node.name.node == "Mutation"
                && let TypeKind::Object(object) = &ty.node.kind
            {
                mutations.extend(object.fields.iter().map(|f| f.node.name.node.to_string()));
            }
        }
        let decided: BTreeSet<String> = MUTATION_AUDIT
            .iter()
            .map(|(m, _)| (*m).to_owned())
            .collect();
        assert_eq!(
            decided.len(),
            MUTATION_AUDIT.len(),
            "a mutation listed twice"
        );
        let undecided: Vec<_> = mutations.difference(&decided).collect();
        assert!(
            undecided.is_empty(),
            "say what these write to the audit log (MUTATION_AUDIT): {undecided:?}"
        );
        let gone: Vec<_> = decided.difference(&mutations).collect();
        assert!(
            gone.is_empty(),
            "not mutations of the schema any more: {gone:?}"
        );
        let mut written = BTreeSet::new();
        for (mutation, audit) in MUTATION_AUDIT {
            match audit {
                MutationAudit::Writes(actions) => {
                    for action in *actions {
                        assert!(
                            ACTIONS.contains(action),
                            "{mutation}: {action} is not in ACTIONS"
                        );
                        written.insert(*action);
                    }
                }
                MutationAudit::Exempt(reason) => assert!(!reason.is_empty(), "{mutation}"),
            }
        }
        // Written outside GraphQL: the REST import.
        written.insert("dossier.import");
        let unwritten: Vec<_> = ACTIONS.iter().filter(|a| !written.contains(*a)).collect();
        assert!(
            unwritten.is_empty(),
            "actions no mutation writes: {unwritten:?}"
        );
    }
}
