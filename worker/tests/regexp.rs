//! The fast regular expressions (worker/javy-plugin/src/regexp, on the host's automata in
//! worker/src/rules/regexp): on long subjects, `test`, `match`, `matchAll` and `search` run on
//! finite automata instead of QuickJS's backtracking engine — with exactly QuickJS's results —
//! and within the bounds of the process and of the execution.
//!
//! The differential test runs every operation twice in the same execution: on a plain RegExp
//! (the automata, when the pattern is in their subset) and on an instance of a RegExp subclass
//! (always QuickJS's engine), and compares the results.

mod common;

use std::time::Duration;

use serde_json::{Value, json};
use worker::rules::regexp::MAX_COMPILES;
use worker::rules::{ErrorKind, Limits, PatternCacheLimits, RuleInput, RuleRuntime, RuntimeConfig};

fn run(code: &str, input: &Value, limits: &Limits) -> Value {
    let runtime = common::runtime();
    let rule = runtime.compile(code, None).expect("compiles");
    let execution = runtime.execute(
        &rule,
        &RuleInput::json(input.to_string().as_bytes()),
        limits,
    );
    assert!(execution.errors.is_empty(), "{:#?}", execution.errors);
    execution.result.expect("a result")
}

/// Italian contract text with accents, `€`, amounts, dates, an IBAN and a codice fiscale.
const CONTRACT: &str = "Art. 1. Il Finanziatore concede al Cliente, sig. Mario Rossi (codice fiscale RSSMRA80A01H501U), nato a Roma il 01/01/1980, un prestito dell'importo di euro 25.000,00.\n\
Il TAEG (tasso annuo effettivo globale) è pari al 7,450 % e il TAN è pari al 6,900 %; l'importo totale dovuto è di € 29.876,40.\n\n\
Art. 2. Le rate saranno addebitate sul conto IBAN IT60X0542811101000000123456, con valuta il giorno 5 di ogni mese a partire dal 05/03/2024.\n\
Art. 3. Il Cliente ha facoltà di recedere entro quattordici giorni; CLIENTE, cliente e Clienti (ab)(ab) aab ba.\n";

const DIFFERENTIAL_RULE: &str = r#"
class Native extends RegExp {}
// A match result as JSON can show it (undefined kept apart from null and "").
const plain = (v, S) => {
  if (v === null || v === undefined || typeof v !== "object") return v === undefined ? "<undefined>" : v;
  if (Array.isArray(v)) {
    const out = { items: v.map((item) => plain(item, S)) };
    if ("index" in v) {
      out.index = v.index;
      out.inputIsSubject = v.input === S;
      out.groups = v.groups === undefined ? "<undefined>" : { proto: Object.getPrototypeOf(v.groups), ...v.groups };
      out.keys = Object.keys(v);
    }
    return out;
  }
  return v;
};
const operations = (make, S) => {
  const out = {};
  let r = make();
  out.test = r.test(S);
  out.lastIndexAfterTest = r.lastIndex;
  r = make();
  out.match = plain(S.match(r), S);
  out.lastIndexAfterMatch = r.lastIndex;
  r = make();
  out.search = S.search(r);
  r = make();
  r.lastIndex = 7;
  out.matchAllFrom7 = [...r[Symbol.matchAll](S)].map((m) => plain(m, S));
  if (r.global) {
    r = make();
    out.matchAll = [...S.matchAll(r)].map((m) => plain(m, S));
    r = make();
    const steps = [];
    for (let n = 0; n < 300 && r.test(S); n++) {
      steps.push(r.lastIndex);
      if (steps.length > 1 && steps[steps.length - 2] === r.lastIndex) r.lastIndex++;
    }
    out.testLoop = steps;
    r = make();
    r.lastIndex = S.length + 1;
    out.pastTheEnd = [r.test(S), r.lastIndex];
  }
  return JSON.stringify(out);
};
export default function ({ cases, base }) {
  const subjects = [
    base,
    base.normalize("NFD").replace(/[\u0300-\u036f€]/g, "E"),   // ASCII only
    base.replace(/\n/g, "\r\n"),                                  // \r: multiline goes to QuickJS
    base + " 😀 fine",                                            // astral: QuickJS
    base + " \ud800 lone",                                        // lone surrogate: QuickJS
    "ab".repeat(200),
  ];
  const mismatches = [];
  let compared = 0;
  for (const [source, flags] of cases) {
    for (let i = 0; i < subjects.length; i++) {
      const S = subjects[i];
      const fast = operations(() => new RegExp(source, flags), S);
      const slow = operations(() => new Native(source, flags), S);
      compared++;
      if (fast !== slow) mismatches.push({ source, flags, subject: i, fast, slow });
    }
  }
  return { success: mismatches.length === 0, compared, mismatches: mismatches.slice(0, 3) };
}
"#;

