//! Document and dossier types and data tables through the real API: every operation's happy
//! path, every validation message of docs/domain.md#input-rules-and-limits, and deletions
//! refused while the row is in use.

use crate::common;

use anyhow::Result;
use common::{Options, TestServer, graphql::ok};
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
    ok(&body)?;
    assert_eq!(body["data"]["createDocumentType"]["name"], "Busta paga");
    assert_eq!(
        body["data"]["createDocumentType"]["documentRules"],
        json!([])
    );
    ok(&server
        .graphql_as(&token, CREATE_DOCUMENT_TYPE, json!({ "name": "CUD" }))
        .await?)?;

    let body = server
        .graphql_as(
            &token,
            "{ documentTypes { name createdAt documentRules { id description code packageJSON } } }",
            json!({}),
        )
        .await?;
    ok(&body)?;
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
    ok(&body)?;
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
    ok(&body)?;
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
        .await?)?;
    let body = server
        .graphql_as(&token, delete, json!({ "n": "CUD" }))
        .await?;
    ok(&body)?;
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
            .await?)?;
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
    ok(&body)?;
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
    ok(&body)?;
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
    ok(&body)?;
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
    ok(&body)?;
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
    ok(&body)?;
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
    ok(&body)?;
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
        .await?)?;
    ok(&server
        .graphql_as(
            &token,
            CREATE_DATA_TABLE,
            json!({ "name": "comuni", "content": "[]" }),
        )
        .await?)?;

    let list = "{ dataTables { name ordinamento content } }";
    let body = server.graphql_as(&token, list, json!({})).await?;
    ok(&body)?;
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
    ok(&body)?;
    assert_eq!(body["data"]["updateDataTable"]["ordinamento"], 1);
    assert_eq!(body["data"]["updateDataTable"]["content"], "{\"24\":4}");
    let body = server
        .graphql_as(
            &token,
            update,
            json!({ "n": "comuni", "input": { "name": "comuni italiani" } }),
        )
        .await?;
    ok(&body)?;
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
        .await?)?;
    let body = server
        .graphql_as(
            &token,
            r#"mutation { createDocumentRule(input: { documentType: "CUD", description: "Tassi", dataTables: ["tassi"] }) { id dataTables { name } } }"#,
            json!({}),
        )
        .await?;
    ok(&body)?;
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
        .await?)?;
    let body = server
        .graphql_as(&token, delete, json!({ "n": "tassi" }))
        .await?;
    ok(&body)?;
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

// ---------------------------------------------------------------------------------------
// The paged lists of the screens (documentTypesPage, dossierTypesPage, dataTablesPage,
// documentRulesPage, dossierRulesPage): the `TableInput` of the dossier list.

/// The `name`s of a page's items, and its `pages`, `total` and `op`.
fn page_of(body: &Value, query: &str) -> (Vec<String>, i64, i64, String) {
    let page = &body["data"][query];
    let names = page["items"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|item| {
                    item["name"]
                        .as_str()
                        .or_else(|| item["description"].as_str())
                        .unwrap_or_default()
                        .to_owned()
                })
                .collect()
        })
        .unwrap_or_default();
    (
        names,
        page["pages"].as_i64().unwrap_or(-1),
        page["total"].as_i64().unwrap_or(-1),
        page["op"].as_str().unwrap_or_default().to_owned(),
    )
}

const DOCUMENT_TYPES_PAGE: &str = "query($input: TableInput) {
    documentTypesPage(input: $input) { pages total op items { name createdAt ruleCount } } }";
const DOSSIER_TYPES_PAGE: &str = "query($input: TableInput) {
    dossierTypesPage(input: $input) { pages total op items { name requiredMetas ruleCount } } }";

