//! Memory for large request bodies, shared by the requests of one API process (issue 29).
//!
//! Each route bounds its own body, but bodies at their limit arriving together would still add
//! up: four import bodies of 137 MiB held the API at about 0.9 GiB. A [`BodyBudget`] is the
//! bytes such bodies may hold at once; a request reserves what its body may take — its
//! declared length, or the route's limit when the length is not known in advance (chunked or
//! compressed) — before it reads a byte, and gives it back when it is answered. A request that
//! finds no room waits its turn (its body still unread, in the client's socket; turns are taken
//! in arrival order, so a large body is not passed forever by small ones) and, after
//! [`BodyBudget::WAIT`], is refused with 503 and `Retry-After`.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The budget is counted in units of this many bytes (a semaphore counts in `u32`).
const UNIT: usize = 1 << 10;

#[derive(Clone)]
pub struct BodyBudget {
    units: Arc<Semaphore>,
    total_units: u32,
}

/// Room reserved for one body; given back when dropped.
#[derive(Debug)]
pub struct Reserved(#[allow(dead_code)] OwnedSemaphorePermit);

impl BodyBudget {
    /// How long a request waits for room before it is refused.
    pub const WAIT: Duration = Duration::from_secs(60);

    /// A budget of `bytes`, raised to `largest_body` when smaller (so that one body at its
    /// route's limit always fits).
    pub fn new(bytes: usize, largest_body: usize) -> Self {
        let units = u32::try_from(bytes.max(largest_body).div_ceil(UNIT)).unwrap_or(u32::MAX);
        Self {
            units: Arc::new(Semaphore::new(units as usize)),
            total_units: units,
        }
    }

    /// Reserves room for a body of at most `bytes`, waiting up to `wait` for it; `None` when
    /// there was none in time.
    pub async fn reserve(&self, bytes: usize, wait: Duration) -> Option<Reserved> {
        let units = u32::try_from(bytes.div_ceil(UNIT))
            .unwrap_or(u32::MAX)
            .clamp(1, self.total_units);
        tokio::time::timeout(wait, self.units.clone().acquire_many_owned(units))
            .await
            .ok()?
            .ok()
            .map(Reserved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn bodies_wait_for_room_and_get_it_back_when_answered() {
        let budget = BodyBudget::new(100 << 10, 60 << 10);
        let short = Duration::from_millis(50);
        let first = budget.reserve(60 << 10, short).await.expect("room");
        let second = budget.reserve(40 << 10, short).await.expect("room left");
        assert!(budget.reserve(1, short).await.is_none(), "full");
        drop(first);
        assert!(
            budget.reserve(60 << 10, short).await.is_some(),
            "given back"
        );
        drop(second);
        // Larger than the whole budget: it waits for all of it, not forever.
        assert!(budget.reserve(1 << 30, short).await.is_some());
    }

    #[test]
    fn one_body_at_the_limit_always_fits() {
        let budget = BodyBudget::new(1 << 20, 8 << 20);
        assert_eq!(budget.total_units as usize, (8 << 20) / UNIT);
    }
}
