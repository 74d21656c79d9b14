//! Transposition table keyed by the rules engine's Zobrist hash.
//!
//! Fixed size (2^`ttBits` entries of 16 bytes, two per bucket), allocated
//! once per [`super::Searcher`] and reused across moves; a generation counter
//! makes old entries cheap to replace. Each bucket keeps the deepest and the
//! latest result. Single-threaded (the web worker owns its searcher).

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

/// Two entries sharing one index (32 bytes: half a cache line). The first
/// keeps the deepest result of the current search, the second the latest
/// one, so deep results survive and fresh ones still find a place.
#[derive(Clone, Copy, Default, Debug)]
#[repr(C, align(32))]
struct Bucket {
    deep: Entry,
    recent: Entry,
}

/// The table.
pub struct Tt {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: u8,
}

impl Tt {
    /// A table of 2^bits entries in 2^(bits−1) buckets (allocated here, once).
    pub fn new(bits: u32) -> Tt {
        let n = 1usize << bits.max(1) >> 1;
        Tt {
            buckets: vec![Bucket::default(); n],
            mask: n - 1,
            generation: 0,
        }
    }
    /// Number of entries.
    pub fn len(&self) -> usize {
        2 * self.buckets.len()
    }
    /// Always false (a table has at least one bucket).
    pub fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }
    /// Forgets everything (for reproducible benches).
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.generation = 0;
    }
    /// Starts a new search: older entries become replaceable.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }
    #[inline]
    fn index(&self, key: u64) -> usize {
        // High bits: the low bits of a Zobrist hash are as good, but this keeps
        // the bucket independent of the bits the key check compares first.
        ((key >> 20) ^ key) as usize & self.mask
    }
    /// Hints the CPU to fetch `key`'s bucket (x86-64 only; a no-op elsewhere,
    /// e.g. in wasm). Does not change any result.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.buckets.as_ptr().wrapping_add(self.index(key)) as *const i8;
            // SAFETY: prefetching is a hint; it never faults or reads memory
            // architecturally, and `p` points into the bucket vector.
            unsafe { core::arch::x86_64::_mm_prefetch(p, core::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }
    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = &self.buckets[self.index(key)];
        if key == 0 {
            None
        } else if b.deep.key == key {
            Some(b.deep)
        } else if b.recent.key == key {
            Some(b.recent)
        } else {
            None
        }
    }
    /// Stores a result: over the entry of the same position if there is one;
    /// else as the bucket's deep entry when it is at least as deep as the one
    /// there (or that one is from an older search), which moves down to
    /// replace the recent entry; else as the recent entry.
    #[inline]
    pub fn store(&mut self, key: u64, mv: u16, score: i32, depth: i32, bound: u8) {
        let gen = self.generation;
        let i = self.index(key);
        let b = &mut self.buckets[i];
        let old = if b.deep.key == key {
            Some(b.deep)
        } else if b.recent.key == key {
            Some(b.recent)
        } else {
            None
        };
        // Keep a known move when the new result has none.
        let mv = match old {
            Some(e) if mv == 0 => e.mv,
            _ => mv,
        };
        let e = Entry {
            key,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(-1, 127) as i8,
            bound,
            generation: gen,
        };
        if b.deep.key == key {
            b.deep = e;
        } else if b.recent.key == key {
            b.recent = e;
        } else if b.deep.key == 0 || b.deep.generation != gen || e.depth >= b.deep.depth {
            b.recent = b.deep;
            b.deep = e;
        } else {
            b.recent = e;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_results_survive_and_fresh_ones_find_a_place() {
        let mut t = Tt::new(4);
        t.new_search();
        assert_eq!(t.len(), 16);
        // Three keys in one bucket (same index bits, different keys).
        let (a, b, c) = (1u64 << 40 | 3, 2u64 << 40 | 3, 3u64 << 40 | 3);
        assert_eq!(t.index(a), t.index(b));
        assert_eq!(t.index(a), t.index(c));
        t.store(a, 7, 10, 5, EXACT);
        t.store(b, 8, 20, 1, LOWER);
        assert_eq!(t.probe(a).map(|e| (e.mv, e.depth)), Some((7, 5)));
        assert_eq!(t.probe(b).map(|e| (e.mv, e.depth)), Some((8, 1)));
        // A third shallow result replaces the recent one, not the deep one.
        t.store(c, 9, 30, 2, UPPER);
        assert!(t.probe(a).is_some() && t.probe(b).is_none());
        assert_eq!(t.probe(c).map(|e| e.score), Some(30));
        // Re-storing a position keeps its move when the new result has none.
        t.store(a, 0, 11, 6, EXACT);
        assert_eq!(t.probe(a).map(|e| (e.mv, e.score)), Some((7, 11)));
        // A new search makes old deep entries replaceable.
        t.new_search();
        t.store(b, 4, 0, 0, EXACT);
        assert_eq!(t.probe(b).map(|e| e.mv), Some(4));
        assert!(t.probe(a).is_some());
        t.clear();
        assert!(t.probe(a).is_none() && t.probe(0).is_none());
    }
}
