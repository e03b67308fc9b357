//! Object storage for the bytes the database only points to: imported archives, the PDFs of
//! documents and their extraction output.
//!
//! One [`Storage`] per process, over the `object_store` crate, so the same code runs on a
//! local directory (development, tests, single-host deployments) and on S3 or MinIO. Where a
//! file lives is decided here only, by the functions of [`keys`]: every key of a dossier starts
//! with [`keys::dossier_prefix`], so deleting a dossier removes all of its bytes with
//! [`Storage::delete_prefix`].

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bytes::Bytes;
use futures::stream::BoxStream;
use futures::{StreamExt, TryStreamExt};
use object_store::ObjectStore;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;

/// Where every object of the application is stored. Keys are `/`-separated and relative.
pub mod keys {
    use uuid::Uuid;

    /// Everything that belongs to a dossier lives under this prefix.
    pub fn dossier_prefix(dossier_id: Uuid) -> String {
        format!("dossiers/{dossier_id}/")
    }

    /// The imported zip, as received (Download Dossier serves it).
    pub fn archive(dossier_id: Uuid) -> String {
        format!("dossiers/{dossier_id}/archive.zip")
    }

    /// The PDF of a document.
    pub fn document_pdf(dossier_id: Uuid, document_id: Uuid) -> String {
        format!("dossiers/{dossier_id}/documents/{document_id}.pdf")
    }

    /// What the extraction job produced for a document (text, geometry, tables, form data).
    pub fn extraction(dossier_id: Uuid, document_id: Uuid) -> String {
        format!("dossiers/{dossier_id}/documents/{document_id}/extraction.json")
    }

    /// Everything of a validation document (rule validation) lives under this prefix.
    pub fn validation_document_prefix(document_id: Uuid) -> String {
        format!("validation-documents/{document_id}/")
    }

    /// The PDF of a validation document (where its signed upload writes).
    pub fn validation_pdf(document_id: Uuid) -> String {
        format!("validation-documents/{document_id}/document.pdf")
    }

    /// The text extracted from a validation document (OCR where a page has no text).
    pub fn validation_text(document_id: Uuid) -> String {
        format!("validation-documents/{document_id}/text.txt")
    }

    /// A rule compiled to WebAssembly, by content hash (of its code, its helper, the harness
    /// and the Javy plugin): immutable, shared by every worker.
    pub fn rule_module(hash: &str) -> String {
        format!("rule-modules/{hash}.wasm")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("ISTRUTTORIA_STORAGE_URL={url:?} is not valid: {reason}")]
    Config { url: String, reason: String },
    #[error("cannot {action} `{key}` in object storage")]
    Object {
        action: &'static str,
        key: String,
        #[source]
        source: object_store::Error,
    },
    #[error("`{key}` is not in object storage")]
    NotFound { key: String },
    #[error("cannot read the local file to store as `{key}`")]
    LocalFile {
        key: String,
        #[source]
        source: std::io::Error,
    },
    #[error("`{key}` in object storage is not a JSON object")]
    NotAJsonObject { key: String },
}

impl StorageError {
    pub fn is_not_found(&self) -> bool {
        matches!(self, Self::NotFound { .. })
    }
}

pub type StorageResult<T> = Result<T, StorageError>;

/// Bytes of one part of [`Storage::put_file`]'s upload: S3's smallest part but the last.
const PART_BYTES: usize = 5 << 20;
/// Bytes read from a local file at a time by [`Storage::put_file`].
const READ_BYTES: usize = 1 << 20;

/// The object store of the process. Cheap to clone.
#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    /// Signs URLs that let a browser write one object directly (S3), with the key prefix inside
    /// the bucket it must add (the store adds it itself); `None` for a local directory, whose
    /// uploads the API receives itself.
    #[cfg(feature = "aws")]
    signer: Option<(Arc<dyn object_store::signer::Signer>, String)>,
    /// Where it points, for logs (no credentials: those come from the environment).
    location: String,
}

impl std::fmt::Debug for Storage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Storage")
            .field("location", &self.location)
            .finish()
    }
}

