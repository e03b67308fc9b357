//! The GraphQL operations on dossiers, documents and rule runs (docs/domain.md#operations),
//! through the real HTTP API over PostgreSQL, Redis and object storage. Rows are created directly
//! where the pipeline would create them; runs of rules go through a real worker; the
//! subscription is read through the real WebSocket endpoint.

use crate::common;

use std::time::Duration;

use anyhow::{Context, Result};
use chrono::{TimeZone, Utc};
use common::fixtures::insert_dossier_type;
use common::{
    Options, TestServer,
    graphql::{error_code, ok},
    next_message, subscribe,
    websocket::until_listening,
};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use futures::SinkExt;
use serde_json::{Value, json};
use shared::db::models::dossiers::{NewDocument, NewDossier, NewDossierCallback};
use shared::db::models::executions::{NewDossierRuleExecutionLog, NewRuleExecutionLog};
use shared::db::models::{DocumentState, DossierState, ExecutionState, Platform};
use shared::db::schema::{
    audit_log, document_logs, documents, dossier_callbacks, dossier_rule_executions, dossiers,
    rule_execution_logs,
};
use shared::events::{self, Event};
use shared::storage::keys;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use uuid::Uuid;

const DOSSIERS: &str = r#"query($input: TableInput) {
  dossiers(input: $input) { pages total op items { id description state createdAt dossierType { name } error input } }
}"#;

async fn document_type(server: &TestServer, name: &str) -> Result<i64> {
    {
        let mut conn = server.db.pool.get().await?;
        diesel::sql_query("INSERT INTO document_types (name) VALUES ($1)")
            .bind::<diesel::sql_types::Text, _>(name)
            .execute(&mut conn)
            .await?;
    }
    common::fixtures::document_type_id(server, name).await
}

/// A dossier as the import would create it, then moved to `state` and `created_at`.
async fn dossier(
    server: &TestServer,
    type_id: i64,
    description: &str,
    state: DossierState,
    created_at: chrono::DateTime<Utc>,
) -> Result<Uuid> {
    let id = Uuid::now_v7();
    let mut conn = server.db.pool.get().await?;
    diesel::insert_into(dossiers::table)
        .values(NewDossier {
            id,
            description: Some(description.to_owned()),
            state,
            dossier_type_id: type_id,
            id_valutazione: String::new(),
            input: json!([{ "durata_finanziamento": 24 }, { "durata_finanziamento": 36 }]),
            callback_url: None,
            archive_key: Some(keys::archive(id)),
        })
        .execute(&mut conn)
        .await?;
    diesel::update(dossiers::table.find(id))
        .set(dossiers::created_at.eq(created_at))
        .execute(&mut conn)
        .await?;
    Ok(id)
}

/// A document of `dossier_id` with its PDF stored and, unless `uploaded`, its extraction.
async fn document(
    server: &TestServer,
    dossier_id: Uuid,
    name: &str,
    type_id: Option<i64>,
    state: DocumentState,
    metas: Value,
) -> Result<Uuid> {
    let id = Uuid::now_v7();
    let pdf_key = keys::document_pdf(dossier_id, id);
    server
        .state
        .storage
        .put(&pdf_key, format!("%PDF-1.4 {name}").into_bytes())
        .await?;
    let mut conn = server.db.pool.get().await?;
    diesel::insert_into(documents::table)
        .values(NewDocument {
            id,
            dossier_id,
            name: name.to_owned(),
            description: Some(format!("descrizione {name}")),
            document_type_id: type_id,
            state,
            metas,
            pdf_key,
        })
        .execute(&mut conn)
        .await?;
    if state != DocumentState::Uploaded {
        let key = keys::extraction(dossier_id, id);
        let extraction = json!({
            "rawText": format!("Testo di {name}"),
            "pages": [{ "page": 1, "text": "Testo", "ocr": false, "width": 595.0, "height": 842.0 }],
            "rawTextWithGeometry": [{ "text": "Testo", "page": 1, "x0": 1.0, "y0": 2.0, "x1": 3.0, "y1": 4.0 }],
            "tables": [{ "page": 1, "rows": [["a", "b"]] }],
            "formData": { "nome": "Mario" },
        });
        server
            .state
            .storage
            .put(&key, serde_json::to_vec(&extraction)?)
            .await?;
        diesel::update(documents::table.find(id))
            .set((
                documents::raw_text_key.eq(&key),
                documents::text_with_geometry_key.eq(&key),
                documents::tables_key.eq(&key),
                documents::form_data.eq(json!({ "nome": "Mario" })),
            ))
            .execute(&mut conn)
            .await?;
    }
    Ok(id)
}

fn table(input: Value) -> Value {
    json!({ "input": input })
}

