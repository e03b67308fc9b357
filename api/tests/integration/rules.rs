//! Rule management through the real API: document and dossier rules, their helper, the code
//! search, the zip import (in the format the export writes), and compile on save — a rule
//! with a syntax error is refused when saved, with its line and column, by a real worker.

use crate::common;

use std::time::Duration;

use anyhow::{Context, Result};
use common::{
    Options, TestServer,
    graphql::ok,
    wait::{PATIENCE, eventually},
};
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};
use shared::rules::archive::{self, ArchivedRule, RuleMetadata};
use uuid::Uuid;

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

const DOCUMENT_RULE_FIELDS: &str =
    "id description state active nota code packageJSON documentType { name } dataTables { name }";
const DOSSIER_RULE_FIELDS: &str = "id description istitutoAppartenenza code packageJSON mustContain notContain nota gruppo dossierType { name } dataTables { name } active valid";

async fn setup_catalogue(server: &TestServer, token: &str) -> Result<()> {
    for query in [
        r#"mutation { createDocumentType(input: { name: "CUD" }) { name } }"#,
        r#"mutation { createDocumentType(input: { name: "Busta paga" }) { name } }"#,
        r#"mutation { createDataTable(input: { name: "tassi", content: "{}", ordinamento: 1 }) { name } }"#,
        r#"mutation { createDataTable(input: { name: "province", content: "[]", ordinamento: 2 }) { name } }"#,
    ] {
        ok(&server.graphql_as(token, query, json!({})).await?)?;
    }
    Ok(())
}

async fn create_document_rule(server: &TestServer, token: &str, input: Value) -> Result<Value> {
    server
        .graphql_as(
            token,
            &format!(
                "mutation($input: CreateDocumentRuleInput!) {{ createDocumentRule(input: $input) {{ {DOCUMENT_RULE_FIELDS} }} }}"
            ),
            json!({ "input": input }),
        )
        .await
}

async fn create_dossier_rule(server: &TestServer, token: &str, input: Value) -> Result<Value> {
    server
        .graphql_as(
            token,
            &format!(
                "mutation($input: CreateDossierRuleInput!) {{ createDossierRule(input: $input) {{ {DOSSIER_RULE_FIELDS} }} }}"
            ),
            json!({ "input": input }),
        )
        .await
}

#[tokio::test]
async fn document_rules_are_managed_from_template_to_deletion() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    setup_catalogue(&server, &token).await?;

    // Without code nor package.json: the defaults (no compilation needed).
    let body = create_document_rule(
        &server,
        &token,
        json!({ "documentType": "CUD", "description": " Reddito ", "dataTables": ["tassi"], "code": "", "packageJSON": "" }),
    )
    .await?;
    ok(&body)?;
    let rule = &body["data"]["createDocumentRule"];
    let id = rule["id"].as_str().expect("an id").to_owned();
    assert!(Uuid::parse_str(&id).is_ok());
    assert_eq!(rule["description"], "Reddito");
    assert_eq!(rule["active"], true);
    assert_eq!(rule["code"], shared::rules::DOCUMENT_RULE_TEMPLATE);
    assert_eq!(rule["packageJSON"], shared::rules::DEFAULT_PACKAGE_JSON);
    assert_eq!(rule["documentType"]["name"], "CUD");
    assert_eq!(rule["dataTables"], json!([{ "name": "tassi" }]));

    let body = server
        .graphql_as(
            &token,
            &format!("{{ documentRules {{ {DOCUMENT_RULE_FIELDS} }} }}"),
            json!({}),
        )
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["documentRules"][0]["id"], id.as_str());

    // Update without code (no compilation): description, note, type, tables, package.json.
    let update = format!(
        "mutation($id: ID!, $input: UpdateDocumentRuleInput!) {{ updateDocumentRule(id: $id, input: $input) {{ {DOCUMENT_RULE_FIELDS} }} }}"
    );
    let body = server
        .graphql_as(
            &token,
            &update,
            json!({ "id": id, "input": {
                "description": "Reddito annuo", "nota": "da rivedere", "documentType": "Busta paga",
                "dataTables": ["province", "tassi"], "packageJSON": "{\"name\":\"reddito\"}" } }),
        )
        .await?;
    ok(&body)?;
    let rule = &body["data"]["updateDocumentRule"];
    assert_eq!(rule["description"], "Reddito annuo");
    assert_eq!(rule["nota"], "da rivedere");
    assert_eq!(rule["documentType"]["name"], "Busta paga");
    assert_eq!(
        rule["dataTables"],
        json!([{ "name": "province" }, { "name": "tassi" }])
    );
    assert_eq!(rule["packageJSON"], "{\"name\":\"reddito\"}");

    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { setDocumentRuleActive(id: $id, active: false) { active } }",
            json!({ "id": id }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["setDocumentRuleActive"]["active"], false);
    let body = server
        .graphql_as(
            &token,
            "query($id: ID!) { documentRule(id: $id) { active description } }",
            json!({ "id": id }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(
        body["data"]["documentRule"],
        json!({ "active": false, "description": "Reddito annuo" })
    );

    // Validation messages.
    for input in [
        json!({ "documentType": "CUD", "description": "", "dataTables": [] }),
        json!({ "documentType": "", "description": "x", "dataTables": [] }),
        json!({ "description": "x" }),
    ] {
        let body = create_document_rule(&server, &token, input).await?;
        let (message, code, _) = error(&body);
        assert_eq!(
            (message.as_str(), code.as_str()),
            ("Tutti i campi sono obbligatori", "BAD_USER_INPUT")
        );
    }
    let body = create_document_rule(
        &server,
        &token,
        json!({ "documentType": "nope", "description": "x" }),
    )
    .await?;
    assert_eq!(error(&body).2, "documentType");
    let body = create_document_rule(
        &server,
        &token,
        json!({ "documentType": "CUD", "description": "x", "dataTables": ["nope"] }),
    )
    .await?;
    assert_eq!(
        error(&body),
        (
            "Datatable non trovata: nope".into(),
            "BAD_USER_INPUT".into(),
            "dataTables".into()
        )
    );
    let body = create_document_rule(
        &server,
        &token,
        json!({ "documentType": "CUD", "description": "x", "packageJSON": "{\"name\": " }),
    )
    .await?;
    let (message, _, field) = error(&body);
    assert_eq!(field, "packageJSON");
    assert!(message.starts_with("package.json non valido"), "{message}");
    let body = server
        .graphql_as(
            &token,
            &update,
            json!({ "id": id, "input": { "packageJSON": "[]" } }),
        )
        .await?;
    assert!(
        error(&body).0.starts_with("package.json non valido"),
        "{body}"
    );

    // Delete; then it is gone.
    let delete = "mutation($id: ID!) { deleteDocumentRule(id: $id) }";
    let body = server
        .graphql_as(&token, delete, json!({ "id": id }))
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["deleteDocumentRule"], true);
    for query in [delete, "query($id: ID!) { documentRule(id: $id) { id } }"] {
        let body = server
            .graphql_as(&token, query, json!({ "id": id }))
            .await?;
        assert_eq!(error(&body).1, "NOT_FOUND", "{body}");
    }
    let body = server
        .graphql_as(&token, delete, json!({ "id": "not-a-uuid" }))
        .await?;
    assert_eq!(error(&body).1, "NOT_FOUND");
    Ok(())
}

