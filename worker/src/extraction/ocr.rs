//! OCR of a rendered page with the `tesseract` CLI.
//!
//! A subprocess rather than a library binding: the CLI read table rows correctly where the
//! `tesseract` crate garbled them, and a crash, a runaway page or a leak of Tesseract's stays
//! in a process that is killed after [`super::OCR_PAGE_TIMEOUT`]. The page goes in as a PGM
//! file (8-bit grey, which Tesseract reads without any image library on our side) and comes
//! back as TSV: one row per recognised word with its pixel box and block/paragraph/line
//! numbers, from which both the page's text and its words with boxes are made.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

use super::{ExtractionSetupError, GrayImage, Word};

/// A counting semaphore for the blocking threads that render and read pages: at most `n`
/// pages in memory at once.
#[derive(Debug)]
pub(super) struct Slots {
    free: Mutex<usize>,
    released: Condvar,
}

/// A taken slot, given back when dropped.
pub(super) struct Slot<'a>(&'a Slots);

impl Slots {
    pub fn new(n: usize) -> Self {
        Self {
            free: Mutex::new(n.max(1)),
            released: Condvar::new(),
        }
    }

    /// Waits for a free slot.
    pub fn take(&self) -> Slot<'_> {
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        while *free == 0 {
            free = self.released.wait(free).unwrap_or_else(|p| p.into_inner());
        }
        *free -= 1;
        Slot(self)
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.0.released.notify_one();
    }
}

/// The checked `tesseract` command and its settings.
#[derive(Debug, Clone)]
pub(super) struct Tesseract {
    command: PathBuf,
    languages: String,
    timeout: Duration,
}

/// What Tesseract read on one page.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct OcrPage {
    pub text: String,
    pub words: Vec<Word>,
}

impl Tesseract {
    /// Checks that the command runs and knows every language of `languages` (`ita+eng`).
    pub fn new(
        command: &Path,
        languages: &str,
        timeout: Duration,
    ) -> Result<Self, ExtractionSetupError> {
        let missing = |reason: String| ExtractionSetupError::TesseractMissing {
            command: command.to_owned(),
            reason,
        };
        let output = Command::new(command)
            .arg("--list-langs")
            .stdin(Stdio::null())
            .output()
            .map_err(|e| missing(e.to_string()))?;
        if !output.status.success() {
            return Err(missing(format!(
                "`--list-langs` ended with {}",
                output.status
            )));
        }
        // The list goes to stdout (Tesseract 5) or stderr (4).
        let listed = format!(
            "{}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let known: Vec<&str> = listed.lines().map(str::trim).collect();
        for language in languages.split('+').map(str::trim) {
            if language.is_empty() || !known.contains(&language) {
                return Err(ExtractionSetupError::TesseractLanguage {
                    language: language.to_owned(),
                });
            }
        }
        Ok(Self {
            command: command.to_owned(),
            languages: languages.to_owned(),
            timeout,
        })
    }

    /// Reads one page rendered at `dpi`; words are scaled back to points and tagged `page`.
    pub fn read(&self, image: &GrayImage, dpi: f32, page: u32) -> Result<OcrPage, String> {
        let dir = tempfile::Builder::new()
            .prefix("istruttoria-ocr-")
            .tempdir()
            .map_err(|e| format!("temporary directory: {e}"))?;
        let input = dir.path().join("page.pgm");
        let mut pgm = format!("P5\n{} {}\n255\n", image.width, image.height).into_bytes();
        pgm.extend_from_slice(&image.pixels);
        std::fs::write(&input, pgm).map_err(|e| format!("writing the page image: {e}"))?;
        let output_base = dir.path().join("page");
        // Its messages go to a file: a pipe nobody reads while it runs could fill and stall it.
        let stderr_path = dir.path().join("stderr.txt");
        let stderr =
            std::fs::File::create(&stderr_path).map_err(|e| format!("temporary file: {e}"))?;

        let mut child = Command::new(&self.command)
            .arg(&input)
            .arg(&output_base)
            .args(["-l", &self.languages, "--psm", "3", "--dpi"])
            .arg(format!("{dpi}"))
            .arg("tsv")
            // One thread per process: workers already run pages in parallel, and OpenMP's
            // threads only contend for the same cores.
            .env("OMP_THREAD_LIMIT", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .map_err(|e| format!("tesseract cannot start: {e}"))?;
        let started = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if started.elapsed() > self.timeout => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(format!(
                        "tesseract took longer than {} s",
                        self.timeout.as_secs()
                    ));
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(20)),
                Err(e) => return Err(format!("waiting for tesseract: {e}")),
            }
        };
        if !status.success() {
            let stderr = std::fs::read_to_string(&stderr_path).unwrap_or_default();
            return Err(format!(
                "tesseract ended with {status}: {}",
                stderr.lines().last().unwrap_or_default()
            ));
        }
        let tsv = std::fs::read_to_string(output_base.with_extension("tsv"))
            .map_err(|e| format!("reading tesseract's output: {e}"))?;
        tracing::debug!(
            page,
            elapsed_ms = started.elapsed().as_millis() as u64,
            "page OCR"
        );
        Ok(parse_tsv(&tsv, 72.0 / dpi, page))
    }
}

