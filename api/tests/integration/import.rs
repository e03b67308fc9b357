//! `POST /import_dossier` through the real HTTP API, and the `import` job in a real worker
//! process: a zip of PDFs becomes a dossier and its documents; every bad request is refused
//! with its message and leaves no row and no stored file.

use crate::common;

use std::io::{Cursor, Write};

use anyhow::{Context, Result};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use common::{
    Options, TestServer,
    archives::{noise, zip_of},
    wait::until_idle,
    wait::{PATIENCE, eventually},
};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};
use shared::config::ImportLimits;
use shared::db::models::dossiers::{Document, Dossier};
use shared::db::models::{DocumentState, DossierState};
use shared::db::schema::{document_logs, document_types, documents, dossier_types, dossiers};
use shared::jobs::pipeline::ImportDossier;
use shared::messages;
use shared::storage::keys;
use uuid::Uuid;
use zip::write::SimpleFileOptions;

const INPUT: &str =
    r#"[{"data_decorrenza_finanziamento":"","durata_finanziamento":24,"tipo_pratica":""}]"#;

fn pdf(text: &str) -> Vec<u8> {
    shared::testing::pdf::text_pdf(&[text])
}

/// The request body for `zip` with `files` as (nomeFile, tipoDocumento).
fn payload(zip: &[u8], files: &[(&str, &str)]) -> Value {
    let files: Vec<Value> = files
        .iter()
        .map(|(name, kind)| json!({ "nomeFile": name, "tipoDocumento": kind }))
        .collect();
    json!({
        "idValutazione": "",
        "tipoContratto": "cessione",
        "base64zip": STANDARD.encode(zip),
        "files": files,
        "input": INPUT,
    })
}

