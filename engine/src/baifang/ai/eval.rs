//! Static evaluation: integer, from the side to move's point of view, a stone
//! worth [`STONE`].
//!
//! Terms (each computed for both sides, own minus enemy):
//! - material: stones on the board plus in hand (what the fewer-than-four
//!   rule counts);
//! - protection: stones inside an own square or line are shielded while the
//!   side still has loose stones; loose stones are the ones captures take;
//! - near-formations: three stones of a square / four of a line whose last
//!   point is empty and can be filled (in placing: a stone in hand; in moving:
//!   an own stone next to it that is not part of the formation), and the
//!   weaker "two of a square with two empty";
//! - mobility in the moving phase (number of legal steps), with a penalty when
//!   nearly walled in (no steps = a loss at the next turn start).
//!
//! Immediate tactics (a formation the side to move completes now) are left to
//! the quiescence search, so the static terms stay positional.

use super::super::bitboard::{ALL, CELLS, FIRST_COL, LAST_COL, LINES, N, SQUARE_CORNERS};
use super::super::state::{Phase, State};

/// Value of one stone.
pub const STONE: i32 = 100;

/// Evaluation weights (a stone = [`STONE`]).
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// Per stone in an own formation while the side has loose stones.
    pub protected: i32,
    /// Square with 3 own stones and a fillable 4th point.
    pub square_threat: i32,
    /// Line with 4 own stones and a fillable 5th point.
    pub line_threat: i32,
    /// Square with 2 own stones and 2 empty points (placing phase).
    pub square_two: i32,
    /// A point that completes two threats at once (a fork).
    pub fork: i32,
    /// Per legal step in the moving phase.
    pub mobility: i32,
    /// Side to move bonus.
    pub tempo: i32,
}

/// The weights every strength uses.
pub const WEIGHTS: Weights = Weights {
    protected: 6,
    square_threat: 28,
    line_threat: 40,
    square_two: 5,
    fork: 30,
    mobility: 4,
    tempo: 8,
};

/// The four corner sets of `x` over the squares: bit q (a square's top-left
/// point) is set in the first set when `x` holds that square's top-left
/// corner, in the second its top-right, then bottom-left, bottom-right.
#[inline]
fn corners(x: u32) -> [u32; 4] {
    let c = SQUARE_CORNERS;
    [x & c, (x >> 1) & c, (x >> N) & c, (x >> (N + 1)) & c]
}

/// Near-squares from corner sets: for each missing corner (top-left,
/// top-right, bottom-left, bottom-right), the squares (at their top-left
/// point) whose other three corners are own and the missing one empty.
#[inline]
fn near_squares_of(o: &[u32; 4], e: &[u32; 4]) -> [u32; 4] {
    [
        e[0] & o[1] & o[2] & o[3],
        o[0] & e[1] & o[2] & o[3],
        o[0] & o[1] & e[2] & o[3],
        o[0] & o[1] & o[2] & e[3],
    ]
}

/// Near-squares of `own`: for each missing corner (top-left, top-right,
/// bottom-left, bottom-right), the top-left corners of the squares with the
/// other three corners own and the missing one empty. Bit-parallel.
#[inline]
pub fn near_squares(own: u32, empty: u32) -> [u32; 4] {
    near_squares_of(&corners(own), &corners(empty))
}

/// How the points of `x` fall on the lines: rows holding at least one point
/// of `x`, rows holding at least two (both as bits at x = 0 of the row), then
/// the same for columns (as bits at y = 0). Bit-parallel over the N lines.
#[inline]
fn line_counts(x: u32) -> [u32; 4] {
    let (mut one_r, mut two_r, mut one_c, mut two_c) = (0, 0, 0, 0);
    for k in 0..N {
        let r = (x >> k) & FIRST_COL;
        two_r |= one_r & r;
        one_r |= r;
        let c = (x >> (N * k)) & LINES[0];
        two_c |= one_c & c;
        one_c |= c;
    }
    [one_r, two_r, one_c, two_c]
}

/// Spreads row bits (at x = 0) over their rows.
#[inline]
fn spread_rows(r: u32) -> u32 {
    // Fields are N apart and N wide: the partial products never overlap.
    r.wrapping_mul(LINES[0])
}

/// Spreads column bits (at y = 0) over their columns.
#[inline]
fn spread_cols(c: u32) -> u32 {
    c.wrapping_mul(FIRST_COL)
}

