//! The Istruttoria HTTP server as a library, so that tests run the real server in-process.

pub mod body_budget;
pub mod caller;
pub mod explorers;
pub mod graphql;
pub mod headers;
pub mod metrics;
pub mod request_body;
pub mod rest;
pub mod server;
pub mod spa;
pub mod state;
