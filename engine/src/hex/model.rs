//! The Hex Stroke level model: cells (string id, axial position, optional clue),
//! walls as undirected edges between two adjacent cells (never a kind of cell),
//! and spinners normalised per lattice vertex. Holes are simply absent positions.

// The cell indexes are looked up for every neighbour of every cell while a level is built:
// with the standard library's SipHash that was most of a cold page's catalogue (a level
// select parses every pack as it opens). Fx is a fast deterministic hash; nothing iterates
// these maps, so their order never shows.
use rustc_hash::FxHashMap as HashMap;

use serde::{Deserialize, Serialize};

use super::coord::{canonical_vertex, corner_directions, vertex_names, Axial};
use super::problem::LevelProblem;

/// Largest board the engine accepts (bitsets in the solver are sized for it).
pub const MAX_CELLS: usize = 256;

/// One hex of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub id: String,
    pub pos: Axial,
    pub clue: Option<u32>,
}

/// An undirected edge between two cells, by index, stored with `a < b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Edge {
    pub a: usize,
    pub b: usize,
}

impl Edge {
    /// The edge between `x` and `y`, in either order.
    pub fn new(x: usize, y: usize) -> Edge {
        if x <= y {
            Edge { a: x, b: y }
        } else {
            Edge { a: y, b: x }
        }
    }

    pub fn touches(self, c: usize) -> bool {
        self.a == c || self.b == c
    }
}

/// A spinner as written in a level: the cell it is written from, the corner and the phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpinnerSpec {
    pub cell: usize,
    pub corner: u8,
    pub phase: u8,
}

/// A spinner after normalisation.
///
/// `candidates[j]` is candidate edge `j` seen from the written cell and corner
/// (0 = the edge pointing away from the cell, 1 = cell ↔ neighbour at `60°·(k+1)`,
/// 2 = cell ↔ neighbour at `60°·k`); `None` when a cell on either side is absent.
/// With `t` cells on the path it blocks candidate `(phase + t) mod 3`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spinner {
    pub cell: usize,
    pub corner: u8,
    pub phase: u8,
    /// Canonical name of the vertex (smallest of its three `(position, corner)` names).
    pub vertex: Axial,
    pub vertex_corner: u8,
    /// The phase re-expressed for the canonical name, so two writings of the same
    /// spinner compare equal on `(vertex, vertex_corner, vertex_phase)`.
    pub vertex_phase: u8,
    pub candidates: [Option<Edge>; 3],
}

impl Spinner {
    /// Index of the blocking candidate when `t` cells are on the path.
    pub fn blocking_candidate(&self, t: usize) -> u8 {
        ((self.phase as usize + t) % 3) as u8
    }

    /// The edge blocked when `t` cells are on the path (`None`: it points off the board).
    pub fn blocked_edge(&self, t: usize) -> Option<Edge> {
        self.candidates[self.blocking_candidate(t) as usize]
    }

    /// Number of candidate edges with a cell on both sides.
    pub fn on_board_candidates(&self) -> usize {
        self.candidates.iter().filter(|c| c.is_some()).count()
    }

    pub fn spec(&self) -> SpinnerSpec {
        SpinnerSpec {
            cell: self.cell,
            corner: self.corner,
            phase: self.phase,
        }
    }
}

/// What blocks a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Blocker {
    /// A static wall, by index into [`Level::walls`].
    Wall { index: usize },
    /// A spinner, by index into [`Level::spinners`], sitting on its candidate `candidate`.
    Spinner { index: usize, candidate: u8 },
}

/// Everything needed to build a [`Level`], with cells referred to by index.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelParts {
    pub id: String,
    pub pack: Option<u32>,
    pub index: Option<u32>,
    pub title: Option<String>,
    pub cells: Vec<Cell>,
    pub walls: Vec<(usize, usize)>,
    pub spinners: Vec<SpinnerSpec>,
}

