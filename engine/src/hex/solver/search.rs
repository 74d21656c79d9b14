//! The depth-first search behind `solve`: the path grows from its start, one cell per node, under the prunings.

use rustc_hash::FxHashSet;

use super::super::model::Level;
use super::super::ring::RING_SAFE;
use super::tables::Tables;
use super::{Set, SolveOptions, NONE};

/// Most dead states remembered (about 48 bytes each with the table's overhead).
const DEAD_CAP: usize = 1 << 18;
/// Smallest subtree (in nodes) whose root is remembered as dead: smaller ones are
/// cheaper to search again than to hash and keep.
const MEMO_MIN: u64 = 4;

pub(super) struct Search<const W: usize> {
    tb: Tables<W>,
    visited: Set<W>,
    /// Per cell: unvisited open neighbours (the head counts as visited).
    deg: Vec<u8>,
    /// Unvisited cells with exactly one free neighbour (each must be the path's end).
    ones: u32,
    path: Vec<u16>,
    /// States (visited cells, head) known to have no completion. The cells on the
    /// path fix the step, so the state alone decides every later constraint.
    dead: FxHashSet<([u64; W], u16)>,
    pub nodes: u64,
    pub count: u64,
    pub limit: u64,
    node_limit: u64,
    pub aborted: bool,
    pub first: Option<Vec<usize>>,
    pub second: Option<Vec<usize>>,
}

impl<const W: usize> Search<W> {
    /// None when the level has no solution for a reason seen before searching.
    pub fn new(level: &Level, opts: &SolveOptions) -> Option<Search<W>> {
        let n = level.len();
        if n == 0 || !level.connected(true) {
            return None;
        }
        let tb = Tables::new(level);
        if !tb.clues_feasible() {
            return None;
        }
        Some(Search {
            deg: vec![0; n],
            tb,
            visited: Set::default(),
            ones: 0,
            path: Vec::with_capacity(n),
            dead: FxHashSet::default(),
            nodes: 0,
            count: 0,
            limit: opts.limit,
            node_limit: opts.node_limit,
            aborted: false,
            first: None,
            second: None,
        })
    }

    #[inline]
    fn stop(&self) -> bool {
        self.aborted || (self.limit > 0 && self.count >= self.limit)
    }

    /// Searches from every start cell the clues allow, in index order.
    pub fn run(&mut self) {
        let n = self.tb.n;
        for s in 0..n {
            if self.stop() {
                break;
            }
            if !self.start_ok(s) || !self.place_start(s) {
                continue;
            }
            self.dfs(s, 1);
        }
    }

    fn start_ok(&self, s: usize) -> bool {
        let tb = &self.tb;
        let first = tb.cell_at[1];
        if first != NONE {
            return first as usize == s;
        }
        if tb.clue_of[s] != 0 {
            return false;
        }
        // the start is step 1: the next clue must be within `nc - 1` steps
        let nc = tb.next_clue[1] as usize;
        nc == 0 || (tb.dist[s * tb.n + tb.cell_at[nc] as usize] as usize) < nc
    }

    /// Puts the path on `s` alone; false if that already leaves a dead end.
    fn place_start(&mut self, s: usize) -> bool {
        let n = self.tb.n;
        self.visited = Set::default();
        self.visited.set(s);
        self.ones = 0;
        let mut dead = false;
        for u in 0..n {
            self.deg[u] = self.tb.nbmask[u].count() as u8;
            if u != s {
                match self.deg[u] {
                    0 => dead = true,
                    1 => self.ones += 1,
                    _ => {}
                }
            }
        }
        self.path.clear();
        self.path.push(s as u16);
        n == 1 || !(dead || self.ones > 1)
    }

    fn record(&mut self) {
        self.count += 1;
        let p: Vec<usize> = self.path.iter().map(|&c| c as usize).collect();
        if self.first.is_none() {
            self.first = Some(p);
        } else if self.second.is_none() {
            self.second = Some(p);
        }
    }

    /// The path has `t` cells and ends at `head`; counts its completions.
    fn dfs(&mut self, head: usize, t: usize) {
        if self.stop() {
            return;
        }
        self.nodes += 1;
        if self.node_limit > 0 && self.nodes > self.node_limit {
            self.aborted = true;
            return;
        }
        let n = self.tb.n;
        if t == n {
            self.record();
            return;
        }
        if self.dead.contains(&(self.visited.0, head as u16)) {
            return;
        }
        let (nodes0, count0) = (self.nodes, self.count);
        let (cand, k) = self.candidates(head, t);
        for &(_, nx) in &cand[..k] {
            let nx = nx as usize;
            let ok =
                self.apply(head, nx) && self.covered(nx, t + 1) && self.still_connected(head, nx);
            if ok {
                self.path.push(nx as u16);
                self.dfs(nx, t + 1);
                self.path.pop();
            }
            self.revert(head, nx);
            if self.stop() {
                return;
            }
        }
        // no completion below: remember the state if its subtree was worth it
        if self.count == count0 && self.nodes - nodes0 >= MEMO_MIN && self.dead.len() < DEAD_CAP {
            self.dead.insert((self.visited.0, head as u16));
        }
    }

