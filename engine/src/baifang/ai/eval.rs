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

use super::super::bitboard::{count_steps, covered, LINES, NEIGHBOURS, NLINES, NSQUARES, SQUARES};
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

/// The weights the levels use.
pub const WEIGHTS: Weights = Weights {
    protected: 6,
    square_threat: 28,
    line_threat: 40,
    square_two: 5,
    fork: 30,
    mobility: 4,
    tempo: 8,
};

/// Threat analysis of one side: (score, points that complete a threat).
#[inline]
fn side_terms(own: u32, opp: u32, empty: u32, placing: bool, hand: u8, w: &Weights) -> i32 {
    let mut score = 0;
    // Protection: shielded stones count only while loose ones exist.
    let cov = covered(own);
    if own & !cov != 0 {
        score += w.protected * (cov & own).count_ones() as i32;
    }
    let can_place = placing && hand > 0;
    let mut fill_pts = 0u32;
    let mut fill_twice = 0u32;
    let mut add_fill = |p: u32| {
        fill_twice |= fill_pts & p;
        fill_pts |= p;
    };
    for sq in SQUARES.iter().take(NSQUARES) {
        let m = *sq;
        if opp & m != 0 {
            continue;
        }
        let n = (own & m).count_ones();
        if n == 3 {
            let e = m & empty;
            let fillable = if can_place {
                true
            } else if !placing {
                NEIGHBOURS[e.trailing_zeros() as usize] & own & !m != 0
            } else {
                false
            };
            if fillable {
                score += w.square_threat;
                add_fill(e);
            }
        } else if n == 2 && can_place {
            score += w.square_two;
        }
    }
    for ln in LINES.iter().take(NLINES) {
        let m = *ln;
        if opp & m != 0 || (own & m).count_ones() != 4 {
            continue;
        }
        let e = m & empty;
        let fillable = if can_place {
            true
        } else if !placing {
            NEIGHBOURS[e.trailing_zeros() as usize] & own & !m != 0
        } else {
            false
        };
        if fillable {
            score += w.line_threat;
            add_fill(e);
        }
    }
    // Two different threat points: the enemy cannot stop both.
    if fill_pts.count_ones() >= 2 {
        score += w.fork;
    }
    score += w.fork * fill_twice.count_ones() as i32 / 2;
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
