//! Text compared the way a reader compares it: case, accents and runs of white space do not
//! matter.

use super::is_space;

/// `text` in lower case, without accents (the Latin letters of Western and Central European
/// languages: `àèéìòù`, `ç`, `ñ`, `ß` stays), its runs of white space one space, and none at its
/// ends: `"  Società   PER Azioni "` → `"societa per azioni"`.
pub fn normalizza(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut pending_space = false;
    for c in text.chars() {
        if is_space(c) {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        for lower in c.to_lowercase() {
            out.push(without_accent(lower));
        }
    }
    out
}

/// Whether `text` contains `phrase`, both [`normalizza`]d: `contiene(rawText, "societa per
/// azioni")` finds "Società  per Azioni" across a line break. An empty phrase is contained.
pub fn contiene(text: &str, phrase: &str) -> bool {
    normalizza(text).contains(&normalizza(phrase))
}

/// The letter without its accent (for lower-case letters; others unchanged).
fn without_accent(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => 'a',
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => 'c',
        'ď' | 'đ' => 'd',
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => 'e',
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => 'g',
        'ĥ' | 'ħ' => 'h',
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => 'i',
        'ĵ' => 'j',
        'ķ' => 'k',
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => 'l',
        'ñ' | 'ń' | 'ņ' | 'ň' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' => 'o',
        'ŕ' | 'ŗ' | 'ř' => 'r',
        'ś' | 'ŝ' | 'ş' | 'š' => 's',
        'ţ' | 'ť' | 'ŧ' => 't',
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => 'u',
        'ŵ' => 'w',
        'ý' | 'ÿ' | 'ŷ' => 'y',
        'ź' | 'ż' | 'ž' => 'z',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalised_text_is_a_fixed_point_and_never_has_two_spaces() {
        let mut random = fastrand::Rng::with_seed(33);
        let alphabet: Vec<char> = "aàÀeèÉiÌoÒuÙçÇ ñ\t\n\u{a0}\u{202f}Ss.,'’0123456789ÿŁ"
            .chars()
            .collect();
        for _ in 0..20_000 {
            let text: String = (0..random.usize(0..40))
                .map(|_| alphabet[random.usize(0..alphabet.len())])
                .collect();
            let normal = normalizza(&text);
            assert_eq!(normalizza(&normal), normal, "{text:?}");
            assert!(
                !normal.contains("  ") && normal.trim() == normal,
                "{text:?} → {normal:?}"
            );
            assert!(contiene(&text, &text), "{text:?}");
            // The reference: every letter compared without case and accent, white space as one.
            let words: Vec<String> = text
                .split(is_space)
                .filter(|w| !w.is_empty())
                .map(|w| {
                    w.chars()
                        .flat_map(char::to_lowercase)
                        .map(without_accent)
                        .collect()
                })
                .collect();
            assert_eq!(normal, words.join(" "), "{text:?}");
        }
    }
}
