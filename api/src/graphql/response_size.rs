//! The size of a GraphQL answer, bounded while it is resolved (issue 29): every field's value
//! adds its JSON size to a budget of `GraphqlLimits::max_response_bytes`; the field that
//! passes it fails, the fields after it fail without running their resolvers, and the answer
//! becomes one error (`RESPONSE_TOO_LARGE`). The text of an oversized answer is never built.
//!
//! Stored files (a PDF, an imported zip, a rule's download: the fields of
//! [`access::FILE_FIELDS`]) are bounded where they are stored (the import and validation
//! limits), not by the budget, which the extraction view of a long document needs whole: a
//! request gets **one** of them — a second one is refused before its resolver reads it, so
//! that aliases cannot multiply the largest values the API serves.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use async_graphql::extensions::{
    Extension, ExtensionContext, ExtensionFactory, NextRequest, NextResolve, ResolveInfo,
};
use async_graphql::{Response, ServerError, ServerResult, Value};

use super::access;
use super::support::errors::refused;
use shared::messages;

/// The extension bounding answers to `.0` bytes.
pub struct ResponseSize(pub usize);

impl ExtensionFactory for ResponseSize {
    fn create(&self) -> Arc<dyn Extension> {
        Arc::new(ResponseSizeExtension {
            limit: self.0,
            used: AtomicUsize::new(0),
            exceeded: AtomicBool::new(false),
            file: Mutex::new(None),
        })
    }
}

/// One request's budget.
struct ResponseSizeExtension {
    limit: usize,
    used: AtomicUsize,
    exceeded: AtomicBool,
    /// The path of the field that took the request's one stored file.
    file: Mutex<Option<Vec<String>>>,
}

impl ResponseSizeExtension {
    fn too_large(&self) -> ServerError {
        let limit = if self.limit >= 1 << 20 {
            format!("{} MiB", self.limit >> 20)
        } else {
            format!("{} KiB", self.limit.div_ceil(1 << 10))
        };
        refused("RESPONSE_TOO_LARGE", messages::response_too_large(limit))
            .into_server_error(async_graphql::Pos::default())
    }

    /// Whether the field of `info` may resolve: `Ok(true)` when its value is (part of) the
    /// request's one stored file, not counted in the budget.
    fn file_slot(&self, info: &ResolveInfo<'_>) -> ServerResult<bool> {
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        let carries = access::carries_file(info.parent_type, info.name);
        if !carries && file.is_none() {
            return Ok(false);
        }
        let path = info.path_node.to_string_vec();
        match file.as_ref() {
            Some(taken) if path.starts_with(taken) => Ok(true),
            Some(_) if carries => Err(refused("TOO_MANY_FILES", messages::one_file_per_request())
                .into_server_error(async_graphql::Pos::default())),
            Some(_) => Ok(false),
            None => {
                *file = Some(path);
                Ok(true)
            }
        }
    }
}

#[async_graphql::async_trait::async_trait]
impl Extension for ResponseSizeExtension {
    async fn request(&self, ctx: &ExtensionContext<'_>, next: NextRequest<'_>) -> Response {
        let response = next.run(ctx).await;
        if self.exceeded.load(Ordering::Relaxed) {
            tracing::warn!(
                limit = self.limit,
                "GraphQL answer over its size limit refused"
            );
            return Response::from_errors(vec![self.too_large()]);
        }
        response
    }

    async fn resolve(
        &self,
        ctx: &ExtensionContext<'_>,
        info: ResolveInfo<'_>,
        next: NextResolve<'_>,
    ) -> ServerResult<Option<Value>> {
        if self.exceeded.load(Ordering::Relaxed) {
            return Err(self.too_large());
        }
        let file = self.file_slot(&info)?;
        let key = info.alias.unwrap_or(info.name).len();
        let value = next.run(ctx, info).await?;
        if !file && let Some(value) = &value {
            // `"key":value,`
            let size = key + 4 + own_size(value);
            if self.used.fetch_add(size, Ordering::Relaxed) + size > self.limit {
                self.exceeded.store(true, Ordering::Relaxed);
                return Err(self.too_large());
            }
        }
        Ok(value)
    }
}

/// The JSON size of `value` without the fields of its objects, which go through this
/// extension themselves (the schema has no scalar whose value is an object).
fn own_size(value: &Value) -> usize {
    match value {
        Value::Null => 4,
        Value::Boolean(_) => 5,
        Value::Number(number) => number.to_string().len(),
        Value::String(text) => json_string_size(text),
        Value::Enum(name) => name.len() + 2,
        Value::Binary(bytes) => bytes.len() * 4 + 2,
        Value::List(items) => 2 + items.iter().map(|item| own_size(item) + 1).sum::<usize>(),
        Value::Object(_) => 2,
    }
}

/// The length of `text` as a JSON string: quotes, and escapes (`\n`, `\u0001`, …).
fn json_string_size(text: &str) -> usize {
    2 + text
        .bytes()
        .map(|byte| match byte {
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 2,
            0..=0x1f => 6,
            _ => 1,
        })
        .sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_sizes_are_those_of_their_json() {
        for text in ["", "abc", "a\"b\\c", "riga\nriga\t\u{1}", "città €"] {
            assert_eq!(
                json_string_size(text),
                serde_json::to_string(text).expect("serialises").len(),
                "{text:?}"
            );
        }
    }
}
