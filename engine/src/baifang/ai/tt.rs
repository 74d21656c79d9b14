//! Transposition table keyed by the rules engine's Zobrist hash.
//!
//! Fixed size (2^`ttBits` entries of 16 bytes), allocated once per
//! [`super::Searcher`] and reused across moves; a generation counter makes old
//! entries cheap to replace. One entry per slot, depth-preferred within a
//! generation. Single-threaded (the web worker owns its searcher).

/// Bound type of a stored score.
pub const EXACT: u8 = 0;
/// The true score is at least the stored one (a beta cutoff).
pub const LOWER: u8 = 1;
/// The true score is at most the stored one (no move raised alpha).
pub const UPPER: u8 = 2;

/// One slot.
#[derive(Clone, Copy, Default, Debug)]
#[repr(C)]
pub struct Entry {
    /// Full 64-bit hash of the position.
    pub key: u64,
    /// Best or refuting action, encoded by [`super::ordering::encode`] (0 = none).
    pub mv: u16,
    /// Score from the side to move's point of view, mate scores relative to this node.
    pub score: i16,
    /// Remaining depth (in turns) the score was searched to.
    pub depth: i8,
    /// `EXACT`, `LOWER` or `UPPER`.
    pub bound: u8,
    /// Generation (search number) that wrote it.
    pub generation: u8,
}

/// The table.
pub struct Tt {
    slots: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Tt {
    /// A table of 2^bits entries (allocated here, once).
    pub fn new(bits: u32) -> Tt {
        let n = 1usize << bits;
        Tt {
            slots: vec![Entry::default(); n],
            mask: n - 1,
            generation: 0,
        }
    }
    /// Number of slots.
    pub fn len(&self) -> usize {
        self.slots.len()
    }
    /// Always false (a table has at least one slot).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
    /// Forgets everything (for reproducible benches).
    pub fn clear(&mut self) {
        self.slots.fill(Entry::default());
        self.generation = 0;
    }
    /// Starts a new search: older entries become replaceable.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }
    #[inline]
    fn index(&self, key: u64) -> usize {
        // High bits: the low bits of a Zobrist hash are as good, but this keeps
        // the slot independent of the bits the key check compares first.
        ((key >> 20) ^ key) as usize & self.mask
    }
    /// Hints the CPU to fetch `key`'s slot (x86-64 only; a no-op elsewhere,
    /// e.g. in wasm). Does not change any result.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.slots.as_ptr().wrapping_add(self.index(key)) as *const i8;
            // SAFETY: prefetching is a hint; it never faults or reads memory
            // architecturally, and `p` points into the slot vector.
            unsafe { core::arch::x86_64::_mm_prefetch(p, core::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }
    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.slots[self.index(key)];
        (e.key == key && e.key != 0).then_some(e)
    }
    /// Stores a result (depth-preferred within the current generation).
    #[inline]
    pub fn store(&mut self, key: u64, mv: u16, score: i32, depth: i32, bound: u8) {
        let gen = self.generation;
        let i = self.index(key);
        let e = &mut self.slots[i];
        if e.key == key || e.generation != gen || depth as i8 >= e.depth || e.key == 0 {
            // Keep a known move when the new result has none.
            let mv = if mv == 0 && e.key == key { e.mv } else { mv };
            *e = Entry {
                key,
                mv,
                score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
                depth: depth.clamp(-1, 127) as i8,
                bound,
                generation: gen,
            };
        }
    }
}