/// A validated level with derived adjacency. Immutable: build a new one to edit.
#[derive(Clone, Debug)]
pub struct Level {
    pub id: String,
    pub pack: Option<u32>,
    pub index: Option<u32>,
    pub title: Option<String>,
    cells: Vec<Cell>,
    walls: Vec<Edge>,
    spinners: Vec<Spinner>,
    by_pos: HashMap<Axial, usize>,
    by_id: HashMap<String, usize>,
    nbr: Vec<[Option<usize>; 6]>,
    /// Bit `d` set: a static wall on the edge in direction `d`.
    wall_dirs: Vec<u8>,
    /// Per `cell*6 + dir`: `(spinner index, candidate)` pairs sitting on that edge.
    spin_on: Vec<Vec<(usize, u8)>>,
    clue_at: Vec<Option<usize>>,
}

impl PartialEq for Level {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
            && self.pack == other.pack
            && self.index == other.index
            && self.title == other.title
            && self.cells == other.cells
            && self.walls == other.walls
            && self.spinners == other.spinners
    }
}

fn id_of(cells: &[Cell], i: usize) -> String {
    cells[i].id.clone()
}

impl Level {
    /// Builds and fully validates a level. Every problem found is returned (without
    /// the level id; the file loader adds it).
    pub fn build(parts: LevelParts) -> Result<Level, Vec<LevelProblem>> {
        Self::build_inner(parts, true)
    }

    /// Like [`Level::build`] but tolerates spinners overlapping static walls or each
    /// other's vertex. Used by the content checks to build "what if" variants.
    pub fn build_relaxed(parts: LevelParts) -> Result<Level, Vec<LevelProblem>> {
        Self::build_inner(parts, false)
    }

