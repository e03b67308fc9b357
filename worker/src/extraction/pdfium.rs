//! Everything that talks to PDFium: binding the library once per process, opening a document,
//! and reading each page's characters, path segments and form fields (OCR for pages without
//! characters).

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use pdfium_render::prelude::*;
use shared::messages;

use super::ocr::{Slots, Tesseract};
use super::tables::{self, Segment};
use super::text::{self, Bounds, CharBox};
use super::{
    Extraction, ExtractionError, ExtractionSetupError, GrayImage, MAX_PAGES, PageText, UnreadPage,
    forms, ocr_dpi,
};

/// What bounds the OCR of one document.
pub(super) struct OcrBounds<'a> {
    /// Pages read at once in the process.
    pub slots: &'a Slots,
    /// Most pixels of a rendered page.
    pub max_pixels: u64,
    /// Most pages of this document read.
    pub max_pages: usize,
    /// Asked before each page is read by OCR when the caller keeps budgets (the import's, its
    /// user's): `Err(reason)` means one is spent (the page is reported with the reason).
    pub import_budget: Option<super::OcrPageBudget<'a>>,
}

/// The process's PDFium: `pdfium-render` keeps its bindings in a process-wide cell that can be
/// filled once, so every extractor shares the first one bound.
static PDFIUM: Mutex<Option<Arc<Pdfium>>> = Mutex::new(None);

/// Held while a document is opened, so that the error code PDFium reports for a failed load
/// (a process-wide "last error") is that document's.
static LOAD: Mutex<()> = Mutex::new(());

pub(super) fn bind(library: &Path) -> Result<Arc<Pdfium>, ExtractionSetupError> {
    // Checked even when a library is bound already: a wrong setting is reported the same way
    // whichever extractor of the process is made first.
    if !library.is_file() {
        return Err(ExtractionSetupError::PdfiumMissing {
            path: library.to_owned(),
        });
    }
    let mut slot = PDFIUM
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(pdfium) = slot.as_ref() {
        return Ok(pdfium.clone());
    }
    let bindings =
        Pdfium::bind_to_library(library).map_err(|e| ExtractionSetupError::PdfiumLoad {
            path: library.to_owned(),
            reason: e.to_string(),
        })?;
    let pdfium = Arc::new(Pdfium::new(bindings));
    tracing::info!(library = %library.display(), "PDFium loaded");
    *slot = Some(pdfium.clone());
    Ok(pdfium)
}

fn open(pdfium: &Pdfium, pdf: Vec<u8>) -> Result<PdfDocument<'_>, ExtractionError> {
    let _guard = LOAD.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let document = pdfium
        .load_pdf_from_byte_vec(pdf, None)
        .map_err(|e| match e {
            PdfiumError::PdfiumLibraryInternalError(PdfiumInternalError::PasswordError)
            | PdfiumError::PdfiumLibraryInternalError(PdfiumInternalError::SecurityError) => {
                ExtractionError::Encrypted
            }
            PdfiumError::PdfiumLibraryInternalError(PdfiumInternalError::FormatError) => {
                ExtractionError::Corrupt("struttura del file non valida".into())
            }
            PdfiumError::PdfiumLibraryInternalError(PdfiumInternalError::FileError) => {
                ExtractionError::Corrupt("non è un file PDF leggibile".into())
            }
            other => ExtractionError::Corrupt(format!("{other:?}")),
        })?;
    let pages = document.pages().len() as usize;
    if pages == 0 {
        return Err(ExtractionError::Corrupt("nessuna pagina".into()));
    }
    if pages > MAX_PAGES {
        return Err(ExtractionError::TooManyPages {
            pages,
            max: MAX_PAGES,
        });
    }
    Ok(document)
}

