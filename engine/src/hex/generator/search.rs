//! A resumable search for Hamiltonian paths other than the author's, under the
//! clues, walls and spinners the generator is adding.
//!
//! The depth-first search keeps its whole state (the current path and, per depth,
//! the children already explored) between calls. The generator adds a constraint
//! that kills the path just found and resumes: every subtree explored so far held
//! no other solution under weaker constraints, so it holds none now, and the
//! search never revisits it. One pass of the search therefore both finds every
//! alternative that needs killing and, when it runs out, proves the level unique.
//!
//! Prunings (all sound, so a pruned subtree has no solution):
//! - a clue cell is entered only at its step; the next clue must be within its
//!   wall-aware distance; an "avoid" entry forbids one cell at one step;
//! - dead ends: an unvisited cell with one free neighbour must be the path's end,
//!   so two of them (or one with none) kill the branch;
//! - connectivity: the unvisited cells must stay reachable from the head;
//! - coverage: an unvisited cell that no later stretch between clues can reach in
//!   time must be taken before the next clue, so it must be reachable from the
//!   head and still reach that clue in the steps left.
//!
//! Spinner edges count as open for the prunings and are honoured exactly when a
//! step is taken.

use rustc_hash::FxHashSet;

use super::super::ring::RING_SAFE;
use super::board::{Board, NONE};

/// Most dead states remembered (about 40 bytes each).
const DEAD_CAP: usize = 1 << 18;
/// Smallest subtree (in nodes) whose root is remembered as dead.
const MEMO_MIN: u64 = 4;

/// A set of cells in `W` 64-bit words (the search is compiled for 1, 2 and 4
/// words, so small boards do not pay for the largest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Set<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Set<W> {
    fn default() -> Self {
        Set([0; W])
    }
}

impl<const W: usize> Set<W> {
    /// `W` is a power of two, so masking the word index keeps it in range and
    /// spares the bounds check (cell indices are below `64 * W` by construction).
    const MASK: usize = {
        assert!(W.is_power_of_two());
        W - 1
    };
    #[inline]
    fn get(&self, i: usize) -> bool {
        self.0[(i >> 6) & Self::MASK] >> (i & 63) & 1 == 1
    }
    #[inline]
    fn set(&mut self, i: usize) {
        self.0[(i >> 6) & Self::MASK] |= 1 << (i & 63);
    }
    #[inline]
    fn clear(&mut self, i: usize) {
        self.0[(i >> 6) & Self::MASK] &= !(1 << (i & 63));
    }
    fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn first_n(n: usize) -> Self {
        let mut b = Set::default();
        for i in 0..n {
            b.set(i);
        }
        b
    }
}

/// The children of one node in the order they are tried (directions), worked
/// out when the node is first expanded.
#[derive(Clone, Copy)]
struct Order {
    dirs: [u8; 6],
    len: u8,
    next: u8,
}

impl Order {
    const UNSET: Order = Order {
        dirs: [0; 6],
        len: u8::MAX,
        next: 0,
    };
}

/// What a call to [`Search::next_alt`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// A solution other than the author's is in [`Search::path`].
    Found,
    /// No other solution exists under the current constraints.
    Exhausted,
    /// The node budget ran out; the search can be resumed.
    Aborted,
}

