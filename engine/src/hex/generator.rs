//! The level generator, seeded with ChaCha8 so the same options give the same
//! level on every platform (native and wasm32).
//!
//! 1. A compact random cluster of `cells + holes` positions with `holes`
//!    enclosed one-cell holes ([`board`]).
//! 2. A random Hamiltonian path over it is the author's solution: a randomised
//!    Warnsdorff search finds one, backbite moves shuffle it.
//! 3. One resumable search ([`search`]) looks for any other solution; each one
//!    found is killed on the spot (by a spinner whose beat blocks it but never the
//!    author's path, then by a wall on an edge the author's path does not use, then
//!    by a clue where it differs from the author's path) and the search resumes
//!    where it was. When it runs out, the level is proven unique.
//! 4. Every killed path is kept ([`witness`]). A kept path that breaks exactly one
//!    constraint proves that constraint is needed; constraints are chosen so they
//!    keep the earlier ones' witnesses where possible, and a path breaking only
//!    walls proves the walls matter. Only clues left without a witness cost a
//!    search (dropped when the level stays unique without them), so the clues
//!    end up minimal.
//! 5. Walls or spinners with nothing left to kill go off the author's path;
//!    spinner levels then pass the full content checks or the attempt is retried.
//!
//! Only integer draws from the RNG and ordered containers drive decisions.

mod author_path;
mod board;
mod rng;
mod search;
mod witness;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::checks::{check_level, CheckOptions};
use super::coord::canonical_vertex;
use super::model::{cell_name, Cell, Level, LevelParts, SpinnerSpec, MAX_CELLS};
use board::{Board, NONE};
use rng::Rng;
use search::{Outcome, Search};
use witness::{Con, Witnesses};

/// Generator knobs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenOptions {
    pub cells: usize,
    pub holes: usize,
    pub walls: usize,
    pub spinners: usize,
    pub seed: u64,
    /// Put clue 1 on the start (levels without clue 1 come only late in the main line).
    pub start_clue: bool,
    /// Level id; defaults to `gen-{seed}`.
    pub id: Option<String>,
    /// Search nodes one attempt may spend proving uniqueness (and, separately,
    /// each test of whether a clue is needed); past it the attempt starts over
    /// on a new board. 0: [`auto_node_limit`] for the board's size.
    pub node_limit: u64,
    /// How many full attempts before giving up.
    pub attempts: u32,
    /// Widest the board may be, in hex widths across (cell centres' horizontal
    /// extent plus one hex): the cluster grows inside a vertical band that wide,
    /// so a large board grows tall instead of round (the shipped large packs fit
    /// a phone so). 0: no limit (the board stays round).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub max_width: usize,
}

fn is_zero(x: &usize) -> bool {
    *x == 0
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
            node_limit: 0,
            attempts: 200,
            max_width: 0,
        }
    }
}

/// The default node limit: proofs on most boards take a few hundred nodes per
/// cell, and a board that needs far more is cheaper to replace than to finish
/// (measured: at 60 and 100 cells this cap cuts the worst case about fourfold
/// and lowers the median too).
pub fn auto_node_limit(cells: usize) -> u64 {
    (500 * cells as u64).max(20_000)
}

