//! Domain services: one module per aggregate, owning the operations that change it from the
//! outside (GraphQL, REST). Each operation is one transaction that locks what it changes,
//! checks the state it needs under that lock, makes the change and writes the jobs the change
//! causes to the outbox ([`crate::jobs::outbox`]): a check can no longer race the change it
//! guards, and a job exists exactly when its change is committed. Resolvers and handlers only
//! translate arguments and errors; the pipeline's own transitions (run by its jobs) live in
//! [`crate::db::repo::pipeline`].

pub mod dossiers;