pub(crate) struct Search<const W: usize> {
    n: usize,
    nb: Vec<[u16; 6]>,
    author: Vec<u16>,
    /// Per cell: bit `d` set when the author's path uses the edge in direction `d`.
    author_dirs: Vec<u8>,
    // constraints
    open: Vec<u8>,
    /// Per cell: bit `x` set when its neighbours `x` and `x + 1` exist and the
    /// edge between them is open.
    ring_open: Vec<u8>,
    nbmask: Vec<Set<W>>,
    spin_block: Vec<[u8; 6]>,
    /// `step_open[t % 3][c]`: the directions open from `c` with `t` cells on the
    /// path (no static wall, no spinner standing there then).
    step_open: [Vec<u8>; 3],
    spinners: Vec<Vec<(u16, u16, u8)>>,
    clue_at: Vec<u16>,
    clue_of: Vec<u16>,
    avoid_at: Vec<u16>,
    // derived from the constraints by `refresh`
    next_clue: Vec<u16>,
    dist: Vec<u16>,
    dist_stale: bool,
    /// Per clue step `s` (indexed by step): cells that no stretch after the clue
    /// at `s` can cover, so they must be on the path before `s`.
    due_by: Vec<Set<W>>,
    // search state
    path: Vec<u16>,
    done: Vec<u8>,
    next_start: usize,
    visited: Set<W>,
    deg: Vec<u8>,
    ones: u32,
    all: Set<W>,
    /// How many leading cells of the path agree with the author's.
    agree: usize,
    /// States (visited cells, head) with no completion under the current
    /// constraints; valid while constraints are only added.
    dead: FxHashSet<([u64; W], u16)>,
    dead_stale: bool,
    /// Path length up to which the current path's prefixes lead to a solution that
    /// was reported and left standing (0: none): those are never dead.
    tainted: usize,
    /// Per depth: the node count when that cell was placed.
    entered: Vec<u64>,
    /// Per depth: the order in which the children are tried.
    order: Vec<Order>,
    /// Search nodes (cells placed) over the search's life.
    pub nodes: u64,
}

impl<const W: usize> Search<W> {
    /// A search on the bare board (no walls, clues or spinners) that skips `author`.
    pub fn new(board: &Board, author: &[u16]) -> Search<W> {
        assert!(
            board.len() <= 64 * W,
            "a board of {} cells needs more words",
            board.len()
        );
        let n = board.len();
        let mut open = vec![0u8; n];
        let mut nbmask = vec![Set::default(); n];
        for i in 0..n {
            for (d, &j) in board.nb[i].iter().enumerate() {
                if j != NONE {
                    open[i] |= 1 << d;
                    nbmask[i].set(j as usize);
                }
            }
        }
        let mut author_dirs = vec![0u8; n];
        for w in author.windows(2) {
            let (a, b) = (w[0] as usize, w[1] as usize);
            for (x, y) in [(a, b), (b, a)] {
                let d = board.nb[x]
                    .iter()
                    .position(|&c| c as usize == y)
                    .expect("adjacent");
                author_dirs[x] |= 1 << d;
            }
        }
        Search {
            n,
            nb: board.nb.clone(),
            author: author.to_vec(),
            author_dirs,
            open,
            ring_open: vec![0; n],
            nbmask,
            spin_block: vec![[0; 6]; n],
            step_open: [vec![0; n], vec![0; n], vec![0; n]],
            spinners: Vec::new(),
            clue_at: vec![NONE; n + 2],
            clue_of: vec![0; n],
            avoid_at: vec![NONE; n + 2],
            next_clue: vec![0; n + 2],
            dist: vec![NONE; n * n],
            dist_stale: true,
            due_by: vec![Set::default(); n + 2],
            path: Vec::with_capacity(n),
            done: Vec::with_capacity(n),
            next_start: 0,
            visited: Set::default(),
            deg: vec![0; n],
            ones: 0,
            all: Set::first_n(n),
            agree: 0,
            dead: FxHashSet::default(),
            dead_stale: false,
            tainted: 0,
            entered: Vec::with_capacity(n),
            order: Vec::with_capacity(n),
            nodes: 0,
        }
    }

    /// The path the last [`Outcome::Found`] reported.
    pub fn path(&self) -> &[u16] {
        &self.path
    }

    pub fn set_wall(&mut self, a: usize, b: usize) {
        for (x, y) in [(a, b), (b, a)] {
            let d = self.dir(x, y);
            self.open[x] &= !(1 << d);
            self.nbmask[x].clear(y);
        }
        self.dist_stale = true;
    }

    pub fn clear_wall(&mut self, a: usize, b: usize) {
        for (x, y) in [(a, b), (b, a)] {
            let d = self.dir(x, y);
            self.open[x] |= 1 << d;
            self.nbmask[x].set(y);
        }
        self.dist_stale = true;
        self.dead_stale = true;
    }

    /// Adds a spinner: edge `a`–`b` is blocked whenever `t % 3 == m` (`t` = cells
    /// on the path), for each `(a, b, m)` given.
    pub fn push_spinner(&mut self, edges: &[(u16, u16, u8)]) {
        self.spinners.push(edges.to_vec());
        self.rebuild_spinners();
    }

