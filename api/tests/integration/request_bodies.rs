//! Bounds on request bodies before and while they are read (issue 29), through a real server:
//! an import is authenticated and authorised from its headers before its body is read;
//! compressed bodies are inflated only up to the route's limit and at most 100 times their
//! compressed size; an import's `files` are counted while the body is parsed.
//!
//! Where a body is refused part-way, the tests send far more than the socket buffers hold and
//! check that the answer came and the server stopped reading: the sender never got to the end
//! (the server closed the connection), so the server read about the limit, not the body.

use crate::common;

use std::io::Write;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use common::{Options, TestServer};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// More than loopback's socket buffers (a few MiB each way) can absorb.
const STREAMED_BYTES: usize = 48 << 20;

/// A gzip stream made of one repeated block: `head` (the gzip header and the first block),
/// then `block` as many times as wanted. Each block is `chunk` compressed at `level` with a
/// sync flush, which after the first is the same bytes every time — so a body of gigabytes
/// inflated costs the test nothing to make. (It has no trailer: the server must stop first.)
fn repeated_gzip(chunk: &[u8], level: flate2::Compression) -> Result<(Vec<u8>, Vec<u8>)> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), level);
    let next_block = |encoder: &mut flate2::write::GzEncoder<Vec<u8>>| -> Result<Vec<u8>> {
        encoder.write_all(chunk)?;
        encoder.flush()?;
        Ok(std::mem::take(encoder.get_mut()))
    };
    let head = next_block(&mut encoder)?;
    let block = next_block(&mut encoder)?;
    let again = next_block(&mut encoder)?;
    if block != again || block.is_empty() {
        bail!("the compressed blocks differ: the stream cannot be repeated");
    }
    Ok((head, block))
}

/// What a client that streamed a body saw: the answer, and whether it sent the whole body.
struct Streamed {
    status: u16,
    body: Value,
    sent_everything: bool,
}

/// POSTs `head` then `block` until `total` body bytes (declared in `Content-Length`) over a
/// raw connection, reading the answer while it sends.
async fn stream_body(
    server: &TestServer,
    path: &str,
    headers: &[(&str, &str)],
    head: Vec<u8>,
    block: Vec<u8>,
    total: usize,
) -> Result<Streamed> {
    let address = server.base_url.trim_start_matches("http://");
    let stream = TcpStream::connect(address).await?;
    let (mut reader, mut writer) = stream.into_split();
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\nContent-Length: {total}\r\nConnection: close\r\n"
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    let sender = tokio::spawn(async move {
        writer.write_all(request.as_bytes()).await?;
        writer.write_all(&head).await?;
        let mut sent = head.len();
        while sent < total {
            let part = &block[..block.len().min(total - sent)];
            writer.write_all(part).await?;
            sent += part.len();
        }
        writer.flush().await?;
        anyhow::Ok(())
    });
    let mut answer = Vec::new();
    let (status, body) = loop {
        let mut buffer = [0u8; 8192];
        let read = reader.read(&mut buffer).await?;
        answer.extend_from_slice(&buffer[..read]);
        if let Some(parsed) = parse_answer(&answer)? {
            break parsed;
        }
        if read == 0 {
            bail!(
                "the connection closed before a whole answer: {}",
                String::from_utf8_lossy(&answer)
            );
        }
    };
    // The server either closes the connection (the sender fails) or reads to the end; the
    // deadline only bounds a server that would do neither.
    let sent_everything = matches!(
        tokio::time::timeout(Duration::from_secs(60), sender).await,
        Ok(Ok(Ok(())))
    );
    Ok(Streamed {
        status,
        body,
        sent_everything,
    })
}