async fn post(server: &TestServer, token: Option<&str>, body: &Value) -> Result<(u16, Value)> {
    let mut request = server.client.post(server.url("/import_dossier")).json(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await?;
    let status = response.status().as_u16();
    let text = response.text().await?;
    let body = serde_json::from_str(&text).with_context(|| format!("{status}: {text}"))?;
    Ok((status, body))
}

async fn create_document_type(server: &TestServer, name: &str) -> Result<i64> {
    let mut conn = server.db.pool.get().await?;
    Ok(diesel::insert_into(document_types::table)
        .values(document_types::name.eq(name))
        .returning(document_types::id)
        .get_result(&mut conn)
        .await?)
}

async fn dossier(server: &TestServer, id: Uuid) -> Result<Dossier> {
    let mut conn = server.db.pool.get().await?;
    Ok(dossiers::table
        .find(id)
        .select(Dossier::as_select())
        .first(&mut conn)
        .await?)
}

async fn documents_of(server: &TestServer, id: Uuid) -> Result<Vec<Document>> {
    let mut conn = server.db.pool.get().await?;
    Ok(documents::table
        .filter(documents::dossier_id.eq(id))
        .order(documents::name)
        .select(Document::as_select())
        .load(&mut conn)
        .await?)
}

async fn count_dossiers(server: &TestServer) -> Result<i64> {
    let mut conn = server.db.pool.get().await?;
    Ok(dossiers::table.count().get_result(&mut conn).await?)
}

/// Every file under `dir`.
async fn assert_nothing_left(server: &TestServer, case: &str) -> Result<()> {
    assert_eq!(count_dossiers(server).await?, 0, "{case}: no dossier row");
    assert_eq!(
        server.stored_files(),
        Vec::<String>::new(),
        "{case}: no stored file"
    );
    Ok(())
}

#[tokio::test]
async fn a_zip_of_pdfs_becomes_a_dossier_and_its_documents() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let busta_paga = create_document_type(&server, "busta paga").await?;
    let (first, second) = (pdf("Busta paga di Mario Rossi"), pdf("Contratto"));
    let zip = zip_of(&[
        ("pratica/", b""),
        ("pratica/busta.pdf", &first),
        ("contratto.pdf", &second),
        ("__MACOSX/pratica/._busta.pdf", b"resource fork"),
        ("pratica/.DS_Store", b"finder"),
    ]);
    let mut body = payload(&zip, &[("busta.pdf", "busta paga"), ("contratto.pdf", "")]);
    body["callbackUrl"] = json!("http://127.0.0.1:9/callback");
    body["idValutazione"] = json!("VAL-1");

    let (status, answer) = post(&server, Some(&token), &body).await?;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["state"], "processing");
    let id: Uuid = answer["id"].as_str().context("an id")?.parse()?;

    // Synchronously: the dossier row with its audit entry, and the archive, nothing unpacked yet.
    let body = server
        .graphql_as(
            &token,
            "{ auditLog(input: { filters: [{ column: \"action\", type: \"select\", value: [\"dossier.import\"] }] }) { items { actorEmail targetId details } } }",
            json!({}),
        )
        .await?;
    let entry = &body["data"]["auditLog"]["items"][0];
    assert_eq!(entry["targetId"], id.to_string(), "{body}");
    assert_eq!(entry["actorEmail"], common::ADMIN_EMAIL, "{body}");
    assert!(
        entry["details"]
            .as_str()
            .is_some_and(|d| d.contains("VAL-1")),
        "{body}"
    );
    let row = dossier(&server, id).await?;
    assert_eq!(row.state, DossierState::Processing);
    assert_eq!(row.id_valutazione, "VAL-1");
    assert_eq!(
        row.callback_url.as_deref(),
        Some("http://127.0.0.1:9/callback")
    );
    assert_eq!(row.input, serde_json::from_str::<Value>(INPUT)?);
    assert_eq!(row.archive_key.as_deref(), Some(keys::archive(id).as_str()));
    assert_eq!(
        row.files,
        json!([
            { "nomeFile": "busta.pdf", "tipoDocumento": "busta paga" },
            { "nomeFile": "contratto.pdf", "tipoDocumento": "" },
        ])
    );
    let type_name: String = {
        let mut conn = server.db.pool.get().await?;
        dossier_types::table
            .find(row.dossier_type_id)
            .select(dossier_types::name)
            .first(&mut conn)
            .await?
    };
    assert_eq!(
        type_name, "cessione",
        "the contract type is created on first use"
    );
    assert_eq!(std::fs::read(server.storage.join(keys::archive(id)))?, zip);
    assert!(documents_of(&server, id).await?.is_empty());

    // The import job: one document per PDF, the PDFs stored, their extraction enqueued.
    let _worker = server.spawn_worker().await?;
    let documents = eventually(PATIENCE, "the documents", || async {
        let documents = documents_of(&server, id).await?;
        Ok((documents.len() == 2).then_some(documents))
    })
    .await?;
    let names: Vec<&str> = documents.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["busta.pdf", "contratto.pdf"]);
    assert_eq!(documents[0].document_type_id, Some(busta_paga));
    assert_eq!(documents[1].document_type_id, None);
    for (document, bytes) in documents.iter().zip([&first, &second]) {
        assert_ne!(
            document.error.as_deref(),
            Some(messages::not_a_pdf().italian().as_str())
        );
        assert_eq!(document.pdf_key, keys::document_pdf(id, document.id));
        assert_eq!(
            &std::fs::read(server.storage.join(&document.pdf_key))?,
            bytes
        );
    }
    let ids: Vec<Uuid> = documents.iter().map(|d| d.id).collect();
    let events: Vec<String> = {
        let mut conn = server.db.pool.get().await?;
        document_logs::table
            .filter(document_logs::document_id.eq_any(&ids))
            .filter(document_logs::event.eq(shared::messages::event_imported().italian()))
            .select(document_logs::event)
            .load(&mut conn)
            .await?
    };
    assert_eq!(events.len(), 2, "one 'importato' log per document");
    // Extraction was enqueued: each document leaves `uploaded` (extracted, or in error when
    // this machine cannot extract) once the worker's extraction runs.
    eventually(PATIENCE, "the extraction of the documents", || async {
        let documents = documents_of(&server, id).await?;
        Ok(documents
            .iter()
            .all(|d| d.state != DocumentState::Uploaded)
            .then_some(()))
    })
    .await?;
    Ok(())
}

