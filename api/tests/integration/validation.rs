//! Rule validation through the real API, worker, storage and queue (issue 12): a PDF uploaded
//! through its signed address validates an institute's rules — one passes, one misses a
//! `mustContain`, one has a `notContain` — exactly two are invalidated with their reasons and
//! listed as NON VALIDA; a second document fixes one; the diff names the changed lines; a
//! redelivered job changes nothing; scans validate through OCR; every refused upload stores
//! nothing.

use crate::common;

use std::io::Read;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use common::{
    Options, TestServer,
    graphql::{error_code, ok},
    wait::until_idle,
    wait::{PATIENCE, eventually},
};
use serde_json::{Value, json};
use shared::jobs::validation::ValidationJob;
use shared::services::rule_validation::upload::UploadGrant;
use shared::testing::pdf;
use uuid::Uuid;

const INSTITUTE: &str = "Banca Validazione";

async fn create_rule(
    server: &TestServer,
    token: &str,
    description: &str,
    istituto: &str,
    must: &[&str],
    not: &[&str],
) -> Result<String> {
    let data = ok(&server
        .graphql_as(
            token,
            "mutation($input: CreateDossierRuleInput!) { createDossierRule(input: $input) { id valid } }",
            json!({ "input": {
                "description": description,
                "istitutoAppartenenza": istituto,
                "mustContain": must,
                "notContain": not,
            } }),
        )
        .await?)?;
    Ok(data["createDossierRule"]["id"]
        .as_str()
        .context("rule id")?
        .to_owned())
}

async fn rule_valid(server: &TestServer, token: &str, id: &str) -> Result<bool> {
    let data = ok(&server
        .graphql_as(
            token,
            "query($id: ID!) { dossierRule(id: $id) { valid } }",
            json!({ "id": id }),
        )
        .await?)?;
    data["dossierRule"]["valid"].as_bool().context("valid")
}

/// The signed address of a new upload: `(url, name)`.
async fn signed_url(server: &TestServer, token: &str, file_name: &str) -> Result<(String, String)> {
    let data = ok(&server
        .graphql_as(
            token,
            "mutation($f: String!) { requestSignedURLForValidationDocument(filename: $f) { url name expiresAt maxBytes } }",
            json!({ "f": file_name }),
        )
        .await?)?;
    let signed = &data["requestSignedURLForValidationDocument"];
    Ok((
        signed["url"].as_str().context("url")?.to_owned(),
        signed["name"].as_str().context("name")?.to_owned(),
    ))
}

/// PUTs `bytes` to a signed address; the status and the JSON answer.
async fn put(server: &TestServer, url: &str, bytes: Vec<u8>) -> Result<(u16, Value)> {
    let response = server
        .client
        .put(server.url(url))
        .header("content-type", "application/octet-stream")
        .body(bytes)
        .send()
        .await?;
    let status = response.status().as_u16();
    Ok((status, response.json().await.unwrap_or(Value::Null)))
}

const VALIDATION: &str = "query($id: ID!) { ruleValidation(id: $id) {
    id state istituto fileName url urlOcr createdAt startedAt finishedAt rulesInvalidated idDocument error createdBy
    invalidRules { idRule description missing present } } }";

async fn wait_for_end(server: &TestServer, token: &str, id: &str) -> Result<Value> {
    eventually(
        Duration::from_secs(120),
        "the validation's end",
        async || {
            let validation = ok(&server
                .graphql_as(token, VALIDATION, json!({ "id": id }))
                .await?)?["ruleValidation"]
                .clone();
            let running = matches!(validation["state"].as_str(), Some("created" | "running"));
            Ok((!running).then_some(validation))
        },
    )
    .await
}

/// Uploads `bytes` through a signed address and starts its validation; the validation's id.
async fn validate_upload(
    server: &TestServer,
    token: &str,
    file_name: &str,
    bytes: Vec<u8>,
) -> Result<String> {
    let (url, name) = signed_url(server, token, file_name).await?;
    let (status, body) = put(server, &url, bytes).await?;
    anyhow::ensure!(status == 201, "upload refused: {status} {body}");
    assert_eq!(body["name"], name);
    let data = ok(&server
        .graphql_as(
            token,
            "mutation($d: ID!, $n: String!, $u: String, $i: String!) { createRuleValidation(documentID: $d, name: $n, url: $u, istitutoAppartenenza: $i) { id state idDocument } }",
            json!({ "d": name, "n": file_name, "u": url, "i": INSTITUTE }),
        )
        .await?)?;
    let validation = &data["createRuleValidation"];
    assert_eq!(validation["state"], "created");
    assert_eq!(validation["idDocument"], name.as_str());
    Ok(validation["id"].as_str().context("id")?.to_owned())
}