/// Near-lines from [`line_counts`] of the points `own` does not hold: the
/// empty point of every row (first value) and column (second value) with
/// N−1 own stones. A line qualifies when exactly one of its points is not
/// own and that point is empty.
#[inline]
fn near_lines_of(not_own: &[u32; 4], empty: u32) -> (u32, u32) {
    (
        empty & !spread_rows(not_own[1]),
        empty & !spread_cols(not_own[3]),
    )
}

/// Near-lines of `own`: the empty point of every row (first value) and
/// column (second value) that holds N−1 own stones and one empty point.
#[inline]
pub fn near_lines(own: u32, empty: u32) -> (u32, u32) {
    near_lines_of(&line_counts(ALL & !own), empty)
}

/// Empty points where a stone of `own` would complete a square or a line
/// (placing there forms; stepping there forms unless the stepping stone was
/// part of it).
#[inline]
pub fn fill_points(own: u32, empty: u32) -> u32 {
    let [a, b, c, d] = near_squares(own, empty);
    let (r, c2) = near_lines(own, empty);
    a | b << 1 | c << N | d << (N + 1) | r | c2
}

// ---- both sides at once ----
//
// The evaluation works on "lanes": a `u64` holding the side to move's bits
// in its low 32 bits and the other side's in its high 32 (the same 25-bit
// layout in each), so every bit-parallel step serves both sides. Masks are
// doubled with `both`; a shift that moves a bit across the halves is always
// followed by a mask that removes it, and products never carry across.

/// The low lane (the side to move).
const LOW: u64 = ALL as u64;
/// The high lane (the other side).
const HIGH: u64 = LOW << 32;
/// Both lanes of the board.
const ALL2: u64 = LOW | HIGH;

/// `m` in both lanes.
#[inline]
const fn both(m: u32) -> u64 {
    m as u64 | (m as u64) << 32
}

/// [`corners`] in both lanes.
#[inline]
fn corners2(x: u64) -> [u64; 4] {
    let c = both(SQUARE_CORNERS);
    [x & c, (x >> 1) & c, (x >> N) & c, (x >> (N + 1)) & c]
}

/// [`line_counts`] in both lanes.
#[inline]
fn line_counts2(x: u64) -> [u64; 4] {
    let (mut one_r, mut two_r, mut one_c, mut two_c) = (0, 0, 0, 0);
    for k in 0..N {
        let r = (x >> k) & both(FIRST_COL);
        two_r |= one_r & r;
        one_r |= r;
        let c = (x >> (N * k)) & both(LINES[0]);
        two_c |= one_c & c;
        one_c |= c;
    }
    [one_r, two_r, one_c, two_c]
}

/// Population count of the low lane minus that of the high lane: the high
/// lane is complemented (within the board) so one count does both.
#[inline]
fn lane_diff(x: u64) -> i32 {
    (x ^ HIGH).count_ones() as i32 - CELLS as i32
}

/// Whether each lane of `x` is non-zero, as a lane mask.
#[inline]
fn nonzero_lanes(x: u64) -> u64 {
    (if x & LOW != 0 { LOW } else { 0 }) | (if x & HIGH != 0 { HIGH } else { 0 })
}

/// Per-byte population counts of `x` (each byte holds the count of its bits).
#[inline]
fn byte_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
}

/// Legal steps of each side (low lane, high lane): stone–empty-neighbour
/// pairs, as `count_steps` counts them.
#[inline]
fn steps2(x: u64, empty2: u64) -> (i32, i32) {
    let east = ((x & !both(LAST_COL)) << 1) & empty2;
    let west = ((x & !both(FIRST_COL)) >> 1) & empty2;
    let south = (x << N) & empty2;
    let north = (x >> N) & empty2;
    // Every byte sum stays below 256: a side has at most 4·12 steps.
    let b = byte_counts(east) + byte_counts(west) + byte_counts(south) + byte_counts(north);
    let t = b.wrapping_mul(0x0101_0101_0101_0101);
    let low = ((t >> 24) & 0xFF) as i32;
    (low, (t >> 56) as i32 - low)
}

/// Evaluates `s` for the side to move (meant for positions with no capture
/// pending; a finished game is scored by the search, not here).
#[inline]
pub fn evaluate(s: &State) -> i32 {
    evaluate_with(s, &WEIGHTS)
}