#[tokio::test]
async fn the_dossier_list_pages_sorts_and_filters_on_the_server() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let cessione = insert_dossier_type(&server, "cessione").await?;
    let delega = insert_dossier_type(&server, "delega").await?;
    let day = |d: u32| {
        Utc.with_ymd_and_hms(2026, 3, d, 10, 0, 0)
            .single()
            .expect("date")
    };
    let mut ids = Vec::new();
    for i in 1..=25u32 {
        let (kind, state) = match i % 5 {
            0 => (delega, DossierState::Conflicts),
            1 => (cessione, DossierState::CannotProcess),
            _ => (cessione, DossierState::Processed),
        };
        let description = if i % 2 == 0 {
            format!("Pratica alfa {i}")
        } else {
            format!("Pratica beta {i}")
        };
        ids.push(dossier(&server, kind, &description, state, day(i)).await?);
    }

    // Defaults: 10 per page, newest first.
    let data = ok(&server.graphql_as(&token, DOSSIERS, json!({})).await?)?;
    let page = &data["dossiers"];
    assert_eq!(page["total"], 25);
    assert_eq!(page["pages"], 3);
    assert_eq!(page["op"], "createdAt DESC");
    assert_eq!(page["items"].as_array().map(Vec::len), Some(10));
    assert_eq!(page["items"][0]["id"], ids[24].to_string());
    assert_eq!(page["items"][0]["dossierType"]["name"], "delega");
    assert_eq!(
        page["items"][0]["input"],
        r#"[{"durata_finanziamento":24},{"durata_finanziamento":36}]"#
    );

    // The last page, oldest first, 20 per page.
    let data = ok(&server
        .graphql_as(
            &token,
            DOSSIERS,
            table(json!({ "pageSize": 20, "pageIndex": 1, "order": "createdAt ASC" })),
        )
        .await?)?;
    assert_eq!(data["dossiers"]["items"].as_array().map(Vec::len), Some(5));
    assert_eq!(data["dossiers"]["items"][0]["id"], ids[20].to_string());
    assert_eq!(data["dossiers"]["pages"], 2);

    // Each column's filter.
    let count = |filters: Value| {
        let server = &server;
        let token = &token;
        async move {
            let body = server
                .graphql_as(
                    token,
                    DOSSIERS,
                    table(json!({ "pageSize": 50, "filters": filters })),
                )
                .await?;
            let data = ok(&body)?;
            anyhow::Ok(data["dossiers"]["total"].as_i64().unwrap_or(-1))
        }
    };
    assert_eq!(
        count(json!([{ "column": "state", "value": ["conflicts"], "type": "select" }])).await?,
        5
    );
    assert_eq!(
        count(json!([{ "column": "state", "value": ["conflicts", "cannot process"], "type": "select" }])).await?,
        10
    );
    assert_eq!(
        count(json!([{ "column": "description", "value": ["ALFA"], "type": "text" }])).await?,
        12
    );
    assert_eq!(
        count(json!([{ "column": "description", "value": ["%"], "type": "text" }])).await?,
        0
    );
    assert_eq!(
        count(json!([{ "column": "createdAt", "value": ["2026/03/05", "2026/03/09"], "type": "date" }])).await?,
        5
    );
    assert_eq!(
        count(json!([{ "column": "createdAt", "value": ["0000/00/00", "2026/03/03"], "type": "date" }])).await?,
        3
    );
    assert_eq!(
        count(json!([{ "column": "createdAt", "value": ["2026/03/24", "9999/99/99"], "type": "date" }])).await?,
        2
    );
    assert_eq!(
        count(json!([{ "column": "dossierType", "value": ["delega"], "type": "select" }])).await?,
        5
    );
    assert_eq!(
        count(json!([{ "column": "id", "value": [ids[3].to_string()], "type": "text" }])).await?,
        1
    );
    let prefix: String = ids[3].to_string().chars().take(8).collect();
    assert!(count(json!([{ "column": "id", "value": [prefix], "type": "text" }])).await? >= 1);
    assert_eq!(
        count(json!([
            { "column": "dossierType", "value": ["cessione"], "type": "select" },
            { "column": "state", "value": ["processed"], "type": "select" },
            { "column": "description", "value": [""], "type": "text" }
        ]))
        .await?,
        15
    );

    // Sorting by description and by state.
    let data = ok(&server
        .graphql_as(
            &token,
            DOSSIERS,
            table(json!({ "order": "description ASC" })),
        )
        .await?)?;
    assert_eq!(
        data["dossiers"]["items"][0]["description"],
        "Pratica alfa 10"
    );
    assert_eq!(data["dossiers"]["op"], "description ASC");
    let data = ok(&server
        .graphql_as(&token, DOSSIERS, table(json!({ "order": "state ASC" })))
        .await?)?;
    assert_eq!(data["dossiers"]["items"][0]["state"], "cannot process");

    // The same list under its other name.
    let data = ok(&server
        .graphql_as(
            &token,
            "query($input: TableInput) { getPaginatedDossier(input: $input) { pages total op items { id } } }",
            table(json!({ "pageSize": 10 })),
        )
        .await?)?;
    assert_eq!(data["getPaginatedDossier"]["total"], 25);

    // What is not whitelisted is refused.
    for input in [
        json!({ "filters": [{ "column": "callback_url", "value": ["x"], "type": "text" }] }),
        json!({ "filters": [{ "column": "state", "value": ["processed"], "type": "text" }] }),
        json!({ "filters": [{ "column": "state", "value": ["sconosciuto"], "type": "select" }] }),
        json!({ "filters": [{ "column": "createdAt", "value": ["ieri", ""], "type": "date" }] }),
        json!({ "filters": [{ "column": "id", "value": ["zz"], "type": "text" }] }),
        json!({ "order": "password DESC" }),
        json!({ "order": "dossierType ASC" }),
        json!({ "order": "createdAt; DROP TABLE dossiers" }),
        json!({ "pageSize": 1000 }),
        json!({ "pageIndex": -1 }),
    ] {
        let body = server
            .graphql_as(&token, DOSSIERS, table(input.clone()))
            .await?;
        assert_eq!(error_code(&body), "BAD_USER_INPUT", "{input} → {body}");
    }

    // The list needs the `dossiers` permission.
    let body = server.graphql(DOSSIERS, json!({})).await?;
    assert_eq!(error_code(&body), "UNAUTHENTICATED");
    Ok(())
}

#[tokio::test]
async fn a_list_counts_up_to_ten_thousand_rows_and_pages_within_them() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let kind = insert_dossier_type(&server, "cessione").await?;
    let mut conn = server.db.pool.get().await?;
    diesel::sql_query(
        "INSERT INTO dossiers (id, description, state, dossier_type_id, id_valutazione, input, created_at, updated_at)
         SELECT gen_random_uuid(), 'Pratica ' || g, CASE WHEN g <= 20 THEN 'conflicts' ELSE 'processed' END,
                $1, 'VAL-' || g, '[]', now() - g * interval '1 minute', now()
         FROM generate_series(1, 10050) g",
    )
    .bind::<diesel::sql_types::BigInt, _>(kind)
    .execute(&mut conn)
    .await?;
    drop(conn);
    let page = |input: Value| {
        let server = &server;
        let token = &token;
        async move {
            server
                .graphql_as(
                    token,
                    "query($input: TableInput) { dossiers(input: $input) { total more pages items { description } } }",
                    json!({ "input": input }),
                )
                .await
        }
    };
    let data = ok(&page(json!({})).await?)?;
    assert_eq!(
        (
            &data["dossiers"]["total"],
            &data["dossiers"]["more"],
            &data["dossiers"]["pages"]
        ),
        (&json!(10_000), &json!(true), &json!(1_000)),
        "more than 10,000 match"
    );
    let data = ok(&page(json!({ "pageSize": 50, "pageIndex": 199 })).await?)?;
    assert_eq!(
        data["dossiers"]["items"].as_array().map(Vec::len),
        Some(50),
        "the window's last page"
    );
    let body = page(json!({ "pageSize": 50, "pageIndex": 200 })).await?;
    assert_eq!(
        error_code(&body),
        "BAD_USER_INPUT",
        "past the window: {body}"
    );

    // A filter that narrows the rows counts them exactly.
    let data = ok(&page(
        json!({ "filters": [{ "column": "state", "value": ["conflicts"], "type": "select" }] }),
    )
    .await?)?;
    assert_eq!(
        (
            &data["dossiers"]["total"],
            &data["dossiers"]["more"],
            &data["dossiers"]["pages"]
        ),
        (&json!(20), &json!(false), &json!(2))
    );
    Ok(())
}

