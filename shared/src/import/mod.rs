//! Importing a dossier (`POST /import_dossier`, docs/domain.md#the-import-request and
//! #input-rules-and-limits): the checks of the request, shared by the API (which refuses a bad
//! request synchronously, before writing anything) and by the `import` job (which runs them
//! again on the stored archive before unpacking it), and the rows an import writes.
//!
//! Every refusal is an [`ImportError`] whose message (of [`crate::messages`]) names the file and
//! the limit at fault.

pub mod archive;
pub mod base64_text;
pub mod bounded;
pub mod received;
pub mod store;

use serde::{Deserialize, Serialize};

use crate::config::ImportLimits;
use crate::db::models::types::TYPE_NAME_MAX_CHARS;
use crate::messages::{self, Message};

pub use archive::{Archive, ArchiveEntry, is_pdf};
pub use base64_text::{Base64Text, decode_base64};
pub use received::{CheckedArchive, ReceivedArchive, Spooled};

/// The contract type of an import that names none (docs/domain.md#constants).
pub const DEFAULT_CONTRACT_TYPE: &str = "cessione";
/// Longest `idValutazione`, in characters.
pub const ID_VALUTAZIONE_MAX_CHARS: usize = 200;
/// Longest listed file name (`nomeFile`), in bytes (an index entry's size bound).
pub const FILE_NAME_MAX_BYTES: usize = 1024;

/// One file of the request: a name in the archive and the name of its document type.
/// Stored as given in `dossiers.files` for the `import` job.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportFile {
    pub nome_file: String,
    #[serde(default)]
    pub tipo_documento: String,
}

/// Why an import is refused; [`ImportError::message`] says it to the client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// The body is not the import's JSON object (what is wrong, and where).
    Request(String),
    /// A required field is absent.
    MissingField(&'static str),
    /// A field of a multipart form appears more than once.
    RepeatedField(String),
    /// The fields of a multipart form besides the zip exceed `max` bytes together.
    FormFieldsTooLarge {
        max: usize,
    },
    /// The multipart form cannot be parsed.
    FormUnreadable,
    /// A form's zip part passed `max` bytes while it was read (its whole size is not known).
    ArchiveOverLimit {
        max: u64,
    },
    /// A form passed `max` bytes while it was read.
    FormOverLimit {
        max: u64,
    },
    Base64(String),
    NotZip(String),
    ArchiveTooLarge {
        size: u64,
        max: u64,
    },
    TooManyEntries {
        count: usize,
        max: usize,
    },
    TooManyBytes {
        max: u64,
    },
    FileTooLarge {
        name: String,
        size: u64,
        max: u64,
    },
    UnsafePath {
        name: String,
    },
    Symlink {
        name: String,
    },
    Encrypted {
        name: String,
    },
    UnsupportedCompression {
        name: String,
        method: String,
    },
    RepeatedNames {
        declared: usize,
        distinct: usize,
    },
    SizeMismatch {
        name: String,
        declared: u64,
    },
    Corrupt {
        name: String,
        detail: String,
    },
    MissingFiles(Vec<String>),
    InputSyntax,
    InputNotList,
    CallbackUrl(String),
    ContractTypeTooLong,
    DocumentTypeTooLong(String),
    UnknownDocumentTypes(Vec<String>),
    /// Counted while parsing: the list is refused at its first file past `max`.
    TooManyFiles {
        max: usize,
    },
    /// Counted while parsing: the list is refused at its first item past `max`.
    TooManyInputItems {
        max: usize,
    },
    InputTooLarge {
        bytes: usize,
    },
    TooLong {
        field: &'static str,
        max: usize,
    },
    NulCharacter {
        field: &'static str,
    },
}

