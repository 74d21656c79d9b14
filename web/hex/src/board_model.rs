//! The Hex Stroke board as plain data: [`BoardModel`] is a level's static geometry
//! in board units (cells, walls, spinners, the view box), [`BoardState`] what
//! changes while playing (the path, conflicts, the hint, the spinners' positions).
//! Both come from the engine; the board component only draws them.

use std::collections::HashMap;

use engine::hex::coord::{edge_angle, Axial, SQRT3};
use engine::hex::deduce::Technique;
use engine::hex::Level;

use crate::svg::{hex_extent, padded, view_box_attr, Rect, SIZE};

/// Small boards are not blown up past this many hex widths across (or down).
pub const MIN_SPAN: f64 = 4.4 * SQRT3 * SIZE;
/// Room around the outermost hexes.
const PAD: f64 = 0.3 * SIZE;

#[derive(Clone, Debug, PartialEq)]
pub struct BoardCell {
    pub id: String,
    pub pos: Axial,
    pub clue: Option<u32>,
    pub center: (f64, f64),
}

#[derive(Clone, Debug, PartialEq)]
pub struct BoardWall {
    pub a: usize,
    pub b: usize,
    /// Midpoint of the shared edge.
    pub mid: (f64, f64),
    /// Direction of the shared edge, in degrees clockwise from +x.
    pub angle: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BoardSpinner {
    pub cell: usize,
    pub corner: u8,
    /// The lattice vertex it turns about.
    pub pivot: (f64, f64),
}

/// Static geometry of a board, in board units (hex circumradius [`SIZE`]).
#[derive(Clone, Debug, PartialEq)]
pub struct BoardModel {
    pub cells: Vec<BoardCell>,
    /// In the engine's order, so a `Blocker` index addresses its wall.
    pub walls: Vec<BoardWall>,
    /// In the engine's order, like the engine's spinner positions.
    pub spinners: Vec<BoardSpinner>,
    pub view_box: Rect,
    by_pos: HashMap<Axial, usize>,
}

impl BoardModel {
    /// The geometry of an engine level.
    pub fn from_level(level: &Level) -> BoardModel {
        let cells: Vec<BoardCell> = level
            .cells()
            .iter()
            .map(|c| BoardCell {
                id: c.id.clone(),
                pos: c.pos,
                clue: c.clue,
                center: c.pos.to_pixel(SIZE),
            })
            .collect();
        let by_pos: HashMap<Axial, usize> =
            cells.iter().enumerate().map(|(i, c)| (c.pos, i)).collect();
        // The engine only builds levels whose walls join adjacent cells.
        let walls = level
            .walls()
            .iter()
            .filter_map(|e| {
                let d = cells[e.a].pos.direction_to(cells[e.b].pos)?;
                Some(BoardWall {
                    a: e.a,
                    b: e.b,
                    mid: cells[e.a].pos.edge_midpoint_pixel(d, SIZE),
                    angle: edge_angle(d),
                })
            })
            .collect();
        let spinners = level
            .spinners()
            .iter()
            .map(|s| BoardSpinner {
                cell: s.cell,
                corner: s.corner,
                pivot: cells[s.cell].pos.corner_pixel(s.corner as usize, SIZE),
            })
            .collect();
        let view_box = view_box(&cells);
        BoardModel {
            cells,
            walls,
            spinners,
            view_box,
            by_pos,
        }
    }

    /// The cell at lattice position `pos`.
    pub fn cell_at(&self, pos: Axial) -> Option<usize> {
        self.by_pos.get(&pos).copied()
    }

    /// The cell under board point `(x, y)` (pixel → axial rounding, real cells only).
    pub fn hit(&self, x: f64, y: f64) -> Option<usize> {
        self.cell_at(Axial::from_pixel(x, y, SIZE))
    }

    /// Centre of the short line across the edge `a`–`b`, and the unit vector from
    /// `a`'s centre towards `b`'s, along which the line runs.
    pub fn link(&self, a: usize, b: usize) -> ((f64, f64), (f64, f64)) {
        let (ax, ay) = self.cells[a].center;
        let (bx, by) = self.cells[b].center;
        let (dx, dy) = (bx - ax, by - ay);
        let len = (dx * dx + dy * dy).sqrt().max(f64::MIN_POSITIVE);
        (((ax + bx) / 2.0, (ay + by) / 2.0), (dx / len, dy / len))
    }

