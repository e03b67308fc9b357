//! Regular expressions of rules, compiled and searched on the host.
//!
//! The plugin (worker/javy-plugin/src/regexp) runs `test`, `match`, `matchAll` and `search` of
//! long subjects on finite automata instead of QuickJS's backtracking engine. The automata live
//! here, in the worker process, not in the execution's instance: a pattern is translated
//! ([`translate`]) and compiled once per process and shared by every execution
//! ([`PatternCache`], bounded in number and memory, evicting the least recently used), and the
//! lazy DFAs it builds while searching stay warm from one execution to the next (each pattern
//! keeps a few idle caches). Compiling in the instance cost ~0.4 ms per pattern per execution.
//!
//! The plugin imports three functions from [`MODULE`]:
//! - `compile(source, source_len, flags, flags_len) -> handle` (≥ 0), or -1 when QuickJS must
//!   run the pattern (outside the translated subset, too large, or past this execution's
//!   bounds);
//! - `names(handle, out, cap) -> len`: the group names, each followed by a NUL (`""` for an
//!   unnamed group, the first being the whole match); written only when `len <= cap`;
//! - `search(handle, subject, subject_len, start, captures, out) -> 1 | 0 | -1`: the first match
//!   in the subject's UTF-8 bytes at or after byte `start`, written at `out` as little-endian
//!   `i32` byte offsets `[start, end]` of the whole match, or of every group with `captures`
//!   (-1 for a group that did not participate); 0 when there is none; -1 when the host gives
//!   the search up and QuickJS must run it.
//!
//! Host code is not interrupted by the execution's epoch deadline, so every call is bounded on
//! its own: a search runs here only while NFA states × bytes to search — its worst case, when
//! the lazy DFA gives way to the PikeVM — stays within [`SEARCH_WORK`]; the time limit then
//! applies between calls. Everything read from the instance's memory is checked: a wrong
//! handle, offset or length gives -1, never a panic.

mod translate;

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use regex_automata::meta::{Cache, Regex};
use regex_automata::nfa::thompson;
use regex_automata::util::captures::Captures;
use regex_automata::{Input, PatternID};
use wasmtime::{Caller, Linker};

pub use translate::{Flags, translate};

/// The import module of the plugin's regular expressions.
pub const MODULE: &str = "istruttoria_regex_v1";

/// Patterns of one execution (distinct source and flags): past them QuickJS runs the new ones.
pub const MAX_HANDLES: usize = 64;
/// Patterns one execution may compile (cache misses, including refused ones): a rule building
/// a new pattern per table row compiles a few, then QuickJS runs the others.
pub const MAX_COMPILES: usize = 32;
/// Bounds of one compiled pattern: its NFA, and each lazy DFA's cache (cleared and rebuilt
/// when full).
const NFA_SIZE_LIMIT: usize = 1 << 20;
const DFA_CACHE_CAPACITY: usize = 256 << 10;
/// Most work of one search on the host, in NFA states × subject bytes searched.
pub const SEARCH_WORK: u64 = 1 << 24;
/// Memory of the searches of one execution (their caches): past it, its searches go to QuickJS.
const EXECUTION_CACHE_BYTES: usize = 16 << 20;
/// Memory of the patterns one execution holds (host memory, outside its own limit): past it,
/// its new patterns go to QuickJS.
const EXECUTION_PATTERN_BYTES: usize = 16 << 20;
/// Longest flags a pattern can have (`dgimsuvy`).
const MAX_FLAGS: usize = 8;
/// Idle caches kept per pattern, and most memory of all idle caches of a process.
const IDLE_CACHES: usize = 2;
pub const IDLE_CACHE_BYTES: usize = 32 << 20;

/// Bounds of a [`PatternCache`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PatternCacheLimits {
    /// Patterns kept (compiled or refused).
    pub patterns: usize,
    /// Memory of the compiled patterns kept, in bytes.
    pub bytes: usize,
}

impl Default for PatternCacheLimits {
    fn default() -> Self {
        Self {
            patterns: 1024,
            bytes: 64 << 20,
        }
    }
}

