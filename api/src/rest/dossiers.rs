//! `GET /dossiers/{id}`: what became of a dossier, for the client that imported it — after a
//! timed-out import it tells whether the dossier exists, and a client without a callback URL
//! polls it for the result. Readable with `dossiers` (any dossier) or with `importDossier`
//! alone (only the dossiers the caller imported; another's answers 404, as one that does not
//! exist).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use shared::messages;
use shared::services::dossiers::{self, Readable};
use uuid::Uuid;

use super::admission::{Authenticated, ClientAuth, authenticated};
use super::{ApiTags, ErrorMessage};
use crate::state::AppState;

/// Its routes take the process's state as data.
pub struct DossierApi;

/// A dossier as its importer sees it.
#[derive(Object, Debug)]
pub struct DossierStatus {
    pub id: Uuid,
    /// `processing`, `processed`, `error` or `cannot process`.
    pub state: String,
    #[oai(rename = "idValutazione")]
    pub id_valutazione: String,
    /// The dossier type (the import's `tipoContratto`).
    #[oai(rename = "tipoContratto")]
    pub tipo_contratto: String,
    #[oai(rename = "createdAt")]
    pub created_at: DateTime<Utc>,
    #[oai(rename = "updatedAt")]
    pub updated_at: DateTime<Utc>,
    /// Why it ended in `error` or `cannot process`, in Italian.
    pub error: Option<String>,
    /// The same reason as a message of the catalogue (`{ messageCode, params }`).
    #[oai(rename = "errorMessage")]
    pub error_message: Option<serde_json::Value>,
    /// The aggregated result the callback sends, once the dossier is processed.
    #[oai(rename = "aggregateResult")]
    pub aggregate_result: Option<serde_json::Value>,
}

#[derive(ApiResponse)]
pub enum DossierStatusResponse {
    #[oai(status = 200)]
    Found(Json<DossierStatus>),
    /// No valid access token or API key (answered before the route runs).
    #[oai(status = 401)]
    Unauthorized(Json<ErrorMessage>),
    /// The caller may read no dossier (neither `dossiers` nor `importDossier`).
    #[oai(status = 403)]
    Forbidden(Json<ErrorMessage>),
    /// No such dossier, or not one the caller may read.
    #[oai(status = 404)]
    NotFound(Json<ErrorMessage>),
    /// The API key made more requests than its rate allows; try again after `Retry-After`
    /// (answered before the route runs).
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorMessage>, #[oai(header = "Retry-After")] u32),
    /// Database failure.
    #[oai(status = 500)]
    Internal(Json<ErrorMessage>),
}

#[OpenApi(tag = "ApiTags::Dossiers")]
impl DossierApi {
    /// A dossier's state and, once processed, its aggregated result.
    #[oai(path = "/dossiers/:id", method = "get", transform = "authenticated")]
    async fn dossier(
        &self,
        state: Data<&Arc<AppState>>,
        _auth: ClientAuth,
        caller: Data<&Authenticated>,
        id: Path<String>,
    ) -> DossierStatusResponse {
        let claims = &caller.0.0;
        let readable = if state.access.allows(&claims.email, "dossiers") {
            Readable::All
        } else if state.access.allows(&claims.email, "importDossier") {
            Readable::ImportedBy(&claims.email)
        } else {
            return DossierStatusResponse::Forbidden(Json(ErrorMessage::new(
                "FORBIDDEN",
                &messages::permission_needed("dossiers"),
            )));
        };
        let not_found = || {
            DossierStatusResponse::NotFound(Json(ErrorMessage::new(
                "NOT_FOUND",
                &messages::dossier_not_found(),
            )))
        };
        let Ok(id) = Uuid::parse_str(id.0.trim()) else {
            return not_found();
        };
        match dossiers::readable(&state.db, id, readable).await {
            Ok(Some((dossier, dossier_type))) => {
                DossierStatusResponse::Found(Json(DossierStatus {
                    id: dossier.id,
                    state: dossier.state.as_str().to_owned(),
                    id_valutazione: dossier.id_valutazione,
                    tipo_contratto: dossier_type,
                    created_at: dossier.created_at,
                    updated_at: dossier.updated_at,
                    error: dossier.error,
                    error_message: dossier.error_message,
                    aggregate_result: dossier.aggregate_result,
                }))
            }
            Ok(None) => not_found(),
            Err(error) => {
                tracing::error!(error = %shared::telemetry::error_chain(&error), "reading a dossier failed");
                DossierStatusResponse::Internal(Json(ErrorMessage::new(
                    "INTERNAL",
                    &messages::internal_error(),
                )))
            }
        }
    }
}
