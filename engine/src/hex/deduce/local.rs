//! Tier 1: deductions about one cell or one side at a time. Each technique is a
//! function of one cell (`*_at`), logging one deduction when it finds work there;
//! [`TIER1`] lists them easiest first, and a sweep applies one of them to every cell.

use super::board::Board;
use super::state::{Contradiction, Res, State};
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

/// A tier-1 technique applied at one cell.
pub(super) type AtCell = fn(&Board, &mut State, &mut Vec<Deduction>, usize) -> Res<bool>;

/// The tier-1 techniques, easiest first.
pub(super) const TIER1: [(Technique, AtCell); 7] = [
    (Technique::OneOpen, one_open_at),
    (Technique::TwoOpen, two_open_at),
    (Technique::Full, full_at),
    (Technique::Consecutive, next_door_at),
    (Technique::OnePlace, one_place_at),
    (Technique::Consecutive, joined_at),
    (Technique::Spinner, spinner_at),
];

/// Applies `f` at every cell in `b.order`.
pub(super) fn sweep(b: &Board, st: &mut State, out: &mut Vec<Deduction>, f: AtCell) -> Res<bool> {
    let mut any = false;
    for i in 0..b.n {
        any |= f(b, st, out, b.order[i])?;
    }
    Ok(any)
}

/// A cell with one open side is an end and leaves through it.
pub(super) fn one_open_at(
    b: &Board,
    st: &mut State,
    out: &mut Vec<Deduction>,
    c: usize,
) -> Res<bool> {
    if b.n < 2 || st.open[c].count_ones() != 1 {
        return Ok(false);
    }
    let d = st.open[c].trailing_zeros() as usize;
    let cells = [c, b.at(c, d)];
    note(st, out, Technique::OneOpen, &cells, |st| {
        let a = st.restrict(c, b.ends)?;
        Ok(st.use_side(b, c, d)? | a)
    })
}

/// A cell that is not an end, with two open sides, uses both.
pub(super) fn two_open_at(
    b: &Board,
    st: &mut State,
    out: &mut Vec<Deduction>,
    c: usize,
) -> Res<bool> {
    if st.open[c].count_ones() != 2 || st.used[c] == st.open[c] || !st.is_inner(b, c) {
        return Ok(false);
    }
    let mut cells = vec![c];
    cells.extend(dirs(st.open[c]).map(|d| b.at(c, d)));
    let open = st.open[c];
    note(st, out, Technique::TwoOpen, &cells, |st| {
        let mut ch = false;
        for d in dirs(open) {
            ch |= st.use_side(b, c, d)?;
        }
        Ok(ch)
    })
}

/// A cell using all the sides it needs closes the rest; two used sides: not an end.
pub(super) fn full_at(b: &Board, st: &mut State, out: &mut Vec<Deduction>, c: usize) -> Res<bool> {
    let used = st.used[c].count_ones();
    let full = used == 2 || (used == 1 && st.is_end(b, c));
    let spare = st.open[c] & !st.used[c];
    if !full || (spare == 0 && (used < 2 || st.is_inner(b, c))) {
        return Ok(false);
    }
    let mut cells = vec![c];
    cells.extend(dirs(st.used[c]).map(|d| b.at(c, d)));
    note(st, out, Technique::Full, &cells, |st| {
        let mut ch = false;
        if used == 2 {
            ch |= st.remove(c, b.ends)?;
        }
        for d in dirs(spare) {
            ch |= st.close_side(b, c, d)?;
        }
        Ok(ch)
    })
}

/// The steps beside a known step sit among its open neighbours (the first half of
/// [`Technique::Consecutive`]; [`joined_at`] is the second).
pub(super) fn next_door_at(
    b: &Board,
    st: &mut State,
    out: &mut Vec<Deduction>,
    c: usize,
) -> Res<bool> {
    let Some(s) = st.fixed(c) else {
        return Ok(false);
    };
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
        return Ok(false);
    }
    note(st, out, Technique::Consecutive, &cells, |st| {
        let mut ch = false;
        for x in far {
            ch |= st.remove(x, beside)?;
        }
        Ok(ch)
    })
}

/// A step only this cell can hold is here; a step no cell can hold is a contradiction.
pub(super) fn one_place_at(
    b: &Board,
    st: &mut State,
    out: &mut Vec<Deduction>,
    c: usize,
) -> Res<bool> {
    if st.steps[c].count() < 2 {
        return Ok(false);
    }
    let mut elsewhere = StepSet::EMPTY;
    for (x, s) in st.steps.iter().enumerate() {
        if x != c {
            elsewhere = elsewhere.or(*s);
        }
    }
    if st.steps[c].or(elsewhere) != b.all {
        return Err(Contradiction);
    }
    let Some(s) = st.steps[c].minus(elsewhere).first() else {
        return Ok(false);
    };
    note(st, out, Technique::OnePlace, &[c], |st| {
        st.restrict(c, StepSet::single(s))
    })
}

/// Cells joined by the path hold consecutive steps (spinner timing aside, see
/// [`spinner_at`]); cells that cannot are not joined; a known `k` and `k + 1` side
/// by side are.
pub(super) fn joined_at(
    b: &Board,
    st: &mut State,
    out: &mut Vec<Deduction>,
    a: usize,
) -> Res<bool> {
    let mut any = false;
    for d in dirs(st.open[a]) {
        if st.open[a] & (1 << d) == 0 {
            continue;
        }
        let o = b.at(a, d);
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
    Ok(any)
}

/// A spinner's timing: a side it blocks whenever it could be crossed is closed; a
/// used side's cells keep only the steps at which it is open.
pub(super) fn spinner_at(
    b: &Board,
    st: &mut State,
    out: &mut Vec<Deduction>,
    a: usize,
) -> Res<bool> {
    let mut any = false;
    for d in dirs(st.open[a] & b.spun[a]) {
        if st.open[a] & (1 << d) == 0 {
            continue;
        }
        let o = b.at(a, d);
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
    Ok(any)
}