/// [`evaluate`] with explicit weights (tuning).
#[inline]
pub fn evaluate_with(s: &State, w: &Weights) -> i32 {
    let me = s.to_move();
    let op = me.other();
    let x = s.stones(me) as u64 | (s.stones(op) as u64) << 32;
    let empty = s.empty();
    let empty2 = both(empty);
    let placing = s.phase() == Phase::Placing;
    let co = corners2(x);
    let ce = corners2(empty2);
    let not_own = line_counts2(ALL2 & !x);
    let spread_rows2 = |r: u64| r.wrapping_mul(LINES[0] as u64);
    let spread_cols2 = |c: u64| c.wrapping_mul(FIRST_COL as u64);

    // Protection: stones in own squares, full rows and full columns count
    // while the side still has loose stones.
    let sq = co[0] & co[1] & co[2] & co[3];
    let cov = sq
        | sq << 1
        | sq << N
        | sq << (N + 1)
        | spread_rows2(both(FIRST_COL) & !not_own[0])
        | spread_cols2(both(LINES[0]) & !not_own[2]);
    let protected = cov & nonzero_lanes(x & !cov);

    // In placing, a side with an empty hand has no threats.
    let active = if placing {
        (if s.in_hand(me) > 0 { LOW } else { 0 }) | (if s.in_hand(op) > 0 { HIGH } else { 0 })
    } else {
        LOW | HIGH
    };
    let [a, b, c, d] = [
        ce[0] & co[1] & co[2] & co[3],
        co[0] & ce[1] & co[2] & co[3],
        co[0] & co[1] & ce[2] & co[3],
        co[0] & co[1] & co[2] & ce[3],
    ];
    // Near-lines: exactly one point not own, and it is empty.
    let mut rows = empty2 & !spread_rows2(not_own[1]);
    let mut cols = empty2 & !spread_cols2(not_own[3]);
    let (threats, fills, twos);
    if placing {
        // A square has one missing corner, so the four sets are disjoint.
        threats = a | b | c | d;
        fills = a | b << 1 | c << N | d << (N + 1);
        let cp = co.map(|v| v.rotate_left(32)); // the enemy's corners
        let clean = !(cp[0] | cp[1] | cp[2] | cp[3]) & both(SQUARE_CORNERS);
        twos = (co[0] & (co[1] | co[2] | co[3]) | co[1] & (co[2] | co[3]) | co[2] & co[3]) & clean;
    } else {
        // Own stones left / right / above / below of each point: a step into
        // a square's hole must come from outside the square, a row's hole from
        // above or below, a column's from the left or right.
        let left = (x << 1) & !both(FIRST_COL) & ALL2;
        let right = (x >> 1) & !both(LAST_COL) & ALL2;
        let up = (x << N) & ALL2;
        let down = (x >> N) & ALL2;
        let la = a & (left | up);
        let lb = (b << 1) & (right | up);
        let lc = (c << N) & (left | down);
        let ld = (d << (N + 1)) & (right | down);
        threats = la | lb >> 1 | lc >> N | ld >> (N + 1);
        fills = la | lb | lc | ld;
        rows &= up | down;
        cols &= left | right;
        twos = 0;
    }
    rows &= active;
    cols &= active;
    let fills = (fills | rows | cols) & active;
    // Two different completion points: the enemy cannot stop both.
    let fork = |f: u32| (f & f.wrapping_sub(1) != 0) as i32;
    let forks = fork(fills as u32) - fork((fills >> 32) as u32);

    let hands = s.in_hand(me) as i32 - s.in_hand(op) as i32;
    let mut score = STONE * (lane_diff(x) + hands)
        + w.protected * lane_diff(protected)
        + w.square_threat * lane_diff(threats & active)
        + w.square_two * lane_diff(twos & active)
        + w.line_threat * (lane_diff(rows) + lane_diff(cols))
        + w.fork * forks;
    if !placing {
        let (m_own, m_opp) = steps2(x, empty2);
        score += w.mobility * (m_own - m_opp);
        // Nearly walled in: one or two steps left is dangerous.
        if m_own <= 2 {
            score -= 30 * (3 - m_own);
        }
        if m_opp <= 2 {
            score += 30 * (3 - m_opp);
        }
    }
    score + w.tempo
}

#[cfg(test)]
mod tests {
    use super::super::super::bitboard::{bits, formations_at};
    use super::super::super::state::Side;
    use super::*;

    /// The straightforward first formulation of the evaluation, kept as the
    /// oracle the bit-parallel one must match exactly.
    mod reference {
        use super::super::super::super::bitboard::{
            count_steps, covered, ALL, FIRST_COL, LAST_COL, LINES, N, SQUARE_CORNERS,
        };
        use super::super::super::super::state::{Phase, State};
        use super::super::{Weights, STONE};

