//! Codici fiscali and IBANs, with their check characters verified.

use super::trim;

/// Whether `text` is a valid codice fiscale: a person's 16 characters (letters and digits in
/// their places, the digits possibly replaced by the letters of omocodia, an existing month
/// letter and day, the check letter right) or the 11 digits of a company's (its check digit
/// right). Case and the white space around it do not matter.
pub fn codice_fiscale_valido(text: &str) -> bool {
    let code = trim(text).to_ascii_uppercase();
    match code.len() {
        16 => person(code.as_bytes()),
        11 => company(code.as_bytes()),
        _ => false,
    }
}

/// The letters that replace the digits 0–9 in a codice fiscale made unique (omocodia).
const OMOCODIA: &[u8; 10] = b"LMNPQRSTUV";
/// The month letters, January to December.
const MONTH_LETTERS: &[u8; 12] = b"ABCDEHLMPRST";
/// The value of a character in an odd (1st, 3rd, …) position, digits and letters alike.
const ODD: [u8; 26] = [
    1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

fn person(code: &[u8]) -> bool {
    let letter = |at: usize| code[at].is_ascii_uppercase();
    let digit = |at: usize| {
        let c = code[at];
        if c.is_ascii_digit() {
            Some(c - b'0')
        } else {
            OMOCODIA.iter().position(|&l| l == c).map(|d| d as u8)
        }
    };
    let shape = (0..6).all(letter)
        && [6, 7, 9, 10, 12, 13, 14]
            .iter()
            .all(|&at| digit(at).is_some())
        && MONTH_LETTERS.contains(&code[8])
        && letter(11)
        && letter(15);
    if !shape {
        return false;
    }
    let day = digit(9).unwrap_or(0) * 10 + digit(10).unwrap_or(0);
    if !(1..=31).contains(&day) && !(41..=71).contains(&day) {
        return false;
    }
    check_letter(&code[..15]) == code[15]
}

/// The check letter of the first 15 characters.
pub(crate) fn check_letter(code: &[u8]) -> u8 {
    let value = |c: u8| {
        usize::from(if c.is_ascii_digit() {
            c - b'0'
        } else {
            c - b'A'
        })
    };
    let sum: usize = code
        .iter()
        .enumerate()
        .map(|(at, &c)| {
            if at % 2 == 0 {
                usize::from(ODD[value(c)])
            } else {
                value(c)
            }
        })
        .sum();
    b'A' + (sum % 26) as u8
}

fn company(code: &[u8]) -> bool {
    if !code.iter().all(u8::is_ascii_digit) {
        return false;
    }
    let sum: u32 = code[..10]
        .iter()
        .enumerate()
        .map(|(at, &c)| {
            let d = u32::from(c - b'0');
            if at % 2 == 0 {
                d
            } else if d * 2 > 9 {
                d * 2 - 9
            } else {
                d * 2
            }
        })
        .sum();
    (10 - sum % 10) % 10 == u32::from(code[10] - b'0')
}

/// Whether `text` is a valid IBAN: its country's length, its check digits right (ISO 13616
/// modulo 97). Spaces between its groups and case do not matter.
pub fn iban_valido(text: &str) -> bool {
    let iban: Vec<u8> = trim(text)
        .bytes()
        .filter(|b| *b != b' ')
        .map(|b| b.to_ascii_uppercase())
        .collect();
    if iban.len() < 15 || iban.len() > 34 || !iban.iter().all(u8::is_ascii_alphanumeric) {
        return false;
    }
    if !iban[..2].iter().all(u8::is_ascii_uppercase) || !iban[2..4].iter().all(u8::is_ascii_digit) {
        return false;
    }
    let Some(length) = country_length(&iban[..2]) else {
        return false;
    };
    length == iban.len()
        && italian_shape(&iban)
        && remainder(iban[4..].iter().chain(&iban[..4])) == 1
}

/// Whether an Italian or Sammarinese IBAN's BBAN has its shape: the CIN letter, ABI and CAB (10
/// digits), then 12 letters or digits. Other countries are checked by length and modulo only.
fn italian_shape(iban: &[u8]) -> bool {
    if !matches!(&iban[..2], b"IT" | b"SM") {
        return true;
    }
    iban[4].is_ascii_uppercase() && iban[5..15].iter().all(u8::is_ascii_digit)
}

/// The remainder modulo 97 of the number the characters spell, letters as 10–35.
fn remainder<'a>(chars: impl Iterator<Item = &'a u8>) -> u32 {
    chars.fold(0, |rest, &c| {
        if c.is_ascii_digit() {
            (rest * 10 + u32::from(c - b'0')) % 97
        } else {
            (rest * 100 + u32::from(c - b'A') + 10) % 97
        }
    })
}

