//! `POST /import_dossier` as `multipart/form-data` (issue 31, item 4): the zip as the file part
//! `zip`, the other fields as text parts. The archive is stored as it was sent; every bad form is
//! refused with its message and leaves nothing behind; the archive and the other fields are
//! bounded while they are read; idempotency keys identify a form by its contents, whatever its
//! boundary and the order of its parts.

use crate::common;

use anyhow::{Context, Result};
use common::imports::{ImportAnswer, send_import};
use common::{
    Options, TestServer,
    archives::{noise, zip_of},
};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};
use shared::config::ImportLimits;
use shared::db::schema::dossiers;
use shared::storage::keys;
use uuid::Uuid;

/// One part of a form: its name, its file name (a file part) and its content.
type Part<'a> = (&'a str, Option<&'a str>, &'a [u8]);

/// The body of a `multipart/form-data` form of `parts` between `boundary`s.
fn form(boundary: &str, parts: &[Part<'_>]) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, file_name, content) in parts {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        match file_name {
            Some(file_name) => body.extend_from_slice(
                format!(
                    "Content-Disposition: form-data; name=\"{name}\"; filename=\"{file_name}\"\r\n\
                     Content-Type: application/zip\r\n\r\n"
                )
                .as_bytes(),
            ),
            None => body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(),
            ),
        }
        body.extend_from_slice(content);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    body
}

async fn send(
    server: &TestServer,
    token: &str,
    content_type: &str,
    key: Option<&str>,
    body: Vec<u8>,
) -> Result<ImportAnswer> {
    let request = server
        .client
        .post(server.url("/import_dossier"))
        .bearer_auth(token)
        .header("Content-Type", content_type)
        .body(body);
    send_import(request, key).await
}

async fn post_form(
    server: &TestServer,
    token: &str,
    key: Option<&str>,
    boundary: &str,
    parts: &[Part<'_>],
) -> Result<ImportAnswer> {
    let content_type = format!("multipart/form-data; boundary={boundary}");
    send(server, token, &content_type, key, form(boundary, parts)).await
}

async fn count_dossiers(server: &TestServer) -> Result<i64> {
    let mut conn = server.db.pool.get().await?;
    Ok(dossiers::table.count().get_result(&mut conn).await?)
}

fn contract() -> Vec<u8> {
    zip_of(&[(
        "pratica/contratto.pdf",
        &shared::testing::pdf::text_pdf(&["Contratto di prova"]),
    )])
}

const FILES: &[u8] = br#"[{"nomeFile": "contratto.pdf", "tipoDocumento": ""}]"#;

#[tokio::test]
async fn a_form_with_the_zip_as_a_file_part_becomes_a_dossier() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let zip = contract();
    let answer = post_form(
        &server,
        &token,
        None,
        "XyZ-boundary",
        &[
            ("idValutazione", None, b"VAL-FORM"),
            ("files", None, FILES),
            ("zip", Some("pratica.zip"), &zip),
            ("input", None, br#"[{"durata_finanziamento": 24}]"#),
            ("callbackUrl", None, b"http://127.0.0.1:9/callback"),
            (
                "unknown",
                None,
                b"ignored, as unknown keys of the JSON form",
            ),
        ],
    )
    .await?;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["state"], "processing");
    let id: Uuid = answer.body["id"].as_str().context("an id")?.parse()?;
    assert_eq!(
        std::fs::read(server.storage.join(keys::archive(id)))?,
        zip,
        "the archive is stored as it was sent"
    );
    let (id_valutazione, files, input, callback, type_name): (
        String,
        Value,
        Value,
        Option<String>,
        String,
    ) = {
        let mut conn = server.db.pool.get().await?;
        dossiers::table
            .inner_join(shared::db::schema::dossier_types::table)
            .filter(dossiers::id.eq(id))
            .select((
                dossiers::id_valutazione,
                dossiers::files,
                dossiers::input,
                dossiers::callback_url,
                shared::db::schema::dossier_types::name,
            ))
            .first(&mut conn)
            .await?
    };
    assert_eq!(id_valutazione, "VAL-FORM");
    assert_eq!(
        files,
        json!([{ "nomeFile": "contratto.pdf", "tipoDocumento": "" }])
    );
    assert_eq!(input, json!([{ "durata_finanziamento": 24 }]));
    assert_eq!(callback.as_deref(), Some("http://127.0.0.1:9/callback"));
    assert_eq!(type_name, "cessione", "the default dossier type");

    // The import job reads the stored archive as it reads one sent in base64.
    let _worker = server.spawn_worker().await?;
    common::wait::eventually(common::wait::PATIENCE, "the document", || async {
        let mut conn = server.db.pool.get().await?;
        let names: Vec<String> = shared::db::schema::documents::table
            .filter(shared::db::schema::documents::dossier_id.eq(id))
            .select(shared::db::schema::documents::name)
            .load(&mut conn)
            .await?;
        Ok((names == ["contratto.pdf"]).then_some(()))
    })
    .await?;
    Ok(())
}

