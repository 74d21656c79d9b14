//! The 8 symmetries of the board and the per-signature combinatorial index.
//!
//! A table position is (the mover's stones, the opponent's stones) with the
//! mover to move: the rules treat the colours alike in the moving phase, so one
//! table serves Black and White. Its slot is `class × C(25 − m, o) + rank`:
//! `class` numbers the mover's stone sets up to symmetry, `rank` is the colex
//! rank of the opponent's stones among the points the mover leaves free. The
//! canonical form of a position is its least image `(g(mover), g(opp))` over
//! the 8 symmetries; slots whose position is not canonical are unused.

use crate::baifang::bitboard::{CELLS, N};

/// Number of symmetries of the square board.
pub const SYMS: usize = 8;

/// Image of point `p` under symmetry `g` (rotations and reflections).
const fn map_point(g: usize, p: usize) -> usize {
    let (x, y) = (p % N, p / N);
    let m = N - 1;
    let (nx, ny) = match g {
        0 => (x, y),
        1 => (m - y, x),
        2 => (m - x, m - y),
        3 => (y, m - x),
        4 => (m - x, y),
        5 => (x, m - y),
        6 => (y, x),
        _ => (m - y, m - x),
    };
    nx + N * ny
}

/// Per symmetry and row, the image of each 5-bit row pattern: a permutation
/// of a 25-bit set is then five lookups.
static ROW_MAP: [[[u32; 1 << N]; N]; SYMS] = {
    let mut t = [[[0u32; 1 << N]; N]; SYMS];
    let mut g = 0;
    while g < SYMS {
        let mut r = 0;
        while r < N {
            let mut v = 0;
            while v < 1 << N {
                let mut img = 0u32;
                let mut x = 0;
                while x < N {
                    if v >> x & 1 == 1 {
                        img |= 1 << map_point(g, x + N * r);
                    }
                    x += 1;
                }
                t[g][r][v] = img;
                v += 1;
            }
            r += 1;
        }
        g += 1;
    }
    t
};

/// The image of the point set `bb` under symmetry `g`.
#[inline]
pub fn apply_sym(g: usize, bb: u32) -> u32 {
    let t = &ROW_MAP[g];
    let mask = (1u32 << N) - 1;
    let mut img = 0;
    for (r, row) in t.iter().enumerate() {
        img |= row[((bb >> (N * r)) & mask) as usize];
    }
    img
}

