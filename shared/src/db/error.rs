use std::borrow::Cow;

use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::pooled_connection::deadpool::{BuildError, PoolError};

pub type DbResult<T> = Result<T, DbError>;

/// Errors of the database layer. Each carries what was being done; the underlying error is
/// its `source()` (print the chain, e.g. anyhow's `{:#}`, to see both).
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("could not build the database connection pool")]
    PoolBuild(#[source] BuildError),
    #[error("could not get a database connection from the pool")]
    Checkout(#[source] PoolError),
    #[error("could not connect to the database for {context}")]
    Connect {
        context: &'static str,
        #[source]
        source: diesel::ConnectionError,
    },
    #[error("database query failed while {context}")]
    Query {
        context: Cow<'static, str>,
        #[source]
        source: DieselError,
    },
    #[error("could not run the database migrations")]
    Migration(#[source] Box<dyn std::error::Error + Send + Sync>),
    #[error("the blocking database task for {context} did not complete")]
    Task {
        context: &'static str,
        #[source]
        source: tokio::task::JoinError,
    },
}

impl DbError {
    /// The kind of error PostgreSQL reported, if the error came from the server.
    pub fn database_error_kind(&self) -> Option<&DatabaseErrorKind> {
        match self {
            Self::Query {
                source: DieselError::DatabaseError(kind, _),
                ..
            } => Some(kind),
            _ => None,
        }
    }

    /// The name of the violated constraint (e.g. `users_email_lower_key`, `dossiers_state_check`),
    /// so callers can turn it into a message for the user.
    pub fn constraint_name(&self) -> Option<&str> {
        match self {
            Self::Query {
                source: DieselError::DatabaseError(_, info),
                ..
            } => info.constraint_name(),
            _ => None,
        }
    }

    pub fn is_unique_violation(&self) -> bool {
        matches!(
            self.database_error_kind(),
            Some(DatabaseErrorKind::UniqueViolation)
        )
    }

    pub fn is_foreign_key_violation(&self) -> bool {
        matches!(
            self.database_error_kind(),
            Some(DatabaseErrorKind::ForeignKeyViolation)
        )
    }

    pub fn is_check_violation(&self) -> bool {
        matches!(
            self.database_error_kind(),
            Some(DatabaseErrorKind::CheckViolation)
        )
    }
}

/// Needed by `AsyncConnection::transaction::<_, DbError, _>`, which reports BEGIN/COMMIT
/// failures as diesel errors; queries inside the transaction add their own context.
impl From<DieselError> for DbError {
    fn from(source: DieselError) -> Self {
        Self::Query {
            context: Cow::Borrowed("running a database transaction"),
            source,
        }
    }
}

/// Adds what was being done to a diesel error: `query.await.context("creating user")?`.
pub trait QueryContext<T> {
    fn context(self, context: &'static str) -> DbResult<T>;
    fn with_context(self, context: impl FnOnce() -> String) -> DbResult<T>;
}

impl<T> QueryContext<T> for Result<T, DieselError> {
    fn context(self, context: &'static str) -> DbResult<T> {
        self.map_err(|source| DbError::Query {
            context: Cow::Borrowed(context),
            source,
        })
    }

    fn with_context(self, context: impl FnOnce() -> String) -> DbResult<T> {
        self.map_err(|source| DbError::Query {
            context: Cow::Owned(context()),
            source,
        })
    }
}
