//! Accounts: the fields of a user and their rules ([`fields`]), and the first administrator
//! ([`first_admin`]). Password hashing is `crate::auth::passwords`; administering users is the
//! service `crate::services::users`.

pub mod fields;
pub mod first_admin;

pub use fields::*;
pub use first_admin::{ADMIN_ROLE, SeedError, SeedOutcome, seed_admin};