/// What a [`PatternCache`] holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PatternCacheUsage {
    /// Patterns kept (compiled or refused).
    pub patterns: usize,
    /// Their memory, as [`PatternCacheLimits::bytes`] counts it.
    pub bytes: usize,
    /// Memory of the idle caches kept for the next searches (at most [`IDLE_CACHE_BYTES`]).
    pub idle_cache_bytes: usize,
}

/// A compiled pattern.
pub struct Pattern {
    regex: Regex,
    /// States of its NFA: a search's worst case is proportional to them times the bytes it
    /// searches.
    states: u64,
    /// The group names, each followed by a NUL.
    names: Vec<u8>,
    /// Idle caches (warm lazy DFAs); `None` once the pattern is evicted.
    idle: Mutex<Option<Vec<Cache>>>,
}

impl Pattern {
    /// Translates and compiles a JavaScript pattern, or `None` outside the subset or its
    /// bounds.
    fn build(source: &str, flags: &str) -> Option<Self> {
        let translated = translate(source, Flags::parse(flags)?)?;
        let nfa = thompson::Compiler::new()
            .configure(thompson::Config::new().nfa_size_limit(Some(NFA_SIZE_LIMIT)))
            .build(&translated)
            .ok()?;
        let config = regex_automata::meta::Config::new()
            .nfa_size_limit(Some(NFA_SIZE_LIMIT))
            .hybrid_cache_capacity(DFA_CACHE_CAPACITY);
        let regex = Regex::builder().configure(config).build(&translated).ok()?;
        let mut names = Vec::new();
        for name in regex.group_info().pattern_names(PatternID::ZERO) {
            names.extend_from_slice(name.unwrap_or("").as_bytes());
            names.push(0);
        }
        Some(Self {
            states: nfa.states().len() as u64,
            names,
            idle: Mutex::new(Some(Vec::new())),
            regex,
        })
    }

    /// Memory accounted to the pattern in the cache.
    fn bytes(&self) -> usize {
        self.regex.memory_usage() + self.names.len() + std::mem::size_of::<Self>()
    }
}

/// The compiled patterns of a process, shared by every execution.
pub struct PatternCache {
    limits: PatternCacheLimits,
    entries: Mutex<Entries>,
    /// Memory of every pattern's idle caches.
    idle_bytes: AtomicUsize,
}

#[derive(Default)]
struct Entries {
    /// By `flags/source` (flags are letters: the first `/` ends them): the pattern, `None`
    /// when it is refused.
    map: HashMap<String, Entry>,
    clock: u64,
    bytes: usize,
}

struct Entry {
    pattern: Option<Arc<Pattern>>,
    bytes: usize,
    last_used: u64,
}

impl PatternCache {
    pub fn new(limits: PatternCacheLimits) -> Self {
        Self {
            limits,
            entries: Mutex::new(Entries::default()),
            idle_bytes: AtomicUsize::new(0),
        }
    }

    /// What the cache holds now.
    pub fn usage(&self) -> PatternCacheUsage {
        let entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        PatternCacheUsage {
            patterns: entries.map.len(),
            bytes: entries.bytes,
            idle_cache_bytes: self.idle_bytes.load(Ordering::Relaxed),
        }
    }

    /// The pattern of `key` if it is cached (`Some(None)`: cached as refused).
    fn get(&self, key: &str) -> Option<Option<Arc<Pattern>>> {
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.clock += 1;
        let now = entries.clock;
        let entry = entries.map.get_mut(key)?;
        entry.last_used = now;
        Some(entry.pattern.clone())
    }

