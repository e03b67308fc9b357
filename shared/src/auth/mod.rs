//! Authentication: short-lived JWT access tokens, rotating and revocable refresh tokens, and the
//! permissions that travel with a session.

pub mod access;
pub mod admin;
pub mod api_keys;
pub mod codes;
pub mod passwords;
pub mod permissions;
pub mod recovery;
pub mod registration;
pub mod revocation;
pub mod sessions;
pub mod tokens;

pub use access::{AccessControl, AccessError};
pub use admin::AccessAdmin;
pub use permissions::Permission;
pub use recovery::{CodeError, PasswordRecovery};
pub use registration::Registrations;
pub use revocation::RevokedSessions;
pub use sessions::{AuthError, Authenticator, Session};
pub use tokens::{AccessClaims, TokenError, TokenKeys};
