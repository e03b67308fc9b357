//! The PDF extraction against real PDFium (`ISTRUTTORIA_PDFIUM_LIBRARY`, set for cargo's
//! processes in `.cargo/config.toml`; `scripts/pdfium.sh` fetches it) and the real `tesseract`
//! CLI, on the fixtures of `shared::testing::pdf`.

use std::path::PathBuf;
use std::time::Instant;

use serde_json::json;
use shared::config::{ExtractionConfig, Vars};
use shared::testing::pdf::{
    self, ENCRYPTED_PDF_PASSWORD, FieldValue, PAGE_HEIGHT, PAGE_WIDTH, TABLE_HEADING,
};
use worker::extraction::sandbox::Breach;
use worker::extraction::{
    Engine, Extraction, ExtractionError, ExtractionSetupError, Extractor, ExtractorConfig, Word,
};

fn config() -> ExtractorConfig {
    ExtractorConfig {
        // The extraction's child process is the worker binary (this test's own binary is not).
        child_program: PathBuf::from(env!("CARGO_BIN_EXE_worker")),
        ..ExtractorConfig::from_config(&ExtractionConfig::from_vars(&Vars::env()).expect("valid"))
    }
}

/// The extraction in this process, for what tests prepare (a page rendered as a scan).
fn engine() -> Engine {
    Engine::new(&config()).expect("PDFium and Tesseract")
}

fn extractor() -> Extractor {
    let config = config();
    Extractor::new(&config).unwrap_or_else(|e| {
        panic!(
            "{e} (ISTRUTTORIA_PDFIUM_LIBRARY={:?})",
            config.pdfium_library
        )
    })
}

async fn extract(pdf: Vec<u8>) -> Extraction {
    extractor()
        .extract(pdf)
        .await
        .expect("the PDF is extracted")
}

fn texts(words: &[Word]) -> Vec<&str> {
    words.iter().map(|w| w.text.as_str()).collect()
}

const ITALIAN: &str = "Società per azioni – capitale € 10.000,00\n\
    àèéìòù ÀÈÉÌÒÙ\n\
    «Perché» l’attività è già iniziata";

#[tokio::test]
async fn text_with_italian_accents_round_trips() {
    let extraction = extract(pdf::text_pdf(&[ITALIAN])).await;

    assert_eq!(extraction.pages.len(), 1);
    let page = &extraction.pages[0];
    assert_eq!((page.page, page.ocr), (1, false));
    assert_eq!((page.width, page.height), (PAGE_WIDTH, PAGE_HEIGHT));
    assert_eq!(page.text, ITALIAN, "every accent, `€`, `–`, `«»` and `’`");
    assert_eq!(extraction.raw_text, ITALIAN);
    assert!(!extraction.raw_text.contains('\r'));

    let words = texts(&extraction.raw_text_with_geometry);
    let expected: Vec<&str> = ITALIAN.split_whitespace().collect();
    assert_eq!(words, expected);
    assert!(extraction.tables.is_empty(), "{:?}", extraction.tables);
    assert!(extraction.form_data.is_empty());
}

#[tokio::test]
async fn words_have_boxes_on_the_page_in_reading_order() {
    let extraction = extract(pdf::text_pdf(&[ITALIAN])).await;
    let words = &extraction.raw_text_with_geometry;
    for w in words {
        assert_eq!(w.page, 1);
        assert!(w.x0 < w.x1 && w.y0 < w.y1, "{w:?}");
        assert!(w.x0 >= 0.0 && w.x1 <= PAGE_WIDTH, "{w:?}");
        assert!(w.y0 >= 0.0 && w.y1 <= PAGE_HEIGHT, "{w:?}");
        // Helvetica 12 pt: a line's box is about 12 pt high.
        assert!((8.0..=20.0).contains(&(w.y1 - w.y0)), "{w:?}");
    }
    // The first word starts at the left margin, near the top (origin top-left).
    let first = &words[0];
    assert!((first.x0 - pdf::MARGIN).abs() < 2.0, "{first:?}");
    assert!((first.y1 - pdf::MARGIN).abs() < 6.0, "{first:?}");
    // Left to right within a line, lines top to bottom, 16 pt apart.
    let line_of = |text: &str| words.iter().find(|w| w.text == text).expect(text);
    let (societa, per) = (line_of("Società"), line_of("per"));
    assert!(societa.x1 < per.x0 && (societa.y0 - per.y0).abs() < 0.5);
    let accents = line_of("àèéìòù");
    assert!(
        (accents.y0 - societa.y0 - pdf::LEADING).abs() < 1.0,
        "{accents:?}"
    );
}