#[tokio::test]
async fn a_dossier_shows_its_callbacks_downloads_and_deletes_with_its_files() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let kind = insert_dossier_type(&server, "cessione").await?;
    let id = dossier(
        &server,
        kind,
        "Pratica Rossi",
        DossierState::Processed,
        Utc::now(),
    )
    .await?;
    let archive = b"PK\x03\x04 archivio".to_vec();
    server
        .state
        .storage
        .put(&keys::archive(id), archive.clone())
        .await?;
    let document_id = document(
        &server,
        id,
        "contratto.pdf",
        None,
        DocumentState::Processed,
        json!({}),
    )
    .await?;
    {
        let mut conn = server.db.pool.get().await?;
        for (attempt, success, code) in [(1, false, Some(500)), (2, true, Some(200))] {
            diesel::insert_into(dossier_callbacks::table)
                .values(NewDossierCallback {
                    id: Uuid::now_v7(),
                    dossier_id: id,
                    attempt,
                    url: "http://127.0.0.1:9/callback".into(),
                    method: "POST".into(),
                    request_body: "[]".into(),
                    response_code: code,
                    response_body: Some("ok".into()),
                    error_description: (!success).then(|| "HTTP 500".to_owned()),
                    success,
                    request_headers: None,
                })
                .execute(&mut conn)
                .await?;
        }
        // The second attempt a second after the first.
        diesel::update(dossier_callbacks::table.filter(dossier_callbacks::attempt.eq(1)))
            .set(dossier_callbacks::created_at.eq(Utc::now() - chrono::Duration::seconds(1)))
            .execute(&mut conn)
            .await?;
    }

    let data = ok(&server
        .graphql_as(
            &token,
            "query($id: ID!) { dossier(id: $id) { id description state error dossierType { name } callbacks { success } }
               dossierCallbacks(id: $id) { success timestamp url method requestBody responseCode responseBody errorDescription } }",
            json!({ "id": id }),
        )
        .await?)?;
    assert_eq!(data["dossier"]["description"], "Pratica Rossi");
    assert_eq!(data["dossier"]["state"], "processed");
    assert_eq!(data["dossier"]["error"], Value::Null);
    assert_eq!(
        data["dossier"]["callbacks"].as_array().map(Vec::len),
        Some(2)
    );
    let callbacks = &data["dossierCallbacks"];
    assert_eq!(callbacks[0]["success"], true, "newest first");
    assert_eq!(callbacks[1]["success"], false);
    assert_eq!(callbacks[1]["responseCode"], 500);
    assert_eq!(callbacks[1]["errorDescription"], "HTTP 500");
    let timestamp = callbacks[0]["timestamp"].as_i64().context("unix seconds")?;
    assert!((Utc::now().timestamp() - timestamp).abs() < 120);

    let data = ok(&server
        .graphql_as(
            &token,
            "query($id: ID!) { downloadDossier(id: $id) { filename extension url } }",
            json!({ "id": id }),
        )
        .await?)?;
    assert_eq!(data["downloadDossier"]["extension"], "zip");
    assert_eq!(data["downloadDossier"]["filename"], id.to_string());
    assert_eq!(
        server.download(&data["downloadDossier"]["url"]).await?,
        archive
    );

    // Unknown ids.
    let body = server
        .graphql_as(
            &token,
            "query { dossier(id: \"non-un-uuid\") { id } }",
            json!({}),
        )
        .await?;
    assert_eq!(error_code(&body), "NOT_FOUND");

    // Deletion removes the rows and the files.
    let pdf_key = keys::document_pdf(id, document_id);
    assert!(server.state.storage.exists(&pdf_key).await?);
    let data = ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!) { deleteDossier(id: $id) }",
            json!({ "id": id }),
        )
        .await?)?;
    assert_eq!(data["deleteDossier"], true);
    let mut conn = server.db.pool.get().await?;
    let left: i64 = documents::table
        .filter(documents::dossier_id.eq(id))
        .count()
        .get_result(&mut conn)
        .await?;
    assert_eq!(left, 0);
    let callbacks_left: i64 = dossier_callbacks::table
        .filter(dossier_callbacks::dossier_id.eq(id))
        .count()
        .get_result(&mut conn)
        .await?;
    assert_eq!(callbacks_left, 0);
    assert!(!server.state.storage.exists(&pdf_key).await?);
    assert!(!server.state.storage.exists(&keys::archive(id)).await?);
    assert!(
        !server
            .state
            .storage
            .exists(&keys::extraction(id, document_id))
            .await?
    );
    let audited: i64 = audit_log::table
        .filter(audit_log::action.eq("dossier.delete"))
        .filter(audit_log::target_id.eq(id.to_string()))
        .count()
        .get_result(&mut conn)
        .await?;
    assert_eq!(audited, 1);
    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { deleteDossier(id: $id) }",
            json!({ "id": id }),
        )
        .await?;
    assert_eq!(error_code(&body), "NOT_FOUND");
    Ok(())
}

#[tokio::test]
async fn metas_conflicts_are_checked_and_fixing_them_requests_a_run() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let kind = insert_dossier_type(&server, "cessione").await?;
    {
        let mut conn = server.db.pool.get().await?;
        diesel::sql_query("INSERT INTO dossier_type_required_metas (dossier_type_id, meta_name) VALUES ($1, 'iban')")
            .bind::<diesel::sql_types::BigInt, _>(kind)
            .execute(&mut conn)
            .await?;
    }
    let id = dossier(
        &server,
        kind,
        "Pratica in conflitto",
        DossierState::Conflicts,
        Utc::now(),
    )
    .await?;
    document(
        &server,
        id,
        "a.pdf",
        None,
        DocumentState::Processed,
        json!({ "importo": "1000" }),
    )
    .await?;
    document(
        &server,
        id,
        "b.pdf",
        None,
        DocumentState::Processed,
        json!({ "importo": "2000" }),
    )
    .await?;

    let check = "query($id: ID!) { metasCheck(id: $id) { valid conflicts { name values { value count } } missingRequired } }";
    let data = ok(&server
        .graphql_as(&token, check, json!({ "id": id }))
        .await?)?;
    assert_eq!(
        data["metasCheck"],
        json!({
            "valid": false,
            "conflicts": [{ "name": "importo", "values": [{ "value": "1000", "count": 1 }, { "value": "2000", "count": 1 }] }],
            "missingRequired": ["iban"],
        })
    );

    let fix = "mutation($id: ID!, $metas: [MetaInput!]!) { fixMetas(id: $id, metas: $metas) { valid conflicts { name } missingRequired } }";
    let body = server
        .graphql_as(&token, fix, json!({ "id": id, "metas": [{ "name": "importo", "value": "1000" }, { "name": "iban", "value": " " }] }))
        .await?;
    assert_eq!(error_code(&body), "BAD_USER_INPUT");
    assert_eq!(body["errors"][0]["message"], "Campo necessario");

    let data = ok(&server
        .graphql_as(&token, fix, json!({ "id": id, "metas": [{ "name": "importo", "value": "1000" }, { "name": "iban", "value": "IT60X" }] }))
        .await?)?;
    assert_eq!(
        data["fixMetas"],
        json!({ "valid": true, "conflicts": [], "missingRequired": [] })
    );
    let mut conn = server.db.pool.get().await?;
    let (state, run): (DossierState, Option<Uuid>) = dossiers::table
        .find(id)
        .select((dossiers::state, dossiers::rules_run_id))
        .first(&mut conn)
        .await?;
    assert_eq!(state, DossierState::Processing, "the rules run again");
    assert!(run.is_some(), "a run was requested");
    let data = ok(&server
        .graphql_as(&token, check, json!({ "id": id }))
        .await?)?;
    assert_eq!(data["metasCheck"]["valid"], true);
    Ok(())
}

