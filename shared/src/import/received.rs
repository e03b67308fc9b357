//! The archive of an import as it arrived — base64 text inside the JSON body, or the `zip` part
//! of a `multipart/form-data` body spooled to a temporary file while it was read — and as it is
//! stored once checked.

use std::fs::File;

use super::Base64Text;

/// The archive of a request, not yet checked.
#[derive(Debug)]
pub enum ReceivedArchive {
    /// The JSON form's `base64zip`, decoded where it lies ([`super::decode_base64`]).
    Base64(Base64Text),
    /// The form's `zip` part.
    Spooled(Spooled),
}

impl Default for ReceivedArchive {
    fn default() -> Self {
        Self::Base64(Base64Text::default())
    }
}

/// A zip written to an unnamed temporary file (removed by the system when it is closed, also
/// when the process dies).
#[derive(Debug)]
pub struct Spooled {
    file: File,
    size: u64,
}

impl Spooled {
    /// The `size` bytes written to `file`.
    pub fn new(file: File, size: u64) -> Self {
        Self { file, size }
    }

    pub fn size(&self) -> u64 {
        self.size
    }

    pub fn file_mut(&mut self) -> &mut File {
        &mut self.file
    }

    pub fn into_file(self) -> File {
        self.file
    }
}

/// The archive of a checked import, ready to be stored.
#[derive(Debug)]
pub enum CheckedArchive {
    /// Decoded from base64, in memory.
    Bytes(Vec<u8>),
    /// Still in its temporary file.
    Spooled(Spooled),
}

impl CheckedArchive {
    /// Its size in bytes.
    pub fn size(&self) -> u64 {
        match self {
            Self::Bytes(bytes) => bytes.len() as u64,
            Self::Spooled(spooled) => spooled.size(),
        }
    }
}