/// The length of an IBAN of `country` (the IBAN registry).
fn country_length(country: &[u8]) -> Option<usize> {
    const LENGTHS: &[(&[u8; 2], usize)] = &[
        (b"AD", 24),
        (b"AE", 23),
        (b"AL", 28),
        (b"AT", 20),
        (b"AZ", 28),
        (b"BA", 20),
        (b"BE", 16),
        (b"BG", 22),
        (b"BH", 22),
        (b"BI", 27),
        (b"BR", 29),
        (b"BY", 28),
        (b"CH", 21),
        (b"CR", 22),
        (b"CY", 28),
        (b"CZ", 24),
        (b"DE", 22),
        (b"DJ", 27),
        (b"DK", 18),
        (b"DO", 28),
        (b"EE", 20),
        (b"EG", 29),
        (b"ES", 24),
        (b"FI", 18),
        (b"FK", 18),
        (b"FO", 18),
        (b"FR", 27),
        (b"GB", 22),
        (b"GE", 22),
        (b"GI", 23),
        (b"GL", 18),
        (b"GR", 27),
        (b"GT", 28),
        (b"HR", 21),
        (b"HU", 28),
        (b"IE", 22),
        (b"IL", 23),
        (b"IQ", 23),
        (b"IS", 26),
        (b"IT", 27),
        (b"JO", 30),
        (b"KW", 30),
        (b"KZ", 20),
        (b"LB", 28),
        (b"LC", 32),
        (b"LI", 21),
        (b"LT", 20),
        (b"LU", 20),
        (b"LV", 21),
        (b"LY", 25),
        (b"MC", 27),
        (b"MD", 24),
        (b"ME", 22),
        (b"MK", 19),
        (b"MN", 20),
        (b"MR", 27),
        (b"MT", 31),
        (b"MU", 30),
        (b"NI", 28),
        (b"NL", 18),
        (b"NO", 15),
        (b"OM", 23),
        (b"PK", 24),
        (b"PL", 28),
        (b"PS", 29),
        (b"PT", 25),
        (b"QA", 29),
        (b"RO", 24),
        (b"RS", 22),
        (b"RU", 33),
        (b"SA", 24),
        (b"SC", 31),
        (b"SD", 18),
        (b"SE", 24),
        (b"SI", 19),
        (b"SK", 24),
        (b"SM", 27),
        (b"SO", 23),
        (b"ST", 25),
        (b"SV", 28),
        (b"TL", 23),
        (b"TN", 24),
        (b"TR", 26),
        (b"UA", 29),
        (b"VA", 22),
        (b"VG", 24),
        (b"XK", 20),
        (b"YE", 30),
    ];
    LENGTHS
        .iter()
        .find(|(code, _)| code.as_slice() == country)
        .map(|(_, length)| *length)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An Italian IBAN for `bban` (23 characters) with its check digits computed the long way:
    /// the reference, with arbitrary-precision arithmetic on decimal strings.
    fn italian_iban(bban: &str) -> String {
        let digits: String = format!("{bban}IT00")
            .chars()
            .map(|c| c.to_digit(36).expect("alphanumeric").to_string())
            .collect();
        let rest = digits.as_bytes().chunks(9).fold(0u64, |rest, chunk| {
            let chunk = std::str::from_utf8(chunk).expect("digits");
            format!("{rest}{chunk}").parse::<u64>().expect("fits") % 97
        });
        format!("IT{:02}{bban}", 98 - rest)
    }

    fn random_bban(random: &mut fastrand::Rng) -> String {
        let mut bban = String::new();
        bban.push(random.alphabetic().to_ascii_uppercase());
        for _ in 0..10 {
            bban.push(random.digit(10));
        }
        for _ in 0..12 {
            bban.push(random.alphanumeric().to_ascii_uppercase());
        }
        bban
    }

    #[test]
    fn every_iban_with_right_check_digits_is_valid_and_any_one_change_is_not() {
        let mut random = fastrand::Rng::with_seed(33);
        for _ in 0..5_000 {
            let iban = italian_iban(&random_bban(&mut random));
            assert!(iban_valido(&iban), "{iban}");
            let grouped: String = iban
                .chars()
                .enumerate()
                .flat_map(|(at, c)| {
                    (at > 0 && at % 4 == 0)
                        .then_some(' ')
                        .into_iter()
                        .chain([c])
                })
                .collect();
            assert!(iban_valido(&grouped.to_lowercase()), "{grouped}");
            // Modulo 97 catches every change of one character for another of its kind.
            let at = random.usize(2..iban.len());
            let mut changed: Vec<char> = iban.chars().collect();
            let original = changed[at];
            while changed[at] == original {
                changed[at] = if original.is_ascii_digit() {
                    random.digit(10)
                } else {
                    random.alphabetic().to_ascii_uppercase()
                };
            }
            let changed: String = changed.into_iter().collect();
            assert!(!iban_valido(&changed), "{changed} from {iban}");
        }
    }

    /// A person's codice fiscale with random parts and its check letter computed by the
    /// reference (the tables of the decree, spelt out differently from [`check_letter`]).
    fn random_codice_fiscale(random: &mut fastrand::Rng) -> String {
        let odd = "BAKPLCQDREVOSFTGUHMINJWZYX"; // value 0 for B/1, 1 for A/0, … inverted table
        let letter = |random: &mut fastrand::Rng| random.alphabetic().to_ascii_uppercase();
        let mut code = String::new();
        for _ in 0..6 {
            code.push(letter(random));
        }
        code.push_str(&format!("{:02}", random.u32(0..100)));
        code.push(char::from(MONTH_LETTERS[random.usize(0..12)]));
        let day = random.u32(1..29) + if random.bool() { 40 } else { 0 };
        code.push_str(&format!("{day:02}"));
        code.push(letter(random));
        code.push_str(&format!("{:03}", random.u32(0..1000)));
        let sum: usize = code
            .chars()
            .enumerate()
            .map(|(at, c)| {
                let index = c.to_digit(36).expect("alphanumeric") as usize;
                let index = if c.is_ascii_digit() {
                    index
                } else {
                    index - 10
                };
                if at % 2 == 0 {
                    odd.find(char::from(b'A' + index as u8)).expect("letter")
                } else {
                    index
                }
            })
            .sum();
        code.push(char::from(b'A' + (sum % 26) as u8));
        code
    }

    #[test]
    fn every_codice_fiscale_with_its_check_letter_is_valid_and_a_changed_one_is_not() {
        let mut random = fastrand::Rng::with_seed(33);
        for _ in 0..5_000 {
            let code = random_codice_fiscale(&mut random);
            assert!(codice_fiscale_valido(&code), "{code}");
            assert!(
                codice_fiscale_valido(&format!(" {} ", code.to_lowercase())),
                "{code}"
            );
            let wrong = (b'A'..=b'Z')
                .map(char::from)
                .find(|c| !code.ends_with(*c))
                .expect("another letter");
            let changed = format!("{}{wrong}", &code[..15]);
            assert!(!codice_fiscale_valido(&changed), "{changed}");
        }
    }
}
