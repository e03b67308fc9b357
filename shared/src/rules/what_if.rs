//! What "would change" means for a "what if" run (issue 11): the outcome of a rule on a
//! document — success, the metas it returns, its errors — as recorded by its last execution and
//! as the unsaved code gives it, and the kinds of change between the two.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What a rule's run on a document amounts to for its author.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// `result.success`; `None` when the run returned no result (an error).
    pub success: Option<bool>,
    /// `result.metas`, empty when it returned none.
    pub metas: Map<String, Value>,
    /// The first line of each error (stacks differ between runs of the same error).
    pub errors: Vec<String>,
}

impl Outcome {
    /// The outcome of a run that answered `result` (if any) and `errors`.
    pub fn of(result: Option<&Value>, errors: &[String]) -> Self {
        Self {
            success: result
                .and_then(|r| r.get("success"))
                .and_then(Value::as_bool),
            metas: result
                .and_then(|r| r.get("metas"))
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default(),
            errors: errors
                .iter()
                .map(|e| e.lines().next().unwrap_or_default().to_owned())
                .collect(),
        }
    }
}

/// No execution of the rule on the document was recorded before.
pub const NO_PREVIOUS: &str = "noPrevious";
pub const SUCCESS: &str = "success";
pub const METAS_ADDED: &str = "metasAdded";
pub const METAS_REMOVED: &str = "metasRemoved";
pub const METAS_CHANGED: &str = "metasChanged";
/// Errors the last execution did not have.
pub const NEW_ERRORS: &str = "newErrors";
/// The last execution's errors are gone.
pub const FIXED_ERRORS: &str = "fixedErrors";

/// The kinds of change from `before` (the last recorded execution) to `after`; empty when the
/// outcome would stay the same.
pub fn changes(before: Option<&Outcome>, after: &Outcome) -> Vec<&'static str> {
    let Some(before) = before else {
        return vec![NO_PREVIOUS];
    };
    let mut kinds = Vec::new();
    if before.success != after.success {
        kinds.push(SUCCESS);
    }
    if after.metas.keys().any(|k| !before.metas.contains_key(k)) {
        kinds.push(METAS_ADDED);
    }
    if before.metas.keys().any(|k| !after.metas.contains_key(k)) {
        kinds.push(METAS_REMOVED);
    }
    if after
        .metas
        .iter()
        .any(|(k, v)| before.metas.get(k).is_some_and(|old| old != v))
    {
        kinds.push(METAS_CHANGED);
    }
    if after.errors.iter().any(|e| !before.errors.contains(e)) {
        kinds.push(NEW_ERRORS);
    }
    if after.errors.is_empty() && !before.errors.is_empty() {
        kinds.push(FIXED_ERRORS);
    }
    kinds
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn outcome(result: Value, errors: &[&str]) -> Outcome {
        let errors: Vec<String> = errors.iter().map(|e| (*e).to_owned()).collect();
        Outcome::of(Some(&result).filter(|r| !r.is_null()), &errors)
    }

    #[test]
    fn the_same_outcome_is_no_change() {
        let a = outcome(json!({ "success": true, "metas": { "importo": 10 } }), &[]);
        assert!(changes(Some(&a), &a.clone()).is_empty());
    }

    #[test]
    fn each_kind_of_change_is_named() {
        let before = outcome(json!({ "success": true, "metas": { "a": 1, "b": 2 } }), &[]);
        let after = outcome(
            json!({ "success": false, "metas": { "a": 3, "c": 4 } }),
            &[],
        );
        assert_eq!(
            changes(Some(&before), &after),
            [SUCCESS, METAS_ADDED, METAS_REMOVED, METAS_CHANGED]
        );
        let failed = outcome(
            Value::Null,
            &["TypeError: x is undefined\n    at rule.js:2"],
        );
        assert_eq!(failed.success, None);
        assert_eq!(failed.errors, ["TypeError: x is undefined"]);
        assert_eq!(
            changes(Some(&before), &failed),
            [SUCCESS, METAS_REMOVED, NEW_ERRORS]
        );
        assert_eq!(
            changes(Some(&failed), &before),
            [SUCCESS, METAS_ADDED, FIXED_ERRORS]
        );
        assert_eq!(changes(None, &before), [NO_PREVIOUS]);
    }
}
