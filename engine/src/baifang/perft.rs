//! Perft: the number of action sequences of a given length, where a ply is one
//! placement, one move or one single-stone capture (resign, timeout and
//! disconnect excluded). It pins move generation and measures its speed.

use super::action::ActionList;
use super::state::State;

/// Counts the leaves of the action tree of depth `depth` below `s`.
///
/// The last ply is bulk-counted with [`State::count_legal`] (the standard perft
/// shortcut: leaves are counted, not visited). [`perft_full`] visits every leaf
/// and must agree.
pub fn perft(s: &State, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => s.count_legal() as u64,
        _ => {
            let mut list = ActionList::new();
            s.legal_actions(&mut list);
            let mut n = 0;
            for &a in list.iter() {
                let mut c = *s;
                c.apply_unchecked(a);
                n += perft(&c, depth - 1);
            }
            n
        }
    }
}

/// Perft without the bulk count: applies every leaf action (slower; a check on
/// [`perft`] and on `apply`).
pub fn perft_full(s: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = ActionList::new();
    s.legal_actions(&mut list);
    let mut n = 0;
    for &a in list.iter() {
        let mut c = *s;
        c.apply_unchecked(a);
        n += perft_full(&c, depth - 1);
    }
    n
}

/// Perft split by first action (debugging aid for the CLI and tests).
pub fn perft_divide(s: &State, depth: u32) -> Vec<(super::action::Action, u64)> {
    let mut list = ActionList::new();
    s.legal_actions(&mut list);
    list.iter()
        .map(|&a| {
            let mut c = *s;
            c.apply_unchecked(a);
            (a, perft(&c, depth.saturating_sub(1)))
        })
        .collect()
}