impl Storage {
    /// The store `ISTRUTTORIA_STORAGE_URL` names: `s3://bucket[/prefix]` (credentials, region
    /// and endpoint from the standard `AWS_*` variables, e.g. `AWS_ENDPOINT` and
    /// `AWS_ALLOW_HTTP=true` for MinIO), `file:///absolute/dir`, or a directory path (relative
    /// paths are resolved against the working directory; the directory is created).
    pub fn from_url(url: &str) -> StorageResult<Self> {
        let url = url.trim();
        let invalid = |reason: &str| StorageError::Config {
            url: url.to_owned(),
            reason: reason.to_owned(),
        };
        if url.is_empty() {
            return Err(invalid("empty"));
        }
        if let Some(rest) = url.strip_prefix("s3://") {
            return Self::s3(url, rest);
        }
        if let Some(path) = url.strip_prefix("file://") {
            return Self::local(Path::new(path));
        }
        if let Some((scheme, _)) = url.split_once("://") {
            return Err(invalid(&format!(
                "unsupported scheme `{scheme}` (expected a directory, file:// or s3://)"
            )));
        }
        Self::local(Path::new(url))
    }

    /// A directory of the local file system (created if missing).
    pub fn local(dir: &Path) -> StorageResult<Self> {
        let config_error = |reason: String| StorageError::Config {
            url: dir.display().to_string(),
            reason,
        };
        let dir: PathBuf = std::path::absolute(dir).map_err(|e| config_error(e.to_string()))?;
        std::fs::create_dir_all(&dir)
            .map_err(|e| config_error(format!("cannot create {}: {e}", dir.display())))?;
        let store = LocalFileSystem::new_with_prefix(&dir)
            .map_err(|e| config_error(e.to_string()))?
            // Deleting a dossier's files leaves no empty directories behind.
            .with_automatic_cleanup(true);
        Ok(Self {
            store: Arc::new(store),
            #[cfg(feature = "aws")]
            signer: None,
            location: dir.display().to_string(),
        })
    }

    #[cfg(feature = "aws")]
    fn s3(url: &str, rest: &str) -> StorageResult<Self> {
        use object_store::aws::AmazonS3Builder;

        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        if bucket.is_empty() {
            return Err(StorageError::Config {
                url: url.to_owned(),
                reason: "no bucket (expected s3://bucket[/prefix])".into(),
            });
        }
        let builder = AmazonS3Builder::from_env().with_bucket_name(bucket);
        Self::over_s3(url, builder, prefix)
    }

    /// The store of a configured S3 client, under `prefix` inside its bucket.
    #[cfg(feature = "aws")]
    fn over_s3(
        url: &str,
        builder: object_store::aws::AmazonS3Builder,
        prefix: &str,
    ) -> StorageResult<Self> {
        use object_store::prefix::PrefixStore;

        let store = builder.build().map_err(|e| StorageError::Config {
            url: url.to_owned(),
            reason: e.to_string(),
        })?;
        let prefix = prefix.trim_matches('/');
        let store = Arc::new(store);
        let signer: Arc<dyn object_store::signer::Signer> = store.clone();
        let store: Arc<dyn ObjectStore> = store;
        let objects: Arc<dyn ObjectStore> = if prefix.is_empty() {
            store
        } else {
            Arc::new(PrefixStore::new(store, prefix))
        };
        Ok(Self {
            store: objects,
            signer: Some((signer, prefix.to_owned())),
            location: url.to_owned(),
        })
    }

    #[cfg(not(feature = "aws"))]
    fn s3(url: &str, _rest: &str) -> StorageResult<Self> {
        Err(StorageError::Config {
            url: url.to_owned(),
            reason: "this build has no S3 support (the `aws` feature of `shared`)".into(),
        })
    }

    /// Where the store points (a directory or an `s3://` URL).
    pub fn location(&self) -> &str {
        &self.location
    }

    /// Stores `bytes` under `key`, replacing what was there.
    pub async fn put(&self, key: &str, bytes: impl Into<Bytes>) -> StorageResult<()> {
        let path = object_path(key)?;
        self.store
            .put(&path, bytes.into().into())
            .await
            .map(drop)
            .map_err(|source| object_error("write", key, source))
    }

    /// Stores the whole of `file` under `key`, read from its start in parts of
    /// [`PART_BYTES`] (a multipart upload: on S3 each part is sent as it is read), so that a
    /// large file costs about two parts of memory. A failed upload is aborted: nothing stays.
    pub async fn put_file(&self, key: &str, file: std::fs::File) -> StorageResult<()> {
        use tokio::io::{AsyncReadExt, AsyncSeekExt};
        let path = object_path(key)?;
        let local = |source| StorageError::LocalFile {
            key: key.to_owned(),
            source,
        };
        let mut file = tokio::fs::File::from_std(file);
        file.seek(std::io::SeekFrom::Start(0))
            .await
            .map_err(local)?;
        let upload = self
            .store
            .put_multipart(&path)
            .await
            .map_err(|source| object_error("write", key, source))?;
        let mut writer = object_store::WriteMultipart::new_with_chunk_size(upload, PART_BYTES);
        let mut buffer = vec![0; READ_BYTES];
        let written = loop {
            let read = match file.read(&mut buffer).await {
                Ok(0) => break Ok(()),
                Ok(read) => read,
                Err(error) => break Err(local(error)),
            };
            // At most one part in flight besides the one being filled.
            if let Err(source) = writer.wait_for_capacity(1).await {
                break Err(object_error("write", key, source));
            }
            writer.write(&buffer[..read]);
        };
        match written {
            Ok(()) => writer
                .finish()
                .await
                .map(drop)
                .map_err(|source| object_error("write", key, source)),
            Err(error) => {
                if let Err(abort) = writer.abort().await {
                    tracing::warn!(key, error = %abort, "cannot abort a failed upload");
                }
                Err(error)
            }
        }
    }