async fn download(
    server: &TestServer,
    token: &str,
    operation: &str,
    id: &str,
) -> Result<(String, Vec<u8>)> {
    let body = server
        .graphql_as(
            token,
            &format!("query($id: ID!) {{ {operation}(id: $id) {{ name base64 }} }}"),
            json!({ "id": id }),
        )
        .await?;
    let data = ok(&body)?;
    Ok((
        data[operation]["name"].as_str().context("name")?.to_owned(),
        STANDARD.decode(data[operation]["base64"].as_str().context("base64")?)?,
    ))
}

fn files_under(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path.to_string_lossy().into_owned());
            }
        }
    }
    found
}

/// The first e-mail to `to` in `outbox`, quoted-printable soft breaks undone.
async fn notification(outbox: &Path, to: &str) -> Result<String> {
    let what = format!("an e-mail to {to} in {}", outbox.display());
    eventually(PATIENCE, &what, async || {
        let found = files_under(outbox)
            .iter()
            .map(|path| std::fs::read_to_string(path).unwrap_or_default())
            .find(|text| text.contains(&format!("To: {to}")));
        Ok(found.map(|text| text.replace("=\r\n", "").replace("=\n", "")))
    })
    .await
}

fn validation_files(server: &TestServer) -> Vec<String> {
    files_under(&server.storage.join("validation-documents"))
}

