//! State-change events of dossiers and documents, for the `dossierStateChanged` subscription.
//!
//! Workers and API processes change states; the WebSocket a user listens on may be held by any
//! API process. So every change is published on one Redis pub/sub channel,
//! `{namespace}:events`, and each subscriber reads that channel. Pub/sub is fire-and-forget:
//! a subscriber that is not connected when a change happens does not see it, which is what a
//! live screen needs (it reloads its data when it (re)connects).
//!
//! Publishing is best effort: a state change has already been committed when its event is
//! published, and is never undone because the notice could not be sent ([`notify`] logs the
//! failure instead).
//!
//! Each subscription holds one Redis pub/sub connection while it is open: the screens that
//! subscribe are few (operators of a back-office), so no per-process fan-out is needed.

use chrono::{DateTime, Utc};
use futures::{Stream, StreamExt};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::db::models::{DocumentState, DossierState};
use crate::jobs::Redis;

/// A dossier or one of its documents moved to `state`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Event {
    pub dossier_id: Uuid,
    /// The document that changed; `None` when the dossier itself changed.
    pub document_id: Option<Uuid>,
    /// The new state, as stored (`processing`, `cannot process`, `extracted`, …).
    pub state: String,
    pub at: DateTime<Utc>,
}

impl Event {
    /// The dossier moved to `state` now.
    pub fn dossier(dossier_id: Uuid, state: DossierState) -> Self {
        Self {
            dossier_id,
            document_id: None,
            state: state.as_str().to_owned(),
            at: Utc::now(),
        }
    }

    /// A document of the dossier moved to `state` now.
    pub fn document(dossier_id: Uuid, document_id: Uuid, state: DocumentState) -> Self {
        Self {
            dossier_id,
            document_id: Some(document_id),
            state: state.as_str().to_owned(),
            at: Utc::now(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum EventError {
    #[error("cannot {action} the state-change events: {source}")]
    Redis {
        action: &'static str,
        #[source]
        source: redis::RedisError,
    },
    #[error("cannot encode a state-change event: {0}")]
    Encode(#[from] serde_json::Error),
}

/// The channel of the namespace's events.
pub fn channel(redis: &Redis) -> String {
    format!("{}:events", redis.namespace)
}

/// Publishes `event` to every subscriber of the namespace.
pub async fn publish(redis: &Redis, event: &Event) -> Result<(), EventError> {
    let payload = serde_json::to_string(event)?;
    redis::cmd("PUBLISH")
        .arg(channel(redis))
        .arg(payload)
        .query_async::<i64>(&mut redis.connection.clone())
        .await
        .map(drop)
        .map_err(|source| EventError::Redis {
            action: "publish",
            source,
        })
}

/// Publishes `event`, logging (not returning) a failure: for callers whose state change is
/// already committed.
pub async fn notify(redis: &Redis, event: Event) {
    if let Err(error) = publish(redis, &event).await {
        tracing::warn!(
            %error,
            dossier_id = %event.dossier_id,
            state = %event.state,
            "state-change event not published"
        );
    }
}

/// The events published from now on, until the stream is dropped (which closes its Redis
/// connection). Messages that are not events are skipped. The stream ends if the Redis
/// connection is lost; a client then subscribes again.
pub async fn subscribe(
    redis: &Redis,
) -> Result<impl Stream<Item = Event> + Send + 'static, EventError> {
    let mut pubsub = redis
        .client
        .get_async_pubsub()
        .await
        .map_err(|source| EventError::Redis {
            action: "connect to",
            source,
        })?;
    pubsub
        .subscribe(channel(redis))
        .await
        .map_err(|source| EventError::Redis {
            action: "subscribe to",
            source,
        })?;
    Ok(pubsub.into_on_message().filter_map(|message| async move {
        match serde_json::from_slice::<Event>(message.get_payload_bytes()) {
            Ok(event) => Some(event),
            Err(error) => {
                tracing::warn!(%error, "skipping a message that is not a state-change event");
                None
            }
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_travel_as_camel_case_json() {
        let dossier = Uuid::nil();
        let document = Uuid::max();
        let event = Event::document(dossier, document, DocumentState::CannotProcess);
        let text = serde_json::to_string(&event).expect("encodes");
        assert!(text.contains("\"dossierId\""), "{text}");
        assert!(text.contains("\"documentId\""), "{text}");
        assert!(text.contains("\"cannot process\""), "{text}");
        let back: Event = serde_json::from_str(&text).expect("decodes");
        assert_eq!(back, event);
        assert_eq!(
            Event::dossier(dossier, DossierState::Conflicts).document_id,
            None
        );
    }
}
