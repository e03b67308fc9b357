//! The version history of rules through the real API and a real worker: every save that
//! changes what an author edits is a version with its author; pausing is not; a restore
//! compiles the old version, brings back code, helper and metadata as a new version, and is
//! audit-logged.

use crate::common;

use anyhow::Result;
use common::{Options, TestServer, graphql::ok};
use serde_json::{Value, json};
use shared::rules::archive::{self, ArchivedRule, RuleMetadata};
use uuid::Uuid;

const VERSIONS: &str = "query($id: ID!) { ruleVersions(ruleId: $id) {
    total items { version author kind code helper packageJSON description metadata } } }";

async fn versions(server: &TestServer, token: &str, id: &str) -> Result<Vec<Value>> {
    let body = server
        .graphql_as(token, VERSIONS, json!({ "id": id }))
        .await?;
    ok(&body)?;
    Ok(body["data"]["ruleVersions"]["items"]
        .as_array()
        .cloned()
        .unwrap_or_default())
}

fn metadata(version: &Value) -> Value {
    serde_json::from_str(version["metadata"].as_str().unwrap_or("null")).unwrap_or(Value::Null)
}

#[tokio::test]
async fn every_save_is_a_version_and_a_restore_is_a_new_one() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let _worker = server.spawn_worker().await?;
    for query in [
        r#"mutation { createDocumentType(input: { name: "CUD" }) { name } }"#,
        r#"mutation { createDataTable(input: { name: "tassi", content: "{}", ordinamento: 1 }) { name } }"#,
    ] {
        ok(&server.graphql_as(&token, query, json!({})).await?)?;
    }
    let first = "export default ({ rawText }) => ({ success: rawText.length > 0 });\n";
    let body = server
        .graphql_as(
            &token,
            "mutation($code: String!) { createDocumentRule(input: { documentType: \"CUD\", description: \"Testo\", code: $code, dataTables: [\"tassi\"] }) { id } }",
            json!({ "code": first }),
        )
        .await?;
    ok(&body)?;
    let id = body["data"]["createDocumentRule"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();

    let second = "import { minimo } from './helper.js';\nexport default ({ rawText }) => ({ success: rawText.length > minimo });\n";
    ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!) { updateHelperCode(id: $id, code: \"export const minimo = 10;\\n\") { id } }",
            json!({ "id": id }),
        )
        .await?)?;
    ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!, $code: String!) { updateDocumentRule(id: $id, input: { code: $code, nota: \"soglia\", dataTables: [] }) { id } }",
            json!({ "id": id, "code": second }),
        )
        .await?)?;
    // Pausing and a save that changes nothing are not versions.
    ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!) { setDocumentRuleActive(id: $id, active: false) { id } }",
            json!({ "id": id }),
        )
        .await?)?;
    ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!) { updateDocumentRule(id: $id, input: { nota: \"soglia\" }) { id } }",
            json!({ "id": id }),
        )
        .await?)?;

    let history = versions(&server, &token, &id).await?;
    let numbers: Vec<i64> = history
        .iter()
        .filter_map(|v| v["version"].as_i64())
        .collect();
    assert_eq!(numbers, [3, 2, 1], "newest first: create, helper, update");
    assert!(
        history
            .iter()
            .all(|v| v["author"].as_str().is_some_and(|a| a.contains('@'))),
        "each version names its author: {history:?}"
    );
    assert_eq!(history[2]["code"], first);
    assert_eq!(history[2]["helper"], "");
    assert_eq!(
        metadata(&history[2]),
        json!({ "documentType": "CUD", "dataTables": ["tassi"], "nota": "" })
    );
    assert_eq!(history[1]["helper"], "export const minimo = 10;\n");
    assert_eq!(history[0]["code"], second);
    assert_eq!(
        metadata(&history[0]),
        json!({ "documentType": "CUD", "dataTables": [], "nota": "soglia" })
    );

    // Restore version 1: code, helper (none), data tables and note come back as version 4.
    let body = server
        .graphql_as(
            &token,
            "mutation($id: ID!) { restoreRuleVersion(ruleId: $id, version: 1) { version code helper } }",
            json!({ "id": id }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(
        body["data"]["restoreRuleVersion"],
        json!({ "version": 4, "code": first, "helper": "" })
    );
    let body = server
        .graphql_as(
            &token,
            "query($id: ID!) { documentRule(id: $id) { code nota active dataTables { name } } getHelperCode(id: $id) { code } }",
            json!({ "id": id }),
        )
        .await?;
    ok(&body)?;
    assert_eq!(body["data"]["documentRule"]["code"], first);
    assert_eq!(body["data"]["documentRule"]["nota"], "");
    assert_eq!(
        body["data"]["documentRule"]["active"], false,
        "the state is not versioned"
    );
    assert_eq!(
        body["data"]["documentRule"]["dataTables"],
        json!([{ "name": "tassi" }])
    );
    assert_ne!(
        body["data"]["getHelperCode"]["code"], "export const minimo = 10;\n",
        "the helper is gone again"
    );
    let mut conn = server.db.pool.get().await?;
    let entries = shared::db::repo::audit::latest(&mut conn, 20).await?;
    let restore = entries
        .iter()
        .find(|e| e.action == "rule.restore")
        .expect("the restore is audit-logged");
    assert_eq!(restore.target_id.as_deref(), Some(id.as_str()));
    assert_eq!(restore.details, json!({ "version": 1, "newVersion": 4 }));
    drop(conn);

    // Unknown versions and rules are refused; a version naming a deleted data table too.
    let restore =
        "mutation($id: ID!, $v: Int!) { restoreRuleVersion(ruleId: $id, version: $v) { version } }";
    let body = server
        .graphql_as(&token, restore, json!({ "id": id, "v": 99 }))
        .await?;
    assert_eq!(
        body["errors"][0]["extensions"]["code"], "NOT_FOUND",
        "{body}"
    );
    let body = server
        .graphql_as(
            &token,
            restore,
            json!({ "id": "00000000-0000-7000-8000-000000000000", "v": 1 }),
        )
        .await?;
    assert_eq!(
        body["errors"][0]["extensions"]["code"], "NOT_FOUND",
        "{body}"
    );
    ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!) { updateDocumentRule(id: $id, input: { dataTables: [] }) { id } }",
            json!({ "id": id }),
        )
        .await?)?;
    ok(&server
        .graphql_as(
            &token,
            "mutation { deleteDataTable(name: \"tassi\") }",
            json!({}),
        )
        .await?)?;
    let body = server
        .graphql_as(&token, restore, json!({ "id": id, "v": 1 }))
        .await?;
    assert_eq!(
        body["errors"][0]["extensions"]["code"], "BAD_USER_INPUT",
        "{body}"
    );
    assert_eq!(
        versions(&server, &token, &id).await?.len(),
        5,
        "nothing restored"
    );
    Ok(())
}