    pub fn view_box_attr(&self) -> String {
        view_box_attr(self.view_box)
    }
}

/// The cells' extent, padded, at least [`MIN_SPAN`] each way, centred.
fn view_box(cells: &[BoardCell]) -> Rect {
    let (x, y, w, h) =
        hex_extent(cells.iter().map(|c| c.pos)).map_or((0.0, 0.0, 0.0, 0.0), |e| padded(e, PAD));
    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
    let (w, h) = (w.max(MIN_SPAN), h.max(MIN_SPAN));
    (cx - w / 2.0, cy - h / 2.0, w, h)
}

/// How a cell is shown (`data-state`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellState {
    Unvisited,
    Visited,
    /// A clue reached at the wrong step: red, showing the step.
    Conflict,
    /// Highlighted by the hint button.
    Hint,
    /// The path's end (the pen).
    End,
}

impl CellState {
    pub fn as_str(self) -> &'static str {
        match self {
            CellState::Unvisited => "unvisited",
            CellState::Visited => "visited",
            CellState::Conflict => "conflict",
            CellState::Hint => "hint",
            CellState::End => "end",
        }
    }
}

/// What changes on the board: a plain value, rebuilt after each input.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardState {
    pub path: Vec<usize>,
    /// Step number (1-based) per cell.
    pub steps: Vec<Option<usize>>,
    /// Per cell: a clue reached at the wrong step.
    pub conflict: Vec<bool>,
    pub hint: Option<usize>,
    /// The deduction behind the hint: its technique and the cells it looks at
    /// (ringed), when the engine names one.
    pub reason: Option<(Technique, Vec<usize>)>,
    /// Blocking candidate per spinner (`data-candidate`), as the engine reports it.
    pub spinner_candidates: Vec<u8>,
    /// Per spinner, the candidate it is drawn on, counted on from where it was drawn
    /// before (≡ its candidate mod 3), so the arm turns the short way.
    pub spinner_turns: Vec<i64>,
    pub cleared: bool,
    /// The cell the keyboard points at: the start being chosen, or the path's end.
    pub cursor: Option<usize>,
}

impl BoardState {
    /// The state for `path` on a board of `n` cells, with the engine's spinner
    /// positions; `previous_turns` are the spinners as drawn before (empty at first).
    pub fn new(
        n: usize,
        path: &[usize],
        conflicts: &[usize],
        spinner_candidates: Vec<u8>,
        previous_turns: &[i64],
    ) -> Self {
        let mut steps = vec![None; n];
        for (k, &c) in path.iter().enumerate() {
            if c < n {
                steps[c] = Some(k + 1);
            }
        }
        let mut conflict = vec![false; n];
        for &c in conflicts {
            if c < n {
                conflict[c] = true;
            }
        }
        let spinner_turns = spinner_candidates
            .iter()
            .enumerate()
            .map(|(k, &c)| {
                previous_turns
                    .get(k)
                    .map_or(c as i64, |&p| nearest_turn(p, c))
            })
            .collect();
        BoardState {
            path: path.to_vec(),
            steps,
            conflict,
            spinner_candidates,
            spinner_turns,
            ..Default::default()
        }
    }

    /// How cell `i` is shown.
    pub fn cell_state(&self, i: usize) -> CellState {
        if self.hint == Some(i) {
            CellState::Hint
        } else if self.conflict.get(i).copied().unwrap_or(false) {
            CellState::Conflict
        } else if self.path.last() == Some(&i) && !self.cleared {
            CellState::End
        } else if self.steps.get(i).copied().flatten().is_some() {
            CellState::Visited
        } else {
            CellState::Unvisited
        }
    }

    /// Whether cell `i` is one the hint's deduction looks at.
    pub fn in_reason(&self, i: usize) -> bool {
        self.reason
            .as_ref()
            .is_some_and(|(_, cells)| cells.contains(&i))
    }

    pub fn step(&self, i: usize) -> Option<usize> {
        self.steps.get(i).copied().flatten()
    }

    /// Everything cell `i` shows, as one value, so the board can tell which cells a
    /// change touched and leave the others alone.
    pub fn cell_look(&self, i: usize) -> CellLook {
        CellLook {
            state: self.cell_state(i),
            step: self.step(i),
            in_reason: self.in_reason(i),
            cursor: self.cursor == Some(i),
        }
    }
}

/// How one cell is drawn: its state, its step number, whether the hint's deduction
/// rings it, and whether the keyboard cursor is on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellLook {
    pub state: CellState,
    pub step: Option<usize>,
    pub in_reason: bool,
    pub cursor: bool,
}