/// Node limit of the full content checks a spinner level must pass.
const SPINNER_CHECK_NODES: u64 = 2_000_000;

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
    /// No level from the seeds tried passed the reasoning filter (the
    /// generator's own last failure, if any, in `generator`).
    NoneReasoned {
        seeds: u64,
        from: u64,
        generator: Option<Box<GenError>>,
    },
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
            GenError::NoneReasoned {
                seeds,
                from,
                generator,
            } => {
                write!(
                    f,
                    "no level among {seeds} seeds from {from} passed the reasoning filter"
                )?;
                match generator {
                    Some(e) => write!(f, " (the generator also failed: {e})"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Problems as one English line, for [`GenError::NoLevel`]'s diagnostic.
fn sentences<T: std::fmt::Display>(problems: &[T]) -> String {
    let each: Vec<String> = problems.iter().map(T::to_string).collect();
    each.join("; ")
}

/// What a generation cost: a load-independent measure for benches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GenCost {
    /// Attempts made (boards and author paths drawn).
    pub attempts: u32,
    /// Search nodes (cells placed) over all attempts.
    pub nodes: u64,
}

/// Generates a level, or explains why not.
pub fn generate(opts: &GenOptions) -> Result<Level, GenError> {
    generate_costed(opts).0
}

/// [`generate`], also reporting what it cost.
pub fn generate_costed(opts: &GenOptions) -> (Result<Level, GenError>, GenCost) {
    let mut cost = GenCost::default();
    let r = generate_inner(opts, &mut cost);
    (r, cost)
}

fn generate_inner(opts: &GenOptions, cost: &mut GenCost) -> Result<Level, GenError> {
    if opts.cells < 2 {
        return Err(GenError::TooFewCells { min: 2 });
    }
    if opts.cells > MAX_CELLS {
        return Err(GenError::TooManyCells { max: MAX_CELLS });
    }
    if opts.walls + opts.spinners > 0 && opts.cells < 3 {
        return Err(GenError::WallsNeedMoreCells { min: 3 });
    }
    let opts = &GenOptions {
        node_limit: if opts.node_limit == 0 {
            auto_node_limit(opts.cells)
        } else {
            opts.node_limit
        },
        ..opts.clone()
    };
    let mut rng = Rng::new(opts.seed);
    let mut last = String::from("no attempt made");
    for _ in 0..opts.attempts.max(1) {
        cost.attempts += 1;
        let Some(board) = board::cluster(&mut rng, opts.cells, opts.holes, opts.max_width) else {
            last = format!("could not punch {} enclosed holes", opts.holes);
            continue;
        };
        let Some(path) = author_path::author_path(&mut rng, &board) else {
            last = "no Hamiltonian path found on the cluster".into();
            continue;
        };
        match attempt(&mut rng, opts, &board, &path, &mut cost.nodes) {
            Ok(level) => return Ok(level),
            Err(why) => last = why,
        }
    }
    Err(GenError::NoLevel {
        attempts: opts.attempts.max(1),
        last,
    })
}

/// What the level will hold, next to the search and the witnesses.
struct Draft<'a, const W: usize> {
    board: &'a Board,
    author: &'a [u16],
    search: Search<W>,
    witnesses: Witnesses,
    /// step -> constraint id
    clues: BTreeMap<usize, usize>,
    walls: Vec<(u16, u16)>,
    spinners: Vec<SpinnerSpec>,
    /// Edges a spinner may stand on (no static wall may go there).
    spinner_edges: Vec<(u16, u16)>,
}

/// A wall or spinner placed on trial (in the search and the lists, not yet in
/// the witnesses).
#[derive(Clone, Copy)]
struct Blocker {
    con: Con,
    spec: Option<SpinnerSpec>,
}

impl<const W: usize> Draft<'_, W> {
    fn add_clue(&mut self, step: usize) {
        self.search.set_clue(step, self.author[step - 1] as usize);
        let id = self.witnesses.add(Con::Clue(step));
        self.clues.insert(step, id);
    }

    fn place(&mut self, b: Blocker) {
        match b.con {
            Con::Wall(x, y) => {
                self.search.set_wall(x as usize, y as usize);
                self.walls.push((x, y));
            }
            Con::Spinner(edges) => {
                let edges: Vec<(u16, u16, u8)> = edges.iter().flatten().copied().collect();
                self.search.push_spinner(&edges);
                for &(x, y, _) in &edges {
                    self.spinner_edges.push((x.min(y), x.max(y)));
                }
                self.spinners.push(b.spec.expect("a spinner's spec"));
            }
            Con::Clue(_) => unreachable!("clues are not blockers"),
        }
    }

    fn unplace(&mut self, b: Blocker) {
        match b.con {
            Con::Wall(x, y) => {
                self.search.clear_wall(x as usize, y as usize);
                self.walls.pop();
            }
            Con::Spinner(edges) => {
                self.search.pop_spinner();
                let k = edges.iter().flatten().count();
                self.spinner_edges.truncate(self.spinner_edges.len() - k);
                self.spinners.pop();
            }
            Con::Clue(_) => unreachable!("clues are not blockers"),
        }
    }

    fn wall_ok(&self, a: u16, b: u16) -> bool {
        let e = (a.min(b), a.max(b));
        !self
            .author
            .windows(2)
            .any(|w| (w[0].min(w[1]), w[0].max(w[1])) == e)
            && !self.walls.iter().any(|&(x, y)| (x.min(y), x.max(y)) == e)
            && !self.spinner_edges.contains(&e)
    }

    fn level(&self, opts: &GenOptions) -> Result<Level, String> {
        let mut cells: Vec<Cell> = self
            .board
            .positions
            .iter()
            .enumerate()
            .map(|(i, &pos)| Cell {
                id: cell_name(i),
                pos,
                clue: None,
            })
            .collect();
        for &step in self.clues.keys() {
            cells[self.author[step - 1] as usize].clue = Some(step as u32);
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
            walls: self
                .walls
                .iter()
                .map(|&(a, b)| (a as usize, b as usize))
                .collect(),
            spinners: self.spinners.clone(),
        })
        .map_err(|e| sentences(&e))
    }
}

