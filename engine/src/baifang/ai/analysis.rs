//! Game review: every position of a game evaluated with a fixed node budget,
//! and each turn classified against the engine's best turn.
//!
//! A *turn* is what one side does when it has the move: a placement or a
//! step together with the captures it earns (or a timeout, a resignation, a
//! disconnect). Turns are what get classified, not single actions, because
//! a capture is part of the decision that earned it. The review works in
//! three pure steps, so a Web Worker can run it one position at a time and
//! the page can show progress and cancel between positions:
//!
//! 1. [`GameLine::from_packets`] (or [`GameLine::from_log`]) splits a game
//!    into turns and the position before each turn (plus the final one);
//! 2. [`evaluate_position`] searches one position with a node budget; it
//!    starts from a cleared searcher, so its result depends only on the
//!    position, the game history and the budget (same on every platform,
//!    in any order);
//! 3. [`classify_turns`] compares, for each turn, the evaluation before it
//!    with the evaluation after it (both for the side that played it).
//!
//! [`review_game`] runs all three natively (the `engine baifang analyse`
//! command).

use super::super::action::{Action, RuleError};
use super::super::codec::{Packet, PacketRefusal};
use super::super::game_file::packet_actions;
use super::super::state::{Phase, Side, State};
use super::search::{Limits, Searcher, WIN};
use super::strength::app;
pub use super::strength::ReviewSpec;
use super::turn::whole_turns;
use super::Strength;
use crate::baifang::ai::table_play::{for_mover, table_reply};
use crate::baifang::tables::{Outcome, Tables};
use serde::{Deserialize, Serialize};

/// How a turn compares with the engine's best turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TurnClass {
    /// The turn reaches the same position as the engine's best turn.
    Best,
    /// Loses less than `goodBelow`.
    Good,
    /// Loses less than `inaccuracyBelow`.
    Inaccuracy,
    /// Loses less than `mistakeBelow`.
    Mistake,
    /// Loses `mistakeBelow` or more.
    Blunder,
}

impl TurnClass {
    /// The class of a turn that loses `loss` (a stone = 100) and is not the
    /// engine's best.
    pub fn of_loss(loss: i32) -> TurnClass {
        let below = |limit: u64| (loss as i64) < limit as i64;
        if below(app::REVIEW_GOOD_BELOW) {
            TurnClass::Good
        } else if below(app::REVIEW_INACCURACY_BELOW) {
            TurnClass::Inaccuracy
        } else if below(app::REVIEW_MISTAKE_BELOW) {
            TurnClass::Mistake
        } else {
            TurnClass::Blunder
        }
    }
}

/// What a turn was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TurnKind {
    /// A placement or step with the captures it earned.
    Play,
    /// The step clock ran out (owed captures, if any, were forfeited).
    Timeout,
    /// A resignation.
    Resign,
    /// A dropped connection.
    Disconnect,
}