#[tokio::test]
async fn type_pages_sort_filter_and_count_rules_on_the_server() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    // Created in this order: "Tipo 01" is the oldest.
    for i in 1..=12 {
        let name = format!("Tipo {i:02}");
        ok(&server
            .graphql_as(&token, CREATE_DOCUMENT_TYPE, json!({ "name": name }))
            .await?)?;
        ok(&server
            .graphql_as(&token, CREATE_DOSSIER_TYPE, json!({ "name": name }))
            .await?)?;
    }
    ok(&server
        .graphql_as(
            &token,
            CREATE_DOCUMENT_TYPE,
            json!({ "name": "50%_sconto" }),
        )
        .await?)?;
    for description in ["Reddito", "Datore"] {
        ok(&server
            .graphql_as(
                &token,
                "mutation($d: String) { createDocumentRule(input: { documentType: \"Tipo 03\", description: $d, dataTables: [] }) { id } }",
                json!({ "d": description }),
            )
            .await?)?;
    }
    ok(&server
        .graphql_as(
            &token,
            r#"mutation { createDossierRule(input: { description: "Durata", istitutoAppartenenza: "Banca", dossierType: "Tipo 05" }) { id } }"#,
            json!({}),
        )
        .await?)?;

    // The default: newest first, 10 a page.
    let body = server
        .graphql_as(&token, DOCUMENT_TYPES_PAGE, json!({}))
        .await?;
    ok(&body)?;
    let (names, pages, total, op) = page_of(&body, "documentTypesPage");
    assert_eq!((pages, total, op.as_str()), (2, 13, "createdAt DESC"));
    assert_eq!(names[0], "50%_sconto");
    assert_eq!(names[1], "Tipo 12");
    let counts: Vec<i64> = body["data"]["documentTypesPage"]["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|t| t["ruleCount"].as_i64().unwrap_or(-1))
        .collect();
    assert_eq!(counts, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

    // By name, second page: the rule count is the type's.
    let body = server
        .graphql_as(
            &token,
            DOCUMENT_TYPES_PAGE,
            json!({ "input": { "pageSize": 10, "pageIndex": 1, "order": "name ASC" } }),
        )
        .await?;
    ok(&body)?;
    let (names, _, _, op) = page_of(&body, "documentTypesPage");
    assert_eq!(op, "name ASC");
    assert_eq!(names, ["Tipo 10", "Tipo 11", "Tipo 12"]);
    let body = server
        .graphql_as(
            &token,
            "query($input: TableInput) { documentTypesPage(input: $input) { items { name ruleCount documentRules { description } } } }",
            json!({ "input": { "filters": [{ "column": "name", "type": "text", "value": ["tipo 03"] }] } }),
        )
        .await?;
    ok(&body)?;
    let item = &body["data"]["documentTypesPage"]["items"][0];
    assert_eq!(item["ruleCount"], 2);
    assert_eq!(
        item["documentRules"].as_array().map(Vec::len),
        Some(2),
        "{body}"
    );

    // The name filter is a substring, any case, LIKE's wildcards literal.
    for (text, expected) in [("%_", vec!["50%_sconto"]), ("PO 1", vec![])] {
        let body = server
            .graphql_as(
                &token,
                DOCUMENT_TYPES_PAGE,
                json!({ "input": { "order": "name DESC", "filters": [{ "column": "name", "type": "text", "value": [text] }] } }),
            )
            .await?;
        ok(&body)?;
        let (names, _, total, _) = page_of(&body, "documentTypesPage");
        if expected.is_empty() {
            assert_eq!(names, ["Tipo 12", "Tipo 11", "Tipo 10"]);
            assert_eq!(total, 3);
        } else {
            assert_eq!(names, expected);
        }
    }

    // What the list does not offer is refused.
    for input in [
        json!({ "order": "ruleCount DESC" }),
        json!({ "pageSize": 15 }),
        json!({ "filters": [{ "column": "createdAt", "type": "date", "value": ["2026/01/01", "9999/99/99"] }] }),
        json!({ "filters": [{ "column": "name", "type": "select", "value": ["Tipo 01"] }] }),
    ] {
        let body = server
            .graphql_as(&token, DOCUMENT_TYPES_PAGE, json!({ "input": input }))
            .await?;
        assert_eq!(error(&body).1, "BAD_USER_INPUT", "{input}: {body}");
    }

    // Dossier types: the same list, with required metas and the count of their rules.
    ok(&server
        .graphql_as(
            &token,
            r#"mutation { setDossierTypeRequiredMetas(name: "Tipo 05", metas: ["iban"]) { name } }"#,
            json!({}),
        )
        .await?)?;
    let body = server
        .graphql_as(
            &token,
            DOSSIER_TYPES_PAGE,
            json!({ "input": { "order": "createdAt ASC", "pageSize": 20 } }),
        )
        .await?;
    ok(&body)?;
    let (names, pages, total, op) = page_of(&body, "dossierTypesPage");
    assert_eq!((pages, total, op.as_str()), (1, 12, "createdAt ASC"));
    assert_eq!(names[0], "Tipo 01");
    let fifth = &body["data"]["dossierTypesPage"]["items"][4];
    assert_eq!(fifth["name"], "Tipo 05");
    assert_eq!(fifth["requiredMetas"], json!(["iban"]));
    assert_eq!(fifth["ruleCount"], 1);
    assert_eq!(body["data"]["dossierTypesPage"]["items"][0]["ruleCount"], 0);

    // A dossier type goes (with its metas) unless rules or dossiers use it.
    let delete = "mutation($n: String!) { deleteDossierType(name: $n) }";
    let body = server
        .graphql_as(&token, delete, json!({ "n": "Tipo 05" }))
        .await?;
    let (message, code, _) = error(&body);
    assert_eq!(code, "CONFLICT");
    assert!(message.contains("regole"), "{message}");
    let mut conn = server.db.pool.get().await?;
    diesel::sql_query(
        "INSERT INTO dossiers (id, dossier_type_id) SELECT gen_random_uuid(), id FROM dossier_types WHERE name = 'Tipo 06'",
    )
    .execute(&mut conn)
    .await?;
    drop(conn);
    let body = server
        .graphql_as(&token, delete, json!({ "n": "Tipo 06" }))
        .await?;
    let (message, code, _) = error(&body);
    assert_eq!(code, "CONFLICT");
    assert!(message.contains("dossier"), "{message}");
    ok(&server
        .graphql_as(
            &token,
            r#"mutation { setDossierTypeRequiredMetas(name: "Tipo 07", metas: ["iban", "cf"]) { name } }"#,
            json!({}),
        )
        .await?)?;
    let body = server
        .graphql_as(&token, delete, json!({ "n": "Tipo 07" }))
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["deleteDossierType"], true);
    let body = server
        .graphql_as(&token, delete, json!({ "n": "Tipo 07" }))
        .await?;
    assert_eq!(error(&body).1, "NOT_FOUND");
    let body = server
        .graphql_as(&token, DOSSIER_TYPES_PAGE, json!({}))
        .await?;
    assert_eq!(page_of(&body, "dossierTypesPage").2, 11);
    Ok(())
}