impl ImportError {
    pub fn message(&self) -> Message {
        match self {
            Self::Request(detail) => messages::import_request(detail),
            Self::MissingField(field) => messages::import_field_missing(field),
            Self::RepeatedField(field) => messages::import_field_repeated(field),
            Self::FormFieldsTooLarge { max } => messages::import_form_fields_too_large(max),
            Self::FormUnreadable => messages::import_form_unreadable(),
            Self::ArchiveOverLimit { max } => messages::archive_too_large(max),
            Self::FormOverLimit { max } => messages::body_too_large(max >> 10),
            Self::Base64(detail) => messages::import_base64(detail),
            Self::NotZip(detail) => messages::import_not_zip(detail),
            Self::ArchiveTooLarge { size, max } => messages::import_archive_too_large(size, max),
            Self::TooManyEntries { count, max } => messages::import_too_many_entries(count, max),
            Self::TooManyBytes { max } => messages::import_too_many_bytes(max),
            Self::FileTooLarge { name, size, max } => {
                messages::import_file_too_large(name, size, max)
            }
            Self::UnsafePath { name } => messages::import_unsafe_path(name),
            Self::Symlink { name } => messages::import_symlink(name),
            Self::Encrypted { name } => messages::import_encrypted(name),
            Self::UnsupportedCompression { name, method } => {
                messages::import_compression(name, method)
            }
            Self::RepeatedNames { declared, distinct } => {
                messages::import_repeated_names(declared, distinct)
            }
            Self::SizeMismatch { name, declared } => messages::import_size_mismatch(name, declared),
            Self::Corrupt { name, detail } => messages::import_corrupt(name, detail),
            Self::MissingFiles(names) => messages::import_missing_files(names.join(", ")),
            Self::InputSyntax => messages::import_input_syntax(),
            Self::InputNotList => messages::import_input_not_list(),
            Self::CallbackUrl(detail) => messages::import_callback_url(detail),
            Self::ContractTypeTooLong => messages::import_contract_type_long(TYPE_NAME_MAX_CHARS),
            Self::DocumentTypeTooLong(name) => {
                messages::import_document_type_long(TYPE_NAME_MAX_CHARS, name)
            }
            Self::UnknownDocumentTypes(names) => messages::import_unknown_types(names.join(", ")),
            Self::TooManyFiles { max } => messages::import_too_many_files(max + 1, max),
            Self::TooManyInputItems { max } => messages::import_too_many_items(max + 1, max),
            Self::InputTooLarge { bytes } => {
                messages::import_input_too_large(bytes, MAX_INPUT_BYTES)
            }
            Self::TooLong { field, max } => messages::import_field_too_long(field, max),
            Self::NulCharacter { field } => messages::import_field_nul(field),
        }
    }
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for ImportError {}

/// An import request as received.
#[derive(Debug)]
pub struct ImportRequest<'a> {
    pub id_valutazione: &'a str,
    pub tipo_contratto: &'a str,
    /// Decoded in its own buffer (base64), or read where it was spooled, by [`check_request`].
    pub archive: ReceivedArchive,
    pub files: &'a [ImportFile],
    pub input: &'a str,
    pub callback_url: Option<&'a str>,
}

/// A request that passed every check that needs no database: what the dossier row gets.
#[derive(Debug)]
pub struct CheckedImport {
    /// The zip; its central directory passed [`Archive::read_from`].
    pub archive: CheckedArchive,
    /// Its dossier type (`tipoContratto`, trimmed, default `cessione`).
    pub dossier_type: String,
    pub id_valutazione: String,
    /// The input list.
    pub input: serde_json::Value,
    pub callback_url: Option<String>,
    /// The files of the request, names trimmed.
    pub files: Vec<ImportFile>,
}

impl CheckedImport {
    /// The document type names the request uses (non-empty, without repeats).
    pub fn document_types(&self) -> Vec<String> {
        let mut seen = std::collections::HashSet::new();
        self.files
            .iter()
            .map(|file| &file.tipo_documento)
            .filter(|name| !name.is_empty() && seen.insert(name.as_str()))
            .cloned()
            .collect()
    }
}

/// Largest `input` text, in bytes: a list of at most `ISTRUTTORIA_IMPORT_MAX_INPUT_ITEMS`
/// scenarios of a few fields each is far smaller. Checked before parsing, as the item count
/// is, because a parsed JSON value takes many times the bytes of its text.
pub const MAX_INPUT_BYTES: usize = 4 << 20;

