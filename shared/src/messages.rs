//! The catalogue of messages the system shows its users (issue 30): every error a client can
//! see is an entry of [`CATALOGUE`] — a stable code, an Italian and an English text with named
//! placeholders — and the values of its placeholders. The API answers with the entry's code
//! and parameters beside the Italian text (GraphQL `extensions.messageCode` and `params`, REST
//! `messageCode` and `params`), and the web app renders the entry in the user's language from
//! `web/src/lib/i18n/server-messages.json`, which [`catalogue_json`] writes (`just messages`;
//! a test fails when the file is stale).
//!
//! A message is made only by its function here (`messages::dossier_not_found()`), so an error
//! shown to a user cannot bypass the catalogue: the API's error constructors take a
//! [`Message`], not a string. Placeholders are `{name}`; a parameter is data (a name, an id, a
//! number, a detail from a parser), never a sentence of ours.

use std::collections::BTreeMap;
use std::fmt;

/// One entry of the catalogue.
#[derive(Debug, PartialEq, Eq)]
pub struct Entry {
    /// Stable, SCREAMING_SNAKE_CASE: what the web app looks the texts up by.
    pub code: &'static str,
    /// The Italian text (the old product's wording where it had one: docs/domain.md#messages).
    pub it: &'static str,
    pub en: &'static str,
    /// The names of the placeholders both texts may use.
    pub params: &'static [&'static str],
}

/// A message for a user: an entry and the values of its placeholders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    entry: &'static Entry,
    params: Vec<(&'static str, Param)>,
}

/// Most characters of a text parameter: a value quoted from a request (a name, a list of
/// files) is cut there, so that a message can never echo a huge input back.
pub const MAX_PARAM_CHARS: usize = 500;

/// `text`, cut to [`MAX_PARAM_CHARS`] characters (with "…" where it was cut).
fn bounded(text: String) -> String {
    match text.char_indices().nth(MAX_PARAM_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text,
    }
}

/// The value of a placeholder: data, or another message that completes this one (a rule of an
/// imported archive refused for a reason of its own), rendered in the same language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Param {
    Text(String),
    Message(Box<Message>),
}

impl Message {
    /// Made by the catalogue's functions only.
    fn new(entry: &'static Entry, params: Vec<(&'static str, Param)>) -> Self {
        Self { entry, params }
    }

    /// The entry's stable code.
    pub fn code(&self) -> &'static str {
        self.entry.code
    }

    /// The placeholders' values, by name.
    pub fn params(&self) -> &[(&'static str, Param)] {
        &self.params
    }

    /// The message as the clients receive it beside its text: `{ "messageCode", "params" }`,
    /// a nested message as an object of the same shape.
    pub fn to_json(&self) -> serde_json::Value {
        let params: serde_json::Map<String, serde_json::Value> = self
            .params
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    Param::Text(text) => serde_json::Value::String(text.clone()),
                    Param::Message(message) => message.to_json(),
                };
                ((*name).to_owned(), value)
            })
            .collect();
        serde_json::json!({ "messageCode": self.code(), "params": params })
    }

    /// The message [`Self::to_json`] wrote, read back with this build's catalogue (a stored
    /// message nested in another, a message sent by the extraction child); `None` when its code
    /// or a parameter is not the catalogue's.
    pub fn from_json(value: &serde_json::Value) -> Option<Self> {
        Self::from_json_within(value, MAX_NESTING)
    }

    fn from_json_within(value: &serde_json::Value, depth: usize) -> Option<Self> {
        let code = value.get("messageCode")?.as_str()?;
        let entry = CATALOGUE.iter().find(|entry| entry.code == code)?;
        let params = value.get("params")?.as_object()?;
        let params = entry
            .params
            .iter()
            .map(|name| {
                let param = match params.get(*name)? {
                    serde_json::Value::String(text) => Param::text(text.clone()),
                    nested if depth > 0 => {
                        Param::Message(Box::new(Self::from_json_within(nested, depth - 1)?))
                    }
                    _ => return None,
                };
                Some((*name, param))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Self::new(entry, params))
    }

    /// The Italian text with its placeholders filled (REST and GraphQL `message`, the logs).
    pub fn italian(&self) -> String {
        fill(self.entry.it, &self.params, Self::italian)
    }

    /// The English text with its placeholders filled.
    pub fn english(&self) -> String {
        fill(self.entry.en, &self.params, Self::english)
    }
}

