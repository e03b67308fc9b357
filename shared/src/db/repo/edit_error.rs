//! [`EditError`], the error of every catalogue edit (types, data tables, rules, helper code,
//! what-if runs, validations): a validation message for a field, a missing row, a refusal by
//! the current state, or a database failure — each one the API turns into its error code.

use crate::db::DbError;
use crate::messages::{self, Message};

/// Why a catalogue edit is refused: a message of the catalogue for the user.
#[derive(Debug, thiserror::Error)]
pub enum EditError {
    /// The input field `field` breaks a validation rule.
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: Message,
    },
    /// What the edit names does not exist.
    #[error("{0}")]
    NotFound(Message),
    /// The current state refuses the edit (e.g. a type that still has rules).
    #[error("{0}")]
    Conflict(Message),
    #[error(transparent)]
    Db(#[from] DbError),
}

/// A failed `BEGIN` or `COMMIT` of an edit's transaction.
impl From<diesel::result::Error> for EditError {
    fn from(error: diesel::result::Error) -> Self {
        Self::Db(error.into())
    }
}

impl EditError {
    pub fn invalid(field: &'static str, message: Message) -> Self {
        Self::Invalid { field, message }
    }

    /// What the client is told ([`messages::internal_error`] for a database failure).
    pub fn message(&self) -> Message {
        match self {
            Self::Invalid { message, .. } | Self::NotFound(message) | Self::Conflict(message) => {
                message.clone()
            }
            Self::Db(_) => messages::internal_error(),
        }
    }
}
