//! The rule runtime through the real Javy plugin and wasmtime: no mocks.

mod common;

use common::ok;

use std::sync::{Arc, Barrier};
use std::time::Duration;

use serde_json::{Value, json};
use shared::storage::{Storage, keys};
use worker::rules::{
    CacheSource, CompileError, ErrorKind, Execution, Limits, Plugin, RuleInput, RuleKind,
    RuleRuntime, RuntimeConfig, check_result, rule_template,
};

fn limits() -> Limits {
    Limits::default()
}

/// Compiles and runs `code` (and `helper`) on `input`.
fn run_with(code: &str, helper: Option<&str>, input: &Value, limits: &Limits) -> Execution {
    let runtime = common::runtime();
    let rule = runtime
        .compile(code, helper)
        .unwrap_or_else(|e| panic!("{e}\n--- rule ---\n{code}"));
    runtime.execute(
        &rule,
        &RuleInput::json(input.to_string().as_bytes()),
        limits,
    )
}

fn run(code: &str, input: &Value) -> Execution {
    run_with(code, None, input, &limits())
}

/// The one error of a failed execution.
fn failed(execution: &Execution, kind: ErrorKind) -> &worker::rules::ExecutionError {
    assert_eq!(execution.result, None, "{execution:#?}");
    assert_eq!(execution.errors.len(), 1, "{execution:#?}");
    let error = &execution.errors[0];
    assert_eq!(error.kind, kind, "{error:#?}");
    error
}

/// After a failure the runtime is healthy: the next execution runs normally.
fn next_runs_normally() {
    let result = ok(run(
        "export default ({ n }) => ({ success: true, n: n + 1 })",
        &json!({ "n": 41 }),
    ));
    assert_eq!(result, json!({ "success": true, "n": 42 }));
}

#[test]
fn the_default_templates_run_and_succeed() {
    let document = json!({
        "rawText": "Contratto di finanziamento",
        "tables": [],
        "rawTextWithGeometry": [],
        "dataTables": {},
        "formData": {}
    });
    let result = ok(run(rule_template(RuleKind::Document), &document));
    assert_eq!(result, json!({ "success": true }));
    assert!(check_result(&result).is_ok());

    let dossier = json!({ "metas": { "doc-1": { "iban": "IT60X0542811101000000123456" } }, "input": { "durata": 120 } });
    let result = ok(run(rule_template(RuleKind::Dossier), &dossier));
    assert_eq!(result, json!({ "success": true }));
    assert!(check_result(&result).is_ok());
}