/// Serialises a [`Side`] as `"B"` / `"W"` (the letters of the CLI contract).
mod side_letter {
    use super::Side;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(side: &Side, ser: S) -> Result<S::Ok, S::Error> {
        ser.serialize_char(side.letter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(de: D) -> Result<Side, D::Error> {
        let s = String::deserialize(de)?;
        Side::parse(&s).ok_or_else(|| serde::de::Error::custom("side must be \"B\" or \"W\""))
    }
}

/// One turn of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayedTurn {
    /// Who played it.
    #[serde(with = "side_letter")]
    pub side: Side,
    /// What it was.
    pub kind: TurnKind,
    /// Its actions, in order.
    pub actions: Vec<Action>,
    /// Index of its first action in the game's action log.
    pub first_action: usize,
    /// False only for a last turn whose owed captures the log does not hold.
    pub complete: bool,
}

/// A game split into turns, with the position before each turn.
#[derive(Clone, Debug)]
pub struct GameLine {
    turns: Vec<PlayedTurn>,
    /// `positions[i]` is the position before turn `i`; the last one is the
    /// position after the whole log.
    positions: Vec<State>,
    /// Hash of the start position and of the position after each action.
    hashes: Vec<u64>,
}

impl GameLine {
    /// Splits an action log into turns. Fails at the first illegal action
    /// (its index in the log).
    pub fn from_log(log: &[Action]) -> Result<GameLine, (usize, RuleError)> {
        let mut s = State::new();
        let mut line = GameLine {
            turns: Vec::new(),
            positions: Vec::new(),
            hashes: vec![s.hash()],
        };
        for (i, &a) in log.iter().enumerate() {
            let continues = match a {
                Action::Capture { .. } => true,
                // A timeout with captures owed forfeits them and ends the turn.
                Action::Timeout => s.pending_captures() > 0,
                _ => false,
            };
            if !continues || line.turns.is_empty() {
                let (side, kind) = match a {
                    Action::Resign { side } => (side, TurnKind::Resign),
                    Action::Disconnect { side, .. } => (side, TurnKind::Disconnect),
                    Action::Timeout => (s.to_move(), TurnKind::Timeout),
                    _ => (s.to_move(), TurnKind::Play),
                };
                line.positions.push(s);
                line.turns.push(PlayedTurn {
                    side,
                    kind,
                    actions: Vec::new(),
                    first_action: i,
                    complete: true,
                });
            }
            s.apply(a).map_err(|e| (i, e))?;
            line.hashes.push(s.hash());
            let turn = line.turns.last_mut().expect("a turn was started");
            turn.actions.push(a);
            turn.complete = s.pending_captures() == 0;
        }
        line.positions.push(s);
        Ok(line)
    }

    /// Splits a packet list (the replay command's format: a place or move
    /// may carry its captures in `eatIndices`) into turns. Fails at the first
    /// illegal packet (its index in the list).
    pub fn from_packets(packets: &[Packet]) -> Result<GameLine, (usize, PacketRefusal)> {
        let mut s = State::new();
        let mut log = Vec::new();
        let mut first = Vec::with_capacity(packets.len());
        for (i, p) in packets.iter().enumerate() {
            first.push(log.len());
            let acts = packet_actions(&s, p).map_err(|e| (i, e))?;
            for &a in &acts {
                s.apply_unchecked(a);
            }
            log.extend(acts);
        }
        // Every action was checked with its packet; a failure here would be
        // a bug, reported against the packet that holds the action.
        GameLine::from_log(&log)
            .map_err(|(k, e)| (first.iter().rposition(|&f| f <= k).unwrap_or(0), e.into()))
    }

    /// The turns, in order.
    pub fn turns(&self) -> &[PlayedTurn] {
        &self.turns
    }

    /// The position before each turn, then the final position (one more
    /// than there are turns).
    pub fn positions(&self) -> &[State] {
        &self.positions
    }

    /// The game's positions up to and including position `i` (as hashes):
    /// the history [`evaluate_position`] needs to score repetitions.
    pub fn history(&self, i: usize) -> &[u64] {
        let upto = match self.turns.get(i) {
            Some(t) => t.first_action,
            None => self.hashes.len() - 1,
        };
        &self.hashes[..=upto]
    }

    /// The whole action log.
    pub fn log(&self) -> Vec<Action> {
        self.turns
            .iter()
            .flat_map(|t| t.actions.iter().copied())
            .collect()
    }
}

/// The engine's view of one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PositionEval {
    /// The side to move (for a finished game: the side to move when it ended).
    #[serde(with = "side_letter")]
    pub to_move: Side,
    /// Score for the side to move: a stone = 100; beyond ±29000 a forced
    /// win (+) or loss (−); ±30000 for a finished game.
    pub score: i32,
    /// The same score for Black (for an evaluation graph).
    pub score_black: i32,
    /// The engine's best whole turn (empty for a finished game).
    pub best: Vec<Action>,
    /// Turns looked ahead: forced turns followed, plus the deepest
    /// completed search iteration.
    pub depth: u32,
    /// Positions entered.
    pub nodes: u64,
    /// The endgame tables' exact value for the side to move, where they cover the
    /// position (then `score` is that value as a search score and `best` the
    /// table-best turn); `None` for a finished game, scored as such on every host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<Outcome>,
}

/// Forced turns (the only legal turn) followed before searching, at most.
const MAX_FORCED: u32 = 64;