#[tokio::test]
async fn multi_page_text_keeps_page_order() {
    let pages = [
        "Prima pagina\nintestazione",
        "Seconda pagina",
        "Terza pagina\nfirma",
    ];
    let extraction = extract(pdf::text_pdf(&pages)).await;

    // Each page but the last ends with a line break before the form feed (issue 30): a rule
    // reading line by line never joins the last line of a page to the first of the next.
    assert_eq!(
        extraction.raw_text,
        "Prima pagina\nintestazione\n\u{c}Seconda pagina\n\u{c}Terza pagina\nfirma"
    );
    let lines: Vec<&str> = extraction.raw_text.split('\n').collect();
    assert_eq!(
        lines,
        [
            "Prima pagina",
            "intestazione",
            "\u{c}Seconda pagina",
            "\u{c}Terza pagina",
            "firma"
        ]
    );
    let numbers: Vec<u32> = extraction.pages.iter().map(|p| p.page).collect();
    assert_eq!(numbers, [1, 2, 3]);
    let word_pages: Vec<(u32, &str)> = extraction
        .raw_text_with_geometry
        .iter()
        .map(|w| (w.page, w.text.as_str()))
        .collect();
    assert_eq!(
        word_pages,
        [
            (1, "Prima"),
            (1, "pagina"),
            (1, "intestazione"),
            (2, "Seconda"),
            (2, "pagina"),
            (3, "Terza"),
            (3, "pagina"),
            (3, "firma"),
        ]
    );
}

#[tokio::test]
async fn a_ruled_table_becomes_its_grid() {
    let rows = vec![
        vec!["Rata", "Scadenza", "Importo"],
        vec!["1", "31/01/2026", "€ 250,00"],
        vec!["2", "28/02/2026", "€ 250,00"],
        vec!["Totale", "", "€ 500,00"],
    ];
    let extraction = extract(pdf::table_pdf(&rows)).await;

    assert_eq!(extraction.tables.len(), 1, "{:?}", extraction.tables);
    let table = &extraction.tables[0];
    assert_eq!(table.page, 1);
    let mut expected = vec![vec![TABLE_HEADING.to_owned(), String::new(), String::new()]];
    expected.extend(
        rows.iter()
            .map(|row| row.iter().map(|cell| (*cell).to_owned()).collect()),
    );
    assert_eq!(table.rows, expected);
    // The caption above the table is text, not a cell.
    assert!(extraction.raw_text.starts_with(pdf::TABLE_CAPTION));
}

#[tokio::test]
async fn form_fields_in_one_representation() {
    let fields = [
        ("cliente", FieldValue::Text("Mario Rossi")),
        ("citta", FieldValue::Text("Forlì")),
        ("note", FieldValue::Text("")),
        ("privacy", FieldValue::Checkbox(true)),
        ("marketing", FieldValue::Checkbox(false)),
        (
            "periodicita",
            FieldValue::Radio {
                options: &["Mensile", "Trimestrale", "Annuale"],
                selected: Some("Trimestrale"),
            },
        ),
        (
            "garanzia",
            FieldValue::Radio {
                options: &["Fideiussione", "Ipoteca"],
                selected: None,
            },
        ),
    ];
    let extraction = extract(pdf::form_pdf(&fields)).await;

    let form = serde_json::to_value(&extraction.form_data).expect("JSON");
    assert_eq!(
        form,
        json!({
            "cliente": "Mario Rossi",
            "citta": "Forlì",
            "note": null,
            "privacy": true,
            "marketing": false,
            "periodicita": "Trimestrale",
            "garanzia": null,
        })
    );
    // The labels are the page's text.
    assert!(
        extraction.raw_text.contains("cliente"),
        "{}",
        extraction.raw_text
    );
}