#[tokio::test]
async fn dossier_rules_are_managed_and_listed_by_validity() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;

    let body = create_dossier_rule(
        &server,
        &token,
        json!({ "description": "Durata massima", "istitutoAppartenenza": "Banca Alfa",
                "dossierType": null, "dataTables": [], "mustContain": ["TAN"], "gruppo": ["g1"] }),
    )
    .await?;
    ok(&body)?;
    let rule = &body["data"]["createDossierRule"];
    let id = rule["id"].as_str().expect("an id").to_owned();
    assert_eq!(rule["code"], shared::rules::DOSSIER_RULE_TEMPLATE);
    assert_eq!(rule["packageJSON"], shared::rules::DEFAULT_PACKAGE_JSON);
    assert_eq!(rule["dossierType"], Value::Null);
    assert_eq!(rule["mustContain"], json!(["TAN"]));
    assert_eq!(rule["gruppo"], json!(["g1"]));
    assert_eq!(
        (rule["active"].clone(), rule["valid"].clone()),
        (json!(true), json!(true))
    );

    // Validation messages.
    let body = create_dossier_rule(
        &server,
        &token,
        json!({ "description": " ", "istitutoAppartenenza": "B" }),
    )
    .await?;
    assert_eq!(
        error(&body),
        (
            "Nome regola obbligatorio".into(),
            "BAD_USER_INPUT".into(),
            "description".into()
        )
    );
    let body = create_dossier_rule(&server, &token, json!({ "description": "x" })).await?;
    assert_eq!(error(&body).2, "istitutoAppartenenza");
    let body = create_dossier_rule(
        &server,
        &token,
        json!({ "description": "x", "istitutoAppartenenza": "B", "packageJSON": "nope" }),
    )
    .await?;
    assert!(
        error(&body).0.starts_with("package.json non valido"),
        "{body}"
    );

    let update = format!(
        "mutation($id: ID!, $input: UpdateDossierRuleInput!) {{ updateDossierRule(id: $id, input: $input) {{ {DOSSIER_RULE_FIELDS} }} }}"
    );
    let body = server
        .graphql_as(
            &token,
            &update,
            json!({ "id": id, "input": { "description": "Durata", "istitutoAppartenenza": "Banca Beta",
                "nota": "n", "gruppo": ["g2", "g3"], "notContain": ["revocato"] } }),
        )
        .await?;
    ok(&body)?;
    let rule = &body["data"]["updateDossierRule"];
    assert_eq!(rule["description"], "Durata");
    assert_eq!(rule["istitutoAppartenenza"], "Banca Beta");
    assert_eq!(rule["gruppo"], json!(["g2", "g3"]));
    assert_eq!(rule["notContain"], json!(["revocato"]));
    assert_eq!(rule["mustContain"], json!(["TAN"]), "left alone");
    let body = server
        .graphql_as(
            &token,
            &update,
            json!({ "id": id, "input": { "description": "" } }),
        )
        .await?;
    assert_eq!(error(&body).0, "Nome regola obbligatorio");

    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { updateMustContain(id: $id, list: [\"TAEG\", \"\"]) { mustContain } a: updateNotContain(id: $id, list: []) { notContain } }",
            json!({ "id": id }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(
        body["data"]["updateMustContain"]["mustContain"],
        json!(["TAEG"])
    );
    assert_eq!(body["data"]["a"]["notContain"], json!([]));

    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { setDossierRuleActive(id: $id, active: false) { active } }",
            json!({ "id": id }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["setDossierRuleActive"]["active"], false);

    // notValidDossierRules lists the rules a validation marked NON VALIDA.
    let body = server
        .graphql_as(&token, "{ notValidDossierRules { id } }", json!({}))
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["notValidDossierRules"], json!([]));
    let mut conn = server.db.pool.get().await?;
    diesel::sql_query(format!(
        "UPDATE dossier_rules SET valid = false WHERE id = '{id}'"
    ))
    .execute(&mut conn)
    .await?;
    drop(conn);
    let body = server
        .graphql_as(&token, "{ notValidDossierRules { id valid } }", json!({}))
        .await?;
    ok(&body)?;
    assert_eq!(
        body["data"]["notValidDossierRules"],
        json!([{ "id": id, "valid": false }])
    );

    let body = server
        .graphql_as(
            &token,
            &format!("query($id: ID!) {{ dossierRule(id: $id) {{ {DOSSIER_RULE_FIELDS} }} }}"),
            json!({ "id": id }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["dossierRule"]["valid"], false);

    let delete = "mutation($id: ID!) { deleteDossierRule(id: $id) }";
    ok(&server
        .graphql_as(&token, delete, json!({ "id": id }))
        .await?)?;
    let body = server
        .graphql_as(&token, delete, json!({ "id": id }))
        .await?;
    assert_eq!(error(&body).1, "NOT_FOUND");
    Ok(())
}

#[tokio::test]
async fn a_rule_with_a_syntax_error_is_refused_at_save_with_line_and_column() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let _worker = server.spawn_worker().await?;
    setup_catalogue(&server, &token).await?;

    let broken =
        "export default function ({ rawText }) {\n  const x = ;\n  return { success: true };\n}\n";
    let body = create_document_rule(
        &server,
        &token,
        json!({ "documentType": "CUD", "description": "Rotta", "code": broken }),
    )
    .await?;
    let (message, code, field) = error(&body);
    assert_eq!(
        (code.as_str(), field.as_str()),
        ("BAD_USER_INPUT", "code"),
        "{body}"
    );
    assert!(
        message.starts_with("Errore di sintassi alla riga 2, colonna "),
        "{message}"
    );
    assert_eq!(body["errors"][0]["extensions"]["line"], 2);
    assert!(
        body["errors"][0]["extensions"]["column"]
            .as_u64()
            .unwrap_or(0)
            >= 11,
        "{body}"
    );
    let body = server
        .graphql_as(&token, "{ documentRules { id } }", json!({}))
        .await?;
    assert_eq!(body["data"]["documentRules"], json!([]), "nothing saved");

    // Good code is saved; an update with broken code is refused and changes nothing.
    let good = "export default function ({ rawText }) {\n  return { success: rawText.includes('CUD') };\n}\n";
    let body = create_document_rule(
        &server,
        &token,
        json!({ "documentType": "CUD", "description": "Buona", "code": good }),
    )
    .await?;
    ok(&body)?;
    let id = body["data"]["createDocumentRule"]["id"]
        .as_str()
        .expect("an id")
        .to_owned();
    let update = "mutation($id: ID!, $code: String) { updateDocumentRule(id: $id, input: { code: $code, description: \"Cambiata\" }) { code description } }";
    let body = server
        .graphql_as(
            &token,
            update,
            json!({ "id": id, "code": "export default () => ({ success: true ;\n" }),
        )
        .await?;
    let (message, _, _) = error(&body);
    assert!(
        message.starts_with("Errore di sintassi alla riga 1, colonna "),
        "{message}"
    );
    let body = server
        .graphql_as(
            &token,
            "query($id: ID!) { documentRule(id: $id) { code description } }",
            json!({ "id": id }),
        )
        .await?;
    assert_eq!(
        body["data"]["documentRule"],
        json!({ "code": good, "description": "Buona" })
    );

    // The helper: the default empty one, then a broken one refused, then a good one the rule uses.
    let get_helper = "query($id: ID!) { getHelperCode(id: $id) { id description code } }";
    let body = server
        .graphql_as(&token, get_helper, json!({ "id": id }))
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["getHelperCode"]["id"], id.as_str());
    assert_eq!(
        body["data"]["getHelperCode"]["code"],
        shared::rules::DEFAULT_HELPER_CODE
    );
    let update_helper =
        "mutation($id: ID!, $code: String!) { updateHelperCode(id: $id, code: $code) { id code } }";
    let body = server
        .graphql_as(
            &token,
            update_helper,
            json!({ "id": id, "code": "export const a = 1;\nexport function (" }),
        )
        .await?;
    let (message, _, field) = error(&body);
    assert_eq!(field, "helper");
    assert!(
        message.starts_with("Errore di sintassi alla riga 2, colonna "),
        "{message}"
    );
    assert!(message.contains("helper.js"), "{message}");
    let helper = "export const isCud = (text) => text.includes('CUD');\n";
    let body = server
        .graphql_as(&token, update_helper, json!({ "id": id, "code": helper }))
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["updateHelperCode"]["code"], helper);
    let body = server
        .graphql_as(&token, get_helper, json!({ "id": id }))
        .await?;
    assert_eq!(body["data"]["getHelperCode"]["code"], helper);
    let uses_helper = "import { isCud } from './helper.js';\nexport default ({ rawText }) => ({ success: isCud(rawText) });\n";
    let body = server
        .graphql_as(&token, update, json!({ "id": id, "code": uses_helper }))
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["updateDocumentRule"]["code"], uses_helper);

    // A dossier rule too, and the helper of an unknown rule.
    let body = create_dossier_rule(
        &server,
        &token,
        json!({ "description": "D", "istitutoAppartenenza": "B", "code": "export default ({ input }) => {\n  return { success: input.durata_finanziamento > };\n};\n" }),
    )
    .await?;
    assert!(
        error(&body)
            .0
            .starts_with("Errore di sintassi alla riga 2, colonna "),
        "{body}"
    );
    let body = server
        .graphql_as(
            &token,
            get_helper,
            json!({ "id": Uuid::now_v7().to_string() }),
        )
        .await?;
    assert_eq!(error(&body).1, "NOT_FOUND");
    Ok(())
}

