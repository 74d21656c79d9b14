//! A cache of static evaluations keyed by the rules' Zobrist hash.
//!
//! The evaluation is a pure function of the position, so a cached score is
//! exactly the score [`super::eval::evaluate`] would return: the cache changes
//! speed, never a result, and needs no clearing between searches. Leaves
//! reached by transposition (the placing phase is full of them: the same
//! stones placed in another order) are evaluated once.
//!
//! One `u64` per slot: the slot index is the hash's low [`INDEX_BITS`] bits,
//! the entry holds the hash's other bits and the score in the low 16 bits, so
//! a hit compares all 64 bits of the hash.

/// log2 of the slot count (2^16 slots of 8 bytes = 512 KiB).
pub const INDEX_BITS: u32 = 16;
const MASK: u64 = (1 << INDEX_BITS) - 1;
const SCORE_BITS: u32 = 16;
const _: () = assert!(INDEX_BITS >= SCORE_BITS);

/// The cache.
pub struct EvalCache {
    slots: Vec<u64>,
}

impl EvalCache {
    /// An empty cache (allocated here, once).
    pub fn new() -> EvalCache {
        EvalCache {
            slots: vec![0; 1 << INDEX_BITS],
        }
    }

    /// Forgets every entry (for reproducible timings).
    pub fn clear(&mut self) {
        self.slots.fill(0);
    }

    /// The stored score of the position with hash `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<i32> {
        let e = self.slots[(key & MASK) as usize];
        // An all-zero entry is an empty slot; keys that would store one are
        // never stored (see `put`).
        (e != 0 && (e ^ key) & !MASK == 0).then_some(e as u16 as i16 as i32)
    }

    /// Stores `score` for `key` (scores outside `i16` are not cached).
    #[inline]
    pub fn put(&mut self, key: u64, score: i32) {
        let tag = key & !MASK;
        if tag != 0 && i16::try_from(score).is_ok() {
            self.slots[(key & MASK) as usize] = tag | score as i16 as u16 as u64;
        }
    }

    /// Hints the CPU to fetch `key`'s slot (x86-64 only; a no-op elsewhere).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.slots.as_ptr().wrapping_add((key & MASK) as usize) as *const i8;
            // SAFETY: prefetching is a hint; it never faults or reads memory
            // architecturally, and `p` points into the slot vector.
            unsafe { core::arch::x86_64::_mm_prefetch(p, core::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_exact_keys_only() {
        let mut c = EvalCache::new();
        let k = 0x1234_5678_9abc_def0u64;
        assert_eq!(c.get(k), None);
        c.put(k, -321);
        assert_eq!(c.get(k), Some(-321));
        // Same slot, different high bits: a miss, not a wrong hit.
        assert_eq!(c.get(k ^ 1 << 40), None);
        c.put(k ^ 1 << 40, 77);
        assert_eq!(c.get(k), None);
        assert_eq!(c.get(k ^ 1 << 40), Some(77));
        // Out-of-range scores and all-zero tags are not cached.
        c.put(5, 1);
        assert_eq!(c.get(5), None);
        c.put(k, 40_000);
        assert_eq!(c.get(k), None);
        c.clear();
        assert_eq!(c.get(k ^ 1 << 40), None);
    }
}
