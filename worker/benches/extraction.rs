//! What containing the extraction in a child process costs a document (issue 29; `just bench
//! extraction`, figures in docs/benchmarks.md): the same PDFs extracted in this process
//! ([`Engine`], what the worker did before) and through the worker's [`Extractor`] (a warm
//! child of its pool: the PDF written to the child's pipe, the extraction read back as JSON),
//! one document at a time, alternated so that both see the same machine; plus a cold start
//! (a new pool: the child started, PDFium loaded, Tesseract checked, then the document).
//!
//! Needs PDFium (`scripts/pdfium.sh`) and the `worker` binary of the same profile (cargo builds
//! it for a bench).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use shared::config::{ExtractionConfig, Vars};
use shared::testing::pdf;
use worker::extraction::{Engine, Extractor, ExtractorConfig};

const CLAUSE: &str = "Il finanziamento è rimborsato in rate mensili costanti, comprensive di \
    capitale e interessi, con addebito sul conto corrente indicato dal cliente";

fn main() {
    let config = ExtractorConfig {
        child_program: PathBuf::from(env!("CARGO_BIN_EXE_worker")),
        ..ExtractorConfig::from_config(
            &ExtractionConfig::from_vars(&Vars::env()).expect("a valid extraction configuration"),
        )
    };
    let engine = Engine::new(&config).expect("PDFium (scripts/pdfium.sh) and tesseract");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let extractor = Extractor::new(&config).expect("the extraction's child process");

    let page: String = (1..=40).map(|i| format!("{i}. {CLAUSE}\n")).collect();
    let contract: Vec<&str> = vec![page.as_str(); 12];
    let documents = [
        ("one text page", pdf::text_pdf(&[CLAUSE]), 60),
        ("12-page contract", pdf::text_pdf(&contract), 30),
        (
            "one scanned page (OCR)",
            pdf::scanned_pdf(&["PRIMA", "SECONDA"]),
            5,
        ),
    ];
    println!("document | in process p50 | child p50 | added p50 | cold child p50");
    for (name, bytes, rounds) in documents {
        let (mut local, mut child, mut cold) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..rounds {
            let started = Instant::now();
            engine.extract(bytes.clone(), None).expect("extracted");
            local.push(started.elapsed());

            let started = Instant::now();
            runtime
                .block_on(extractor.extract(bytes.clone()))
                .expect("extracted");
            child.push(started.elapsed());

            if round < 5 {
                let started = Instant::now();
                let fresh = Extractor::new(&config).expect("a child");
                runtime
                    .block_on(fresh.extract(bytes.clone()))
                    .expect("extracted");
                cold.push(started.elapsed());
            }
        }
        let p50 = |samples: &mut Vec<Duration>| {
            samples.sort();
            samples[samples.len() / 2]
        };
        let (local, child, cold) = (p50(&mut local), p50(&mut child), p50(&mut cold));
        println!(
            "{name} | {:.2} ms | {:.2} ms | {:+.2} ms ({:.2}×) | {:.1} ms",
            ms(local),
            ms(child),
            ms(child) - ms(local),
            ms(child) / ms(local),
            ms(cold)
        );
    }
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