#[tokio::test]
async fn a_validation_invalidates_exactly_the_rules_its_document_breaks() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let _worker = server.spawn_worker().await?;
    ok(&server
        .graphql_as(
            &token,
            r#"mutation { addNotificationReceiver(receiver: "controlli@example.com") { id } }"#,
            json!({}),
        )
        .await?)?;
    let passes = create_rule(
        &server,
        &token,
        "Cessione",
        INSTITUTE,
        &["Cessione del QUINTO"],
        &[],
    )
    .await?;
    let misses = create_rule(
        &server,
        &token,
        "Taeg fisso",
        INSTITUTE,
        &["TAEG fisso"],
        &[],
    )
    .await?;
    let hits = create_rule(
        &server,
        &token,
        "Senza polizza",
        INSTITUTE,
        &["contratto"],
        &["polizza facoltativa"],
    )
    .await?;
    let elsewhere = create_rule(
        &server,
        &token,
        "Altro istituto",
        "Altra Banca",
        &["mai presente"],
        &[],
    )
    .await?;

    // Case and line breaks differ from the rules' strings: they still match.
    let first = pdf::text_pdf(&[
        "CONTRATTO DI CESSIONE DEL\nQUINTO DELLO STIPENDIO\nTAN 5%\nPolizza Facoltativa inclusa\nFirma",
    ]);
    let validation_id = validate_upload(&server, &token, "modello-2026.pdf", first.clone()).await?;
    let validation = wait_for_end(&server, &token, &validation_id).await?;
    assert_eq!(validation["state"], "finished", "{validation}");
    assert_eq!(validation["rulesInvalidated"], 2, "{validation}");
    assert_eq!(validation["createdBy"], common::ADMIN_EMAIL);
    assert!(validation["startedAt"].as_i64() >= validation["createdAt"].as_i64());
    assert!(validation["finishedAt"].as_i64() >= validation["startedAt"].as_i64());
    assert!(validation["urlOcr"].as_str().is_some(), "{validation}");
    let mut invalid: Vec<Value> = validation["invalidRules"]
        .as_array()
        .context("invalid")?
        .clone();
    invalid.sort_by_key(|r| r["description"].as_str().unwrap_or_default().to_owned());
    assert_eq!(
        invalid,
        vec![
            json!({ "idRule": hits, "description": "Senza polizza", "missing": [], "present": ["polizza facoltativa"] }),
            json!({ "idRule": misses, "description": "Taeg fisso", "missing": ["TAEG fisso"], "present": [] }),
        ]
    );
    assert!(rule_valid(&server, &token, &passes).await?);
    assert!(!rule_valid(&server, &token, &misses).await?);
    assert!(!rule_valid(&server, &token, &hits).await?);
    assert!(
        rule_valid(&server, &token, &elsewhere).await?,
        "another institute's rule is untouched"
    );
    let not_valid = ok(&server
        .graphql_as(&token, "{ notValidDossierRules { id } }", json!({}))
        .await?)?;
    let mut ids: Vec<&str> = not_valid["notValidDossierRules"]
        .as_array()
        .context("list")?
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    ids.sort_unstable();
    let mut expected = vec![misses.as_str(), hits.as_str()];
    expected.sort_unstable();
    assert_eq!(ids, expected);

    // The lists, the log and the latest validation.
    let lists = ok(&server
        .graphql_as(
            &token,
            r#"query($id: ID!) {
                ruleValidationsPage(input: { filters: [{ column: "state", type: "select", value: ["finished"] }] }) { total items { id rulesInvalidated } }
                docValidationsPage(input: { order: "description ASC" }) { total items { id fileName description istitutoAppartenenza urlOCR createdBy } }
                latestRuleValitation { id }
                logValidazione(idValidazione: $id) { idValidazione idRule description }
                logValidazioni { idRule }
            }"#,
            json!({ "id": validation_id }),
        )
        .await?)?;
    assert_eq!(lists["ruleValidationsPage"]["total"], 1);
    assert_eq!(lists["latestRuleValitation"]["id"], validation_id.as_str());
    assert_eq!(lists["logValidazione"].as_array().map(Vec::len), Some(2));
    assert_eq!(lists["logValidazioni"].as_array().map(Vec::len), Some(2));
    let document = &lists["docValidationsPage"]["items"][0];
    assert_eq!(document["fileName"], "modello-2026.pdf");
    assert_eq!(document["description"], "modello-2026.pdf");
    assert_eq!(document["istitutoAppartenenza"], INSTITUTE);
    let first_document = document["id"].as_str().context("document id")?.to_owned();

    // The receivers were told (the e-mail goes out after the validation is finished).
    let mail = notification(&server.outbox, "controlli@example.com").await?;
    assert!(mail.contains(INSTITUTE), "{mail}");
    assert!(
        mail.contains(&format!("/validazione/{validation_id}")),
        "{mail}"
    );
    assert!(mail.contains(common::ADMIN_EMAIL), "{mail}");

    // testRule on the same document.
    for (must, not, expected) in [
        (vec!["cessione del quinto"], vec![], true),
        (vec!["TAEG fisso"], vec![], false),
        (vec![], vec!["POLIZZA"], false),
    ] {
        let data = ok(&server
            .graphql_as(
                &token,
                "query($d: ID!, $m: [String!]!, $n: [String!]!) { testRule(docValidationID: $d, mustContain: $m, notContain: $n) }",
                json!({ "d": first_document, "m": must, "n": not }),
            )
            .await?)?;
        assert_eq!(data["testRule"], expected, "{must:?} {not:?}");
    }
    // A new rule tested first: refused with the strings that fail, created when it passes.
    let refused = server
        .graphql_as(
            &token,
            "mutation($input: CreateDossierRuleInput!) { createDossierRule(input: $input) { id } }",
            json!({ "input": { "description": "Nuova", "istitutoAppartenenza": INSTITUTE,
                "mustContain": ["TAN", "TAEG fisso"], "notContain": ["firma"],
                "validationDocumentID": first_document } }),
        )
        .await?;
    assert_eq!(error_code(&refused), "RULE_NOT_VALID", "{refused}");
    assert_eq!(
        refused["errors"][0]["extensions"]["missing"],
        json!(["TAEG fisso"])
    );
    assert_eq!(
        refused["errors"][0]["extensions"]["present"],
        json!(["firma"])
    );
    assert_eq!(
        refused["errors"][0]["message"],
        "Regola non valida: manca «TAEG fisso»; presente «firma»"
    );
    ok(&server
        .graphql_as(
            &token,
            "mutation($input: CreateDossierRuleInput!) { createDossierRule(input: $input) { id } }",
            json!({ "input": { "description": "Nuova", "istitutoAppartenenza": INSTITUTE,
                "mustContain": ["TAN 5%"], "validationDocumentID": first_document } }),
        )
        .await?)?;

    // A second template, sent inline, fixes the TAEG rule; the polizza is still there.
    let second = pdf::text_pdf(&[
        "CONTRATTO DI CESSIONE DEL\nQUINTO DELLO STIPENDIO\nTAN 5,5%\nTAEG fisso 6%\nPolizza Facoltativa inclusa\nFirma",
    ]);
    let data = ok(&server
        .graphql_as(
            &token,
            "mutation($f: String!, $i: String!) { uploadRuleValidation(fileName: \"modello-2027.pdf\", file: $f, istitutoAppartenenza: $i) { id } }",
            json!({ "f": STANDARD.encode(&second), "i": INSTITUTE }),
        )
        .await?)?;
    let second_validation = data["uploadRuleValidation"]["id"]
        .as_str()
        .context("id")?
        .to_owned();
    let done = wait_for_end(&server, &token, &second_validation).await?;
    assert_eq!(done["state"], "finished", "{done}");
    // "Senza polizza", and the rule created above does not pass on the new text ("TAN 5%").
    assert_eq!(done["rulesInvalidated"], 2, "{done}");
    assert!(
        rule_valid(&server, &token, &misses).await?,
        "fixed by the second document"
    );
    assert!(!rule_valid(&server, &token, &hits).await?);
    let second_document = done["idDocument"].as_str().context("document")?.to_owned();

    // Downloads: the PDF as sent, the text, the diff against the first template, all of them.
    let (name, bytes) = download(&server, &token, "downloadPDF", &second_document).await?;
    assert_eq!((name.as_str(), bytes == second), ("modello-2027.pdf", true));
    let (name, bytes) = download(&server, &token, "downloadOCR", &second_document).await?;
    assert_eq!(name, "modello-2027.txt");
    assert!(String::from_utf8(bytes)?.contains("TAEG fisso 6%"));
    let (name, bytes) = download(&server, &token, "downloadDiff", &second_document).await?;
    assert_eq!(name, "diff.txt");
    let diff = String::from_utf8(bytes)?;
    assert!(
        diff.starts_with("--- modello-2026.pdf\n+++ modello-2027.pdf\n"),
        "{diff}"
    );
    assert!(diff.contains("\n-TAN 5%\n"), "{diff}");
    assert!(diff.contains("\n+TAN 5,5%\n+TAEG fisso 6%\n"), "{diff}");
    assert!(!diff.contains("\n-Firma"), "{diff}");
    let no_previous = server
        .graphql_as(
            &token,
            "query($id: ID!) { downloadDiff(id: $id) { name } }",
            json!({ "id": first_document }),
        )
        .await?;
    assert_eq!(error_code(&no_previous), "NOT_FOUND", "{no_previous}");
    // The list says which documents have something to compare, and so does one document.
    let data = ok(&server
        .graphql_as(
            &token,
            "{ docValidationsPage { items { id comparable } } }",
            json!({}),
        )
        .await?)?;
    let comparable: Vec<(String, bool)> = data["docValidationsPage"]["items"]
        .as_array()
        .context("items")?
        .iter()
        .map(|item| {
            let id = item["id"].as_str().unwrap_or_default().to_owned();
            (id, item["comparable"] == true)
        })
        .collect();
    assert_eq!(
        comparable,
        [
            (second_document.clone(), true),
            (first_document.clone(), false)
        ]
    );
    let data = ok(&server
        .graphql_as(
            &token,
            "query($id: ID!) { docValidation(id: $id) { comparable } }",
            json!({ "id": second_document }),
        )
        .await?)?;
    assert_eq!(data["docValidation"]["comparable"], true);
    let (name, bytes) = download(
        &server,
        &token,
        "downloadAllValidationFiles",
        &second_document,
    )
    .await?;
    assert_eq!(name, "modello-2027.zip");
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))?;
    let mut names: Vec<String> = archive.file_names().map(str::to_owned).collect();
    names.sort();
    assert_eq!(names, ["diff.txt", "modello-2027.pdf", "modello-2027.txt"]);
    let mut text = String::new();
    archive.by_name("diff.txt")?.read_to_string(&mut text)?;
    assert_eq!(text, diff);

    // The first validation's job delivered again: it is over, nothing changes.
    server
        .state
        .queues
        .push(ValidationJob {
            document_id: first_document.parse()?,
            validation_id: Some(validation_id.parse()?),
        })
        .await?;
    until_idle(&server).await?;
    assert!(
        rule_valid(&server, &token, &misses).await?,
        "not invalidated again"
    );
    let again = wait_for_end(&server, &token, &validation_id).await?;
    assert_eq!(again["rulesInvalidated"], 2);
    assert_eq!(again["finishedAt"], validation["finishedAt"]);

    // Starting again from the stored document.
    let data = ok(&server
        .graphql_as(
            &token,
            "mutation($d: ID!) { runValidation(idDocValidation: $d) { id } }",
            json!({ "d": first_document }),
        )
        .await?)?;
    let rerun = wait_for_end(
        &server,
        &token,
        data["runValidation"]["id"].as_str().context("id")?,
    )
    .await?;
    // The TAEG rule again, and "Senza polizza"; "Nuova" passes on this text.
    assert_eq!(rerun["rulesInvalidated"], 2, "{rerun}");
    assert!(!rule_valid(&server, &token, &misses).await?);

    // Deleting the first document: its files go, its validations stay without it.
    let before = validation_files(&server);
    assert!(before.iter().any(|f| f.contains(&first_document)));
    let data = ok(&server
        .graphql_as(
            &token,
            "mutation($ids: [ID!]!) { deleteDocValidations(ids: $ids) }",
            json!({ "ids": [first_document] }),
        )
        .await?)?;
    assert_eq!(data["deleteDocValidations"], 1);
    assert!(
        !validation_files(&server)
            .iter()
            .any(|f| f.contains(&first_document))
    );
    let orphan = wait_for_end(&server, &token, &validation_id).await?;
    assert_eq!(orphan["idDocument"], Value::Null);
    assert_eq!(orphan["rulesInvalidated"], 2);
    Ok(())
}

