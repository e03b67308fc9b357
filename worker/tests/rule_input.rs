//! A rule's input as the rule sees it: members parsed only when read (`rules::input`,
//! `harness.js`), yet an ordinary object for everything a rule can do with it; and nothing a
//! rule does to its input or its globals reaches another rule of the same document or another
//! document. Through the real plugin and wasmtime.

mod common;

use common::ok;

use serde_json::{Map, Value, json};
use shared::rules::playground::DocumentInput;
use worker::rules::RuleInput;

fn run(code: &str, input: &RuleInput) -> Value {
    let runtime = common::runtime();
    let rule = runtime
        .compile(code, None)
        .unwrap_or_else(|e| panic!("{e}"));
    ok(runtime.execute(&rule, input, &runtime.limits()))
}

/// What `JSON.parse` makes of `text`, as the rule sees it: the harness's lazy object must
/// give exactly this, member order included.
const AS_PARSED: &str = r#"{"b":[1,{"x":"}"}],"a":"\"{\u00e8","10":true,"2":null,"__proto__":{"p":1},"a":"last","n":-1.5e3}"#;

#[test]
fn a_lazy_input_serialises_spreads_and_lists_as_a_parsed_one() {
    let input = RuleInput::json(AS_PARSED.as_bytes());
    let result = run(
        &format!(
            r#"export default (input) => {{
                const parsed = JSON.parse({text});
                return {{
                    success: true,
                    stringified: JSON.stringify(input),
                    expected: JSON.stringify(parsed),
                    keys: Object.keys(input),
                    expectedKeys: Object.keys(parsed),
                    spread: JSON.stringify({{ ...input }}),
                    entries: Object.entries(input).length,
                    forIn: (() => {{ const k = []; for (const key in input) k.push(key); return k; }})(),
                    has: ["a", "b", "zz"].map((k) => k in input),
                    own: Object.prototype.hasOwnProperty.call(input, "__proto__"),
                    proto: Object.getPrototypeOf(input) === Object.prototype,
                    protoMember: input["__proto__"].p,
                    assigned: Object.assign({{}}, input).n,
                }};
            }}"#,
            text = serde_json::to_string(AS_PARSED).unwrap()
        ),
        &input,
    );
    assert_eq!(result["stringified"], result["expected"], "{result:#}");
    assert_eq!(result["keys"], result["expectedKeys"]);
    assert_eq!(
        result["keys"],
        json!(["2", "10", "b", "a", "__proto__", "n"])
    );
    assert_eq!(result["spread"], result["expected"]);
    assert_eq!(result["entries"], 6);
    assert_eq!(result["forIn"], result["keys"]);
    assert_eq!(result["has"], json!([true, true, false]));
    assert_eq!(result["own"], true);
    assert_eq!(result["proto"], true);
    assert_eq!(result["protoMember"], 1);
    assert_eq!(result["assigned"], -1500);
}

#[test]
fn assigning_deleting_and_freezing_a_lazy_input_behave_as_on_a_parsed_one() {
    let input = RuleInput::json(br#"{"a":{"deep":1},"b":[1,2],"c":"x","d":4,"e":5}"#);
    let result = run(
        r#"export default (input) => {
            input.a = "before any read";         // assignment without a read
            const b = input.b; b.push(3);         // read, then mutate the value
            input.b.push(4);                      // the same array again
            delete input.c;                       // delete without a read
            const descriptor = Object.getOwnPropertyDescriptor(input, "b");
            const derived = Object.create(input);
            derived.d = "own";                    // assignment through a derived object
            const frozen = Object.freeze(input);
            let threw = false;
            try { input.e = 6; } catch (e) { threw = e instanceof TypeError; }
            return {
                success: true,
                a: input.a, b: input.b, c: "c" in input, d: input.d, derived: derived.d,
                e: input.e, threw, frozen: Object.isFrozen(frozen),
                descriptor: { writable: descriptor.writable, enumerable: descriptor.enumerable,
                              configurable: descriptor.configurable, hasValue: "value" in descriptor },
                json: JSON.stringify(input),
            };
        }"#,
        &input,
    );
    assert_eq!(result["a"], "before any read");
    assert_eq!(result["b"], json!([1, 2, 3, 4]));
    assert_eq!(result["c"], false);
    assert_eq!(result["d"], 4);
    assert_eq!(result["derived"], "own");
    assert_eq!(result["e"], 5, "a frozen input keeps its value");
    assert_eq!(result["threw"], true, "assigning to a frozen input throws");
    assert_eq!(result["frozen"], true);
    assert_eq!(
        result["descriptor"],
        json!({ "writable": true, "enumerable": true, "configurable": true, "hasValue": true })
    );
    assert_eq!(
        result["json"],
        r#"{"a":"before any read","b":[1,2,3,4],"d":4,"e":5}"#
    );
}