/// Binomial coefficients up to 25 choose 25.
static BINOM: [[u32; CELLS + 1]; CELLS + 1] = {
    let mut t = [[0u32; CELLS + 1]; CELLS + 1];
    let mut n = 0;
    while n <= CELLS {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `n` choose `k` (0 when k > n).
#[inline]
pub fn binom(n: usize, k: usize) -> u32 {
    if k > n {
        0
    } else {
        BINOM[n][k]
    }
}

/// The least image of `(mover, opp)` over the symmetries.
#[inline]
pub fn canonical(mover: u32, opp: u32) -> (u32, u32) {
    let mut best = (mover, opp);
    for g in 1..SYMS {
        let m = apply_sym(g, mover);
        if m < best.0 || (m == best.0 && apply_sym(g, opp) < best.1) {
            best = (m, apply_sym(g, opp));
        }
    }
    best
}

/// The index of one signature: `m` mover stones against `o` opponent stones.
pub struct Index {
    /// Mover stones.
    pub m: usize,
    /// Opponent stones.
    pub o: usize,
    /// Canonical mover sets, ascending (the class of a set is its position here).
    classes: Vec<u32>,
    /// Opponent placements per class: C(25 − m, o).
    per_class: u64,
}

impl Index {
    /// Builds the class list of signature `m` v `o` (the mover's sets up to symmetry).
    pub fn new(m: usize, o: usize) -> Index {
        let mut classes = Vec::new();
        let mut set: u32 = (1 << m) - 1;
        while set < 1 << CELLS {
            if (1..SYMS).all(|g| apply_sym(g, set) >= set) {
                classes.push(set);
            }
            set = next_combination(set);
        }
        Index {
            m,
            o,
            classes,
            per_class: binom(CELLS - m, o) as u64,
        }
    }
    /// Number of slots.
    pub fn len(&self) -> u64 {
        self.classes.len() as u64 * self.per_class
    }
    /// Whether the index has no slot (never for a real signature).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Number of mover classes.
    pub fn classes(&self) -> usize {
        self.classes.len()
    }
    /// Slot of a position already in canonical form.
    #[inline]
    pub fn slot_of_canonical(&self, mover: u32, opp: u32) -> u64 {
        let class = self
            .classes
            .binary_search(&mover)
            .expect("a canonical mover set has a class");
        let free = crate::baifang::bitboard::ALL & !mover;
        class as u64 * self.per_class + colex_rank(compress(opp, free)) as u64
    }
    /// Slot of any position of this signature (canonicalised first).
    #[inline]
    pub fn slot(&self, mover: u32, opp: u32) -> u64 {
        let (m, o) = canonical(mover, opp);
        self.slot_of_canonical(m, o)
    }
    /// The position of a slot and whether it is canonical (a used slot).
    pub fn position(&self, slot: u64) -> (u32, u32, bool) {
        let class = (slot / self.per_class) as usize;
        let mover = self.classes[class];
        let free = crate::baifang::bitboard::ALL & !mover;
        let opp = deposit(colex_unrank((slot % self.per_class) as u32, self.o), free);
        (mover, opp, canonical(mover, opp) == (mover, opp))
    }
    /// Every position of class `class` in slot order: (mover, opp) pairs.
    pub fn class_positions(&self, class: usize) -> impl Iterator<Item = (u32, u32)> + '_ {
        let mover = self.classes[class];
        let free = crate::baifang::bitboard::ALL & !mover;
        let limit = 1u32 << (CELLS - self.m);
        let mut comb: u32 = (1 << self.o) - 1;
        core::iter::from_fn(move || {
            if comb >= limit {
                return None;
            }
            let out = (mover, deposit(comb, free));
            comb = next_combination(comb);
            Some(out)
        })
    }
}

/// The next larger integer with the same number of set bits (Gosper's hack):
/// visits k-subsets in colex order, the order of [`colex_rank`].
#[inline]
fn next_combination(x: u32) -> u32 {
    if x == 0 {
        return u32::MAX;
    }
    let c = x & x.wrapping_neg();
    let r = x + c;
    (((r ^ x) >> 2) / c) | r
}

/// The bits of `bb` (a subset of `free`) renumbered as positions among `free`.
#[inline]
fn compress(bb: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut rest = bb;
    while rest != 0 {
        let p = rest.trailing_zeros();
        rest &= rest - 1;
        out |= 1 << (free & ((1u32 << p) - 1)).count_ones();
    }
    out
}

/// Inverse of [`compress`]: bit i of `bits` goes to the i-th point of `free`.
#[inline]
fn deposit(bits: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut f = free;
    let mut i = 0;
    while f != 0 {
        let p = f.trailing_zeros();
        f &= f - 1;
        if bits >> i & 1 == 1 {
            out |= 1 << p;
        }
        i += 1;
    }
    out
}

/// Colex rank of a k-subset: Σ C(position_i, i + 1).
#[inline]
fn colex_rank(bits: u32) -> u32 {
    let mut r = 0;
    let mut rest = bits;
    let mut i = 1;
    while rest != 0 {
        let p = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        r += binom(p, i);
        i += 1;
    }
    r
}

/// The k-subset of colex rank `rank`.
fn colex_unrank(mut rank: u32, k: usize) -> u32 {
    let mut out = 0;
    for i in (1..=k).rev() {
        let mut p = i - 1;
        while binom(p + 1, i) <= rank {
            p += 1;
        }
        rank -= binom(p, i);
        out |= 1 << p;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baifang::bitboard::{LINES, NEIGHBOURS, SQUARES};

    #[test]
    fn symmetries_keep_formations_and_adjacency() {
        for g in 0..SYMS {
            for s in SQUARES {
                assert!(SQUARES.contains(&apply_sym(g, s)));
            }
            for l in LINES {
                assert!(LINES.contains(&apply_sym(g, l)));
            }
            for (p, &nb) in NEIGHBOURS.iter().enumerate() {
                let img = apply_sym(g, 1 << p).trailing_zeros() as usize;
                assert_eq!(apply_sym(g, nb), NEIGHBOURS[img]);
            }
        }
    }

    #[test]
    fn rank_round_trips_and_slots_are_dense() {
        for r in 0..binom(21, 4) {
            assert_eq!(colex_rank(colex_unrank(r, 4)), r);
        }
        let idx = Index::new(4, 4);
        let mut seen = 0u64;
        for slot in (0..idx.len()).step_by(997) {
            let (m, o, canon) = idx.position(slot);
            assert_eq!(m & o, 0);
            if canon {
                assert_eq!(idx.slot_of_canonical(m, o), slot);
                seen += 1;
            }
            assert_eq!(idx.slot(m, o), idx.slot(apply_sym(3, m), apply_sym(3, o)));
        }
        assert!(seen > 0);
    }
}
