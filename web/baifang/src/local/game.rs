//! A local game (hot-seat or against the AI): the engine's `Game`, its
//! optional step clock (the engine's one [`StepClock`]), and the one piece of
//! UI state the rules don't know, the stone picked up in the moving phase.
//!
//! Taps are intents ([`crate::board::tap`]); this module plays the actions they name and
//! lets the engine accept or refuse them; it never decides legality itself.
//! Time is an input: every call that can end a turn is told `now` (ms on the
//! page's monotonic clock). The page is the referee and never unavailable to
//! itself, so the clock runs on while the page is hidden: a timeout that fell
//! meanwhile is applied at the first tick back, never a fresh 30 s.

use engine::baifang::ai::Strength;
use engine::baifang::step_clock::StepClock;
use engine::baifang::{Action, ActionOutcome, Game, RuleError, Side, State};

use crate::board::tap::{tap_intent, TapIntent};

/// Who plays the two sides on this device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// Two people share the device.
    HotSeat,
    /// The human plays `human`; the AI plays the other side at `level`.
    Ai { human: Side, level: Strength },
}

impl Opponent {
    /// Who plays as one word, the same in a saved game and in what opens the play screen:
    /// `hotseat`, or `ai-B-<level>` / `ai-W-<level>` for the human's side and the AI's level.
    pub fn word(self) -> String {
        match self {
            Opponent::HotSeat => "hotseat".into(),
            Opponent::Ai { human, level } => {
                let side = if human == Side::Black { "B" } else { "W" };
                format!("ai-{side}-{}", level.id())
            }
        }
    }

    /// The opponent a [`Opponent::word`] names (`None` for any other text).
    pub fn from_word(word: &str) -> Option<Opponent> {
        if word == "hotseat" {
            return Some(Opponent::HotSeat);
        }
        let rest = word.strip_prefix("ai-")?;
        let (side, level) = rest.split_once('-')?;
        let human = match side {
            "B" => Side::Black,
            "W" => Side::White,
            _ => return None,
        };
        let level = Strength::ALL.into_iter().find(|s| s.id() == level)?;
        Some(Opponent::Ai { human, level })
    }
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
    /// The 30 s step clock, when the game has one.
    clock: Option<StepClock>,
}

impl LocalMatch {
    pub fn new(opponent: Opponent) -> LocalMatch {
        LocalMatch {
            game: Game::new(),
            opponent,
            selection: None,
            clock: None,
        }
    }

    /// A game continued from `log` (play on from a reviewed position); a log the
    /// engine refuses starts a fresh game instead.
    pub fn from_log(opponent: Opponent, log: &[Action]) -> LocalMatch {
        LocalMatch {
            game: Game::from_log(log).unwrap_or_default(),
            opponent,
            selection: None,
            clock: None,
        }
    }

    /// Gives the game a step clock, its first turn beginning at `now`.
    pub fn with_step_clock(mut self, now: u64) -> LocalMatch {
        self.clock = Some(StepClock::new(now, !self.state().is_finished()));
        self
    }

    /// The time the side to move has left at `now`, when the game has a clock.
    pub fn step_left(&self, now: u64) -> Option<u64> {
        self.clock.map(|c| c.left(now))
    }