pub(super) fn extract(
    pdfium: &Pdfium,
    ocr: &Tesseract,
    bounds: &OcrBounds<'_>,
    pdf: Vec<u8>,
) -> Result<Extraction, ExtractionError> {
    let started = Instant::now();
    let document = open(pdfium, pdf)?;
    let form_data = forms::field_values(&document);

    let mut pages = Vec::new();
    let mut words = Vec::new();
    let mut tables = Vec::new();
    let mut ocr_seconds = 0.0;
    let mut ocr_pages = 0;
    let mut unread_pages = Vec::new();
    for (index, page) in document.pages().iter().enumerate() {
        let number = index as u32 + 1;
        let (width, height) = (page.width().value, page.height().value);
        let text_page = page.text().map_err(|e| {
            ExtractionError::Corrupt(format!("testo illeggibile a pagina {number}: {e:?}"))
        })?;
        let chars: Vec<CharBox> = text_page
            .chars()
            .iter()
            .filter_map(|c| {
                let ch = c.unicode_char()?;
                let bounds = c
                    .loose_bounds()
                    .or_else(|_| c.tight_bounds())
                    .ok()
                    .map(|r| Bounds {
                        left: r.left().value,
                        bottom: r.bottom().value,
                        right: r.right().value,
                        top: r.top().value,
                    });
                Some(CharBox { c: ch, bounds })
            })
            .collect();

        let has_text = chars
            .iter()
            .any(|c| !c.c.is_whitespace() && !c.c.is_control());
        let (page_text, page_words, ocr_page) = if has_text {
            let page_words = text::words_from_chars(number, height, chars);
            (text::normalise(&text_page.all()), page_words, false)
        } else if ocr_pages >= bounds.max_pages {
            unread_pages.push(UnreadPage {
                page: number,
                reason: messages::ocr_document_cap(bounds.max_pages),
            });
            (String::new(), Vec::new(), false)
        } else if let Some(Err(spent)) = bounds.import_budget.map(|take_page| take_page()) {
            unread_pages.push(UnreadPage {
                page: number,
                reason: spent,
            });
            (String::new(), Vec::new(), false)
        } else if let Some(dpi) = ocr_dpi(width, height, bounds.max_pixels) {
            let ocr_started = Instant::now();
            let slot = bounds.slots.take();
            let image = render_page(&page, dpi)?;
            let read = ocr
                .read(&image, dpi, number)
                .map_err(|reason| ExtractionError::Ocr {
                    page: number,
                    reason,
                })?;
            drop(slot);
            ocr_pages += 1;
            ocr_seconds += ocr_started.elapsed().as_secs_f64();
            (text::normalise(&read.text), read.words, true)
        } else {
            unread_pages.push(UnreadPage {
                page: number,
                reason: messages::ocr_page_too_large(format!("{width:.0}"), format!("{height:.0}")),
            });
            (String::new(), Vec::new(), false)
        };

        tables.extend(tables::find_tables(
            number,
            &page_words,
            &segments(&page, height),
        ));
        words.extend(page_words);
        pages.push(PageText {
            page: number,
            text: page_text,
            ocr: ocr_page,
            width,
            height,
        });
    }

    let raw_text = super::text::join_pages(pages.iter().map(|p| p.text.as_str()));
    tracing::debug!(
        pages = pages.len(),
        elapsed_ms = started.elapsed().as_millis() as u64,
        ocr_ms = (ocr_seconds * 1000.0) as u64,
        "PDFium pass"
    );
    Ok(Extraction {
        raw_text,
        pages,
        raw_text_with_geometry: words,
        tables,
        form_data,
        unread_pages,
    })
}

/// The straight pieces of the page's paths (form XObjects included), top-left origin.
fn segments(page: &PdfPage<'_>, page_height: f32) -> Vec<Segment> {
    let mut out = Vec::new();
    for object in page.objects().iter() {
        collect_segments(&object, page_height, &mut out, 0);
    }
    out
}

