//! The binary's allocator: glibc's `malloc`, and, once a command that searches has
//! called [`Heap::enable`] on a kernel with transparent huge pages, first a region of
//! [`SPAN`] bytes that the kernel backs with huge pages, handed out from its start (a
//! bump allocator) until it is used up.
//!
//! Why: a short search spends much of its time in page faults. Each first touch of a
//! 4 KiB page of memory costs about 2.5 us on this project's machine (a Firecracker
//! guest; `MAP_POPULATE` is no cheaper per page), and `count scott --symmetry keep`
//! took 217 page faults, about 130 of them fresh pages of heap (tables, placements,
//! memos): some 0.3 ms of a 4 ms run. One huge page is one fault that clears 2 MiB
//! (0.07 to 0.16 ms), so it pays from about 40 to 60 pages on, which a search of a
//! large enough puzzle passes and `--version` does not (hence [`Heap::enable`], not a
//! region from the start). Measured in BENCHMARKS.md (thirteenth session).
//!
//! The region's rules: every block starts on a cache line and takes whole lines (two
//! threads' blocks never share a line); freeing the last block handed out gives its
//! lines back (the free end moves back to the block's start), and shrinking or growing
//! it moves the free end (a growing `Vec` on top grows in place); any other block freed
//! in the region stays unused, which `SPAN` bounds. Everything the region cannot hold
//! goes to `malloc`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The region's size: two huge pages (the second is touched only by a run that
/// outgrows the first).
pub const SPAN: usize = 4 << 20;
/// The huge page size (the region's alignment).
const HUGE: usize = 2 << 20;
/// A cache line: the unit of the region.
const LINE: usize = 64;

/// The allocator (see the module's documentation).
pub struct Heap {
    /// The region's address, or 0 before [`Heap::enable`] (or if it could not be
    /// mapped).
    base: AtomicUsize,
    /// The offset of the region's first free byte.
    next: AtomicUsize,
    /// Set by the first call of `Heap::map`.
    enabling: AtomicBool,
}

/// Whether the kernel backs a region advised `MADV_HUGEPAGE` with huge pages
/// (transparent huge pages `always` or `madvise`). Without them the region costs more
/// than it saves: it touches more small pages than `malloc` would (freed blocks stay
/// unused, blocks take whole lines), and with them off Scott's board took 2.6% longer
/// than without the region and `count 6x10` 7% (against e92d0c5, which had neither
/// the region nor the `-j` change).
fn huge_pages() -> bool {
    std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
        .is_ok_and(|mode| mode.contains("[always]") || mode.contains("[madvise]"))
}

/// `n` rounded up to a multiple of `to` (a power of two).
fn round_up(n: usize, to: usize) -> Option<usize> {
    Some(n.checked_add(to - 1)? & !(to - 1))
}

impl Heap {
    pub const fn new() -> Heap {
        Heap {
            base: AtomicUsize::new(0),
            next: AtomicUsize::new(0),
            enabling: AtomicBool::new(false),
        }
    }

    /// Maps the region (once; later calls do nothing), if the kernel gives it huge
    /// pages. Otherwise, or if it cannot be mapped, every allocation goes on to
    /// `malloc`.
    pub fn enable(&self) {
        self.enable_if(huge_pages());
    }

    /// [`Heap::enable`], with `huge` for whether the kernel gives huge pages.
    fn enable_if(&self, huge: bool) {
        if huge {
            self.map();
        }
    }

    /// Maps the region (once), huge pages or not.
    fn map(&self) {
        if self.enabling.swap(true, Ordering::AcqRel) {
            return;
        }
        // A huge page more than the span, so that an aligned span fits.
        let Ok(map) = memmap2::MmapOptions::new().len(SPAN + HUGE).map_anon() else {
            return;
        };
        let at = map.as_ptr() as usize;
        let Some(base) = round_up(at, HUGE) else {
            return;
        };
        #[cfg(target_os = "linux")]
        {
            let _ = map.advise_range(memmap2::Advice::HugePage, base - at, SPAN);
        }
        // The region lives as long as the process.
        std::mem::forget(map);
        self.base.store(base, Ordering::Release);
    }

    /// The region's address, if it is enabled.
    fn base(&self) -> Option<usize> {
        match self.base.load(Ordering::Acquire) {
            0 => None,
            b => Some(b),
        }
    }

