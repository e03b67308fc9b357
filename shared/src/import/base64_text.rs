//! The archive's base64, decoded where it arrived (issue 29).
//!
//! An import's archive travels as a base64 string inside the JSON body: up to about 137 MiB of
//! text for the 100 MiB archive limit. Decoding it into a buffer of its own would hold the body
//! and the archive at once (about 240 MiB per import); [`Base64Text`] keeps the string where the
//! body holds it, and [`decode_base64`] decodes it in place — 4 characters become 3 bytes, so the
//! bytes written never overtake the characters still to read — and hands back that same buffer
//! as the archive. An import then costs the API its body and nothing of the same size besides.

use std::ops::Range;

use base64::Engine;
use base64::engine::DecodePaddingMode;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};

use super::ImportError;
use super::archive;
use crate::config::ImportLimits;

/// The archive's base64: a range of a buffer (the request body itself when the JSON string had
/// no escape sequence, else a string of its own).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Base64Text {
    buffer: Vec<u8>,
    range: Range<usize>,
}

impl Base64Text {
    /// The text at `range` of `buffer`.
    ///
    /// # Panics
    /// When `range` is not within `buffer`.
    pub fn within(buffer: Vec<u8>, range: Range<usize>) -> Self {
        assert!(
            range.start <= range.end && range.end <= buffer.len(),
            "the base64 text's range {range:?} is outside its buffer of {} bytes",
            buffer.len()
        );
        Self { buffer, range }
    }

    /// The text's bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.buffer[self.range.clone()]
    }
}

impl From<String> for Base64Text {
    fn from(text: String) -> Self {
        let range = 0..text.len();
        Self {
            buffer: text.into_bytes(),
            range,
        }
    }
}

impl From<&str> for Base64Text {
    fn from(text: &str) -> Self {
        Self::from(text.to_owned())
    }
}

/// Characters decoded per step: a multiple of 4, so that only the last step sees padding.
const STEP_CHARS: usize = 64 * 1024;

/// Decodes the archive's base64 (a `data:…;base64,` prefix, whitespace and missing padding are
/// tolerated) in its own buffer, refusing one that would decode to more than the archive limit
/// before decoding it. Returns the archive's bytes, in the text's buffer.
pub fn decode_base64(text: Base64Text, limits: &ImportLimits) -> Result<Vec<u8>, ImportError> {
    let Base64Text { mut buffer, range } = text;
    let range = without_data_url_prefix(&buffer, trimmed(&buffer, range));
    if range.is_empty() {
        return Err(ImportError::Base64("nessun archivio".into()));
    }
    // 4 characters encode 3 bytes (the last group up to 2 fewer): refuse what is surely too
    // large without decoding it.
    let chars = buffer[range.clone()]
        .iter()
        .filter(|b| !b.is_ascii_whitespace())
        .count();
    let at_least = (chars as u64 / 4 * 3).saturating_sub(2);
    archive::check_archive_size(at_least, limits).map_err(|_| ImportError::ArchiveTooLarge {
        size: at_least,
        max: limits.max_archive_bytes,
    })?;
    let chars = compact(&mut buffer, range);
    let engine = GeneralPurpose::new(
        &base64::alphabet::STANDARD,
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
    );
    // The characters now fill buffer[..chars]; each step decodes the next ones into `step` and
    // writes the bytes back at `written`, which stays behind the characters not yet read.
    let mut step = vec![0u8; STEP_CHARS / 4 * 3];
    let mut written = 0;
    let mut read = 0;
    while read < chars {
        let end = (read + STEP_CHARS).min(chars);
        let decoded = engine
            .decode_slice(&buffer[read..end], &mut step)
            .map_err(|error| ImportError::Base64(describe(&error, read)))?;
        buffer[written..written + decoded].copy_from_slice(&step[..decoded]);
        written += decoded;
        read = end;
    }
    buffer.truncate(written);
    archive::check_archive_size(written as u64, limits)?;
    Ok(buffer)
}

/// `range` without the whitespace at either end.
fn trimmed(buffer: &[u8], range: Range<usize>) -> Range<usize> {
    let text = &buffer[range.clone()];
    let start = text
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(text.len());
    let end = text
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(start, |last| last + 1);
    range.start + start..range.start + end
}

/// `range` after a `data:…;base64,` prefix, when it has one.
fn without_data_url_prefix(buffer: &[u8], range: Range<usize>) -> Range<usize> {
    let text = &buffer[range.clone()];
    const MARK: &[u8] = b";base64,";
    if !text.starts_with(b"data:") {
        return range;
    }
    match text.windows(MARK.len()).position(|window| window == MARK) {
        Some(at) => range.start + at + MARK.len()..range.end,
        None => range,
    }
}

