//! PDF extraction: what the document rules read from a PDF — its text, the text's words with
//! their positions, its tables and its form fields — with OCR for pages that have no text.
//!
//! Why these pieces (measured on these machines):
//!
//! - [PDFium](https://pdfium.googlesource.com) (BSD/Apache) through `pdfium-render` reads the
//!   embedded TrueType and Identity-H fonts Word and LibreOffice write with every accent right,
//!   gives per-character boxes and the AcroForm. MuPDF (AGPL) and Poppler (GPL) are ruled out by
//!   their licences. `libpdfium.so` is not linked but loaded at start-up from
//!   `ISTRUTTORIA_PDFIUM_LIBRARY` (fetched by `scripts/pdfium.sh` from the pinned pypdfium2
//!   wheel); the bindings are process-wide, so every [`Extractor`] shares one.
//! - Tesseract (Apache), run as the `tesseract` CLI in a subprocess with a time limit, reads
//!   pages without characters (scans) after PDFium renders them at 300 dpi grey: the CLI read
//!   table rows right where the library bindings garbled them, and a crash or a runaway page
//!   stays outside the worker.
//! - Tables are rebuilt from the page's ruling lines, as pdfplumber does ([`tables`]): "rows by
//!   y, columns by x gaps" alone breaks on headings that span columns, so text alignment is
//!   only the fallback for pages without lines.
//! - Before PDFium sees a document, [`streams`] inflates its Flate streams counting the bytes
//!   (`ISTRUTTORIA_PDF_MAX_STREAM_BYTES`, `ISTRUTTORIA_PDF_MAX_INFLATED_BYTES`): PDFium inflates
//!   a stream whole in memory with no hook to bound it, so a small "deflate bomb" would make the
//!   worker allocate gigabytes.
//!
//! **Containment.** A PDF is content from outside: PDFium has aborted the whole process on
//! some (an LZW stream decoding to 1 GiB), and no pre-scan can foresee every way a parser
//! fails. So the worker never parses, renders or OCRs a PDF itself: [`Extractor`] hands each
//! document to a child process (`worker extract-child`, [`child`]) from a small pool
//! ([`sandbox`]), under hard OS limits — address space, CPU seconds, open files, no core
//! dumps, no network where the kernel allows a namespace — and a wall-time deadline. A crash,
//! an abort or a limit ends that document `cannot process` with [`ExtractionError::Limits`];
//! the worker and its other jobs go on, and the pool starts a fresh child. The child runs the
//! extraction in-process ([`Engine`]), one document at a time, so PDFium's process-wide state
//! (it is not thread-safe) never sees two documents at once, while documents in different
//! children really run in parallel. Pages read by OCR are counted and paced by the worker
//! (the import's budget, and slots sized to its memory), asked for over the child's pipe.
//!
//! ```no_run
//! # async fn example() -> Result<(), Box<dyn std::error::Error>> {
//! use worker::extraction::{Extractor, ExtractorConfig};
//! let extractor = Extractor::new(&ExtractorConfig::from_config(
//!     &shared::config::WorkerConfig::from_env()?.extraction,
//! ))?;
//! let extraction = extractor.extract(std::fs::read("contratto.pdf")?).await?;
//! println!("{} pages, {} tables", extraction.pages.len(), extraction.tables.len());
//! # Ok(()) }
//! ```

pub mod child;
mod engine;
mod forms;
mod ocr;
mod pdfium;
mod protocol;
pub mod sandbox;
pub mod streams;
pub mod tables;
pub mod text;

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

pub use engine::{Engine, OcrPageBudget};
pub use sandbox::{Extractor, OcrBudget};

use serde::{Deserialize, Serialize};
use shared::messages::{self, Message};

/// Most pages a document may have; longer ones are refused ([`ExtractionError::TooManyPages`]).
pub const MAX_PAGES: usize = 2000;
/// Resolution pages are rendered at for OCR.
pub const OCR_DPI: f32 = 300.0;
/// Lowest resolution a page is rendered at for OCR: a page that would need less to fit in the
/// pixel cap is not read.
pub const MIN_OCR_DPI: f32 = 72.0;
/// Memory one OCR page needs per rendered pixel: PDFium's BGRx bitmap (4 bytes), its grey copy
/// and PGM file (2), and Tesseract's own images (measured ≈ 3.7 bytes a pixel).
pub(crate) const OCR_BYTES_PER_PIXEL: u64 = 10;
/// Longest time Tesseract may take on one page.
pub const OCR_PAGE_TIMEOUT: Duration = Duration::from_secs(60);