#[test]
fn inputs_that_are_not_objects_arrive_whole() {
    for (text, expected) in [
        ("[1,{\"a\":2}]", json!([1, { "a": 2 }])),
        ("\"testo\"", json!("testo")),
        ("42", json!(42)),
        ("null", Value::Null),
    ] {
        let result = run(
            "export default (input) => ({ success: true, input })",
            &RuleInput::json(text.as_bytes()),
        );
        assert_eq!(result["input"], expected, "{text}");
    }
}

/// A document's input as the `document-rules` job builds it.
fn document(extraction: &Value, data_tables: &Map<String, Value>) -> RuleInput {
    let stored = serde_json::to_vec(extraction).unwrap();
    RuleInput::document(DocumentInput::from_extraction(&stored).unwrap())
        .with_data_tables(data_tables)
}

fn extraction(text: &str, words: usize) -> Value {
    let geometry: Vec<Value> = (0..words)
        .map(|i| {
            json!({ "page": 1 + i / 100, "text": format!("{text}{i}"),
                    "x0": 72.05 + i as f64, "y0": 700.125, "x1": 90.5, "y1": 712.25 })
        })
        .collect();
    json!({
        "rawText": format!("{text} — società, € 1.000,00"),
        "pages": [{ "page": 1 }],
        "tables": [{ "page": 1, "rows": [["Rata", "Importo"], ["1", "100,00"]] }],
        "rawTextWithGeometry": geometry,
        "formData": { "firma": true },
    })
}

#[test]
fn a_rule_reading_the_geometry_gets_exactly_what_the_extraction_produced() {
    let extraction = extraction("parola", 500);
    let mut tables = Map::new();
    tables.insert("soglie".into(), json!([{ "tipo": "A", "tasso": 15.5 }]));
    let result = run(
        "export default (input) => ({ success: true, input })",
        &document(&extraction, &tables),
    );
    for member in ["rawText", "tables", "rawTextWithGeometry", "formData"] {
        assert_eq!(result["input"][member], extraction[member], "{member}");
    }
    assert_eq!(result["input"]["dataTables"], Value::Object(tables));
    assert!(result["input"].get("pages").is_none());
}

#[test]
fn rules_of_one_document_and_different_documents_share_nothing() {
    let runtime = common::runtime();
    let limits = runtime.limits();
    // Mutates every member it can, the globals and the built-ins' prototypes.
    let vandal = runtime
        .compile(
            r#"
let runs = 0;
export default (input) => {
  runs += 1;
  const seen = {
    words: input.rawTextWithGeometry.length,
    first: input.rawTextWithGeometry[0].text,
    text: input.rawText,
    global: globalThis.lasciato ?? null,
    proto: Array.prototype.lasciato ?? null,
    runs,
  };
  input.rawText = "cancellato";
  input.rawTextWithGeometry.length = 0;
  input.tables.push("intruso");
  input.dataTables.intruso = true;
  delete input.formData;
  globalThis.lasciato = "globale";
  Array.prototype.lasciato = "prototipo";
  JSON.parse = () => ({ rotto: true });
  Object.defineProperty = () => { throw new Error("rotto"); };
  return { success: true, seen };
};"#,
            None,
        )
        .unwrap();
    let reader = runtime
        .compile(
            "export default (input) => ({ success: true, input, global: globalThis.lasciato ?? null, proto: [].lasciato ?? null })",
            None,
        )
        .unwrap();
    let (first, second) = (extraction("primo", 150), extraction("secondo", 3));
    let one = document(&first, &Map::new());
    let other = document(&second, &Map::new());
    for _ in 0..3 {
        // The same document's input, handed to one rule after the other.
        let seen = ok(runtime.execute(&vandal, &one, &limits));
        assert_eq!(
            seen["seen"],
            json!({ "words": 150, "first": "primo0", "text": first["rawText"], "global": null, "proto": null, "runs": 1 })
        );
        let after = ok(runtime.execute(&reader, &one, &limits));
        assert_eq!(after["input"]["rawText"], first["rawText"]);
        assert_eq!(
            after["input"]["rawTextWithGeometry"],
            first["rawTextWithGeometry"]
        );
        assert_eq!(after["input"]["tables"], first["tables"]);
        assert_eq!(after["input"]["formData"], first["formData"]);
        assert_eq!(after["input"]["dataTables"], json!({}));
        assert_eq!(
            (&after["global"], &after["proto"]),
            (&Value::Null, &Value::Null)
        );
        // Another document next: its own input, nothing of the first.
        let seen = ok(runtime.execute(&vandal, &other, &limits));
        assert_eq!(seen["seen"]["words"], 3);
        assert_eq!(seen["seen"]["first"], "secondo0");
        assert_eq!(seen["seen"]["global"], Value::Null);
    }
}

