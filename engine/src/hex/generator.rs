//! The level generator of seed §8 (steps 1–5), seeded with ChaCha8 so the same
//! options give the same level on every platform (native and wasm32).
//!
//! 1. Grow a compact connected cluster of `cells + holes` positions and punch
//!    `holes` enclosed one-cell holes (each hole's six neighbours stay cells).
//! 2. A random Hamiltonian path (randomised Warnsdorff with backtracking) is the
//!    author's solution.
//! 3. While the level is not unique, the solver's other solution is killed: first
//!    by a spinner whose timing blocks that solution but never the author's, then
//!    by a wall on an edge the author's path does not use, and once those are
//!    spent by a clue from the author's path where the two differ.
//! 4. Remaining walls/spinners are placed off the author's path, then clues are
//!    minimised (each removed if the level stays unique).
//! 5. The content checks run (walls matter, spinner A.4 checks); on failure the
//!    attempt is thrown away and a new one begins.
//!
//! Only `u64` arithmetic on the RNG output and ordered containers drive decisions.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

use super::checks::{check_level, CheckOptions};
use super::coord::{canonical_vertex, Axial};
use super::model::{cell_name, Cell, Edge, Level, LevelParts, SpinnerSpec, MAX_CELLS};
use super::rules;
use super::solver::{solve, SolveOptions};

/// Generator knobs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenOptions {
    pub cells: usize,
    pub holes: usize,
    pub walls: usize,
    pub spinners: usize,
    pub seed: u64,
    /// Put clue 1 on the start (seed §7: levels without clue 1 only late in the main line).
    pub start_clue: bool,
    /// Level id; defaults to `gen-{seed}`.
    pub id: Option<String>,
    /// Node limit for each solver run inside the generator.
    pub node_limit: u64,
    /// How many full attempts before giving up.
    pub attempts: u32,
}

impl Default for GenOptions {
    fn default() -> Self {
        GenOptions {
            cells: 12,
            holes: 0,
            walls: 2,
            spinners: 0,
            seed: 0,
            start_clue: true,
            id: None,
            node_limit: 200_000,
            attempts: 200,
        }
    }
}

/// Why no level came out. Pages translate the code; `Display` is the command
/// line's English sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum GenError {
    /// Fewer cells asked for than a level needs.
    TooFewCells { min: usize },
    /// More cells asked for than the engine's limit.
    TooManyCells { max: usize },
    /// Walls or spinners asked for on a board too small to hold them.
    WallsNeedMoreCells { min: usize },
    /// Every attempt failed. `last` is the last attempt's reason in English, a
    /// diagnostic for the command line; pages say only that no level came out.
    NoLevel { attempts: u32, last: String },
}

impl std::fmt::Display for GenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GenError::TooFewCells { min } => write!(f, "a level needs at least {min} cells"),
            GenError::TooManyCells { max } => write!(f, "at most {max} cells"),
            GenError::WallsNeedMoreCells { min } => {
                write!(f, "walls and spinners need at least {min} cells")
            }
            GenError::NoLevel { attempts, last } => {
                write!(f, "no level after {attempts} attempts (last: {last})")
            }
        }
    }
}

/// Problems as one English line, for [`GenError::NoLevel`]'s diagnostic.
fn sentences<T: std::fmt::Display>(problems: &[T]) -> String {
    let each: Vec<String> = problems.iter().map(T::to_string).collect();
    each.join("; ")
}

struct R(ChaCha8Rng);

impl R {
    fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        (self.0.next_u64() % n as u64) as usize
    }
    fn pick<T: Copy>(&mut self, v: &[T]) -> Option<T> {
        if v.is_empty() {
            None
        } else {
            Some(v[self.below(v.len())])
        }
    }
    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// Generates a level, or explains why not.
pub fn generate(opts: &GenOptions) -> Result<Level, GenError> {
    if opts.cells < 2 {
        return Err(GenError::TooFewCells { min: 2 });
    }
    if opts.cells > MAX_CELLS {
        return Err(GenError::TooManyCells { max: MAX_CELLS });
    }
    if opts.walls + opts.spinners > 0 && opts.cells < 3 {
        return Err(GenError::WallsNeedMoreCells { min: 3 });
    }
    let mut rng = R(ChaCha8Rng::seed_from_u64(opts.seed));
    let mut last = String::from("no attempt made");
    for _ in 0..opts.attempts.max(1) {
        let Some(positions) = cluster(&mut rng, opts.cells, opts.holes) else {
            last = format!("could not punch {} enclosed holes", opts.holes);
            continue;
        };
        let Some((cells, path)) = author_path(&mut rng, positions) else {
            last = "no Hamiltonian path found on the cluster".into();
            continue;
        };
        match attempt(&mut rng, opts, cells, path) {
            Ok(level) => return Ok(level),
            Err(why) => last = why,
        }
    }
    Err(GenError::NoLevel {
        attempts: opts.attempts.max(1),
        last,
    })
}

