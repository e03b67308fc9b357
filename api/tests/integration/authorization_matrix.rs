//! The authorization matrix, generated from the schema: every root field (query, mutation,
//! subscription) × {anonymous, a user with no role, a user whose role allows only the
//! operation's resource, a user whose role allows `*` but denies that resource, the
//! administrator} against the access declared in `api::graphql::access::OPERATIONS`.
//!
//! - `Public`: nobody is refused (`UNAUTHENTICATED` / `FORBIDDEN`).
//! - `Authenticated`: anonymous → `UNAUTHENTICATED`; everyone else is not refused.
//! - `Resource(r)`: anonymous → `UNAUTHENTICATED`; no role → `FORBIDDEN`; only r → allowed
//!   (`FORBIDDEN` if the field carries another resource's content too: `FIELD_RESOURCES`);
//!   `*` but deny r → `FORBIDDEN`; admin → allowed.
//!
//! "Allowed" means no error with code `UNAUTHENTICATED` or `FORBIDDEN`: any other answer
//! (`NOT_FOUND`, `BAD_USER_INPUT`, a validation error for the dummy arguments, a timeout of an
//! operation that waits for a worker) shows the access check let the request through.
//!
//! Requests are generated from the SDL: required arguments get dummy values by type (String
//! "x", Int 0, Float 0, Boolean false, ID "x", custom scalars "x", an enum's first value,
//! lists [], input objects recursively), except an argument named `email`, which gets the
//! caller's own e-mail — so operations on "the caller's own account" (updateSelfPassword,
//! updateAvatar) are judged on the caller's own data, and nothing destructive can hit
//! another account (deleteUser/impersonates on oneself are refused with CONFLICT). Object
//! results select `{ __typename }`. Queries and mutations go through HTTP; subscriptions are
//! executed on the server's schema with the caller in the request data (`execute_stream`),
//! judged on their first response (none within the timeout: not refused).
//!
//! Nothing is skipped: `logout` runs with tokens minted for this test (their sessions do not
//! exist), so it cannot end another cell's session.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use api::graphql::access::{Access, OPERATIONS, required};
use async_graphql::parser::types::{
    BaseType, OperationType, Type, TypeDefinition, TypeKind, TypeSystemDefinition,
};
use common::{Options, TestServer};
use diesel_async::RunQueryDsl;
use futures::StreamExt;
use serde_json::{Value, json};
use shared::db::models::accounts::{NewCasbinRule, NewRole, NewUser};
use shared::db::schema::{casbin_rule, roles, users};
use uuid::Uuid;

/// Longest wait for one request; an operation still running then was not refused.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);

/// One root field and how to call it.
struct Operation {
    kind: OperationType,
    name: String,
    /// The operation text, with `{EMAIL}` where the caller's e-mail goes.
    template: String,
}

/// The schema's types by name, read from the SDL.
struct Types(BTreeMap<String, TypeDefinition>);

impl Types {
    fn from_sdl(sdl: &str) -> Result<Self> {
        let document = async_graphql::parser::parse_schema(sdl).context("the SDL parses")?;
        let mut types = BTreeMap::new();
        for definition in document.definitions {
            if let TypeSystemDefinition::Type(ty) = definition {
                types.insert(ty.node.name.node.to_string(), ty.node);
            }
        }
        Ok(Self(types))
    }

    fn named(ty: &Type) -> &str {
        match &ty.base {
            BaseType::Named(name) => name.as_str(),
            BaseType::List(inner) => Self::named(inner),
        }
    }

