//! Counting Hamiltonian paths that satisfy the clues, walls and spinners.
//!
//! Solutions are directed paths (a path and its reverse are two). The search is a
//! deterministic depth-first search over bitsets with these prunings:
//! - clue steps: a clue cell can only be entered at its step, and the next clue
//!   must be within its wall-aware BFS distance (spinners counted as open);
//! - dead ends: an unvisited cell with a single free neighbour can only be the
//!   path's end, so two of them (or one with none) kill the branch; this also
//!   forces the move into a cell whose only free neighbour is the path's end;
//! - connectivity: the unvisited cells must stay reachable from the path's end
//!   (a cheap ring test around the cell just left decides when a flood fill is needed).
//!
//! Spinner edges are treated as open by every pruning (they block only at some
//! steps); they are honoured exactly when the path actually takes a step.

use serde::{Deserialize, Serialize};

use super::model::{Level, MAX_CELLS};

const W: usize = MAX_CELLS / 64;
const NONE: u16 = u16::MAX;

/// A fixed-width bitset over cell indices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bits(pub [u64; W]);

impl Bits {
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    /// The first `n` bits set.
    pub fn first_n(n: usize) -> Bits {
        let mut b = Bits::default();
        for (k, w) in b.0.iter_mut().enumerate() {
            let lo = k * 64;
            if n >= lo + 64 {
                *w = u64::MAX;
            } else if n > lo {
                *w = (1u64 << (n - lo)) - 1;
            }
        }
        b
    }
    #[inline]
    fn or_assign(&mut self, o: &Bits) {
        for k in 0..W {
            self.0[k] |= o.0[k];
        }
    }
    /// Calls `f` for every set bit in increasing order.
    #[inline]
    pub fn for_each(&self, mut f: impl FnMut(usize)) {
        for (k, &w0) in self.0.iter().enumerate() {
            let mut w = w0;
            while w != 0 {
                let b = w.trailing_zeros() as usize;
                f(k * 64 + b);
                w &= w - 1;
            }
        }
    }
}

/// Options for [`solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveOptions {
    /// Stop after this many solutions (2 is enough for uniqueness). 0 = no limit.
    pub limit: u64,
    /// Stop after this many search nodes and report `aborted`. 0 = no limit.
    pub node_limit: u64,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            limit: 2,
            node_limit: 0,
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveResult {
    /// Solutions found (directed paths), at most `limit`.
    pub count: u64,
    /// The limit was reached: there may be more.
    pub capped: bool,
    /// The node limit was hit before the search ended: `count` is a lower bound.
    pub aborted: bool,
    /// Search nodes visited (a measure of work and of difficulty).
    pub nodes: u64,
    /// The first solution found.
    pub first: Option<Vec<usize>>,
    /// The second solution found (to show a designer two differing solutions).
    pub second: Option<Vec<usize>>,
}

impl SolveResult {
    /// Exactly one solution, proven (not aborted).
    pub fn is_unique(&self) -> bool {
        self.count == 1 && !self.aborted
    }
}

/// Counts solutions up to `opts.limit` and returns the first ones. Deterministic.
pub fn solve(level: &Level, opts: &SolveOptions) -> SolveResult {
    let mut s = match Search::new(level, opts) {
        Some(s) => s,
        None => return SolveResult::default(),
    };
    s.run(level);
    SolveResult {
        count: s.count,
        capped: s.limit > 0 && s.count >= s.limit,
        aborted: s.aborted,
        nodes: s.nodes,
        first: s.first.take(),
        second: s.second.take(),
    }
}

/// Shorthand: number of solutions, capped at `limit` (no node limit).
pub fn count_solutions(level: &Level, limit: u64) -> u64 {
    solve(
        level,
        &SolveOptions {
            limit,
            node_limit: 0,
        },
    )
    .count
}

