//! A faster `RegExp.prototype.exec` for long subjects.
//!
//! QuickJS's regular expression engine backtracks from every position of the subject: a global
//! pattern over the 30 KB text of a contract costs about a millisecond per pattern, most of a
//! document rule's time. Patterns in the subset of [`translate`] run instead on
//! `regex-automata` (finite automata and literal prefilters), with the same results.
//!
//! `regexp.js` replaces `RegExp.prototype.exec` — which `test`, `match`, `matchAll`,
//! `replace`, `search` and `split` call — with a function that uses this engine for subjects
//! of at least [`MIN_SUBJECT`] UTF-16 units and calls QuickJS's own `exec` for everything else:
//! short subjects, patterns outside the subset, sticky patterns, RegExp subclasses, and
//! subjects outside the Basic Multilingual Plane (where JavaScript counts UTF-16 units and the
//! automata count characters).
//!
//! Natives (installed as `__istruttoria_regexp`, captured and removed by `regexp.js`):
//! - `compile(source, flags)` → a handle ≥ 0, or -1 outside the subset;
//! - `names(handle)` → the group names by group index (`""` for unnamed groups);
//! - `all(handle, subject, from, multiline, groups)` → the same for every match from `from`
//!   on, as successive `exec` calls of a global pattern find them (only the whole matches
//!   unless `groups`);
//! - `exec(handle, subject, lastIndex, multiline)` → `[start, end, …]` of every group in UTF-16
//!   units (-1 for a group that did not participate), `[]` when there is no match from
//!   `lastIndex` on, or `undefined` when QuickJS must run it: a subject outside the Basic
//!   Multilingual Plane, or a multiline pattern on a subject with line terminators other than
//!   `\n`.

mod translate;

use std::cell::RefCell;
use std::collections::HashMap;

use javy_plugin_api::javy::quickjs::{
    Ctx, Function, Object, Persistent, String as JsString, Value,
};
use regex_automata::{
    Input, PatternID,
    meta::{Cache, Regex},
    util::captures::Captures,
};

pub use translate::{Flags, translate};

/// Subjects shorter than this go to QuickJS: the call into the plugin costs more than it saves.
pub const MIN_SUBJECT: usize = 256;

struct Compiled {
    regex: Regex,
    cache: Cache,
    captures: Captures,
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
    compiled: Vec<Compiled>,
    by_pattern: HashMap<(String, String), i32>,
    /// The last subject, held so that its identity stays meaningful.
    subject_value: Option<Persistent<Value<'static>>>,
    /// It converted, and whether its only line terminator is `\n`; `None` when it cannot be
    /// used.
    subject: Option<(Subject, bool)>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Most patterns one execution compiles; past them QuickJS runs the new ones. Each compiled
/// pattern holds its automata and their cache in the execution's memory, which is limited: a
/// rule that builds a new pattern per table row must not run out of memory because of them.
const MAX_PATTERNS: usize = 32;
/// Bounds of one compiled pattern: its NFA, and the lazy DFA's cache (which it clears and
/// rebuilds when full).
const NFA_SIZE_LIMIT: usize = 1 << 20;
const DFA_CACHE_CAPACITY: usize = 256 << 10;

fn compile(source: String, flags: String) -> i32 {
    STATE.with_borrow_mut(|state| {
        let key = (source, flags);
        if let Some(&handle) = state.by_pattern.get(&key) {
            return handle;
        }
        if state.compiled.len() >= MAX_PATTERNS {
            return -1;
        }
        let config = regex_automata::meta::Config::new()
            .nfa_size_limit(Some(NFA_SIZE_LIMIT))
            .hybrid_cache_capacity(DFA_CACHE_CAPACITY);
        let handle = Flags::parse(&key.1)
            .and_then(|flags| translate(&key.0, flags))
            .and_then(|pattern| Regex::builder().configure(config).build(&pattern).ok())
            .map_or(-1, |regex| {
                let compiled = Compiled {
                    cache: regex.create_cache(),
                    captures: regex.create_captures(),
                    regex,
                };
                state.compiled.push(compiled);
                state.compiled.len() as i32 - 1
            });
        state.by_pattern.insert(key, handle);
        handle
    })
}

fn names(handle: i32) -> Vec<String> {
    STATE.with_borrow(|state| {
        state
            .compiled
            .get(handle as usize)
            .map(|c| {
                c.regex
                    .group_info()
                    .pattern_names(PatternID::ZERO)
                    .map(|name| name.unwrap_or("").to_string())
                    .collect()
            })
            .unwrap_or_default()
    })
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
    f: impl FnOnce(&mut Vec<Compiled>, &mut Subject) -> R,
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
        Some(f(&mut state.compiled, subject))
    })
}

/// Appends `[start, end]` of every group of a match (UTF-16 units; -1 for a group that did not
/// participate), counted from `origin`, the converted start of the match.
fn push_groups(out: &mut Vec<i32>, captures: &Captures, subject: &Subject, origin: (usize, usize)) {
    for group in 0..captures.group_len() {
        match captures.get_group(group) {
            Some(span) => {
                out.push(subject.index_of(span.start, origin) as i32);
                out.push(subject.index_of(span.end, origin) as i32);
            }
            None => out.extend([-1, -1]),
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
    with_subject(&ctx, &string, multiline, |compiled, subject| {
        let compiled = compiled.get_mut(handle as usize)?;
        let start = subject.byte_of(from as usize);
        let input = Input::new(&subject.text).span(start..subject.text.len());
        compiled
            .regex
            .search_captures_with(&mut compiled.cache, &input, &mut compiled.captures);
        let Some(whole) = compiled.captures.get_match() else {
            return Some(Vec::new());
        };
        // The cursor is at `start`; the match starts at or after it: move the cursor there.
        subject.cursor = (
            subject.index_of(whole.start(), subject.cursor),
            whole.start(),
        );
        let mut out = Vec::with_capacity(compiled.captures.group_len() * 2);
        push_groups(&mut out, &compiled.captures, subject, subject.cursor);
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
    with_subject(&ctx, &string, multiline, |compiled, subject| {
        let compiled = compiled.get_mut(handle as usize)?;
        let mut out = Vec::new();
        let len = subject.text.len();
        let mut start = subject.byte_of(from as usize);
        let mut index = subject.cursor.0;
        while start <= len {
            let input = Input::new(&subject.text).span(start..len);
            let found = if groups {
                compiled.regex.search_captures_with(
                    &mut compiled.cache,
                    &input,
                    &mut compiled.captures,
                );
                compiled.captures.get_match()
            } else {
                compiled.regex.search_with(&mut compiled.cache, &input)
            };
            let Some(found) = found else {
                break;
            };
            let match_start = subject.index_of(found.start(), (index, start));
            let origin = (match_start, found.start());
            let match_end = subject.index_of(found.end(), origin);
            if groups {
                push_groups(&mut out, &compiled.captures, subject, origin);
            } else {
                out.push(match_start as i32);
                out.push(match_end as i32);
            }
            index = match_end;
            start = found.end();
            if found.is_empty() {
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
