//! JavaScript regular expression (non-Unicode mode) → `regex-automata` syntax, for the subset
//! of patterns on which both engines give the same matches on strings of the Basic
//! Multilingual Plane. Anything outside it is refused (`None`): QuickJS then runs the pattern.
//!
//! Accepted: literals and escapes, `.`, `\d \D \w \W \s \S \b`, classes with ranges, `^ $`,
//! capturing, named and non-capturing groups, alternation, greedy and lazy quantifiers; flags
//! `g i s m` (`m` only on subjects whose line terminators are all `\n`: see `super`).
//! Refused: lookaround, backreferences, `\B`, the `u v y d` flags, Annex B oddities (a `{` that
//! is not a quantifier, octal escapes, unknown letter escapes), quantified groups that contain
//! a capture or can match the empty string (their capture and empty-iteration rules differ),
//! and, under `i`, non-ASCII characters that have a case.
//!
//! The translation spells out what differs between the two engines: JavaScript's `\d \w \s`,
//! `.` and `\b` are explicit sets (ASCII digits and word characters, JavaScript's white space
//! and line terminators) and case-insensitivity is expanded into both ASCII cases, never left
//! to Unicode case folding.

use std::fmt::Write as _;

/// The flags of a JavaScript regular expression that matter to the translation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flags {
    pub ignore_case: bool,
    pub dot_all: bool,
    pub multiline: bool,
}

impl Flags {
    /// `None` for a flag outside the accepted subset (`u`, `v`, `y`, `d`, unknown).
    pub fn parse(flags: &str) -> Option<Self> {
        let mut parsed = Self {
            ignore_case: false,
            dot_all: false,
            multiline: false,
        };
        for flag in flags.chars() {
            match flag {
                'g' => {}
                'i' => parsed.ignore_case = true,
                's' => parsed.dot_all = true,
                'm' => parsed.multiline = true,
                _ => return None,
            }
        }
        Some(parsed)
    }
}

/// JavaScript's `\s`: WhiteSpace and LineTerminator.
const SPACE: &str =
    r"\t\n\x0B\x0C\r \xA0\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
const DIGIT: &str = "0-9";
const WORD: &str = "0-9A-Za-z_";
/// What `.` does not match without the `s` flag.
const LINE_TERMINATORS: &str = r"\n\r\x{2028}\x{2029}";

/// Longest pattern translated, in bytes: a longer one stays QuickJS's (its translation and
/// compilation would be host work the rule's limits do not bound).
pub const MAX_SOURCE: usize = 16 << 10;
/// Deepest nesting of groups translated (the parser recurses into groups, on the host's stack).
const MAX_DEPTH: usize = 64;

/// The translated pattern, or `None` when it is outside the subset.
pub fn translate(source: &str, flags: Flags) -> Option<String> {
    if source.len() > MAX_SOURCE {
        return None;
    }
    let mut parser = Parser {
        chars: source.chars().collect(),
        pos: 0,
        depth: 0,
        flags,
        out: String::with_capacity(source.len() * 2),
    };
    parser.disjunction()?;
    (parser.pos == parser.chars.len()).then_some(parser.out)
}

