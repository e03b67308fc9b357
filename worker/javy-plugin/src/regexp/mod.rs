//! A faster `RegExp.prototype.exec` for long subjects.
//!
//! QuickJS's regular expression engine backtracks from every position of the subject: a global
//! pattern over the 30 KB text of a contract costs about a millisecond per pattern, most of a
//! document rule's time. Patterns in the worker's translated subset run instead on
//! `regex-automata` (finite automata and literal prefilters) on the host, with the same
//! results: the worker compiles each pattern once per process and keeps its automata warm
//! across executions (worker/src/rules/regexp, imported as [`host`]); this side converts subjects
//! to UTF-8 and the host's byte offsets back to UTF-16 indices.
//!
//! `regexp.js` replaces `RegExp.prototype.exec` — which `test`, `match`, `matchAll`,
//! `replace`, `search` and `split` call — with a function that uses this engine for subjects
//! of at least [`MIN_SUBJECT`] UTF-16 units and calls QuickJS's own `exec` for everything else:
//! short subjects, patterns outside the subset, sticky patterns, RegExp subclasses, subjects
//! outside the Basic Multilingual Plane (where JavaScript counts UTF-16 units and the automata
//! count characters), and searches the host gives up (see the worker's module).
//!
//! Natives (installed as `__istruttoria_regexp`, captured and removed by `regexp.js`):
//! - `compile(source, flags)` → a handle ≥ 0, or -1 when QuickJS runs the pattern;
//! - `names(handle)` → the group names by group index (`""` for unnamed groups);
//! - `all(handle, subject, from, multiline, groups)` → the same for every match from `from`
//!   on, as successive `exec` calls of a global pattern find them (only the whole matches
//!   unless `groups`);
//! - `exec(handle, subject, lastIndex, multiline)` → `[start, end, …]` of every group in UTF-16
//!   units (-1 for a group that did not participate), `[]` when there is no match from
//!   `lastIndex` on, or `undefined` when QuickJS must run it: a subject outside the Basic
//!   Multilingual Plane, a multiline pattern on a subject with line terminators other than
//!   `\n`, or a search the host gave up.

use std::cell::RefCell;
use std::collections::HashMap;

use javy_plugin_api::javy::quickjs::{
    Ctx, Function, Object, Persistent, String as JsString, Value,
};

/// The worker's functions (worker/src/rules/regexp/mod.rs documents them).
mod host {
    #[link(wasm_import_module = "istruttoria_regex_v1")]
    unsafe extern "C" {
        pub fn compile(
            source: *const u8,
            source_len: usize,
            flags: *const u8,
            flags_len: usize,
        ) -> i32;
        pub fn names(handle: i32, out: *mut u8, cap: usize) -> i32;
        pub fn search(
            handle: i32,
            subject: *const u8,
            subject_len: usize,
            start: usize,
            captures: i32,
            out: *mut i32,
        ) -> i32;
    }
}

/// Subjects shorter than this go to QuickJS: the call into the plugin costs more than it saves.
pub const MIN_SUBJECT: usize = 256;

/// A pattern compiled on the host.
struct Compiled {
    handle: i32,
    /// Its groups, the whole match first.
    groups: usize,
}

struct Subject {
    text: String,
    ascii: bool,
    /// A position already converted (UTF-16 units, bytes): conversions walk forward from it.
    cursor: (usize, usize),
}

impl Subject {
    /// The byte offset of a UTF-16 index (the subject is in the Basic Multilingual Plane, so
    /// every index is a character boundary).
    fn byte_of(&mut self, index: usize) -> usize {
        if self.ascii {
            return index.min(self.text.len());
        }
        if index < self.cursor.0 {
            self.cursor = (0, 0);
        }
        let (mut units, mut byte) = self.cursor;
        let mut chars = self.text[byte..].chars();
        while units < index {
            match chars.next() {
                Some(c) => {
                    byte += c.len_utf8();
                    units += 1;
                }
                None => break,
            }
        }
        self.cursor = (units, byte);
        byte
    }

    /// The UTF-16 index of a byte offset at a character boundary, counted from `from` (a
    /// converted position at or before it).
    fn index_of(&self, byte: usize, from: (usize, usize)) -> usize {
        if self.ascii {
            return byte;
        }
        let counted = self.text.as_bytes()[from.1..byte]
            .iter()
            .filter(|&&b| (b as i8) >= -0x40)
            .count();
        from.0 + counted
    }
}

