//! Tier 1: deductions about one cell or one side at a time. Each function applies
//! its technique everywhere it finds work in one sweep and logs one deduction per place.

use super::board::Board;
use super::state::{Res, State};
use super::steps::StepSet;
use super::technique::{Deduction, Technique};

/// Runs `f` and, if it changed anything, logs it as one deduction of `t` about `cells`.
pub(super) fn note(
    st: &mut State,
    out: &mut Vec<Deduction>,
    t: Technique,
    cells: &[usize],
    f: impl FnOnce(&mut State) -> Res<bool>,
) -> Res<bool> {
    let mark = st.log.len();
    let changed = f(st)?;
    if changed {
        out.push(Deduction {
            technique: t,
            cells: cells.to_vec(),
            conclusions: st.log.drain(mark..).collect(),
        });
    }
    Ok(changed)
}

fn dirs(mask: u8) -> impl Iterator<Item = usize> {
    (0..6).filter(move |d| mask & (1 << d) != 0)
}

/// A cell with one open side is an end and leaves through it.
pub(super) fn one_open(b: &Board, st: &mut State, out: &mut Vec<Deduction>) -> Res<bool> {
    if b.n < 2 {
        return Ok(false);
    }
    let mut any = false;
    for c in 0..b.n {
        if st.open[c].count_ones() != 1 {
            continue;
        }
        let d = st.open[c].trailing_zeros() as usize;
        let cells = [c, b.at(c, d)];
        any |= note(st, out, Technique::OneOpen, &cells, |st| {
            let a = st.restrict(c, b.ends)?;
            Ok(st.use_side(b, c, d)? | a)
        })?;
    }
    Ok(any)
}

/// A cell that is not an end, with two open sides, uses both.
pub(super) fn two_open(b: &Board, st: &mut State, out: &mut Vec<Deduction>) -> Res<bool> {
    let mut any = false;
    for c in 0..b.n {
        if st.open[c].count_ones() != 2 || st.used[c] == st.open[c] || !st.is_inner(b, c) {
            continue;
        }
        let mut cells = vec![c];
        cells.extend(dirs(st.open[c]).map(|d| b.at(c, d)));
        let open = st.open[c];
        any |= note(st, out, Technique::TwoOpen, &cells, |st| {
            let mut ch = false;
            for d in dirs(open) {
                ch |= st.use_side(b, c, d)?;
            }
            Ok(ch)
        })?;
    }
    Ok(any)
}

/// A cell using all the sides it needs closes the rest; two used sides: not an end.
pub(super) fn full(b: &Board, st: &mut State, out: &mut Vec<Deduction>) -> Res<bool> {
    let mut any = false;
    for c in 0..b.n {
        let used = st.used[c].count_ones();
        let full = used == 2 || (used == 1 && st.is_end(b, c));
        let spare = st.open[c] & !st.used[c];
        if !full || (spare == 0 && (used < 2 || st.is_inner(b, c))) {
            continue;
        }
        let mut cells = vec![c];
        cells.extend(dirs(st.used[c]).map(|d| b.at(c, d)));
        any |= note(st, out, Technique::Full, &cells, |st| {
            let mut ch = false;
            if used == 2 {
                ch |= st.remove(c, b.ends)?;
            }
            for d in dirs(spare) {
                ch |= st.close_side(b, c, d)?;
            }
            Ok(ch)
        })?;
    }
    Ok(any)
}

/// The steps beside a known step sit among its open neighbours (the first half of
/// [`Technique::Consecutive`]; [`joined`] is the second).
pub(super) fn next_door(b: &Board, st: &mut State, out: &mut Vec<Deduction>) -> Res<bool> {
    let mut any = false;
    for c in 0..b.n {
        let Some(s) = st.fixed(c) else { continue };
        let beside = StepSet::single(s).beside().and(b.all);
        let mut near = vec![false; b.n];
        near[c] = true;
        let mut cells = vec![c];
        for d in dirs(st.open[c]) {
            let o = b.at(c, d);
            near[o] = true;
            if st.steps[o].intersects(beside) {
                cells.push(o);
            }
        }
        let far: Vec<usize> = (0..b.n)
            .filter(|&x| !near[x] && st.steps[x].intersects(beside))
            .collect();
        if far.is_empty() {
            continue;
        }
        any |= note(st, out, Technique::Consecutive, &cells, |st| {
            let mut ch = false;
            for x in far {
                ch |= st.remove(x, beside)?;
            }
            Ok(ch)
        })?;
    }
    Ok(any)
}