#[tokio::test]
async fn a_document_shows_its_extraction_pdf_logs_and_tags() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let kind = insert_dossier_type(&server, "cessione").await?;
    let contract = document_type(&server, "contratto").await?;
    let id = dossier(
        &server,
        kind,
        "Pratica Bianchi",
        DossierState::Processed,
        Utc::now(),
    )
    .await?;
    let doc = document(
        &server,
        id,
        "contratto.pdf",
        Some(contract),
        DocumentState::Processed,
        json!({ "importo": 5 }),
    )
    .await?;
    let pending = document(
        &server,
        id,
        "busta.pdf",
        None,
        DocumentState::Uploaded,
        json!({}),
    )
    .await?;
    let rule_id = Uuid::now_v7();
    {
        let mut conn = server.db.pool.get().await?;
        diesel::sql_query("INSERT INTO data_tables (name, content) VALUES ('tassi', '[1,2]')")
            .execute(&mut conn)
            .await?;
        diesel::sql_query(
            "INSERT INTO document_rules (id, document_type_id, description, code, package_json) VALUES ($1, $2, 'Importo', 'export default () => ({ success: true })', '{}')",
        )
        .bind::<diesel::sql_types::Uuid, _>(rule_id)
        .bind::<diesel::sql_types::BigInt, _>(contract)
        .execute(&mut conn)
        .await?;
        diesel::sql_query(
            "INSERT INTO document_rule_data_tables (document_rule_id, data_table_id) SELECT $1, id FROM data_tables WHERE name = 'tassi'",
        )
        .bind::<diesel::sql_types::Uuid, _>(rule_id)
        .execute(&mut conn)
        .await?;
        let extracted = shared::messages::event_extracted(1);
        shared::db::repo::pipeline::log_document_event(&mut conn, doc, &extracted).await?;
    }

    let data = ok(&server
        .graphql_as(
            &token,
            "query($id: ID!, $dossier: ID!) {
               document(id: $id) { id name state metas dossier { id description } documentType { name }
                 formData rawText rawTextWithGeometry tables dataTables pdfUrl }
               documentsByDossier(dossier: $dossier) { id name state metas documentType { name } error }
               documentsNameForDossier(id: $dossier) { id name }
               documentsInfo(search: \"contratto\", limit: 5) { id name dossier { id description } }
               getRulesByDocument(id: $id) { id description documentType { name } }
               getLogsByDocument(document: $id) { id event message { messageCode params } timestamp }
             }",
            json!({ "id": doc, "dossier": id }),
        )
        .await?)?;
    let document = &data["document"];
    assert_eq!(document["name"], "contratto.pdf");
    assert_eq!(document["dossier"]["description"], "Pratica Bianchi");
    assert_eq!(document["documentType"]["name"], "contratto");
    assert_eq!(document["rawText"], "Testo di contratto.pdf");
    assert_eq!(
        serde_json::from_str::<Value>(document["metas"].as_str().unwrap_or(""))?,
        json!({ "importo": 5 })
    );
    assert_eq!(
        serde_json::from_str::<Value>(document["formData"].as_str().unwrap_or(""))?,
        json!({ "nome": "Mario" })
    );
    assert_eq!(
        serde_json::from_str::<Value>(document["tables"].as_str().unwrap_or(""))?[0]["rows"][0][1],
        "b"
    );
    assert_eq!(
        serde_json::from_str::<Value>(document["rawTextWithGeometry"].as_str().unwrap_or(""))?[0]["text"],
        "Testo"
    );
    assert_eq!(
        serde_json::from_str::<Value>(document["dataTables"].as_str().unwrap_or(""))?,
        json!({ "tassi": [1, 2] })
    );
    let pdf = b"%PDF-1.4 contratto.pdf".to_vec();
    assert_eq!(server.download(&document["pdfUrl"]).await?, pdf);
    assert_eq!(data["documentsByDossier"].as_array().map(Vec::len), Some(2));
    assert_eq!(data["documentsByDossier"][1]["state"], "uploaded");
    assert_eq!(data["documentsNameForDossier"][0]["name"], "contratto.pdf");
    assert_eq!(data["documentsInfo"].as_array().map(Vec::len), Some(1));
    assert_eq!(data["documentsInfo"][0]["dossier"]["id"], id.to_string());
    // The run dialogs' filters: by type, and only documents a rule can run on.
    let filtered = ok(&server
        .graphql_as(
            &token,
            r#"query($dossier: ID!) {
               all: documentsInfo(dossier: $dossier) { name }
               ofType: documentsInfo(dossier: $dossier, documentType: "contratto") { name }
               ofNoType: documentsInfo(dossier: $dossier, documentType: "nessuno") { name }
               extracted: documentsInfo(dossier: $dossier, extracted: true) { name }
             }"#,
            json!({ "dossier": id }),
        )
        .await?)?;
    assert_eq!(filtered["all"].as_array().map(Vec::len), Some(2));
    assert_eq!(filtered["ofType"], json!([{ "name": "contratto.pdf" }]));
    assert_eq!(filtered["ofNoType"], json!([]));
    assert_eq!(filtered["extracted"], json!([{ "name": "contratto.pdf" }]));
    assert_eq!(data["getRulesByDocument"][0]["id"], rule_id.to_string());
    assert_eq!(
        data["getLogsByDocument"][0]["event"],
        "estratto (pagine: 1)"
    );
    assert_eq!(
        data["getLogsByDocument"][0]["message"],
        json!({ "messageCode": "EVENT_EXTRACTED", "params": { "pages": "1" } })
    );
    assert!(data["getLogsByDocument"][0]["timestamp"].as_i64().is_some());
    let download = ok(&server
        .graphql_as(
            &token,
            "query($id: ID!) { downloadDocument(id: $id) { filename extension url } }",
            json!({ "id": doc }),
        )
        .await?)?;
    assert_eq!(download["downloadDocument"]["filename"], "contratto");
    assert_eq!(download["downloadDocument"]["extension"], "pdf");
    assert_eq!(
        server
            .download(&download["downloadDocument"]["url"])
            .await?,
        pdf
    );

    // Tags: a JSON object, else refused.
    let replace = "mutation($id: ID!, $metas: String!) { replaceDocumentMetas(id: $id, metas: $metas) { metas } }";
    let data = ok(&server
        .graphql_as(
            &token,
            replace,
            json!({ "id": doc, "metas": "{\"importo\": 7}" }),
        )
        .await?)?;
    assert_eq!(data["replaceDocumentMetas"]["metas"], "{\"importo\":7}");
    for bad in ["[1]", "{non json"] {
        let body = server
            .graphql_as(&token, replace, json!({ "id": doc, "metas": bad }))
            .await?;
        assert_eq!(error_code(&body), "BAD_USER_INPUT", "{bad}");
    }

    // Rules run only on an extracted document.
    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { runDocumentRules(id: $id) }",
            json!({ "id": pending }),
        )
        .await?;
    assert_eq!(error_code(&body), "CONFLICT");
    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!, $rule: ID!) { runDocumentRule(id: $id, ruleId: $rule) }",
            json!({ "id": pending, "rule": rule_id }),
        )
        .await?;
    assert_eq!(
        error_code(&body),
        "BAD_USER_INPUT",
        "the rule is not of its type: {body}"
    );

    // Deleting a document removes its row, history and files; not while it is in progress.
    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { deleteDocument(id: $id) }",
            json!({ "id": pending }),
        )
        .await?;
    assert_eq!(error_code(&body), "CONFLICT");
    ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!) { deleteDocument(id: $id) }",
            json!({ "id": doc }),
        )
        .await?)?;
    let mut conn = server.db.pool.get().await?;
    let logs: i64 = document_logs::table
        .filter(document_logs::document_id.eq(doc))
        .count()
        .get_result(&mut conn)
        .await?;
    assert_eq!(logs, 0);
    assert!(
        !server
            .state
            .storage
            .exists(&keys::document_pdf(id, doc))
            .await?
    );
    assert!(
        !server
            .state
            .storage
            .exists(&keys::extraction(id, doc))
            .await?
    );
    assert!(
        server
            .state
            .storage
            .exists(&keys::document_pdf(id, pending))
            .await?
    );
    Ok(())
}

