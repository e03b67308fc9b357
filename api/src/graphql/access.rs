//! Who may run which operation. Every root field of the schema — query, mutation and
//! subscription — is listed in [`OPERATIONS`] with the access it needs, and [`AccessGuard`]
//! checks every root field of every request against it before anything runs. A field missing
//! from the table is refused at run time and fails the `every_operation_declares_its_access`
//! test, so an operation cannot ship without a declaration.
//!
//! Resource names are the permissions the web app sees (lowercased) and the objects of the
//! policies administrators write (`AddPolicy(subject, object, action)`).

use std::collections::HashSet;
use std::sync::Arc;

use async_graphql::extensions::{
    Extension, ExtensionContext, ExtensionFactory, NextParseQuery, NextResolve, ResolveInfo,
};
use async_graphql::parser::types::{
    ExecutableDocument, FragmentDefinition, OperationType, Selection, SelectionSet,
};
use async_graphql::{Name, Positioned, ServerResult, Variables};
use shared::messages::{self, Message};

use super::support::caller::Caller;
use super::support::errors::{forbidden, refused};
use crate::state::AppState;

/// The access an operation needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone, logged in or not (login, password recovery, the liveness ping).
    Public,
    /// Any logged-in user or API key, whatever their roles (liveness, the system's health).
    Authenticated,
    /// A user's own session or profile: any logged-in user, never an API key (a key has no
    /// user, password, picture or impersonation).
    OwnSession,
    /// A logged-in user whose roles allow this resource.
    Resource(&'static str),
}

use Access::{Authenticated, OwnSession, Public, Resource};
use OperationType::{Mutation, Query, Subscription};

