//! Authentication: short-lived JWT access tokens, rotating and revocable refresh tokens, and the
//! permissions that travel with a session.

pub mod permissions;
pub mod sessions;
pub mod tokens;

pub use permissions::Permission;
pub use sessions::{AuthError, Authenticator, Session};
pub use tokens::{AccessClaims, TokenError, TokenKeys};
