//! One table puzzle in progress, apart from the page so it is tested natively: the game
//! from the puzzle's position, the player's taps through the room's tap mapping, each whole
//! turn held until the tables judge it, then kept (with the defence played on) or taken back.

use engine::baifang::puzzle::{Judged, Puzzle};
use engine::baifang::{Action, ActionOutcome, Game, State};

use crate::board::tap::{tap_intent, TapIntent};

/// Where a puzzle stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The player's turn: taps play.
    Playing,
    /// A whole turn is on the board and the tables are asked about it.
    Judging,
    /// The quickest win was kept; the defence is about to be played.
    Defending,
    /// The player won in the puzzle's plies.
    Solved,
}

/// What a tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tapped {
    /// Nothing to send: a stone picked up or put down, a capture still owed.
    Nothing,
    /// The rules refuse the tap.
    Refused,
    /// A whole turn was played: ask the tables (the log before it, the turn).
    Judge { log: Vec<Action>, turn: Vec<Action> },
}

#[derive(Clone, Debug)]
pub struct PuzzleRun {
    pub puzzle: Puzzle,
    pub game: Game,
    pub selection: Option<u8>,
    pub stage: Stage,
    /// The last judgement, or why the tables could not judge.
    pub said: Option<Result<Judged, String>>,
    /// Why the last hint could not be had (cleared by the next judgement).
    pub no_hint: Option<String>,
    /// Where the player's current turn begins in the log.
    turn_start: usize,
}

impl PuzzleRun {
    /// The puzzle at its position (`None` for a position the engine refuses).
    pub fn start(puzzle: Puzzle) -> Option<PuzzleRun> {
        let state = puzzle.start().ok()?;
        Some(PuzzleRun {
            puzzle,
            game: Game::from_position(state),
            selection: None,
            stage: Stage::Playing,
            said: None,
            no_hint: None,
            turn_start: 0,
        })
    }

    pub fn state(&self) -> &State {
        self.game.state()
    }

    pub fn last_outcome(&self) -> Option<&ActionOutcome> {
        self.game.last_outcome()
    }

    /// Plies played since the puzzle's position.
    pub fn plies_played(&self) -> usize {
        self.game.log().len()
    }

    /// A tap on point `p` (only while it is the player's turn).
    pub fn tap(&mut self, p: u8) -> Tapped {
        if self.stage != Stage::Playing {
            return Tapped::Refused;
        }
        match tap_intent(self.state(), self.selection, p) {
            TapIntent::Select(q) => {
                self.selection = Some(q);
                Tapped::Nothing
            }
            TapIntent::Deselect => {
                self.selection = None;
                Tapped::Nothing
            }
            TapIntent::Play(a) => match self.game.play(a) {
                Ok(outcome) => {
                    self.selection = None;
                    if outcome.turn_passed || self.state().is_finished() {
                        self.stage = Stage::Judging;
                        let log = &self.game.log()[..self.turn_start];
                        let turn = &self.game.log()[self.turn_start..];
                        Tapped::Judge {
                            log: log.to_vec(),
                            turn: turn.to_vec(),
                        }
                    } else {
                        Tapped::Nothing
                    }
                }
                Err(_) => Tapped::Refused,
            },
            TapIntent::Refuse => Tapped::Refused,
        }
    }

    /// The tables' answer about the turn being judged (or why they could not judge).
    pub fn judged(&mut self, answer: Result<Judged, String>) {
        if self.stage != Stage::Judging {
            return;
        }
        self.stage = match &answer {
            Ok(j) if j.accepted() && j.solved => Stage::Solved,
            Ok(j) if j.accepted() => Stage::Defending,
            _ => {
                self.take_back();
                Stage::Playing
            }
        };
        self.said = Some(answer);
        self.no_hint = None;
    }

    /// Plays the defence the tables chose, and gives the turn back to the player.
    pub fn defend(&mut self) {
        let Some(Ok(judged)) = &self.said else {
            return;
        };
        if self.stage != Stage::Defending {
            return;
        }
        for &a in &judged.reply.clone() {
            // The tables' reply comes from the rules' own turn generator.
            let _ = self.game.play(a);
        }
        self.turn_start = self.game.log().len();
        self.stage = Stage::Playing;
    }

    /// The log to ask a hint after: the game so far, when the player's turn has not begun.
    pub fn hint_log(&self) -> Option<Vec<Action>> {
        (self.stage == Stage::Playing && self.game.log().len() == self.turn_start)
            .then(|| self.game.log().to_vec())
    }

    /// Why a hint could not be had (the stage does not change).
    pub fn hint_refused(&mut self, why: String) {
        self.no_hint = Some(why);
    }

    /// Back to the puzzle's position.
    pub fn restart(&mut self) {
        if let Some(fresh) = PuzzleRun::start(self.puzzle.clone()) {
            *self = fresh;
        }
    }

