//! Makes the crate rebuild when a migration changes (`embed_migrations!` does not tell cargo
//! about the files it reads) and exposes a fingerprint of the migrations as
//! `ISTRUTTORIA_MIGRATIONS_HASH`, which names the test template database.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

const MIGRATIONS_DIR: &str = "../migrations";

fn main() -> io::Result<()> {
    println!("cargo:rerun-if-changed={MIGRATIONS_DIR}");

    let root = Path::new(MIGRATIONS_DIR);
    let mut files = Vec::new();
    collect_files(root, &mut files)?;
    files.sort();

    let mut hash = Fnv1a64::new();
    for file in &files {
        let relative = file.strip_prefix(root).unwrap_or(file);
        hash.write(relative.to_string_lossy().as_bytes());
        hash.write(&[0]);
        hash.write(&fs::read(file)?);
        hash.write(&[0]);
    }
    println!(
        "cargo:rustc-env=ISTRUTTORIA_MIGRATIONS_HASH={:016x}",
        hash.finish()
    );
    Ok(())
}

fn collect_files(dir: &Path, files: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_files(&path, files)?;
        } else {
            files.push(path);
        }
    }
    Ok(())
}

/// FNV-1a, 64 bits: stable across toolchains (unlike `DefaultHasher`) and dependency-free.
struct Fnv1a64(u64);

impl Fnv1a64 {
    fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
