//! The signing secrets of the callback consumers (`shared::webhooks`, migration
//! `…000027_signed_callbacks`): one per consumer, made on its first callback.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::db::schema::webhook_secrets;
use crate::db::{DbResult, QueryContext};
use crate::webhooks::WebhookSecret;

/// The secrets that sign `consumer`'s callbacks at `now`: its current one first, then the one a
/// rotation replaced while its overlap lasts. The consumer's first callback makes its secret.
pub async fn signing_secrets(
    conn: &mut AsyncPgConnection,
    consumer: &str,
    now: DateTime<Utc>,
) -> DbResult<Vec<WebhookSecret>> {
    diesel::insert_into(webhook_secrets::table)
        .values((
            webhook_secrets::consumer.eq(consumer),
            webhook_secrets::secret.eq(WebhookSecret::generate().to_string()),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .context("making a callback consumer's signing secret")?;
    let (current, previous, until): (String, Option<String>, Option<DateTime<Utc>>) =
        webhook_secrets::table
            .find(consumer)
            .select((
                webhook_secrets::secret,
                webhook_secrets::previous_secret,
                webhook_secrets::previous_valid_until,
            ))
            .first(conn)
            .await
            .context("reading a callback consumer's signing secrets")?;
    let previous = previous.filter(|_| until.is_some_and(|until| now < until));
    Ok([Some(current), previous]
        .into_iter()
        .flatten()
        .filter_map(|text| WebhookSecret::parse(&text))
        .collect())
}
