//! Zip archives built in memory, as importing systems send them.

use std::io::{Cursor, Write};

use base64::Engine;
use zip::write::SimpleFileOptions;

/// A zip of `entries` (name, bytes), deflated; a name ending in `/` is a directory.
pub fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
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

/// [`zip_of`] in base64, as `POST /import_dossier` takes it (`base64zip`).
pub fn base64_zip_of(entries: &[(&str, &[u8])]) -> String {
    base64::engine::general_purpose::STANDARD.encode(zip_of(entries))
}

/// Deterministic bytes that do not compress.
pub fn noise(len: usize) -> Vec<u8> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect()
}