    /// Removes the spinner added last.
    pub fn pop_spinner(&mut self) {
        self.spinners.pop();
        self.dead_stale = true;
        self.rebuild_spinners();
    }

    fn rebuild_spinners(&mut self) {
        for row in self.spin_block.iter_mut() {
            *row = [0; 6];
        }
        for i in 0..self.spinners.len() {
            for k in 0..self.spinners[i].len() {
                let (a, b, m) = self.spinners[i][k];
                for (x, y) in [(a as usize, b as usize), (b as usize, a as usize)] {
                    let d = self.dir(x, y);
                    self.spin_block[x][d] |= 1 << m;
                }
            }
        }
    }

    pub fn set_clue(&mut self, step: usize, cell: usize) {
        self.clue_at[step] = cell as u16;
        self.clue_of[cell] = step as u16;
    }

    pub fn clear_clue(&mut self, step: usize) {
        let c = self.clue_at[step];
        if c != NONE {
            self.clue_of[c as usize] = 0;
            self.clue_at[step] = NONE;
            self.dead_stale = true;
        }
    }

    /// Forbids `cell` at `step` (or lifts that with `None`).
    pub fn set_avoid(&mut self, step: usize, cell: Option<usize>) {
        self.avoid_at[step] = cell.map_or(NONE, |c| c as u16);
        self.dead_stale = true;
    }

    /// Forgets the explored part: the next call starts from the first start cell.
    pub fn restart(&mut self) {
        self.tainted = 0;
        self.path.clear();
        self.done.clear();
        self.entered.clear();
        self.order.clear();
        self.next_start = 0;
    }

    fn dir(&self, a: usize, b: usize) -> usize {
        self.nb[a]
            .iter()
            .position(|&x| x as usize == b)
            .expect("adjacent cells")
    }

    /// Recomputes the derived tables after constraints changed.
    fn refresh(&mut self) {
        if self.dead_stale {
            self.dead.clear();
            self.dead_stale = false;
        }
        let n = self.n;
        let mut nxt = 0u16;
        for s in (0..n + 2).rev() {
            self.next_clue[s] = nxt;
            if self.clue_at[s] != NONE {
                nxt = s as u16;
            }
        }
        // distances serve only the clue prunings
        if self.dist_stale && self.clue_of.iter().any(|&c| c != 0) {
            self.distances();
            self.dist_stale = false;
        }
        for e in 0..n {
            for (phase, row) in self.step_open.iter_mut().enumerate() {
                let blocked = (0..6).filter(|&d| self.spin_block[e][d] >> phase & 1 == 1);
                row[e] = blocked.fold(self.open[e], |m, d| m & !(1 << d));
            }
            let mut m = 0u8;
            for x in 0..6 {
                let (a, b) = (self.nb[e][x], self.nb[e][(x + 1) % 6]);
                if a != NONE && b != NONE && self.open[a as usize] & (1 << ((x + 2) % 6)) != 0 {
                    m |= 1 << x;
                }
            }
            self.ring_open[e] = m;
        }
        self.coverage();
    }

    /// Wall-aware (spinners open) BFS distances between all pairs.
    fn distances(&mut self) {
        let n = self.n;
        self.dist.fill(NONE);
        let mut queue = Vec::with_capacity(n);
        for src in 0..n {
            let row = &mut self.dist[src * n..(src + 1) * n];
            row[src] = 0;
            queue.clear();
            queue.push(src as u16);
            let mut head = 0;
            while head < queue.len() {
                let c = queue[head] as usize;
                head += 1;
                let dc = row[c];
                let open = self.open[c];
                for d in 0..6 {
                    if open & (1 << d) != 0 {
                        let j = self.nb[c][d] as usize;
                        if row[j] == NONE {
                            row[j] = dc + 1;
                            queue.push(j as u16);
                        }
                    }
                }
            }
        }
    }

