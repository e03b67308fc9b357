//! The Istruttoria domain shared by the `api` and `worker` binaries: configuration, the data
//! model and its repositories, jobs and their queues, accounts, logging and shutdown.

pub mod accounts;
pub mod auth;
pub mod config;
pub mod db;
pub mod jobs;
pub mod shutdown;
pub mod telemetry;
#[cfg(feature = "testing")]
pub mod testing;
