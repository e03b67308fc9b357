//! `JSON.parse` of the input's members without QuickJS's tokenizer: the values are made
//! directly, each key's atom once per parse, each string once, numbers by Rust's parser (as
//! `strtod` already is, src/strtod.rs). A contract's 4,335 words with their boxes took 8.7 ms
//! through `JSON.parse`, of which making the objects is ~2.7 ms (docs/benchmarks.md).
//!
//! The values are the ones `JSON.parse` makes, by the same calls (`JS_NewObject` and
//! `JS_DefinePropertyValue` per member, so a repeated name keeps its first place and its last
//! value, and `__proto__` is an own property; `JS_NewArray` and `JS_DefinePropertyValueUint32`;
//! `JS_NewStringLen`, `JS_NewAtomLen`). Numbers are the same doubles; an integral one is held
//! as QuickJS's integer (as arithmetic makes them), which no script can tell apart. Whatever this parser does not take exactly as QuickJS would — a
//! lone surrogate, a control character in a string, nesting deeper than [`MAX_DEPTH`], any
//! syntax error — is handed whole to QuickJS's own `JSON.parse`: the same value, or the same
//! error.

use std::ffi::c_char;

use javy_plugin_api::javy::quickjs::{Ctx, Error, Result, Value, qjs};

/// Deeper nesting is left to QuickJS (which checks its own stack).
const MAX_DEPTH: usize = 128;

/// Distinct keys whose atoms are kept for the rest of a parse.
const MAX_KEYS: usize = 64;

/// Parses `json` as `JSON.parse` would.
pub fn parse<'js>(ctx: &Ctx<'js>, json: Vec<u8>) -> Result<Value<'js>> {
    let outcome = {
        let mut parser = Parser {
            ctx: ctx.as_raw().as_ptr(),
            bytes: &json,
            at: 0,
            keys: Vec::new(),
            text: String::new(),
        };
        let outcome = parser.document();
        parser.free_keys();
        outcome
    };
    match outcome {
        // SAFETY: a value this parser made and owns, of this context.
        Ok(value) => Ok(unsafe { Value::from_raw(ctx.clone(), value) }),
        Err(Stop::Exception) => Err(Error::Exception),
        Err(Stop::Fallback) => ctx.json_parse(json),
    }
}

enum Stop {
    /// Not for this parser: QuickJS's `JSON.parse` decides.
    Fallback,
    /// QuickJS threw (out of memory): the exception is pending in the context.
    Exception,
}

/// A value being made: freed if the parse stops before it is handed over.
struct Owned {
    ctx: *mut qjs::JSContext,
    value: qjs::JSValue,
}

impl Owned {
    fn new(ctx: *mut qjs::JSContext, value: qjs::JSValue) -> std::result::Result<Self, Stop> {
        // SAFETY: inspecting a value's tag.
        if unsafe { qjs::JS_IsException(value) } {
            return Err(Stop::Exception);
        }
        Ok(Self { ctx, value })
    }

    fn into_raw(self) -> qjs::JSValue {
        let value = self.value;
        std::mem::forget(self);
        value
    }
}

impl Drop for Owned {
    fn drop(&mut self) {
        // SAFETY: this value is owned here and not handed over.
        unsafe { qjs::JS_FreeValue(self.ctx, self.value) };
    }
}

struct Parser<'a> {
    ctx: *mut qjs::JSContext,
    bytes: &'a [u8],
    at: usize,
    /// Keys (as written, without escapes) and their atoms, held until [`Parser::free_keys`].
    keys: Vec<(&'a [u8], qjs::JSAtom)>,
    /// A string with escapes, decoded.
    text: String,
}

type Made = std::result::Result<qjs::JSValue, Stop>;

/// Where a string's text is: in the input (no escape), or decoded in `Parser::text`.
#[derive(Clone, Copy)]
enum Text {
    Input(usize, usize),
    Decoded,
}

impl<'a> Parser<'a> {
    fn document(&mut self) -> Made {
        self.space();
        let value = Owned::new(self.ctx, self.value(0)?)?;
        self.space();
        if self.at != self.bytes.len() {
            return Err(Stop::Fallback);
        }
        Ok(value.into_raw())
    }

