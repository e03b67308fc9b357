//! Hostile input, generated from the schema: every query and mutation called by the
//! administrator with arguments drawn from a list of nasty values — empty, blank, huge, NUL and
//! control characters, path traversal, SQL and HTML fragments, right-to-left and astral
//! characters, malformed and random ids, extreme numbers, long lists, input objects with fields
//! missing or null — and `POST /import_dossier` with bodies of every wrong shape. Whatever the
//! input, the server answers with a clear refusal or a result: never a 5xx, never an `INTERNAL`
//! error, nothing is created, it stays ready, and an honest import is still processed. Seeded, so a failure repeats; `HOSTILE_SEED` picks another run.

use crate::common;

use std::collections::BTreeMap;

use anyhow::{Context, Result};
use async_graphql::parser::types::{
    BaseType, Type, TypeDefinition, TypeKind, TypeSystemDefinition,
};
use common::{
    Options, TestServer,
    wait::{PATIENCE, eventually},
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Map, Value, json};

/// Calls of each operation.
const ROUNDS: usize = 4;

/// Operations left out: `logout` would end the session the run uses.
const SKIPPED: &[&str] = &["logout"];

fn nasty_strings() -> Vec<String> {
    vec![
        String::new(),
        "   ".into(),
        "x".into(),
        "\u{0}".into(),
        "a\u{0}b".into(),
        "\u{1b}[31m\r\n\t".into(),
        "../../../../etc/passwd".into(),
        "'; DROP TABLE users; --".into(),
        "<script>alert(1)</script>".into(),
        "%_\\%".into(),
        "\u{202e}gnp.exe".into(),
        "😀𝔘𝔫𝔦𝔠𝔬𝔡𝔢".into(),
        "x".repeat(70_000),
        "00000000-0000-0000-0000-000000000000".into(),
        uuid::Uuid::now_v7().to_string(),
        "not-a-uuid".into(),
        "http://169.254.169.254/latest/meta-data/".into(),
        "{\"a\":".into(),
        "[1,2,3]".into(),
        "-1".into(),
        "9999/99/99".into(),
        "createdAt DESC; DROP".into(),
        "admin@test.local".into(),
    ]
}

/// An operation: its name, its text with a variable per argument, and the arguments' types.
type Operation = (String, String, Vec<(String, Type)>);

/// Draws values of the schema's types.
struct Generator {
    types: BTreeMap<String, TypeDefinition>,
    strings: Vec<String>,
    rng: StdRng,
}

impl Generator {
    fn named(ty: &Type) -> &str {
        match &ty.base {
            BaseType::Named(name) => name.as_str(),
            BaseType::List(inner) => Self::named(inner),
        }
    }

    fn value(&mut self, ty: &Type, depth: usize) -> Value {
        if ty.nullable && self.rng.random_ratio(1, 6) {
            return Value::Null;
        }
        if let BaseType::List(inner) = &ty.base {
            let len = match self.rng.random_range(0..4) {
                0 => 0,
                1 => 1,
                2 => 3,
                _ => 120,
            };
            return Value::Array((0..len).map(|_| self.value(inner, depth + 1)).collect());
        }
        let name = Self::named(ty).to_owned();
        match name.as_str() {
            "String" | "ID" => {
                let i = self.rng.random_range(0..self.strings.len());
                Value::String(self.strings[i].clone())
            }
            "Int" => json!([0, -1, 1, 7, i32::MAX, i32::MIN, 10_000][self.rng.random_range(0..7)]),
            "Float" => json!([0.0, -1.5, 1e300, -1e-300][self.rng.random_range(0..4)]),
            "Boolean" => Value::Bool(self.rng.random()),
            _ => match self.types.get(&name).map(|t| t.kind.clone()) {
                Some(TypeKind::Enum(e)) => {
                    let i = self.rng.random_range(0..e.values.len().max(1));
                    e.values.get(i).map_or(Value::Null, |v| {
                        Value::String(v.node.value.node.to_string())
                    })
                }
                Some(TypeKind::InputObject(input)) if depth < 6 => {
                    let mut object = Map::new();
                    for field in &input.fields {
                        let field = &field.node;
                        let required = !field.ty.node.nullable && field.default_value.is_none();
                        if required || self.rng.random_bool(0.7) {
                            let value = self.value(&field.ty.node, depth + 1);
                            object.insert(field.name.node.to_string(), value);
                        }
                    }
                    Value::Object(object)
                }
                // Custom scalars (DateTime, JSON, …): strings, right or wrong.
                _ => {
                    let choices = ["2026-11-24T10:00:00Z", "yesterday", "", "{}"];
                    Value::String(choices[self.rng.random_range(0..choices.len())].into())
                }
            },
        }
    }

