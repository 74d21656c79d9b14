//! Move ordering: TT move, then forming actions (the ones that earn captures)
//! and the most damaging captures, then killers, then the history heuristic.

use super::super::action::{Action, ActionList, MAX_ACTIONS};
use super::super::bitboard::{
    bits, formations_at, LINES, LINES_AT, NEIGHBOURS, SQUARES, SQUARES_AT,
};
use super::super::state::{Phase, State};
use super::eval::fill_points;

/// Encodes a place / move / capture in 12 bits (0 = no action).
#[inline]
pub fn encode(a: Action) -> u16 {
    match a {
        Action::Place { to } => 1 << 10 | to as u16,
        Action::Move { from, to } => 2 << 10 | (from as u16) << 5 | to as u16,
        Action::Capture { at } => 3 << 10 | at as u16,
        _ => 0,
    }
}

/// Decodes [`encode`] (`None` for 0 or garbage).
#[inline]
pub fn decode(c: u16) -> Option<Action> {
    let to = (c & 31) as u8;
    let from = ((c >> 5) & 31) as u8;
    match c >> 10 {
        1 => Some(Action::Place { to }),
        2 => Some(Action::Move { from, to }),
        3 => Some(Action::Capture { at: to }),
        _ => None,
    }
}

/// Captures a placement or move earns by formations (ignoring the
/// anti-looping interception and the cap by enemy stones: ordering only).
/// `fill` = [`fill_points`] of the side to move (a cheap pre-filter).
#[inline]
pub fn forming_weight(s: &State, a: Action, fill: u32) -> u32 {
    match a {
        Action::Place { to } | Action::Move { to, .. } if fill >> to & 1 == 1 => formed_after(s, a),
        _ => 0,
    }
}

/// [`forming_weight`] without the pre-filter (kept out of line: most actions
/// never get here).
#[inline(never)]
fn formed_after(s: &State, a: Action) -> u32 {
    let own = s.stones(s.to_move());
    let (after, to) = match a {
        Action::Place { to } => (own | 1 << to, to as usize),
        Action::Move { from, to } => (own & !(1 << from) | 1 << to, to as usize),
        _ => return 0,
    };
    let (sq, ln) = formations_at(after, to);
    sq.count_ones() + 2 * ln.count_ones()
}

/// How much removing the enemy stone at `at` hurts the enemy: stones that sit
/// in enemy formations and near-formations (squares and lines where the enemy
/// has many stones and the capturer none) score highest.
#[inline]
pub fn capture_weight(s: &State, at: usize) -> u32 {
    let me = s.to_move();
    let own = s.stones(me);
    let opp = s.stones(me.other());
    let mut w = 0;
    let mut ids = SQUARES_AT[at];
    while ids != 0 {
        let q = ids.trailing_zeros() as usize;
        ids &= ids - 1;
        if own & SQUARES[q] == 0 {
            let n = (opp & SQUARES[q]).count_ones();
            w += n * n;
        }
    }
    let mut ids = LINES_AT[at];
    while ids != 0 {
        let l = ids.trailing_zeros() as usize;
        ids &= ids - 1;
        if own & LINES[l] == 0 {
            let n = (opp & LINES[l]).count_ones();
            w += n * n / 2;
        }
    }
    w
}

/// Killer moves per ply (two slots) and a history table per side.
pub struct Heuristics {
    pub(crate) killers: Vec<[u16; 2]>,
    pub(crate) history: Vec<i32>,
}

/// Search plies the killer table covers.
pub const MAX_PLY: usize = 128;

impl Heuristics {
    pub(crate) fn new() -> Heuristics {
        Heuristics {
            killers: vec![[0; 2]; MAX_PLY],
            history: vec![0; 2 * 4096],
        }
    }
    pub(crate) fn clear(&mut self) {
        self.killers.fill([0; 2]);
        self.history.fill(0);
    }
    /// Ages history between searches so old successes fade.
    pub(crate) fn age(&mut self) {
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        self.killers.fill([0; 2]);
    }
    #[inline]
    pub(crate) fn good_quiet(&mut self, side: usize, ply: usize, code: u16, depth: i32) {
        if ply < MAX_PLY {
            let k = &mut self.killers[ply];
            if k[0] != code {
                k[1] = k[0];
                k[0] = code;
            }
        }
        let h = &mut self.history[side * 4096 + (code as usize & 4095)];
        *h = (*h + depth * depth).min(1 << 20);
    }
}

/// Ordering keys: bits 8.. hold the score, bits 0..8 hold 255 − the list
/// index, so ties go to the earlier action and the order is exactly "score
/// descending, then generation order". Scores stay below 2^24.
pub type Keys = [u32; MAX_ACTIONS];

/// Score bands: the TT move, then forming actions (or, in a capture list,
/// captures), then the two killers, then history (at most 2^20).
const TT_MOVE: u32 = 1 << 23;
/// Ordering score band of forming actions (those that earn captures).
pub const FORMING: u32 = 3 << 21;
const CAPTURE: u32 = 1 << 22;
const KILLER: u32 = 1 << 21;

#[inline]
fn key(score: u32, i: usize) -> u32 {
    score << 8 | (255 - i) as u32
}