/// Every root field of the schema and the access it needs.
pub const OPERATIONS: &[(OperationType, &str, Access)] = &[
    // Liveness.
    (Query, "ping", Public),
    (Mutation, "pingMutation", Public),
    (Mutation, "pingWorker", Authenticated),
    (Subscription, "ping", Authenticated),
    (Subscription, "permissionsChanged", Authenticated),
    // Whether the workers can do the system's work (the banner every screen shows).
    (Query, "systemHealth", Authenticated),
    // Sessions.
    (Mutation, "basicLogin", Public),
    (Mutation, "getNewAccessToken", Public),
    (Mutation, "logout", OwnSession),
    (Query, "loggedUser", OwnSession),
    (Mutation, "recoverPassword", Public),
    (Mutation, "resetPassword", Public),
    (Mutation, "register", Public),
    (Mutation, "confirmRegistration", Public),
    (Mutation, "impersonates", Resource("impersonates")),
    (Mutation, "endImpersonation", OwnSession),
    // Users.
    (Query, "users", Resource("users")),
    (Query, "user", Resource("users")),
    (Mutation, "createUser", Resource("createUser")),
    (Mutation, "updateUser", Resource("updateUser")),
    (Mutation, "updateUserPassword", Resource("updateUser")),
    (Mutation, "updateSelfPassword", OwnSession),
    // Own avatar; another user's needs `updateUser`, checked by the resolver.
    (Mutation, "updateAvatar", OwnSession),
    (Mutation, "deleteUser", Resource("deleteUser")),
    // Access control.
    (Query, "roles", Resource("roles")),
    (Mutation, "createRole", Resource("roles")),
    (Mutation, "deleteRole", Resource("roles")),
    (Query, "getPolicies", Resource("policies")),
    (Mutation, "AddPolicy", Resource("policies")),
    (Mutation, "deletePolicy", Resource("policies")),
    (Query, "getGroups", Resource("groups")),
    (Mutation, "AddGroup", Resource("groups")),
    (Mutation, "deleteGroup", Resource("groups")),
    // API keys of machine clients (/api-keys).
    (Query, "apiKeys", Resource("apiKeys")),
    (Mutation, "createApiKey", Resource("apiKeys")),
    (Mutation, "rotateApiKey", Resource("apiKeys")),
    (Mutation, "revokeApiKey", Resource("apiKeys")),
    // The secrets callbacks are signed with (a mutation: revealing one is audited).
    (Mutation, "callbackSecret", Resource("apiKeys")),
    (Mutation, "rotateCallbackSecret", Resource("apiKeys")),
    // Notification recipients.
    (Query, "notificationReceivers", Resource("notifications")),
    (
        Mutation,
        "addNotificationReceiver",
        Resource("notifications"),
    ),
    (
        Mutation,
        "deleteNotificationReceiver",
        Resource("notifications"),
    ),
    // The jobs dashboard.
    (Query, "jobQueues", Resource("jobs")),
    (Query, "jobThroughput", Resource("jobs")),
    (Query, "jobWorkers", Resource("jobs")),
    (Query, "failedJobs", Resource("jobs")),
    (Query, "failedJob", Resource("jobs")),
    (Mutation, "retryFailedJob", Resource("retryFailedJob")),
    (Mutation, "retryFailedJobs", Resource("retryFailedJob")),
    (Mutation, "discardFailedJob", Resource("discardFailedJob")),
    (Mutation, "discardFailedJobs", Resource("discardFailedJob")),
    (Mutation, "pauseQueue", Resource("pauseQueue")),
    (Mutation, "resumeQueue", Resource("pauseQueue")),
    // The audit log screen (/audit).
    (Query, "auditLog", Resource("audit")),
    (Query, "auditActions", Resource("audit")),
    // Types (docs/domain.md#operations): queries need the area, each mutation its own resource.
    (Query, "documentTypes", Resource("documentTypes")),
    (Query, "documentTypesPage", Resource("documentTypes")),
    (Query, "documentType", Resource("documentTypes")),
    (
        Mutation,
        "createDocumentType",
        Resource("createDocumentType"),
    ),
    (
        Mutation,
        "deleteDocumentType",
        Resource("deleteDocumentType"),
    ),
    (Query, "dossierTypes", Resource("dossierTypes")),
    (Query, "dossierTypesPage", Resource("dossierTypes")),
    (Query, "dossierType", Resource("dossierTypes")),
    (Mutation, "createDossierType", Resource("createDossierType")),
    (Mutation, "deleteDossierType", Resource("deleteDossierType")),
    (
        Mutation,
        "setDossierTypeRequiredMetas",
        Resource("setDossierTypeRequiredMetas"),
    ),
    // Data tables.
    (Query, "dataTables", Resource("dataTables")),
    (Query, "dataTablesPage", Resource("dataTables")),
    (Query, "dataTable", Resource("dataTables")),
    (Mutation, "createDataTable", Resource("createDataTable")),
    (Mutation, "updateDataTable", Resource("updateDataTable")),
    (Mutation, "deleteDataTable", Resource("deleteDataTable")),
    // Document rules.
    (Query, "documentRules", Resource("documentRules")),
    (Query, "documentRulesPage", Resource("documentRules")),
    (Query, "documentRule", Resource("documentRules")),
    (
        Mutation,
        "createDocumentRule",
        Resource("createDocumentRule"),
    ),
    (
        Mutation,
        "updateDocumentRule",
        Resource("updateDocumentRule"),
    ),
    (
        Mutation,
        "setDocumentRuleActive",
        Resource("setDocumentRuleActive"),
    ),
    (
        Mutation,
        "deleteDocumentRule",
        Resource("deleteDocumentRule"),
    ),
    // Dossier rules.
    (Query, "dossierRules", Resource("dossierRules")),
    (Query, "dossierRulesPage", Resource("dossierRules")),
    (Query, "dossierRule", Resource("dossierRules")),
    (Query, "notValidDossierRules", Resource("dossierRules")),
    (Mutation, "createDossierRule", Resource("createDossierRule")),
    (Mutation, "updateDossierRule", Resource("updateDossierRule")),
    (
        Mutation,
        "setDossierRuleActive",
        Resource("setDossierRuleActive"),
    ),
    (Mutation, "updateMustContain", Resource("updateMustContain")),
    (Mutation, "updateNotContain", Resource("updateNotContain")),
    (Mutation, "deleteDossierRule", Resource("deleteDossierRule")),
    (
        Mutation,
        "importDossierRules",
        Resource("importDossierRules"),
    ),
    // Helper file of a rule.
    (Query, "getHelperCode", Resource("helperCode")),
    // Version history of rules (either kind).
    (Query, "ruleVersions", Resource("ruleVersions")),
    (
        Mutation,
        "restoreRuleVersion",
        Resource("restoreRuleVersion"),
    ),
    // "What if" runs of unsaved rule code over past documents.
    (Query, "whatIfRun", Resource("whatIf")),
    (Query, "whatIfRuns", Resource("whatIf")),
    (Mutation, "startWhatIf", Resource("startWhatIf")),
    (Mutation, "cancelWhatIf", Resource("startWhatIf")),
    // The editor's syntax check of unsaved code.
    (Query, "checkRuleCode", Resource("checkRuleCode")),
    (Mutation, "updateHelperCode", Resource("updateHelperCode")),
    // Dossiers (docs/domain.md#operations): queries need the area, each mutation its own resource.
    (Query, "dossiers", Resource("dossiers")),
    (Query, "getPaginatedDossier", Resource("dossiers")),
    (Query, "dossier", Resource("dossiers")),
    (Query, "dossierCallbacks", Resource("dossiers")),
    (Query, "downloadDossier", Resource("dossiers")),
    (Query, "getDossierRulesExecutionCount", Resource("dossiers")),
    (Query, "getDossierResultAggregate", Resource("dossiers")),
    (Query, "getFailedDossierRuleExecs", Resource("dossiers")),
    (Query, "metasCheck", Resource("dossiers")),
    (Mutation, "deleteDossier", Resource("deleteDossier")),
    (Mutation, "runDossierRules", Resource("runDossierRules")),
    (
        Mutation,
        "runAgainDossierRulesThatHasErrors",
        Resource("runAgainDossierRulesThatHasErrors"),
    ),
    (Mutation, "runDossierRule", Resource("runDossierRule")),
    (Mutation, "fixMetas", Resource("fixMetas")),
    (
        Mutation,
        "resendDossierCallback",
        Resource("resendDossierCallback"),
    ),
    (Subscription, "dossierStateChanged", Resource("dossiers")),
    (Query, "operationsOverview", Resource("dossiers")),
    // Documents.
    (Query, "documentsByDossier", Resource("documents")),
    (Query, "documentsNameForDossier", Resource("documents")),
    (Query, "documentsInfo", Resource("documents")),
    (Query, "document", Resource("documents")),
    (Query, "downloadDocument", Resource("documents")),
    (Query, "getRulesByDocument", Resource("documents")),
    (Query, "getLogsByDocument", Resource("documents")),
    (Mutation, "deleteDocument", Resource("deleteDocument")),
    (
        Mutation,
        "replaceDocumentMetas",
        Resource("replaceDocumentMetas"),
    ),
    (Mutation, "runDocumentRules", Resource("runDocumentRules")),
    (Mutation, "runDocumentRule", Resource("runDocumentRule")),
    // Records of rule runs.
    (Query, "ruleExecutionLogs", Resource("ruleExecutions")),
    (Query, "ruleExecutionLog", Resource("ruleExecutions")),
    (
        Query,
        "dossierRuleExecutionLogs",
        Resource("ruleExecutions"),
    ),
    (Query, "dossierRuleExecutions", Resource("ruleExecutions")),
    // Playgrounds: test runs of unsaved code and downloads for a local run.
    (Mutation, "runTemporaryRule", Resource("runTemporaryRule")),
    (
        Mutation,
        "runTemporaryDossierRule",
        Resource("runTemporaryDossierRule"),
    ),
    (
        Query,
        "downloadDocumentRule",
        Resource("downloadDocumentRule"),
    ),
    (
        Query,
        "downloadDossierRule",
        Resource("downloadDossierRule"),
    ),
    // Rule validation (docs/domain.md#operations): reading needs the area, each change its own
    // resource; `testRule` is what the new dossier rule form asks.
    (Query, "testRule", Resource("testRule")),
    (Query, "docValidations", Resource("ruleValidations")),
    (Query, "docValidationsPage", Resource("ruleValidations")),
    (Query, "docValidation", Resource("ruleValidations")),
    (Query, "ruleValidations", Resource("ruleValidations")),
    (Query, "ruleValidationsPage", Resource("ruleValidations")),
    (Query, "ruleValidation", Resource("ruleValidations")),
    (Query, "latestRuleValitation", Resource("ruleValidations")),
    (Query, "logValidazione", Resource("ruleValidations")),
    (Query, "logValidazioni", Resource("ruleValidations")),
    (Query, "downloadOCR", Resource("ruleValidations")),
    (Query, "downloadPDF", Resource("ruleValidations")),
    (Query, "downloadDiff", Resource("ruleValidations")),
    (
        Query,
        "downloadAllValidationFiles",
        Resource("ruleValidations"),
    ),
    (
        Mutation,
        "requestSignedURLForValidationDocument",
        Resource("requestSignedURLForValidationDocument"),
    ),
    (
        Mutation,
        "createRuleValidation",
        Resource("createRuleValidation"),
    ),
    (
        Mutation,
        "uploadRuleValidation",
        Resource("uploadRuleValidation"),
    ),
    (
        Mutation,
        "createDocValidations",
        Resource("createDocValidations"),
    ),
    (Mutation, "runValidation", Resource("runValidation")),
    (
        Mutation,
        "deleteDocValidations",
        Resource("deleteDocValidations"),
    ),
    (
        Mutation,
        "insertLogValidazione",
        Resource("insertLogValidazione"),
    ),
];