/// The status and JSON body of an HTTP/1.1 answer, once `bytes` hold all of it.
fn parse_answer(bytes: &[u8]) -> Result<Option<(u16, Value)>> {
    let text = String::from_utf8_lossy(bytes);
    let Some((head, body)) = text.split_once("\r\n\r\n") else {
        return Ok(None);
    };
    let status: u16 = head.split(' ').nth(1).context("a status line")?.parse()?;
    let length: usize = head
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse().ok())?
        })
        .context("a Content-Length in the answer")?;
    if body.len() < length {
        return Ok(None);
    }
    Ok(Some((status, serde_json::from_str(&body[..length])?)))
}

fn gzip(bytes: &[u8]) -> Result<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes)?;
    Ok(encoder.finish()?)
}

/// A one-PDF import body.
fn import_body() -> Result<Value> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    zip.start_file("a.pdf", zip::write::SimpleFileOptions::default())?;
    zip.write_all(b"%PDF-1.4\n%%EOF\n")?;
    let zip = zip.finish()?.into_inner();
    Ok(json!({
        "base64zip": STANDARD.encode(zip),
        "files": [{ "nomeFile": "a.pdf", "tipoDocumento": "" }],
        "input": "[{}]",
    }))
}

/// Sends the headers of an import of `length` bytes with `Expect: 100-continue`, and no body:
/// a server that wanted the body would ask for it with `100 Continue` first.
async fn import_headers_only(
    server: &TestServer,
    token: Option<&str>,
    length: usize,
) -> Result<(String, Value)> {
    let mut stream =
        send_import_headers(server, token, length, "Content-Encoding: gzip\r\n").await?;
    let mut answer = Vec::new();
    loop {
        let mut buffer = [0u8; 4096];
        let read = stream.read(&mut buffer).await?;
        answer.extend_from_slice(&buffer[..read]);
        if let Some((_, body)) = parse_answer(&answer)? {
            let text = String::from_utf8_lossy(&answer);
            return Ok((text.lines().next().unwrap_or_default().to_owned(), body));
        }
        if read == 0 {
            bail!("no whole answer: {}", String::from_utf8_lossy(&answer));
        }
    }
}

#[tokio::test]
async fn an_import_is_refused_from_its_headers_before_its_body_is_read() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    // First: the administrator is seeded only while there is no user.
    let admin = server.admin_token().await?;
    shared::services::users::create_account(
        &server.db.pool,
        None,
        &shared::accounts::NewAccount {
            email: "operatore@test.local".into(),
            first_name: "Op".into(),
            last_name: "Eratore".into(),
            password: "password-operatore".into(),
            confirm_password: "password-operatore".into(),
        },
    )
    .await?;
    let operator = server
        .login("operatore@test.local", "password-operatore")
        .await?;
    // A final answer with no `100 Continue` before it: the body was never asked for.
    for (token, status, code) in [
        (None, "401", "UNAUTHORIZED"),
        (Some("not-a-token"), "401", "UNAUTHORIZED"),
        (Some(operator.as_str()), "403", "FORBIDDEN"),
    ] {
        let (status_line, body) = import_headers_only(&server, token, 50 << 20).await?;
        assert!(
            status_line.starts_with(&format!("HTTP/1.1 {status} ")),
            "{token:?}: {status_line} {body}"
        );
        assert_eq!(body["code"], code, "{body}");
        assert!(body["message"].is_string(), "{body}");
    }
    // The administrator's request goes on to the body: the server asks for it.
    let mut stream = send_import_headers(&server, Some(&admin), 10, "").await?;
    asked_for_its_body(&mut stream).await?;
    Ok(())
}

