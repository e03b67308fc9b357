//! The rules of the dossier pipeline that are not I/O: the metas check of a dossier's
//! documents and the aggregate of its dossier rule results. The jobs (worker) and the GraphQL
//! operations (api) both use them, so a check shown to an operator is the check the pipeline
//! made.

pub mod aggregate;
pub mod metas;
