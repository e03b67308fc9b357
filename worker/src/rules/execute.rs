//! Execution in wasmtime.
//!
//! One [`Engine`] per process, shared by every execution, with the pooling allocator (see
//! [`InstanceAllocator`]); the plugin compiled once (or loaded from the cache directory) and
//! pre-linked with its eleven WASI functions ([`InstancePre`]); per execution a fresh [`Store`]
//! and fresh instances of the plugin and the rule module, with:
//! - a wall-time limit: epoch interruption, a ticker thread advances the engine's epoch every
//!   [`EPOCH_TICK`], the store's deadline is the limit in ticks;
//! - a memory limit: a [`ResourceLimiter`] refusing `memory.grow` past the limit (QuickJS then
//!   throws "out of memory", or the plugin traps; either is reported as out of memory);
//! - stdin: the input, its members apart (`super::input`); stdout: the harness's outcome; stderr: the captured
//!   console, both capped in the harness and by the buffers' capacity (`super::wasi`).
//!
//! A trap, a timeout or an out-of-memory ends with the store: nothing survives an execution,
//! so the next one starts from the plugin's pristine pre-initialised image.
//!
//! Executions are synchronous and CPU-bound (up to their time limit): call them from a
//! blocking thread (`tokio::task::spawn_blocking`), not from an async task.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use bytes::Bytes;
use serde::{Deserialize, Serialize};
use wasmtime::{
    Engine, Extern, Instance, InstancePre, Linker, Memory, Module, ResourceLimiter, Store, Trap,
};

use shared::storage::Storage;

use super::compile::{CacheSource, CompileError, CompiledRule, Compiler};
use super::footprint::{self, Pages};
use super::input::RuleInput;
use super::plugin::{Plugin, PluginError, check_exports};
use super::regexp::{self, Handles, HasRegexes, PatternCache, PatternCacheLimits};
use super::wasi::{self, Exit, HasStdio, Stdio};

/// Granularity of the wall-time limit.
pub const EPOCH_TICK: Duration = Duration::from_millis(5);

/// Smallest member worth preparing once per document ([`RuleRuntime::prepare`]): a rule
/// started from a prepared memory copies all of it (~1 ms for a contract's), so only members
/// whose parse costs more — a contract's words with their boxes — are prepared.
pub const PREPARE_MIN_BYTES: usize = 128 << 10;

/// Memory a rule started from a prepared input must have left under its limit, or it runs
/// unprepared.
pub const PREPARED_HEADROOM: usize = 8 << 20;

/// Limits of one execution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub timeout: Duration,
    pub memory_bytes: usize,
    /// Largest result, in bytes of JSON.
    pub max_result_bytes: usize,
    /// Largest captured console output, in bytes (of its JSON lines).
    pub max_log_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            timeout: Duration::from_millis(2000),
            memory_bytes: 64 << 20,
            max_result_bytes: 1 << 20,
            max_log_bytes: 256 << 10,
        }
    }
}

/// Settings of a [`RuleRuntime`].
#[derive(Debug, Clone)]
pub struct RuntimeConfig {
    /// The pre-initialised Javy plugin (`ISTRUTTORIA_JAVY_PLUGIN`).
    pub plugin_path: std::path::PathBuf,
    /// This host's cache (`ISTRUTTORIA_RULE_CACHE_DIR`): the plugin compiled for this CPU, and
    /// the generated rule modules when there is no `module_storage`.
    pub cache_dir: std::path::PathBuf,
    /// The object storage shared by every worker, where generated rule modules are kept
    /// (`None`: a local store in `cache_dir`, for the command line and the benchmarks).
    pub module_storage: Option<Storage>,
    /// Default limits of an execution.
    pub limits: Limits,
    /// How wasmtime allocates instances.
    pub allocator: InstanceAllocator,
    /// Bounds of the process's compiled regular expressions.
    pub patterns: PatternCacheLimits,
}

/// How wasmtime allocates the instances (memory, tables) of executions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InstanceAllocator {
    /// mmap per instantiation, munmap after (the plugin's memory image mapped copy-on-write).
    /// Every execution page-faults its working set afresh, and the mmap/munmap of parallel
    /// executions contend in the kernel.
    OnDemand,
    /// A pool of pre-reserved slots reused between executions (the default): at most
    /// `max_concurrent` executions at once (one more fails with a clear error); the first
    /// `keep_resident` bytes of a memory are reset in place instead of being returned to the
    /// kernel, which saves the page faults of the next execution.
    Pooling {
        max_concurrent: u32,
        keep_resident: usize,
    },
}

