//! PDF fixtures for tests (cargo feature `testing`): small, deterministic documents written by
//! hand in PDF syntax, each exercising one path of the worker's extraction — text with Italian
//! accents, a ruled table, an AcroForm, a page that is only an image (OCR), a password-protected
//! file, a truncated one and a "deflate bomb".
//!
//! Hand-written rather than produced by a PDF library so that every byte is known: the tests
//! check what the extraction reads back, and a generator that "helpfully" re-encodes text or
//! draws tables its own way would hide what is being tested. Text uses the standard Helvetica
//! font with `WinAnsiEncoding`, so `àèéìòù`, `€`, `’` and `«»` are one byte each; characters
//! outside that encoding become `?`.
//!
//! ```
//! let pdf = shared::testing::pdf::text_pdf(&["Società per azioni\nCapitale € 10.000"]);
//! assert!(pdf.starts_with(b"%PDF-1.7"));
//! ```

use std::fmt::Write as _;
use std::io::Write as _;

/// Page size of every fixture (A4, in points).
pub const PAGE_WIDTH: f32 = 595.0;
pub const PAGE_HEIGHT: f32 = 842.0;
/// Left margin and top of the first text line of [`text_pdf`] pages.
pub const MARGIN: f32 = 72.0;
/// Font size and line distance of [`text_pdf`].
pub const FONT_SIZE: f32 = 12.0;
pub const LEADING: f32 = 16.0;

/// The heading [`table_pdf`] draws above the rows, in one cell spanning every column.
pub const TABLE_HEADING: &str = "Piano di rimborso";
/// The line of text [`table_pdf`] writes above the table (outside it).
pub const TABLE_CAPTION: &str = "Allegato A – condizioni economiche";

/// The user password of [`encrypted_pdf`] (the owner password is another one).
pub const ENCRYPTED_PDF_PASSWORD: &str = "segreta";

/// A document of text pages: one page per item, one text line per `\n`, Helvetica 12 pt from
/// the top-left margin.
pub fn text_pdf(pages: &[&str]) -> Vec<u8> {
    let mut doc = Doc::new();
    let font = doc.helvetica();
    let contents: Vec<Vec<u8>> = pages.iter().map(|text| text_content(text)).collect();
    let page_ids: Vec<usize> = contents
        .into_iter()
        .map(|content| {
            let content = doc.stream("", &content);
            doc.page(font, content)
        })
        .collect();
    doc.finish(&page_ids, "", "")
}

/// A page with a caption line ([`TABLE_CAPTION`]) and a ruled table below it: a heading row
/// whose single cell ([`TABLE_HEADING`]) spans every column, then `rows`, each cell bordered
/// by stroked line segments (0.5 pt), text 10 pt. Rows shorter than the longest are padded
/// with empty cells.
///
/// Extracted, the table reads `[[TABLE_HEADING, "", …], rows…]`.
pub fn table_pdf(rows: &[Vec<&str>]) -> Vec<u8> {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(1).max(1);
    let left = MARGIN;
    let width = PAGE_WIDTH - 2.0 * MARGIN;
    let column_width = width / columns as f32;
    let row_height = 20.0;
    let top = PAGE_HEIGHT - MARGIN - 40.0;
    let bottom = top - row_height * (rows.len() + 1) as f32;
    let right = left + width;

    let mut content = String::new();
    // The caption, outside the table.
    let _ = writeln!(
        content,
        "BT /F1 {FONT_SIZE} Tf {MARGIN} {} Td {} Tj ET",
        PAGE_HEIGHT - MARGIN,
        pdf_string(TABLE_CAPTION)
    );
    // Ruling: every horizontal line across the table, the outer verticals over its whole
    // height, the inner verticals below the heading row only (the heading spans them).
    content.push_str("0.5 w 0 G\n");
    for row in 0..=rows.len() + 1 {
        let y = top - row_height * row as f32;
        let _ = writeln!(content, "{left} {y} m {right} {y} l S");
    }
    for column in 0..=columns {
        let x = left + column_width * column as f32;
        let from = if column == 0 || column == columns {
            top
        } else {
            top - row_height
        };
        let _ = writeln!(content, "{x} {from} m {x} {bottom} l S");
    }
    // Text, 10 pt, 6 pt above the bottom of its cell.
    let mut cell = |x: f32, row: usize, text: &str| {
        if !text.is_empty() {
            let y = top - row_height * (row + 1) as f32 + 6.0;
            let _ = writeln!(
                content,
                "BT /F1 10 Tf {} {y} Td {} Tj ET",
                x + 4.0,
                pdf_string(text)
            );
        }
    };
    cell(left, 0, TABLE_HEADING);
    for (r, row) in rows.iter().enumerate() {
        for (c, text) in row.iter().enumerate() {
            cell(left + column_width * c as f32, r + 1, text);
        }
    }

    let mut doc = Doc::new();
    let font = doc.helvetica();
    let content = doc.stream("", content.as_bytes());
    let page = doc.page(font, content);
    doc.finish(&[page], "", "")
}

