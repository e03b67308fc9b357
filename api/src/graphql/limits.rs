//! Bounds on the work one GraphQL request may cause (issues 16 and 29), from `GraphqlLimits`,
//! checked on the query before async-graphql validates it:
//!
//! - the query is parsed here, once, and an unparsable one is refused with a short message
//!   that quotes at most [`EXCERPT_CHARS`] characters of it around the position (the parser's
//!   own message copies the whole offending line, megabytes for a one-line body);
//! - its shape is measured **with every fragment spread replaced by its fragment**: selections
//!   (fields, spreads and inline fragments, against the complexity bound), aliased fields,
//!   depth, and how deep fields, spreads and inline fragments nest. Each fragment is measured once and its measure reused at every
//!   spread, so a document that would expand exponentially (fragments spreading fragments
//!   twice, 30 levels deep) costs one pass over its text, and a cycle is found rather than
//!   followed. Only a document within the bounds reaches async-graphql, whose own checks
//!   expand fragments without memory (its depth and complexity limits stay on as well);
//! - no error message of the answer is longer than [`MAX_ERROR_CHARS`] characters: a message
//!   that repeats a name from the query ("Unknown field …") cannot echo a huge query back.
//!
//! The body size and the content type are checked before any of this, by the HTTP handler
//! (`crate::server`); the size of the answer by [`super::response_size`].

use std::collections::HashMap;
use std::sync::Arc;

use async_graphql::extensions::{
    Extension, ExtensionContext, ExtensionFactory, NextPrepareRequest, NextRequest,
};
use async_graphql::parser::types::{
    ExecutableDocument, FragmentDefinition, Selection, SelectionSet,
};
use async_graphql::{Name, Pos, Positioned, Request, Response, ServerError, ServerResult};
use shared::config::GraphqlLimits;
use shared::messages::{self, Message};

use super::support::errors::refused;
use super::{Mutation, Query, Subscription};

type Builder = async_graphql::SchemaBuilder<Query, Mutation, Subscription>;

/// Most characters of the query an error quotes.
pub const EXCERPT_CHARS: usize = 200;

/// Longest error message of an answer, in characters.
pub const MAX_ERROR_CHARS: usize = 1000;

/// How deep fragment spreads and inline fragments may nest, fields included: async-graphql's
/// own recursion bound (`SchemaBuilder::limit_recursive_depth`, 32 by default), checked here
/// first so that neither walk of the document goes deeper.
const MAX_NESTING: usize = 32;

/// `builder` with the bounds of `limits`.
pub fn apply(builder: Builder, limits: &GraphqlLimits) -> Builder {
    builder
        .limit_depth(limits.max_depth)
        .limit_complexity(limits.max_complexity)
        .limit_recursive_depth(MAX_NESTING)
        .extension(QueryBounds(limits.clone()))
        .extension(super::response_size::ResponseSize(
            limits.max_response_bytes,
        ))
}

/// Parses the query, refuses one beyond the bounds of `.0`, and shortens error messages.
pub struct QueryBounds(pub GraphqlLimits);

impl ExtensionFactory for QueryBounds {
    fn create(&self) -> Arc<dyn Extension> {
        Arc::new(QueryBoundsExtension(self.0.clone()))
    }
}

struct QueryBoundsExtension(GraphqlLimits);

#[async_graphql::async_trait::async_trait]
impl Extension for QueryBoundsExtension {
    async fn request(&self, ctx: &ExtensionContext<'_>, next: NextRequest<'_>) -> Response {
        let mut response = next.run(ctx).await;
        for error in &mut response.errors {
            if error.message.chars().count() > MAX_ERROR_CHARS {
                let cut: String = error.message.chars().take(MAX_ERROR_CHARS).collect();
                error.message = format!("{cut}…");
            }
        }
        response
    }

    async fn prepare_request(
        &self,
        ctx: &ExtensionContext<'_>,
        mut request: Request,
        next: NextPrepareRequest<'_>,
    ) -> ServerResult<Request> {
        let document = async_graphql::parser::parse_query(&request.query)
            .map_err(|error| unparsable(&request.query, &error))?;
        check(&Shape::of(&document)?, &self.0)?;
        request.set_parsed_query(document);
        next.run(ctx, request).await
    }
}

/// A GraphQL error with a `code`.
fn refusal(code: &'static str, message: Message, pos: Option<Pos>) -> ServerError {
    refused(code, message).into_server_error(pos.unwrap_or_default())
}