    fn build_inner(parts: LevelParts, strict: bool) -> Result<Level, Vec<LevelProblem>> {
        let LevelParts {
            id,
            pack,
            index,
            title,
            cells,
            walls: raw_walls,
            spinners: raw_spinners,
        } = parts;
        let mut problems = Vec::new();
        let n = cells.len();
        if n == 0 {
            problems.push(LevelProblem::NoCells);
        }
        if n > MAX_CELLS {
            problems.push(LevelProblem::TooManyCells {
                cells: n,
                max: MAX_CELLS,
            });
            return Err(problems);
        }
        let (by_pos, by_id) = index_cells(&cells, &mut problems);
        let clue_at = index_clues(&cells, &mut problems);
        let nbr = cells
            .iter()
            .map(|c| std::array::from_fn(|d| by_pos.get(&c.pos.neighbor(d)).copied()))
            .collect();
        let (walls, wall_dirs) = validate_walls(&cells, &raw_walls, &mut problems);
        let board = Board {
            cells: &cells,
            by_pos: &by_pos,
            walls: &walls,
        };
        let (spinners, spin_on) = validate_spinners(&board, &raw_spinners, strict, &mut problems);
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Level {
            id,
            pack,
            index,
            title,
            cells,
            walls,
            spinners,
            by_pos,
            by_id,
            nbr,
            wall_dirs,
            spin_on,
            clue_at,
        })
    }

    /// The parts this level was built from (walls and spinners as stored).
    pub fn parts(&self) -> LevelParts {
        LevelParts {
            id: self.id.clone(),
            pack: self.pack,
            index: self.index,
            title: self.title.clone(),
            cells: self.cells.clone(),
            walls: self.walls.iter().map(|e| (e.a, e.b)).collect(),
            spinners: self.spinners.iter().map(|s| s.spec()).collect(),
        }
    }

    /// Number of cells, `N`.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    pub fn cell(&self, i: usize) -> &Cell {
        &self.cells[i]
    }

    pub fn walls(&self) -> &[Edge] {
        &self.walls
    }

    pub fn spinners(&self) -> &[Spinner] {
        &self.spinners
    }

    /// Index of the cell with string id `id`.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// Index of the cell at lattice position `pos` (None for a hole or outside).
    pub fn index_at(&self, pos: Axial) -> Option<usize> {
        self.by_pos.get(&pos).copied()
    }

    /// The neighbouring cell of `i` in direction `d`, ignoring walls.
    pub fn neighbor(&self, i: usize, d: usize) -> Option<usize> {
        self.nbr[i][d % 6]
    }

    /// All `(direction, cell)` neighbours of `i`, ignoring walls.
    pub fn neighbors(&self, i: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.nbr[i]
            .iter()
            .enumerate()
            .filter_map(|(d, n)| n.map(|n| (d, n)))
    }

    /// Direction from cell `a` to cell `b` if adjacent on the lattice.
    pub fn direction(&self, a: usize, b: usize) -> Option<usize> {
        self.nbr[a].iter().position(|&n| n == Some(b))
    }

    /// Whether a static wall lies between `a` and `b`.
    pub fn has_wall(&self, a: usize, b: usize) -> bool {
        match self.direction(a, b) {
            Some(d) => self.wall_dirs[a] & (1 << d) != 0,
            None => false,
        }
    }

    /// Bitmask of directions from `i` closed by a static wall.
    pub fn wall_dirs(&self, i: usize) -> u8 {
        self.wall_dirs[i]
    }

    /// `(spinner, candidate)` pairs that sit on the edge from `i` in direction `d`.
    pub fn spinners_on(&self, i: usize, d: usize) -> &[(usize, u8)] {
        &self.spin_on[i * 6 + d]
    }

    /// The cell carrying clue `step`, if any.
    pub fn clue_cell(&self, step: usize) -> Option<usize> {
        self.clue_at.get(step).copied().flatten()
    }

    /// Number of clues.
    pub fn clue_count(&self) -> usize {
        self.clue_at.iter().filter(|c| c.is_some()).count()
    }

    /// What blocks the step from `a` to adjacent `b` when `t` cells are on the path
    /// (spinner positions are those before the step). `None`: open.
    pub fn blocker(&self, a: usize, b: usize, t: usize) -> Option<Blocker> {
        let d = self.direction(a, b)?;
        if self.wall_dirs[a] & (1 << d) != 0 {
            let e = Edge::new(a, b);
            let index = self
                .walls
                .iter()
                .position(|&w| w == e)
                .expect("wall listed");
            return Some(Blocker::Wall { index });
        }
        for &(si, cand) in &self.spin_on[a * 6 + d] {
            if self.spinners[si].blocking_candidate(t) == cand {
                return Some(Blocker::Spinner {
                    index: si,
                    candidate: cand,
                });
            }
        }
        None
    }

    /// Number of enclosed holes: connected groups of absent lattice positions that
    /// the board surrounds (not connected to the outside).
    pub fn holes(&self) -> usize {
        if self.cells.is_empty() {
            return 0;
        }
        let (mut qmin, mut qmax, mut rmin, mut rmax) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for c in &self.cells {
            qmin = qmin.min(c.pos.q);
            qmax = qmax.max(c.pos.q);
            rmin = rmin.min(c.pos.r);
            rmax = rmax.max(c.pos.r);
        }
        let (qmin, qmax, rmin, rmax) = (qmin - 1, qmax + 1, rmin - 1, rmax + 1);
        let w = (qmax - qmin + 1) as usize;
        let h = (rmax - rmin + 1) as usize;
        let idx = |p: Axial| ((p.r - rmin) as usize) * w + (p.q - qmin) as usize;
        let inside = |p: Axial| p.q >= qmin && p.q <= qmax && p.r >= rmin && p.r <= rmax;
        let mut seen = vec![false; w * h];
        let mut groups = 0;
        let flood = |start: Axial, seen: &mut Vec<bool>| {
            let mut stack = vec![start];
            seen[idx(start)] = true;
            while let Some(p) = stack.pop() {
                for d in 0..6 {
                    let np = p.neighbor(d);
                    if inside(np) && !seen[idx(np)] && !self.by_pos.contains_key(&np) {
                        seen[idx(np)] = true;
                        stack.push(np);
                    }
                }
            }
        };
        // the outside: the frame is all absent and connected through the frame
        flood(Axial::new(qmin, rmin), &mut seen);
        for r in rmin..=rmax {
            for q in qmin..=qmax {
                let p = Axial::new(q, r);
                if !self.by_pos.contains_key(&p) && !seen[idx(p)] {
                    groups += 1;
                    flood(p, &mut seen);
                }
            }
        }
        groups
    }

    /// Whether the cell graph minus its static walls (the walled edges removed) is
    /// connected, as the content law demands. Spinners are ignored (they only block at times).
    pub fn wall_free_connected(&self) -> bool {
        self.connected(true)
    }

    /// Whether the cell graph is connected, optionally honouring static walls.
    pub fn connected(&self, honour_walls: bool) -> bool {
        let n = self.len();
        if n == 0 {
            return false;
        }
        let mut seen = vec![false; n];
        let mut stack = vec![0];
        seen[0] = true;
        let mut count = 1;
        while let Some(i) = stack.pop() {
            for (d, j) in self.neighbors(i) {
                if honour_walls && self.wall_dirs[i] & (1 << d) != 0 {
                    continue;
                }
                if !seen[j] {
                    seen[j] = true;
                    count += 1;
                    stack.push(j);
                }
            }
        }
        count == n
    }

    /// The ids of a path given by indices.
    pub fn ids(&self, path: &[usize]) -> Vec<String> {
        path.iter().map(|&i| self.cells[i].id.clone()).collect()
    }
}

