//! The default code of a new rule, its default `package.json` and its default (empty) helper
//! (docs/domain.md#what-a-rule-receives-and-returns): a default exported function that returns
//! `{ success: true }`, receiving `{ metas, input }` (dossier rules) or `{ rawText, tables,
//! rawTextWithGeometry, dataTables, formData }` (document rules). The API fills them in for a
//! rule created without code; the worker's tests run them.

use serde::{Deserialize, Serialize};

/// Which of the two kinds of rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleKind {
    /// Runs on one document: `{ rawText, tables, rawTextWithGeometry, dataTables, formData }`.
    Document,
    /// Runs on a whole dossier, once per input item: `{ metas, input }`.
    Dossier,
}

impl RuleKind {
    /// How the database names the kind (`rule_versions.rule_kind`, `what_if_runs.rule_kind`).
    pub fn name(self) -> &'static str {
        match self {
            RuleKind::Document => "document",
            RuleKind::Dossier => "dossier",
        }
    }

    /// The kind named `name` by [`RuleKind::name`]; anything else is a document rule (the
    /// columns are checked by the database).
    pub fn from_name(name: &str) -> Self {
        if name == "dossier" {
            RuleKind::Dossier
        } else {
            RuleKind::Document
        }
    }
}

/// The code a new document rule starts from.
pub const DOCUMENT_RULE_TEMPLATE: &str = r#"/**
 * Regola documento.
 *
 * @param {object} documento
 * @param {string} documento.rawText              il testo estratto dal documento
 * @param {Array}  documento.tables               le tabelle estratte
 * @param {Array}  documento.rawTextWithGeometry  il testo con la sua posizione nelle pagine
 * @param {object} documento.dataTables           le tabelle dati collegate, per nome
 * @param {object} documento.formData             i campi dei moduli PDF
 * @returns {{ success: boolean, metas?: object }}
 */
export default function ({ rawText, tables, rawTextWithGeometry, dataTables, formData }) {
  return { success: true };
}
"#;

/// The code a new dossier rule starts from.
pub const DOSSIER_RULE_TEMPLATE: &str = r#"/**
 * Regola dossier: eseguita una volta per ogni elemento dell'input del dossier.
 *
 * @param {object} dossier
 * @param {object} dossier.metas  i metadati di ogni documento: { [idDocumento]: { chiave: valore } }
 * @param {*}      dossier.input  l'elemento dell'input del dossier
 * @returns {{ success: boolean }}
 */
export default function ({ metas, input }) {
  return { success: true };
}
"#;

/// The `package.json` stored and shipped with a new rule.
pub const DEFAULT_PACKAGE_JSON: &str = r#"{
  "name": "rule",
  "version": "1.0.0",
  "main": "index.js",
  "license": "MIT",
  "type": "module"
}
"#;

/// The `helper.js` of a rule that has none yet (`getHelperCode` shows it; it exports nothing).
pub const DEFAULT_HELPER_CODE: &str = "// helper.js: funzioni condivise della regola.\n\
// Esportale qui (export function nome() { … }) e importale nella regola con\n\
// import { nome } from './helper.js';\n";

/// The code a new rule of `kind` starts from.
pub fn rule_template(kind: RuleKind) -> &'static str {
    match kind {
        RuleKind::Document => DOCUMENT_RULE_TEMPLATE,
        RuleKind::Dossier => DOSSIER_RULE_TEMPLATE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_package_json_is_the_specified_one() {
        let package: serde_json::Value =
            serde_json::from_str(DEFAULT_PACKAGE_JSON).expect("valid JSON");
        assert_eq!(
            package,
            serde_json::json!({
                "name": "rule", "version": "1.0.0", "main": "index.js",
                "license": "MIT", "type": "module"
            })
        );
    }

    #[test]
    fn rule_kinds_travel_in_lowercase() {
        assert_eq!(
            serde_json::to_string(&RuleKind::Dossier).expect("serialises"),
            "\"dossier\""
        );
    }
}
