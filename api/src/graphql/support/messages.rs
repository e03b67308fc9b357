//! The messages the system stored with a row — why a document, a dossier or a run ended
//! badly — for the screens to say them in the user's language (issue 30, item 5).

use async_graphql::{Json, SimpleObject};
use serde_json::{Map, Value};

/// A message of the server's catalogue (`shared::messages`), as every error answer carries it:
/// its code and the values of its placeholders (each a text, or a message of the same shape
/// that completes this one). The web app renders it from its copy of the catalogue; the
/// Italian text stored beside it (`error`) is what it says.
#[derive(SimpleObject)]
pub struct ServerMessage {
    pub message_code: String,
    pub params: Json<Map<String, Value>>,
}

impl ServerMessage {
    /// The message a row stored (`Message::to_json`); `None` for a row that has none — written
    /// before messages were kept, or a rule's own error.
    pub fn stored(value: Option<Value>) -> Option<Self> {
        let Value::Object(mut object) = value? else {
            return None;
        };
        let Some(Value::String(message_code)) = object.remove("messageCode") else {
            return None;
        };
        let params = match object.remove("params") {
            Some(Value::Object(params)) => params,
            _ => Map::new(),
        };
        Some(Self {
            message_code,
            params: Json(params),
        })
    }
}
