//! The input machine of a level: Empty → Drawing → Idle → Cleared (the gesture
//! table is in `docs/hex-stroke-rules.md`).
//!
//! It takes abstract events (`press(cell)`, `enter(cell)`, `release`, `restart`),
//! never pixels, and returns what the view needs to show. All decisions about the
//! path are made here; the view only maps pixels to cells and events to effects.

use serde::{Deserialize, Serialize};

use super::model::{Blocker, Edge, Level};
use super::rules::{self, StepError};

/// Machine state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum State {
    /// No path.
    Empty,
    /// Finger down, path end under the finger.
    Drawing,
    /// Finger up, path kept.
    Idle,
    /// Every cell visited and every clue matched; only restart does anything.
    Cleared,
}

/// An abstract input event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum InputEvent {
    Press { cell: usize },
    Enter { cell: usize },
    Release,
    Restart,
}

/// What the view should show. Steps are 1-based.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ViewEvent {
    /// `cell` became step `step` (the first one is the start).
    Appended { cell: usize, step: usize },
    /// The last step (`cell` at `step`) was taken back by sliding onto the previous cell.
    Undone { cell: usize, step: usize },
    /// A press on an earlier path cell cut the path: `removed` (from the old end
    /// backwards) are gone and the path now has `len` cells.
    Truncated { removed: Vec<usize>, len: usize },
    /// A slide into a wall or an active spinner edge: nothing appended; flash `edge`.
    Bumped { edge: Edge, blocker: Blocker },
    /// A clue cell reached at the wrong step (shown red with the step number).
    Conflict { cell: usize, step: usize, clue: u32 },
    /// A clue cell reached at its step.
    ClueMatched { cell: usize, step: usize },
    /// The puzzle is solved.
    Cleared,
    /// The path was wiped by the restart button.
    Restarted,
}

/// The gesture state machine for one level. It owns a copy of the level.
#[derive(Clone, Debug)]
pub struct InputMachine {
    level: Level,
    path: Vec<usize>,
    on_path: Vec<bool>,
    state: State,
}

impl InputMachine {
    pub fn new(level: Level) -> Self {
        let n = level.len();
        InputMachine {
            level,
            path: Vec::new(),
            on_path: vec![false; n],
            state: State::Empty,
        }
    }

    pub fn level(&self) -> &Level {
        &self.level
    }

    pub fn state(&self) -> State {
        self.state
    }

    /// The current path (cell indices, step k at index k-1).
    pub fn path(&self) -> &[usize] {
        &self.path
    }

    /// The step number of `cell` on the path (1-based), if visited.
    pub fn step_of(&self, cell: usize) -> Option<usize> {
        if cell < self.on_path.len() && self.on_path[cell] {
            self.path.iter().position(|&c| c == cell).map(|k| k + 1)
        } else {
            None
        }
    }

    /// Cells not yet on the path (the "remaining" counter).
    pub fn remaining(&self) -> usize {
        self.level.len() - self.path.len()
    }

    /// Clue cells currently on the path at the wrong step.
    pub fn conflicts(&self) -> Vec<usize> {
        rules::conflicts(&self.level, &self.path)
    }

    /// Blocking candidate of each spinner for the current path length.
    pub fn spinner_positions(&self) -> Vec<u8> {
        rules::spinner_positions(&self.level, self.path.len())
    }

    /// Feeds one event.
    pub fn handle(&mut self, ev: InputEvent) -> Vec<ViewEvent> {
        match ev {
            InputEvent::Press { cell } => self.press(cell),
            InputEvent::Enter { cell } => self.enter(cell),
            InputEvent::Release => self.release(),
            InputEvent::Restart => self.restart(),
        }
    }

    /// Finger down on `cell`.
    pub fn press(&mut self, cell: usize) -> Vec<ViewEvent> {
        if cell >= self.level.len() {
            return Vec::new();
        }
        match self.state {
            State::Cleared => Vec::new(),
            State::Empty => {
                if !rules::is_legal_start(&self.level, cell) {
                    return Vec::new();
                }
                self.state = State::Drawing;
                let mut out = Vec::new();
                self.append(cell, &mut out);
                out
            }
            State::Drawing | State::Idle => {
                let Some(step) = self.step_of(cell) else {
                    // a touch off the path starts nothing and keeps the path
                    return Vec::new();
                };
                self.state = State::Drawing;
                if step == self.path.len() {
                    return Vec::new();
                }
                let mut removed = Vec::new();
                while self.path.len() > step {
                    let c = self.path.pop().expect("non-empty");
                    self.on_path[c] = false;
                    removed.push(c);
                }
                vec![ViewEvent::Truncated {
                    removed,
                    len: self.path.len(),
                }]
            }
        }
    }

