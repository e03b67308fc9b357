//! The signing secrets of the callback consumers (`shared::webhooks`, migration
//! `…000027_signed_callbacks`): one per consumer, made on its first callback.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use crate::db::schema::webhook_secrets;
use crate::db::{DbResult, QueryContext};
use crate::webhooks::WebhookSecret;

/// Gives `consumer` a secret unless it has one.
async fn ensure(conn: &mut AsyncPgConnection, consumer: &str) -> DbResult<()> {
    diesel::insert_into(webhook_secrets::table)
        .values((
            webhook_secrets::consumer.eq(consumer),
            webhook_secrets::secret.eq(WebhookSecret::generate().to_string()),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await
        .context("making a callback consumer's signing secret")?;
    Ok(())
}

/// The secrets that sign `consumer`'s callbacks at `now`: its current one first, then the one a
/// rotation replaced while its overlap lasts. The consumer's first callback makes its secret.
pub async fn signing_secrets(
    conn: &mut AsyncPgConnection,
    consumer: &str,
    now: DateTime<Utc>,
) -> DbResult<Vec<WebhookSecret>> {
    ensure(conn, consumer).await?;
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

/// A consumer's secrets as its administrators see them.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct ConsumerSecret {
    pub consumer: String,
    pub secret: String,
    pub previous_valid_until: Option<DateTime<Utc>>,
    pub rotated_at: Option<DateTime<Utc>>,
}

fn consumer_secret() -> (
    webhook_secrets::consumer,
    webhook_secrets::secret,
    webhook_secrets::previous_valid_until,
    webhook_secrets::rotated_at,
) {
    (
        webhook_secrets::consumer,
        webhook_secrets::secret,
        webhook_secrets::previous_valid_until,
        webhook_secrets::rotated_at,
    )
}

/// `consumer`'s secret, made now if it has none yet (so that a receiver can be configured
/// before the first callback).
pub async fn reveal(conn: &mut AsyncPgConnection, consumer: &str) -> DbResult<ConsumerSecret> {
    ensure(conn, consumer).await?;
    webhook_secrets::table
        .find(consumer)
        .select(consumer_secret())
        .first(conn)
        .await
        .context("reading a callback consumer's secret")
}

/// Gives `consumer` the new secret `secret`; the current one keeps signing until
/// `previous_valid_until` (or stops at once when `None`).
pub async fn rotate(
    conn: &mut AsyncPgConnection,
    consumer: &str,
    secret: &WebhookSecret,
    previous_valid_until: Option<DateTime<Utc>>,
) -> DbResult<ConsumerSecret> {
    ensure(conn, consumer).await?;
    let target = webhook_secrets::table.find(consumer);
    // `SET previous_secret = secret, secret = $1`: the right of every `=` reads the row as it
    // was before the update.
    let rotated = match previous_valid_until {
        Some(until) => {
            diesel::update(target)
                .set((
                    webhook_secrets::previous_secret.eq(webhook_secrets::secret.nullable()),
                    webhook_secrets::previous_valid_until.eq(until),
                    webhook_secrets::secret.eq(secret.to_string()),
                    webhook_secrets::rotated_at.eq(diesel::dsl::now),
                ))
                .returning(consumer_secret())
                .get_result(conn)
                .await
        }
        None => {
            diesel::update(target)
                .set((
                    webhook_secrets::previous_secret.eq(None::<String>),
                    webhook_secrets::previous_valid_until.eq(None::<DateTime<Utc>>),
                    webhook_secrets::secret.eq(secret.to_string()),
                    webhook_secrets::rotated_at.eq(diesel::dsl::now),
                ))
                .returning(consumer_secret())
                .get_result(conn)
                .await
        }
    };
    rotated.context("rotating a callback consumer's secret")
}
