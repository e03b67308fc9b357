//! The WASI preview 1 the plugin sees: exactly the eleven functions it imports, nothing more.
//!
//! stdin is the execution's input, read in place from the store (in order with `fd_read`, or at
//! an offset with `fd_pread`: the plugin reads an input member's JSON only when the rule reads
//! the member); stdout and stderr are captured in capped buffers; clocks and random numbers
//! work; there are no files, no environment variables, no arguments, no sockets.
//!
//! Why not wasmtime-wasi here: its synchronous preview-1 functions run every `fd_read` and
//! `fd_write` through `block_on` on a global tokio runtime (with a `yield_now`), and every
//! execution would build a full `WasiCtx` (resource table, random generators, stdio streams).
//! That cost tens of microseconds per execution and made threads contend; this is a few
//! hundred nanoseconds per call. (wasmtime-wasi still serves `javy-plugin-init`.)

use std::hash::{BuildHasher, RandomState};
use std::sync::LazyLock;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use wasmtime::{Caller, Extern, Linker, Memory};

const MODULE: &str = "wasi_snapshot_preview1";

// WASI errno values.
const SUCCESS: i32 = 0;
const BADF: i32 = 8;
const FAULT: i32 = 21;
const INVAL: i32 = 28;
const NOSPC: i32 = 51;
const SPIPE: i32 = 70;

/// The process's monotonic clock origin.
static MONOTONIC_ORIGIN: LazyLock<Instant> = LazyLock::new(Instant::now);

/// What one execution's WASI functions read and write.
pub(crate) struct Stdio {
    /// stdin: its pieces (`super::input::RuleInput::stdin`), read one after the other.
    input: Vec<Bytes>,
    /// The next byte of stdin: a piece, and a position in it.
    input_pos: (usize, usize),
    pub stdout: Vec<u8>,
    pub stdout_cap: usize,
    pub stderr: Vec<u8>,
    pub stderr_cap: usize,
    random: u64,
}

impl Stdio {
    pub fn new(input: Vec<Bytes>, stdout_cap: usize, stderr_cap: usize) -> Self {
        Self {
            input,
            input_pos: (0, 0),
            stdout: Vec::new(),
            stdout_cap,
            stderr: Vec::new(),
            stderr_cap,
            random: RandomState::new().hash_one(Instant::now()),
        }
    }

    /// Copies the next bytes of stdin into `into`, as many as fit; returns how many.
    fn read(&mut self, into: &mut [u8]) -> usize {
        let mut n = 0;
        while n < into.len() {
            let (piece, at) = self.input_pos;
            let Some(bytes) = self.input.get(piece) else {
                break;
            };
            let take = (bytes.len() - at).min(into.len() - n);
            into[n..n + take].copy_from_slice(&bytes[at..at + take]);
            n += take;
            self.input_pos = if at + take == bytes.len() {
                (piece + 1, 0)
            } else {
                (piece, at + take)
            };
        }
        n
    }

    /// Copies the bytes of stdin from `offset` on into `into`, as many as fit, without moving
    /// the position `read` reads from; returns how many.
    fn read_at(&self, mut offset: usize, into: &mut [u8]) -> usize {
        let mut n = 0;
        for bytes in &self.input {
            if n == into.len() {
                break;
            }
            if offset >= bytes.len() {
                offset -= bytes.len();
                continue;
            }
            let take = (bytes.len() - offset).min(into.len() - n);
            into[n..n + take].copy_from_slice(&bytes[offset..offset + take]);
            n += take;
            offset = 0;
        }
        n
    }

    /// splitmix64: Math.random and crypto-free randomness, seeded per execution.
    fn next_random(&mut self) -> u64 {
        self.random = self.random.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.random;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The instance called `proc_exit`.
#[derive(Debug)]
pub(crate) struct Exit(pub i32);

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the rule's instance exited with code {}", self.0)
    }
}

impl std::error::Error for Exit {}

/// Access to the store's [`Stdio`].
pub(crate) trait HasStdio: 'static {
    fn stdio(&mut self) -> &mut Stdio;
}

