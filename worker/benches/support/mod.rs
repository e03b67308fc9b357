//! What both benches of the rule runtime measure with: percentiles and the process's memory.

use std::sync::Barrier;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The `p` percentile (0–1) of sorted samples.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

/// One figure of the process's memory from /proc/self/status (`VmRSS:`, `RssAnon:`…), in KiB
/// (0 when /proc cannot tell).
fn status_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

/// Memory per execution while `k` executions are alive at once, in KiB: what the process's
/// resident memory grew by, and the private part of it (`RssAnon`; the rest is mostly the
/// plugin's image, mapped by every pool slot and shared between them).
pub struct PerExecution {
    pub resident: f64,
    pub private: f64,
}

/// Runs `execute` on `k` threads at once (each execution must outlast the sampling: it spins),
/// sampling the process's memory until the first one ends. Twice: the first time on pool slots
/// the process may not have used yet (a slot's first use maps and copies the pages the execution
/// touches), the second on the same slots used once (a used slot keeps its pages resident, so
/// only what an execution adds to them shows).
pub fn memory_per_execution(k: usize, execute: impl Fn() + Sync) -> [PerExecution; 2] {
    let once = || {
        let (resident, private) = (status_kib("VmRSS:"), status_kib("RssAnon:"));
        let barrier = Barrier::new(k + 1);
        let finished = AtomicUsize::new(0);
        let (peak_resident, peak_private) = std::thread::scope(|scope| {
            for _ in 0..k {
                scope.spawn(|| {
                    barrier.wait();
                    execute();
                    finished.fetch_add(1, Ordering::Relaxed);
                });
            }
            barrier.wait();
            let mut peak = (0, 0);
            while finished.load(Ordering::Relaxed) == 0 {
                peak.0 = peak.0.max(status_kib("VmRSS:"));
                peak.1 = peak.1.max(status_kib("RssAnon:"));
                std::thread::sleep(Duration::from_millis(5));
            }
            peak
        });
        PerExecution {
            resident: peak_resident.saturating_sub(resident) as f64 / k as f64,
            private: peak_private.saturating_sub(private) as f64 / k as f64,
        }
    };
    [once(), once()]
}

impl std::fmt::Display for PerExecution {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.0} KiB resident per execution, {:.0} KiB of it private",
            self.resident, self.private
        )
    }
}
