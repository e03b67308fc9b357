//! The GraphQL API: one schema with queries, mutations and subscriptions, served at `/graphql`
//! (GraphiQL on GET) and `/graphql/ws` (subscriptions over WebSocket).

pub mod access;
mod api_keys;
mod audit;
mod data_tables;
mod documents;
mod dossiers;
mod executions;
mod health;
mod jobs;
mod limits;
mod notifications;
mod overview;
mod ping;
mod playground;
mod response_size;
mod roles;
mod rule_versions;
mod rules;
mod session;
mod support;
mod types;
mod users;
pub mod validation;
mod what_if;

pub use limits::unreadable_request;
pub use support::caller::{Caller, ClientAddr};
pub use support::errors;

pub use ping::WorkerPong;

use std::sync::Arc;

use async_graphql::{MergedObject, MergedSubscription, Schema};

use crate::state::AppState;

#[derive(MergedObject, Default)]
pub struct Query(
    ping::PingQuery,
    health::HealthQuery,
    session::SessionQuery,
    users::UsersQuery,
    roles::AccessQuery,
    api_keys::ApiKeysQuery,
    notifications::NotificationsQuery,
    types::TypesQuery,
    data_tables::DataTablesQuery,
    rules::RulesQuery,
    rule_versions::RuleVersionsQuery,
    what_if::WhatIfQuery,
    dossiers::DossiersQuery,
    documents::DocumentsQuery,
    executions::ExecutionsQuery,
    playground::PlaygroundQuery,
    jobs::JobsQuery,
    audit::AuditQuery,
    overview::OverviewQuery,
    validation::ValidationQuery,
);

#[derive(MergedObject, Default)]
pub struct Mutation(
    ping::PingMutation,
    session::SessionMutation,
    users::UsersMutation,
    roles::AccessMutation,
    api_keys::ApiKeysMutation,
    notifications::NotificationsMutation,
    types::TypesMutation,
    data_tables::DataTablesMutation,
    rules::RulesMutation,
    rule_versions::RuleVersionsMutation,
    what_if::WhatIfMutation,
    dossiers::DossiersMutation,
    documents::DocumentsMutation,
    playground::PlaygroundMutation,
    jobs::JobsMutation,
    validation::ValidationMutation,
);

#[derive(MergedSubscription, Default)]
pub struct Subscription(
    ping::PingSubscription,
    dossiers::DossiersSubscription,
    session::SessionSubscription,
);

pub type ApiSchema = Schema<Query, Mutation, Subscription>;

/// The schema with the application state as context data. `state` is `None` only when the
/// schema is built to print its SDL.
pub fn schema(state: Option<Arc<AppState>>) -> ApiSchema {
    let builder = Schema::build(
        Query::default(),
        Mutation::default(),
        Subscription::default(),
    )
    .extension(access::AccessGuard)
    .extension(access::FieldGuard);
    match state {
        Some(state) => limits::apply(builder, &state.config.graphql)
            .data(state)
            .finish(),
        None => builder.finish(),
    }
}

/// The schema in SDL, as `api schema` prints it for the web app's type generation.
pub fn sdl() -> String {
    schema(None).sdl()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    /// The modules of `graphql` that are not resolvers: what the resolvers may import.
    const NOT_RESOLVERS: &[&str] = &["support", "access", "limits", "response_size"];

    /// What a resolver module may take from another one: the GraphQL object types it answers
    /// with, and the one function docs/architecture.md explains.
    const ALLOWED: &[&str] = &[
        "DocumentRule",
        "DossierRule",
        "DossierRuleExecution",
        "User",
        "test_new_rule",
    ];

    /// Resolver modules import `support` and `shared`, not each other (issue 32): a helper
    /// one of them needs goes to `support`, so no circle of resolver modules comes back.
    #[test]
    fn resolver_modules_import_support_not_each_other() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/graphql");
        let resolvers: BTreeSet<String> = std::fs::read_dir(dir)
            .expect("src/graphql is readable")
            .filter_map(|entry| {
                let name = entry.ok()?.file_name().into_string().ok()?;
                let module = name.strip_suffix(".rs")?.to_owned();
                (module != "mod" && !NOT_RESOLVERS.contains(&module.as_str())).then_some(module)
            })
            .collect();
        assert!(resolvers.len() > 15, "resolver modules: {resolvers:?}");
        let mut wrong = Vec::new();
        for module in &resolvers {
            let source = std::fs::read_to_string(format!("{dir}/{module}.rs")).expect("readable");
            for (other, names) in super_paths(&source) {
                if !resolvers.contains(other) {
                    continue;
                }
                for name in names {
                    if !ALLOWED.contains(&name) {
                        wrong.push(format!("{module} takes {other}::{name}"));
                    }
                }
            }
        }
        assert!(
            wrong.is_empty(),
            "resolver modules importing each other (move the helper to graphql/support): {wrong:#?}"
        );
    }

    /// Each `super::<module>::<name>` or `super::<module>::{<names>}` of `source`.
    fn super_paths(source: &str) -> Vec<(&str, Vec<&str>)> {
        let ident = |text: &str| {
            text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(text.len())
        };
        source
            .match_indices("super::")
            .filter_map(|(at, _)| {
                let rest = &source[at + "super::".len()..];
                let module = &rest[..ident(rest)];
                let rest = rest[module.len()..].strip_prefix("::")?;
                let names = match rest.strip_prefix('{') {
                    Some(list) => list[..list.find('}')?]
                        .split(',')
                        .map(str::trim)
                        .filter(|name| !name.is_empty())
                        .collect(),
                    None => vec![&rest[..ident(rest)]],
                };
                Some((module, names))
            })
            .collect()
    }
}
