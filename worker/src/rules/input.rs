//! What a rule receives, in the form the plugin reads it.
//!
//! A rule's input is a JSON value — for a document rule an object whose words with their boxes
//! (`rawTextWithGeometry`) are most of its bytes, and were most of the time of every rule that
//! parsed them, read or not (docs/benchmarks-history.md, issue 15). So an object input travels
//! as its members apart: their names, and each value's JSON text, which the harness parses only
//! when the rule first reads that member (`harness.js`, `lazyInput`). Anything else travels
//! whole.
//!
//! The text is checked here, before any instance exists: an input that is not JSON is the
//! execution's [`ErrorKind::Input`](super::ErrorKind::Input) error, and the plugin only ever
//! parses values known to be valid.
//!
//! stdin of an execution ([`RuleInput::stdin`]): a 44-byte header `"<body bytes> <index bytes>
//! <result cap> <log cap>\n"` (10 digits each), the index — `[[name, bytes], …]`, or nothing
//! for a value that is not an object — then the body: the members' values one after the other,
//! or the whole value. The body is shared, not copied: each value is a [`Bytes`], so the same
//! document's members go to each of its rules by reference.

use bytes::Bytes;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use shared::rules::playground::{DATA_TABLES, DocumentInput};

use super::Limits;

/// A rule's input: see the module's documentation.
#[derive(Debug, Clone)]
pub struct RuleInput(Repr);

#[derive(Debug, Clone)]
enum Repr {
    /// An object: its members, in order, each with its value's JSON.
    Members(Vec<(String, Bytes)>),
    /// Any other JSON value, whole.
    Value(Bytes),
    /// Not JSON: why.
    Invalid(String),
}

impl RuleInput {
    /// The input from its JSON text, checked (a text that is not JSON is kept as the reason,
    /// reported by the execution). Of members named twice, the last value counts, in the place
    /// of the first — as `JSON.parse` does.
    pub fn json(json: &[u8]) -> Self {
        Self(match parse(json) {
            Ok(Parsed::Object(members)) => Repr::Members(members),
            Ok(Parsed::Other) => Repr::Value(Bytes::copy_from_slice(json)),
            Err(e) => Repr::Invalid(e.to_string()),
        })
    }

    /// An object input from its members, each value's JSON already known to be valid (it was
    /// written by serde or checked by [`RuleInput::json`]), in order, names distinct.
    pub fn members(members: Vec<(String, Bytes)>) -> Self {
        Self(Repr::Members(members))
    }

    /// A document rule's input without its data tables: the same for each of the document's
    /// rules, each then given its own with [`RuleInput::with_data_tables`].
    pub fn document(document: DocumentInput) -> Self {
        Self::members(
            document
                .into_members()
                .map(|(name, value)| {
                    let text: Box<str> = value.into();
                    (name.to_owned(), Bytes::from(text.into_boxed_bytes()))
                })
                .collect(),
        )
    }

    /// This document rule's input with the rule's data tables.
    pub fn with_data_tables(&self, data_tables: &Map<String, Value>) -> Self {
        let json = serde_json::to_vec(data_tables).expect("JSON values serialise");
        self.with_member(DATA_TABLES, Bytes::from(json))
    }

    /// This input with one more member (or the member of that name replaced), whose value's
    /// JSON is known to be valid. An input that is not an object stays as it is.
    pub fn with_member(&self, name: &str, value: Bytes) -> Self {
        let Repr::Members(members) = &self.0 else {
            return self.clone();
        };
        let mut members = members.clone();
        match members.iter_mut().find(|(n, _)| n == name) {
            Some(member) => member.1 = value,
            None => members.push((name.to_owned(), value)),
        }
        Self(Repr::Members(members))
    }