#[tokio::test]
async fn dossier_rules_are_searched_by_code() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let _worker = server.spawn_worker().await?;
    for (description, code) in [
        (
            "Durata",
            "export default ({ input }) => ({ success: input.durata_finanziamento <= 120 });\n",
        ),
        (
            "Tipo",
            "export default ({ input }) => ({ success: input.tipo_pratica !== '100%_X' });\n",
        ),
    ] {
        ok(&create_dossier_rule(
            &server,
            &token,
            json!({ "description": description, "istitutoAppartenenza": "B", "code": code }),
        )
        .await?)?;
    }
    let search = "query($q: String) { dossierRules(codeToSearch: $q) { description } }";
    let found = |body: &Value| -> Vec<String> {
        body["data"]["dossierRules"]
            .as_array()
            .map(|rules| {
                rules
                    .iter()
                    .filter_map(|r| r["description"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let body = server
        .graphql_as(&token, search, json!({ "q": "DURATA_FIN" }))
        .await?;
    ok(&body)?;
    assert_eq!(found(&body), ["Durata"], "any case");
    let body = server
        .graphql_as(&token, search, json!({ "q": "100%" }))
        .await?;
    assert_eq!(found(&body), ["Tipo"], "wildcards are literal");
    let body = server
        .graphql_as(&token, search, json!({ "q": "_" }))
        .await?;
    assert_eq!(found(&body).len(), 2);
    let body = server
        .graphql_as(&token, search, json!({ "q": "nothing like this" }))
        .await?;
    assert_eq!(found(&body), Vec::<String>::new());
    let body = server
        .graphql_as(&token, search, json!({ "q": null }))
        .await?;
    assert_eq!(found(&body), ["Tipo", "Durata"], "all, newest first");
    let body = server
        .graphql_as(
            &token,
            "{ dossierRules(limit: 1, offset: 1) { description } }",
            json!({}),
        )
        .await?;
    assert_eq!(found(&body), ["Durata"], "paged");

    // "Cerca codice" on the paged list, with the lines that match.
    let body = server
        .graphql_as(
            &token,
            r#"query($q: String!) { dossierRulesPage(input: { filters: [{ column: "code", value: [$q], type: "text" }] }) {
                total items { description codeMatches(search: $q) { line text } } } }"#,
            json!({ "q": "TIPO_PRATICA" }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["dossierRulesPage"]["total"], 1);
    assert_eq!(
        body["data"]["dossierRulesPage"]["items"][0],
        json!({ "description": "Tipo", "codeMatches": [{
            "line": 1,
            "text": "export default ({ input }) => ({ success: input.tipo_pratica !== '100%_X' });"
        }] })
    );
    Ok(())
}

#[tokio::test]
async fn unsaved_code_is_checked_with_the_real_runtime_without_saving() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let _worker = server.spawn_worker().await?;
    let check = "query($kind: RuleKind!, $code: String!, $helper: String) {
        checkRuleCode(kind: $kind, code: $code, helper: $helper) { ok file line column message } }";
    let body = server
        .graphql_as(
            &token,
            check,
            json!({ "kind": "DOSSIER", "code": "export default () => {\n  return { success: ) };\n};\n" }),
        )
        .await?;
    ok(&body)?;
    let answer = &body["data"]["checkRuleCode"];
    assert_eq!(answer["ok"], false, "{body}");
    assert_eq!(
        (answer["file"].as_str(), answer["line"].as_u64()),
        (Some("rule.js"), Some(2))
    );
    assert!(answer["column"].as_u64().unwrap_or(0) >= 20, "{body}");

    // An error in the helper is placed in the helper.
    let body = server
        .graphql_as(
            &token,
            check,
            json!({
                "kind": "DOCUMENT",
                "code": "import { soglia } from './helper.js';\nexport default () => ({ success: soglia > 0 });\n",
                "helper": "export const soglia = ;\n",
            }),
        )
        .await?;
    let answer = &body["data"]["checkRuleCode"];
    assert_eq!(
        (
            answer["ok"].as_bool(),
            answer["file"].as_str(),
            answer["line"].as_u64()
        ),
        (Some(false), Some("helper.js"), Some(1)),
        "{body}"
    );

    let body = server
        .graphql_as(
            &token,
            check,
            json!({ "kind": "DOCUMENT", "code": "export default () => ({ success: true });\n" }),
        )
        .await?;
    assert_eq!(
        body["data"]["checkRuleCode"],
        json!({ "ok": true, "file": null, "line": null, "column": null, "message": null })
    );

    let body = server
        .graphql_as(
            &token,
            "{ documentRules { id } dossierRules { id } }",
            json!({}),
        )
        .await?;
    assert_eq!(
        body["data"],
        json!({ "documentRules": [], "dossierRules": [] }),
        "nothing saved"
    );

    let huge = "x".repeat((4 << 20) + 1);
    let body = server
        .graphql_as(&token, check, json!({ "kind": "DOCUMENT", "code": huge }))
        .await?;
    assert_eq!(error(&body).1, "BAD_USER_INPUT", "a bounded check");
    // Each check is a compilation on a worker: 120 a minute per author, then a clear refusal.
    // (The code of a saved rule: its module is in the worker's memory, so the checks are quick.)
    let same_code = "export default () => ({ success: true });\n";
    let body = create_dossier_rule(
        &server,
        &token,
        json!({ "description": "Sempre", "istitutoAppartenenza": "B", "code": same_code }),
    )
    .await?;
    assert!(body["errors"].is_null(), "{body}");
    let same = json!({ "kind": "DOSSIER", "code": same_code });
    let mut refused = None;
    for attempt in 0..130 {
        let body = server.graphql_as(&token, check, same.clone()).await?;
        if !body["errors"].is_null() {
            refused = Some((attempt, body));
            break;
        }
    }
    let (attempt, body) = refused.context("the checks are never refused")?;
    assert!(attempt >= 110, "refused after {attempt} checks");
    assert_eq!(
        body["errors"][0]["extensions"]["code"], "TOO_MANY_REQUESTS",
        "{body}"
    );

    Ok(())
}

fn archived(id: Uuid, description: &str, code: &str, helper: Option<&str>) -> ArchivedRule {
    ArchivedRule {
        metadata: RuleMetadata {
            format_version: archive::FORMAT_VERSION,
            id,
            description: description.into(),
            istituto_appartenenza: "Banca Alfa".into(),
            must_contain: vec!["TAN".into()],
            not_contain: vec!["revocato".into()],
            nota: "importata".into(),
            gruppo: vec!["g1".into()],
            active: false,
            valid: true,
            dossier_type: Some("cessione".into()),
            data_tables: vec!["tassi".into()],
        },
        code: code.into(),
        helper: helper.map(str::to_owned),
        package_json: "{\"name\":\"rule\"}".into(),
    }
}

#[tokio::test]
async fn dossier_rules_import_from_the_export_format_idempotently() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let _worker = server.spawn_worker().await?;
    for query in [
        r#"mutation { createDossierType(input: { name: "cessione" }) { name } }"#,
        r#"mutation { createDataTable(input: { name: "tassi", content: "{}" }) { name } }"#,
    ] {
        ok(&server.graphql_as(&token, query, json!({})).await?)?;
    }
    let with_helper = Uuid::now_v7();
    let plain = Uuid::now_v7();
    let code = "import { max } from './helper.js';\nexport default ({ input }) => ({ success: input.durata <= max });\n";
    let helper = "export const max = 120;\n";
    let rules = vec![
        archived(with_helper, "Durata", code, Some(helper)),
        archived(
            plain,
            "Sempre",
            "export default () => ({ success: true });\n",
            None,
        ),
    ];
    let import = format!(
        "mutation($input: String!) {{ importDossierRules(input: $input) {{ {DOSSIER_RULE_FIELDS} }} }}"
    );
    let zip = archive::to_base64(&archive::write(&rules)?);
    let body = server
        .graphql_as(&token, &import, json!({ "input": zip }))
        .await?;
    ok(&body)?;
    assert_eq!(
        body["data"]["importDossierRules"].as_array().map(Vec::len),
        Some(2)
    );

    let body = server
        .graphql_as(
            &token,
            &format!("query($id: ID!) {{ dossierRule(id: $id) {{ {DOSSIER_RULE_FIELDS} }} getHelperCode(id: $id) {{ code }} }}"),
            json!({ "id": with_helper.to_string() }),
        )
        .await?;
    ok(&body)?;
    let rule = &body["data"]["dossierRule"];
    assert_eq!(rule["description"], "Durata");
    assert_eq!(rule["istitutoAppartenenza"], "Banca Alfa");
    assert_eq!(rule["code"], code);
    assert_eq!(rule["packageJSON"], "{\"name\":\"rule\"}");
    assert_eq!(rule["mustContain"], json!(["TAN"]));
    assert_eq!(rule["notContain"], json!(["revocato"]));
    assert_eq!(rule["nota"], "importata");
    assert_eq!(rule["gruppo"], json!(["g1"]));
    assert_eq!(rule["dossierType"]["name"], "cessione");
    assert_eq!(rule["dataTables"], json!([{ "name": "tassi" }]));
    assert_eq!(rule["active"], false);
    assert_eq!(body["data"]["getHelperCode"]["code"], helper);

    // What the API holds, written back in the export format, is what was imported.
    let exported = vec![ArchivedRule {
        metadata: RuleMetadata {
            format_version: archive::FORMAT_VERSION,
            id: Uuid::parse_str(rule["id"].as_str().unwrap_or_default())?,
            description: rule["description"].as_str().unwrap_or_default().into(),
            istituto_appartenenza: rule["istitutoAppartenenza"]
                .as_str()
                .unwrap_or_default()
                .into(),
            must_contain: serde_json::from_value(rule["mustContain"].clone())?,
            not_contain: serde_json::from_value(rule["notContain"].clone())?,
            nota: rule["nota"].as_str().unwrap_or_default().into(),
            gruppo: serde_json::from_value(rule["gruppo"].clone())?,
            active: rule["active"].as_bool().unwrap_or(true),
            valid: rule["valid"].as_bool().unwrap_or(true),
            dossier_type: rule["dossierType"]["name"].as_str().map(str::to_owned),
            data_tables: vec!["tassi".into()],
        },
        code: rule["code"].as_str().unwrap_or_default().into(),
        helper: body["data"]["getHelperCode"]["code"]
            .as_str()
            .map(str::to_owned),
        package_json: rule["packageJSON"].as_str().unwrap_or_default().into(),
    }];
    let written = archive::write(&exported)?;
    let read_back = archive::read(&written, &archive::Limits::default())?;
    assert_eq!(read_back, rules[..1]);

    // Importing again updates by id: no duplicates, changes applied, a helper removed.
    let mut changed = rules.clone();
    changed[0].metadata.description = "Durata massima".into();
    changed[0].helper = None;
    changed[0].code = "export default ({ input }) => ({ success: input.durata <= 96 });\n".into();
    let zip = archive::to_base64(&archive::write(&changed)?);
    let body = server
        .graphql_as(&token, &import, json!({ "input": zip }))
        .await?;
    ok(&body)?;
    let body = server
        .graphql_as(&token, "{ dossierRules { id description } }", json!({}))
        .await?;
    ok(&body)?;
    let listed = body["data"]["dossierRules"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(listed.len(), 2, "{body}");
    assert!(listed.iter().any(|r| r["description"] == "Durata massima"));
    let body = server
        .graphql_as(
            &token,
            "query($id: ID!) { getHelperCode(id: $id) { code } }",
            json!({ "id": with_helper.to_string() }),
        )
        .await?;
    assert_eq!(
        body["data"]["getHelperCode"]["code"],
        shared::rules::DEFAULT_HELPER_CODE
    );

    // Refusals: not base64, not a zip, a syntax error (naming the rule, nothing saved), an
    // unknown data table.
    let body = server
        .graphql_as(&token, &import, json!({ "input": "%%%" }))
        .await?;
    assert_eq!(error(&body).1, "BAD_USER_INPUT");
    let body = server
        .graphql_as(
            &token,
            &import,
            json!({ "input": archive::to_base64(b"not a zip") }),
        )
        .await?;
    assert!(error(&body).0.starts_with("Lo zip non è valido"), "{body}");
    let broken_id = Uuid::now_v7();
    let zip = archive::to_base64(&archive::write(&[
        archived(
            Uuid::now_v7(),
            "Buona",
            "export default () => ({ success: true });\n",
            None,
        ),
        archived(
            broken_id,
            "Rotta",
            "export default () => {\n  return { success: };\n};\n",
            None,
        ),
    ])?);
    let body = server
        .graphql_as(&token, &import, json!({ "input": zip }))
        .await?;
    let (message, code, _) = error(&body);
    assert_eq!(code, "BAD_USER_INPUT");
    assert!(
        message.starts_with(&format!(
            "Regola {broken_id} (Rotta): Errore di sintassi alla riga 2"
        )),
        "{message}"
    );
    let mut unknown_table = archived(
        Uuid::now_v7(),
        "T",
        "export default () => ({ success: true });\n",
        None,
    );
    unknown_table.metadata.data_tables = vec!["nope".into()];
    let zip = archive::to_base64(&archive::write(&[unknown_table])?);
    let body = server
        .graphql_as(&token, &import, json!({ "input": zip }))
        .await?;
    assert!(
        error(&body).0.contains("Datatable non trovata: nope"),
        "{body}"
    );
    let body = server
        .graphql_as(&token, "{ dossierRules { id } }", json!({}))
        .await?;
    assert_eq!(
        body["data"]["dossierRules"].as_array().map(Vec::len),
        Some(2),
        "nothing saved"
    );
    Ok(())
}

/// A code change needs a worker to compile it: with none alive it is refused at once
/// (`NO_WORKER`, issue 30); with one alive that does not answer (its queue paused), after the
/// bounded wait (`UNAVAILABLE`).
#[tokio::test]
async fn a_code_change_without_a_worker_is_refused_at_once_and_one_unanswered_after_the_wait()
-> Result<()> {
    let server = TestServer::start(Options {
        job_wait_timeout_ms: 300,
        ..Options::default()
    })
    .await?;
    let token = server.admin_token().await?;
    let create = |description: &'static str| {
        create_dossier_rule(
            &server,
            &token,
            json!({ "description": description, "istitutoAppartenenza": "B", "code": "export default () => ({ success: true });" }),
        )
    };
    let body = create("D").await?;
    let (message, code, _) = error(&body);
    assert_eq!(code, "NO_WORKER", "{body}");
    assert!(
        message.starts_with("Impossibile verificare il codice della regola"),
        "{message}"
    );

    use shared::jobs::{Job, rules::RuleRunJob, signals};
    let redis = common::connect_when_up(&server.redis_url, &server.namespace).await?;
    signals::pause(&redis, RuleRunJob::QUEUE).await?;
    let _worker = server.spawn_worker().await?;
    let body = create("E").await?;
    let (message, code, _) = error(&body);
    assert_eq!(code, "UNAVAILABLE", "{body}");
    let extensions = &body["errors"][0]["extensions"];
    assert_eq!(extensions["messageCode"], "CHECK_UNAVAILABLE", "{body}");
    assert_eq!(extensions["params"]["reason"]["messageCode"], "NO_REPLY");
    assert!(message.contains("Nessun worker ha risposto"), "{message}");
    Ok(())
}

