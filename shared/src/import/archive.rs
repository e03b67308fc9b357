//! The zip of an import, opened in memory (or, for a streamed upload, in the file it was
//! spooled to) and judged on its central directory before a single entry is inflated: size of the archive, number of entries, declared uncompressed sizes, paths
//! that escape (zip slip), symbolic links, encryption and compression methods. Reading an entry
//! afterwards trusts nothing the headers say: it stops one byte past the declared size.

use std::collections::{HashMap, HashSet};
use std::io::{Cursor, Read, Seek, SeekFrom};

use zip::CompressionMethod;
use zip::ZipArchive;

use super::ImportError;
use crate::config::ImportLimits;

/// `S_IFMT` and `S_IFLNK` of a unix mode (the external attributes of an entry made on unix).
const S_IFMT: u32 = 0o170_000;
const S_IFLNK: u32 = 0o120_000;

/// The bytes a PDF starts with; readers accept them anywhere in the first KiB.
const PDF_MAGIC: &[u8] = b"%PDF-";
const PDF_MAGIC_WINDOW: usize = 1024;

/// A file of the archive that the import reads (directories and ignored entries are not
/// listed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveEntry {
    /// Position in the central directory.
    pub index: usize,
    /// Full path inside the archive, `/`-separated.
    pub path: String,
    /// Last component of the path: the document's name.
    pub file_name: String,
    /// Uncompressed size the central directory declares.
    pub declared_size: u64,
}

/// An archive whose central directory passed every check, read from `R` (a buffer, or the
/// file a streamed upload was spooled to).
pub struct Archive<R> {
    zip: ZipArchive<R>,
    entries: Vec<ArchiveEntry>,
    /// Indexes of `entries` by full path and by file name (the first of each name).
    by_path: HashMap<String, usize>,
    by_file_name: HashMap<String, usize>,
    limits: ImportLimits,
}

impl<R> std::fmt::Debug for Archive<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Archive")
            .field("entries", &self.entries)
            .finish_non_exhaustive()
    }
}

impl<'a> Archive<Cursor<&'a [u8]>> {
    /// Opens `bytes` as a zip and checks its central directory against `limits`.
    pub fn open(bytes: &'a [u8], limits: &ImportLimits) -> Result<Self, ImportError> {
        Archive::read_from(Cursor::new(bytes), limits)
    }
}

impl<R: Read + Seek> Archive<R> {
    /// Opens the zip `reader` reads and checks its central directory against `limits`.
    pub fn read_from(mut reader: R, limits: &ImportLimits) -> Result<Self, ImportError> {
        let not_zip = |e: &dyn std::fmt::Display| ImportError::NotZip(e.to_string());
        let size = reader.seek(SeekFrom::End(0)).map_err(|e| not_zip(&e))?;
        check_archive_size(size, limits)?;
        let declared = declared_entries(&mut reader, size);
        let mut zip = ZipArchive::new(reader).map_err(|e| not_zip(&e))?;
        // The zip crate keys entries by name: records repeating a name collapse into one. The
        // count the central directory declares is what the archive holds.
        let declared = declared.unwrap_or(zip.len() as u64);
        let count = usize::try_from(declared)
            .unwrap_or(usize::MAX)
            .max(zip.len());
        if count > limits.max_entries {
            return Err(ImportError::TooManyEntries {
                count,
                max: limits.max_entries,
            });
        }
        if count != zip.len() {
            return Err(ImportError::RepeatedNames {
                declared: count,
                distinct: zip.len(),
            });
        }
        let mut entries = Vec::new();
        let mut total: u64 = 0;
        for index in 0..zip.len() {
            // `by_index_raw` reads the entry's metadata and local header, never its data.
            let file = zip
                .by_index_raw(index)
                .map_err(|e| ImportError::NotZip(e.to_string()))?;
            let name = file.name().to_owned();
            if name.len() > super::FILE_NAME_MAX_BYTES {
                return Err(ImportError::TooLong {
                    field: "nome di un file dell'archivio",
                    max: super::FILE_NAME_MAX_BYTES,
                });
            }
            if name.contains('\\') || name.contains('\0') || escapes(&name) {
                return Err(ImportError::UnsafePath { name });
            }
            if file.enclosed_name().is_none() {
                return Err(ImportError::UnsafePath { name });
            }
            if file
                .unix_mode()
                .is_some_and(|mode| mode & S_IFMT == S_IFLNK)
            {
                return Err(ImportError::Symlink { name });
            }
            if file.is_dir() || is_ignored(&name) {
                continue;
            }
            if file.encrypted() {
                return Err(ImportError::Encrypted { name });
            }
            let method = file.compression();
            if !matches!(
                method,
                CompressionMethod::Stored | CompressionMethod::Deflated
            ) {
                return Err(ImportError::UnsupportedCompression {
                    name,
                    method: method.to_string(),
                });
            }
            let declared_size = file.size();
            if declared_size > limits.max_file_bytes {
                return Err(ImportError::FileTooLarge {
                    name,
                    size: declared_size,
                    max: limits.max_file_bytes,
                });
            }
            total = total.saturating_add(declared_size);
            if total > limits.max_uncompressed_bytes {
                return Err(ImportError::TooManyBytes {
                    max: limits.max_uncompressed_bytes,
                });
            }
            let file_name = name.rsplit('/').next().unwrap_or(&name).to_owned();
            entries.push(ArchiveEntry {
                index,
                path: name,
                file_name,
                declared_size,
            });
        }
        let by_path = entries
            .iter()
            .enumerate()
            .map(|(at, entry)| (entry.path.clone(), at))
            .collect();
        let mut by_file_name = HashMap::new();
        for (at, entry) in entries.iter().enumerate() {
            by_file_name.entry(entry.file_name.clone()).or_insert(at);
        }
        Ok(Self {
            zip,
            entries,
            by_path,
            by_file_name,
            limits: *limits,
        })
    }
}