/// How often an open subscription checks that its caller may still receive it.
const SUBSCRIPTION_RECHECK: std::time::Duration = std::time::Duration::from_secs(2);

/// `stream` of subscription `field` until the caller's session ends or their roles stop
/// allowing the resource [`OPERATIONS`] declares for it (checked every
/// [`SUBSCRIPTION_RECHECK`], in memory): a subscription does not outlive the access that
/// opened it.
pub fn while_allowed<S: futures::Stream + Send + 'static>(
    field: &str,
    stream: S,
    state: Arc<AppState>,
    claims: shared::auth::AccessClaims,
) -> impl futures::Stream<Item = S::Item> + Send + 'static {
    use futures::StreamExt;
    let resource = match required(Subscription, field) {
        Some(Resource(resource)) => Some(resource),
        _ => None,
    };
    let ended = async move {
        loop {
            tokio::time::sleep(SUBSCRIPTION_RECHECK).await;
            let revoked = state.session_ended(claims.sid, &claims.email);
            let denied = resource.is_some_and(|r| !state.access.allows(&claims.email, r));
            if revoked || denied {
                tracing::info!(user = %claims.email, revoked, denied, "subscription closed: access ended");
                return;
            }
        }
    };
    stream.take_until(Box::pin(ended))
}

/// Object types whose data belongs to a resource, and the fields of theirs anyone who reaches
/// one may read. An operation of another area can return them — a document's rules, a type's
/// rules — but their other fields (code, package.json, lists, data) need the owner's resource
/// too: [`FieldGuard`] checks it as each field resolves.
pub const OWNED_TYPES: &[(&str, &str, &[&str])] = &[
    (
        "DocumentRule",
        "documentRules",
        &[
            "id",
            "description",
            "state",
            "active",
            "nota",
            "documentType",
            "createdAt",
            "updatedAt",
        ],
    ),
    (
        "DossierRule",
        "dossierRules",
        &[
            "id",
            "description",
            "istitutoAppartenenza",
            "active",
            "valid",
            "nota",
            "gruppo",
            "dossierType",
            "createdAt",
            "updatedAt",
        ],
    ),
    (
        "DataTable",
        "dataTables",
        &["name", "ordinamento", "createdAt", "updatedAt"],
    ),
];