#[tokio::test]
async fn an_import_delivered_twice_leaves_the_same_rows() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let zip = zip_of(&[
        ("a.pdf", &pdf("A")),
        ("b.pdf", &pdf("B")),
        ("c.txt", b"not a pdf"),
    ]);
    let (status, answer) = post(&server, Some(&token), &payload(&zip, &[])).await?;
    assert_eq!(status, 200, "{answer}");
    let id: Uuid = answer["id"].as_str().context("an id")?.parse()?;
    // The same job again, as after a worker killed mid-job; then the worker takes both.
    server
        .state
        .queues
        .push(ImportDossier { dossier_id: id })
        .await?;
    server
        .state
        .queues
        .push(ImportDossier { dossier_id: id })
        .await?;
    let _worker = server.spawn_worker().await?;
    let documents = eventually(PATIENCE, "the documents", || async {
        let documents = documents_of(&server, id).await?;
        Ok((documents.len() == 3).then_some(documents))
    })
    .await?;
    // Every delivery finished, count again.
    until_idle(&server).await?;
    let again = documents_of(&server, id).await?;
    assert_eq!(
        again.iter().map(|d| d.id).collect::<Vec<_>>(),
        documents.iter().map(|d| d.id).collect::<Vec<_>>()
    );
    let ids: Vec<Uuid> = again.iter().map(|d| d.id).collect();
    let logs: i64 = {
        let mut conn = server.db.pool.get().await?;
        document_logs::table
            .filter(document_logs::document_id.eq_any(&ids))
            .filter(document_logs::event.eq(shared::messages::event_imported().italian()))
            .count()
            .get_result(&mut conn)
            .await?
    };
    assert_eq!(
        logs, 3,
        "one 'importato' log per document, however many deliveries"
    );
    for document in &again {
        assert_eq!(
            document.id,
            shared::import::store::document_id(id, &document.name)
        );
    }

    // A non-PDF is reported on its own document; the others are imported.
    let text = again.iter().find(|d| d.name == "c.txt").context("c.txt")?;
    assert_eq!(text.state, DocumentState::CannotProcess);
    assert_eq!(text.error.as_deref(), Some("Il file non è un PDF"));
    for document in again.iter().filter(|d| d.name != "c.txt") {
        assert_ne!(document.error.as_deref(), Some("Il file non è un PDF"));
    }

    // A job for a dossier deleted meanwhile ends doing nothing.
    let gone = Uuid::now_v7();
    server
        .state
        .queues
        .push(ImportDossier { dossier_id: gone })
        .await?;
    until_idle(&server).await?;
    assert!(documents_of(&server, gone).await?.is_empty());
    Ok(())
}

#[tokio::test]
async fn an_archive_without_pdfs_cannot_be_processed() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let zip = zip_of(&[("note.txt", b"hello"), ("__MACOSX/._x.pdf", b"junk")]);
    let (status, answer) = post(&server, Some(&token), &payload(&zip, &[("note.txt", "")])).await?;
    assert_eq!(status, 200, "{answer}");
    let id: Uuid = answer["id"].as_str().context("an id")?.parse()?;
    let _worker = server.spawn_worker().await?;
    let row = eventually(PATIENCE, "the dossier's error", || async {
        let row = dossier(&server, id).await?;
        Ok((row.state != DossierState::Processing).then_some(row))
    })
    .await?;
    assert_eq!(row.state, DossierState::CannotProcess);
    assert_eq!(row.error.as_deref(), Some("Nessun PDF nell'archivio"));
    let documents = documents_of(&server, id).await?;
    assert_eq!(documents.len(), 1);
    assert_eq!(documents[0].state, DocumentState::CannotProcess);

    // The screens read each error as a message of the catalogue, to say it in the user's
    // language; API clients keep the Italian text.
    let answer = server
        .graphql_as(
            &token,
            "query($id: ID!) { dossier(id: $id) { error errorMessage { messageCode params } } \
             documentsByDossier(dossier: $id) { error errorMessage { messageCode params } } }",
            json!({ "id": id }),
        )
        .await?;
    let data = &answer["data"];
    assert_eq!(
        data["dossier"],
        json!({ "error": "Nessun PDF nell'archivio",
                "errorMessage": { "messageCode": "NO_PDF_IN_ARCHIVE", "params": {} } }),
        "{answer}"
    );
    assert_eq!(
        data["documentsByDossier"][0],
        json!({ "error": "Il file non è un PDF",
                "errorMessage": { "messageCode": "NOT_A_PDF", "params": {} } }),
        "{answer}"
    );
    Ok(())
}