/// Waits until a `rule-runs` job (a compile) is in its queue: a save waits for its compile.
async fn until_compiling(server: &TestServer) -> Result<()> {
    use shared::jobs::{Job, board, rules::RuleRunJob};
    eventually(
        Duration::from_secs(10),
        "the save asking for a compile",
        async || {
            let counts = board::counts(&server.state.redis).await?;
            let compiles = counts.iter().find(|q| q.queue == RuleRunJob::QUEUE);
            Ok(compiles
                .is_some_and(|q| q.waiting + q.running > 0)
                .then_some(()))
        },
    )
    .await
}

/// Runs the mutation `save` while its compile cannot be answered yet: a worker is alive (a save
/// with none alive is refused at once, `NO_WORKER`) but its `rule-runs` queue is paused. Once
/// the save waits for its compile, runs `meanwhile` (a concurrent change of the rule), then
/// resumes the queue so that the worker answers. Answers the save's body and the worker.
async fn racing_the_compile(
    server: &TestServer,
    token: &str,
    save: &str,
    variables: Value,
    meanwhile: impl std::future::Future<Output = Result<()>>,
) -> Result<(Value, common::WorkerProcess)> {
    use shared::jobs::{Job, rules::RuleRunJob, signals};
    let redis = common::connect_when_up(&server.redis_url, &server.namespace).await?;
    signals::pause(&redis, RuleRunJob::QUEUE).await?;
    let worker = server.spawn_worker().await?;
    eventually(PATIENCE, "the worker saying it is alive", async || {
        let consumed = shared::jobs::presence::consumed(&redis, RuleRunJob::QUEUE).await?;
        Ok(consumed.then_some(()))
    })
    .await?;
    let (body, resumed) = tokio::join!(server.graphql_as(token, save, variables), async {
        until_compiling(server).await?;
        meanwhile.await?;
        signals::resume(&redis, RuleRunJob::QUEUE).await?;
        anyhow::Ok(())
    });
    resumed?;
    Ok((body?, worker))
}