    /// Every query and mutation with its variable definitions, arguments and selection.
    fn operations(&self) -> Vec<Operation> {
        let mut operations = Vec::new();
        for (root, keyword) in [("Query", "query"), ("Mutation", "mutation")] {
            let Some(TypeKind::Object(object)) = self.types.get(root).map(|t| &t.kind) else {
                continue;
            };
            for field in &object.fields {
                let field = &field.node;
                let name = field.name.node.to_string();
                if SKIPPED.contains(&name.as_str()) {
                    continue;
                }
                let arguments: Vec<(String, Type)> = field
                    .arguments
                    .iter()
                    .map(|a| (a.node.name.node.to_string(), a.node.ty.node.clone()))
                    .collect();
                let definitions: Vec<String> = arguments
                    .iter()
                    .map(|(name, ty)| format!("${name}: {ty}"))
                    .collect();
                let passed: Vec<String> = arguments
                    .iter()
                    .map(|(name, _)| format!("{name}: ${name}"))
                    .collect();
                let selection = match self.types.get(Self::named(&field.ty.node)).map(|t| &t.kind) {
                    Some(TypeKind::Object(_) | TypeKind::Interface(_) | TypeKind::Union(_)) => {
                        " { __typename }"
                    }
                    _ => "",
                };
                let wrap = |items: &[String]| {
                    if items.is_empty() {
                        String::new()
                    } else {
                        format!("({})", items.join(", "))
                    }
                };
                let text = format!(
                    "{keyword} Fuzz{} {{ {name}{}{selection} }}",
                    wrap(&definitions),
                    wrap(&passed)
                );
                operations.push((name, text, arguments));
            }
        }
        operations
    }
}

/// What was wrong with an answer, if anything: a 5xx or an `INTERNAL` error.
fn failure(status: u16, body: &Value) -> Option<String> {
    if status >= 500 {
        return Some(format!("HTTP {status}"));
    }
    body["errors"].as_array().and_then(|errors| {
        errors.iter().find_map(|e| {
            (e["extensions"]["code"] == "INTERNAL").then(|| format!("INTERNAL: {}", e["message"]))
        })
    })
}

