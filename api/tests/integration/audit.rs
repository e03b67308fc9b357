//! The audit log screen's queries through the real server: `auditLog` paged newest first,
//! filtered by actor (e-mail prefix), action and date; `auditActions`; both refused without
//! the `audit` resource; an impersonation listed with its impersonator; and the deletions and
//! rule saves that write their entries.

use crate::common;

use anyhow::Result;
use common::{
    ADMIN_EMAIL, Options, TestServer,
    graphql::ok,
    users::{PASSWORD, logged_in_user},
};
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};
use uuid::Uuid;

const AUDIT_LOG: &str = "query($input: TableInput) { auditLog(input: $input) {
    items { id createdAt actorEmail impersonatorEmail action targetType targetId details }
    pages total more op } }";

/// One page of the log as `token` sees it.
async fn audit_log(server: &TestServer, token: &str, input: Value) -> Result<Value> {
    Ok(ok(&server
        .graphql_as(token, AUDIT_LOG, json!({ "input": input }))
        .await?)?["auditLog"]
        .clone())
}

fn filter(column: &str, kind: &str, value: &[&str]) -> Value {
    json!({ "column": column, "type": kind, "value": value })
}

fn actions(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|i| i["action"].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

fn code(body: &Value) -> &str {
    body["errors"][0]["extensions"]["code"]
        .as_str()
        .unwrap_or_default()
}

#[tokio::test]
async fn the_audit_log_pages_filters_and_names_the_impersonator() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    let carla = logged_in_user(&server, &admin, "carla@example.com").await?;
    for n in 0..11 {
        logged_in_user(&server, &admin, &format!("utente{n:02}@example.com")).await?;
    }

    // Without `audit`, neither query answers.
    for query in [
        "{ auditActions }",
        "{ auditLog { total } }",
        "{ auditLog(input: { pageSize: 50 }) { items { action } } }",
    ] {
        let body = server.graphql_as(&carla, query, json!({})).await?;
        assert_eq!(code(&body), "FORBIDDEN", "{query}: {body}");
        assert_eq!(body["data"], Value::Null, "{body}");
    }

    // The administrator impersonates Carla, who ends it: two entries, the second by Carla
    // impersonated by the administrator.
    let session = ok(&server
        .graphql_as(
            &admin,
            "mutation { impersonates(email: \"carla@example.com\") { accessToken } }",
            json!({}),
        )
        .await?)?;
    let as_carla = session["impersonates"]["accessToken"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    ok(&server
        .graphql_as(
            &as_carla,
            "mutation { endImpersonation { logged } }",
            json!({}),
        )
        .await?)?;

    // Newest first, ten a page by default; twelve users created, then the impersonation.
    let first = audit_log(&server, &admin, json!(null)).await?;
    assert_eq!(first["total"], 14, "{first}");
    assert_eq!(
        (first["pages"].as_i64(), first["more"].as_bool()),
        (Some(2), Some(false))
    );
    assert_eq!(first["op"], "createdAt DESC");
    assert_eq!(
        actions(&first)[..3],
        ["impersonation.end", "impersonation.start", "user.create"]
    );
    let end = &first["items"][0];
    assert_eq!(end["actorEmail"], "carla@example.com", "{end}");
    assert_eq!(end["impersonatorEmail"], ADMIN_EMAIL, "{end}");
    assert_eq!(
        (end["targetType"].as_str(), end["targetId"].as_str()),
        (Some("user"), Some("carla@example.com"))
    );
    let details: Value = serde_json::from_str(end["details"].as_str().unwrap_or_default())?;
    assert!(details["session"].is_string(), "{details}");
    let start = &first["items"][1];
    assert_eq!(start["actorEmail"], ADMIN_EMAIL, "{start}");
    assert_eq!(start["impersonatorEmail"], Value::Null);
    assert_eq!(start["targetId"], "carla@example.com");
    let dates: Vec<&str> = first["items"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|i| i["createdAt"].as_str())
                .collect()
        })
        .unwrap_or_default();
    assert!(
        dates.windows(2).all(|w| w[0] >= w[1]),
        "newest first: {dates:?}"
    );

    // The second page holds the rest, none of the first; oldest first reverses the order.
    let second = audit_log(&server, &admin, json!({ "pageIndex": 1 })).await?;
    assert_eq!(
        second["items"].as_array().map(Vec::len),
        Some(4),
        "{second}"
    );
    let ids = |page: &Value| -> Vec<String> {
        page["items"]
            .as_array()
            .map(|items| {
                items
                    .iter()
                    .filter_map(|i| i["id"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert!(ids(&second).iter().all(|id| !ids(&first).contains(id)));
    let oldest = audit_log(
        &server,
        &admin,
        json!({ "order": "createdAt ASC", "pageSize": 50 }),
    )
    .await?;
    assert_eq!(oldest["op"], "createdAt ASC");
    assert_eq!(
        actions(&oldest).last().map(String::as_str),
        Some("impersonation.end")
    );

    // By action: any of those chosen.
    let ended = audit_log(
        &server,
        &admin,
        json!({ "filters": [filter("action", "select", &["impersonation.end"])] }),
    )
    .await?;
    assert_eq!(actions(&ended), ["impersonation.end"], "{ended}");
    assert_eq!(ended["items"][0]["impersonatorEmail"], ADMIN_EMAIL);
    let both = audit_log(
        &server,
        &admin,
        json!({ "filters": [filter("action", "select", &["impersonation.end", "impersonation.start"])] }),
    )
    .await?;
    assert_eq!(both["total"], 2, "{both}");

    // By actor: the start of the e-mail, any case; not a substring.
    let by_carla = audit_log(
        &server,
        &admin,
        json!({ "filters": [filter("actorEmail", "text", &["CARLA@"])] }),
    )
    .await?;
    assert_eq!(actions(&by_carla), ["impersonation.end"], "{by_carla}");
    let middle = audit_log(
        &server,
        &admin,
        json!({ "filters": [filter("actorEmail", "text", &["arla"])] }),
    )
    .await?;
    assert_eq!(middle["total"], 0, "{middle}");
    // LIKE's wildcards are plain characters.
    let wildcard = audit_log(
        &server,
        &admin,
        json!({ "filters": [filter("actorEmail", "text", &["%"])] }),
    )
    .await?;
    assert_eq!(wildcard["total"], 0, "{wildcard}");
    let by_admin = audit_log(
        &server,
        &admin,
        json!({ "filters": [filter("user", "text", &[ADMIN_EMAIL]), filter("action", "select", &["user.create"])] }),
    )
    .await?;
    assert_eq!(by_admin["total"], 12, "{by_admin}");

    // By date: today (both ends included) finds everything, a past year nothing.
    let today = chrono::Utc::now().format("%Y/%m/%d").to_string();
    let of_today = audit_log(
        &server,
        &admin,
        json!({ "filters": [filter("createdAt", "date", &[&today, &today])] }),
    )
    .await?;
    assert_eq!(of_today["total"], 14, "{of_today}");
    let long_ago = audit_log(
        &server,
        &admin,
        json!({ "filters": [filter("createdAt", "date", &["2020/01/01", "2020/12/31"])] }),
    )
    .await?;
    assert_eq!(long_ago["total"], 0, "{long_ago}");

    // An unknown action, an order the log has no index for, a page size beyond the bound.
    for input in [
        json!({ "filters": [filter("action", "select", &["user.hack"])] }),
        json!({ "order": "actorEmail ASC" }),
        json!({ "order": "action DESC" }),
        json!({ "pageSize": 500 }),
        json!({ "filters": [filter("details", "text", &["x"])] }),
    ] {
        let body = server
            .graphql_as(&admin, AUDIT_LOG, json!({ "input": input }))
            .await?;
        assert_eq!(code(&body), "BAD_USER_INPUT", "{input}: {body}");
    }

    // The actions offered, from the code: those of the jobs dashboard too.
    let offered = ok(&server
        .graphql_as(&admin, "{ auditActions }", json!({}))
        .await?)?;
    let offered: Vec<&str> = offered["auditActions"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for action in [
        "impersonation.start",
        "user.delete",
        "policy.add",
        "rule.update",
        "job.retry",
        "job.discard_bulk",
        "queue.pause",
    ] {
        assert!(offered.contains(&action), "{action} in {offered:?}");
    }

    // A role allowing `audit` reads the log.
    for query in [
        "mutation { createRole(name: \"revisore\") { name } }",
        "mutation { AddPolicy(subject: \"revisore\", object: \"audit\", action: \"allow\") { subject } }",
        "mutation { AddGroup(subject: \"carla@example.com\", role: \"revisore\") { subject } }",
    ] {
        ok(&server.graphql_as(&admin, query, json!({})).await?)?;
    }
    let carla = server.login("carla@example.com", PASSWORD).await?;
    let seen = audit_log(
        &server,
        &carla,
        json!({ "filters": [filter("action", "select", &["group.add"])] }),
    )
    .await?;
    assert_eq!(seen["items"][0]["targetType"], "group", "{seen}");
    Ok(())
}

#[tokio::test]
async fn deletions_and_rule_saves_write_their_entries() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    for query in [
        r#"mutation { createDocumentType(input: { name: "CUD" }) { name } }"#,
        r#"mutation { createDocumentType(input: { name: "Vecchio" }) { name } }"#,
        r#"mutation { createDossierType(input: { name: "Mutuo" }) { name } }"#,
        r#"mutation { createDataTable(input: { name: "tassi", content: "[1]" }) { name } }"#,
    ] {
        ok(&server.graphql_as(&admin, query, json!({})).await?)?;
    }
    let created = ok(&server.graphql_as(&admin, r#"mutation { createDocumentRule(input: { documentType: "CUD", description: "Reddito", dataTables: [] }) { id } }"#, json!({})).await?)?;
    let id = created["createDocumentRule"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    for (query, variables) in [
        (
            "mutation($id: ID!) { setDocumentRuleActive(id: $id, active: false) { id } }",
            json!({ "id": id }),
        ),
        (
            "mutation($id: ID!) { setDocumentRuleActive(id: $id, active: true) { id } }",
            json!({ "id": id }),
        ),
        (
            "mutation($id: ID!) { updateDocumentRule(id: $id, input: { nota: \"rivista\" }) { id } }",
            json!({ "id": id }),
        ),
        (
            "mutation($id: ID!) { deleteDocumentRule(id: $id) }",
            json!({ "id": id }),
        ),
        (
            "mutation { deleteDocumentType(name: \"Vecchio\") }",
            json!({}),
        ),
        ("mutation { deleteDossierType(name: \"Mutuo\") }", json!({})),
        ("mutation { deleteDataTable(name: \"tassi\") }", json!({})),
    ] {
        ok(&server.graphql_as(&admin, query, variables).await?)?;
    }

    let page = audit_log(&server, &admin, json!({ "pageSize": 20 })).await?;
    assert_eq!(
        actions(&page),
        [
            "data_table.delete",
            "dossier_type.delete",
            "document_type.delete",
            "rule.delete",
            "rule.update",
            "rule.activate",
            "rule.pause",
            "rule.create",
            "data_table.create",
            "dossier_type.create",
            "document_type.create",
            "document_type.create",
        ],
        "{page}"
    );
    let items = page["items"].as_array().cloned().unwrap_or_default();
    let details_of = |item: &Value| -> Value {
        serde_json::from_str(item["details"].as_str().unwrap_or_default()).unwrap_or_default()
    };
    assert_eq!(
        (
            items[0]["targetType"].as_str(),
            items[0]["targetId"].as_str()
        ),
        (Some("data_table"), Some("tassi"))
    );
    assert_eq!(items[2]["targetId"], "Vecchio");
    for item in &items[3..8] {
        assert_eq!(item["targetType"], "rule");
        assert_eq!(item["targetId"].as_str(), Some(id.as_str()));
        assert_eq!(item["actorEmail"], ADMIN_EMAIL);
        assert_eq!(details_of(item)["kind"], "document", "{item}");
        assert_eq!(details_of(item)["description"], "Reddito");
    }
    assert_eq!(details_of(&items[4])["fields"], json!(["nota"]));

    // A refused deletion writes nothing.
    let refused = server
        .graphql_as(
            &admin,
            "mutation { deleteDataTable(name: \"tassi\") }",
            json!({}),
        )
        .await?;
    assert_eq!(code(&refused), "NOT_FOUND", "{refused}");
    let again = audit_log(&server, &admin, json!({ "pageSize": 20 })).await?;
    assert_eq!(again["total"], page["total"]);
    Ok(())
}

/// The changes of operations and of the catalogue each write their entry, naming what they
/// changed: types and their metas, data tables, notification recipients, a document's tags and
/// rule runs, a dossier's metas fixes, rule runs and callback resends.
#[tokio::test]
async fn operations_and_catalogue_changes_write_their_entries() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let admin = server.admin_token().await?;
    for query in [
        r#"mutation { createDocumentType(input: { name: "busta-paga" }) { name } }"#,
        r#"mutation { createDossierType(input: { name: "cessione" }) { name } }"#,
        r#"mutation { setDossierTypeRequiredMetas(name: "cessione", metas: ["cf", " cf", "iban"]) { name } }"#,
        r#"mutation { createDataTable(input: { name: "tassi", content: "[1]", ordinamento: 2 }) { name } }"#,
        r#"mutation { updateDataTable(name: "tassi", input: { name: "tassi2026", content: "[2]" }) { name } }"#,
        r#"mutation { addNotificationReceiver(receiver: "ufficio@example.com") { id } }"#,
        r#"mutation { addNotificationReceiver(receiver: "UFFICIO@example.com") { id } }"#,
        r#"mutation { deleteNotificationReceiver(receiver: "ufficio@example.com") { id } }"#,
    ] {
        ok(&server.graphql_as(&admin, query, json!({})).await?)?;
    }
    let (dossier, document) = processed_dossier(&server).await?;
    let (d, doc) = (dossier.to_string(), document.to_string());
    for (query, variables) in [
        (
            "mutation($id: ID!, $m: String!) { replaceDocumentMetas(id: $id, metas: $m) { id } }",
            json!({ "id": doc, "m": r#"{"cf": "RSSMRA"}"# }),
        ),
        (
            "mutation($id: ID!) { runDocumentRules(id: $id) }",
            json!({ "id": doc }),
        ),
        (
            "mutation($id: ID!) { fixMetas(id: $id, metas: [{ name: \"cf\", value: \"RSSMRA80\" }]) { valid } }",
            json!({ "id": d }),
        ),
        (
            "mutation($id: ID!) { resendDossierCallback(id: $id) }",
            json!({ "id": d }),
        ),
        (
            "mutation($id: ID!) { runDossierRules(id: $id) }",
            json!({ "id": d }),
        ),
    ] {
        ok(&server.graphql_as(&admin, query, variables).await?)?;
    }

    let page = audit_log(&server, &admin, json!({ "pageSize": 20 })).await?;
    assert_eq!(
        actions(&page),
        [
            "dossier.rules_run",
            "dossier.callback_resend",
            "dossier.fix_metas",
            "document.rules_run",
            "document.metas_replace",
            "notification_receiver.delete",
            "notification_receiver.add",
            "data_table.update",
            "data_table.create",
            "dossier_type.required_metas",
            "dossier_type.create",
            "document_type.create",
        ],
        "an address added again (any case) writes nothing: {page}"
    );
    let items = page["items"].as_array().cloned().unwrap_or_default();
    let entry = |action: &str| -> (Value, Value) {
        let item = items
            .iter()
            .find(|i| i["action"] == action)
            .cloned()
            .unwrap_or_default();
        let details =
            serde_json::from_str(item["details"].as_str().unwrap_or_default()).unwrap_or_default();
        (item, details)
    };
    for action in [
        "dossier.rules_run",
        "dossier.callback_resend",
        "dossier.fix_metas",
    ] {
        let (item, _) = entry(action);
        assert_eq!(
            (item["targetType"].as_str(), item["targetId"].as_str()),
            (Some("dossier"), Some(d.as_str())),
            "{item}"
        );
        assert_eq!(item["actorEmail"], ADMIN_EMAIL);
    }
    assert_eq!(
        entry("dossier.fix_metas").1["metas"],
        json!({ "cf": "RSSMRA80" })
    );
    assert_eq!(entry("dossier.fix_metas").1["rulesStarted"], false);
    assert_eq!(
        entry("dossier.rules_run").1["scope"],
        json!({ "kind": "all" })
    );
    assert_eq!(
        entry("dossier.callback_resend").1["url"],
        "http://127.0.0.1:9/callback"
    );
    assert_eq!(entry("document.metas_replace").0["targetId"], doc);
    assert_eq!(
        entry("document.metas_replace").1["metas"],
        json!({ "cf": "RSSMRA" })
    );
    assert_eq!(entry("document.rules_run").1["dossierId"], d);
    assert_eq!(entry("data_table.update").0["targetId"], "tassi2026");
    assert_eq!(entry("data_table.update").1["previousName"], "tassi");
    assert_eq!(
        entry("data_table.update").1["fields"],
        json!(["name", "content"])
    );
    assert_eq!(
        entry("dossier_type.required_metas").1["requiredMetas"],
        json!(["cf", "iban"])
    );
    assert_eq!(
        entry("notification_receiver.delete").0["targetId"],
        "ufficio@example.com"
    );
    Ok(())
}

/// A processed dossier of type `cessione` with a callback URL and one processed document of
/// type `busta-paga`: (dossier id, document id).
async fn processed_dossier(server: &TestServer) -> Result<(Uuid, Uuid)> {
    use diesel::{ExpressionMethods, QueryDsl};
    use shared::db::schema::dossier_types;
    let mut conn = server.db.pool.get().await?;
    let dossier_type: i64 = dossier_types::table
        .filter(dossier_types::name.eq("cessione"))
        .select(dossier_types::id)
        .first(&mut conn)
        .await?;
    drop(conn);
    let document_type = common::fixtures::document_type_id(server, "busta-paga").await?;
    common::insert_processed_dossier(
        server,
        common::ProcessedDossier {
            dossier_type_id: dossier_type,
            document_type_id: document_type,
            id_valutazione: "VAL-9",
            callback_url: Some("http://127.0.0.1:9/callback"),
            with_archive: false,
            metas: json!({ "cf": "RSS" }),
        },
    )
    .await
}
