//! The aggregate of a dossier's rule results (docs/domain.md#aggregation): one entry per input
//! item, `{ Input, AggregateResult, Result }`, where `AggregateResult` is the AND of the
//! `success` of every dossier rule on that item (a rule that failed to run counts as false) and
//! `Result` lists each rule's outcome. This is what the callback sends and what
//! `getDossierResultAggregate` returns.

use serde::Serialize;
use serde_json::Value;
use uuid::Uuid;

/// One finished dossier rule execution.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub input_index: usize,
    pub rule_id: Option<Uuid>,
    pub rule_name: String,
    /// What the rule returned (`None` when it failed).
    pub result: Option<Value>,
    pub error: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Entry {
    #[serde(rename = "Input")]
    pub input: Value,
    #[serde(rename = "AggregateResult")]
    pub aggregate_result: bool,
    #[serde(rename = "Result")]
    pub result: Vec<RuleResult>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleResult {
    pub rule_id: Option<Uuid>,
    pub rule_name: String,
    pub success: bool,
    pub result: Option<Value>,
    pub error: Option<String>,
}

/// The aggregate of `outcomes` over the dossier's `input` items, rules in name order.
pub fn aggregate(input: &[Value], outcomes: &[Outcome]) -> Vec<Entry> {
    input
        .iter()
        .enumerate()
        .map(|(index, item)| {
            let mut result: Vec<RuleResult> = outcomes
                .iter()
                .filter(|outcome| outcome.input_index == index)
                .map(|outcome| RuleResult {
                    rule_id: outcome.rule_id,
                    rule_name: outcome.rule_name.clone(),
                    success: outcome.error.is_none()
                        && outcome
                            .result
                            .as_ref()
                            .and_then(|r| r.get("success"))
                            .and_then(Value::as_bool)
                            .unwrap_or(false),
                    result: outcome.result.clone(),
                    error: outcome.error.clone(),
                })
                .collect();
            result.sort_by(|a, b| {
                a.rule_name
                    .cmp(&b.rule_name)
                    .then(a.rule_id.cmp(&b.rule_id))
            });
            Entry {
                input: item.clone(),
                aggregate_result: result.iter().all(|r| r.success),
                result,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn outcome(index: usize, name: &str, result: Option<Value>, error: Option<&str>) -> Outcome {
        Outcome {
            input_index: index,
            rule_id: None,
            rule_name: name.into(),
            result,
            error: error.map(str::to_owned),
        }
    }

    #[test]
    fn each_item_is_the_and_of_its_rules() {
        let input = [json!({"durata": 24}), json!({"durata": 36})];
        let outcomes = [
            outcome(0, "b", Some(json!({"success": true})), None),
            outcome(0, "a", Some(json!({"success": true, "note": "ok"})), None),
            outcome(1, "a", Some(json!({"success": true})), None),
            outcome(1, "b", Some(json!({"success": false})), None),
        ];
        let entries = aggregate(&input, &outcomes);
        assert_eq!(entries.len(), 2);
        assert!(entries[0].aggregate_result);
        assert_eq!(entries[0].result[0].rule_name, "a");
        assert!(!entries[1].aggregate_result);
        let json = serde_json::to_value(&entries[0]).expect("serialises");
        assert_eq!(json["Input"], json!({"durata": 24}));
        assert_eq!(json["AggregateResult"], json!(true));
        assert_eq!(json["Result"][0]["result"]["note"], json!("ok"));
    }

    #[test]
    fn a_rule_that_failed_makes_its_item_false() {
        let entries = aggregate(&[json!({})], &[outcome(0, "a", None, Some("timeout"))]);
        assert!(!entries[0].aggregate_result);
        assert_eq!(entries[0].result[0].error.as_deref(), Some("timeout"));
    }

    #[test]
    fn without_rules_every_item_passes() {
        let entries = aggregate(&[json!(1)], &[]);
        assert!(entries[0].aggregate_result && entries[0].result.is_empty());
    }
}
