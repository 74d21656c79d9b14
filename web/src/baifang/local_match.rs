//! A local game (hot-seat or against the AI): the engine's `Game` plus the one
//! piece of UI state the rules don't know, the stone picked up in the moving phase.
//!
//! Taps are intents ([`super::tap`]); this module plays the actions they name and
//! lets the engine accept or refuse them; it never decides legality itself.

use engine::baifang::ai::Strength;
use engine::baifang::{Action, ActionError, ActionOutcome, Game, Side, State};

use super::tap::{tap_intent, TapIntent};

/// Who plays the two sides on this device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Two people share the device.
    HotSeat,
    /// The human plays `human`; the AI plays the other side at `level`.
    Ai { human: Side, level: Strength },
}

/// What a tap did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tap {
    /// The engine accepted an action.
    Played(Action, ActionOutcome),
    /// A stone was picked up (moving phase).
    Selected(u8),
    /// The picked-up stone was put down again.
    Deselected,
    /// Not this device's turn, or the engine refused the action: a gentle refusal.
    Refused,
}

#[derive(Clone, Debug)]
pub struct LocalMatch {
    game: Game,
    opponent: Opponent,
    selection: Option<u8>,
}

impl LocalMatch {
    pub fn new(opponent: Opponent) -> LocalMatch {
        LocalMatch {
            game: Game::new(),
            opponent,
            selection: None,
        }
    }

    /// A game continued from `log` (play on from a reviewed position); a log the
    /// engine refuses starts a fresh game instead.
    pub fn from_log(opponent: Opponent, log: &[Action]) -> LocalMatch {
        LocalMatch {
            game: Game::from_log(log).unwrap_or_default(),
            opponent,
            selection: None,
        }
    }

    pub fn state(&self) -> &State {
        self.game.state()
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn opponent(&self) -> Opponent {
        self.opponent
    }

    pub fn selection(&self) -> Option<u8> {
        self.selection
    }

    pub fn last_outcome(&self) -> Option<&ActionOutcome> {
        self.game.last_outcome()
    }

    /// Whether a person on this device is to act now.
    pub fn human_to_act(&self) -> bool {
        let state = self.state();
        !state.is_finished()
            && match self.opponent {
                Opponent::HotSeat => true,
                Opponent::Ai { human, .. } => state.to_move() == human,
            }
    }

    /// Whether the AI is to act now.
    pub fn ai_to_act(&self) -> bool {
        !self.state().is_finished() && !self.human_to_act()
    }

    /// A tap (or a release after a drag) on point `p` by the person on this device.
    pub fn tap(&mut self, p: u8) -> Tap {
        if !self.human_to_act() {
            return Tap::Refused;
        }
        match tap_intent(self.state(), self.selection, p) {
            TapIntent::Play(action) => self.play(action),
            TapIntent::Select(p) => {
                self.selection = Some(p);
                Tap::Selected(p)
            }
            TapIntent::Deselect => {
                self.selection = None;
                Tap::Deselected
            }
            TapIntent::Refuse => Tap::Refused,
        }
    }

    /// Plays an action for whoever is to move (the AI's turn, a timeout, a resignation).
    pub fn play(&mut self, action: Action) -> Tap {
        match self.game.play(action) {
            Ok(outcome) => {
                self.selection = None;
                Tap::Played(action, outcome)
            }
            Err(_) => Tap::Refused,
        }
    }

    /// Plays an action and reports the engine's reason when it is refused.
    pub fn try_play(&mut self, action: Action) -> Result<ActionOutcome, ActionError> {
        let outcome = self.game.play(action)?;
        self.selection = None;
        Ok(outcome)
    }

    /// The side the person on this device resigns for: the human in a vs-AI
    /// game, the side to move in hot-seat.
    pub fn resigning_side(&self) -> Side {
        match self.opponent {
            Opponent::Ai { human, .. } => human,
            Opponent::HotSeat => self.state().to_move(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::Phase;

    #[test]
    fn a_continued_game_starts_from_its_log() {
        let log = [Action::Place { to: 3 }, Action::Place { to: 7 }];
        let m = LocalMatch::from_log(Opponent::HotSeat, &log);
        assert_eq!(m.game().log(), log);
        assert_eq!(m.state().to_move(), Side::Black);
        let fresh = LocalMatch::from_log(Opponent::HotSeat, &[log[0], log[0]]);
        assert!(fresh.game().log().is_empty());
    }

    #[test]
    fn taps_place_stones_alternately_in_hot_seat() {
        let mut m = LocalMatch::new(Opponent::HotSeat);
        assert!(matches!(
            m.tap(12),
            Tap::Played(Action::Place { to: 12 }, _)
        ));
        assert_eq!(m.state().to_move(), Side::White);
        assert_eq!(
            m.tap(12),
            Tap::Refused,
            "occupied point is refused by the engine"
        );
        assert!(matches!(m.tap(13), Tap::Played(..)));
    }

    #[test]
    fn the_ai_side_cannot_be_tapped() {
        let mut m = LocalMatch::new(Opponent::Ai {
            human: Side::White,
            level: Strength::Beginner,
        });
        assert!(m.ai_to_act());
        assert_eq!(m.tap(0), Tap::Refused);
        assert!(matches!(m.play(Action::Place { to: 0 }), Tap::Played(..)));
        assert!(m.human_to_act());
    }

    #[test]
    fn capture_mode_turns_taps_into_captures() {
        let mut m = LocalMatch::new(Opponent::HotSeat);
        for p in [0, 24, 1, 23, 5, 22, 6] {
            assert!(matches!(m.tap(p), Tap::Played(..)), "tap {p}");
        }
        assert_eq!(m.state().pending_captures(), 1);
        assert_eq!(m.tap(0), Tap::Refused, "own stone is not capturable");
        assert!(matches!(
            m.tap(22),
            Tap::Played(Action::Capture { at: 22 }, _)
        ));
        assert_eq!(m.state().to_move(), Side::White);
    }

    #[test]
    fn moving_phase_selects_then_moves() {
        let mut m = LocalMatch::new(Opponent::HotSeat);
        for action in crate::baifang::tap::placements_to_moving() {
            let Action::Place { to } = action else {
                unreachable!("placements only")
            };
            assert!(matches!(m.tap(to), Tap::Played(..)), "place {to}");
        }
        assert_eq!(m.state().phase(), Phase::Moving);
        let mover = m.state().to_move();
        let from = (0u8..25)
            .find(|&p| {
                m.state().at(p as usize) == Some(mover) && m.state().move_targets(p as usize) != 0
            })
            .expect("a movable stone");
        assert_eq!(m.tap(from), Tap::Selected(from));
        assert_eq!(m.tap(from), Tap::Deselected);
        assert_eq!(m.tap(from), Tap::Selected(from));
        let to = m.state().move_targets(from as usize).trailing_zeros() as u8;
        assert!(matches!(m.tap(to), Tap::Played(Action::Move { .. }, _)));
        assert_eq!(m.selection(), None);
    }
}