/// How deep messages nest in one another when read back ([`Message::from_json`]).
const MAX_NESTING: usize = 8;

/// As [`Message::to_json`]: what the extraction child sends and `extraction.json` keeps.
impl serde::Serialize for Message {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(serializer)
    }
}

/// As [`Message::from_json`]: a message this build's catalogue does not know is an error.
impl<'de> serde::Deserialize<'de> for Message {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        Self::from_json(&value)
            .ok_or_else(|| serde::de::Error::custom("not a message of this build's catalogue"))
    }
}

/// Italian, as the API's `message` says it.
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.italian())
    }
}

fn fill(
    template: &str,
    params: &[(&'static str, Param)],
    nested: fn(&Message) -> String,
) -> String {
    let mut text = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        text.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        let value = after.find('}').and_then(|end| {
            let name = &after[..end];
            params
                .iter()
                .find(|(param, _)| *param == name)
                .map(|(_, value)| (value, end))
        });
        match value {
            Some((value, end)) => {
                match value {
                    Param::Text(value) => text.push_str(value),
                    Param::Message(message) => text.push_str(&nested(message)),
                }
                rest = &after[end + 1..];
            }
            None => {
                text.push('{');
                rest = after;
            }
        }
    }
    text.push_str(rest);
    text
}

/// What is wrong with a JSON text, in the user's words: serde's own text names the problem in
/// English ("missing field `id` at line 18 column 1"); the common ones become entries of
/// their own, the rest keep serde's detail.
pub fn json_problem(error: &serde_json::Error) -> Message {
    let (line, column) = (error.line(), error.column());
    let text = error.to_string();
    let detail = text
        .rfind(" at line ")
        .map_or(text.as_str(), |at| &text[..at]);
    let quoted = |prefix: &str| {
        detail
            .strip_prefix(prefix)
            .and_then(|rest| rest.split('`').next())
            .map(str::to_owned)
    };
    if let Some(field) = quoted("missing field `") {
        return json_missing_field(field, line, column);
    }
    if let Some(field) = quoted("unknown field `") {
        return json_unknown_field(field, line, column);
    }
    match error.classify() {
        serde_json::error::Category::Eof => json_ends_early(line, column),
        serde_json::error::Category::Data => json_wrong_type(detail, line, column),
        _ => json_syntax(detail, line, column),
    }
}

/// The catalogue as the web app reads it: `{ "it": { CODE: text }, "en": { … } }`, placeholders
/// written the i18next way (`{{name}}`), codes in order.
pub fn catalogue_json() -> String {
    let language = |text: fn(&Entry) -> &'static str| {
        CATALOGUE
            .iter()
            .map(|entry| (entry.code, i18next(text(entry), entry.params)))
            .collect::<BTreeMap<_, _>>()
    };
    let json = serde_json::json!({ "it": language(|e| e.it), "en": language(|e| e.en) });
    let mut text = serde_json::to_string_pretty(&json).expect("a map of strings serialises");
    text.push('\n');
    text
}

fn i18next(template: &str, params: &[&str]) -> String {
    params.iter().fold(template.to_owned(), |text, name| {
        text.replace(&format!("{{{name}}}"), &format!("{{{{{name}}}}}"))
    })
}