    /// The JSON object stored under `key` (a document's extraction output); `None` when
    /// nothing is stored there.
    pub async fn get_json_object(
        &self,
        key: &str,
    ) -> StorageResult<Option<serde_json::Map<String, serde_json::Value>>> {
        match self.get(key).await {
            Ok(bytes) => match serde_json::from_slice(&bytes) {
                Ok(serde_json::Value::Object(object)) => Ok(Some(object)),
                Ok(_) | Err(_) => Err(StorageError::NotAJsonObject {
                    key: key.to_owned(),
                }),
            },
            Err(error) if error.is_not_found() => Ok(None),
            Err(error) => Err(error),
        }
    }

    /// The bytes stored under `key` ([`StorageError::NotFound`] when there are none).
    pub async fn get(&self, key: &str) -> StorageResult<Bytes> {
        self.open(key)
            .await?
            .bytes()
            .await
            .map_err(|source| object_error("read", key, source))
    }

    /// The object under `key` as its size and a stream of its bytes, read from the store as
    /// the stream is polled ([`StorageError::NotFound`] when there is none): whatever its size,
    /// the reader holds one chunk at a time.
    pub async fn get_stream(
        &self,
        key: &str,
    ) -> StorageResult<(u64, BoxStream<'static, StorageResult<Bytes>>)> {
        let result = self.open(key).await?;
        let size = result.meta.size;
        let key = key.to_owned();
        let stream = result
            .into_stream()
            .map(move |chunk| chunk.map_err(|source| object_error("read", &key, source)))
            .boxed();
        Ok((size, stream))
    }

    /// The object under `key`, its bytes not read yet.
    async fn open(&self, key: &str) -> StorageResult<object_store::GetResult> {
        let path = object_path(key)?;
        self.store
            .get(&path)
            .await
            .map_err(|source| object_error("read", key, source))
    }

    /// A URL that lets its holder `PUT` the object `key` for `expires_in`, when the store can
    /// sign one (S3: a presigned URL); `None` for a local directory.
    pub async fn signed_put_url(
        &self,
        key: &str,
        expires_in: std::time::Duration,
    ) -> StorageResult<Option<String>> {
        #[cfg(feature = "aws")]
        if let Some((signer, prefix)) = &self.signer {
            let full_key = if prefix.is_empty() {
                key.to_owned()
            } else {
                format!("{prefix}/{key}")
            };
            let path = object_path(&full_key)?;
            return signer
                .signed_url(http::Method::PUT, &path, expires_in)
                .await
                .map(|url| Some(url.to_string()))
                .map_err(|source| object_error("sign an upload of", key, source));
        }
        let _ = (key, expires_in);
        Ok(None)
    }

    /// The size in bytes of the object under `key` ([`StorageError::NotFound`] when there is
    /// none).
    pub async fn size(&self, key: &str) -> StorageResult<u64> {
        let path = object_path(key)?;
        self.store
            .head(&path)
            .await
            .map(|meta| meta.size)
            .map_err(|source| object_error("look up", key, source))
    }

    /// The first `len` bytes (or fewer) of the object under `key`.
    pub async fn get_prefix(&self, key: &str, len: u64) -> StorageResult<Bytes> {
        let path = object_path(key)?;
        let options = object_store::GetOptions {
            range: Some(object_store::GetRange::Bounded(0..len)),
            ..Default::default()
        };
        let result = self
            .store
            .get_opts(&path, options)
            .await
            .map_err(|source| object_error("read", key, source))?;
        result
            .bytes()
            .await
            .map_err(|source| object_error("read", key, source))
    }

    /// Whether something is stored under `key`.
    pub async fn exists(&self, key: &str) -> StorageResult<bool> {
        let path = object_path(key)?;
        match self.store.head(&path).await {
            Ok(_) => Ok(true),
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(source) => Err(object_error("look up", key, source)),
        }
    }

