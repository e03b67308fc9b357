//! The harness's input and output (`__istruttoria_io`, taken and removed by `harness.js` when
//! the plugin is pre-initialised): one call to read the input's index, one per member the rule
//! reads, one per line written — no `Uint8Array`, `TextDecoder` or `TextEncoder` round trip in
//! JavaScript, and no copy of the input as a JavaScript string.
//!
//! - `input()` → `[index, bodyBytes, resultCap, logCap]`, from stdin (written by the worker's
//!   `rules::input`): a 44-byte header `"<body bytes> <index bytes> <result cap> <log cap>\n"`
//!   (10 digits each), the index — JSON, `[[name, bytes], …]` for an object whose members'
//!   values follow one after the other in the body, or `null` when the body is one JSON value —
//!   then the body, which stays in the worker;
//! - `parse(offset, length)` → the JSON value at that place of the body (as `JSON.parse` makes
//!   it, src/json.rs), read from stdin at its offset only then (`fd_pread`): a member the rule
//!   never reads never enters the instance's memory;
//! - `write(fd, text, budget)` → writes `text` (UTF-8) to stdout (1) or stderr (2) and returns
//!   its length in bytes, or, when that length is over `budget`, writes nothing and returns the
//!   length negated;
//! - `jobsPending()` → whether promise jobs wait to run (the harness awaits them before calling
//!   the rule's default export, as an ES module's importer would).

use std::cell::Cell;
use std::io::Write;

use javy_plugin_api::javy::quickjs::{Array, Ctx, Exception, Function, Object, Result, Value, qjs};

const HEADER: usize = 44;

/// Where the body of the input is in stdin: its offset and its length.
#[derive(Clone, Copy, Default)]
struct Body {
    offset: usize,
    len: usize,
}

thread_local! {
    static BODY: Cell<Body> = const { Cell::new(Body { offset: 0, len: 0 }) };
}

/// WASI's `fd_pread` (the worker's `rules::wasi`), which Rust's standard library offers only
/// for files.
mod wasi {
    #[repr(C)]
    pub struct Iovec {
        pub buf: *mut u8,
        pub len: usize,
    }

    #[link(wasm_import_module = "wasi_snapshot_preview1")]
    unsafe extern "C" {
        pub fn fd_pread(
            fd: i32,
            iovs: *const Iovec,
            iovs_len: usize,
            offset: u64,
            nread: *mut usize,
        ) -> i32;
    }
}

/// Reads `into.len()` bytes of stdin from `offset`: whether they were all there.
fn read_stdin_at(offset: usize, into: &mut [u8]) -> bool {
    let mut done = 0;
    while done < into.len() {
        let iovec = wasi::Iovec {
            buf: into[done..].as_mut_ptr(),
            len: into.len() - done,
        };
        let mut read = 0;
        // SAFETY: the iovec is `into`'s unread part; `read` is a valid place for the count.
        let errno = unsafe { wasi::fd_pread(0, &iovec, 1, (offset + done) as u64, &mut read) };
        if errno != 0 || read == 0 {
            return false;
        }
        done += read;
    }
    true
}

fn input(ctx: Ctx<'_>) -> Result<Array<'_>> {
    // Read at offsets, not through `std::io::stdin()`: its buffer would keep bytes of this
    // input in the instance's memory, which a prepared document's snapshot copies (mod.rs).
    let mut header = [0u8; HEADER];
    let numbers = if read_stdin_at(0, &mut header) {
        std::str::from_utf8(&header)
            .unwrap_or("")
            .split_ascii_whitespace()
            .map(|n| n.parse::<usize>().unwrap_or(0))
            .collect::<Vec<_>>()
    } else {
        Vec::new()
    };
    let number = |i: usize| numbers.get(i).copied().unwrap_or(0);
    let (body_len, index_len) = (number(0), number(1));
    let mut index = vec![0u8; index_len];
    if !read_stdin_at(HEADER, &mut index) {
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
    BODY.set(Body {
        offset: HEADER + index_len,
        len: body_len,
    });
    let out = Array::new(ctx)?;
    out.set(0, index)?;
    out.set(1, body_len as f64)?;
    out.set(2, number(2) as f64)?;
    out.set(3, number(3) as f64)?;
    Ok(out)
}

fn parse(ctx: Ctx<'_>, offset: f64, length: f64) -> Result<Value<'_>> {
    let body = BODY.get();
    let (offset, length) = (offset as usize, length as usize);
    if offset.saturating_add(length) > body.len {
        return Err(Exception::throw_range(&ctx, "outside the rule's input"));
    }
    let mut json = vec![0u8; length];
    if !read_stdin_at(body.offset + offset, &mut json) {
        return Err(Exception::throw_internal(
            &ctx,
            "the rule's input was cut short",
        ));
    }
    crate::json::parse(&ctx, json)
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

fn jobs_pending(ctx: Ctx<'_>) -> bool {
    // SAFETY: the context is alive for the call, and so is its runtime.
    unsafe { qjs::JS_IsJobPending(qjs::JS_GetRuntime(ctx.as_raw().as_ptr())) }
}

pub fn install(ctx: &Ctx<'_>) -> Result<()> {
    let io = Object::new(ctx.clone())?;
    io.set("input", Function::new(ctx.clone(), input)?)?;
    io.set("parse", Function::new(ctx.clone(), parse)?)?;
    io.set("write", Function::new(ctx.clone(), write)?)?;
    io.set("jobsPending", Function::new(ctx.clone(), jobs_pending)?)?;
    ctx.globals().set("__istruttoria_io", io)
}
