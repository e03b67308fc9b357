//! REST routes, described by the OpenAPI document (`/openapi.json`, Swagger UI at `/swagger`).

mod admission;
mod dossiers;
mod download;
pub mod error;
mod health;
pub mod import;
pub mod upload;

use std::sync::Arc;

use poem_openapi::{OpenApiService, Tags};

pub use error::ErrorMessage;

use crate::state::AppState;

#[derive(Tags)]
pub enum ApiTags {
    /// Liveness and readiness of the service.
    Health,
    /// Importing dossiers (a zip of PDFs).
    Import,
    /// What became of an imported dossier.
    Dossiers,
    /// Uploading the PDFs of rule validations to the addresses GraphQL signs.
    Upload,
    /// Downloading stored files from the links GraphQL hands out.
    Download,
}

/// The REST operations, as served and as documented.
pub type RestApis = (
    health::HealthApi,
    import::ImportApi,
    dossiers::DossierApi,
    upload::UploadApi,
    download::DownloadApi,
);

pub fn service(state: Arc<AppState>) -> OpenApiService<RestApis, ()> {
    OpenApiService::new(
        (
            health::HealthApi::new(state.clone()),
            import::ImportApi::new(state.clone()),
            dossiers::DossierApi::new(state.clone()),
            upload::UploadApi::new(state.clone()),
            download::DownloadApi::new(state),
        ),
        "Istruttoria",
        env!("CARGO_PKG_VERSION"),
    )
    .description("REST routes of Istruttoria. Everything else is GraphQL at /graphql.")
}
