//! Budgets per user and period: how much of the work everybody shares one user may consume —
//! pages read by OCR in the dossiers the user imports, seconds of the rule runs the user starts
//! from the playgrounds — on top of the bounds of one import or one request
//! ([`crate::config::UserBudgetConfig`]). Without them one account (or one leaked API token)
//! could keep every worker's OCR busy with imports that each stay within their own bound.
//!
//! Each budget is a Redis counter per user and fixed window of `period` (the window's number
//! is the Unix time divided by the period), kept until a minute after its window ends. Taking
//! is checked before the work; a rule run's seconds are known only after it, so a run starts
//! while any second is left and its whole duration is charged when it ends.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::messages::{self, Message};

use redis::AsyncCommands;

use crate::config::UserBudgetConfig;
use crate::jobs::{JobError, Redis};

/// What a budget counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Pages read by OCR in the dossiers the user imported.
    OcrPages,
    /// Milliseconds of playground rule runs the user started (the budget is set in seconds).
    RuleRunMillis,
}

impl Budget {
    fn key_part(self) -> &'static str {
        match self {
            Budget::OcrPages => "ocr-pages",
            Budget::RuleRunMillis => "rule-run-ms",
        }
    }

    fn limit(self, config: &UserBudgetConfig) -> u64 {
        match self {
            Budget::OcrPages => config.ocr_pages,
            Budget::RuleRunMillis => config.rule_run_seconds.saturating_mul(1000),
        }
    }
}

/// A budget that has nothing left: the message the user is shown (Italian).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Exhausted {
    #[error("{}", self.message())]
    OcrPages { limit: u64, period: Duration },
    #[error("{}", self.message())]
    RuleRunSeconds { seconds: u64, period: Duration },
}

impl Exhausted {
    pub fn message(&self) -> Message {
        match self {
            Self::OcrPages { limit, period } => {
                messages::budget_ocr_pages(limit, per_period(*period))
            }
            Self::RuleRunSeconds { seconds, period } => {
                messages::budget_rule_seconds(seconds, per_period(*period))
            }
        }
    }
}

fn per_period(period: Duration) -> Message {
    match period.as_secs() {
        86_400 => messages::per_day(),
        3_600 => messages::per_hour(),
        s if s % 86_400 == 0 => messages::every_days(s / 86_400),
        s if s % 3_600 == 0 => messages::every_hours(s / 3_600),
        s => messages::every_seconds(s),
    }
}

/// The budgets of one deployment.
#[derive(Clone)]
pub struct UserBudgets {
    redis: Redis,
    config: UserBudgetConfig,
}

impl UserBudgets {
    pub fn new(redis: Redis, config: UserBudgetConfig) -> Self {
        Self { redis, config }
    }

    /// Takes `amount` of `budget` for `user` in the current window; `Err(Exhausted)` (and
    /// nothing taken) when that would pass the limit.
    pub async fn take(
        &self,
        budget: Budget,
        user: &str,
        amount: u64,
    ) -> Result<Result<(), Exhausted>, JobError> {
        let limit = budget.limit(&self.config);
        let (key, ttl) = self.window(budget, user);
        let mut conn = self.redis.connection.clone();
        let taken: u64 = conn.incr(&key, amount).await.map_err(error)?;
        if taken == amount {
            let _: bool = conn.expire(&key, ttl).await.map_err(error)?;
        }
        if taken > limit {
            let _: i64 = conn.decr(&key, amount).await.map_err(error)?;
            return Ok(Err(self.exhausted(budget)));
        }
        Ok(Ok(()))
    }

    /// `Err(Exhausted)` when `budget` has nothing left for `user` in the current window.
    pub async fn check_left(
        &self,
        budget: Budget,
        user: &str,
    ) -> Result<Result<(), Exhausted>, JobError> {
        let (key, _) = self.window(budget, user);
        let mut conn = self.redis.connection.clone();
        let taken: Option<u64> = conn.get(&key).await.map_err(error)?;
        if taken.unwrap_or(0) >= budget.limit(&self.config) {
            return Ok(Err(self.exhausted(budget)));
        }
        Ok(Ok(()))
    }

    /// Runs `run` for `user` within their rule-run budget: refused (`Err(Exhausted)`, nothing
    /// run) when none is left for the period, else run and its wall time charged. The budget
    /// needs Redis, as the run does: a count that fails is logged and the run goes on.
    pub async fn within_rule_run_budget<T>(
        &self,
        user: &str,
        run: impl Future<Output = T>,
    ) -> Result<T, Exhausted> {
        match self.check_left(Budget::RuleRunMillis, user).await {
            Ok(left) => left?,
            Err(error) => tracing::warn!(%error, user, "rule-run budget not checked"),
        }
        let started = std::time::Instant::now();
        let outcome = run.await;
        let spent_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        if let Err(error) = self.charge(Budget::RuleRunMillis, user, spent_ms).await {
            tracing::warn!(%error, user, "rule-run budget not charged");
        }
        Ok(outcome)
    }

    /// Charges `amount` of `budget` to `user` whatever is left (work already done).
    pub async fn charge(&self, budget: Budget, user: &str, amount: u64) -> Result<(), JobError> {
        let (key, ttl) = self.window(budget, user);
        let mut conn = self.redis.connection.clone();
        let taken: u64 = conn.incr(&key, amount).await.map_err(error)?;
        if taken == amount {
            let _: bool = conn.expire(&key, ttl).await.map_err(error)?;
        }
        Ok(())
    }

    fn exhausted(&self, budget: Budget) -> Exhausted {
        let period = self.config.period;
        match budget {
            Budget::OcrPages => Exhausted::OcrPages {
                limit: self.config.ocr_pages,
                period,
            },
            Budget::RuleRunMillis => Exhausted::RuleRunSeconds {
                seconds: self.config.rule_run_seconds,
                period,
            },
        }
    }

    /// The counter's key for the current window, and how long to keep it (a minute past the
    /// window's end).
    fn window(&self, budget: Budget, user: &str) -> (String, i64) {
        let period = self.config.period.as_secs().max(1);
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_secs());
        let window = now / period;
        let ends_in = (window + 1) * period - now;
        let key = format!(
            "{}:budget:{}:{window}:{}",
            self.redis.namespace,
            budget.key_part(),
            user.to_lowercase()
        );
        (key, ends_in as i64 + 60)
    }
}

fn error(source: redis::RedisError) -> JobError {
    JobError::Redis {
        action: "count a user's budget",
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_read_as_words() {
        assert_eq!(
            per_period(Duration::from_secs(86_400)).italian(),
            "al giorno"
        );
        assert_eq!(per_period(Duration::from_secs(3_600)).italian(), "all'ora");
        assert_eq!(
            per_period(Duration::from_secs(7_200)).italian(),
            "ogni 2 ore"
        );
        assert_eq!(per_period(Duration::from_secs(90)).italian(), "ogni 90 s");
        let exhausted = Exhausted::RuleRunSeconds {
            seconds: 60,
            period: Duration::from_secs(3_600),
        };
        assert_eq!(
            exhausted.to_string(),
            "Hai usato i 60 s di esecuzione di regole a tua disposizione all'ora: riprova più tardi"
        );
    }
}