/// A document operation checks the document's state under the locks the pipeline's
/// transitions take (its dossier's row, then its own): it waits for a transition in flight and
/// answers on the state that transition leaves, never on the one it is changing.
#[tokio::test]
async fn document_operations_wait_for_the_pipeline_s_transitions_in_flight() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let kind = insert_dossier_type(&server, "cessione").await?;
    let id = dossier(
        &server,
        kind,
        "Pratica Verdi",
        DossierState::Processing,
        Utc::now(),
    )
    .await?;
    let done = document(
        &server,
        id,
        "contratto.pdf",
        None,
        DocumentState::Processed,
        json!({}),
    )
    .await?;
    let running = document(
        &server,
        id,
        "busta.pdf",
        None,
        DocumentState::Extracted,
        json!({}),
    )
    .await?;
    let failed = document(
        &server,
        id,
        "scansione.pdf",
        None,
        DocumentState::CannotProcess,
        json!({}),
    )
    .await?;
    let run_rules = "mutation($id: ID!) { runDocumentRules(id: $id) }";
    let run_rule = "mutation($id: ID!, $rule: ID!) { runDocumentRule(id: $id, ruleId: $rule) }";
    let delete = "mutation($id: ID!) { deleteDocument(id: $id) }";
    let wait = Duration::from_millis(600);

    // The messages of the refusals.
    {
        let mut conn = server.db.pool.get().await?;
        diesel::update(documents::table.find(failed))
            .set(documents::error.eq(Some("PDF cifrato")))
            .execute(&mut conn)
            .await?;
    }
    let body = server
        .graphql_as(&token, run_rules, json!({ "id": failed }))
        .await?;
    assert_eq!(error_code(&body), "CONFLICT");
    assert_eq!(
        body["errors"][0]["message"],
        "Il documento non è stato estratto: PDF cifrato"
    );
    let body = server
        .graphql_as(&token, run_rules, json!({ "id": running }))
        .await?;
    assert_eq!(
        body["errors"][0]["message"],
        "Regole già in esecuzione sul documento"
    );
    let body = server
        .graphql_as(&token, run_rule, json!({ "id": done, "rule": "nessuna" }))
        .await?;
    assert_eq!(error_code(&body), "NOT_FOUND");
    assert_eq!(body["errors"][0]["message"], "Regola nessuna non trovata");
    let body = server
        .graphql_as(
            &token,
            run_rule,
            json!({ "id": Uuid::now_v7(), "rule": "nessuna" }),
        )
        .await?;
    assert_eq!(body["errors"][0]["message"], "Documento non trovato");
    let body = server
        .graphql_as(&token, delete, json!({ "id": running }))
        .await?;
    assert_eq!(
        body["errors"][0]["message"],
        "Impossibile eliminare il documento: è ancora in elaborazione"
    );

    // The rules of `running` are being recorded (its row locked, `processed` not committed
    // yet): a rerun asked meanwhile waits, then is accepted on the committed state.
    let mut pipeline = server.db.pool.get().await?;
    diesel::sql_query("BEGIN").execute(&mut pipeline).await?;
    diesel::update(documents::table.find(running))
        .set(documents::state.eq(DocumentState::Processed))
        .execute(&mut pipeline)
        .await?;
    let rerun = server.graphql_as(&token, run_rules, json!({ "id": running }));
    tokio::pin!(rerun);
    if let Ok(answer) = tokio::time::timeout(wait, &mut rerun).await {
        anyhow::bail!(
            "the rerun was answered while the document's transition was in flight: {answer:?}"
        );
    }
    diesel::sql_query("COMMIT").execute(&mut pipeline).await?;
    let data = ok(&rerun.await?)?;
    assert_eq!(data["runDocumentRules"], true);

    // The dossier is in a transition (its row locked, as `advance_dossier` does while it reads
    // its documents): a deletion waits for it.
    diesel::sql_query("BEGIN").execute(&mut pipeline).await?;
    diesel::sql_query("SELECT id FROM dossiers WHERE id = $1 FOR UPDATE")
        .bind::<diesel::sql_types::Uuid, _>(id)
        .execute(&mut pipeline)
        .await?;
    let deletion = server.graphql_as(&token, delete, json!({ "id": done }));
    tokio::pin!(deletion);
    if let Ok(answer) = tokio::time::timeout(wait, &mut deletion).await {
        anyhow::bail!(
            "the deletion was answered while its dossier's transition was in flight: {answer:?}"
        );
    }
    let mut conn = server.db.pool.get().await?;
    let still_there: i64 = documents::table
        .filter(documents::id.eq(done))
        .count()
        .get_result(&mut conn)
        .await?;
    assert_eq!(still_there, 1);
    diesel::sql_query("COMMIT").execute(&mut pipeline).await?;
    let data = ok(&deletion.await?)?;
    assert_eq!(data["deleteDocument"], true);
    let left: i64 = documents::table
        .filter(documents::id.eq(done))
        .count()
        .get_result(&mut conn)
        .await?;
    assert_eq!(left, 0);
    Ok(())
}