/// Where the extraction's external pieces are, and its bounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExtractorConfig {
    /// `libpdfium.so` (`ISTRUTTORIA_PDFIUM_LIBRARY`).
    pub pdfium_library: PathBuf,
    /// The `tesseract` command (`ISTRUTTORIA_TESSERACT`).
    pub tesseract: PathBuf,
    /// Tesseract's languages, `+`-separated (`ISTRUTTORIA_OCR_LANGUAGES`).
    pub ocr_languages: String,
    /// Longest time Tesseract may take on one page.
    pub ocr_page_timeout: Duration,
    /// Most pixels of a page rendered for OCR (`ISTRUTTORIA_OCR_MAX_PIXELS`).
    pub ocr_max_pixels: u64,
    /// Most pages of one document read by OCR (`ISTRUTTORIA_OCR_MAX_PAGES`).
    pub ocr_max_pages: usize,
    /// Most pages of one import read by OCR (`ISTRUTTORIA_OCR_MAX_PAGES_PER_IMPORT`); the
    /// `extract` job keeps the count ([`Extractor::extract_within`]).
    pub ocr_max_pages_per_import: usize,
    /// Most bytes one Flate stream of a PDF may inflate to (`ISTRUTTORIA_PDF_MAX_STREAM_BYTES`).
    pub pdf_max_stream_bytes: u64,
    /// Most bytes all the Flate streams of a PDF may inflate to
    /// (`ISTRUTTORIA_PDF_MAX_INFLATED_BYTES`).
    pub pdf_max_inflated_bytes: u64,
    /// The program run as the extraction's child process, with the argument `extract-child`:
    /// the `worker` binary itself (tests name it with `CARGO_BIN_EXE_worker`).
    pub child_program: PathBuf,
    /// The child's limits ([`sandbox`]).
    pub limits: sandbox::Limits,
}

impl ExtractorConfig {
    /// The extraction's settings from the worker's configuration.
    pub fn from_config(config: &shared::config::ExtractionConfig) -> Self {
        Self {
            pdfium_library: config.pdfium_library.clone(),
            tesseract: config.tesseract.clone(),
            ocr_languages: config.ocr_languages.clone(),
            ocr_page_timeout: OCR_PAGE_TIMEOUT,
            ocr_max_pixels: config.ocr_max_pixels,
            ocr_max_pages: config.ocr_max_pages,
            ocr_max_pages_per_import: config.ocr_max_pages_per_import,
            pdf_max_stream_bytes: config.pdf_max_stream_bytes,
            pdf_max_inflated_bytes: config.pdf_max_inflated_bytes,
            child_program: std::env::current_exe().unwrap_or_else(|_| PathBuf::from("worker")),
            limits: sandbox::Limits {
                memory_bytes: config.sandbox_memory_mib << 20,
                cpu: config.sandbox_cpu,
                wall: config.sandbox_timeout,
            },
        }
    }
}

/// Everything extracted from one PDF, as the document rules receive it (`rawText`,
/// `rawTextWithGeometry`, `tables`, `formData`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Extraction {
    /// The text of every page, `\n` line endings; each page but the last ends with `\n`
    /// then `\f` ([`text::join_pages`]).
    pub raw_text: String,
    pub pages: Vec<PageText>,
    /// Every word of every page (OCR words too), in reading order.
    pub raw_text_with_geometry: Vec<Word>,
    pub tables: Vec<Table>,
    /// Field name → value: a string for text and choice fields, `true`/`false` for checkboxes,
    /// the selected option's export value for radio groups, `null` when unset.
    pub form_data: BTreeMap<String, serde_json::Value>,
    /// Pages without text that OCR did not read (too large, or over the document's OCR page
    /// budget), with why; rules do not receive this, the document's events report it.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "unread_pages_with_messages"
    )]
    pub unread_pages: Vec<UnreadPage>,
}

/// A page without text that OCR did not read.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct UnreadPage {
    /// 1-based.
    pub page: u32,
    /// Why, for the user.
    pub reason: Message,
}

/// The unread pages of an `extraction.json`, without those written before reasons were
/// messages (their reason was Italian text): nothing reads them after the document's event
/// was written, and an old file must still be read for its rules.
fn unread_pages_with_messages<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<UnreadPage>, D::Error> {
    let pages = Vec::<serde_json::Value>::deserialize(deserializer)?;
    Ok(pages
        .into_iter()
        .filter_map(|page| serde_json::from_value(page).ok())
        .collect())
}