/// A document's words parsed once for the rules that read them (`RuleRuntime::prepare`): each
/// rule starts in its own copy of the prepared memory, gets exactly what the extraction
/// produced, and nothing one rule does reaches the next or another document.
#[test]
fn a_document_prepared_once_gives_each_rule_its_own_copy() {
    let runtime = common::runtime();
    let limits = runtime.limits();
    let vandal = r#"
let runs = 0;
export default (input) => {
  runs += 1;
  // A prepared member is there already (a data property); otherwise it is parsed on first read.
  const prepared = "value" in Object.getOwnPropertyDescriptor(input, "rawTextWithGeometry");
  const words = input.rawTextWithGeometry;
  const seen = { prepared, words: words.length, first: words[0].text, global: globalThis.lasciato ?? null,
                 proto: Array.prototype.lasciato ?? null, runs };
  words[0].text = "cambiato";
  words.length = 1;
  globalThis.lasciato = "globale";
  Array.prototype.lasciato = "prototipo";
  return { success: true, seen };
};"#;
    let reader = "export default (input) => ({ success: true, words: input.rawTextWithGeometry, \
                  global: globalThis.lasciato ?? null, proto: [].lasciato ?? null })";
    let other_rule = "export default ({ rawText }) => ({ success: rawText.length > 0 })";
    let (first, second) = (extraction("primo", 2000), extraction("secondo", 2000));
    let one = document(&first, &Map::new());
    let rules = [(vandal, None), (reader, None), (other_rule, None)];
    let prepared = runtime
        .prepare(&one, &rules)
        .expect("the words are prepared");
    assert_eq!(
        prepared.members().collect::<Vec<_>>(),
        ["rawTextWithGeometry"]
    );
    assert!(prepared.serves((vandal, None), &one));
    assert!(!prepared.serves((other_rule, None), &one));
    // Equal words of a document read again are not these: only the very same values are.
    assert!(!prepared.serves((reader, None), &document(&first, &Map::new())));
    for _ in 0..3 {
        let seen = ok(runtime.run_on_document(vandal, None, &one, Some(&prepared), &limits));
        assert_eq!(
            seen["seen"],
            json!({ "prepared": true, "words": 2000, "first": "primo0", "global": null, "proto": null, "runs": 1 })
        );
        let after = ok(runtime.run_on_document(reader, None, &one, Some(&prepared), &limits));
        assert_eq!(after["words"], first["rawTextWithGeometry"]);
        assert_eq!(
            (&after["global"], &after["proto"]),
            (&Value::Null, &Value::Null)
        );
        assert_eq!(
            ok(runtime.run_on_document(other_rule, None, &one, Some(&prepared), &limits)),
            json!({ "success": true })
        );
        // Another document, with the first one's preparation at hand: its own words.
        let other = document(&second, &Map::new());
        let seen = ok(runtime.run_on_document(vandal, None, &other, Some(&prepared), &limits));
        assert_eq!(seen["seen"]["first"], "secondo0");
        assert_eq!(seen["seen"]["prepared"], false);
    }
    // A rule whose memory limit leaves too little room above the prepared memory runs
    // unprepared, rather than failing for want of memory it would not have needed.
    let tight = worker::rules::Limits {
        memory_bytes: prepared.memory_size() + worker::rules::PREPARED_HEADROOM - 1,
        ..limits
    };
    let seen = ok(runtime.run_on_document(vandal, None, &one, Some(&prepared), &tight));
    assert_eq!(seen["seen"]["prepared"], false);
    assert_eq!(seen["seen"]["words"], 2000);
    // Nothing worth preparing: a member only one rule names, or a small one.
    assert!(runtime.prepare(&one, &rules[..1]).is_none());
    let small = document(&extraction("poche", 10), &Map::new());
    assert!(runtime.prepare(&small, &rules).is_none());
}