#[tokio::test]
async fn a_gzip_bomb_is_refused_once_it_inflates_past_the_ratio() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let authorization = format!("Bearer {token}");
    // Zeros: about 1,000 times smaller compressed; 48 MiB of it would inflate to ~50 GiB.
    let (head, block) = repeated_gzip(&vec![0u8; 1 << 20], flate2::Compression::fast())?;
    let streamed = stream_body(
        &server,
        "/import_dossier",
        &[
            ("Content-Type", "application/json"),
            ("Content-Encoding", "gzip"),
            ("Authorization", &authorization),
        ],
        head,
        block,
        STREAMED_BYTES,
    )
    .await?;
    assert_eq!(streamed.status, 413, "{}", streamed.body);
    assert_eq!(
        streamed.body["code"], "COMPRESSION_RATIO",
        "{}",
        streamed.body
    );
    assert!(!streamed.sent_everything, "the server read the whole bomb");

    // The same on GraphQL, whose body goes through the same reader.
    let (head, block) = repeated_gzip(&vec![b' '; 1 << 20], flate2::Compression::fast())?;
    let streamed = stream_body(
        &server,
        "/graphql",
        &[
            ("Content-Type", "application/json"),
            ("Content-Encoding", "gzip"),
            ("Authorization", &authorization),
        ],
        head,
        block,
        STREAMED_BYTES,
    )
    .await?;
    assert_eq!(streamed.status, 413, "{}", streamed.body);
    assert_eq!(
        streamed.body["errors"][0]["extensions"]["code"], "COMPRESSION_RATIO",
        "{}",
        streamed.body
    );
    assert!(!streamed.sent_everything, "the server read the whole bomb");
    let ready = server.client.get(server.url("/readyz")).send().await?;
    assert_eq!(ready.status(), 200);
    Ok(())
}

#[tokio::test]
async fn a_compressed_body_is_bounded_by_its_inflated_size() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    // Stored blocks: as large compressed as inflated, within any ratio; over the anonymous
    // GraphQL limit of 64 KiB long before its end.
    let chunk: Vec<u8> = (0..64 << 10).map(|i| b'a' + (i % 26) as u8).collect();
    let (head, block) = repeated_gzip(&chunk, flate2::Compression::none())?;
    let streamed = stream_body(
        &server,
        "/graphql",
        &[
            ("Content-Type", "application/json"),
            ("Content-Encoding", "gzip"),
        ],
        head,
        block,
        STREAMED_BYTES,
    )
    .await?;
    assert_eq!(streamed.status, 413, "{}", streamed.body);
    assert_eq!(
        streamed.body["errors"][0]["message"],
        "La richiesta supera il limite di 64 KiB"
    );
    assert!(!streamed.sent_everything, "the server read the whole body");
    Ok(())
}

#[tokio::test]
async fn compressed_bodies_within_bounds_are_served_and_unknown_codings_refused() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let response = server
        .client
        .post(server.url("/import_dossier"))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .header("content-encoding", "gzip")
        .body(gzip(import_body()?.to_string().as_bytes())?)
        .send()
        .await?;
    assert_eq!(response.status(), 200, "{}", response.text().await?);

    let query = json!({ "query": "query { ping }" }).to_string();
    let response = server
        .client
        .post(server.url("/graphql"))
        .header("content-type", "application/json")
        .header("content-encoding", "gzip")
        .body(gzip(query.as_bytes())?)
        .send()
        .await?;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await?["data"]["ping"], "pong");

    for coding in ["zstd", "compress", "gzip, gzip"] {
        let response = server
            .client
            .post(server.url("/graphql"))
            .header("content-type", "application/json")
            .header("content-encoding", coding)
            .body(query.clone())
            .send()
            .await?;
        assert_eq!(response.status(), 415, "{coding}");
        let body: Value = response.json().await?;
        assert_eq!(body["code"], "UNSUPPORTED_CONTENT_ENCODING", "{body}");
    }
    // Corrupt compressed data is a 400, not a 500.
    let response = server
        .client
        .post(server.url("/import_dossier"))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .header("content-encoding", "gzip")
        .body("this is not gzip")
        .send()
        .await?;
    assert_eq!(response.status(), 400);
    assert_eq!(response.json::<Value>().await?["code"], "BAD_REQUEST");
    Ok(())
}

