//! The extraction itself, in the calling process: PDFium bound, Tesseract checked, the Flate
//! pre-scan, then the pages. The worker never runs it on its own threads: it runs in the
//! child process of [`super::sandbox`] (`worker extract-child`), where a crash or a limit
//! costs one document. Tests and benchmarks may use it directly.

use std::sync::Arc;
use std::time::Instant;

use super::ocr;
use super::pdfium;
use super::streams;
use super::{
    Extraction, ExtractionError, ExtractionSetupError, ExtractorConfig, GrayImage,
    OCR_BYTES_PER_PIXEL,
};
use shared::messages::Message;

/// Asked before each page read by OCR: `Err(reason)` when a budget (the import's, its user's)
/// has no OCR page left, the reason as the document reports it ("il limite di … è raggiunto").
pub type OcrPageBudget<'a> = &'a (dyn Fn() -> Result<(), Message> + Send + Sync);

/// PDFium and Tesseract ready in this process; cloned freely.
#[derive(Clone)]
pub struct Engine {
    inner: Arc<Inner>,
}

struct Inner {
    pdfium: Arc<pdfium_render::prelude::Pdfium>,
    ocr: ocr::Tesseract,
    /// Pages rendered and read by OCR at once in this process, sized to its memory.
    ocr_slots: ocr::Slots,
    ocr_max_pixels: u64,
    ocr_max_pages: usize,
    stream_bounds: streams::Bounds,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("ocr", &self.inner.ocr)
            .finish_non_exhaustive()
    }
}

impl Engine {
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
        tracing::debug!(
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
                stream_bounds: streams::Bounds {
                    max_stream_bytes: config.pdf_max_stream_bytes,
                    max_inflated_bytes: config.pdf_max_inflated_bytes,
                },
            }),
        })
    }

    /// Extracts a PDF on the calling thread (which may block for seconds on OCR), asking
    /// `import_budget` before each page it reads by OCR.
    #[tracing::instrument(name = "extract_pdf", skip_all, fields(bytes = pdf.len(), inflated_bytes, pages, ocr_pages))]
    pub fn extract(
        &self,
        pdf: Vec<u8>,
        import_budget: Option<OcrPageBudget<'_>>,
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

    /// The pre-scan of `pdf`'s streams ([`streams`]): refused when one of them, or all
    /// together, decode past the bounds.
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
pub(super) fn ocr_slots(max_pixels: u64) -> usize {
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