    /// Keeps `pattern` under `key`, evicting the least recently used patterns past the limits
    /// (a pattern larger than the whole cache is not kept).
    fn insert(&self, key: String, pattern: Option<Arc<Pattern>>) {
        let bytes = key.len() + pattern.as_deref().map_or(0, Pattern::bytes);
        if bytes > self.limits.bytes {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        entries.clock += 1;
        let last_used = entries.clock;
        let entry = Entry {
            pattern,
            bytes,
            last_used,
        };
        if let Some(old) = entries.map.insert(key, entry) {
            entries.bytes -= old.bytes;
            self.retire(old);
        }
        entries.bytes += bytes;
        while entries.map.len() > self.limits.patterns || entries.bytes > self.limits.bytes {
            // A linear scan: insertions are cache misses, bounded per execution.
            let Some(oldest) = entries
                .map
                .iter()
                .filter(|(_, e)| e.last_used != last_used)
                .min_by_key(|(_, e)| e.last_used)
                .map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some(old) = entries.map.remove(&oldest) {
                entries.bytes -= old.bytes;
                self.retire(old);
            }
        }
    }

    /// Drops an evicted entry's idle caches; executions still using it finish with it.
    fn retire(&self, entry: Entry) {
        let Some(pattern) = entry.pattern else {
            return;
        };
        let mut idle = pattern.idle.lock().unwrap_or_else(|e| e.into_inner());
        for cache in idle.take().unwrap_or_default() {
            self.idle_bytes
                .fetch_sub(cache.memory_usage(), Ordering::Relaxed);
        }
    }

    /// A cache for searching `pattern`: an idle one (warm) or a new one.
    fn take_cache(&self, pattern: &Pattern) -> Cache {
        let mut idle = pattern.idle.lock().unwrap_or_else(|e| e.into_inner());
        match idle.as_mut().and_then(Vec::pop) {
            Some(cache) => {
                self.idle_bytes
                    .fetch_sub(cache.memory_usage(), Ordering::Relaxed);
                cache
            }
            None => pattern.regex.create_cache(),
        }
    }

    /// Keeps `cache` for the next execution, unless the pattern has enough of them, was
    /// evicted, or the idle caches of the process are at their limit.
    fn park_cache(&self, pattern: &Pattern, cache: Cache) {
        let bytes = cache.memory_usage();
        let mut idle = pattern.idle.lock().unwrap_or_else(|e| e.into_inner());
        let Some(idle) = idle.as_mut() else {
            return;
        };
        if idle.len() >= IDLE_CACHES {
            return;
        }
        let kept = self
            .idle_bytes
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |total| {
                (total + bytes <= IDLE_CACHE_BYTES).then_some(total + bytes)
            });
        if kept.is_ok() {
            idle.push(cache);
        }
    }
}

/// The patterns of one execution (in its store): what its handles stand for.
pub(crate) struct Handles {
    cache: Arc<PatternCache>,
    slots: Vec<Slot>,
    compiles: usize,
    /// Memory of the slots' patterns.
    pattern_bytes: usize,
    /// Memory of the slots' caches after their last search.
    cache_bytes: usize,
}

struct Slot {
    pattern: Arc<Pattern>,
    cache: Option<Cache>,
    captures: Option<Captures>,
    cache_bytes: usize,
}

impl Drop for Handles {
    fn drop(&mut self) {
        for slot in self.slots.drain(..) {
            if let Some(cache) = slot.cache {
                self.cache.park_cache(&slot.pattern, cache);
            }
        }
    }
}

/// Answer of the plugin's calls when the host does not run the pattern or the search.
const GIVE_UP: i32 = -1;

impl Handles {
    pub(crate) fn new(cache: Arc<PatternCache>) -> Self {
        Self {
            cache,
            slots: Vec::new(),
            compiles: 0,
            pattern_bytes: 0,
            cache_bytes: 0,
        }
    }

    /// `compile`: a handle for the pattern, or [`GIVE_UP`].
    fn compile(&mut self, source: &[u8], flags: &[u8]) -> i32 {
        if flags.len() > MAX_FLAGS || !flags.iter().all(u8::is_ascii_alphabetic) {
            return GIVE_UP;
        }
        let (Ok(source), Ok(flags)) = (std::str::from_utf8(source), std::str::from_utf8(flags))
        else {
            return GIVE_UP;
        };
        if self.slots.len() >= MAX_HANDLES || source.len() > translate::MAX_SOURCE {
            return GIVE_UP;
        }
        let key = format!("{flags}/{source}");
        let pattern = match self.cache.get(&key) {
            Some(pattern) => pattern,
            None if self.compiles >= MAX_COMPILES => return GIVE_UP,
            None => {
                self.compiles += 1;
                let pattern = Pattern::build(source, flags).map(Arc::new);
                self.cache.insert(key, pattern.clone());
                pattern
            }
        };
        let Some(pattern) = pattern else {
            return GIVE_UP;
        };
        let bytes = pattern.bytes();
        if self.pattern_bytes + bytes > EXECUTION_PATTERN_BYTES {
            return GIVE_UP;
        }
        self.pattern_bytes += bytes;
        self.slots.push(Slot {
            pattern,
            cache: None,
            captures: None,
            cache_bytes: 0,
        });
        self.slots.len() as i32 - 1
    }

