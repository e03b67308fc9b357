//! Server-side tables (docs/domain.md#shared-table-behaviour, #operations, #constants): the
//! `TableInput` every paged list takes — page size, page index, an order string
//! `"field DESC|ASC"` and filters `{column, value[], type}` — checked against the list's own
//! whitelist of columns before anything reaches SQL, and the page envelope
//! `{ items, pages, total, op }`.
//!
//! Each list declares a [`TableSpec`]: which columns may be sorted, which filtered and how
//! (`text`, `select`, `date`). An unknown column, a sort or filter a column does not offer, a
//! filter `type` that does not match the column, a page size not in 10/20/30/40/50 or a
//! malformed value is refused with `BAD_USER_INPUT`. The resolver then maps the parsed
//! [`Table`] onto its repository's typed filter; the repositories page with LIMIT/OFFSET over
//! indexed sorts and count the matching rows for `pages` / `total`.

use std::borrow::Cow;

use async_graphql::{InputObject, OutputType, SimpleObject, TypeName};
use chrono::{DateTime, NaiveDate, Utc};
use shared::db::repo::capped_count::COUNT_CAP;
use shared::db::repo::paging::{IdRange, PageRequest};
use uuid::Uuid;

use super::errors::bad_input;
use shared::messages;

/// Page sizes the tables offer (docs/domain.md#constants).
pub const PAGE_SIZES: [i32; 5] = [10, 20, 30, 40, 50];
pub const DEFAULT_PAGE_SIZE: i32 = 10;

/// What a table asks for: one page, its order, its filters. Every field is optional.
#[derive(InputObject, Default, Clone)]
pub struct TableInput {
    /// 10, 20, 30, 40 or 50 (default 10).
    pub page_size: Option<i32>,
    /// 0-based (default 0).
    pub page_index: Option<i32>,
    /// `"field DESC"` or `"field ASC"` (default: the list's own, e.g. `createdAt DESC`).
    pub order: Option<String>,
    pub filters: Option<Vec<TableFilter>>,
}

/// One filter of a table.
#[derive(InputObject, Clone)]
pub struct TableFilter {
    pub column: String,
    /// `text`: one value (substring or id prefix); `select`: the accepted values; `date`:
    /// `[start, end]` as `YYYY/MM/DD`, where `0000/00/00` and `9999/99/99` mean no bound.
    #[graphql(default)]
    pub value: Vec<String>,
    /// `date`, `select` or `text`.
    #[graphql(name = "type")]
    pub kind: String,
}

// Its GraphQL name is its item's with `Page` after it (`DossierPage`): a list's module declares
// nothing here.
/// One page of a list.
#[derive(SimpleObject)]
#[graphql(name_type)]
pub struct Page<T: OutputType> {
    pub items: Vec<T>,
    /// How many pages the filtered rows make at this page size.
    pub pages: i64,
    /// How many rows match the filters, counted up to 10,000: with `more`, more than that
    /// match (and `pages` covers the first 10,000, the pages that can be browsed).
    pub total: i64,
    /// More rows match than `total` says.
    pub more: bool,
    /// The order applied, as `"field DESC|ASC"`.
    pub op: String,
}

impl<T: OutputType> TypeName for Page<T> {
    fn type_name() -> Cow<'static, str> {
        format!("{}Page", T::type_name()).into()
    }
}

/// `limit` / `offset` arguments as the repositories take them.
pub fn paging(limit: Option<i32>, offset: Option<i32>) -> (Option<i64>, Option<i64>) {
    (limit.map(i64::from), offset.map(i64::from))
}

/// `10000` as Italian writes it: `10.000`.
fn thousands(n: i64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('.');
        }
        out.push(c);
    }
    out
}

/// How a column is filtered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterKind {
    Text,
    Select,
    Date,
}