    /// The finger slid into `cell`.
    pub fn enter(&mut self, cell: usize) -> Vec<ViewEvent> {
        if self.state != State::Drawing || cell >= self.level.len() {
            return Vec::new();
        }
        let n = self.path.len();
        let end = self.path[n - 1];
        if cell == end {
            return Vec::new();
        }
        if n >= 2 && cell == self.path[n - 2] {
            self.path.pop();
            self.on_path[end] = false;
            return vec![ViewEvent::Undone { cell: end, step: n }];
        }
        match rules::check_step(&self.level, &self.path, cell) {
            Ok(()) => {
                let mut out = Vec::new();
                self.append(cell, &mut out);
                out
            }
            Err(StepError::Blocked { blocker }) => vec![ViewEvent::Bumped {
                edge: Edge::new(end, cell),
                blocker,
            }],
            Err(_) => Vec::new(),
        }
    }

    /// Finger up: the path is kept.
    pub fn release(&mut self) -> Vec<ViewEvent> {
        if self.state == State::Drawing {
            self.state = if self.path.is_empty() {
                State::Empty
            } else {
                State::Idle
            };
        }
        Vec::new()
    }

    /// The restart button: wipe the path from any state.
    pub fn restart(&mut self) -> Vec<ViewEvent> {
        self.path.clear();
        self.on_path.iter_mut().for_each(|v| *v = false);
        self.state = State::Empty;
        vec![ViewEvent::Restarted]
    }

