//! The move list's compact notation: one short text per action of a game,
//! derived from the engine's replay (the README's "Move notation" defines it).
//!
//! - A point is its column `a`–`e` (left to right) and its row `1`–`5`
//!   (bottom to top): index 0, the top-left corner, is `a5`; index 24 is `e1`.
//! - Placement `c3`; step `c3-c4`; capture `xd2`.
//! - After a placement or step: `+` for each square it formed, `=` for each
//!   line; `~` when the anti-looping lock intercepted the capture (a shuttle).
//! - Timeout `T`; resignation `R` and the side (`RB`, `RW`); disconnect `D`
//!   and the side (`DB`, `DW`), `!` when the reconnection grace ran out.
//! - `#` after the action that ended the game.
//!
//! A turn is an action that is not a capture plus the captures right after
//! it; [`line`] writes a game with spaces between turns (`b4+xc1`).

use crate::baifang::bitboard::{CELLS, N};
use crate::baifang::rules::ActionOutcome;
use crate::baifang::state::{Side, State};
use crate::baifang::{Action, RuleError};

/// One action of a game in notation, with where it stands in the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyNote {
    /// The ply this action leads to (1 for the first action).
    pub ply: usize,
    /// The turn it belongs to (1-based; captures share their turn).
    pub turn: usize,
    /// Who acted (the resigning or dropping side for those actions).
    pub side: Side,
    /// The action in notation.
    pub text: String,
}

/// The name of point `p` (`a5` for 0, `e1` for 24).
pub fn point_name(p: u8) -> String {
    let p = p as usize % CELLS;
    let (x, y) = (p % N, p / N);
    format!("{}{}", (b'a' + x as u8) as char, N - y)
}

/// One action in notation, given what the engine reported for it.
pub fn action_text(a: Action, outcome: &ActionOutcome) -> String {
    let mut text = match a {
        Action::Place { to } => point_name(to),
        Action::Move { from, to } => format!("{}-{}", point_name(from), point_name(to)),
        Action::Capture { at } => format!("x{}", point_name(at)),
        Action::Timeout => "T".to_string(),
        Action::Resign { side } => format!("R{}", side.letter()),
        Action::Disconnect {
            side,
            grace_expired,
        } => format!("D{}{}", side.letter(), if grace_expired { "!" } else { "" }),
    };
    if matches!(a, Action::Place { .. } | Action::Move { .. }) {
        text.extend(std::iter::repeat_n(
            '+',
            outcome.new_squares.count_ones() as usize,
        ));
        text.extend(std::iter::repeat_n(
            '=',
            outcome.new_lines.count_ones() as usize,
        ));
        if outcome.intercepted_by_loop {
            text.push('~');
        }
    }
    if outcome.result.is_some() {
        text.push('#');
    }
    text
}

/// The whole log in notation, replayed from the start; the first illegal
/// action is named by its index.
pub fn notate(log: &[Action]) -> Result<Vec<PlyNote>, (usize, RuleError)> {
    let mut state = State::new();
    let mut turn = 0;
    let mut notes = Vec::with_capacity(log.len());
    for (i, &a) in log.iter().enumerate() {
        let side = match a {
            Action::Resign { side } | Action::Disconnect { side, .. } => side,
            _ => state.to_move(),
        };
        let outcome = state.apply(a).map_err(|e| (i, e))?;
        if !matches!(a, Action::Capture { .. }) || turn == 0 {
            turn += 1;
        }
        notes.push(PlyNote {
            ply: i + 1,
            turn,
            side,
            text: action_text(a, &outcome),
        });
    }
    Ok(notes)
}

/// A game on one line: turns separated by spaces, captures joined to the
/// action that earned them.
pub fn line(notes: &[PlyNote]) -> String {
    let mut out = String::new();
    for (i, note) in notes.iter().enumerate() {
        if i > 0 && note.turn != notes[i - 1].turn {
            out.push(' ');
        }
        out.push_str(&note.text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(to: u8) -> Action {
        Action::Place { to }
    }

    fn texts(log: &[Action]) -> Vec<String> {
        notate(log).unwrap().into_iter().map(|n| n.text).collect()
    }

    #[test]
    fn points_are_named_by_column_and_row_from_the_bottom() {
        assert_eq!(point_name(0), "a5");
        assert_eq!(point_name(4), "e5");
        assert_eq!(point_name(12), "c3");
        assert_eq!(point_name(20), "a1");
        assert_eq!(point_name(24), "e1");
        let all: std::collections::BTreeSet<_> = (0..CELLS as u8).map(point_name).collect();
        assert_eq!(all.len(), CELLS);
    }

    #[test]
    fn a_square_its_capture_and_the_turns() {
        // Blue forms the square 0-1-5-6 and takes Orange's stone on 22.
        let log: Vec<Action> = [0, 24, 1, 23, 5, 22, 6]
            .into_iter()
            .map(place)
            .chain([Action::Capture { at: 22 }, place(12)])
            .collect();
        let notes = notate(&log).unwrap();
        assert_eq!(
            notes.iter().map(|n| n.text.as_str()).collect::<Vec<_>>(),
            ["a5", "e1", "b5", "d1", "a4", "c1", "b4+", "xc1", "c3"]
        );
        assert_eq!(notes[7].turn, notes[6].turn);
        assert_eq!(notes[7].side, Side::Black);
        assert_eq!(notes[8].turn, 8);
        assert_eq!(notes[8].side, Side::White);
        assert_eq!(line(&notes), "a5 e1 b5 d1 a4 c1 b4+xc1 c3");
    }

    #[test]
    fn timeouts_resignations_and_disconnects() {
        let log = [
            place(0),
            Action::Timeout,
            Action::Disconnect {
                side: Side::White,
                grace_expired: false,
            },
            Action::Resign { side: Side::White },
        ];
        assert_eq!(texts(&log), ["a5", "T", "DW", "RW#"]);
        let expired = [Action::Disconnect {
            side: Side::Black,
            grace_expired: true,
        }];
        assert_eq!(texts(&expired), ["DB!#"]);
    }

    #[test]
    fn steps_lines_and_an_intercepted_shuttle() {
        let step = Action::Move { from: 7, to: 12 };
        let mut o = ActionOutcome {
            new_lines: 0b1,
            ..ActionOutcome::default()
        };
        assert_eq!(action_text(step, &o), "c4-c3=");
        o.new_squares = 0b11;
        o.intercepted_by_loop = true;
        assert_eq!(action_text(step, &o), "c4-c3++=~");
        assert_eq!(action_text(Action::Timeout, &o), "T");
    }

    #[test]
    fn an_illegal_action_is_named() {
        assert_eq!(
            notate(&[place(3), place(3)]).unwrap_err(),
            (1, RuleError::Occupied { at: 3 })
        );
    }
}