impl<R> Archive<R> {
    /// The files the import reads, in central-directory order.
    pub fn entries(&self) -> &[ArchiveEntry] {
        &self.entries
    }

    /// The listed names (`files[].nomeFile`) that name no file of the archive, matched against
    /// an entry's full path or its file name.
    pub fn missing<'n>(&self, listed: impl IntoIterator<Item = &'n str>) -> Vec<String> {
        let mut seen = HashSet::new();
        listed
            .into_iter()
            .map(str::trim)
            .filter(|name| self.find(name).is_none() && seen.insert(*name))
            .map(str::to_owned)
            .collect()
    }

    /// The entry a listed name designates: its full path, or else its file name (the first
    /// entry of that name). Looked up in an index: a request may list as many names as the
    /// archive has entries.
    pub fn find(&self, listed: &str) -> Option<&ArchiveEntry> {
        let listed = listed.trim();
        self.by_path
            .get(listed)
            .or_else(|| self.by_file_name.get(listed))
            .map(|&at| &self.entries[at])
    }
}

impl<R: Read + Seek> Archive<R> {
    /// Inflates one entry, refusing more bytes than it declared (a lying header must not
    /// inflate past the limits checked on the central directory).
    pub fn read(&mut self, entry: &ArchiveEntry) -> Result<Vec<u8>, ImportError> {
        let limit = entry.declared_size.min(self.limits.max_file_bytes);
        let corrupt = |e: &dyn std::fmt::Display| ImportError::Corrupt {
            name: entry.path.clone(),
            detail: e.to_string(),
        };
        let file = self.zip.by_index(entry.index).map_err(|e| corrupt(&e))?;
        let mut bytes = Vec::with_capacity(usize::try_from(limit).unwrap_or(0).min(1 << 20));
        file.take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| corrupt(&e))?;
        if bytes.len() as u64 > limit {
            return Err(ImportError::SizeMismatch {
                name: entry.path.clone(),
                declared: entry.declared_size,
            });
        }
        Ok(bytes)
    }
}

/// The archive's own size against its limit.
pub fn check_archive_size(size: u64, limits: &ImportLimits) -> Result<(), ImportError> {
    if size > limits.max_archive_bytes {
        return Err(ImportError::ArchiveTooLarge {
            size,
            max: limits.max_archive_bytes,
        });
    }
    Ok(())
}