/// Wall-aware (spinners open) BFS distances between all pairs, `u16::MAX` if unreachable.
pub fn distances(level: &Level) -> Vec<u16> {
    let n = level.len();
    let mut dist = vec![NONE; n * n];
    let mut queue = Vec::with_capacity(n);
    for src in 0..n {
        let row = &mut dist[src * n..(src + 1) * n];
        row[src] = 0;
        queue.clear();
        queue.push(src);
        let mut head = 0;
        while head < queue.len() {
            let c = queue[head];
            head += 1;
            let dc = row[c];
            for (d, j) in level.neighbors(c) {
                if level.wall_dirs(c) & (1 << d) == 0 && row[j] == NONE {
                    row[j] = dc + 1;
                    queue.push(j);
                }
            }
        }
    }
    dist
}

struct Search {
    n: usize,
    nb: Vec<[u16; 6]>,
    open: Vec<u8>,
    spin_block: Vec<[u8; 6]>,
    nbmask: Vec<Bits>,
    clue_of: Vec<u16>,
    cell_at: Vec<u16>,
    next_clue: Vec<u16>,
    dist: Vec<u16>,
    all: Bits,
    visited: Bits,
    deg: Vec<u8>,
    ones: u32,
    path: Vec<u16>,
    nodes: u64,
    count: u64,
    limit: u64,
    node_limit: u64,
    aborted: bool,
    first: Option<Vec<usize>>,
    second: Option<Vec<usize>>,
}

