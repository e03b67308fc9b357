//! Paging and searching the lists: one page of rows ([`PageRequest`], at most
//! [`MAX_PAGE_SIZE`]), the short unpaged lists ([`page`], at most [`MAX_LIST`]), the rows one
//! detail carries ([`MAX_DETAIL_ROWS`]), an id or id-prefix filter ([`IdRange`]) and a text
//! search ([`contains_pattern`]).

use uuid::Uuid;

/// Most rows one list returns (types, data tables and rules are in the hundreds).
pub const MAX_LIST: i64 = 1000;

/// Most rows one page may hold.
pub const MAX_PAGE_SIZE: i64 = 100;
/// Most callbacks (or other per-dossier rows) one answer carries.
pub const MAX_DETAIL_ROWS: i64 = 1000;

/// One page of a list: `limit` rows from `offset`, in ascending or descending order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRequest {
    pub limit: i64,
    pub offset: i64,
    pub descending: bool,
}

impl PageRequest {
    /// `limit` held to 1..=[`MAX_PAGE_SIZE`], `offset` to ≥ 0.
    pub fn bounded(self) -> Self {
        Self {
            limit: self.limit.clamp(1, MAX_PAGE_SIZE),
            offset: self.offset.max(0),
            descending: self.descending,
        }
    }
}

/// An inclusive range of UUIDs: a whole id (`lo == hi`, filtered as an equality so that an
/// index on `(id column, sort column)` also yields the order) or every id with a given hex
/// prefix, which a B-tree on the column serves as a range scan.
pub type IdRange = (Uuid, Uuid);

/// `ILIKE` pattern matching `text` anywhere, with LIKE's wildcards in `text` escaped.
pub fn contains_pattern(text: &str) -> String {
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// `limit` and `offset` of a list, clamped.
pub(crate) fn page(limit: Option<i64>, offset: Option<i64>) -> (i64, i64) {
    (
        limit.unwrap_or(MAX_LIST).clamp(1, MAX_LIST),
        offset.unwrap_or(0).max(0),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_wildcards_in_the_search_text_are_literal() {
        assert_eq!(contains_pattern("50%_a\\b"), "%50\\%\\_a\\\\b%");
        assert_eq!(contains_pattern(""), "%%");
    }

    #[test]
    fn pages_are_bounded() {
        let page = PageRequest {
            limit: 10_000,
            offset: -3,
            descending: true,
        }
        .bounded();
        assert_eq!((page.limit, page.offset), (MAX_PAGE_SIZE, 0));
    }
}
