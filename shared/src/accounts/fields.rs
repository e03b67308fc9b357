//! The fields of an account and their rules: names, e-mail, password, avatar.

use crate::mail::is_email;
use crate::messages::{self, Message};

// The limits and messages of docs/domain.md#input-rules-and-limits. A failure names the input
// field, so the API can say which one is wrong.

/// An input field breaks a rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct FieldError {
    pub field: &'static str,
    pub message: Message,
}

impl FieldError {
    pub fn new(field: &'static str, message: Message) -> Self {
        Self { field, message }
    }
}
/// Shortest password.
pub const MIN_PASSWORD: usize = 7;
/// Longest password at creation and change (docs/domain.md#input-rules-and-limits); a reset
/// allows 255.
pub const MAX_PASSWORD: usize = 20;
pub const MAX_RESET_PASSWORD: usize = 255;
pub const MAX_NAME: usize = 30;
/// Longest e-mail of a new user (docs/domain.md#input-rules-and-limits); login, recovery and
/// reset accept 255.
pub const MAX_NEW_EMAIL: usize = 60;
/// Largest avatar picture, decoded.
pub const MAX_AVATAR_BYTES: usize = 256 * 1024;

/// `value` trimmed, required and at most `max` characters.
pub fn required_text<'a>(
    field: &'static str,
    value: &'a str,
    max: usize,
) -> Result<&'a str, FieldError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(FieldError::new(field, messages::required()));
    }
    if value.chars().count() > max {
        return Err(FieldError::new(field, messages::too_long(max)));
    }
    Ok(value)
}

/// `value` trimmed, required, at most `max` characters and a syntactically valid address.
pub fn valid_email<'a>(
    field: &'static str,
    value: &'a str,
    max: usize,
) -> Result<&'a str, FieldError> {
    let value = required_text(field, value, max)?;
    if !is_email(value) {
        return Err(FieldError::new(field, messages::invalid_email()));
    }
    Ok(value)
}

/// A new password: required, `MIN_PASSWORD..=max` characters (not trimmed: spaces count).
pub fn valid_password(field: &'static str, value: &str, max: usize) -> Result<(), FieldError> {
    let length = value.chars().count();
    if length == 0 {
        return Err(FieldError::new(field, messages::required()));
    }
    if length < MIN_PASSWORD {
        return Err(FieldError::new(field, messages::password_too_short()));
    }
    if length > max {
        return Err(FieldError::new(field, messages::too_long(max)));
    }
    Ok(())
}

/// The fields of `createUser` and `register`.
#[derive(Debug, Clone)]
pub struct NewAccount {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub password: String,
    pub confirm_password: String,
}

impl NewAccount {
    /// Checks every rule of docs/domain.md#input-rules-and-limits ("new user") and returns the
    /// account with trimmed names and e-mail.
    pub fn validated(&self) -> Result<Self, FieldError> {
        let first_name = required_text("firstName", &self.first_name, MAX_NAME)?.to_owned();
        let last_name = required_text("lastName", &self.last_name, MAX_NAME)?.to_owned();
        let email = valid_email("email", &self.email, MAX_NEW_EMAIL)?.to_owned();
        valid_password("password", &self.password, MAX_PASSWORD)?;
        if self.confirm_password.is_empty() {
            return Err(FieldError::new("confirmPassword", messages::required()));
        }
        if self.confirm_password.chars().count() > 30 {
            return Err(FieldError::new("confirmPassword", messages::too_long(30)));
        }
        if self.confirm_password != self.password {
            return Err(FieldError::new(
                "confirmPassword",
                messages::passwords_differ(),
            ));
        }
        Ok(Self {
            email,
            first_name,
            last_name,
            password: self.password.clone(),
            confirm_password: self.confirm_password.clone(),
        })
    }
}

/// An avatar: a base64 data URL of a PNG, JPEG or WebP picture of at most 256 KiB.
pub fn valid_avatar(field: &'static str, value: &str) -> Result<(), FieldError> {
    use base64::Engine;
    let invalid = || FieldError::new(field, messages::invalid_avatar());
    let value = value.trim();
    let (header, data) = value.split_once(',').ok_or_else(invalid)?;
    let mime = header
        .strip_prefix("data:")
        .and_then(|h| h.strip_suffix(";base64"))
        .ok_or_else(invalid)?;
    if data.len() > MAX_AVATAR_BYTES.div_ceil(3) * 4 + 4 {
        return Err(invalid());
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|_| invalid())?;
    let signature_matches = match mime {
        "image/png" => bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "image/jpeg" => bytes.starts_with(b"\xff\xd8\xff"),
        "image/webp" => bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP",
        _ => false,
    };
    if !signature_matches || bytes.len() > MAX_AVATAR_BYTES {
        return Err(invalid());
    }
    Ok(())
}

#[cfg(test)]
mod validation_tests {
    use super::*;

    fn account() -> NewAccount {
        NewAccount {
            email: " mario.rossi@example.com ".into(),
            first_name: "Mario".into(),
            last_name: "Rossi".into(),
            password: "segreto1".into(),
            confirm_password: "segreto1".into(),
        }
    }

    #[test]
    fn a_new_account_follows_the_spec_limits_and_messages() {
        let valid = account().validated().expect("valid");
        assert_eq!(valid.email, "mario.rossi@example.com");
        let cases: Vec<(NewAccount, &str, Message)> = vec![
            (
                NewAccount {
                    first_name: " ".into(),
                    ..account()
                },
                "firstName",
                messages::required(),
            ),
            (
                NewAccount {
                    last_name: "x".repeat(31),
                    ..account()
                },
                "lastName",
                messages::too_long(30),
            ),
            (
                NewAccount {
                    email: "".into(),
                    ..account()
                },
                "email",
                messages::required(),
            ),
            (
                NewAccount {
                    email: "mario".into(),
                    ..account()
                },
                "email",
                messages::invalid_email(),
            ),
            (
                NewAccount {
                    email: format!("{}@ex.it", "a".repeat(60)),
                    ..account()
                },
                "email",
                messages::too_long(60),
            ),
            (
                NewAccount {
                    password: "corta".into(),
                    confirm_password: "corta".into(),
                    ..account()
                },
                "password",
                messages::password_too_short(),
            ),
            (
                NewAccount {
                    password: "p".repeat(21),
                    confirm_password: "p".repeat(21),
                    ..account()
                },
                "password",
                messages::too_long(20),
            ),
            (
                NewAccount {
                    confirm_password: "".into(),
                    ..account()
                },
                "confirmPassword",
                messages::required(),
            ),
            (
                NewAccount {
                    confirm_password: "segreto2".into(),
                    ..account()
                },
                "confirmPassword",
                messages::passwords_differ(),
            ),
        ];
        for (input, field, message) in cases {
            assert_eq!(
                input.validated().expect_err("invalid"),
                FieldError::new(field, message),
                "{input:?}"
            );
        }
    }

    #[test]
    fn avatars_are_small_pictures_as_data_urls() {
        use base64::Engine;
        let b64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
        let png = format!("data:image/png;base64,{}", b64(b"\x89PNG\r\n\x1a\n0000"));
        assert!(valid_avatar("avatar", &png).is_ok());
        for bad in [
            "https://example.com/a.png".to_owned(),
            format!("data:image/gif;base64,{}", b64(b"GIF89a")),
            format!("data:image/png;base64,{}", b64(b"not a png")),
            format!("data:image/jpeg;base64,{}", b64(&[0xff; 300 * 1024])),
        ] {
            assert!(valid_avatar("avatar", &bad).is_err(), "{bad:.40}");
        }
    }
}