fn attempt(
    rng: &mut Rng,
    opts: &GenOptions,
    board: &Board,
    author: &[u16],
    nodes: &mut u64,
) -> Result<Level, String> {
    match board.len().div_ceil(64) {
        1 => attempt_in::<1>(rng, opts, board, author, nodes),
        2 => attempt_in::<2>(rng, opts, board, author, nodes),
        _ => attempt_in::<4>(rng, opts, board, author, nodes),
    }
}

/// [`attempt`] with cell sets of `W` words.
fn attempt_in<const W: usize>(
    rng: &mut Rng,
    opts: &GenOptions,
    board: &Board,
    author: &[u16],
    nodes: &mut u64,
) -> Result<Level, String> {
    let mut d = new_draft::<W>(board, author);
    let r = build(rng, opts, &mut d);
    *nodes += d.search.nodes;
    r
}

fn new_draft<'a, const W: usize>(board: &'a Board, author: &'a [u16]) -> Draft<'a, W> {
    Draft {
        board,
        author,
        search: Search::new(board, author),
        witnesses: Witnesses::new(author),
        clues: BTreeMap::new(),
        walls: Vec::new(),
        spinners: Vec::new(),
        spinner_edges: Vec::new(),
    }
}

fn build<const W: usize>(
    rng: &mut Rng,
    opts: &GenOptions,
    d: &mut Draft<W>,
) -> Result<Level, String> {
    let board = d.board;
    if opts.start_clue {
        d.add_clue(1);
    }
    d.search.resync();
    let (walls_left, spinners_left) = kill_alternatives(rng, opts, d)?;
    let (walls_left, spinners_left) = trade_clues(rng, opts, d, walls_left, spinners_left);
    // what is left goes where it blocks nothing of the author's
    for _ in 0..spinners_left {
        let options = spinner_options(d, None);
        let b = rng.pick(&options).ok_or("no room for another spinner")?;
        d.place(b);
        d.witnesses.add(b.con);
    }
    for _ in 0..walls_left {
        let mut cands = Vec::new();
        for a in 0..board.len() {
            for &b in &board.nb[a] {
                if b != NONE && (a as u16) < b && d.wall_ok(a as u16, b) {
                    cands.push((a as u16, b));
                }
            }
        }
        let (a, b) = rng.pick(&cands).ok_or("no room for another wall")?;
        let wall = Blocker {
            con: Con::Wall(a, b),
            spec: None,
        };
        d.place(wall);
        d.witnesses.add(wall.con);
    }
    minimise_clues(rng, opts, d);
    if opts.walls + opts.spinners > 0 && !d.witnesses.walls_matter() && !walls_matter(opts, d) {
        return Err(
            "walls do not matter: without walls and spinners the solution is still unique".into(),
        );
    }
    let level = d.level(opts)?;
    if opts.spinners > 0 {
        let report = check_level(
            &level,
            &CheckOptions {
                node_limit: SPINNER_CHECK_NODES,
                walls_matter_required: None,
                necessary_walls: false,
            },
        );
        if !report.ok {
            return Err(sentences(&report.problems));
        }
    }
    Ok(level)
}

/// Makes the author's path the only solution. The search walks the author's path
/// first and backs up from its end, so the other solutions it meets are detours
/// leaving the path ever earlier. Each is killed on the spot: by a spinner or a
/// wall at a random rate matched to the kills still expected (so they spread
/// along the path and are all placed), else by a clue inside the detour (see
/// [`clue_to_kill`]). Returns the walls and spinners still to place.
fn kill_alternatives<const W: usize>(
    rng: &mut Rng,
    opts: &GenOptions,
    d: &mut Draft<W>,
) -> Result<(usize, usize), String> {
    let n = d.author.len();
    let first = if opts.start_clue { 1 } else { 2 };
    let (mut walls_left, mut spinners_left) = (opts.walls, opts.spinners);
    let mut kills = 0usize;
    loop {
        match d
            .search
            .next_alt(opts.node_limit.saturating_sub(d.search.nodes))
        {
            Outcome::Exhausted => return Ok((walls_left, spinners_left)),
            Outcome::Aborted => return Err("the uniqueness search hit its node limit".into()),
            Outcome::Found => {}
        }
        let alt = d.search.path().to_vec();
        let steps: Vec<usize> = (first..=n)
            .filter(|&s| alt[s - 1] != d.author[s - 1])
            .collect();
        let leaves = (1..=n)
            .find(|&s| alt[s - 1] != d.author[s - 1])
            .unwrap_or(n);
        // kills still to come, from the rate so far (one per five steps before
        // any is seen): the blockers left are spent at that rate, so they
        // spread along the path and are all placed before the search ends
        let ahead = (kills + 1) * (leaves - 1) / (n - leaves + 5);
        let due = |rng: &mut Rng, left: usize| left > 0 && rng.below(ahead.max(1)) < left;
        let blocker = if due(rng, spinners_left) {
            blocker_for(rng, d, &alt, 0, 1)
        } else if due(rng, walls_left) {
            blocker_for(rng, d, &alt, 1, 0)
        } else {
            None
        };
        kills += 1;
        d.witnesses.store(&alt);
        if let Some(b) = blocker {
            match b.con {
                Con::Wall(..) => walls_left -= 1,
                _ => spinners_left -= 1,
            };
            d.place(b);
            d.witnesses.add(b.con);
        } else {
            let i = clue_to_kill(d, &steps)
                .ok_or("an alternative solution cannot be told apart from the author's")?;
            d.add_clue(steps[i]);
        }
        d.search.resync();
    }
}