/// What the caller of a sub-expression needs to know to quantify it.
#[derive(Clone, Copy)]
struct Shape {
    /// Can match the empty string.
    nullable: bool,
    /// Contains a capturing group.
    captures: bool,
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    /// Groups open at the cursor.
    depth: usize,
    flags: Flags,
    out: String,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.pos + offset).copied()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn disjunction(&mut self) -> Option<Shape> {
        let mut shape = self.alternative()?;
        while self.eat('|') {
            self.out.push('|');
            let next = self.alternative()?;
            shape = Shape {
                nullable: shape.nullable || next.nullable,
                captures: shape.captures || next.captures,
            };
        }
        Some(shape)
    }

    fn alternative(&mut self) -> Option<Shape> {
        let mut shape = Shape {
            nullable: true,
            captures: false,
        };
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let term = self.term()?;
            shape = Shape {
                nullable: shape.nullable && term.nullable,
                captures: shape.captures || term.captures,
            };
        }
        Some(shape)
    }

    fn term(&mut self) -> Option<Shape> {
        let start = self.out.len();
        let (shape, quantifiable) = match self.peek()? {
            '^' => {
                self.pos += 1;
                self.out
                    .push_str(if self.flags.multiline { "(?m:^)" } else { "^" });
                (
                    Shape {
                        nullable: true,
                        captures: false,
                    },
                    false,
                )
            }
            '$' => {
                self.pos += 1;
                self.out
                    .push_str(if self.flags.multiline { "(?m:$)" } else { "$" });
                (
                    Shape {
                        nullable: true,
                        captures: false,
                    },
                    false,
                )
            }
            '\\' if self.peek_at(1) == Some('b') => {
                self.pos += 2;
                self.out.push_str(r"(?-u:\b)");
                (
                    Shape {
                        nullable: true,
                        captures: false,
                    },
                    false,
                )
            }
            '(' => (self.group()?, true),
            '[' => {
                self.class()?;
                (
                    Shape {
                        nullable: false,
                        captures: false,
                    },
                    true,
                )
            }
            '.' => {
                self.pos += 1;
                if self.flags.dot_all {
                    self.out.push_str("(?s:.)");
                } else {
                    write!(self.out, "[^{LINE_TERMINATORS}]").ok()?;
                }
                (
                    Shape {
                        nullable: false,
                        captures: false,
                    },
                    true,
                )
            }
            '\\' => {
                self.pos += 1;
                self.atom_escape()?;
                (
                    Shape {
                        nullable: false,
                        captures: false,
                    },
                    true,
                )
            }
            // A quantifier with nothing to quantify, or a `{` that Annex B reads as a literal.
            '*' | '+' | '?' | '{' => return None,
            c => {
                self.pos += 1;
                self.literal(c)?;
                (
                    Shape {
                        nullable: false,
                        captures: false,
                    },
                    true,
                )
            }
        };
        match self.quantifier()? {
            None => Some(shape),
            Some(_) if !quantifiable || shape.captures || shape.nullable => None,
            Some((quantifier, min)) => {
                // Wrap the atom so that the quantifier applies to all of it.
                self.out.insert_str(start, "(?:");
                self.out.push(')');
                self.out.push_str(&quantifier);
                Some(Shape {
                    nullable: min == 0,
                    captures: false,
                })
            }
        }
    }

    /// The quantifier after an atom, in Rust's syntax, and its minimum.
    fn quantifier(&mut self) -> Option<Option<(String, u32)>> {
        let (mut text, min) = match self.peek() {
            Some('*') => ("*".to_string(), 0),
            Some('+') => ("+".to_string(), 1),
            Some('?') => ("?".to_string(), 0),
            Some('{') => {
                let (text, min, len) = self.braces()?;
                self.pos += len - 1;
                (text, min)
            }
            _ => return Some(None),
        };
        self.pos += 1;
        if self.eat('?') {
            text.push('?');
        }
        Some(Some((text, min)))
    }

    /// `{n}`, `{n,}` or `{n,m}` at the cursor: its text, its minimum and its length in chars.
    fn braces(&self) -> Option<(String, u32, usize)> {
        let rest = &self.chars[self.pos..];
        let end = rest.iter().position(|&c| c == '}')?;
        let inner: String = rest[1..end].iter().collect();
        let (min, max) = match inner.split_once(',') {
            None => (inner.as_str(), Some(inner.as_str())),
            Some((min, "")) => (min, None),
            Some((min, max)) => (min, Some(max)),
        };
        let number = |s: &str| -> Option<u32> {
            if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            s.parse().ok()
        };
        let min = number(min)?;
        if let Some(max) = max
            && number(max)? < min
        {
            return None;
        }
        Some((format!("{{{inner}}}"), min, end + 1))
    }

    fn group(&mut self) -> Option<Shape> {
        self.pos += 1; // (
        if self.depth == MAX_DEPTH {
            return None;
        }
        let capturing = if self.eat('?') {
            match self.peek()? {
                ':' => {
                    self.pos += 1;
                    self.out.push_str("(?:");
                    false
                }
                '<' if !matches!(self.peek_at(1), Some('=' | '!')) => {
                    self.pos += 1;
                    let mut name = String::new();
                    loop {
                        let c = self.peek()?;
                        self.pos += 1;
                        if c == '>' {
                            break;
                        }
                        name.push(c);
                    }
                    let valid = name
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                    if !valid {
                        return None;
                    }
                    write!(self.out, "(?P<{name}>").ok()?;
                    true
                }
                // Lookahead and lookbehind.
                _ => return None,
            }
        } else {
            self.out.push('(');
            true
        };
        self.depth += 1;
        let inner = self.disjunction()?;
        self.depth -= 1;
        if !self.eat(')') {
            return None;
        }
        self.out.push(')');
        Some(Shape {
            nullable: inner.nullable,
            captures: capturing || inner.captures,
        })
    }

    /// After a `\` outside a class.
    fn atom_escape(&mut self) -> Option<()> {
        if let Some(set) = self.peek().and_then(class_escape) {
            self.pos += 1;
            self.out.push_str(&set);
            return Some(());
        }
        let c = self.character_escape(false)?;
        self.literal(c)
    }

    /// A character escape after `\` (the cursor on the character after it): the character it
    /// stands for, or `None` for what the subset refuses.
    fn character_escape(&mut self, in_class: bool) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        let hex = |parser: &mut Self, n: usize| -> Option<char> {
            let digits: String = parser
                .chars
                .get(parser.pos..parser.pos + n)?
                .iter()
                .collect();
            if digits.len() != n || !digits.chars().all(|d| d.is_ascii_hexdigit()) {
                return None;
            }
            parser.pos += n;
            char::from_u32(u32::from_str_radix(&digits, 16).ok()?)
        };
        match c {
            't' => Some('\t'),
            'n' => Some('\n'),
            'v' => Some('\x0B'),
            'f' => Some('\x0C'),
            'r' => Some('\r'),
            'b' if in_class => Some('\x08'),
            '0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => Some('\0'),
            'c' => {
                let letter = self.peek().filter(char::is_ascii_alphabetic)?;
                self.pos += 1;
                char::from_u32(letter as u32 % 32)
            }
            'x' => hex(self, 2),
            // `char::from_u32` refuses surrogates.
            'u' => hex(self, 4),
            // Backreferences, octal escapes, unknown letter escapes (`\k`, `\p`, `\B`, …).
            c if c.is_ascii_alphanumeric() => None,
            c => Some(c),
        }
    }

    /// A literal character, both ASCII cases under `i`.
    fn literal(&mut self, c: char) -> Option<()> {
        if self.flags.ignore_case && c.is_ascii_alphabetic() {
            write!(
                self.out,
                "[{}{}]",
                c.to_ascii_lowercase(),
                c.to_ascii_uppercase()
            )
            .ok()?;
            return Some(());
        }
        if self.flags.ignore_case && has_case(c) {
            return None;
        }
        write!(self.out, r"\x{{{:X}}}", c as u32).ok()
    }

    fn class(&mut self) -> Option<()> {
        self.pos += 1; // [
        let negated = self.eat('^');
        if self.peek() == Some(']') {
            self.pos += 1;
            if !negated {
                // `[]` matches nothing.
                return None;
            }
            // `[^]` matches anything.
            self.out.push_str("(?s:.)");
            return Some(());
        }
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        let mut sets: Vec<String> = Vec::new();
        loop {
            let c = self.peek()?;
            if c == ']' {
                self.pos += 1;
                break;
            }
            let low = self.class_atom()?;
            if self.peek() == Some('-') && self.peek_at(1).is_some_and(|c| c != ']') {
                self.pos += 1;
                let high = self.class_atom()?;
                match (low, high) {
                    (ClassAtom::Char(low), ClassAtom::Char(high)) if low <= high => {
                        ranges.push((low as u32, high as u32));
                    }
                    // A class escape as a range bound (Annex B), or an inverted range.
                    _ => return None,
                }
            } else {
                match low {
                    ClassAtom::Char(c) => ranges.push((c as u32, c as u32)),
                    ClassAtom::Set(set) => sets.push(set),
                }
            }
        }
        if self.flags.ignore_case {
            ranges = case_closure(&ranges)?;
        }
        self.out.push('[');
        if negated {
            self.out.push('^');
        }
        for (low, high) in ranges {
            if low == high {
                write!(self.out, r"\x{{{low:X}}}").ok()?;
            } else {
                write!(self.out, r"\x{{{low:X}}}-\x{{{high:X}}}").ok()?;
            }
        }
        for set in sets {
            self.out.push_str(&set);
        }
        self.out.push(']');
        Some(())
    }

    fn class_atom(&mut self) -> Option<ClassAtom> {
        let c = self.peek()?;
        self.pos += 1;
        if c != '\\' {
            return Some(ClassAtom::Char(c));
        }
        if let Some(set) = self.peek().and_then(class_escape) {
            self.pos += 1;
            return Some(ClassAtom::Set(set));
        }
        if self.peek() == Some('-') {
            self.pos += 1;
            return Some(ClassAtom::Char('-'));
        }
        self.character_escape(true).map(ClassAtom::Char)
    }
}