/// Tesseract's TSV (`level page_num block_num par_num line_num word_num left top width height
/// conf text`) → the page's text (a line per Tesseract line, an empty line between blocks) and
/// its words, boxes scaled by `scale` (pixels → points).
pub(super) fn parse_tsv(tsv: &str, scale: f32, page: u32) -> OcrPage {
    let mut text = String::new();
    let mut words = Vec::new();
    let mut current_line: Option<(u32, u32, u32)> = None;
    let mut current_block: Option<u32> = None;
    for row in tsv.lines().skip(1) {
        let fields: Vec<&str> = row.split('\t').collect();
        let [
            level,
            _,
            block,
            par,
            line,
            _,
            left,
            top,
            width,
            height,
            conf,
            word,
        ] = fields[..]
        else {
            continue;
        };
        if level != "5" {
            continue;
        }
        let word = word.trim();
        let number = |s: &str| s.parse::<u32>().ok();
        let (Some(block), Some(par), Some(line)) = (number(block), number(par), number(line))
        else {
            continue;
        };
        let (Some(left), Some(top), Some(width), Some(height)) =
            (number(left), number(top), number(width), number(height))
        else {
            continue;
        };
        if word.is_empty() || conf.parse::<f32>().is_ok_and(|c| c < 0.0) {
            continue;
        }
        let key = (block, par, line);
        if current_line != Some(key) {
            if current_line.is_some() {
                text.push('\n');
                if current_block != Some(block) {
                    text.push('\n');
                }
            }
            current_line = Some(key);
            current_block = Some(block);
        } else {
            text.push(' ');
        }
        text.push_str(word);
        words.push(Word {
            page,
            text: word.to_owned(),
            x0: left as f32 * scale,
            y0: top as f32 * scale,
            x1: (left + width) as f32 * scale,
            y1: (top + height) as f32 * scale,
        });
    }
    OcrPage { text, words }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tsv_becomes_lines_and_scaled_words() {
        let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
            1\t1\t0\t0\t0\t0\t0\t0\t2480\t3508\t-1\t\n\
            5\t1\t1\t1\t1\t1\t300\t300\t300\t50\t96.5\tSocietà\n\
            5\t1\t1\t1\t1\t2\t650\t300\t100\t50\t95.1\tper\n\
            5\t1\t1\t1\t2\t1\t300\t370\t200\t50\t91.0\tazioni\n\
            5\t1\t2\t1\t1\t1\t300\t600\t250\t50\t90.0\tFirma\n\
            5\t1\t2\t1\t1\t2\t600\t600\t10\t50\t-1\t \n";
        let page = parse_tsv(tsv, 72.0 / 300.0, 3);
        assert_eq!(page.text, "Società per\nazioni\n\nFirma");
        assert_eq!(page.words.len(), 4);
        let first = &page.words[0];
        assert_eq!(first.page, 3);
        assert!((first.x0 - 72.0).abs() < 1e-3 && (first.x1 - 144.0).abs() < 1e-3);
        assert!((first.y0 - 72.0).abs() < 1e-3 && (first.y1 - 84.0).abs() < 1e-3);
    }
}
