//! PDF extraction: what the document rules read from a PDF — its text, the text's words with
//! their positions, its tables and its form fields — with OCR for pages that have no text.
//!
//! Why these pieces (measured on these machines, `shared/notes/pdf-extraction.md`):
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
//! PDFium is not thread-safe: `pdfium-render`'s `thread_safe` feature serialises every call
//! through one process-wide lock, and [`Extractor::extract`] runs on tokio's blocking pool, so
//! several documents can be extracted at once (their PDFium calls interleave, one at a time)
//! while their OCR subprocesses really run in parallel.
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

mod forms;
mod ocr;
mod pdfium;
pub mod streams;
pub mod tables;
pub mod text;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// Most pages a document may have; longer ones are refused ([`ExtractionError::TooManyPages`]).
pub const MAX_PAGES: usize = 2000;
/// Resolution pages are rendered at for OCR.
pub const OCR_DPI: f32 = 300.0;
/// Lowest resolution a page is rendered at for OCR: a page that would need less to fit in the
/// pixel cap is not read.
pub const MIN_OCR_DPI: f32 = 72.0;
/// Memory one OCR page needs per rendered pixel: PDFium's BGRx bitmap (4 bytes), its grey copy
/// and PGM file (2), and Tesseract's own images (measured ≈ 3.7 bytes a pixel).
const OCR_BYTES_PER_PIXEL: u64 = 10;
/// Longest time Tesseract may take on one page.
pub const OCR_PAGE_TIMEOUT: Duration = Duration::from_secs(60);

/// Where the extraction's external pieces are.
#[derive(Debug, Clone, PartialEq, Eq)]
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
        }
    }
}

/// Everything extracted from one PDF, as the document rules receive it (`rawText`,
/// `rawTextWithGeometry`, `tables`, `formData`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Extraction {
    /// The text of every page, `\n` line endings, pages separated by `\f`.
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
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unread_pages: Vec<UnreadPage>,
}

/// A page without text that OCR did not read.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct UnreadPage {
    /// 1-based.
    pub page: u32,
    /// Why, for the user (Italian).
    pub reason: String,
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
#[derive(Debug, thiserror::Error)]
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
}

/// Why a PDF could not be extracted; the text is what the document shows as its error.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExtractionError {
    #[error("PDF protetto da password")]
    Encrypted,
    #[error("PDF danneggiato: {0}")]
    Corrupt(String),
    #[error("PDF troppo lungo: {pages} pagine (al massimo {max})")]
    TooManyPages { pages: usize, max: usize },
    /// One Flate stream inflates to more than `max` bytes ([`streams`]).
    #[error(
        "PDF troppo grande una volta decompresso: un suo flusso supera {}",
        streams::size(.max)
    )]
    StreamTooLarge { max: u64 },
    /// The document's Flate streams together inflate to more than `max` bytes ([`streams`]).
    #[error(
        "PDF troppo grande una volta decompresso: in totale supera {}",
        streams::size(.max)
    )]
    InflatedTooLarge { max: u64 },
    #[error("OCR non riuscito a pagina {page}: {reason}")]
    Ocr { page: u32, reason: String },
    #[error("errore interno dell'estrazione: {0}")]
    Internal(String),
}

/// Takes one OCR page of an import's budget (called from the extraction's blocking thread);
/// `false` when the import has none left.
pub type ImportOcrBudget = Arc<dyn Fn() -> bool + Send + Sync>;

/// The extraction, created once per worker process and cloned freely.
#[derive(Clone)]
pub struct Extractor {
    inner: Arc<Inner>,
}

struct Inner {
    pdfium: Arc<pdfium_render::prelude::Pdfium>,
    ocr: ocr::Tesseract,
    /// Pages rendered and read by OCR at once in this process, sized to its memory.
    ocr_slots: ocr::Slots,
    ocr_max_pixels: u64,
    ocr_max_pages: usize,
    ocr_max_pages_per_import: usize,
    stream_bounds: streams::Bounds,
}

impl std::fmt::Debug for Extractor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Extractor")
            .field("ocr", &self.inner.ocr)
            .finish_non_exhaustive()
    }
}

impl Extractor {
    /// Loads libpdfium (once per process) and checks that Tesseract runs and has the
    /// configured languages.
    pub fn new(config: &ExtractorConfig) -> Result<Self, ExtractionSetupError> {
        let pdfium = pdfium::bind(&config.pdfium_library)?;
        let ocr = ocr::Tesseract::new(
            &config.tesseract,
            &config.ocr_languages,
            config.ocr_page_timeout,
        )?;
        let slots = ocr_slots(config.ocr_max_pixels);
        tracing::info!(
            slots,
            max_pixels = config.ocr_max_pixels,
            max_pages = config.ocr_max_pages,
            "OCR bounds"
        );
        Ok(Self {
            inner: Arc::new(Inner {
                pdfium,
                ocr,
                ocr_slots: ocr::Slots::new(slots),
                ocr_max_pixels: config.ocr_max_pixels,
                ocr_max_pages: config.ocr_max_pages,
                ocr_max_pages_per_import: config.ocr_max_pages_per_import,
                stream_bounds: streams::Bounds {
                    max_stream_bytes: config.pdf_max_stream_bytes,
                    max_inflated_bytes: config.pdf_max_inflated_bytes,
                },
            }),
        })
    }