/// Searches one position with `nodes` positions of budget, from a cleared
/// searcher and without noise: the result depends only on `state`,
/// `history` (the game's positions so far, [`GameLine::history`]) and
/// `nodes`. Keep one [`Searcher`] per worker; its table is reused.
///
/// A position with a single legal turn (common in the moving phase) is
/// scored by following the forced turns and searching the first position
/// with a choice, instead of the static score a move-choosing search gives.
pub fn evaluate_position(
    searcher: &mut Searcher,
    state: &State,
    history: &[u64],
    nodes: u64,
) -> PositionEval {
    if let Some(eval) = table_eval(searcher, state) {
        return eval;
    }
    let to_move = state.to_move();
    let mut s = *state;
    let mut seen = history.to_vec();
    let mut forced = 0;
    let mut spent = 0;
    let mut first_turn = None;
    let mut turns = Vec::new();
    let (score, best, depth) = loop {
        // Scores below are for `s.to_move()`; `same` maps them to `to_move`.
        let same = s.to_move() == to_move;
        let mine = |v: i32| if same { v } else { -v };
        if s.phase() == Phase::Finished {
            let v = match s.result() {
                Some((w, _)) if w == s.to_move() => WIN,
                _ => -WIN,
            };
            break (mine(v), Vec::new(), forced);
        }
        whole_turns(&s, &mut turns, &mut spent);
        if turns.len() == 1 && forced < MAX_FORCED {
            let (t, next) = turns[0];
            first_turn.get_or_insert(t.actions().to_vec());
            s = next;
            seen.push(s.hash());
            forced += 1;
            continue;
        }
        searcher.clear();
        let lim = Limits {
            max_depth: Strength::hint().spec().max_depth,
            nodes: nodes.max(1),
            noise: 0,
            seed: 0,
        };
        let r = searcher.search(&s, &seen, &lim);
        spent += r.nodes;
        break (mine(r.score), r.turn.actions().to_vec(), forced + r.depth);
    };
    PositionEval {
        to_move,
        score,
        score_black: if to_move == Side::Black {
            score
        } else {
            -score
        },
        best: first_turn.unwrap_or(best),
        depth,
        nodes: spent,
        exact: None,
    }
}

/// The position's evaluation from the searcher's endgame tables, if it has them and
/// they cover the position: exact, with the table-best turn.
fn table_eval(searcher: &mut Searcher, state: &State) -> Option<PositionEval> {
    // A finished game is scored as such with or without tables (the same on every host).
    if state.is_finished() {
        return None;
    }
    let (reply, outcome) = table_reply(searcher.tables_mut()?, state).ok()?;
    let to_move = state.to_move();
    Some(PositionEval {
        to_move,
        score: reply.score,
        score_black: if to_move == Side::Black {
            reply.score
        } else {
            -reply.score
        },
        best: reply.turn,
        depth: 0,
        nodes: reply.nodes,
        exact: Some(outcome),
    })
}

/// One reviewed turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnReview {
    /// Turn number (0 = the first turn of the game).
    pub turn: usize,
    /// Who played it.
    #[serde(with = "side_letter")]
    pub side: Side,
    /// What it was.
    pub kind: TurnKind,
    /// What was played.
    pub played: Vec<Action>,
    /// The engine's best turn in the position before (empty if none).
    pub best: Vec<Action>,
    /// Score before the turn for the side that played it, clamped to
    /// ±`scoreCap`.
    pub before: i32,
    /// Score after the turn for the same side, clamped likewise.
    pub after: i32,
    /// `before − after`, at least 0; 0 for the best turn.
    pub loss: i32,
    /// `None` for a timeout, resignation or disconnect, and for a last turn
    /// the log does not finish.
    pub class: Option<TurnClass>,
    /// The endgame tables' verdict, where they cover the positions before and after.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<ExactTurn>,
}

/// A turn judged by the endgame tables: the value before and after it, both for
/// the side that played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExactTurn {
    pub before: Outcome,
    pub after: Outcome,
    pub verdict: Verdict,
}

/// What a turn did to the exact value of the game for its player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Verdict {
    /// Kept the value at its best: the shortest win, the longest loss, or kept no result.
    Kept,
    /// Kept the win but not the shortest, or the loss but not the longest.
    Slower,
    /// Had a forced win and gave it away: the opponent's lost game escaped.
    ThrewWin,
    /// Held a position with no forced result and turned it into a loss.
    LetSlip,
}

