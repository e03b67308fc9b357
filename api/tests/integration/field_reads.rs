//! Fields that carry another resource's content, read through GraphQL by narrow roles (issue
//! 29): `Document.dataTables` and `RuleExecutionLogDetail.dataTables` are the data tables'
//! content, so `documents` or `ruleExecutions` alone do not read them; `downloadDossier` is
//! every document's PDF, so `dossiers` alone — FORBIDDEN from `documentsByDossier` — does not
//! get its link either, and the link stops working when the role stops allowing `documents`.
//! With both resources each reads.

use crate::common;

use anyhow::Result;
use common::{
    Options, TestServer,
    graphql::{error_code, ok},
    users::{PASSWORD, create_user, new_user},
};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};
use shared::db::schema::{document_rules, rule_execution_logs};
use shared::storage::keys;
use uuid::Uuid;

const ARCHIVE: &[u8] = b"PK archivio del dossier";

/// A user whose one role allows exactly `resources`; their access token.
async fn user_with(
    server: &TestServer,
    admin: &str,
    name: &str,
    resources: &[&str],
) -> Result<String> {
    let email = format!("{name}@example.com");
    create_user(server, admin, new_user(&email, PASSWORD)).await?;
    let role = format!("mutation {{ createRole(name: \"{name}\") {{ name }} }}");
    ok(&server.graphql_as(admin, &role, json!({})).await?)?;
    for resource in resources {
        let policy = format!(
            "mutation {{ AddPolicy(subject: \"{name}\", object: \"{resource}\", action: \"allow\") {{ subject }} }}"
        );
        ok(&server.graphql_as(admin, &policy, json!({})).await?)?;
    }
    let group =
        format!("mutation {{ AddGroup(subject: \"{email}\", role: \"{name}\") {{ subject }} }}");
    ok(&server.graphql_as(admin, &group, json!({})).await?)?;
    server.login(&email, PASSWORD).await
}

/// A dossier with its stored archive and one document of type `busta-paga`, whose rule reads
/// the data table `tassi`; (dossier id, document id).
async fn catalogue_and_dossier(server: &TestServer, admin: &str) -> Result<(Uuid, Uuid)> {
    for query in [
        r#"mutation { createDocumentType(input: { name: "busta-paga" }) { name } }"#,
        r#"mutation { createDataTable(input: { name: "tassi", content: "{\"euribor\": 3.1}" }) { name } }"#,
        r#"mutation { createDocumentRule(input: { documentType: "busta-paga", description: "Netto", dataTables: ["tassi"] }) { id } }"#,
    ] {
        ok(&server.graphql_as(admin, query, json!({})).await?)?;
    }
    let dossier_type = common::fixtures::insert_dossier_type(server, "cessione").await?;
    let document_type = common::fixtures::document_type_id(server, "busta-paga").await?;
    let (dossier, document) = common::insert_processed_dossier(
        server,
        common::ProcessedDossier {
            dossier_type_id: dossier_type,
            document_type_id: document_type,
            id_valutazione: "",
            callback_url: None,
            with_archive: true,
            metas: json!({}),
        },
    )
    .await?;
    let storage = &server.state.storage;
    storage
        .put(&keys::archive(dossier), ARCHIVE.to_vec())
        .await?;
    let pdf = keys::document_pdf(dossier, document);
    storage.put(&pdf, b"%PDF-1.4 busta".to_vec()).await?;
    Ok((dossier, document))
}

#[tokio::test]
async fn document_data_tables_need_the_data_tables_resource() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let (_, document) = catalogue_and_dossier(&server, &admin).await?;
    let reader = user_with(&server, &admin, "lettore", &["documents"]).await?;
    let query = format!("{{ document(id: \"{document}\") {{ name dataTables }} }}");

    let body = server.graphql_as(&reader, &query, json!({})).await?;
    assert_eq!(error_code(&body), "FORBIDDEN", "{body}");
    assert!(
        body["errors"][0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("dataTables")),
        "{body}"
    );
    assert!(!body.to_string().contains("euribor"), "{body}");
    // The rest of the document is theirs.
    let body = server
        .graphql_as(
            &reader,
            &format!("{{ document(id: \"{document}\") {{ name }} }}"),
            json!({}),
        )
        .await?;
    assert_eq!(body["data"]["document"]["name"], "busta.pdf", "{body}");

    let both = user_with(&server, &admin, "analista", &["documents", "dataTables"]).await?;
    let body = server.graphql_as(&both, &query, json!({})).await?;
    assert!(body.get("errors").is_none(), "{body}");
    let tables: Value = serde_json::from_str(
        body["data"]["document"]["dataTables"]
            .as_str()
            .unwrap_or_default(),
    )?;
    assert_eq!(tables["tassi"]["euribor"], 3.1, "{body}");
    Ok(())
}