// ---- validators: one per concern of a level, each adding its problems ----

/// Cells: non-empty, unique ids and unique positions. Returns the lookups by
/// position and by id (first cell wins on a duplicate).
fn index_cells(
    cells: &[Cell],
    problems: &mut Vec<LevelProblem>,
) -> (HashMap<Axial, usize>, HashMap<String, usize>) {
    let mut by_pos: HashMap<Axial, usize> = HashMap::default();
    let mut by_id: HashMap<String, usize> = HashMap::default();
    for (i, c) in cells.iter().enumerate() {
        if c.id.is_empty() {
            problems.push(LevelProblem::EmptyCellId { ordinal: i + 1 });
        }
        if let Some(&j) = by_id.get(&c.id) {
            problems.push(LevelProblem::DuplicateCellId {
                id: c.id.clone(),
                first: j + 1,
                second: i + 1,
            });
        } else {
            by_id.insert(c.id.clone(), i);
        }
        if let Some(&j) = by_pos.get(&c.pos) {
            problems.push(LevelProblem::SharedPosition {
                first: cells[j].id.clone(),
                second: c.id.clone(),
                q: c.pos.q,
                r: c.pos.r,
            });
        } else {
            by_pos.insert(c.pos, i);
        }
    }
    (by_pos, by_id)
}

/// Clues: each within `1..=n` and distinct. Returns the cell of each step's clue.
fn index_clues(cells: &[Cell], problems: &mut Vec<LevelProblem>) -> Vec<Option<usize>> {
    let n = cells.len();
    let mut clue_at = vec![None; n + 1];
    for (i, c) in cells.iter().enumerate() {
        let Some(v) = c.clue else { continue };
        if v == 0 || v as usize > n {
            problems.push(LevelProblem::ClueOutOfRange {
                cell: c.id.clone(),
                clue: v,
                cells: n,
            });
        } else if let Some(j) = clue_at[v as usize] {
            problems.push(LevelProblem::DuplicateClue {
                clue: v,
                first: id_of(cells, j),
                second: id_of(cells, i),
            });
        } else {
            clue_at[v as usize] = Some(i);
        }
    }
    clue_at
}

