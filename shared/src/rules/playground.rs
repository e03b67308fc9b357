//! What a rule receives, built the same way wherever a rule runs — the pipeline's
//! `document-rules` job, the playground's temporary runs on `rule-runs`, and the playground
//! download (`downloadDocumentRule` / `downloadDossierRule`) whose `input.json` must be exactly
//! what the worker would give the rule — and the zip of that download, which runs locally with
//! `node run.mjs`.
//!
//! Document rule input: `{ rawText, tables, rawTextWithGeometry, formData, dataTables }`, the
//! first four from the document's stored extraction output (one JSON object at
//! `documents.raw_text_key`). That part can be megabytes and is the same for every rule of the
//! document, so it is serialised once ([`input_prefix`]) and each rule's `dataTables` appended
//! ([`document_input`]).
//!
//! Dossier rule input: `{ metas, input }` once per item of the dossier's input list
//! ([`dossier_inputs`]).

use std::io::{Cursor, Write};

use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use zip::write::SimpleFileOptions;

use super::archive::{
    ArchiveError, CODE_FILE, FORMAT_VERSION, HELPER_FILE, METADATA_FILE, PACKAGE_FILE, RuleMetadata,
};

/// The sample input of a playground download.
pub const INPUT_FILE: &str = "input.json";
/// The node runner of a playground download.
pub const RUNNER_FILE: &str = "run.mjs";
/// The instructions of a playground download.
pub const README_FILE: &str = "README.txt";
/// The module `"istruttoria"` of a playground download: the JavaScript copy of the rules'
/// standard library, which `run.mjs` resolves the import to.
pub const STD_FILE: &str = "istruttoria.mjs";
/// Its source: answers as the runtime's (both checked on worker/rule-stdlib/cases.json).
const STD_SOURCE: &str = include_str!("../../../worker/rule-stdlib/js/istruttoria.mjs");

/// A document rule's input without its `dataTables`: `rawText`, `tables`,
/// `rawTextWithGeometry` and `formData` from the document's stored extraction, in that order,
/// each as its JSON text there — checked, never turned into values (the words with their boxes
/// alone can be megabytes, and most rules never read them). The same for each rule of the
/// document; each rule's [`DATA_TABLES`] come after.
#[derive(Debug)]
pub struct DocumentInput {
    members: [(&'static str, Box<RawValue>); 4],
}

/// The name of the member a document rule's data tables are given in.
pub const DATA_TABLES: &str = "dataTables";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredExtraction {
    raw_text: Option<Box<RawValue>>,
    tables: Option<Box<RawValue>>,
    raw_text_with_geometry: Option<Box<RawValue>>,
    form_data: Option<Box<RawValue>>,
}

impl DocumentInput {
    /// From the stored extraction (one JSON object at `documents.raw_text_key`); a member it
    /// lacks is `null`.
    pub fn from_extraction(extraction: &[u8]) -> Result<Self, serde_json::Error> {
        let stored: StoredExtraction = serde_json::from_slice(extraction)?;
        let or_null = |value: Option<Box<RawValue>>| {
            value.unwrap_or_else(|| RawValue::from_string("null".into()).expect("null is JSON"))
        };
        Ok(Self {
            members: [
                ("rawText", or_null(stored.raw_text)),
                ("tables", or_null(stored.tables)),
                (
                    "rawTextWithGeometry",
                    or_null(stored.raw_text_with_geometry),
                ),
                ("formData", or_null(stored.form_data)),
            ],
        })
    }

    /// The members, in order, each with its value's JSON text.
    pub fn into_members(self) -> impl Iterator<Item = (&'static str, Box<RawValue>)> {
        self.members.into_iter()
    }

    /// The whole input with `data_tables`, as one JSON text: what the playground download's
    /// `input.json` holds.
    pub fn to_json(&self, data_tables: &Map<String, Value>) -> Vec<u8> {
        let mut input = Vec::with_capacity(
            self.members
                .iter()
                .map(|(_, v)| v.get().len() + 24)
                .sum::<usize>()
                + 64,
        );
        input.push(b'{');
        for (name, value) in &self.members {
            serde_json::to_writer(&mut input, name).expect("a name serialises");
            input.push(b':');
            input.extend_from_slice(value.get().as_bytes());
            input.push(b',');
        }
        serde_json::to_writer(&mut input, DATA_TABLES).expect("a name serialises");
        input.push(b':');
        serde_json::to_writer(&mut input, data_tables).expect("JSON values serialise");
        input.push(b'}');
        input
    }
}

/// The dossier rule inputs, one `{ metas, input }` per item of the dossier's `input` list (a
/// value that is not a list has no items, as in the pipeline).
pub fn dossier_inputs(metas: &Value, input: &Value) -> Vec<Value> {
    input
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|item| serde_json::json!({ "metas": metas, "input": item }))
                .collect()
        })
        .unwrap_or_default()
}