#[tokio::test]
async fn a_page_that_is_only_an_image_is_read_by_ocr() {
    let extractor = extractor();
    let text = "Contratto di finanziamento\n\
        Società per azioni con sede in Bologna\n\
        Il cliente è tenuto al pagamento delle rate\n\
        perché la durata è di sessanta mesi";
    let image = engine()
        .render_page(pdf::text_pdf(&[text]), 1, 300.0)
        .expect("rendered");
    assert_eq!((image.width, image.height), (2479, 3508));
    let scan = pdf::image_pdf(&image.pixels, image.width, image.height);

    let started = Instant::now();
    let extraction = extractor.extract(scan).await.expect("extracted");
    eprintln!("OCR of one page: {:.2} s", started.elapsed().as_secs_f64());

    let page = &extraction.pages[0];
    assert!(page.ocr);
    let read = page.text.to_lowercase();
    for expected in [
        "contratto",
        "finanziamento",
        "società",
        "bologna",
        "cliente",
        "pagamento",
        "perché",
        "durata",
        "mesi",
    ] {
        assert!(read.contains(expected), "{expected:?} not in {read:?}");
    }
    assert_eq!(extraction.raw_text, page.text);
    // OCR words carry boxes in points, on the page, in the first line's place.
    let words = &extraction.raw_text_with_geometry;
    assert!(words.len() >= 20, "{words:?}");
    for w in words {
        assert!(w.x0 < w.x1 && w.y0 < w.y1, "{w:?}");
        assert!(
            w.x1 <= page.width + 1.0 && w.y1 <= page.height + 1.0,
            "{w:?}"
        );
    }
    let first = &words[0];
    assert!(first.text.eq_ignore_ascii_case("contratto"), "{first:?}");
    assert!((first.x0 - pdf::MARGIN).abs() < 4.0, "{first:?}");
    assert!((first.y1 - pdf::MARGIN).abs() < 8.0, "{first:?}");
}

#[tokio::test]
async fn a_truncated_pdf_is_corrupt() {
    let error = extractor()
        .extract(pdf::corrupt_pdf())
        .await
        .expect_err("truncated");
    assert!(matches!(error, ExtractionError::Corrupt(_)), "{error:?}");
    assert!(error.to_string().starts_with("PDF danneggiato"), "{error}");

    let error = extractor()
        .extract(b"PK\x03\x04 not a pdf at all".to_vec())
        .await
        .expect_err("not a PDF");
    assert!(matches!(error, ExtractionError::Corrupt(_)), "{error:?}");
    let error = extractor().extract(Vec::new()).await.expect_err("empty");
    assert!(matches!(error, ExtractionError::Corrupt(_)), "{error:?}");
}

#[tokio::test]
async fn a_password_protected_pdf_is_encrypted() {
    let encrypted = pdf::encrypted_pdf();
    let error = extractor()
        .extract(encrypted.clone())
        .await
        .expect_err("no password");
    assert_eq!(error, ExtractionError::Encrypted);
    assert_eq!(error.to_string(), "PDF protetto da password");
    // The fixture is a real encrypted PDF: its text is there, behind the password.
    assert!(!encrypted.windows(10).any(|w| w == b"Documento "));
    assert!(!ENCRYPTED_PDF_PASSWORD.is_empty());
}