fn collect_segments(
    object: &PdfPageObject<'_>,
    page_height: f32,
    out: &mut Vec<Segment>,
    depth: usize,
) {
    if let Some(path) = object.as_path_object() {
        let Ok(matrix) = path.matrix() else {
            return;
        };
        let segments = path.segments().transform(matrix);
        let mut start: Option<(f32, f32)> = None;
        let mut previous: Option<(f32, f32)> = None;
        for segment in segments.iter() {
            let (x, y) = segment.point();
            let point = (x.value, page_height - y.value);
            match segment.segment_type() {
                PdfPathSegmentType::MoveTo => start = Some(point),
                PdfPathSegmentType::LineTo => {
                    if let Some(from) = previous {
                        out.push(Segment {
                            x0: from.0,
                            y0: from.1,
                            x1: point.0,
                            y1: point.1,
                        });
                    }
                }
                // Curves are never table lines.
                PdfPathSegmentType::BezierTo | PdfPathSegmentType::Unknown => {}
            }
            if segment.is_close()
                && let Some(first) = start
            {
                out.push(Segment {
                    x0: point.0,
                    y0: point.1,
                    x1: first.0,
                    y1: first.1,
                });
            }
            previous = Some(point);
        }
    } else if let Some(form) = object.as_x_object_form_object()
        && depth < 8
    {
        for inner in form.iter() {
            collect_segments(&inner, page_height, out, depth + 1);
        }
    }
}

/// Renders in BGRx and averages to grey: PDFium's own grey bitmaps came out blank (no text
/// drawn) with the pinned library.
fn render_page(page: &PdfPage<'_>, dpi: f32) -> Result<GrayImage, ExtractionError> {
    let config = PdfRenderConfig::new()
        .scale_page_by_factor(dpi / 72.0)
        .set_format(PdfBitmapFormat::BGRx)
        .set_clear_color(PdfColor::WHITE)
        .render_form_data(true)
        .render_annotations(true);
    let bitmap = page
        .render_with_config(&config)
        .map_err(|e| ExtractionError::Internal(format!("rendering a page: {e:?}")))?;
    let (width, height) = (bitmap.width() as u32, bitmap.height() as u32);
    let raw = bitmap.as_raw_bytes();
    let stride = if height == 0 {
        0
    } else {
        raw.len() / height as usize
    };
    let row = width as usize;
    let format = bitmap.format().ok();
    let bytes_per_pixel = match format {
        Some(PdfBitmapFormat::Gray) => 1,
        Some(PdfBitmapFormat::BGR) => 3,
        _ => 4,
    };
    if stride < row * bytes_per_pixel {
        return Err(ExtractionError::Internal(format!(
            "unexpected bitmap layout: {width}×{height}, {} bytes",
            raw.len()
        )));
    }
    let mut pixels = Vec::with_capacity(row * height as usize);
    for line in raw.chunks_exact(stride) {
        if bytes_per_pixel == 1 {
            pixels.extend_from_slice(&line[..row]);
        } else {
            pixels.extend(
                line[..row * bytes_per_pixel]
                    .chunks_exact(bytes_per_pixel)
                    .map(|px| ((u16::from(px[0]) + u16::from(px[1]) + u16::from(px[2])) / 3) as u8),
            );
        }
    }
    Ok(GrayImage {
        width,
        height,
        pixels,
    })
}

pub(super) fn render(
    pdfium: &Pdfium,
    pdf: Vec<u8>,
    page: u32,
    dpi: f32,
) -> Result<GrayImage, ExtractionError> {
    let document = open(pdfium, pdf)?;
    let index = page
        .checked_sub(1)
        .and_then(|i| i32::try_from(i).ok())
        .ok_or_else(|| ExtractionError::Internal(format!("no page {page}")))?;
    let page = document
        .pages()
        .get(index)
        .map_err(|e| ExtractionError::Internal(format!("no page {page}: {e:?}")))?;
    render_page(&page, dpi)
}