    /// `due_by[s]` for each clue step `s`: the cells no stretch after `s` covers.
    /// A stretch from clue `(s1, c1)` to the next clue `(s2, c2)` covers `x` when
    /// `dist(c1, x) + dist(x, c2) ≤ s2 − s1`; the open stretch after the last clue
    /// `(sl, cl)` covers `x` when `dist(cl, x) ≤ N − sl`.
    fn coverage(&mut self) {
        let n = self.n;
        let clues: Vec<(usize, usize)> = (1..=n)
            .filter(|&s| self.clue_at[s] != NONE)
            .map(|s| (s, self.clue_at[s] as usize))
            .collect();
        let mut later: Set<W> = Set::default();
        for (k, &(s, c)) in clues.iter().enumerate().rev() {
            // cells covered by the stretch starting at clue k
            let mut cover: Set<W> = Set::default();
            match clues.get(k + 1) {
                Some(&(s2, c2)) => {
                    let len = (s2 - s) as u16;
                    for x in 0..n {
                        let a = self.dist[c * n + x];
                        let b = self.dist[c2 * n + x];
                        if a != NONE && b != NONE && a + b <= len {
                            cover.set(x);
                        }
                    }
                }
                None => {
                    let len = (n - s) as u16;
                    for x in 0..n {
                        if self.dist[c * n + x] <= len {
                            cover.set(x);
                        }
                    }
                }
            }
            for w in 0..W {
                later.0[w] |= cover.0[w];
                self.due_by[s].0[w] = self.all.0[w] & !later.0[w];
            }
        }
    }

    fn start_ok(&self, s: usize) -> bool {
        let first = self.clue_at[1];
        if (first != NONE && first as usize != s) || self.avoid_at[1] as usize == s {
            return false;
        }
        if first == NONE && self.clue_of[s] != 0 {
            return false;
        }
        let nc = self.next_clue[1] as usize;
        // the start is step 1: the next clue must be within `nc - 1` steps
        nc == 0 || (self.dist[s * self.n + self.clue_at[nc] as usize] as usize) < nc
    }

    /// Places the start; false if that already leaves a dead end.
    fn push_start(&mut self, s: usize) -> bool {
        self.visited = Set::default();
        self.visited.set(s);
        self.ones = 0;
        let mut dead = false;
        for u in 0..self.n {
            self.deg[u] = self.nbmask[u].count() as u8;
            if u != s {
                match self.deg[u] {
                    0 => dead = true,
                    1 => self.ones += 1,
                    _ => {}
                }
            }
        }
        self.path.clear();
        self.done.clear();
        self.entered.clear();
        self.order.clear();
        if self.n > 1 && (dead || self.ones > 1) {
            return false;
        }
        self.path.push(s as u16);
        self.done.push(0);
        self.entered.push(self.nodes);
        self.order.push(Order::UNSET);
        self.agree = (self.author.first() == Some(&(s as u16))) as usize;
        true
    }

    /// Whether stepping from `head` (with `t` cells on the path) in direction `d`
    /// to `nx` is allowed by the constraints.
    #[inline]
    fn allowed(&self, head: usize, t: usize, d: usize, nx: usize) -> bool {
        self.step_open[t % 3][head] & (1 << d) != 0 && self.allowed_into(t, nx)
    }

    /// [`Search::allowed`] past the edge: whether `nx` may be entered at step `t + 1`.
    #[inline]
    fn allowed_into(&self, t: usize, nx: usize) -> bool {
        if self.visited.get(nx) {
            return false;
        }
        let step = t + 1;
        let forced = self.clue_at[step];
        if forced != NONE {
            if forced as usize != nx {
                return false;
            }
        } else if self.clue_of[nx] != 0 || self.avoid_at[step] as usize == nx {
            return false;
        }
        let nc = self.next_clue[step] as usize;
        nc == 0 || self.dist[self.clue_at[nc] as usize * self.n + nx] as usize <= nc - step
    }

    /// Takes the step `head → nx` (t cells on the path before it) if no pruning
    /// rejects it; on rejection the state is unchanged.
    fn advance(&mut self, head: usize, t: usize, nx: usize) -> bool {
        let ok = self.apply(head, nx) && self.covered(nx, t + 1) && self.still_connected(head, nx);
        if ok {
            if self.agree == t && self.author.get(t) == Some(&(nx as u16)) {
                self.agree += 1;
            }
            self.path.push(nx as u16);
            self.done.push(0);
            self.entered.push(self.nodes);
            self.order.push(Order::UNSET);
            self.nodes += 1;
        } else {
            self.revert(head, nx);
        }
        ok
    }