impl Default for InstanceAllocator {
    /// Measured in `just bench` (docs/benchmarks-history.md): the pool halves the trivial
    /// rule's latency and lets executions scale across threads.
    fn default() -> Self {
        Self::Pooling {
            max_concurrent: 1000,
            keep_resident: 2 << 20,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    #[error(transparent)]
    Plugin(#[from] PluginError),
    #[error("preparing the Javy plugin: {0}")]
    Wasm(String),
}

/// One console call of a rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub level: String,
    pub message: String,
}

/// What went wrong in an execution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ErrorKind {
    /// An uncaught exception (at the top level or in the default export).
    Exception,
    /// The promise of an async rule was rejected.
    Rejection,
    /// The wall-time limit was reached.
    Timeout,
    /// The memory limit was reached.
    OutOfMemory,
    /// Too deep a recursion.
    StackOverflow,
    /// `undefined`, a function, or a value JSON cannot represent.
    Result,
    /// A result larger than the limit.
    ResultTooLarge,
    /// The input is not valid JSON.
    Input,
    /// The rule does not compile (only from [`RuleRuntime::run`]).
    Syntax,
    /// Anything else that stopped the rule's Wasm instance.
    Crash,
}

/// An execution error: a clear message, and the JavaScript stack (with the rule's and the
/// helper's line numbers) when there is one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExecutionError {
    pub kind: ErrorKind,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stack: Option<String>,
}

/// The outcome of one execution, as the CLI prints it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Execution {
    /// The rule's result (`null` on error).
    pub result: Option<serde_json::Value>,
    pub logs: Vec<LogEntry>,
    /// The console output exceeded its cap: later calls were dropped.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub logs_truncated: bool,
    pub errors: Vec<ExecutionError>,
    pub duration_us: u64,
}

impl Execution {
    pub fn is_ok(&self) -> bool {
        self.errors.is_empty()
    }

    fn failed(kind: ErrorKind, message: String, duration: Duration) -> Self {
        Self {
            result: None,
            logs: Vec::new(),
            logs_truncated: false,
            errors: vec![ExecutionError {
                kind,
                message,
                stack: None,
            }],
            duration_us: duration.as_micros() as u64,
        }
    }
}

/// Where the time of one execution goes (see the benchmarks).
#[doc(hidden)]
#[derive(Debug, Clone, Copy, Default)]
pub struct Phases {
    /// Input, pipes, WASI context, store.
    pub setup: Duration,
    /// The plugin (pre-linked) and the rule module.
    pub instantiate: Duration,
    /// `_start`: QuickJS runs the harness and the rule.
    pub run: Duration,
    /// Dropping the store (resetting its pooled slots) and reading the outcome and the logs.
    pub collect: Duration,
}

/// What the benchmarks observe of an execution besides its outcome.
#[derive(Default)]
struct Observe<'a> {
    /// The time of each phase.
    phases: Option<&'a mut Phases>,
    /// The pages of the plugin's linear memory when the rule ended (the most it held: a linear
    /// memory never shrinks), read up to the rule's memory limit — a used pool slot keeps
    /// resident pages past the end of the memory it lends; `None` where the page map cannot be
    /// read.
    memory: Option<&'a mut Option<Pages>>,
}

/// Per-store state: stdio, the memory limiter and the execution's regular expressions.
struct State {
    stdio: Stdio,
    limiter: MemoryLimiter,
    regexes: Handles,
}

impl HasStdio for State {
    fn stdio(&mut self) -> &mut Stdio {
        &mut self.stdio
    }
}

impl HasRegexes for State {
    fn regexes(&mut self) -> &mut Handles {
        &mut self.regexes
    }
}

/// Like `StoreLimits`, but remembers that it refused a growth (to name out-of-memory traps).
struct MemoryLimiter {
    memory_bytes: usize,
    refused: bool,
}

impl ResourceLimiter for MemoryLimiter {
    fn memory_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        let ok = desired <= self.memory_bytes;
        if !ok {
            self.refused = true;
        }
        Ok(ok)
    }
    fn table_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(desired <= 100_000)
    }
}

/// A document's input prepared once for all its rules (issue 15, item 3): the memory of a
/// plugin instance that parsed the members several rules read ([`RuleRuntime::prepare`]), as
/// the pages where it differs from a new instance's.
/// Each rule it serves starts in its own copy of that memory — its own store, limits and
/// values, which it may change without another rule seeing it — and finds those members
/// parsed (`prepare` and `lazyInput` in harness.js).
pub struct PreparedInput {
    /// Size of the plugin instance's memory after `prepare-input`.
    size: usize,
    /// Where it differs from a new instance's: runs of pages (offset, length) …
    runs: Vec<(usize, usize)>,
    /// … and their bytes, one run after the other.
    changed: Vec<u8>,
    /// The members parsed: their names and JSON, which a rule's input must hold themselves.
    members: Vec<(String, Bytes)>,
}

