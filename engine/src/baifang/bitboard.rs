//! Bitboards: one bit per point, bit `i` = point `i = x + N·y` (N = board size).
//!
//! Everything here is computed at compile time from the board size in the spec,
//! so the rules only ever AND/OR/shift `u32`s and look up small tables.

use super::spec::BOARD_SIZE;

/// Board size N (points per side).
pub const N: usize = BOARD_SIZE;
/// Number of points, N².
pub const CELLS: usize = N * N;
/// All points of the board.
pub const ALL: u32 = if CELLS == 32 {
    u32::MAX
} else {
    (1u32 << CELLS) - 1
};
/// Number of squares (1×1 cells), (N−1)².
pub const NSQUARES: usize = (N - 1) * (N - 1);
/// Number of lines: N rows then N columns.
pub const NLINES: usize = 2 * N;

const fn bit(x: usize, y: usize) -> u32 {
    1u32 << (x + N * y)
}

const fn col_mask(x: usize) -> u32 {
    let mut m = 0;
    let mut y = 0;
    while y < N {
        m |= bit(x, y);
        y += 1;
    }
    m
}

/// Points in the first column (x = 0).
pub const FIRST_COL: u32 = col_mask(0);
/// Points in the last column (x = N−1).
pub const LAST_COL: u32 = col_mask(N - 1);
/// Top-left corners of the squares: x < N−1 and y < N−1.
pub const SQUARE_CORNERS: u32 = !LAST_COL & ((1u32 << (N * (N - 1))) - 1);

/// The four corners of square `s` (s = x + (N−1)·y of its top-left corner).
pub const SQUARES: [u32; NSQUARES] = {
    let mut t = [0u32; NSQUARES];
    let mut s = 0;
    while s < NSQUARES {
        let (x, y) = (s % (N - 1), s / (N - 1));
        t[s] = bit(x, y) | bit(x + 1, y) | bit(x, y + 1) | bit(x + 1, y + 1);
        s += 1;
    }
    t
};

/// Line masks: ids 0..N are rows y = id, ids N..2N are columns x = id − N.
pub const LINES: [u32; NLINES] = {
    let mut t = [0u32; NLINES];
    let mut i = 0;
    while i < N {
        let mut j = 0;
        while j < N {
            t[i] |= bit(j, i);
            t[N + i] |= bit(i, j);
            j += 1;
        }
        i += 1;
    }
    t
};

