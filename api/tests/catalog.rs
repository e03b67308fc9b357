//! Document and dossier types and data tables through the real API: every operation's happy
//! path, every validation message of the operations spec §5, and deletions refused while the
//! row is in use.

mod common;

use anyhow::Result;
use common::{Options, TestServer};
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};

/// The first error of a response: (message, extensions.code, extensions.field).
fn error(body: &Value) -> (String, String, String) {
    let e = &body["errors"][0];
    (
        e["message"].as_str().unwrap_or_default().to_owned(),
        e["extensions"]["code"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        e["extensions"]["field"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
    )
}

fn ok(body: &Value) {
    assert!(body["errors"].is_null(), "unexpected errors: {body}");
}

const CREATE_DOCUMENT_TYPE: &str = "mutation($name: String) { createDocumentType(input: { name: $name }) { name createdAt documentRules { id } } }";
const CREATE_DOSSIER_TYPE: &str = "mutation($name: String) { createDossierType(input: { name: $name }) { name createdAt dossierRules { id } requiredMetas } }";
const CREATE_DATA_TABLE: &str = "mutation($name: String, $content: String, $o: Int) {
    createDataTable(input: { name: $name, content: $content, ordinamento: $o }) { name ordinamento content } }";

#[tokio::test]
async fn document_types_are_created_listed_read_and_deleted() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;

    let body = server
        .graphql_as(
            &token,
            CREATE_DOCUMENT_TYPE,
            json!({ "name": "  Busta paga " }),
        )
        .await?;
    ok(&body);
    assert_eq!(body["data"]["createDocumentType"]["name"], "Busta paga");
    assert_eq!(
        body["data"]["createDocumentType"]["documentRules"],
        json!([])
    );
    ok(&server
        .graphql_as(&token, CREATE_DOCUMENT_TYPE, json!({ "name": "CUD" }))
        .await?);

    let body = server
        .graphql_as(
            &token,
            "{ documentTypes { name createdAt documentRules { id description code packageJSON } } }",
            json!({}),
        )
        .await?;
    ok(&body);
    let names: Vec<&str> = body["data"]["documentTypes"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(names, ["CUD", "Busta paga"], "newest first");

    // A rule of the type shows in its detail, and keeps it from being deleted.
    let body = server
        .graphql_as(
            &token,
            r#"mutation { createDocumentRule(input: { documentType: "CUD", description: "Reddito", dataTables: [] }) { id } }"#,
            json!({}),
        )
        .await?;
    ok(&body);
    let rule_id = body["data"]["createDocumentRule"]["id"]
        .as_str()
        .expect("an id")
        .to_owned();
    let body = server
        .graphql_as(
            &token,
            "query($n: String!) { documentType(name: $n) { name documentRules { id description code packageJSON } } }",
            json!({ "n": "CUD" }),
        )
        .await?;
    ok(&body);
    let rules = &body["data"]["documentType"]["documentRules"];
    assert_eq!(rules[0]["id"], rule_id.as_str());
    assert_eq!(rules[0]["description"], "Reddito");
    assert!(
        rules[0]["code"]
            .as_str()
            .unwrap_or_default()
            .contains("export default")
    );
    assert!(
        rules[0]["packageJSON"]
            .as_str()
            .unwrap_or_default()
            .contains("\"rule\"")
    );

    let delete = "mutation($n: String!) { deleteDocumentType(name: $n) }";
    let body = server
        .graphql_as(&token, delete, json!({ "n": "CUD" }))
        .await?;
    let (message, code, _) = error(&body);
    assert_eq!(code, "CONFLICT");
    assert!(
        message.contains("Impossibile eliminare la tipologia") && message.contains("regole"),
        "{message}"
    );

    // Documents of the type keep it too.
    let mut conn = server.db.pool.get().await?;
    diesel::sql_query(
        "WITH t AS (INSERT INTO dossier_types (name) VALUES ('cessione') RETURNING id),
              d AS (INSERT INTO dossiers (id, dossier_type_id) SELECT gen_random_uuid(), id FROM t RETURNING id)
         INSERT INTO documents (id, dossier_id, name, document_type_id, pdf_key)
         SELECT gen_random_uuid(), d.id, 'busta.pdf', dt.id, 'k' FROM d, document_types dt WHERE dt.name = 'Busta paga'",
    )
    .execute(&mut conn)
    .await?;
    drop(conn);
    let body = server
        .graphql_as(&token, delete, json!({ "n": "Busta paga" }))
        .await?;
    let (message, code, _) = error(&body);
    assert_eq!(code, "CONFLICT");
    assert!(message.contains("documenti"), "{message}");

    // Without its rule the type goes.
    ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!) { deleteDocumentRule(id: $id) }",
            json!({ "id": rule_id }),
        )
        .await?);
    let body = server
        .graphql_as(&token, delete, json!({ "n": "CUD" }))
        .await?;
    ok(&body);
    assert_eq!(body["data"]["deleteDocumentType"], true);
    let body = server
        .graphql_as(
            &token,
            "query($n: String!) { documentType(name: $n) { name } }",
            json!({ "n": "CUD" }),
        )
        .await?;
    assert_eq!(error(&body).1, "NOT_FOUND");
    let body = server
        .graphql_as(&token, delete, json!({ "n": "CUD" }))
        .await?;
    assert_eq!(error(&body).1, "NOT_FOUND");
    Ok(())
}