#[tokio::test]
async fn refused_uploads_store_nothing() -> Result<()> {
    let server = TestServer::start(Options {
        validation_max_pdf_bytes: Some(2000),
        ..Options::default()
    })
    .await?;
    let token = server.admin_token().await?;
    let pdf_bytes = pdf::text_pdf(&["breve"]);
    assert!(pdf_bytes.len() < 2000, "the fixture fits the limit");

    // Forged: another payload under a real signature, and garbage.
    let (url, _) = signed_url(&server, &token, "a.pdf").await?;
    let (other, _) = signed_url(&server, &token, "b.pdf").await?;
    let signature = url.rsplit_once('.').context("signature")?.1;
    let payload = other.rsplit_once('.').context("payload")?.0;
    for forged in [
        format!("{payload}.{signature}"),
        "/uploads/validation/xyz".to_owned(),
    ] {
        let (status, body) = put(&server, &forged, pdf_bytes.clone()).await?;
        assert_eq!(
            (status, body["code"].as_str()),
            (403, Some("FORGED")),
            "{body}"
        );
    }
    // Expired.
    let expired = server.state.uploads.sign(&UploadGrant {
        document_id: Uuid::now_v7(),
        file_name: "c.pdf".into(),
        max_bytes: 2000,
        expires_at: chrono::Utc::now().timestamp() - 1,
    });
    let (status, body) = put(
        &server,
        &format!("/uploads/validation/{expired}"),
        pdf_bytes.clone(),
    )
    .await?;
    assert_eq!(
        (status, body["code"].as_str()),
        (403, Some("EXPIRED")),
        "{body}"
    );
    // Not a PDF, empty, too large: refused, and the address still works for the right file.
    let (status, body) = put(&server, &url, b"PK\x03\x04 a zip".to_vec()).await?;
    assert_eq!(
        (status, body["code"].as_str()),
        (415, Some("NOT_PDF")),
        "{body}"
    );
    let (status, body) = put(&server, &url, Vec::new()).await?;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("EMPTY")),
        "{body}"
    );
    let mut large = b"%PDF-1.7\n".to_vec();
    large.resize(2001, b' ');
    let (status, body) = put(&server, &url, large).await?;
    assert_eq!(
        (status, body["code"].as_str()),
        (413, Some("TOO_LARGE")),
        "{body}"
    );
    assert_eq!(
        validation_files(&server),
        Vec::<String>::new(),
        "nothing stored"
    );
    // Used once, then never again.
    let (status, _) = put(&server, &url, pdf_bytes.clone()).await?;
    assert_eq!(status, 201);
    let (status, body) = put(&server, &url, pdf_bytes.clone()).await?;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("USED")),
        "{body}"
    );
    assert_eq!(validation_files(&server).len(), 1);

    // Starting a validation of a name nothing was uploaded to, or of a file that is no PDF.
    let (_, never_uploaded) = signed_url(&server, &token, "d.pdf").await?;
    let body = server
        .graphql_as(
            &token,
            "mutation($d: ID!) { createRuleValidation(documentID: $d, name: \"d.pdf\", istitutoAppartenenza: \"X\") { id } }",
            json!({ "d": never_uploaded }),
        )
        .await?;
    assert_eq!(error_code(&body), "BAD_USER_INPUT", "{body}");
    for (file_name, file) in [
        ("e.docx", STANDARD.encode(&pdf_bytes)),
        ("e.pdf", STANDARD.encode("plain text")),
        ("e.pdf", "not base64!".to_owned()),
    ] {
        let body = server
            .graphql_as(
                &token,
                "mutation($n: String!, $f: String!) { uploadRuleValidation(fileName: $n, file: $f, istitutoAppartenenza: \"X\") { id } }",
                json!({ "n": file_name, "f": file }),
            )
            .await?;
        assert_eq!(error_code(&body), "BAD_USER_INPUT", "{file_name}: {body}");
    }
    let body = server
        .graphql_as(
            &token,
            "mutation { requestSignedURLForValidationDocument(filename: \"../etc/passwd.pdf\") { url } }",
            json!({}),
        )
        .await?;
    assert_eq!(error_code(&body), "BAD_USER_INPUT", "{body}");
    assert_eq!(
        validation_files(&server).len(),
        1,
        "still only the one accepted upload"
    );
    Ok(())
}