    /// The members worth preparing once for several rules ([`super::PreparedInput`]): those
    /// whose JSON is at least `min_bytes` and whose name at least two of the `rules` (code and
    /// helper) mention. A rule that reads a member names it, short of reaching it by a computed
    /// name — it then parses it as usual.
    pub fn members_worth_preparing(
        &self,
        rules: &[(&str, Option<&str>)],
        min_bytes: usize,
    ) -> Vec<String> {
        let Repr::Members(members) = &self.0 else {
            return Vec::new();
        };
        members
            .iter()
            .filter(|(name, value)| {
                value.len() >= min_bytes
                    && rules.iter().filter(|rule| names(**rule, name)).count() >= 2
            })
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// The value's JSON of member `name`.
    pub(crate) fn member(&self, name: &str) -> Option<&Bytes> {
        match &self.0 {
            Repr::Members(members) => members.iter().find(|(n, _)| n == name).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Why the input is not JSON, if it is not.
    pub fn invalid(&self) -> Option<&str> {
        match &self.0 {
            Repr::Invalid(reason) => Some(reason),
            _ => None,
        }
    }

    /// The JSON text, whole (the command line's `--print-input`, tests).
    pub fn to_json(&self) -> Vec<u8> {
        match &self.0 {
            Repr::Members(members) => {
                let mut out = Vec::with_capacity(
                    2 + members
                        .iter()
                        .map(|(n, v)| n.len() + v.len() + 4)
                        .sum::<usize>(),
                );
                out.push(b'{');
                for (i, (name, value)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    serde_json::to_writer(&mut out, name).expect("a string serialises");
                    out.push(b':');
                    out.extend_from_slice(value);
                }
                out.push(b'}');
                out
            }
            Repr::Value(value) => value.to_vec(),
            Repr::Invalid(_) => Vec::new(),
        }
    }

    /// The pieces of stdin, in order (see the module's documentation).
    pub(crate) fn stdin(&self, limits: &Limits) -> Vec<Bytes> {
        let (index, body): (Vec<u8>, Vec<Bytes>) = match &self.0 {
            Repr::Members(members) => {
                let index: Vec<(&str, usize)> =
                    members.iter().map(|(n, v)| (n.as_str(), v.len())).collect();
                (
                    serde_json::to_vec(&index).expect("names and lengths serialise"),
                    members.iter().map(|(_, v)| v.clone()).collect(),
                )
            }
            Repr::Value(value) => (Vec::new(), vec![value.clone()]),
            Repr::Invalid(_) => (Vec::new(), Vec::new()),
        };
        let body_len: usize = body.iter().map(Bytes::len).sum();
        let header = format!(
            "{:010} {:010} {:010} {:010}\n",
            body_len.min(9_999_999_999),
            index.len().min(9_999_999_999),
            limits.max_result_bytes.min(9_999_999_999),
            limits.max_log_bytes.min(9_999_999_999)
        );
        let mut stdin = Vec::with_capacity(2 + body.len());
        stdin.push(Bytes::from(header.into_bytes()));
        stdin.push(Bytes::from(index));
        stdin.extend(body);
        stdin
    }
}

/// Whether a rule's code or helper mentions `name` as a whole identifier or string (not inside
/// a longer name: `words` is not in `keywords`).
pub(crate) fn names((code, helper): (&str, Option<&str>), name: &str) -> bool {
    let part_of_name = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    let mentions = |text: &str| {
        text.match_indices(name).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + name.len()..].chars().next();
            !before.is_some_and(part_of_name) && !after.is_some_and(part_of_name)
        })
    };
    !name.is_empty() && (mentions(code) || helper.is_some_and(mentions))
}

enum Parsed {
    Object(Vec<(String, Bytes)>),
    Other,
}

/// Checks `json` and, for an object, splits it into its members without building their values.
fn parse(json: &[u8]) -> Result<Parsed, serde_json::Error> {
    // The whole text first: this checks it to the end (trailing characters included) and at
    // any depth, which deserialising into a map alone would not.
    let whole: &RawValue = serde_json::from_slice(json)?;
    if !whole.get().starts_with('{') {
        return Ok(Parsed::Other);
    }
    let mut deserializer = serde_json::Deserializer::from_str(whole.get());
    deserializer
        .deserialize_map(MembersVisitor)
        .map(Parsed::Object)
}