#[tokio::test]
async fn rule_logs_and_executions_are_paged_and_filtered() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let kind = insert_dossier_type(&server, "cessione").await?;
    let contract = document_type(&server, "contratto").await?;
    let id = dossier(
        &server,
        kind,
        "Pratica Verdi",
        DossierState::Processed,
        Utc::now(),
    )
    .await?;
    let other = dossier(
        &server,
        kind,
        "Pratica Neri",
        DossierState::Processed,
        Utc::now(),
    )
    .await?;
    let doc_a = document(
        &server,
        id,
        "a.pdf",
        Some(contract),
        DocumentState::Processed,
        json!({}),
    )
    .await?;
    let doc_b = document(
        &server,
        id,
        "b.pdf",
        Some(contract),
        DocumentState::Processed,
        json!({}),
    )
    .await?;
    let rule_one = Uuid::now_v7();
    let rule_two = Uuid::now_v7();
    let mut conn = server.db.pool.get().await?;
    for (rule, name) in [(rule_one, "Uno"), (rule_two, "Due")] {
        diesel::sql_query(
            "INSERT INTO document_rules (id, document_type_id, description, code, package_json) VALUES ($1, $2, $3, 'export default () => ({ success: true })', '{}')",
        )
        .bind::<diesel::sql_types::Uuid, _>(rule)
        .bind::<diesel::sql_types::BigInt, _>(contract)
        .bind::<diesel::sql_types::Text, _>(name)
        .execute(&mut conn)
        .await?;
    }
    let mut first_log = None;
    for (document_id, rule, platform) in [
        (doc_a, rule_one, Platform::Backend),
        (doc_a, rule_two, Platform::Backend),
        (doc_b, rule_one, Platform::Frontend),
    ] {
        let log_id = Uuid::now_v7();
        first_log.get_or_insert(log_id);
        diesel::insert_into(rule_execution_logs::table)
            .values(NewRuleExecutionLog {
                id: log_id,
                rule_id: Some(rule),
                rule_name: format!("regola {rule}"),
                document_id,
                platform,
                result: Some(json!({ "success": true })),
                code: "export default () => ({ success: true })".into(),
                input_key: Some(keys::extraction(id, document_id)),
                logs: vec!["[log] ciao".into()],
                errors: vec![],
            })
            .execute(&mut conn)
            .await?;
    }
    let dossier_rule = Uuid::now_v7();
    diesel::sql_query(
        "INSERT INTO dossier_rules (id, description, istituto_appartenenza, code, package_json) VALUES ($1, 'Minimo', 'Banca', 'export default () => ({ success: true })', '{}')",
    )
    .bind::<diesel::sql_types::Uuid, _>(dossier_rule)
    .execute(&mut conn)
    .await?;
    for (dossier_id, index, state) in [
        (id, 0, ExecutionState::Executed),
        (id, 1, ExecutionState::Error),
        (other, 0, ExecutionState::Created),
    ] {
        let execution = Uuid::now_v7();
        diesel::insert_into(dossier_rule_executions::table)
            .values((
                dossier_rule_executions::id.eq(execution),
                dossier_rule_executions::dossier_id.eq(dossier_id),
                dossier_rule_executions::rule_id.eq(Some(dossier_rule)),
                dossier_rule_executions::rule_name.eq("Minimo"),
                dossier_rule_executions::state.eq(state),
                dossier_rule_executions::input_index.eq(index),
                dossier_rule_executions::input.eq(json!({ "durata": index })),
                dossier_rule_executions::error
                    .eq((state == ExecutionState::Error).then_some("boom")),
                dossier_rule_executions::finished_at
                    .eq((state != ExecutionState::Created).then(Utc::now)),
            ))
            .execute(&mut conn)
            .await?;
        if state != ExecutionState::Created {
            diesel::insert_into(shared::db::schema::dossier_rule_execution_logs::table)
                .values(NewDossierRuleExecutionLog {
                    id: Uuid::now_v7(),
                    dossier_id,
                    execution_id: Some(execution),
                    rule_id: Some(dossier_rule),
                    rule_name: "Minimo".into(),
                    platform: Platform::Backend,
                    result: Some(json!({ "success": state == ExecutionState::Executed })),
                    code: "export default () => ({ success: true })".into(),
                    metas: json!({}),
                    input: json!({ "durata": index }),
                    logs: vec![],
                    errors: vec![],
                })
                .execute(&mut conn)
                .await?;
        }
    }
    diesel::update(dossiers::table.find(id))
        .set(dossiers::aggregate_result.eq(Some(
            json!([{ "Input": { "durata": 0 }, "AggregateResult": false, "Result": [] }]),
        )))
        .execute(&mut conn)
        .await?;
    drop(conn);

    let logs = "query($input: TableInput) { ruleExecutionLogs(input: $input) { total pages op items { id ruleId ruleName documentId executedAt platform result code logs errors } } }";
    let data = ok(&server.graphql_as(&token, logs, json!({})).await?)?;
    assert_eq!(data["ruleExecutionLogs"]["total"], 3);
    assert_eq!(data["ruleExecutionLogs"]["op"], "executedAt DESC");
    assert!(
        data["ruleExecutionLogs"]["items"][0]["executedAt"]
            .as_i64()
            .is_some()
    );
    let filtered = |filters: Value| table(json!({ "filters": filters }));
    let data = ok(&server
        .graphql_as(
            &token,
            logs,
            filtered(json!([{ "column": "rule_id", "value": [rule_one], "type": "text" }])),
        )
        .await?)?;
    assert_eq!(data["ruleExecutionLogs"]["total"], 2);
    let data = ok(&server
        .graphql_as(
            &token,
            logs,
            filtered(json!([
                { "column": "rule_id", "value": [rule_one], "type": "text" },
                { "column": "document_id", "value": [doc_a], "type": "text" }
            ])),
        )
        .await?)?;
    assert_eq!(data["ruleExecutionLogs"]["total"], 1);
    assert_eq!(
        data["ruleExecutionLogs"]["items"][0]["logs"][0],
        "[log] ciao"
    );
    let data = ok(&server
        .graphql_as(
            &token,
            logs,
            filtered(json!([{ "column": "platform", "value": ["frontend"], "type": "select" }])),
        )
        .await?)?;
    assert_eq!(
        data["ruleExecutionLogs"]["items"][0]["documentId"],
        doc_b.to_string()
    );
    let body = server
        .graphql_as(
            &token,
            logs,
            filtered(json!([{ "column": "code", "value": ["x"], "type": "text" }])),
        )
        .await?;
    assert_eq!(error_code(&body), "BAD_USER_INPUT");

    // One log in full: its input from storage.
    let data = ok(&server
        .graphql_as(
            &token,
            "query($id: ID!) { ruleExecutionLog(id: $id) { ruleName rawText formData tables rawTextWithGeometry dataTables } }",
            json!({ "id": first_log }),
        )
        .await?)?;
    assert_eq!(data["ruleExecutionLog"]["rawText"], "Testo di a.pdf");
    assert_eq!(data["ruleExecutionLog"]["formData"], "{\"nome\":\"Mario\"}");
    assert_eq!(data["ruleExecutionLog"]["dataTables"], "{}");

    let executions = "query($input: TableInput) { dossierRuleExecutions(input: $input) { total items { dossierId ruleName state platform createdAt finishedAt error input result } } }";
    let data = ok(&server
        .graphql_as(
            &token,
            executions,
            filtered(json!([{ "column": "dossier_id", "value": [id], "type": "text" }])),
        )
        .await?)?;
    assert_eq!(data["dossierRuleExecutions"]["total"], 2);
    let data = ok(&server
        .graphql_as(
            &token,
            executions,
            filtered(json!([
                { "column": "state", "value": ["error", "created"], "type": "select" },
                { "column": "rule_id", "value": [dossier_rule], "type": "text" },
                { "column": "platform", "value": ["backend"], "type": "select" }
            ])),
        )
        .await?)?;
    assert_eq!(data["dossierRuleExecutions"]["total"], 2);
    let body = server
        .graphql_as(
            &token,
            executions,
            filtered(json!([{ "column": "state", "value": ["finita"], "type": "select" }])),
        )
        .await?;
    assert_eq!(error_code(&body), "BAD_USER_INPUT");

    let dossier_logs = "query($input: TableInput) { dossierRuleExecutionLogs(input: $input) { total items { ruleName dossierId executedAt platform result code metas input logs errors } } }";
    let data = ok(&server
        .graphql_as(
            &token,
            dossier_logs,
            filtered(json!([{ "column": "dossier_id", "value": [id], "type": "text" }])),
        )
        .await?)?;
    assert_eq!(data["dossierRuleExecutionLogs"]["total"], 2);
    assert_eq!(
        data["dossierRuleExecutionLogs"]["items"][0]["dossierId"],
        id.to_string()
    );

    // The dossier's counters, failures and aggregate.
    let data = ok(&server
        .graphql_as(
            &token,
            "query($id: ID!) { getDossierRulesExecutionCount(dossierID: $id) { processed total errors }
               getFailedDossierRuleExecs(dossierID: $id) { ruleName error state }
               getDossierResultAggregate(dossierID: $id) }",
            json!({ "id": id }),
        )
        .await?)?;
    assert_eq!(
        data["getDossierRulesExecutionCount"],
        json!({ "processed": 2, "total": 2, "errors": 1 })
    );
    assert_eq!(
        data["getFailedDossierRuleExecs"],
        json!([{ "ruleName": "Minimo", "error": "boom", "state": "error" }])
    );
    let aggregate: Value =
        serde_json::from_str(data["getDossierResultAggregate"].as_str().unwrap_or(""))?;
    assert_eq!(aggregate[0]["AggregateResult"], false);
    let data = ok(&server
        .graphql_as(
            &token,
            "query($id: ID!) { getDossierResultAggregate(dossierID: $id) }",
            json!({ "id": other }),
        )
        .await?)?;
    assert_eq!(data["getDossierResultAggregate"], "[]");
    Ok(())
}

