//! Table puzzles ("win in N"): lock-free 4 v 4 endings won for the side to move in N plies
//! with exactly one winning first turn, drawn from the endgame tables, and the tables'
//! judgement of each turn a player makes while solving one.
//!
//! A puzzle's game starts at its position, not at the opening: its log is what was played
//! from there. In 4 v 4 every capture ends the game, so no anti-looping lock can arise and
//! every position of a puzzle stays inside the tables.

use core::fmt;
use core::ops::RangeInclusive;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};

use super::ai::analysis::{ExactTurn, Verdict};
use super::ai::table_play::{table_reply, turn_values};
use super::ai::AiReply;
use super::spec::MIN_STONES;
use super::state::Phase;
use super::tables::probe_sample::random_stones;
use super::tables::{NotCovered, Outcome, Tables};
use super::{Action, Side, State};

/// The distances a puzzle may ask for, in plies (a move and each capture are one ply each).
pub const PLIES: RangeInclusive<u16> = 3..=15;

/// The seed and count per distance of the built-in set (`engine baifang tables puzzles`).
pub const BUILT_IN_SEED: u64 = 1;
pub const BUILT_IN_PER_PLIES: usize = 6;

/// The built-in puzzles, drawn by `engine baifang tables puzzles` and checked by the tables
/// in the test command.
pub const BUILT_IN_JSON: &str = include_str!("../../../levels/baifang/puzzles.json");

/// One puzzle: a position and the win it hides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Puzzle {
    /// The board as 25 characters of `.`, `B`, `W` in point order.
    pub board: String,
    /// `B` or `W`: the side to move, which has the win.
    pub to_move: char,
    /// The tables' distance to the win, in plies.
    pub plies: u16,
    /// The main line: the one winning first turn, then the table-best play of both sides.
    pub line: Vec<Action>,
}

/// How hard a puzzle is, by its distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Up to 6 plies.
    Easy,
    /// 7 to 10 plies.
    Medium,
    /// 11 plies or more.
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];
}

/// Why a puzzle, or a turn played in one, is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The puzzle's board or side is not a 4 v 4 moving-phase position.
    BadPosition(String),
    /// Action `index` of the log (the turn's actions follow the log's) is illegal.
    Illegal { index: usize, error: String },
    /// The actions given as the player's turn are not one whole turn of the player.
    NotATurn(String),
    /// The tables do not cover a position of the puzzle (not loaded here, or not 4 v 4).
    NotCovered(NotCovered),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::BadPosition(why) => write!(f, "the puzzle's position is refused: {why}"),
            PuzzleError::Illegal { index, error } => {
                write!(f, "action {index} of the puzzle's game is illegal: {error}")
            }
            PuzzleError::NotATurn(why) => write!(f, "the player's turn is refused: {why}"),
            PuzzleError::NotCovered(why) => {
                write!(
                    f,
                    "the endgame tables do not cover this puzzle's position ({why:?})"
                )
            }
        }
    }
}

impl From<NotCovered> for PuzzleError {
    fn from(why: NotCovered) -> PuzzleError {
        PuzzleError::NotCovered(why)
    }
}

impl Puzzle {
    /// The side that solves the puzzle.
    pub fn player(&self) -> Result<Side, PuzzleError> {
        Side::parse(&self.to_move.to_string()).ok_or_else(|| {
            PuzzleError::BadPosition(format!("side {:?} is neither B nor W", self.to_move))
        })
    }

    /// The puzzle's starting state: 4 v 4, moving phase, the player to move.
    pub fn start(&self) -> Result<State, PuzzleError> {
        let (b, w) = State::parse_board(&self.board).ok_or_else(|| {
            PuzzleError::BadPosition("the board is not 25 points of '.', 'B' and 'W'".into())
        })?;
        let four = MIN_STONES as u32;
        if b.count_ones() != four || w.count_ones() != four {
            return Err(PuzzleError::BadPosition(format!(
                "a puzzle has {four} stones a side, this board {} and {}",
                b.count_ones(),
                w.count_ones()
            )));
        }
        let s = State::from_position(b, w, [0, 0], self.player()?)
            .ok_or_else(|| PuzzleError::BadPosition("the stones overlap".into()))?;
        if s.is_finished() || s.phase() != Phase::Moving {
            return Err(PuzzleError::BadPosition(
                "the side to move cannot move".into(),
            ));
        }
        Ok(s)
    }