/// The answer to a query the parser refused: where, and a short excerpt of the text there.
fn unparsable(query: &str, error: &async_graphql::parser::Error) -> ServerError {
    use async_graphql::parser::Error as Parse;
    let reason = match error {
        Parse::Syntax { .. } => messages::parse_syntax(),
        Parse::RecursionLimitExceeded => messages::parse_recursion(),
        Parse::OperationDuplicated { .. } => messages::parse_duplicate_operation(),
        Parse::FragmentDuplicated { .. } => messages::parse_duplicate_fragment(),
        Parse::MultipleOperations { .. } => messages::parse_multiple_operations(),
        Parse::MissingOperation => messages::parse_no_operation(),
        _ => messages::parse_invalid(),
    };
    let pos = error.positions().next();
    let message = match pos {
        Some(pos) => {
            messages::graphql_unreadable_at(pos.line, pos.column, excerpt(query, pos), reason)
        }
        None => messages::graphql_unreadable(reason),
    };
    refusal("GRAPHQL_PARSE_FAILED", message, pos)
}

/// At most [`EXCERPT_CHARS`] characters of `query`'s line `pos.line`, around `pos.column`.
fn excerpt(query: &str, pos: Pos) -> String {
    let line = query.lines().nth(pos.line.saturating_sub(1)).unwrap_or("");
    let start = pos.column.saturating_sub(1 + EXCERPT_CHARS / 2);
    line.chars().skip(start).take(EXCERPT_CHARS).collect()
}

/// The message for a request body that is not a GraphQL request in JSON: where, and what kind
/// of fault, without serde's text (which quotes a value of the wrong type whole).
pub fn unreadable_request(error: &serde_json::Error) -> Message {
    use serde_json::error::Category;
    let fault = match error.classify() {
        Category::Syntax => messages::request_json(),
        Category::Eof => messages::request_eof(),
        Category::Data => messages::request_field_type(),
        Category::Io => messages::request_io(),
    };
    messages::graphql_request_invalid(error.line(), error.column(), fault)
}

/// Refuses `shape` if it is beyond `limits`.
fn check(shape: &Shape, limits: &GraphqlLimits) -> ServerResult<()> {
    let bounds = [
        (
            shape.aliases,
            limits.max_aliases,
            messages::limit_aliases as fn() -> Message,
            "too many aliases",
        ),
        (
            shape.selections,
            limits.max_complexity,
            messages::limit_complexity,
            "too complex",
        ),
        (
            shape.depth,
            limits.max_depth,
            messages::limit_depth,
            "nested too deep",
        ),
        (
            shape.nesting,
            MAX_NESTING,
            messages::limit_nesting,
            "nested too deep",
        ),
    ];
    for (value, limit, what, tag) in bounds {
        if value > limit {
            return Err(refusal(
                "QUERY_TOO_LARGE",
                messages::query_limit(value, limit, tag, what()),
                None,
            ));
        }
    }
    Ok(())
}

/// What a document selects once every fragment spread is replaced by its fragment (all its
/// operations together).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Shape {
    /// Fields, `__typename`, fragment spreads and inline fragments: async-graphql's complexity
    /// (1 per field) plus what its walks of the document visit besides.
    selections: usize,
    aliases: usize,
    /// The deepest field (1: a root field without selections), `__typename` not counted, as
    /// for async-graphql's depth.
    depth: usize,
    /// How deep fields, spreads and inline fragments nest (1: a root field without
    /// selections).
    nesting: usize,
}

impl Shape {
    /// The measure of `document`, or the refusal of a fragment cycle or of nesting beyond
    /// [`MAX_NESTING`].
    fn of(document: &ExecutableDocument) -> ServerResult<Self> {
        let mut expansion = Expansion {
            fragments: &document.fragments,
            measured: HashMap::new(),
        };
        let mut total = Shape::default();
        for (_, operation) in document.operations.iter() {
            total = total.beside(expansion.selection_set(&operation.node.selection_set, 0)?);
        }
        Ok(total)
    }

    /// Two selections side by side.
    fn beside(self, other: Shape) -> Shape {
        Shape {
            selections: self.selections.saturating_add(other.selections),
            aliases: self.aliases.saturating_add(other.aliases),
            depth: self.depth.max(other.depth),
            nesting: self.nesting.max(other.nesting),
        }
    }

    /// The selection whose own selections are `self`: a field (`aliased` or not; counted in
    /// the depth when `deepens`), a spread or an inline fragment.
    fn wrapped(self, aliased: bool, deepens: bool) -> Shape {
        Shape {
            selections: self.selections.saturating_add(1),
            aliases: self.aliases.saturating_add(usize::from(aliased)),
            depth: self.depth + usize::from(deepens),
            nesting: self.nesting + 1,
        }
    }
}

/// Measures selection sets, each fragment once.
struct Expansion<'a> {
    fragments: &'a HashMap<Name, Positioned<FragmentDefinition>>,
    /// Fragments measured (`Some`) or being measured (`None`: met again, it is a cycle).
    measured: HashMap<&'a Name, Option<Shape>>,
}

