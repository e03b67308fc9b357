//! "What if" runs, as their author starts and stops them: a run's row and its `what-if` job
//! written in one transaction, and the cancellation the job sees at its next batch. The runs'
//! rows, their items and what they found: [`crate::db::repo::what_if`]; the job: the worker's
//! `what_if`.

use diesel_async::AsyncConnection;
use uuid::Uuid;

use crate::db::models::rules::WhatIfRun;
use crate::db::repo::audit::Actor;
use crate::db::repo::edit_error::EditError;
use crate::db::repo::what_if::{self as repo, WhatIfRequest};
use crate::db::{DbError, DbResult, Pool};
use crate::jobs::outbox;
use crate::jobs::what_if::WhatIfJob;

/// `startWhatIf`: the run `request` asks for, queued with its job; refused when the request
/// breaks a bound or its author has too many runs in progress.
pub async fn start(
    pool: &Pool,
    request: WhatIfRequest,
    actor: &Actor,
) -> Result<WhatIfRun, EditError> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    conn.transaction(async |conn| -> Result<_, EditError> {
        let run = repo::create_run(conn, request, Some(actor)).await?;
        outbox::enqueue(conn, &WhatIfJob { run_id: run.id }).await?;
        Ok(run)
    })
    .await
}

/// `cancelWhatIf`: asks run `id` to stop; what it found so far stays. Answers whether it was
/// still queued or running.
pub async fn cancel(pool: &Pool, id: Uuid) -> DbResult<bool> {
    let mut conn = pool.get().await.map_err(DbError::Checkout)?;
    repo::cancel(&mut conn, id).await
}