    /// `names`: the group names into `out`, and their length.
    fn names(&self, handle: i32) -> Option<&[u8]> {
        let slot = self.slots.get(usize::try_from(handle).ok()?)?;
        Some(&slot.pattern.names)
    }

    /// `search` on `haystack` from byte `start`: the spans (whole match, or every group), empty
    /// when there is no match, `None` when the host gives it up.
    fn search(
        &mut self,
        handle: i32,
        haystack: &[u8],
        start: usize,
        captures: bool,
        spans: &mut Vec<i32>,
    ) -> Option<()> {
        let slot = self.slots.get_mut(usize::try_from(handle).ok()?)?;
        if start > haystack.len()
            || slot.pattern.states * (haystack.len() - start) as u64 > SEARCH_WORK
            || self.cache_bytes > EXECUTION_CACHE_BYTES
        {
            return None;
        }
        let regex = &slot.pattern.regex;
        let cache = slot
            .cache
            .get_or_insert_with(|| self.cache.take_cache(&slot.pattern));
        let input = Input::new(haystack).span(start..haystack.len());
        let offset = |at: usize| i32::try_from(at).ok();
        if captures {
            let found = slot.captures.get_or_insert_with(|| regex.create_captures());
            regex.search_captures_with(cache, &input, found);
            if found.is_match() {
                for group in 0..found.group_len() {
                    match found.get_group(group) {
                        Some(span) => {
                            spans.push(offset(span.start)?);
                            spans.push(offset(span.end)?);
                        }
                        None => spans.extend([-1, -1]),
                    }
                }
            }
        } else if let Some(found) = regex.search_with(cache, &input) {
            spans.push(offset(found.start())?);
            spans.push(offset(found.end())?);
        }
        let bytes = cache.memory_usage();
        self.cache_bytes = self.cache_bytes - slot.cache_bytes + bytes;
        slot.cache_bytes = bytes;
        Some(())
    }
}

/// Access to the store's [`Handles`].
pub(crate) trait HasRegexes: 'static {
    fn regexes(&mut self) -> &mut Handles;
}

/// `len` bytes of `mem` at `at`, both as the plugin passes them (`i32`).
fn slice(mem: &[u8], at: i32, len: i32) -> Option<&[u8]> {
    let at = at as u32 as usize;
    mem.get(at..at.checked_add(len as u32 as usize)?)
}