impl FilterKind {
    fn name(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::Select => "select",
            Self::Date => "date",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "text" => Some(Self::Text),
            "select" => Some(Self::Select),
            "date" => Some(Self::Date),
            _ => None,
        }
    }
}

/// A column a list offers.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    /// The name answered back in `op` and matched in requests.
    pub name: &'static str,
    /// Other names accepted for it (e.g. `rule_id` for `ruleId`).
    pub aliases: &'static [&'static str],
    pub sortable: bool,
    pub filter: Option<FilterKind>,
}

impl Column {
    pub const fn new(name: &'static str) -> Self {
        Self {
            name,
            aliases: &[],
            sortable: false,
            filter: None,
        }
    }

    pub const fn aliases(mut self, aliases: &'static [&'static str]) -> Self {
        self.aliases = aliases;
        self
    }

    pub const fn sortable(mut self) -> Self {
        self.sortable = true;
        self
    }

    pub const fn filter(mut self, kind: FilterKind) -> Self {
        self.filter = Some(kind);
        self
    }

    fn is(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }
}

/// The columns of a list and its default order.
#[derive(Debug, Clone, Copy)]
pub struct TableSpec {
    pub columns: &'static [Column],
    pub default_sort: &'static str,
    pub default_descending: bool,
}

/// Most values of one filter (a `select` of every state or type fits).
const MAX_FILTER_VALUES: usize = 100;
/// Longest value of a filter, in bytes.
const MAX_FILTER_VALUE_BYTES: usize = 1000;

/// A filter's value, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FilterValue {
    Text(String),
    Select(Vec<String>),
    Date {
        /// `created_at >= from`.
        from: Option<DateTime<Utc>>,
        /// `created_at < before` (the day after the end date: the end day is included).
        before: Option<DateTime<Utc>>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    /// The column's canonical name.
    pub column: &'static str,
    pub value: FilterValue,
}

/// A table request, checked against its [`TableSpec`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    pub page_size: i32,
    pub page_index: i32,
    /// The canonical name of the sort column.
    pub sort: &'static str,
    pub descending: bool,
    /// Filters with a value (empty ones are dropped).
    pub filters: Vec<Filter>,
}

