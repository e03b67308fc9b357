//! The pre-initialised Javy plugin (QuickJS for wasm32-wasip1, built by
//! `scripts/javy-plugin.sh` from `worker/javy-plugin`): its bytes, its version and its hash.
//!
//! Rule modules are dynamically linked against one exact plugin build, so the plugin's hash is
//! part of every cache key: a new plugin invalidates every cached rule module.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use sha2::{Digest, Sha256};
use wasmtime::{ExternType, Module, ValType};

/// The import namespace of the plugin (`import_namespace!` in worker/javy-plugin/src/lib.rs).
pub const IMPORT_NAMESPACE: &str = "istruttoria_rules_v1";

#[derive(Debug, thiserror::Error)]
pub enum PluginError {
    #[error(
        "the Javy plugin is missing at {path}: build it with `scripts/javy-plugin.sh` \
         (`just up` and `just test` do), or point ISTRUTTORIA_JAVY_PLUGIN at it"
    )]
    Missing { path: PathBuf },
    #[error("reading the Javy plugin {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is not a usable Javy plugin: {reason}")]
    Invalid { path: PathBuf, reason: String },
}

/// A loaded plugin. Cheap to clone.
#[derive(Clone)]
pub struct Plugin {
    inner: Arc<Inner>,
}

struct Inner {
    bytes: Vec<u8>,
    hash: String,
    path: PathBuf,
}

impl std::fmt::Debug for Plugin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plugin")
            .field("path", &self.inner.path)
            .field("hash", &self.inner.hash)
            .finish()
    }
}

impl Plugin {
    /// Loads and validates the plugin at `path`.
    pub fn load(path: &Path) -> Result<Self, PluginError> {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(PluginError::Missing {
                    path: path.to_path_buf(),
                });
            }
            Err(source) => {
                return Err(PluginError::Read {
                    path: path.to_path_buf(),
                    source,
                });
            }
        };
        Self::from_bytes(bytes, path)
    }

    /// A plugin from its bytes (`path` only names it in messages). Its exports are checked
    /// once it is compiled ([`check_exports`]).
    pub fn from_bytes(bytes: Vec<u8>, path: &Path) -> Result<Self, PluginError> {
        if !bytes.starts_with(b"\0asm\x01\0\0\0") {
            return Err(PluginError::Invalid {
                path: path.to_path_buf(),
                reason: "not a WebAssembly module".to_owned(),
            });
        }
        let hash = hex(&Sha256::digest(&bytes));
        Ok(Self {
            inner: Arc::new(Inner {
                bytes,
                hash,
                path: path.to_path_buf(),
            }),
        })
    }

    /// The plugin's bytes (a Wasm module).
    pub fn bytes(&self) -> &[u8] {
        &self.inner.bytes
    }

    /// SHA-256 of the plugin's bytes (hex): its identity in cache keys.
    pub fn hash(&self) -> &str {
        &self.inner.hash
    }

    /// A short, human-readable version: namespace and the hash's first 12 digits.
    pub fn version(&self) -> String {
        format!("{IMPORT_NAMESPACE}@{}", &self.inner.hash[..12])
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }
}

/// What the runtime uses of a Javy plugin (its plugin API): `compile-src` turns source into
/// bytecode, `invoke` runs bytecode, `cabi_realloc` allocates in `memory`.
const EXPORTED_FUNCTIONS: [(&str, usize, usize); 3] = [
    // name, i32 parameters, i32 results
    ("compile-src", 2, 1),
    ("invoke", 5, 0),
    ("cabi_realloc", 4, 1),
];

/// Whether the compiled plugin `module` exports what the runtime calls, with the right types;
/// the problems found otherwise.
pub fn check_exports(module: &Module) -> Result<(), String> {
    fn i32s(found: impl ExactSizeIterator<Item = ValType>, wanted: usize) -> bool {
        found.len() == wanted && found.into_iter().all(|ty| matches!(ty, ValType::I32))
    }
    let mut problems = Vec::new();
    for (name, params, results) in EXPORTED_FUNCTIONS {
        match module.get_export(name) {
            Some(ExternType::Func(ty))
                if i32s(ty.params(), params) && i32s(ty.results(), results) => {}
            Some(_) => problems.push(format!("`{name}` has an unexpected type")),
            None => problems.push(format!("no exported function `{name}`")),
        }
    }
    if !matches!(module.get_export("memory"), Some(ExternType::Memory(_))) {
        problems.push("no exported memory `memory`".to_owned());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join(", "))
    }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        use std::fmt::Write;
        let _ = write!(out, "{b:02x}");
    }
    out
}