/// A step only one cell can hold is there; a step no cell can hold is a contradiction.
pub(super) fn one_place(b: &Board, st: &mut State, out: &mut Vec<Deduction>) -> Res<bool> {
    let mut any = false;
    loop {
        let (mut once, mut twice) = (StepSet::EMPTY, StepSet::EMPTY);
        for s in &st.steps {
            twice = twice.or(once.and(*s));
            once = once.or(*s);
        }
        if once != b.all {
            return Err(super::state::Contradiction);
        }
        let lone = once.minus(twice);
        let hit = lone.iter().find_map(|s| {
            let c = (0..b.n).find(|&c| st.steps[c].has(s))?;
            (st.steps[c].count() > 1).then_some((c, s))
        });
        let Some((c, s)) = hit else { return Ok(any) };
        any |= note(st, out, Technique::OnePlace, &[c], |st| {
            st.restrict(c, StepSet::single(s))
        })?;
    }
}

/// Cells joined by the path hold consecutive steps (spinner timing aside, see [`spinner`]).
pub(super) fn joined(b: &Board, st: &mut State, out: &mut Vec<Deduction>) -> Res<bool> {
    let mut any = false;
    for a in 0..b.n {
        for d in dirs(st.open[a]) {
            let o = b.at(a, d);
            if o < a || st.open[a] & (1 << d) == 0 {
                continue;
            }
            let (sa, so) = (st.steps[a], st.steps[o]);
            let cells = [a, o];
            if st.used[a] & (1 << d) != 0 {
                if sa.is_subset(so.beside()) && so.is_subset(sa.beside()) {
                    continue;
                }
                any |= note(st, out, Technique::Consecutive, &cells, |st| {
                    let x = st.restrict(a, st.steps[o].beside())?;
                    Ok(st.restrict(o, st.steps[a].beside())? | x)
                })?;
            } else if !sa.intersects(so.beside()) {
                any |= note(st, out, Technique::Consecutive, &cells, |st| {
                    st.close_side(b, a, d)
                })?;
            } else if let (Some(x), Some(y)) = (sa.only(), so.only()) {
                if x.abs_diff(y) == 1 {
                    any |= note(st, out, Technique::Consecutive, &cells, |st| {
                        st.use_side(b, a, d)
                    })?;
                }
            }
        }
    }
    Ok(any)
}

/// A spinner's timing: a side it blocks whenever it could be crossed is closed; a
/// used side's cells keep only the steps at which it is open.
pub(super) fn spinner(b: &Board, st: &mut State, out: &mut Vec<Deduction>) -> Res<bool> {
    let mut any = false;
    for a in 0..b.n {
        for d in dirs(st.open[a] & b.spun[a]) {
            let o = b.at(a, d);
            if o < a || st.open[a] & (1 << d) == 0 {
                continue;
            }
            let cross = b.cross[a][d];
            let ok_a = Board::support(st.steps[o], cross);
            let ok_o = Board::support(st.steps[a], cross);
            let cells = [a, o];
            if st.used[a] & (1 << d) != 0 {
                if st.steps[a].is_subset(ok_a) && st.steps[o].is_subset(ok_o) {
                    continue;
                }
                any |= note(st, out, Technique::Spinner, &cells, |st| {
                    let x = st.restrict(a, ok_a)?;
                    let ok_o = Board::support(st.steps[a], cross);
                    Ok(st.restrict(o, ok_o)? | x)
                })?;
            } else if !st.steps[a].intersects(ok_a) {
                any |= note(st, out, Technique::Spinner, &cells, |st| {
                    st.close_side(b, a, d)
                })?;
            }
        }
    }
    Ok(any)
}
