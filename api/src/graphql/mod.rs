//! The GraphQL API: one schema with queries, mutations and subscriptions, served at `/graphql`
//! (GraphiQL on GET) and `/graphql/ws` (subscriptions over WebSocket).

mod caller;
mod ping;
mod session;

pub use caller::Caller;

pub use ping::WorkerPong;

use std::sync::Arc;

use async_graphql::{MergedObject, MergedSubscription, Schema};

use crate::state::AppState;

#[derive(MergedObject, Default)]
pub struct Query(ping::PingQuery, session::SessionQuery);

#[derive(MergedObject, Default)]
pub struct Mutation(ping::PingMutation, session::SessionMutation);

#[derive(MergedSubscription, Default)]
pub struct Subscription(ping::PingSubscription);

pub type ApiSchema = Schema<Query, Mutation, Subscription>;

/// The schema with the application state as context data. `state` is `None` only when the
/// schema is built to print its SDL.
pub fn schema(state: Option<Arc<AppState>>) -> ApiSchema {
    let builder = Schema::build(
        Query::default(),
        Mutation::default(),
        Subscription::default(),
    );
    match state {
        Some(state) => builder.data(state).finish(),
        None => builder.finish(),
    }
}

/// The schema in SDL, as `api schema` prints it for the web app's type generation.
pub fn sdl() -> String {
    schema(None).sdl()
}