        /// Near-squares of `own`: for each missing corner (top-left, top-right,
        /// bottom-left, bottom-right), the top-left corners of the squares with the
        /// other three corners own and the missing one empty. Bit-parallel.
        #[inline]
        pub(super) fn near_squares(own: u32, empty: u32) -> [u32; 4] {
            let c = SQUARE_CORNERS;
            let (tl, tr, bl, br) = (
                own & c,
                (own >> 1) & c,
                (own >> N) & c,
                (own >> (N + 1)) & c,
            );
            let (etl, etr, ebl, ebr) = (
                empty & c,
                (empty >> 1) & c,
                (empty >> N) & c,
                (empty >> (N + 1)) & c,
            );
            [
                etl & tr & bl & br,
                tl & etr & bl & br,
                tl & tr & ebl & br,
                tl & tr & bl & ebr,
            ]
        }

        /// "At least all but one" of `a` (bitwise over parallel fields).
        #[inline]
        fn all_but_one(a: &[u32; N]) -> u32 {
            let mut pre = [u32::MAX; N + 1];
            for i in 0..N {
                pre[i + 1] = pre[i] & a[i];
            }
            let mut out = 0;
            let mut suf = u32::MAX;
            for j in (0..N).rev() {
                out |= pre[j] & suf;
                suf &= a[j];
            }
            out
        }

        /// Near-lines of `own`: the empty point of every row (first value) and
        /// column (second value) that holds N−1 own stones and one empty point.
        /// Bit-parallel: rows are N-bit fields, columns are strided fields.
        #[inline]
        pub(super) fn near_lines(own: u32, empty: u32) -> (u32, u32) {
            let open = own | empty;
            let row_start = FIRST_COL; // bit (0, y) of every row
            let col_start = LINES[0]; // bit (x, 0) of every column
            let mut ro = [0u32; N];
            let mut rt = [0u32; N];
            let mut co = [0u32; N];
            let mut ct = [0u32; N];
            for k in 0..N {
                ro[k] = (own >> k) & row_start;
                rt[k] = (open >> k) & row_start;
                co[k] = (own >> (N * k)) & col_start;
                ct[k] = (open >> (N * k)) & col_start;
            }
            let all = |a: &[u32; N]| a.iter().fold(u32::MAX, |m, x| m & x);
            let rows = all_but_one(&ro) & !all(&ro) & all(&rt);
            let cols = all_but_one(&co) & !all(&co) & all(&ct);
            // Spread the field bits over their lines (no carries: fields are disjoint).
            let row_pts = rows.wrapping_mul(col_start) & empty;
            let col_pts = cols.wrapping_mul(row_start) & empty;
            (row_pts, col_pts)
        }

        /// Positional terms of one side (material excluded).
        #[inline]
        fn side_terms(own: u32, opp: u32, empty: u32, placing: bool, hand: u8, w: &Weights) -> i32 {
            let mut score = 0;
            // Protection: shielded stones count only while loose ones exist.
            let cov = covered(own);
            if own & !cov != 0 {
                score += w.protected * (cov & own).count_ones() as i32;
            }
            let [a, b, c, d] = near_squares(own, empty);
            let (pa, pb, pc, pd) = (a, b << 1, c << N, d << (N + 1));
            let mut fills;
            let threats;
            // Own stones left / right / above / below of each point.
            let left = (own << 1) & !FIRST_COL & ALL;
            let right = (own >> 1) & !LAST_COL;
            let up = (own << N) & ALL;
            let down = own >> N;
            if placing {
                if hand == 0 {
                    return score;
                }
                // A square has one missing corner, so the four sets are disjoint.
                threats = (a | b | c | d).count_ones();
                fills = pa | pb | pc | pd;
                // Two-stone squares with no enemy stone: building blocks.
                let c4 = SQUARE_CORNERS;
                let o = [
                    own & c4,
                    (own >> 1) & c4,
                    (own >> N) & c4,
                    (own >> (N + 1)) & c4,
                ];
                let x = [
                    opp & c4,
                    (opp >> 1) & c4,
                    (opp >> N) & c4,
                    (opp >> (N + 1)) & c4,
                ];
                let clean = !(x[0] | x[1] | x[2] | x[3]) & c4;
                let two =
                    (o[0] & (o[1] | o[2] | o[3]) | o[1] & (o[2] | o[3]) | o[2] & o[3]) & clean;
                score += w.square_two * two.count_ones() as i32;
            } else {
                // A step into the hole must come from outside the square.
                let la = pa & (left | up);
                let lb = pb & (right | up);
                let lc = pc & (left | down);
                let ld = pd & (right | down);
                // Back to square ids (disjoint, as above): one population count.
                threats = (la | lb >> 1 | lc >> N | ld >> (N + 1)).count_ones();
                fills = la | lb | lc | ld;
            }
            score += w.square_threat * threats as i32;
            // Near-lines: one empty point each. In moving, a row's hole must be
            // entered from above or below, a column's from the left or right.
            let (rows, cols) = near_lines(own, empty);
            let (rows, cols) = if placing {
                (rows, cols)
            } else {
                (rows & (up | down), cols & (left | right))
            };
            score += w.line_threat * (rows.count_ones() + cols.count_ones()) as i32;
            fills |= rows | cols;
            // Two different completion points: the enemy cannot stop both.
            if fills & fills.wrapping_sub(1) != 0 {
                score += w.fork;
            }
            score
        }