    fn take_back(&mut self) {
        while self.game.log().len() > self.turn_start {
            self.game.undo();
        }
        self.selection = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::ai::analysis::{ExactTurn, Verdict};
    use engine::baifang::puzzle::built_in;
    use engine::baifang::tables::Outcome;

    fn first() -> PuzzleRun {
        PuzzleRun::start(built_in().unwrap().remove(0)).unwrap()
    }

    /// Taps that play `action` (a move is two taps: the stone, then its point).
    fn play(run: &mut PuzzleRun, action: Action) -> Tapped {
        match action {
            Action::Move { from, to } => {
                assert_eq!(run.tap(from), Tapped::Nothing);
                run.tap(to)
            }
            Action::Capture { at } => run.tap(at),
            other => panic!("no puzzle plays {other:?}"),
        }
    }

    fn judged(verdict: Verdict, reply: Vec<Action>, solved: bool) -> Judged {
        Judged {
            exact: ExactTurn {
                before: Outcome::Win(4),
                after: Outcome::Win(4),
                verdict,
            },
            reply,
            solved,
        }
    }

    #[test]
    fn a_whole_turn_is_held_for_the_tables_then_kept_and_defended() {
        let mut run = first();
        let line = run.puzzle.line.clone();
        let Tapped::Judge { log, turn } = play(&mut run, line[0]) else {
            panic!("a move that owes nothing is a whole turn")
        };
        assert!(log.is_empty());
        assert_eq!(turn, vec![line[0]]);
        assert_eq!(run.stage, Stage::Judging);
        assert_eq!(
            run.tap(0),
            Tapped::Refused,
            "no taps while the tables judge"
        );
        run.judged(Ok(judged(Verdict::Kept, vec![line[1]], false)));
        assert_eq!(run.stage, Stage::Defending);
        run.defend();
        assert_eq!(run.stage, Stage::Playing);
        assert_eq!(run.game.log(), &line[..2]);
        // The winning move owes a capture: the turn is judged after it, after the log so far.
        assert_eq!(play(&mut run, line[2]), Tapped::Nothing);
        let Tapped::Judge { log, turn } = play(&mut run, line[3]) else {
            panic!("a whole turn")
        };
        assert_eq!(log, line[..2].to_vec());
        assert_eq!(turn, line[2..4].to_vec());
    }

    #[test]
    fn a_refused_turn_is_taken_back_and_the_words_stay() {
        let mut run = first();
        let line = run.puzzle.line.clone();
        play(&mut run, line[0]);
        run.judged(Ok(judged(Verdict::ThrewWin, Vec::new(), false)));
        assert_eq!(run.stage, Stage::Playing);
        assert!(run.game.log().is_empty(), "the turn is taken back");
        assert_eq!(run.state(), &run.puzzle.start().unwrap());
        assert!(matches!(run.said, Some(Ok(ref j)) if j.exact.verdict == Verdict::ThrewWin));
        // Tables that could not judge take the turn back too, with the reason.
        play(&mut run, line[0]);
        run.judged(Err(
            "the endgame tables do not cover this puzzle's position".into(),
        ));
        assert!(run.game.log().is_empty());
        assert_eq!(run.stage, Stage::Playing);
    }

    #[test]
    fn a_hint_is_asked_only_at_the_start_of_the_players_turn() {
        let mut run = first();
        assert_eq!(run.hint_log(), Some(Vec::new()));
        run.hint_refused("no tables".into());
        assert_eq!(run.no_hint.as_deref(), Some("no tables"));
        assert_eq!(
            run.stage,
            Stage::Playing,
            "a refused hint changes nothing else"
        );
        let line = run.puzzle.line.clone();
        play(&mut run, line[0]);
        assert_eq!(run.hint_log(), None, "not while the tables judge");
        run.judged(Ok(judged(Verdict::Kept, vec![line[1]], false)));
        assert_eq!(
            run.no_hint, None,
            "the judgement's words replace the refusal"
        );
        assert_eq!(run.hint_log(), None, "not before the defence");
        run.defend();
        assert_eq!(run.hint_log(), Some(line[..2].to_vec()));
        // Half a turn (the winning move owes its capture): no hint.
        play(&mut run, line[2]);
        assert_eq!(run.hint_log(), None);
    }

    #[test]
    fn the_winning_turn_solves_it_and_restart_goes_back() {
        let mut run = first();
        let first_turn = run.puzzle.line[0];
        play(&mut run, first_turn);
        run.judged(Ok(judged(Verdict::Kept, Vec::new(), true)));
        assert_eq!(run.stage, Stage::Solved);
        run.restart();
        assert_eq!(run.stage, Stage::Playing);
        assert_eq!(run.plies_played(), 0);
    }
}
