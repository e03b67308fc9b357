//! Download links (`GET /downloads/{token}`): what a link answers — the stored bytes as an
//! attachment with their length, uncompressed — and what it refuses: a forged token, a session
//! ended since, a file deleted since. (The roles a link is checked against again:
//! `field_reads.rs`; expiry: `shared::downloads`' unit tests.)

use crate::common;

use anyhow::Result;
use common::{Options, TestServer, graphql::ok};
use serde_json::{Value, json};
use shared::storage::keys;
use uuid::Uuid;

/// A processed dossier whose stored archive is `archive`; its id.
async fn dossier_with_archive(server: &TestServer, admin: &str, archive: &[u8]) -> Result<Uuid> {
    ok(&server
        .graphql_as(
            admin,
            r#"mutation { createDocumentType(input: { name: "contratto" }) { name } }"#,
            json!({}),
        )
        .await?)?;
    let dossier_type = common::fixtures::insert_dossier_type(server, "cessione").await?;
    let (dossier, _) = common::insert_processed_dossier(
        server,
        common::ProcessedDossier {
            dossier_type_id: dossier_type,
            document_type_id: common::fixtures::document_type_id(server, "contratto").await?,
            id_valutazione: "",
            callback_url: None,
            with_archive: true,
            metas: json!({}),
        },
    )
    .await?;
    server
        .state
        .storage
        .put(&keys::archive(dossier), archive.to_vec())
        .await?;
    Ok(dossier)
}

async fn archive_link(server: &TestServer, token: &str, dossier: Uuid) -> Result<Value> {
    let data = ok(&server
        .graphql_as(
            token,
            "query($id: ID!) { downloadDossier(id: $id) { url } }",
            json!({ "id": dossier }),
        )
        .await?)?;
    Ok(data["downloadDossier"]["url"].clone())
}

/// The `code` and `messageCode` of a refused download, which must answer `status`.
async fn refusal(response: reqwest::Response, status: u16) -> Result<(String, String)> {
    assert_eq!(response.status(), status);
    let body: Value = response.json().await?;
    Ok((
        body["code"].as_str().unwrap_or_default().to_owned(),
        body["messageCode"].as_str().unwrap_or_default().to_owned(),
    ))
}

#[tokio::test]
async fn a_link_answers_the_stored_bytes_as_an_attachment_uncompressed() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    // Compressible bytes: a compressing server would be tempted.
    let archive: Vec<u8> = b"PK".iter().copied().chain([b'a'; 200_000]).collect();
    let dossier = dossier_with_archive(&server, &admin, &archive).await?;
    let link = archive_link(&server, &admin, dossier).await?;
    assert!(
        link.as_str().unwrap_or_default().starts_with("/downloads/"),
        "{link}"
    );

    let response = reqwest::Client::new()
        .get(server.url(link.as_str().unwrap_or_default()))
        .header("accept-encoding", "br, gzip, deflate")
        .send()
        .await?;
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "application/zip");
    assert_eq!(
        headers["content-disposition"],
        format!("attachment; filename=\"{dossier}.zip\"; filename*=UTF-8''{dossier}.zip").as_str()
    );
    assert_eq!(
        headers["content-length"],
        archive.len().to_string().as_str()
    );
    assert_eq!(headers["cache-control"], "private, no-store");
    assert!(headers.get("content-encoding").is_none(), "{headers:?}");
    assert_eq!(response.bytes().await?.to_vec(), archive);
    Ok(())
}

#[tokio::test]
async fn forged_links_and_links_of_ended_sessions_are_refused() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let dossier = dossier_with_archive(&server, &admin, b"PK archivio").await?;

    for forged in ["/downloads/abc", "/downloads/abc.def", "/downloads/%%%"] {
        let response = server.follow_link(&json!(forged)).await?;
        assert_eq!(
            refusal(response, 403).await?,
            ("FORGED".to_owned(), "DOWNLOAD_FORGED".to_owned()),
            "{forged}"
        );
    }
    // Another object under the same signature: forged.
    let link = archive_link(&server, &admin, dossier).await?;
    let (payload, signature) = link
        .as_str()
        .and_then(|l| l.rsplit_once('.'))
        .unwrap_or_default();
    let tampered = format!("{}x.{signature}", payload);
    let response = server.follow_link(&json!(tampered)).await?;
    assert_eq!(refusal(response, 403).await?.0, "FORGED");

    // The session that asked for the link ends: so does the link.
    assert_eq!(server.download(&link).await?, b"PK archivio");
    ok(&server
        .graphql_as(&admin, "mutation { logout }", json!({}))
        .await?)?;
    let response = server.follow_link(&link).await?;
    assert_eq!(
        refusal(response, 403).await?,
        (
            "ACCESS_ENDED".to_owned(),
            "DOWNLOAD_ACCESS_ENDED".to_owned()
        )
    );
    Ok(())
}

#[tokio::test]
async fn a_file_deleted_since_the_link_was_made_is_not_found() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let dossier = dossier_with_archive(&server, &admin, b"PK archivio").await?;
    let link = archive_link(&server, &admin, dossier).await?;
    server.state.storage.delete(&keys::archive(dossier)).await?;
    let response = server.follow_link(&link).await?;
    assert_eq!(
        refusal(response, 404).await?,
        ("NOT_FOUND".to_owned(), "DOSSIER_ARCHIVE_GONE".to_owned())
    );
    // And asking for a link to it says so at once.
    let body = server
        .graphql_as(
            &admin,
            "query($id: ID!) { downloadDossier(id: $id) { url } }",
            json!({ "id": dossier }),
        )
        .await?;
    assert_eq!(common::graphql::error_code(&body), "NOT_FOUND", "{body}");
    Ok(())
}