/// A "deflate bomb": a content stream that inflates past the stream bound is refused before
/// PDFium inflates it; so is a document whose streams together pass the document's bound.
/// Ordinary documents, their images included, still extract under the same bounds.
#[tokio::test]
async fn a_pdf_that_inflates_past_the_bounds_is_refused() {
    const MIB: u64 = 1 << 20;
    let bounded = Extractor::new(&ExtractorConfig {
        pdf_max_stream_bytes: MIB,
        pdf_max_inflated_bytes: 2 * MIB,
        ..config()
    })
    .expect("extractor");

    let bomb = pdf::inflating_pdf(&[2 * MIB]);
    assert!(bomb.len() < 20_000, "{} bytes", bomb.len());
    let error = bounded.extract(bomb.clone()).await.expect_err("a bomb");
    assert_eq!(error, ExtractionError::StreamTooLarge { max: MIB });
    assert_eq!(
        error.to_string(),
        "PDF troppo grande una volta decompresso: un suo flusso supera 1 MiB"
    );
    // Without the bound PDFium reads it: the refusal is the pre-scan's.
    let read = extract(bomb).await;
    assert_eq!(read.raw_text, "Pagina 1");

    let pages = pdf::inflating_pdf(&[3 * MIB / 4, 3 * MIB / 4, 3 * MIB / 4]);
    let error = bounded.extract(pages).await.expect_err("too much in all");
    assert_eq!(error, ExtractionError::InflatedTooLarge { max: 2 * MIB });
    assert_eq!(
        error.to_string(),
        "PDF troppo grande una volta decompresso: in totale supera 2 MiB"
    );
    // Rendering goes through the same check.
    let error = Engine::new(&ExtractorConfig {
        pdf_max_stream_bytes: MIB,
        pdf_max_inflated_bytes: 2 * MIB,
        ..config()
    })
    .expect("engine")
    .render_page(pdf::inflating_pdf(&[2 * MIB]), 1, 72.0)
    .expect_err("a bomb");
    assert_eq!(error, ExtractionError::StreamTooLarge { max: MIB });

    // Within the bounds: two streams of 3/4 MiB, a text page, a scan (its image, 2000 × 327
    // grey pixels, inflates to 654,000 bytes).
    let two = bounded
        .extract(pdf::inflating_pdf(&[3 * MIB / 4, 3 * MIB / 4]))
        .await
        .expect("within the bounds");
    assert_eq!(two.raw_text, "Pagina 1\n\x0cPagina 2");
    let text = bounded
        .extract(pdf::text_pdf(&[ITALIAN]))
        .await
        .expect("an ordinary PDF");
    assert_eq!(text.raw_text, ITALIAN);
    let scan = bounded
        .extract(pdf::scanned_pdf(&["PRIMA"]))
        .await
        .expect("an ordinary scan");
    assert!(
        scan.pages[0].ocr && scan.raw_text.contains("PRIMA"),
        "{scan:?}"
    );
}

#[tokio::test]
async fn extractions_run_concurrently() {
    let extractor = extractor();
    let started = Instant::now();
    // Full pages: 43 lines of about 60 characters each.
    let body = vec![ITALIAN; 14].join("\n");
    let pages: Vec<String> = (1..=50).map(|i| format!("Pagina {i}\n{body}")).collect();
    let pages: Vec<&str> = pages.iter().map(String::as_str).collect();
    let documents = (0..4).map(|_| extractor.extract(pdf::text_pdf(&pages)));
    let results = futures::future::join_all(documents).await;
    let elapsed = started.elapsed().as_secs_f64();
    eprintln!(
        "text: 200 pages in {elapsed:.2} s ({:.0} pages/s)",
        200.0 / elapsed
    );
    for result in results {
        let extraction = result.expect("extracted");
        assert_eq!(extraction.pages.len(), 50);
        assert!(extraction.pages[49].text.starts_with("Pagina 50\n"));
    }
}

#[tokio::test]
async fn the_extraction_serialises_as_rules_read_it() {
    let extraction = extract(pdf::text_pdf(&["Uno due"])).await;
    let value = serde_json::to_value(&extraction).expect("JSON");
    assert_eq!(value["rawText"], "Uno due");
    assert_eq!(value["pages"][0]["ocr"], false);
    assert_eq!(value["rawTextWithGeometry"][1]["text"], "due");
    assert!(value["rawTextWithGeometry"][0]["x0"].is_number());
    assert_eq!(value["tables"], json!([]));
    assert_eq!(value["formData"], json!({}));
    let back: Extraction = serde_json::from_value(value).expect("round trip");
    assert_eq!(back, extraction);
}

#[test]
fn a_missing_library_or_language_is_a_clear_setup_error() {
    let error = Extractor::new(&ExtractorConfig {
        pdfium_library: PathBuf::from("/nonexistent/libpdfium.so"),
        ..config()
    })
    .expect_err("no library");
    assert!(
        matches!(error, ExtractionSetupError::PdfiumMissing { .. }),
        "{error:?}"
    );
    let text = error.to_string();
    assert!(
        text.contains("ISTRUTTORIA_PDFIUM_LIBRARY") && text.contains("scripts/pdfium.sh"),
        "{text}"
    );

    let error = Extractor::new(&ExtractorConfig {
        tesseract: PathBuf::from("/nonexistent/tesseract"),
        ..config()
    })
    .expect_err("no tesseract");
    assert!(
        error.to_string().contains("ISTRUTTORIA_TESSERACT"),
        "{error}"
    );

    let error = Extractor::new(&ExtractorConfig {
        ocr_languages: "ita+tlh".into(),
        ..config()
    })
    .expect_err("no Klingon model");
    assert!(error.to_string().contains("tesseract-ocr-tlh"), "{error}");
}