#[tokio::test]
async fn bad_requests_are_refused_and_leave_nothing_behind() -> Result<()> {
    let limits = ImportLimits {
        max_archive_bytes: 200 << 10,
        max_entries: 10,
        max_uncompressed_bytes: 10 << 20,
        // Above the bomb's 50 MB: the total is what refuses it.
        max_file_bytes: 100 << 20,
        max_input_items: 5,
    };
    let server = TestServer::start(Options {
        import_limits: Some(limits),
        ..Options::default()
    })
    .await?;
    let token = server.admin_token().await?;
    create_document_type(&server, "busta paga").await?;
    let good = zip_of(&[("a.pdf", &pdf("A"))]);

    let mut slip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    slip.start_file("a.pdf", SimpleFileOptions::default())?;
    slip.write_all(&pdf("A"))?;
    slip.start_file("../evil.pdf", SimpleFileOptions::default())?;
    slip.write_all(&pdf("evil"))?;
    let slip = slip.finish()?.into_inner();

    let mut link = zip::ZipWriter::new(Cursor::new(Vec::new()));
    link.start_file("a.pdf", SimpleFileOptions::default())?;
    link.write_all(&pdf("A"))?;
    link.add_symlink("passwd.pdf", "/etc/passwd", SimpleFileOptions::default())?;
    let link = link.finish()?.into_inner();

    let mut bomb = zip::ZipWriter::new(Cursor::new(Vec::new()));
    bomb.start_file(
        "bomb.pdf",
        SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated),
    )?;
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..50 {
        bomb.write_all(&zeros)?;
    }
    let bomb = bomb.finish()?.into_inner();
    assert!(
        bomb.len() < 200 << 10,
        "the bomb is small: {} bytes",
        bomb.len()
    );

    let large = zip_of(&[("big.pdf", &noise(300 << 10))]);
    let names: Vec<String> = (0..11).map(|i| format!("f{i}.pdf")).collect();
    let tiny = pdf("x");
    let many: Vec<(&str, &[u8])> = names
        .iter()
        .map(|n| (n.as_str(), tiny.as_slice()))
        .collect();
    let many = zip_of(&many);

    let with = |f: &dyn Fn(&mut Value)| {
        let mut body = payload(&good, &[("a.pdf", "busta paga")]);
        f(&mut body);
        body
    };
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "not base64",
            with(&|b| b["base64zip"] = json!("%%% non è base64 %%%")),
            "Errore nello zip: il contenuto non è base64 valido",
        ),
        (
            "not a zip",
            with(&|b| b["base64zip"] = json!(STANDARD.encode(b"just some text"))),
            "Errore nello zip: non è un archivio zip valido",
        ),
        (
            "invalid input JSON",
            with(&|b| b["input"] = json!("[{\"durata\": 24,")),
            "Errore sintassi nell'input",
        ),
        (
            "input not a list",
            with(&|b| b["input"] = json!("{\"durata\": 24}")),
            "Errore sintassi nell'input: deve essere una lista JSON (un elemento per scenario)",
        ),
        (
            "a listed file is missing",
            with(&|b| {
                b["files"] = json!([
                    { "nomeFile": "a.pdf", "tipoDocumento": "busta paga" },
                    { "nomeFile": "manca.pdf", "tipoDocumento": "busta paga" },
                ])
            }),
            "Errore nello zip: file elencati ma assenti nell'archivio: manca.pdf",
        ),
        (
            "archive over the size limit",
            payload(&large, &[]),
            "oltre il limite di 204800 byte",
        ),
        (
            "too many entries",
            payload(&many, &[]),
            "Errore nello zip: l'archivio contiene 11 voci, oltre il limite di 10",
        ),
        (
            "zip bomb",
            payload(&bomb, &[]),
            "Errore nello zip: i file dell'archivio, estratti, supererebbero il limite di 10485760 byte",
        ),
        (
            "zip slip",
            payload(&slip, &[]),
            "Errore nello zip: il percorso «../evil.pdf» esce dalla cartella dell'archivio",
        ),
        (
            "symlink",
            payload(&link, &[]),
            "Errore nello zip: «passwd.pdf» è un collegamento simbolico, non ammesso",
        ),
        (
            "unknown document type",
            with(&|b| {
                b["files"] = json!([{ "nomeFile": "a.pdf", "tipoDocumento": "inesistente" }])
            }),
            "Tipo documento inesistente: inesistente",
        ),
        (
            "callback URL not http",
            with(&|b| b["callbackUrl"] = json!("ftp://example.com/x")),
            "callbackUrl non valido",
        ),
        (
            "contract type too long",
            with(&|b| b["tipoContratto"] = json!("x".repeat(31))),
            "tipoContratto: massimo 30 caratteri",
        ),
        (
            "no archive",
            with(&|b| {
                b.as_object_mut().map(|o| o.remove("base64zip"));
            }),
            "Richiesta non valida",
        ),
        (
            "more input items than the limit",
            with(&|b| {
                b["input"] = json!(
                    serde_json::to_string(&vec![json!({ "durata": 24 }); 6]).unwrap_or_default()
                )
            }),
            "Errore nell'input: almeno 6 elementi, oltre il limite di 5",
        ),
        (
            "a NUL character in the input",
            with(&|b| b["input"] = json!("[{\"nome\": \"a\\u0000b\"}]")),
            "input: il carattere NUL non è ammesso",
        ),
        (
            "50,000 listed files (a quadratic check once)",
            with(&|b| {
                b["files"] = json!((0..50_000)
                    .map(|i| json!({ "nomeFile": format!("manca-{i}.pdf"), "tipoDocumento": "busta paga" }))
                    .collect::<Vec<_>>())
            }),
            "files: almeno 11 file elencati, oltre il limite di 10",
        ),
        (
            "an idValutazione of 1 MB",
            with(&|b| b["idValutazione"] = json!("V".repeat(1 << 20))),
            "idValutazione: massimo 200 caratteri",
        ),
        (
            "a NUL character in idValutazione",
            with(&|b| b["idValutazione"] = json!("VAL\u{0}1")),
            "idValutazione: il carattere NUL non è ammesso",
        ),
    ];
    for (case, body, expected) in &cases {
        let (status, answer) = post(&server, Some(&token), body).await?;
        assert_eq!(status, 400, "{case}: {answer}");
        let message = answer["message"].as_str().unwrap_or_default();
        assert!(
            message.contains(expected),
            "{case}: expected «{expected}» in «{message}»"
        );
        assert_nothing_left(&server, case).await?;
    }

    // A body far over the limit is refused before it is read.
    let huge = with(&|b| b["base64zip"] = json!("A".repeat(6 << 20)));
    let (status, answer) = post(&server, Some(&token), &huge).await?;
    assert!(status == 413 || status == 400, "{status}: {answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap_or_default()
            .contains("oltre il limite"),
        "{answer}"
    );
    assert_nothing_left(&server, "huge body").await?;

    // The same archive, well formed, is accepted.
    let (status, answer) = post(&server, Some(&token), &with(&|_| {})).await?;
    assert_eq!(status, 200, "{answer}");
    Ok(())
}

