//! A game laid out ply by ply: the state after every action and what to mark
//! at each ply, derived from the engine's replay (no rule decided here).

use engine::baifang::game_link::GameRecord;
use engine::baifang::{Action, ActionOutcome, Game, RuleError, State};

use crate::view_model::{board_view, BoardView};

/// Every position of one game. Ply `k` is the position after `k` actions.
#[derive(Clone, Debug)]
pub struct Timeline {
    log: Vec<Action>,
    states: Vec<State>,
    outcomes: Vec<ActionOutcome>,
}

/// What the review draws at one ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    pub board: BoardView,
    /// The point whose stone the action into this ply removed.
    pub captured: Option<u8>,
    /// The action into this ply (none at the start).
    pub action: Option<Action>,
}

impl Timeline {
    /// Replays `log`; an illegal action is named by its index.
    pub fn new(log: &[Action]) -> Result<Timeline, (usize, RuleError)> {
        let mut game = Game::new();
        let mut states = vec![*game.state()];
        let mut outcomes = Vec::with_capacity(log.len());
        for (i, &a) in log.iter().enumerate() {
            outcomes.push(game.play(a).map_err(|e| (i, e))?);
            states.push(*game.state());
        }
        Ok(Timeline {
            log: log.to_vec(),
            states,
            outcomes,
        })
    }

    /// The timeline of a decoded record (its log is already known legal).
    pub fn of_record(record: &GameRecord) -> Result<Timeline, (usize, RuleError)> {
        Timeline::new(record.log())
    }

    /// The last ply (the number of actions).
    pub fn last_ply(&self) -> usize {
        self.log.len()
    }

    pub fn log(&self) -> &[Action] {
        &self.log
    }

    pub fn state(&self, ply: usize) -> &State {
        &self.states[ply.min(self.last_ply())]
    }

    /// The outcome whose formation the board outlines at `ply`: the action's own,
    /// or for a capture, that of the placement or step that earned it, so every
    /// capture shows the square or line it was taken for.
    pub fn marked_outcome(&self, ply: usize) -> Option<ActionOutcome> {
        let ply = ply.min(self.last_ply());
        (0..ply)
            .rev()
            .find(|&i| !matches!(self.log[i], Action::Capture { .. }))
            .filter(|&i| {
                // Only the turn that is still running: the earning action plus
                // the captures straight after it.
                i + 1 == ply || self.log[i + 1..ply].iter().all(is_capture)
            })
            .map(|i| self.outcomes[i])
            .map(|mut o| {
                if let Some(Action::Capture { at }) = ply.checked_sub(1).map(|k| self.log[k]) {
                    o.captured = Some(at);
                }
                o
            })
    }

    /// The plies right after a capture.
    pub fn capture_plies(&self) -> Vec<usize> {
        (1..=self.last_ply())
            .filter(|&k| is_capture(&self.log[k - 1]))
            .collect()
    }

    /// The frame the review draws at `ply` (read-only: nothing is offered).
    pub fn frame(&self, ply: usize) -> Frame {
        let ply = ply.min(self.last_ply());
        let marked = self.marked_outcome(ply);
        let action = ply.checked_sub(1).map(|k| self.log[k]);
        Frame {
            board: board_view(
                self.state(ply),
                &self.log[..ply],
                marked.as_ref(),
                None,
                false,
            ),
            captured: match action {
                Some(Action::Capture { at }) => Some(at),
                _ => None,
            },
            action,
        }
    }
}

fn is_capture(a: &Action) -> bool {
    matches!(a, Action::Capture { .. })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::Side;

    fn place(to: u8) -> Action {
        Action::Place { to }
    }

    /// Blue forms the square 0-1-5-6 and takes Orange's stone on 22.
    fn square_then_capture() -> Vec<Action> {
        vec![
            place(0),
            place(24),
            place(1),
            place(23),
            place(5),
            place(22),
            place(6),
            Action::Capture { at: 22 },
            place(12),
        ]
    }

    #[test]
    fn a_capture_ply_marks_the_square_that_earned_it() {
        let t = Timeline::new(&square_then_capture()).unwrap();
        assert_eq!(t.capture_plies(), vec![8]);
        let frame = t.frame(8);
        assert_eq!(frame.captured, Some(22));
        assert_eq!(frame.board.points[22].owner, None);
        for p in [0, 1, 5, 6] {
            assert!(frame.board.points[p].formation, "point {p}");
        }
        assert_eq!(frame.board.formation_segments.len(), 4);
        // The next placement is a new turn: nothing stays marked.
        let next = t.frame(9);
        assert!(next.board.formation_segments.is_empty());
        assert_eq!(next.captured, None);
    }

    #[test]
    fn frames_follow_the_replay_and_offer_nothing() {
        let log = square_then_capture();
        let t = Timeline::new(&log).unwrap();
        assert_eq!(t.last_ply(), log.len());
        assert_eq!(t.frame(0).action, None);
        assert_eq!(t.frame(1).board.points[0].owner, Some(Side::Black));
        assert!(t
            .frame(3)
            .board
            .points
            .iter()
            .all(|p| !p.legal && !p.capturable));
        // Past the end is the end.
        assert_eq!(t.frame(99), t.frame(log.len()));
    }

    #[test]
    fn an_illegal_log_names_the_action() {
        let err = Timeline::new(&[place(3), place(3)]).unwrap_err();
        assert_eq!(err.0, 1);
    }
}