        /// The evaluation as first written.
        #[inline]
        pub(super) fn evaluate_with(s: &State, w: &Weights) -> i32 {
            let me = s.to_move();
            let op = me.other();
            let own = s.stones(me);
            let opp = s.stones(op);
            let empty = s.empty();
            let placing = s.phase() == Phase::Placing;
            let mut score = STONE * (s.material(me) as i32 - s.material(op) as i32);
            score += side_terms(own, opp, empty, placing, s.in_hand(me), w);
            score -= side_terms(opp, own, empty, placing, s.in_hand(op), w);
            if !placing {
                let m_own = count_steps(own, empty) as i32;
                let m_opp = count_steps(opp, empty) as i32;
                score += w.mobility * (m_own - m_opp);
                // Nearly walled in: one or two steps left is dangerous.
                if m_own <= 2 {
                    score -= 30 * (3 - m_own);
                }
                if m_opp <= 2 {
                    score += 30 * (3 - m_opp);
                }
            }
            score + w.tempo
        }
    }

    fn boards(seed: u32) -> (u32, u32) {
        let x = seed.wrapping_mul(2_654_435_761) ^ (seed << 9);
        let y = (seed ^ 0x5bd1_e995).wrapping_mul(0x9E37_79B1);
        let own = x & ALL;
        (own, y & ALL & !own)
    }

    #[test]
    fn bit_parallel_evaluation_matches_the_reference() {
        let mut checked = 0;
        for seed in 0..20_000u32 {
            let (b, w) = boards(seed);
            let empty = ALL & !(b | w);
            assert_eq!(near_squares(b, empty), reference::near_squares(b, empty));
            assert_eq!(near_lines(b, empty), reference::near_lines(b, empty));
            // Thin the boards out so that both phases and every hand occur.
            let keep = seed.wrapping_mul(0x2545_F491) | seed.rotate_left(13);
            let (b, w) = (b & keep, w & keep);
            let (nb, nw) = (b.count_ones() as u8, w.count_ones() as u8);
            if nb > 12 || nw > 12 {
                continue;
            }
            let hands = [
                [0, 0],
                [12 - nb, 12 - nw],
                [(12 - nb).min(1), 0],
                [0, (12 - nw).min(2)],
            ];
            for hand in hands {
                for side in [Side::Black, Side::White] {
                    let Some(s) = State::from_position(b, w, hand, side) else {
                        continue;
                    };
                    if s.is_finished() {
                        continue;
                    }
                    assert_eq!(
                        evaluate(&s),
                        reference::evaluate_with(&s, &WEIGHTS),
                        "{s:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 20_000, "{checked}");
    }

    #[test]
    fn fill_points_match_the_rules_scanner() {
        for seed in 0..3000u32 {
            let (own, opp) = boards(seed);
            let empty = ALL & !(own | opp);
            let mut naive = 0u32;
            for p in bits(empty) {
                if formations_at(own | 1 << p, p) != (0, 0) {
                    naive |= 1 << p;
                }
            }
            assert_eq!(fill_points(own, empty), naive, "{own:#x} {opp:#x}");
        }
    }

    #[test]
    fn evaluation_is_antisymmetric_and_material_dominates() {
        for seed in 0..500u32 {
            let (b, w) = boards(seed);
            let (b, w) = (b & 0x0155_5555, w & 0x00AA_AAAA);
            let Some(s) = State::from_position(b, w, [0, 0], Side::Black) else {
                continue;
            };
            if s.is_finished() {
                continue;
            }
            let Some(t) = State::from_position(b, w, [0, 0], Side::White) else {
                continue;
            };
            if t.is_finished() {
                continue;
            }
            // Same position, other side to move: scores mirror (up to tempo).
            assert_eq!(
                evaluate(&s) - WEIGHTS.tempo,
                -(evaluate(&t) - WEIGHTS.tempo)
            );
        }
        let (b, w) = State::parse_board("BB... B.... ..... ..... ....W").unwrap();
        let s = State::from_position(b, w, [9, 11], Side::Black).unwrap();
        assert!(evaluate(&s) > 0);
    }
}