/// Trades clues for spinners and walls: a clue is dropped when every solution
/// its absence lets in can be killed by the spinners and walls still to place
/// (a spinner whose beat blocks that solution, a wall where it first leaves the
/// author's path). Each solution killed that way breaks no clue, so it proves
/// the walls matter.
fn trade_clues<const W: usize>(
    rng: &mut Rng,
    opts: &GenOptions,
    d: &mut Draft<W>,
    mut walls_left: usize,
    mut spinners_left: usize,
) -> (usize, usize) {
    let mut steps: Vec<usize> = d
        .clues
        .keys()
        .copied()
        .filter(|&s| !(opts.start_clue && s == 1))
        .collect();
    rng.shuffle(&mut steps);
    for s in steps {
        if walls_left + spinners_left == 0 {
            break;
        }
        let cell = d.author[s - 1] as usize;
        d.search.clear_clue(s);
        d.search.set_avoid(s, Some(cell));
        d.search.restart();
        d.search.resync();
        let mut placed: Vec<Blocker> = Vec::new();
        let mut killed: Vec<Vec<u16>> = Vec::new();
        let (mut w, mut sp) = (walls_left, spinners_left);
        let ok = loop {
            match d.search.next_alt(opts.node_limit) {
                Outcome::Exhausted => break true,
                Outcome::Aborted => break false,
                Outcome::Found => {}
            }
            let alt = d.search.path().to_vec();
            let Some(b) = blocker_for(rng, d, &alt, w, sp) else {
                break false;
            };
            match b.con {
                Con::Wall(..) => w -= 1,
                _ => sp -= 1,
            }
            d.place(b);
            placed.push(b);
            killed.push(alt);
            d.search.resync();
        };
        d.search.set_avoid(s, None);
        if ok {
            d.witnesses.remove(d.clues[&s]);
            d.clues.remove(&s);
            for alt in &killed {
                d.witnesses.store(alt);
            }
            for b in &placed {
                d.witnesses.add(b.con);
            }
            (walls_left, spinners_left) = (w, sp);
        } else {
            for &b in placed.iter().rev() {
                d.unplace(b);
            }
            d.search.set_clue(s, cell);
        }
    }
    (walls_left, spinners_left)
}

/// A spinner (while any are left) or a wall that kills `alt` and never the
/// author's path; the wall goes on the first edge where `alt` leaves it.
fn blocker_for<const W: usize>(
    rng: &mut Rng,
    d: &Draft<W>,
    alt: &[u16],
    walls_left: usize,
    spinners_left: usize,
) -> Option<Blocker> {
    if spinners_left > 0 {
        let options = spinner_options(d, Some(alt));
        if let Some(b) = rng.pick(&options) {
            return Some(b);
        }
    }
    if walls_left > 0 {
        let w = alt.windows(2).find(|w| d.wall_ok(w[0], w[1]))?;
        return Some(Blocker {
            con: Con::Wall(w[0].min(w[1]), w[0].max(w[1])),
            spec: None,
        });
    }
    None
}