fn seed() -> u64 {
    std::env::var("HOSTILE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20261124)
}

#[tokio::test]
async fn generated_hostile_graphql_requests_never_fail_the_server() -> Result<()> {
    let server = TestServer::start(Options {
        // Operations that wait for a worker (there is none) give up quickly.
        job_wait_timeout_ms: 300,
        ..Options::default()
    })
    .await?;
    let token = server.admin_token().await?;
    let sdl = api::graphql::sdl();
    let document = async_graphql::parser::parse_schema(&sdl).context("the SDL parses")?;
    let mut types = BTreeMap::new();
    for definition in document.definitions {
        if let TypeSystemDefinition::Type(ty) = definition {
            types.insert(ty.node.name.node.to_string(), ty.node);
        }
    }
    let mut generator = Generator {
        types,
        strings: nasty_strings(),
        rng: StdRng::seed_from_u64(seed()),
    };
    let operations = generator.operations();
    let mut failures = Vec::new();
    let mut calls = 0;
    for (name, text, arguments) in &operations {
        for _ in 0..ROUNDS {
            let mut variables = Map::new();
            for (argument, ty) in arguments {
                let value = generator.value(ty, 0);
                variables.insert(argument.clone(), value);
            }
            let response = server
                .client
                .post(server.url("/graphql"))
                .bearer_auth(&token)
                .json(&json!({ "query": text, "variables": variables }))
                .send()
                .await?;
            let status = response.status().as_u16();
            let body: Value = response.json().await.unwrap_or(Value::Null);
            calls += 1;
            if let Some(problem) = failure(status, &body) {
                let mut shown = Value::Object(variables.clone()).to_string();
                shown.truncate(300);
                failures.push(format!("{name}: {problem} with {shown}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {calls} calls failed the server (seed {}):\n{}",
        failures.len(),
        seed(),
        failures.join("\n")
    );
    let ready = server.client.get(server.url("/readyz")).send().await?;
    assert_eq!(
        ready.status(),
        200,
        "still ready after {calls} hostile calls"
    );
    Ok(())
}

#[tokio::test]
async fn import_bodies_of_every_wrong_shape_are_refused_cleanly() -> Result<()> {
    let server = TestServer::start(Options::default()).await?;
    let token = server.admin_token().await?;
    let mut rng = StdRng::seed_from_u64(seed());
    let strings = nasty_strings();
    let pick = |rng: &mut StdRng| -> Value {
        match rng.random_range(0..7) {
            0 => Value::Null,
            1 => json!(rng.random_range(-5..5)),
            2 => json!([strings[rng.random_range(0..strings.len())].clone()]),
            3 => json!({ "nomeFile": strings[rng.random_range(0..strings.len())].clone() }),
            4 => Value::Bool(rng.random()),
            _ => Value::String(strings[rng.random_range(0..strings.len())].clone()),
        }
    };
    let fields = [
        "idValutazione",
        "tipoContratto",
        "base64zip",
        "files",
        "input",
        "callbackUrl",
    ];
    let mut failures = Vec::new();
    for round in 0..120 {
        let mut body = Map::new();
        for field in fields {
            if rng.random_bool(0.8) {
                body.insert(field.into(), pick(&mut rng));
            }
        }
        let request = server
            .client
            .post(server.url("/import_dossier"))
            .bearer_auth(&token);
        let request = if round % 10 == 0 {
            // Not JSON at all.
            request
                .header("content-type", "application/json")
                .body(strings[round % strings.len()].clone())
        } else {
            request.json(&Value::Object(body.clone()))
        };
        let response = request.send().await?;
        let status = response.status().as_u16();
        if status >= 500 || status == 200 {
            let mut shown = Value::Object(body).to_string();
            shown.truncate(300);
            failures.push(format!("{status} for {shown}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let ready = server.client.get(server.url("/readyz")).send().await?;
    assert_eq!(ready.status(), 200);
    // Nothing was created, and an honest import is still processed to the end.
    let body = server
        .graphql_as(&token, "{ getPaginatedDossier { total } }", json!({}))
        .await?;
    assert_eq!(body["data"]["getPaginatedDossier"]["total"], 0, "{body}");
    let _worker = server.spawn_worker().await?;
    let zip = {
        use std::io::Write;
        let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        writer.start_file("contratto.pdf", zip::write::SimpleFileOptions::default())?;
        writer.write_all(&shared::testing::pdf::text_pdf(&[
            "Contratto di cessione del quinto",
        ]))?;
        base64::Engine::encode(
            &base64::engine::general_purpose::STANDARD,
            writer.finish()?.into_inner(),
        )
    };
    let response = server
        .client
        .post(server.url("/import_dossier"))
        .bearer_auth(&token)
        .json(&json!({ "idValutazione": "ONESTO-1", "base64zip": zip,
            "files": [{ "nomeFile": "contratto.pdf", "tipoDocumento": "" }], "input": "[{}]" }))
        .send()
        .await?;
    assert_eq!(response.status(), 200);
    let id = response.json::<Value>().await?["id"]
        .as_str()
        .context("id")?
        .to_owned();
    eventually(PATIENCE, "the honest import processed", async || {
        let body = server
            .graphql_as(
                &token,
                "query($id: ID!) { dossier(id: $id) { state } }",
                json!({ "id": id }),
            )
            .await?;
        let state = body["data"]["dossier"]["state"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        anyhow::ensure!(
            !matches!(state.as_str(), "cannot process" | "conflicts"),
            "the honest import ended {state}: {body}"
        );
        Ok((state == "processed").then_some(()))
    })
    .await?;
    Ok(())
}
