//! Id arguments. Every id is a UUID; one that is not names nothing, so it is answered like an
//! id that exists nowhere: `NOT_FOUND` with the message of what was looked for.

use async_graphql::ID;
use shared::messages::{self, Message};
use uuid::Uuid;

use super::errors::not_found;

/// `id` as a UUID, else `NOT_FOUND` saying `missing`.
pub fn parse(id: &ID, missing: impl FnOnce() -> Message) -> async_graphql::Result<Uuid> {
    Uuid::parse_str(id.trim()).map_err(|_| not_found(missing()))
}

pub fn dossier(id: &ID) -> async_graphql::Result<Uuid> {
    parse(id, messages::dossier_not_found)
}

pub fn document(id: &ID) -> async_graphql::Result<Uuid> {
    parse(id, messages::document_not_found)
}

pub fn rule(id: &ID) -> async_graphql::Result<Uuid> {
    parse(id, || messages::rule_not_found(id.as_str()))
}

pub fn what_if_run(id: &ID) -> async_graphql::Result<Uuid> {
    parse(id, || messages::what_if_not_found(id.as_str()))
}

pub fn failed_job(id: &ID) -> async_graphql::Result<Uuid> {
    parse(id, messages::job_not_found)
}

pub fn validation(id: &ID) -> async_graphql::Result<Uuid> {
    parse(id, || messages::validation_not_found(id.as_str()))
}

/// A validation document: its id is named in the answer (the validation screens list several).
pub fn validation_document(id: &ID) -> async_graphql::Result<Uuid> {
    parse(id, || messages::document_id_not_found(id.as_str()))
}

pub fn api_key(id: &ID) -> async_graphql::Result<Uuid> {
    parse(id, messages::api_key_not_found)
}