#[test]
fn fast_regular_expressions_match_quickjs_exactly() {
    let cases: Vec<(&str, &str)> = vec![
        // The realistic rule's patterns.
        (r"\bIT\d{2}[A-Z]\d{10}[0-9A-Z]{12}\b", "g"),
        (r"\b[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]\b", "g"),
        (r"(?:euro|€)\s*(?<importo>\d{1,3}(?:\.\d{3})*,\d{2})", "gi"),
        (r"TAEG[^%]{0,80}?(?<taeg>\d{1,2},\d{1,3})\s*%", "i"),
        (r"\b(?<g>\d{2})\/(?<m>\d{2})\/(?<a>\d{4})\b", "g"),
        // Classes and escapes.
        (r"\s+", "g"),
        (r"\w+", "g"),
        (r"\W", "g"),
        (r"\d+(?:[.,]\d+)?", "g"),
        (r"[\u00c0-\u00ff]+", "g"),
        (r"\u00e8|\xe0", "g"),
        (r"[\s\S]{10}", "g"),
        (r"[^a-z\s]+", "gi"),
        (r"[a-f]+", "gi"),
        (r"cliente", "gi"),
        (r"€\s*\d", "gi"),
        (r"\t|\n\n", "g"),
        (r"\bil\b", "gi"),
        (r"\b", "g"),
        // Anchors, lines, dot.
        (r"^Art\. \d+", "gm"),
        (r"\.$", "gm"),
        (r"^", "gm"),
        (r"$", "g"),
        (r"^Art", ""),
        (r".+", "g"),
        (r"Art.{0,20}?\.", "gs"),
        // Empty matches.
        (r"a*", "g"),
        (r"(?:)", "g"),
        (r"x*", "g"),
        // Groups, alternation, quantifiers.
        (r"(a)|(b)", "g"),
        (r"(?<x>a)|(?<y>e)", "g"),
        (r"Cliente|Client", "g"),
        (r"Clien|Cliente", "g"),
        (r"\(.*?\)", "g"),
        (r"\(.*\)", "g"),
        (r"(?:ab){2}", "g"),
        (r"\d{2,}", "g"),
        (r"(\d+),(\d+)", ""),
        (r"nessuna corrispondenza", "g"),
        // Outside the subset: QuickJS on both sides.
        (r"(?=\d)\d{2}", "g"),
        (r"(\w)\1", "g"),
        (r"Art", "y"),
        (r"è", "gi"),
        (r"(?:(a)|b)+", "g"),
        (r"a", "gu"),
        (r"a", "gd"),
    ];
    let limits = Limits {
        timeout: Duration::from_secs(120),
        ..Limits::default()
    };
    let result = run(
        DIFFERENTIAL_RULE,
        &json!({ "cases": cases, "base": CONTRACT.repeat(2) }),
        &limits,
    );
    assert_eq!(result["compared"], cases.len() * 6, "{result:#}");
    assert_eq!(result["success"], true, "{result:#}");
}

/// A pattern that backtracking takes exponential time on: QuickJS would run out of its time
/// limit; the automata answer at once — which also proves they are the ones running.
#[test]
fn long_subjects_do_not_backtrack() {
    let result = run(
        r#"export default () => {
            const S = "a".repeat(300);
            return {
                success: true,
                test: /(?:a+)+c/.test(S),
                search: S.search(/(?:a+)+c/),
                match: S.match(/(?:a|aa)+b/g),
            };
        }"#,
        &json!({}),
        &Limits::default(),
    );
    assert_eq!(
        result,
        json!({ "success": true, "test": false, "search": -1, "match": null })
    );
}