/// The value of one field of [`form_pdf`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldValue<'a> {
    /// A text field; `""` leaves it without a value.
    Text(&'a str),
    /// A checkbox (export value `Yes`).
    Checkbox(bool),
    /// A radio group with one button per option (the option is the button's export value);
    /// `None` selects none.
    Radio {
        options: &'a [&'a str],
        selected: Option<&'a str>,
    },
}

/// One page with an AcroForm: each field on its own line under a label with its name. Values
/// are set in the fields (`/V`, `/AS`); checkboxes and radio buttons carry on/off appearance
/// streams, text fields rely on `/NeedAppearances`.
pub fn form_pdf(fields: &[(&str, FieldValue<'_>)]) -> Vec<u8> {
    let mut doc = Doc::new();
    let font = doc.helvetica();
    let page_id = doc.reserve();
    let box_off = doc.stream(
        "/Type /XObject /Subtype /Form /BBox [0 0 12 12]",
        b"0 G 0.5 w 0.5 0.5 11 11 re S",
    );
    let box_on = doc.stream(
        "/Type /XObject /Subtype /Form /BBox [0 0 12 12]",
        b"0 G 0.5 w 0.5 0.5 11 11 re S 0 g 3 3 6 6 re f",
    );

    let mut labels = String::new();
    let mut annots = Vec::new();
    let mut field_ids = Vec::new();
    let mut y = PAGE_HEIGHT - MARGIN;
    for (name, value) in fields {
        let _ = writeln!(
            labels,
            "BT /F1 10 Tf {MARGIN} {y} Td {} Tj ET",
            pdf_string(name)
        );
        let (x0, y0) = (MARGIN + 160.0, y - 4.0);
        match value {
            FieldValue::Text(text) => {
                let v = if text.is_empty() {
                    String::new()
                } else {
                    format!("/V {}", pdf_string(text))
                };
                let id = doc.object(format!(
                    "<< /Type /Annot /Subtype /Widget /FT /Tx /T {} {v} /Rect [{x0} {y0} {} {}] \
                     /F 4 /P {page_id} 0 R /DA (/Helv 10 Tf 0 g) >>",
                    pdf_string(name),
                    x0 + 200.0,
                    y0 + 16.0
                ));
                annots.push(id);
                field_ids.push(id);
            }
            FieldValue::Checkbox(checked) => {
                let state = if *checked { "Yes" } else { "Off" };
                let id = doc.object(format!(
                    "<< /Type /Annot /Subtype /Widget /FT /Btn /T {} /V /{state} /AS /{state} \
                     /Rect [{x0} {y0} {} {}] /F 4 /P {page_id} 0 R /MK << >> \
                     /AP << /N << /Yes {box_on} 0 R /Off {box_off} 0 R >> >> >>",
                    pdf_string(name),
                    x0 + 12.0,
                    y0 + 12.0
                ));
                annots.push(id);
                field_ids.push(id);
            }
            FieldValue::Radio { options, selected } => {
                let parent = doc.reserve();
                let mut kids = Vec::new();
                for (i, option) in options.iter().enumerate() {
                    let on = pdf_name(option);
                    let state = if *selected == Some(*option) {
                        on.as_str()
                    } else {
                        "/Off"
                    };
                    let x = x0 + 90.0 * i as f32;
                    let kid = doc.object(format!(
                        "<< /Type /Annot /Subtype /Widget /Parent {parent} 0 R /AS {state} \
                         /Rect [{x} {y0} {} {}] /F 4 /P {page_id} 0 R /MK << >> \
                         /AP << /N << {on} {box_on} 0 R /Off {box_off} 0 R >> >> >>",
                        x + 12.0,
                        y0 + 12.0
                    ));
                    let _ = writeln!(
                        labels,
                        "BT /F1 10 Tf {} {y} Td {} Tj ET",
                        x + 16.0,
                        pdf_string(option)
                    );
                    kids.push(kid);
                    annots.push(kid);
                }
                let v = selected.map(pdf_name).unwrap_or_else(|| "/Off".into());
                doc.set(
                    parent,
                    format!(
                        "<< /FT /Btn /Ff 49152 /T {} /V {v} /Kids [{}] >>",
                        pdf_string(name),
                        refs(&kids)
                    ),
                );
                field_ids.push(parent);
            }
        }
        y -= 30.0;
    }

    let content = doc.stream("", labels.as_bytes());
    let acro_form = doc.object(format!(
        "<< /Fields [{}] /NeedAppearances true /DA (/Helv 0 Tf 0 g) \
         /DR << /Font << /Helv {font} 0 R >> >> >>",
        refs(&field_ids)
    ));
    doc.set_page(
        page_id,
        font,
        content,
        &format!("/Annots [{}]", refs(&annots)),
    );
    doc.finish(&[page_id], &format!("/AcroForm {acro_form} 0 R"), "")
}

/// One page that is only an image: `gray` is 8-bit greyscale, row-major, `width × height`
/// bytes, shown at 300 dpi (a page of `width × 72/300` by `height × 72/300` points), stored
/// with FlateDecode. There is no text object at all, so extraction has to OCR it.
///
/// # Panics
///
/// When `gray.len() != width × height` (a mistake in the test).
pub fn image_pdf(gray: &[u8], width: u32, height: u32) -> Vec<u8> {
    assert_eq!(
        gray.len(),
        width as usize * height as usize,
        "image_pdf: {width}×{height} needs as many grey bytes"
    );
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    let compressed = encoder
        .write_all(gray)
        .and_then(|()| encoder.finish())
        .expect("compressing into memory does not fail");
    let (page_width, page_height) = (width as f32 * 72.0 / 300.0, height as f32 * 72.0 / 300.0);

    let mut doc = Doc::new();
    let image = doc.stream(
        &format!(
            "/Type /XObject /Subtype /Image /Width {width} /Height {height} \
             /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode"
        ),
        &compressed,
    );
    let content = doc.stream(
        "",
        format!("q {page_width} 0 0 {page_height} 0 0 cm /Im1 Do Q").as_bytes(),
    );
    let page = doc.object(format!(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {page_width} {page_height}] \
         /Resources << /XObject << /Im1 {image} 0 R >> >> /Contents {content} 0 R >>"
    ));
    doc.finish(&[page], "", "")
}

/// One empty page of `width` × `height` points: no text, so the extraction sends it to OCR (a
/// huge blank page is what cost a worker 3 GB before the OCR pixel cap).
pub fn blank_pdf(width: u32, height: u32) -> Vec<u8> {
    let mut doc = Doc::new();
    let content = doc.stream("", b"");
    let page = doc.object(format!(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width} {height}] /Contents {content} 0 R >>"
    ));
    doc.finish(&[page], "", "")
}

