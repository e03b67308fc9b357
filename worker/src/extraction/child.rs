//! `worker extract-child`: the process that extracts PDFs for a worker, one at a time
//! ([`super::sandbox`] starts it with its limits and speaks [`super::protocol`] to it).
//!
//! At start it keeps the protocol's stdout for itself and points file descriptor 1 at stderr,
//! so nothing PDFium, Tesseract or a log line prints can corrupt a frame; sets
//! `PR_SET_NO_NEW_PRIVS`; and enters a network namespace of its own (as root, or through a user
//! namespace mapping its own ids) — without a network interface, nothing a PDF makes it do can
//! reach an address. Before each document it allows itself the document's CPU seconds more
//! (`RLIMIT_CPU`: the kernel sends SIGXCPU past them).

use std::fs::File;
use std::io::{self, BufReader, BufWriter};
use std::os::fd::FromRawFd;
use std::process::ExitCode;
use std::sync::Mutex;

use shared::messages;

use super::Engine;
use super::protocol::{self, Reply, Request};

/// Runs the child until its input ends.
pub fn serve() -> ExitCode {
    // Before any thread exists: entering a user namespace needs a single-threaded process.
    let network_isolated = isolate_network();
    let (input, output) = match protocol_channel() {
        Ok(channel) => channel,
        Err(e) => {
            eprintln!("extract-child: cannot set up its pipes: {e}");
            return ExitCode::FAILURE;
        }
    };
    shared::telemetry::init(log_format());
    // SAFETY: prctl with integer arguments.
    unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) };
    match serve_on(
        &mut BufReader::new(input),
        &mut BufWriter::new(output),
        network_isolated,
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "extraction process: its worker's pipe failed");
            ExitCode::FAILURE
        }
    }
}

fn serve_on(
    input: &mut BufReader<File>,
    output: &mut BufWriter<File>,
    network_isolated: bool,
) -> io::Result<()> {
    let Some(Request::Hello { config }) = protocol::read_message(input)? else {
        return Err(io::Error::other("the first message is not a hello"));
    };
    let engine = match Engine::new(&config) {
        Ok(engine) => engine,
        Err(error) => return protocol::write_message(output, &Reply::SetupFailed(error)),
    };
    protocol::write_message(output, &Reply::Ready { network_isolated })?;
    loop {
        let request = match protocol::read_message::<Request>(input)? {
            None => return Ok(()),
            Some(request) => request,
        };
        let Request::Extract { cpu_seconds } = request else {
            return Err(io::Error::other(format!("unexpected {request:?}")));
        };
        let pdf = protocol::read_bytes(input)?
            .ok_or_else(|| io::Error::other("no PDF after the request"))?;
        allow_cpu_seconds(cpu_seconds)?;
        let pipe = Mutex::new((&mut *input, &mut *output));
        // Before each page read by OCR the worker grants it (the budgets of its import and
        // user) and holds an OCR slot for it; a broken pipe reads as a refusal, and the end of
        // the document then fails.
        let take_page = || {
            let mut pipe = pipe.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let (input, output) = &mut *pipe;
            if protocol::write_message(*output, &Reply::TakeOcrPage).is_err() {
                return Err(messages::extraction_lost_worker());
            }
            match protocol::read_message::<Request>(*input) {
                Ok(Some(Request::OcrPage(grant))) => grant,
                _ => Err(messages::extraction_lost_worker()),
            }
        };
        let result = engine.extract(pdf, Some(&take_page)).map(Box::new);
        protocol::write_message(output, &Reply::Done(result))?;
    }
}

/// The protocol's ends: stdin, and a copy of stdout; descriptor 1 then points at stderr.
fn protocol_channel() -> io::Result<(File, File)> {
    // SAFETY: dup/dup2 on the standard descriptors, which this process owns; each File takes
    // a descriptor nothing else holds.
    unsafe {
        let out = libc::dup(1);
        if out < 0 || libc::dup2(2, 1) < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok((File::from_raw_fd(0), File::from_raw_fd(out)))
    }
}

fn log_format() -> shared::config::LogFormat {
    match std::env::var("ISTRUTTORIA_LOG_FORMAT").as_deref() {
        Ok("json") => shared::config::LogFormat::Json,
        _ => shared::config::LogFormat::Text,
    }
}

/// A network namespace of its own: directly with CAP_SYS_ADMIN, else inside a new user
/// namespace that maps the process's own user and group. `false` when the kernel refuses both.
fn isolate_network() -> bool {
    // SAFETY: unshare with flags only; the process is single-threaded here.
    if unsafe { libc::unshare(libc::CLONE_NEWNET) } == 0 {
        return true;
    }
    // SAFETY: as above.
    let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
    if unsafe { libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNET) } != 0 {
        return false;
    }
    // Unmapped, the process could not create files (Tesseract's temporary files).
    let mapped = std::fs::write("/proc/self/setgroups", "deny").is_ok()
        && std::fs::write("/proc/self/uid_map", format!("{uid} {uid} 1")).is_ok()
        && std::fs::write("/proc/self/gid_map", format!("{gid} {gid} 1")).is_ok();
    if !mapped {
        eprintln!("extract-child: user namespace entered but its ids could not be mapped");
    }
    mapped
}

/// Lets the process use `seconds` more of CPU time from now: the soft `RLIMIT_CPU` (the hard
/// one stays unlimited, so the next document can move it again).
fn allow_cpu_seconds(seconds: u64) -> io::Result<()> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::uninit();
    // SAFETY: getrusage fills the struct it is given.
    let usage = unsafe {
        if libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) != 0 {
            return Err(io::Error::last_os_error());
        }
        usage.assume_init()
    };
    let used = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) as u64 + 1;
    let limit = libc::rlimit {
        rlim_cur: used + seconds,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: a plain system call on a value on the stack.
    if unsafe { libc::setrlimit(libc::RLIMIT_CPU, &limit) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}