#[tokio::test]
async fn type_names_are_required_short_and_unique() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    for create in [CREATE_DOCUMENT_TYPE, CREATE_DOSSIER_TYPE] {
        for name in [json!(null), json!(""), json!("   ")] {
            let body = server
                .graphql_as(&token, create, json!({ "name": name }))
                .await?;
            assert_eq!(
                error(&body),
                (
                    "Campo obbligatorio".into(),
                    "BAD_USER_INPUT".into(),
                    "name".into()
                ),
                "{body}"
            );
        }
        let body = server
            .graphql_as(&token, create, json!({ "name": "x".repeat(31) }))
            .await?;
        assert_eq!(error(&body).0, "Massimo 30 caratteri");
        // 30 characters, accents included, are fine.
        let thirty = "è".repeat(30);
        ok(&server
            .graphql_as(&token, create, json!({ "name": thirty }))
            .await?);
        let body = server
            .graphql_as(&token, create, json!({ "name": thirty }))
            .await?;
        let (message, code, field) = error(&body);
        assert_eq!((code.as_str(), field.as_str()), ("BAD_USER_INPUT", "name"));
        assert!(message.contains("Esiste già una tipologia"), "{message}");
    }
    Ok(())
}

#[tokio::test]
async fn dossier_types_have_rules_and_required_metas() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let body = server
        .graphql_as(&token, CREATE_DOSSIER_TYPE, json!({ "name": "cessione" }))
        .await?;
    ok(&body);
    assert_eq!(
        body["data"]["createDossierType"]["requiredMetas"],
        json!([])
    );

    let body = server
        .graphql_as(
            &token,
            "mutation($n: String!, $m: [String!]!) { setDossierTypeRequiredMetas(name: $n, metas: $m) { name requiredMetas } }",
            json!({ "n": "cessione", "m": ["iban", " codiceFiscale ", "", "iban"] }),
        )
        .await?;
    ok(&body);
    assert_eq!(
        body["data"]["setDossierTypeRequiredMetas"]["requiredMetas"],
        json!(["codiceFiscale", "iban"])
    );

    // A dossier rule restricted to the type is one of its rules.
    let body = server
        .graphql_as(
            &token,
            r#"mutation { createDossierRule(input: { description: "Durata", istitutoAppartenenza: "Banca", dossierType: "cessione", dataTables: [] }) { id dossierType { name } } }"#,
            json!({}),
        )
        .await?;
    ok(&body);
    let rule_id = body["data"]["createDossierRule"]["id"].clone();
    assert_eq!(
        body["data"]["createDossierRule"]["dossierType"]["name"],
        "cessione"
    );

    let body = server
        .graphql_as(
            &token,
            "query($n: String!) { dossierType(name: $n) { name createdAt requiredMetas dossierRules { id description code } } }",
            json!({ "n": "cessione" }),
        )
        .await?;
    ok(&body);
    let detail = &body["data"]["dossierType"];
    assert_eq!(detail["requiredMetas"], json!(["codiceFiscale", "iban"]));
    assert_eq!(detail["dossierRules"][0]["id"], rule_id);

    let body = server
        .graphql_as(
            &token,
            "{ dossierTypes { name requiredMetas dossierRules { id } } }",
            json!({}),
        )
        .await?;
    ok(&body);
    assert_eq!(body["data"]["dossierTypes"][0]["name"], "cessione");
    assert_eq!(
        body["data"]["dossierTypes"][0]["dossierRules"][0]["id"],
        rule_id
    );

    let body = server
        .graphql_as(
            &token,
            "mutation { setDossierTypeRequiredMetas(name: \"nope\", metas: []) { name } }",
            json!({}),
        )
        .await?;
    assert_eq!(error(&body).1, "NOT_FOUND");
    let body = server
        .graphql_as(
            &token,
            "{ dossierType(name: \"nope\") { name } }",
            json!({}),
        )
        .await?;
    assert_eq!(error(&body).1, "NOT_FOUND");
    Ok(())
}