/// A document whose pages' content streams are FlateDecode and inflate to `inflated` bytes
/// each (one page per item): a line of text (`Pagina 1`, …) then spaces. Compressed while it
/// is generated, so `inflating_pdf(&[300 << 20])` — a "deflate bomb" of 300 MiB — is a file of
/// 1.4 MB, made in well under a second without ever holding 300 MiB.
pub fn inflating_pdf(inflated: &[u64]) -> Vec<u8> {
    let mut doc = Doc::new();
    let font = doc.helvetica();
    let pages: Vec<usize> = inflated
        .iter()
        .enumerate()
        .map(|(i, &bytes)| {
            let mut content = text_content(&format!("Pagina {}", i + 1));
            content.push(b'\n');
            let head = content.len().min(bytes as usize);
            let compressed = zlib_text_then_spaces(&content[..head], bytes - head as u64);
            let content = doc.stream("/Filter /FlateDecode", &compressed);
            doc.page(font, content)
        })
        .collect();
    doc.finish(&pages, "", "")
}

/// How [`encoded_bomb_pdf`] encodes its content stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BombEncoding {
    /// `/Filter /LZWDecode` (early change, as PDF's default).
    Lzw,
    /// `/Filter [/ASCIIHexDecode /FlateDecode]`.
    AsciiHexFlate,
    /// `/Filter [/ASCII85Decode /FlateDecode]`.
    Ascii85Flate,
}

