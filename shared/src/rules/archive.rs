//! The zip format dossier rules travel in between environments: `importDossierRules` reads it
//! and `downloadDossierRule` writes it, so that a rule exported from one installation imports
//! unchanged into another (idempotent by rule id: importing again updates the rule).
//!
//! One folder per rule (its name does not matter; [`write`] uses the rule id):
//!
//! ```text
//! <folder>/rule.json     metadata: formatVersion, id, description, istitutoAppartenenza,
//!                        mustContain, notContain, nota, gruppo, active, valid,
//!                        dossierType (name or null), dataTables (names)
//! <folder>/index.js      the rule's code
//! <folder>/helper.js     its helper (optional)
//! <folder>/package.json  its package.json (optional: the default one)
//! ```
//!
//! Any other file (an input sample, a runner for node, `__MACOSX/`) is ignored, and a
//! `rule.json` at the root of the archive is one rule too. The archive is read in memory with
//! bounds checked before anything is decompressed (entries, declared and actual sizes): an
//! upload cannot exhaust the API.

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};

use base64::Engine as _;
use serde::{Deserialize, Serialize};
use uuid::Uuid;
use zip::write::SimpleFileOptions;

use crate::messages::{self, Message};

/// The version [`write`] puts in every `rule.json`; [`read`] refuses newer ones.
pub const FORMAT_VERSION: u32 = 1;

pub const METADATA_FILE: &str = "rule.json";
pub const CODE_FILE: &str = "index.js";
pub const HELPER_FILE: &str = "helper.js";
pub const PACKAGE_FILE: &str = "package.json";

/// Bounds of an archive [`read`] accepts.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Size of the archive itself.
    pub max_archive_bytes: usize,
    pub max_entries: usize,
    pub max_file_bytes: u64,
    pub max_total_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            // Within the GraphQL body limit once in base64 (ISTRUTTORIA_GRAPHQL_MAX_BODY_BYTES).
            max_archive_bytes: 8 << 20,
            max_entries: 5_000,
            max_file_bytes: 4 << 20,
            max_total_bytes: 64 << 20,
        }
    }
}

/// `rule.json`: everything about a dossier rule but its files.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleMetadata {
    #[serde(default = "format_version")]
    pub format_version: u32,
    pub id: Uuid,
    pub description: String,
    pub istituto_appartenenza: String,
    #[serde(default)]
    pub must_contain: Vec<String>,
    #[serde(default)]
    pub not_contain: Vec<String>,
    #[serde(default)]
    pub nota: String,
    #[serde(default)]
    pub gruppo: Vec<String>,
    #[serde(default = "yes")]
    pub active: bool,
    #[serde(default = "yes")]
    pub valid: bool,
    /// The dossier type the rule is restricted to, by name.
    #[serde(default)]
    pub dossier_type: Option<String>,
    /// The data tables the rule receives, by name.
    #[serde(default)]
    pub data_tables: Vec<String>,
}

fn format_version() -> u32 {
    FORMAT_VERSION
}

fn yes() -> bool {
    true
}

/// One dossier rule of an archive.
#[derive(Debug, Clone, PartialEq)]
pub struct ArchivedRule {
    pub metadata: RuleMetadata,
    pub code: String,
    pub helper: Option<String>,
    pub package_json: String,
}

/// Why an archive is refused; [`ArchiveError::message`] says it to the user.
#[derive(Debug)]
pub enum ArchiveError {
    Zip(String),
    Base64,
    ArchiveTooLarge(usize),
    TooManyEntries(usize),
    FileTooLarge { path: String, max: u64 },
    TooLarge(u64),
    NotText { path: String },
    Metadata { path: String, problem: Message },
    MissingCode { folder: String },
    Duplicate(Uuid),
    Empty,
}

impl ArchiveError {
    pub fn message(&self) -> Message {
        match self {
            Self::Zip(detail) => messages::archive_zip(detail),
            Self::Base64 => messages::archive_base64(),
            Self::ArchiveTooLarge(max) => messages::archive_too_large(max),
            Self::TooManyEntries(max) => messages::archive_too_many_files(max),
            Self::FileTooLarge { path, max } => messages::archive_file_too_large(path, max),
            Self::TooLarge(max) => messages::archive_extracted_too_large(max),
            Self::NotText { path } => messages::archive_not_text(path),
            Self::Metadata { path, problem } => messages::archive_metadata(path, problem.clone()),
            Self::MissingCode { folder } => messages::archive_missing_code(folder, CODE_FILE),
            Self::Duplicate(id) => messages::archive_duplicate(id),
            Self::Empty => messages::archive_empty(METADATA_FILE),
        }
    }
}

impl std::fmt::Display for ArchiveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for ArchiveError {}

