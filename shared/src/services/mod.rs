//! Domain services: one module per aggregate, owning the operations that change it from the
//! outside (GraphQL, REST). Each operation is one transaction that locks what it changes,
//! checks the state it needs under that lock, makes the change and writes the jobs the change
//! causes to the outbox ([`crate::jobs::outbox`]): a check can no longer race the change it
//! guards, and a job exists exactly when its change is committed. Resolvers and handlers only
//! translate arguments and errors; the pipeline's own transitions (run by its jobs) live in
//! [`crate::db::repo::pipeline`].
//!
//! - [`dossiers`]: running a dossier's rules again, fixing its metas, resending its callback,
//!   deleting it.
//! - [`documents`]: running a document's rules again, replacing its tags, deleting it.
//! - [`imports`]: `POST /import_dossier` — the request's checks, the archive, the dossier row
//!   and its `import` job.
//! - [`rules`]: creating, changing, importing, restoring and deleting document and dossier
//!   rules and their helper, with compile on save (the caller's [`rules::Compiler`] — the
//!   workers, in the API — outside the transaction; the rule locked and the compiled code
//!   checked against it inside); every write records the rule's new version.
//! - [`playground`]: the playgrounds' runs of unsaved code (checked, made into their job) and
//!   a saved rule as a project to run locally.
//! - [`rule_validation`]: an institute's new contract template checked against its dossier
//!   rules — its documents, uploads, runs and downloads.
//!
//! - [`data_tables`]: creating, changing and deleting data tables.
//! - [`notifications`]: adding and removing the recipients of the notification e-mails.
//! - [`types`]: creating and deleting document and dossier types, a dossier type's required
//!   metas.
//! - [`what_if`]: starting a "what if" run with its job, cancelling one.
//! - `users` (with the feature `access`): creating, changing and deleting users.
//!
//! - [`budgets`]: what one user may consume per period (OCR pages, playground rule runs).
//! - [`health`]: whether the workers can do the system's work now (alive, not behind).
//!
//! Locks are taken dossier first, then document, as the pipeline takes them.

#[cfg(feature = "access")]
pub mod api_keys;
pub mod budgets;
pub mod data_tables;
pub mod documents;
pub mod dossiers;
pub mod health;
pub mod imports;
pub mod notifications;
pub mod playground;
pub mod rule_validation;
pub mod rules;
pub mod types;
#[cfg(feature = "access")]
pub mod users;
pub mod what_if;

/// How a caller answers a service's error: the kinds of the operations' errors. Each
/// service's error enum says which kind each of its variants is, and the message of the
/// catalogue the client is shown ([`ServiceError::message`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// What the operation names does not exist.
    NotFound,
    /// The current state refuses the operation.
    Conflict,
    /// The input `field` breaks a rule.
    Invalid { field: &'static str },
    /// A service the operation waits for (the workers) did not answer in time.
    Unavailable,
    /// No worker is running to answer the operation: refused at once, not after a wait.
    NoWorker,
    /// A failure of ours (database, storage): logged, not shown.
    Internal,
}

/// An error of a domain service.
pub trait ServiceError: std::error::Error {
    fn kind(&self) -> ErrorKind;
    /// What the client is told; [`crate::messages::internal_error`] for [`ErrorKind::Internal`].
    fn message(&self) -> crate::messages::Message;
}
