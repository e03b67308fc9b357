//! Whether a validation document's text satisfies a rule's `mustContain` / `notContain` lists.
//!
//! The text comes from PDF extraction and, for scanned pages, from OCR, so it is not exact: a
//! string matches when it occurs in the text once both are **normalised** — letters compared
//! without case and without accents (`È` = `e`), typographic quotes and apostrophes as plain
//! ones, and every run of white space (spaces, tabs, line and page breaks, non-breaking spaces)
//! as one space. A blank string in a list matches everything, so it can never fail a rule.

use icu_normalizer::DecomposingNormalizerBorrowed;
use serde::Serialize;

/// The strings that fail a rule against one text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// `mustContain` strings the text lacks, in the rule's order.
    pub missing: Vec<String>,
    /// `notContain` strings the text has, in the rule's order.
    pub present: Vec<String>,
}

impl Verdict {
    /// The rule stays valid.
    pub fn passes(&self) -> bool {
        self.missing.is_empty() && self.present.is_empty()
    }

    /// "manca «…»; presente «…»", for logs and messages.
    /// Why the rule is not valid: the strings missing and those present, «quoted».
    pub fn message(&self) -> crate::messages::Message {
        use crate::messages;
        let quoted = |strings: &[String]| {
            strings
                .iter()
                .map(|s| format!("«{s}»"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match (self.missing.is_empty(), self.present.is_empty()) {
            (false, true) => messages::rule_not_valid_missing(quoted(&self.missing)),
            (true, false) => messages::rule_not_valid_present(quoted(&self.present)),
            _ => messages::rule_not_valid(quoted(&self.missing), quoted(&self.present)),
        }
    }
}

/// A text normalised once, to check many rules against.
#[derive(Debug, Clone)]
pub struct NormalizedText(String);

impl NormalizedText {
    pub fn new(text: &str) -> Self {
        Self(normalize(text))
    }

    /// Whether `needle` occurs in the text (both normalised; a blank needle always does).
    pub fn contains(&self, needle: &str) -> bool {
        self.0.contains(&normalize(needle))
    }

    /// The strings of `must_contain` the text lacks and those of `not_contain` it has.
    pub fn check(&self, must_contain: &[String], not_contain: &[String]) -> Verdict {
        Verdict {
            missing: must_contain
                .iter()
                .filter(|s| !self.contains(s))
                .cloned()
                .collect(),
            present: not_contain
                .iter()
                .filter(|s| !s.trim().is_empty() && self.contains(s))
                .cloned()
                .collect(),
        }
    }
}

/// Lower case, accents removed, typographic quotes made plain, white space collapsed to single
/// spaces and trimmed.
pub fn normalize(text: &str) -> String {
    let decomposed = DecomposingNormalizerBorrowed::new_nfd().normalize(text);
    let mut out = String::with_capacity(decomposed.len());
    let mut pending_space = false;
    for c in decomposed.chars() {
        if is_combining_mark(c) {
            continue;
        }
        if c.is_whitespace() {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        match c {
            '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{2032}' | '`' | '\u{00B4}' => out.push('\''),
            '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{00AB}' | '\u{00BB}' => out.push('"'),
            c => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// The combining marks NFD splits accents into (the Latin, Greek and Cyrillic ones, which is
/// every accent an Italian or European document has).
fn is_combining_mark(c: char) -> bool {
    matches!(c,
        '\u{0300}'..='\u{036F}'
        | '\u{1AB0}'..='\u{1AFF}'
        | '\u{1DC0}'..='\u{1DFF}'
        | '\u{20D0}'..='\u{20FF}'
        | '\u{FE20}'..='\u{FE2F}')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn case_accents_quotes_and_white_space_do_not_matter() {
        assert_eq!(
            normalize("  L’Importo\u{a0}È\n\n dovuto\tPERCHÉ  "),
            "l'importo e dovuto perche"
        );
        let text =
            NormalizedText::new("CONTRATTO DI CESSIONE\ndel quinto  dello STIPENDIO\u{c}Pagina 2");
        assert!(text.contains("cessione del quinto"));
        assert!(text.contains("Contratto di   cessione"));
        assert!(text.contains("stipendio pagina"));
        assert!(!text.contains("pensione"));
    }

    #[test]
    fn a_rule_fails_on_a_missing_must_and_on_a_present_must_not() {
        let text = NormalizedText::new("Il TAEG è del 7,5%. Polizza assicurativa inclusa.");
        let verdict = text.check(
            &strings(&["taeg e del", "TAN", ""]),
            &strings(&["polizza assicurativa", "recesso", " "]),
        );
        assert_eq!(
            verdict,
            Verdict {
                missing: strings(&["TAN"]),
                present: strings(&["polizza assicurativa"]),
            }
        );
        assert!(!verdict.passes());
        assert_eq!(
            verdict.message().italian(),
            "Regola non valida: manca «TAN»; presente «polizza assicurativa»"
        );
        assert!(text.check(&strings(&["7,5%"]), &strings(&["8%"])).passes());
    }

    #[test]
    fn empty_lists_always_pass() {
        assert!(NormalizedText::new("").check(&[], &[]).passes());
    }
}
