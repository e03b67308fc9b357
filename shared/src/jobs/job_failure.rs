//! Why a job failed, as the jobs dashboard shows it: a stable code the web app translates, the
//! code's parameters, and the technical detail apart (the raw error, in no particular language).
//!
//! A job that explains its failure returns a [`JobFailure`] as its error: its `Display` is the
//! JSON that apalis records and [`JobFailure::from_recorded`] reads back. Any other error is
//! [`JOB_FAILED`], with the error's text as the detail.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The code of a failure the job did not explain.
pub const JOB_FAILED: &str = "job_failed";

/// A job's failure, explained.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct JobFailure {
    /// Stable, for the web app's messages: `callback_failed`, … ([`JOB_FAILED`] otherwise).
    pub code: String,
    /// What the message needs (numbers and identifiers, no sentences).
    #[serde(default)]
    pub params: Map<String, Value>,
    /// The technical detail: the raw error, for whoever fixes the cause.
    #[serde(default)]
    pub detail: String,
}

impl JobFailure {
    pub fn new(code: &str, detail: impl Into<String>) -> Self {
        Self {
            code: code.to_owned(),
            params: Map::new(),
            detail: detail.into(),
        }
    }

    /// With the parameter `name`.
    #[must_use]
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> Self {
        self.params.insert(name.to_owned(), value.into());
        self
    }

    /// The attempts the job made on its own, when it retries inside (a callback does), which
    /// the queue's count of deliveries does not see.
    pub fn attempts(&self) -> Option<u32> {
        self.params
            .get("attempts")
            .and_then(Value::as_u64)
            .and_then(|n| u32::try_from(n).ok())
    }

    /// A recorded error message read back: a `JobFailure`'s JSON, or any other text as a
    /// [`JOB_FAILED`] whose detail it is.
    pub fn from_recorded(message: &str) -> Self {
        match serde_json::from_str::<Self>(message.trim()) {
            Ok(failure) if !failure.code.is_empty() => failure,
            _ => Self::new(JOB_FAILED, message),
        }
    }
}

impl std::fmt::Display for JobFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Serialising a map of JSON values cannot fail.
        f.write_str(&serde_json::to_string(self).map_err(|_| std::fmt::Error)?)
    }
}

impl std::error::Error for JobFailure {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_explained_failure_reads_back_as_it_was_written() {
        let failure = JobFailure::new(
            "callback_failed",
            "Connessione non riuscita: error sending request",
        )
        .with("attempts", 6)
        .with("cause", "connection_failed");
        let read = JobFailure::from_recorded(&failure.to_string());
        assert_eq!(read, failure);
        assert_eq!(read.attempts(), Some(6));
    }

    #[test]
    fn any_other_text_is_an_unexplained_failure_with_that_detail() {
        for message in [
            "cannot read the PDF: No such file",
            "{\"code\": \"\"}",
            "[1, 2]",
            "",
        ] {
            let read = JobFailure::from_recorded(message);
            assert_eq!(read.code, JOB_FAILED, "{message}");
            assert_eq!(read.detail, message);
            assert!(read.params.is_empty());
            assert_eq!(read.attempts(), None);
        }
    }
}