/// A compact connected cluster of `cells` positions with `holes` enclosed holes.
fn cluster(rng: &mut R, cells: usize, holes: usize) -> Option<Vec<Axial>> {
    let total = cells + holes;
    let mut list = vec![Axial::new(0, 0)];
    let mut set: HashSet<Axial> = list.iter().copied().collect();
    while list.len() < total {
        let mut frontier: Vec<(Axial, usize)> = Vec::new();
        let mut seen: HashSet<Axial> = HashSet::new();
        for &p in &list {
            for d in 0..6 {
                let np = p.neighbor(d);
                if !set.contains(&np) && seen.insert(np) {
                    let k = (0..6).filter(|&e| set.contains(&np.neighbor(e))).count();
                    frontier.push((np, k * k * k));
                }
            }
        }
        let sum: usize = frontier.iter().map(|f| f.1).sum();
        let mut x = rng.below(sum);
        let mut chosen = frontier[0].0;
        for &(p, w) in &frontier {
            if x < w {
                chosen = p;
                break;
            }
            x -= w;
        }
        list.push(chosen);
        set.insert(chosen);
    }
    let mut holes_set: HashSet<Axial> = HashSet::new();
    for _ in 0..holes {
        let cands: Vec<Axial> = list
            .iter()
            .copied()
            .filter(|&p| {
                !holes_set.contains(&p)
                    && (0..6).all(|d| {
                        let np = p.neighbor(d);
                        set.contains(&np) && !holes_set.contains(&np)
                    })
            })
            .collect();
        let h = rng.pick(&cands)?;
        holes_set.insert(h);
    }
    let mut out: Vec<Axial> = list
        .into_iter()
        .filter(|p| !holes_set.contains(p))
        .collect();
    out.sort_by_key(|p| (p.r, p.q));
    Some(out)
}

/// Cells named a, b, … in (r, q) order and a random Hamiltonian path over them.
fn author_path(rng: &mut R, positions: Vec<Axial>) -> Option<(Vec<Cell>, Vec<usize>)> {
    let cells: Vec<Cell> = positions
        .iter()
        .enumerate()
        .map(|(i, &p)| Cell {
            id: cell_name(i),
            pos: p,
            clue: None,
        })
        .collect();
    let index: std::collections::HashMap<Axial, usize> =
        positions.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let n = cells.len();
    let adj: Vec<Vec<usize>> = positions
        .iter()
        .map(|p| {
            (0..6)
                .filter_map(|d| index.get(&p.neighbor(d)).copied())
                .collect()
        })
        .collect();
    for _ in 0..30 {
        let start = rng.below(n);
        let mut visited = vec![false; n];
        visited[start] = true;
        let mut path = vec![start];
        let mut budget = 20_000u32;
        if ham_dfs(rng, &adj, &mut visited, &mut path, &mut budget) {
            return Some((cells, path));
        }
    }
    None
}