#[tokio::test]
async fn a_logged_run_s_data_tables_need_the_data_tables_resource() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let (_, document) = catalogue_and_dossier(&server, &admin).await?;
    let mut conn = server.db.pool.get().await?;
    let rule: Uuid = document_rules::table
        .select(document_rules::id)
        .first(&mut conn)
        .await?;
    let log = Uuid::now_v7();
    diesel::insert_into(rule_execution_logs::table)
        .values((
            rule_execution_logs::id.eq(log),
            rule_execution_logs::rule_id.eq(Some(rule)),
            rule_execution_logs::rule_name.eq("Netto"),
            rule_execution_logs::document_id.eq(document),
            rule_execution_logs::platform.eq("backend"),
            rule_execution_logs::code.eq("export default () => ({})"),
        ))
        .execute(&mut conn)
        .await?;
    drop(conn);
    let query = format!("{{ ruleExecutionLog(id: \"{log}\") {{ ruleName dataTables }} }}");

    let author = user_with(&server, &admin, "autore", &["ruleExecutions"]).await?;
    let body = server.graphql_as(&author, &query, json!({})).await?;
    assert_eq!(error_code(&body), "FORBIDDEN", "{body}");
    assert!(!body.to_string().contains("euribor"), "{body}");
    // The run itself is theirs.
    let body = server
        .graphql_as(
            &author,
            &format!("{{ ruleExecutionLog(id: \"{log}\") {{ ruleName }} }}"),
            json!({}),
        )
        .await?;
    assert_eq!(
        body["data"]["ruleExecutionLog"]["ruleName"], "Netto",
        "{body}"
    );

    let both = user_with(
        &server,
        &admin,
        "revisore",
        &["ruleExecutions", "dataTables"],
    )
    .await?;
    let body = server.graphql_as(&both, &query, json!({})).await?;
    assert!(body.get("errors").is_none(), "{body}");
    let tables: Value = serde_json::from_str(
        body["data"]["ruleExecutionLog"]["dataTables"]
            .as_str()
            .unwrap_or_default(),
    )?;
    assert_eq!(tables["tassi"]["euribor"], 3.1, "{body}");
    Ok(())
}

#[tokio::test]
async fn a_dossier_s_archive_needs_the_documents_resource_too() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let (dossier, _) = catalogue_and_dossier(&server, &admin).await?;
    let follower = user_with(&server, &admin, "pratiche", &["dossiers"]).await?;

    // The dossier is theirs, its documents are not...
    let body = server
        .graphql_as(
            &follower,
            &format!("{{ dossier(id: \"{dossier}\") {{ description }} }}"),
            json!({}),
        )
        .await?;
    assert_eq!(body["data"]["dossier"]["description"], "Rossi", "{body}");
    let body = server
        .graphql_as(
            &follower,
            &format!("{{ documentsByDossier(dossier: \"{dossier}\") {{ name }} }}"),
            json!({}),
        )
        .await?;
    assert_eq!(error_code(&body), "FORBIDDEN", "{body}");
    // ...and neither is the zip of their PDFs.
    let download = format!("{{ downloadDossier(id: \"{dossier}\") {{ filename url }} }}");
    let body = server.graphql_as(&follower, &download, json!({})).await?;
    assert_eq!(error_code(&body), "FORBIDDEN", "{body}");
    assert_eq!(body["data"], Value::Null, "{body}");

    let both = user_with(&server, &admin, "istruttore", &["dossiers", "documents"]).await?;
    let body = server.graphql_as(&both, &download, json!({})).await?;
    assert!(body.get("errors").is_none(), "{body}");
    let link = &body["data"]["downloadDossier"]["url"];
    assert_eq!(server.download(link).await?, ARCHIVE);

    // The link is checked again when followed: once the role stops allowing `documents`, it
    // is refused.
    ok(&server
        .graphql_as(
            &admin,
            r#"mutation { deletePolicy(subject: "istruttore", object: "documents", action: "allow") }"#,
            json!({}),
        )
        .await?)?;
    let refused = server.follow_link(link).await?;
    assert_eq!(refused.status(), 403);
    let refused: Value = refused.json().await?;
    assert_eq!(refused["code"], "ACCESS_ENDED", "{refused}");
    Ok(())
}

#[tokio::test]
async fn a_request_downloads_one_stored_file_and_links_are_no_files() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let (dossier, document) = catalogue_and_dossier(&server, &admin).await?;
    let mut conn = server.db.pool.get().await?;
    let rule: Uuid = document_rules::table
        .select(document_rules::id)
        .first(&mut conn)
        .await?;
    drop(conn);
    let body = server
        .graphql_as(
            &admin,
            &format!(
                "{{ a: downloadDocumentRule(id: \"{document}\", ruleId: \"{rule}\") {{ base64Content }} \
                    b: downloadDocumentRule(id: \"{document}\", ruleId: \"{rule}\") {{ base64Content }} }}"
            ),
            json!({}),
        )
        .await?;
    // (Both fields are non-null: the refusal of either nulls the whole answer.)
    assert_eq!(error_code(&body), "TOO_MANY_FILES", "{body}");
    // A link is not the file: a dossier's and its document's in one request.
    let body = ok(&server
        .graphql_as(
            &admin,
            &format!(
                "{{ downloadDossier(id: \"{dossier}\") {{ url }} \
                    downloadDocument(id: \"{document}\") {{ url }} \
                    document(id: \"{document}\") {{ name pdfUrl }} }}"
            ),
            json!({}),
        )
        .await?)?;
    assert_eq!(
        server.download(&body["downloadDossier"]["url"]).await?,
        ARCHIVE
    );
    assert_eq!(
        server.download(&body["document"]["pdfUrl"]).await?,
        b"%PDF-1.4 busta"
    );
    Ok(())
}