/// Walls: each joins two existing, distinct, adjacent cells, at most once.
/// Returns the walls and, per cell, the directions walled off.
fn validate_walls(
    cells: &[Cell],
    raw_walls: &[(usize, usize)],
    problems: &mut Vec<LevelProblem>,
) -> (Vec<Edge>, Vec<u8>) {
    let n = cells.len();
    let mut walls: Vec<Edge> = Vec::new();
    let mut wall_dirs = vec![0u8; n];
    for &(x, y) in raw_walls {
        if x >= n || y >= n {
            problems.push(LevelProblem::WallCellMissing {
                ordinal: x.max(y) + 1,
            });
            continue;
        }
        let (a, b) = (id_of(cells, x), id_of(cells, y));
        if x == y {
            problems.push(LevelProblem::WallToItself { cell: a });
            continue;
        }
        let Some(d) = cells[x].pos.direction_to(cells[y].pos) else {
            problems.push(LevelProblem::WallNotAdjacent { a, b });
            continue;
        };
        let e = Edge::new(x, y);
        if walls.contains(&e) {
            problems.push(LevelProblem::WallTwice { a, b });
            continue;
        }
        walls.push(e);
        wall_dirs[x] |= 1 << d;
        wall_dirs[y] |= 1 << ((d + 3) % 6);
    }
    (walls, wall_dirs)
}

/// What the spinner validators read of a level being built.
struct Board<'a> {
    cells: &'a [Cell],
    by_pos: &'a HashMap<Axial, usize>,
    walls: &'a [Edge],
}

/// Spinners: each normalised to its lattice vertex; in strict mode each also
/// has two candidate edges on the board, overlaps no static wall and has its
/// vertex to itself. Returns the spinners and, per `cell*6 + dir`, the
/// `(spinner, candidate)` pairs on that edge.
fn validate_spinners(
    board: &Board,
    raw_spinners: &[SpinnerSpec],
    strict: bool,
    problems: &mut Vec<LevelProblem>,
) -> (Vec<Spinner>, Vec<Vec<(usize, u8)>>) {
    let cells = board.cells;
    let mut spinners: Vec<Spinner> = Vec::new();
    let mut spin_on = vec![Vec::new(); cells.len() * 6];
    for s in raw_spinners {
        let sp = match normalise_spinner(board, s) {
            Ok(sp) => sp,
            Err(p) => {
                problems.push(p);
                continue;
            }
        };
        if strict {
            let found = spinner_conflicts(board, &sp, &spinners);
            if !found.is_empty() {
                problems.extend(found);
                continue;
            }
        }
        let si = spinners.len();
        for (j, e) in sp.candidates.iter().enumerate() {
            if let Some(e) = e {
                let d = cells[e.a]
                    .pos
                    .direction_to(cells[e.b].pos)
                    .expect("adjacent");
                spin_on[e.a * 6 + d].push((si, j as u8));
                spin_on[e.b * 6 + (d + 3) % 6].push((si, j as u8));
            }
        }
        spinners.push(sp);
    }
    (spinners, spin_on)
}