    fn free_keys(&mut self) {
        for (_, atom) in self.keys.drain(..) {
            // SAFETY: each atom was made by this parser and is freed once.
            unsafe { qjs::JS_FreeAtom(self.ctx, atom) };
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Made {
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => {
                let text = self.string()?;
                let text = self.text(text);
                // SAFETY: UTF-8 bytes and their length; QuickJS copies them.
                let value = unsafe {
                    qjs::JS_NewStringLen(self.ctx, text.as_ptr().cast::<c_char>(), text.len() as _)
                };
                Ok(Owned::new(self.ctx, value)?.into_raw())
            }
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b't') => self.literal(b"true", qjs::JS_TRUE),
            Some(b'f') => self.literal(b"false", qjs::JS_FALSE),
            Some(b'n') => self.literal(b"null", qjs::JS_NULL),
            _ => Err(Stop::Fallback),
        }
    }

    fn literal(&mut self, word: &[u8], value: qjs::JSValue) -> Made {
        if !self.bytes[self.at..].starts_with(word) {
            return Err(Stop::Fallback);
        }
        self.at += word.len();
        // QuickJS reads a whole identifier (`truex` is an error): only a delimiter may follow.
        match self.peek() {
            None | Some(b' ' | b'\t' | b'\n' | b'\r' | b',' | b']' | b'}') => Ok(value),
            Some(_) => Err(Stop::Fallback),
        }
    }

    fn number(&mut self) -> Made {
        let start = self.at;
        let digits = |p: &mut Self| {
            let from = p.at;
            while let Some(b'0'..=b'9') = p.peek() {
                p.at += 1;
            }
            p.at - from
        };
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        let first = self.peek();
        let integer = digits(self);
        if integer == 0 || (first == Some(b'0') && integer > 1) {
            return Err(Stop::Fallback);
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            if digits(self) == 0 {
                return Err(Stop::Fallback);
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.at += 1;
            }
            if digits(self) == 0 {
                return Err(Stop::Fallback);
            }
        }
        // ASCII digits, signs, '.', 'e': a number in JSON's grammar, which Rust's parser reads
        // correctly rounded (as `strtod` does, src/strtod.rs).
        let text = std::str::from_utf8(&self.bytes[start..self.at]).map_err(|_| Stop::Fallback)?;
        let number: f64 = text.parse().map_err(|_| Stop::Fallback)?;
        Ok(qjs::JS_NewFloat64(number))
    }

    /// The string at the cursor, checked: its place in the input when it has no escape, else
    /// decoded into `self.text`.
    fn string(&mut self) -> std::result::Result<Text, Stop> {
        self.at += 1; // the opening quote
        let start = self.at;
        let plain = self.bytes[start..]
            .iter()
            .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
            .ok_or(Stop::Fallback)?;
        self.at = start + plain;
        if self.bytes[self.at] == b'"' {
            self.at += 1;
            std::str::from_utf8(&self.bytes[start..start + plain]).map_err(|_| Stop::Fallback)?;
            return Ok(Text::Input(start, start + plain));
        }
        self.text.clear();
        self.text.push_str(
            std::str::from_utf8(&self.bytes[start..self.at]).map_err(|_| Stop::Fallback)?,
        );
        loop {
            let run = self.bytes[self.at..]
                .iter()
                .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
                .ok_or(Stop::Fallback)?;
            let plain = &self.bytes[self.at..self.at + run];
            self.text
                .push_str(std::str::from_utf8(plain).map_err(|_| Stop::Fallback)?);
            self.at += run;
            match self.bytes[self.at] {
                b'"' => {
                    self.at += 1;
                    return Ok(Text::Decoded);
                }
                b'\\' => {
                    let c = self.escape()?;
                    self.text.push(c);
                }
                _ => return Err(Stop::Fallback),
            }
        }
    }

    fn text(&self, text: Text) -> &str {
        match text {
            // SAFETY: checked to be UTF-8 by `string`.
            Text::Input(start, end) => unsafe {
                std::str::from_utf8_unchecked(&self.bytes[start..end])
            },
            Text::Decoded => &self.text,
        }
    }

