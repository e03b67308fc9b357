//! Benchmarks of the rule runtime (`just bench`; figures in docs/benchmarks.md).
//!
//! Criterion measures compilation and one execution (trivial and realistic rule); then a
//! summary measures what criterion does not report: p50/p99 latency over many executions,
//! executions per second on one and on every core, and memory per concurrent execution.
//!
//! Needs the plugin (`scripts/javy-plugin.sh`); `ISTRUTTORIA_JAVY_PLUGIN` overrides its place.

mod support;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use std::hint::black_box;

use criterion::Criterion;
use serde_json::json;
use support::{allocator, measure, percentile};
use worker::rules::{Limits, RuleInput, RuleRuntime, RuntimeConfig};

const TRIVIAL_RULE: &str = "export default () => ({ success: true });";

/// A document rule as authors write them: regular expressions over the contract's text, a pass
/// over the extracted table rows, metas out.
const REALISTIC_RULE: &str = r#"
const IBAN = /\bIT\d{2}[A-Z]\d{10}[0-9A-Z]{12}\b/g;
const CODICE_FISCALE = /\b[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z]\b/g;
const IMPORTO = /(?:euro|€)\s*(?<importo>\d{1,3}(?:\.\d{3})*,\d{2})/gi;
const TAEG = /TAEG[^%]{0,80}?(?<taeg>\d{1,2},\d{1,3})\s*%/i;
const DATA = /\b(?<g>\d{2})\/(?<m>\d{2})\/(?<a>\d{4})\b/g;
const numero = (s) => Number(s.replace(/\./g, "").replace(",", "."));

export default function ({ rawText, tables }) {
  const ibans = new Set(rawText.match(IBAN) ?? []);
  const codiciFiscali = new Set(rawText.match(CODICE_FISCALE) ?? []);
  let totaleImporti = 0;
  for (const m of rawText.matchAll(IMPORTO)) totaleImporti += numero(m.groups.importo);
  const date = [...rawText.matchAll(DATA)].map((m) => `${m.groups.a}-${m.groups.m}-${m.groups.g}`);
  const taeg = rawText.match(TAEG)?.groups.taeg;
  const piano = tables[0].rows;
  let capitale = 0, interessi = 0;
  for (const riga of piano) {
    capitale += numero(riga.quotaCapitale);
    interessi += numero(riga.quotaInteressi);
  }
  const ultima = piano.at(-1);
  const success = ibans.size === 1 && codiciFiscali.size >= 1 && taeg !== undefined && piano.length === 200;
  return {
    success,
    metas: {
      iban: [...ibans][0] ?? null,
      codiceFiscale: [...codiciFiscali][0] ?? null,
      taeg: taeg ?? null,
      rate: String(piano.length),
      scadenzaUltimaRata: ultima?.scadenza ?? null,
    },
    capitale: Math.round(capitale * 100) / 100,
    interessi: Math.round(interessi * 100) / 100,
    importiCitati: Math.round(totaleImporti * 100) / 100,
    date: date.length,
  };
}
"#;

