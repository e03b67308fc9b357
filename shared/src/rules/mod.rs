//! What the API and the workers both need to know about rules besides their rows: the code a
//! new rule starts from ([`templates`]), the checks every saved `package.json` passes
//! ([`validate_package_json`]), and the zip format dossier rules travel in between
//! environments ([`archive`]: `importDossierRules` reads it, `downloadDossierRule` writes it).

pub mod archive;
pub mod playground;
pub mod templates;
pub mod what_if;

use crate::messages::{self, Message};

pub use templates::{
    DEFAULT_HELPER_CODE, DEFAULT_PACKAGE_JSON, DOCUMENT_RULE_TEMPLATE, DOSSIER_RULE_TEMPLATE,
    RuleKind, rule_template,
};

/// Largest rule or helper.js, in bytes: the size of one file of a rule archive. Saving, checking
/// and trying code beyond it is refused (a rule is a few kilobytes).
pub const MAX_CODE_BYTES: usize = 4 << 20;

/// Why `code` (a rule or its helper.js) is refused for its size, if it is.
pub fn code_size_error(code: &str) -> Option<Message> {
    (code.len() > MAX_CODE_BYTES).then(|| messages::code_too_large(MAX_CODE_BYTES >> 20))
}

/// Why a `package.json` is refused: it must be a JSON object (what npm and node expect).
pub fn validate_package_json(text: &str) -> Result<(), Message> {
    match serde_json::from_str::<serde_json::Value>(text) {
        Ok(serde_json::Value::Object(_)) => Ok(()),
        Ok(_) => Err(messages::package_json_not_object()),
        Err(error) => Err(messages::package_json_invalid(messages::json_problem(
            &error,
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_json_must_be_a_json_object() {
        assert!(validate_package_json(DEFAULT_PACKAGE_JSON).is_ok());
        assert!(
            validate_package_json("[1]")
                .unwrap_err()
                .italian()
                .contains("deve essere un oggetto")
        );
        let error = validate_package_json("{\"name\": }").unwrap_err().italian();
        assert!(error.starts_with("package.json non valido:"), "{error}");
        assert!(error.contains("riga 1"), "{error}");
    }
}
