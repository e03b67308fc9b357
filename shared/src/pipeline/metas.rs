//! The metas check (docs/domain.md#metas-and-conflicts): once every document of a dossier is
//! done, the metas their rules returned must agree — one meta name with different values across
//! the documents is a conflict — and every meta the dossier type requires must be present.
//! `fixMetas` then writes the chosen value to every document.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

/// The outcome of the check, as the Conflitti tab shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MetasCheck {
    pub valid: bool,
    pub conflicts: Vec<MetaConflict>,
    pub missing_required: Vec<String>,
}

/// One meta name whose documents disagree, with each value and how many documents hold it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MetaConflict {
    pub name: String,
    pub values: Vec<MetaValueCount>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MetaValueCount {
    pub value: String,
    pub count: u32,
}

/// Checks the metas of a dossier's documents (each a JSON object; anything else counts as no
/// metas) against the metas its type requires. Names and values are reported sorted.
pub fn check<'a>(
    documents: impl IntoIterator<Item = &'a Value>,
    required: &[String],
) -> MetasCheck {
    // name -> value (as text) -> documents holding it
    let mut seen: BTreeMap<&str, BTreeMap<String, u32>> = BTreeMap::new();
    for metas in documents {
        let Some(metas) = metas.as_object() else {
            continue;
        };
        for (name, value) in metas {
            if is_blank(value) {
                continue;
            }
            *seen
                .entry(name.as_str())
                .or_default()
                .entry(as_text(value))
                .or_default() += 1;
        }
    }
    let conflicts: Vec<MetaConflict> = seen
        .iter()
        .filter(|(_, values)| values.len() > 1)
        .map(|(name, values)| MetaConflict {
            name: (*name).to_owned(),
            values: values
                .iter()
                .map(|(value, count)| MetaValueCount {
                    value: value.clone(),
                    count: *count,
                })
                .collect(),
        })
        .collect();
    let mut missing_required: Vec<String> = required
        .iter()
        .filter(|name| !seen.contains_key(name.as_str()))
        .cloned()
        .collect();
    missing_required.sort();
    missing_required.dedup();
    MetasCheck {
        valid: conflicts.is_empty() && missing_required.is_empty(),
        conflicts,
        missing_required,
    }
}

/// `metas` with every `(name, value)` of `fixes` set (the value as a JSON string).
pub fn apply_fixes(metas: &Value, fixes: &[(String, String)]) -> Value {
    let mut object: Map<String, Value> = metas.as_object().cloned().unwrap_or_default();
    for (name, value) in fixes {
        object.insert(name.clone(), Value::String(value.clone()));
    }
    Value::Object(object)
}

/// Merges the metas a rule returned into a document's metas: later rules win on a name.
pub fn merge(metas: &Value, returned: &Map<String, Value>) -> Value {
    let mut object: Map<String, Value> = metas.as_object().cloned().unwrap_or_default();
    for (name, value) in returned {
        object.insert(name.clone(), value.clone());
    }
    Value::Object(object)
}

/// A meta value as an operator reads it: strings without quotes, anything else as JSON.
pub fn as_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

fn is_blank(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(text) => text.trim().is_empty(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn agreeing_documents_with_the_required_metas_are_valid() {
        let documents = [
            json!({"codiceFiscale": "RSSMRA80A01H501U", "importo": 1000}),
            json!({"codiceFiscale": "RSSMRA80A01H501U"}),
            json!("not an object"),
        ];
        let check = check(&documents, &["codiceFiscale".into()]);
        assert!(check.valid, "{check:?}");
    }

    #[test]
    fn different_values_are_a_conflict_with_counts() {
        let documents = [
            json!({"nome": "Mario", "importo": 1000}),
            json!({"nome": "Maria", "importo": 1000}),
            json!({"nome": "Mario"}),
        ];
        let check = check(&documents, &[]);
        assert!(!check.valid);
        assert_eq!(
            check.conflicts,
            vec![MetaConflict {
                name: "nome".into(),
                values: vec![
                    MetaValueCount {
                        value: "Maria".into(),
                        count: 1
                    },
                    MetaValueCount {
                        value: "Mario".into(),
                        count: 2
                    },
                ],
            }]
        );
    }

    #[test]
    fn blank_values_count_as_missing_and_never_conflict() {
        let documents = [
            json!({"nome": ""}),
            json!({"nome": null}),
            json!({"nome": "Mario"}),
        ];
        let check = check(&documents, &["nome".into(), "cognome".into()]);
        assert!(check.conflicts.is_empty());
        assert_eq!(check.missing_required, vec!["cognome".to_owned()]);
        assert!(!check.valid);
    }

    #[test]
    fn numbers_and_strings_of_the_same_text_agree() {
        let documents = [json!({"rate": 24}), json!({"rate": "24"})];
        assert!(check(&documents, &[]).valid);
    }

    #[test]
    fn fixes_and_merges_overwrite_names() {
        let metas = json!({"nome": "Maria", "altro": 1});
        let fixed = apply_fixes(&metas, &[("nome".into(), "Mario".into())]);
        assert_eq!(fixed, json!({"nome": "Mario", "altro": 1}));
        let returned = json!({"altro": 2, "nuovo": true});
        let merged = merge(&fixed, returned.as_object().expect("object"));
        assert_eq!(merged, json!({"nome": "Mario", "altro": 2, "nuovo": true}));
    }
}