/// A blank page of 4500 × 4500 points (62 inches a side) would be 351 megapixels at 300 dpi:
/// it is rendered at the resolution that fits the pixel cap, and a page too large even at
/// 72 dpi is reported, not read. Pages past the document's OCR budget are reported too.
#[tokio::test]
async fn ocr_renders_within_the_pixel_cap_and_the_page_budget() {
    use worker::extraction::{MIN_OCR_DPI, OCR_DPI, ocr_dpi};

    // An A4 page keeps 300 dpi; a huge one is scaled down to the cap; a giant one is refused.
    assert_eq!(ocr_dpi(595.0, 842.0, 40_000_000), Some(OCR_DPI));
    let dpi = ocr_dpi(4500.0, 4500.0, 40_000_000).expect("fits at a lower resolution");
    assert!((MIN_OCR_DPI..OCR_DPI).contains(&dpi), "{dpi}");
    let side = 4500.0 / 72.0 * f64::from(dpi);
    assert!(side * side <= 40_000_000.0, "{side}");
    assert_eq!(ocr_dpi(14_400.0, 14_400.0, 40_000_000), None);

    // The 62-inch page under a 2-megapixel cap (it would need ≈ 23 dpi: too coarse, not read).
    let huge = pdf::blank_pdf(4500, 4500);
    let small = Extractor::new(&ExtractorConfig {
        ocr_max_pixels: 2_000_000,
        ..config()
    })
    .expect("extractor");
    let started = Instant::now();
    let extraction = small.extract(huge).await.expect("extracted");
    assert_eq!(
        extraction.pages[0].width, 4500.0,
        "the page is 4500 points wide"
    );
    assert_eq!(
        extraction.unread_pages.len(),
        1,
        "{:?}",
        extraction.unread_pages
    );
    assert_eq!(
        extraction.unread_pages[0].reason.italian(),
        "pagina troppo grande per l'OCR (4500 × 4500 punti)"
    );
    assert_eq!(
        extraction.unread_pages[0].reason.english(),
        "page too large for OCR (4500 × 4500 points)"
    );
    assert!(started.elapsed().as_secs() < 30);

    // A scanned page, a budget of none.
    let scans = pdf::scanned_pdf(&["PRIMA"]);
    let one = Extractor::new(&ExtractorConfig {
        ocr_max_pages: 0,
        ..config()
    })
    .expect("extractor");
    let extraction = one.extract(scans).await.expect("extracted");
    assert!(!extraction.pages[0].ocr);
    assert_eq!(extraction.unread_pages[0].page, 1);
    assert_eq!(
        extraction.unread_pages[0].reason.italian(),
        "oltre le 0 pagine lette con OCR per documento"
    );
}

/// Memory enough for the child process and ordinary documents, far too little for a stream
/// decoding to hundreds of MiB.
const SMALL_MEMORY: u64 = 512 << 20;

fn contained(memory_bytes: u64) -> Extractor {
    let config = config();
    Extractor::new(&ExtractorConfig {
        limits: worker::extraction::sandbox::Limits {
            memory_bytes,
            ..config.limits
        },
        ..config
    })
    .expect("extractor")
}