#[test]
fn modern_javascript_works() {
    let code = r#"
class Conto {
  #saldo = 0;
  static creati = 0;
  constructor(iban) { this.iban = iban; Conto.creati++; }
  versa(x) { this.#saldo += x; return this; }
  get saldo() { return this.#saldo; }
}
function* numeri() { yield 1; yield 2; yield 3; }
export default function ({ righe, cliente }) {
  const { nome, indirizzo: { citta } = {}, ...resto } = cliente;
  const [prima, , terza = "n/d"] = righe;
  const re = /(?<giorno>\d{2})\/(?<mese>\d{2})\/(?<anno>\d{4})/u;
  const { groups } = "Firmato il 31/12/2024 a Milano".match(re);
  const perTipo = Object.groupBy(righe, (r) => r.tipo);
  const mappa = Map.groupBy(righe, (r) => r.tipo);
  return {
    success: true,
    nome, citta, resto, prima, terza,
    cap: cliente.indirizzo?.cap ?? "assente",
    telefono: cliente.contatti?.telefono?.[0] ?? null,
    data: { ...groups },
    ultima: righe.at(-1).tipo,
    perTipo: Object.keys(perTipo),
    mappa: mappa.get("rata").length,
    lettere: "Perché città".match(/\p{L}+/gu),
    saldo: new Conto("IT60").versa(10).versa(5).saldo,
    creati: Conto.creati,
    generati: [...numeri()],
    ordinati: righe.map((r) => r.importo).toSorted((a, b) => b - a),
    trovata: righe.findLast((r) => r.tipo === "rata").importo,
    sostituito: "a-b-c".replaceAll("-", "+"),
    voci: Object.fromEntries([["a", 1]]),
    esponente: 2 ** 10,
    bigint: (2n ** 64n).toString(),
    insieme: [...new Set([1, 1, 2])],
    hasOwn: Object.hasOwn({ x: 1 }, "x"),
    logico: (() => { let x = null; x ??= 5; x ||= 7; return x; })(),
    separatori: 1_000_000,
  };
}
"#;
    let input = json!({
        "righe": [
            { "tipo": "rata", "importo": 100 },
            { "tipo": "spesa", "importo": 30 },
            { "tipo": "rata", "importo": 120 }
        ],
        "cliente": { "nome": "Mario", "indirizzo": { "citta": "Roma" }, "cf": "RSSMRA80A01H501U" }
    });
    let result = ok(run(code, &input));
    assert_eq!(
        result,
        json!({
            "success": true,
            "nome": "Mario", "citta": "Roma", "resto": { "cf": "RSSMRA80A01H501U" },
            "prima": { "tipo": "rata", "importo": 100 }, "terza": { "tipo": "rata", "importo": 120 },
            "cap": "assente", "telefono": null,
            "data": { "giorno": "31", "mese": "12", "anno": "2024" },
            "ultima": "rata",
            "perTipo": ["rata", "spesa"],
            "mappa": 2,
            "lettere": ["Perché", "città"],
            "saldo": 15, "creati": 1,
            "generati": [1, 2, 3],
            "ordinati": [120, 100, 30],
            "trovata": 120,
            "sostituito": "a+b+c",
            "voci": { "a": 1 },
            "esponente": 1024,
            "bigint": "18446744073709551616",
            "insieme": [1, 2],
            "hasOwn": true,
            "logico": 5,
            "separatori": 1000000
        })
    );
}

/// What QuickJS in Javy does not have (documented in worker/src/rules/mod.rs and README).
#[test]
fn what_quickjs_lacks_is_as_documented() {
    let result = ok(run(
        r#"export default () => ({
            success: true,
            intl: typeof Intl,
            structuredClone: typeof structuredClone,
            setTimeout: typeof setTimeout,
            fetch: typeof fetch,
            process: typeof process,
            require: typeof require,
            javy: typeof Javy,
        })"#,
        &json!({}),
    ));
    assert_eq!(
        result,
        json!({
            "success": true,
            "intl": "undefined",
            "structuredClone": "undefined",
            "setTimeout": "undefined",
            "fetch": "undefined",
            "process": "undefined",
            "require": "undefined",
            // The harness takes Javy.IO away from the rule.
            "javy": "undefined",
        })
    );
}

#[test]
fn the_plugins_functions_read_as_native_code() {
    // The harness's and the fast regular expressions' functions keep no source text in the
    // plugin's image (less memory written per execution; their code is not the rule's
    // business): they read as built-ins do.
    let result = ok(run(
        r#"export default () => ({
            success: true,
            log: String(console.log),
            exec: String(RegExp.prototype.exec),
            replace: String(String.prototype.replace),
            own: String(function own() { return 1; }),
        })"#,
        &json!({}),
    ));
    assert_eq!(
        result,
        json!({
            "success": true,
            "log": "function log() {\n    [native code]\n}",
            "exec": "function exec() {\n    [native code]\n}",
            "replace": "function replace() {\n    [native code]\n}",
            // The rule's own code is compiled without its source too (javy's default).
            "own": "function own() {\n    [native code]\n}",
        })
    );
}

#[test]
fn italian_accents_round_trip() {
    let text = "Perché è già così: àèéìòù ÀÈÉÌÒÙ «citazione» — 1.000,00 € ✓ 😀";
    let execution = run(
        r#"export default ({ testo }) => {
            console.log("ricevuto:", testo);
            return { success: true, testo, maiuscolo: testo.toUpperCase(), lunghezza: [...testo].length, nfd: testo.normalize("NFD").length };
        }"#,
        &json!({ "testo": text }),
    );
    assert_eq!(execution.logs[0].message, format!("ricevuto: {text}"));
    let result = ok(execution);
    assert_eq!(result["testo"], text);
    assert_eq!(result["maiuscolo"], text.to_uppercase());
    assert_eq!(result["lunghezza"], text.chars().count());
    assert!(result["nfd"].as_u64().unwrap() > text.chars().count() as u64);
}

