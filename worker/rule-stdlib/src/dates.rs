//! Dates in the forms Italian documents write them, to ISO `yyyy-mm-dd`: `05/03/2024`,
//! `5-3-2024`, `05.03.24`, `5 marzo 2024`, `1° mar. 2024`, `lunedì 5 marzo 2024`, and ISO itself.
//! Day first; a two-digit year is 1969–2068 (as POSIX `%y`); the day must exist in its month.

use super::{is_space, trim};

const MONTHS: [&str; 12] = [
    "gennaio",
    "febbraio",
    "marzo",
    "aprile",
    "maggio",
    "giugno",
    "luglio",
    "agosto",
    "settembre",
    "ottobre",
    "novembre",
    "dicembre",
];
/// The abbreviations of [`MONTHS`], in order (`sett` too, as some write September).
const SHORT_MONTHS: [&str; 12] = [
    "gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic",
];
const WEEKDAYS: [&str; 7] = [
    "lunedì",
    "martedì",
    "mercoledì",
    "giovedì",
    "venerdì",
    "sabato",
    "domenica",
];

/// The ISO date (`yyyy-mm-dd`) `text` states, or `None`.
pub fn data(text: &str) -> Option<String> {
    let text = trim(text);
    if text.len() > 64 {
        return None;
    }
    let (year, month, day) = numeric(text).or_else(|| written(text))?;
    valid(year, month, day).then(|| format!("{year:04}-{month:02}-{day:02}"))
}

/// `dd/mm/yyyy` with `/`, `-` or `.` (one kind), or ISO `yyyy-mm-dd`.
fn numeric(text: &str) -> Option<(u32, u32, u32)> {
    let separator = text.chars().find(|c| !c.is_ascii_digit())?;
    if !matches!(separator, '/' | '-' | '.') {
        return None;
    }
    let parts: Vec<&str> = text.split(separator).collect();
    let [first, second, third] = parts.as_slice() else {
        return None;
    };
    let number = |part: &str, widths: &[usize]| {
        (widths.contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u32>().ok())
            .flatten()
    };
    if separator == '-' && first.len() == 4 {
        return Some((
            number(first, &[4])?,
            number(second, &[2])?,
            number(third, &[2])?,
        ));
    }
    let day = number(first, &[1, 2])?;
    let month = number(second, &[1, 2])?;
    let year = year(third)?;
    Some((year, month, day))
}

/// A year of four digits, or of two (1969–2068).
fn year(text: &str) -> Option<u32> {
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value: u32 = text.parse().ok()?;
    match text.len() {
        4 => Some(value),
        2 if value >= 69 => Some(1900 + value),
        2 => Some(2000 + value),
        _ => None,
    }
}

/// `[weekday[,]] d[°|º] month yyyy`, the month written out or abbreviated (with or without a
/// dot), in any case.
fn written(text: &str) -> Option<(u32, u32, u32)> {
    let lower = text.to_lowercase();
    let mut words: Vec<&str> = lower
        .split(|c: char| is_space(c) || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let unaccented = |w: &str| w.replace('ì', "i");
    if words
        .first()
        .is_some_and(|w| WEEKDAYS.iter().any(|d| unaccented(d) == unaccented(w)))
    {
        words.remove(0);
    }
    let [day, month, year_text] = words.as_slice() else {
        return None;
    };
    let day = day.trim_end_matches(['°', 'º']);
    if day.is_empty() || day.len() > 2 || !day.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let month = month.trim_end_matches('.');
    let month = MONTHS
        .iter()
        .position(|m| *m == month)
        .or_else(|| SHORT_MONTHS.iter().position(|m| *m == month))
        .or_else(|| (month == "sett").then_some(8))?;
    if year_text.len() != 4 {
        return None;
    }
    Some((year(year_text)?, month as u32 + 1, day.parse().ok()?))
}

/// Whether the day exists (years 1000–9999).
fn valid(year: u32, month: u32, day: u32) -> bool {
    let leap = (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1000..=9999).contains(&year) && (1..=days).contains(&day)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Days from 1970-01-01 to `(year, month, day)` (the reference calendar: H. Hinnant's
    /// `days_from_civil`), and back.
    fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
        let y = if month <= 2 { year - 1 } else { year };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let doy = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    fn civil_from_days(days: i64) -> (i64, i64, i64) {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        (yoe + era * 400 + i64::from(month <= 2), month, day)
    }

    #[test]
    fn every_day_reads_back_in_every_form_and_no_other_day_does() {
        let mut random = fastrand::Rng::with_seed(33);
        for _ in 0..20_000 {
            let days = random.i64(days_from_civil(1900, 1, 1)..days_from_civil(2100, 12, 31));
            let (y, m, d) = civil_from_days(days);
            let iso = format!("{y:04}-{m:02}-{d:02}");
            let name = MONTHS[(m - 1) as usize];
            for text in [
                format!("{d:02}/{m:02}/{y}"),
                format!("{d}-{m}-{y}"),
                format!("{d}.{m:02}.{y}"),
                format!("{d} {name} {y}"),
                format!("{d} {} {y}", name.to_uppercase()),
                format!("{d} {}. {y}", SHORT_MONTHS[(m - 1) as usize]),
                iso.clone(),
            ] {
                assert_eq!(data(&text).as_deref(), Some(iso.as_str()), "{text}");
            }
        }
        // Every day-month pair of a year against the calendar: what does not exist is refused.
        for year in [1900, 2000, 2023, 2024] {
            for month in 1..=13 {
                for day in 0..=32 {
                    let exists = month <= 12
                        && day >= 1
                        && civil_from_days(days_from_civil(year, month, day)) == (year, month, day);
                    let text = format!("{day:02}/{month:02}/{year}");
                    assert_eq!(data(&text).is_some(), exists, "{text}");
                }
            }
        }
    }
}