/// Runs every check of an import that needs no database, cheapest first.
pub fn check_request(
    request: ImportRequest<'_>,
    limits: &ImportLimits,
) -> Result<CheckedImport, ImportError> {
    if request.input.len() > MAX_INPUT_BYTES {
        return Err(ImportError::InputTooLarge {
            bytes: request.input.len(),
        });
    }
    check_input_items(request.input, limits.max_input_items)?;
    let input = parse_input(request.input)?;
    if request.files.len() > limits.max_entries {
        return Err(ImportError::TooManyFiles {
            max: limits.max_entries,
        });
    }
    let id_valutazione = request.id_valutazione.trim();
    if id_valutazione.chars().count() > ID_VALUTAZIONE_MAX_CHARS {
        return Err(ImportError::TooLong {
            field: "idValutazione",
            max: ID_VALUTAZIONE_MAX_CHARS,
        });
    }
    for (field, text) in [
        ("idValutazione", id_valutazione),
        ("tipoContratto", request.tipo_contratto),
        ("callbackUrl", request.callback_url.unwrap_or_default()),
    ] {
        if text.contains('\0') {
            return Err(ImportError::NulCharacter { field });
        }
    }
    for file in request.files {
        if file.nome_file.len() > FILE_NAME_MAX_BYTES {
            return Err(ImportError::TooLong {
                field: "nomeFile",
                max: FILE_NAME_MAX_BYTES,
            });
        }
        if file.nome_file.contains('\0') || file.tipo_documento.contains('\0') {
            return Err(ImportError::NulCharacter { field: "files" });
        }
    }
    let callback_url = request.callback_url.map(check_callback_url).transpose()?;
    let dossier_type = contract_type(request.tipo_contratto)?;
    let files: Vec<ImportFile> = request
        .files
        .iter()
        .map(|f| ImportFile {
            nome_file: f.nome_file.trim().to_owned(),
            tipo_documento: f.tipo_documento.trim().to_owned(),
        })
        .collect();
    if let Some(long) = files
        .iter()
        .find(|f| f.tipo_documento.chars().count() > TYPE_NAME_MAX_CHARS)
    {
        return Err(ImportError::DocumentTypeTooLong(
            long.tipo_documento.clone(),
        ));
    }
    let archive = match request.archive {
        ReceivedArchive::Base64(text) => {
            let bytes = decode_base64(text, limits)?;
            check_listed(&Archive::open(&bytes, limits)?, &files)?;
            CheckedArchive::Bytes(bytes)
        }
        ReceivedArchive::Spooled(mut spooled) => {
            check_listed(&Archive::read_from(spooled.file_mut(), limits)?, &files)?;
            CheckedArchive::Spooled(spooled)
        }
    };
    Ok(CheckedImport {
        archive,
        dossier_type,
        id_valutazione: id_valutazione.to_owned(),
        input,
        callback_url,
        files,
    })
}

/// Refuses listed files that name no file of the archive.
fn check_listed<R>(archive: &Archive<R>, files: &[ImportFile]) -> Result<(), ImportError> {
    let missing = archive.missing(files.iter().map(|f| f.nome_file.as_str()));
    if missing.is_empty() {
        Ok(())
    } else {
        Err(ImportError::MissingFiles(missing))
    }
}

/// Refuses an input list of more than `max` items, counted without building them and
/// stopped at the first item past `max` ([`bounded::BoundedList`], as the request's `files`).
fn check_input_items(text: &str, max: usize) -> Result<(), ImportError> {
    use serde::de::DeserializeSeed;
    let exceeded = std::cell::Cell::new(false);
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let counted = bounded::BoundedList::<serde::de::IgnoredAny>::new(max, &exceeded)
        .deserialize(&mut deserializer);
    match counted {
        Ok(_) => Ok(()),
        Err(_) if exceeded.get() => Err(ImportError::TooManyInputItems { max }),
        // Not a list, or not JSON: `parse_input` says which.
        Err(_) => parse_input(text).map(|_| ()),
    }
}