/// One rule prepared for a local run: the zip of `downloadDocumentRule` / `downloadDossierRule`.
#[derive(Debug, Clone)]
pub struct PlaygroundRule {
    /// Shown in the README.
    pub name: String,
    pub code: String,
    /// `helper.js` (the default empty helper when the rule has none, so that
    /// `import … from "./helper.js"` resolves).
    pub helper: String,
    pub package_json: String,
    /// `rule.json` of a dossier rule: the download then also imports with
    /// `importDossierRules` (the archive format reads a `rule.json` at the root and ignores the
    /// other files). `None` for a document rule.
    pub metadata: Option<RuleMetadata>,
    /// `input.json`: the document rule's input, or the list of a dossier rule's per-item inputs.
    pub input: Value,
}

impl PlaygroundRule {
    /// Whether `input.json` is a list of inputs (a dossier rule) or one input.
    fn per_item(&self) -> bool {
        self.metadata.is_some()
    }

    /// The zip: index.js, helper.js, package.json, input.json, run.mjs, istruttoria.mjs,
    /// README.txt (and rule.json for a dossier rule), all at the root.
    pub fn write_zip(&self) -> Result<Vec<u8>, ArchiveError> {
        let zip_error = |e: zip::result::ZipError| ArchiveError::Zip(e.to_string());
        let io_error = |e: std::io::Error| ArchiveError::Zip(e.to_string());
        let json_error = |e: serde_json::Error| ArchiveError::Zip(e.to_string());
        let input = serde_json::to_string_pretty(&self.input).map_err(json_error)?;
        let mut files: Vec<(&str, String)> = vec![
            (CODE_FILE, self.code.clone()),
            (HELPER_FILE, self.helper.clone()),
            (PACKAGE_FILE, self.package_json.clone()),
            (INPUT_FILE, input),
            (RUNNER_FILE, runner(self.per_item())),
            (STD_FILE, STD_SOURCE.to_owned()),
            (README_FILE, readme(&self.name, self.per_item())),
        ];
        if let Some(metadata) = &self.metadata {
            let metadata = serde_json::to_string_pretty(&RuleMetadata {
                format_version: FORMAT_VERSION,
                ..metadata.clone()
            })
            .map_err(json_error)?;
            files.push((METADATA_FILE, metadata));
        }
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options =
            SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for (name, text) in files {
            writer.start_file(name, options).map_err(zip_error)?;
            writer.write_all(text.as_bytes()).map_err(io_error)?;
        }
        Ok(writer.finish().map_err(zip_error)?.into_inner())
    }
}