#[tokio::test]
async fn data_tables_are_created_sorted_updated_and_deleted() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;

    let body = server
        .graphql_as(
            &token,
            CREATE_DATA_TABLE,
            json!({ "name": "tassi", "content": "{\"24\": 3.5, \"36\": 3.9}", "o": 2 }),
        )
        .await?;
    ok(&body);
    let created = &body["data"]["createDataTable"];
    assert_eq!(created["name"], "tassi");
    assert_eq!(created["ordinamento"], 2);
    let content: Value = serde_json::from_str(created["content"].as_str().unwrap_or_default())?;
    assert_eq!(content, json!({ "24": 3.5, "36": 3.9 }));
    ok(&server
        .graphql_as(
            &token,
            CREATE_DATA_TABLE,
            json!({ "name": "province", "content": "[\"MI\",\"RM\"]", "o": 1 }),
        )
        .await?);
    ok(&server
        .graphql_as(
            &token,
            CREATE_DATA_TABLE,
            json!({ "name": "comuni", "content": "[]" }),
        )
        .await?);

    let list = "{ dataTables { name ordinamento content } }";
    let body = server.graphql_as(&token, list, json!({})).await?;
    ok(&body);
    let names: Vec<&str> = body["data"]["dataTables"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(names, ["comuni", "province", "tassi"], "by ordinamento");

    // The detail editor sends ordinamento 1 and the content.
    let update = "mutation($n: String!, $input: UpdateDataTableInput!) { updateDataTable(name: $n, input: $input) { name ordinamento content } }";
    let body = server
        .graphql_as(
            &token,
            update,
            json!({ "n": "tassi", "input": { "ordinamento": 1, "content": "{\"24\": 4}" } }),
        )
        .await?;
    ok(&body);
    assert_eq!(body["data"]["updateDataTable"]["ordinamento"], 1);
    assert_eq!(body["data"]["updateDataTable"]["content"], "{\"24\":4}");
    let body = server
        .graphql_as(
            &token,
            update,
            json!({ "n": "comuni", "input": { "name": "comuni italiani" } }),
        )
        .await?;
    ok(&body);
    assert_eq!(body["data"]["updateDataTable"]["name"], "comuni italiani");
    assert_eq!(body["data"]["updateDataTable"]["content"], "[]");

    // Validation: JSON, name required, unique, unknown table.
    for content in [json!("{not json"), json!(""), json!(null)] {
        let body = server
            .graphql_as(
                &token,
                CREATE_DATA_TABLE,
                json!({ "name": "x", "content": content }),
            )
            .await?;
        assert_eq!(
            error(&body),
            (
                "Json non valido".into(),
                "BAD_USER_INPUT".into(),
                "content".into()
            )
        );
    }
    let body = server
        .graphql_as(
            &token,
            update,
            json!({ "n": "tassi", "input": { "content": "[1," } }),
        )
        .await?;
    assert_eq!(error(&body).0, "Json non valido");
    let body = server
        .graphql_as(
            &token,
            CREATE_DATA_TABLE,
            json!({ "name": " ", "content": "1" }),
        )
        .await?;
    assert_eq!(
        error(&body),
        (
            "Campo obbligatorio".into(),
            "BAD_USER_INPUT".into(),
            "name".into()
        )
    );
    let body = server
        .graphql_as(
            &token,
            CREATE_DATA_TABLE,
            json!({ "name": "tassi", "content": "1" }),
        )
        .await?;
    assert!(
        error(&body).0.contains("Esiste già una datatable"),
        "{body}"
    );
    let body = server
        .graphql_as(
            &token,
            update,
            json!({ "n": "province", "input": { "name": "tassi" } }),
        )
        .await?;
    assert!(
        error(&body).0.contains("Esiste già una datatable"),
        "{body}"
    );
    let body = server
        .graphql_as(
            &token,
            update,
            json!({ "n": "nope", "input": { "ordinamento": 3 } }),
        )
        .await?;
    assert_eq!(error(&body).1, "NOT_FOUND");

    // A table a rule uses cannot be deleted; once unlinked it can.
    ok(&server
        .graphql_as(&token, CREATE_DOCUMENT_TYPE, json!({ "name": "CUD" }))
        .await?);
    let body = server
        .graphql_as(
            &token,
            r#"mutation { createDocumentRule(input: { documentType: "CUD", description: "Tassi", dataTables: ["tassi"] }) { id dataTables { name } } }"#,
            json!({}),
        )
        .await?;
    ok(&body);
    assert_eq!(
        body["data"]["createDocumentRule"]["dataTables"],
        json!([{ "name": "tassi" }])
    );
    let rule_id = body["data"]["createDocumentRule"]["id"].clone();
    let delete = "mutation($n: String!) { deleteDataTable(name: $n) }";
    let body = server
        .graphql_as(&token, delete, json!({ "n": "tassi" }))
        .await?;
    let (message, code, _) = error(&body);
    assert_eq!(code, "CONFLICT");
    assert!(
        message.contains("Impossibile eliminare la datatable") && message.contains("Tassi"),
        "{message}"
    );
    ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!) { updateDocumentRule(id: $id, input: { dataTables: [] }) { id } }",
            json!({ "id": rule_id }),
        )
        .await?);
    let body = server
        .graphql_as(&token, delete, json!({ "n": "tassi" }))
        .await?;
    ok(&body);
    assert_eq!(body["data"]["deleteDataTable"], true);
    let body = server
        .graphql_as(&token, delete, json!({ "n": "tassi" }))
        .await?;
    assert_eq!(error(&body).1, "NOT_FOUND");
    Ok(())
}

#[tokio::test]
async fn the_catalogue_needs_a_login() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    for query in [
        "{ documentTypes { name } }",
        "{ dataTables { name } }",
        "{ dossierRules { id } }",
        "mutation { createDataTable(input: { name: \"a\", content: \"1\" }) { name } }",
    ] {
        let body = server.graphql(query, json!({})).await?;
        assert_eq!(error(&body).1, "UNAUTHENTICATED", "{query}: {body}");
    }
    Ok(())
}