impl ExactTurn {
    /// The verdict on a turn of `plies` actions from `before` (the player's value)
    /// to `after` (the value of the next position for its side to move, which is
    /// the player when `same_side`).
    pub fn judge(before: Outcome, after: Outcome, same_side: bool, plies: u16) -> ExactTurn {
        let after = for_mover(after, same_side, plies);
        let verdict = match (before, after) {
            (Outcome::Win(_), Outcome::Win(_)) | (Outcome::Loss(_), Outcome::Loss(_)) => {
                if after == before {
                    Verdict::Kept
                } else {
                    Verdict::Slower
                }
            }
            (Outcome::Win(_), _) => Verdict::ThrewWin,
            (Outcome::NoResult, Outcome::Loss(_)) => Verdict::LetSlip,
            _ => Verdict::Kept,
        };
        ExactTurn {
            before,
            after,
            verdict,
        }
    }
}

/// Classifies every turn whose positions before and after are evaluated:
/// `evals[i]` is [`evaluate_position`] of `line.positions()[i]`, and may be a
/// prefix (turns past it are left out, so a page can classify as results
/// arrive). A turn is *best* when it reaches the same position as the
/// engine's best turn; otherwise its class follows from its loss and the
/// thresholds in the spec. Where the endgame tables cover both positions their
/// verdict decides instead: a turn that keeps the exact value is *best*, one
/// that throws a win away or lets a held position slip to a loss a *blunder*.
pub fn classify_turns(line: &GameLine, evals: &[PositionEval]) -> Vec<TurnReview> {
    let cap = app::REVIEW_SCORE_CAP as i32;
    let clamp = |v: i32| v.clamp(-cap, cap);
    let mut out = Vec::new();
    for (i, t) in line.turns().iter().enumerate() {
        let (Some(e0), Some(e1)) = (evals.get(i), evals.get(i + 1)) else {
            break;
        };
        let view = |e: &PositionEval| {
            if e.to_move == t.side {
                e.score
            } else {
                -e.score
            }
        };
        let (before, after) = (clamp(view(e0)), clamp(view(e1)));
        let classified = t.kind == TurnKind::Play && t.complete && !e0.best.is_empty();
        let is_best =
            classified && reaches(&line.positions()[i], &e0.best, &line.positions()[i + 1]);
        // The game's end is exact too, for judging the turn that reached it.
        let end = Outcome::at_end(&line.positions()[i + 1]);
        let exact = match (e0.exact, e1.exact.or(end)) {
            (Some(b), Some(a)) if classified => Some(ExactTurn::judge(
                b,
                a,
                e1.to_move == t.side,
                t.actions.len() as u16,
            )),
            _ => None,
        };
        let kept = exact.is_some_and(|e| e.verdict == Verdict::Kept);
        let loss = if is_best || kept {
            0
        } else {
            (before - after).max(0)
        };
        let class = match (classified, is_best, exact.map(|e| e.verdict)) {
            (false, _, _) => None,
            (true, true, _) | (true, _, Some(Verdict::Kept)) => Some(TurnClass::Best),
            (true, _, Some(Verdict::ThrewWin | Verdict::LetSlip)) => Some(TurnClass::Blunder),
            (true, false, _) => Some(TurnClass::of_loss(loss)),
        };
        out.push(TurnReview {
            turn: i,
            side: t.side,
            kind: t.kind,
            played: t.actions.clone(),
            best: e0.best.clone(),
            before,
            after,
            loss,
            class,
            exact,
        });
    }
    out
}

/// Whether playing `turn` at `from` gives `to` (capture orders that remove
/// the same stones count as the same turn).
fn reaches(from: &State, turn: &[Action], to: &State) -> bool {
    let mut s = *from;
    turn.iter().all(|&a| s.apply(a).is_ok()) && s.hash() == to.hash() && s == *to
}

/// A whole review: the budget, every position's evaluation and every
/// turn's classification (the `engine baifang analyse` output).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    /// Output format version.
    pub format: u32,
    /// Node budget per position.
    pub nodes: u64,
    /// `positions[i]`: the position before turn `i`; the last: the final one.
    pub positions: Vec<PositionEval>,
    /// One entry per turn.
    pub turns: Vec<TurnReview>,
}