/// Single fields (of any type, root fields included) that carry the content of another
/// resource than the operations reaching them, and the resource they need besides the
/// operation's: [`FieldGuard`] checks it as the field resolves.
pub const FIELD_RESOURCES: &[(&str, &str, &str)] = &[
    // The content of the data tables the rules of the document's type read.
    ("Document", "dataTables", "dataTables"),
    // The content of the data tables the logged rule reads, shown beside its run's input.
    ("RuleExecutionLogDetail", "dataTables", "dataTables"),
    // The imported zip is every document's PDF, which `documentsByDossier` and
    // `downloadDocument` refuse without `documents`: a back office gives the dossier's files
    // to who may read its documents, not to who only follows dossiers' states and results.
    ("Query", "downloadDossier", "documents"),
];

/// Fields the schema test below flags as reaching another area (an object of another area, a
/// name of another area's operation) that carry none of its content, each with the reason.
pub const REVIEWED_FIELDS: &[(&str, &str, &str)] = &[
    (
        "ApiKey",
        "roles",
        "the names of the roles a key has, part of the key its administrators (apiKeys) manage",
    ),
    (
        "AuthSession",
        "user",
        "the caller's own account, as loggedUser returns it",
    ),
    (
        "AuthSession",
        "impersonatedBy",
        "the account the caller started the impersonation from",
    ),
    ("Document", "documentType", "its type's name (NamedRef)"),
    (
        "DocumentSummary",
        "documentType",
        "its type's name (NamedRef)",
    ),
    ("DocumentRule", "documentType", "its type's name (NamedRef)"),
    ("Dossier", "dossierType", "its type's name (NamedRef)"),
    ("DossierRule", "dossierType", "its type's name (NamedRef)"),
    (
        "Document",
        "dossier",
        "its dossier's id and description (DossierRef)",
    ),
    (
        "DocumentInfo",
        "dossier",
        "its dossier's id and description (DossierRef)",
    ),
    (
        "DocumentRule",
        "dataTables",
        "the names of the data tables the rule reads, not their content",
    ),
    (
        "DossierRule",
        "dataTables",
        "the names of the data tables the rule reads, not their content",
    ),
];

