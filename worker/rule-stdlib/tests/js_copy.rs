//! The JavaScript copy of the module (js/istruttoria.mjs, what the Playground zip runs under
//! node) answers as the Rust functions do: on the table of cases, and on random text the Rust
//! functions answer first.

use std::process::Command;

use istruttoria_rule_stdlib as std_lib;
use serde_json::{Value, json};

/// Runs js/check-cases.mjs on `cases` (a file), or on cases.json.
fn check_with_node(cases: Option<&std::path::Path>) {
    let dir = env!("CARGO_MANIFEST_DIR");
    let mut command = Command::new("node");
    command.arg(format!("{dir}/js/check-cases.mjs"));
    if let Some(cases) = cases {
        command.arg(cases);
    }
    let output = command.output().expect("node runs (web/ needs it too)");
    assert!(
        output.status.success(),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_javascript_copy_answers_the_table_of_cases() {
    check_with_node(None);
}

#[test]
fn the_javascript_copy_answers_random_text_as_the_rust_functions_do() {
    let mut random = fastrand::Rng::with_seed(33);
    let pieces = [
        "1",
        "23",
        "456",
        "7",
        "0",
        ".",
        ",",
        " ",
        "\u{a0}",
        "'",
        "’",
        "-",
        "−",
        "+",
        "(",
        ")",
        "€",
        "EUR",
        "euro",
        "%",
        " per cento",
        "/",
        "°",
        "marzo",
        "mar.",
        "lunedì",
        "2024",
        "24",
        "IT",
        "X",
        "à",
        "É",
        "\t",
        "\n",
        "RSSMRA",
        "85T10A562S",
        "Società",
        "abc",
        "ß",
        "İ",
    ];
    let mut cases = Vec::new();
    for _ in 0..4_000 {
        let text: String = (0..random.usize(0..8))
            .map(|_| pieces[random.usize(0..pieces.len())])
            .collect();
        cases.extend([
            json!({ "call": "numero", "args": [text], "result": std_lib::numero(&text) }),
            json!({ "call": "importo", "args": [text], "result": std_lib::importo(&text) }),
            json!({ "call": "percentuale", "args": [text], "result": std_lib::percentuale(&text) }),
            json!({ "call": "data", "args": [text], "result": std_lib::data(&text) }),
            json!({ "call": "codiceFiscaleValido", "args": [text], "result": std_lib::codice_fiscale_valido(&text) }),
            json!({ "call": "ibanValido", "args": [text], "result": std_lib::iban_valido(&text) }),
            json!({ "call": "normalizza", "args": [text], "result": std_lib::normalizza(&text) }),
        ]);
    }
    let file = std::env::temp_dir().join(format!("rule-stdlib-cases-{}.json", std::process::id()));
    std::fs::write(&file, Value::Array(cases).to_string()).expect("a temporary file");
    check_with_node(Some(&file));
    std::fs::remove_file(&file).ok();
}
