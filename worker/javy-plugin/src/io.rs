//! The harness's input and output (`__istruttoria_io`, taken and removed by `harness.js` when
//! the plugin is pre-initialised): one call to read the input's index, one per member the rule
//! reads, one per line written — no `Uint8Array`, `TextDecoder` or `TextEncoder` round trip in
//! JavaScript, and no copy of the input as a JavaScript string.
//!
//! - `input()` → `[index, bodyBytes, resultCap, logCap]`, from stdin (written by the worker's
//!   `rules::input`): a 44-byte header `"<body bytes> <index bytes> <result cap> <log cap>\n"`
//!   (10 digits each), the index — JSON, `[[name, bytes], …]` for an object whose members'
//!   values follow one after the other in the body, or `null` when the body is one JSON value —
//!   then the body, kept here for `parse`;
//! - `parse(offset, length)` → the JSON value at that place of the body (`JSON.parse` of it,
//!   straight from the bytes);
//! - `write(fd, text, budget)` → writes `text` (UTF-8) to stdout (1) or stderr (2) and returns
//!   its length in bytes, or, when that length is over `budget`, writes nothing and returns the
//!   length negated.

use std::cell::RefCell;
use std::io::{Read, Write};

use javy_plugin_api::javy::quickjs::{Array, Ctx, Exception, Function, Object, Result, Value};

const HEADER: usize = 44;

thread_local! {
    /// The body of the input: the members' JSON, parsed when the rule reads them.
    static BODY: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

fn input(ctx: Ctx<'_>) -> Result<Array<'_>> {
    let mut stdin = std::io::stdin().lock();
    let mut header = [0u8; HEADER];
    let numbers = match stdin.read_exact(&mut header) {
        Ok(()) => std::str::from_utf8(&header)
            .unwrap_or("")
            .split_ascii_whitespace()
            .map(|n| n.parse::<usize>().unwrap_or(0))
            .collect::<Vec<_>>(),
        Err(_) => Vec::new(),
    };
    let number = |i: usize| numbers.get(i).copied().unwrap_or(0);
    let (body_len, index_len) = (number(0), number(1));
    let mut index = vec![0u8; index_len];
    let mut body = vec![0u8; body_len];
    if stdin.read_exact(&mut index).is_err() || stdin.read_exact(&mut body).is_err() {
        return Err(Exception::throw_internal(
            &ctx,
            "the rule's input was cut short",
        ));
    }
    let index = if index.is_empty() {
        Value::new_null(ctx.clone())
    } else {
        ctx.json_parse(index)?
    };
    BODY.with(|b| *b.borrow_mut() = body);
    let out = Array::new(ctx)?;
    out.set(0, index)?;
    out.set(1, body_len as f64)?;
    out.set(2, number(2) as f64)?;
    out.set(3, number(3) as f64)?;
    Ok(out)
}

fn parse(ctx: Ctx<'_>, offset: f64, length: f64) -> Result<Value<'_>> {
    let slice = BODY.with(|b| {
        let body = b.borrow();
        let (offset, length) = (offset as usize, length as usize);
        body.get(offset..offset.saturating_add(length))
            .map(<[u8]>::to_vec)
    });
    match slice {
        Some(json) => ctx.json_parse(json),
        None => Err(Exception::throw_range(&ctx, "outside the rule's input")),
    }
}

fn write(fd: i32, text: String, budget: f64) -> f64 {
    let len = text.len() as f64;
    if len > budget {
        return -len;
    }
    let written = match fd {
        1 => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes()).and_then(|()| out.flush())
        }
        _ => {
            let mut out = std::io::stderr().lock();
            out.write_all(text.as_bytes()).and_then(|()| out.flush())
        }
    };
    if written.is_ok() { len } else { -len }
}

pub fn install(ctx: &Ctx<'_>) -> Result<()> {
    let io = Object::new(ctx.clone())?;
    io.set("input", Function::new(ctx.clone(), input)?)?;
    io.set("parse", Function::new(ctx.clone(), parse)?)?;
    io.set("write", Function::new(ctx.clone(), write)?)?;
    ctx.globals().set("__istruttoria_io", io)
}
