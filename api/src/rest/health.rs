//! `/healthz` (the process is alive) and `/readyz` (its dependencies answer).

use std::sync::Arc;

use poem::web::Data;
use poem_openapi::payload::{Json, PlainText};
use poem_openapi::{ApiResponse, Enum, Object, OpenApi};

use super::ApiTags;
use crate::state::AppState;

/// Its routes take the process's state as data.
pub struct HealthApi;

#[derive(Enum, Debug, Clone, Copy, PartialEq, Eq)]
#[oai(rename_all = "lowercase")]
pub enum CheckStatus {
    Up,
    Down,
}

/// The state of each dependency the API needs to serve requests.
#[derive(Object, Debug)]
pub struct Readiness {
    postgres: CheckStatus,
    redis: CheckStatus,
}

#[derive(ApiResponse)]
pub enum ReadyResponse {
    /// PostgreSQL and Redis both answer.
    #[oai(status = 200)]
    Ready(Json<Readiness>),
    /// At least one dependency does not answer.
    #[oai(status = 503)]
    NotReady(Json<Readiness>),
}

#[OpenApi(tag = "ApiTags::Health")]
impl HealthApi {
    /// The process is up and serving HTTP.
    #[oai(path = "/healthz", method = "get")]
    async fn healthz(&self) -> PlainText<&'static str> {
        PlainText("ok")
    }

    /// PostgreSQL and Redis answer; 503 otherwise, naming which one does not.
    #[oai(path = "/readyz", method = "get")]
    async fn readyz(&self, state: Data<&Arc<AppState>>) -> ReadyResponse {
        let (postgres, redis) = tokio::join!(state.check_postgres(), state.check_redis());
        let readiness = Readiness {
            postgres: status(postgres),
            redis: status(redis),
        };
        if readiness.postgres == CheckStatus::Up && readiness.redis == CheckStatus::Up {
            ReadyResponse::Ready(Json(readiness))
        } else {
            ReadyResponse::NotReady(Json(readiness))
        }
    }
}

fn status(check: anyhow::Result<()>) -> CheckStatus {
    match check {
        Ok(()) => CheckStatus::Up,
        Err(error) => {
            tracing::warn!(error = format!("{error:#}"), "readiness check failed");
            CheckStatus::Down
        }
    }
}