#[test]
fn numbers_are_read_exactly_as_javascript_reads_them() {
    // The input's members are read by the plugin's parser (javy-plugin/src/json.rs), a rule's
    // own JSON.parse with the plugin's strtod (c/quickjs-overrides.h), `Number()` with QuickJS's
    // own parser: all three must give the same doubles, bit for bit.
    let texts = [
        "0",
        "-0",
        "72.05",
        "0.1",
        "0.30000000000000004",
        "-1.5e3",
        "1E+2",
        "5e-324",
        "1e-320",
        "2.2250738585072011e-308",
        "1.7976931348623157e308",
        "1e400",
        "-1e400",
        "9007199254740993",
        "123456789012345678901234567890",
        "0.000001",
        "1e21",
        "3.141592653589793238462643383279",
    ];
    let input = RuleInput::json(format!("{{\"numbers\":[{}]}}", texts.join(",")).as_bytes());
    let result = run(
        &format!(
            r#"export default (input) => {{
                const texts = {texts};
                const bits = (x) => {{ const v = new DataView(new ArrayBuffer(8)); v.setFloat64(0, x); return v.getBigUint64(0).toString(16); }};
                const differ = texts.filter((t, i) => bits(input.numbers[i]) !== bits(Number(t))
                    || bits(JSON.parse(t)) !== bits(Number(t)));
                return {{ success: true, differ, count: input.numbers.length }};
            }}"#,
            texts = serde_json::to_string(&texts).unwrap()
        ),
        &input,
    );
    assert_eq!(result["differ"], json!([]), "{result:#}");
    assert_eq!(result["count"], texts.len());
}