    pub fn difficulty(&self) -> Difficulty {
        match self.plies {
            ..=6 => Difficulty::Easy,
            7..=10 => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    }

    /// A short stable name: its distance and board (the list's key and a test's handle).
    pub fn id(&self) -> String {
        format!("{}-{}{}", self.plies, self.to_move, self.board)
    }
}

/// The built-in puzzles, easiest first (a file the tests check; a bad one is a build bug).
pub fn built_in() -> Result<Vec<Puzzle>, String> {
    serde_json::from_str(BUILT_IN_JSON)
        .map_err(|e| format!("the built-in puzzles do not parse: {e}"))
}

/// The table-best play of both sides from `s` to the end of the game.
pub fn main_line(tables: &mut Tables, s: &State) -> Result<Vec<Action>, NotCovered> {
    let mut s = *s;
    let mut line = Vec::new();
    while !s.is_finished() {
        let (reply, _) = table_reply(tables, &s)?;
        for &a in &reply.turn {
            // The tables' turns come from the rules' own turn generator.
            s.apply(a).expect("a table-best turn is legal");
        }
        line.extend(reply.turn);
    }
    Ok(line)
}

/// `s` as a puzzle: won for its side to move within [`PLIES`], by one first turn only.
pub fn as_puzzle(tables: &mut Tables, s: &State) -> Result<Option<Puzzle>, NotCovered> {
    let Outcome::Win(plies) = tables.probe(s)? else {
        return Ok(None);
    };
    if !PLIES.contains(&plies) {
        return Ok(None);
    }
    let winning = turn_values(tables, s, &mut 0)?
        .into_iter()
        .filter(|(_, v)| matches!(v, Outcome::Win(_)))
        .count();
    if winning != 1 {
        return Ok(None);
    }
    Ok(Some(Puzzle {
        board: s.board_string(),
        to_move: s.to_move().letter(),
        plies,
        line: main_line(tables, s)?,
    }))
}

/// Draws `per_plies` puzzles for every distance of [`PLIES`] from random lock-free 4 v 4
/// positions (`seed`; Black and White to move in turn), easiest first; a distance the
/// draws do not reach within `tries` positions has fewer.
pub fn draw(
    tables: &mut Tables,
    seed: u64,
    per_plies: usize,
    tries: u32,
) -> Result<Vec<Puzzle>, NotCovered> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let four = MIN_STONES as u32;
    let mut found: Vec<Puzzle> = Vec::new();
    let full =
        |found: &[Puzzle], d: u16| found.iter().filter(|p| p.plies == d).count() >= per_plies;
    for i in 0..tries {
        if PLIES.clone().all(|d| full(&found, d)) {
            break;
        }
        let side = if i % 2 == 0 { Side::Black } else { Side::White };
        let b = random_stones(&mut rng, four, 0);
        let w = random_stones(&mut rng, four, b);
        let Some(s) = State::from_position(b, w, [0, 0], side) else {
            continue;
        };
        if s.is_finished() {
            continue;
        }
        // Cheap first: most positions are not won in the range, or the distance is full.
        match tables.probe(&s)? {
            Outcome::Win(d) if PLIES.contains(&d) && !full(&found, d) => {}
            _ => continue,
        }
        if let Some(p) = as_puzzle(tables, &s)? {
            found.push(p);
        }
    }
    found.sort_by_key(|p| p.plies);
    Ok(found)
}

/// Checks a puzzle against the tables: a 4 v 4 position won in exactly its plies, one
/// winning first turn, and its line the table-best play to the player's win.
pub fn check(tables: &mut Tables, p: &Puzzle) -> Result<(), String> {
    let s = p.start().map_err(|e| e.to_string())?;
    let again = as_puzzle(tables, &s).map_err(|e| PuzzleError::from(e).to_string())?;
    match again {
        Some(q) if q == *p => Ok(()),
        Some(q) if q.plies != p.plies => Err(format!("the tables say won in {}, the puzzle {}", q.plies, p.plies)),
        Some(_) => Err("its line is not the tables' best play".into()),
        None => Err("the tables do not make it a puzzle (not won within 3 to 15 plies, or more than one winning first turn)".into()),
    }
}

/// The tables' judgement of the player's turn in a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Judged {
    /// The value before and after the turn, for the player, and the verdict.
    pub exact: ExactTurn,
    /// The defence: the other side's table-best turn (the longest loss), when the turn kept
    /// the quickest win and the game goes on; empty otherwise.
    pub reply: Vec<Action>,
    /// The turn won the game.
    pub solved: bool,
}

impl Judged {
    /// The turn keeps the puzzle going: it is the quickest win.
    pub fn accepted(&self) -> bool {
        self.exact.verdict == Verdict::Kept
    }
}

/// The state after `log` (from the puzzle's start), which must begin a turn of the player.
fn players_turn(p: &Puzzle, log: &[Action]) -> Result<State, PuzzleError> {
    let player = p.player()?;
    let mut s = p.start()?;
    for (index, &a) in log.iter().enumerate() {
        s.apply(a).map_err(|e| PuzzleError::Illegal {
            index,
            error: e.to_string(),
        })?;
    }
    if s.is_finished() || s.to_move() != player || s.pending_captures() > 0 {
        return Err(PuzzleError::NotATurn(
            "it is not the start of the player's turn".into(),
        ));
    }
    Ok(s)
}

/// The hint: the tables' quickest winning turn for the player after `log`, as the AI's reply.
pub fn best_turn(tables: &mut Tables, p: &Puzzle, log: &[Action]) -> Result<AiReply, PuzzleError> {
    let s = players_turn(p, log)?;
    Ok(table_reply(tables, &s)?.0)
}

/// Judges `turn`, the player's whole turn after `log` (both from the puzzle's start).
pub fn judge(
    tables: &mut Tables,
    p: &Puzzle,
    log: &[Action],
    turn: &[Action],
) -> Result<Judged, PuzzleError> {
    let player = p.player()?;
    let s = players_turn(p, log)?;
    let before = tables.probe(&s)?;
    let mut after = s;
    for (k, &a) in turn.iter().enumerate() {
        let outcome = after.apply(a).map_err(|e| PuzzleError::Illegal {
            index: log.len() + k,
            error: e.to_string(),
        })?;
        let last = k + 1 == turn.len();
        if outcome.turn_passed != last && !after.is_finished() {
            return Err(PuzzleError::NotATurn(if last {
                "captures are still owed".into()
            } else {
                "it goes on after the turn passed".into()
            }));
        }
    }
    if turn.is_empty() {
        return Err(PuzzleError::NotATurn("it has no action".into()));
    }
    let value = tables.probe(&after)?;
    let exact = ExactTurn::judge(before, value, after.to_move() == player, turn.len() as u16);
    let solved = after.result().is_some_and(|(winner, _)| winner == player);
    let reply = if exact.verdict == Verdict::Kept && !after.is_finished() {
        table_reply(tables, &after)?.0.turn
    } else {
        Vec::new()
    };
    Ok(Judged {
        exact,
        reply,
        solved,
    })
}