/// `run.mjs`: runs `./index.js` on `input.json` the way the worker does (the default export
/// called with the input, awaited, console output captured as `[level] message`) and prints
/// the outcomes as JSON, one entry per input: `{ input?, result, logs, errors }`.
///
/// A loader hook makes node read `index.js` and `helper.js` as ES modules whatever
/// `package.json` says (rules are ES modules; node 20 would otherwise read a `.js` file without
/// `"type": "module"` as CommonJS), and resolves the module `"istruttoria"` to
/// `istruttoria.mjs` (no `node_modules`, which an `npm install` would prune).
fn runner(per_item: bool) -> String {
    RUNNER_TEMPLATE.replace("__PER_ITEM__", if per_item { "true" } else { "false" })
}

const RUNNER_TEMPLATE: &str = r#"// Esegue la regola (index.js) su input.json come il worker di Istruttoria e stampa i risultati
// in JSON. Uso: node run.mjs [file di input]
import { readFile } from "node:fs/promises";
import * as nodeModule from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const PER_ITEM = __PER_ITEM__; // true: input.json e' la lista degli input (regola dossier)
const here = path.dirname(fileURLToPath(import.meta.url));
const base = pathToFileURL(here + path.sep).href;

// index.js e helper.js sono moduli ES, qualunque cosa dica package.json; il modulo
// "istruttoria" e' istruttoria.mjs.
if (typeof nodeModule.register === "function") {
  const hook = `export async function resolve(specifier, context, next) {
    if (specifier === "istruttoria") return { url: ${JSON.stringify(base + "istruttoria.mjs")}, shortCircuit: true };
    return next(specifier, context);
  }
  export async function load(url, context, next) {
    const file = new URL(url);
    if (url.startsWith(${JSON.stringify(base)}) && file.pathname.endsWith(".js") && !file.pathname.includes("/node_modules/")) {
      return next(url, { ...context, format: "module" });
    }
    return next(url, context);
  }`;
  nodeModule.register("data:text/javascript," + encodeURIComponent(hook));
}

const format = (v) => {
  if (typeof v === "string") return v;
  if (v instanceof Error) return v.stack ? `${v.name}: ${v.message}\n${v.stack}` : `${v.name}: ${v.message}`;
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s;
  } catch {
    return String(v);
  }
};

let logs = [];
const original = { ...console };
for (const level of ["log", "info", "warn", "error", "debug"]) {
  console[level] = (...args) => logs.push(`[${level}] ${args.map(format).join(" ")}`);
}

const inputFile = path.resolve(here, process.argv[2] ?? "input.json");
const data = JSON.parse(await readFile(inputFile, "utf8"));
const inputs = PER_ITEM ? data : [data];
const outcomes = [];
for (const input of inputs) {
  logs = [];
  const outcome = {};
  if (PER_ITEM) outcome.input = input && typeof input === "object" ? input.input : input;
  try {
    // Un modulo nuovo per ogni input, come nel worker (nessuno stato condiviso tra le esecuzioni).
    const module = await import(`${base}index.js?run=${outcomes.length}`);
    if (typeof module.default !== "function") {
      throw new TypeError("l'export default della regola non e' una funzione");
    }
    const value = await module.default(JSON.parse(JSON.stringify(input)));
    outcome.result = value === undefined ? null : JSON.parse(JSON.stringify(value));
    outcome.errors = [];
  } catch (e) {
    outcome.result = null;
    outcome.errors = [e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : format(e)];
  }
  outcome.logs = logs;
  outcomes.push(outcome);
}
original.log(JSON.stringify(outcomes, null, 2));
"#;

