//! `istruttoria_strtod`: the `strtod` QuickJS's C code calls (c/quickjs-overrides.h).
//!
//! A decimal number — `[+-]digits[.digits][(e|E)[+-]digits]`, all JSON.parse ever passes —
//! is read by Rust's parser (Eisel–Lemire, correctly rounded like any conforming strtod);
//! anything else (spaces, `inf`, `nan`, hexadecimal) goes to the libc's own strtod. Tested
//! through the real plugin: `numbers_are_read_exactly_as_javascript_reads_them` in
//! worker/tests/rule_input.rs.

use std::ffi::c_char;

unsafe extern "C" {
    /// wasi-libc's.
    fn strtod(text: *const c_char, end: *mut *mut c_char) -> f64;
}

/// The length of the decimal number at the start of `text` (0: none).
fn decimal_prefix(text: impl Fn(usize) -> u8) -> usize {
    let digits = |mut at: usize| {
        let from = at;
        while text(at).is_ascii_digit() {
            at += 1;
        }
        (at, at - from)
    };
    let mut at = usize::from(matches!(text(0), b'+' | b'-'));
    let (after_integer, integer_digits) = digits(at);
    at = after_integer;
    let mut fraction_digits = 0;
    if text(at) == b'.' {
        (at, fraction_digits) = digits(at + 1);
    }
    if integer_digits + fraction_digits == 0 {
        return 0;
    }
    if matches!(text(at), b'e' | b'E') {
        let sign = usize::from(matches!(text(at + 1), b'+' | b'-'));
        let (after_exponent, exponent_digits) = digits(at + 1 + sign);
        if exponent_digits > 0 {
            at = after_exponent;
        }
    }
    at
}

/// # Safety
/// `text` is a NUL-terminated string; `end`, when not null, is writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn istruttoria_strtod(text: *const c_char, end: *mut *mut c_char) -> f64 {
    // Reads stop at the first byte that cannot continue a number, at the latest at the NUL.
    let byte = |at: usize| unsafe { *text.add(at) as u8 };
    let len = decimal_prefix(byte);
    // "0x…" is hexadecimal for strtod.
    if len == 0 || matches!(byte(len), b'x' | b'X') {
        return unsafe { strtod(text, end) };
    }
    let bytes = unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len) };
    let parsed = std::str::from_utf8(bytes)
        .ok()
        .and_then(|s| s.parse::<f64>().ok());
    match parsed {
        Some(value) => {
            if !end.is_null() {
                unsafe { *end = text.add(len).cast_mut() };
            }
            value
        }
        None => unsafe { strtod(text, end) },
    }
}