/// The review's worst file: one page whose LZW content stream decodes to 1 GiB made PDFium
/// abort the whole worker. Now it ends only that document, with its reason, and the same
/// extractor goes on with the next one (a new child process).
#[tokio::test]
async fn an_lzw_bomb_costs_its_document_not_the_worker() {
    use shared::testing::pdf::BombEncoding;
    // The fixture is real LZW: a small one reads as its text.
    let small = pdf::encoded_bomb_pdf(BombEncoding::Lzw, 1 << 20);
    assert_eq!(extract(small).await.raw_text, "Pagina 1");

    let bomb = pdf::encoded_bomb_pdf(BombEncoding::Lzw, 1 << 30);
    assert!(bomb.len() < 1_000_000, "{} bytes", bomb.len());
    let extractor = contained(SMALL_MEMORY);
    let error = extractor
        .extract(bomb)
        .await
        .expect_err("past the memory limit");
    assert!(
        matches!(error, ExtractionError::Limits(Breach::Crashed { .. })),
        "{error:?}"
    );
    let text = error.to_string();
    assert!(
        text.starts_with("il PDF ha superato i limiti di elaborazione: estrazione interrotta (")
            && text.ends_with("memoria massima 512 MiB)"),
        "{text}"
    );
    let next = extractor
        .extract(pdf::text_pdf(&[ITALIAN]))
        .await
        .expect("the next document");
    assert_eq!(next.raw_text, ITALIAN);
}

/// Flate behind a text filter passed the pre-scan (a 1 GiB bomb cost the worker 2 GB and ended
/// "processed"): now it is refused before PDFium, like a bare Flate bomb.
#[tokio::test]
async fn flate_behind_a_text_filter_is_refused_before_pdfium() {
    use shared::testing::pdf::BombEncoding;
    const MIB: u64 = 1 << 20;
    let bounded = Extractor::new(&ExtractorConfig {
        pdf_max_stream_bytes: MIB,
        pdf_max_inflated_bytes: 2 * MIB,
        ..config()
    })
    .expect("extractor");
    for encoding in [BombEncoding::AsciiHexFlate, BombEncoding::Ascii85Flate] {
        // Real filters: within the bounds the page reads as its text.
        let small = pdf::encoded_bomb_pdf(encoding, MIB / 2);
        let read = bounded.extract(small).await.expect("within the bounds");
        assert_eq!(read.raw_text, "Pagina 1", "{encoding:?}");

        let bomb = pdf::encoded_bomb_pdf(encoding, 64 * MIB);
        let error = bounded.extract(bomb).await.expect_err("a bomb");
        assert_eq!(
            error,
            ExtractionError::StreamTooLarge { max: MIB },
            "{encoding:?}"
        );
    }
}

/// A stream the pre-scan would let through (its bound raised past it) is still stopped by the
/// child's memory limit.
#[tokio::test]
async fn the_memory_limit_stops_what_the_pre_scan_lets_through() {
    let extractor = contained(SMALL_MEMORY);
    let config = config();
    let unscanned = Extractor::new(&ExtractorConfig {
        pdf_max_stream_bytes: 8 << 30,
        pdf_max_inflated_bytes: 8 << 30,
        limits: worker::extraction::sandbox::Limits {
            memory_bytes: SMALL_MEMORY,
            ..config.limits
        },
        ..config
    })
    .expect("extractor");
    let bomb = pdf::inflating_pdf(&[768 << 20]);
    let error = unscanned
        .extract(bomb)
        .await
        .expect_err("past the memory limit");
    assert!(matches!(error, ExtractionError::Limits(_)), "{error:?}");
    // The limit leaves room for ordinary work: a scanned page read by OCR.
    let scan = extractor
        .extract(pdf::scanned_pdf(&["PRIMA"]))
        .await
        .expect("an ordinary scan");
    assert!(scan.raw_text.contains("PRIMA"), "{scan:?}");
}

/// A document that takes longer than the wall-time limit is stopped with that reason; the
/// extractor goes on.
#[tokio::test]
async fn a_document_past_its_time_is_stopped() {
    let config = config();
    let hurried = Extractor::new(&ExtractorConfig {
        limits: worker::extraction::sandbox::Limits {
            wall: std::time::Duration::from_millis(1),
            ..config.limits
        },
        ..config.clone()
    })
    .expect("extractor");
    let body = vec![ITALIAN; 14].join("\n");
    let pages: Vec<&str> = vec![body.as_str(); 100];
    let error = hurried
        .extract(pdf::text_pdf(&pages))
        .await
        .expect_err("too slow for 1 ms");
    assert_eq!(
        error,
        ExtractionError::Limits(Breach::Timeout { seconds: 0 })
    );
    assert!(
        error
            .to_string()
            .starts_with("il PDF ha superato i limiti di elaborazione: nessuna risposta entro"),
        "{error}"
    );
}