#[tokio::test]
async fn bad_forms_are_refused_with_their_message_and_leave_nothing() -> Result<()> {
    let (server, limits) = with_a_64_kib_archive_limit().await?;
    let token = server.admin_token().await?;
    let zip = contract();
    let too_large = zip_of(&[("grande.pdf", &noise(80 << 10))]);
    assert!(too_large.len() as u64 > limits.max_archive_bytes);
    let many_files = format!(
        "[{}]",
        vec![r#"{"nomeFile": "x.pdf"}"#; limits.max_entries + 5].join(",")
    );
    let long_input = format!("[\"{}\"]", "a".repeat(4 << 20));
    let cases: Vec<(&str, Vec<Part<'_>>, u16, String)> = vec![
        (
            "no zip",
            vec![("input", None, b"[]")],
            400,
            messages(&shared::messages::import_field_missing("zip")),
        ),
        (
            "no input",
            vec![("zip", Some("a.zip"), &zip)],
            400,
            messages(&shared::messages::import_field_missing("input")),
        ),
        (
            "two zips",
            vec![
                ("zip", Some("a.zip"), &zip),
                ("zip", Some("b.zip"), &zip),
                ("input", None, b"[]"),
            ],
            400,
            messages(&shared::messages::import_field_repeated("zip")),
        ),
        (
            "input twice",
            vec![
                ("input", None, b"[]"),
                ("zip", Some("a.zip"), &zip),
                ("input", None, b"[]"),
            ],
            400,
            messages(&shared::messages::import_field_repeated("input")),
        ),
        (
            "not a zip",
            vec![("zip", Some("a.zip"), b"hello"), ("input", None, b"[]")],
            400,
            "Errore nello zip: non è un archivio zip".to_owned(),
        ),
        (
            "a listed file missing",
            vec![
                ("zip", Some("a.zip"), &zip),
                ("files", None, br#"[{"nomeFile": "altro.pdf"}]"#),
                ("input", None, b"[]"),
            ],
            400,
            messages(&shared::messages::import_missing_files("altro.pdf")),
        ),
        (
            "files not JSON",
            vec![
                ("zip", Some("a.zip"), &zip),
                ("files", None, b"[{"),
                ("input", None, b"[]"),
            ],
            400,
            "Richiesta non valida: files:".to_owned(),
        ),
        (
            "too many files",
            vec![
                ("files", None, many_files.as_bytes()),
                ("zip", Some("a.zip"), &zip),
                ("input", None, b"[]"),
            ],
            400,
            "files: almeno 1001 file elencati".to_owned(),
        ),
        (
            "the zip over the limit",
            vec![("zip", Some("a.zip"), &too_large), ("input", None, b"[]")],
            413,
            messages(&shared::messages::archive_too_large(
                limits.max_archive_bytes,
            )),
        ),
        (
            "the other fields over 4 MiB",
            vec![
                ("input", None, long_input.as_bytes()),
                ("zip", Some("a.zip"), &zip),
            ],
            413,
            messages(&shared::messages::import_form_fields_too_large(
                shared::config::IMPORT_BODY_SLACK_BYTES,
            )),
        ),
    ];
    for (case, parts, status, message) in &cases {
        let answer = post_form(&server, &token, None, "b0undary", parts).await?;
        assert_eq!(answer.status, *status, "{case}: {}", answer.body);
        let said = answer.body["message"].as_str().unwrap_or_default();
        assert!(said.starts_with(message.as_str()), "{case}: {said}");
        assert_eq!(count_dossiers(&server).await?, 0, "{case}: no dossier");
        assert!(server.stored_files().is_empty(), "{case}: nothing stored");
    }

    // A form without its boundary, or not a form at all.
    let answer = send(
        &server,
        &token,
        "multipart/form-data",
        None,
        form("x", &[("input", None, b"[]")]),
    )
    .await?;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert_eq!(
        answer.body["message"],
        messages(&shared::messages::import_form_unreadable())
    );
    let answer = send(&server, &token, "text/plain", None, b"zip".to_vec()).await?;
    assert_eq!(answer.status, 415, "{}", answer.body);
    assert_eq!(
        answer.body["message"],
        messages(&shared::messages::import_json_only())
    );
    Ok(())
}

#[tokio::test]
async fn a_form_declaring_more_than_the_limit_is_refused_before_it_is_read() -> Result<()> {
    let (server, limits) = with_a_64_kib_archive_limit().await?;
    let token = server.admin_token().await?;
    // Declared, never sent: an answer proves that nothing waited for the body.
    let declared = limits.max_form_bytes() + 1;
    let addr = server.base_url.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let head = format!(
        "POST /import_dossier HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary=b\r\nContent-Length: {declared}\r\n\r\n"
    );
    tokio::io::AsyncWriteExt::write_all(&mut stream, head.as_bytes()).await?;
    let mut answer = vec![0; 4096];
    let read = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        tokio::io::AsyncReadExt::read(&mut stream, &mut answer),
    )
    .await??;
    let answer = String::from_utf8_lossy(&answer[..read]);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("PAYLOAD_TOO_LARGE"), "{answer}");
    Ok(())
}