    /// A literal of type `ty` (`depth` guards recursive input types).
    fn dummy(&self, ty: &Type, argument: &str, depth: usize) -> String {
        if let BaseType::List(_) = ty.base {
            return "[]".into();
        }
        let name = Self::named(ty);
        match name {
            "String" | "ID" if argument == "email" => "\"{EMAIL}\"".into(),
            "String" | "ID" => "\"x\"".into(),
            "Int" | "Float" => "0".into(),
            "Boolean" => "false".into(),
            _ => match self.0.get(name).map(|t| &t.kind) {
                // (`<[_]>::first`: diesel's `RunQueryDsl::first` would shadow it on a Vec.)
                Some(TypeKind::Enum(e)) => <[_]>::first(&e.values)
                    .map_or_else(|| "null".into(), |v| v.node.value.node.to_string()),
                Some(TypeKind::InputObject(input)) if depth < 8 => {
                    let fields: Vec<String> = input
                        .fields
                        .iter()
                        .filter(|f| !f.node.ty.node.nullable && f.node.default_value.is_none())
                        .map(|f| {
                            let field = f.node.name.node.as_str();
                            format!("{field}: {}", self.dummy(&f.node.ty.node, field, depth + 1))
                        })
                        .collect();
                    format!("{{ {} }}", fields.join(", "))
                }
                // Custom scalars (DateTime, JSON, Upload, …): a string.
                _ => "\"x\"".into(),
            },
        }
    }

    fn selection(&self, ty: &Type) -> &'static str {
        match self.0.get(Self::named(ty)).map(|t| &t.kind) {
            Some(TypeKind::Object(_) | TypeKind::Interface(_) | TypeKind::Union(_)) => {
                " { __typename }"
            }
            _ => "",
        }
    }

    fn operations(&self) -> Vec<Operation> {
        let mut operations = Vec::new();
        for (root, kind, keyword) in [
            ("Query", OperationType::Query, "query"),
            ("Mutation", OperationType::Mutation, "mutation"),
            ("Subscription", OperationType::Subscription, "subscription"),
        ] {
            let Some(TypeKind::Object(object)) = self.0.get(root).map(|t| &t.kind) else {
                continue;
            };
            for field in &object.fields {
                let field = &field.node;
                let arguments: Vec<String> = field
                    .arguments
                    .iter()
                    .filter(|a| !a.node.ty.node.nullable && a.node.default_value.is_none())
                    .map(|a| {
                        let name = a.node.name.node.as_str();
                        format!("{name}: {}", self.dummy(&a.node.ty.node, name, 0))
                    })
                    .collect();
                let arguments = if arguments.is_empty() {
                    String::new()
                } else {
                    format!("({})", arguments.join(", "))
                };
                operations.push(Operation {
                    kind,
                    name: field.name.node.to_string(),
                    template: format!(
                        "{keyword} {{ {}{arguments}{} }}",
                        field.name.node,
                        self.selection(&field.ty.node)
                    ),
                });
            }
        }
        operations
    }
}

/// Who calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Who {
    Anonymous,
    NoRole,
    OnlyResource,
    DeniedResource,
    Admin,
}

/// A caller: its e-mail and access token.
#[derive(Clone)]
struct Identity {
    email: String,
    token: Option<String>,
}

/// Whether the answer refused the request, and how.
fn refusal(body: &Value) -> Option<String> {
    body["errors"].as_array().and_then(|errors| {
        errors.iter().find_map(|e| {
            let code = e["extensions"]["code"].as_str()?;
            matches!(code, "UNAUTHENTICATED" | "FORBIDDEN").then(|| code.to_owned())
        })
    })
}

fn expected(access: Access, who: Who) -> Option<&'static str> {
    match (access, who) {
        (Access::Public, _) => None,
        (_, Who::Anonymous) => Some("UNAUTHENTICATED"),
        (Access::Authenticated | Access::OwnSession, _) => None,
        (Access::Resource(_), Who::NoRole | Who::DeniedResource) => Some("FORBIDDEN"),
        (Access::Resource(_), Who::OnlyResource | Who::Admin) => None,
    }
}

/// The resource a root field needs besides its operation's, if it carries another one's
/// content (`api::graphql::access::FIELD_RESOURCES`).
fn extra_resource(op: &Operation) -> Option<&'static str> {
    let root = match op.kind {
        OperationType::Query => "Query",
        OperationType::Mutation => "Mutation",
        OperationType::Subscription => "Subscription",
    };
    api::graphql::access::field_resource(root, &op.name)
}

