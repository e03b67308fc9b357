//! The worker's side of the contained extraction: a pool of child processes
//! (`worker extract-child`, [`super::child`]), each extracting one document at a time under
//! hard OS limits, talking over its stdin and stdout ([`super::protocol`]).
//!
//! Each child is started with, before it runs a line of its own:
//! - `RLIMIT_AS` = [`Limits::memory_bytes`]: PDFium's and Tesseract's allocations fail past it
//!   (Tesseract runs as the child's child and inherits it);
//! - `RLIMIT_CORE` = 0, `RLIMIT_NOFILE` = [`OPEN_FILES`], `RLIMIT_FSIZE` = [`FILE_BYTES`];
//! - `PR_SET_PDEATHSIG` = SIGKILL: a child never outlives its worker;
//!
//! and sets for itself `PR_SET_NO_NEW_PRIVS`, a network namespace of its own where the kernel
//! allows one, and `RLIMIT_CPU` before each document ([`Limits::cpu`] more seconds). The
//! worker kills a child that has not answered within [`Limits::wall`] (time spent waiting for
//! an OCR slot not counted). A child that dies, is killed or breaks the protocol costs only the
//! document it had: [`ExtractionError::Limits`] with the [`Breach`], and the next document gets
//! a fresh child. Children that finish a document go back to the pool, up to [`MAX_IDLE`] of
//! them, and are replaced after [`DOCUMENTS_PER_CHILD`] documents.

use std::io;
use std::os::unix::process::ExitStatusExt;
use std::process::{ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};
use shared::messages::{self, Message};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::process::{Child, ChildStdin, ChildStdout};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

use super::protocol::{self, Reply, Request};
use super::{Extraction, ExtractionError, ExtractionSetupError, ExtractorConfig, streams};

/// Files a child may have open at once (PDFium, Tesseract's models and temporary files).
pub const OPEN_FILES: u64 = 256;
/// Largest file a child may write (the page image handed to Tesseract, its output).
pub const FILE_BYTES: u64 = 1 << 30;
/// Children kept waiting for the next document.
pub const MAX_IDLE: usize = 8;
/// Documents one child extracts before it is replaced, so that what PDFium or the allocator
/// keeps from one document to the next stays bounded.
pub const DOCUMENTS_PER_CHILD: usize = 200;
/// How long a new child may take to load PDFium and check Tesseract.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// The hard limits of a child on one document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// Address space (`ISTRUTTORIA_EXTRACTION_MAX_MEMORY_MIB`).
    pub memory_bytes: u64,
    /// CPU time per document (`ISTRUTTORIA_EXTRACTION_MAX_CPU_SECS`).
    pub cpu: Duration,
    /// Wall time per document (`ISTRUTTORIA_EXTRACTION_TIMEOUT_SECS`).
    pub wall: Duration,
}

/// How a child broke off a document: what the document shows after "il PDF ha superato i
/// limiti di elaborazione: " (`messages::pdf_limits`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Breach {
    Timeout {
        seconds: u64,
    },
    Cpu {
        seconds: u64,
    },
    /// Killed by a signal: most often an allocation refused past the memory limit (PDFium and
    /// Rust abort then), else a crash of the parser.
    Crashed {
        signal: String,
        memory_bytes: u64,
    },
    Exited {
        code: i32,
    },
    Protocol,
}

impl Breach {
    pub fn message(&self) -> Message {
        match self {
            Self::Timeout { seconds } => messages::breach_timeout(seconds),
            Self::Cpu { seconds } => messages::breach_cpu(seconds),
            Self::Crashed {
                signal,
                memory_bytes,
            } => messages::breach_crashed(signal, streams::size(memory_bytes)),
            Self::Exited { code } => messages::breach_exited(code),
            Self::Protocol => messages::breach_protocol(),
        }
    }
}

impl std::fmt::Display for Breach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().italian())
    }
}

/// Takes one OCR page of the budgets the caller keeps (the import's, its user's):
/// `Err(reason)` when one has none left, the reason as the document reports it.
pub type OcrBudget = Arc<dyn Fn() -> BoxFuture<'static, Result<(), Message>> + Send + Sync>;