#[test]
fn date_arithmetic() {
    let result = ok(run(
        r#"export default ({ stipula, mesi }) => {
            const inizio = new Date(stipula);
            const fine = new Date(inizio);
            fine.setUTCMonth(fine.getUTCMonth() + mesi);
            const giorni = Math.round((fine - inizio) / 86400000);
            const bisestile = new Date(Date.UTC(2024, 1, 29)).getUTCDate();
            const dopo = new Date(Date.UTC(2024, 0, 31) + 30 * 86400000);
            return { success: true, fine: fine.toISOString(), giorni, bisestile, dopo: dopo.toISOString().slice(0, 10),
                     giornoSettimana: new Date("2025-12-25T00:00:00Z").getUTCDay(), adesso: typeof Date.now() };
        }"#,
        &json!({ "stipula": "2024-01-15T00:00:00Z", "mesi": 120 }),
    ));
    assert_eq!(result["fine"], "2034-01-15T00:00:00.000Z");
    assert_eq!(result["giorni"], 3653);
    assert_eq!(result["bisestile"], 29);
    assert_eq!(result["dopo"], "2024-03-01");
    assert_eq!(result["giornoSettimana"], 4);
    assert_eq!(result["adesso"], "number");
}

#[test]
fn helper_imports() {
    let helper = r#"
const ALIQUOTA = 0.22; // private to the helper
let chiamate = 0;
export function iva(importo) { chiamate++; return Math.round(importo * ALIQUOTA * 100) / 100; }
export const formatta = (n) => n.toFixed(2).replace(".", ",");
export const { a, b: [secondo] } = { a: 1, b: [2] };
function interno() { return chiamate; }
export { interno as contaChiamate };
export default class Soglia { static massimo = 1000; }
"#;
    let code = r#"
import Soglia, { iva, formatta as fmt, contaChiamate, a, secondo } from "./helper.js";
import * as helper from "./helper.js";

export default function ({ importo }) {
  const tassa = iva(importo);
  helper.iva(1);
  return {
    success: importo <= Soglia.massimo,
    tassa: fmt(tassa),
    chiamate: contaChiamate(),
    a, secondo,
    nomi: Object.keys(helper).sort(),
    privato: typeof ALIQUOTA,
  };
}
"#;
    let result = ok(run_with(
        code,
        Some(helper),
        &json!({ "importo": 250 }),
        &limits(),
    ));
    assert_eq!(
        result,
        json!({
            "success": true,
            "tassa": "55,00",
            "chiamate": 2,
            "a": 1,
            "secondo": 2,
            "nomi": ["a", "contaChiamate", "default", "formatta", "iva", "secondo"],
            "privato": "undefined"
        })
    );

    // An error inside the helper points into helper.js.
    let execution = run_with(
        "import { esplodi } from './helper.js';\nexport default () => esplodi();\n",
        Some("export function esplodi() {\n  throw new RangeError('fuori scala');\n}\n"),
        &json!({}),
        &limits(),
    );
    let error = failed(&execution, ErrorKind::Exception);
    assert_eq!(error.message, "RangeError: fuori scala");
    let stack = error.stack.as_deref().unwrap_or_default();
    assert!(stack.contains("helper.js:2:"), "{stack}");
    assert!(stack.contains("rule.js:2:"), "{stack}");

    // Only ./helper.js can be imported, and only when the rule has one.
    let runtime = common::runtime();
    let error = runtime
        .compile("import x from 'lodash';\nexport default () => x;", None)
        .unwrap_err();
    assert!(
        error.to_string().contains("can import only its helper"),
        "{error}"
    );
    let error = runtime
        .compile(
            "import { x } from './helper.js';\nexport default () => x;",
            None,
        )
        .unwrap_err();
    assert!(error.to_string().contains("has no helper"), "{error}");
}

