//! Tier 2: deductions from the shape of the open board (distances, regions cut
//! off, neck cells). Each function applies its technique at the first place it
//! finds work and logs that one deduction, so the count of tier-2 steps is the
//! number of times a player has to look at the whole board.

use super::board::Board;
use super::local::note;
use super::state::{Contradiction, Res, State};
use super::steps::StepSet;
use super::technique::{Deduction, Technique};

fn dirs(mask: u8) -> impl Iterator<Item = usize> {
    (0..6).filter(move |d| mask & (1 << d) != 0)
}

/// Breadth-first distances over open sides (`u32::MAX`: unreachable).
fn distances(b: &Board, st: &State, from: usize) -> Vec<u32> {
    let mut dist = vec![u32::MAX; b.n];
    dist[from] = 0;
    let mut queue = vec![from];
    let mut head = 0;
    while head < queue.len() {
        let c = queue[head];
        head += 1;
        for d in dirs(st.open[c]) {
            let o = b.at(c, d);
            if dist[o] == u32::MAX {
                dist[o] = dist[c] + 1;
                queue.push(o);
            }
        }
    }
    dist
}

/// A cell `d` open steps from a known step `k` cannot hold a step closer than `d` to `k`.
pub(super) fn distance(b: &Board, st: &mut State, out: &mut Vec<Deduction>) -> Res<bool> {
    for c in 0..b.n {
        let Some(k) = st.fixed(c) else { continue };
        let dist = distances(b, st, c);
        let mut cells = vec![c];
        let mut cuts = Vec::new();
        for (x, &dx) in dist.iter().enumerate() {
            if x == c {
                continue;
            }
            if dx == u32::MAX {
                return Err(Contradiction);
            }
            let near = StepSet::range((k + 1).saturating_sub(dx as usize), k + dx as usize);
            if st.steps[x].intersects(near) {
                cells.push(x);
                cuts.push((x, near));
            }
        }
        if !cuts.is_empty() {
            return note(st, out, Technique::Distance, &cells, |st| {
                for (x, near) in cuts {
                    st.remove(x, near)?;
                }
                Ok(true)
            });
        }
    }
    Ok(false)
}

/// Sides a cell would close if side `d` were used and filled it.
fn closes_if_used(b: &Board, st: &State, c: usize, d: usize) -> u8 {
    let used = (st.used[c] | 1 << d).count_ones();
    if used == 2 || (used == 1 && st.is_end(b, c)) {
        st.open[c] & !(st.used[c] | 1 << d)
    } else {
        0
    }
}

/// Using a side that would cut the open board in two is impossible: close it.
pub(super) fn region(b: &Board, st: &mut State, out: &mut Vec<Deduction>) -> Res<bool> {
    let mut open = st.open.clone();
    for a in 0..b.n {
        for d in dirs(st.open[a] & !st.used[a]) {
            let o = b.at(a, d);
            if o < a {
                continue;
            }
            let e = (d + 3) % 6;
            let (ca, co) = (closes_if_used(b, st, a, d), closes_if_used(b, st, o, e));
            if ca | co == 0 {
                continue;
            }
            open.copy_from_slice(&st.open);
            for (c, m) in [(a, ca), (o, co)] {
                for x in dirs(m) {
                    open[c] &= !(1 << x);
                    open[b.at(c, x)] &= !(1 << ((x + 3) % 6));
                }
            }
            let seen = st.reach(b, a, &open, None);
            if seen.iter().all(|&s| s) {
                continue;
            }
            let mut cells = vec![a, o];
            cells.extend((0..b.n).filter(|&x| !seen[x]));
            return note(st, out, Technique::Region, &cells, |st| {
                st.close_side(b, a, d)
            });
        }
    }
    Ok(false)
}