#[tokio::test]
async fn the_data_table_page_sorts_by_ordinamento_first_and_a_table_is_read_by_name() -> Result<()>
{
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    for (name, o) in [("tassi", 2), ("province", 1), ("comuni", 1), ("cap", 3)] {
        ok(&server
            .graphql_as(
                &token,
                CREATE_DATA_TABLE,
                json!({ "name": name, "content": "[]", "o": o }),
            )
            .await?)?;
    }
    let query = "query($input: TableInput) { dataTablesPage(input: $input) { pages total op items { name ordinamento content updatedAt } } }";
    let body = server.graphql_as(&token, query, json!({})).await?;
    ok(&body)?;
    let (names, pages, total, op) = page_of(&body, "dataTablesPage");
    assert_eq!((pages, total, op.as_str()), (1, 4, "ordinamento ASC"));
    assert_eq!(names, ["comuni", "province", "tassi", "cap"]);

    // The last changed first.
    ok(&server
        .graphql_as(
            &token,
            r#"mutation { updateDataTable(name: "province", input: { content: "[\"MI\"]" }) { name } }"#,
            json!({}),
        )
        .await?)?;
    let body = server
        .graphql_as(
            &token,
            query,
            json!({ "input": { "order": "updatedAt DESC" } }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(page_of(&body, "dataTablesPage").0[0], "province");
    let body = server
        .graphql_as(
            &token,
            query,
            json!({ "input": { "order": "name DESC", "filters": [{ "column": "name", "type": "text", "value": ["A"] }] } }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(page_of(&body, "dataTablesPage").0, ["tassi", "cap"]);
    let body = server
        .graphql_as(
            &token,
            query,
            json!({ "input": { "order": "content ASC" } }),
        )
        .await?;
    assert_eq!(error(&body).1, "BAD_USER_INPUT");

    let one = "query($n: String!) { dataTable(name: $n) { name ordinamento content } }";
    let body = server
        .graphql_as(&token, one, json!({ "n": "province" }))
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["dataTable"]["ordinamento"], 1);
    assert_eq!(body["data"]["dataTable"]["content"], "[\"MI\"]");
    let body = server
        .graphql_as(&token, one, json!({ "n": "nope" }))
        .await?;
    assert_eq!(error(&body).1, "NOT_FOUND");
    Ok(())
}

#[tokio::test]
async fn rule_pages_filter_by_state_type_and_description() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    for name in ["CUD", "Busta paga"] {
        ok(&server
            .graphql_as(&token, CREATE_DOCUMENT_TYPE, json!({ "name": name }))
            .await?)?;
    }
    let create = "mutation($t: String, $d: String) { createDocumentRule(input: { documentType: $t, description: $d }) { id state active } }";
    let mut ids = Vec::new();
    for (t, d) in [
        ("CUD", "Reddito annuo"),
        ("CUD", "Codice fiscale"),
        ("Busta paga", "Reddito mensile"),
    ] {
        let body = server
            .graphql_as(&token, create, json!({ "t": t, "d": d }))
            .await?;
        ok(&body)?;
        assert_eq!(body["data"]["createDocumentRule"]["state"], "active");
        ids.push(
            body["data"]["createDocumentRule"]["id"]
                .as_str()
                .unwrap_or_default()
                .to_owned(),
        );
    }
    // Pausing a rule is its state.
    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { setDocumentRuleActive(id: $id, active: false) { state active } }",
            json!({ "id": ids[1] }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(
        body["data"]["setDocumentRuleActive"],
        json!({ "state": "paused", "active": false })
    );

    let query = "query($input: TableInput) { documentRulesPage(input: $input) { pages total op items { id description state documentType { name } dataTables { name } } } }";
    let filtered = |filters: Value| json!({ "input": { "filters": filters } });
    let body = server.graphql_as(&token, query, json!({})).await?;
    ok(&body)?;
    let (names, _, total, op) = page_of(&body, "documentRulesPage");
    assert_eq!((total, op.as_str()), (3, "createdAt DESC"));
    assert_eq!(
        names,
        ["Reddito mensile", "Codice fiscale", "Reddito annuo"]
    );
    assert_eq!(
        body["data"]["documentRulesPage"]["items"][0]["documentType"]["name"],
        "Busta paga"
    );

    for (filters, expected) in [
        (
            json!([{ "column": "state", "type": "select", "value": ["paused"] }]),
            vec!["Codice fiscale"],
        ),
        (
            json!([{ "column": "state", "type": "select", "value": ["active", "paused"] }, { "column": "documentType", "type": "select", "value": ["CUD"] }]),
            vec!["Codice fiscale", "Reddito annuo"],
        ),
        (
            json!([{ "column": "state", "type": "select", "value": ["active"] }, { "column": "documentType", "type": "select", "value": ["CUD"] }]),
            vec!["Reddito annuo"],
        ),
        (
            json!([{ "column": "description", "type": "text", "value": ["REDDITO"] }]),
            vec!["Reddito mensile", "Reddito annuo"],
        ),
        (
            json!([{ "column": "id", "type": "text", "value": [ids[2].clone()] }]),
            vec!["Reddito mensile"],
        ),
        (
            json!([{ "column": "documentType", "type": "select", "value": ["nessuno"] }]),
            vec![],
        ),
    ] {
        let body = server
            .graphql_as(&token, query, filtered(filters.clone()))
            .await?;
        ok(&body)?;
        assert_eq!(page_of(&body, "documentRulesPage").0, expected, "{filters}");
    }
    let body = server
        .graphql_as(
            &token,
            query,
            json!({ "input": { "order": "description ASC" } }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(
        page_of(&body, "documentRulesPage").0,
        ["Codice fiscale", "Reddito annuo", "Reddito mensile"]
    );
    for input in [
        json!({ "filters": [{ "column": "state", "type": "select", "value": ["ATTIVA"] }] }),
        json!({ "order": "state ASC" }),
        json!({ "filters": [{ "column": "id", "type": "text", "value": ["xyz"] }] }),
    ] {
        let body = server
            .graphql_as(&token, query, json!({ "input": input }))
            .await?;
        assert_eq!(error(&body).1, "BAD_USER_INPUT", "{input}: {body}");
    }
    // The old list and the detail say the same state.
    let body = server
        .graphql_as(
            &token,
            "query($id: ID!) { documentRule(id: $id) { state } documentRules { id state } }",
            json!({ "id": ids[1] }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["documentRule"]["state"], "paused");

    // Dossier rules: by the type they are restricted to.
    ok(&server
        .graphql_as(&token, CREATE_DOSSIER_TYPE, json!({ "name": "cessione" }))
        .await?)?;
    for (d, t) in [("Durata", Some("cessione")), ("Importo", None)] {
        ok(&server
            .graphql_as(
                &token,
                "mutation($d: String, $t: String) { createDossierRule(input: { description: $d, istitutoAppartenenza: \"Banca\", dossierType: $t }) { id } }",
                json!({ "d": d, "t": t }),
            )
            .await?)?;
    }
    let query = "query($input: TableInput) { dossierRulesPage(input: $input) { pages total op items { id description code dossierType { name } } } }";
    let body = server.graphql_as(&token, query, json!({})).await?;
    ok(&body)?;
    assert_eq!(page_of(&body, "dossierRulesPage").0, ["Importo", "Durata"]);
    let body = server
        .graphql_as(
            &token,
            query,
            filtered(json!([{ "column": "dossierType", "type": "select", "value": ["cessione"] }])),
        )
        .await?;
    ok(&body)?;
    assert_eq!(page_of(&body, "dossierRulesPage").0, ["Durata"]);
    assert_eq!(
        body["data"]["dossierRulesPage"]["items"][0]["dossierType"]["name"],
        "cessione"
    );
    // And the rules a type's dossiers run: its own and those of every type, not another's.
    ok(&server
        .graphql_as(&token, CREATE_DOSSIER_TYPE, json!({ "name": "mutuo" }))
        .await?)?;
    ok(&server
        .graphql_as(
            &token,
            "mutation { createDossierRule(input: { description: \"Ipoteca\", istitutoAppartenenza: \"Banca\", dossierType: \"mutuo\" }) { id } }",
            json!({}),
        )
        .await?)?;
    let runs_for =
        |name: &str| filtered(json!([{ "column": "runsFor", "type": "select", "value": [name] }]));
    let body = server
        .graphql_as(&token, query, runs_for("cessione"))
        .await?;
    ok(&body)?;
    assert_eq!(page_of(&body, "dossierRulesPage").0, ["Importo", "Durata"]);
    let body = server.graphql_as(&token, query, runs_for("mutuo")).await?;
    ok(&body)?;
    assert_eq!(page_of(&body, "dossierRulesPage").0, ["Ipoteca", "Importo"]);
    let body = server
        .graphql_as(
            &token,
            query,
            filtered(
                json!([{ "column": "runsFor", "type": "select", "value": ["mutuo", "cessione"] }]),
            ),
        )
        .await?;
    assert_eq!(error(&body).1, "BAD_USER_INPUT", "{body}");
    Ok(())
}

#[derive(diesel::QueryableByName)]
struct PlanLine {
    #[diesel(sql_type = diesel::sql_types::Text, column_name = "QUERY PLAN")]
    line: String,
}

/// Every sort and filter of the paged catalogue lists is served by an index (migration 0007):
/// with sequential scans and sorts priced out, each query's plan reads an index and sorts
/// nothing.
#[tokio::test]
async fn every_sort_and_filter_of_the_catalogue_lists_has_an_index() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let mut conn = server.db.pool.get().await?;
    diesel::sql_query("SET enable_seqscan = off")
        .execute(&mut conn)
        .await?;
    diesel::sql_query("SET enable_sort = off")
        .execute(&mut conn)
        .await?;
    let mut queries = Vec::new();
    for table in ["document_types", "dossier_types"] {
        queries.push(format!(
            "SELECT * FROM {table} ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET 10"
        ));
        queries.push(format!("SELECT * FROM {table} ORDER BY name ASC LIMIT 10"));
        queries.push(format!(
            "SELECT count(*) FROM {table} WHERE name ILIKE '%tipo%'"
        ));
    }
    queries.extend([
        "SELECT * FROM data_tables ORDER BY ordinamento DESC, name DESC LIMIT 10".to_owned(),
        "SELECT * FROM data_tables ORDER BY name ASC LIMIT 10".to_owned(),
        "SELECT * FROM data_tables ORDER BY updated_at ASC, id ASC LIMIT 10".to_owned(),
        "SELECT count(*) FROM data_tables WHERE name ILIKE '%tassi%'".to_owned(),
    ]);
    for table in ["document_rules", "dossier_rules"] {
        queries.push(format!(
            "SELECT * FROM {table} ORDER BY created_at DESC, id DESC LIMIT 10"
        ));
        queries.push(format!(
            "SELECT * FROM {table} ORDER BY description DESC, id DESC LIMIT 10"
        ));
        queries.push(format!(
            "SELECT count(*) FROM {table} WHERE description ILIKE '%reddito%'"
        ));
    }
    queries.extend([
        "SELECT * FROM document_rules WHERE active IN (false) ORDER BY created_at DESC, id DESC LIMIT 10".to_owned(),
        "SELECT count(*) FROM document_rules WHERE document_type_id IN (1, 2)".to_owned(),
        "SELECT count(*) FROM document_rules WHERE document_type_id IN (1) GROUP BY document_type_id".to_owned(),
        "SELECT count(*) FROM dossier_rules WHERE dossier_type_id IN (1, 2)".to_owned(),
    ]);
    for query in queries {
        let plan: Vec<PlanLine> = diesel::sql_query(format!("EXPLAIN {query}"))
            .load(&mut conn)
            .await?;
        let plan: Vec<String> = plan.into_iter().map(|p| p.line).collect();
        let text = plan.join("\n");
        assert!(
            text.contains("Index") && !text.contains("Seq Scan"),
            "{query}:\n{text}"
        );
        if query.contains("ORDER BY") {
            assert!(!text.contains("Sort"), "{query} sorts:\n{text}");
        }
    }
    Ok(())
}
