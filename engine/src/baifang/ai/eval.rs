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

use super::super::bitboard::{
    count_steps, covered, ALL, FIRST_COL, LAST_COL, LINES, N, SQUARE_CORNERS,
};
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

/// Near-squares of `own`: for each missing corner (top-left, top-right,
/// bottom-left, bottom-right), the top-left corners of the squares with the
/// other three corners own and the missing one empty. Bit-parallel.
#[inline]
pub fn near_squares(own: u32, empty: u32) -> [u32; 4] {
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
pub fn near_lines(own: u32, empty: u32) -> (u32, u32) {
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

/// Empty points where a stone of `own` would complete a square or a line
/// (placing there forms; stepping there forms unless the stepping stone was
/// part of it).
#[inline]
pub fn fill_points(own: u32, empty: u32) -> u32 {
    let [a, b, c, d] = near_squares(own, empty);
    let (r, c2) = near_lines(own, empty);
    a | b << 1 | c << N | d << (N + 1) | r | c2
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
        let two = (o[0] & (o[1] | o[2] | o[3]) | o[1] & (o[2] | o[3]) | o[2] & o[3]) & clean;
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

#[cfg(test)]
mod tests {
    use super::super::super::bitboard::{bits, formations_at};
    use super::super::super::state::Side;
    use super::*;

    fn boards(seed: u32) -> (u32, u32) {
        let x = seed.wrapping_mul(2_654_435_761) ^ (seed << 9);
        let y = (seed ^ 0x5bd1_e995).wrapping_mul(0x9E37_79B1);
        let own = x & ALL;
        (own, y & ALL & !own)
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
