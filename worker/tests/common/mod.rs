//! The real rule runtime for the tests: the plugin `scripts/javy-plugin.sh` builds.

#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use worker::rules::{Execution, Limits, RuleRuntime, RuntimeConfig};

/// The workspace's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the worker crate is in the workspace")
        .to_path_buf()
}

/// The built plugin: `ISTRUTTORIA_JAVY_PLUGIN` (the repository's `.cargo/config.toml` sets it
/// for cargo and nextest), else the default place.
pub fn plugin_path() -> PathBuf {
    std::env::var_os("ISTRUTTORIA_JAVY_PLUGIN")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join(".data/javy-plugin/plugin.wasm"))
}

pub fn shared_cache_dir() -> PathBuf {
    std::env::var_os("ISTRUTTORIA_RULE_CACHE_DIR")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join(".data/rule-cache"))
}

pub fn config(cache_dir: PathBuf) -> RuntimeConfig {
    RuntimeConfig {
        plugin_path: plugin_path(),
        cache_dir,
        module_storage: None,
        limits: Limits::default(),
        allocator: Default::default(),
        patterns: Default::default(),
    }
}

/// One runtime per test process, with the shared cache directory.
pub fn runtime() -> Arc<RuleRuntime> {
    static RUNTIME: OnceLock<Arc<RuleRuntime>> = OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            Arc::new(
                RuleRuntime::new(&config(shared_cache_dir()))
                    .unwrap_or_else(|e| panic!("{e} (run scripts/javy-plugin.sh first)")),
            )
        })
        .clone()
}

/// The result of a successful execution.
pub fn ok(execution: Execution) -> serde_json::Value {
    assert!(
        execution.errors.is_empty(),
        "unexpected errors: {:#?}",
        execution.errors
    );
    execution.result.expect("a result")
}
