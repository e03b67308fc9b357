//! `shared::storage` against the real local object store: a directory of its own per test.

use std::path::PathBuf;

use bytes::Bytes;
use shared::storage::{Storage, keys};
use uuid::Uuid;

/// A fresh directory under the system's temporary directory, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("istruttoria-storage-{}", Uuid::now_v7()));
        Self(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[tokio::test]
async fn put_get_exists_and_delete_round_trip() {
    let dir = TempDir::new();
    let storage = Storage::from_url(dir.0.to_str().expect("utf-8")).expect("a local store");
    assert!(dir.0.is_dir(), "the directory is created");
    let dossier = Uuid::now_v7();
    let key = keys::archive(dossier);

    assert!(!storage.exists(&key).await.expect("exists"));
    let error = storage.get(&key).await.expect_err("nothing stored yet");
    assert!(error.is_not_found(), "{error}");
    assert!(
        error.to_string().contains(&key),
        "the error names the key: {error}"
    );

    storage
        .put(&key, Bytes::from_static(b"PK zip bytes"))
        .await
        .expect("put");
    assert!(storage.exists(&key).await.expect("exists"));
    assert_eq!(storage.get(&key).await.expect("get"), &b"PK zip bytes"[..]);
    assert!(dir.0.join(&key).is_file(), "stored under the key's path");

    storage
        .put(&key, Bytes::from_static(b"replaced"))
        .await
        .expect("overwrite");
    assert_eq!(storage.get(&key).await.expect("get"), &b"replaced"[..]);

    storage.delete(&key).await.expect("delete");
    assert!(!storage.exists(&key).await.expect("exists"));
    storage.delete(&key).await.expect("deleting twice is fine");
}

#[tokio::test]
async fn delete_prefix_removes_one_dossier_and_nothing_else() {
    let dir = TempDir::new();
    let storage = Storage::local(&dir.0).expect("a local store");
    let (gone, kept) = (Uuid::now_v7(), Uuid::now_v7());
    let document = Uuid::now_v7();
    for dossier in [gone, kept] {
        for key in [
            keys::archive(dossier),
            keys::document_pdf(dossier, document),
            keys::extraction(dossier, document),
        ] {
            storage
                .put(&key, Bytes::from_static(b"x"))
                .await
                .expect("put");
        }
    }
    let deleted = storage
        .delete_prefix(&keys::dossier_prefix(gone))
        .await
        .expect("delete prefix");
    assert_eq!(deleted, 3);
    assert!(!storage.exists(&keys::archive(gone)).await.expect("exists"));
    assert!(
        !storage
            .exists(&keys::extraction(gone, document))
            .await
            .expect("exists")
    );
    assert!(storage.exists(&keys::archive(kept)).await.expect("exists"));
    assert!(
        storage
            .exists(&keys::extraction(kept, document))
            .await
            .expect("exists")
    );
    assert_eq!(
        storage
            .delete_prefix(&keys::dossier_prefix(gone))
            .await
            .expect("again"),
        0
    );
}

#[tokio::test]
async fn relative_paths_and_file_urls_are_accepted() {
    let dir = TempDir::new();
    let url = format!("file://{}", dir.0.display());
    let storage = Storage::from_url(&url).expect("a file URL");
    storage
        .put("a/b.txt", Bytes::from_static(b"1"))
        .await
        .expect("put");
    assert!(dir.0.join("a/b.txt").is_file());

    let relative = Storage::from_url("target/storage-test-relative").expect("a relative path");
    assert!(
        PathBuf::from(relative.location()).is_absolute(),
        "{}",
        relative.location()
    );
    let _ = std::fs::remove_dir_all("target/storage-test-relative");
}
