//! The harness's input and output (`__istruttoria_io`, taken and removed by `harness.js` when
//! the plugin is pre-initialised): one call to read the input, one per line written, with no
//! `Uint8Array`, `TextDecoder` or `TextEncoder` round trip in JavaScript.
//!
//! - `input()` → `[inputJson, resultCap, logCap]`, from stdin: a 33-byte header
//!   `"<input bytes> <result cap> <log cap>\n"` (10 digits each), then the input JSON;
//! - `write(fd, text, budget)` → writes `text` (UTF-8) to stdout (1) or stderr (2) and returns
//!   its length in bytes, or, when that length is over `budget`, writes nothing and returns the
//!   length negated.

use std::io::{Read, Write};

use javy_plugin_api::javy::quickjs::{Array, Ctx, Function, Object, Result};

fn input(ctx: Ctx<'_>) -> Result<Array<'_>> {
    let (json, result_cap, log_cap) = read_input();
    let out = Array::new(ctx)?;
    out.set(0, json)?;
    out.set(1, result_cap)?;
    out.set(2, log_cap)?;
    Ok(out)
}

fn read_input() -> (String, f64, f64) {
    let mut stdin = Vec::new();
    if std::io::stdin().read_to_end(&mut stdin).is_err() || stdin.len() < 33 {
        return (String::new(), 0.0, 0.0);
    }
    let header = String::from_utf8_lossy(&stdin[..33]).into_owned();
    let mut numbers = header
        .split_ascii_whitespace()
        .map(|n| n.parse::<f64>().unwrap_or(0.0));
    let (declared, result_cap, log_cap) = (
        numbers.next().unwrap_or(0.0),
        numbers.next().unwrap_or(0.0),
        numbers.next().unwrap_or(0.0),
    );
    let body = &stdin[33..];
    let body = &body[..body.len().min(declared as usize)];
    (
        String::from_utf8_lossy(body).into_owned(),
        result_cap,
        log_cap,
    )
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
    io.set("write", Function::new(ctx.clone(), write)?)?;
    ctx.globals().set("__istruttoria_io", io)
}
