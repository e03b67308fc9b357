//! REST routes, described by the OpenAPI document (`/openapi.json`, Swagger UI at `/swagger`).

mod health;
pub mod import;
pub mod upload;

use std::sync::Arc;

use poem_openapi::{OpenApiService, Tags};

use crate::state::AppState;

#[derive(Tags)]
pub enum ApiTags {
    /// Liveness and readiness of the service.
    Health,
    /// Importing dossiers (a zip of PDFs).
    Import,
}

pub fn service(state: Arc<AppState>) -> OpenApiService<(health::HealthApi, import::ImportApi), ()> {
    OpenApiService::new(
        (
            health::HealthApi::new(state.clone()),
            import::ImportApi::new(state),
        ),
        "Istruttoria",
        env!("CARGO_PKG_VERSION"),
    )
    .description("REST routes of Istruttoria. Everything else is GraphQL at /graphql.")
}