#[tokio::test]
async fn a_form_is_idempotent_by_its_contents() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let zip = contract();
    let first = post_form(
        &server,
        &token,
        Some("form-key-1"),
        "first-boundary",
        &[
            ("zip", Some("a.zip"), &zip),
            ("files", None, FILES),
            ("input", None, b"[]"),
        ],
    )
    .await?;
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(first.replayed, None);
    // Another boundary, another order of the parts, another file name: the same contents.
    let retry = post_form(
        &server,
        &token,
        Some("form-key-1"),
        "another-boundary",
        &[
            ("input", None, b"[]"),
            ("files", None, FILES),
            ("zip", Some("renamed.zip"), &zip),
        ],
    )
    .await?;
    assert_eq!(retry.status, 200, "{}", retry.body);
    assert_eq!(retry.replayed.as_deref(), Some("true"));
    assert_eq!(retry.body["id"], first.body["id"]);
    assert_eq!(count_dossiers(&server).await?, 1);
    // Another input with the same key is another request.
    let changed = post_form(
        &server,
        &token,
        Some("form-key-1"),
        "first-boundary",
        &[
            ("zip", Some("a.zip"), &zip),
            ("files", None, FILES),
            ("input", None, br#"[{"a": 1}]"#),
        ],
    )
    .await?;
    assert_eq!(changed.status, 422, "{}", changed.body);
    assert_eq!(changed.body["code"], "IDEMPOTENCY_KEY_REUSED");
    assert_eq!(count_dossiers(&server).await?, 1);
    Ok(())
}

/// A server whose archive limit is 64 KiB, and its limits.
async fn with_a_64_kib_archive_limit() -> Result<(TestServer, ImportLimits)> {
    let limits = ImportLimits {
        max_archive_bytes: 64 << 10,
        ..ImportLimits::default()
    };
    let server = TestServer::start(Options {
        import_limits: Some(limits),
        ..Options::default()
    })
    .await?;
    Ok((server, limits))
}

/// The Italian text of `message`, as the REST answers carry it.
fn messages(message: &shared::messages::Message) -> String {
    message.italian()
}