struct MembersVisitor;

impl<'de> Visitor<'de> for MembersVisitor {
    type Value = Vec<(String, Bytes)>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut members: Vec<(String, Bytes)> = Vec::new();
        while let Some((name, value)) = map.next_entry::<String, &'de RawValue>()? {
            let value = Bytes::copy_from_slice(value.get().as_bytes());
            match members.iter_mut().find(|(n, _)| *n == name) {
                Some(member) => member.1 = value,
                None => members.push((name, value)),
            }
        }
        Ok(members)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(input: &RuleInput) -> Vec<(&str, &[u8])> {
        match &input.0 {
            Repr::Members(m) => m.iter().map(|(n, v)| (n.as_str(), v.as_ref())).collect(),
            other => panic!("not members: {other:?}"),
        }
    }

    #[test]
    fn an_object_is_split_into_its_members_in_order() {
        let input = RuleInput::json(br#" { "b": [1, {"x": "}"}], "a": "\"{", "c": null } "#);
        assert_eq!(
            members(&input),
            vec![
                ("b", &br#"[1, {"x": "}"}]"#[..]),
                ("a", br#""\"{""#),
                ("c", b"null")
            ]
        );
        assert_eq!(
            input.to_json(),
            br#"{"b":[1, {"x": "}"}],"a":"\"{","c":null}"#
        );
    }

    #[test]
    fn a_name_given_twice_keeps_its_first_place_and_its_last_value() {
        let input = RuleInput::json(br#"{"a": 1, "b": 2, "a": 3, "\u0061": 4}"#);
        assert_eq!(members(&input), vec![("a", &b"4"[..]), ("b", b"2")]);
    }

    #[test]
    fn other_values_travel_whole_and_bad_text_is_reported() {
        assert!(matches!(RuleInput::json(b" [1, 2] ").0, Repr::Value(_)));
        assert!(matches!(RuleInput::json(b"42").0, Repr::Value(_)));
        for bad in [&b"{ not json"[..], b"{\"a\": 1} x", b"{\"a\": [1,]}", b""] {
            assert!(
                RuleInput::json(bad).invalid().is_some(),
                "{}",
                String::from_utf8_lossy(bad)
            );
        }
    }

    #[test]
    fn deep_values_are_accepted_as_quickjs_accepts_them() {
        let deep = format!("{{\"a\": {}1{}}}", "[".repeat(1000), "]".repeat(1000));
        let input = RuleInput::json(deep.as_bytes());
        assert_eq!(input.invalid(), None);
        assert_eq!(members(&input)[0].1.len(), 2001);
    }

    #[test]
    fn a_member_is_added_or_replaced() {
        let input = RuleInput::json(br#"{"a": 1}"#)
            .with_member("b", Bytes::from_static(b"2"))
            .with_member("a", Bytes::from_static(b"3"));
        assert_eq!(members(&input), vec![("a", &b"3"[..]), ("b", b"2")]);
    }

    #[test]
    fn a_rule_names_a_member_as_a_whole_identifier_or_string() {
        let named = |code: &str| names((code, None), "words");
        assert!(named("input.words.length"));
        assert!(named(r#"input["words"]"#));
        assert!(named("const { words } = input"));
        assert!(!named("input.keywords"));
        assert!(!named(
            "const words2 = 1; const $words = 2; const words_ = 3"
        ));
        assert!(names(
            ("", Some("export const w = (i) => i.words;")),
            "words"
        ));
        assert!(!names(("words", None), ""));
    }

    #[test]
    fn stdin_is_the_header_the_index_and_the_values() {
        let input = RuleInput::json(br#"{"a": [1], "b\"": "x"}"#);
        let stdin: Vec<u8> = input
            .stdin(&Limits::default())
            .iter()
            .flat_map(|b| b.to_vec())
            .collect();
        let text = String::from_utf8(stdin).unwrap();
        assert_eq!(
            text,
            "0000000006 0000000019 0001048576 0000262144\n[[\"a\",3],[\"b\\\"\",3]][1]\"x\""
        );
    }
}
