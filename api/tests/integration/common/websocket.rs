//! GraphQL subscriptions over a WebSocket (graphql-transport-ws).

use std::time::Duration;

use anyhow::{Context, Result};
use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use super::server::TestServer;
use super::wait::{PATIENCE, eventually};

/// A GraphQL WebSocket to a test server.
pub type GraphqlSocket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A GraphQL WebSocket (graphql-transport-ws) to `server`, initialised with `token`, with one
/// subscription (id "1") to `query` started.
pub async fn subscribe(
    server: &TestServer,
    token: &str,
    query: &str,
    variables: Value,
) -> Result<GraphqlSocket> {
    subscribe_at(&server.base_url, token, query, variables).await
}

/// [`subscribe`] to the API process at `base_url` (a [`Sibling`]'s, say).
pub async fn subscribe_at(
    base_url: &str,
    token: &str,
    query: &str,
    variables: Value,
) -> Result<GraphqlSocket> {
    let url = format!("{base_url}/graphql/ws").replacen("http://", "ws://", 1);
    let mut request = url.into_client_request()?;
    request
        .headers_mut()
        .insert("Sec-WebSocket-Protocol", "graphql-transport-ws".parse()?);
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await?;
    socket
        .send(Message::text(
            json!({ "type": "connection_init", "payload": { "Authorization": format!("Bearer {token}") } }).to_string(),
        ))
        .await?;
    let ack = next_message(&mut socket).await?;
    anyhow::ensure!(ack["type"] == "connection_ack", "no ack: {ack}");
    socket
        .send(Message::text(
            json!({ "id": "1", "type": "subscribe", "payload": { "query": query, "variables": variables } }).to_string(),
        ))
        .await?;
    Ok(socket)
}

pub async fn next_message<S>(socket: &mut S) -> Result<Value>
where
    S: futures::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .context("no WebSocket message within 10 s")?
            .context("the WebSocket closed")??;
        if let Message::Text(text) = message {
            return Ok(serde_json::from_str(&text)?);
        }
    }
}

/// Waits until `count` GraphQL subscriptions of `server` listen to its events in Redis: a
/// subscription listens once its resolver has subscribed, a moment after it was started.
pub async fn until_listening(server: &TestServer, count: usize) -> Result<()> {
    let redis = &server.state.redis;
    let channel = shared::events::channel(redis);
    eventually(PATIENCE, "the subscriptions listening", async || {
        let (_, listening): (String, usize) = redis::cmd("PUBSUB")
            .arg("NUMSUB")
            .arg(&channel)
            .query_async(&mut redis.connection.clone())
            .await?;
        Ok((listening >= count).then_some(()))
    })
    .await
}
