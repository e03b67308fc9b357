//! Repositories: one module per aggregate, plain async functions over a connection.
//!
//! Conventions (see `users`): take `conn: &mut AsyncPgConnection` first, take owned `New…` /
//! `…Changes` models, return `DbResult<T>` with `.context("doing what")` on every query,
//! `Option<T>` for lookups that may find nothing, and select rows with `Row::as_select()`.

pub mod access;
pub mod api_keys;
pub mod audit;
pub mod capped_count;
pub mod data_tables;
pub mod documents;
pub mod dossiers;
pub mod edit_error;
pub mod executions;
pub mod helper_code;
pub mod notification_receivers;
pub mod overview;
pub mod paging;
pub mod pipeline;
pub mod playground;
pub mod roles;
pub mod rule_versions;
pub mod rules;
pub mod types;
pub mod users;
pub mod validation;
pub mod webhook_secrets;
pub mod what_if;
