//! The fixed facts the deduction solver reads: who neighbours whom through an
//! unwalled side, and at which steps a spinner lets the path cross a side.

use super::super::model::Level;
use super::steps::StepSet;

pub(super) const NONE: u16 = u16::MAX;

/// A level reduced to what the deductions need.
pub(super) struct Board {
    pub n: usize,
    /// Neighbour per direction (`NONE`: a hole, the outside).
    pub nb: Vec<[u16; 6]>,
    /// Directions with a neighbour and no static wall.
    pub sides: Vec<u8>,
    /// Directions whose side carries a spinner.
    pub spun: Vec<u8>,
    /// Per cell and direction: the lower steps `s` at which the path may cross the
    /// side between steps `s` and `s + 1` (every step but the last, unless a spinner
    /// stands on it then).
    pub cross: Vec<[StepSet; 6]>,
    /// The clue of each cell as a 0-based step.
    pub clue: Vec<Option<usize>>,
    /// Steps `0..n`.
    pub all: StepSet,
    /// The two end steps, `0` and `n - 1`.
    pub ends: StepSet,
    /// The order tier-1 techniques visit cells in (index order unless focused).
    pub order: Vec<usize>,
    /// Look at one cell at a time in `order`, trying every tier-1 technique there
    /// before moving on (to find the deduction nearest a point of interest first),
    /// instead of one technique at a time over the whole board.
    pub focused: bool,
}

impl Board {
    pub fn new(level: &Level) -> Board {
        let n = level.len();
        let all = StepSet::below(n);
        let crossable = StepSet::below(n.saturating_sub(1));
        let mut nb = vec![[NONE; 6]; n];
        let mut sides = vec![0u8; n];
        let mut spun = vec![0u8; n];
        let mut cross = vec![[StepSet::EMPTY; 6]; n];
        for i in 0..n {
            for (d, j) in level.neighbors(i) {
                nb[i][d] = j as u16;
                if level.wall_dirs(i) & (1 << d) != 0 {
                    continue;
                }
                sides[i] |= 1 << d;
                if level.spinners_on(i, d).is_empty() {
                    cross[i][d] = crossable;
                } else {
                    spun[i] |= 1 << d;
                    // with `s + 1` cells on the path the head is step `s`
                    for s in 0..n.saturating_sub(1) {
                        if level.blocker(i, j, s + 1).is_none() {
                            cross[i][d].insert(s);
                        }
                    }
                }
            }
        }
        let clue = level
            .cells()
            .iter()
            .map(|c| c.clue.map(|v| v as usize - 1))
            .collect();
        let mut ends = StepSet::single(0);
        if n > 0 {
            ends.insert(n - 1);
        }
        Board {
            n,
            nb,
            sides,
            spun,
            cross,
            clue,
            all,
            ends,
            order: (0..n).collect(),
            focused: false,
        }
    }

    /// Focuses on `cell`: tier-1 techniques look at it first, then at cells ever
    /// farther from it (breadth-first over the lattice).
    pub fn focus_on(&mut self, cell: usize) {
        let mut seen = vec![false; self.n];
        seen[cell] = true;
        let mut order = vec![cell];
        let mut head = 0;
        while head < order.len() {
            let c = order[head];
            head += 1;
            for d in 0..6 {
                let o = self.nb[c][d];
                if o != NONE && !seen[o as usize] {
                    seen[o as usize] = true;
                    order.push(o as usize);
                }
            }
        }
        order.extend((0..self.n).filter(|&c| !seen[c]));
        self.order = order;
        self.focused = true;
    }

    /// The neighbour of `c` in direction `d` (the caller knows there is one).
    #[inline]
    pub fn at(&self, c: usize, d: usize) -> usize {
        self.nb[c][d] as usize
    }

    /// The steps a cell may hold given that its neighbour across a used side holds one
    /// of `other`, honouring the side's crossing steps `cross`.
    #[inline]
    pub fn support(other: StepSet, cross: StepSet) -> StepSet {
        cross.and(other.down()).or(other.and(cross).up())
    }
}