impl<'a> Expansion<'a> {
    /// The shape of `set`, found at nesting `level`.
    fn selection_set(
        &mut self,
        set: &'a Positioned<SelectionSet>,
        level: usize,
    ) -> ServerResult<Shape> {
        if level > MAX_NESTING {
            return Err(refusal(
                "QUERY_TOO_LARGE",
                messages::nesting_too_deep(MAX_NESTING),
                Some(set.pos),
            ));
        }
        let mut shape = Shape::default();
        for item in &set.node.items {
            let inner = match &item.node {
                Selection::Field(field) => {
                    let children = if field.node.selection_set.node.items.is_empty() {
                        Shape::default()
                    } else {
                        self.selection_set(&field.node.selection_set, level + 1)?
                    };
                    let typename = field.node.name.node == "__typename";
                    children.wrapped(field.node.alias.is_some(), !typename)
                }
                Selection::InlineFragment(fragment) => self
                    .selection_set(&fragment.node.selection_set, level + 1)?
                    .wrapped(false, false),
                Selection::FragmentSpread(spread) => self
                    .fragment(&spread.node.fragment_name, level + 1)?
                    .wrapped(false, false),
            };
            shape = shape.beside(inner);
        }
        Ok(shape)
    }

    /// The shape of the fragment `name` (an unknown one selects nothing: validation refuses
    /// it).
    fn fragment(&mut self, name: &'a Positioned<Name>, level: usize) -> ServerResult<Shape> {
        let Some(fragment) = self.fragments.get(&name.node) else {
            return Ok(Shape::default());
        };
        match self.measured.get(&name.node) {
            Some(Some(shape)) => return Ok(*shape),
            Some(None) => {
                return Err(refusal(
                    "QUERY_TOO_LARGE",
                    messages::fragment_cycle(excerpt_name(&name.node)),
                    Some(name.pos),
                ));
            }
            None => {}
        }
        self.measured.insert(&name.node, None);
        let shape = self.selection_set(&fragment.node.selection_set, level)?;
        self.measured.insert(&name.node, Some(shape));
        Ok(shape)
    }
}

/// A name from the query, shortened to [`EXCERPT_CHARS`].
fn excerpt_name(name: &str) -> String {
    name.chars().take(EXCERPT_CHARS).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(query: &str) -> ServerResult<Shape> {
        Shape::of(&async_graphql::parser::parse_query(query).expect("parses"))
    }

    #[test]
    fn fragments_count_once_per_spread() {
        let fifteen: Vec<String> = (0..15).map(|i| format!("a{i}: ping")).collect();
        let spreads: Vec<String> = (0..15).map(|i| format!("b{i}: __typename ...F")).collect();
        let query = format!(
            "query {{ {} }} fragment F on Query {{ {} }}",
            spreads.join(" "),
            fifteen.join(" ")
        );
        let shape = shape(&query).expect("measured");
        assert_eq!(shape.aliases, 15 + 15 * 15);
        // 15 × (an aliased `__typename`, a spread, its 15 fields).
        assert_eq!(shape.selections, 15 * 17);
        assert_eq!(shape.depth, 1);
    }

    #[test]
    fn exponential_expansion_is_measured_without_expanding() {
        let mut query = String::from("query { ...F30 } fragment F0 on Query { ping }");
        for i in 1..=30 {
            query.push_str(&format!(
                " fragment F{i} on Query {{ ...F{p} ...F{p} }}",
                p = i - 1
            ));
        }
        let shape = shape(&query).expect("measured");
        // F0: 1; Fk: 2 spreads and twice Fk-1, 3 × 2^k - 2; the query's spread.
        assert_eq!(shape.selections, 3 * (1 << 30) - 1);
        assert_eq!(shape.nesting, 32);
        let refused = check(&shape, &GraphqlLimits::default()).unwrap_err();
        assert!(
            refused.message.contains("too complex"),
            "{}",
            refused.message
        );
    }

    #[test]
    fn cycles_and_deep_chains_are_refused() {
        let cycle =
            shape("query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }");
        assert!(cycle.unwrap_err().message.contains("fragment cycle"));
        let mut chain = String::from("query { ...F0 }");
        for i in 0..100 {
            chain.push_str(&format!(" fragment F{i} on Query {{ ...F{} }}", i + 1));
        }
        chain.push_str(" fragment F100 on Query { ping }");
        assert!(
            shape(&chain)
                .unwrap_err()
                .message
                .contains("nested too deep")
        );
    }

    #[test]
    fn depth_counts_fields_through_fragments() {
        let shape = shape("query { a { ...F } } fragment F on A { b { c { __typename } } }")
            .expect("measured");
        assert_eq!((shape.selections, shape.depth, shape.nesting), (5, 3, 5));
    }

    #[test]
    fn a_parse_error_quotes_only_an_excerpt() {
        let query = format!("query {{ {} (", "x".repeat(1_000_000));
        let error = async_graphql::parser::parse_query(&query).unwrap_err();
        let refusal = unparsable(&query, &error);
        assert!(
            refusal.message.chars().count() < EXCERPT_CHARS + 150,
            "{}",
            refusal.message
        );
        assert!(refusal.message.contains("riga 1"), "{}", refusal.message);
    }
}