#[tokio::test]
async fn a_rule_deleted_while_its_save_compiles_is_not_found() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    setup_catalogue(&server, &token).await?;
    // The template code is saved without a compile: no worker needed yet.
    let mut ids = Vec::new();
    for description in ["Da ripristinare", "Con helper"] {
        let body = create_document_rule(
            &server,
            &token,
            json!({ "documentType": "CUD", "description": description }),
        )
        .await?;
        ok(&body)?;
        ids.push(
            body["data"]["createDocumentRule"]["id"]
                .as_str()
                .expect("an id")
                .to_owned(),
        );
    }
    let delete = "mutation($id: ID!) { deleteDocumentRule(id: $id) }";

    // A restore whose rule is deleted while its version compiles: the rule is gone, and no
    // restore is recorded for it.
    let (body, worker) = racing_the_compile(
        &server,
        &token,
        "mutation($id: ID!) { restoreRuleVersion(ruleId: $id, version: 1) { version } }",
        json!({ "id": ids[0] }),
        async {
            ok(&server
                .graphql_as(&token, delete, json!({ "id": ids[0] }))
                .await?)?;
            Ok(())
        },
    )
    .await?;
    let (message, code, _) = error(&body);
    assert_eq!(code, "NOT_FOUND", "{body}");
    assert_eq!(message, format!("Regola {} non trovata", ids[0]));
    let mut conn = server.db.pool.get().await?;
    let entries = shared::db::repo::audit::latest(&mut conn, 20).await?;
    drop(conn);
    assert!(
        !entries.iter().any(|e| e.action == "rule.restore"),
        "no restore of a deleted rule is audit-logged"
    );
    worker.terminate().await?;

    // A helper saved while its rule is deleted: the rule is gone, not an internal error.
    let (body, _worker) = racing_the_compile(
        &server,
        &token,
        "mutation($id: ID!, $code: String!) { updateHelperCode(id: $id, code: $code) { id } }",
        json!({ "id": ids[1], "code": "export const a = 1;\n" }),
        async {
            ok(&server
                .graphql_as(&token, delete, json!({ "id": ids[1] }))
                .await?)?;
            Ok(())
        },
    )
    .await?;
    let (message, code, _) = error(&body);
    assert_eq!(code, "NOT_FOUND", "{body}");
    assert_eq!(message, format!("Regola {} non trovata", ids[1]));
    Ok(())
}

