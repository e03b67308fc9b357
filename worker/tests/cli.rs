//! `worker rule run`: the built binary, run as an author or an operator would.

mod common;

use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Runs `worker rule run ARGS…`; the exit code and the printed JSON.
fn rule_run(dir: &Path, args: &[&str]) -> (i32, Value) {
    let output = Command::new(env!("CARGO_BIN_EXE_worker"))
        .args(["rule", "run"])
        .args(args)
        .env("ISTRUTTORIA_JAVY_PLUGIN", common::plugin_path())
        .env("ISTRUTTORIA_RULE_CACHE_DIR", common::shared_cache_dir())
        .current_dir(dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let json = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: stdout {stdout:?}, stderr {:?}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (output.status.code().unwrap_or(-1), json)
}

#[test]
fn rule_run_prints_the_execution_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let rule = write(
        dir.path(),
        "rule.js",
        "import { soglia } from './helper.js';\nexport default ({ metas, input }) => {\n  console.log('durata', input.durata);\n  return { success: input.durata <= soglia, metas: { durata: String(input.durata) } };\n};\n",
    );
    let helper = write(dir.path(), "helper.js", "export const soglia = 120;\n");
    let input = write(
        dir.path(),
        "input.json",
        r#"{ "metas": {}, "input": { "durata": 96 } }"#,
    );

    let (code, out) = rule_run(dir.path(), &[&rule, "--input", &input, "--helper", &helper]);
    assert_eq!(code, 0, "{out:#}");
    assert_eq!(
        out["result"],
        json!({ "success": true, "metas": { "durata": "96" } })
    );
    assert_eq!(
        out["logs"],
        json!([{ "level": "log", "message": "durata 96" }])
    );
    assert_eq!(out["errors"], json!([]));
    assert!(out["durationUs"].as_u64().unwrap() > 0);
}

#[test]
fn rule_run_exits_non_zero_on_a_rule_error() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "input.json", "{}");

    let looping = write(
        dir.path(),
        "loop.js",
        "export default () => { while (true) {} };\n",
    );
    let (code, out) = rule_run(
        dir.path(),
        &[&looping, "--input", &input, "--timeout-ms", "100"],
    );
    assert_eq!(code, 1, "{out:#}");
    assert_eq!(out["errors"][0]["kind"], "timeout");
    assert_eq!(out["result"], Value::Null);

    let hungry = write(
        dir.path(),
        "hungry.js",
        "export default () => ({ success: new Uint8Array(40 << 20).length > 0 });\n",
    );
    let (code, out) = rule_run(
        dir.path(),
        &[&hungry, "--input", &input, "--memory-mib", "16"],
    );
    assert_eq!(code, 1, "{out:#}");
    assert_eq!(out["errors"][0]["kind"], "outOfMemory");

    let broken = write(
        dir.path(),
        "broken.js",
        "export default () => {\n  return (;\n};\n",
    );
    let (code, out) = rule_run(dir.path(), &[&broken, "--input", &input]);
    assert_eq!(code, 1, "{out:#}");
    assert_eq!(out["errors"][0]["kind"], "syntax");
    assert!(
        out["errors"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("rule.js:2:"),
        "{out:#}"
    );

    // A result outside the contract ({ success, metas? }) is a rule error too.
    let no_success = write(
        dir.path(),
        "nosuccess.js",
        "export default () => ({ ok: 1 });\n",
    );
    let (code, out) = rule_run(dir.path(), &[&no_success, "--input", &input]);
    assert_eq!(code, 1, "{out:#}");
    assert_eq!(out["errors"][0]["kind"], "result");
}

#[test]
fn rule_run_refuses_unusable_files() {
    let dir = tempfile::tempdir().unwrap();
    let rule = write(
        dir.path(),
        "rule.js",
        "export default () => ({ success: true });\n",
    );
    let input = write(dir.path(), "input.json", "{ not json");
    let output = Command::new(env!("CARGO_BIN_EXE_worker"))
        .args(["rule", "run", &rule, "--input", &input])
        .env("ISTRUTTORIA_JAVY_PLUGIN", common::plugin_path())
        .env("ISTRUTTORIA_RULE_CACHE_DIR", common::shared_cache_dir())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("is not valid JSON"));

    let output = Command::new(env!("CARGO_BIN_EXE_worker"))
        .args([
            "rule",
            "run",
            &rule,
            "--input",
            &rule.replace("rule.js", "missing.json"),
        ])
        .env("ISTRUTTORIA_JAVY_PLUGIN", dir.path().join("no-plugin.wasm"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}