/// The extraction as the worker uses it, created once per worker process and cloned freely.
#[derive(Clone)]
pub struct Extractor {
    inner: Arc<Inner>,
}

struct Inner {
    config: ExtractorConfig,
    idle: Mutex<Vec<Worker>>,
    /// Pages rendered and read by OCR at once by this worker's children, sized to its memory.
    ocr_slots: Arc<Semaphore>,
}

impl std::fmt::Debug for Extractor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Extractor")
            .field("child_program", &self.inner.config.child_program)
            .field("limits", &self.inner.config.limits)
            .finish_non_exhaustive()
    }
}

impl Extractor {
    /// Starts one child and has it load libpdfium and check Tesseract, so that a wrong setting
    /// is an error at start-up; logs whether children get a network namespace.
    pub fn new(config: &ExtractorConfig) -> Result<Self, ExtractionSetupError> {
        let network_isolated = check_setup(config)?;
        if network_isolated {
            tracing::info!(limits = ?config.limits, "PDF extraction contained in child processes");
        } else {
            tracing::warn!(
                limits = ?config.limits,
                "PDF extraction contained in child processes, without a network namespace \
                 (the kernel refused one)"
            );
        }
        Ok(Self {
            inner: Arc::new(Inner {
                config: config.clone(),
                idle: Mutex::new(Vec::new()),
                ocr_slots: Arc::new(Semaphore::new(super::engine::ocr_slots(
                    config.ocr_max_pixels,
                ))),
            }),
        })
    }

    /// Extracts a PDF in a child process.
    pub async fn extract(&self, pdf: Vec<u8>) -> Result<Extraction, ExtractionError> {
        self.extract_within(pdf, None).await
    }

    /// [`Extractor::extract`] asking `budget` before each page read by OCR (one page of the
    /// document's import and of its user; `Err(reason)`: one has none left). `None`: no budget.
    pub async fn extract_within(
        &self,
        pdf: Vec<u8>,
        budget: Option<OcrBudget>,
    ) -> Result<Extraction, ExtractionError> {
        // An idle child may have died since its last document (killed from outside): the
        // request then cannot be written, and the document goes to a new child once.
        let mut worker = match self.idle_worker() {
            Some(worker) => worker,
            None => self.start_worker().await?,
        };
        let mut outcome = worker.extract(&pdf, budget.as_ref(), &self.inner).await;
        if let Outcome::NotSent = outcome {
            worker.end().await;
            worker = self.start_worker().await?;
            outcome = worker.extract(&pdf, budget.as_ref(), &self.inner).await;
        }
        let known = match outcome {
            Outcome::Done(result) => {
                self.give_back(worker);
                return result.map(|extraction| *extraction);
            }
            Outcome::NotSent => None,
            Outcome::Broke(reason) => reason,
        };
        let status = worker.end().await;
        let breach = known.unwrap_or_else(|| breach(status, &self.inner.config));
        tracing::warn!(pid = worker.pid, ?status, %breach, "extraction process broke off a document");
        Err(ExtractionError::Limits(breach))
    }

    async fn start_worker(&self) -> Result<Worker, ExtractionError> {
        Worker::start(&self.inner.config)
            .await
            .map_err(|e| ExtractionError::Internal(format!("starting an extraction process: {e}")))
    }

    /// Pages one import may have read by OCR.
    pub fn ocr_pages_per_import(&self) -> usize {
        self.inner.config.ocr_max_pages_per_import
    }

    fn idle_worker(&self) -> Option<Worker> {
        self.inner
            .idle
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .pop()
    }

    fn give_back(&self, worker: Worker) {
        if worker.documents >= DOCUMENTS_PER_CHILD {
            return; // dropped: killed on drop
        }
        let mut idle = self
            .inner
            .idle
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if idle.len() < MAX_IDLE {
            idle.push(worker);
        }
    }
}