/// Moves the characters of `range` that are not whitespace to the start of `buffer`; returns
/// how many there are.
fn compact(buffer: &mut [u8], range: Range<usize>) -> usize {
    let mut kept = 0;
    for at in range {
        let byte = buffer[at];
        if !byte.is_ascii_whitespace() {
            buffer[kept] = byte;
            kept += 1;
        }
    }
    kept
}

/// What is wrong with the base64, in the client's words; `offset` is where the step began
/// (positions count the characters without whitespace, from 1).
fn describe(error: &base64::DecodeSliceError, offset: usize) -> String {
    use base64::DecodeError;
    let decode = match error {
        base64::DecodeSliceError::DecodeError(decode) => decode,
        // The step's output always fits: 3 bytes per 4 characters.
        base64::DecodeSliceError::OutputSliceTooSmall => {
            return "errore interno di decodifica".to_owned();
        }
    };
    match decode {
        DecodeError::InvalidByte(at, byte) | DecodeError::InvalidLastSymbol(at, byte) => {
            let shown = if byte.is_ascii_graphic() {
                format!("«{}»", char::from(*byte))
            } else {
                format!("di codice {byte}")
            };
            format!(
                "carattere {shown} non ammesso al carattere n. {}",
                offset + at + 1
            )
        }
        DecodeError::InvalidLength(_) => "la lunghezza del testo non è valida".to_owned(),
        DecodeError::InvalidPadding => "il riempimento «=» non è valido".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use base64::engine::general_purpose::STANDARD;

    use super::*;

    fn decode(text: &str, limits: &ImportLimits) -> Result<Vec<u8>, ImportError> {
        decode_base64(Base64Text::from(text), limits)
    }

    #[test]
    fn base64_tolerates_data_urls_and_line_breaks_and_checks_the_size_first() {
        let limits = ImportLimits::default();
        let bytes: Vec<u8> = (0..=255u8).cycle().take(300_000).collect();
        let encoded = STANDARD.encode(&bytes);
        assert_eq!(decode(&encoded, &limits).expect("plain"), bytes);
        let wrapped: String = encoded
            .as_bytes()
            .chunks(76)
            .map(|c| format!("{}\r\n", String::from_utf8_lossy(c)))
            .collect();
        assert_eq!(decode(&wrapped, &limits).expect("wrapped"), bytes);
        let data_url = format!("data:application/zip;base64,{encoded}");
        assert_eq!(decode(&data_url, &limits).expect("data URL"), bytes);
        let short = STANDARD.encode(b"abcd");
        let unpadded = short.trim_end_matches('=');
        assert_eq!(decode(unpadded, &limits).expect("unpadded"), b"abcd");

        let small = ImportLimits {
            max_archive_bytes: 100,
            ..limits
        };
        let big = "A".repeat(1000);
        assert!(matches!(
            decode(&big, &small),
            Err(ImportError::ArchiveTooLarge { max: 100, .. })
        ));
        let exact = STANDARD.encode([0u8; 100]);
        assert_eq!(decode(&exact, &small).expect("at the limit").len(), 100);
        let over = STANDARD.encode([0u8; 101]);
        assert!(matches!(
            decode(&over, &small),
            Err(ImportError::ArchiveTooLarge {
                size: 101,
                max: 100
            })
        ));
        assert!(matches!(decode("  ", &limits), Err(ImportError::Base64(_))));
    }

    #[test]
    fn a_text_within_a_larger_buffer_is_decoded_in_that_buffer() {
        let body = format!(
            r#"{{"base64zip":"{}","input":"[]"}}"#,
            STANDARD.encode(b"PK archive")
        );
        let start = body.find("\":\"").expect("the field") + 3;
        let end = start + body[start..].find('"').expect("its end");
        let text = Base64Text::within(body.into_bytes(), start..end);
        let held = text.as_bytes().as_ptr();
        let archive = decode_base64(text, &ImportLimits::default()).expect("decoded");
        assert_eq!(archive, b"PK archive");
        assert_eq!(
            archive.as_ptr(),
            held.wrapping_sub(start),
            "the same buffer"
        );
    }

    #[test]
    fn a_bad_character_is_named_with_its_place_across_steps() {
        let limits = ImportLimits::default();
        let mut text = "A".repeat(STEP_CHARS * 2);
        text.replace_range(STEP_CHARS + 9..STEP_CHARS + 10, "*");
        let error = decode(&text, &limits).expect_err("refused").to_string();
        assert_eq!(
            error,
            format!(
                "Errore nello zip: il contenuto non è base64 valido (carattere «*» non ammesso al carattere n. {})",
                STEP_CHARS + 10
            )
        );
        let error = decode("AAAAA", &limits).expect_err("refused").to_string();
        assert!(
            error.ends_with("(la lunghezza del testo non è valida)"),
            "{error}"
        );
    }
}
