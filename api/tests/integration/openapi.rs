//! The OpenAPI document (`/openapi.json`) is valid OpenAPI 3.0 and complete (issue 29): every
//! REST route the server serves is in it with every status it answers, each refusal's
//! `{ code, message }` body, and the bearer scheme of the routes that need a token. The
//! statuses are also provoked on the live server, and each answer must be one the document
//! lists for its route.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

use anyhow::{Context, Result};
use common::{Options, TestServer};
use openapiv3::{OpenAPI, Operation, ReferenceOr, SecurityScheme, StatusCode};
use serde_json::Value;

/// The REST routes the server serves (GraphQL, `/metrics` and the web app are not REST) and
/// the statuses each answers.
const ROUTES: &[(&str, &str, &[u16])] = &[
    ("/healthz", "get", &[200]),
    ("/readyz", "get", &[200, 503]),
    (
        "/import_dossier",
        "post",
        &[200, 400, 401, 403, 413, 415, 422, 429, 500, 503],
    ),
    ("/dossiers/{id}", "get", &[200, 401, 403, 404, 429, 500]),
    (
        "/uploads/validation/{token}",
        "put",
        &[201, 400, 403, 409, 413, 415, 500],
    ),
    ("/downloads/{token}", "get", &[200, 403, 404, 500]),
];

fn operation<'a>(document: &'a OpenAPI, path: &str, method: &str) -> Result<&'a Operation> {
    let item = document
        .paths
        .paths
        .get(path)
        .and_then(ReferenceOr::as_item)
        .with_context(|| format!("{path} is not in the document"))?;
    match method {
        "get" => item.get.as_ref(),
        "post" => item.post.as_ref(),
        "put" => item.put.as_ref(),
        _ => None,
    }
    .with_context(|| format!("{method} {path} is not in the document"))
}

fn statuses(operation: &Operation) -> BTreeSet<u16> {
    operation
        .responses
        .responses
        .keys()
        .filter_map(|status| match status {
            StatusCode::Code(code) => Some(*code),
            StatusCode::Range(_) => None,
        })
        .collect()
}

async fn document(server: &TestServer) -> Result<(OpenAPI, Value)> {
    let text = server
        .client
        .get(server.url("/openapi.json"))
        .send()
        .await?
        .text()
        .await?;
    let document: OpenAPI = serde_json::from_str(&text).context("not a valid OpenAPI 3.0")?;
    Ok((document, serde_json::from_str(&text)?))
}

#[tokio::test]
async fn every_rest_route_is_documented_with_its_statuses_bodies_and_security() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let (document, raw) = document(&server).await?;
    assert!(
        raw["openapi"]
            .as_str()
            .unwrap_or_default()
            .starts_with("3.0")
    );

    let documented: BTreeSet<&str> = document.paths.paths.keys().map(String::as_str).collect();
    let served: BTreeSet<&str> = ROUTES.iter().map(|(path, _, _)| *path).collect();
    assert_eq!(documented, served);
    assert_eq!(
        format!("{}/{{token}}", api::graphql::validation::UPLOAD_PATH),
        "/uploads/validation/{token}",
        "the signed upload addresses and the documented route differ"
    );
    assert_eq!(
        format!("{}/{{token}}", shared::downloads::DOWNLOAD_PATH),
        "/downloads/{token}",
        "the download links and the documented route differ"
    );

    for (path, method, expected) in ROUTES {
        let operation = operation(&document, path, method)?;
        let expected: BTreeSet<u16> = expected.iter().copied().collect();
        assert_eq!(statuses(operation), expected, "{method} {path}");
        // Every refusal's body is described: `{ code, message }`.
        for (status, response) in &operation.responses.responses {
            let StatusCode::Code(code) = status else {
                continue;
            };
            if *code < 400 || path.ends_with("readyz") {
                continue;
            }
            let response = response.as_item().context("an inline response")?;
            let schema = response
                .content
                .get("application/json; charset=utf-8")
                .or_else(|| response.content.get("application/json"))
                .and_then(|media| media.schema.as_ref())
                .with_context(|| format!("{method} {path} {code}: no JSON body"))?;
            let ReferenceOr::Reference { reference } = schema else {
                panic!("{method} {path} {code}: an inline error schema");
            };
            assert!(reference.ends_with("/ErrorMessage"), "{reference}");
        }
    }
    let error = &raw["components"]["schemas"]["ErrorMessage"];
    let required: BTreeSet<&str> = error["required"]
        .as_array()
        .context("required fields")?
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(
        required,
        BTreeSet::from(["code", "message", "messageCode", "params"])
    );

    // The import needs a bearer token (a user's access token or an API key, in the
    // Authorization header) or an API key in `X-Api-Key`: two alternative requirements. The
    // upload's token is in its path.
    let import = operation(&document, "/import_dossier", "post")?;
    let components = document.components.as_ref().context("components")?;
    let mut schemes: Vec<String> = import
        .security
        .iter()
        .flatten()
        .map(|requirement| {
            let names: Vec<&String> = requirement.keys().collect();
            assert_eq!(names.len(), 1, "one scheme per alternative: {names:?}");
            match components
                .security_schemes
                .get(names[0])
                .and_then(ReferenceOr::as_item)
            {
                Some(SecurityScheme::HTTP { scheme, .. }) => {
                    format!("http {}", scheme.to_lowercase())
                }
                Some(SecurityScheme::APIKey { location, name, .. }) => {
                    format!("{location:?} {}", name.to_lowercase())
                }
                other => format!("{other:?}"),
            }
        })
        .collect();
    schemes.sort();
    assert_eq!(schemes, ["Header x-api-key", "http bearer"]);
    // A busy import (no room for its body) and a key over its rate say when to come back; a
    // replayed answer says so.
    for (code, header) in [
        (503, "Retry-After"),
        (429, "Retry-After"),
        (200, "Idempotent-Replayed"),
    ] {
        let response = import
            .responses
            .responses
            .get(&StatusCode::Code(code))
            .and_then(ReferenceOr::as_item)
            .with_context(|| format!("the import's {code}"))?;
        assert!(
            response
                .headers
                .keys()
                .any(|name| name.eq_ignore_ascii_case(header)),
            "{code} {header}: {response:?}"
        );
    }
    assert!(
        import
            .parameters
            .iter()
            .filter_map(ReferenceOr::as_item)
            .any(|parameter| parameter.parameter_data_ref().name == "Idempotency-Key"),
        "the import's Idempotency-Key header"
    );
    let upload = operation(&document, "/uploads/validation/{token}", "put")?;
    assert!(upload.security.as_ref().is_none_or(Vec::is_empty));
    assert!(
        upload
            .parameters
            .iter()
            .filter_map(ReferenceOr::as_item)
            .any(|parameter| parameter.parameter_data_ref().name == "token")
    );
    Ok(())
}