/// Version of the [`Review`] JSON.
pub const REVIEW_FORMAT: u32 = 1;

/// Evaluates every position of `line` in order with one searcher and
/// classifies every turn; with `tables`, covered positions are exact
/// ([`PositionEval::exact`]) and covered turns judged ([`TurnReview::exact`]).
pub fn review_game(line: &GameLine, nodes: u64, tables: Option<Tables>) -> Review {
    let mut searcher = Searcher::new();
    searcher.set_tables(tables);
    let positions: Vec<PositionEval> = (0..line.positions().len())
        .map(|i| evaluate_position(&mut searcher, &line.positions()[i], line.history(i), nodes))
        .collect();
    let turns = classify_turns(line, &positions);
    Review {
        format: REVIEW_FORMAT,
        nodes,
        positions,
        turns,
    }
}

#[cfg(test)]
mod tests {
    use super::super::strength::ai_spec;
    use super::*;

    fn place(to: u8) -> Action {
        Action::Place { to }
    }

    /// Black completes the square 0,1,5,6 at its fourth placement and
    /// captures; White times out once; Black resigns.
    fn sample_log() -> Vec<Action> {
        vec![
            place(0),
            place(24),
            place(1),
            place(23),
            place(5),
            place(22),
            place(6),
            Action::Capture { at: 24 },
            Action::Timeout,
            place(12),
            Action::Resign { side: Side::Black },
        ]
    }

    #[test]
    fn a_log_splits_into_turns_with_their_positions() {
        let line = GameLine::from_log(&sample_log()).unwrap();
        let t = line.turns();
        assert_eq!(t.len(), 10);
        assert_eq!(line.positions().len(), 11);
        assert_eq!(t[6].actions, vec![place(6), Action::Capture { at: 24 }]);
        assert_eq!(
            (t[6].side, t[6].kind, t[6].first_action),
            (Side::Black, TurnKind::Play, 6)
        );
        assert_eq!((t[7].side, t[7].kind), (Side::White, TurnKind::Timeout));
        assert_eq!((t[9].side, t[9].kind), (Side::Black, TurnKind::Resign));
        assert!(t.iter().all(|t| t.complete));
        // The position before turn 7 is the one after the capture.
        assert_eq!(line.positions()[7].stones(Side::White), 1 << 23 | 1 << 22);
        assert_eq!(line.history(7).len(), 9);
        assert_eq!(line.history(7).last(), Some(&line.positions()[7].hash()));
        assert_eq!(line.history(10).len(), sample_log().len() + 1);
        assert!(line.positions()[10].is_finished());
        assert_eq!(line.log(), sample_log());
    }

    #[test]
    fn a_timeout_with_captures_owed_ends_that_turn() {
        let mut log = sample_log();
        log.truncate(7); // Black has just formed the square and owes a capture
        let open = GameLine::from_log(&log).unwrap();
        assert!(!open.turns()[6].complete);
        log.push(Action::Timeout);
        let line = GameLine::from_log(&log).unwrap();
        assert_eq!(line.turns().len(), 7);
        assert_eq!(line.turns()[6].actions, vec![place(6), Action::Timeout]);
        assert!(line.turns()[6].complete);
        assert_eq!(line.positions()[7].to_move(), Side::White);
    }

    #[test]
    fn packets_and_actions_give_the_same_line() {
        // The placement that forms the square carries its capture, as a file does.
        let formed = Packet {
            eat_indices: Some(vec![24]),
            ..Packet::from_action(place(6))
        };
        let packets: Vec<Packet> = [0, 24, 1, 23, 5, 22]
            .map(|p| Packet::from_action(place(p)))
            .into_iter()
            .chain([formed, Packet::from_action(Action::Timeout)])
            .chain([place(12), Action::Resign { side: Side::Black }].map(Packet::from_action))
            .collect();
        let a = GameLine::from_packets(&packets).unwrap();
        let b = GameLine::from_log(&sample_log()).unwrap();
        assert_eq!(a.turns(), b.turns());
        assert_eq!(a.positions(), b.positions());
        // An illegal packet is reported by its index in the list.
        let mut bad = packets.clone();
        bad[3].to_index = Some(0);
        let (i, e) = GameLine::from_packets(&bad).unwrap_err();
        assert_eq!(i, 3);
        assert_eq!(e, RuleError::Occupied { at: 0 }.into());
    }