/// The number of entries the end-of-central-directory record of the `size` bytes `reader`
/// reads declares (its ZIP64 record when the count overflows 16 bits); `None` when it cannot
/// be found (the zip crate found it, so only an unusual layout gets here, and the crate's own
/// count is then used).
fn declared_entries(reader: &mut (impl Read + Seek), size: u64) -> Option<u64> {
    const EOCD: &[u8] = b"PK\x05\x06";
    const ZIP64_LOCATOR: &[u8] = b"PK\x06\x07";
    const ZIP64_EOCD: &[u8] = b"PK\x06\x06";
    // The record is 22 bytes followed by a comment of at most 65,535: the tail holds it and
    // the ZIP64 locator just before it.
    let tail_start = size.saturating_sub(20 + 22 + 65_535);
    let tail = read_at(reader, tail_start, usize::try_from(size - tail_start).ok()?)?;
    let read_u16 = |at: usize| Some(u16::from_le_bytes(tail.get(at..at + 2)?.try_into().ok()?));
    let read_u64 = |at: usize| Some(u64::from_le_bytes(tail.get(at..at + 8)?.try_into().ok()?));
    let earliest = tail.len().saturating_sub(22 + 65_535);
    let eocd = (earliest..=tail.len().checked_sub(22)?)
        .rev()
        .find(|&at| tail[at..].starts_with(EOCD))?;
    let total = read_u16(eocd + 10)?;
    if total != u16::MAX {
        return Some(u64::from(total));
    }
    let locator = eocd.checked_sub(20)?;
    if !tail[locator..].starts_with(ZIP64_LOCATOR) {
        return None;
    }
    let record = read_at(reader, read_u64(locator + 8)?, 40)?;
    if !record.starts_with(ZIP64_EOCD) {
        return None;
    }
    Some(u64::from_le_bytes(record.get(32..40)?.try_into().ok()?))
}

/// `len` bytes of `reader` from `offset`; `None` when it has fewer.
fn read_at(reader: &mut (impl Read + Seek), offset: u64, len: usize) -> Option<Vec<u8>> {
    reader.seek(SeekFrom::Start(offset)).ok()?;
    let mut bytes = vec![0; len];
    reader.read_exact(&mut bytes).ok()?;
    Some(bytes)
}

/// Whether a path has a `..` component or is absolute (stricter than `enclosed_name`, which
/// accepts `a/../b`).
fn escapes(name: &str) -> bool {
    name.starts_with('/')
        || name.split('/').any(|part| part == "..")
        || name
            .split('/')
            .next()
            .is_some_and(|first| first.ends_with(':'))
}

/// Entries that are not documents: macOS resource forks and Finder metadata.
fn is_ignored(name: &str) -> bool {
    name.split('/').any(|part| part == "__MACOSX")
        || name
            .rsplit('/')
            .next()
            .is_some_and(|file| file == ".DS_Store")
}

