//! `notify`: e-mails the notification receivers that a dossier ended `cannot process`.

use apalis::prelude::{BoxDynError, Data};
use shared::db::models::DossierState;
use shared::db::repo::{notification_receivers, pipeline};
use shared::jobs::pipeline::NotifyCannotProcess;
use shared::mail::Email;

use super::JobContext;

pub async fn run(job: NotifyCannotProcess, context: Data<JobContext>) -> Result<(), BoxDynError> {
    let mut conn = context.db.get().await?;
    let Some(dossier) = pipeline::find_dossier(&mut conn, job.dossier_id).await? else {
        return Ok(());
    };
    if dossier.state != DossierState::CannotProcess {
        return Ok(());
    }
    let receivers = notification_receivers::list(&mut conn).await?;
    drop(conn);
    let title = dossier
        .description
        .clone()
        .unwrap_or_else(|| dossier.id.to_string());
    let reason = dossier.error.clone().unwrap_or_else(|| "-".into());
    for receiver in receivers {
        let email = Email {
            to: receiver.email.clone(),
            subject: format!("Istruttoria: dossier {title} non elaborabile"),
            body: format!(
                "Il dossier {title} (id {id}) non può essere elaborato.\nMotivo: {reason}\n\n\
                 The dossier {title} (id {id}) cannot be processed.\nReason: {reason}\n",
                id = dossier.id
            ),
        };
        context.mailer.send(&email).await?;
    }
    tracing::info!(dossier_id = %dossier.id, "cannot-process notification sent");
    Ok(())
}
