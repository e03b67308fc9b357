//! The default code of a new rule and its default `package.json`
//! (docs/domain.md#what-a-rule-receives-and-returns). They live in `shared::rules::templates`,
//! because the API fills them in for a rule created without code; re-exported here for the
//! runtime's users (tests, benchmarks, the CLI).

pub use shared::rules::templates::{
    DEFAULT_HELPER_CODE, DEFAULT_PACKAGE_JSON, DOCUMENT_RULE_TEMPLATE, DOSSIER_RULE_TEMPLATE,
    RuleKind, rule_template,
};
