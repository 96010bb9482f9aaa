//! A counting global allocator for the tests and examples that measure heap use: allocation
//! calls, bytes live and their peak. Each binary that uses it declares its own static:
//!
//! ```ignore
//! #[global_allocator]
//! static HEAP: mj_testkit::alloc::Counting = mj_testkit::alloc::Counting::new();
//! ```
//!
//! It only counts and passes every call to [`System`]: the `GlobalAlloc` contract is the one use
//! of `unsafe` (allowed in this module only).

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// [`System`], counting allocation calls (`alloc`, `alloc_zeroed`, `realloc`), the bytes live
/// and their peak.
#[derive(Debug)]
pub struct Counting {
    allocations: AtomicU64,
    live: AtomicUsize,
    peak: AtomicUsize,
}

impl Counting {
    /// A counter at zero (for a `static`).
    pub const fn new() -> Counting {
        Counting {
            allocations: AtomicU64::new(0),
            live: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        }
    }

    /// Allocation calls so far (a `realloc` counts as one).
    pub fn allocations(&self) -> u64 {
        self.allocations.load(Ordering::SeqCst)
    }

    /// Bytes allocated and not yet freed.
    pub fn live(&self) -> usize {
        self.live.load(Ordering::SeqCst)
    }

    /// The most bytes live at once since the last [`Counting::reset_peak`].
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::SeqCst)
    }

    /// Starts a new peak measurement from the bytes live now.
    pub fn reset_peak(&self) {
        self.peak.store(self.live(), Ordering::SeqCst);
    }

    /// The peak heap above what was live before, while `f` runs, and `f`'s result. Meaningful
    /// only when nothing else allocates meanwhile (one test per binary).
    pub fn peak_during<T>(&self, f: impl FnOnce() -> T) -> (T, usize) {
        let before = self.live();
        self.reset_peak();
        let out = f();
        (out, self.peak().saturating_sub(before))
    }

    fn grew(&self, bytes: usize) {
        let live = self.live.fetch_add(bytes, Ordering::SeqCst) + bytes;
        self.peak.fetch_max(live, Ordering::SeqCst);
    }
}

impl Default for Counting {
    fn default() -> Counting {
        Counting::new()
    }
}

// SAFETY: every call is passed unchanged to `System`, which upholds the contract; the counting
// touches only atomics and never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's `layout` contract is `System.alloc`'s.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            self.allocations.fetch_add(1, Ordering::SeqCst);
            self.grew(layout.size());
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            self.allocations.fetch_add(1, Ordering::SeqCst);
            self.grew(layout.size());
        }
        ptr
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from this allocator with `layout`; the caller upholds `new_size`.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            self.allocations.fetch_add(1, Ordering::SeqCst);
            self.live.fetch_sub(layout.size(), Ordering::SeqCst);
            self.grew(new_size);
        }
        new
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from this allocator with this `layout`.
        unsafe { System.dealloc(ptr, layout) };
        self.live.fetch_sub(layout.size(), Ordering::SeqCst);
    }
}