    #[test]
    fn evaluations_depend_only_on_the_position_history_and_budget() {
        let line = GameLine::from_log(&sample_log()).unwrap();
        let mut used = Searcher::new();
        let other = evaluate_position(&mut used, &line.positions()[3], line.history(3), 3000);
        assert!(other.nodes > 0);
        let a = evaluate_position(&mut used, &line.positions()[6], line.history(6), 3000);
        let b = evaluate_position(
            &mut Searcher::new(),
            &line.positions()[6],
            line.history(6),
            3000,
        );
        assert_eq!(a, b);
        assert!(a.nodes <= 3000 + 1000 && !a.best.is_empty());
        assert_eq!(
            a.score_black,
            if a.to_move == Side::Black {
                a.score
            } else {
                -a.score
            }
        );
        // A finished position: the winner's score, no turn.
        let end = evaluate_position(&mut used, &line.positions()[10], line.history(10), 3000);
        assert_eq!((end.score_black, end.nodes), (-WIN, 0));
        assert!(end.best.is_empty());
        // JSON round trip (what a worker posts to the page).
        let json = serde_json::to_string(&a).unwrap();
        assert!(json.contains(r#""toMove":"#) && json.contains(r#""scoreBlack":"#));
        assert_eq!(serde_json::from_str::<PositionEval>(&json).unwrap(), a);
    }

    fn eval(to_move: Side, score: i32, best: Vec<Action>) -> PositionEval {
        let score_black = if to_move == Side::Black {
            score
        } else {
            -score
        };
        PositionEval {
            to_move,
            score,
            score_black,
            best,
            depth: 1,
            nodes: 1,
            exact: None,
        }
    }

    #[test]
    fn a_turn_judged_by_the_tables_names_what_it_did_to_the_value() {
        use Outcome::{Loss, NoResult, Win};
        // A one-ply move to a position where the opponent (to move) loses in 4: won in 5, kept.
        let kept = ExactTurn::judge(Win(5), Loss(4), false, 1);
        assert_eq!((kept.after, kept.verdict), (Win(5), Verdict::Kept));
        // A two-ply turn (a move and a capture) reaching the same loss: a slower win.
        assert_eq!(
            ExactTurn::judge(Win(5), Loss(4), false, 2).verdict,
            Verdict::Slower
        );
        assert_eq!(
            ExactTurn::judge(Win(5), NoResult, false, 1).verdict,
            Verdict::ThrewWin
        );
        assert_eq!(
            ExactTurn::judge(Win(5), Win(6), false, 1).verdict,
            Verdict::ThrewWin
        );
        assert_eq!(
            ExactTurn::judge(NoResult, Win(3), false, 1).verdict,
            Verdict::LetSlip
        );
        assert_eq!(
            ExactTurn::judge(NoResult, NoResult, false, 1).verdict,
            Verdict::Kept
        );
        assert_eq!(
            ExactTurn::judge(Loss(6), Win(5), false, 1).verdict,
            Verdict::Kept
        );
        assert_eq!(
            ExactTurn::judge(Loss(6), Win(3), false, 1).verdict,
            Verdict::Slower
        );
        let json = serde_json::to_string(&kept).unwrap();
        assert_eq!(
            json,
            r#"{"before":{"win":5},"after":{"win":5},"verdict":"kept"}"#
        );
    }

    #[test]
    fn turns_are_classified_by_their_loss() {
        let line = GameLine::from_log(&sample_log()[..6]).unwrap();
        let r = &ai_spec().review;
        let (good, inacc, mistake) = (
            r.good_below.value as i32,
            r.inaccuracy_below.value as i32,
            r.mistake_below.value as i32,
        );
        // Scores for the side to move; turn i is played by position i's side.
        let (b, w) = (Side::Black, Side::White);
        let evals = vec![
            eval(b, 50, vec![place(0)]),             // turn 0 plays the best turn
            eval(w, -50, vec![place(12)]),           // turn 1 loses good − 1
            eval(b, 50 + good - 1, vec![place(12)]), // turn 2 loses good
            eval(w, -(50 + good - 1) + good, vec![place(12)]),
            eval(b, 0, vec![place(12)]), // turn 3 gains (loss 0, not the best)
            eval(w, mistake, vec![place(12)]),
            eval(b, 0, vec![]),
        ];
        let rev = classify_turns(&line, &evals);
        assert_eq!(rev.len(), 6);
        let classes: Vec<_> = rev.iter().map(|t| t.class).collect();
        assert_eq!(classes[0], Some(TurnClass::Best));
        assert_eq!((rev[1].loss, classes[1]), (good - 1, Some(TurnClass::Good)));
        assert_eq!(
            (rev[2].loss, classes[2]),
            (good, Some(TurnClass::Inaccuracy))
        );
        assert_eq!((rev[3].loss, classes[3]), (0, Some(TurnClass::Good)));
        assert_eq!(
            (rev[4].loss, classes[4]),
            (mistake, Some(TurnClass::Blunder))
        );
        assert_eq!(rev[0].best, vec![place(0)]);
        assert_eq!(TurnClass::of_loss(inacc - 1), TurnClass::Inaccuracy);
        assert_eq!(TurnClass::of_loss(inacc), TurnClass::Mistake);
        assert_eq!(TurnClass::of_loss(mistake - 1), TurnClass::Mistake);
        // A prefix of evaluations classifies the turns it covers.
        assert_eq!(classify_turns(&line, &evals[..3]), rev[..2].to_vec());
    }

    #[test]
    fn forced_results_are_capped_and_unplayed_turns_unclassified() {
        let line = GameLine::from_log(&sample_log()).unwrap();
        let n = line.positions().len();
        let mut evals: Vec<PositionEval> = (0..n)
            .map(|i| eval(line.positions()[i].to_move(), 0, vec![place(12)]))
            .collect();
        evals[3].score = WIN - 5; // White had a forced win before turn 3 …
        let rev = classify_turns(&line, &evals);
        let cap = app::REVIEW_SCORE_CAP as i32;
        assert_eq!((rev[3].before, rev[3].loss), (cap, cap));
        assert_eq!(rev[3].class, Some(TurnClass::Blunder));
        assert_eq!(rev[7].class, None); // timeout
        assert_eq!(rev[9].class, None); // resignation
    }

    #[test]
    fn a_forced_turn_is_followed_not_scored_statically() {
        // Checkerboard with the hole at 0; Black's only step is 5→0, after
        // which White has no stone next to the hole and loses.
        let board: String = (0..25)
            .map(|p| match p {
                0 => '.',
                5 => 'B',
                24 => 'W',
                _ if (p % 5 + p / 5) % 2 == 0 => 'B',
                _ => 'W',
            })
            .collect();
        let (bb, ww) = State::parse_board(&board).unwrap();
        let s = State::from_position(bb, ww, [0, 0], Side::Black).unwrap();
        let e = evaluate_position(&mut Searcher::new(), &s, &[s.hash()], 1000);
        assert_eq!(e.best, vec![Action::Move { from: 5, to: 0 }]);
        assert_eq!((e.score, e.depth), (WIN, 1));
    }

    #[test]
    fn a_capture_order_reaching_the_same_position_is_the_best_turn() {
        // Placing 6 completes the squares 0,1,5,6 and 1,2,6,7: two captures,
        // and either order removes the same two stones.
        let (bb, ww) = State::parse_board("BBB.. B.B.. ..... ..... W...W").unwrap();
        let s = State::from_position(bb, ww, [6, 7], Side::Black).unwrap();
        let (c20, c24) = (Action::Capture { at: 20 }, Action::Capture { at: 24 });
        let mut after = s;
        for a in [place(6), c20, c24] {
            after.apply(a).unwrap();
        }
        assert!(reaches(&s, &[place(6), c24, c20], &after));
        assert!(!reaches(&s, &[place(6), c20], &after));
        assert!(!reaches(&s, &[place(7)], &after));
        assert!(!reaches(&s, &[place(0)], &after)); // illegal: occupied
    }
}
