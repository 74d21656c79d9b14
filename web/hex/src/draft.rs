//! The editor's document: a level being drawn on the hex lattice, and its undo
//! history. Pure data (no DOM), so it is tested natively.
//!
//! Cells keep the id they were given when painted (the smallest unused engine cell
//! name), so ids stay stable while the designer edits. Walls and spinners are kept
//! by lattice position; erasing a cell removes the walls and spinners on it.

use engine::hex::coord::{canonical_vertex, Axial};
use engine::hex::model::{cell_name, Cell, LevelParts, SpinnerSpec};
use engine::hex::{Level, LevelProblem};

/// The lattice shown around the origin is at least this radius (it grows to fit).
pub const MIN_RADIUS: i32 = 6;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftCell {
    pub id: String,
    pub pos: Axial,
    pub clue: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DraftSpinner {
    /// The cell it is written from, and its corner (0..6).
    pub pos: Axial,
    pub corner: u8,
    pub phase: u8,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Draft {
    pub id: String,
    pub title: String,
    /// In painting order.
    pub cells: Vec<DraftCell>,
    /// Each wall as (smaller position, larger position).
    pub walls: Vec<(Axial, Axial)>,
    pub spinners: Vec<DraftSpinner>,
}

fn edge(a: Axial, b: Axial) -> (Axial, Axial) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

impl Draft {
    pub fn new() -> Draft {
        Draft {
            id: "custom".into(),
            ..Draft::default()
        }
    }

    pub fn cell(&self, pos: Axial) -> Option<&DraftCell> {
        self.cells.iter().find(|c| c.pos == pos)
    }

    fn fresh_id(&self) -> String {
        (0..)
            .map(cell_name)
            .find(|n| !self.cells.iter().any(|c| &c.id == n))
            .expect("names never run out")
    }

    /// Paints a cell at `pos`, or erases it (with its walls and spinners).
    pub fn toggle_cell(&mut self, pos: Axial) {
        if let Some(i) = self.cells.iter().position(|c| c.pos == pos) {
            self.cells.remove(i);
            self.walls.retain(|&(a, b)| a != pos && b != pos);
            self.spinners.retain(|s| s.pos != pos);
        } else {
            let id = self.fresh_id();
            self.cells.push(DraftCell {
                id,
                pos,
                clue: None,
            });
        }
    }

    /// Toggles the wall between two painted, adjacent cells (false if there is no such edge).
    pub fn toggle_wall(&mut self, a: Axial, b: Axial) -> bool {
        if !a.is_adjacent(b) || self.cell(a).is_none() || self.cell(b).is_none() {
            return false;
        }
        let e = edge(a, b);
        if let Some(i) = self.walls.iter().position(|&w| w == e) {
            self.walls.remove(i);
        } else {
            self.walls.push(e);
        }
        true
    }

    pub fn has_wall(&self, a: Axial, b: Axial) -> bool {
        self.walls.contains(&edge(a, b))
    }

    /// The clue tool: puts clue `n` on the cell, or clears it if it already has `n`.
    pub fn toggle_clue(&mut self, pos: Axial, n: u32) {
        let now = self.cell(pos).and_then(|c| c.clue);
        self.set_clue(pos, Some(n).filter(|&n| now != Some(n)));
    }

    /// Puts `clue` on the painted cell at `pos` (`None` or 0 clears it); a hole
    /// takes no clue.
    pub fn set_clue(&mut self, pos: Axial, clue: Option<u32>) {
        if let Some(c) = self.cells.iter_mut().find(|c| c.pos == pos) {
            c.clue = clue.filter(|&n| n > 0);
        }
    }

    /// The spinner tool on corner `corner` of the painted cell `pos`: places a spinner
    /// (phase 0), then cycles its phase 1, 2, then removes it. A vertex holds one spinner
    /// however it is named.
    pub fn cycle_spinner(&mut self, pos: Axial, corner: u8) {
        if self.cell(pos).is_none() || corner >= 6 {
            return;
        }
        let key = canonical_vertex(pos, corner as usize);
        match self
            .spinners
            .iter()
            .position(|s| canonical_vertex(s.pos, s.corner as usize) == key)
        {
            Some(i) if self.spinners[i].phase >= 2 => {
                self.spinners.remove(i);
            }
            Some(i) => self.spinners[i].phase += 1,
            None => self.spinners.push(DraftSpinner {
                pos,
                corner,
                phase: 0,
            }),
        }
    }

    /// The ids of a painted edge, in string order (the `editor-edge-{a}-{b}` hook).
    pub fn edge_ids(&self, a: Axial, b: Axial) -> Option<(String, String)> {
        let (x, y) = (self.cell(a)?.id.clone(), self.cell(b)?.id.clone());
        Some(if x <= y { (x, y) } else { (y, x) })
    }

    /// Every pair of painted adjacent cells, each once.
    pub fn edges(&self) -> Vec<(Axial, Axial)> {
        let mut out = Vec::new();
        for c in &self.cells {
            for d in 0..3 {
                let n = c.pos.neighbor(d);
                if self.cell(n).is_some() {
                    out.push(edge(c.pos, n));
                }
            }
        }
        out
    }

    /// The lattice radius shown: at least [`MIN_RADIUS`], one ring beyond the farthest cell.
    pub fn lattice_radius(&self) -> i32 {
        let origin = Axial::new(0, 0);
        self.cells
            .iter()
            .map(|c| c.pos.distance(origin) + 1)
            .max()
            .unwrap_or(0)
            .max(MIN_RADIUS)
    }

    /// The engine level, or every validation problem.
    pub fn to_level(&self) -> Result<Level, Vec<LevelProblem>> {
        let index_of = |p: Axial| self.cells.iter().position(|c| c.pos == p);
        let parts = LevelParts {
            id: if self.id.trim().is_empty() {
                "custom".into()
            } else {
                self.id.trim().into()
            },
            pack: None,
            index: None,
            title: Some(self.title.trim().to_string()).filter(|t| !t.is_empty()),
            cells: self
                .cells
                .iter()
                .map(|c| Cell {
                    id: c.id.clone(),
                    pos: c.pos,
                    clue: c.clue,
                })
                .collect(),
            walls: self
                .walls
                .iter()
                .filter_map(|&(a, b)| Some((index_of(a)?, index_of(b)?)))
                .collect(),
            spinners: self
                .spinners
                .iter()
                .filter_map(|s| {
                    Some(SpinnerSpec {
                        cell: index_of(s.pos)?,
                        corner: s.corner,
                        phase: s.phase,
                    })
                })
                .collect(),
        };
        if parts.cells.is_empty() {
            return Err(vec![LevelProblem::NoCells]);
        }
        Level::build(parts)
    }

    pub fn from_level(level: &Level) -> Draft {
        let pos = |i: usize| level.cell(i).pos;
        Draft {
            id: level.id.clone(),
            title: level.title.clone().unwrap_or_default(),
            cells: level
                .cells()
                .iter()
                .map(|c| DraftCell {
                    id: c.id.clone(),
                    pos: c.pos,
                    clue: c.clue,
                })
                .collect(),
            walls: level
                .walls()
                .iter()
                .map(|e| edge(pos(e.a), pos(e.b)))
                .collect(),
            spinners: level
                .spinners()
                .iter()
                .map(|s| DraftSpinner {
                    pos: pos(s.cell),
                    corner: s.corner,
                    phase: s.phase,
                })
                .collect(),
        }
    }
}

/// Snapshot undo/redo: every edit stores the whole (small) document.
#[derive(Clone, Debug, PartialEq)]
pub struct History<T> {
    past: Vec<T>,
    present: T,
    future: Vec<T>,
}

/// Older snapshots beyond this are forgotten.
const HISTORY_LIMIT: usize = 200;

impl<T: Clone + PartialEq> History<T> {
    pub fn new(present: T) -> History<T> {
        History {
            past: Vec::new(),
            present,
            future: Vec::new(),
        }
    }

    pub fn present(&self) -> &T {
        &self.present
    }

    /// Applies an edit; a no-op edit records nothing. Returns whether anything changed.
    pub fn edit(&mut self, f: impl FnOnce(&mut T)) -> bool {
        let mut next = self.present.clone();
        f(&mut next);
        if next == self.present {
            return false;
        }
        self.past.push(std::mem::replace(&mut self.present, next));
        if self.past.len() > HISTORY_LIMIT {
            self.past.remove(0);
        }
        self.future.clear();
        true
    }

    pub fn undo(&mut self) -> bool {
        match self.past.pop() {
            Some(prev) => {
                self.future.push(std::mem::replace(&mut self.present, prev));
                true
            }
            None => false,
        }
    }

    pub fn redo(&mut self) -> bool {
        match self.future.pop() {
            Some(next) => {
                self.past.push(std::mem::replace(&mut self.present, next));
                true
            }
            None => false,
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.past.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.future.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::hex::level_file::parse_level;

    fn ax(q: i32, r: i32) -> Axial {
        Axial::new(q, r)
    }

    #[test]
    fn painting_gives_stable_ids_and_erasing_drops_walls_and_spinners() {
        let mut d = Draft::new();
        for p in [ax(0, 0), ax(1, 0), ax(0, 1)] {
            d.toggle_cell(p);
        }
        assert_eq!(
            d.cells.iter().map(|c| c.id.as_str()).collect::<Vec<_>>(),
            ["a", "b", "c"]
        );
        assert!(d.toggle_wall(ax(1, 0), ax(0, 0)));
        assert!(!d.toggle_wall(ax(0, 0), ax(2, 0)), "not adjacent");
        assert!(d.has_wall(ax(0, 0), ax(1, 0)));
        assert_eq!(
            d.edge_ids(ax(1, 0), ax(0, 0)),
            Some(("a".into(), "b".into()))
        );
        d.cycle_spinner(ax(1, 0), 2);
        d.toggle_cell(ax(1, 0));
        assert!(d.walls.is_empty() && d.spinners.is_empty());
        d.toggle_cell(ax(2, 0));
        assert_eq!(d.cells.last().unwrap().id, "b", "the freed name is reused");
    }

    #[test]
    fn clues_toggle_and_spinners_cycle_per_vertex() {
        let mut d = Draft::new();
        for p in [ax(0, 0), ax(1, 0), ax(0, 1)] {
            d.toggle_cell(p);
        }
        d.toggle_clue(ax(0, 0), 1);
        assert_eq!(d.cell(ax(0, 0)).unwrap().clue, Some(1));
        d.toggle_clue(ax(0, 0), 3);
        assert_eq!(d.cell(ax(0, 0)).unwrap().clue, Some(3));
        d.toggle_clue(ax(0, 0), 3);
        assert_eq!(d.cell(ax(0, 0)).unwrap().clue, None);
        d.set_clue(ax(0, 0), Some(7));
        d.set_clue(ax(0, 0), Some(7));
        assert_eq!(
            d.cell(ax(0, 0)).unwrap().clue,
            Some(7),
            "setting twice keeps it"
        );
        d.set_clue(ax(0, 0), None);
        assert_eq!(d.cell(ax(0, 0)).unwrap().clue, None);
        d.set_clue(ax(5, 5), Some(2));
        assert!(d.cell(ax(5, 5)).is_none(), "a hole takes no clue");
        // corner 0 of (0,0) is the vertex shared with (1,0) and (0,1)
        d.cycle_spinner(ax(0, 0), 0);
        d.cycle_spinner(ax(1, 0), 2); // the same vertex, named from (1,0)
        assert_eq!(d.spinners.len(), 1);
        assert_eq!(d.spinners[0].phase, 1);
        d.cycle_spinner(ax(0, 0), 0);
        assert_eq!(d.spinners[0].phase, 2);
        d.cycle_spinner(ax(0, 0), 0);
        assert!(d.spinners.is_empty());
    }

    #[test]
    fn lattice_and_level_round_trip() {
        let text = r#"{"id":"x","title":"T","cells":[{"id":"a","q":0,"r":0,"clue":1},{"id":"b","q":1,"r":0},
            {"id":"c","q":0,"r":1},{"id":"d","q":1,"r":1,"clue":4}],"walls":[["a","b"]],
            "spinners":[{"cell":"d","corner":3,"phase":2}]}"#;
        let level = parse_level(text).unwrap();
        let d = Draft::from_level(&level);
        assert_eq!(d.title, "T");
        assert_eq!(d.walls.len(), 1);
        let back = d.to_level().unwrap();
        assert_eq!(back.title.as_deref(), Some("T"));
        assert_eq!(back.cells(), level.cells());
        assert_eq!(back.walls(), level.walls());
        assert_eq!(
            back.spinners().iter().map(|s| s.spec()).collect::<Vec<_>>(),
            level
                .spinners()
                .iter()
                .map(|s| s.spec())
                .collect::<Vec<_>>()
        );
        assert_eq!(Draft::from_level(&back), d);
    }

    #[test]
    fn invalid_drafts_report_sentences_and_the_lattice_grows() {
        let mut d = Draft::new();
        assert!(d.to_level().is_err());
        d.toggle_cell(ax(0, 0));
        d.toggle_cell(ax(1, 0));
        d.toggle_clue(ax(0, 0), 5);
        let errors = d.to_level().unwrap_err();
        assert!(!errors.is_empty());
        assert_eq!(d.lattice_radius(), MIN_RADIUS);
        d.toggle_cell(ax(9, 0));
        assert_eq!(d.lattice_radius(), 10);
    }

    #[test]
    fn history_undoes_and_redoes_edits() {
        let mut h = History::new(Draft::new());
        assert!(!h.can_undo());
        h.edit(|d| d.toggle_cell(ax(0, 0)));
        h.edit(|d| d.toggle_cell(ax(1, 0)));
        assert!(!h.edit(|d| {
            d.toggle_wall(ax(0, 0), ax(5, 5));
        }));
        assert_eq!(h.present().cells.len(), 2);
        assert!(h.undo());
        assert_eq!(h.present().cells.len(), 1);
        assert!(h.can_redo());
        assert!(h.redo());
        assert_eq!(h.present().cells.len(), 2);
        h.undo();
        h.edit(|d| d.toggle_cell(ax(0, 1)));
        assert!(!h.can_redo(), "a new edit drops the redo branch");
        h.undo();
        h.undo();
        assert!(h.present().cells.is_empty());
        assert!(!h.undo());
    }
}