    /// Removes `key`; removing a key that is not there is not an error (deletes are retried).
    pub async fn delete(&self, key: &str) -> StorageResult<()> {
        let path = object_path(key)?;
        match self.store.delete(&path).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(source) => Err(object_error("delete", key, source)),
        }
    }

    /// Removes every object whose key starts with `prefix` (a directory-like prefix such as
    /// [`keys::dossier_prefix`]) and returns how many there were.
    pub async fn delete_prefix(&self, prefix: &str) -> StorageResult<usize> {
        let path = object_path(prefix.trim_end_matches('/'))?;
        let objects: Vec<_> = self
            .store
            .list(Some(&path))
            .try_collect()
            .await
            .map_err(|source| object_error("list", prefix, source))?;
        let mut deleted = 0;
        for object in objects {
            let key = object.location.to_string();
            match self.store.delete(&object.location).await {
                Ok(()) => deleted += 1,
                Err(object_store::Error::NotFound { .. }) => {}
                Err(source) => return Err(object_error("delete", &key, source)),
            }
        }
        Ok(deleted)
    }
}

fn object_path(key: &str) -> StorageResult<ObjectPath> {
    ObjectPath::parse(key).map_err(|source| StorageError::Object {
        action: "address",
        key: key.to_owned(),
        source: source.into(),
    })
}

fn object_error(action: &'static str, key: &str, source: object_store::Error) -> StorageError {
    match source {
        object_store::Error::NotFound { .. } => StorageError::NotFound {
            key: key.to_owned(),
        },
        source => StorageError::Object {
            action,
            key: key.to_owned(),
            source,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_of_a_dossier_share_its_prefix() {
        let dossier = uuid::Uuid::nil();
        let document = uuid::Uuid::max();
        let prefix = keys::dossier_prefix(dossier);
        for key in [
            keys::archive(dossier),
            keys::document_pdf(dossier, document),
            keys::extraction(dossier, document),
        ] {
            assert!(key.starts_with(&prefix), "{key}");
        }
        assert_eq!(
            keys::document_pdf(dossier, document),
            format!("dossiers/{dossier}/documents/{document}.pdf")
        );
    }

    /// A presigned S3 URL is computed offline from the credentials: it names the bucket, the
    /// prefix and the key, allows PUT only and expires.
    #[cfg(feature = "aws")]
    #[tokio::test]
    async fn s3_storage_signs_put_urls_for_one_key_under_its_prefix() {
        let builder = object_store::aws::AmazonS3Builder::new()
            .with_region("eu-south-1")
            .with_bucket_name("istruttoria-docs")
            .with_access_key_id("AKIDEXAMPLE")
            .with_secret_access_key("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY");
        let storage = Storage::over_s3("s3://istruttoria-docs/prod", builder, "prod/").unwrap();
        let key = keys::validation_pdf(uuid::Uuid::nil());
        let url = storage
            .signed_put_url(&key, std::time::Duration::from_secs(600))
            .await
            .unwrap()
            .expect("S3 signs");
        let url = url::Url::parse(&url).unwrap();
        assert!(
            url.as_str().contains("istruttoria-docs"),
            "the bucket: {url}"
        );
        assert!(url.path().ends_with(&format!("/prod/{key}")), "{url}");
        let query: std::collections::HashMap<_, _> = url.query_pairs().into_owned().collect();
        assert_eq!(query.get("X-Amz-Expires").map(String::as_str), Some("600"));
        assert!(query.contains_key("X-Amz-Signature"), "{url}");
        assert!(
            query["X-Amz-Credential"].starts_with("AKIDEXAMPLE/"),
            "{url}"
        );
        // A local directory signs nothing: the API receives the upload itself.
        let local = Storage::local(&std::env::temp_dir().join("istruttoria-sign-test")).unwrap();
        assert_eq!(
            local
                .signed_put_url(&key, std::time::Duration::from_secs(600))
                .await
                .unwrap(),
            None
        );
    }

    #[test]
    fn unknown_schemes_and_bucketless_urls_are_refused() {
        let error = Storage::from_url("gs://bucket").expect_err("no GCS");
        assert!(
            error.to_string().contains("unsupported scheme `gs`"),
            "{error}"
        );
        let error = Storage::from_url("").expect_err("empty");
        assert!(error.to_string().contains("empty"), "{error}");
        #[cfg(feature = "aws")]
        {
            let error = Storage::from_url("s3:///prefix").expect_err("no bucket");
            assert!(error.to_string().contains("no bucket"), "{error}");
        }
    }
}