#[derive(Default)]
struct State {
    /// The patterns compiled on the host; a native's handle is an index here.
    compiled: Vec<Compiled>,
    /// By `(source, flags)`: the handle, or -1 when QuickJS runs the pattern.
    by_pattern: HashMap<(String, String), i32>,
    /// The last subject, held so that its identity stays meaningful.
    subject_value: Option<Persistent<Value<'static>>>,
    /// It converted, and whether its only line terminator is `\n`; `None` when it cannot be
    /// used.
    subject: Option<(Subject, bool)>,
    /// The spans of the last search.
    spans: Vec<i32>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

fn compile(source: String, flags: String) -> i32 {
    STATE.with_borrow_mut(|state| {
        let key = (source, flags);
        if let Some(&handle) = state.by_pattern.get(&key) {
            return handle;
        }
        // SAFETY: the host reads the two strings, nothing else.
        let on_host =
            unsafe { host::compile(key.0.as_ptr(), key.0.len(), key.1.as_ptr(), key.1.len()) };
        let groups = if on_host >= 0 {
            host_names(on_host).len()
        } else {
            0
        };
        // A pattern has at least its whole match: no names means the host refused.
        let handle = if groups > 0 {
            state.compiled.push(Compiled {
                handle: on_host,
                groups,
            });
            state.compiled.len() as i32 - 1
        } else {
            -1
        };
        state.by_pattern.insert(key, handle);
        handle
    })
}

/// The group names of a pattern compiled on the host (`""` for unnamed groups).
fn host_names(on_host: i32) -> Vec<String> {
    let mut out = vec![0u8; 256];
    loop {
        // SAFETY: the host writes at most `out.len()` bytes into `out`.
        let len = unsafe { host::names(on_host, out.as_mut_ptr(), out.len()) };
        let Ok(len) = usize::try_from(len) else {
            return Vec::new();
        };
        if len <= out.len() {
            out.truncate(len);
            break;
        }
        out.resize(len, 0);
    }
    let mut names: Vec<String> = out
        .split(|&b| b == 0)
        .map(|name| String::from_utf8_lossy(name).into_owned())
        .collect();
    // Every name ends with a NUL: the last piece is empty.
    names.pop();
    names
}

fn names(handle: i32) -> Vec<String> {
    STATE
        .with_borrow(|state| state.compiled.get(handle as usize).map(|c| c.handle))
        .map(host_names)
        .unwrap_or_default()
}

/// The first match at or after byte `start` of `subject`, searched on the host: its spans in
/// bytes in `spans` (the whole match, or every group with `captures`; -1 for a group that did
/// not participate), or `None` when the host gave the search up.
fn search(
    compiled: &Compiled,
    subject: &Subject,
    start: usize,
    captures: bool,
    spans: &mut Vec<i32>,
) -> Option<Option<(usize, usize)>> {
    spans.clear();
    spans.resize(if captures { 2 * compiled.groups } else { 2 }, -1);
    // SAFETY: the host reads the subject and writes at most the spans asked for.
    let found = unsafe {
        host::search(
            compiled.handle,
            subject.text.as_ptr(),
            subject.text.len(),
            start,
            i32::from(captures),
            spans.as_mut_ptr(),
        )
    };
    match found {
        0 => Some(None),
        1 => {
            let (whole_start, whole_end) = (spans[0] as usize, spans[1] as usize);
            // Offsets the UTF-16 conversion can count from `start`.
            let valid =
                start <= whole_start && whole_start <= whole_end && whole_end <= subject.text.len();
            valid.then_some(Some((whole_start, whole_end)))
        }
        _ => None,
    }
}

/// Converts a subject: `None` when it cannot be used (outside the Basic Multilingual Plane).
fn load_subject(string: &JsString<'_>) -> Option<(Subject, bool)> {
    // Lone surrogates are not UTF-8: `to_string` refuses them.
    let text = string.to_string().ok()?;
    if text.chars().any(|c| c as u32 > 0xFFFF) {
        return None;
    }
    let plain_lines = !text.contains(['\r', '\u{2028}', '\u{2029}']);
    let subject = Subject {
        ascii: text.is_ascii(),
        text,
        cursor: (0, 0),
    };
    Some((subject, plain_lines))
}

/// The converted subject of `string` (the last one again when it is the same string), and
/// whether the pattern may run on it.
fn with_subject<'js, R>(
    ctx: &Ctx<'js>,
    string: &JsString<'js>,
    multiline: bool,
    f: impl FnOnce(&[Compiled], &mut Subject, &mut Vec<i32>) -> R,
) -> Option<R> {
    STATE.with_borrow_mut(|state| {
        // The same string as the last call (by identity: comparing the contents of a 30 KB
        // string costs more than a search), or a new one to convert.
        let value = string.clone().into_value();
        let same = state
            .subject_value
            .clone()
            .and_then(|held| held.restore(ctx).ok())
            .is_some_and(|held| held == value);
        if !same {
            state.subject = load_subject(string);
            state.subject_value = Some(Persistent::save(ctx, value));
        }
        let (subject, plain_lines) = state.subject.as_mut()?;
        if multiline && !*plain_lines {
            return None;
        }
        Some(f(&state.compiled, subject, &mut state.spans))
    })
}

