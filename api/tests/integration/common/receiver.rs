//! A callback receiver for the tests (the importing system).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use poem::listener::{Acceptor, Listener, TcpListener};

/// A callback receiver for the tests (the importing system).
/// Records every request it receives and answers with the next status of its script (200
/// once the script is over).
pub struct Receiver {
    pub url: String,
    bodies: Arc<Mutex<Vec<String>>>,
    /// The Standard Webhooks headers of each request (`webhook-id`, `-timestamp`, `-signature`).
    signatures: Arc<Mutex<Vec<[String; 3]>>>,
    _server: tokio::task::JoinHandle<()>,
}

impl Receiver {
    pub async fn start(script: &[u16]) -> Result<Self> {
        let acceptor = TcpListener::bind("127.0.0.1:0").into_acceptor().await?;
        let port = acceptor
            .local_addr()
            .into_iter()
            .find_map(|a| a.as_socket_addr().copied())
            .context("receiver address")?
            .port();
        let bodies = Arc::new(Mutex::new(Vec::new()));
        let signatures = Arc::new(Mutex::new(Vec::new()));
        let statuses = Arc::new(Mutex::new(
            script.iter().copied().collect::<VecDeque<u16>>(),
        ));
        let app = {
            let bodies = bodies.clone();
            let signatures = signatures.clone();
            poem::endpoint::make(move |request: poem::Request| {
                let bodies = bodies.clone();
                let signatures = signatures.clone();
                let statuses = statuses.clone();
                async move {
                    let header = |name: &str| {
                        request
                            .headers()
                            .get(name)
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or_default()
                            .to_owned()
                    };
                    let signed = [
                        header("webhook-id"),
                        header("webhook-timestamp"),
                        header("webhook-signature"),
                    ];
                    signatures.lock().expect("lock").push(signed);
                    let body = request.into_body().into_string().await.unwrap_or_default();
                    bodies.lock().expect("lock").push(body);
                    let status = statuses.lock().expect("lock").pop_front().unwrap_or(200);
                    poem::Response::builder()
                        .status(poem::http::StatusCode::from_u16(status).expect("status"))
                        .body("ricevuto")
                }
            })
        };
        let server = tokio::spawn(async move {
            let _ = poem::Server::new_with_acceptor(acceptor).run(app).await;
        });
        Ok(Self {
            url: format!("http://127.0.0.1:{port}/callback"),
            bodies,
            signatures,
            _server: server,
        })
    }

    pub fn bodies(&self) -> Vec<String> {
        self.bodies.lock().expect("lock").clone()
    }

    /// `[webhook-id, webhook-timestamp, webhook-signature]` of each request received.
    pub fn signatures(&self) -> Vec<[String; 3]> {
        self.signatures.lock().expect("lock").clone()
    }
}