    /// Extracts a PDF, on tokio's blocking pool.
    pub async fn extract(&self, pdf: Vec<u8>) -> Result<Extraction, ExtractionError> {
        self.extract_within(pdf, None).await
    }

    /// [`Extractor::extract`] asking `import_budget` before each page it reads by OCR (one page
    /// of the document's import; `false`: none is left). `None`: no import budget.
    pub async fn extract_within(
        &self,
        pdf: Vec<u8>,
        import_budget: Option<ImportOcrBudget>,
    ) -> Result<Extraction, ExtractionError> {
        let this = self.clone();
        let span = tracing::Span::current();
        tokio::task::spawn_blocking(move || {
            span.in_scope(|| this.extract_blocking_within(pdf, import_budget.as_deref()))
        })
        .await
        .map_err(|e| ExtractionError::Internal(format!("the extraction task failed: {e}")))?
    }

    /// Pages one import may have read by OCR.
    pub fn ocr_pages_per_import(&self) -> usize {
        self.inner.ocr_max_pages_per_import
    }

    /// Extracts a PDF on the calling thread (which may block for seconds on OCR).
    pub fn extract_blocking(&self, pdf: Vec<u8>) -> Result<Extraction, ExtractionError> {
        self.extract_blocking_within(pdf, None)
    }

    #[tracing::instrument(name = "extract_pdf", skip_all, fields(bytes = pdf.len(), inflated_bytes, pages, ocr_pages))]
    fn extract_blocking_within(
        &self,
        pdf: Vec<u8>,
        import_budget: Option<&(dyn Fn() -> bool + Send + Sync)>,
    ) -> Result<Extraction, ExtractionError> {
        let started = Instant::now();
        let inflated = self.check_streams(&pdf)?;
        tracing::Span::current().record("inflated_bytes", inflated.bytes);
        let bounds = pdfium::OcrBounds {
            slots: &self.inner.ocr_slots,
            max_pixels: self.inner.ocr_max_pixels,
            max_pages: self.inner.ocr_max_pages,
            import_budget,
        };
        let extraction = pdfium::extract(&self.inner.pdfium, &self.inner.ocr, &bounds, pdf)?;
        let ocr_pages = extraction.pages.iter().filter(|p| p.ocr).count();
        let span = tracing::Span::current();
        span.record("pages", extraction.pages.len());
        span.record("ocr_pages", ocr_pages);
        tracing::debug!(
            elapsed_ms = started.elapsed().as_millis() as u64,
            words = extraction.raw_text_with_geometry.len(),
            tables = extraction.tables.len(),
            fields = extraction.form_data.len(),
            "PDF extracted"
        );
        Ok(extraction)
    }

    /// Renders one page (1-based) to 8-bit grey at `dpi`, as OCR sees it.
    pub fn render_page(
        &self,
        pdf: Vec<u8>,
        page: u32,
        dpi: f32,
    ) -> Result<GrayImage, ExtractionError> {
        self.check_streams(&pdf)?;
        pdfium::render(&self.inner.pdfium, pdf, page, dpi)
    }

    /// The pre-scan of `pdf`'s Flate streams ([`streams`]): refused when one of them, or all
    /// together, inflate past the bounds.
    fn check_streams(&self, pdf: &[u8]) -> Result<streams::Inflated, ExtractionError> {
        let started = Instant::now();
        let bounds = self.inner.stream_bounds;
        let scanned = streams::scan(pdf, bounds);
        tracing::debug!(
            elapsed_ms = started.elapsed().as_millis() as u64,
            ?scanned,
            "Flate streams scanned"
        );
        scanned.map_err(|exceeded| {
            if exceeded.stream {
                ExtractionError::StreamTooLarge {
                    max: bounds.max_stream_bytes,
                }
            } else {
                ExtractionError::InflatedTooLarge {
                    max: bounds.max_inflated_bytes,
                }
            }
        })
    }
}

/// How many pages may be read by OCR at once: as many as the available memory holds at the
/// largest page ([`OCR_BYTES_PER_PIXEL`] × `max_pixels`, with half the memory left to the rest),
/// at least one and at most one per core.
fn ocr_slots(max_pixels: u64) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per_page = max_pixels.saturating_mul(OCR_BYTES_PER_PIXEL).max(1);
    let by_memory = available_memory().map_or(cores as u64, |bytes| bytes / 2 / per_page);
    (by_memory as usize).clamp(1, cores)
}

/// `MemAvailable` of `/proc/meminfo`, in bytes.
fn available_memory() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// An 8-bit greyscale image, row-major, `width × height` bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrayImage {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}