#[test]
fn async_rules() {
    let code = r#"
const base = await Promise.resolve(10); // top-level await
const attendi = (v) => new Promise((resolve) => resolve(v));
export default async function ({ valori }) {
  const doppi = await Promise.all(valori.map(async (v) => (await attendi(v)) * 2));
  const [primo] = await Promise.allSettled([Promise.reject(new Error("ignorato"))]);
  for await (const x of [attendi(1)]) console.info("iterato", x);
  return { success: true, totale: base + doppi.reduce((a, b) => a + b, 0), rifiutato: primo.status };
}
"#;
    let execution = run(code, &json!({ "valori": [1, 2, 3] }));
    assert_eq!(execution.logs[0].level, "info");
    assert_eq!(execution.logs[0].message, "iterato 1");
    assert_eq!(
        ok(execution),
        json!({ "success": true, "totale": 22, "rifiutato": "rejected" })
    );
}

#[test]
fn syntax_errors_are_reported_at_compile_time_with_line_and_column() {
    let runtime = common::runtime();
    let code = "export default function (doc) {\n  const x = 1;\n  return { success: x + };\n}\n";
    match runtime.compile(code, None) {
        Err(CompileError::Syntax(e)) => {
            assert_eq!(
                (e.file.as_str(), e.line, e.column),
                ("rule.js", 3, 25),
                "{e}"
            );
            assert!(!e.message.is_empty());
        }
        other => panic!("expected a syntax error, got {other:?}"),
    }
    match runtime.compile(
        "export default () => ok();",
        Some("export function ok() {\n  return {;\n}"),
    ) {
        Err(CompileError::Syntax(e)) => {
            assert_eq!((e.file.as_str(), e.line), ("helper.js", 2), "{e}")
        }
        other => panic!("expected a syntax error, got {other:?}"),
    }
    // Through `run`, a syntax error is the execution's error.
    let execution = runtime.run(
        "export default () => {",
        None,
        &RuleInput::json(b"{}"),
        &limits(),
    );
    let error = failed(&execution, ErrorKind::Syntax);
    assert!(error.message.starts_with("rule.js:1:"), "{}", error.message);
}

#[test]
fn an_uncaught_exception_has_a_stack_with_line_numbers() {
    let code = "function controlla(doc) {\n  if (!doc.iban) {\n    throw new TypeError(`IBAN mancante in ${doc.id}`);\n  }\n}\nexport default (doc) => {\n  controlla(doc);\n  return { success: true };\n};\n";
    let execution = run(code, &json!({ "id": "doc-7" }));
    let error = failed(&execution, ErrorKind::Exception);
    assert_eq!(error.message, "TypeError: IBAN mancante in doc-7");
    let stack = error.stack.as_deref().expect("a stack");
    assert!(stack.contains("controlla (rule.js:3:"), "{stack}");
    assert!(stack.contains("rule.js:7:"), "{stack}");
    assert!(!stack.contains("function.mjs"), "{stack}");
    next_runs_normally();

    // At the top level of the module, and a thrown value that is not an Error.
    let execution = run(
        "\nnull.x;\nexport default () => ({ success: true });",
        &json!({}),
    );
    let error = failed(&execution, ErrorKind::Exception);
    assert!(error.message.starts_with("TypeError:"), "{}", error.message);
    assert!(
        error
            .stack
            .as_deref()
            .unwrap_or_default()
            .contains("rule.js:2:"),
        "{error:?}"
    );
    let execution = run("export default () => { throw 'stringa'; }", &json!({}));
    let error = failed(&execution, ErrorKind::Exception);
    assert!(error.message.contains("stringa"), "{}", error.message);
    next_runs_normally();
}