#[tokio::test]
async fn the_statuses_the_server_answers_are_documented() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let (document, _) = document(&server).await?;
    let token = server.admin_token().await?;
    let mut bomb = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    bomb.write_all(&vec![0u8; 8 << 20])?;
    let bomb = bomb.finish()?;

    let client = &server.client;
    let import = || client.post(server.url("/import_dossier"));
    let upload = |token: &str| client.put(server.url(&format!("/uploads/validation/{token}")));
    let answers: Vec<(&str, &str, reqwest::RequestBuilder)> = vec![
        ("/healthz", "get", client.get(server.url("/healthz"))),
        ("/readyz", "get", client.get(server.url("/readyz"))),
        (
            "/import_dossier",
            "post",
            import()
                .header("content-type", "application/json")
                .body("{}"),
        ),
        (
            "/import_dossier",
            "post",
            import()
                .bearer_auth(&token)
                .header("content-type", "text/plain")
                .body("{}"),
        ),
        (
            "/import_dossier",
            "post",
            import()
                .bearer_auth(&token)
                .header("content-type", "application/json")
                .body("{"),
        ),
        (
            "/import_dossier",
            "post",
            import()
                .bearer_auth(&token)
                .header("content-type", "application/json")
                .header("content-encoding", "gzip")
                .body(bomb),
        ),
        (
            "/import_dossier",
            "post",
            import()
                .bearer_auth(&token)
                .header("content-type", "application/json")
                .header("content-encoding", "zstd")
                .body("{}"),
        ),
        (
            "/uploads/validation/{token}",
            "put",
            upload("forged").body("%PDF-1.4"),
        ),
        (
            "/uploads/validation/{token}",
            "put",
            upload("forged")
                .header("content-encoding", "zstd")
                .body("%PDF-1.4"),
        ),
    ];
    let mut seen: BTreeMap<String, BTreeSet<u16>> = BTreeMap::new();
    for (path, method, request) in answers {
        let status = request.send().await?.status().as_u16();
        let documented = statuses(operation(&document, path, method)?);
        assert!(
            documented.contains(&status),
            "{method} {path} answered {status}, not in {documented:?}"
        );
        seen.entry(format!("{method} {path}"))
            .or_default()
            .insert(status);
    }
    // The refusals above are the ones they were meant to provoke.
    assert_eq!(
        seen["post /import_dossier"],
        BTreeSet::from([400, 401, 413, 415])
    );
    assert_eq!(
        seen["put /uploads/validation/{token}"],
        BTreeSet::from([403, 415])
    );
    Ok(())
}
