//! What the resolver modules share — and the only module of `graphql` they import, besides a
//! GraphQL object type of another module they answer with: errors and their translation
//! ([`errors`]), the caller and the actor it acts as ([`caller`]), id arguments ([`ids`]),
//! stored messages ([`messages`]), download links ([`downloads`]), the server-side tables and paging ([`table`]), objects
//! several lists answer with ([`objects`]), and the awaited rule runs ([`rule_runs`]).

pub mod caller;
pub mod downloads;
pub mod errors;
pub mod ids;
pub mod messages;
pub mod objects;
pub mod rule_runs;
pub mod table;