/// One page whose content stream decodes to `inflated` bytes — `Pagina 1` then spaces —
/// through `encoding`: the bombs that passed the Flate pre-scan before it knew the text
/// filters, and that only a memory limit stops in the case of LZW. Made without holding the
/// decoded bytes (LZW: about 1/1,400 of them; the text filters: 2 and 1.25 times the Flate
/// size).
pub fn encoded_bomb_pdf(encoding: BombEncoding, inflated: u64) -> Vec<u8> {
    let mut doc = Doc::new();
    let font = doc.helvetica();
    let mut head = text_content("Pagina 1");
    head.push(b'\n');
    let spaces = inflated.saturating_sub(head.len() as u64);
    let content = match encoding {
        BombEncoding::Lzw => doc.stream("/Filter /LZWDecode", &lzw_text_then_spaces(&head, spaces)),
        BombEncoding::AsciiHexFlate | BombEncoding::Ascii85Flate => {
            let flate = zlib_text_then_spaces(&head, spaces);
            if encoding == BombEncoding::AsciiHexFlate {
                let mut hex: Vec<u8> = flate
                    .iter()
                    .flat_map(|b| format!("{b:02X}").into_bytes())
                    .collect();
                hex.push(b'>');
                doc.stream("/Filter [/ASCIIHexDecode /FlateDecode]", &hex)
            } else {
                doc.stream("/Filter [/ASCII85Decode /FlateDecode]", &ascii85(&flate))
            }
        }
    };
    let page = doc.page(font, content);
    doc.finish(&[page], "", "")
}

/// `head` then `spaces` spaces, zlib-compressed without holding them.
fn zlib_text_then_spaces(head: &[u8], spaces: u64) -> Vec<u8> {
    let chunk = [b' '; 64 * 1024];
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    let mut left = spaces;
    encoder
        .write_all(head)
        .expect("compressing into memory does not fail");
    while left > 0 {
        let n = left.min(chunk.len() as u64) as usize;
        encoder
            .write_all(&chunk[..n])
            .expect("compressing into memory does not fail");
        left -= n as u64;
    }
    encoder
        .finish()
        .expect("compressing into memory does not fail")
}

/// ASCII85 of `data`, ended by `~>`.
fn ascii85(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() * 5 / 4 + 2);
    for chunk in data.chunks(4) {
        let mut group = [0u8; 4];
        group[..chunk.len()].copy_from_slice(chunk);
        let mut value = u32::from_be_bytes(group);
        let mut digits = [0u8; 5];
        for digit in digits.iter_mut().rev() {
            *digit = (value % 85) as u8 + b'!';
            value /= 85;
        }
        out.extend_from_slice(&digits[..chunk.len() + 1]);
    }
    out.extend_from_slice(b"~>");
    out
}

/// LZW (PDF's: MSB first, 9 to 12 bits, early change) of `head` then `spaces` spaces. The head
/// goes as literal codes; after a clear code the run goes as the codes of ever longer runs
/// (1, 2, 3, … spaces: code 32, then 258, 259, …, each defined by the one before), the
/// table cleared again before it fills — so a run of n spaces takes about √(2n) codes per
/// table and is made without touching n bytes.
fn lzw_text_then_spaces(head: &[u8], spaces: u64) -> Vec<u8> {
    const CLEAR: u16 = 256;
    const END: u16 = 257;
    /// Codes emitted since a clear code before the next clear (the table never fills).
    const TABLE_LIMIT: u64 = 3800;
    let mut out = BitWriter::default();
    // The decoder's table after `emitted` codes since a clear holds 257 + emitted entries;
    // with early change the width grows one code before the table needs it.
    let width = |emitted: u64| match 258 + emitted {
        n if n < 512 => 9,
        n if n < 1024 => 10,
        n if n < 2048 => 11,
        _ => 12,
    };
    out.push(CLEAR, 9);
    let mut emitted = 0u64;
    for &byte in head {
        out.push(u16::from(byte), width(emitted));
        emitted += 1;
    }
    out.push(CLEAR, width(emitted));
    emitted = 0;
    let mut left = spaces;
    let mut run = 1u64;
    while left > 0 {
        if emitted == TABLE_LIMIT {
            out.push(CLEAR, width(emitted));
            emitted = 0;
            run = 1;
        }
        let length = run.min(left);
        let code = if length == 1 {
            u16::from(b' ')
        } else {
            (256 + length) as u16
        };
        out.push(code, width(emitted));
        emitted += 1;
        left -= length;
        run += 1;
    }
    out.push(END, width(emitted));
    out.finish()
}