#[tokio::test]
async fn a_code_change_is_compiled_again_when_the_helper_changes_meanwhile() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    setup_catalogue(&server, &token).await?;
    let worker = server.spawn_worker().await?;
    let body = create_document_rule(
        &server,
        &token,
        json!({ "documentType": "CUD", "description": "R" }),
    )
    .await?;
    ok(&body)?;
    let id = body["data"]["createDocumentRule"]["id"]
        .as_str()
        .expect("an id")
        .to_owned();
    let template = body["data"]["createDocumentRule"]["code"].clone();
    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!, $code: String!) { updateHelperCode(id: $id, code: $code) { id } }",
            json!({ "id": id, "code": "export const isCud = (text) => text.includes('CUD');\n" }),
        )
        .await?;
    ok(&body)?;
    worker.terminate().await?;

    // New code that imports the helper compiles with the saved helper; meanwhile the helper
    // goes (as a restore of an older version or an import without one removes it). What
    // would be saved — the code without a helper — is compiled again, and refused.
    let uses_helper = "import { isCud } from './helper.js';\nexport default ({ rawText }) => ({ success: isCud(rawText) });\n";
    let (body, _worker) = racing_the_compile(
        &server,
        &token,
        "mutation($id: ID!, $code: String) { updateDocumentRule(id: $id, input: { code: $code }) { code } }",
        json!({ "id": id, "code": uses_helper }),
        async {
            let mut conn = server.db.pool.get().await?;
            diesel::sql_query(format!(
                "DELETE FROM helper_code WHERE document_rule_id = '{id}'"
            ))
            .execute(&mut conn)
            .await?;
            Ok(())
        },
    )
    .await?;
    let (message, code, field) = error(&body);
    assert_eq!(
        (code.as_str(), field.as_str()),
        ("BAD_USER_INPUT", "code"),
        "{body}"
    );
    assert!(message.contains("has no helper"), "{message}");
    let body = server
        .graphql_as(
            &token,
            "query($id: ID!) { documentRule(id: $id) { code } }",
            json!({ "id": id }),
        )
        .await?;
    assert_eq!(
        body["data"]["documentRule"]["code"], template,
        "nothing saved"
    );
    Ok(())
}