/// How one document went in a child.
enum Outcome {
    /// The child answered (the extraction's own result, a refusal included).
    Done(Result<Box<Extraction>, ExtractionError>),
    /// The request could not be written: the child was already gone.
    NotSent,
    /// The child died, was killed or broke the protocol while on the document; `Some` when the
    /// reason is known without its exit status.
    Broke(Option<Breach>),
}

/// One child process.
struct Worker {
    child: Child,
    stdin: ChildStdin,
    stdout: ChildStdout,
    pid: u32,
    documents: usize,
}

impl Worker {
    async fn start(config: &ExtractorConfig) -> io::Result<Self> {
        let mut command = tokio::process::Command::new(&config.child_program);
        command
            .arg("extract-child")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true);
        let limits = config.limits;
        // SAFETY: the hook only calls setrlimit and prctl, which are async-signal-safe, and
        // allocates nothing.
        unsafe {
            command.pre_exec(move || confine(limits));
        }
        let mut child = command.spawn()?;
        let pid = child.id().unwrap_or_default();
        let (Some(mut stdin), Some(mut stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(io::Error::other("the child's pipes are missing"));
        };
        write_message(&mut stdin, &hello(config)).await?;
        match tokio::time::timeout(START_TIMEOUT, read_reply(&mut stdout)).await {
            Ok(Ok(Reply::Ready { .. })) => Ok(Self {
                child,
                stdin,
                stdout,
                pid,
                documents: 0,
            }),
            Ok(Ok(Reply::SetupFailed(error))) => Err(io::Error::other(error.to_string())),
            Ok(Ok(other)) => Err(io::Error::other(format!(
                "unexpected first answer {other:?}"
            ))),
            Ok(Err(e)) => Err(e),
            Err(_) => Err(io::Error::other("no answer within a minute")),
        }
    }

    async fn extract(&mut self, pdf: &[u8], budget: Option<&OcrBudget>, shared: &Inner) -> Outcome {
        self.documents += 1;
        let limits = shared.config.limits;
        let request = Request::Extract {
            cpu_seconds: limits.cpu.as_secs().max(1),
        };
        if write_message(&mut self.stdin, &request).await.is_err()
            || write_bytes(&mut self.stdin, pdf).await.is_err()
        {
            return Outcome::NotSent;
        }
        let mut deadline = Instant::now() + limits.wall;
        // The OCR slot of the page being read, held until the child asks for the next page or
        // ends the document.
        let mut slot: Option<OwnedSemaphorePermit> = None;
        loop {
            let reply = match tokio::time::timeout_at(deadline, read_reply(&mut self.stdout)).await
            {
                Err(_) => {
                    return Outcome::Broke(Some(Breach::Timeout {
                        seconds: limits.wall.as_secs(),
                    }));
                }
                Ok(Err(_)) => return Outcome::Broke(None),
                Ok(Ok(reply)) => reply,
            };
            match reply {
                Reply::Done(result) => return Outcome::Done(result),
                Reply::TakeOcrPage => {
                    drop(slot.take());
                    let waiting = Instant::now();
                    let Ok(permit) = shared.ocr_slots.clone().acquire_owned().await else {
                        return Outcome::Broke(Some(Breach::Protocol));
                    };
                    deadline += waiting.elapsed();
                    slot = Some(permit);
                    let granted = match budget {
                        Some(take_page) => take_page().await,
                        None => Ok(()),
                    };
                    if write_message(&mut self.stdin, &Request::OcrPage(granted))
                        .await
                        .is_err()
                    {
                        return Outcome::Broke(None);
                    }
                }
                Reply::Ready { .. } | Reply::SetupFailed(_) => {
                    return Outcome::Broke(Some(Breach::Protocol));
                }
            }
        }
    }

    /// Kills the child (if it still runs) and returns how it ended.
    async fn end(&mut self) -> Option<ExitStatus> {
        // A child that broke off on its own is exiting already: give it a moment to report its
        // signal, then make sure.
        if let Ok(Ok(status)) =
            tokio::time::timeout(Duration::from_millis(500), self.child.wait()).await
        {
            return Some(status);
        }
        let _ = self.child.start_kill();
        self.child.wait().await.ok()
    }
}

