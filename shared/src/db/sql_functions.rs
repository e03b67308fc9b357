//! SQL functions diesel does not declare for text.

use diesel::expression::functions::declare_sql_function;
use diesel::sql_types::Text;

#[declare_sql_function]
extern "SQL" {
    /// `lower(text)`: case-insensitive comparisons that can use the `lower(...)` indexes
    /// (e.g. `users_email_lower_key`).
    fn lower(value: Text) -> Text;
}
