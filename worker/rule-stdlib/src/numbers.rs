//! Italian numbers: `1.234,56`, `1 234,56`, `1'234,56`, `-1.234,56`, `(1.234,56)`,
//! `1.234,56-`; amounts (`€ 1.234,56`, `1.234,56 EUR`) and percentages (`7,25 %`).
//!
//! The comma is the decimal separator; dots, spaces and apostrophes group thousands, and only
//! where they group them (`1.234.567`, never `12.34,5`). Without a comma, a lone dot that does not
//! group three digits is a decimal point (`7.25`, as machines write), so `1.234` is 1234 and
//! `1.5` is 1.5.

use super::{is_space, trim};

/// Longest text read as a number: longer is not a number a document states.
const MAX_CHARS: usize = 64;

/// The number `text` states in the Italian way, or `None`.
pub fn numero(text: &str) -> Option<f64> {
    let text = trim(text);
    if text.len() > MAX_CHARS * 4 {
        return None;
    }
    let (negative, body) = sign(text)?;
    let value = unsigned(body)?;
    Some(if negative && value != 0.0 {
        -value
    } else {
        value
    })
}

/// The number of euros `text` states: [`numero`] with a currency sign or name before or after
/// it (`€`, `EUR`, `euro`, `Euro`), or none.
pub fn importo(text: &str) -> Option<f64> {
    let text = trim(text);
    let (negative, text) = match text.strip_prefix(['-', '−']) {
        Some(rest) => (true, trim(rest)),
        None => (false, text),
    };
    let text = strip_currency(text);
    let value = numero(text)?;
    Some(if negative && value != 0.0 {
        -value
    } else {
        value
    })
}

/// The percentage `text` states (`7,25 %` → 7.25): [`numero`] followed by `%`, `per cento` or
/// `percento`, or by nothing.
pub fn percentuale(text: &str) -> Option<f64> {
    let text = trim(text);
    let lower = text.to_ascii_lowercase();
    let number = ["%", "per cento", "percento"]
        .iter()
        .find_map(|mark| lower.strip_suffix(mark).map(|rest| &text[..rest.len()]))
        .unwrap_or(text);
    numero(number)
}

/// The sign of a number and what follows it: a leading `-`, `+` or `−`, a trailing `-`, or
/// parentheses around it.
fn sign(text: &str) -> Option<(bool, &str)> {
    if let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        return Some((true, trim(inner)));
    }
    if let Some(rest) = text.strip_prefix(['-', '−']) {
        return Some((true, trim(rest)));
    }
    if let Some(rest) = text.strip_prefix('+') {
        return Some((false, trim(rest)));
    }
    if let Some(rest) = text.strip_suffix('-') {
        return Some((true, trim(rest)));
    }
    Some((false, text))
}

/// An unsigned Italian number.
fn unsigned(text: &str) -> Option<f64> {
    if text.is_empty() || text.chars().count() > MAX_CHARS {
        return None;
    }
    let (whole, fraction) = match text.split_once(',') {
        Some((whole, fraction)) => {
            if fraction.is_empty() || !fraction.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            (whole, Some(fraction))
        }
        None => match lone_decimal_point(text) {
            Some((whole, fraction)) => (whole, Some(fraction)),
            None => (text, None),
        },
    };
    let mut digits = grouped_digits(whole)?;
    if digits.is_empty() && fraction.is_none() {
        return None;
    }
    if digits.is_empty() {
        digits.push('0');
    }
    if let Some(fraction) = fraction {
        digits.push('.');
        digits.push_str(fraction);
    }
    digits.parse::<f64>().ok().filter(|value| value.is_finite())
}

/// `text` split at its one dot when that dot is a decimal point: there is no comma, one dot,
/// digits on both sides, and the digits after it are not a group of three.
fn lone_decimal_point(text: &str) -> Option<(&str, &str)> {
    let (whole, fraction) = text.split_once('.')?;
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    (digits(whole) && digits(fraction) && fraction.len() != 3).then_some((whole, fraction))
}

/// The digits of an integer part written with or without one kind of thousands separator (`.`,
/// white space, `'` or `’`): the first group 1–3 digits, each other exactly 3. An empty part is
/// no digits.
fn grouped_digits(whole: &str) -> Option<String> {
    if whole.bytes().all(|b| b.is_ascii_digit()) {
        return Some(whole.to_owned());
    }
    let separator = whole.chars().find(|c| !c.is_ascii_digit())?;
    let kind = |c: char| {
        if is_space(c) { ' ' } else { c }
    };
    if !matches!(kind(separator), '.' | ' ' | '\'' | '’') {
        return None;
    }
    let mut digits = String::with_capacity(whole.len());
    for (at, group) in whole
        .split(|c: char| !c.is_ascii_digit() && kind(c) == kind(separator))
        .enumerate()
    {
        let sized = if at == 0 {
            (1..=3).contains(&group.len())
        } else {
            group.len() == 3
        };
        if !sized || !group.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.push_str(group);
    }
    Some(digits)
}

/// `text` without a currency sign or name before or after it.
fn strip_currency(text: &str) -> &str {
    const MARKS: [&str; 4] = ["€", "eur", "euro", "euros"];
    let lower = text.to_ascii_lowercase();
    for mark in MARKS.iter().rev() {
        if lower.starts_with(mark) && !text[mark.len()..].starts_with(|c: char| c.is_alphabetic()) {
            return trim(&text[mark.len()..]);
        }
        if lower.ends_with(mark) {
            let rest = &text[..text.len() - mark.len()];
            if !rest.ends_with(|c: char| c.is_alphabetic()) {
                return trim(rest);
            }
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `value` written as an Italian document would: dots between thousands, a comma before
    /// `decimals` decimals (the reference the parser is checked against).
    fn italian(value: u64, cents: Option<u32>, separator: char) -> String {
        let digits = value.to_string();
        let mut out = String::new();
        for (at, c) in digits.chars().enumerate() {
            if at > 0 && (digits.len() - at).is_multiple_of(3) {
                out.push(separator);
            }
            out.push(c);
        }
        if let Some(cents) = cents {
            out.push_str(&format!(",{cents:02}"));
        }
        out
    }

    #[test]
    fn any_grouped_number_reads_back_as_written() {
        let mut random = fastrand::Rng::with_seed(33);
        for _ in 0..20_000 {
            let value = random.u64(0..10_000_000_000_000);
            let cents = random.bool().then(|| random.u32(0..100));
            let separator = ['.', ' ', '\'', '\u{a0}'][random.usize(0..4)];
            let text = italian(value, cents, separator);
            let expected = value as f64 + f64::from(cents.unwrap_or(0)) / 100.0;
            let parsed = numero(&text).unwrap_or_else(|| panic!("{text}"));
            assert!(
                (parsed - expected).abs() <= expected * 1e-15,
                "{text}: {parsed}"
            );
            let negated = if parsed == 0.0 { 0.0 } else { -parsed };
            assert_eq!(numero(&format!("-{text}")), Some(negated), "-{text}");
            assert_eq!(importo(&format!("€ {text}")), Some(parsed), "€ {text}");
            assert_eq!(percentuale(&format!("{text} %")), Some(parsed), "{text} %");
        }
    }

    #[test]
    fn badly_grouped_numbers_are_not_read() {
        for text in [
            "12.34,5",
            "1,234,5",
            "1. 234",
            "1.234 567",
            ",",
            "-",
            "1,",
            "abc",
            "1e5",
            "0x10",
            "Infinity",
            "NaN",
            "1.234.5",
        ] {
            assert_eq!(numero(text), None, "{text}");
        }
    }
}
