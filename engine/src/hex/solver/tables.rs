//! Tables the search derives once per level: open directions per step phase, the ring test, distances and coverage.

use super::super::model::Level;
use super::{distances, Set, NONE};

/// The board as the search sees it: neighbours, open edges and the clue schedule.
pub(super) struct Tables<const W: usize> {
    pub n: usize,
    /// Neighbour per direction (`NONE` off the board).
    pub nb: Vec<[u16; 6]>,
    /// Directions without a static wall.
    pub open: Vec<u8>,
    /// `step_open[t % 3][c]`: the directions open from `c` with `t` cells on the
    /// path (no wall, no spinner standing on the edge at that step).
    pub step_open: [Vec<u8>; 3],
    /// Bit `x`: neighbours `x` and `x + 1` exist and the edge between them is open.
    pub ring_open: Vec<u8>,
    /// Unwalled neighbours as a set.
    pub nbmask: Vec<Set<W>>,
    /// The clue of a cell (0: none).
    pub clue_of: Vec<u16>,
    /// The cell of a clue step (`NONE`: no clue there); indexed `0..n + 2`.
    pub cell_at: Vec<u16>,
    /// The first clue step after each step (0: none).
    pub next_clue: Vec<u16>,
    /// Wall-aware BFS distances (spinners open), `n * n`.
    pub dist: Vec<u16>,
    /// Per clue step `s`: cells no stretch from `s` on can cover, so they must be
    /// on the path before step `s`.
    pub due_by: Vec<Set<W>>,
    pub all: Set<W>,
}

impl<const W: usize> Tables<W> {
    pub fn new(level: &Level) -> Tables<W> {
        let n = level.len();
        let mut nb = vec![[NONE; 6]; n];
        let mut open = vec![0u8; n];
        let mut step_open = [vec![0u8; n], vec![0u8; n], vec![0u8; n]];
        let mut nbmask = vec![Set::default(); n];
        for i in 0..n {
            let mut blocked = [0u8; 3];
            for (d, j) in level.neighbors(i) {
                nb[i][d] = j as u16;
                if level.wall_dirs(i) & (1 << d) == 0 {
                    open[i] |= 1 << d;
                    nbmask[i].set(j);
                }
                for &(si, cand) in level.spinners_on(i, d) {
                    let phase = level.spinners()[si].phase as usize;
                    // blocked when (phase + t) % 3 == cand  ⇔  t % 3 == (cand - phase) mod 3
                    blocked[(cand as usize + 3 - phase) % 3] |= 1 << d;
                }
            }
            for m in 0..3 {
                step_open[m][i] = open[i] & !blocked[m];
            }
        }
        let mut ring_open = vec![0u8; n];
        for e in 0..n {
            for x in 0..6 {
                let (a, b) = (nb[e][x], nb[e][(x + 1) % 6]);
                if a != NONE && b != NONE && open[a as usize] & (1 << ((x + 2) % 6)) != 0 {
                    ring_open[e] |= 1 << x;
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
        let mut t = Tables {
            n,
            nb,
            open,
            step_open,
            ring_open,
            nbmask,
            clue_of,
            cell_at,
            next_clue,
            dist: distances(level),
            due_by: vec![Set::default(); n + 2],
            all: Set::first_n(n),
        };
        t.coverage();
        t
    }

    /// The clues in step order, as `(step, cell)`.
    pub fn clues(&self) -> Vec<(usize, usize)> {
        (1..=self.n)
            .filter(|&s| self.cell_at[s] != NONE)
            .map(|s| (s, self.cell_at[s] as usize))
            .collect()
    }

    /// Consecutive clues are reachable in the steps between them.
    pub fn clues_feasible(&self) -> bool {
        self.clues()
            .windows(2)
            .all(|w| self.dist[w[0].1 * self.n + w[1].1] as usize <= w[1].0 - w[0].0)
    }

    /// `due_by[s]` for each clue step `s`. A stretch from clue `(s1, c1)` to the
    /// next clue `(s2, c2)` covers `x` when `dist(c1, x) + dist(x, c2) ≤ s2 − s1`;
    /// the open stretch after the last clue `(sl, cl)` covers `x` when
    /// `dist(cl, x) ≤ N − sl`. A cell no stretch from `s` on covers must come first.
    fn coverage(&mut self) {
        let n = self.n;
        let clues = self.clues();
        let mut later: Set<W> = Set::default();
        for (k, &(s, c)) in clues.iter().enumerate().rev() {
            let mut cover: Set<W> = Set::default();
            let (len, c2) = match clues.get(k + 1) {
                Some(&(s2, c2)) => ((s2 - s) as u32, Some(c2)),
                None => ((n - s) as u32, None),
            };
            for x in 0..n {
                let a = self.dist[c * n + x] as u32;
                let b = c2.map_or(0, |c2| self.dist[c2 * n + x] as u32);
                if a + b <= len {
                    cover.set(x);
                }
            }
            for w in 0..W {
                later.0[w] |= cover.0[w];
                self.due_by[s].0[w] = self.all.0[w] & !later.0[w];
            }
        }
    }
}
