//! A set of path steps (0-based) as a fixed-width bitset, sized for the engine's
//! largest board, with the shifts the step reasoning needs.

use super::super::model::MAX_CELLS;

const W: usize = MAX_CELLS.div_ceil(64);

/// Steps `0..MAX_CELLS`, bit `s` for the path's step `s + 1`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StepSet([u64; W]);

impl StepSet {
    pub const EMPTY: StepSet = StepSet([0; W]);

    /// Steps `0..n`.
    pub fn below(n: usize) -> StepSet {
        let mut b = StepSet::EMPTY;
        for (k, w) in b.0.iter_mut().enumerate() {
            let lo = k * 64;
            if n >= lo + 64 {
                *w = u64::MAX;
            } else if n > lo {
                *w = (1u64 << (n - lo)) - 1;
            }
        }
        b
    }

    /// Steps `lo..hi`.
    pub fn range(lo: usize, hi: usize) -> StepSet {
        if hi <= lo {
            StepSet::EMPTY
        } else {
            StepSet::below(hi).minus(StepSet::below(lo))
        }
    }

    pub fn single(s: usize) -> StepSet {
        let mut b = StepSet::EMPTY;
        b.insert(s);
        b
    }

    #[inline]
    pub fn has(self, s: usize) -> bool {
        s < W * 64 && self.0[s >> 6] >> (s & 63) & 1 == 1
    }

    #[inline]
    pub fn insert(&mut self, s: usize) {
        self.0[s >> 6] |= 1 << (s & 63);
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The smallest step.
    #[inline]
    pub fn first(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(k, &w)| k * 64 + w.trailing_zeros() as usize)
    }

    /// The step, when exactly one is left.
    #[inline]
    pub fn only(self) -> Option<usize> {
        if self.count() == 1 {
            self.first()
        } else {
            None
        }
    }

    #[inline]
    pub fn and(self, o: StepSet) -> StepSet {
        let mut r = self;
        for k in 0..W {
            r.0[k] &= o.0[k];
        }
        r
    }

    #[inline]
    pub fn or(self, o: StepSet) -> StepSet {
        let mut r = self;
        for k in 0..W {
            r.0[k] |= o.0[k];
        }
        r
    }

    #[inline]
    pub fn minus(self, o: StepSet) -> StepSet {
        let mut r = self;
        for k in 0..W {
            r.0[k] &= !o.0[k];
        }
        r
    }

    #[inline]
    pub fn intersects(self, o: StepSet) -> bool {
        (0..W).any(|k| self.0[k] & o.0[k] != 0)
    }

    #[inline]
    pub fn is_subset(self, o: StepSet) -> bool {
        (0..W).all(|k| self.0[k] & !o.0[k] == 0)
    }

    /// Every step moved one later (`s` → `s + 1`).
    #[inline]
    pub fn up(self) -> StepSet {
        let mut r = StepSet::EMPTY;
        let mut carry = 0;
        for k in 0..W {
            r.0[k] = self.0[k] << 1 | carry;
            carry = self.0[k] >> 63;
        }
        r
    }

    /// Every step moved one earlier (`s` → `s - 1`, step 0 dropped).
    #[inline]
    pub fn down(self) -> StepSet {
        let mut r = StepSet::EMPTY;
        for k in 0..W {
            let hi = if k + 1 < W { self.0[k + 1] << 63 } else { 0 };
            r.0[k] = self.0[k] >> 1 | hi;
        }
        r
    }

    /// The steps one away from some step of `self`.
    #[inline]
    pub fn beside(self) -> StepSet {
        self.up().or(self.down())
    }

    /// The steps in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..W).flat_map(move |k| {
            let mut w = self.0[k];
            std::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Some(k * 64 + b)
                }
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_words() {
        let s = StepSet::single(63).or(StepSet::single(0));
        assert_eq!(s.up().iter().collect::<Vec<_>>(), vec![1, 64]);
        assert_eq!(s.down().iter().collect::<Vec<_>>(), vec![62]);
        assert_eq!(StepSet::single(64).down().only(), Some(63));
        assert_eq!(
            StepSet::single(5).beside().iter().collect::<Vec<_>>(),
            vec![4, 6]
        );
        assert_eq!(StepSet::range(3, 7).count(), 4);
        assert_eq!(StepSet::below(MAX_CELLS).count() as usize, MAX_CELLS);
        assert!(StepSet::single(3).is_subset(StepSet::range(0, 4)));
        assert_eq!(StepSet::range(70, 72).first(), Some(70));
    }
}