/// For each point, the bitset (over square ids) of the squares containing it.
pub const SQUARES_AT: [u16; CELLS] = {
    let mut t = [0u16; CELLS];
    let mut s = 0;
    while s < NSQUARES {
        let mut p = 0;
        while p < CELLS {
            if SQUARES[s] & (1 << p) != 0 {
                t[p] |= 1 << s;
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// For each point, the bitset (over line ids) of the lines containing it.
pub const LINES_AT: [u16; CELLS] = {
    let mut t = [0u16; CELLS];
    let mut p = 0;
    while p < CELLS {
        t[p] = (1 << (p / N)) | (1 << (N + p % N));
        p += 1;
    }
    t
};

/// Orthogonal neighbours of each point (diagonals never count in this game).
pub const NEIGHBOURS: [u32; CELLS] = {
    let mut t = [0u32; CELLS];
    let mut p = 0;
    while p < CELLS {
        let (x, y) = (p % N, p / N);
        if x > 0 {
            t[p] |= bit(x - 1, y);
        }
        if x + 1 < N {
            t[p] |= bit(x + 1, y);
        }
        if y > 0 {
            t[p] |= bit(x, y - 1);
        }
        if y + 1 < N {
            t[p] |= bit(x, y + 1);
        }
        p += 1;
    }
    t
};

/// Every point that shares a square or a line with `p`, `p` included.
pub const RELATED: [u32; CELLS] = {
    let mut t = [0u32; CELLS];
    let mut p = 0;
    while p < CELLS {
        let mut m = 0;
        let mut s = 0;
        while s < NSQUARES {
            if SQUARES[s] & (1 << p) != 0 {
                m |= SQUARES[s];
            }
            s += 1;
        }
        m |= LINES[p / N] | LINES[N + p % N];
        t[p] = m;
        p += 1;
    }
    t
};

/// Anti-looping context mask of a shuttle between adjacent points `a` and `b`:
/// every point other than `a` and `b` that shares a square or a line with either.
#[inline]
pub const fn context_mask(a: usize, b: usize) -> u32 {
    (RELATED[a] | RELATED[b]) & !(1 << a) & !(1 << b)
}

/// Squares fully occupied by `bb`, as a bitset over square ids.
#[inline]
pub fn squares_of(bb: u32) -> u16 {
    let corners = bb & (bb >> 1) & (bb >> N) & (bb >> (N + 1)) & SQUARE_CORNERS;
    // Compact the corner bits (x < N−1, y < N−1) into square ids.
    let mut out = 0u16;
    let mut y = 0;
    while y < N - 1 {
        let row = (corners >> (N * y)) & ((1 << (N - 1)) - 1);
        out |= (row as u16) << ((N - 1) * y);
        y += 1;
    }
    out
}

/// Lines fully occupied by `bb`, as a bitset over line ids.
#[inline]
pub fn lines_of(bb: u32) -> u16 {
    let mut out = 0u16;
    let mut i = 0;
    while i < NLINES {
        if bb & LINES[i] == LINES[i] {
            out |= 1 << i;
        }
        i += 1;
    }
    out
}

/// Points of `bb` that belong to at least one square or line of `bb`: the
/// shielded stones of the protection chain.
#[inline]
pub fn covered(bb: u32) -> u32 {
    let c = bb & (bb >> 1) & (bb >> N) & (bb >> (N + 1)) & SQUARE_CORNERS;
    let mut m = c | (c << 1) | (c << N) | (c << (N + 1));
    // Full rows (bits at x = 0) and full columns (bits at y = 0), then spread
    // over their lines by multiplication (the partial products are disjoint).
    let mut rows = FIRST_COL;
    let mut cols = LINES[0];
    let mut k = 0;
    while k < N {
        rows &= bb >> k;
        cols &= bb >> (N * k);
        k += 1;
    }
    m |= rows.wrapping_mul(LINES[0]) | cols.wrapping_mul(FIRST_COL);
    m
}

/// The stones of `stones` an owed capture may take (the shield): the loose ones, in no
/// square or line of their own side, or every stone once none is loose.
#[inline]
pub fn takeable(stones: u32) -> u32 {
    let loose = stones & !covered(stones);
    if loose != 0 {
        loose
    } else {
        stones
    }
}

/// Formations of `bb` that contain point `p`: (square-id bitset, line-id bitset).
/// Because `p` was empty before the action, each of them is new.
#[inline]
pub fn formations_at(bb: u32, p: usize) -> (u16, u16) {
    let mut sq = 0u16;
    let mut ids = SQUARES_AT[p];
    while ids != 0 {
        let s = ids.trailing_zeros() as usize;
        ids &= ids - 1;
        if bb & SQUARES[s] == SQUARES[s] {
            sq |= 1 << s;
        }
    }
    let mut ln = 0u16;
    let (r, c) = (p / N, N + p % N);
    if bb & LINES[r] == LINES[r] {
        ln |= 1 << r;
    }
    if bb & LINES[c] == LINES[c] {
        ln |= 1 << c;
    }
    (sq, ln)
}

/// Number of (stone, empty orthogonal neighbour) pairs: the count of moves.
#[inline]
pub fn count_steps(own: u32, empty: u32) -> u32 {
    let east = ((own & !LAST_COL) << 1) & empty;
    let west = ((own & !FIRST_COL) >> 1) & empty;
    let south = (own << N) & empty;
    let north = (own >> N) & empty;
    east.count_ones() + west.count_ones() + south.count_ones() + north.count_ones()
}

/// Whether some stone of `own` has an empty orthogonal neighbour.
#[inline]
pub fn can_step(own: u32, empty: u32) -> bool {
    (((own & !LAST_COL) << 1) | ((own & !FIRST_COL) >> 1) | (own << N) | (own >> N)) & empty != 0
}

/// Iterates over set bits of `bb`, lowest first.
#[inline]
pub fn bits(mut bb: u32) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if bb == 0 {
            None
        } else {
            let p = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            Some(p)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_counts() {
        assert_eq!(CELLS, 25);
        assert_eq!(NSQUARES, 16);
        assert_eq!(NLINES, 10);
        assert_eq!(SQUARES[0], 0b11 | (0b11 << 5));
        assert_eq!(LINES[0], 0b11111);
        assert_eq!(LINES[5], 1 | 1 << 5 | 1 << 10 | 1 << 15 | 1 << 20);
        assert_eq!(NEIGHBOURS[0], 0b10 | 1 << 5);
        assert_eq!(NEIGHBOURS[12].count_ones(), 4);
        assert_eq!(SQUARES_AT[12].count_ones(), 4);
        assert_eq!(SQUARES_AT[0].count_ones(), 1);
    }

    #[test]
    fn squares_of_matches_naive() {
        for seed in 0..2000u32 {
            let bb = seed.wrapping_mul(2_654_435_761) ^ (seed << 7);
            let bb = bb & ALL;
            let mut naive = 0u16;
            for (s, m) in SQUARES.iter().enumerate() {
                if bb & m == *m {
                    naive |= 1 << s;
                }
            }
            assert_eq!(squares_of(bb), naive);
            let mut cov = 0;
            for s in bits(naive as u32) {
                cov |= SQUARES[s];
            }
            for l in bits(lines_of(bb) as u32) {
                cov |= LINES[l];
            }
            assert_eq!(covered(bb), cov);
        }
    }

    #[test]
    fn diagonal_is_nothing() {
        let diag = (0..5).fold(0u32, |m, i| m | 1 << (i * 6));
        assert_eq!(covered(diag), 0);
        for p in bits(diag) {
            assert_eq!(formations_at(diag, p), (0, 0));
        }
    }
}