/// The input text: a JSON list of scenarios.
pub fn parse_input(text: &str) -> Result<serde_json::Value, ImportError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|_| ImportError::InputSyntax)?;
    if !value.is_array() {
        return Err(ImportError::InputNotList);
    }
    // PostgreSQL's jsonb has no NUL character.
    if has_nul(&value) {
        return Err(ImportError::NulCharacter { field: "input" });
    }
    Ok(value)
}

fn has_nul(value: &serde_json::Value) -> bool {
    match value {
        serde_json::Value::String(text) => text.contains('\0'),
        serde_json::Value::Array(items) => items.iter().any(has_nul),
        serde_json::Value::Object(fields) => fields
            .iter()
            .any(|(key, value)| key.contains('\0') || has_nul(value)),
        _ => false,
    }
}

/// A callback URL must be absolute http(s) with a host. (Where it may point is decided when
/// the callback is sent.)
pub fn check_callback_url(text: &str) -> Result<String, ImportError> {
    let text = text.trim();
    let url = url::Url::parse(text).map_err(|e| ImportError::CallbackUrl(e.to_string()))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(ImportError::CallbackUrl(format!(
            "schema «{}»",
            url.scheme()
        )));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(ImportError::CallbackUrl("manca l'host".into()));
    }
    Ok(text.to_owned())
}

/// The dossier type of an import: `tipoContratto` trimmed, `cessione` when empty.
pub fn contract_type(text: &str) -> Result<String, ImportError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(DEFAULT_CONTRACT_TYPE.to_owned());
    }
    if text.chars().count() > TYPE_NAME_MAX_CHARS {
        return Err(ImportError::ContractTypeTooLong);
    }
    Ok(text.to_owned())
}

#[cfg(test)]
mod tests {
    use std::io::{Cursor, Write};

    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;
    use zip::write::SimpleFileOptions;