pub(crate) fn memory<T>(caller: &mut Caller<'_, T>) -> Option<Memory> {
    match caller.get_export("memory") {
        Some(Extern::Memory(m)) => Some(m),
        _ => None,
    }
}

/// The little-endian `u32` at `at` (an offset computed in `usize`: no overflow).
fn read_u32(mem: &[u8], at: usize) -> Option<u32> {
    mem.get(at..at + 4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

fn write_bytes(mem: &mut [u8], at: u32, bytes: &[u8]) -> bool {
    let at = at as usize;
    match mem.get_mut(at..at + bytes.len()) {
        Some(slot) => {
            slot.copy_from_slice(bytes);
            true
        }
        None => false,
    }
}

/// Fills the instance's `iovs_len` buffers described at `iovs` with `read` (which fills what
/// it is given and says how much) until one is not filled, and writes the total at `nread`.
fn read_stdin<T: HasStdio>(
    caller: &mut Caller<'_, T>,
    iovs: i32,
    iovs_len: i32,
    nread: i32,
    mut read: impl FnMut(&mut Stdio, &mut [u8]) -> usize,
) -> i32 {
    let Some(memory) = memory(caller) else {
        return FAULT;
    };
    let (mem, data) = memory.data_and_store_mut(caller);
    let stdio = data.stdio();
    let mut total: u32 = 0;
    for i in 0..iovs_len.max(0) as u32 {
        let entry = iovs as u32 as usize + i as usize * 8;
        let (Some(ptr), Some(len)) = (read_u32(mem, entry), read_u32(mem, entry + 4)) else {
            return FAULT;
        };
        let (ptr, len) = (ptr as usize, len as usize);
        let Some(into) = mem.get_mut(ptr..ptr.saturating_add(len)) else {
            return FAULT;
        };
        let n = read(stdio, into);
        total += n as u32;
        if n < len {
            break;
        }
    }
    if write_bytes(mem, nread as u32, &total.to_le_bytes()) {
        SUCCESS
    } else {
        FAULT
    }
}

/// Adds the functions to `linker`.
pub(crate) fn add_to_linker<T: HasStdio>(linker: &mut Linker<T>) -> wasmtime::Result<()> {
    linker.func_wrap(
        MODULE,
        "fd_write",
        |mut caller: Caller<'_, T>, fd: i32, iovs: i32, iovs_len: i32, nwritten: i32| -> i32 {
            let Some(memory) = memory(&mut caller) else {
                return FAULT;
            };
            let (mem, data) = memory.data_and_store_mut(&mut caller);
            let stdio = data.stdio();
            let (buffer, cap) = match fd {
                1 => (&mut stdio.stdout, stdio.stdout_cap),
                2 => (&mut stdio.stderr, stdio.stderr_cap),
                _ => return BADF,
            };
            let mut total: u32 = 0;
            for i in 0..iovs_len.max(0) as u32 {
                let entry = iovs as u32 as usize + i as usize * 8;
                let (Some(ptr), Some(len)) = (read_u32(mem, entry), read_u32(mem, entry + 4))
                else {
                    return FAULT;
                };
                let Some(bytes) = mem.get(ptr as usize..ptr as usize + len as usize) else {
                    return FAULT;
                };
                if buffer.len() + bytes.len() > cap {
                    return NOSPC;
                }
                buffer.extend_from_slice(bytes);
                total += len;
            }
            if write_bytes(mem, nwritten as u32, &total.to_le_bytes()) {
                SUCCESS
            } else {
                FAULT
            }
        },
    )?;
    linker.func_wrap(
        MODULE,
        "fd_read",
        |mut caller: Caller<'_, T>, fd: i32, iovs: i32, iovs_len: i32, nread: i32| -> i32 {
            if fd != 0 {
                return BADF;
            }
            read_stdin(&mut caller, iovs, iovs_len, nread, |stdio, into| {
                stdio.read(into)
            })
        },
    )?;
    linker.func_wrap(
        MODULE,
        "fd_pread",
        |mut caller: Caller<'_, T>,
         fd: i32,
         iovs: i32,
         iovs_len: i32,
         offset: i64,
         nread: i32|
         -> i32 {
            if fd != 0 {
                return BADF;
            }
            let Ok(mut offset) = usize::try_from(offset) else {
                return INVAL;
            };
            read_stdin(&mut caller, iovs, iovs_len, nread, |stdio, into| {
                let n = stdio.read_at(offset, into);
                offset += n;
                n
            })
        },
    )?;
    linker.func_wrap(
        MODULE,
        "fd_fdstat_get",
        |mut caller: Caller<'_, T>, fd: i32, buf: i32| -> i32 {
            if !(0..=2).contains(&fd) {
                return BADF;
            }
            let Some(memory) = memory(&mut caller) else {
                return FAULT;
            };
            // filetype character device, no flags, all rights.
            let mut stat = [0u8; 24];
            stat[0] = 2;
            stat[8..16].copy_from_slice(&u64::MAX.to_le_bytes());
            stat[16..24].copy_from_slice(&u64::MAX.to_le_bytes());
            if write_bytes(memory.data_mut(&mut caller), buf as u32, &stat) {
                SUCCESS
            } else {
                FAULT
            }
        },
    )?;
    linker.func_wrap(MODULE, "fd_close", |_: Caller<'_, T>, fd: i32| -> i32 {
        if (0..=2).contains(&fd) { SUCCESS } else { BADF }
    })?;
    linker.func_wrap(
        MODULE,
        "fd_seek",
        |_: Caller<'_, T>, fd: i32, _offset: i64, _whence: i32, _new: i32| -> i32 {
            if (0..=2).contains(&fd) { SPIPE } else { BADF }
        },
    )?;
    linker.func_wrap(
        MODULE,
        "clock_time_get",
        |mut caller: Caller<'_, T>, id: i32, _precision: i64, time: i32| -> i32 {
            let nanos: u64 = match id {
                0 => SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as u64),
                1..=3 => MONOTONIC_ORIGIN.elapsed().as_nanos() as u64,
                _ => return INVAL,
            };
            let Some(memory) = memory(&mut caller) else {
                return FAULT;
            };
            if write_bytes(
                memory.data_mut(&mut caller),
                time as u32,
                &nanos.to_le_bytes(),
            ) {
                SUCCESS
            } else {
                FAULT
            }
        },
    )?;
    linker.func_wrap(
        MODULE,
        "random_get",
        |mut caller: Caller<'_, T>, buf: i32, len: i32| -> i32 {
            let Some(memory) = memory(&mut caller) else {
                return FAULT;
            };
            let (mem, data) = memory.data_and_store_mut(&mut caller);
            let (start, len) = (buf as u32 as usize, len as u32 as usize);
            let Some(slot) = mem.get_mut(start..start + len) else {
                return FAULT;
            };
            let stdio = data.stdio();
            for chunk in slot.chunks_mut(8) {
                let r = stdio.next_random().to_le_bytes();
                chunk.copy_from_slice(&r[..chunk.len()]);
            }
            SUCCESS
        },
    )?;
    linker.func_wrap(
        MODULE,
        "environ_sizes_get",
        |mut caller: Caller<'_, T>, count: i32, size: i32| -> i32 {
            let Some(memory) = memory(&mut caller) else {
                return FAULT;
            };
            let mem = memory.data_mut(&mut caller);
            if write_bytes(mem, count as u32, &0u32.to_le_bytes())
                && write_bytes(mem, size as u32, &0u32.to_le_bytes())
            {
                SUCCESS
            } else {
                FAULT
            }
        },
    )?;
    linker.func_wrap(
        MODULE,
        "environ_get",
        |_: Caller<'_, T>, _environ: i32, _buf: i32| -> i32 { SUCCESS },
    )?;
    linker.func_wrap(
        MODULE,
        "proc_exit",
        |_: Caller<'_, T>, code: i32| -> wasmtime::Result<()> {
            Err(wasmtime::Error::new(Exit(code)))
        },
    )?;
    Ok(())
}