/// Users and roles for every resource, written straight to the database (one password hash
/// for all) and tokens minted with the server's key: building the matrix stays fast however
/// many resources there are.
struct Callers {
    admin: Identity,
    no_role: Identity,
    only: BTreeMap<&'static str, Identity>,
    denied: BTreeMap<&'static str, Identity>,
}

async fn callers(server: &TestServer, resources: &BTreeSet<&'static str>) -> Result<Callers> {
    server.admin_token().await?;
    let hash = shared::auth::passwords::hash_password("matrix-password")?;
    let mut new_users = Vec::new();
    let mut new_roles = Vec::new();
    let mut rules = Vec::new();
    let mut user = |email: String| {
        let id = Uuid::now_v7();
        new_users.push(NewUser {
            id,
            email: email.clone(),
            first_name: "Matrice".into(),
            last_name: "Accessi".into(),
            avatar: None,
            password_hash: hash.clone(),
        });
        (id, email)
    };
    let no_role = user("no-role@matrix.test".into());
    let mut only_ids = BTreeMap::new();
    let mut denied_ids = BTreeMap::new();
    for (i, resource) in resources.iter().enumerate() {
        let only = user(format!("only-{i}@matrix.test"));
        let denied = user(format!("denied-{i}@matrix.test"));
        let (only_role, denied_role) = (format!("only{i}"), format!("deny{i}"));
        for role in [&only_role, &denied_role] {
            new_roles.push(NewRole {
                name: role.clone(),
                description: (*resource).to_owned(),
            });
        }
        rules.push(NewCasbinRule::policy(
            &only_role, "*", resource, "*", "allow",
        ));
        rules.push(NewCasbinRule::group(&only.1, &only_role, "*"));
        rules.push(NewCasbinRule::policy(&denied_role, "*", "*", "*", "allow"));
        rules.push(NewCasbinRule::policy(
            &denied_role,
            "*",
            resource,
            "*",
            "deny",
        ));
        rules.push(NewCasbinRule::group(&denied.1, &denied_role, "*"));
        only_ids.insert(*resource, only);
        denied_ids.insert(*resource, denied);
    }
    let mut conn = server.db.pool.get().await?;
    diesel::insert_into(users::table)
        .values(&new_users)
        .execute(&mut conn)
        .await?;
    diesel::insert_into(roles::table)
        .values(&new_roles)
        .execute(&mut conn)
        .await?;
    diesel::insert_into(casbin_rule::table)
        .values(&rules)
        .execute(&mut conn)
        .await?;
    server.state.access.reload().await?;

    let keys = server.state.auth.keys();
    let identity = |(id, email): (Uuid, String)| -> Result<Identity> {
        let token = keys.issue(id, &email, Uuid::now_v7(), None)?.token;
        Ok(Identity {
            email,
            token: Some(token),
        })
    };
    let admin_id = shared::db::repo::users::find_user_by_email(&mut conn, common::ADMIN_EMAIL)
        .await?
        .context("the admin exists")?
        .id;
    Ok(Callers {
        admin: identity((admin_id, common::ADMIN_EMAIL.to_owned()))?,
        no_role: identity(no_role)?,
        only: only_ids
            .into_iter()
            .map(|(r, u)| Ok((r, identity(u)?)))
            .collect::<Result<_>>()?,
        denied: denied_ids
            .into_iter()
            .map(|(r, u)| Ok((r, identity(u)?)))
            .collect::<Result<_>>()?,
    })
}

