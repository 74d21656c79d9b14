//! Tier 3: a short look-ahead. Assume one undecided side used (then closed), reason
//! on with tiers 1–2 only; a contradiction proves the opposite. One assumption deep.

use super::board::Board;
use super::local::note;
use super::state::{Res, State};
use super::technique::{Deduction, Technique};
use super::{propagate, Flow};

fn dirs(mask: u8) -> impl Iterator<Item = usize> {
    (0..6).filter(move |d| mask & (1 << d) != 0)
}

/// Whether assuming side `d` of `a` used (`true`) or closed leads to a contradiction.
fn refuted(b: &Board, st: &State, a: usize, d: usize, used: bool) -> bool {
    let mut trial = st.clone();
    trial.quiet();
    let mut scratch = Vec::new();
    let r = (|| {
        if used {
            trial.use_side(b, a, d)?;
        } else {
            trial.close_side(b, a, d)?;
        }
        match propagate(b, &mut trial, 2, &mut scratch, &mut |_| false)? {
            Flow::Solved => trial.path(b).map(|_| ()).ok_or(super::state::Contradiction),
            _ => trial.check(b),
        }
    })();
    r.is_err()
}

/// Settles the first undecided side whose one assumption fails.
pub(super) fn lookahead(b: &Board, st: &mut State, out: &mut Vec<Deduction>) -> Res<bool> {
    for a in 0..b.n {
        for d in dirs(st.open[a] & !st.used[a]) {
            let o = b.at(a, d);
            if o < a {
                continue;
            }
            let cells = [a, o];
            if refuted(b, st, a, d, true) {
                return note(st, out, Technique::Lookahead, &cells, |st| {
                    st.close_side(b, a, d)
                });
            }
            if refuted(b, st, a, d, false) {
                return note(st, out, Technique::Lookahead, &cells, |st| {
                    st.use_side(b, a, d)
                });
            }
        }
    }
    Ok(false)
}
