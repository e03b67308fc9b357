//! REST routes, described by the OpenAPI document (`/openapi.json`, Swagger UI at `/swagger`).

mod health;

use std::sync::Arc;

use poem_openapi::{OpenApiService, Tags};

use crate::state::AppState;

#[derive(Tags)]
pub enum ApiTags {
    /// Liveness and readiness of the service.
    Health,
}

pub fn service(state: Arc<AppState>) -> OpenApiService<health::HealthApi, ()> {
    OpenApiService::new(
        health::HealthApi::new(state),
        "Istruttoria",
        env!("CARGO_PKG_VERSION"),
    )
    .description("REST routes of Istruttoria. Everything else is GraphQL at /graphql.")
}
