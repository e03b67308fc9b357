//! The pre-scan of a PDF's Flate streams, before PDFium sees the bytes.
//!
//! PDFium inflates a FlateDecode stream whole into memory and has no hook to bound it, so a
//! PDF of a few hundred kilobytes whose content stream inflates to gigabytes (a "deflate
//! bomb") would make the worker allocate them all. [`scan`] inflates every stream first,
//! streaming through fixed 64 KiB buffers and only counting the output, and refuses the
//! document as soon as one stream or the whole document crosses its bound — so the scan's own
//! work is bounded by them too.
//!
//! The scan does not parse the PDF: every `stream` keyword followed by an end of line
//! (`\r\n` or `\n`) is a candidate, and its bytes are inflated when they start with a zlib
//! header — what a FlateDecode stream is, whatever its dictionary says. Candidates that are not
//! zlib (other filters, encrypted data, the word in binary data) are skipped after two bytes or
//! a few of inflation. A stream whose output starts with a zlib header again (`/Filter
//! [/FlateDecode /FlateDecode]`) is inflated through nested decoders, up to [`MAX_LEVELS`]; a
//! stream's size is its largest level's output (normally the deepest), since PDFium holds each
//! level whole. Unreferenced objects and `stream` words inside other streams are scanned too:
//! PDFium does not read them, but counting them only errs on the side of refusing.
//!
//! Flate behind the text filters (`[/ASCIIHexDecode /FlateDecode]`,
//! `[/ASCII85Decode /FlateDecode]`, and both) is found too: a candidate whose bytes decode as
//! ASCIIHex or ASCII85 to a zlib header is decoded (at most the file's own size) and inflated
//! like the others.
//!
//! Not covered here: raw deflate without its zlib header, LZW, RunLength and images' decoded
//! sizes. Those are bounded by the extraction's child process instead — its address-space
//! limit ends a document PDFium cannot hold (`worker/tests/extraction.rs` proves it with an
//! LZW stream), at the cost of one document and never of the worker ([`super::sandbox`]).

use std::ops::ControlFlow;

use flate2::{Decompress, FlushDecompress, Status};

/// Levels of nested zlib streams inflated (the outer one and two inside it).
pub const MAX_LEVELS: usize = 3;
/// Each level's output buffer: the scan never holds more of a stream's output.
const SCRATCH_BYTES: usize = 64 * 1024;

/// How much a document's Flate streams may inflate to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// One stream (`ISTRUTTORIA_PDF_MAX_STREAM_BYTES`).
    pub max_stream_bytes: u64,
    /// The whole document (`ISTRUTTORIA_PDF_MAX_INFLATED_BYTES`).
    pub max_inflated_bytes: u64,
}

/// The zlib streams a scan inflated and what they inflated to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Inflated {
    /// Candidates that started with a zlib header.
    pub streams: usize,
    /// The sum of their sizes (each its largest level's output).
    pub bytes: u64,
}

/// Which bound a scan crossed, and what it had inflated when it stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exceeded {
    /// `true`: one stream crossed `max_stream_bytes`; `false`: the document crossed
    /// `max_inflated_bytes`.
    pub stream: bool,
    /// Including the stream that crossed, counted up to where the scan stopped.
    pub inflated: Inflated,
}

/// Inflates every Flate stream of `pdf` within `bounds`: what they inflate to, or which bound
/// the document crosses.
pub fn scan(pdf: &[u8], bounds: Bounds) -> Result<Inflated, Exceeded> {
    let mut inflater = Inflater::new();
    let mut inflated = Inflated::default();
    for start in candidates(pdf) {
        let data = &pdf[start..];
        let decoded;
        let data = if is_zlib_header(data) {
            data
        } else if let Some(text_decoded) = text_filters_to_zlib(data) {
            decoded = text_decoded;
            &decoded
        } else {
            continue;
        };
        inflated.streams += 1;
        let remaining = bounds.max_inflated_bytes.saturating_sub(inflated.bytes);
        let cap = bounds.max_stream_bytes.min(remaining);
        let (size, crossed) = inflater.measure(data, cap);
        inflated.bytes += size;
        if crossed {
            return Err(Exceeded {
                stream: size > bounds.max_stream_bytes,
                inflated,
            });
        }
    }
    Ok(inflated)
}