/// Appends the spans of a match's groups (bytes, -1 for a group that did not participate)
/// converted to UTF-16 units, counted from `origin`, the converted start of the match.
fn push_groups(out: &mut Vec<i32>, spans: &[i32], subject: &Subject, origin: (usize, usize)) {
    for span in spans.chunks_exact(2) {
        if span[0] < 0 {
            out.extend([-1, -1]);
        } else {
            out.push(subject.index_of(span[0] as usize, origin) as i32);
            out.push(subject.index_of(span[1] as usize, origin) as i32);
        }
    }
}

/// The first match at or after `from` (UTF-16 units): the spans of every group.
fn exec<'js>(
    ctx: Ctx<'js>,
    handle: i32,
    string: JsString<'js>,
    from: f64,
    multiline: bool,
) -> Option<Vec<i32>> {
    with_subject(&ctx, &string, multiline, |compiled, subject, spans| {
        let compiled = compiled.get(handle as usize)?;
        let start = subject.byte_of(from as usize);
        let Some((whole_start, _)) = search(compiled, subject, start, true, spans)? else {
            return Some(Vec::new());
        };
        // The cursor is at `start`; the match starts at or after it: move the cursor there.
        subject.cursor = (subject.index_of(whole_start, subject.cursor), whole_start);
        let mut out = Vec::with_capacity(spans.len());
        push_groups(&mut out, spans, subject, subject.cursor);
        Some(out)
    })
    .flatten()
}

/// Every match from `from` on, as a global pattern's successive `exec` calls find them (after
/// an empty match the search goes on one unit further): `[start, end, …]` of the whole
/// matches, or of every group of every match with `groups`.
fn all<'js>(
    ctx: Ctx<'js>,
    handle: i32,
    string: JsString<'js>,
    from: f64,
    multiline: bool,
    groups: bool,
) -> Option<Vec<i32>> {
    with_subject(&ctx, &string, multiline, |compiled, subject, spans| {
        let compiled = compiled.get(handle as usize)?;
        let mut out = Vec::new();
        let len = subject.text.len();
        let mut start = subject.byte_of(from as usize);
        let mut index = subject.cursor.0;
        while start <= len {
            let Some((found_start, found_end)) = search(compiled, subject, start, groups, spans)?
            else {
                break;
            };
            let match_start = subject.index_of(found_start, (index, start));
            let origin = (match_start, found_start);
            let match_end = subject.index_of(found_end, origin);
            if groups {
                push_groups(&mut out, spans, subject, origin);
            } else {
                out.push(match_start as i32);
                out.push(match_end as i32);
            }
            index = match_end;
            start = found_end;
            if found_start == found_end {
                // AdvanceStringIndex: one UTF-16 unit, one character here.
                match subject.text[start..].chars().next() {
                    Some(c) => {
                        start += c.len_utf8();
                        index += 1;
                    }
                    None => break,
                }
            }
        }
        Some(out)
    })
    .flatten()
}

/// Whether no pattern was compiled in this instance: its handles are the host's for this
/// store only, so an instance whose memory is copied for another (a prepared document's,
/// `prepare-input`) must have none.
pub fn unused() -> bool {
    STATE.with_borrow(|state| state.compiled.is_empty() && state.by_pattern.is_empty())
}

/// Installs the natives and `regexp.js` (at pre-initialisation, so every execution starts with
/// them).
pub fn install(ctx: &Ctx<'_>) -> javy_plugin_api::javy::quickjs::Result<()> {
    let natives = Object::new(ctx.clone())?;
    natives.set("compile", Function::new(ctx.clone(), compile)?)?;
    natives.set("names", Function::new(ctx.clone(), names)?)?;
    natives.set("exec", Function::new(ctx.clone(), exec)?)?;
    natives.set("all", Function::new(ctx.clone(), all)?)?;
    natives.set("minSubject", MIN_SUBJECT as i32)?;
    ctx.globals().set("__istruttoria_regexp", natives)?;
    crate::eval_script(ctx, "regexp", include_str!("regexp.js"))
}