fn readme(name: &str, per_item: bool) -> String {
    let (what, input) = if per_item {
        (
            "regola dossier",
            "la lista degli input che la regola riceve sul dossier scelto: un oggetto\n  { metas, input } per ogni elemento dell'input del dossier (metas: id documento -> metas)",
        )
    } else {
        (
            "regola documento",
            "l'input che la regola riceve sul documento scelto:\n  { rawText, tables, rawTextWithGeometry, formData, dataTables }",
        )
    };
    format!(
        "Playground della {what} «{name}»\n\
         \n\
         Contenuto dello zip:\n\
         - index.js      il codice della regola (export default)\n\
         - helper.js     il file helper, importabile come ./helper.js\n\
         - package.json  il package.json della regola\n\
         - input.json    {input}\n\
         - run.mjs       esegue la regola su input.json come il worker\n\
         - istruttoria.mjs  il modulo \"istruttoria\" (numero, importo, data, …) per Node.js,\n\
                         con le stesse risposte di quello del worker\n\
         \n\
         Come eseguirla in locale (serve Node.js 20 o successivo):\n\
         1. estrai lo zip in una cartella;\n\
         2. se package.json dichiara dipendenze, esegui `npm install` nella cartella;\n\
         3. esegui `node run.mjs` nella cartella.\n\
         \n\
         run.mjs stampa in JSON una voce per ogni input: result (il risultato della regola),\n\
         logs (l'output di console.log, come \"[log] messaggio\") ed errors (le eccezioni).\n\
         Per provare un altro input: `node run.mjs altro-input.json`.\n\
         \n\
         Differenze dal worker: il worker esegue la regola in QuickJS (senza Intl, timer, fetch,\n\
         process o require, con le date in UTC) con limiti di tempo e memoria; Node.js no.\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_extraction_plus_data_tables_is_the_rule_input() {
        let stored = r#"{"rawText":"Società","pages":[1],"tables":[],"rawTextWithGeometry":[ {"text":"a"} ]}"#;
        let document = DocumentInput::from_extraction(stored.as_bytes()).expect("valid");
        let mut tables = Map::new();
        tables.insert("t".into(), serde_json::json!([1]));
        let input = document.to_json(&tables);
        let value: Value = serde_json::from_slice(&input).expect("valid JSON");
        assert_eq!(value["rawText"], "Società");
        assert_eq!(value["dataTables"]["t"][0], 1);
        assert_eq!(value["formData"], Value::Null);
        assert_eq!(value["rawTextWithGeometry"][0]["text"], "a");
        assert!(value.get("pages").is_none());
        let text = String::from_utf8(input).unwrap();
        let at = |name: &str| text.find(&format!("\"{name}\":")).unwrap();
        assert!(at("rawText") < at("tables"));
        assert!(at("tables") < at("rawTextWithGeometry"));
        assert!(at("rawTextWithGeometry") < at("formData"));
        assert!(at("formData") < at("dataTables"));
        assert!(DocumentInput::from_extraction(b"{\"rawText\": ").is_err());
    }

    #[test]
    fn dossier_inputs_are_one_per_item() {
        let metas = serde_json::json!({ "d1": { "importo": 1 } });
        let inputs = dossier_inputs(&metas, &serde_json::json!([{ "minimo": 1 }, 2]));
        assert_eq!(inputs.len(), 2);
        assert_eq!(inputs[1], serde_json::json!({ "metas": metas, "input": 2 }));
        assert!(dossier_inputs(&metas, &serde_json::json!({})).is_empty());
    }

    #[test]
    fn a_dossier_rule_download_imports_again() {
        let id = uuid::Uuid::now_v7();
        let rule = PlaygroundRule {
            name: "Regola".into(),
            code: "export default () => ({ success: true });".into(),
            helper: String::new(),
            package_json: "{}".into(),
            metadata: Some(RuleMetadata {
                format_version: FORMAT_VERSION,
                id,
                description: "Regola".into(),
                istituto_appartenenza: "Banca".into(),
                must_contain: vec![],
                not_contain: vec![],
                nota: String::new(),
                gruppo: vec![],
                active: true,
                valid: true,
                dossier_type: None,
                data_tables: vec![],
            }),
            input: serde_json::json!([]),
        };
        let bytes = rule.write_zip().expect("zip");
        let read = super::super::archive::read(&bytes, &Default::default()).expect("readable");
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].metadata.id, id);
        assert_eq!(read[0].code, rule.code);
    }
}
