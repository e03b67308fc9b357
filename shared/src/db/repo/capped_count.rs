//! Counting the rows of a list without reading them all: the paged lists answer how many rows
//! match, and a `count(*)` over a million matching rows costs a scan of a million index
//! entries (100–300 ms) on every page. [`capped_count`] stops at [`COUNT_CAP`] + 1 rows —
//! `SELECT count(*) FROM (<the filtered query> LIMIT 10001) AS capped` — so that a count costs
//! at most ten thousand index entries whatever the table's size; a result above the cap means
//! "more than 10,000", which the API answers as such and the tables show ("oltre 10.000").
//! Pages are bounded to the same window (`api::graphql::table`): past the first 10,000 rows, a
//! user narrows the filters rather than paging.

use diesel::pg::Pg;
use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
use diesel::sql_types::BigInt;
use diesel::{QueryResult, query_dsl::methods::LimitDsl};

/// How many matching rows a list counts before it says "more".
pub const COUNT_CAP: i64 = 10_000;

/// `SELECT count(*) FROM (query LIMIT COUNT_CAP + 1) AS capped`.
#[derive(Debug, Clone)]
pub struct CappedCount<Q>(Q);

/// How many rows `query` (any select of the list's filtered rows, e.g. of its ids) yields,
/// counting at most [`COUNT_CAP`] + 1.
pub fn capped_count<Q: LimitDsl>(query: Q) -> CappedCount<Q::Output> {
    CappedCount(query.limit(COUNT_CAP + 1))
}

impl<Q: QueryFragment<Pg>> QueryFragment<Pg> for CappedCount<Q> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        out.push_sql("SELECT count(*) FROM (");
        self.0.walk_ast(out.reborrow())?;
        out.push_sql(") AS capped");
        Ok(())
    }
}

impl<Q> Query for CappedCount<Q> {
    type SqlType = BigInt;
}

impl<Q: QueryId> QueryId for CappedCount<Q> {
    type QueryId = CappedCount<Q::QueryId>;
    const HAS_STATIC_QUERY_ID: bool = Q::HAS_STATIC_QUERY_ID;
}