#[tokio::test]
async fn listed_files_are_counted_while_the_body_is_parsed() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    // 1,001 files, then text that is not JSON at all: refused for the files, so the parser
    // stopped at the 1,001st and never read the rest.
    let files: Vec<String> = (0..1001)
        .map(|i| json!({ "nomeFile": format!("f{i}.pdf") }).to_string())
        .collect();
    let body = format!(
        r#"{{"base64zip": "UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==", "input": "[]", "files": [{}, and then no JSON at all"#,
        files.join(",")
    );
    let response = server
        .client
        .post(server.url("/import_dossier"))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await?;
    assert_eq!(response.status(), 400);
    let answer: Value = response.json().await?;
    assert_eq!(
        answer["message"],
        "files: almeno 1001 file elencati, oltre il limite di 1000"
    );
    // 1,000 and a syntax error: a syntax error, with its place and no parser text.
    let body = format!(
        r#"{{"base64zip": "x", "input": "[]", "files": [{}] oops"#,
        files[..1000].join(",")
    );
    let response = server
        .client
        .post(server.url("/import_dossier"))
        .bearer_auth(&token)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await?;
    assert_eq!(response.status(), 400);
    let answer: Value = response.json().await?;
    let message = answer["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("Richiesta non valida: JSON non valido (riga 1, colonna"),
        "{answer}"
    );
    Ok(())
}

/// Sends the headers of an import of `length` bytes with `Expect: 100-continue` (and `extra`
/// header lines) and no body; the connection, to read what the server answers.
async fn send_import_headers(
    server: &TestServer,
    token: Option<&str>,
    length: usize,
    extra: &str,
) -> Result<TcpStream> {
    let address = server.base_url.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).await?;
    let authorization = token
        .map(|token| format!("Authorization: Bearer {token}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "POST /import_dossier HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         Content-Length: {length}\r\n{extra}Expect: 100-continue\r\n{authorization}\r\n"
    );
    stream.write_all(request.as_bytes()).await?;
    Ok(stream)
}

/// What the server sends first on `stream`, waiting at most `wait`.
async fn first_answer(stream: &mut TcpStream, wait: Duration) -> Result<Option<String>> {
    let mut buffer = [0u8; 256];
    match tokio::time::timeout(wait, stream.read(&mut buffer)).await {
        Err(_) => Ok(None),
        Ok(read) => Ok(Some(String::from_utf8_lossy(&buffer[..read?]).into_owned())),
    }
}

/// Checks that the server asks for the body on `stream` (`100 Continue`) within 10 s.
async fn asked_for_its_body(stream: &mut TcpStream) -> Result<()> {
    let answer = first_answer(stream, Duration::from_secs(10)).await?;
    anyhow::ensure!(
        answer
            .as_deref()
            .is_some_and(|a| a.starts_with("HTTP/1.1 100 Continue")),
        "the body was not asked for: {answer:?}"
    );
    Ok(())
}

/// Import bodies share a memory budget (192 MiB by default): an import whose body would not
/// fit beside the ones being read waits, its body unread (no `100 Continue`), until one of
/// them ends.
#[tokio::test]
async fn an_import_body_waits_for_room_beside_the_ones_being_read() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let length = 100 << 20;
    let mut first = send_import_headers(&server, Some(&token), length, "").await?;
    asked_for_its_body(&mut first).await?;
    // A small import fits beside it.
    let mut small = send_import_headers(&server, Some(&token), 1 << 20, "").await?;
    asked_for_its_body(&mut small).await?;
    drop(small);
    // Another large one does not: it waits.
    let mut second = send_import_headers(&server, Some(&token), length, "").await?;
    assert_eq!(
        first_answer(&mut second, Duration::from_secs(1)).await?,
        None,
        "the second body is asked for while the first fills the budget"
    );
    // The first client goes away: its room is given back, and the second body is asked for.
    drop(first);
    asked_for_its_body(&mut second).await?;
    Ok(())
}