impl TableSpec {
    fn column(&self, name: &str) -> Option<&'static Column> {
        self.columns.iter().find(|c| c.is(name.trim()))
    }

    /// Checks `input` (absent: the first page in the default order, unfiltered).
    pub fn parse(&self, input: Option<TableInput>) -> async_graphql::Result<Table> {
        let input = input.unwrap_or_default();
        let page_size = input.page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if !PAGE_SIZES.contains(&page_size) {
            return Err(bad_input("pageSize", messages::page_size()));
        }
        let page_index = input.page_index.unwrap_or(0);
        if page_index < 0 {
            return Err(bad_input("pageIndex", messages::page_index()));
        }
        if i64::from(page_index) * i64::from(page_size) >= COUNT_CAP {
            return Err(bad_input(
                "pageIndex",
                messages::page_beyond(thousands(COUNT_CAP)),
            ));
        }
        let (sort, descending) = match input.order.as_deref().map(str::trim) {
            None | Some("") => (self.default_sort, self.default_descending),
            Some(order) => self.parse_order(order)?,
        };
        let mut filters = Vec::new();
        for filter in input.filters.unwrap_or_default() {
            if let Some(filter) = self.parse_filter(filter)? {
                filters.push(filter);
            }
        }
        Ok(Table {
            page_size,
            page_index,
            sort,
            descending,
            filters,
        })
    }

    fn parse_order(&self, order: &str) -> async_graphql::Result<(&'static str, bool)> {
        let mut words = order.split_whitespace();
        let name = words.next().unwrap_or_default();
        let descending = match words.next().map(str::to_ascii_uppercase).as_deref() {
            None | Some("ASC") => false,
            Some("DESC") => true,
            Some(_) => {
                return Err(bad_input("order", messages::order_syntax(order)));
            }
        };
        if words.next().is_some() {
            return Err(bad_input("order", messages::order_invalid(order)));
        }
        match self.column(name) {
            Some(column) if column.sortable => Ok((column.name, descending)),
            Some(_) => Err(bad_input("order", messages::not_sortable(name))),
            None => Err(bad_input("order", messages::unknown_column(name))),
        }
    }

    fn parse_filter(&self, filter: TableFilter) -> async_graphql::Result<Option<Filter>> {
        let Some(column) = self.column(&filter.column) else {
            return Err(bad_input(
                "filters",
                messages::unknown_column(&filter.column),
            ));
        };
        let Some(kind) = column.filter else {
            return Err(bad_input("filters", messages::not_filterable(column.name)));
        };
        match FilterKind::parse(&filter.kind) {
            Some(requested) if requested == kind => {}
            _ => {
                return Err(bad_input(
                    "filters",
                    messages::filter_kind(&filter.kind, column.name, kind.name()),
                ));
            }
        }
        if filter.value.len() > MAX_FILTER_VALUES
            || filter
                .value
                .iter()
                .any(|v| v.len() > MAX_FILTER_VALUE_BYTES)
        {
            return Err(bad_input(
                "filters",
                messages::filter_values(column.name, MAX_FILTER_VALUES, MAX_FILTER_VALUE_BYTES),
            ));
        }
        // PostgreSQL's text has no NUL character: refused here rather than by the database.
        if filter.value.iter().any(|v| v.contains('\0')) {
            return Err(bad_input("filters", messages::filter_nul(column.name)));
        }
        let values: Vec<String> = filter
            .value
            .into_iter()
            .map(|v| v.trim().to_owned())
            .collect();
        let value = match kind {
            FilterKind::Text => match values.into_iter().find(|v| !v.is_empty()) {
                Some(text) => FilterValue::Text(text),
                None => return Ok(None),
            },
            FilterKind::Select => {
                let selected: Vec<String> = values.into_iter().filter(|v| !v.is_empty()).collect();
                if selected.is_empty() {
                    return Ok(None);
                }
                FilterValue::Select(selected)
            }
            FilterKind::Date => {
                let from = match values.first() {
                    Some(start) => parse_day(start, column.name)?,
                    None => None,
                };
                let before = match values.get(1) {
                    Some(end) => {
                        parse_day(end, column.name)?.map(|end| end + chrono::Duration::days(1))
                    }
                    None => None,
                };
                if from.is_none() && before.is_none() {
                    return Ok(None);
                }
                FilterValue::Date { from, before }
            }
        };
        Ok(Some(Filter {
            column: column.name,
            value,
        }))
    }
}

/// A day `YYYY/MM/DD` (or `YYYY-MM-DD`) as its first instant in UTC; `0000/00/00`,
/// `9999/99/99` and an empty value are no bound.
fn parse_day(text: &str, column: &str) -> async_graphql::Result<Option<DateTime<Utc>>> {
    let text = text.trim();
    if text.is_empty() || text == "0000/00/00" || text == "9999/99/99" {
        return Ok(None);
    }
    let normalised = text.replace('-', "/");
    NaiveDate::parse_from_str(&normalised, "%Y/%m/%d")
        .ok()
        .and_then(|day| day.and_hms_opt(0, 0, 0))
        .map(|start| Some(start.and_utc()))
        .ok_or_else(|| bad_input("filters", messages::filter_date(column, text)))
}

impl Table {
    /// The repository's page request.
    pub fn page(&self) -> PageRequest {
        PageRequest {
            limit: i64::from(self.page_size),
            offset: i64::from(self.page_index) * i64::from(self.page_size),
            descending: self.descending,
        }
    }

    /// The order applied, as `op` answers it.
    pub fn op(&self) -> String {
        format!(
            "{} {}",
            self.sort,
            if self.descending { "DESC" } else { "ASC" }
        )
    }