const STATE_CHANGES: &str =
    "subscription($id: ID) { dossierStateChanged(id: $id) { dossierId documentId state at } }";

#[tokio::test]
async fn the_subscription_receives_state_changes_published_by_other_connections() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let watched = Uuid::now_v7();
    let other = Uuid::now_v7();
    let document = Uuid::now_v7();
    let mut socket = subscribe(&server, &token, STATE_CHANGES, json!({ "id": watched })).await?;
    // A separate Redis connection, as a worker's would be.
    let redis = shared::jobs::Redis::connect(&common::redis_url(), &server.namespace).await?;
    until_listening(&server, 1).await?;
    // An event of another dossier first: it must be filtered out.
    events::publish(&redis, &Event::dossier(other, DossierState::Processed)).await?;
    events::publish(
        &redis,
        &Event::document(watched, document, DocumentState::Extracted),
    )
    .await?;
    let received = next_message(&mut socket).await?;
    assert_eq!(received["type"], "next", "{received}");
    let change = &received["payload"]["data"]["dossierStateChanged"];
    assert_eq!(change["dossierId"], watched.to_string());
    assert_eq!(change["documentId"], document.to_string());
    assert_eq!(change["state"], "extracted");
    assert!(change["at"].as_str().is_some());

    // Without a token the subscription is refused.
    let url = server.url("/graphql/ws").replacen("http://", "ws://", 1);
    let mut request = url.into_client_request()?;
    request
        .headers_mut()
        .insert("Sec-WebSocket-Protocol", "graphql-transport-ws".parse()?);
    let (mut anonymous, _) = tokio_tungstenite::connect_async(request).await?;
    anonymous
        .send(Message::text(
            json!({ "type": "connection_init", "payload": {} }).to_string(),
        ))
        .await?;
    let _ack = next_message(&mut anonymous).await?;
    anonymous
        .send(Message::text(
            json!({ "id": "1", "type": "subscribe", "payload": { "query": STATE_CHANGES } })
                .to_string(),
        ))
        .await?;
    let refused = next_message(&mut anonymous).await?;
    // async-graphql answers a refused operation as its only result, carrying the error.
    assert_eq!(refused["payload"]["data"], Value::Null, "{refused}");
    assert_eq!(
        refused["payload"]["errors"][0]["extensions"]["code"], "UNAUTHENTICATED",
        "{refused}"
    );
    Ok(())
}

/// An open subscription ends when its session ends, and when its user's roles stop allowing
/// the resource.
#[tokio::test]
async fn a_subscription_ends_with_its_session_or_its_permission() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    // The session ends: logout.
    let token = server.admin_token().await?;
    let mut socket = subscribe(&server, &token, STATE_CHANGES, json!({})).await?;
    ok(&server
        .graphql_as(&token, "mutation { logout }", json!({}))
        .await?)?;
    let closed = next_message(&mut socket).await?;
    assert_eq!(closed["type"], "complete", "{closed}");

    // The permission goes: the role of a user loses `dossiers` while they listen.
    let admin = server.admin_token().await?;
    let role = format!("osservatore-{}", &Uuid::now_v7().simple().to_string()[..8]);
    ok(&server
        .graphql_as(
            &admin,
            "mutation($u: CreateUserInput!) { createUser(user: $u) { email } }",
            json!({ "u": { "email": "oss@example.test", "firstName": "O", "lastName": "S",
                "password": "segreto1", "confirmPassword": "segreto1" } }),
        )
        .await?)?;
    for mutation in [
        format!(r#"mutation {{ createRole(name: "{role}", description: "d") {{ name }} }}"#),
        format!(
            r#"mutation {{ AddPolicy(subject: "{role}", object: "dossiers", action: "allow") {{ subject }} }}"#
        ),
        format!(
            r#"mutation {{ AddGroup(subject: "oss@example.test", role: "{role}") {{ subject }} }}"#
        ),
    ] {
        ok(&server.graphql_as(&admin, &mutation, json!({})).await?)?;
    }
    let user = server.login("oss@example.test", "segreto1").await?;
    let mut socket = subscribe(&server, &user, STATE_CHANGES, json!({})).await?;
    ok(&server
        .graphql_as(
            &admin,
            &format!(
                r#"mutation {{ deletePolicy(subject: "{role}", object: "dossiers", action: "allow") }}"#
            ),
            json!({}),
        )
        .await?)?;
    let closed = next_message(&mut socket).await?;
    assert_eq!(closed["type"], "complete", "{closed}");
    Ok(())
}

