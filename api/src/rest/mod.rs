//! REST routes, described by the OpenAPI document (`/openapi.json`, Swagger UI at `/swagger`).

mod admission;
mod dossiers;
mod download;
pub mod error;
mod health;
pub mod import;
pub mod upload;

use poem_openapi::{OpenApiService, Tags};

pub use error::ErrorMessage;

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

/// The REST service; its routes take the process's [`crate::state::AppState`] as data.
pub fn service() -> OpenApiService<RestApis, ()> {
    OpenApiService::new(
        (
            health::HealthApi,
            import::ImportApi,
            dossiers::DossierApi,
            upload::UploadApi,
            download::DownloadApi,
        ),
        "Istruttoria",
        env!("CARGO_PKG_VERSION"),
    )
    .description("REST routes of Istruttoria. Everything else is GraphQL at /graphql.")
}