/// A rule without a top-level `await` runs synchronously (no promise job) unless something is
/// a promise; both ways give the same outcomes.
#[test]
fn synchronous_and_awaited_rules_end_alike() {
    // Jobs the top level leaves pending run before the default export is called, as when the
    // module is imported.
    let code = "let ready = false;\nPromise.resolve().then(() => { ready = true; });\n\
                export default () => ({ success: ready });";
    assert_eq!(ok(run(code, &json!({}))), json!({ "success": true }));
    // A promise of a result, with and without a top-level await.
    for code in [
        "export default async ({ n }) => { await null; return { success: true, n }; };",
        "const k = await Promise.resolve(1);\nexport default ({ n }) => ({ success: true, n: n * k });",
    ] {
        assert_eq!(
            ok(run(code, &json!({ "n": 7 }))),
            json!({ "success": true, "n": 7 }),
            "{code}"
        );
    }
    // An exception at the top level, before and after an await: with its line in rule.js.
    for (code, line) in [
        (
            "throw new RangeError('subito');\nexport default () => ({});",
            1,
        ),
        (
            "await null;\nthrow new RangeError('dopo');\nexport default () => ({});",
            2,
        ),
    ] {
        let execution = run(code, &json!({}));
        let error = failed(&execution, ErrorKind::Exception);
        assert!(error.message.starts_with("RangeError: "), "{error:#?}");
        let stack = error.stack.as_deref().unwrap_or_default();
        assert!(
            stack.contains(&format!("rule.js:{line}")),
            "{code}: {stack}"
        );
    }
    // A throw at the top level also lets the jobs it left pending run first.
    let code = "const e = new Error('before');\nPromise.resolve().then(() => { e.message = 'after'; });\n\
                throw e;\nexport default () => ({});";
    let execution = run(code, &json!({}));
    let error = failed(&execution, ErrorKind::Exception);
    assert_eq!(error.message, "Error: after", "{error:#?}");
    // Failures that end with an outcome, whether the rule ends at once or through a promise.
    for (codes, kind, message) in [
        // What was thrown cannot be described (its string form throws).
        (
            [
                "throw Object.assign(Object.create(null), { n: 1n });\nexport default () => ({});",
                "await null;\nexport default () => { throw Object.assign(Object.create(null), { n: 1n }); };",
            ],
            ErrorKind::Exception,
            "cannot be described",
        ),
        // A default export that is not a function.
        (
            [
                "export default 42;",
                "export default await Promise.resolve(42);",
            ],
            ErrorKind::Exception,
            "the default export of the rule is a number, not a function",
        ),
        // A result that is not JSON.
        (
            [
                "export default () => undefined;",
                "export default async () => { await null; return undefined; };",
            ],
            ErrorKind::Result,
            "returned undefined",
        ),
    ] {
        for code in codes {
            let execution = run(code, &json!({}));
            let error = failed(&execution, kind);
            assert!(error.message.contains(message), "{code}: {error:#?}");
        }
    }
    next_runs_normally();
}

#[test]
fn a_rejected_promise_is_an_error() {
    let execution = run(
        "export default async () => { await null; throw new Error('rifiutata'); }",
        &json!({}),
    );
    let error = failed(&execution, ErrorKind::Rejection);
    assert!(
        error.message.contains("rejected: rifiutata"),
        "{}",
        error.message
    );
    let execution = run("export default () => Promise.reject(42)", &json!({}));
    let error = failed(&execution, ErrorKind::Rejection);
    assert!(error.message.contains("42"), "{}", error.message);
    next_runs_normally();
}

#[test]
fn an_infinite_loop_times_out() {
    let limits = limits().with_timeout(Duration::from_millis(300));
    let execution = run_with(
        "export default () => { console.log('inizio'); while (true) {} }",
        None,
        &json!({}),
        &limits,
    );
    let error = failed(&execution, ErrorKind::Timeout);
    assert_eq!(
        error.message,
        "timeout: the rule ran longer than its limit of 300 ms"
    );
    assert!(
        execution.duration_us >= 300_000,
        "{}",
        execution.duration_us
    );
    assert!(
        execution.duration_us < 1_500_000,
        "{}",
        execution.duration_us
    );
    // What it logged before is kept.
    assert_eq!(execution.logs[0].message, "inizio");
    next_runs_normally();

    // An async rule that never settles its promise ends too (no pending job is left).
    let execution = run("export default () => new Promise(() => {})", &json!({}));
    assert!(!execution.is_ok(), "{execution:#?}");
    next_runs_normally();
}

