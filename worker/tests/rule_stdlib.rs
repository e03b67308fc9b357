//! The module `"istruttoria"` through the real rule runtime (the Javy plugin's Wasm build of
//! `worker/rule-stdlib`): every case of `worker/rule-stdlib/cases.json` answered by a rule as the
//! table says (the same table the Rust functions and the Playground zip's JavaScript copy
//! answer), imports from a rule and from its helper, and the refusals of what the module does
//! not have.

mod common;

use serde_json::{Value, json};
use worker::rules::{Limits, RuleInput, RuleRuntime};

fn run(runtime: &RuleRuntime, code: &str, helper: Option<&str>, input: &Value) -> Value {
    let rule = runtime.compile(code, helper).expect("compiles");
    let execution = runtime.execute(
        &rule,
        &RuleInput::json(input.to_string().as_bytes()),
        &Limits::default(),
    );
    assert!(execution.errors.is_empty(), "{:#?}", execution.errors);
    execution.result.expect("a result")
}

#[test]
fn the_module_answers_every_case_of_the_table() {
    let runtime = common::runtime();
    let cases: Value = serde_json::from_str(include_str!("../rule-stdlib/cases.json"))
        .expect("cases.json is JSON");
    let rule = r#"
import * as istruttoria from "istruttoria";
export default function ({ cases }) {
  return cases.map(({ call, args }) => istruttoria[call](...args));
}
"#;
    let answers = run(&runtime, rule, None, &json!({ "cases": cases }));
    let cases = cases.as_array().expect("a list");
    assert_eq!(answers.as_array().map(Vec::len), Some(cases.len()));
    for (case, answer) in cases.iter().zip(answers.as_array().into_iter().flatten()) {
        let expected = &case["result"];
        let same = match (answer.as_f64(), expected.as_f64()) {
            (Some(a), Some(b)) => a == b,
            _ => answer == expected,
        };
        assert!(same, "{case}: the runtime answered {answer}");
    }
}

#[test]
fn a_rule_and_its_helper_import_from_the_module() {
    let runtime = common::runtime();
    let helper = r#"
import { importo as euro } from "istruttoria";
export const totale = (righe) => righe.reduce((somma, riga) => somma + (euro(riga) ?? 0), 0);
"#;
    let rule = r#"
import { data, codiceFiscaleValido, numeriColonna } from "istruttoria";
import { totale } from "./helper.js";
export default function ({ rawText, tables }) {
  return {
    data: data(rawText.match(/il (\S+)/)[1]),
    cf: codiceFiscaleValido("RSSMRA85T10A562S"),
    totale: totale(["€ 1.000,50", "2.000,25 EUR", "niente"]),
    colonna: numeriColonna(tables[0], 1),
    frozen: Object.isFrozen(globalThis.__istruttoria_std),
  };
}
"#;
    let input = json!({
        "rawText": "Firmato il 05/03/2024 a Roma",
        "tables": [{ "rows": [["Rata", "Importo"], ["1", "1.234,56"]] }],
    });
    assert_eq!(
        run(&runtime, rule, Some(helper), &input),
        json!({
            "data": "2024-03-05",
            "cf": true,
            "totale": 3000.75,
            "colonna": [null, 1234.56],
            "frozen": true,
        })
    );
}

#[test]
fn what_the_module_does_not_have_is_refused_when_the_rule_is_compiled() {
    let runtime = common::runtime();
    for (code, says) in [
        (
            "import { numeri } from \"istruttoria\";\nexport default () => 1;",
            "the module \"istruttoria\" has no export \"numeri\"",
        ),
        (
            "import istruttoria from \"istruttoria\";\nexport default () => 1;",
            "has no default export",
        ),
    ] {
        let error = runtime.compile(code, None).expect_err("refused");
        assert!(error.to_string().contains(says), "{code}: {error}");
    }
}