#[tokio::test]
async fn dossier_rule_versions_carry_their_lists_and_the_import() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let _worker = server.spawn_worker().await?;
    let body = server
        .graphql_as(
            &token,
            "mutation { createDossierRule(input: { description: \"Banca\", istitutoAppartenenza: \"Banca X\", gruppo: [\"g1\"] }) { id } }",
            json!({}),
        )
        .await?;
    ok(&body)?;
    let id = body["data"]["createDossierRule"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    ok(&server
        .graphql_as(
            &token,
            "mutation($id: ID!) { updateMustContain(id: $id, list: [\"TAN\"]) { id } }",
            json!({ "id": id }),
        )
        .await?)?;
    let history = versions(&server, &token, &id).await?;
    assert_eq!(history.len(), 2);
    assert_eq!(history[0]["kind"], "dossier");
    assert_eq!(
        metadata(&history[0]),
        json!({
            "istitutoAppartenenza": "Banca X", "mustContain": ["TAN"], "notContain": [],
            "nota": "", "gruppo": ["g1"], "dossierType": null, "dataTables": []
        })
    );

    // The rule imported with other code and a helper: one more version, by the importer.
    let rule = ArchivedRule {
        metadata: RuleMetadata {
            format_version: archive::FORMAT_VERSION,
            id: Uuid::parse_str(&id)?,
            description: "Banca".into(),
            istituto_appartenenza: "Banca X".into(),
            must_contain: vec!["TAN".into()],
            not_contain: vec![],
            nota: "importata".into(),
            gruppo: vec!["g1".into()],
            active: true,
            valid: true,
            dossier_type: None,
            data_tables: vec![],
        },
        code: "import { max } from './helper.js';\nexport default ({ input }) => ({ success: input.durata <= max });\n".into(),
        helper: Some("export const max = 120;\n".into()),
        package_json: "{\"name\":\"rule\"}".into(),
    };
    let zip = archive::to_base64(&archive::write(&[rule])?);
    let import = "mutation($zip: String!) { importDossierRules(input: $zip) { id } }";
    ok(&server
        .graphql_as(&token, import, json!({ "zip": zip }))
        .await?)?;
    let history = versions(&server, &token, &id).await?;
    assert_eq!(history.len(), 3);
    assert_eq!(history[0]["helper"], "export const max = 120;\n");
    assert_eq!(metadata(&history[0])["nota"], "importata");
    ok(&server
        .graphql_as(&token, import, json!({ "zip": zip }))
        .await?)?;
    assert_eq!(
        versions(&server, &token, &id).await?.len(),
        3,
        "importing the same rule again changes nothing"
    );
    Ok(())
}