/// Runs `query` as `identity`; `None` when it did not answer within the timeout.
async fn run(
    server: &TestServer,
    schema: &api::graphql::ApiSchema,
    kind: OperationType,
    query: &str,
    identity: &Identity,
) -> Result<Option<Value>> {
    if kind == OperationType::Subscription {
        let caller = match &identity.token {
            Some(token) => {
                api::graphql::Caller::Authenticated(server.state.auth.keys().verify(token)?)
            }
            None => api::graphql::Caller::Anonymous,
        };
        let request = async_graphql::Request::new(query).data(caller);
        let mut stream = schema.execute_stream(request);
        return Ok(
            match tokio::time::timeout(REQUEST_TIMEOUT, stream.next()).await {
                Ok(Some(response)) => Some(serde_json::to_value(&response)?),
                Ok(None) | Err(_) => None,
            },
        );
    }
    let mut request = server
        .client
        .post(server.url("/graphql"))
        .timeout(REQUEST_TIMEOUT)
        .json(&json!({ "query": query }));
    if let Some(token) = &identity.token {
        request = request.bearer_auth(token);
    }
    match request.send().await {
        Ok(response) => Ok(Some(response.json().await?)),
        Err(error) if error.is_timeout() => Ok(None),
        Err(error) => Err(error.into()),
    }
}

