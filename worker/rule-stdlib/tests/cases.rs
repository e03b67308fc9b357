//! cases.json, the table of cases the JavaScript copy (js/istruttoria.mjs) and the runtime's
//! module answer too: here, the Rust functions on every case whose arguments are text (the
//! others — other types, tables — are the glue's, checked through the runtime in
//! worker/tests/rule_stdlib.rs).

use istruttoria_rule_stdlib as std_lib;
use serde_json::{Value, json};

#[test]
fn the_functions_answer_every_case_of_the_table() {
    let cases: Vec<Value> =
        serde_json::from_str(include_str!("../cases.json")).expect("cases.json is JSON");
    let mut checked = 0;
    for case in &cases {
        let args: Vec<&str> = match case["args"].as_array() {
            Some(args) if args.iter().all(Value::is_string) => {
                args.iter().filter_map(Value::as_str).collect()
            }
            _ => continue,
        };
        let answer = match (case["call"].as_str().expect("a call"), args.as_slice()) {
            ("numero", [text]) => json!(std_lib::numero(text)),
            ("importo", [text]) => json!(std_lib::importo(text)),
            ("percentuale", [text]) => json!(std_lib::percentuale(text)),
            ("data", [text]) => json!(std_lib::data(text)),
            ("codiceFiscaleValido", [text]) => json!(std_lib::codice_fiscale_valido(text)),
            ("ibanValido", [text]) => json!(std_lib::iban_valido(text)),
            ("normalizza", [text]) => json!(std_lib::normalizza(text)),
            ("contiene", [text, phrase]) => json!(std_lib::contiene(text, phrase)),
            _ => continue,
        };
        let expected = &case["result"];
        let same = match (answer.as_f64(), expected.as_f64()) {
            (Some(a), Some(b)) => a == b,
            _ => answer == *expected,
        };
        assert!(same, "{case}: answered {answer}");
        checked += 1;
    }
    assert!(checked > 100, "only {checked} cases checked");
}

#[test]
fn every_name_is_in_the_table() {
    let cases = include_str!("../cases.json");
    for name in std_lib::NAMES {
        assert!(
            cases.contains(&format!("\"call\": \"{name}\"")),
            "{name} has no case"
        );
    }
}
