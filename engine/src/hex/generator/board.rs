//! The generator's board: a compact random cluster of hexes with enclosed holes,
//! its adjacency table, and a random Hamiltonian path over it (the author's solution).

use std::collections::HashMap;

use super::rng::Rng;
use crate::hex::coord::Axial;

/// "No cell" in the `u16` tables.
pub(crate) const NONE: u16 = u16::MAX;

/// Cells (sorted by row, then column) and their neighbours by direction.
pub(crate) struct Board {
    pub positions: Vec<Axial>,
    /// `nb[c][d]`: the neighbour of `c` in direction `d`, or [`NONE`].
    pub nb: Vec<[u16; 6]>,
}

impl Board {
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    fn from_positions(mut positions: Vec<Axial>) -> Board {
        positions.sort_by_key(|p| (p.r, p.q));
        let index: HashMap<Axial, u16> = positions
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, i as u16))
            .collect();
        let nb = positions
            .iter()
            .map(|p| {
                let mut row = [NONE; 6];
                for (d, slot) in row.iter_mut().enumerate() {
                    *slot = index.get(&p.neighbor(d)).copied().unwrap_or(NONE);
                }
                row
            })
            .collect();
        Board { positions, nb }
    }
}

/// Grows a compact connected cluster of `cells + holes` positions (a frontier
/// position is taken with weight `k³`, `k` = its neighbours already taken, so the
/// cluster stays round) and punches `holes` enclosed one-cell holes, each with
/// all six neighbours kept as cells. With `max_width` > 0 only positions inside a
/// vertical band `max_width` hexes wide join the frontier (the band's rows
/// alternate `max_width` and `max_width - 1` positions), so the cluster grows tall
/// once it fills the band; 0 leaves the growth, and its draws, as they were.
/// `None` when the holes do not fit.
pub(crate) fn cluster(
    rng: &mut Rng,
    cells: usize,
    holes: usize,
    max_width: usize,
) -> Option<Board> {
    let total = cells + holes;
    let mut grow = Growth {
        band: (max_width > 0).then(|| max_width as i32 - 1),
        ..Growth::default()
    };
    grow.take(Axial::new(0, 0));
    while grow.taken.len() < total {
        if grow.frontier.is_empty() {
            return None; // a band one hex wide holds one cell
        }
        let mut x = rng.below_u64(grow.weight_sum);
        let mut chosen = 0;
        for (i, &(_, k)) in grow.frontier.iter().enumerate() {
            let w = k * k * k;
            if x < w {
                chosen = i;
                break;
            }
            x -= w;
        }
        let (p, k) = grow.frontier.swap_remove(chosen);
        grow.weight_sum -= k * k * k;
        if chosen < grow.frontier.len() {
            let moved = grow.frontier[chosen].0;
            grow.state.insert(moved, chosen);
        }
        grow.take(p);
    }
    let Growth { taken, state, .. } = grow;
    let is_taken = |p: &Axial| state.get(p) == Some(&TAKEN);
    let slot: HashMap<Axial, usize> = taken.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut hole = vec![false; taken.len()];
    for _ in 0..holes {
        let cands: Vec<usize> = (0..taken.len())
            .filter(|&i| {
                !hole[i]
                    && (0..6).all(|d| {
                        let np = taken[i].neighbor(d);
                        is_taken(&np) && !hole[slot[&np]]
                    })
            })
            .collect();
        let h = rng.pick(&cands)?;
        hole[h] = true;
    }
    let positions = taken
        .into_iter()
        .zip(hole)
        .filter(|(_, h)| !h)
        .map(|(p, _)| p)
        .collect();
    Some(Board::from_positions(positions))
}

const TAKEN: usize = usize::MAX;

/// The growing cluster: taken positions in order, and the frontier with each
/// position's count of taken neighbours (its weight is the cube of that count).
#[derive(Default)]
struct Growth {
    taken: Vec<Axial>,
    /// position -> index into `frontier`, or [`TAKEN`]
    state: HashMap<Axial, usize>,
    frontier: Vec<(Axial, u64)>,
    weight_sum: u64,
    /// The band positions must lie in: `|2q + r| <= band` (centres in half hex
    /// widths from the origin's); `None`: no band.
    band: Option<i32>,
}

impl Growth {
    fn in_band(&self, p: Axial) -> bool {
        self.band.is_none_or(|b| (2 * p.q + p.r).abs() <= b)
    }

    fn take(&mut self, p: Axial) {
        self.state.insert(p, TAKEN);
        self.taken.push(p);
        for d in 0..6 {
            let np = p.neighbor(d);
            match self.state.get(&np).copied() {
                Some(TAKEN) => {}
                Some(i) => {
                    let k = self.frontier[i].1;
                    self.weight_sum += (k + 1) * (k + 1) * (k + 1) - k * k * k;
                    self.frontier[i].1 = k + 1;
                }
                None if !self.in_band(np) => {}
                None => {
                    self.state.insert(np, self.frontier.len());
                    self.frontier.push((np, 1));
                    self.weight_sum += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::author_path::author_path;
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn clusters_have_the_requested_cells_and_holes() {
        let mut rng = Rng::new(4);
        for (cells, holes) in [(12, 0), (30, 2), (100, 3)] {
            let b = cluster(&mut rng, cells, holes, 0).expect("fits");
            assert_eq!(b.len(), cells);
            for (i, row) in b.nb.iter().enumerate() {
                for (d, &j) in row.iter().enumerate() {
                    if j != NONE {
                        assert_eq!(b.nb[j as usize][(d + 3) % 6] as usize, i);
                    }
                }
            }
        }
    }

    #[test]
    fn a_band_keeps_the_cluster_narrow_and_grows_it_tall() {
        let mut rng = Rng::new(5);
        for (cells, holes, width) in [(60, 2, 8), (40, 1, 6), (12, 0, 2)] {
            let b = cluster(&mut rng, cells, holes, width).expect("fits");
            assert_eq!(b.len(), cells);
            let x: Vec<i32> = b.positions.iter().map(|p| 2 * p.q + p.r).collect();
            let across = (x.iter().max().unwrap() - x.iter().min().unwrap()) / 2 + 1;
            assert!(across as usize <= width, "{cells} cells {across} across");
        }
        // 60 cells in 8 hexes across take at least 8 rows
        let b = cluster(&mut rng, 60, 0, 8).unwrap();
        let rows: BTreeSet<i32> = b.positions.iter().map(|p| p.r).collect();
        assert!(rows.len() >= 8, "{rows:?}");
        // a band one hex wide holds a single cell
        assert!(cluster(&mut rng, 3, 0, 1).is_none());
    }

    #[test]
    fn author_paths_are_hamiltonian() {
        let mut rng = Rng::new(9);
        for (cells, holes) in [(5, 0), (20, 1), (60, 2)] {
            // a board without a Hamiltonian path (a cell with one neighbour in
            // the middle) is refused; the next draw is tried
            let (b, p) = (0..20)
                .find_map(|_| {
                    let b = cluster(&mut rng, cells, holes, 0)?;
                    let p = author_path(&mut rng, &b)?;
                    Some((b, p))
                })
                .expect("a board with a path");
            let mut seen = vec![false; b.len()];
            for w in p.windows(2) {
                assert!(b.nb[w[0] as usize].contains(&w[1]));
            }
            for &c in &p {
                assert!(!seen[c as usize]);
                seen[c as usize] = true;
            }
            assert_eq!(p.len(), b.len());
        }
    }
}
