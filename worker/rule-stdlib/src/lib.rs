//! The standard library of rules: the module `"istruttoria"` a rule imports
//! (`import { numero, data } from "istruttoria"`), compiled into the rule runtime's plugin so that
//! the parsing every rule does by hand runs as Wasm instead of interpreted JavaScript.
//!
//! The names of [`NAMES`] are a contract (docs/rules.md#the-istruttoria-module): rules, the
//! editor's completion, the rule contract file and the Playground zip's JavaScript copy
//! (`js/istruttoria.mjs`) rely on them. Each function answers `None` (JavaScript `null`) for what
//! it cannot read rather than guessing; `cases.json` is the table of cases the Rust and the
//! JavaScript implementations must answer alike.

mod codes;
mod dates;
mod numbers;
mod text;

pub use codes::{codice_fiscale_valido, iban_valido};
pub use dates::data;
pub use numbers::{importo, numero, percentuale};
pub use text::{contiene, normalizza};

/// The names the module `"istruttoria"` exports, as rules import them.
pub const NAMES: &[&str] = &[
    "numero",
    "importo",
    "percentuale",
    "data",
    "codiceFiscaleValido",
    "ibanValido",
    "normalizza",
    "contiene",
    "numeroCella",
    "numeriColonna",
];

/// Whether `c` separates words: the white space of JavaScript's `\s` (the JavaScript copy uses
/// the same set, so both split text alike).
pub fn is_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// `text` without the white space ([`is_space`]) at its ends.
fn trim(text: &str) -> &str {
    text.trim_matches(is_space)
}
