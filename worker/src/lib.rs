//! The worker's library: the rule runtime and the PDF extraction, shared by the `worker` binary, its
//! tests and benchmarks.

pub mod callback;
pub mod extraction;
pub mod rules;
