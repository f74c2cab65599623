//! The simulator's heap: talc, growing the wasm memory by at least a quarter of
//! its size at a time. talc's own `WasmGrowAndExtend` grows it by what one
//! allocation needs, a page at a time for small ones; V8 answers each
//! `memory.grow` with work of the size of the whole memory, so a state of 10⁵
//! assets (26 MB of JSON, millions of small allocations) took 24 s to load in
//! Node and 2 × 10⁵ took 113 s (quadratic). Grown geometrically, the grows are
//! O(log n) and loading is linear (docs/design.md, "The simulator's heap").

use core::alloc::Layout;
use core::ptr::NonNull;

use talc::base::binning::Binning;
use talc::base::{Talc, CHUNK_UNIT};

/// A wasm page.
const PAGE: usize = 64 * 1024;
/// The least a grow adds (1 MiB).
const MIN_PAGES: usize = 16;

/// talc's memory source: the wasm memory, grown by at least a quarter of its
/// size, the heap extended in place when the new pages follow it.
#[derive(Debug, Default)]
pub(crate) struct GrowByQuarter {
    end: Option<NonNull<u8>>,
}

impl GrowByQuarter {
    pub(crate) const fn new() -> Self {
        Self { end: None }
    }
}

// SAFETY: acquires memory only by growing the wasm memory, and hands talc only
// the pages that grow returned; it allocates nothing itself.
unsafe impl talc::source::Source for GrowByQuarter {
    fn acquire<B: Binning>(talc: &mut Talc<Self, B>, layout: Layout) -> Result<(), ()> {
        // What one chunk of this layout may need, with talc's overheads.
        let needed = layout.size().saturating_add(layout.align()).saturating_add(4 * CHUNK_UNIT);
        let exact = needed.div_ceil(PAGE);
        let wanted = exact.max(core::arch::wasm32::memory_size(0) / 4).max(MIN_PAGES);
        // Near the memory's limit a quarter may not fit: then only what is needed.
        let (pages, previous) = match core::arch::wasm32::memory_grow(0, wanted) {
            usize::MAX => (exact, core::arch::wasm32::memory_grow(0, exact)),
            previous => (wanted, previous),
        };
        if previous == usize::MAX {
            return Err(());
        }
        let base = previous.saturating_mul(PAGE) as *mut u8;
        let bytes = pages.saturating_mul(PAGE);
        let end = base.wrapping_add(bytes);
        if let Some(old_end) = talc.source.end.take() {
            if old_end.as_ptr() == base {
                // SAFETY: the pages from `old_end` to `end` were just grown, after the heap's end.
                talc.source.end = Some(unsafe { talc.extend(old_end, end) });
                return Ok(());
            }
        }
        // SAFETY: the pages from `base` were just grown and are handed to talc alone.
        talc.source.end = unsafe { talc.claim(base, bytes) };
        if talc.source.end.is_some() {
            Ok(())
        } else {
            Err(())
        }
    }
}