    /// A block of `layout` taken from the region's free end, or `None` if the region
    /// is off or too full.
    fn take(&self, layout: Layout) -> Option<*mut u8> {
        let base = self.base()?;
        if layout.align() > HUGE {
            return None;
        }
        let align = layout.align().max(LINE);
        let size = round_up(layout.size(), LINE)?;
        let mut next = self.next.load(Ordering::Relaxed);
        loop {
            let start = round_up(next, align)?;
            let end = start.checked_add(size).filter(|&e| e <= SPAN)?;
            match (self.next).compare_exchange_weak(next, end, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return Some((base + start) as *mut u8),
                Err(now) => next = now,
            }
        }
    }

    /// The offset of `ptr` in the region, if it is in it.
    fn offset_of(&self, ptr: *mut u8) -> Option<usize> {
        let offset = (ptr as usize).wrapping_sub(self.base()?);
        (offset < SPAN).then_some(offset)
    }

    /// Moves the end of the block at `start` of `size` bytes to `start + new_size`, if
    /// it is the last block handed out (and the region holds the new size).
    fn resize_last(&self, start: usize, size: usize, new_size: usize) -> bool {
        let (Some(end), Some(new_end)) = (round_up(size, LINE), round_up(new_size, LINE)) else {
            return false;
        };
        let (end, new_end) = (start + end, start + new_end);
        new_end <= SPAN
            && (self.next)
                .compare_exchange(end, new_end, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
    }
}

impl Default for Heap {
    fn default() -> Heap {
        Heap::new()
    }
}

// SAFETY: blocks from the region never overlap (each is a range `take` reserved by
// compare-and-swap, released only by its owner through `dealloc` or `realloc`), are
// aligned to `layout.align()` (the region is aligned to 2 MiB, and `take` accepts no
// larger alignment and keeps offsets multiples of it), and lie inside the live
// mapping, which is never unmapped. Blocks outside it are `System`'s.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Heap {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match self.take(layout) {
            Some(ptr) => ptr,
            // SAFETY: the caller's contract for `layout` is `System`'s.
            _ => unsafe { System.alloc(layout) },
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match self.take(layout) {
            Some(ptr) => {
                // SAFETY: the block is `layout.size()` bytes of the region, and this
                // caller's alone. (A block handed back may be handed out again.)
                unsafe { ptr.write_bytes(0, layout.size()) };
                ptr
            }
            // `calloc`: fresh pages from the kernel are not written again.
            // SAFETY: as in `alloc`.
            _ => unsafe { System.alloc_zeroed(layout) },
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match self.offset_of(ptr) {
            Some(start) => {
                self.resize_last(start, layout.size(), 0);
            }
            // SAFETY: a block outside the region came from `System`.
            None => unsafe { System.dealloc(ptr, layout) },
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let Some(start) = self.offset_of(ptr) else {
            // SAFETY: a block outside the region came from `System`.
            return unsafe { System.realloc(ptr, layout, new_size) };
        };
        if self.resize_last(start, layout.size(), new_size) {
            return ptr;
        }
        // SAFETY: `new_size` with the old alignment is a valid layout (the caller's
        // contract), and the two blocks do not overlap.
        unsafe {
            let new_layout = Layout::from_size_align_unchecked(new_size, layout.align());
            let new = self.alloc(new_layout);
            if !new.is_null() {
                std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
            new
        }
    }
}

#[cfg(test)]
#[allow(unsafe_code)]
mod tests {
    use super::*;

    fn layout(size: usize, align: usize) -> Layout {
        Layout::from_size_align(size, align).unwrap()
    }

    /// A heap with its region mapped, huge pages or not.
    fn mapped() -> Heap {
        let heap = Heap::new();
        heap.map();
        heap
    }

    /// A block of `l` from `heap`, every byte set to `byte`.
    fn filled(heap: &Heap, l: Layout, byte: u8) -> *mut u8 {
        let p = unsafe { heap.alloc(l) };
        assert!(!p.is_null());
        unsafe { p.write_bytes(byte, l.size()) };
        p
    }

    /// Whether the `n` bytes at `p` are all `byte`.
    fn all(p: *mut u8, n: usize, byte: u8) -> bool {
        unsafe { std::slice::from_raw_parts(p, n) }
            .iter()
            .all(|&x| x == byte)
    }

    #[test]
    fn the_kernels_huge_page_mode_is_read() {
        // Whatever this machine's mode, reading it neither fails loudly nor hangs; on
        // Linux the file names the mode in brackets.
        let on = huge_pages();
        let mode = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled");
        match mode {
            Ok(m) => assert_eq!(on, !m.contains("[never]")),
            Err(_) => assert!(!on),
        }
    }

    #[test]
    fn without_huge_pages_the_region_stays_off() {
        let l = layout(100, 8);
        for huge in [false, true] {
            let heap = Heap::new();
            heap.enable_if(huge);
            let p = filled(&heap, l, 1);
            assert_eq!(heap.offset_of(p).is_some(), huge, "huge pages: {huge}");
            unsafe { heap.dealloc(p, l) };
        }
    }

    #[test]
    fn before_enable_every_block_is_mallocs() {
        let heap = Heap::new();
        let l = layout(100, 8);
        let p = filled(&heap, l, 1);
        assert_eq!(heap.offset_of(p), None);
        unsafe { heap.dealloc(p, l) };
    }

    #[test]
    fn blocks_are_aligned_whole_lines_and_do_not_overlap() {
        let heap = mapped();
        let sizes = [(1, 1), (100, 8), (64, 64), (3000, 4096), (7, 2), (200, 128)];
        let mut blocks = Vec::new();
        for &(size, align) in &sizes {
            let p = filled(&heap, layout(size, align), 0xAB);
            let start = heap.offset_of(p).expect("in the region");
            assert_eq!(p as usize % align.max(LINE), 0);
            blocks.push((start, round_up(size, LINE).unwrap()));
        }
        blocks.sort();
        for w in blocks.windows(2) {
            assert!(w[0].0 + w[0].1 <= w[1].0, "{w:?} overlap");
        }
    }

    #[test]
    fn the_last_block_grows_in_place_and_others_move_with_their_bytes() {
        let heap = mapped();
        let l = layout(100, 8);
        let a = filled(&heap, l, 7);
        let grown = unsafe { heap.realloc(a, l, 1000) };
        assert_eq!(grown, a, "the last block grows in place");
        let b = filled(&heap, l, 1);
        let moved = unsafe { heap.realloc(grown, layout(1000, 8), 5000) };
        assert_ne!(moved, grown, "a block below another moves");
        assert!(all(moved, 100, 7));
        unsafe {
            heap.dealloc(b, l);
            heap.dealloc(moved, layout(5000, 8));
        }
    }

    #[test]
    fn freeing_the_last_block_reuses_it_and_zeroed_blocks_are_zero() {
        let heap = mapped();
        let l = layout(256, 8);
        let a = filled(&heap, l, 0xFF);
        unsafe { heap.dealloc(a, l) };
        let b = unsafe { heap.alloc_zeroed(l) };
        assert_eq!(b, a, "the freed last block is handed out again");
        assert!(all(b, 256, 0));
    }

    #[test]
    fn what_the_region_cannot_hold_goes_to_malloc() {
        let heap = mapped();
        let big = layout(SPAN - 1000, 8);
        let a = unsafe { heap.alloc(big) };
        assert_eq!(heap.offset_of(a), Some(0));
        let l = layout(4096, 8);
        let b = filled(&heap, l, 1);
        assert_eq!(heap.offset_of(b), None);
        // Growing a region block past the region's end moves it to malloc.
        let c = unsafe { heap.realloc(a, big, SPAN + 10) };
        assert_eq!(heap.offset_of(c), None);
        unsafe {
            heap.dealloc(b, l);
            heap.dealloc(c, layout(SPAN + 10, 8));
        }
    }

    #[test]
    fn threads_get_disjoint_blocks() {
        let heap = mapped();
        let l = layout(48, 8);
        let starts: Vec<usize> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        (0..500)
                            .map(|_| heap.offset_of(unsafe { heap.alloc(l) }).unwrap())
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        });
        let mut sorted = starts.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), starts.len(), "no block handed out twice");
        assert!(sorted.windows(2).all(|w| w[1] - w[0] >= LINE));
    }
}