/// A member stays in the worker until the rule reads it: a rule that leaves a large member
/// alone runs in a memory limit the member alone would exceed; reading it is out of memory.
/// The plugin makes a member's values itself (javy-plugin/src/json.rs), leaving to QuickJS's
/// `JSON.parse` only what it does not take: each member must be exactly what `JSON.parse` makes
/// of the same text — types, key order, repeated keys, `__proto__`, -0, escapes, property
/// attributes, prototypes.
#[test]
fn members_are_exactly_what_json_parse_makes_of_them() {
    // Deeper than the plugin's parser goes (left to QuickJS's).
    let deep = format!("{}1{}", "[".repeat(200), "]".repeat(200));
    let many_keys = format!(
        "[{}]",
        vec![
            format!(
                "{{{}}}",
                (0..100)
                    .map(|i| format!("\"k{i}\":{i}"))
                    .collect::<Vec<_>>()
                    .join(",")
            );
            3
        ]
        .join(",")
    );
    let texts: Vec<&str> = vec![
        r#"{"a":{"b":[1,2,{"c":null}]},"d":[],"e":{}}"#,
        r#"{"a":1,"b":2,"a":3}"#,
        r#"{"__proto__":{"x":1},"y":2}"#,
        r#"{"2":"b","1":"a","x":0,"-1":"n","01":"z","4294967295":"max"}"#,
        "[0,-0,1.5,-1.5e-7,1e400,-1e400,123456789012345678901234567890,0.1,5e-324,1E2,1e+2,-0.0]",
        r#""a\"b\\c\/d\b\f\n\r\t\u0000\u001f\u00e9\u20ac\ud83d\ude00 é€😀""#,
        r#"["\ud800","x\udc00y","\ud83d","\ud83d\u0041"]"#,
        r#"{"k\u0065y":1,"key":2,"ké":3,"k\u00e9":4,"":5,"\u0000":6}"#,
        " \t\n\r{ \"a\" :\n[ 1 ,\t2 ] , \"b\" : { } }\r\n ",
        "true",
        "false",
        "null",
        r#""solo""#,
        "[[],[[]],{},[{}],\"\",0]",
        &deep,
        &many_keys,
        r#"[{"page":1,"text":"Il","x0":56.7,"y0":70.1,"x1":63.2,"y1":80.06},{"page":1,"text":"Finanziatore","x0":66.5,"y0":70.1,"x1":120.75,"y1":80.06},{"text":"ordine","page":2,"x0":1,"y0":2,"x1":3,"y1":4}]"#,
    ];
    let mut json = String::from("{\"texts\":");
    json.push_str(&serde_json::to_string(&texts).unwrap());
    for (i, text) in texts.iter().enumerate() {
        json.push_str(&format!(",\"m{i}\":{text}"));
    }
    json.push('}');
    let input = RuleInput::json(json.as_bytes());
    let result = run(
        r#"export default (input) => {
            // (Not deeper than 40 levels: the rule's own recursion has a stack too.)
            const describe = (v, depth = 0) => {
                if (depth > 40) return "deeper";
                if (typeof v !== "object" || v === null) {
                    return typeof v === "number" && Object.is(v, -0) ? "-0" : [typeof v, v];
                }
                const proto = Object.getPrototypeOf(v);
                return {
                    kind: Array.isArray(v) ? "array" : "object",
                    proto: proto === Array.prototype ? "Array" : proto === Object.prototype ? "Object" : String(proto),
                    extensible: Object.isExtensible(v),
                    own: Reflect.ownKeys(v).map((k) => {
                        const d = Object.getOwnPropertyDescriptor(v, k);
                        return [String(k), d.writable, d.enumerable, d.configurable, describe(d.value, depth + 1)];
                    }),
                };
            };
            const differ = [];
            input.texts.forEach((text, i) => {
                const ours = JSON.stringify(describe(input["m" + i]));
                const theirs = JSON.stringify(describe(JSON.parse(text)));
                if (ours !== theirs) differ.push({ text: text.slice(0, 80), ours: ours.slice(0, 400), theirs: theirs.slice(0, 400) });
            });
            return { success: true, differ, count: input.texts.length };
        }"#,
        &input,
    );
    assert_eq!(result["differ"], json!([]), "{result:#}");
    assert_eq!(result["count"], texts.len());
    // A value that is not an object arrives whole, through the same parser.
    let whole = run(
        "export default (v) => ({ success: true, v: v.map((x) => Object.is(x, -0) ? '-0' : x) })",
        &RuleInput::json(br#"[1,-0,"\u00e9",{"a":[true]}]"#),
    );
    assert_eq!(whole["v"], json!([1, "-0", "é", { "a": [true] }]));
}

#[test]
fn a_member_the_rule_does_not_read_costs_it_no_memory() {
    let runtime = common::runtime();
    let big = "x".repeat(24 << 20);
    let input = RuleInput::json(json!({ "big": big, "small": 7 }).to_string().as_bytes());
    let limits = worker::rules::Limits {
        memory_bytes: 16 << 20,
        ..runtime.limits()
    };
    let small = runtime
        .compile(
            "export default ({ small }) => ({ success: small === 7 })",
            None,
        )
        .unwrap();
    assert_eq!(
        ok(runtime.execute(&small, &input, &limits)),
        json!({ "success": true })
    );
    let whole = runtime
        .compile(
            "export default ({ big }) => ({ success: big.length > 0 })",
            None,
        )
        .unwrap();
    let execution = runtime.execute(&whole, &input, &limits);
    assert_eq!(
        execution.errors.first().map(|e| e.kind),
        Some(worker::rules::ErrorKind::OutOfMemory),
        "{execution:#?}"
    );
}