/// A cell whose removal splits the open board in two: the path walks one half,
/// passes the cell, then walks the other.
pub(super) fn articulation(b: &Board, st: &mut State, out: &mut Vec<Deduction>) -> Res<bool> {
    let n = b.n;
    if n < 3 {
        return Ok(false);
    }
    for v in 0..n {
        if st.open[v].count_ones() < 2 {
            continue;
        }
        let first = b.at(v, st.open[v].trailing_zeros() as usize);
        let side_a = st.reach(b, first, &st.open, Some(v));
        let size_a = side_a.iter().filter(|&&x| x).count();
        if size_a == n - 1 {
            continue;
        }
        let rest = (0..n)
            .find(|&x| x != v && !side_a[x])
            .expect("a second part");
        let side_b = st.reach(b, rest, &st.open, Some(v));
        let size_b = side_b.iter().filter(|&&x| x).count();
        if size_a + size_b != n - 1 {
            return Err(Contradiction); // three or more parts
        }
        if let Some(done) = neck(b, st, out, v, &side_a, size_a, size_b)? {
            return Ok(done);
        }
    }
    Ok(false)
}

/// The deductions at neck cell `v` between halves A (`in_a`) and B; `None` when
/// there is nothing new.
fn neck(
    b: &Board,
    st: &mut State,
    out: &mut Vec<Deduction>,
    v: usize,
    in_a: &[bool],
    size_a: usize,
    size_b: usize,
) -> Res<Option<bool>> {
    let n = b.n;
    let fits = |cells_a: bool, lo: usize, hi: usize| {
        (0..n)
            .filter(|&x| x != v && in_a[x] == cells_a)
            .all(|x| st.steps[x].intersects(StepSet::range(lo, hi)))
    };
    // A first: A holds 0..size_a, v holds size_a, B the rest; B first likewise
    let a_first = st.steps[v].has(size_a) && fits(true, 0, size_a) && fits(false, size_a + 1, n);
    let b_first = st.steps[v].has(size_b) && fits(false, 0, size_b) && fits(true, size_b + 1, n);
    let mut keep_v = StepSet::EMPTY;
    let mut keep_a = StepSet::EMPTY;
    let mut keep_b = StepSet::EMPTY;
    if a_first {
        keep_v.insert(size_a);
        keep_a = keep_a.or(StepSet::range(0, size_a));
        keep_b = keep_b.or(StepSet::range(size_a + 1, n));
    }
    if b_first {
        keep_v.insert(size_b);
        keep_b = keep_b.or(StepSet::range(0, size_b));
        keep_a = keep_a.or(StepSet::range(size_b + 1, n));
    }
    let into = |half: bool| -> u8 {
        dirs(st.open[v])
            .filter(|&d| in_a[b.at(v, d)] == half)
            .fold(0u8, |m, d| m | 1 << d)
    };
    let (to_a, to_b) = (into(true), into(false));
    let mut side_work = false;
    for m in [to_a, to_b] {
        let used = m & st.used[v];
        side_work |= (m.count_ones() == 1 && used == 0) || (used != 0 && m != used);
    }
    let step_work = !st.steps[v].is_subset(keep_v)
        || (0..n).any(|x| x != v && !st.steps[x].is_subset(if in_a[x] { keep_a } else { keep_b }));
    if !side_work && !step_work {
        return Ok(None);
    }
    let small = size_a <= size_b;
    let mut cells = vec![v];
    cells.extend((0..n).filter(|&x| x != v && in_a[x] == small));
    let done = note(st, out, Technique::Articulation, &cells, |st| {
        let mut ch = st.restrict(v, keep_v)?;
        for (x, &a) in in_a.iter().enumerate() {
            if x != v {
                ch |= st.restrict(x, if a { keep_a } else { keep_b })?;
            }
        }
        for m in [to_a, to_b] {
            let used = m & st.used[v];
            if m.count_ones() == 1 && used == 0 {
                ch |= st.use_side(b, v, m.trailing_zeros() as usize)?;
            } else if used != 0 {
                for d in dirs(m & !used) {
                    ch |= st.close_side(b, v, d)?;
                }
            }
        }
        Ok(ch)
    })?;
    Ok(Some(done))
}
