//! Passwords: hashed with argon2id into PHC strings, checked against them.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use rand::RngCore;

/// Hashing failed (bad parameters, a stored hash that is not a PHC string).
#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct PasswordError(argon2::password_hash::Error);

/// Hashes `password` with argon2id (19 MiB of memory, 2 iterations, 1 lane: OWASP's minimum),
/// as a PHC string that carries its own parameters and salt.
pub fn hash_password(password: &str) -> Result<String, PasswordError> {
    let params = Params::new(19 * 1024, 2, 1, None).map_err(|e| PasswordError(e.into()))?;
    let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params);
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(PasswordError)?;
    argon2
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(PasswordError)
}

/// Whether `password` matches the PHC string `hash` (whatever parameters it was made with).
/// Slow by design: call it off the async executor.
pub fn verify_password(password: &str, hash: &str) -> Result<bool, PasswordError> {
    let parsed = PasswordHash::new(hash).map_err(PasswordError)?;
    Ok(Argon2::default()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok())
}