#[tokio::test]
async fn scans_validate_through_ocr_and_unreadable_pdfs_fail_with_their_reason() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let _worker = server.spawn_worker().await?;
    let passes = create_rule(
        &server,
        &token,
        "Cessione",
        INSTITUTE,
        &["cessione del quinto"],
        &[],
    )
    .await?;
    let misses = create_rule(&server, &token, "Pensione", INSTITUTE, &["pensione"], &[]).await?;

    let scan = pdf::scanned_pdf(&["CONTRATTO DI CESSIONE", "DEL QUINTO DELLO STIPENDIO"]);
    let id = validate_upload(&server, &token, "scansione.pdf", scan).await?;
    let validation = wait_for_end(&server, &token, &id).await?;
    assert_eq!(validation["state"], "finished", "{validation}");
    assert_eq!(validation["rulesInvalidated"], 1, "{validation}");
    assert_eq!(validation["invalidRules"][0]["idRule"], misses.as_str());
    assert!(rule_valid(&server, &token, &passes).await?);

    let id = validate_upload(&server, &token, "rotto.pdf", pdf::corrupt_pdf()).await?;
    let failed = wait_for_end(&server, &token, &id).await?;
    assert_eq!(failed["state"], "failed", "{failed}");
    assert!(failed["finishedAt"].as_i64().is_some());
    let error = failed["error"].as_str().context("error")?;
    assert!(
        error.starts_with("Estrazione del testo non riuscita: PDF danneggiato"),
        "{error}"
    );
    let document = failed["idDocument"].as_str().context("document")?;
    let data = ok(&server
        .graphql_as(
            &token,
            "query($id: ID!) { docValidation(id: $id) { urlOCR ocrError } }",
            json!({ "id": document }),
        )
        .await?)?;
    assert_eq!(data["docValidation"]["urlOCR"], Value::Null);
    assert!(
        data["docValidation"]["ocrError"].as_str().is_some(),
        "{data}"
    );
    let body = server
        .graphql_as(
            &token,
            "mutation($d: ID!) { runValidation(idDocValidation: $d) { id } }",
            json!({ "d": document }),
        )
        .await?;
    assert_eq!(error_code(&body), "CONFLICT", "{body}");
    // Why, as it was stored: the extraction's own message nested in the refusal.
    let extensions = &body["errors"][0]["extensions"];
    assert_eq!(
        extensions["messageCode"], "TEXT_UNREADABLE_BECAUSE",
        "{body}"
    );
    assert_eq!(
        extensions["params"]["reason"]["messageCode"], "PDF_CORRUPT",
        "{body}"
    );
    let body = server
        .graphql_as(&token, "query($d: ID!) { testRule(docValidationID: $d, mustContain: [\"x\"], notContain: []) }", json!({ "d": document }))
        .await?;
    assert_eq!(error_code(&body), "CONFLICT", "{body}");
    Ok(())
}