/// Codes written most significant bit first.
#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    bits: u32,
    pending: u32,
}

impl BitWriter {
    fn push(&mut self, code: u16, width: u32) {
        self.pending = (self.pending << width) | u32::from(code);
        self.bits += width;
        while self.bits >= 8 {
            self.bits -= 8;
            self.bytes.push((self.pending >> self.bits) as u8);
        }
        self.pending &= (1 << self.bits) - 1;
    }

    fn finish(mut self) -> Vec<u8> {
        if self.bits > 0 {
            self.bytes.push((self.pending << (8 - self.bits)) as u8);
        }
        self.bytes
    }
}

/// A scanned page: `lines` of text rasterised (DejaVu Sans or Liberation Sans, 14 pt at
/// 300 dpi, black on white) into a page that is only an image — what a scanner produces, for
/// the OCR path of the extraction.
///
/// # Panics
///
/// When no font is installed (Debian's `fonts-dejavu-core`; `scripts/test.sh` installs it).
pub fn scanned_pdf(lines: &[&str]) -> Vec<u8> {
    const FONTS: [&str; 2] = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    ];
    const SIZE: f32 = 58.0;
    const MARGIN: usize = 120;
    let bytes = FONTS
        .iter()
        .find_map(|path| std::fs::read(path).ok())
        .expect("scanned_pdf needs a TrueType font: install fonts-dejavu-core");
    let font = fontdue::Font::from_bytes(bytes, fontdue::FontSettings::default())
        .expect("the system font parses");
    let line_height = (SIZE * 1.5) as usize;
    let (width, height) = (2000usize, 2 * MARGIN + line_height * lines.len().max(1));
    let mut gray = vec![255u8; width * height];
    for (row, line) in lines.iter().enumerate() {
        let baseline = MARGIN + line_height * row + SIZE as usize;
        let mut pen = MARGIN as f32;
        for c in line.chars() {
            let (metrics, coverage) = font.rasterize(c, SIZE);
            let left = (pen + metrics.xmin as f32).round() as isize;
            let top = baseline as isize - metrics.ymin as isize - metrics.height as isize;
            for y in 0..metrics.height {
                for x in 0..metrics.width {
                    let (px, py) = (left + x as isize, top + y as isize);
                    if px < 0 || py < 0 || px as usize >= width || py as usize >= height {
                        continue;
                    }
                    let pixel = &mut gray[py as usize * width + px as usize];
                    *pixel = (*pixel).min(255 - coverage[y * metrics.width + x]);
                }
            }
            pen += metrics.advance_width;
        }
    }
    image_pdf(&gray, width as u32, height as u32)
}