/// Fields whose value is a stored file's bytes (base64) or holds one: a request gets one of
/// them ([`super::response_size`]); each says whose content it is.
pub const FILE_FIELDS: &[(&str, &str, &str)] = &[
    (
        "Query",
        "downloadDocumentRule",
        "a document rule's code as a project",
    ),
    (
        "Query",
        "downloadDossierRule",
        "a dossier rule's code as a project",
    ),
    ("Query", "downloadOCR", "a validation document's OCR text"),
    ("Query", "downloadPDF", "a validation document's PDF"),
    ("Query", "downloadDiff", "a validation's differences"),
    (
        "Query",
        "downloadAllValidationFiles",
        "a zip of a validation's files",
    ),
];

/// Whether field `field` of `parent` is one of [`FILE_FIELDS`].
pub fn carries_file(parent: &str, field: &str) -> bool {
    FILE_FIELDS
        .iter()
        .any(|(ty, name, _)| *ty == parent && *name == field)
}

/// The resource field `field` of object type `parent` needs besides its operation's, if any.
pub fn field_resource(parent: &str, field: &str) -> Option<&'static str> {
    OWNED_TYPES
        .iter()
        .find(|(ty, _, _)| *ty == parent)
        .filter(|(_, _, open)| !open.contains(&field))
        .map(|(_, resource, _)| *resource)
        .or_else(|| {
            FIELD_RESOURCES
                .iter()
                .find(|(ty, name, _)| *ty == parent && *name == field)
                .map(|(_, _, resource)| *resource)
        })
}

/// The schema extension that enforces [`OWNED_TYPES`] on every field it resolves; each resource
/// is asked once per request.
pub struct FieldGuard;

impl ExtensionFactory for FieldGuard {
    fn create(&self) -> Arc<dyn Extension> {
        Arc::new(FieldGuardExtension::default())
    }
}

#[derive(Default)]
struct FieldGuardExtension {
    allowed: std::sync::Mutex<std::collections::HashMap<&'static str, bool>>,
}

#[async_graphql::async_trait::async_trait]
impl Extension for FieldGuardExtension {
    async fn resolve(
        &self,
        ctx: &ExtensionContext<'_>,
        info: ResolveInfo<'_>,
        next: NextResolve<'_>,
    ) -> ServerResult<Option<async_graphql::Value>> {
        let guarded = if info.is_for_introspection || info.name.starts_with("__") {
            None
        } else {
            field_resource(info.parent_type, info.name)
        };
        if let Some(resource) = guarded {
            let allowed = *self
                .allowed
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .entry(resource)
                .or_insert_with(|| {
                    let caller = ctx.data_opt::<Caller>();
                    let state = ctx.data_opt::<Arc<AppState>>();
                    match (caller, state) {
                        (Some(Caller::Authenticated(claims)), Some(state)) => {
                            state.access.allows(&claims.email, resource)
                        }
                        _ => false,
                    }
                });
            if !allowed {
                let field = format!("{}.{}", info.parent_type, info.name);
                return Err(
                    forbidden(messages::permission_denied_field(resource, field))
                        .into_server_error(async_graphql::Pos::default()),
                );
            }
        }
        next.run(ctx, info).await
    }
}

/// The resources a caller needs for root field `field` of `Query`: its operation's and its
/// own ([`FIELD_RESOURCES`]). A download link made by the field is checked against them again
/// when it is followed.
pub fn query_resources(field: &str) -> Vec<&'static str> {
    let operation = match required(Query, field) {
        Some(Resource(resource)) => Some(resource),
        _ => None,
    };
    operation
        .into_iter()
        .chain(field_resource("Query", field))
        .collect()
}

