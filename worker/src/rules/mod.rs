//! The rule runtime: rule JavaScript compiled to WebAssembly with Javy and run sandboxed in
//! wasmtime.
//!
//! - [`plugin`]: the pre-initialised Javy plugin (QuickJS for wasm32-wasip1) and its hash;
//! - [`bundle`]: rule + `helper.js` + the call of the plugin's harness → one ES module (rewritten
//!   with swc's parser); the harness itself is evaluated once, in the plugin's snapshot;
//! - [`compile`]: javy-codegen (dynamic linking), cached by content hash in memory and in the
//!   storage shared by the workers;
//! - [`input`]: what a rule receives, its members apart so that each is parsed only when read;
//! - [`execute`]: the shared engine, the pre-instantiated plugin, a fresh store per execution
//!   with a wall-time limit, a memory limit and capped output;
//! - `footprint`: what an execution's memory really holds, from the page map (benchmarks);
//! - [`templates`]: the code and `package.json` a new rule starts from;
//! - `wasi`: the eleven WASI preview-1 functions the plugin imports (stdio in memory, clocks,
//!   random; no files, no environment).
//!
//! ```no_run
//! # use worker::rules::{RuleRuntime, RuntimeConfig, Limits, RuleInput};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let runtime = RuleRuntime::new(&RuntimeConfig {
//!     plugin_path: ".data/javy-plugin/plugin.wasm".into(),
//!     cache_dir: ".data/rule-cache".into(),
//!     module_storage: None,
//!     limits: Limits::default(),
//!     allocator: Default::default(),
//!     patterns: Default::default(),
//! })?;
//! let rule = runtime.compile("export default ({ input }) => ({ success: input > 1 })", None)?;
//! let input = RuleInput::json(br#"{"metas":{},"input":2}"#);
//! let execution = runtime.execute(&rule, &input, &runtime.limits());
//! assert_eq!(execution.result, Some(serde_json::json!({ "success": true })));
//! # Ok(()) }
//! ```
//!
//! What QuickJS (quickjs-ng, through rquickjs 0.12) offers is ES2023+ — classes, destructuring,
//! optional chaining, spread, regular expressions with named groups, Unicode property escapes
//! and the `v` flag, `Array.prototype.at`, `Object.groupBy`, `Map.groupBy`, `toSorted`,
//! `findLast`, BigInt, top-level `await` — with these gaps, covered by
//! `what_quickjs_lacks_is_as_documented` in `worker/tests/rules.rs`: no `Intl` (so
//! `toLocaleString` ignores locales and `Intl.NumberFormat` is undefined), no
//! `structuredClone`, no `setTimeout` or other timers, no `fetch`, no `process`/`require`, and
//! `Date` works in UTC (there is no time-zone database).

pub mod bundle;
pub mod compile;
mod dynamic_module;
pub mod execute;
#[doc(hidden)]
pub mod footprint;
pub mod input;
pub mod plugin;
pub mod regexp;
pub mod templates;
mod wasi;

use std::time::Duration;

pub use bundle::SyntaxError;
pub use compile::{CacheSource, CompileError, CompiledRule};
pub use execute::{
    ErrorKind, Execution, ExecutionError, InstanceAllocator, Limits, LogEntry, PREPARE_MIN_BYTES,
    PREPARED_HEADROOM, Phases, PreparedInput, RuleRuntime, RuntimeConfig, RuntimeError,
};
pub use input::RuleInput;
pub use plugin::{Plugin, PluginError};
pub use regexp::{PatternCacheLimits, PatternCacheUsage};
pub use templates::{DEFAULT_PACKAGE_JSON, RuleKind, rule_template};

impl RuntimeConfig {
    /// The runtime's settings from the worker's configuration (generated modules in the local
    /// cache directory; the worker sets its object storage as `module_storage`).
    pub fn from_config(config: &shared::config::RuleConfig) -> Self {
        Self {
            plugin_path: config.javy_plugin.clone(),
            cache_dir: config.cache_dir.clone(),
            module_storage: None,
            limits: Limits {
                timeout: config.timeout,
                memory_bytes: config.memory_mib << 20,
                max_result_bytes: config.max_result_bytes,
                max_log_bytes: config.max_log_bytes,
            },
            allocator: InstanceAllocator::default(),
            patterns: PatternCacheLimits::default(),
        }
    }
}

impl Limits {
    /// These limits with another wall-time limit (e.g. per rule kind).
    pub fn with_timeout(self, timeout: Duration) -> Self {
        Self { timeout, ..self }
    }

    /// These limits with another memory limit, in MiB.
    pub fn with_memory_mib(self, mib: usize) -> Self {
        Self {
            memory_bytes: mib << 20,
            ..self
        }
    }
}

/// Checks a result against the rules' contract (docs/domain.md#what-a-rule-receives-and-returns):
/// an object with a boolean `success`, and `metas`, when present, an object. Anything else it
/// holds is kept as the rule's extracted data.
pub fn check_result(result: &serde_json::Value) -> Result<(), String> {
    let Some(object) = result.as_object() else {
        return Err(format!(
            "a rule returns an object such as {{ success: true }}, not {}",
            json_type(result)
        ));
    };
    match object.get("success") {
        Some(serde_json::Value::Bool(_)) => {}
        Some(other) => {
            return Err(format!(
                "`success` must be true or false, not {}",
                json_type(other)
            ));
        }
        None => return Err("the result has no `success` (true or false)".into()),
    }
    match object.get("metas") {
        None | Some(serde_json::Value::Object(_)) => Ok(()),
        Some(other) => Err(format!(
            "`metas` must be an object of name → value, not {}",
            json_type(other)
        )),
    }
}

fn json_type(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::check_result;
    use serde_json::json;

    #[test]
    fn results_follow_the_contract() {
        assert!(check_result(&json!({ "success": true })).is_ok());
        assert!(
            check_result(&json!({ "success": false, "metas": { "iban": "IT60X" }, "x": 1 }))
                .is_ok()
        );
        assert!(
            check_result(&json!(true))
                .unwrap_err()
                .contains("not a boolean")
        );
        assert!(
            check_result(&json!({}))
                .unwrap_err()
                .contains("no `success`")
        );
        assert!(
            check_result(&json!({ "success": "yes" }))
                .unwrap_err()
                .contains("not a string")
        );
        assert!(
            check_result(&json!({ "success": true, "metas": [] }))
                .unwrap_err()
                .contains("not an array")
        );
    }
}