/// Scores every action of `list` into `keys` for the side to move of `s`.
#[inline]
pub(crate) fn score_actions(
    s: &State,
    list: &ActionList,
    keys: &mut Keys,
    tt_move: u16,
    h: &Heuristics,
    ply: usize,
) {
    if s.pending_captures() > 0 {
        for (i, &a) in list.iter().enumerate() {
            let sc = match a {
                _ if encode(a) == tt_move => TT_MOVE,
                Action::Capture { at } => CAPTURE + capture_weight(s, at as usize),
                _ => 0,
            };
            keys[i] = key(sc, i);
        }
        return;
    }
    let side = s.to_move().idx();
    let fill = fill_points(s.stones(s.to_move()), s.empty());
    let killers = if ply < MAX_PLY {
        h.killers[ply]
    } else {
        [0; 2]
    };
    let hist = &h.history[side * 4096..side * 4096 + 4096];
    if s.phase() == Phase::Placing {
        score_placements(s, list, keys, tt_move, killers, hist, fill);
        return;
    }
    for (i, &a) in list.iter().enumerate() {
        let code = encode(a);
        let sc = if code == tt_move {
            TT_MOVE
        } else {
            let f = forming_weight(s, a, fill);
            if f > 0 {
                FORMING + f
            } else if code == killers[0] {
                KILLER + 1
            } else if code == killers[1] {
                KILLER
            } else {
                hist[code as usize & 4095] as u32
            }
        };
        keys[i] = key(sc, i);
    }
}

/// [`score_actions`] for a list of placements, with the same result in
/// fewer steps. `legal_actions` lists placements by ascending point, so the
/// list index of a point is the number of empty points below it: every key
/// starts as the history score, then the few special actions overwrite
/// theirs, lowest precedence first (second killer, first killer, forming,
/// TT move).
#[inline]
fn score_placements(
    s: &State,
    list: &ActionList,
    keys: &mut Keys,
    tt_move: u16,
    killers: [u16; 2],
    hist: &[i32],
    fill: u32,
) {
    let empty = s.empty();
    let n = list.len();
    debug_assert_eq!(n, empty.count_ones() as usize);
    let placed = &hist[1 << 10..(1 << 10) + 32];
    let mut e = empty;
    for (i, k) in keys[..n].iter_mut().enumerate() {
        let p = e.trailing_zeros() as usize;
        e &= e - 1;
        debug_assert_eq!(list[i], Action::Place { to: p as u8 });
        *k = key(placed[p] as u32, i);
    }
    let index = |p: u32| (empty & ((1u32 << p) - 1)).count_ones() as usize;
    let mut set = |code: u16, score: u32| {
        let p = (code & 31) as u32;
        if code >> 10 == 1 && empty >> p & 1 == 1 {
            let i = index(p);
            keys[i] = key(score, i);
        }
    };
    set(killers[1], KILLER);
    set(killers[0], KILLER + 1);
    for p in bits(fill) {
        let f = formed_after(s, Action::Place { to: p as u8 });
        if f > 0 {
            set(encode(Action::Place { to: p as u8 }), FORMING + f);
        }
    }
    set(tt_move, TT_MOVE);
}

/// Scores a list of forming actions (quiescence) by the captures they earn.
#[inline]
pub(crate) fn score_forming(s: &State, list: &ActionList, keys: &mut Keys) {
    let fill = fill_points(s.stones(s.to_move()), s.empty());
    for (i, &a) in list.iter().enumerate() {
        keys[i] = key(FORMING + forming_weight(s, a, fill), i);
    }
}

/// Lazy selection: moves the best key of `keys[next..]` to `next` and returns
/// its list index.
#[inline]
pub(crate) fn pick(keys: &mut [u32], next: usize) -> usize {
    let mut best = next;
    let mut bk = keys[next];
    for (i, &k) in keys.iter().enumerate().skip(next + 1) {
        if k > bk {
            bk = k;
            best = i;
        }
    }
    keys.swap(next, best);
    255 - (bk & 255) as usize
}

/// The placements / steps of the side to move that complete a formation
/// (quiescence moves), without generating the quiet ones.
#[inline]
pub(crate) fn forming_actions(s: &State, out: &mut ActionList) {
    out.clear();
    let own = s.stones(s.to_move());
    let empty = s.empty();
    let fill = fill_points(own, empty);
    if fill == 0 {
        return;
    }
    if s.phase() == Phase::Placing {
        for p in bits(fill) {
            out.push(Action::Place { to: p as u8 });
        }
    } else {
        for to in bits(fill) {
            for from in bits(NEIGHBOURS[to] & own) {
                let a = Action::Move {
                    from: from as u8,
                    to: to as u8,
                };
                if forming_weight(s, a, fill) > 0 {
                    out.push(a);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encode_roundtrips() {
        for a in [
            Action::Place { to: 0 },
            Action::Place { to: 24 },
            Action::Move { from: 7, to: 12 },
            Action::Move { from: 24, to: 19 },
            Action::Capture { at: 13 },
        ] {
            assert_ne!(encode(a), 0);
            assert_eq!(decode(encode(a)), Some(a));
        }
        assert_eq!(decode(0), None);
        assert_eq!(encode(Action::Timeout), 0);
    }
}