#[test]
fn an_allocation_bomb_runs_out_of_memory() {
    let execution = run(
        "export default () => { const a = []; while (true) a.push('x'.repeat(1 << 20) + a.length); }",
        &json!({}),
    );
    let error = failed(&execution, ErrorKind::OutOfMemory);
    assert!(
        error
            .message
            .starts_with("out of memory: the rule needed more than its limit of 64 MiB"),
        "{}",
        error.message
    );
    next_runs_normally();

    // Typed arrays (one big allocation) and a smaller limit.
    let execution = run_with(
        "export default () => ({ success: new Uint8Array(48 << 20).length > 0 })",
        None,
        &json!({}),
        &limits().with_memory_mib(32),
    );
    failed(&execution, ErrorKind::OutOfMemory);
    next_runs_normally();
}

#[test]
fn console_output_is_captured_and_capped() {
    let execution = run(
        r#"export default () => {
            console.log("uno", 1, { a: [1] }, null, undefined);
            console.info("due"); console.warn("tre"); console.error(new Error("quattro"));
            for (let i = 0; i < 1e6; i++) console.log("riga di log numero", i);
            return { success: true };
        }"#,
        &json!({}),
    );
    assert!(execution.logs_truncated);
    let levels: Vec<&str> = execution
        .logs
        .iter()
        .take(4)
        .map(|l| l.level.as_str())
        .collect();
    assert_eq!(levels, ["log", "info", "warn", "error"]);
    assert_eq!(
        execution.logs[0].message,
        r#"uno 1 {"a":[1]} null undefined"#
    );
    assert!(
        execution.logs[3].message.starts_with("Error: quattro"),
        "{}",
        execution.logs[3].message
    );
    // The cap counts the JSON lines the harness writes, one per entry.
    let bytes: usize = execution
        .logs
        .iter()
        .map(|l| serde_json::to_string(l).unwrap().len() + 1)
        .sum();
    assert!(bytes <= Limits::default().max_log_bytes, "{bytes}");
    assert!(bytes > Limits::default().max_log_bytes - 100, "{bytes}");
    assert!(execution.logs.len() > 1000);
    assert_eq!(ok(execution), json!({ "success": true }));

    // Logging forever: stopped by the time limit, with capped logs.
    let execution = run_with(
        "export default () => { for (;;) console.log('x'.repeat(100)); }",
        None,
        &json!({}),
        &limits().with_timeout(Duration::from_millis(300)),
    );
    failed(&execution, ErrorKind::Timeout);
    assert!(execution.logs_truncated);
    next_runs_normally();
}

#[test]
fn deep_recursion_is_a_stack_overflow() {
    let execution = run(
        "function giu(n) { return giu(n + 1) + 1; }\nexport default () => ({ success: giu(0) > 0 });",
        &json!({}),
    );
    let error = failed(&execution, ErrorKind::StackOverflow);
    assert!(
        error.message.starts_with("stack overflow"),
        "{}",
        error.message
    );
    next_runs_normally();
}

#[test]
fn undefined_and_non_serialisable_results_are_errors() {
    for (code, expected) in [
        ("export default () => {}", "the rule returned undefined"),
        (
            "export default () => undefined",
            "the rule returned undefined",
        ),
        (
            "export default () => () => 1",
            "the rule returned a function",
        ),
        (
            "export default () => ({ success: true, n: 10n })",
            "not serialisable as JSON",
        ),
        (
            "export default () => { const a = { success: true }; a.self = a; return a; }",
            "not serialisable as JSON",
        ),
        (
            "export default async () => {}",
            "the rule returned undefined",
        ),
        ("export default 42", "not a function"),
    ] {
        let execution = run(code, &json!({}));
        assert_eq!(execution.result, None, "{code}");
        let error = &execution.errors[0];
        assert!(
            error.message.contains(expected),
            "{code}: {}",
            error.message
        );
        next_runs_normally();
    }
}

#[test]
fn an_oversized_result_is_an_error() {
    let execution = run(
        "export default () => ({ success: true, dati: 'x'.repeat(2 * 1024 * 1024) })",
        &json!({}),
    );
    let error = failed(&execution, ErrorKind::ResultTooLarge);
    assert!(
        error
            .message
            .contains("more than the limit of 1048576 bytes"),
        "{}",
        error.message
    );
    next_runs_normally();
}