    /// The envelope of one page of `total` matching rows (as the repositories count them:
    /// [`COUNT_CAP`] + 1 when more match).
    pub fn page_of<T: OutputType>(&self, items: Vec<T>, total: i64) -> Page<T> {
        let size = i64::from(self.page_size);
        let more = total > COUNT_CAP;
        let total = total.min(COUNT_CAP);
        Page {
            items,
            pages: (total + size - 1) / size,
            total,
            more,
            op: self.op(),
        }
    }

    /// The filter on `column`, if any.
    pub fn filter(&self, column: &str) -> Option<&FilterValue> {
        self.filters
            .iter()
            .find(|f| f.column == column)
            .map(|f| &f.value)
    }

    /// A text filter on an id column as a range of ids: a whole UUID, or a prefix of its hex
    /// digits (dashes optional), which the column's B-tree index serves as a range.
    pub fn id_range(&self, column: &str) -> async_graphql::Result<Option<IdRange>> {
        match self.filter(column) {
            Some(FilterValue::Text(text)) => id_prefix_range(text)
                .map(Some)
                .ok_or_else(|| bad_input("filters", messages::invalid_id(text))),
            _ => Ok(None),
        }
    }

    /// A select filter's values, each parsed with `parse` (an unknown value is refused).
    pub fn selected<T>(
        &self,
        column: &str,
        parse: impl Fn(&str) -> Option<T>,
    ) -> async_graphql::Result<Option<Vec<T>>> {
        match self.filter(column) {
            Some(FilterValue::Select(values)) => values
                .iter()
                .map(|v| {
                    parse(v).ok_or_else(|| bad_input("filters", messages::filter_value(column, v)))
                })
                .collect::<async_graphql::Result<Vec<T>>>()
                .map(Some),
            _ => Ok(None),
        }
    }
}