/// The resolution a `width` × `height` points page is rendered at for OCR: [`OCR_DPI`], or
/// less so that the image has at most `max_pixels`; `None` when even [`MIN_OCR_DPI`] is too
/// much.
pub fn ocr_dpi(width: f32, height: f32, max_pixels: u64) -> Option<f32> {
    let square_inches = f64::from(width.max(1.0)) * f64::from(height.max(1.0)) / (72.0 * 72.0);
    // Whole dots per inch, rounded down: the image stays within the cap once PDFium rounds it.
    let fitting = (max_pixels as f64 / square_inches).sqrt().floor() as f32;
    let dpi = OCR_DPI.min(fitting);
    (dpi >= MIN_OCR_DPI).then_some(dpi)
}

/// One page's text.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PageText {
    /// 1-based.
    pub page: u32,
    /// `\n` line endings.
    pub text: String,
    /// The text was read by OCR (the page had no characters).
    pub ocr: bool,
    /// Page size in PDF points.
    pub width: f32,
    pub height: f32,
}

/// A word and its box, in PDF points with the origin at the page's top-left corner
/// (`x0 < x1`, `y0 < y1`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Word {
    /// 1-based.
    pub page: u32,
    pub text: String,
    pub x0: f32,
    pub y0: f32,
    pub x1: f32,
    pub y1: f32,
}

/// A table: rows of trimmed cell texts, every row as long as the table is wide (a cell
/// spanning columns is in its first column, the columns it covers are `""`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Table {
    /// 1-based.
    pub page: u32,
    pub rows: Vec<Vec<String>>,
}

/// Why the extraction cannot start: a missing library or program, named with the variable
/// that points at it.
#[derive(Debug, thiserror::Error, Serialize, Deserialize)]
pub enum ExtractionSetupError {
    #[error(
        "libpdfium not found at {path} (ISTRUTTORIA_PDFIUM_LIBRARY): run scripts/pdfium.sh to fetch it"
    )]
    PdfiumMissing { path: PathBuf },
    #[error("libpdfium at {path} (ISTRUTTORIA_PDFIUM_LIBRARY) could not be loaded: {reason}")]
    PdfiumLoad { path: PathBuf, reason: String },
    #[error(
        "tesseract ({command}, ISTRUTTORIA_TESSERACT) cannot run: {reason}; run scripts/pdfium.sh to install it"
    )]
    TesseractMissing { command: PathBuf, reason: String },
    #[error(
        "tesseract has no model for {language} (ISTRUTTORIA_OCR_LANGUAGES); install tesseract-ocr-{language}"
    )]
    TesseractLanguage { language: String },
    #[error("the extraction's child process ({program}) cannot start: {reason}")]
    Child { program: PathBuf, reason: String },
}

/// Why a PDF could not be extracted: the document's error is its [`message`](Self::message)
/// (its text, Italian, is what `Display` says).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExtractionError {
    Encrypted,
    Corrupt(String),
    TooManyPages {
        pages: usize,
        max: usize,
    },
    /// One Flate stream inflates to more than `max` bytes ([`streams`]).
    StreamTooLarge {
        max: u64,
    },
    /// The document's Flate streams together inflate to more than `max` bytes ([`streams`]).
    InflatedTooLarge {
        max: u64,
    },
    Ocr {
        page: u32,
        reason: String,
    },
    /// The child process that extracted it crashed or met one of its limits ([`sandbox`]).
    Limits(sandbox::Breach),
    Internal(String),
}

impl ExtractionError {
    /// What the document says of it, in the catalogue (`shared::messages`).
    pub fn message(&self) -> Message {
        match self {
            Self::Encrypted => messages::pdf_encrypted(),
            Self::Corrupt(detail) => messages::pdf_corrupt(detail),
            Self::TooManyPages { pages, max } => messages::pdf_too_many_pages(pages, max),
            Self::StreamTooLarge { max } => messages::pdf_stream_too_large(streams::size(max)),
            Self::InflatedTooLarge { max } => messages::pdf_inflated_too_large(streams::size(max)),
            Self::Ocr { page, reason } => messages::pdf_ocr_failed(page, reason),
            Self::Limits(breach) => messages::pdf_limits(breach.message()),
            Self::Internal(detail) => messages::extraction_internal(detail),
        }
    }
}

impl fmt::Display for ExtractionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message().italian())
    }
}

impl std::error::Error for ExtractionError {}

/// An 8-bit greyscale image, row-major, `width × height` bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrayImage {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}