/// Code and helper.js saved together are one save: compiled together (the new code may need
/// the new helper), one version, nothing saved when either does not compile, and the helper
/// needs `updateHelperCode` besides the rule's own resource.
#[tokio::test]
async fn code_and_helper_saved_together_are_one_version_compiled_together() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let _worker = server.spawn_worker().await?;
    ok(&server
        .graphql_as(
            &token,
            r#"mutation { createDocumentType(input: { name: "CUD" }) { name } }"#,
            json!({}),
        )
        .await?)?;
    let body = server
        .graphql_as(
            &token,
            r#"mutation { createDocumentRule(input: { documentType: "CUD", description: "Soglia" }) { id } }"#,
            json!({}),
        )
        .await?;
    ok(&body)?;
    let id = body["data"]["createDocumentRule"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let update = "mutation($id: ID!, $code: String, $helper: String) { updateDocumentRule(id: $id, input: { code: $code, helper: $helper }) { id } }";
    // The new code imports what only the new helper exports.
    let code = "import { soglia } from './helper.js';\nexport default ({ rawText }) => ({ success: rawText.length > soglia });\n";
    let helper = "export const soglia = 3;\n";
    ok(&server
        .graphql_as(
            &token,
            update,
            json!({ "id": id, "code": code, "helper": helper }),
        )
        .await?)?;
    let history = versions(&server, &token, &id).await?;
    assert_eq!(history.len(), 2, "create, then one save: {history:?}");
    assert_eq!(history[0]["code"], code);
    assert_eq!(history[0]["helper"], helper);

    // A helper that does not compile: refused, naming it; nothing saved.
    let refused = server
        .graphql_as(&token, update, json!({ "id": id, "code": "export default () => ({ success: true });\n", "helper": "export const = ;" }))
        .await?;
    assert_eq!(
        refused["errors"][0]["extensions"]["code"], "BAD_USER_INPUT",
        "{refused}"
    );
    assert!(refused.to_string().contains("helper.js"), "{refused}");
    assert_eq!(versions(&server, &token, &id).await?.len(), 2);

    // Without updateHelperCode, a save with a helper is refused.
    for query in [
        r#"mutation { createUser(user: { email: "autore@example.test", firstName: "A", lastName: "B", password: "segreto1", confirmPassword: "segreto1" }) { email } }"#,
        r#"mutation { createRole(name: "autori") { name } }"#,
        r#"mutation { AddPolicy(subject: "autori", object: "updateDocumentRule", action: "allow") { subject } }"#,
        r#"mutation { AddPolicy(subject: "autori", object: "documentRules", action: "allow") { subject } }"#,
        r#"mutation { AddGroup(subject: "autore@example.test", role: "autori") { subject } }"#,
    ] {
        ok(&server.graphql_as(&token, query, json!({})).await?)?;
    }
    let author = server.login("autore@example.test", "segreto1").await?;
    let body = server
        .graphql_as(
            &author,
            update,
            json!({ "id": id, "helper": "export const soglia = 4;\n" }),
        )
        .await?;
    assert_eq!(
        body["errors"][0]["extensions"]["code"], "FORBIDDEN",
        "{body}"
    );
    assert_eq!(versions(&server, &token, &id).await?.len(), 2);
    Ok(())
}
