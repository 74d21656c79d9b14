//! Counting Hamiltonian paths that satisfy the clues, walls and spinners.
//!
//! Solutions are directed paths (a path and its reverse are two). The search
//! (`search.rs`) is a deterministic depth-first search over bitsets that grows the
//! path from its start, fewest onward moves first, with these prunings (all sound:
//! a pruned subtree holds no solution):
//! - clue steps: a clue cell can only be entered at its step, and the next clue
//!   must be within its wall-aware BFS distance (spinners counted as open);
//! - dead ends: an unvisited cell with a single free neighbour can only be the
//!   path's end, so two of them (or one with none) kill the branch;
//! - coverage: a cell that no stretch between later clues can reach in time (by the
//!   BFS distances) must be taken before the next clue, so it must still fit into
//!   the steps left, on the way from the head to that clue;
//! - connectivity: the unvisited cells must stay reachable from the path's end
//!   (a tabulated ring test around the cell just left decides when a flood fill is needed);
//! - dead states: a state (visited cells, head) whose subtree held no solution is
//!   remembered (the cells on the path fix the step, so the state decides everything
//!   after it) and cut when the search meets it again by another order of the same
//!   cells; subtrees under 4 nodes are not kept, and at most 2^18 states are.
//!
//! Spinner edges are treated as open by every pruning (they block only at some
//! steps); they are honoured exactly when the path actually takes a step. The
//! tables the prunings read are built once per level (`tables.rs`).

use serde::{Deserialize, Serialize};

use super::model::{Level, MAX_CELLS};

mod search;
mod tables;

use search::Search;

const NONE: u16 = u16::MAX;

/// A bitset over cell indices in `W` 64-bit words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Set<const W: usize>(pub [u64; W]);

/// A bitset wide enough for every board.
pub type Bits = Set<{ MAX_CELLS / 64 }>;

impl<const W: usize> Default for Set<W> {
    fn default() -> Self {
        Set([0; W])
    }
}

impl<const W: usize> Set<W> {
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
    pub fn first_n(n: usize) -> Self {
        let mut b = Self::default();
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
    fn or_assign(&mut self, o: &Self) {
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
    // one width for every board: narrower sets measured no faster, and one
    // instance of the search keeps the wasm module small
    let Some(mut s) = Search::<{ MAX_CELLS / 64 }>::new(level, opts) else {
        return SolveResult::default();
    };
    s.run();
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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::hex::generator::{generate, GenOptions};
    use crate::hex::level_file::parse_level;
    use crate::hex::model::LevelParts;
    use crate::hex::rules;
    use crate::hex::test_levels::WALLED_TRIANGLE;

    /// The search-node budget of the 100-cell uniqueness proof (3 walls, seeds 1–30),
    /// a wall-clock-free stand-in for its speed: measured worst 46,913 and median
    /// 12,354 nodes, budgets about 30 % above.
    const BUDGET_100_WORST: u64 = 61_000;
    const BUDGET_100_MEDIAN: u64 = 16_000;

    #[test]
    fn hex_solver_nodes_within_budget_at_100_cells() {
        let mut nodes: Vec<u64> = (1..=30)
            .map(|seed| {
                let level = generate(&GenOptions {
                    cells: 100,
                    walls: 3,
                    seed,
                    ..GenOptions::default()
                })
                .expect("the generator makes every seed");
                let r = solve(&level, &SolveOptions::default());
                assert!(r.is_unique(), "seed {seed}: {} solution(s)", r.count);
                r.nodes
            })
            .collect();
        nodes.sort_unstable();
        let (median, worst) = (nodes[nodes.len() / 2], nodes[nodes.len() - 1]);
        assert!(worst <= BUDGET_100_WORST, "worst {worst} nodes");
        assert!(median <= BUDGET_100_MEDIAN, "median {median} nodes");
    }

    /// Every directed path through all cells that the game's own step rules accept.
    fn brute_force(level: &Level) -> u64 {
        fn go(level: &Level, path: &mut Vec<usize>) -> u64 {
            if path.len() == level.len() {
                return rules::is_solution(level, path) as u64;
            }
            let end = *path.last().expect("non-empty");
            let mut count = 0;
            for (_, nx) in level.neighbors(end) {
                if rules::check_step(level, path, nx).is_ok() {
                    path.push(nx);
                    count += go(level, path);
                    path.pop();
                }
            }
            count
        }
        rules::legal_starts(level)
            .into_iter()
            .map(|s| go(level, &mut vec![s]))
            .sum()
    }

    /// A generated level of 13–18 cells (above the integration test's sizes, so the
    /// dead-state memo and the coverage pruning have subtrees to work on) with one
    /// clue in four dropped, so counts above one happen.
    fn mid_level() -> impl Strategy<Value = Level> {
        (
            13usize..=18,
            0usize..=4,
            0usize..=1,
            any::<u64>(),
            any::<u32>(),
        )
            .prop_filter_map(
                "generator gave up",
                |(cells, walls, spinners, seed, drop)| {
                    let l = generate(&GenOptions {
                        cells,
                        walls,
                        spinners,
                        seed,
                        attempts: 20,
                        ..GenOptions::default()
                    })
                    .ok()?;
                    let mut parts: LevelParts = l.parts();
                    for (i, c) in parts.cells.iter_mut().enumerate() {
                        if drop >> (2 * (i % 16)) & 3 == 0 {
                            c.clue = None;
                        }
                    }
                    Level::build(parts).ok()
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

        #[test]
        fn counts_agree_with_brute_force_on_mid_boards(level in mid_level()) {
            let all = solve(&level, &SolveOptions { limit: 0, node_limit: 0 });
            prop_assert_eq!(all.count, brute_force(&level));
            for p in [&all.first, &all.second].into_iter().flatten() {
                prop_assert!(rules::is_solution(&level, p));
            }
            let capped = solve(&level, &SolveOptions::default());
            prop_assert_eq!(capped.count, all.count.min(2));
        }
    }

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
