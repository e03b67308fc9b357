//! Repositories: one module per aggregate, plain async functions over a connection.
//!
//! Conventions (see `users`): take `conn: &mut AsyncPgConnection` first, take owned `New…` /
//! `…Changes` models, return `DbResult<T>` with `.context("doing what")` on every query,
//! `Option<T>` for lookups that may find nothing, and select rows with `Row::as_select()`.

pub mod users;
