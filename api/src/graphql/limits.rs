//! Bounds on the work one GraphQL request may cause (issue 16), from `GraphqlLimits`: depth and
//! complexity (async-graphql's own limits) and aliases (an extension: a query of hundreds of
//! aliases of one list field multiplies its work without adding depth). The body size and the
//! content type are checked before parsing, by the HTTP handler (`crate::server`).

use std::sync::Arc;

use async_graphql::extensions::{Extension, ExtensionContext, ExtensionFactory, NextParseQuery};
use async_graphql::parser::types::{ExecutableDocument, Selection, SelectionSet};
use async_graphql::{Positioned, ServerError, ServerResult, Variables};
use shared::config::GraphqlLimits;

use super::{Mutation, Query, Subscription};

type Builder = async_graphql::SchemaBuilder<Query, Mutation, Subscription>;

/// `builder` with the depth, complexity and alias limits of `limits`.
pub fn apply(builder: Builder, limits: &GraphqlLimits) -> Builder {
    builder
        .limit_depth(limits.max_depth)
        .limit_complexity(limits.max_complexity)
        .extension(AliasLimit(limits.max_aliases))
}

/// Refuses a document with more than `.0` aliased fields (in its operations and fragments).
pub struct AliasLimit(pub usize);

impl ExtensionFactory for AliasLimit {
    fn create(&self) -> Arc<dyn Extension> {
        Arc::new(AliasLimitExtension(self.0))
    }
}

struct AliasLimitExtension(usize);

#[async_graphql::async_trait::async_trait]
impl Extension for AliasLimitExtension {
    async fn parse_query(
        &self,
        ctx: &ExtensionContext<'_>,
        query: &str,
        variables: &Variables,
        next: NextParseQuery<'_>,
    ) -> ServerResult<ExecutableDocument> {
        let document = next.run(ctx, query, variables).await?;
        let aliases = document
            .operations
            .iter()
            .map(|(_, operation)| aliases_in(&operation.node.selection_set))
            .chain(
                document
                    .fragments
                    .values()
                    .map(|fragment| aliases_in(&fragment.node.selection_set)),
            )
            .sum::<usize>();
        if aliases > self.0 {
            return Err(ServerError::new(
                format!(
                    "La richiesta usa {aliases} alias: al massimo {} (too many aliases)",
                    self.0
                ),
                None,
            ));
        }
        Ok(document)
    }
}

fn aliases_in(set: &Positioned<SelectionSet>) -> usize {
    set.node
        .items
        .iter()
        .map(|item| match &item.node {
            Selection::Field(field) => {
                usize::from(field.node.alias.is_some()) + aliases_in(&field.node.selection_set)
            }
            Selection::InlineFragment(fragment) => aliases_in(&fragment.node.selection_set),
            Selection::FragmentSpread(_) => 0,
        })
        .sum()
}
