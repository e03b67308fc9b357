//! Row models, one module per area. For each table: the row as read (`Queryable` +
//! `Selectable`, use `Row::as_select()`), the row to insert (`New…`, `Insertable`), and for
//! tables whose rows change, the changes (`…Changes`, `AsChangeset`: `None` leaves a column
//! alone, `Some(None)` sets a nullable one to NULL). Append-only tables (logs, callbacks,
//! link rows) have no changes struct.
//!
//! UUID ids are made by the application with [`new_id`] (v7, time-ordered).

pub mod accounts;
pub mod dossiers;
pub mod enums;
pub mod executions;
pub mod rules;
pub mod types;
pub mod validation;

pub use enums::{
    DocumentState, DossierState, ExecutionState, Platform, UnknownValue, ValidationState,
};

/// A new time-ordered id (UUID v7) for a row of a table with a UUID primary key.
pub fn new_id() -> uuid::Uuid {
    uuid::Uuid::now_v7()
}