/// The unit [`PreparedInput`] compares and copies memory in.
const PAGE: usize = 4096;

impl PreparedInput {
    /// Keeps of `memory` (an instance's, after `prepare-input`) the pages that differ from
    /// `pristine` (a new instance's; zeros past its end).
    fn new(memory: &[u8], pristine: &[u8], members: Vec<(String, Bytes)>) -> Self {
        let mut runs: Vec<(usize, usize)> = Vec::new();
        let mut changed = Vec::new();
        for (index, page) in memory.chunks(PAGE).enumerate() {
            let at = index * PAGE;
            let before = pristine.get(at..(at + page.len()).min(pristine.len()));
            let same = match before {
                Some(before) if before.len() == page.len() => before == page,
                _ => page.iter().all(|&b| b == 0),
            };
            if same {
                continue;
            }
            changed.extend_from_slice(page);
            match runs.last_mut() {
                Some((offset, len)) if *offset + *len == at => *len += page.len(),
                _ => runs.push((at, page.len())),
            }
        }
        Self {
            size: memory.len(),
            runs,
            changed,
            members,
        }
    }

    /// The prepared members' names.
    pub fn members(&self) -> impl Iterator<Item = &str> {
        self.members.iter().map(|(name, _)| name.as_str())
    }

    /// Bytes copied into each instance it serves.
    pub fn memory_bytes(&self) -> usize {
        self.changed.len()
    }

    /// Size of the memory an instance it serves starts with.
    pub fn memory_size(&self) -> usize {
        self.size
    }

    /// Whether `rule` (code and helper) runs on it: it names a prepared member, and `input`
    /// holds the very values prepared (the same document's, not equal ones).
    pub fn serves(&self, rule: (&str, Option<&str>), input: &RuleInput) -> bool {
        self.members().any(|name| super::input::names(rule, name))
            && self.members.iter().all(|(name, value)| {
                input
                    .member(name)
                    .is_some_and(|v| v.as_ptr() == value.as_ptr() && v.len() == value.len())
            })
    }

    /// Makes a new instance of the plugin's memory the prepared one: grown to its size (which
    /// the store's memory limit may refuse), the changed pages copied in.
    fn restore(&self, plugin: &Instance, store: &mut Store<State>) -> wasmtime::Result<()> {
        let memory = plugin_memory(plugin, &mut *store)?;
        let size = memory.data_size(&*store);
        if self.size > size {
            let pages = (self.size - size).div_ceil(1 << 16) as u64;
            memory.grow(&mut *store, pages)?;
        }
        let data = memory.data_mut(&mut *store);
        let mut from = 0;
        for &(offset, len) in &self.runs {
            data[offset..offset + len].copy_from_slice(&self.changed[from..from + len]);
            from += len;
        }
        Ok(())
    }
}

/// The rule runtime of a process: compile and execute rules. Share it (`Arc`) between threads.
pub struct RuleRuntime {
    engine: Engine,
    plugin: Plugin,
    plugin_module: Module,
    plugin_pre: InstancePre<State>,
    compiler: Compiler,
    limits: Limits,
    patterns: Arc<PatternCache>,
    /// A new plugin instance's memory, for [`PreparedInput`] (read at the first preparation).
    pristine: OnceLock<Vec<u8>>,
    ticker_stop: Arc<AtomicBool>,
}

impl Drop for RuleRuntime {
    fn drop(&mut self) {
        self.ticker_stop.store(true, Ordering::Relaxed);
    }
}

impl RuleRuntime {
    /// Loads the plugin, prepares the engine and starts the epoch ticker.
    pub fn new(config: &RuntimeConfig) -> Result<Self, RuntimeError> {
        let plugin = Plugin::load(&config.plugin_path)?;
        Self::with_plugin(plugin, config)
    }