/// A text page encrypted with the standard security handler (RC4, 40-bit, revision 2) and the
/// user password [`ENCRYPTED_PDF_PASSWORD`]: nothing opens it without that password.
pub fn encrypted_pdf() -> Vec<u8> {
    const OWNER_PASSWORD: &str = "proprietario";
    // Printing and copying allowed; the top bits set as the specification requires.
    const PERMISSIONS: i32 = -44;
    let file_id: [u8; 16] = *b"istruttoria-pdf!";

    // Algorithm 3: the owner entry.
    let owner_key = &md5(&padded(OWNER_PASSWORD))[..5];
    let owner_entry = rc4(owner_key, &padded(ENCRYPTED_PDF_PASSWORD));
    // Algorithm 2: the file key; algorithm 4: the user entry (revision 2).
    let mut input = padded(ENCRYPTED_PDF_PASSWORD).to_vec();
    input.extend_from_slice(&owner_entry);
    input.extend_from_slice(&PERMISSIONS.to_le_bytes());
    input.extend_from_slice(&file_id);
    let file_key = md5(&input)[..5].to_vec();
    let user_entry = rc4(&file_key, &PADDING);

    let mut doc = Doc::new();
    let font = doc.helvetica();
    // The content stream is encrypted with the key of its object (algorithm 1).
    let content_id = doc.reserve();
    let mut object_key = file_key.clone();
    object_key.extend_from_slice(&(content_id as u32).to_le_bytes()[..3]);
    object_key.extend_from_slice(&[0, 0]);
    let object_key = &md5(&object_key)[..10];
    let plain = text_content("Documento riservato\nSolo con la password");
    let encrypted = rc4(object_key, &plain);
    doc.set(
        content_id,
        format!("<< /Length {} >>\nstream\n", encrypted.len()),
    );
    doc.append_raw(content_id, &encrypted, b"\nendstream");
    let page = doc.page(font, content_id);
    let encrypt = doc.object(format!(
        "<< /Filter /Standard /V 1 /R 2 /Length 40 /O <{}> /U <{}> /P {PERMISSIONS} >>",
        hex(&owner_entry),
        hex(&user_entry)
    ));
    doc.finish(
        &[page],
        "",
        &format!(
            "/Encrypt {encrypt} 0 R /ID [<{}> <{}>]",
            hex(&file_id),
            hex(&file_id)
        ),
    )
}

/// A PDF cut off after its first 300 bytes: a header and part of the first objects, no page
/// tree, no cross-reference table.
pub fn corrupt_pdf() -> Vec<u8> {
    let mut bytes = text_pdf(&["Documento troncato"]);
    bytes.truncate(300);
    bytes
}

// --- the content of text pages -------------------------------------------------------------

fn text_content(text: &str) -> Vec<u8> {
    let mut content = format!(
        "BT /F1 {FONT_SIZE} Tf {LEADING} TL {MARGIN} {} Td\n",
        PAGE_HEIGHT - MARGIN
    )
    .into_bytes();
    for (i, line) in text.lines().enumerate() {
        if i > 0 {
            content.extend_from_slice(b"T* ");
        }
        content.extend_from_slice(pdf_string(line).as_bytes());
        content.extend_from_slice(b" Tj\n");
    }
    content.extend_from_slice(b"ET");
    content
}

/// A literal string in WinAnsiEncoding, non-ASCII bytes as octal escapes.
fn pdf_string(text: &str) -> String {
    let mut out = String::from("(");
    for byte in text.chars().map(win_ansi) {
        match byte {
            b'(' | b')' | b'\\' => {
                out.push('\\');
                out.push(byte as char);
            }
            0x20..=0x7e => out.push(byte as char),
            _ => {
                let _ = write!(out, "\\{byte:03o}");
            }
        }
    }
    out.push(')');
    out
}

/// A PDF name: regular characters as they are, the others as `#xx` of their UTF-8 bytes.
fn pdf_name(text: &str) -> String {
    let mut out = String::from("/");
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.') {
            out.push(byte as char);
        } else {
            let _ = write!(out, "#{byte:02X}");
        }
    }
    out
}

/// The WinAnsiEncoding byte of a character (`?` when it has none).
fn win_ansi(c: char) -> u8 {
    match c {
        ' '..='~' => c as u8,
        '\u{a0}'..='\u{ff}' => c as u32 as u8,
        '€' => 0x80,
        '‚' => 0x82,
        '„' => 0x84,
        '…' => 0x85,
        '‘' => 0x91,
        '’' => 0x92,
        '“' => 0x93,
        '”' => 0x94,
        '•' => 0x95,
        '–' => 0x96,
        '—' => 0x97,
        _ => b'?',
    }
}

