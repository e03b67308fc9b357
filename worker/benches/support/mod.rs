//! What both benches of the rule runtime measure with: percentiles, and what one execution
//! holds in memory.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::time::Duration;

use worker::rules::InstanceAllocator;
use worker::rules::footprint::{self, Pages};

/// The `p` percentile (0–1) of sorted samples.
/// The kernel the figures were measured on, and how a finished execution's memory is reset
/// there: Linux ≥ 6.7 has PAGEMAP_SCAN (only the touched pages are reset); older kernels get a
/// memset of the pool's `keep_resident` bytes per execution, about 50 µs more for every rule —
/// the trivial rule's 29 µs becomes 81 µs on this machine with PAGEMAP_SCAN turned off
/// (docs/benchmarks-history.md, issue 33). Printed with every summary so figures compare.
pub fn platform_line() -> String {
    let release = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    let release = release.trim();
    let mut numbers = release
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|n| n.parse::<u32>().ok());
    let version = (numbers.next().unwrap_or(0), numbers.next().unwrap_or(0));
    let reset = if version >= (6, 7) {
        "PAGEMAP_SCAN (touched pages only)"
    } else {
        "memset of keep_resident per execution (no PAGEMAP_SCAN before Linux 6.7)"
    };
    format!(
        "platform: Linux {release}, {} cores; an execution's memory reset by {reset}",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    )
}

pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

/// The runtime's default allocator; `RULE_BENCH_ALLOCATOR=ondemand` or
/// `RULE_BENCH_ALLOCATOR=pooling:<keep_resident_kib>` compare others.
pub fn allocator() -> InstanceAllocator {
    match std::env::var("RULE_BENCH_ALLOCATOR").ok().as_deref() {
        Some(spec) if spec.starts_with("pooling") => InstanceAllocator::Pooling {
            max_concurrent: 1000,
            keep_resident: spec
                .split(':')
                .nth(1)
                .and_then(|k| k.parse::<usize>().ok())
                .unwrap_or(0)
                << 10,
        },
        Some("ondemand") => InstanceAllocator::OnDemand,
        _ => InstanceAllocator::default(),
    }
}

/// The system allocator, counting on each thread the bytes it has allocated and not freed
/// (`LIVE`) and the most of them at once (`PEAK`): what one execution asks of the host's heap
/// (its store, instance, input and output buffers), measured on the thread that runs it.
pub struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn count(bytes: isize) {
    // `try_with`: nothing to count once the thread's locals are gone.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + bytes;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every call goes to the system allocator unchanged; counting only reads the layouts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            count(layout.size() as isize);
        }
        ptr
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            count(layout.size() as isize);
        }
        ptr
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            // Both blocks at once, as when a realloc moves.
            count(new_size as isize);
            count(-(layout.size() as isize));
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What one execution holds at its most, in bytes.
pub struct Footprint {
    /// Its linear memory when it ended: the pages it wrote (`private`, its own copies) and
    /// those it only read (the plugin's image, shared by every instance, and zero pages).
    pub linear: Pages,
    /// The host's heap: the most it held at once beyond what its thread held before (bytes
    /// asked of the allocator).
    pub heap: usize,
    /// The depth of stack it used below the caller's frame (the compiled code's frames).
    pub stack: usize,
}

impl Footprint {
    /// What each concurrent execution adds: its own pages, heap and stack.
    pub fn own(&self) -> usize {
        self.linear.private + self.heap + self.stack
    }
}

/// Runs `execute` (returning the pages of its linear memory, from
/// `RuleRuntime::run_on_document_measured`) twice on a new thread: the first run's linear
/// memory and stack, then the second run's heap (the thread's own first-use allocations left
/// out). For an execution's own pages, give it a runtime whose pool has not run anything yet:
/// a used slot keeps pages earlier executions wrote.
pub fn measure(execute: impl Fn() -> Option<Pages> + Send + Sync) -> Footprint {
    std::thread::scope(|scope| {
        scope
            .spawn(|| {
                let (start, len) = stack_range().expect("the thread's stack");
                let here = forget_below_here(start);
                let linear = execute().expect("the execution's pages");
                let deepest = start as usize
                    + footprint::first_present(start, len).expect("/proc/self/pagemap");
                let live = LIVE.with(Cell::get);
                PEAK.with(|peak| peak.set(live));
                execute().expect("the execution's pages");
                let heap = PEAK.with(Cell::get) - live;
                Footprint {
                    linear,
                    heap: heap.max(0) as usize,
                    stack: here.saturating_sub(deepest),
                }
            })
            .join()
            .expect("the measured execution")
    })
}

/// Where the calling thread's stack lies.
fn stack_range() -> Option<(*const u8, usize)> {
    let mut attr = std::mem::MaybeUninit::<libc::pthread_attr_t>::uninit();
    let (mut start, mut len) = (std::ptr::null_mut(), 0);
    // SAFETY: the attributes of the calling thread, read into memory of their type and
    // destroyed after use.
    unsafe {
        if libc::pthread_getattr_np(libc::pthread_self(), attr.as_mut_ptr()) != 0 {
            return None;
        }
        let read = libc::pthread_attr_getstack(attr.as_ptr(), &mut start, &mut len);
        libc::pthread_attr_destroy(attr.as_mut_ptr());
        (read == 0).then_some((start.cast_const().cast::<u8>(), len))
    }
}

/// Gives back the pages of the calling thread's stack (lowest address `start`) below the
/// caller's frame, and returns where that frame is: the C library hands a new thread the stack
/// of one that ended, pages touched included, which would hide how deep the next execution
/// goes. Two pages below the frame are kept (the red zone, and the frame of this call).
fn forget_below_here(start: *const u8) -> usize {
    let page = footprint::page_size().expect("the page size");
    let here = std::hint::black_box(0u8);
    let here = &raw const here as usize;
    let end = (here & !(page - 1)).saturating_sub(2 * page);
    let from = (start as usize).next_multiple_of(page);
    if end > from {
        // SAFETY: pages of this thread's own stack below every live frame; after DONTNEED a
        // private anonymous page reads as zeros when next touched.
        let done =
            unsafe { libc::madvise(from as *mut libc::c_void, end - from, libc::MADV_DONTNEED) };
        assert_eq!(done, 0, "madvise: {}", std::io::Error::last_os_error());
    }
    here
}

/// KiB of a count of bytes.
pub fn kib(bytes: usize) -> f64 {
    bytes as f64 / 1024.0
}

impl std::fmt::Display for Footprint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.0} KiB of its own (linear memory written {:.0}, heap {:.0}, stack {:.0}); \
             {:.0} KiB more only read (the plugin's image, shared by every instance, or zeros)",
            kib(self.own()),
            kib(self.linear.private),
            kib(self.heap),
            kib(self.stack),
            kib(self.linear.present - self.linear.private)
        )
    }
}