    /// Like [`RuleRuntime::new`] with an already loaded plugin.
    pub fn with_plugin(plugin: Plugin, config: &RuntimeConfig) -> Result<Self, RuntimeError> {
        let wasm = |e: wasmtime::Error| RuntimeError::Wasm(format!("{e:#}"));
        let mut wasm_config = wasmtime::Config::new();
        wasm_config.epoch_interruption(true);
        if let InstanceAllocator::Pooling {
            max_concurrent,
            keep_resident,
        } = config.allocator
        {
            let mut pool = wasmtime::PoolingAllocationConfig::default();
            pool.total_core_instances(2 * max_concurrent)
                .total_memories(max_concurrent)
                .total_tables(2 * max_concurrent)
                .max_memory_size(4 << 30)
                .linear_memory_keep_resident(keep_resident)
                .table_keep_resident(64 << 10)
                // Resetting a finished execution's memory: only the pages it touched (Linux's
                // PAGEMAP_SCAN, kernel ≥ 6.7) instead of a memset of all `keep_resident`
                // bytes; elsewhere the memset, as before.
                .pagemap_scan(wasmtime::Enabled::Auto);
            wasm_config.allocation_strategy(wasmtime::InstanceAllocationStrategy::Pooling(pool));
        }
        let module_storage = match &config.module_storage {
            Some(storage) => storage.clone(),
            None => Storage::local(&config.cache_dir)
                .map_err(|e| RuntimeError::Wasm(format!("opening the rule cache: {e}")))?,
        };
        let engine = Engine::new(&wasm_config).map_err(wasm)?;
        let plugin_module =
            load_plugin_module(&engine, &plugin, &config.cache_dir).map_err(wasm)?;
        check_exports(&plugin_module).map_err(|reason| PluginError::Invalid {
            path: plugin.path().to_path_buf(),
            reason,
        })?;
        let mut linker = Linker::<State>::new(&engine);
        wasi::add_to_linker(&mut linker).map_err(wasm)?;
        regexp::add_to_linker(&mut linker).map_err(wasm)?;
        linker
            .define_unknown_imports_as_traps(&plugin_module)
            .map_err(wasm)?;
        let plugin_pre = linker.instantiate_pre(&plugin_module).map_err(wasm)?;

        let ticker_stop = Arc::new(AtomicBool::new(false));
        {
            let engine = engine.clone();
            let stop = ticker_stop.clone();
            std::thread::Builder::new()
                .name("rule-epoch".into())
                .spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        std::thread::sleep(EPOCH_TICK);
                        engine.increment_epoch();
                    }
                })
                .map_err(|e| RuntimeError::Wasm(format!("starting the epoch ticker: {e}")))?;
        }
        Ok(Self {
            engine,
            plugin,
            plugin_module,
            plugin_pre,
            compiler: Compiler::new(config.cache_dir.clone(), module_storage),
            limits: config.limits,
            patterns: Arc::new(PatternCache::new(config.patterns)),
            pristine: OnceLock::new(),
            ticker_stop,
        })
    }

    pub fn plugin(&self) -> &Plugin {
        &self.plugin
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The default limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The process's compiled regular expressions.
    pub fn patterns(&self) -> &PatternCache {
        &self.patterns
    }

    pub fn cache_dir(&self) -> &Path {
        self.compiler.dir()
    }

    /// Compiles a rule and its optional helper (cached by content).
    pub fn compile(
        &self,
        code: &str,
        helper: Option<&str>,
    ) -> Result<Arc<CompiledRule>, CompileError> {
        self.compile_traced(code, helper).map(|(rule, _)| rule)
    }

    /// Whether a draft compiles, caching nothing (see `Compiler::check`).
    pub fn check(&self, code: &str, helper: Option<&str>) -> Result<(), CompileError> {
        self.compiler
            .check(&self.plugin, &|source| self.bytecode(source), code, helper)
    }

    /// [`RuleRuntime::compile`], saying which cache level answered.
    pub fn compile_traced(
        &self,
        code: &str,
        helper: Option<&str>,
    ) -> Result<(Arc<CompiledRule>, CacheSource), CompileError> {
        self.compiler.compile(
            &self.engine,
            &self.plugin,
            &self.plugin_module,
            &|source| self.bytecode(source),
            code,
            helper,
        )
    }

    /// The memory of a new instance of the plugin (read once).
    fn pristine_memory(&self) -> wasmtime::Result<&[u8]> {
        if let Some(memory) = self.pristine.get() {
            return Ok(memory);
        }
        let mut store = self.store(Stdio::new(Vec::new(), 0, 0), &self.limits);
        let plugin = self.plugin_pre.instantiate(&mut store)?;
        let memory = plugin_memory(&plugin, &mut store)?.data(&store).to_vec();
        drop(store);
        Ok(self.pristine.get_or_init(|| memory))
    }

    /// A store for one instance of the plugin with `stdio`, bounded by `limits` (memory, time).
    fn store(&self, stdio: Stdio, limits: &Limits) -> Store<State> {
        let mut store = Store::new(
            &self.engine,
            State {
                stdio,
                limiter: MemoryLimiter {
                    memory_bytes: limits.memory_bytes,
                    refused: false,
                },
                regexes: Handles::new(self.patterns.clone()),
            },
        );
        store.limiter(|s| &mut s.limiter);
        // The time limit in ticks of the epoch, plus the one under way.
        let ticks = limits.timeout.as_nanos().div_ceil(EPOCH_TICK.as_nanos()) as u64 + 1;
        store.set_epoch_deadline(ticks);
        store
    }

    /// The plugin's `compile-src` on `source`, in an instance of its own bounded like a rule's
    /// (memory, time): QuickJS bytecode, or the compiler's message ("Failed to compile source
    /// code: SyntaxError: … at function.mjs:L:C").
    fn bytecode(&self, source: &[u8]) -> Result<Vec<u8>, String> {
        let mut store = self.store(Stdio::new(Vec::new(), 64 * 1024, 64 * 1024), &self.limits);
        let compiled = compile_source(&mut store, &self.plugin_pre, source);
        drop(store);
        compiled.unwrap_or_else(|e| Err(format!("compiling the rule to bytecode: {e:#}")))
    }

    /// Compiles (cached) and executes: a syntax error becomes the execution's error.
    pub fn run(
        &self,
        code: &str,
        helper: Option<&str>,
        input: &RuleInput,
        limits: &Limits,
    ) -> Execution {
        self.run_on_document(code, helper, input, None, limits)
    }

    /// [`RuleRuntime::run`] for one of a document's rules: started from the document's
    /// `prepared` input when it serves this rule ([`PreparedInput::serves`]).
    pub fn run_on_document(
        &self,
        code: &str,
        helper: Option<&str>,
        input: &RuleInput,
        prepared: Option<&PreparedInput>,
        limits: &Limits,
    ) -> Execution {
        self.run_on_document_inner(code, helper, input, prepared, limits, Observe::default())
    }

    /// [`RuleRuntime::run_on_document`], with the pages of the plugin's linear memory when
    /// the rule ended (for the benchmarks; reading them is left out of its duration).
    #[doc(hidden)]
    pub fn run_on_document_measured(
        &self,
        code: &str,
        helper: Option<&str>,
        input: &RuleInput,
        prepared: Option<&PreparedInput>,
        limits: &Limits,
    ) -> (Execution, Option<Pages>) {
        let mut memory = None;
        let observe = Observe {
            memory: Some(&mut memory),
            ..Observe::default()
        };
        let execution = self.run_on_document_inner(code, helper, input, prepared, limits, observe);
        (execution, memory)
    }

    fn run_on_document_inner(
        &self,
        code: &str,
        helper: Option<&str>,
        input: &RuleInput,
        prepared: Option<&PreparedInput>,
        limits: &Limits,
        observe: Observe,
    ) -> Execution {
        let start = Instant::now();
        // Served only when the prepared memory fits the rule's limit with room to work in.
        let prepared = prepared.filter(|p| {
            p.serves((code, helper), input) && p.size + PREPARED_HEADROOM <= limits.memory_bytes
        });
        match self.compile(code, helper) {
            Ok(rule) => self.execute_inner(&rule, input, prepared, limits, observe),
            Err(CompileError::Syntax(e)) => {
                Execution::failed(ErrorKind::Syntax, e.to_string(), start.elapsed())
            }
            Err(e) => Execution::failed(ErrorKind::Crash, e.to_string(), start.elapsed()),
        }
    }

    /// Parses once the members of a document's `input` that several of its `rules` (code and
    /// helper) read, in an instance of the plugin, and keeps a copy of that instance's memory
    /// ([`PreparedInput`]); `None` when no member is worth it (see
    /// [`RuleInput::members_worth_preparing`]) or the preparation failed (the rules then parse
    /// their members themselves).
    pub fn prepare(
        &self,
        input: &RuleInput,
        rules: &[(&str, Option<&str>)],
    ) -> Option<PreparedInput> {
        let names = input.members_worth_preparing(rules, PREPARE_MIN_BYTES);
        if names.is_empty() {
            return None;
        }
        let members: Vec<(String, Bytes)> = names
            .iter()
            .filter_map(|name| Some((name.clone(), input.member(name)?.clone())))
            .collect();
        let stdin = RuleInput::members(members.clone()).stdin(&self.limits);
        let mut store = self.store(Stdio::new(stdin, 64 * 1024, 64 * 1024), &self.limits);
        // The names the harness prepared (in its object's key order), compared as a set.
        let prepared_all = |stdout: &[u8]| {
            #[derive(serde::Deserialize)]
            struct Outcome {
                prepared: Vec<String>,
            }
            serde_json::from_slice::<Outcome>(stdout).is_ok_and(|outcome| {
                let mut got = outcome.prepared;
                got.sort();
                let mut want = names.clone();
                want.sort();
                got == want
            })
        };
        let prepared = (|| -> wasmtime::Result<Option<PreparedInput>> {
            let pristine = self.pristine_memory()?;
            let plugin = self.plugin_pre.instantiate(&mut store)?;
            plugin
                .get_typed_func::<(), ()>(&mut store, "prepare-input")?
                .call(&mut store, ())?;
            if !prepared_all(&store.data().stdio.stdout) {
                return Ok(None);
            }
            let memory = plugin_memory(&plugin, &mut store)?;
            Ok(Some(PreparedInput::new(
                memory.data(&store),
                pristine,
                members,
            )))
        })();
        drop(store);
        match prepared {
            Ok(prepared) => prepared,
            Err(e) => {
                tracing::warn!(error = %format!("{e:#}"), "preparing a document's input failed");
                None
            }
        }
    }

    /// Runs `rule` on `input` within `limits`. Never panics on anything the rule does; every
    /// failure is an error of the returned [`Execution`].
    pub fn execute(&self, rule: &CompiledRule, input: &RuleInput, limits: &Limits) -> Execution {
        self.execute_inner(rule, input, None, limits, Observe::default())
    }

    /// [`RuleRuntime::execute`], with the time of each phase (for the benchmarks).
    #[doc(hidden)]
    pub fn execute_profiled(
        &self,
        rule: &CompiledRule,
        input: &RuleInput,
        limits: &Limits,
    ) -> (Execution, Phases) {
        let mut phases = Phases::default();
        let observe = Observe {
            phases: Some(&mut phases),
            ..Observe::default()
        };
        let execution = self.execute_inner(rule, input, None, limits, observe);
        (execution, phases)
    }

    fn execute_inner(
        &self,
        rule: &CompiledRule,
        input: &RuleInput,
        prepared: Option<&PreparedInput>,
        limits: &Limits,
        observe: Observe,
    ) -> Execution {
        let start = Instant::now();
        if let Some(reason) = input.invalid() {
            return Execution::failed(
                ErrorKind::Input,
                format!("SyntaxError: the input is not valid JSON: {reason}"),
                start.elapsed(),
            );
        }
        let stdin = input.stdin(limits);
        // Room for the envelope, an error description, and the plugin's own last words.
        let stdio = Stdio::new(
            stdin,
            limits.max_result_bytes + 64 * 1024,
            limits.max_log_bytes + 64 * 1024,
        );
        let mut store = self.store(stdio, limits);

        let setup_done = Instant::now();
        let mut instantiated = setup_done;
        let mut plugin = None;
        let outcome = self
            .instantiate(&mut store, rule, prepared)
            .and_then(|(instance, entry)| {
                instantiated = Instant::now();
                plugin = Some(instance);
                entry.call(&mut store, ())
            });
        let run_done = Instant::now();
        if let (Some(memory), Some(plugin)) = (observe.memory, plugin) {
            *memory = plugin_memory(&plugin, &mut store).ok().and_then(|m| {
                let reach = m.data_size(&store).max(limits.memory_bytes);
                footprint::pages(m.data_ptr(&store), reach)
            });
        }
        // What follows is the collect phase; the page map read above is left out.
        let collecting = Instant::now();
        let state = store.data_mut();
        let refused_memory = state.limiter.refused;
        let stdout = std::mem::take(&mut state.stdio.stdout);
        let stderr = std::mem::take(&mut state.stdio.stderr);
        // Resets the pooled slots: the pages the execution touched (5–30 µs). Here rather than
        // on another thread: resets running on the other core beside executions slowed them
        // more than they saved, and the wake-up cost more than the reset
        // (docs/benchmarks-history.md).
        drop(store);

        let mut execution = Execution {
            result: None,
            logs: Vec::new(),
            logs_truncated: false,
            errors: Vec::new(),
            duration_us: 0,
        };
        let stray = parse_logs(&stderr, &mut execution);
        match parse_outcome(&stdout) {
            Some(Outcome::Ok { result }) => execution.result = Some(result),
            Some(Outcome::Failed { error }) => {
                let kind = if refused_memory && error.kind == ErrorKind::Exception {
                    ErrorKind::OutOfMemory
                } else if error.kind == ErrorKind::Exception
                    && error.name == "InternalError"
                    && error.message.contains("stack overflow")
                {
                    ErrorKind::StackOverflow
                } else {
                    error.kind
                };
                let message = match kind {
                    ErrorKind::OutOfMemory => format!(
                        "out of memory: the rule needed more than its limit of {} MiB ({}: {})",
                        limits.memory_bytes >> 20,
                        error.name,
                        error.message
                    ),
                    ErrorKind::StackOverflow => format!(
                        "stack overflow (too deep a recursion?): {}: {}",
                        error.name, error.message
                    ),
                    _ => format!(
                        "{}: {}",
                        error.name,
                        rule.mapping.rewrite_locations(&error.message)
                    ),
                };
                execution.errors.push(ExecutionError {
                    kind,
                    message,
                    stack: error
                        .stack
                        .map(|s| rule.mapping.rewrite_locations(s.trim_end()))
                        .filter(|s| !s.trim().is_empty()),
                });
            }
            None => {
                // No outcome: the instance trapped (or the harness could not write).
                let (kind, message) = match &outcome {
                    Err(e) => classify_trap(e, refused_memory, limits),
                    Ok(()) if refused_memory => classify_oom(limits),
                    Ok(()) => (
                        ErrorKind::Crash,
                        "the rule ended without a result: its promise never settled \
                         (there are no timers or I/O to wait for)"
                            .to_string(),
                    ),
                };
                let stray = rule.mapping.rewrite_locations(stray.trim());
                execution.errors.push(ExecutionError {
                    kind,
                    message,
                    stack: (!stray.is_empty() && kind != ErrorKind::Timeout).then_some(stray),
                });
            }
        }
        let end = Instant::now();
        if let Some(p) = observe.phases {
            *p = Phases {
                setup: setup_done - start,
                instantiate: instantiated - setup_done,
                run: run_done - instantiated,
                collect: end - collecting,
            };
        }
        execution.duration_us = (end - start - (collecting - run_done)).as_micros() as u64;
        execution
    }

    /// Instantiates the plugin (in a copy of the `prepared` memory, if any) and the rule module
    /// in `store`; returns the plugin's instance and the rule's entry point.
    fn instantiate(
        &self,
        store: &mut Store<State>,
        rule: &CompiledRule,
        prepared: Option<&PreparedInput>,
    ) -> wasmtime::Result<(Instance, wasmtime::TypedFunc<(), ()>)> {
        let plugin = self.plugin_pre.instantiate(&mut *store)?;
        if let Some(prepared) = prepared {
            prepared.restore(&plugin, store)?;
        }
        let mut imports: Vec<Extern> = Vec::with_capacity(rule.imports.len());
        for export in &rule.imports {
            let item = plugin
                .get_module_export(&mut *store, export)
                .ok_or_else(|| wasmtime::format_err!("the plugin instance lacks an export"))?;
            imports.push(item);
        }
        let instance = Instance::new(&mut *store, &rule.module, &imports)?;
        let entry = instance.get_typed_func::<(), ()>(&mut *store, "_start")?;
        Ok((plugin, entry))
    }
}

