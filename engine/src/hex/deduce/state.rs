//! What is still possible: per cell the steps it may hold, per side whether the
//! path may still use it and whether it is known to. Every change goes through
//! here, so a contradiction is caught where it appears and, when recording, each
//! change becomes a conclusion of the deduction that caused it.

use super::board::Board;
use super::steps::StepSet;
use super::technique::Conclusion;

/// The candidates admit no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

pub(super) type Res<T> = Result<T, Contradiction>;

/// The deduction state. Side masks are per cell and direction and kept equal on
/// both cells of a side.
#[derive(Clone, Debug)]
pub(super) struct State {
    pub steps: Vec<StepSet>,
    /// Sides not yet ruled out (a used side is open too).
    pub open: Vec<u8>,
    /// Sides the path is known to use.
    pub used: Vec<u8>,
    record: bool,
    pub log: Vec<Conclusion>,
    /// Where look-ahead resumes (a `cell * 6 + direction` slot).
    pub lookahead_from: usize,
}

fn to_steps(s: StepSet) -> Vec<u32> {
    s.iter().map(|x| x as u32 + 1).collect()
}

impl State {
    /// Everything open, clues fixed (their consequences are givens, not deductions).
    /// Not recording until [`State::start_recording`].
    pub fn new(b: &Board) -> Res<State> {
        let mut st = State {
            steps: vec![b.all; b.n],
            open: b.sides.clone(),
            used: vec![0; b.n],
            record: false,
            log: Vec::new(),
            lookahead_from: 0,
        };
        for c in 0..b.n {
            if let Some(k) = b.clue[c] {
                st.restrict(c, StepSet::single(k))?;
            }
        }
        Ok(st)
    }

    /// From now on every change is logged as a conclusion.
    pub fn start_recording(&mut self) {
        self.record = true;
    }

    /// Stops recording (for hypothetical runs).
    pub fn quiet(&mut self) {
        self.record = false;
        self.log.clear();
    }

    #[inline]
    pub fn fixed(&self, c: usize) -> Option<usize> {
        self.steps[c].only()
    }

    pub fn is_solved(&self) -> bool {
        self.steps.iter().all(|s| s.count() == 1)
    }

    /// The cell must be an end of the path (its steps are end steps only).
    #[inline]
    pub fn is_end(&self, b: &Board, c: usize) -> bool {
        b.n > 1 && self.steps[c].is_subset(b.ends)
    }

    /// The cell cannot be an end.
    #[inline]
    pub fn is_inner(&self, b: &Board, c: usize) -> bool {
        !self.steps[c].intersects(b.ends)
    }

    /// Removes `mask` from the cell's steps. A cell left with one step gives it up
    /// everywhere else (each step is taken once), in cascade.
    pub fn remove(&mut self, c: usize, mask: StepSet) -> Res<bool> {
        let gone = self.steps[c].and(mask);
        if gone.is_empty() {
            return Ok(false);
        }
        let mut work = vec![(c, gone)];
        while let Some((x, m)) = work.pop() {
            let gone = self.steps[x].and(m);
            if gone.is_empty() {
                continue;
            }
            let left = self.steps[x].minus(gone);
            if left.is_empty() {
                return Err(Contradiction);
            }
            self.steps[x] = left;
            if self.record {
                self.log.push(Conclusion::Remove {
                    cell: x,
                    steps: to_steps(gone),
                });
            }
            if let Some(s) = left.only() {
                if self.record {
                    self.log.push(Conclusion::Fix {
                        cell: x,
                        step: s as u32 + 1,
                    });
                }
                let one = StepSet::single(s);
                for y in 0..self.steps.len() {
                    if y != x && self.steps[y].has(s) {
                        work.push((y, one));
                    }
                }
            }
        }
        Ok(true)
    }

    /// Keeps only `keep` among the cell's steps.
    pub fn restrict(&mut self, c: usize, keep: StepSet) -> Res<bool> {
        let drop = self.steps[c].minus(keep);
        self.remove(c, drop)
    }