fn ham_dfs(
    rng: &mut R,
    adj: &[Vec<usize>],
    visited: &mut [bool],
    path: &mut Vec<usize>,
    budget: &mut u32,
) -> bool {
    if path.len() == adj.len() {
        return true;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let head = *path.last().expect("non-empty");
    let mut cands: Vec<(usize, u64, usize)> = adj[head]
        .iter()
        .copied()
        .filter(|&c| !visited[c])
        .map(|c| {
            let onward = adj[c].iter().filter(|&&x| !visited[x]).count();
            (onward, rng.0.next_u64(), c)
        })
        .collect();
    cands.sort();
    for (_, _, c) in cands {
        visited[c] = true;
        path.push(c);
        if ham_dfs(rng, adj, visited, path, budget) {
            return true;
        }
        path.pop();
        visited[c] = false;
        if *budget == 0 {
            return false;
        }
    }
    false
}

struct Draft {
    cells: Vec<Cell>,
    walls: Vec<(usize, usize)>,
    spinners: Vec<SpinnerSpec>,
    clues: BTreeMap<usize, usize>,
}

impl Draft {
    fn level(&self, opts: &GenOptions) -> Result<Level, String> {
        let mut cells = self.cells.clone();
        for c in cells.iter_mut() {
            c.clue = None;
        }
        for (&step, &c) in &self.clues {
            cells[c].clue = Some(step as u32);
        }
        Level::build(LevelParts {
            id: opts
                .id
                .clone()
                .unwrap_or_else(|| format!("gen-{}", opts.seed)),
            pack: None,
            index: None,
            title: None,
            cells,
            walls: self.walls.clone(),
            spinners: self.spinners.clone(),
        })
        .map_err(|e| sentences(&e))
    }
}

fn attempt(
    rng: &mut R,
    opts: &GenOptions,
    cells: Vec<Cell>,
    path: Vec<usize>,
) -> Result<Level, String> {
    let n = cells.len();
    let so = SolveOptions {
        limit: 2,
        node_limit: opts.node_limit,
    };
    let path_edges: BTreeSet<Edge> = path.windows(2).map(|w| Edge::new(w[0], w[1])).collect();
    let mut d = Draft {
        cells,
        walls: Vec::new(),
        spinners: Vec::new(),
        clues: BTreeMap::new(),
    };
    if opts.start_clue {
        d.clues.insert(1, path[0]);
    }
    let mut walls_left = opts.walls;
    let mut spinners_left = opts.spinners;
    // step 3: kill other solutions with spinners, walls, then clues
    let mut unique = false;
    let mut reopened = 0;
    for _ in 0..(4 * n + 20) {
        let level = d.level(opts)?;
        let r = solve(&level, &so);
        if r.aborted && r.count < 2 {
            add_random_clue(rng, &mut d, &path);
            continue;
        }
        if r.count == 1 {
            // walls or spinners still to place: drop a clue so they have work to do
            let removable: Vec<usize> = d
                .clues
                .keys()
                .copied()
                .filter(|&s| !(opts.start_clue && s == 1))
                .collect();
            if (walls_left > 0 || spinners_left > 0) && !removable.is_empty() && reopened < n {
                let s = rng.pick(&removable).expect("non-empty");
                d.clues.remove(&s);
                reopened += 1;
                continue;
            }
            unique = true;
            break;
        }
        if r.count == 0 {
            return Err("the author path was lost".into());
        }
        let alt = [r.first, r.second]
            .into_iter()
            .flatten()
            .find(|p| *p != path)
            .expect("two distinct solutions");
        if spinners_left > 0 && place_spinner_against(rng, &level, &mut d, &path, Some(&alt)) {
            spinners_left -= 1;
            continue;
        }
        if walls_left > 0 {
            let mut cands: Vec<Edge> = alt
                .windows(2)
                .map(|w| Edge::new(w[0], w[1]))
                .filter(|e| wall_ok(&level, &d, &path_edges, *e))
                .collect();
            cands.sort();
            cands.dedup();
            if let Some(e) = rng.pick(&cands) {
                d.walls.push((e.a, e.b));
                walls_left -= 1;
                continue;
            }
        }
        let diff: Vec<usize> = (0..n).filter(|&i| alt[i] != path[i]).collect();
        let i = rng.pick(&diff).expect("solutions differ");
        d.clues.insert(i + 1, path[i]);
    }
    if !unique {
        return Err("could not make the solution unique".into());
    }
    // step 4: place what is left, off the author's path
    while spinners_left > 0 {
        let level = d.level(opts)?;
        if !place_spinner_against(rng, &level, &mut d, &path, None) {
            return Err("no room for another spinner".into());
        }
        spinners_left -= 1;
    }
    while walls_left > 0 {
        let level = d.level(opts)?;
        let mut cands = Vec::new();
        for a in 0..n {
            for (_, b) in level.neighbors(a) {
                let e = Edge::new(a, b);
                if a < b && wall_ok(&level, &d, &path_edges, e) {
                    cands.push(e);
                }
            }
        }
        let Some(e) = rng.pick(&cands) else {
            return Err("no room for another wall".into());
        };
        d.walls.push((e.a, e.b));
        walls_left -= 1;
    }
    // minimise clues
    let mut steps: Vec<usize> = d
        .clues
        .keys()
        .copied()
        .filter(|&s| !(opts.start_clue && s == 1))
        .collect();
    rng.shuffle(&mut steps);
    for s in steps {
        let c = d.clues.remove(&s).expect("clue present");
        let r = solve(&d.level(opts)?, &so);
        if !r.is_unique() {
            d.clues.insert(s, c);
        }
    }
    // step 5: the content checks
    let level = d.level(opts)?;
    debug_assert!(rules::is_solution(&level, &path));
    let report = check_level(
        &level,
        &CheckOptions {
            node_limit: opts.node_limit,
            walls_matter_required: None,
            necessary_walls: false,
        },
    );
    if report.ok {
        Ok(level)
    } else {
        Err(sentences(&report.problems))
    }
}

fn add_random_clue(rng: &mut R, d: &mut Draft, path: &[usize]) {
    let free: Vec<usize> = (0..path.len())
        .filter(|i| !d.clues.contains_key(&(i + 1)))
        .collect();
    if let Some(i) = rng.pick(&free) {
        d.clues.insert(i + 1, path[i]);
    }
}

fn spinner_candidates(level: &Level, cell: usize, corner: usize) -> Option<[Edge; 3]> {
    let pos = level.cell(cell).pos;
    let nk = level.index_at(pos.neighbor(corner))?;
    let nk1 = level.index_at(pos.neighbor(corner + 1))?;
    Some([
        Edge::new(nk, nk1),
        Edge::new(cell, nk1),
        Edge::new(cell, nk),
    ])
}

fn wall_ok(level: &Level, d: &Draft, path_edges: &BTreeSet<Edge>, e: Edge) -> bool {
    !path_edges.contains(&e)
        && !level.has_wall(e.a, e.b)
        && !level
            .spinners()
            .iter()
            .any(|s| s.candidates.contains(&Some(e)))
        && !d.walls.contains(&(e.a, e.b))
}

/// Places one spinner that never blocks the author's path and, given `alt`, blocks
/// one of its steps. Returns false if no such spinner exists.
fn place_spinner_against(
    rng: &mut R,
    level: &Level,
    d: &mut Draft,
    path: &[usize],
    alt: Option<&[usize]>,
) -> bool {
    let n = level.len();
    let used: BTreeSet<(Axial, usize)> = level
        .spinners()
        .iter()
        .map(|s| (s.vertex, s.vertex_corner as usize))
        .collect();
    // time (cells on the path before the step) at which the author's path uses each edge
    let author_time: BTreeMap<Edge, usize> = path
        .windows(2)
        .enumerate()
        .map(|(i, w)| (Edge::new(w[0], w[1]), i + 1))
        .collect();
    let mut options: Vec<SpinnerSpec> = Vec::new();
    for cell in 0..n {
        for corner in 0..6 {
            let Some(cands) = spinner_candidates(level, cell, corner) else {
                continue;
            };
            let key = canonical_vertex(level.cell(cell).pos, corner);
            // write each vertex once: from the cell whose name is canonical, else first seen
            if key != (level.cell(cell).pos, corner) && level.index_at(key.0).is_some() {
                continue;
            }
            if used.contains(&key) || cands.iter().any(|e| level.has_wall(e.a, e.b)) {
                continue;
            }
            for phase in 0..3u8 {
                let blocks_author = cands.iter().enumerate().any(|(j, e)| {
                    author_time
                        .get(e)
                        .is_some_and(|&t| (phase as usize + t) % 3 == j)
                });
                if blocks_author {
                    continue;
                }
                let useful = match alt {
                    Some(alt) => alt.windows(2).enumerate().any(|(i, w)| {
                        let e = Edge::new(w[0], w[1]);
                        cands
                            .iter()
                            .position(|&c| c == e)
                            .is_some_and(|j| (phase as usize + i + 1) % 3 == j)
                    }),
                    None => true,
                };
                if useful {
                    options.push(SpinnerSpec {
                        cell,
                        corner: corner as u8,
                        phase,
                    });
                }
            }
        }
    }
    match rng.pick(&options) {
        Some(s) => {
            d.spinners.push(s);
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::solver::count_solutions;

    #[test]
    fn same_seed_same_level() {
        let o = GenOptions {
            cells: 10,
            walls: 2,
            seed: 7,
            ..Default::default()
        };
        let a = generate(&o).unwrap();
        let b = generate(&o).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.len(), 10);
        assert_eq!(count_solutions(&a, 2), 1);
    }

    #[test]
    fn holes_and_walls() {
        let o = GenOptions {
            cells: 16,
            holes: 1,
            walls: 3,
            seed: 3,
            ..Default::default()
        };
        let l = generate(&o).unwrap();
        assert_eq!(l.holes(), 1);
        assert_eq!(l.walls().len(), 3);
        let r = check_level(&l, &CheckOptions::default());
        assert!(r.ok, "{:?}", r.problems);
    }
}