/// The access `field` of the root type `operation` needs, if it declares one.
pub fn required(operation: OperationType, field: &str) -> Option<Access> {
    OPERATIONS
        .iter()
        .find(|(kind, name, _)| *kind == operation && *name == field)
        .map(|(_, _, access)| *access)
}

/// The schema extension that enforces [`OPERATIONS`].
pub struct AccessGuard;

impl ExtensionFactory for AccessGuard {
    fn create(&self) -> Arc<dyn Extension> {
        Arc::new(AccessGuardExtension)
    }
}

struct AccessGuardExtension;

#[async_graphql::async_trait::async_trait]
impl Extension for AccessGuardExtension {
    async fn parse_query(
        &self,
        ctx: &ExtensionContext<'_>,
        query: &str,
        variables: &Variables,
        next: NextParseQuery<'_>,
    ) -> ServerResult<ExecutableDocument> {
        let document = next.run(ctx, query, variables).await?;
        let caller = ctx.data_opt::<Caller>().unwrap_or(&Caller::Anonymous);
        let state = ctx.data_opt::<Arc<AppState>>();
        for (_, operation) in document.operations.iter() {
            let kind = operation.node.ty;
            let mut fields = Vec::new();
            root_fields(
                &operation.node.selection_set.node,
                &document.fragments,
                &mut HashSet::new(),
                &mut fields,
            );
            for field in fields {
                check(kind, &field, caller, state)?;
            }
        }
        Ok(document)
    }
}

/// The root fields a selection set selects, through fragments; introspection excluded.
fn root_fields(
    selection_set: &SelectionSet,
    fragments: &std::collections::HashMap<Name, Positioned<FragmentDefinition>>,
    visited: &mut HashSet<Name>,
    out: &mut Vec<Positioned<Name>>,
) {
    for selection in &selection_set.items {
        match &selection.node {
            Selection::Field(field) => {
                if !field.node.name.node.starts_with("__") {
                    out.push(field.node.name.clone());
                }
            }
            Selection::InlineFragment(fragment) => {
                root_fields(&fragment.node.selection_set.node, fragments, visited, out);
            }
            Selection::FragmentSpread(spread) => {
                let name = &spread.node.fragment_name.node;
                if visited.insert(name.clone())
                    && let Some(fragment) = fragments.get(name)
                {
                    root_fields(&fragment.node.selection_set.node, fragments, visited, out);
                }
            }
        }
    }
}