/// Declares the catalogue: for each entry a function that makes its message, and [`CATALOGUE`].
macro_rules! entries {
    ($(
        $(#[doc = $doc:literal])*
        $code:ident = fn $name:ident($($param:ident),* $(; $($nested:ident),+)?) $it:literal $en:literal;
    )*) => {
        $(
            $(#[doc = $doc])*
            #[doc = concat!("\n\n«", $it, "»")]
            pub fn $name(
                $($param: impl std::fmt::Display,)*
                $($($nested: $crate::messages::Message,)+)?
            ) -> $crate::messages::Message {
                const ENTRY: $crate::messages::Entry = $crate::messages::Entry {
                    code: stringify!($code),
                    it: $it,
                    en: $en,
                    params: &[$(stringify!($param),)* $($(stringify!($nested),)+)?],
                };
                $crate::messages::Message::new(
                    &ENTRY,
                    vec![
                        $((stringify!($param), $crate::messages::Param::text($param.to_string())),)*
                        $($((stringify!($nested), $crate::messages::Param::Message(Box::new($nested))),)+)?
                    ],
                )
            }
        )*

        /// Every entry of the catalogue, in the order it is declared.
        pub const CATALOGUE: &[$crate::messages::Entry] = &[$(
            $crate::messages::Entry {
                code: stringify!($code),
                it: $it,
                en: $en,
                params: &[$(stringify!($param),)* $($(stringify!($nested),)+)?],
            }
        ),*];
    };
}
pub(crate) use entries;

mod catalogue;

pub use catalogue::*;

impl Param {
    /// A text parameter, cut to [`MAX_PARAM_CHARS`].
    pub(crate) fn text(value: String) -> Self {
        Self::Text(bounded(value))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// The placeholders a text uses.
    fn placeholders(text: &str) -> HashSet<&str> {
        text.split('{')
            .skip(1)
            .filter_map(|part| part.split_once('}').map(|(name, _)| name))
            .collect()
    }

    #[test]
    fn every_entry_has_both_texts_with_the_same_placeholders_and_a_code_of_its_own() {
        let mut codes = HashSet::new();
        for entry in CATALOGUE {
            assert!(codes.insert(entry.code), "{} is declared twice", entry.code);
            assert!(
                entry
                    .code
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'),
                "{}: codes are SCREAMING_SNAKE_CASE",
                entry.code
            );
            for (language, text) in [("it", entry.it), ("en", entry.en)] {
                assert!(
                    !text.trim().is_empty(),
                    "{} has no {language} text",
                    entry.code
                );
                let declared: HashSet<&str> = entry.params.iter().copied().collect();
                assert_eq!(
                    placeholders(text),
                    declared,
                    "{} ({language}) must use exactly its parameters",
                    entry.code
                );
            }
            let words = entry.params.iter().fold(entry.it.to_owned(), |text, name| {
                text.replace(&format!("{{{name}}}"), "")
            });
            if words.chars().any(char::is_alphabetic) {
                assert_ne!(
                    entry.it, entry.en,
                    "{}: the English text is the Italian one",
                    entry.code
                );
            }
        }
    }

    #[test]
    fn a_message_fills_its_placeholders_in_both_languages() {
        let message = type_not_found("cedolino_ops");
        assert_eq!(message.code(), "TYPE_NOT_FOUND");
        assert_eq!(message.italian(), "Tipologia «cedolino_ops» non trovata");
        assert_eq!(message.english(), "Type “cedolino_ops” not found");
        assert_eq!(
            message.to_json(),
            serde_json::json!({ "messageCode": "TYPE_NOT_FOUND", "params": { "name": "cedolino_ops" } })
        );
        assert_eq!(message.to_string(), message.italian());
    }

    #[test]
    fn a_message_read_back_is_the_message_written() {
        let message = pdf_limits(breach_timeout(30));
        assert_eq!(
            Message::from_json(&message.to_json()),
            Some(message.clone())
        );
        let json = serde_json::to_string(&message).expect("serialises");
        let read: Message = serde_json::from_str(&json).expect("deserialises");
        assert_eq!(read, message);
        for unknown in [
            serde_json::json!({ "messageCode": "NO_SUCH_CODE", "params": {} }),
            serde_json::json!({ "messageCode": "PDF_LIMITS", "params": {} }),
            serde_json::json!({ "messageCode": "PDF_LIMITS", "params": { "breach": 3 } }),
            serde_json::json!("testo"),
        ] {
            assert_eq!(Message::from_json(&unknown), None, "{unknown}");
        }
    }

    #[test]
    fn a_long_value_is_cut() {
        let message = type_not_found("y".repeat(100_000));
        assert_eq!(
            message.english().chars().count(),
            "Type “” not found".chars().count() + MAX_PARAM_CHARS + 1
        );
    }

    #[test]
    fn a_value_with_braces_is_kept_as_it_is() {
        assert_eq!(
            type_not_found("{x}").italian(),
            "Tipologia «{x}» non trovata"
        );
    }

    #[test]
    fn the_web_app_s_copy_of_the_catalogue_is_current() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../web/src/lib/i18n/server-messages.json"
        );
        let written = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            written == catalogue_json(),
            "web/src/lib/i18n/server-messages.json is stale: run `just messages` and commit it"
        );
    }
}