    /// The character of the escape at the cursor (a `\u` pair for one outside the Basic
    /// Multilingual Plane); a lone surrogate is left to QuickJS (not UTF-8).
    fn escape(&mut self) -> std::result::Result<char, Stop> {
        let code = *self.bytes.get(self.at + 1).ok_or(Stop::Fallback)?;
        self.at += 2;
        Ok(match code {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let unit = self.hex4()?;
                match unit {
                    0xD800..=0xDBFF => {
                        if !self.bytes[self.at..].starts_with(b"\\u") {
                            return Err(Stop::Fallback);
                        }
                        self.at += 2;
                        let low = self.hex4()?;
                        if !(0xDC00..=0xDFFF).contains(&low) {
                            return Err(Stop::Fallback);
                        }
                        let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                        char::from_u32(scalar).ok_or(Stop::Fallback)?
                    }
                    _ => char::from_u32(unit).ok_or(Stop::Fallback)?,
                }
            }
            _ => return Err(Stop::Fallback),
        })
    }

    fn hex4(&mut self) -> std::result::Result<u32, Stop> {
        let digits = self.bytes.get(self.at..self.at + 4).ok_or(Stop::Fallback)?;
        let mut unit = 0;
        for &d in digits {
            unit = unit * 16 + (d as char).to_digit(16).ok_or(Stop::Fallback)?;
        }
        self.at += 4;
        Ok(unit)
    }

    /// The atom of the key at the cursor, and whether the caller must free it (a key with
    /// escapes, or one past [`MAX_KEYS`]).
    fn key(&mut self) -> std::result::Result<(qjs::JSAtom, bool), Stop> {
        let start = self.at + 1;
        let text = self.string()?;
        let bytes = self.bytes;
        let raw = &bytes[start..self.at - 1];
        if let Some((_, atom)) = self.keys.iter().find(|(key, _)| *key == raw) {
            return Ok((*atom, false));
        }
        let text = self.text(text);
        // SAFETY: UTF-8 bytes and their length; QuickJS copies them.
        let atom = unsafe {
            qjs::JS_NewAtomLen(self.ctx, text.as_ptr().cast::<c_char>(), text.len() as _)
        };
        if atom == qjs::JS_ATOM_NULL {
            return Err(Stop::Exception);
        }
        let escaped = raw.contains(&b'\\');
        if !escaped && self.keys.len() < MAX_KEYS {
            self.keys.push((raw, atom));
            return Ok((atom, false));
        }
        Ok((atom, true))
    }

    fn object(&mut self, depth: usize) -> Made {
        if depth >= MAX_DEPTH {
            return Err(Stop::Fallback);
        }
        self.at += 1;
        // SAFETY: a new object of this context.
        let object = Owned::new(self.ctx, unsafe { qjs::JS_NewObject(self.ctx) })?;
        self.space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(object.into_raw());
        }
        loop {
            if self.peek() != Some(b'"') {
                return Err(Stop::Fallback);
            }
            let (atom, owned_atom) = self.key()?;
            let defined = self.member(object.value, atom, depth);
            if owned_atom {
                // SAFETY: an atom this call made, freed once.
                unsafe { qjs::JS_FreeAtom(self.ctx, atom) };
            }
            defined?;
            self.space();
            match self.peek() {
                Some(b',') => {
                    self.at += 1;
                    self.space();
                }
                Some(b'}') => {
                    self.at += 1;
                    return Ok(object.into_raw());
                }
                _ => return Err(Stop::Fallback),
            }
        }
    }

    /// `: value` after a key, defined on `object`.
    fn member(
        &mut self,
        object: qjs::JSValue,
        atom: qjs::JSAtom,
        depth: usize,
    ) -> std::result::Result<(), Stop> {
        self.space();
        if self.peek() != Some(b':') {
            return Err(Stop::Fallback);
        }
        self.at += 1;
        self.space();
        let value = self.value(depth + 1)?;
        // SAFETY: `object` is alive; the value is handed over (freed by QuickJS on failure).
        let defined = unsafe {
            qjs::JS_DefinePropertyValue(self.ctx, object, atom, value, qjs::JS_PROP_C_W_E as _)
        };
        if defined < 0 {
            return Err(Stop::Exception);
        }
        Ok(())
    }

    fn array(&mut self, depth: usize) -> Made {
        if depth >= MAX_DEPTH {
            return Err(Stop::Fallback);
        }
        self.at += 1;
        // SAFETY: a new array of this context.
        let array = Owned::new(self.ctx, unsafe { qjs::JS_NewArray(self.ctx) })?;
        self.space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(array.into_raw());
        }
        let mut index: u32 = 0;
        loop {
            let value = self.value(depth + 1)?;
            // SAFETY: `array` is alive; the value is handed over (freed by QuickJS on failure).
            let defined = unsafe {
                qjs::JS_DefinePropertyValueUint32(
                    self.ctx,
                    array.value,
                    index,
                    value,
                    qjs::JS_PROP_C_W_E as _,
                )
            };
            if defined < 0 {
                return Err(Stop::Exception);
            }
            index += 1;
            self.space();
            match self.peek() {
                Some(b',') => {
                    self.at += 1;
                    self.space();
                }
                Some(b']') => {
                    self.at += 1;
                    return Ok(array.into_raw());
                }
                _ => return Err(Stop::Fallback),
            }
        }
    }
}