/// An archive as base64 text (the GraphQL calls carry files so).
pub fn to_base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The bytes of an archive sent as base64, with or without a `data:…;base64,` prefix,
/// refused past `limits.max_archive_bytes`.
pub fn from_base64(text: &str, limits: &Limits) -> Result<Vec<u8>, ArchiveError> {
    let text = text.trim();
    let text = match text.split_once(";base64,") {
        Some((prefix, rest)) if prefix.starts_with("data:") => rest,
        _ => text,
    };
    if text.len() / 4 * 3 > limits.max_archive_bytes + 3 {
        return Err(ArchiveError::ArchiveTooLarge(limits.max_archive_bytes));
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(text.as_bytes())
        .map_err(|_| ArchiveError::Base64)?;
    if bytes.len() > limits.max_archive_bytes {
        return Err(ArchiveError::ArchiveTooLarge(limits.max_archive_bytes));
    }
    Ok(bytes)
}

/// Writes `rules` as an archive, one folder per rule named by its id.
pub fn write(rules: &[ArchivedRule]) -> Result<Vec<u8>, ArchiveError> {
    let zip_error = |e: zip::result::ZipError| ArchiveError::Zip(e.to_string());
    let io_error = |e: std::io::Error| ArchiveError::Zip(e.to_string());
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for rule in rules {
        let folder = rule.metadata.id.to_string();
        let metadata = serde_json::to_string_pretty(&RuleMetadata {
            format_version: FORMAT_VERSION,
            ..rule.metadata.clone()
        })
        .map_err(|e| ArchiveError::Zip(e.to_string()))?;
        let mut files = vec![
            (METADATA_FILE, metadata.as_str()),
            (CODE_FILE, rule.code.as_str()),
            (PACKAGE_FILE, rule.package_json.as_str()),
        ];
        if let Some(helper) = &rule.helper {
            files.push((HELPER_FILE, helper.as_str()));
        }
        for (name, text) in files {
            writer
                .start_file(format!("{folder}/{name}"), options)
                .map_err(zip_error)?;
            writer.write_all(text.as_bytes()).map_err(io_error)?;
        }
    }
    Ok(writer.finish().map_err(zip_error)?.into_inner())
}

/// Reads the rules of an archive within `limits`.
pub fn read(bytes: &[u8], limits: &Limits) -> Result<Vec<ArchivedRule>, ArchiveError> {
    let mut archive =
        zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| ArchiveError::Zip(e.to_string()))?;
    if archive.len() > limits.max_entries {
        return Err(ArchiveError::TooManyEntries(limits.max_entries));
    }
    // Folder → file name → text, for the files this format knows.
    let mut folders: BTreeMap<String, BTreeMap<&'static str, String>> = BTreeMap::new();
    let mut total: u64 = 0;
    for index in 0..archive.len() {
        let mut entry = archive
            .by_index(index)
            .map_err(|e| ArchiveError::Zip(e.to_string()))?;
        if entry.is_dir() {
            continue;
        }
        let path = entry.name().replace('\\', "/");
        if path.starts_with("__MACOSX/") || path.contains("/__MACOSX/") {
            continue;
        }
        let (folder, file) = match path.rsplit_once('/') {
            Some((folder, file)) => (folder.to_owned(), file),
            None => (String::new(), path.as_str()),
        };
        let Some(known) = [METADATA_FILE, CODE_FILE, HELPER_FILE, PACKAGE_FILE]
            .into_iter()
            .find(|known| *known == file)
        else {
            continue;
        };
        if entry.size() > limits.max_file_bytes {
            return Err(ArchiveError::FileTooLarge {
                path,
                max: limits.max_file_bytes,
            });
        }
        // The declared size can lie: read at most one byte more than allowed.
        let mut content = Vec::new();
        (&mut entry)
            .take(limits.max_file_bytes + 1)
            .read_to_end(&mut content)
            .map_err(|e| ArchiveError::Zip(format!("{path}: {e}")))?;
        if content.len() as u64 > limits.max_file_bytes {
            return Err(ArchiveError::FileTooLarge {
                path,
                max: limits.max_file_bytes,
            });
        }
        total += content.len() as u64;
        if total > limits.max_total_bytes {
            return Err(ArchiveError::TooLarge(limits.max_total_bytes));
        }
        let text =
            String::from_utf8(content).map_err(|_| ArchiveError::NotText { path: path.clone() })?;
        let text = text
            .strip_prefix('\u{feff}')
            .map(str::to_owned)
            .unwrap_or(text);
        folders.entry(folder).or_default().insert(known, text);
    }

    let mut rules: Vec<ArchivedRule> = Vec::new();
    for (folder, mut files) in folders {
        let Some(metadata_text) = files.remove(METADATA_FILE) else {
            continue;
        };
        let shown = if folder.is_empty() {
            METADATA_FILE.to_owned()
        } else {
            format!("{folder}/{METADATA_FILE}")
        };
        let metadata: RuleMetadata =
            serde_json::from_str(&metadata_text).map_err(|e| ArchiveError::Metadata {
                path: shown.clone(),
                problem: messages::json_problem(&e),
            })?;
        if metadata.format_version > FORMAT_VERSION {
            return Err(ArchiveError::Metadata {
                path: shown,
                problem: messages::format_version_unsupported(
                    metadata.format_version,
                    FORMAT_VERSION,
                ),
            });
        }
        if rules.iter().any(|r| r.metadata.id == metadata.id) {
            return Err(ArchiveError::Duplicate(metadata.id));
        }
        let code = files
            .remove(CODE_FILE)
            .ok_or_else(|| ArchiveError::MissingCode {
                folder: if folder.is_empty() {
                    "/".into()
                } else {
                    folder.clone()
                },
            })?;
        rules.push(ArchivedRule {
            metadata,
            code,
            helper: files.remove(HELPER_FILE),
            package_json: files
                .remove(PACKAGE_FILE)
                .unwrap_or_else(|| super::DEFAULT_PACKAGE_JSON.to_owned()),
        });
    }
    if rules.is_empty() {
        return Err(ArchiveError::Empty);
    }
    Ok(rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(helper: Option<&str>) -> ArchivedRule {
        ArchivedRule {
            metadata: RuleMetadata {
                format_version: FORMAT_VERSION,
                id: Uuid::now_v7(),
                description: "Durata massima".into(),
                istituto_appartenenza: "Banca è".into(),
                must_contain: vec!["TAN".into()],
                not_contain: vec![],
                nota: "nota".into(),
                gruppo: vec!["g1".into()],
                active: false,
                valid: true,
                dossier_type: Some("cessione".into()),
                data_tables: vec!["tassi".into()],
            },
            code: "export default () => ({ success: true });\n".into(),
            helper: helper.map(str::to_owned),
            package_json: "{}".into(),
        }
    }

    #[test]
    fn what_is_written_reads_back_the_same() {
        let rules = vec![rule(Some("export const x = 1;")), rule(None)];
        let bytes = write(&rules).expect("writes");
        let mut read_back = read(&bytes, &Limits::default()).expect("reads");
        read_back.sort_by_key(|r| r.metadata.id);
        assert_eq!(read_back, rules);
    }

    fn zip_of(files: &[(&str, &str)]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, text) in files {
            writer
                .start_file(*name, SimpleFileOptions::default())
                .expect("starts");
            writer.write_all(text.as_bytes()).expect("writes");
        }
        writer.finish().expect("finishes").into_inner()
    }

    #[test]
    fn a_rule_at_the_root_with_defaults_and_extra_files_reads() {
        let id = Uuid::now_v7();
        let meta = format!(r#"{{"id":"{id}","description":"d","istitutoAppartenenza":"i"}}"#);
        let bytes = zip_of(&[
            ("rule.json", &meta),
            ("index.js", "export default () => ({ success: true });"),
            ("input.json", "[]"),
            ("__MACOSX/index.js", "junk"),
        ]);
        let rules = read(&bytes, &Limits::default()).expect("reads");
        assert_eq!(rules.len(), 1);
        assert_eq!(rules[0].metadata.id, id);
        assert!(rules[0].metadata.active && rules[0].metadata.valid);
        assert_eq!(rules[0].package_json, super::super::DEFAULT_PACKAGE_JSON);
        assert_eq!(rules[0].helper, None);
    }

    #[test]
    fn base64_with_or_without_a_data_url_prefix() {
        let bytes = write(&[rule(None)]).expect("writes");
        let text = to_base64(&bytes);
        assert_eq!(
            from_base64(&text, &Limits::default()).expect("decodes"),
            bytes
        );
        let url = format!("data:application/zip;base64,{text}");
        assert_eq!(
            from_base64(&url, &Limits::default()).expect("decodes"),
            bytes
        );
        assert!(matches!(
            from_base64("not base64!", &Limits::default()),
            Err(ArchiveError::Base64)
        ));
        let small = Limits {
            max_archive_bytes: 10,
            ..Limits::default()
        };
        assert!(matches!(
            from_base64(&text, &small),
            Err(ArchiveError::ArchiveTooLarge(10))
        ));
    }

    #[test]
    fn bad_archives_are_refused_with_a_reason() {
        assert!(matches!(
            read(b"not a zip", &Limits::default()),
            Err(ArchiveError::Zip(_))
        ));
        assert!(matches!(
            read(&zip_of(&[("a/index.js", "x")]), &Limits::default()),
            Err(ArchiveError::Empty)
        ));
        assert!(matches!(
            read(&zip_of(&[("a/rule.json", "{")]), &Limits::default()),
            Err(ArchiveError::Metadata { .. })
        ));
        let id = Uuid::now_v7();
        let meta = format!(r#"{{"id":"{id}","description":"d","istitutoAppartenenza":"i"}}"#);
        assert!(matches!(
            read(&zip_of(&[("a/rule.json", &meta)]), &Limits::default()),
            Err(ArchiveError::MissingCode { .. })
        ));
        let big = "x".repeat(2000);
        let limits = Limits {
            max_file_bytes: 1000,
            ..Limits::default()
        };
        assert!(matches!(
            read(
                &zip_of(&[("a/rule.json", &meta), ("a/index.js", &big)]),
                &limits
            ),
            Err(ArchiveError::FileTooLarge { .. })
        ));
        let twice = zip_of(&[
            ("a/rule.json", &meta),
            ("a/index.js", "x"),
            ("b/rule.json", &meta),
            ("b/index.js", "x"),
        ]);
        assert!(matches!(
            read(&twice, &Limits::default()),
            Err(ArchiveError::Duplicate(_))
        ));
    }
}