/// A written spinner in range, turned into its candidate edges and its phase
/// as seen from the canonical name of its vertex.
fn normalise_spinner(board: &Board, s: &SpinnerSpec) -> Result<Spinner, LevelProblem> {
    let cells = board.cells;
    if s.cell >= cells.len() {
        return Err(LevelProblem::SpinnerCellMissing {
            ordinal: s.cell + 1,
        });
    }
    let cell = id_of(cells, s.cell);
    if s.corner > 5 {
        return Err(LevelProblem::SpinnerCorner {
            cell,
            corner: s.corner,
        });
    }
    if s.phase > 2 {
        return Err(LevelProblem::SpinnerPhase {
            cell,
            corner: s.corner,
            phase: s.phase,
        });
    }
    let pos = cells[s.cell].pos;
    let k = s.corner as usize;
    let (dk, dk1) = corner_directions(k);
    let at = |p: Axial| board.by_pos.get(&p).copied();
    let nk = at(pos.neighbor(dk));
    let nk1 = at(pos.neighbor(dk1));
    let pair = |x: Option<usize>, y: Option<usize>| match (x, y) {
        (Some(x), Some(y)) => Some(Edge::new(x, y)),
        _ => None,
    };
    let candidates = [
        pair(nk, nk1),
        pair(Some(s.cell), nk1),
        pair(Some(s.cell), nk),
    ];
    let (vpos, vk) = canonical_vertex(pos, k);
    let name_i = vertex_names(pos, k)
        .iter()
        .position(|&x| x == (vpos, vk))
        .expect("canonical name is one of the names");
    Ok(Spinner {
        cell: s.cell,
        corner: s.corner,
        phase: s.phase,
        vertex: vpos,
        vertex_corner: vk as u8,
        vertex_phase: ((s.phase as usize + 3 - name_i) % 3) as u8,
        candidates,
    })
}

/// The strict checks of one spinner against the board and the spinners
/// accepted before it.
fn spinner_conflicts(board: &Board, sp: &Spinner, accepted: &[Spinner]) -> Vec<LevelProblem> {
    let cells = board.cells;
    let cell = id_of(cells, sp.cell);
    let mut problems = Vec::new();
    if sp.on_board_candidates() < 2 {
        problems.push(LevelProblem::SpinnerFewCandidates {
            cell: cell.clone(),
            corner: sp.corner,
            on_board: sp.on_board_candidates(),
        });
    }
    for e in sp.candidates.iter().flatten() {
        if board.walls.contains(e) {
            problems.push(LevelProblem::SpinnerOnWall {
                cell: cell.clone(),
                corner: sp.corner,
                a: id_of(cells, e.a),
                b: id_of(cells, e.b),
            });
        }
    }
    if let Some(o) = accepted
        .iter()
        .find(|o| o.vertex == sp.vertex && o.vertex_corner == sp.vertex_corner)
    {
        problems.push(LevelProblem::SpinnersShareVertex {
            cell,
            corner: sp.corner,
            other_cell: id_of(cells, o.cell),
            other_corner: o.corner,
        });
    }
    problems
}