#[tokio::test]
async fn importing_needs_a_token_and_the_permission() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let body = payload(&zip_of(&[("a.pdf", &pdf("A"))]), &[]);

    let (status, answer) = post(&server, None, &body).await?;
    assert_eq!(status, 401, "{answer}");
    assert!(answer["message"].is_string(), "{answer}");
    let (status, answer) = post(&server, Some("not-a-token"), &body).await?;
    assert_eq!(status, 401, "{answer}");
    assert!(answer["message"].is_string(), "{answer}");

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
    let (status, answer) = post(&server, Some(&operator), &body).await?;
    assert_eq!(status, 403, "{answer}");
    assert!(
        answer["message"]
            .as_str()
            .unwrap_or_default()
            .contains("importDossier"),
        "{answer}"
    );
    assert_nothing_left(&server, "refused caller").await?;

    let (status, answer) = post(&server, Some(&admin), &body).await?;
    assert_eq!(status, 200, "{answer}");
    Ok(())
}

#[tokio::test]
async fn the_endpoint_is_in_the_openapi_document() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let spec: Value = server
        .client
        .get(server.url("/openapi.json"))
        .send()
        .await?
        .json()
        .await?;
    let operation = &spec["paths"]["/import_dossier"]["post"];
    assert!(operation.is_object(), "{}", spec["paths"]);
    let schemas = spec["components"]["schemas"].to_string();
    for field in [
        "idValutazione",
        "tipoContratto",
        "base64zip",
        "nomeFile",
        "tipoDocumento",
        "callbackUrl",
    ] {
        assert!(schemas.contains(field), "{field} in {schemas}");
    }
    Ok(())
}