    fn pop(&mut self) {
        if self.agree == self.path.len() {
            self.agree -= 1;
        }
        let nx = self.path.pop().expect("non-empty") as usize;
        self.tainted = self.tainted.min(self.path.len());
        self.done.pop();
        self.entered.pop();
        self.order.pop();
        if let Some(&h) = self.path.last() {
            self.revert(h as usize, nx);
        }
    }

    /// Re-derives the tables and replays the current path under the new
    /// constraints, cutting it at the first step they (or a pruning) reject; that
    /// step is marked explored, since its whole subtree is now empty.
    pub fn resync(&mut self) {
        self.refresh();
        let old = std::mem::take(&mut self.path);
        let old_done = std::mem::take(&mut self.done);
        self.entered.clear();
        self.order.clear();
        let Some(&s) = old.first() else {
            return;
        };
        if !self.start_ok(s as usize) || !self.push_start(s as usize) {
            self.path.clear();
            self.done.clear();
            self.entered.clear();
            self.order.clear();
            return;
        }
        self.done[0] = old_done[0];
        for d in 1..old.len() {
            let (head, nx) = (old[d - 1] as usize, old[d] as usize);
            let dir = self.dir(head, nx);
            if !self.allowed(head, d, dir, nx) || !self.advance(head, d, nx) {
                self.done[d - 1] |= 1 << dir;
                return;
            }
            self.nodes -= 1; // a replay is not new search work
            self.done[d] = old_done[d];
        }
    }

    /// Continues the search until it finds a solution other than the author's,
    /// proves there is none, or has placed `budget` more cells.
    pub fn next_alt(&mut self, budget: u64) -> Outcome {
        let n = self.n;
        let stop = self.nodes.saturating_add(budget);
        if self.path.len() == n {
            self.pop(); // the last report, still valid: move past it
            self.tainted = self.path.len();
        }
        loop {
            if self.path.is_empty() {
                let Some(s) = (self.next_start..n).find(|&s| self.start_ok(s)) else {
                    self.next_start = n;
                    return Outcome::Exhausted;
                };
                self.next_start = s + 1;
                self.push_start(s);
                continue;
            }
            let t = self.path.len();
            if t == n {
                if self.path == self.author {
                    self.pop();
                    continue;
                }
                return Outcome::Found;
            }
            if self.nodes >= stop {
                return Outcome::Aborted;
            }
            let head = self.path[t - 1] as usize;
            match self.pick(head, t) {
                Some((d, nx)) => {
                    self.done[t - 1] |= 1 << d;
                    if self.advance(head, t, nx) && self.dead.contains(&(self.visited.0, nx as u16))
                    {
                        self.pop();
                    }
                }
                None => {
                    // every child explored: no completion from here (unless this
                    // is the author's own prefix, whose completion is the author's);
                    // only subtrees big enough to be worth a table entry are kept
                    if self.agree < t
                        && t > self.tainted
                        && self.nodes - self.entered[t - 1] >= MEMO_MIN
                        && self.dead.len() < DEAD_CAP
                    {
                        self.dead.insert((self.visited.0, head as u16));
                    }
                    self.pop();
                }
            }
        }
    }

    /// The unexplored allowed child to try next: along the author's path first
    /// (so the other solutions met are local detours from it, which break few
    /// clues), then the fewest onward moves (Warnsdorff), then direction order.
    #[inline]
    fn pick(&mut self, head: usize, t: usize) -> Option<(usize, usize)> {
        let done = self.done[t - 1];
        if self.order[t - 1].len == u8::MAX {
            let along = self.author_dirs[head];
            let mut keys = [0u8; 6];
            let mut o = Order {
                dirs: [0; 6],
                len: 0,
                next: 0,
            };
            let mut dirs = self.step_open[t % 3][head] & !done;
            while dirs != 0 {
                let d = dirs.trailing_zeros() as usize;
                dirs &= dirs - 1;
                let nx = self.nb[head][d];
                if !self.allowed_into(t, nx as usize) {
                    continue;
                }
                let key = self.deg[nx as usize] | if along & (1 << d) != 0 { 0 } else { 8 };
                let mut j = o.len as usize;
                while j > 0 && keys[j - 1] > key {
                    keys[j] = keys[j - 1];
                    o.dirs[j] = o.dirs[j - 1];
                    j -= 1;
                }
                keys[j] = key;
                o.dirs[j] = d as u8;
                o.len += 1;
            }
            self.order[t - 1] = o;
        }
        let o = &mut self.order[t - 1];
        if o.next < o.len {
            let d = o.dirs[o.next as usize] as usize;
            o.next += 1;
            return Some((d, self.nb[head][d] as usize));
        }
        None
    }

