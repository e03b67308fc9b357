//! Every refusal a client sees names its message in the catalogue (`shared::messages`): GraphQL
//! errors carry `extensions.messageCode` and `extensions.params` beside `code`, REST refusals
//! `messageCode` and `params` beside `code` and `message`, a refused login `messageCode` —
//! so that the web app says each of them in the user's language (issue 30, item 5).

use crate::common;

use anyhow::Result;
use common::{Options, TestServer};
use serde_json::{Value, json};
use shared::messages::CATALOGUE;

/// The catalogue's entry of `code`, which must exist.
fn entry(code: &str) -> &'static shared::messages::Entry {
    CATALOGUE
        .iter()
        .find(|entry| entry.code == code)
        .unwrap_or_else(|| panic!("{code} is not in the catalogue"))
}

/// `message` is the Italian text of `messageCode` with `params` filled in.
fn assert_italian_of_its_entry(message: &str, message_code: &str, params: &Value) {
    let mut text = entry(message_code).it.to_owned();
    for (name, value) in params.as_object().expect("params is an object") {
        let value = value.as_str().expect("a text parameter");
        text = text.replace(&format!("{{{name}}}"), value);
    }
    assert_eq!(message, text, "{message_code}");
}

#[tokio::test]
async fn graphql_errors_name_their_message_and_its_parameters() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let create = "mutation($name: String) { createDocumentType(input: { name: $name }) { name } }";
    server
        .graphql_as(&token, create, json!({ "name": "Busta paga" }))
        .await?;

    let body = server
        .graphql_as(&token, create, json!({ "name": "Busta paga" }))
        .await?;
    let error = &body["errors"][0];
    assert_eq!(error["extensions"]["code"], "BAD_USER_INPUT", "{body}");
    assert_eq!(error["extensions"]["field"], "name");
    assert_eq!(error["extensions"]["messageCode"], "TYPE_EXISTS");
    assert_eq!(
        error["extensions"]["params"],
        json!({ "name": "Busta paga" })
    );
    assert_italian_of_its_entry(
        error["message"].as_str().unwrap_or_default(),
        "TYPE_EXISTS",
        &error["extensions"]["params"],
    );

    // Refused before any resolver runs: by the access check, and by the request's reader.
    let body = server
        .graphql("{ documentTypes { name } }", json!({}))
        .await?;
    let error = &body["errors"][0];
    assert_eq!(error["extensions"]["code"], "UNAUTHENTICATED", "{body}");
    assert_eq!(
        error["extensions"]["messageCode"],
        "AUTHENTICATION_REQUIRED"
    );
    assert_eq!(error["extensions"]["params"], json!({}));

    let response = server
        .client
        .post(server.url("/graphql"))
        .header("content-type", "text/plain")
        .body("{}")
        .send()
        .await?;
    assert_eq!(response.status(), 415);
    let body: Value = response.json().await?;
    let error = &body["errors"][0];
    assert_eq!(error["extensions"]["code"], "UNSUPPORTED_MEDIA_TYPE");
    assert_eq!(error["extensions"]["messageCode"], "GRAPHQL_JSON_ONLY");

    // A message made of another one carries it whole, to be said in the same language.
    let body = server
        .graphql_as(
            &token,
            "mutation($input: String!) { importDossierRules(input: $input) { id } }",
            json!({ "input": "non è uno zip" }),
        )
        .await?;
    let error = &body["errors"][0];
    assert_eq!(
        error["extensions"]["messageCode"], "ARCHIVE_BASE64",
        "{body}"
    );
    server.shutdown().await
}

#[tokio::test]
async fn a_refused_login_names_its_message() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    server.seed_admin("admin@example.com", "segreto1").await?;
    let body = server
        .graphql(
            "mutation { basicLogin(username: \"admin@example.com\", password: \"sbagliata\") { logged message messageCode } }",
            json!({}),
        )
        .await?;
    let login = &body["data"]["basicLogin"];
    assert_eq!(login["logged"], false, "{body}");
    assert_eq!(login["messageCode"], "INVALID_CREDENTIALS");
    assert_eq!(login["message"], entry("INVALID_CREDENTIALS").it);
    server.shutdown().await
}

#[tokio::test]
async fn rest_refusals_name_their_message_and_its_parameters() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let response = server
        .client
        .post(server.url("/import_dossier"))
        .json(&json!({}))
        .send()
        .await?;
    assert_eq!(response.status(), 401);
    let body: Value = response.json().await?;
    assert_eq!(body["code"], "UNAUTHORIZED", "{body}");
    assert_eq!(body["messageCode"], "AUTHENTICATION_REQUIRED");
    assert_eq!(body["message"], entry("AUTHENTICATION_REQUIRED").it);
    assert_eq!(body["params"], json!({}));

    let token = server.admin_token().await?;
    let response = server
        .client
        .post(server.url("/import_dossier"))
        .bearer_auth(&token)
        .json(&json!({
            "idValutazione": "",
            "base64zip": "UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==",
            "files": [{ "nomeFile": "manca.pdf", "tipoDocumento": "" }],
            "input": "[]",
        }))
        .send()
        .await?;
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await?;
    assert_eq!(body["code"], "BAD_REQUEST", "{body}");
    assert_eq!(body["messageCode"], "IMPORT_MISSING_FILES");
    assert_eq!(body["params"], json!({ "names": "manca.pdf" }));
    assert_italian_of_its_entry(
        body["message"].as_str().unwrap_or_default(),
        "IMPORT_MISSING_FILES",
        &body["params"],
    );
    server.shutdown().await
}