#[test]
fn invalid_input_is_an_error() {
    let runtime = common::runtime();
    let rule = runtime
        .compile("export default () => ({ success: true })", None)
        .unwrap();
    let execution = runtime.execute(&rule, &RuleInput::json(b"{ not json"), &limits());
    failed(&execution, ErrorKind::Input);
    next_runs_normally();
}

#[test]
fn five_hundred_parallel_executions_are_isolated() {
    let runtime = common::runtime();
    // Module-level state, globals and prototypes: all must start afresh in every execution.
    let rule = runtime
        .compile(
            r#"
let contatore = 0;
const visti = [];
export default ({ id }) => {
  contatore++;
  visti.push(id);
  globalThis.condiviso = (globalThis.condiviso ?? 0) + 1;
  Array.prototype.inquinato = (Array.prototype.inquinato ?? 0) + 1;
  let somma = 0;
  for (let i = 0; i < 20000; i++) somma += i % 7;
  return { success: true, id, contatore, visti, condiviso: globalThis.condiviso, inquinato: [].inquinato, somma };
};
"#,
            None,
        )
        .unwrap();
    let n = 500;
    let barrier = Arc::new(Barrier::new(n));
    let handles: Vec<_> = (0..n)
        .map(|id| {
            let runtime = runtime.clone();
            let rule = rule.clone();
            let barrier = barrier.clone();
            std::thread::Builder::new()
                .stack_size(4 << 20)
                .spawn(move || {
                    barrier.wait();
                    let input = json!({ "id": id }).to_string();
                    (
                        id,
                        runtime.execute(
                            &rule,
                            &RuleInput::json(input.as_bytes()),
                            &Limits::default(),
                        ),
                    )
                })
                .unwrap()
        })
        .collect();
    for handle in handles {
        let (id, execution) = handle.join().unwrap();
        assert_eq!(
            ok(execution),
            json!({ "success": true, "id": id, "contatore": 1, "visti": [id], "condiviso": 1, "inquinato": 1, "somma": 59997 })
        );
    }
}

/// Appends a custom section: the plugin behaves the same, but its bytes (hash) differ.
fn another_plugin_build(plugin: &[u8]) -> Vec<u8> {
    let name = b"istruttoria-test";
    let payload = b"another build";
    let mut bytes = plugin.to_vec();
    bytes.push(0); // custom section
    bytes.push((1 + name.len() + payload.len()) as u8);
    bytes.push(name.len() as u8);
    bytes.extend_from_slice(name);
    bytes.extend_from_slice(payload);
    bytes
}