/// Bijective base-26 cell names: a, b, …, z, aa, ab, …
pub fn cell_name(mut i: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'a' + (i % 26) as u8);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).expect("ascii")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(id: &str, q: i32, r: i32, clue: Option<u32>) -> Cell {
        Cell {
            id: id.into(),
            pos: Axial::new(q, r),
            clue,
        }
    }

    #[test]
    fn names() {
        assert_eq!(cell_name(0), "a");
        assert_eq!(cell_name(25), "z");
        assert_eq!(cell_name(26), "aa");
        assert_eq!(cell_name(27), "ab");
        assert_eq!(cell_name(26 + 26 * 26), "aaa");
    }

    #[test]
    fn spinner_candidates_follow_the_convention() {
        // centre c at (0,0), E neighbour e at (1,0), SE neighbour s at (0,1)
        let parts = LevelParts {
            id: "t".into(),
            cells: vec![
                cell("c", 0, 0, None),
                cell("e", 1, 0, None),
                cell("s", 0, 1, None),
            ],
            spinners: vec![SpinnerSpec {
                cell: 0,
                corner: 0,
                phase: 0,
            }],
            ..Default::default()
        };
        let l = Level::build(parts).unwrap();
        let sp = &l.spinners()[0];
        assert_eq!(sp.candidates[0], Some(Edge::new(1, 2))); // between the two neighbours
        assert_eq!(sp.candidates[1], Some(Edge::new(0, 2))); // cell ↔ neighbour at 60°
        assert_eq!(sp.candidates[2], Some(Edge::new(0, 1))); // cell ↔ neighbour at 0°
                                                             // the same vertex written from e (corner 2) with the phase shifted by one
        let parts2 = LevelParts {
            id: "t".into(),
            cells: l.cells().to_vec(),
            spinners: vec![SpinnerSpec {
                cell: 1,
                corner: 2,
                phase: 2,
            }],
            ..Default::default()
        };
        let l2 = Level::build(parts2).unwrap();
        let sp2 = &l2.spinners()[0];
        for t in 0..6 {
            assert_eq!(sp.blocked_edge(t), sp2.blocked_edge(t), "t={t}");
        }
        assert_eq!(
            (sp.vertex, sp.vertex_corner, sp.vertex_phase),
            (sp2.vertex, sp2.vertex_corner, sp2.vertex_phase)
        );
    }

    #[test]
    fn validation_reports_everything() {
        let parts = LevelParts {
            id: "bad".into(),
            cells: vec![
                cell("a", 0, 0, Some(1)),
                cell("a", 1, 0, Some(1)),
                cell("c", 1, 0, Some(9)),
                cell("d", 3, 0, None),
            ],
            walls: vec![(0, 3), (0, 1), (1, 0)],
            spinners: vec![
                SpinnerSpec {
                    cell: 3,
                    corner: 0,
                    phase: 0,
                },
                SpinnerSpec {
                    cell: 0,
                    corner: 0,
                    phase: 7,
                },
            ],
            ..Default::default()
        };
        let errs = Level::build(parts).unwrap_err();
        let all: String = errs.iter().map(|e| format!("{e}\n")).collect();
        assert!(all.contains("used twice"), "{all}");
        assert!(all.contains("both sit at"), "{all}");
        assert!(all.contains("outside 1..4"), "{all}");
        assert!(all.contains("clue 1 appears twice"), "{all}");
        assert!(all.contains("not adjacent"), "{all}");
        assert!(all.contains("listed twice"), "{all}");
        assert!(all.contains("at least two"), "{all}");
        assert!(all.contains("phase 7"), "{all}");
    }

    #[test]
    fn spinner_overlap_and_shared_vertex_rejected() {
        let cells = vec![
            cell("c", 0, 0, None),
            cell("e", 1, 0, None),
            cell("s", 0, 1, None),
        ];
        let over = LevelParts {
            id: "t".into(),
            cells: cells.clone(),
            walls: vec![(0, 1)],
            spinners: vec![SpinnerSpec {
                cell: 0,
                corner: 0,
                phase: 0,
            }],
            ..Default::default()
        };
        assert!(matches!(
            Level::build(over.clone()).unwrap_err()[0],
            LevelProblem::SpinnerOnWall { .. }
        ));
        assert!(Level::build_relaxed(over).is_ok());
        let twice = LevelParts {
            id: "t".into(),
            cells,
            spinners: vec![
                SpinnerSpec {
                    cell: 0,
                    corner: 0,
                    phase: 0,
                },
                SpinnerSpec {
                    cell: 2,
                    corner: 4,
                    phase: 1,
                },
            ],
            ..Default::default()
        };
        assert!(matches!(
            Level::build(twice).unwrap_err()[0],
            LevelProblem::SpinnersShareVertex { .. }
        ));
    }

    #[test]
    fn holes_are_enclosed_gaps() {
        // ring of six around an absent centre
        let ring: Vec<Cell> = (0..6)
            .map(|d| {
                let p = Axial::new(0, 0).neighbor(d);
                cell(&cell_name(d), p.q, p.r, None)
            })
            .collect();
        let l = Level::build(LevelParts {
            id: "ring".into(),
            cells: ring,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(l.holes(), 1);
        let line = Level::build(LevelParts {
            id: "line".into(),
            cells: vec![cell("a", 0, 0, None), cell("b", 2, 0, None)],
            ..Default::default()
        })
        .unwrap();
        assert_eq!(line.holes(), 0);
        assert!(!line.wall_free_connected());
    }
}