enum ClassAtom {
    Char(char),
    /// A class escape (`\d`, `\s`, …), already closed under ASCII case.
    Set(String),
}

/// The set a class escape (`\d \D \w \W \s \S`, the letter after the `\`) stands for.
fn class_escape(letter: char) -> Option<String> {
    Some(match letter {
        'd' => format!("[{DIGIT}]"),
        'D' => format!("[^{DIGIT}]"),
        'w' => format!("[{WORD}]"),
        'W' => format!("[^{WORD}]"),
        's' => format!("[{SPACE}]"),
        'S' => format!("[^{SPACE}]"),
        _ => return None,
    })
}

/// A character whose match under JavaScript's `i` is not itself alone: any character with a
/// case mapping. ASCII letters are handled by the caller.
fn has_case(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    c.is_alphabetic()
        || c.to_uppercase().ne(std::iter::once(c))
        || c.to_lowercase().ne(std::iter::once(c))
}

/// The ranges with the other ASCII case of every ASCII letter they hold. Refuses (`None`) a
/// range holding a non-ASCII character with a case: JavaScript folds those (`é` matches `É`).
fn case_closure(ranges: &[(u32, u32)]) -> Option<Vec<(u32, u32)>> {
    let mut out = ranges.to_vec();
    for &(low, high) in ranges {
        if high >= 0x80 {
            let from = low.max(0x80);
            // Ranges over many non-ASCII characters: refuse rather than scan them all.
            if high - from > 0x400 {
                return None;
            }
            if (from..=high).filter_map(char::from_u32).any(has_case) {
                return None;
            }
        }
        for (a, b, shift) in [(0x61u32, 0x7Au32, -32i64), (0x41, 0x5A, 32)] {
            let (l, h) = (low.max(a), high.min(b));
            if l <= h {
                out.push(((l as i64 + shift) as u32, (h as i64 + shift) as u32));
            }
        }
    }
    Some(out)
}