impl Search {
    fn new(level: &Level, opts: &SolveOptions) -> Option<Search> {
        let n = level.len();
        if n == 0 || !level.connected(true) {
            return None;
        }
        let mut nb = vec![[NONE; 6]; n];
        let mut open = vec![0u8; n];
        let mut spin_block = vec![[0u8; 6]; n];
        let mut nbmask = vec![Bits::default(); n];
        for i in 0..n {
            for (d, j) in level.neighbors(i) {
                nb[i][d] = j as u16;
                if level.wall_dirs(i) & (1 << d) == 0 {
                    open[i] |= 1 << d;
                    nbmask[i].set(j);
                }
                for &(si, cand) in level.spinners_on(i, d) {
                    let phase = level.spinners()[si].phase as usize;
                    // blocked when (phase + t) % 3 == cand  ⇔  t % 3 == (cand - phase) mod 3
                    let m = (cand as usize + 3 - phase) % 3;
                    spin_block[i][d] |= 1 << m;
                }
            }
        }
        let mut clue_of = vec![0u16; n];
        let mut cell_at = vec![NONE; n + 2];
        for (i, c) in level.cells().iter().enumerate() {
            if let Some(v) = c.clue {
                clue_of[i] = v as u16;
                cell_at[v as usize] = i as u16;
            }
        }
        let mut next_clue = vec![0u16; n + 2];
        let mut nxt = 0u16;
        for s in (0..n + 2).rev() {
            next_clue[s] = nxt;
            if cell_at[s] != NONE {
                nxt = s as u16;
            }
        }
        let dist = distances(level);
        // consecutive clues must be reachable in time
        let mut prev: Option<(usize, usize)> = None;
        for (s, &c) in cell_at.iter().enumerate() {
            if c == NONE {
                continue;
            }
            if let Some((ps, pc)) = prev {
                if dist[pc * n + c as usize] as usize > s - ps {
                    return None;
                }
            }
            prev = Some((s, c as usize));
        }
        Some(Search {
            n,
            nb,
            open,
            spin_block,
            nbmask,
            clue_of,
            cell_at,
            next_clue,
            dist,
            all: Bits::first_n(n),
            visited: Bits::default(),
            deg: vec![0; n],
            ones: 0,
            path: Vec::with_capacity(n),
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

    fn run(&mut self, _level: &Level) {
        let n = self.n;
        let starts: Vec<usize> = if self.cell_at[1] != NONE {
            vec![self.cell_at[1] as usize]
        } else {
            (0..n).collect()
        };
        for s in starts {
            if self.stop() {
                break;
            }
            // the first clue must be reachable from the start in time
            let nc = self.next_clue[1] as usize;
            if nc != 0 {
                let c = self.cell_at[nc] as usize;
                if c == s || self.dist[s * n + c] as usize > nc - 1 {
                    continue;
                }
            }
            if self.clue_of[s] != 0 && self.clue_of[s] != 1 {
                continue;
            }
            self.visited = Bits::default();
            self.visited.set(s);
            self.ones = 0;
            let mut dead = false;
            for u in 0..n {
                self.deg[u] = self.nbmask[u].count() as u8;
                if u != s {
                    match self.deg[u] {
                        0 => dead = true,
                        1 => self.ones += 1,
                        _ => {}
                    }
                }
            }
            if n > 1 && (dead || self.ones > 1) {
                continue;
            }
            self.path.clear();
            self.path.push(s as u16);
            self.dfs(s, 1);
        }
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

    fn dfs(&mut self, head: usize, t: usize) {
        if self.stop() {
            return;
        }
        self.nodes += 1;
        if self.node_limit > 0 && self.nodes > self.node_limit {
            self.aborted = true;
            return;
        }
        if t == self.n {
            self.record();
            return;
        }
        let n = self.n;
        let step = t + 1;
        let forced = self.cell_at[step];
        let tm = 1u8 << (t % 3);
        let nc = self.next_clue[step] as usize;
        let mut cand = [(0u8, 0u16); 6];
        let mut k = 0;
        let open = self.open[head];
        for d in 0..6 {
            if open & (1 << d) == 0 || self.spin_block[head][d] & tm != 0 {
                continue;
            }
            let nx = self.nb[head][d];
            let nxu = nx as usize;
            if self.visited.get(nxu) {
                continue;
            }
            if forced != NONE {
                if nx != forced {
                    continue;
                }
            } else if self.clue_of[nxu] != 0 {
                continue;
            }
            if nc != 0 && self.dist[nxu * n + self.cell_at[nc] as usize] as usize > nc - step {
                continue;
            }
            // fewest onward moves first (Warnsdorff), direction order breaks ties
            let mut j = k;
            let key = self.deg[nxu];
            while j > 0 && cand[j - 1].0 > key {
                cand[j] = cand[j - 1];
                j -= 1;
            }
            cand[j] = (key, nx);
            k += 1;
        }
        for &(_, nx) in &cand[..k] {
            let nx = nx as usize;
            let ok = self.apply(head, nx) && self.still_connected(head, nx);
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
    }

    /// Moves the head from `e` to `nx`; returns false if a dead end appears.
    #[inline]
    fn apply(&mut self, e: usize, nx: usize) -> bool {
        self.visited.set(nx);
        if self.deg[nx] == 1 {
            self.ones -= 1;
        }
        let mut ok = true;
        let open = self.open[e];
        for d in 0..6 {
            if open & (1 << d) == 0 {
                continue;
            }
            let u = self.nb[e][d] as usize;
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
        let open = self.open[e];
        for d in 0..6 {
            if open & (1 << d) == 0 {
                continue;
            }
            let u = self.nb[e][d] as usize;
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

    /// After leaving `e` for `nx`: are all unvisited cells still reachable from `nx`?
    fn still_connected(&self, e: usize, nx: usize) -> bool {
        // ring test: the cells around `e` that remain (unvisited, or the new head)
        let mut present = [false; 6];
        let mut members = 0;
        let mut is_member = [false; 6];
        for d in 0..6 {
            let c = self.nb[e][d];
            if c != NONE && (c as usize == nx || !self.visited.get(c as usize)) {
                present[d] = true;
                if self.open[e] & (1 << d) != 0 {
                    is_member[d] = true;
                    members += 1;
                }
            }
        }
        if members <= 1 {
            return true;
        }
        let link = |x: usize| -> bool {
            let y = (x + 1) % 6;
            present[x]
                && present[y]
                && self.open[self.nb[e][x] as usize] & (1 << ((x + 2) % 6)) != 0
        };
        let brk = (0..6).find(|&x| !link((x + 5) % 6));
        let safe = match brk {
            None => true,
            Some(b) => {
                let mut arcs = 0;
                let mut cur = false;
                for i in 0..6 {
                    let d = (b + i) % 6;
                    if i > 0 && !link((d + 5) % 6) {
                        if cur {
                            arcs += 1;
                        }
                        cur = false;
                    }
                    if is_member[d] {
                        cur = true;
                    }
                }
                if cur {
                    arcs += 1;
                }
                arcs <= 1
            }
        };
        if safe {
            return true;
        }
        // flood fill over the unvisited cells plus the head
        let mut target = self.all;
        for k in 0..W {
            target.0[k] &= !self.visited.0[k];
        }
        target.set(nx);
        let mut reach = Bits::default();
        reach.set(nx);
        let mut frontier = reach;
        loop {
            let mut next = Bits::default();
            frontier.for_each(|c| next.or_assign(&self.nbmask[c]));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::level_file::parse_level;
    use crate::hex::rules;
    use crate::hex::test_levels::WALLED_TRIANGLE;

    #[test]
    fn bits_basics() {
        let mut b = Bits::default();
        b.set(3);
        b.set(130);
        assert!(b.get(130) && b.get(3) && !b.get(4));
        assert_eq!(b.count(), 2);
        let mut v = Vec::new();
        b.for_each(|i| v.push(i));
        assert_eq!(v, vec![3, 130]);
        b.clear(3);
        assert_eq!(b.count(), 1);
        assert_eq!(Bits::first_n(70).count(), 70);
    }

    #[test]
    fn walled_triangle_is_unique() {
        let l = parse_level(WALLED_TRIANGLE).unwrap();
        let r = solve(&l, &SolveOptions::default());
        assert_eq!(r.count, 1);
        assert!(!r.capped && !r.aborted);
        assert_eq!(r.first, Some(vec![0, 2, 1]));
        assert!(rules::is_solution(&l, r.first.as_ref().unwrap()));
    }

    #[test]
    fn directed_paths_counted_twice_without_clues() {
        // a line of three: a-b-c has two directed solutions
        let l = parse_level(
            r#"{"id":"l","cells":[{"id":"a","q":0,"r":0},{"id":"b","q":1,"r":0},{"id":"c","q":2,"r":0}]}"#,
        )
        .unwrap();
        assert_eq!(count_solutions(&l, 0), 2);
        let r = solve(
            &l,
            &SolveOptions {
                limit: 1,
                node_limit: 0,
            },
        );
        assert!(r.capped);
    }

    #[test]
    fn spinner_decides() {
        // c(0,0) clue 1, e(1,0), s(0,1) with spinner: c corner 0 phase 1 blocks c–e at t=1
        // and e–s at t=2, so no solution; phase 0 blocks c–s at t=1 (only c→e→s works).
        let base = r#"{"id":"s","cells":[{"id":"c","q":0,"r":0,"clue":1},{"id":"e","q":1,"r":0},{"id":"s","q":0,"r":1}],
                "spinners":[{"cell":"c","corner":0,"phase":PH}]}"#;
        let l1 = parse_level(&base.replace("PH", "1")).unwrap();
        assert_eq!(count_solutions(&l1, 0), 0);
        let l0 = parse_level(&base.replace("PH", "0")).unwrap();
        let r = solve(&l0, &SolveOptions::default());
        assert_eq!(r.count, 1);
        assert_eq!(r.first, Some(vec![0, 1, 2]));
    }

    #[test]
    fn node_limit_reports_abort() {
        let mut cells = String::new();
        let mut k = 0;
        for q in 0..6 {
            for r in 0..6 {
                if !cells.is_empty() {
                    cells.push(',');
                }
                cells.push_str(&format!(r#"{{"id":"c{k}","q":{q},"r":{r}}}"#));
                k += 1;
            }
        }
        let l = parse_level(&format!(r#"{{"id":"big","cells":[{cells}]}}"#)).unwrap();
        let r = solve(
            &l,
            &SolveOptions {
                limit: 0,
                node_limit: 1000,
            },
        );
        assert!(r.aborted);
        assert!(r.nodes <= 1001);
    }
}