#[tokio::test]
async fn running_dossier_rules_goes_through_a_worker_and_is_seen_by_the_subscription() -> Result<()>
{
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let kind = insert_dossier_type(&server, "cessione").await?;
    let id = dossier(
        &server,
        kind,
        "Pratica da eseguire",
        DossierState::Processed,
        Utc::now(),
    )
    .await?;
    document(
        &server,
        id,
        "a.pdf",
        None,
        DocumentState::Processed,
        json!({ "importo": 10 }),
    )
    .await?;
    {
        let mut conn = server.db.pool.get().await?;
        diesel::sql_query(
            "INSERT INTO dossier_rules (id, description, istituto_appartenenza, code, package_json) VALUES ($1, 'Durata', 'Banca', $2, '{}')",
        )
        .bind::<diesel::sql_types::Uuid, _>(Uuid::now_v7())
        .bind::<diesel::sql_types::Text, _>(
            "export default ({ metas, input }) => ({ success: input.durata_finanziamento < 30 })",
        )
        .execute(&mut conn)
        .await?;
    }
    let mut socket = subscribe(&server, &token, STATE_CHANGES, json!({ "id": id })).await?;
    until_listening(&server, 1).await?;
    let _worker = server.spawn_worker().await?;

    let data = ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!) { runDossierRules(id: $id) }",
            json!({ "id": id }),
        )
        .await?)?;
    assert_eq!(data["runDossierRules"], true);
    let mut states = Vec::new();
    while !states.iter().any(|s| s == "processed") {
        let message = tokio::time::timeout(Duration::from_secs(60), next_message(&mut socket))
            .await
            .context("the dossier was not processed within 60 s")??;
        if let Some(state) = message["payload"]["data"]["dossierStateChanged"]["state"].as_str() {
            states.push(state.to_owned());
        }
    }
    assert_eq!(
        <[String]>::first(&states).map(String::as_str),
        Some("processing"),
        "{states:?}"
    );

    let data = ok(&server
        .graphql_as(
            &token,
            "query($id: ID!) { dossier(id: $id) { state }
               getDossierRulesExecutionCount(dossierID: $id) { processed total errors }
               getDossierResultAggregate(dossierID: $id) }",
            json!({ "id": id }),
        )
        .await?)?;
    assert_eq!(data["dossier"]["state"], "processed");
    assert_eq!(
        data["getDossierRulesExecutionCount"],
        json!({ "processed": 2, "total": 2, "errors": 0 })
    );
    let aggregate: Value =
        serde_json::from_str(data["getDossierResultAggregate"].as_str().unwrap_or(""))?;
    assert_eq!(aggregate.as_array().map(Vec::len), Some(2), "{aggregate}");

    // A run is refused while documents are still in the pipeline.
    document(
        &server,
        id,
        "b.pdf",
        None,
        DocumentState::Uploaded,
        json!({}),
    )
    .await?;
    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { runAgainDossierRulesThatHasErrors(id: $id) }",
            json!({ "id": id }),
        )
        .await?;
    assert_eq!(error_code(&body), "CONFLICT");
    Ok(())
}

const OVERVIEW: &str = r#"query($since: DateTime) {
  operationsOverview(since: $since) {
    dossiersByState { state count }
    documentsProcessedByHour { hour count }
    dossierRuleErrors
    documentRuleErrors
    latestRuleErrors { dossierId dossierDescription ruleName error }
  }
}"#;

#[tokio::test]
async fn the_dashboard_counts_today_s_dossiers_processed_documents_and_rule_errors() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let kind = insert_dossier_type(&server, "cessione").await?;
    let contract = document_type(&server, "contratto").await?;
    let now = Utc::now();
    let today = dossier(&server, kind, "Pratica Oggi", DossierState::Processed, now).await?;
    dossier(
        &server,
        kind,
        "Pratica Errore",
        DossierState::CannotProcess,
        now,
    )
    .await?;
    dossier(
        &server,
        kind,
        "Pratica Vecchia",
        DossierState::Processed,
        now - chrono::Duration::days(3),
    )
    .await?;
    for name in ["a.pdf", "b.pdf"] {
        document(
            &server,
            today,
            name,
            Some(contract),
            DocumentState::Processed,
            json!({}),
        )
        .await?;
    }
    document(
        &server,
        today,
        "c.pdf",
        Some(contract),
        DocumentState::Uploaded,
        json!({}),
    )
    .await?;
    {
        let mut conn = server.db.pool.get().await?;
        diesel::insert_into(dossier_rule_executions::table)
            .values((
                dossier_rule_executions::id.eq(Uuid::now_v7()),
                dossier_rule_executions::dossier_id.eq(today),
                dossier_rule_executions::rule_name.eq("Minimo"),
                dossier_rule_executions::state.eq(ExecutionState::Error),
                dossier_rule_executions::input_index.eq(0),
                dossier_rule_executions::input.eq(json!({})),
                dossier_rule_executions::error.eq(Some("TypeError: boom")),
            ))
            .execute(&mut conn)
            .await?;
    }

    let since = now - chrono::Duration::hours(1);
    let data = ok(&server
        .graphql_as(&token, OVERVIEW, json!({ "since": since }))
        .await?)?;
    let overview = &data["operationsOverview"];
    assert_eq!(
        overview["dossiersByState"],
        json!([{ "state": "cannot process", "count": 1 }, { "state": "processed", "count": 1 }]),
        "the dossier of three days ago is outside the window"
    );
    let processed: i64 = overview["documentsProcessedByHour"]
        .as_array()
        .context("hours")?
        .iter()
        .map(|hour| hour["count"].as_i64().unwrap_or(0))
        .sum();
    assert_eq!(processed, 2);
    assert_eq!(overview["dossierRuleErrors"], json!(1));
    assert_eq!(overview["documentRuleErrors"], json!(0));
    assert_eq!(
        overview["latestRuleErrors"],
        json!([{ "dossierId": today, "dossierDescription": "Pratica Oggi", "ruleName": "Minimo", "error": "TypeError: boom" }])
    );

    // The window is bounded: the dashboard looks at days, not years.
    let refused = server
        .graphql_as(
            &token,
            OVERVIEW,
            json!({ "since": now - chrono::Duration::days(400) }),
        )
        .await?;
    assert_eq!(error_code(&refused), "BAD_USER_INPUT", "{refused}");
    Ok(())
}