    /// Moves the head from `e` to `nx`; false if a dead end appears.
    #[inline]
    fn apply(&mut self, e: usize, nx: usize) -> bool {
        self.visited.set(nx);
        if self.deg[nx] == 1 {
            self.ones -= 1;
        }
        let mut ok = true;
        let mut open = self.open[e];
        while open != 0 {
            let d = open.trailing_zeros() as usize;
            open &= open - 1;
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
        let mut open = self.open[e];
        while open != 0 {
            let d = open.trailing_zeros() as usize;
            open &= open - 1;
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

    /// Coverage: with the head `nx` at `step`, every unvisited cell that only the
    /// current stretch can cover must still fit into it.
    #[inline]
    fn covered(&self, nx: usize, step: usize) -> bool {
        let nc = self.next_clue[step] as usize;
        if nc == 0 {
            return true;
        }
        let due = &self.due_by[nc];
        let mut count = 0u32;
        let mut words = [0u64; W];
        for (w, slot) in words.iter_mut().enumerate() {
            *slot = due.0[w] & !self.visited.0[w];
            count += slot.count_ones();
        }
        // the cells strictly between now and the clue
        if count as usize > nc - step - 1 {
            return false;
        }
        let n = self.n;
        let target = self.clue_at[nc] as usize;
        let left = (nc - step) as u16;
        for (w, &word) in words.iter().enumerate() {
            let mut m = word;
            while m != 0 {
                let x = w * 64 + m.trailing_zeros() as usize;
                m &= m - 1;
                let a = self.dist[nx * n + x];
                let b = self.dist[target * n + x];
                if a == NONE || b == NONE || a + b > left {
                    return false;
                }
            }
        }
        true
    }

    /// After leaving `e` for `nx`: are all unvisited cells still reachable from `nx`?
    fn still_connected(&self, e: usize, nx: usize) -> bool {
        // ring test: the cells around `e` that remain (unvisited, or the new head)
        let mut present = 0usize;
        for d in 0..6 {
            let c = self.nb[e][d];
            if c != NONE && (c as usize == nx || !self.visited.get(c as usize)) {
                present |= 1 << d;
            }
        }
        let members = present & self.open[e] as usize;
        let links = self.ring_open[e] as usize & present & ((present >> 1) | (present << 5)) & 63;
        if RING_SAFE[links] >> members & 1 == 1 {
            return true;
        }
        // flood fill over the unvisited cells plus the head
        let mut target = self.all;
        for k in 0..W {
            target.0[k] &= !self.visited.0[k];
        }
        target.set(nx);
        let mut reach: Set<W> = Set::default();
        reach.set(nx);
        let mut frontier = reach;
        loop {
            let mut next: Set<W> = Set::default();
            for (k, &word) in frontier.0.iter().enumerate() {
                let mut m = word;
                while m != 0 {
                    let c = k * 64 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    for j in 0..W {
                        next.0[j] |= self.nbmask[c].0[j];
                    }
                }
            }
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

/// The cross-check against the reference backtracking solver
/// ([`crate::hex::solver`]) and plain enumeration, on random boards.
#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::author_path::author_path;
    use super::super::board::cluster;
    use super::super::rng::Rng;
    use super::*;
    use crate::hex::model::{cell_name, Cell, Level, LevelParts, SpinnerSpec};
    use crate::hex::rules::{check_step, is_solution, legal_starts};
    use crate::hex::solver::count_solutions;

    /// What a random level is drawn from.
    #[derive(Clone, Debug)]
    struct Knobs {
        seed: u64,
        cells: usize,
        holes: usize,
        walls: usize,
        /// One author cell in `clue_every` gets its step as a clue.
        clue_every: usize,
        spinner: bool,
    }

    fn knobs(
        cells: std::ops::RangeInclusive<usize>,
        clue_every: usize,
    ) -> impl Strategy<Value = Knobs> {
        (
            any::<u64>(),
            cells,
            0usize..=1,
            0usize..=4,
            2..=clue_every,
            any::<bool>(),
        )
            .prop_map(|(seed, cells, holes, walls, clue_every, spinner)| Knobs {
                seed,
                cells,
                holes: if cells >= 10 { holes } else { 0 },
                walls,
                clue_every,
                spinner,
            })
    }

    /// A random level over a random board (clues from the author's path, walls
    /// anywhere, so they may block the author's path too, maybe a spinner), with
    /// the board and the author's path; `None` when the knobs do not fit.
    fn random_level(k: &Knobs) -> Option<(Board, Vec<u16>, Level)> {
        let mut rng = Rng::new(k.seed);
        let board = cluster(&mut rng, k.cells, k.holes, 0)?;
        let author = author_path(&mut rng, &board)?;
        let n = board.len();
        let mut parts = LevelParts {
            id: "t".into(),
            cells: (0..n)
                .map(|i| Cell {
                    id: cell_name(i),
                    pos: board.positions[i],
                    clue: None,
                })
                .collect(),
            ..Default::default()
        };
        for (i, &c) in author.iter().enumerate() {
            if rng.below(k.clue_every) == 0 || (i == 0 && rng.below(2) == 0) {
                parts.cells[c as usize].clue = Some(i as u32 + 1);
            }
        }
        for _ in 0..k.walls {
            let a = rng.below(n);
            let b = board.nb[a][rng.below(6)];
            if b != NONE && !parts.walls.contains(&(a, b as usize)) {
                parts.walls.push((a, b as usize));
            }
        }
        if k.spinner {
            parts.spinners.push(SpinnerSpec {
                cell: rng.below(n),
                corner: rng.below(6) as u8,
                phase: rng.below(3) as u8,
            });
        }
        let level = Level::build(parts).ok()?;
        Some((board, author, level))
    }

    /// The search configured with the level's constraints.
    fn search_for<const W: usize>(board: &Board, author: &[u16], level: &Level) -> Search<W> {
        let mut s: Search<W> = Search::new(board, author);
        for e in level.walls() {
            s.set_wall(e.a, e.b);
        }
        for sp in level.spinners() {
            let edges: Vec<(u16, u16, u8)> = sp
                .candidates
                .iter()
                .enumerate()
                .filter_map(|(j, e)| {
                    e.map(|e| {
                        (
                            e.a as u16,
                            e.b as u16,
                            ((j + 3 - sp.phase as usize) % 3) as u8,
                        )
                    })
                })
                .collect();
            s.push_spinner(&edges);
        }
        for (i, c) in level.cells().iter().enumerate() {
            if let Some(step) = c.clue {
                s.set_clue(step as usize, i);
            }
        }
        s.resync();
        s
    }

    /// Every solution, by plain enumeration under the game's own step rules
    /// (its count is checked against the solver's).
    fn all_solutions(level: &Level) -> Vec<Vec<usize>> {
        fn go(level: &Level, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if path.len() == level.len() {
                if is_solution(level, path) {
                    out.push(path.clone());
                }
                return;
            }
            let end = *path.last().expect("non-empty");
            for (_, nx) in level.neighbors(end) {
                if check_step(level, path, nx).is_ok() {
                    path.push(nx);
                    go(level, path, out);
                    path.pop();
                }
            }
        }
        let mut out = Vec::new();
        for s in legal_starts(level) {
            go(level, &mut vec![s], &mut out);
        }
        out.sort();
        out
    }

    /// Every path the search reports until it runs out, sorted.
    fn drain<const W: usize>(s: &mut Search<W>) -> Vec<Vec<usize>> {
        let mut met = Vec::new();
        loop {
            match s.next_alt(u64::MAX) {
                Outcome::Found => met.push(s.path().iter().map(|&c| c as usize).collect()),
                Outcome::Exhausted => break,
                Outcome::Aborted => unreachable!("no budget"),
            }
        }
        met.sort();
        met
    }

    /// Kills each path the search meets with the author's clue where it leaves
    /// the author's path, resuming after each; returns the level with those clues.
    fn kill_with_clues<const W: usize>(s: &mut Search<W>, author: &[u16], level: &Level) -> Level {
        let mut parts = level.parts();
        while s.next_alt(u64::MAX) == Outcome::Found {
            let p = s.path();
            let step = (1..=p.len())
                .find(|&k| p[k - 1] != author[k - 1])
                .expect("a reported path differs from the author's");
            s.set_clue(step, author[step - 1] as usize);
            parts.cells[author[step - 1] as usize].clue = Some(step as u32);
            s.resync();
        }
        Level::build(parts).expect("clues from the author's path are valid")
    }

    fn author_solves(level: &Level, author: &[u16]) -> bool {
        let p: Vec<usize> = author.iter().map(|&c| c as usize).collect();
        is_solution(level, &p)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

        /// On small boards: the search meets exactly the solutions other than the
        /// author's, each once, then runs out; forbidding one cell at one step
        /// removes exactly the solutions with that cell there.
        #[test]
        fn meets_every_other_solution_once(k in knobs(4..=14, 5), pick in any::<u64>()) {
            let Some((board, author, level)) = random_level(&k) else {
                return Err(TestCaseError::reject("knobs do not fit a board"));
            };
            let all = all_solutions(&level);
            prop_assert_eq!(all.len() as u64, count_solutions(&level, 0), "enumeration vs solver");
            let author_us: Vec<usize> = author.iter().map(|&c| c as usize).collect();
            let others: Vec<Vec<usize>> = all.into_iter().filter(|p| *p != author_us).collect();
            prop_assert_eq!(&drain(&mut search_for::<1>(&board, &author, &level)), &others);
            if let Some(p) = others.get(pick as usize % others.len().max(1)) {
                let step = 1 + (pick >> 32) as usize % p.len();
                let cell = p[step - 1];
                if level.clue_cell(step).is_none() {
                    let mut s = search_for::<1>(&board, &author, &level);
                    s.set_avoid(step, Some(cell));
                    s.restart();
                    s.resync();
                    let want: Vec<_> = others.iter().filter(|p| p[step - 1] != cell).cloned().collect();
                    prop_assert_eq!(drain(&mut s), want);
                }
            }
        }

        /// A constraint added between calls never makes the search skip a
        /// solution: after killing each path met with a clue, the solver agrees
        /// the author's path is the only one left.
        #[test]
        fn resuming_after_a_new_clue_skips_nothing(k in knobs(4..=16, 5)) {
            let Some((board, author, level)) = random_level(&k) else {
                return Err(TestCaseError::reject("knobs do not fit a board"));
            };
            let mut s = search_for::<1>(&board, &author, &level);
            let level = kill_with_clues(&mut s, &author, &level);
            let left = count_solutions(&level, 2);
            prop_assert_eq!(left, u64::from(author_solves(&level, &author)));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

        /// The generator's sizes, one and two words per cell set: the first call
        /// finds another solution exactly when the solver counts one, and after
        /// clue kills the solver proves the author's path unique.
        #[test]
        fn agrees_with_the_solver_on_generator_sizes(k in knobs(20..=90, 3)) {
            let Some((board, author, level)) = random_level(&k) else {
                return Err(TestCaseError::reject("knobs do not fit a board"));
            };
            let author_ok = author_solves(&level, &author);
            let count = count_solutions(&level, 2);
            if board.len() <= 64 {
                let found = search_for::<1>(&board, &author, &level).next_alt(u64::MAX);
                prop_assert_eq!(found == Outcome::Found, count > u64::from(author_ok));
                let mut s = search_for::<1>(&board, &author, &level);
                let unique = kill_with_clues(&mut s, &author, &level);
                prop_assert_eq!(count_solutions(&unique, 2), u64::from(author_ok));
            } else {
                let found = search_for::<2>(&board, &author, &level).next_alt(u64::MAX);
                prop_assert_eq!(found == Outcome::Found, count > u64::from(author_ok));
                let mut s = search_for::<2>(&board, &author, &level);
                let unique = kill_with_clues(&mut s, &author, &level);
                prop_assert_eq!(count_solutions(&unique, 2), u64::from(author_ok));
            }
        }
    }
}