    /// The cells the head may step into at step `t + 1`, fewest onward moves first
    /// (Warnsdorff: a cell about to be cut off is taken before it is), direction
    /// order breaking ties; returns them with their count.
    #[inline]
    fn candidates(&self, head: usize, t: usize) -> ([(u8, u16); 6], usize) {
        let tb = &self.tb;
        let n = tb.n;
        let step = t + 1;
        let forced = tb.cell_at[step];
        let nc = tb.next_clue[step] as usize;
        let mut cand = [(0u8, 0u16); 6];
        let mut k = 0;
        let mut dirs = tb.step_open[t % 3][head];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let nx = tb.nb[head][d];
            let nxu = nx as usize;
            if self.visited.get(nxu) {
                continue;
            }
            if forced != NONE {
                if nx != forced {
                    continue;
                }
            } else if tb.clue_of[nxu] != 0 {
                continue;
            }
            if nc != 0 && tb.dist[nxu * n + tb.cell_at[nc] as usize] as usize > nc - step {
                continue;
            }
            let mut j = k;
            let key = self.deg[nxu];
            while j > 0 && cand[j - 1].0 > key {
                cand[j] = cand[j - 1];
                j -= 1;
            }
            cand[j] = (key, nx);
            k += 1;
        }
        (cand, k)
    }

    /// Moves the head from `e` to `nx`; returns false if a dead end appears.
    #[inline]
    fn apply(&mut self, e: usize, nx: usize) -> bool {
        self.visited.set(nx);
        if self.deg[nx] == 1 {
            self.ones -= 1;
        }
        let mut ok = true;
        let mut open = self.tb.open[e];
        while open != 0 {
            let d = open.trailing_zeros() as usize;
            open &= open - 1;
            let u = self.tb.nb[e][d] as usize;
            if self.visited.get(u) {
                continue;
            }
            self.deg[u] -= 1;
            match self.deg[u] {
                1 => self.ones += 1,
                0 => {
                    self.ones -= 1;
                    ok = false;
                }
                _ => {}
            }
        }
        ok && self.ones <= 1
    }

    #[inline]
    fn revert(&mut self, e: usize, nx: usize) {
        let mut open = self.tb.open[e];
        while open != 0 {
            let d = open.trailing_zeros() as usize;
            open &= open - 1;
            let u = self.tb.nb[e][d] as usize;
            if self.visited.get(u) {
                continue;
            }
            self.deg[u] += 1;
            match self.deg[u] {
                1 => self.ones += 1,
                2 => self.ones -= 1,
                _ => {}
            }
        }
        self.visited.clear(nx);
        if self.deg[nx] == 1 {
            self.ones += 1;
        }
    }

    /// Coverage: with the head `nx` at `step`, every unvisited cell that only the
    /// current stretch (up to the next clue) can cover must still fit into it.
    #[inline]
    fn covered(&self, nx: usize, step: usize) -> bool {
        let tb = &self.tb;
        let nc = tb.next_clue[step] as usize;
        if nc == 0 {
            return true;
        }
        let mut due: Set<W> = Set::default();
        for w in 0..W {
            due.0[w] = tb.due_by[nc].0[w] & !self.visited.0[w];
        }
        // the cells strictly between now and the clue
        if due.count() as usize > nc - step - 1 {
            return false;
        }
        let n = tb.n;
        let target = tb.cell_at[nc] as usize;
        let left = (nc - step) as u32;
        let mut ok = true;
        due.for_each(|x| {
            ok &= tb.dist[nx * n + x] as u32 + tb.dist[target * n + x] as u32 <= left;
        });
        ok
    }

    /// After leaving `e` for `nx`: are all unvisited cells still reachable from `nx`?
    fn still_connected(&self, e: usize, nx: usize) -> bool {
        let tb = &self.tb;
        // ring test: the cells around `e` that remain (unvisited, or the new head)
        let mut present = 0usize;
        for d in 0..6 {
            let c = tb.nb[e][d];
            if c != NONE && (c as usize == nx || !self.visited.get(c as usize)) {
                present |= 1 << d;
            }
        }
        let members = present & tb.open[e] as usize;
        let links = tb.ring_open[e] as usize & present & ((present >> 1) | (present << 5)) & 63;
        if RING_SAFE[links] >> members & 1 == 1 {
            return true;
        }
        // flood fill over the unvisited cells plus the head
        let mut target = tb.all;
        for k in 0..W {
            target.0[k] &= !self.visited.0[k];
        }
        target.set(nx);
        let mut reach: Set<W> = Set::default();
        reach.set(nx);
        let mut frontier = reach;
        loop {
            let mut next: Set<W> = Set::default();
            frontier.for_each(|c| next.or_assign(&tb.nbmask[c]));
            let mut any = false;
            for k in 0..W {
                next.0[k] &= target.0[k] & !reach.0[k];
                reach.0[k] |= next.0[k];
                any |= next.0[k] != 0;
            }
            if !any {
                break;
            }
            frontier = next;
        }
        reach == target
    }
}
