//! The worker's library: the rule runtime, shared by the `worker` binary, its tests and benchmarks.

pub mod rules;
