//! Revocation that takes effect at once: an access token whose session has ended is refused,
//! though its signature and expiry are still good.
//!
//! A session ends when its refresh tokens are revoked or deleted (logout, reuse of a rotated
//! token, a password change or reset, the end of an impersonation, the user's deletion): the
//! database's triggers record it in `revoked_sessions` and `NOTIFY istruttoria_session_revoked`
//! (migration 0015), so no code path can forget. Each process keeps the sessions ended within
//! the last access-token lifetime in memory — loaded at start, kept current by `LISTEN`, loaded
//! again after any interruption — so the check costs a hash lookup, not a query. An older
//! ended session needs no entry: its access tokens have expired.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use futures::StreamExt;
use uuid::Uuid;

use crate::db::schema::revoked_sessions;
use crate::db::{DbError, DbResult, Pool, QueryContext};

/// The channel the triggers notify on.
const CHANNEL: &str = "istruttoria_session_revoked";

/// How long to wait before listening again after the connection failed.
const RETRY_AFTER: Duration = Duration::from_secs(1);

/// The sessions ended recently, by id, with when they ended.
pub struct RevokedSessions {
    sessions: RwLock<HashMap<Uuid, DateTime<Utc>>>,
    /// How long an entry matters: an access token's lifetime (plus a minute of clock skew).
    keep_for: chrono::Duration,
}

impl RevokedSessions {
    /// An empty list for access tokens that live `access_ttl`.
    pub fn new(access_ttl: Duration) -> Self {
        Self {
            sessions: RwLock::new(HashMap::new()),
            keep_for: chrono::Duration::from_std(access_ttl).unwrap_or(chrono::Duration::hours(1))
                + chrono::Duration::minutes(1),
        }
    }

    /// Whether session `sid` has ended.
    pub fn contains(&self, sid: Uuid) -> bool {
        self.sessions
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .contains_key(&sid)
    }

    /// Records that session `sid` ended (this process knows it before the notice arrives).
    pub fn insert(&self, sid: Uuid) {
        self.sessions
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(sid, Utc::now());
    }

    /// Reads the sessions ended within `keep_for`, and forgets older ones.
    pub async fn load(&self, pool: &Pool) -> DbResult<()> {
        let mut conn = pool.get().await.map_err(DbError::Checkout)?;
        self.load_with(&mut conn).await
    }

    async fn load_with(&self, conn: &mut AsyncPgConnection) -> DbResult<()> {
        let since = Utc::now() - self.keep_for;
        let rows: Vec<(Uuid, DateTime<Utc>)> = revoked_sessions::table
            .filter(revoked_sessions::revoked_at.gt(since))
            .select((revoked_sessions::session_id, revoked_sessions::revoked_at))
            .load(conn)
            .await
            .context("reading the recently ended sessions")?;
        let mut sessions = self
            .sessions
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        sessions.retain(|_, at| *at > since);
        sessions.extend(rows);
        Ok(())
    }

    /// Follows the notices of ended sessions on a connection of its own (and forgets old
    /// entries) until the returned task is aborted.
    pub fn listen(self: &Arc<Self>, database_url: String) -> tokio::task::JoinHandle<()> {
        let this = Arc::clone(self);
        tokio::spawn(async move {
            loop {
                if let Err(error) = this.follow(&database_url).await {
                    tracing::warn!(%error, "session revocation notices interrupted; listening again");
                }
                tokio::time::sleep(RETRY_AFTER).await;
            }
        })
    }

    async fn follow(&self, database_url: &str) -> Result<(), DbError> {
        let mut conn = AsyncPgConnection::establish(database_url)
            .await
            .map_err(|source| DbError::Connect {
                context: "session revocation notices",
                source,
            })?;
        diesel::sql_query(format!("LISTEN {CHANNEL}"))
            .execute(&mut conn)
            .await
            .context("listening for ended sessions")?;
        // Whatever ended while nobody listened.
        self.load_with(&mut conn).await?;
        let prune_every = self.keep_for.to_std().unwrap_or(Duration::from_secs(600));
        let mut last_prune = tokio::time::Instant::now();
        loop {
            let notice = {
                let mut notices = std::pin::pin!(conn.notifications_stream());
                tokio::time::timeout(prune_every, notices.next()).await
            };
            match notice {
                Ok(Some(Ok(notice))) => match Uuid::parse_str(&notice.payload) {
                    Ok(sid) => self.insert(sid),
                    Err(_) => {
                        tracing::warn!(payload = %notice.payload, "unexpected revocation notice")
                    }
                },
                Ok(Some(Err(error))) => {
                    return Err(DbError::Query {
                        context: "receiving ended sessions".into(),
                        source: error,
                    });
                }
                Ok(None) => return Ok(()),
                Err(_) => {}
            }
            if last_prune.elapsed() >= prune_every {
                self.load_with(&mut conn).await?;
                last_prune = tokio::time::Instant::now();
            }
        }
    }
}