/// The breach an ended child's status tells.
fn breach(status: Option<ExitStatus>, config: &ExtractorConfig) -> Breach {
    let Some(status) = status else {
        return Breach::Protocol;
    };
    match (status.signal(), status.code()) {
        (Some(libc::SIGXCPU), _) => Breach::Cpu {
            seconds: config.limits.cpu.as_secs(),
        },
        (Some(signal), _) => Breach::Crashed {
            signal: signal_name(signal),
            memory_bytes: config.limits.memory_bytes,
        },
        (None, Some(code)) => Breach::Exited { code },
        (None, None) => Breach::Protocol,
    }
}

fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        _ => return format!("segnale {signal}"),
    };
    name.to_owned()
}

fn hello(config: &ExtractorConfig) -> Request {
    Request::Hello {
        config: Box::new(config.clone()),
    }
}

/// Starts a child synchronously and waits for its answer to the hello: `Ok(network isolated)`
/// or the setup error it reports.
fn check_setup(config: &ExtractorConfig) -> Result<bool, ExtractionSetupError> {
    use std::os::unix::process::CommandExt;
    let failed = |reason: String| ExtractionSetupError::Child {
        program: config.child_program.clone(),
        reason,
    };
    let mut command = std::process::Command::new(&config.child_program);
    command
        .arg("extract-child")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let limits = config.limits;
    // SAFETY: as in `Worker::start`.
    unsafe {
        command.pre_exec(move || confine(limits));
    }
    let mut child = command.spawn().map_err(|e| failed(e.to_string()))?;
    let answer = (|| {
        let mut stdin = child.stdin.take().expect("piped");
        let mut stdout = child.stdout.take().expect("piped");
        protocol::write_message(&mut stdin, &hello(config))?;
        let reply = protocol::read_message::<Reply>(&mut stdout)?;
        drop(stdin); // the child exits at the end of its input
        Ok::<_, io::Error>(reply)
    })();
    let status = child.wait().map_err(|e| failed(e.to_string()))?;
    match answer {
        Ok(Some(Reply::Ready { network_isolated })) => Ok(network_isolated),
        Ok(Some(Reply::SetupFailed(error))) => Err(error),
        Ok(other) => Err(failed(format!(
            "it answered {other:?} and ended with {status}"
        ))),
        Err(e) => Err(failed(format!("{e}; it ended with {status}"))),
    }
}

/// The limits set in the child between fork and exec.
fn confine(limits: Limits) -> io::Result<()> {
    set_limit(libc::RLIMIT_AS, limits.memory_bytes)?;
    set_limit(libc::RLIMIT_CORE, 0)?;
    set_limit(libc::RLIMIT_NOFILE, OPEN_FILES)?;
    set_limit(libc::RLIMIT_FSIZE, FILE_BYTES)?;
    // SAFETY: prctl with integer arguments.
    if unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

fn set_limit(resource: libc::__rlimit_resource_t, value: u64) -> io::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: value,
        rlim_max: value,
    };
    // SAFETY: a plain system call on a value on the stack.
    if unsafe { libc::setrlimit(resource, &limit) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

async fn write_message(stdin: &mut ChildStdin, request: &Request) -> io::Result<()> {
    write_bytes(stdin, &serde_json::to_vec(request)?).await
}

async fn write_bytes(stdin: &mut ChildStdin, bytes: &[u8]) -> io::Result<()> {
    let length = u32::try_from(bytes.len())
        .ok()
        .filter(|&n| n as usize <= protocol::MAX_FRAME_BYTES)
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "frame too large"))?;
    stdin.write_all(&length.to_le_bytes()).await?;
    stdin.write_all(bytes).await?;
    stdin.flush().await
}

async fn read_reply(stdout: &mut ChildStdout) -> io::Result<Reply> {
    let mut header = [0; 4];
    stdout.read_exact(&mut header).await?;
    let mut bytes = vec![0; protocol::frame_length(header)?];
    stdout.read_exact(&mut bytes).await?;
    Ok(serde_json::from_slice(&bytes)?)
}