/// Whether `bytes` are a PDF by their magic number (`%PDF-` within the first KiB).
pub fn is_pdf(bytes: &[u8]) -> bool {
    let window = &bytes[..bytes.len().min(PDF_MAGIC_WINDOW)];
    window.windows(PDF_MAGIC.len()).any(|w| w == PDF_MAGIC)
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use zip::write::SimpleFileOptions;

    use super::*;

    const PDF: &[u8] = b"%PDF-1.4\n%%EOF\n";

    fn limits() -> ImportLimits {
        ImportLimits::default()
    }

    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
        for (name, bytes) in entries {
            if name.ends_with('/') {
                writer.add_directory(*name, options).expect("directory");
            } else {
                writer.start_file(*name, options).expect("entry");
                writer.write_all(bytes).expect("bytes");
            }
        }
        writer.finish().expect("zip").into_inner()
    }

    #[test]
    fn lists_files_and_skips_directories_and_macos_metadata() {
        let bytes = zip_of(&[
            ("docs/", b""),
            ("docs/a.pdf", PDF),
            ("b.pdf", PDF),
            ("__MACOSX/docs/._a.pdf", b"junk"),
            ("docs/.DS_Store", b"junk"),
        ]);
        let archive = Archive::open(&bytes, &limits()).expect("a valid archive");
        let names: Vec<_> = archive.entries().iter().map(|e| e.path.as_str()).collect();
        assert_eq!(names, ["docs/a.pdf", "b.pdf"]);
        assert_eq!(archive.entries()[0].file_name, "a.pdf");
        assert_eq!(archive.find("a.pdf").map(|e| e.index), Some(1));
        assert_eq!(archive.find("docs/a.pdf").map(|e| e.index), Some(1));
        assert_eq!(
            archive.missing(["a.pdf", "c.pdf", "__MACOSX/docs/._a.pdf", "c.pdf"]),
            ["c.pdf", "__MACOSX/docs/._a.pdf"]
        );
    }

    #[test]
    fn reads_entries_and_recognises_pdfs() {
        let bytes = zip_of(&[("a.pdf", PDF), ("note.txt", b"hello")]);
        let mut archive = Archive::open(&bytes, &limits()).expect("valid");
        let entries = archive.entries().to_vec();
        assert_eq!(archive.read(&entries[0]).expect("read"), PDF);
        assert!(is_pdf(&archive.read(&entries[0]).expect("read")));
        assert!(!is_pdf(&archive.read(&entries[1]).expect("read")));
        let mut late = vec![b' '; 1000];
        late.extend_from_slice(PDF);
        assert!(is_pdf(&late), "magic within the first KiB");
        let mut too_late = vec![b' '; 1024];
        too_late.extend_from_slice(PDF);
        assert!(!is_pdf(&too_late));
        assert!(!is_pdf(b""));
    }

    #[test]
    fn not_a_zip_is_refused() {
        let error = Archive::open(b"certainly not a zip", &limits()).expect_err("not a zip");
        assert!(matches!(error, ImportError::NotZip(_)), "{error}");
        assert!(error.to_string().starts_with("Errore nello zip"), "{error}");
    }

    #[test]
    fn limits_are_checked_on_the_central_directory() {
        let bytes = zip_of(&[("a.pdf", PDF), ("b.pdf", PDF), ("c.pdf", PDF)]);
        let tight = |f: fn(&mut ImportLimits)| {
            let mut limits = limits();
            f(&mut limits);
            Archive::open(&bytes, &limits).expect_err("over a limit")
        };
        let error = tight(|l| l.max_archive_bytes = 10);
        assert!(
            matches!(error, ImportError::ArchiveTooLarge { max: 10, .. }),
            "{error}"
        );
        let error = tight(|l| l.max_entries = 2);
        assert!(
            matches!(error, ImportError::TooManyEntries { count: 3, max: 2 }),
            "{error}"
        );
        assert!(error.to_string().contains("3 voci"), "{error}");
        let error = tight(|l| l.max_uncompressed_bytes = PDF.len() as u64 * 2);
        assert!(matches!(error, ImportError::TooManyBytes { .. }), "{error}");
        let error = tight(|l| l.max_file_bytes = 4);
        assert!(
            matches!(&error, ImportError::FileTooLarge { name, .. } if name == "a.pdf"),
            "{error}"
        );
    }

    #[test]
    fn a_zip_bomb_is_refused_before_inflating() {
        // 50 MB of zeros deflate to about 50 KB.
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = SimpleFileOptions::default()
            .compression_method(CompressionMethod::Deflated)
            .large_file(false);
        writer.start_file("bomb.pdf", options).expect("entry");
        let chunk = vec![0u8; 1 << 20];
        for _ in 0..50 {
            writer.write_all(&chunk).expect("bytes");
        }
        let bytes = writer.finish().expect("zip").into_inner();
        assert!(bytes.len() < 1 << 20, "{} bytes", bytes.len());
        let limits = ImportLimits {
            max_uncompressed_bytes: 10 << 20,
            max_file_bytes: 100 << 20,
            ..limits()
        };
        let error = Archive::open(&bytes, &limits).expect_err("a bomb");
        assert!(matches!(error, ImportError::TooManyBytes { .. }), "{error}");
    }

    #[test]
    fn paths_that_escape_are_refused() {
        for name in [
            "../evil.pdf",
            "a/../../evil.pdf",
            "/etc/evil.pdf",
            "a/../b.pdf",
            "C:/evil.pdf",
        ] {
            let bytes = zip_of(&[("ok.pdf", PDF), (name, PDF)]);
            let error = Archive::open(&bytes, &limits()).expect_err(name);
            assert!(
                matches!(&error, ImportError::UnsafePath { name: n } if n == name),
                "{name}: {error}"
            );
            assert!(error.to_string().contains(name), "{error}");
        }
        let bytes = zip_of(&[("dir\\evil.pdf", PDF)]);
        let error = Archive::open(&bytes, &limits()).expect_err("backslash");
        assert!(matches!(error, ImportError::UnsafePath { .. }), "{error}");
    }

    #[test]
    fn symlinks_are_refused() {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        writer
            .add_symlink("link.pdf", "/etc/passwd", SimpleFileOptions::default())
            .expect("symlink");
        let bytes = writer.finish().expect("zip").into_inner();
        let error = Archive::open(&bytes, &limits()).expect_err("a symlink");
        assert!(
            matches!(&error, ImportError::Symlink { name } if name == "link.pdf"),
            "{error}"
        );
    }

    #[test]
    fn duplicate_names_never_make_two_entries() {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        writer
            .start_file("a.pdf", SimpleFileOptions::default())
            .expect("entry");
        writer.write_all(PDF).expect("bytes");
        let bytes = writer.finish().expect("zip").into_inner();
        // Append a second central-directory record of the same entry: patch the count.
        let mut doubled = bytes.clone();
        let eocd = doubled.len() - 22;
        let cd_start =
            u32::from_le_bytes(doubled[eocd + 16..eocd + 20].try_into().unwrap()) as usize;
        let cd = doubled[cd_start..eocd].to_vec();
        let tail = doubled[eocd..].to_vec();
        doubled.truncate(eocd);
        doubled.extend_from_slice(&cd);
        doubled.extend_from_slice(&tail);
        let eocd = doubled.len() - 22;
        doubled[eocd + 8..eocd + 10].copy_from_slice(&2u16.to_le_bytes());
        doubled[eocd + 10..eocd + 12].copy_from_slice(&2u16.to_le_bytes());
        let size = (cd.len() * 2) as u32;
        doubled[eocd + 12..eocd + 16].copy_from_slice(&size.to_le_bytes());
        // Refused, never collapsed silently into one entry.
        match Archive::open(&doubled, &limits()) {
            Err(ImportError::RepeatedNames { declared, distinct }) => {
                assert_eq!((declared, distinct), (2, 1));
            }
            Err(ImportError::NotZip(_)) => {}
            Ok(archive) => panic!("two records of one name accepted: {archive:?}"),
            Err(other) => panic!("unexpected refusal: {other}"),
        }
        // The declared count is also what the entry limit counts (70,000 records of one name
        // are 70,000 entries).
        let one = ImportLimits {
            max_entries: 1,
            ..limits()
        };
        assert!(matches!(
            Archive::open(&doubled, &one),
            Err(ImportError::TooManyEntries { count: 2, max: 1 })
        ));
    }

    #[test]
    fn a_lying_size_does_not_inflate_past_the_declared_size() {
        let content = vec![b'x'; 4096];
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        writer
            .start_file(
                "liar.pdf",
                SimpleFileOptions::default().compression_method(CompressionMethod::Deflated),
            )
            .expect("entry");
        writer.write_all(&content).expect("bytes");
        let mut bytes = writer.finish().expect("zip").into_inner();
        // Declare 10 bytes instead of 4096 in the local header and the central directory.
        let declared = 10u32.to_le_bytes();
        bytes[22..26].copy_from_slice(&declared);
        let central = bytes
            .windows(4)
            .position(|w| w == [0x50, 0x4b, 0x01, 0x02])
            .expect("a central directory record");
        bytes[central + 24..central + 28].copy_from_slice(&declared);
        let mut archive = Archive::open(&bytes, &limits()).expect("the directory looks fine");
        let entry = archive.entries()[0].clone();
        assert_eq!(entry.declared_size, 10);
        let error = archive.read(&entry).expect_err("more bytes than declared");
        assert!(
            matches!(&error, ImportError::SizeMismatch { name, declared: 10 } if name == "liar.pdf"),
            "{error}"
        );
    }
}