/// The ids whose hex digits start with `prefix` (1 to 32 hex digits, dashes ignored).
pub fn id_prefix_range(prefix: &str) -> Option<IdRange> {
    let hex: String = prefix.trim().chars().filter(|c| *c != '-').collect();
    if hex.is_empty() || hex.len() > 32 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let lo = Uuid::from_u128(u128::from_str_radix(&format!("{hex:0<32}"), 16).ok()?);
    let hi = Uuid::from_u128(u128::from_str_radix(&format!("{hex:f<32}"), 16).ok()?);
    Some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: TableSpec = TableSpec {
        columns: &[
            Column::new("id").sortable().filter(FilterKind::Text),
            Column::new("state").sortable().filter(FilterKind::Select),
            Column::new("createdAt").sortable().filter(FilterKind::Date),
            Column::new("ruleId")
                .aliases(&["rule_id"])
                .filter(FilterKind::Text),
        ],
        default_sort: "createdAt",
        default_descending: true,
    };

    fn filter(column: &str, kind: &str, value: &[&str]) -> TableFilter {
        TableFilter {
            column: column.into(),
            value: value.iter().map(|v| (*v).to_owned()).collect(),
            kind: kind.into(),
        }
    }

    fn with_filters(filters: Vec<TableFilter>) -> Option<TableInput> {
        Some(TableInput {
            filters: Some(filters),
            ..TableInput::default()
        })
    }

    #[test]
    fn defaults_are_the_first_page_of_ten_in_the_default_order() {
        let table = SPEC.parse(None).expect("valid");
        assert_eq!((table.page_size, table.page_index), (10, 0));
        assert_eq!(table.op(), "createdAt DESC");
        assert_eq!(table.page().offset, 0);
        assert_eq!(table.page_of(Vec::<i32>::new(), 21).pages, 3);
    }

    #[test]
    fn counts_stop_at_ten_thousand_and_pages_stay_within_them() {
        let table = SPEC.parse(None).expect("valid");
        let page = table.page_of(Vec::<i32>::new(), COUNT_CAP);
        assert_eq!((page.total, page.more, page.pages), (10_000, false, 1_000));
        let page = table.page_of(Vec::<i32>::new(), COUNT_CAP + 1);
        assert_eq!((page.total, page.more, page.pages), (10_000, true, 1_000));

        let at = |page_size, page_index| {
            SPEC.parse(Some(TableInput {
                page_size: Some(page_size),
                page_index: Some(page_index),
                ..TableInput::default()
            }))
        };
        assert_eq!(
            at(50, 199)
                .expect("the last page of the window")
                .page()
                .offset,
            9_950
        );
        let Err(error) = at(50, 200) else {
            panic!("a page past the window is refused")
        };
        assert_eq!(
            error.message,
            "Si possono sfogliare solo le prime 10.000 righe: restringi i filtri"
        );
        assert!(at(10, i32::MAX).is_err(), "no overflow");
    }

    #[test]
    fn unknown_columns_sizes_and_kinds_are_refused() {
        for input in [
            Some(TableInput {
                order: Some("password DESC".into()),
                ..TableInput::default()
            }),
            Some(TableInput {
                order: Some("ruleId DESC".into()),
                ..TableInput::default()
            }),
            Some(TableInput {
                order: Some("state SIDEWAYS".into()),
                ..TableInput::default()
            }),
            Some(TableInput {
                page_size: Some(15),
                ..TableInput::default()
            }),
            with_filters(vec![filter("password", "text", &["x"])]),
            with_filters(vec![filter("state", "text", &["x"])]),
            with_filters(vec![filter("createdAt", "date", &["2026/13/40", ""])]),
            with_filters(vec![filter("id", "text", &["a\0b"])]),
            with_filters(vec![filter("id", "text", &[&"x".repeat(1001)])]),
            with_filters(vec![filter("state", "select", &["x"; 101])]),
        ] {
            assert!(SPEC.parse(input).is_err());
        }
    }

    #[test]
    fn filters_are_parsed_by_their_column() {
        let table = SPEC
            .parse(with_filters(vec![
                filter("state", "select", &["processed", ""]),
                filter("createdAt", "date", &["2026/01/31", "9999/99/99"]),
                filter("rule_id", "text", &[""]),
                filter("id", "text", &["0190ab"]),
            ]))
            .expect("valid");
        assert_eq!(
            table.filter("state"),
            Some(&FilterValue::Select(vec!["processed".into()]))
        );
        let Some(FilterValue::Date { from, before }) = table.filter("createdAt") else {
            panic!("date filter");
        };
        assert_eq!(
            from.map(|d| d.to_rfc3339()).as_deref(),
            Some("2026-01-31T00:00:00+00:00")
        );
        assert_eq!(*before, None);
        assert_eq!(table.filter("ruleId"), None, "empty filters are dropped");
        let (lo, hi) = table.id_range("id").expect("valid").expect("a range");
        assert_eq!(lo.to_string(), "0190ab00-0000-0000-0000-000000000000");
        assert_eq!(hi.to_string(), "0190abff-ffff-ffff-ffff-ffffffffffff");
    }

    #[test]
    fn a_date_range_includes_its_end_day() {
        let table = SPEC
            .parse(with_filters(vec![filter(
                "createdAt",
                "date",
                &["0000/00/00", "2026/02/28"],
            )]))
            .expect("valid");
        let Some(FilterValue::Date { from, before }) = table.filter("createdAt") else {
            panic!("date filter");
        };
        assert_eq!(*from, None);
        assert_eq!(
            before.map(|d| d.to_rfc3339()).as_deref(),
            Some("2026-03-01T00:00:00+00:00")
        );
    }

    #[test]
    fn id_prefixes_are_hex_only() {
        assert!(id_prefix_range("xyz").is_none());
        assert!(id_prefix_range("").is_none());
        let id = Uuid::now_v7();
        assert_eq!(id_prefix_range(&id.to_string()), Some((id, id)));
    }
}