/// Where a spinner drawn at turn `previous` is drawn once it sits on `candidate`:
/// the nearest turn ≡ `candidate` (mod 3), so a step turns it 120° clockwise, an
/// undo turns it back, and a long truncation or a restart never spins it round.
pub fn nearest_turn(previous: i64, candidate: u8) -> i64 {
    previous
        + match (candidate as i64 - previous).rem_euclid(3) {
            0 => 0,
            1 => 1,
            _ => -1,
        }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::hex::level_file::parse_level;

    fn level() -> Level {
        parse_level(include_str!(
            "../../../engine/tests/data/hex-walled-rhombus.json"
        ))
        .unwrap()
    }

    #[test]
    fn hit_testing_finds_cells_and_not_holes() {
        let m = BoardModel::from_level(&level());
        for (i, c) in m.cells.iter().enumerate() {
            assert_eq!(m.hit(c.center.0, c.center.1), Some(i));
            // just inside the east edge of the hex is still the hex
            assert_eq!(m.hit(c.center.0 + 0.8 * SIZE * 0.866, c.center.1), Some(i));
        }
        let (x, y) = Axial::new(5, 5).to_pixel(SIZE);
        assert_eq!(m.hit(x, y), None);
    }

    #[test]
    fn walls_sit_on_the_shared_edge() {
        let m = BoardModel::from_level(&level());
        assert_eq!(m.walls.len(), 1);
        let w = &m.walls[0];
        let (a, b) = (m.cells[w.a].center, m.cells[w.b].center);
        assert!((w.mid.0 - (a.0 + b.0) / 2.0).abs() < 1e-9);
        assert!((w.mid.1 - (a.1 + b.1) / 2.0).abs() < 1e-9);
        // a–b is horizontal (direction E), so the shared edge is vertical
        assert_eq!(w.angle.rem_euclid(180.0), 90.0);
    }

    #[test]
    fn small_boards_are_not_blown_up_and_the_board_is_centred() {
        let m = BoardModel::from_level(&level());
        let (x, y, w, h) = m.view_box;
        assert!(w >= MIN_SPAN && h >= MIN_SPAN);
        for c in &m.cells {
            assert!(c.center.0 > x && c.center.0 < x + w);
            assert!(c.center.1 > y && c.center.1 < y + h);
        }
    }

    #[test]
    fn cell_states_follow_the_path() {
        let mut s = BoardState::new(4, &[0, 2, 3], &[3], vec![], &[]);
        assert_eq!(s.cell_state(0), CellState::Visited);
        assert_eq!(s.step(2), Some(2));
        assert_eq!(s.cell_state(3), CellState::Conflict);
        assert_eq!(s.cell_state(1), CellState::Unvisited);
        assert_eq!(s.step(1), None);
        s.hint = Some(2);
        assert_eq!(s.cell_state(2), CellState::Hint);
        let s = BoardState::new(4, &[0, 2], &[], vec![], &[]);
        assert_eq!(s.cell_state(2), CellState::End);
    }

    #[test]
    fn a_step_changes_the_look_of_the_two_cells_it_touches_only() {
        let before = BoardState {
            cursor: Some(2),
            ..BoardState::new(5, &[0, 2], &[], vec![], &[])
        };
        let after = BoardState {
            cursor: Some(3),
            ..BoardState::new(5, &[0, 2, 3], &[], vec![], &[])
        };
        let changed: Vec<usize> = (0..5)
            .filter(|&i| before.cell_look(i) != after.cell_look(i))
            .collect();
        assert_eq!(changed, [2, 3]);
        let end = after.cell_look(3);
        assert_eq!(end.state, CellState::End);
        assert_eq!(end.step, Some(3));
        assert!(end.cursor && !end.in_reason);
    }

    #[test]
    fn spinners_are_drawn_on_the_engines_candidate_the_short_way_round() {
        let first = BoardState::new(1, &[], &[], vec![2, 0], &[]);
        assert_eq!(first.spinner_turns, [2, 0]);
        // one step: each spinner one candidate on, clockwise
        let step = BoardState::new(1, &[0], &[], vec![0, 1], &first.spinner_turns);
        assert_eq!(step.spinner_turns, [3, 1]);
        // back again: counter-clockwise
        let undo = BoardState::new(1, &[], &[], vec![2, 0], &step.spinner_turns);
        assert_eq!(undo.spinner_turns, [2, 0]);
        assert_eq!(nearest_turn(7, 1), 7); // same candidate: no spin at all
        assert_eq!(nearest_turn(5, 0), 6);
        assert_eq!(nearest_turn(4, 0), 3);
        for (previous, candidate) in [(0, 2), (-4, 1), (9, 0)] {
            let t = nearest_turn(previous, candidate);
            assert_eq!(t.rem_euclid(3), candidate as i64);
            assert!((t - previous).abs() <= 1);
        }
    }
}