fn refs(ids: &[usize]) -> String {
    ids.iter()
        .map(|id| format!("{id} 0 R"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut out, byte| {
        let _ = write!(out, "{byte:02x}");
        out
    })
}

// --- the standard security handler ---------------------------------------------------------

const PADDING: [u8; 32] = [
    0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08,
    0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
];

fn padded(password: &str) -> [u8; 32] {
    let mut out = PADDING;
    let bytes = password.as_bytes();
    let n = bytes.len().min(32);
    out[..n].copy_from_slice(&bytes[..n]);
    out[n..].copy_from_slice(&PADDING[..32 - n]);
    out
}

fn md5(data: &[u8]) -> [u8; 16] {
    use md5::Digest as _;
    md5::Md5::digest(data).into()
}

fn rc4(key: &[u8], data: &[u8]) -> Vec<u8> {
    let mut s: [u8; 256] = std::array::from_fn(|i| i as u8);
    let mut j = 0u8;
    for i in 0..256 {
        j = j.wrapping_add(s[i]).wrapping_add(key[i % key.len()]);
        s.swap(i, j as usize);
    }
    let (mut i, mut j) = (0u8, 0u8);
    data.iter()
        .map(|byte| {
            i = i.wrapping_add(1);
            j = j.wrapping_add(s[i as usize]);
            s.swap(i as usize, j as usize);
            byte ^ s[s[i as usize].wrapping_add(s[j as usize]) as usize]
        })
        .collect()
}

// --- the file structure --------------------------------------------------------------------

/// Objects numbered from 1: 1 is the catalog, 2 the page tree, written by [`Doc::finish`].
struct Doc {
    objects: Vec<Option<Vec<u8>>>,
}

impl Doc {
    fn new() -> Self {
        Self {
            objects: vec![None, None],
        }
    }

    fn reserve(&mut self) -> usize {
        self.objects.push(None);
        self.objects.len()
    }

    fn set(&mut self, id: usize, body: impl Into<Vec<u8>>) {
        self.objects[id - 1] = Some(body.into());
    }

    fn append_raw(&mut self, id: usize, data: &[u8], tail: &[u8]) {
        if let Some(body) = self.objects[id - 1].as_mut() {
            body.extend_from_slice(data);
            body.extend_from_slice(tail);
        }
    }

    fn object(&mut self, body: impl Into<Vec<u8>>) -> usize {
        let id = self.reserve();
        self.set(id, body);
        id
    }

    fn stream(&mut self, dict: &str, data: &[u8]) -> usize {
        let mut body = format!("<< {dict} /Length {} >>\nstream\n", data.len()).into_bytes();
        body.extend_from_slice(data);
        body.extend_from_slice(b"\nendstream");
        self.object(body)
    }

    fn helvetica(&mut self) -> usize {
        self.object(
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        )
    }

    fn page(&mut self, font: usize, content: usize) -> usize {
        let id = self.reserve();
        self.set_page(id, font, content, "");
        id
    }

    fn set_page(&mut self, id: usize, font: usize, content: usize, extra: &str) {
        self.set(
            id,
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_WIDTH} {PAGE_HEIGHT}] \
                 /Resources << /Font << /F1 {font} 0 R >> >> /Contents {content} 0 R {extra} >>"
            ),
        );
    }

    /// Catalog, page tree, objects, cross-reference table and trailer.
    fn finish(mut self, pages: &[usize], catalog_extra: &str, trailer_extra: &str) -> Vec<u8> {
        self.set(
            1,
            format!("<< /Type /Catalog /Pages 2 0 R {catalog_extra} >>"),
        );
        self.set(
            2,
            format!(
                "<< /Type /Pages /Kids [{}] /Count {} >>",
                refs(pages),
                pages.len()
            ),
        );

        let mut out = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n".to_vec();
        let mut offsets = Vec::with_capacity(self.objects.len());
        for (i, body) in self.objects.iter().enumerate() {
            offsets.push(out.len());
            out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
            out.extend_from_slice(body.as_deref().unwrap_or(b"null"));
            out.extend_from_slice(b"\nendobj\n");
        }
        let xref = out.len();
        let mut table = format!("xref\n0 {}\n0000000000 65535 f \n", self.objects.len() + 1);
        for offset in offsets {
            let _ = writeln!(table, "{offset:010} 00000 n ");
        }
        let _ = write!(
            table,
            "trailer\n<< /Size {} /Root 1 0 R {trailer_extra} >>\nstartxref\n{xref}\n%%EOF\n",
            self.objects.len() + 1
        );
        out.extend_from_slice(table.as_bytes());
        out
    }
}
