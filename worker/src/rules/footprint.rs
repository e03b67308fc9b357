//! What a range of the process's memory really holds, page by page, from Linux's
//! `/proc/self/pagemap` (for the benchmarks: an execution's linear memory, a thread's stack).
//!
//! A sampled resident size mixes in everything else the process does at the time (allocator
//! arenas, other threads' stacks); the page map tells, for each page of one range, whether it
//! is in memory and whether it is this mapping's own. A pooled linear memory maps the plugin's
//! pre-initialised image copy-on-write: the pages an execution only reads stay the image's,
//! shared by every instance; those it writes become its own. Only those count per execution.

use std::sync::{Mutex, PoisonError};

/// Bytes of a range of memory, by what backs them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pages {
    /// Pages in memory: its own, and those it shares (a file's, the image's).
    pub present: usize,
    /// Pages in memory that only this mapping holds: written copies and written anonymous
    /// memory (not the image's pages it only read, nor the shared zero page).
    pub private: usize,
}

/// In a pagemap entry: the page is in memory.
const PRESENT: u64 = 1 << 63;
/// … it is a file's page or shared anonymous memory.
const FILE_OR_SHARED: u64 = 1 << 61;
/// … it is mapped only here.
const EXCLUSIVE: u64 = 1 << 56;

/// The pages of `len` bytes from `start`; `None` where `/proc/self/pagemap` cannot be read
/// (not Linux, or no procfs).
pub fn pages(start: *const u8, len: usize) -> Option<Pages> {
    let page = page_size()?;
    let mut counted = Pages::default();
    scan(start, len, |_, entry| {
        if entry & PRESENT != 0 {
            counted.present += page;
            if entry & FILE_OR_SHARED == 0 && entry & EXCLUSIVE != 0 {
                counted.private += page;
            }
        }
        true
    })?;
    Some(counted)
}

/// Where the first page in memory of `len` bytes from `start` begins, as an offset from
/// `start` rounded down to a page (`Some(len)` when none is); `None` where the page map cannot
/// be read. A stack grows down: below its frames, the first page in memory is the deepest one
/// touched.
pub fn first_present(start: *const u8, len: usize) -> Option<usize> {
    let page = page_size()?;
    let mut first = None;
    scan(start, len, |index, entry| {
        if entry & PRESENT != 0 {
            first = Some(index * page);
        }
        first.is_none()
    })?;
    Some(first.map_or(len, |at| at.saturating_sub(start as usize % page)))
}

/// Calls `visit` with the index (from `start`'s page) and the page map entry of each page of
/// `len` bytes from `start`, until it answers false.
fn scan(start: *const u8, len: usize, mut visit: impl FnMut(usize, u64) -> bool) -> Option<()> {
    use std::os::unix::fs::FileExt;

    let page = page_size()?;
    let first = start as usize / page;
    let last = (start as usize + len).div_ceil(page);
    let map = std::fs::File::open("/proc/self/pagemap").ok()?;
    // Neither on the heap nor on the stack, which the benchmarks measure around this read.
    static ENTRIES: Mutex<[u8; 8 * 512]> = Mutex::new([0; 8 * 512]);
    let mut entries = ENTRIES.lock().unwrap_or_else(PoisonError::into_inner);
    let mut at = first;
    while at < last {
        let n = (last - at).min(entries.len() / 8);
        let bytes = &mut entries[..n * 8];
        map.read_exact_at(bytes, (at * 8) as u64).ok()?;
        for (i, entry) in bytes.chunks_exact(8).enumerate() {
            let entry = u64::from_le_bytes(entry.try_into().expect("8 bytes"));
            if !visit(at - first + i, entry) {
                return Some(());
            }
        }
        at += n;
    }
    Some(())
}

/// The host's page size.
pub fn page_size() -> Option<usize> {
    // SAFETY: sysconf reads a constant of the system.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    usize::try_from(size).ok().filter(|&s| s > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_pages_are_private_and_untouched_ones_absent() {
        let page = page_size().expect("a page size");
        // Anonymous memory of its own mapping, so that nothing else shares its pages.
        let len = 8 * page;
        // SAFETY: a fresh private anonymous mapping, unmapped below.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert_ne!(base, libc::MAP_FAILED);
        // SAFETY: the mapping made above. Small pages only, whatever the system's setting for
        // transparent huge pages (one fault would otherwise fill several).
        unsafe { libc::madvise(base, len, libc::MADV_NOHUGEPAGE) };
        let base = base.cast::<u8>();
        assert_eq!(pages(base, len), Some(Pages::default()));
        assert_eq!(first_present(base, len), Some(len));
        // SAFETY: within the mapping.
        unsafe {
            base.write(1);
            base.add(3 * page).write(1);
            // A read maps the shared zero page: present, not private.
            std::ptr::read_volatile(base.add(5 * page));
        }
        assert_eq!(
            pages(base, len),
            Some(Pages {
                present: 3 * page,
                private: 2 * page
            })
        );
        // SAFETY: within the mapping.
        let second = unsafe { base.add(page) };
        assert_eq!(first_present(base, len), Some(0));
        assert_eq!(first_present(second, len - page), Some(2 * page));
        // SAFETY: the mapping made above.
        unsafe { libc::munmap(base.cast(), len) };
    }
}
