//! The Istruttoria domain shared by the `api` and `worker` binaries: configuration, the data
//! model and its repositories, jobs and their queues, accounts, logging and shutdown.

#[cfg(feature = "access")]
pub mod accounts;
#[cfg(feature = "access")]
pub mod auth;
pub mod config;
pub mod db;
pub mod downloads;
pub mod events;
pub mod import;
pub mod jobs;
pub mod mail;
pub mod messages;
pub mod pipeline;
pub mod rate_limit;
pub mod rules;
pub mod services;
pub mod shutdown;
pub mod signing;
pub mod storage;
pub mod telemetry;
#[cfg(feature = "testing")]
pub mod testing;
pub mod webhooks;