/// Adds the functions to `linker`.
pub(crate) fn add_to_linker<T: HasRegexes>(linker: &mut Linker<T>) -> wasmtime::Result<()> {
    linker.func_wrap(
        MODULE,
        "compile",
        |mut caller: Caller<'_, T>, source: i32, source_len: i32, flags: i32, flags_len: i32| {
            let Some(memory) = super::wasi::memory(&mut caller) else {
                return GIVE_UP;
            };
            let (mem, state) = memory.data_and_store_mut(&mut caller);
            match (slice(mem, source, source_len), slice(mem, flags, flags_len)) {
                (Some(source), Some(flags)) => state.regexes().compile(source, flags),
                _ => GIVE_UP,
            }
        },
    )?;
    linker.func_wrap(
        MODULE,
        "names",
        |mut caller: Caller<'_, T>, handle: i32, out: i32, cap: i32| -> i32 {
            let Some(memory) = super::wasi::memory(&mut caller) else {
                return GIVE_UP;
            };
            let (mem, state) = memory.data_and_store_mut(&mut caller);
            let Some(names) = state.regexes().names(handle) else {
                return GIVE_UP;
            };
            let Ok(len) = i32::try_from(names.len()) else {
                return GIVE_UP;
            };
            if len <= cap {
                let at = out as u32 as usize;
                match mem.get_mut(at..at + names.len()) {
                    Some(place) => place.copy_from_slice(names),
                    None => return GIVE_UP,
                }
            }
            len
        },
    )?;
    linker.func_wrap(
        MODULE,
        "search",
        |mut caller: Caller<'_, T>,
         handle: i32,
         subject: i32,
         subject_len: i32,
         start: i32,
         captures: i32,
         out: i32|
         -> i32 {
            let Some(memory) = super::wasi::memory(&mut caller) else {
                return GIVE_UP;
            };
            let (mem, state) = memory.data_and_store_mut(&mut caller);
            let Some(haystack) = slice(mem, subject, subject_len) else {
                return GIVE_UP;
            };
            let mut spans = Vec::new();
            let searched = state.regexes().search(
                handle,
                haystack,
                start as u32 as usize,
                captures != 0,
                &mut spans,
            );
            if searched.is_none() {
                return GIVE_UP;
            }
            if spans.is_empty() {
                return 0;
            }
            let at = out as u32 as usize;
            let Some(place) = mem.get_mut(at..at + 4 * spans.len()) else {
                return GIVE_UP;
            };
            for (bytes, span) in place.chunks_exact_mut(4).zip(&spans) {
                bytes.copy_from_slice(&span.to_le_bytes());
            }
            1
        },
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cache(patterns: usize, bytes: usize) -> Arc<PatternCache> {
        Arc::new(PatternCache::new(PatternCacheLimits { patterns, bytes }))
    }

    /// Searches `pattern` (global flags) in `haystack` in a fresh execution: the whole match.
    fn find(cache: &Arc<PatternCache>, pattern: &str, haystack: &str) -> Option<Vec<i32>> {
        let mut handles = Handles::new(cache.clone());
        let handle = handles.compile(pattern.as_bytes(), b"g");
        let mut spans = Vec::new();
        handles.search(handle, haystack.as_bytes(), 0, false, &mut spans)?;
        Some(spans)
    }

    #[test]
    fn patterns_are_compiled_once_and_the_least_recently_used_evicted() {
        let cache = cache(3, 64 << 20);
        for pattern in ["a+", "b+", "c+"] {
            assert!(find(&cache, pattern, "xxabc").is_some());
        }
        assert_eq!(cache.usage().patterns, 3);
        // "a+" used again: "b+" is now the least recently used, and goes for "d+".
        assert_eq!(find(&cache, "a+", "xxabc"), Some(vec![2, 3]));
        assert!(find(&cache, "d+", "xxabc").is_some());
        let usage = cache.usage();
        assert_eq!(usage.patterns, 3);
        let kept = |key: &str| cache.entries.lock().unwrap().map.contains_key(key);
        assert!(kept("g/a+") && kept("g/c+") && kept("g/d+") && !kept("g/b+"));
        // An evicted pattern compiles again, with the same answers.
        assert_eq!(find(&cache, "b+", "xxabc"), Some(vec![3, 4]));
    }

    #[test]
    fn the_cache_stays_within_its_memory() {
        let one = {
            let cache = cache(100, 64 << 20);
            find(&cache, "[a-z]{1,20}@[a-z]{1,20}", "x").unwrap();
            cache.usage().bytes
        };
        let cache = cache(100, 3 * one);
        for i in 0..20 {
            find(&cache, &format!("[a-z]{{1,20}}@[a-z]{{1,{}}}", 20 + i), "x").unwrap();
            assert!(cache.usage().bytes <= 3 * one, "{:?}", cache.usage());
        }
        assert!(cache.usage().patterns >= 2, "{:?}", cache.usage());
    }

    #[test]
    fn flags_that_cannot_be_javascript_s_are_refused_before_any_work() {
        let cache = cache(10, 64 << 20);
        let mut handles = Handles::new(cache.clone());
        assert_eq!(handles.compile(b"b", b"g/a"), GIVE_UP);
        assert_eq!(handles.compile(b"a", &[b'g'; 1 << 20]), GIVE_UP);
        assert_eq!((handles.compiles, cache.usage().patterns), (0, 0));
        assert_eq!(handles.compile(b"a/b", b"g"), 0);
    }

    #[test]
    fn refused_patterns_are_remembered_and_cost_no_handle() {
        let cache = cache(10, 64 << 20);
        let mut handles = Handles::new(cache.clone());
        // A lookahead is outside the subset: QuickJS runs it.
        assert_eq!(handles.compile(b"a(?=b)", b"g"), GIVE_UP);
        assert_eq!(handles.compile(b"a(?=b)", b"g"), GIVE_UP);
        assert_eq!(handles.compiles, 1);
        assert_eq!(cache.usage().patterns, 1);
        assert_eq!(handles.compile(b"ab", b"g"), 0);
    }

    #[test]
    fn one_execution_compiles_and_holds_a_bounded_number_of_patterns() {
        let cache = cache(1000, 64 << 20);
        let mut handles = Handles::new(cache.clone());
        let compiled = (0..MAX_COMPILES + 10)
            .filter(|i| handles.compile(format!("word{i}").as_bytes(), b"") >= 0)
            .count();
        assert_eq!(compiled, MAX_COMPILES);
        drop(handles);
        // The next execution finds them compiled, and compiles its own share of new ones.
        let mut handles = Handles::new(cache.clone());
        let compiled = (0..MAX_HANDLES + 10)
            .filter(|i| handles.compile(format!("word{i}").as_bytes(), b"") >= 0)
            .count();
        assert_eq!(compiled, MAX_HANDLES);
        assert_eq!(cache.usage().patterns, MAX_HANDLES);
    }

    #[test]
    fn warm_caches_are_kept_between_executions_and_dropped_with_their_pattern() {
        let cache = cache(1, 64 << 20);
        assert!(find(&cache, "[0-9]+,[0-9]{2}", "importo 1250,00 euro").is_some());
        let pattern = cache.get("g/[0-9]+,[0-9]{2}").flatten().unwrap();
        let idle = |pattern: &Pattern| {
            let idle = pattern.idle.lock().unwrap();
            idle.as_ref()
                .map(|caches| caches.iter().map(Cache::memory_usage).sum::<usize>())
        };
        assert_eq!(idle(&pattern), Some(cache.usage().idle_cache_bytes));
        assert_eq!(pattern.idle.lock().unwrap().as_ref().map(Vec::len), Some(1));
        // The next execution takes the warm cache, and parks it again.
        assert!(find(&cache, "[0-9]+,[0-9]{2}", "importo 1250,00 euro").is_some());
        assert_eq!(pattern.idle.lock().unwrap().as_ref().map(Vec::len), Some(1));
        // Evicted by another pattern: its idle caches go with it.
        assert!(find(&cache, "euro", "importo 1250,00 euro").is_some());
        assert_eq!(idle(&pattern), None);
        let other = cache.get("g/euro").flatten().unwrap();
        assert_eq!(idle(&other), Some(cache.usage().idle_cache_bytes));
    }

    #[test]
    fn a_search_is_given_up_past_its_work_bound_and_on_bad_arguments() {
        let cache = cache(10, 64 << 20);
        let mut handles = Handles::new(cache.clone());
        let handle = handles.compile(b"[ab]*a[ab]{200}", b"");
        let states = handles.slots[handle as usize].pattern.states;
        let within = "ab".repeat((SEARCH_WORK / states / 2) as usize);
        let beyond = "ab".repeat((SEARCH_WORK / states / 2 + 1) as usize);
        let mut spans = Vec::new();
        assert!(
            handles
                .search(handle, within.as_bytes(), 0, false, &mut spans)
                .is_some()
        );
        assert!(
            handles
                .search(handle, beyond.as_bytes(), 0, false, &mut spans)
                .is_none()
        );
        // From far enough in, the rest of the subject is within the bound again.
        assert!(
            handles
                .search(handle, beyond.as_bytes(), 2, false, &mut spans)
                .is_some()
        );
        assert!(
            handles
                .search(handle, b"ab", 3, false, &mut spans)
                .is_none()
        );
        assert!(handles.search(7, b"ab", 0, false, &mut spans).is_none());
        assert!(handles.search(-1, b"ab", 0, false, &mut spans).is_none());
    }

    #[test]
    fn patterns_nested_too_deep_or_too_long_are_left_to_quickjs() {
        let flags = Flags::parse("").unwrap();
        let nested = |depth: usize| format!("{}a{}", "(?:".repeat(depth), ")".repeat(depth));
        assert!(translate(&nested(64), flags).is_some());
        assert!(translate(&nested(65), flags).is_none());
        assert!(translate(&nested(100_000), flags).is_none());
        assert!(translate(&"a".repeat(translate::MAX_SOURCE), flags).is_some());
        assert!(translate(&"a".repeat(translate::MAX_SOURCE + 1), flags).is_none());
    }
}