/// `bytes` for the user: whole GiB, MiB or KiB when it is a multiple of one, bytes otherwise.
pub fn size(bytes: &u64) -> String {
    let bytes = *bytes;
    match bytes {
        0 => "0 byte".into(),
        b if b % (1 << 30) == 0 => format!("{} GiB", b >> 30),
        b if b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} byte"),
    }
}

/// Where the data of each `stream` keyword followed by an end of line starts (`endstream`
/// excluded).
fn candidates(pdf: &[u8]) -> impl Iterator<Item = usize> + '_ {
    const KEYWORD: &[u8] = b"stream";
    let mut from = 0;
    std::iter::from_fn(move || {
        loop {
            let at = from + find(&pdf[from..], KEYWORD)?;
            let after = at + KEYWORD.len();
            from = after;
            if pdf[..at].ends_with(b"end") {
                continue;
            }
            let rest = &pdf[after..];
            if rest.starts_with(b"\r\n") {
                return Some(after + 2);
            }
            if rest.starts_with(b"\n") {
                return Some(after + 1);
            }
        }
    })
}

/// The first occurrence of `needle` (not empty) in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    let (first, rest) = needle.split_first()?;
    let mut from = 0;
    while let Some(offset) = haystack[from..].iter().position(|b| b == first) {
        let at = from + offset;
        if haystack[at + 1..].starts_with(rest) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// A zlib header (RFC 1950) as FlateDecode has it: deflate, a window of at most 32 KiB, no
/// preset dictionary, the check bits right.
fn is_zlib_header(bytes: &[u8]) -> bool {
    let [cmf, flg, ..] = *bytes else {
        return false;
    };
    cmf & 0x0f == 8
        && cmf >> 4 <= 7
        && flg & 0x20 == 0
        && (u16::from(cmf) << 8 | u16::from(flg)) % 31 == 0
}

/// A text filter's decoder: `None` when the data does not start in its alphabet.
type TextDecoder = fn(&[u8]) -> Option<Vec<u8>>;

/// The chains of text filters a Flate stream is looked for behind, outermost first.
const TEXT_CHAINS: [&[TextDecoder]; 6] = [
    &[ascii_hex],
    &[ascii85],
    &[ascii_hex, ascii_hex],
    &[ascii_hex, ascii85],
    &[ascii85, ascii_hex],
    &[ascii85, ascii85],
];

/// How much of a candidate is decoded to tell whether a chain leads to a zlib header.
const PROBE_BYTES: usize = 256;

/// The bytes of `data` with a chain of [`TEXT_CHAINS`] undone, when that comes to a zlib
/// stream; `None` otherwise. Each chain is tried on the first [`PROBE_BYTES`] before the
/// whole candidate is decoded (at most its own size).
fn text_filters_to_zlib(data: &[u8]) -> Option<Vec<u8>> {
    let probe = &data[..data.len().min(PROBE_BYTES)];
    let leads_to_zlib = |chain: &[TextDecoder], bytes: &[u8]| {
        chain
            .iter()
            .try_fold(bytes.to_vec(), |bytes, decode| decode(&bytes))
            .filter(|decoded| is_zlib_header(decoded))
    };
    TEXT_CHAINS
        .iter()
        .find(|chain| leads_to_zlib(chain, probe).is_some())
        .and_then(|chain| leads_to_zlib(chain, data))
}

/// ASCIIHexDecode up to its `>` (or the first byte that is neither a hex digit nor white
/// space); `None` when the data does not start as hex.
fn ascii_hex(data: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(data.len() / 2);
    let mut high: Option<u8> = None;
    let mut digits = 0;
    for &byte in data {
        let value = match byte {
            b'0'..=b'9' => byte - b'0',
            b'a'..=b'f' => byte - b'a' + 10,
            b'A'..=b'F' => byte - b'A' + 10,
            b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' | 0 => continue,
            _ => break,
        };
        digits += 1;
        match high.take() {
            Some(h) => out.push(h << 4 | value),
            None => high = Some(value),
        }
    }
    if let Some(h) = high {
        out.push(h << 4);
    }
    (digits >= 4).then_some(out)
}

/// ASCII85Decode (optionally opened by `<~`) up to its `~>` (or the first byte outside the
/// alphabet); `None` when the data does not start as ASCII85.
fn ascii85(data: &[u8]) -> Option<Vec<u8>> {
    let data = data.strip_prefix(b"<~").unwrap_or(data);
    let mut out = Vec::with_capacity(data.len() / 5 * 4);
    let mut group = [0u8; 5];
    let mut filled = 0;
    let mut characters = 0;
    for &byte in data {
        match byte {
            b'!'..=b'u' => {
                group[filled] = byte - b'!';
                filled += 1;
                characters += 1;
                if filled == 5 {
                    let value = group.iter().fold(0u64, |v, &d| v * 85 + u64::from(d));
                    out.extend_from_slice(&(value as u32).to_be_bytes());
                    filled = 0;
                }
            }
            b'z' if filled == 0 => {
                out.extend_from_slice(&[0; 4]);
                characters += 1;
            }
            b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' | 0 => {}
            _ => break,
        }
    }
    if filled > 1 {
        for digit in &mut group[filled..] {
            *digit = 84;
        }
        let value = group.iter().fold(0u64, |v, &d| v * 85 + u64::from(d));
        out.extend_from_slice(&(value as u32).to_be_bytes()[..filled - 1]);
    }
    (characters >= 5).then_some(out)
}

/// The decoders and buffers of the scan, reused from stream to stream.
struct Inflater {
    levels: Vec<Level>,
    scratch: Vec<Vec<u8>>,
}

struct Level {
    decoder: Decompress,
    /// Inflating this stream: its outer level's output started with a zlib header, and it has
    /// not ended yet.
    active: bool,
    /// Bytes this level output for the current stream.
    out: u64,
}

impl Inflater {
    fn new() -> Self {
        Self {
            levels: (0..MAX_LEVELS)
                .map(|_| Level {
                    decoder: Decompress::new(true),
                    active: false,
                    out: 0,
                })
                .collect(),
            scratch: vec![vec![0; SCRATCH_BYTES]; MAX_LEVELS],
        }
    }

    /// Inflates the zlib stream at the start of `data` (and the ones nested in it): its size,
    /// and whether it crossed `cap` (then the size is where it stopped, at most 64 KiB past).
    fn measure(&mut self, data: &[u8], cap: u64) -> (u64, bool) {
        for (i, level) in self.levels.iter_mut().enumerate() {
            level.decoder.reset(true);
            level.active = i == 0;
            level.out = 0;
        }
        let mut size = 0;
        let flow = feed(&mut self.levels, &mut self.scratch, data, &mut size, cap);
        (size, flow.is_break())
    }
}

/// Pushes `input` through `levels[0]` and what it outputs on through the levels below it,
/// keeping in `size` the largest output of a level; breaks as soon as that crosses `cap`.
fn feed(
    levels: &mut [Level],
    scratch: &mut [Vec<u8>],
    mut input: &[u8],
    size: &mut u64,
    cap: u64,
) -> ControlFlow<()> {
    let (Some((level, deeper)), Some((buffer, deeper_scratch))) =
        (levels.split_first_mut(), scratch.split_first_mut())
    else {
        return ControlFlow::Continue(());
    };
    while level.active {
        let (read, written) = (level.decoder.total_in(), level.decoder.total_out());
        let status = level
            .decoder
            .decompress(input, buffer, FlushDecompress::None);
        let consumed = (level.decoder.total_in() - read) as usize;
        let produced = (level.decoder.total_out() - written) as usize;
        input = &input[consumed..];
        if produced > 0 {
            let output = &buffer[..produced];
            if level.out == 0
                && is_zlib_header(output)
                && let Some(next) = deeper.first_mut()
            {
                next.active = true;
            }
            level.out += produced as u64;
            *size = (*size).max(level.out);
            if *size > cap {
                return ControlFlow::Break(());
            }
            feed(deeper, deeper_scratch, output, size, cap)?;
        }
        match status {
            // The end of the stream, or data that is not (or no longer) deflate.
            Ok(Status::StreamEnd) | Err(_) => level.active = false,
            // Waiting for more input: the outer level's next output, or the end of the file.
            Ok(_) if consumed == 0 && produced == 0 => break,
            Ok(_) => {}
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;

    use super::*;

    const MIB: u64 = 1 << 20;

    fn zlib(data: &[u8]) -> Vec<u8> {
        let mut encoder =
            flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(data).expect("in memory");
        encoder.finish().expect("in memory")
    }

    /// `bytes` spaces, compressed without holding them.
    fn zlib_spaces(bytes: u64) -> Vec<u8> {
        let chunk = [b' '; 64 * 1024];
        let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        let mut left = bytes;
        while left > 0 {
            let n = left.min(chunk.len() as u64) as usize;
            encoder.write_all(&chunk[..n]).expect("in memory");
            left -= n as u64;
        }
        encoder.finish().expect("in memory")
    }

    /// A PDF-like file: each item an object with a stream of those raw bytes.
    fn file(streams: &[&[u8]]) -> Vec<u8> {
        let mut out = b"%PDF-1.7\n".to_vec();
        for (i, data) in streams.iter().enumerate() {
            out.extend_from_slice(
                format!(
                    "{} 0 obj\n<< /Length {} /Filter /FlateDecode >>\nstream\n",
                    i + 1,
                    data.len()
                )
                .as_bytes(),
            );
            out.extend_from_slice(data);
            out.extend_from_slice(b"\nendstream\nendobj\n");
        }
        out.extend_from_slice(b"trailer\n<< >>\n%%EOF\n");
        out
    }

    const WIDE: Bounds = Bounds {
        max_stream_bytes: 256 * MIB,
        max_inflated_bytes: 2048 * MIB,
    };

    #[test]
    fn a_normal_stream_is_counted_exactly() {
        let content = b"BT /F1 12 Tf 72 770 Td (Contratto di finanziamento) Tj ET\n".repeat(1000);
        let other: Vec<u8> = (0..100_000u32).map(|i| (i * 7919 % 251) as u8).collect();
        let pdf = file(&[&zlib(&content), &zlib(&other)]);
        assert_eq!(
            scan(&pdf, WIDE),
            Ok(Inflated {
                streams: 2,
                bytes: (content.len() + other.len()) as u64
            })
        );

        // `\r\n` after the keyword, as some writers have it.
        let pdf = [
            b"1 0 obj\r\n<< /Filter /FlateDecode >>\r\nstream\r\n".as_slice(),
            &zlib(&content),
            b"\r\nendstream\r\nendobj\r\n",
        ]
        .concat();
        assert_eq!(scan(&pdf, WIDE).map(|i| i.bytes), Ok(content.len() as u64));
    }

    #[test]
    fn what_is_not_zlib_is_skipped() {
        let pdf = file(&[
            b"BT (uncompressed) Tj ET",
            // A zlib header with a broken deflate body.
            &[0x78, 0x9c, 0xff, 0xff, 0xff, 0xff, 0x00],
            // Binary data that happens to say "stream", but not before an end of line.
            b"\x00\xffstream \x78\x9c",
            b"",
        ]);
        let inflated = scan(&pdf, WIDE).expect("nothing to refuse");
        assert_eq!(inflated.streams, 1, "only the broken one had a zlib header");
        assert_eq!(inflated.bytes, 0);
        assert_eq!(scan(b"", WIDE), Ok(Inflated::default()));
        assert_eq!(scan(b"stream\n", WIDE), Ok(Inflated::default()));
        assert_eq!(scan(b"stream\nx", WIDE), Ok(Inflated::default()));
        // `endstream` followed by an end of line is no candidate, even before zlib bytes.
        assert_eq!(
            scan(&[b"endstream\n".as_slice(), &zlib(b"abc")].concat(), WIDE),
            Ok(Inflated::default())
        );
        // A truncated stream counts what it inflated to before the file ended.
        let whole = zlib(&[b'a'; 200_000]);
        let cut = [b"stream\n".as_slice(), &whole[..whole.len() / 2]].concat();
        let inflated = scan(&cut, WIDE).expect("small");
        assert!(
            inflated.bytes > 0 && inflated.bytes < 200_000,
            "{inflated:?}"
        );
    }

    #[test]
    fn a_nested_stream_counts_its_inner_size() {
        let content = b"q 1 0 0 1 0 0 cm (doppio) Tj Q\n".repeat(20_000);
        let twice = zlib(&zlib(&content));
        assert_eq!(
            scan(&file(&[&twice]), WIDE),
            Ok(Inflated {
                streams: 1,
                bytes: content.len() as u64
            })
        );
        let thrice = zlib(&zlib(&zlib(&content)));
        assert_eq!(
            scan(&file(&[&thrice]), WIDE).map(|i| i.bytes),
            Ok(content.len() as u64)
        );
        // A fourth level is not inflated: the third level's output is a zlib stream, about
        // as large as the levels above it.
        let inner = zlib(&content);
        let four = zlib(&zlib(&zlib(&inner)));
        let bytes = scan(&file(&[&four]), WIDE).expect("small").bytes;
        assert!(
            bytes >= inner.len() as u64 && bytes < inner.len() as u64 + 100,
            "{bytes} for {} compressed, {} inflated",
            inner.len(),
            content.len()
        );

        // The nested bomb: 64 MiB of spaces compressed twice is a few kilobytes.
        let bomb = zlib(&zlib_spaces(64 * MIB));
        assert!(bomb.len() < 64 * 1024, "{}", bomb.len());
        let error = scan(
            &file(&[&bomb]),
            Bounds {
                max_stream_bytes: MIB,
                max_inflated_bytes: 10 * MIB,
            },
        )
        .expect_err("its inner level crosses the bound");
        assert!(error.stream, "{error:?}");

        // A small inner stream does not hide its outer level's size.
        let outer = [zlib(b"piccolo").as_slice(), &[0; 3 * MIB as usize]].concat();
        assert_eq!(
            scan(&file(&[&zlib(&outer)]), WIDE).map(|i| i.bytes),
            Ok(outer.len() as u64)
        );
    }

    #[test]
    fn the_bounds_stop_the_scan_early() {
        // One stream over the stream bound: stopped within one buffer past it, the
        // streams after it are not inflated.
        let bomb = zlib_spaces(64 * MIB);
        let small = zlib(&[b'a'; 1000]);
        let bounds = Bounds {
            max_stream_bytes: MIB,
            max_inflated_bytes: 4 * MIB,
        };
        let error = scan(&file(&[&small, &bomb, &small]), bounds).expect_err("a bomb");
        assert!(error.stream, "{error:?}");
        assert_eq!(error.inflated.streams, 2);
        assert!(
            error.inflated.bytes > MIB && error.inflated.bytes <= 1000 + MIB + SCRATCH_BYTES as u64,
            "{error:?}"
        );

        // Streams each within the stream bound, together over the document's.
        let three_quarters = zlib_spaces(3 * MIB / 4);
        let bounds = Bounds {
            max_stream_bytes: MIB,
            max_inflated_bytes: 2 * MIB,
        };
        let error = scan(
            &file(&[
                &three_quarters,
                &three_quarters,
                &three_quarters,
                &three_quarters,
            ]),
            bounds,
        )
        .expect_err("over the total");
        assert!(!error.stream, "{error:?}");
        assert_eq!(error.inflated.streams, 3, "stopped in the third stream");
        assert!(
            error.inflated.bytes > 2 * MIB
                && error.inflated.bytes <= 2 * MIB + SCRATCH_BYTES as u64,
            "{error:?}"
        );
        // Exactly at the bounds is within them.
        let exact = Bounds {
            max_stream_bytes: 3 * MIB / 4,
            max_inflated_bytes: 3 * MIB / 2,
        };
        assert_eq!(
            scan(&file(&[&three_quarters, &three_quarters]), exact),
            Ok(Inflated {
                streams: 2,
                bytes: 3 * MIB / 2
            })
        );
    }

    fn hex(data: &[u8]) -> Vec<u8> {
        let mut out: Vec<u8> = data
            .iter()
            .flat_map(|b| format!("{b:02X}").into_bytes())
            .collect();
        // Writers wrap lines; the decoder skips white space.
        out.splice(10..10, *b"\n ");
        out.push(b'>');
        out
    }

    fn a85(data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        for chunk in data.chunks(4) {
            let mut group = [0u8; 4];
            group[..chunk.len()].copy_from_slice(chunk);
            let value = u32::from_be_bytes(group);
            if value == 0 && chunk.len() == 4 {
                out.push(b'z');
                continue;
            }
            let mut digits = [0u8; 5];
            let mut v = value;
            for digit in digits.iter_mut().rev() {
                *digit = (v % 85) as u8 + b'!';
                v /= 85;
            }
            out.extend_from_slice(&digits[..chunk.len() + 1]);
        }
        out.extend_from_slice(b"~>");
        out
    }

    #[test]
    fn flate_behind_text_filters_is_counted() {
        let content = b"BT /F1 12 Tf 72 770 Td (Rata mensile) Tj ET\n".repeat(500);
        for (name, encoded) in [
            ("ASCIIHex", hex(&zlib(&content))),
            ("ASCII85", a85(&zlib(&content))),
            ("ASCII85 then ASCIIHex", hex(&a85(&zlib(&content)))),
        ] {
            assert_eq!(
                scan(&file(&[&encoded]), WIDE),
                Ok(Inflated {
                    streams: 1,
                    bytes: content.len() as u64
                }),
                "{name}"
            );
        }
        // The bombs of the review, scaled down: 64 MiB of spaces behind each text filter.
        let bounds = Bounds {
            max_stream_bytes: MIB,
            max_inflated_bytes: 10 * MIB,
        };
        let bomb = zlib_spaces(64 * MIB);
        for (name, encoded) in [("ASCIIHex", hex(&bomb)), ("ASCII85", a85(&bomb))] {
            let error = scan(&file(&[&encoded]), bounds).expect_err(name);
            assert!(error.stream, "{name}: {error:?}");
        }
        // Text that only looks like a filter's alphabet is skipped, as before.
        let plain = file(&[b"BT /F1 12 Tf (Pagina) Tj ET", b"0 0 1 1 re f"]);
        assert_eq!(scan(&plain, WIDE), Ok(Inflated::default()));
    }

    #[test]
    fn sizes_read_as_units() {
        assert_eq!(size(&(256 * MIB)), "256 MiB");
        assert_eq!(size(&(2048 * MIB)), "2 GiB");
        assert_eq!(size(&1536), "1536 byte");
        assert_eq!(size(&(3 << 10)), "3 KiB");
        assert_eq!(size(&1000), "1000 byte");
    }
}
