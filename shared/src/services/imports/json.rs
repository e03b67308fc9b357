//! The JSON form of an import request (docs/domain.md#the-import-request), parsed with its
//! `files` counted as they are read and its archive's base64 left where the body holds it.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};

use super::NewImport;
use crate::config::ImportLimits;
use crate::import::bounded::BoundedList;
use crate::import::{Base64Text, ImportError, ReceivedArchive};

impl NewImport {
    /// Parses the JSON body of `POST /import_dossier` (docs/domain.md#the-import-request),
    /// counting `files` while it is read: a list longer than the archive may have entries is
    /// refused at its first file past the limit, before the rest of the body is parsed or built
    /// (issue 29). The archive's base64 stays in `body`, where it is decoded later
    /// ([`Base64Text`]), unless its JSON string has escape sequences. The other checks are
    /// [`import_dossier`]'s.
    pub fn from_json(body: Vec<u8>, limits: &ImportLimits) -> Result<Self, ImportError> {
        let exceeded = Cell::new(false);
        let parsed = {
            let mut deserializer = serde_json::Deserializer::from_slice(&body);
            let parsed = RequestSeed {
                max_files: limits.max_entries,
                files_exceeded: &exceeded,
            }
            .deserialize(&mut deserializer)
            .and_then(|request| deserializer.end().map(|()| request));
            // Where the borrowed text lies in the body, so that the body can be moved.
            parsed.map(|request| {
                request.map(|(request, base64zip)| {
                    let base64zip = match base64zip {
                        Cow::Borrowed(text) => {
                            let start = text.as_ptr() as usize - body.as_ptr() as usize;
                            Zip::Within(start..start + text.len())
                        }
                        Cow::Owned(text) => Zip::Own(text),
                    };
                    (request, base64zip)
                })
            })
        };
        match parsed {
            Ok(Ok((request, zip))) => Ok(NewImport {
                archive: ReceivedArchive::Base64(match zip {
                    Zip::Within(range) => Base64Text::within(body, range),
                    Zip::Own(text) => Base64Text::from(text),
                }),
                ..request
            }),
            Ok(Err(refused)) => Err(refused),
            Err(_) if exceeded.get() => Err(ImportError::TooManyFiles {
                max: limits.max_entries,
            }),
            Err(error) => Err(ImportError::Request(request_error(&error))),
        }
    }
}

/// A JSON string, borrowed from the body when it has no escape sequence (serde's own `Cow`
/// always copies).
struct TextSeed;

impl<'de> DeserializeSeed<'de> for TextSeed {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for TextSeed {
    type Value = Cow<'de, str>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a string")
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, text: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(text))
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(text.to_owned()))
    }

    fn visit_string<E: serde::de::Error>(self, text: String) -> Result<Self::Value, E> {
        Ok(Cow::Owned(text))
    }
}

/// Where the parsed `base64zip` is.
enum Zip {
    /// Bytes of the body (a JSON string without escapes).
    Within(std::ops::Range<usize>),
    /// A string of its own (the JSON string had escapes).
    Own(String),
}

/// Where and how a body is not the import's JSON, without serde's own text.
pub(super) fn request_error(error: &serde_json::Error) -> String {
    let place = format!("riga {}, colonna {}", error.line(), error.column());
    match error.classify() {
        serde_json::error::Category::Data => {
            format!("un campo ha un tipo o un valore non ammesso ({place})")
        }
        serde_json::error::Category::Eof => "il JSON è incompleto".to_owned(),
        serde_json::error::Category::Syntax | serde_json::error::Category::Io => {
            format!("JSON non valido ({place})")
        }
    }
}

/// The import body's fields, read one by one; `files` through a [`BoundedList`]. A missing
/// required field is the request's value `Err`, so that its message names the field.
struct RequestSeed<'a> {
    max_files: usize,
    files_exceeded: &'a Cell<bool>,
}

/// The request without its archive, and the archive's base64 (borrowed from the body when it
/// can be).
type Parsed<'de> = Result<(NewImport, Cow<'de, str>), ImportError>;

impl<'de> DeserializeSeed<'de> for RequestSeed<'_> {
    type Value = Parsed<'de>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for RequestSeed<'_> {
    type Value = Parsed<'de>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("the import request, a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut request = NewImport {
            tipo_contratto: crate::import::DEFAULT_CONTRACT_TYPE.to_owned(),
            ..NewImport::default()
        };
        let (mut base64zip, mut input) = (None, None);
        while let Some(key) = map.next_key::<Cow<'de, str>>()? {
            match key.as_ref() {
                // null is absent, as for callbackUrl.
                "idValutazione" => {
                    request.id_valutazione =
                        map.next_value::<Option<String>>()?.unwrap_or_default();
                }
                "tipoContratto" => {
                    if let Some(text) = map.next_value::<Option<String>>()? {
                        request.tipo_contratto = text;
                    }
                }
                "base64zip" => base64zip = Some(map.next_value_seed(TextSeed)?),
                "files" => {
                    request.files =
                        map.next_value_seed(BoundedList::new(self.max_files, self.files_exceeded))?;
                }
                "input" => input = Some(map.next_value()?),
                "callbackUrl" => request.callback_url = map.next_value()?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let Some(base64zip) = base64zip else {
            return Ok(Err(ImportError::MissingField("base64zip")));
        };
        let Some(input) = input else {
            return Ok(Err(ImportError::MissingField("input")));
        };
        Ok(Ok((NewImport { input, ..request }, base64zip)))
    }
}

#[cfg(test)]
mod tests {
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;

    use super::*;
    use crate::import::decode_base64;

    fn base64(request: NewImport) -> Base64Text {
        match request.archive {
            ReceivedArchive::Base64(text) => text,
            ReceivedArchive::Spooled(_) => panic!("a JSON body's archive is base64"),
        }
    }

    fn body(base64zip: &str) -> Vec<u8> {
        serde_json::json!({ "idValutazione": "42", "base64zip": base64zip, "input": "[]" })
            .to_string()
            .into_bytes()
    }

    #[test]
    fn the_archive_is_decoded_in_the_body_that_brought_it() {
        let limits = ImportLimits::default();
        let encoded = STANDARD.encode(b"the archive's bytes");
        let body = body(&encoded);
        let held = body.as_ptr();
        let request = NewImport::from_json(body, &limits).expect("parsed");
        assert_eq!(request.id_valutazione, "42");
        let archive = decode_base64(base64(request), &limits).expect("decoded");
        assert_eq!(archive, b"the archive's bytes");
        assert_eq!(archive.as_ptr(), held, "no second buffer");
    }

    #[test]
    fn an_archive_whose_string_has_escapes_is_read_too() {
        let limits = ImportLimits::default();
        let encoded = STANDARD.encode([0xffu8, 0xfe, 0xfd]);
        assert!(encoded.contains('/'), "{encoded}");
        // A client that escapes slashes (PHP's json_encode does by default).
        let text = String::from_utf8(body(&encoded))
            .expect("JSON")
            .replace('/', "\\/");
        let request = NewImport::from_json(text.into_bytes(), &limits).expect("parsed");
        let archive = decode_base64(base64(request), &limits).expect("decoded");
        assert_eq!(archive, [0xff, 0xfe, 0xfd]);
    }
}