fn check(
    kind: OperationType,
    field: &Positioned<Name>,
    caller: &Caller,
    state: Option<&Arc<AppState>>,
) -> ServerResult<()> {
    let refuse = |code: &'static str, message: Message| {
        Err(refused(code, message).into_server_error(field.pos))
    };
    let Some(access) = required(kind, &field.node) else {
        tracing::error!(operation = %field.node, "operation without an access declaration refused");
        return refuse("FORBIDDEN", messages::undeclared_operation(&field.node));
    };
    let claims = match (access, caller) {
        (Public, _) => return Ok(()),
        (_, Caller::Authenticated(claims)) => claims,
        (_, Caller::Rejected(error)) => {
            let message = error.message().unwrap_or_else(messages::session_invalid);
            return refuse("UNAUTHENTICATED", message);
        }
        (_, Caller::Anonymous) => {
            return refuse("UNAUTHENTICATED", messages::authentication_required());
        }
    };
    if access == OwnSession && claims.is_api_key() {
        return refuse("FORBIDDEN", messages::api_key_not_a_user());
    }
    let Resource(resource) = access else {
        return Ok(());
    };
    let allowed = state.is_some_and(|state| state.access.allows(&claims.email, resource));
    if allowed {
        Ok(())
    } else {
        refuse("FORBIDDEN", messages::permission_denied(resource))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// Every owned type and every open field named in [`OWNED_TYPES`] exists in the schema,
    /// and every object type that carries rule code or data (`code`, `packageJSON`, `content`)
    /// is either owned or only returned by operations of the resource it belongs to.
    #[test]
    fn owned_types_match_the_schema_and_cover_every_type_with_code_or_data() {
        /// Types with code or data that no other area's operation returns: their operations'
        /// own resources cover them.
        const ROOT_ONLY: &[&str] = &[
            "HelperCode",
            "RuleVersion",
            "RuleExecutionLog",
            "DossierRuleExecutionLog",
            "RuleExecutionLogDetail",
            "RuleDownload",
        ];
        let sdl = crate::graphql::sdl();
        let document = async_graphql::parser::parse_schema(&sdl).expect("the SDL parses");
        let mut fields_of = std::collections::HashMap::new();
        for definition in document.definitions {
            if let async_graphql::parser::types::TypeSystemDefinition::Type(ty) = definition
                && let async_graphql::parser::types::TypeKind::Object(object) = &ty.node.kind
            {
                let fields: Vec<String> = object
                    .fields
                    .iter()
                    .map(|f| f.node.name.node.to_string())
                    .collect();
                fields_of.insert(ty.node.name.node.to_string(), fields);
            }
        }
        for (ty, _, open) in OWNED_TYPES {
            let fields = fields_of.get(*ty).unwrap_or_else(|| panic!("no type {ty}"));
            for field in *open {
                assert!(
                    fields.iter().any(|f| f == field),
                    "{ty}.{field} is not in the schema"
                );
            }
        }
        for (ty, fields) in &fields_of {
            let carries = fields
                .iter()
                .any(|f| matches!(f.as_str(), "code" | "packageJSON" | "content"));
            let owned = OWNED_TYPES.iter().any(|(owned, _, _)| owned == ty);
            assert!(
                !carries || owned || ROOT_ONLY.contains(&ty.as_str()),
                "{ty} carries code or data: declare it in OWNED_TYPES (or ROOT_ONLY)"
            );
        }
    }

    /// The object types of the schema: name → its fields as (name, named type).
    fn object_fields() -> HashMap<String, Vec<(String, String)>> {
        use async_graphql::parser::types::{BaseType, Type, TypeKind, TypeSystemDefinition};
        fn named(ty: &Type) -> &str {
            match &ty.base {
                BaseType::Named(name) => name.as_str(),
                BaseType::List(inner) => named(inner),
            }
        }
        let sdl = crate::graphql::sdl();
        let document = async_graphql::parser::parse_schema(&sdl).expect("the SDL parses");
        let mut objects = HashMap::new();
        for definition in document.definitions {
            if let TypeSystemDefinition::Type(ty) = definition
                && let TypeKind::Object(object) = &ty.node.kind
            {
                let fields = object
                    .fields
                    .iter()
                    .map(|f| {
                        let f = &f.node;
                        (f.name.node.to_string(), named(&f.ty.node).to_owned())
                    })
                    .collect();
                objects.insert(ty.node.name.node.to_string(), fields);
            }
        }
        objects
    }

    /// Finds, without a list kept by hand, the fields that may carry another area's content,
    /// and requires a decision for each: a field whose type is an object of another area (its
    /// "home": the resources of the operations that return it, or a page of it), a field named
    /// like another area's query (`Document.dataTables`), and a field holding a file's bytes
    /// (a name with `base64`). Each must be guarded (its type in [`OWNED_TYPES`], or the field
    /// in [`FIELD_RESOURCES`]), or reviewed with a reason ([`REVIEWED_FIELDS`]); a file field
    /// must be in [`FILE_FIELDS`] (itself or every field returning its type).
    #[test]
    fn fields_carrying_another_areas_content_are_guarded_or_reviewed() {
        const ROOTS: [(&str, OperationType); 3] = [
            ("Query", Query),
            ("Mutation", Mutation),
            ("Subscription", Subscription),
        ];
        let objects = object_fields();
        let label = |access: Access| match access {
            Public => "public",
            Authenticated | OwnSession => "authenticated",
            Resource(resource) => resource,
        };
        // The areas each object type belongs to.
        let mut home: HashMap<&str, HashSet<&str>> = HashMap::new();
        for (root, kind) in ROOTS {
            for (field, ty) in objects.get(root).into_iter().flatten() {
                let access = label(required(kind, field).expect("declared"));
                home.entry(ty.as_str()).or_default().insert(access);
                let page_items = objects
                    .get(ty)
                    .into_iter()
                    .flatten()
                    .find(|(f, _)| f == "items");
                if let Some((_, item)) = page_items {
                    home.entry(item.as_str()).or_default().insert(access);
                }
            }
        }
        let query_resources: HashMap<&str, &str> = objects["Query"]
            .iter()
            .filter_map(|(field, _)| match required(Query, field) {
                Some(Resource(resource)) => Some((field.as_str(), resource)),
                _ => None,
            })
            .collect();
        let in_table = |table: &[(&str, &str, &str)], ty: &str, field: &str| {
            table.iter().any(|(t, f, _)| *t == ty && *f == field)
        };
        let guarded_type = |ty: &str| OWNED_TYPES.iter().any(|(owned, _, _)| *owned == ty);
        let nobody: HashSet<&str> = HashSet::new();
        let mut undecided = Vec::new();
        for (parent, fields) in &objects {
            let parent_home = home.get(parent.as_str()).unwrap_or(&nobody);
            let root = ROOTS.iter().any(|(name, _)| name == parent);
            for (field, ty) in fields {
                let decided = in_table(FIELD_RESOURCES, parent, field)
                    || in_table(REVIEWED_FIELDS, parent, field)
                    || guarded_type(ty);
                let other_areas_object = !root
                    && objects.contains_key(ty)
                    && !parent_home.is_empty()
                    && home
                        .get(ty.as_str())
                        .is_some_and(|h| h.is_disjoint(parent_home));
                let other_areas_name = !root
                    && query_resources
                        .get(field.as_str())
                        .is_some_and(|resource| !parent_home.contains(resource));
                if (other_areas_object || other_areas_name) && !decided {
                    undecided.push(format!("{parent}.{field}"));
                }
                let lower = field.to_lowercase();
                if lower.contains("base64") || lower.contains("bsae64") {
                    let returning: Vec<(&str, &str)> = objects
                        .iter()
                        .flat_map(|(p, fs)| {
                            fs.iter()
                                .filter(|(_, t)| t == parent)
                                .map(move |(f, _)| (p.as_str(), f.as_str()))
                        })
                        .collect();
                    let declared = in_table(FILE_FIELDS, parent, field)
                        || (!returning.is_empty()
                            && returning.iter().all(|(p, f)| in_table(FILE_FIELDS, p, f)));
                    if !declared {
                        undecided.push(format!("{parent}.{field} (a file's bytes: FILE_FIELDS)"));
                    }
                }
            }
        }
        undecided.sort();
        assert!(
            undecided.is_empty(),
            "these fields may carry another area's content: guard them (OWNED_TYPES, \
             FIELD_RESOURCES) or review them (REVIEWED_FIELDS) in access.rs: {undecided:?}"
        );
        for table in [FIELD_RESOURCES, REVIEWED_FIELDS, FILE_FIELDS] {
            for (ty, field, _) in table {
                assert!(
                    objects
                        .get(*ty)
                        .is_some_and(|fs| fs.iter().any(|(f, _)| f == field)),
                    "{ty}.{field} is not in the schema"
                );
            }
        }
    }

    /// The root fields of the schema, by operation type, read from its SDL.
    fn schema_root_fields() -> Vec<(OperationType, String)> {
        let sdl = crate::graphql::sdl();
        let document = async_graphql::parser::parse_schema(&sdl).expect("the SDL parses");
        let mut fields = Vec::new();
        for definition in document.definitions {
            let async_graphql::parser::types::TypeSystemDefinition::Type(ty) = definition else {
                continue;
            };
            let kind = match ty.node.name.node.as_str() {
                "Query" => Query,
                "Mutation" => Mutation,
                "Subscription" => Subscription,
                _ => continue,
            };
            if let async_graphql::parser::types::TypeKind::Object(object) = &ty.node.kind {
                for field in &object.fields {
                    fields.push((kind, field.node.name.node.to_string()));
                }
            }
        }
        fields
    }

    #[test]
    fn every_operation_declares_its_access() {
        let undeclared: Vec<String> = schema_root_fields()
            .into_iter()
            .filter(|(kind, name)| required(*kind, name).is_none())
            .map(|(kind, name)| format!("{kind} {name}"))
            .collect();
        assert!(
            undeclared.is_empty(),
            "declare the access of these operations in api/src/graphql/access.rs: {undeclared:?}"
        );
    }

    #[test]
    fn every_declaration_names_an_operation_once() {
        let fields = schema_root_fields();
        let mut seen = HashSet::new();
        for (kind, name, _) in OPERATIONS {
            assert!(
                fields.iter().any(|(k, n)| k == kind && n == name),
                "{kind} {name} is declared in access.rs but is not in the schema"
            );
            assert!(
                seen.insert((kind.to_string(), *name)),
                "{kind} {name} is declared twice"
            );
        }
    }
}
