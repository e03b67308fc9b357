//! The states and other closed sets of values stored as `text` with a CHECK constraint.
//! Each enum's `as_str()` values are exactly the values the CHECK allows.

use std::fmt;
use std::str::FromStr;

/// A value read from the database, or received from a client, that is not one of an enum's
/// variants.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{value}` is not a valid {kind}")]
pub struct UnknownValue {
    pub kind: &'static str,
    pub value: String,
}

/// Declares an enum stored as `text`: `as_str()`, `FromStr`, `Display`, serde as the stored
/// string, and diesel `ToSql`/`FromSql` for `Text` so it can be used directly in models and
/// filters.
macro_rules! text_enum {
    (
        $(#[$meta:meta])*
        $name:ident as $kind:literal {
            $( $(#[$variant_meta:meta])* $variant:ident => $value:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash,
            serde::Serialize, serde::Deserialize,
            diesel::AsExpression, diesel::FromSqlRow,
        )]
        #[diesel(sql_type = diesel::sql_types::Text)]
        pub enum $name {
            $( $(#[$variant_meta])* #[serde(rename = $value)] $variant, )+
        }

        impl $name {
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $value,)+
                }
            }
        }

        impl FromStr for $name {
            type Err = UnknownValue;

            fn from_str(value: &str) -> Result<Self, Self::Err> {
                match value {
                    $($value => Ok(Self::$variant),)+
                    _ => Err(UnknownValue { kind: $kind, value: value.to_owned() }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl diesel::serialize::ToSql<diesel::sql_types::Text, diesel::pg::Pg> for $name {
            fn to_sql<'b>(
                &'b self,
                out: &mut diesel::serialize::Output<'b, '_, diesel::pg::Pg>,
            ) -> diesel::serialize::Result {
                <str as diesel::serialize::ToSql<diesel::sql_types::Text, diesel::pg::Pg>>::to_sql(
                    self.as_str(),
                    out,
                )
            }
        }

        impl diesel::deserialize::FromSql<diesel::sql_types::Text, diesel::pg::Pg> for $name {
            fn from_sql(bytes: diesel::pg::PgValue<'_>) -> diesel::deserialize::Result<Self> {
                let value = <String as diesel::deserialize::FromSql<
                    diesel::sql_types::Text,
                    diesel::pg::Pg,
                >>::from_sql(bytes)?;
                Ok(value.parse()?)
            }
        }
    };
}

text_enum! {
    /// `dossiers.state`.
    DossierState as "dossier state" {
        /// Being imported, extracted or run (IN CORSO).
        Processing => "processing",
        /// Rules run and aggregated (IMPORTATO).
        Processed => "processed",
        /// Conflicting or missing required metas: waits for fixMetas (CONFLITTI).
        Conflicts => "conflicts",
        /// An unrecoverable error; see `dossiers.error` (ERRORE).
        CannotProcess => "cannot process",
    }
}

text_enum! {
    /// `documents.state`.
    DocumentState as "document state" {
        /// Stored, not yet extracted (IMPORTATO).
        Uploaded => "uploaded",
        /// Text extracted, rules not yet run (IN CORSO).
        Extracted => "extracted",
        /// Rules run, metas merged (REGOLE ESEGUITE).
        Processed => "processed",
        /// An unrecoverable error; see `documents.error` (ERRORE).
        CannotProcess => "cannot process",
    }
}

text_enum! {
    /// `dossier_rule_executions.state`.
    ExecutionState as "rule execution state" {
        /// Enqueued (IN CODA).
        Created => "created",
        /// Ran to a result (ESEGUITA).
        Executed => "executed",
        /// Failed; see `dossier_rule_executions.error` (ERRORE).
        Error => "error",
    }
}

text_enum! {
    /// `rule_validations.state`.
    ValidationState as "validation state" {
        /// Queued (in corso).
        Created => "created",
        /// A worker is extracting the document and checking the rules (in corso).
        Running => "running",
        /// Done (terminata).
        Finished => "finished",
        /// Could not be completed; see `rule_validations.error`.
        Failed => "failed",
    }
}

text_enum! {
    /// Where a rule ran: `platform` of the execution tables and logs.
    Platform as "platform" {
        /// The pipeline, or a run of a saved rule.
        Backend => "backend",
        /// A playground run of unsaved code.
        Frontend => "frontend",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_through_strings() {
        for state in DossierState::ALL {
            assert_eq!(state.as_str().parse::<DossierState>(), Ok(*state));
        }
        for state in DocumentState::ALL {
            assert_eq!(state.as_str().parse::<DocumentState>(), Ok(*state));
        }
        for state in ExecutionState::ALL {
            assert_eq!(state.as_str().parse::<ExecutionState>(), Ok(*state));
        }
        for state in ValidationState::ALL {
            assert_eq!(state.as_str().parse::<ValidationState>(), Ok(*state));
        }
        for platform in Platform::ALL {
            assert_eq!(platform.as_str().parse::<Platform>(), Ok(*platform));
        }
    }

    #[test]
    fn unknown_values_are_rejected_with_their_kind() {
        let err = "archived".parse::<DossierState>().unwrap_err();
        assert_eq!(err.to_string(), "`archived` is not a valid dossier state");
    }

    #[test]
    fn serde_uses_the_stored_value() {
        let json = serde_json::to_string(&DossierState::CannotProcess).unwrap();
        assert_eq!(json, "\"cannot process\"");
        let back: DossierState = serde_json::from_str(&json).unwrap();
        assert_eq!(back, DossierState::CannotProcess);
    }
}