/// ~30 KB of Italian contract text and a 200-row amortisation table.
fn realistic_input() -> Vec<u8> {
    let clauses = [
        "Il Finanziatore concede al Cliente, sig. Mario Rossi (codice fiscale RSSMRA80A01H501U), nato a Roma il 01/01/1980, un prestito personale dell'importo di euro 25.000,00 da rimborsare in rate mensili posticipate.",
        "Il TAEG (tasso annuo effettivo globale) è pari al 7,450 % e il TAN fisso è pari al 6,900 %; l'importo totale dovuto dal consumatore è di € 29.876,40.",
        "Le rate saranno addebitate sul conto corrente IBAN IT60X0542811101000000123456 intestato al Cliente, con valuta il giorno 5 di ogni mese a partire dal 05/03/2024.",
        "In caso di ritardato pagamento si applicheranno gli interessi di mora nella misura del tasso contrattuale maggiorato di due punti percentuali, oltre alle spese di sollecito di euro 15,00.",
        "Il Cliente ha facoltà di recedere dal contratto entro quattordici giorni dalla conclusione, dandone comunicazione scritta e restituendo il capitale e gli interessi maturati fino alla data della restituzione.",
        "Il Cliente può rimborsare anticipatamente in tutto o in parte l'importo dovuto; in tal caso ha diritto a una riduzione del costo totale del credito, pari agli interessi e ai costi dovuti per la vita residua del contratto.",
        "Per ogni controversia è competente il foro del luogo di residenza o di domicilio elettivo del consumatore; è fatta salva la possibilità di ricorrere all'Arbitro Bancario Finanziario.",
        "Le comunicazioni periodiche saranno inviate almeno una volta l'anno; il Cliente può chiederne l'invio in formato elettronico. Data di stipula: 15/02/2024, luogo: Milano.",
    ];
    let mut text = String::new();
    let mut i = 0;
    while text.len() < 30 * 1024 {
        text.push_str(&format!("Art. {}. ", i + 1));
        text.push_str(clauses[i % clauses.len()]);
        text.push_str("\n\n");
        i += 1;
    }
    let rows: Vec<_> = (0..200)
        .map(|n| {
            json!({
                "rata": n + 1,
                "scadenza": format!("05/{:02}/{}", n % 12 + 1, 2024 + n / 12),
                "importoRata": "124,48",
                "quotaCapitale": format!("{},{:02}", 80 + n / 10, n % 100),
                "quotaInteressi": format!("{},{:02}", 44 - n / 10, (100 - n % 100) % 100),
                "debitoResiduo": format!("{}.{:03},00", 24 - n / 9, (n * 37) % 1000),
            })
        })
        .collect();
    json!({
        "rawText": text,
        "tables": [{ "name": "piano di ammortamento", "rows": rows }],
        "rawTextWithGeometry": [],
        "dataTables": {},
        "formData": {}
    })
    .to_string()
    .into_bytes()
}

fn plugin_path() -> PathBuf {
    std::env::var_os("ISTRUTTORIA_JAVY_PLUGIN")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.data/javy-plugin/plugin.wasm")
        })
}

