//! The GraphQL API: one schema with queries, mutations and subscriptions, served at `/graphql`
//! (GraphiQL on GET) and `/graphql/ws` (subscriptions over WebSocket).

pub mod access;
mod audit;
mod caller;
mod data_tables;
mod documents;
mod dossiers;
pub mod errors;
mod executions;
mod health;
mod ids;
mod jobs;
mod limits;
mod messages;
mod notifications;
mod overview;
mod ping;
mod playground;
mod response_size;
mod roles;
mod rule_versions;
mod rules;
mod session;
mod table;
mod types;
mod users;
pub mod validation;
mod what_if;

pub use caller::{Caller, ClientAddr};
pub use limits::unreadable_request;

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