    fn append(&mut self, cell: usize, out: &mut Vec<ViewEvent>) {
        self.path.push(cell);
        self.on_path[cell] = true;
        let step = self.path.len();
        out.push(ViewEvent::Appended { cell, step });
        if let Some(clue) = self.level.cell(cell).clue {
            if clue as usize == step {
                out.push(ViewEvent::ClueMatched { cell, step });
            } else {
                out.push(ViewEvent::Conflict { cell, step, clue });
            }
        }
        if step == self.level.len() && rules::is_cleared(&self.level, &self.path) {
            self.state = State::Cleared;
            out.push(ViewEvent::Cleared);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::level_file::parse_level;

    /// a(0,0) clue 1, b(1,0), c(0,1), d(1,1) clue 4, a wall between a and b.
    /// Adjacency: a–b (walled), a–c, b–c, b–d, c–d; the solution is a, c, b, d.
    fn level() -> Level {
        parse_level(crate::hex::test_levels::WALLED_RHOMBUS).unwrap()
    }
    const A: usize = 0;
    const B: usize = 1;
    const C: usize = 2;
    const D: usize = 3;

    #[test]
    fn clue_one_start_enforced() {
        let mut m = InputMachine::new(level());
        assert!(m.press(C).is_empty());
        assert_eq!(m.state(), State::Empty);
        assert!(m.enter(A).is_empty());
        let ev = m.press(A);
        assert_eq!(
            ev,
            vec![
                ViewEvent::Appended { cell: A, step: 1 },
                ViewEvent::ClueMatched { cell: A, step: 1 }
            ]
        );
        assert_eq!(m.state(), State::Drawing);
    }

    #[test]
    fn wall_bump_is_ignored_and_reported() {
        let mut m = InputMachine::new(level());
        m.press(A);
        for _ in 0..10 {
            let ev = m.enter(B);
            assert_eq!(
                ev,
                vec![ViewEvent::Bumped {
                    edge: Edge::new(A, B),
                    blocker: Blocker::Wall { index: 0 }
                }]
            );
        }
        assert_eq!(m.path(), &[A]);
    }

    #[test]
    fn slide_appends_and_slide_back_undoes() {
        let mut m = InputMachine::new(level());
        m.press(A);
        assert_eq!(m.enter(C), vec![ViewEvent::Appended { cell: C, step: 2 }]);
        assert_eq!(m.enter(B), vec![ViewEvent::Appended { cell: B, step: 3 }]);
        assert_eq!(m.enter(C), vec![ViewEvent::Undone { cell: B, step: 3 }]);
        assert_eq!(m.path(), &[A, C]);
        assert_eq!(m.enter(A), vec![ViewEvent::Undone { cell: C, step: 2 }]);
        assert_eq!(m.path(), &[A]);
        // sliding onto the only cell again does nothing
        assert!(m.enter(A).is_empty());
    }

    #[test]
    fn non_adjacent_and_visited_are_ignored() {
        let mut m = InputMachine::new(level());
        m.press(A);
        assert!(m.enter(D).is_empty()); // not adjacent
        m.enter(C);
        m.enter(D);
        assert!(m.enter(A).is_empty()); // visited, not the previous cell
        assert_eq!(m.path(), &[A, C, D]);
    }

    #[test]
    fn conflict_is_reported_not_blocking() {
        let mut m = InputMachine::new(level());
        m.press(A);
        m.enter(C);
        let ev = m.enter(D);
        assert_eq!(
            ev,
            vec![
                ViewEvent::Appended { cell: D, step: 3 },
                ViewEvent::Conflict {
                    cell: D,
                    step: 3,
                    clue: 4
                }
            ]
        );
        assert_eq!(m.conflicts(), vec![D]);
        // the path can continue past a conflict but does not clear
        assert_eq!(m.enter(B), vec![ViewEvent::Appended { cell: B, step: 4 }]);
        assert_eq!(m.state(), State::Drawing);
        assert_eq!(m.remaining(), 0);
    }

    #[test]
    fn cleared_when_all_visited_and_clues_match() {
        let mut m = InputMachine::new(level());
        m.press(A);
        m.enter(C);
        m.enter(B);
        let ev = m.enter(D);
        assert_eq!(
            ev,
            vec![
                ViewEvent::Appended { cell: D, step: 4 },
                ViewEvent::ClueMatched { cell: D, step: 4 },
                ViewEvent::Cleared
            ]
        );
        assert_eq!(m.state(), State::Cleared);
        assert!(m.enter(B).is_empty());
        assert!(m.press(A).is_empty());
        assert_eq!(m.restart(), vec![ViewEvent::Restarted]);
        assert_eq!(m.state(), State::Empty);
        assert!(m.path().is_empty());
    }

    #[test]
    fn release_keeps_path_and_press_on_end_continues() {
        let mut m = InputMachine::new(level());
        m.press(A);
        m.enter(C);
        m.release();
        assert_eq!(m.state(), State::Idle);
        assert_eq!(m.path(), &[A, C]);
        assert!(m.enter(B).is_empty()); // no finger down
        assert!(m.press(D).is_empty()); // off the path: nothing
        assert_eq!(m.state(), State::Idle);
        assert!(m.press(C).is_empty());
        assert_eq!(m.state(), State::Drawing);
        assert_eq!(m.enter(B), vec![ViewEvent::Appended { cell: B, step: 3 }]);
    }

    #[test]
    fn press_on_earlier_cell_truncates() {
        let mut m = InputMachine::new(level());
        m.press(A);
        m.enter(C);
        m.enter(B);
        m.release();
        assert_eq!(
            m.press(A),
            vec![ViewEvent::Truncated {
                removed: vec![B, C],
                len: 1
            }]
        );
        assert_eq!(m.path(), &[A]);
        assert_eq!(m.state(), State::Drawing);
        assert_eq!(m.enter(C), vec![ViewEvent::Appended { cell: C, step: 2 }]);
    }

    #[test]
    fn restart_from_any_state() {
        let mut m = InputMachine::new(level());
        assert_eq!(m.restart(), vec![ViewEvent::Restarted]);
        m.press(A);
        m.enter(C);
        m.restart();
        assert_eq!(m.state(), State::Empty);
        assert_eq!(m.step_of(A), None);
        assert_eq!(m.handle(InputEvent::Press { cell: A }).len(), 2);
    }

    #[test]
    fn spinner_bump_and_rotation_back_on_undo() {
        // c(0,0) clue 1, e(1,0), s(0,1); spinner at c corner 0 phase 1: with 1 cell on the
        // path it blocks c–e; with 2 cells (after c→s) it blocks e–s.
        let l = parse_level(
            r#"{"id":"s","cells":[{"id":"c","q":0,"r":0,"clue":1},{"id":"e","q":1,"r":0},{"id":"s","q":0,"r":1}],
                "spinners":[{"cell":"c","corner":0,"phase":1}]}"#,
        )
        .unwrap();
        let mut m = InputMachine::new(l);
        m.press(0);
        assert_eq!(m.spinner_positions(), vec![2]);
        assert!(matches!(m.enter(1)[0], ViewEvent::Bumped { .. }));
        m.enter(2);
        assert_eq!(m.spinner_positions(), vec![0]);
        assert!(matches!(m.enter(1)[0], ViewEvent::Bumped { .. }));
        m.enter(0); // undo
        assert_eq!(m.spinner_positions(), vec![2]);
        assert_eq!(m.path(), &[0]);
    }
}