fn main() {
    let cache = tempfile::tempdir().expect("a temporary directory");
    let config = RuntimeConfig {
        plugin_path: plugin_path(),
        cache_dir: cache.path().to_path_buf(),
        module_storage: None,
        limits: Limits::default(),
        allocator: allocator(),
        patterns: Default::default(),
    };
    let runtime =
        Arc::new(RuleRuntime::new(&config).expect("the Javy plugin (scripts/javy-plugin.sh)"));
    let limits = Limits::default();
    let trivial = runtime.compile(TRIVIAL_RULE, None).expect("compiles");
    let realistic = runtime.compile(REALISTIC_RULE, None).expect("compiles");
    let realistic_json = realistic_input();
    let realistic_input = RuleInput::json(&realistic_json);
    let trivial_input = RuleInput::json(b"{}");
    let check = runtime.execute(&realistic, &realistic_input, &limits);
    assert!(check.is_ok(), "{check:#?}");
    assert_eq!(
        check.result.as_ref().unwrap()["success"],
        true,
        "{check:#?}"
    );

    let mut criterion = Criterion::default().configure_from_args();
    {
        let mut group = criterion.benchmark_group("compile");
        group
            .sample_size(10)
            .measurement_time(Duration::from_secs(15));
        let counter = AtomicUsize::new(0);
        // Every iteration is new content: bundle + bytecode in the plugin + module + Module::new.
        group.bench_function("codegen", |b| {
            b.iter(|| {
                let n = counter.fetch_add(1, Ordering::Relaxed);
                let code = format!("// {n}\n{REALISTIC_RULE}");
                black_box(runtime.compile(&code, None).expect("compiles"))
            })
        });
        // A temporary run (Esegui, what-if) of a changed rule, in the worker: compile, then run.
        group.bench_function("changed-realistic-run", |b| {
            b.iter(|| {
                let n = counter.fetch_add(1, Ordering::Relaxed);
                let code = format!("// {n}\n{REALISTIC_RULE}");
                let execution = runtime.run(&code, None, &realistic_input, &limits);
                assert!(execution.is_ok());
                black_box(execution)
            })
        });
        group.finish();
        let mut group = criterion.benchmark_group("compile-cached");
        group.bench_function("memory-hit", |b| {
            b.iter(|| black_box(runtime.compile(REALISTIC_RULE, None).expect("compiles")))
        });
        group.finish();
    }
    {
        let mut group = criterion.benchmark_group("execute");
        group.bench_function("trivial", |b| {
            b.iter(|| black_box(runtime.execute(&trivial, &trivial_input, &limits)))
        });
        group.bench_function("realistic", |b| {
            b.iter(|| black_box(runtime.execute(&realistic, &realistic_input, &limits)))
        });
        group.finish();
    }
    criterion.final_summary();

    // The summary criterion does not give.
    let quick = std::env::args().any(|a| a == "--test" || a == "--list");
    if quick {
        return;
    }
    println!("\n== summary ==");
    println!("{}", support::platform_line());
    println!(
        "input of the realistic rule: {} bytes of JSON",
        realistic_json.len()
    );
    for (name, rule, input, n) in [
        ("trivial", &trivial, &trivial_input, 5000usize),
        ("realistic", &realistic, &realistic_input, 2000),
    ] {
        let mut samples: Vec<Duration> = (0..n)
            .map(|_| {
                let start = Instant::now();
                let execution = runtime.execute(rule, input, &limits);
                let elapsed = start.elapsed();
                assert!(execution.is_ok());
                elapsed
            })
            .collect();
        samples.sort();
        println!(
            "latency {name}: p50 {:.1} µs, p99 {:.1} µs (n = {n})",
            percentile(&samples, 0.50).as_secs_f64() * 1e6,
            percentile(&samples, 0.99).as_secs_f64() * 1e6,
        );
    }
    // Where the time of one execution goes: medians of each phase.
    for (name, rule, input) in [
        ("trivial", &trivial, &trivial_input),
        ("realistic", &realistic, &realistic_input),
    ] {
        let mut phases: [Vec<Duration>; 4] = Default::default();
        for _ in 0..2000 {
            let (execution, p) = runtime.execute_profiled(rule, input, &limits);
            assert!(execution.is_ok());
            for (i, d) in [p.setup, p.instantiate, p.run, p.collect]
                .into_iter()
                .enumerate()
            {
                phases[i].push(d);
            }
        }
        let median = |v: &mut Vec<Duration>| {
            v.sort();
            percentile(v, 0.5).as_secs_f64() * 1e6
        };
        println!(
            "phases {name} (medians): setup {:.1} µs, instantiate {:.1} µs, run {:.1} µs, collect {:.1} µs",
            median(&mut phases[0]),
            median(&mut phases[1]),
            median(&mut phases[2]),
            median(&mut phases[3]),
        );
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (name, rule, input) in [
        ("trivial", &trivial, &trivial_input),
        ("realistic", &realistic, &realistic_input),
    ] {
        for threads in [1, cores] {
            let window = Duration::from_secs(3);
            let done = AtomicUsize::new(0);
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(|| {
                        let start = Instant::now();
                        while start.elapsed() < window {
                            assert!(runtime.execute(rule, input, &limits).is_ok());
                            done.fetch_add(1, Ordering::Relaxed);
                        }
                    });
                }
            });
            let per_second = done.load(Ordering::Relaxed) as f64 / window.as_secs_f64();
            println!(
                "throughput {name}, {threads} thread(s): {per_second:.0} executions/s ({:.0} per core)",
                per_second / threads.min(cores) as f64
            );
        }
    }
    // Memory per concurrent execution: what one execution holds at its most, each rule on a
    // runtime of its own whose pool has run nothing yet (a used slot keeps pages of earlier
    // executions resident: see the documents bench).
    for (name, code, input) in [
        ("trivial", TRIVIAL_RULE, &trivial_input),
        ("realistic", REALISTIC_RULE, &realistic_input),
    ] {
        let fresh = RuleRuntime::new(&config).expect("a second runtime");
        // Loaded from the cache, outside the measure.
        fresh.compile(code, None).expect("compiles");
        let footprint = measure(|| {
            let (execution, memory) =
                fresh.run_on_document_measured(code, None, input, None, &limits);
            assert!(execution.is_ok());
            memory
        });
        println!("memory {name}: {footprint}");
    }
}