/// Index of the step (of the detour's `steps`) to put the killing clue on: the
/// fewest witnesses lost, then the farthest from the clues already placed (even
/// spacing keeps every stretch between clues short, which keeps the uniqueness
/// search cheap: measured at 60 cells, half the search nodes), then the earliest.
fn clue_to_kill<const W: usize>(d: &Draft<W>, steps: &[usize]) -> Option<usize> {
    let losses: Vec<(bool, u32)> = steps
        .iter()
        .map(|&s| d.witnesses.loss(&Con::Clue(s)))
        .collect();
    let best = *losses.iter().min()?;
    let gap = |s: usize| {
        d.clues
            .keys()
            .map(|&c| c.abs_diff(s))
            .min()
            .unwrap_or(usize::MAX)
    };
    (0..steps.len())
        .filter(|&i| losses[i] == best)
        .max_by_key(|&i| (gap(steps[i]), std::cmp::Reverse(i)))
}

/// Spinners that never block the author's path and (given `alt`) block one of
/// its steps: interior vertices only, each vertex written once, from its
/// canonical cell.
fn spinner_options<const W: usize>(d: &Draft<W>, alt: Option<&[u16]>) -> Vec<Blocker> {
    let board = d.board;
    let used: Vec<_> = d
        .spinners
        .iter()
        .map(|s| canonical_vertex(board.positions[s.cell], s.corner as usize))
        .collect();
    // t (cells on the path before the step) at which a path takes each edge
    let times = |p: &[u16]| -> Vec<((u16, u16), usize)> {
        p.windows(2)
            .enumerate()
            .map(|(i, w)| ((w[0].min(w[1]), w[0].max(w[1])), i + 1))
            .collect()
    };
    let author_times = times(d.author);
    let alt_times = alt.map(times);
    let mut options = Vec::new();
    for cell in 0..board.len() {
        for corner in 0..6 {
            let (nk, nk1) = (board.nb[cell][corner], board.nb[cell][(corner + 1) % 6]);
            if nk == NONE || nk1 == NONE {
                continue;
            }
            let pos = board.positions[cell];
            let key = canonical_vertex(pos, corner);
            if key != (pos, corner) || used.contains(&key) {
                continue;
            }
            let c = cell as u16;
            let edges = [(nk, nk1), (c, nk1), (c, nk)].map(|(a, b)| (a.min(b), a.max(b)));
            if edges.iter().any(|e| d.walls.contains(e)) {
                continue;
            }
            for phase in 0..3usize {
                let blocks = |ts: &[((u16, u16), usize)]| {
                    ts.iter().any(|&(e, t)| {
                        edges
                            .iter()
                            .position(|&x| x == e)
                            .is_some_and(|j| (phase + t) % 3 == j)
                    })
                };
                if blocks(&author_times) || alt_times.as_deref().is_some_and(|ts| !blocks(ts)) {
                    continue;
                }
                let con = Con::Spinner(std::array::from_fn(|j| {
                    Some((edges[j].0, edges[j].1, ((j + 3 - phase) % 3) as u8))
                }));
                let spec = SpinnerSpec {
                    cell,
                    corner: corner as u8,
                    phase: phase as u8,
                };
                options.push(Blocker {
                    con,
                    spec: Some(spec),
                });
            }
        }
    }
    options
}

/// Drops every clue the level stays unique without, testing only clues that no
/// kept path already proves needed; a test that runs out of nodes keeps its clue.
fn minimise_clues<const W: usize>(rng: &mut Rng, opts: &GenOptions, d: &mut Draft<W>) {
    let mut steps: Vec<usize> = d
        .clues
        .keys()
        .copied()
        .filter(|&s| !(opts.start_clue && s == 1))
        .collect();
    rng.shuffle(&mut steps);
    for s in steps {
        let id = d.clues[&s];
        if d.witnesses.witnessed(id) {
            continue;
        }
        let cell = d.author[s - 1] as usize;
        d.search.clear_clue(s);
        d.search.set_avoid(s, Some(cell));
        d.search.restart();
        d.search.resync();
        let out = d.search.next_alt(opts.node_limit);
        d.search.set_avoid(s, None);
        match out {
            Outcome::Found => {
                let alt = d.search.path().to_vec();
                d.witnesses.store(&alt);
                d.search.set_clue(s, cell);
            }
            Outcome::Exhausted => {
                d.witnesses.remove(id);
                d.clues.remove(&s);
            }
            Outcome::Aborted => d.search.set_clue(s, cell),
        }
    }
}

/// Whether, without walls and spinners, another path satisfies the clues.
fn walls_matter<const W: usize>(opts: &GenOptions, d: &Draft<W>) -> bool {
    let mut s: Search<W> = Search::new(d.board, d.author);
    for &step in d.clues.keys() {
        s.set_clue(step, d.author[step - 1] as usize);
    }
    s.resync();
    s.next_alt(opts.node_limit) == Outcome::Found
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