    /// The path uses side `d` of cell `c`.
    pub fn use_side(&mut self, b: &Board, c: usize, d: usize) -> Res<bool> {
        if self.used[c] & (1 << d) != 0 {
            return Ok(false);
        }
        if self.open[c] & (1 << d) == 0 {
            return Err(Contradiction);
        }
        let o = b.at(c, d);
        self.used[c] |= 1 << d;
        self.used[o] |= 1 << ((d + 3) % 6);
        if self.used[c].count_ones() > 2 || self.used[o].count_ones() > 2 {
            return Err(Contradiction);
        }
        if self.record {
            self.log.push(Conclusion::Use {
                a: c.min(o),
                b: c.max(o),
            });
        }
        Ok(true)
    }

    /// The path does not use side `d` of cell `c`.
    pub fn close_side(&mut self, b: &Board, c: usize, d: usize) -> Res<bool> {
        if self.open[c] & (1 << d) == 0 {
            return Ok(false);
        }
        if self.used[c] & (1 << d) != 0 {
            return Err(Contradiction);
        }
        let o = b.at(c, d);
        self.open[c] &= !(1 << d);
        self.open[o] &= !(1 << ((d + 3) % 6));
        if self.record {
            self.log.push(Conclusion::Close {
                a: c.min(o),
                b: c.max(o),
            });
        }
        Ok(true)
    }

    /// Cells reachable from `from` over open sides, as a mask per cell.
    pub fn reach(&self, b: &Board, from: usize, open: &[u8], skip: Option<usize>) -> Vec<bool> {
        let mut seen = vec![false; b.n];
        if Some(from) == skip {
            return seen;
        }
        seen[from] = true;
        let mut stack = vec![from];
        while let Some(c) = stack.pop() {
            let mut m = open[c];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let o = b.at(c, d);
                if !seen[o] && Some(o) != skip {
                    seen[o] = true;
                    stack.push(o);
                }
            }
        }
        seen
    }

    /// Whole-board consistency, beyond what each change checks: every step has a
    /// cell, each cell can have its degree, at most two ends, used sides join
    /// possible consecutive steps and form no loop, the open board is connected.
    pub fn check(&self, b: &Board) -> Res<()> {
        let n = b.n;
        if n <= 1 {
            return Ok(());
        }
        let mut union = StepSet::EMPTY;
        let mut ends = 0;
        for c in 0..n {
            union = union.or(self.steps[c]);
            let open = self.open[c].count_ones();
            let used = self.used[c].count_ones();
            if open == 0 || (open < 2 && self.is_inner(b, c)) {
                return Err(Contradiction);
            }
            if self.is_end(b, c) || open == 1 {
                ends += 1;
                if used > 1 {
                    return Err(Contradiction);
                }
            }
            let mut m = self.used[c];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let o = b.at(c, d);
                let ok = Board::support(self.steps[o], b.cross[c][d]);
                if !self.steps[c].intersects(ok) {
                    return Err(Contradiction);
                }
            }
        }
        if ends > 2 || union != b.all {
            return Err(Contradiction);
        }
        // used sides: no loop (a forest of path pieces)
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        for c in 0..n {
            let mut m = self.used[c];
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                let o = b.at(c, d);
                if c < o {
                    let (rc, ro) = (root(&mut parent, c), root(&mut parent, o));
                    if rc == ro {
                        return Err(Contradiction);
                    }
                    parent[rc] = ro;
                }
            }
        }
        if self.reach(b, 0, &self.open, None).iter().any(|&r| !r) {
            return Err(Contradiction);
        }
        Ok(())
    }

    /// The path when every cell's step is known, consecutive steps share a side the path
    /// may cross then, and every side held used joins consecutive steps. (The steps alone
    /// can make a path while a side only assumed used, in a look-ahead's trial, joins two
    /// cells far apart: that trial has failed, not found a solution.)
    pub fn path(&self, b: &Board) -> Option<Vec<usize>> {
        let mut path = vec![usize::MAX; b.n];
        for c in 0..b.n {
            let s = self.fixed(c)?;
            path[s] = c;
        }
        for s in 1..b.n {
            let (x, y) = (path[s - 1], path[s]);
            let ok = (0..6).any(|d| {
                self.open[x] & (1 << d) != 0 && b.at(x, d) == y && b.cross[x][d].has(s - 1)
            });
            if !ok {
                return None;
            }
        }
        for c in 0..b.n {
            for d in (0..6).filter(|&d| self.used[c] & (1 << d) != 0) {
                if self.fixed(c)?.abs_diff(self.fixed(b.at(c, d))?) != 1 {
                    return None;
                }
            }
        }
        Some(path)
    }
}
