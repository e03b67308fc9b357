//! The receiver's verifier documented in docs/callbacks.md, in a second language (Python, the
//! standard library only: docs/examples/verify_callback.py), accepts what `shared::webhooks`
//! signs and refuses a tampered body, an old timestamp and another secret.

use std::io::Write;
use std::process::{Command, Stdio};

use shared::webhooks::{self, WebhookSecret};

/// Runs the documented verifier on one callback: whether it accepted it.
fn python_accepts(secret: &WebhookSecret, headers: &[(&str, String)], body: &str) -> bool {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/examples/verify_callback.py"
    );
    let value = |name: &str| {
        headers
            .iter()
            .find(|(header, _)| *header == name)
            .map(|(_, value)| value.clone())
            .unwrap_or_default()
    };
    let mut child = Command::new("python3")
        .arg(script)
        .env("CALLBACK_SECRET", secret.to_string())
        .env("WEBHOOK_ID", value(webhooks::ID_HEADER))
        .env("WEBHOOK_TIMESTAMP", value(webhooks::TIMESTAMP_HEADER))
        .env("WEBHOOK_SIGNATURE", value(webhooks::SIGNATURE_HEADER))
        .stdin(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("python3 runs the verifier");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(body.as_bytes())
        .expect("the body is written");
    child.wait().expect("the verifier ends").success()
}

#[test]
fn the_documented_python_verifier_accepts_genuine_callbacks_only() {
    let secret = WebhookSecret::generate();
    let now = chrono::Utc::now().timestamp();
    let body =
        r#"{"idDossier":"0193","idValutazione":"VAL-1","state":"processed","aggregateResult":[]}"#;
    let id = webhooks::message_id(uuid::Uuid::now_v7(), body);
    let signed = webhooks::headers(std::slice::from_ref(&secret), &id, now, body);
    assert!(python_accepts(&secret, &signed, body), "genuine");
    assert!(
        !python_accepts(&secret, &signed, &body.replace("VAL-1", "VAL-2")),
        "a tampered body"
    );
    assert!(
        !python_accepts(&WebhookSecret::generate(), &signed, body),
        "another secret"
    );
    let old = webhooks::headers(std::slice::from_ref(&secret), &id, now - 600, body);
    assert!(!python_accepts(&secret, &old, body), "an old timestamp");

    // During a rotation both secrets sign: a receiver with either accepts.
    let new = WebhookSecret::generate();
    let rotating = webhooks::headers(&[new.clone(), secret.clone()], &id, now, body);
    assert!(python_accepts(&secret, &rotating, body));
    assert!(python_accepts(&new, &rotating, body));
}
