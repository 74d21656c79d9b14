//! Tier 3: a short look-ahead. Assume one undecided side used (then closed), reason
//! on with tiers 1–2 only; a contradiction proves the opposite. One assumption deep.
//!
//! Sides are tried in a fixed cyclic order that resumes after the side settled
//! last, so a long run does not retry every hopeless side from the start each time.

use super::board::Board;
use super::local::note;
use super::state::{Res, State};
use super::technique::{Deduction, Technique, Toolbox};
use super::{propagate, Flow};

/// Whether assuming side `d` of `a` used (`true`) or closed leads to a
/// contradiction, reasoning on with `tools`.
fn refuted(b: &Board, st: &State, a: usize, d: usize, used: bool, tools: Toolbox) -> bool {
    let mut trial = st.clone();
    trial.quiet();
    let mut scratch = Vec::new();
    let r = (|| {
        if used {
            trial.use_side(b, a, d)?;
        } else {
            trial.close_side(b, a, d)?;
        }
        // the cheap tier first: most assumptions fail there
        let local = Toolbox::up_to(1).and(tools);
        for t in [local, tools] {
            match propagate(b, &mut trial, t, &mut scratch, &mut |_| false)? {
                Flow::Solved => {
                    return trial.path(b).map(|_| ()).ok_or(super::state::Contradiction)
                }
                _ => trial.check(b)?,
            }
        }
        Ok(())
    })();
    r.is_err()
}

/// Settles the first undecided side (in cyclic order from the one after the side
/// settled last) whose one assumption fails, reasoning on from the assumption with
/// `tools` (never look-ahead itself: one assumption deep).
pub(super) fn lookahead(
    b: &Board,
    st: &mut State,
    out: &mut Vec<Deduction>,
    tools: Toolbox,
) -> Res<bool> {
    let slots = b.n * 6;
    let start = st.lookahead_from % slots.max(1);
    for k in 0..slots {
        let slot = (start + k) % slots;
        let (a, d) = (slot / 6, slot % 6);
        if (st.open[a] & !st.used[a]) & (1 << d) == 0 || b.at(a, d) < a {
            continue;
        }
        let cells = [a, b.at(a, d)];
        let settled = if refuted(b, st, a, d, true, tools) {
            note(st, out, Technique::Lookahead, &cells, |st| {
                st.close_side(b, a, d)
            })?
        } else if refuted(b, st, a, d, false, tools) {
            note(st, out, Technique::Lookahead, &cells, |st| {
                st.use_side(b, a, d)
            })?
        } else {
            false
        };
        if settled {
            st.lookahead_from = slot + 1;
            return Ok(true);
        }
    }
    Ok(false)
}
