//! Test harness: the real API server in-process on an ephemeral port, over a database of its
//! own and a Redis namespace of its own, and real worker processes; what the tests share.

pub mod archives;
pub mod fixtures;
pub mod graphql;
pub mod imports;
pub mod mail;
pub mod receiver;
pub mod redis_server;
pub mod server;
pub mod users;
pub mod wait;
pub mod websocket;
pub mod worker;

pub use fixtures::{ProcessedDossier, insert_processed_dossier, seed_rules};
pub use mail::{code_of, messages, nth_message};
pub use receiver::Receiver;
pub use redis_server::{OwnRedis, connect_when_up};
pub use server::{
    ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET, Options, Sibling, TestServer, redis_url,
};
pub use websocket::{next_message, subscribe, subscribe_at};
pub use worker::WorkerProcess;