#[tokio::test]
async fn every_operation_answers_every_kind_of_caller_as_its_access_declares() -> Result<()> {
    let types = Types::from_sdl(&api::graphql::sdl())?;
    let operations = types.operations();
    assert!(
        operations.len() >= 30,
        "the schema has its operations: {}",
        operations.len()
    );

    // An operation without a declaration fails here (and is refused at run time).
    let undeclared: Vec<String> = operations
        .iter()
        .filter(|op| required(op.kind, &op.name).is_none())
        .map(|op| format!("{} {}", op.kind, op.name))
        .collect();
    assert!(
        undeclared.is_empty(),
        "declare the access of these operations in api/src/graphql/access.rs: {undeclared:?}"
    );

    let resources: BTreeSet<&'static str> = OPERATIONS
        .iter()
        .filter_map(|(_, _, access)| match access {
            Access::Resource(r) => Some(*r),
            _ => None,
        })
        .collect();
    let server = TestServer::start(Options::default()).await?;
    let callers = callers(&server, &resources).await?;
    let schema = api::graphql::schema(Some(Arc::clone(&server.state)));
    let anonymous = Identity {
        email: "anonymous@matrix.test".into(),
        token: None,
    };

    let mut cells = Vec::new();
    for op in &operations {
        let access = required(op.kind, &op.name).context("declared")?;
        let resource_callers = match access {
            Access::Resource(r) => (
                callers.only.get(r).context("only")?.clone(),
                callers.denied.get(r).context("denied")?.clone(),
            ),
            // Without a resource, "only r" and "denied r" are users with some other role.
            _ => (
                callers
                    .only
                    .values()
                    .next()
                    .unwrap_or(&callers.no_role)
                    .clone(),
                callers
                    .denied
                    .values()
                    .next()
                    .unwrap_or(&callers.no_role)
                    .clone(),
            ),
        };
        for (who, identity) in [
            (Who::Anonymous, anonymous.clone()),
            (Who::NoRole, callers.no_role.clone()),
            (Who::OnlyResource, resource_callers.0),
            (Who::DeniedResource, resource_callers.1),
            (Who::Admin, callers.admin.clone()),
        ] {
            cells.push((op, access, who, identity));
        }
    }

    let results: Vec<Result<Option<String>>> = futures::stream::iter(cells.iter())
        .map(|(op, access, who, identity)| {
            let server = &server;
            let schema = &schema;
            async move {
                let query = op.template.replace("{EMAIL}", &identity.email);
                let answer = run(server, schema, op.kind, &query, identity).await?;
                let got = answer.as_ref().and_then(refusal);
                let want = match (extra_resource(op), who) {
                    // The field carries another resource's content too (`FIELD_RESOURCES`):
                    // the operation's resource alone is not enough.
                    (Some(_), Who::OnlyResource) => Some("FORBIDDEN"),
                    _ => expected(*access, *who),
                };
                Ok((got.as_deref() != want).then(|| {
                    format!(
                        "{} {} as {who:?} ({access:?}): expected {want:?}, got {got:?} — {query} → {}",
                        op.kind,
                        op.name,
                        answer.map_or_else(|| "timeout".to_owned(), |a| a.to_string())
                    )
                }))
            }
        })
        .buffer_unordered(6)
        .collect()
        .await;
    let mut failures = Vec::new();
    for result in results {
        if let Some(failure) = result? {
            failures.push(failure);
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cells differ:\n{}",
        failures.len(),
        cells.len(),
        failures.join("\n")
    );
    Ok(())
}

#[test]
fn dummy_requests_cover_arguments_inputs_and_selections() -> Result<()> {
    let types = Types::from_sdl(
        r#"
        enum Color { RED GREEN }
        input Inner { n: Int!, maybe: String }
        input Outer { inner: Inner!, colors: [Color!]!, when: DateTime! }
        scalar DateTime
        type Thing { id: ID! }
        type Query { thing(id: ID!, outer: Outer!, color: Color!, opt: Int): Thing, count(email: String!): Int! }
        "#,
    )?;
    let operations = types.operations();
    let templates: Vec<&str> = operations.iter().map(|o| o.template.as_str()).collect();
    assert_eq!(
        templates,
        vec![
            r#"query { thing(id: "x", outer: { inner: { n: 0 }, colors: [], when: "x" }, color: RED) { __typename } }"#,
            r#"query { count(email: "{EMAIL}") }"#,
        ]
    );
    Ok(())
}

/// The access table of the accounts contract (issue 5), which the web app relies on; one's
/// own session and profile are any logged-in user's, never an API key's (issue 31).
#[test]
fn the_accounts_operations_have_the_access_of_the_contract() {
    use Access::{OwnSession, Public, Resource};
    use OperationType::{Mutation, Query};
    let contract = [
        (Mutation, "basicLogin", Public),
        (Mutation, "getNewAccessToken", Public),
        (Mutation, "recoverPassword", Public),
        (Mutation, "resetPassword", Public),
        (Mutation, "register", Public),
        (Mutation, "confirmRegistration", Public),
        (Query, "ping", Public),
        (Mutation, "pingMutation", Public),
        (Mutation, "logout", OwnSession),
        (Query, "loggedUser", OwnSession),
        (Mutation, "updateSelfPassword", OwnSession),
        (Mutation, "endImpersonation", OwnSession),
        (Mutation, "updateAvatar", OwnSession),
        (Query, "users", Resource("users")),
        (Query, "user", Resource("users")),
        (Mutation, "createUser", Resource("createUser")),
        (Mutation, "updateUser", Resource("updateUser")),
        (Mutation, "updateUserPassword", Resource("updateUser")),
        (Mutation, "deleteUser", Resource("deleteUser")),
        (Mutation, "impersonates", Resource("impersonates")),
        (Query, "roles", Resource("roles")),
        (Mutation, "createRole", Resource("roles")),
        (Mutation, "deleteRole", Resource("roles")),
        (Query, "getPolicies", Resource("policies")),
        (Mutation, "AddPolicy", Resource("policies")),
        (Mutation, "deletePolicy", Resource("policies")),
        (Query, "getGroups", Resource("groups")),
        (Mutation, "AddGroup", Resource("groups")),
        (Mutation, "deleteGroup", Resource("groups")),
        (Query, "apiKeys", Resource("apiKeys")),
        (Mutation, "createApiKey", Resource("apiKeys")),
        (Mutation, "rotateApiKey", Resource("apiKeys")),
        (Mutation, "revokeApiKey", Resource("apiKeys")),
        (Mutation, "callbackSecret", Resource("apiKeys")),
        (Mutation, "rotateCallbackSecret", Resource("apiKeys")),
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
    ];
    for (kind, name, access) in contract {
        assert_eq!(required(kind, name), Some(access), "{kind} {name}");
    }
}