/// The replaced methods behave as built-ins: a rule that redefines `exec` sees it called, and
/// a rule that breaks the built-ins they use does not break them.
#[test]
fn the_fast_methods_keep_the_built_ins_contract() {
    let result = run(
        r#"export default () => {
            const S = "x".repeat(300) + "needle";
            const descriptor = Object.getOwnPropertyDescriptor(RegExp.prototype, "test");
            WeakMap.prototype.get = () => { throw new Error("broken"); };
            String.prototype.slice = () => "broken";
            const found = S.match(/need(le)/);
            const re = /needle/;
            re.exec = () => null;
            return {
                success: true,
                enumerable: descriptor.enumerable,
                writable: descriptor.writable,
                names: [RegExp.prototype.test.name, RegExp.prototype[Symbol.match].name],
                found: [...found],
                index: found.index,
                userExec: re.test(S),
                tag: Object.prototype.toString.call(S.matchAll(/e/g)),
            };
        }"#,
        &json!({}),
        &Limits::default(),
    );
    assert_eq!(
        result,
        json!({
            "success": true,
            "enumerable": false,
            "writable": true,
            "names": ["test", "[Symbol.match]"],
            "found": ["needle", "le"],
            "index": 300,
            "userExec": false,
            "tag": "[object RegExp String Iterator]",
        })
    );
}

/// A rule that builds a new pattern for every row runs within its memory limit: past a few
/// dozen patterns per execution, QuickJS runs the new ones (each compiled pattern holds its
/// automata in the execution's memory).
#[test]
fn many_distinct_patterns_stay_within_the_memory_limit() {
    let result = run(
        r#"export default () => {
            const S = "voce ".repeat(100) + "parola19999 fine";
            let found = 0;
            for (let i = 0; i < 20000; i++) if (new RegExp(`parola${i}\\b`).test(S)) found++;
            return { success: true, found };
        }"#,
        &json!({}),
        &Limits {
            timeout: Duration::from_secs(60),
            memory_bytes: 32 << 20,
            ..Limits::default()
        },
    );
    assert_eq!(result, json!({ "success": true, "found": 1 }));
}

/// Patterns are compiled on the host once per process and shared by executions; one execution
/// compiles a bounded number of new ones, and the process keeps a bounded number of them.
#[test]
fn patterns_are_compiled_once_per_process_within_its_bounds() {
    let runtime = RuleRuntime::new(&RuntimeConfig {
        patterns: PatternCacheLimits {
            patterns: 40,
            bytes: 64 << 20,
        },
        ..common::config(common::shared_cache_dir())
    })
    .expect("a runtime");
    let rule = runtime
        .compile(
            r#"export default () => {
                const S = "voce ".repeat(100) + "parola7 parola70 fine";
                let found = 0;
                for (let i = 0; i < 100; i++) if (new RegExp(`parola${i}\\b`).test(S)) found++;
                return { success: true, found };
            }"#,
            None,
        )
        .expect("compiles");
    let run = || common::ok(runtime.execute(&rule, &RuleInput::json(b"{}"), &runtime.limits()));
    assert_eq!(run(), json!({ "success": true, "found": 2 }));
    assert_eq!(runtime.patterns().usage().patterns, MAX_COMPILES);
    // The second execution finds those compiled and compiles as many more; the cache keeps 40.
    assert_eq!(run(), json!({ "success": true, "found": 2 }));
    assert_eq!(runtime.patterns().usage().patterns, 40);
    for _ in 0..3 {
        assert_eq!(run(), json!({ "success": true, "found": 2 }));
        assert_eq!(runtime.patterns().usage().patterns, 40);
    }
}

/// Code on the host is not interrupted by the execution's deadline: a search whose worst case
/// (NFA states × bytes, when the lazy DFA thrashes) is past the host's bound runs in QuickJS,
/// where the time limit applies. Here the host would search for many seconds.
#[test]
fn a_search_too_costly_for_the_host_stays_within_the_time_limit() {
    let runtime = common::runtime();
    let rule = runtime
        .compile(
            r#"export default () => {
                // 1 MiB of pseudo-random a/b: every position opens another path of the pattern.
                let x = 1;
                let chunk = "";
                for (let i = 0; i < 4096; i++) {
                    x = (x * 1103515245 + 12345) & 0x7fffffff;
                    chunk += (x >> 16) & 1 ? "a" : "b";
                }
                return { success: /a[ab]{2000}c/.test(chunk.repeat(256)) };
            }"#,
            None,
        )
        .expect("compiles");
    let started = std::time::Instant::now();
    let execution = runtime.execute(
        &rule,
        &RuleInput::json(b"{}"),
        &Limits {
            timeout: Duration::from_millis(500),
            ..Limits::default()
        },
    );
    let elapsed = started.elapsed();
    assert_eq!(
        execution.errors.first().map(|e| e.kind),
        Some(ErrorKind::Timeout),
        "{execution:#?}"
    );
    // The limit plus the epoch's granularity, with room for a loaded machine; unbounded, the
    // host's search would take tens of seconds.
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
}