    /// Time passed: a person on this device whose step time ran out (even
    /// while the page was hidden) times out; the next turn starts at `now`.
    /// The AI is never timed out (it answers in far less than the step).
    pub fn tick(&mut self, now: u64) -> Option<(Action, ActionOutcome)> {
        let expired = self.clock.is_some_and(|c| c.expired(now));
        if !expired || !self.human_to_act() {
            return None;
        }
        let outcome = self.try_play(Action::Timeout, now).ok()?;
        Some((Action::Timeout, outcome))
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
    pub fn tap(&mut self, p: u8, now: u64) -> Tap {
        if !self.human_to_act() {
            return Tap::Refused;
        }
        match tap_intent(self.state(), self.selection, p) {
            TapIntent::Play(action) => self.play(action, now),
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
    pub fn play(&mut self, action: Action, now: u64) -> Tap {
        match self.try_play(action, now) {
            Ok(outcome) => Tap::Played(action, outcome),
            Err(_) => Tap::Refused,
        }
    }

    /// Plays an action and reports the engine's reason when it is refused.
    pub fn try_play(&mut self, action: Action, now: u64) -> Result<ActionOutcome, RuleError> {
        let outcome = self.game.play(action)?;
        self.selection = None;
        let running = !self.state().is_finished();
        if let Some(clock) = self.clock.as_mut() {
            if !running {
                clock.end();
            } else if outcome.turn_passed {
                clock.new_turn(now, true);
            }
        }
        Ok(outcome)
    }

    /// Whether this game offers undo: hot-seat, and against the two easier AI
    /// levels; hard and master games are played without take-backs.
    pub fn undo_allowed(&self) -> bool {
        match self.opponent {
            Opponent::HotSeat => true,
            Opponent::Ai { level, .. } => matches!(level, Strength::Beginner | Strength::Medium),
        }
    }

    /// The length of the log undo takes back to, if undo can act now: the start of
    /// the last whole turn in hot-seat; against the AI the start of the person's
    /// last turn, so the AI's reply goes with it. None in a finished game, while the
    /// AI is to move, or with no turn of the person's to take back.
    pub fn undo_point(&self) -> Option<usize> {
        if !self.undo_allowed() || !self.human_to_act() {
            return None;
        }
        let starts = self.game.turn_starts();
        match self.opponent {
            Opponent::HotSeat => starts.last().map(|&(i, _)| i),
            Opponent::Ai { human, .. } => starts
                .iter()
                .rev()
                .find(|&&(_, side)| side == human)
                .map(|&(i, _)| i),
        }
    }

    /// Takes back to [`Self::undo_point`] by replaying the log without the turns
    /// after it; the turn it lands on starts afresh at `now` on the step clock.
    /// False when there is nothing to take back.
    pub fn undo(&mut self, now: u64) -> bool {
        let Some(keep) = self.undo_point() else {
            return false;
        };
        let Ok(game) = Game::from_log(&self.game.log()[..keep]) else {
            return false;
        };
        self.game = game;
        self.selection = None;
        if let Some(clock) = self.clock.as_mut() {
            clock.new_turn(now, true);
        }
        true
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
            m.tap(12, 0),
            Tap::Played(Action::Place { to: 12 }, _)
        ));
        assert_eq!(m.state().to_move(), Side::White);
        assert_eq!(
            m.tap(12, 0),
            Tap::Refused,
            "occupied point is refused by the engine"
        );
        assert!(matches!(m.tap(13, 0), Tap::Played(..)));
    }

    #[test]
    fn the_ai_side_cannot_be_tapped() {
        let mut m = LocalMatch::new(Opponent::Ai {
            human: Side::White,
            level: Strength::Beginner,
        });
        assert!(m.ai_to_act());
        assert_eq!(m.tap(0, 0), Tap::Refused);
        assert!(matches!(
            m.play(Action::Place { to: 0 }, 0),
            Tap::Played(..)
        ));
        assert!(m.human_to_act());
    }

    #[test]
    fn capture_mode_turns_taps_into_captures() {
        let mut m = LocalMatch::new(Opponent::HotSeat);
        for p in [0, 24, 1, 23, 5, 22, 6] {
            assert!(matches!(m.tap(p, 0), Tap::Played(..)), "tap {p}");
        }
        assert_eq!(m.state().pending_captures(), 1);
        assert_eq!(m.tap(0, 0), Tap::Refused, "own stone is not capturable");
        assert!(matches!(
            m.tap(22, 0),
            Tap::Played(Action::Capture { at: 22 }, _)
        ));
        assert_eq!(m.state().to_move(), Side::White);
    }

    #[test]
    fn moving_phase_selects_then_moves() {
        let mut m = LocalMatch::new(Opponent::HotSeat);
        for action in crate::board::tap::placements_to_moving() {
            let Action::Place { to } = action else {
                unreachable!("placements only")
            };
            assert!(matches!(m.tap(to, 0), Tap::Played(..)), "place {to}");
        }
        assert_eq!(m.state().phase(), Phase::Moving);
        let mover = m.state().to_move();
        let from = (0u8..25)
            .find(|&p| {
                m.state().at(p as usize) == Some(mover) && m.state().move_targets(p as usize) != 0
            })
            .expect("a movable stone");
        assert_eq!(m.tap(from, 0), Tap::Selected(from));
        assert_eq!(m.tap(from, 0), Tap::Deselected);
        assert_eq!(m.tap(from, 0), Tap::Selected(from));
        let to = m.state().move_targets(from as usize).trailing_zeros() as u8;
        assert!(matches!(m.tap(to, 0), Tap::Played(Action::Move { .. }, _)));
        assert_eq!(m.selection(), None);
    }

    #[test]
    fn undo_takes_back_the_last_whole_turn_in_hot_seat() {
        let mut m = LocalMatch::new(Opponent::HotSeat);
        assert_eq!(m.undo_point(), None, "nothing to take back");
        for p in [0, 24, 1, 23, 5, 22] {
            assert!(matches!(m.tap(p, 0), Tap::Played(..)), "tap {p}");
        }
        let before = *m.state();
        assert!(matches!(m.tap(6, 0), Tap::Played(..)));
        assert!(m.undo(0), "a square owed a capture: the half turn goes");
        assert_eq!(*m.state(), before);
        assert!(matches!(m.tap(6, 0), Tap::Played(..)));
        assert!(matches!(m.tap(22, 0), Tap::Played(..)));
        assert_eq!(m.state().to_move(), Side::White);
        assert!(m.undo(0), "the placement and its capture are one turn");
        assert_eq!(*m.state(), before);
        assert_eq!(m.game().log().len(), 6);
    }

    #[test]
    fn undo_against_the_ai_takes_its_reply_back_too() {
        let ai = |level| Opponent::Ai {
            human: Side::White,
            level,
        };
        let mut m = LocalMatch::new(ai(Strength::Medium));
        m.play(Action::Place { to: 0 }, 0);
        assert_eq!(m.undo_point(), None, "the AI's opening is not the person's");
        let before = *m.state();
        assert!(matches!(m.tap(12, 0), Tap::Played(..)));
        assert_eq!(m.undo_point(), None, "not while the AI is to move");
        m.play(Action::Place { to: 6 }, 0);
        assert!(m.undo(0));
        assert_eq!(*m.state(), before);
        assert_eq!(m.game().log(), [Action::Place { to: 0 }]);
        for level in [Strength::Hard, Strength::Master] {
            let mut m = LocalMatch::from_log(ai(level), &[Action::Place { to: 0 }]);
            assert!(!m.undo_allowed());
            assert!(matches!(m.tap(12, 0), Tap::Played(..)));
            m.play(Action::Place { to: 6 }, 0);
            assert!(!m.undo(0), "{level:?} has no undo");
        }
    }

    #[test]
    fn undo_gives_the_turn_a_fresh_step() {
        let mut m = LocalMatch::new(Opponent::HotSeat).with_step_clock(0);
        assert!(matches!(m.tap(12, 1_000), Tap::Played(..)));
        assert!(m.undo(20_000));
        assert_eq!(m.step_left(20_000), Some(STEP));
    }

    const STEP: u64 = engine::baifang::spec::STEP_TIME_LIMIT_MS as u64;

    #[test]
    fn the_step_clock_restarts_when_the_turn_passes_not_within_it() {
        let mut m = LocalMatch::new(Opponent::HotSeat).with_step_clock(1_000);
        assert_eq!(m.step_left(1_000), Some(STEP));
        assert!(matches!(m.tap(12, 9_000), Tap::Played(..)));
        assert_eq!(m.step_left(9_000), Some(STEP), "a new turn, a whole step");
        // A capture owed belongs to the same turn: its clock runs on.
        for p in [24, 13, 23, 17, 22] {
            assert!(matches!(m.tap(p, 10_000), Tap::Played(..)));
        }
        // Black's turn began at 10 s; its square at 20 s owes a capture.
        assert!(matches!(m.tap(18, 20_000), Tap::Played(..)));
        assert_eq!(m.state().pending_captures(), 1);
        assert_eq!(m.step_left(25_000), Some(STEP - 15_000));
        assert!(LocalMatch::new(Opponent::HotSeat).step_left(0).is_none());
    }

    #[test]
    fn an_absent_mover_s_clock_runs_on_and_the_return_brings_no_fresh_step() {
        // The page was hidden 10 s into the human's turn and nothing ticked;
        // back 25 s later, the first tick applies the timeout that fell in
        // the absence; the next turn starts then.
        let mut m = LocalMatch::new(Opponent::Ai {
            human: Side::Black,
            level: Strength::Beginner,
        })
        .with_step_clock(0);
        assert!(m.tick(10_000).is_none());
        assert_eq!(m.step_left(29_999), Some(1));
        let back = 35_000;
        let (action, outcome) = m.tick(back).expect("the timeout");
        assert_eq!(action, Action::Timeout);
        assert!(outcome.turn_passed);
        assert_eq!(m.state().timeouts(Side::Black), 1);
        assert_eq!(m.step_left(back), Some(STEP));
        // The AI's turn is never timed out here.
        assert!(m.ai_to_act());
        assert!(m.tick(back + 10 * STEP).is_none());
    }

    #[test]
    fn hot_seat_times_out_whoever_is_to_move() {
        let mut m = LocalMatch::new(Opponent::HotSeat).with_step_clock(0);
        assert!(m.tick(STEP).is_some());
        assert!(m.tick(2 * STEP).is_some());
        assert_eq!(m.state().timeouts(Side::Black), 1);
        assert_eq!(m.state().timeouts(Side::White), 1);
    }
}
