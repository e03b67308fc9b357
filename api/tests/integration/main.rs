//! The API's integration tests, one binary (the api crate is linked once): one module per
//! area, the shared harness in `common`. nextest runs each test in its own process.

// A `Result` left unchecked would be an assertion that cannot fail.
#![deny(unused_must_use)]

mod common;

mod access_control;
mod api_keys;
mod audit;
mod authorization_matrix;
mod catalog;
mod downloads;
mod escalation;
mod explorers;
mod field_reads;
mod graphql_bounds;
mod hostile;
mod http;
mod idempotency;
mod import;
mod import_form;
mod jobs_dashboard;
mod login_lock;
mod messages;
mod openapi;
mod operations;
mod outbox;
mod pipeline;
mod playground;
mod queue;
mod recovery;
mod registration;
mod request_bodies;
mod request_limits;
mod rule_versions;
mod rules;
mod sessions;
mod users;
mod validation;
mod what_if;
mod worker_metrics;
