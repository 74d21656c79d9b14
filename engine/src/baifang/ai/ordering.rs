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
    let to = match a {
        Action::Place { to } | Action::Move { to, .. } => to,
        _ => return 0,
    };
    if fill >> to & 1 == 0 {
        return 0;
    }
    let me = s.to_move();
    let own = s.stones(me);
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

/// Actions with ordering scores; picked best-first lazily (selection sort).
/// Each key packs (score, list index) so ties go to the earlier action and
/// the order is exactly "score descending, then generation order".
pub struct Picker {
    keys: [u64; MAX_ACTIONS],
    len: usize,
    next: usize,
}

/// Score bands.
const TT_MOVE: i32 = 1 << 30;
/// Ordering score band of forming actions (those that earn captures).
pub const FORMING: i32 = 1 << 26;
const CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 22;

#[inline]
fn key(score: i32, i: usize) -> u64 {
    (score.max(0) as u64) << 8 | (255 - i) as u64
}

impl Picker {
    /// Scores every action of `list` for the side to move of `s`.
    #[inline]
    pub(crate) fn new(
        s: &State,
        list: &ActionList,
        tt_move: u16,
        h: &Heuristics,
        ply: usize,
    ) -> Picker {
        let mut p = Picker {
            keys: [0; MAX_ACTIONS],
            len: list.len(),
            next: 0,
        };
        let side = s.to_move().idx();
        if s.pending_captures() > 0 {
            for (i, &a) in list.iter().enumerate() {
                let sc = match a {
                    _ if encode(a) == tt_move => TT_MOVE,
                    Action::Capture { at } => CAPTURE + capture_weight(s, at as usize) as i32,
                    _ => 0,
                };
                p.keys[i] = key(sc, i);
            }
            return p;
        }
        let fill = fill_points(s.stones(s.to_move()), s.empty());
        let killers = if ply < MAX_PLY {
            h.killers[ply]
        } else {
            [0; 2]
        };
        let hist = &h.history[side * 4096..side * 4096 + 4096];
        for (i, &a) in list.iter().enumerate() {
            let code = encode(a);
            let sc = if code == tt_move {
                TT_MOVE
            } else {
                let f = forming_weight(s, a, fill);
                if f > 0 {
                    FORMING + f as i32
                } else if code == killers[0] {
                    KILLER + 1
                } else if code == killers[1] {
                    KILLER
                } else {
                    hist[code as usize & 4095]
                }
            };
            p.keys[i] = key(sc, i);
        }
        p
    }

    /// Orders a list of forming actions (quiescence): by captures earned.
    #[inline]
    pub(crate) fn forming(s: &State, list: &ActionList) -> Picker {
        let mut p = Picker {
            keys: [0; MAX_ACTIONS],
            len: list.len(),
            next: 0,
        };
        let fill = fill_points(s.stones(s.to_move()), s.empty());
        for (i, &a) in list.iter().enumerate() {
            p.keys[i] = key(FORMING + forming_weight(s, a, fill) as i32, i);
        }
        p
    }

    /// Index (in the list) and score of the next best action.
    #[inline]
    pub(crate) fn next(&mut self) -> Option<(usize, i32)> {
        if self.next >= self.len {
            return None;
        }
        let mut best = self.next;
        let mut bk = self.keys[best];
        for i in self.next + 1..self.len {
            let k = self.keys[i];
            if k > bk {
                bk = k;
                best = i;
            }
        }
        self.keys.swap(self.next, best);
        self.next += 1;
        Some((255 - (bk & 255) as usize, (bk >> 8) as i32))
    }
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