#[test]
fn compiled_modules_are_cached_by_content_and_plugin() {
    // Two workers on two hosts: their own cache directories, one object storage.
    let storage_dir = tempfile::tempdir().unwrap();
    let storage = Storage::local(storage_dir.path()).unwrap();
    let host = |dir: &tempfile::TempDir| RuntimeConfig {
        module_storage: Some(storage.clone()),
        ..common::config(dir.path().to_path_buf())
    };
    let (dir, other_dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let config = host(&dir);
    let code = "export default ({ x }) => ({ success: x > 0 })";
    let runtime = RuleRuntime::new(&config).unwrap();

    let (first, source) = runtime.compile_traced(code, None).unwrap();
    assert_eq!(source, CacheSource::Compiled);
    let (again, source) = runtime.compile_traced(code, None).unwrap();
    assert_eq!(source, CacheSource::Memory);
    assert!(Arc::ptr_eq(&first, &again));
    assert!(
        storage_dir
            .path()
            .join(keys::rule_module(&first.key))
            .exists()
    );
    // Different content, different key.
    let (other, source) = runtime
        .compile_traced(code, Some("export const y = 1;"))
        .unwrap();
    assert_eq!(source, CacheSource::Compiled);
    assert_ne!(other.key, first.key);

    // A worker on another host, sharing the object storage: a storage hit, no codegen.
    let second_worker = RuleRuntime::new(&host(&other_dir)).unwrap();
    let (shared, source) = second_worker.compile_traced(code, None).unwrap();
    assert_eq!(source, CacheSource::Storage);
    assert_eq!(shared.key, first.key);
    assert_eq!(
        ok(second_worker.execute(&shared, &RuleInput::json(br#"{"x":1}"#), &limits())),
        json!({ "success": true })
    );
    // Without shared storage (the command line), the local cache directory plays its part.
    let local = common::config(dir.path().to_path_buf());
    let (_, source) = RuleRuntime::new(&local)
        .unwrap()
        .compile_traced(code, None)
        .unwrap();
    assert_eq!(source, CacheSource::Compiled);
    let (_, source) = RuleRuntime::new(&local)
        .unwrap()
        .compile_traced(code, None)
        .unwrap();
    assert_eq!(source, CacheSource::Storage);

    // A new plugin build invalidates every cached module.
    let bytes = std::fs::read(common::plugin_path()).unwrap();
    let plugin = Plugin::from_bytes(
        another_plugin_build(&bytes),
        std::path::Path::new("other.wasm"),
    )
    .unwrap();
    assert_ne!(plugin.hash(), runtime.plugin().hash());
    let rebuilt = RuleRuntime::with_plugin(plugin, &config).unwrap();
    let (recompiled, source) = rebuilt.compile_traced(code, None).unwrap();
    assert_eq!(source, CacheSource::Compiled);
    assert_ne!(recompiled.key, first.key);
    assert_eq!(
        ok(rebuilt.execute(&recompiled, &RuleInput::json(br#"{"x":0}"#), &limits())),
        json!({ "success": false })
    );
}

#[test]
fn a_missing_plugin_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = common::config(dir.path().to_path_buf());
    config.plugin_path = dir.path().join("nope.wasm");
    let error = RuleRuntime::new(&config).err().expect("no plugin");
    let text = error.to_string();
    assert!(
        text.contains("the Javy plugin is missing at") && text.contains("scripts/javy-plugin.sh"),
        "{text}"
    );
}

#[test]
fn every_failure_leaves_the_next_execution_normal() {
    let short = limits().with_timeout(Duration::from_millis(200));
    let failures: [(&str, ErrorKind); 9] = [
        (
            "export default () => { throw new Error('x') }",
            ErrorKind::Exception,
        ),
        (
            "export default async () => { throw new Error('x') }",
            ErrorKind::Rejection,
        ),
        (
            "export default () => { while (true) {} }",
            ErrorKind::Timeout,
        ),
        (
            "export default () => { const a = []; for (;;) a.push('x'.repeat(1 << 20) + a.length); }",
            ErrorKind::OutOfMemory,
        ),
        (
            "export default () => { for (;;) console.log('log'); }",
            ErrorKind::Timeout,
        ),
        (
            "const f = (n) => f(n + 1) + 1;\nexport default () => f(0);",
            ErrorKind::StackOverflow,
        ),
        ("export default () => undefined", ErrorKind::Result),
        (
            "export default () => ({ s: 'x'.repeat(1 << 21) })",
            ErrorKind::ResultTooLarge,
        ),
        ("export default () => ({ n: 1n })", ErrorKind::Result),
    ];
    let runtime = common::runtime();
    let good = runtime
        .compile("export default ({ i }) => ({ success: true, i })", None)
        .unwrap();
    for (i, (code, kind)) in failures.iter().enumerate() {
        // Only the time limit is shortened, and only where it is the point: a loaded machine
        // must not turn another failure into a timeout.
        let limits = if *kind == ErrorKind::Timeout {
            short
        } else {
            limits()
        };
        let execution = run_with(code, None, &json!({}), &limits);
        assert_eq!(
            execution.errors.first().map(|e| e.kind),
            Some(*kind),
            "{code}: {execution:#?}"
        );
        let next = runtime.execute(
            &good,
            &RuleInput::json(json!({ "i": i }).to_string().as_bytes()),
            &limits,
        );
        assert_eq!(ok(next), json!({ "success": true, "i": i }));
    }
}