/// The linear memory of an instance of the plugin.
fn plugin_memory(plugin: &Instance, store: &mut Store<State>) -> wasmtime::Result<Memory> {
    plugin
        .get_memory(store, "memory")
        .ok_or_else(|| wasmtime::format_err!("the plugin exports no memory"))
}

/// Calls the plugin's `compile-src` with `source` in a new instance: javy's calling convention
/// (the source copied in through `cabi_realloc`; the answer a `{ tag, ptr, len }` of three
/// little-endian words, tag 0 for bytecode, else an error message).
fn compile_source(
    store: &mut Store<State>,
    plugin: &InstancePre<State>,
    source: &[u8],
) -> wasmtime::Result<Result<Vec<u8>, String>> {
    let instance = plugin.instantiate(&mut *store)?;
    let memory = plugin_memory(&instance, &mut *store)?;
    let realloc =
        instance.get_typed_func::<(u32, u32, u32, u32), u32>(&mut *store, "cabi_realloc")?;
    let compile = instance.get_typed_func::<(u32, u32), u32>(&mut *store, "compile-src")?;
    let len = u32::try_from(source.len())?;
    let at = realloc.call(&mut *store, (0, 0, 1, len))?;
    memory.write(&mut *store, at as usize, source)?;
    let answer = compile.call(&mut *store, (at, len))?;
    let mut words = [0u8; 12];
    memory.read(&*store, answer as usize, &mut words)?;
    let word = |i: usize| u32::from_le_bytes([words[i], words[i + 1], words[i + 2], words[i + 3]]);
    let mut bytes = vec![0; word(8) as usize];
    memory.read(&*store, word(4) as usize, &mut bytes)?;
    Ok(if word(0) == 0 {
        Ok(bytes)
    } else {
        Err(format!(
            "Failed to compile source code: {}",
            String::from_utf8_lossy(&bytes)
        ))
    })
}