    use super::*;

    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, bytes) in entries {
            writer
                .start_file(*name, SimpleFileOptions::default())
                .expect("entry");
            writer.write_all(bytes).expect("bytes");
        }
        writer.finish().expect("zip").into_inner()
    }

    fn file(name: &str, kind: &str) -> ImportFile {
        ImportFile {
            nome_file: name.into(),
            tipo_documento: kind.into(),
        }
    }

    fn request<'a>(base64zip: &str, files: &'a [ImportFile], input: &'a str) -> ImportRequest<'a> {
        ImportRequest {
            id_valutazione: "",
            tipo_contratto: "",
            archive: ReceivedArchive::Base64(base64zip.into()),
            files,
            input,
            callback_url: None,
        }
    }

    #[test]
    fn a_valid_request_is_checked_and_normalised() {
        let zip = STANDARD.encode(zip_of(&[("a.pdf", b"%PDF-1.4"), ("b.pdf", b"%PDF-1.4")]));
        let files = [
            file(" a.pdf ", "busta paga"),
            file("b.pdf", ""),
            file("a.pdf", "busta paga"),
        ];
        let mut req = request(&zip, &files, r#"[{"durata_finanziamento": 24}]"#);
        req.callback_url = Some("https://example.com/cb");
        req.id_valutazione = " 42 ";
        let checked = check_request(req, &ImportLimits::default()).expect("valid");
        assert_eq!(checked.dossier_type, "cessione");
        assert_eq!(checked.id_valutazione, "42");
        assert_eq!(checked.files[0].nome_file, "a.pdf");
        assert_eq!(checked.document_types(), ["busta paga"]);
        assert_eq!(
            checked.callback_url.as_deref(),
            Some("https://example.com/cb")
        );
        assert_eq!(
            checked.input,
            serde_json::json!([{"durata_finanziamento": 24}])
        );
    }

    #[test]
    fn each_bad_field_gets_its_message() {
        let zip = STANDARD.encode(zip_of(&[("a.pdf", b"%PDF-1.4")]));
        let limits = ImportLimits::default();
        let none: [ImportFile; 0] = [];
        let check = |req: ImportRequest<'_>| {
            check_request(req, &limits)
                .expect_err("refused")
                .to_string()
        };
        assert_eq!(
            check(request(&zip, &none, "[1,")),
            "Errore sintassi nell'input"
        );
        assert!(check(request(&zip, &none, r#"{"a":1}"#)).contains("lista JSON"));
        for bad in ["ftp://x/y", "/relative", "http://"] {
            let mut req = request(&zip, &none, "[]");
            req.callback_url = Some(bad);
            assert!(check(req).starts_with("callbackUrl non valido"), "{bad}");
        }
        let mut req = request(&zip, &none, "[]");
        req.tipo_contratto = "x234567890123456789012345678901";
        assert!(check(req).contains("massimo 30 caratteri"));
        assert!(
            check(request("***", &none, "[]"))
                .starts_with("Errore nello zip: il contenuto non è base64")
        );
        let not_zip = STANDARD.encode(b"hello");
        assert!(
            check(request(&not_zip, &none, "[]"))
                .starts_with("Errore nello zip: non è un archivio zip")
        );
        let files = [file("a.pdf", ""), file("x.pdf", ""), file("y.pdf", "")];
        assert_eq!(
            check(request(&zip, &files, "[]")),
            "Errore nello zip: file elencati ma assenti nell'archivio: x.pdf, y.pdf"
        );
    }

    #[test]
    fn the_input_is_bounded_before_it_is_parsed() {
        let zip = STANDARD.encode(zip_of(&[("a.pdf", b"%PDF-1.4")]));
        let files = [file("a.pdf", "")];
        let limits = ImportLimits::default();
        let many = format!("[{}{{}}]", "{},".repeat(limits.max_input_items));
        assert!(matches!(
            check_request(request(&zip, &files, &many), &limits),
            Err(ImportError::TooManyInputItems { max }) if max == limits.max_input_items
        ));
        let huge = format!("[\"{}\"]", "x".repeat(MAX_INPUT_BYTES));
        assert!(matches!(
            check_request(request(&zip, &files, &huge), &limits),
            Err(ImportError::InputTooLarge { .. })
        ));
        for (text, expected) in [
            ("{\"a\": 1}", ImportError::InputNotList.to_string()),
            ("[1,", messages::import_input_syntax().italian()),
        ] {
            let refused = check_request(request(&zip, &files, text), &limits).err();
            assert_eq!(refused.map(|e| e.to_string()), Some(expected), "{text}");
        }
    }

    #[test]
    fn the_limits_are_configurable() {
        let vars = crate::config::Vars::from_pairs([
            ("ISTRUTTORIA_IMPORT_MAX_ARCHIVE_BYTES", "1000"),
            ("ISTRUTTORIA_IMPORT_MAX_ENTRIES", "5"),
            ("ISTRUTTORIA_IMPORT_MAX_UNCOMPRESSED_BYTES", "2000"),
            ("ISTRUTTORIA_IMPORT_MAX_FILE_BYTES", "300"),
            ("ISTRUTTORIA_IMPORT_MAX_INPUT_ITEMS", "7"),
        ]);
        assert_eq!(
            ImportLimits::from_vars(&vars).expect("valid"),
            ImportLimits {
                max_archive_bytes: 1000,
                max_entries: 5,
                max_uncompressed_bytes: 2000,
                max_file_bytes: 300,
                max_input_items: 7,
            }
        );
        let defaults =
            ImportLimits::from_vars(&crate::config::Vars::from_pairs([])).expect("defaults");
        assert_eq!(defaults.max_archive_bytes, 100 << 20);
        assert_eq!(defaults.max_entries, 1000);
        assert_eq!(defaults.max_uncompressed_bytes, 1 << 30);
        let zero = crate::config::Vars::from_pairs([("ISTRUTTORIA_IMPORT_MAX_ENTRIES", "0")]);
        assert!(ImportLimits::from_vars(&zero).is_err());
    }
}