fn classify_oom(limits: &Limits) -> (ErrorKind, String) {
    (
        ErrorKind::OutOfMemory,
        format!(
            "out of memory: the rule needed more than its limit of {} MiB",
            limits.memory_bytes >> 20
        ),
    )
}

fn classify_trap(
    error: &wasmtime::Error,
    refused_memory: bool,
    limits: &Limits,
) -> (ErrorKind, String) {
    match error.downcast_ref::<Trap>() {
        Some(Trap::Interrupt) => (
            ErrorKind::Timeout,
            format!(
                "timeout: the rule ran longer than its limit of {} ms",
                limits.timeout.as_millis()
            ),
        ),
        Some(Trap::StackOverflow) => (
            ErrorKind::StackOverflow,
            "stack overflow (too deep a recursion?)".to_string(),
        ),
        _ if refused_memory => classify_oom(limits),
        None if error.downcast_ref::<Exit>().is_some() => (
            ErrorKind::Crash,
            error
                .downcast_ref::<Exit>()
                .map(ToString::to_string)
                .unwrap_or_default(),
        ),
        Some(trap) => (
            ErrorKind::Crash,
            format!("the rule's instance stopped: {trap}"),
        ),
        None => (
            ErrorKind::Crash,
            format!("the rule's instance stopped: {error:#}"),
        ),
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Outcome {
    Ok { result: serde_json::Value },
    Failed { error: HarnessError },
}

#[derive(Deserialize)]
struct HarnessError {
    kind: ErrorKind,
    name: String,
    message: String,
    stack: Option<String>,
}

fn parse_outcome(stdout: &[u8]) -> Option<Outcome> {
    if stdout.is_empty() {
        return None;
    }
    serde_json::from_slice(stdout).ok()
}

#[derive(Deserialize)]
#[serde(untagged)]
enum LogLine {
    Entry(LogEntry),
    Truncated { truncated: bool },
}

/// Fills the execution's logs from stderr; returns what is not a log line (the plugin's own
/// report of an error it could not hand to the harness).
fn parse_logs(stderr: &[u8], execution: &mut Execution) -> String {
    let mut stray = String::new();
    for line in stderr.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        match serde_json::from_slice::<LogLine>(line) {
            Ok(LogLine::Entry(entry)) => execution.logs.push(entry),
            Ok(LogLine::Truncated { truncated }) => execution.logs_truncated |= truncated,
            Err(_) => {
                stray.push_str(&String::from_utf8_lossy(line));
                stray.push('\n');
            }
        }
    }
    stray
}

/// The plugin compiled for this engine: from the cache directory when an earlier process
/// compiled it (milliseconds), else compiled now (~0.5 s) and stored for the next one.
fn load_plugin_module(
    engine: &Engine,
    plugin: &Plugin,
    cache_dir: &Path,
) -> wasmtime::Result<Module> {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut hasher = DefaultHasher::new();
    engine.precompile_compatibility_hash().hash(&mut hasher);
    let path = cache_dir.join(format!(
        "plugin-{}-{:016x}.cwasm",
        &plugin.hash()[..16],
        hasher.finish()
    ));
    if path.exists() {
        // SAFETY: the cache directory is the worker's own trusted storage, written only by
        // `Module::serialize` below (through a temporary file and a rename), and the file name
        // carries the engine's compatibility hash.
        match unsafe { Module::deserialize_file(engine, &path) } {
            Ok(module) => return Ok(module),
            Err(e) => {
                tracing::warn!(path = %path.display(), error = %e, "ignoring an unusable cached plugin")
            }
        }
    }
    let module = Module::new(engine, plugin.bytes())?;
    if let Ok(bytes) = module.serialize()
        && let Err(e) = store_atomically(&path, &bytes)
    {
        tracing::warn!(path = %path.display(), error = %e, "could not cache the compiled plugin");
    }
    Ok(module)
}

/// Writes `bytes` to `path` via a temporary file and a rename: readers never see half a file,
/// and concurrent writers of the same key write the same bytes.
fn store_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let tmp = path.with_extension(format!(
        "tmp-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_prepared_memory_keeps_the_pages_that_differ_from_a_new_instance() {
        let pristine = vec![7u8; 4 * PAGE];
        let mut memory = pristine.clone();
        memory.resize(7 * PAGE, 0);
        memory[10] = 1; // page 0
        memory[2 * PAGE] = 1; // pages 2 and 3, one run
        memory[4 * PAGE - 1] = 1;
        memory[6 * PAGE + 5] = 1; // past the new instance's memory: compared with zeros
        let prepared = PreparedInput::new(&memory, &pristine, Vec::new());
        assert_eq!(prepared.size, 7 * PAGE);
        assert_eq!(
            prepared.runs,
            [(0, PAGE), (2 * PAGE, 2 * PAGE), (6 * PAGE, PAGE)]
        );
        assert_eq!(prepared.memory_bytes(), 4 * PAGE);
        assert_eq!(&prepared.changed[..PAGE], &memory[..PAGE]);
        assert_eq!(&prepared.changed[3 * PAGE..], &memory[6 * PAGE..]);
    }
}
