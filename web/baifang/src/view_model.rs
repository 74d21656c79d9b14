//! The board as plain data: what the view draws, derived from the engine state.
//!
//! Nothing here decides a rule. Every flag comes from an engine query
//! (`capturable`, `shielded`, `locked_points`, `move_targets`, the last `ActionOutcome`), so hot-seat,
//! vs-AI and online games render the same way from the same snapshot.

use engine::baifang::bitboard::{CELLS as POINTS, LINES, N as SIDE, SQUARES};
use engine::baifang::{Action, ActionOutcome, Game, Phase, Reason, Side, State};

/// How one point should look and react.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointView {
    pub owner: Option<Side>,
    /// The stone the player picked up in the moving phase.
    pub selected: bool,
    /// Where the current intent may go: an empty point while placing, a target of the selection while moving.
    pub legal: bool,
    /// An enemy stone the player may remove now.
    pub capturable: bool,
    /// An enemy stone shielded by its formation while capturing.
    pub shielded: bool,
    /// A stone under a standing anti-looping lock: shuttling it back between
    /// the same two points captures nothing while its surroundings stay the same.
    pub loop_locked: bool,
    /// A stone of a formation the last action completed (ripple + gold line).
    pub formation: bool,
    /// An own stone that may be picked up now (moving phase): pressing it selects it,
    /// so a drag can start. Not a test hook flag.
    pub pickable: bool,
}

impl PointView {
    /// The `data-flags` test hook: the set flags, space separated, in a fixed order.
    pub fn flags(&self) -> String {
        [
            (self.selected, "selected"),
            (self.legal, "legal"),
            (self.capturable, "capturable"),
            (self.shielded, "shielded"),
            (self.formation, "formation"),
            (self.loop_locked, "loop-locked"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, name)| *name)
        .collect::<Vec<_>>()
        .join(" ")
    }
}

/// One side's scoreboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreView {
    pub side: Side,
    pub on_board: u8,
    pub in_hand: u8,
    /// Enemy stones this side has taken.
    pub taken: u8,
    pub timeouts: u8,
    /// Disconnects counted against this side (online games).
    pub disconnects: u8,
    pub to_move: bool,
}

/// What the status banner says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Banner {
    /// Normal play: whose turn it is and in which phase.
    Turn { side: Side, phase: Phase },
    /// The side to move must remove `count` enemy stones.
    Capture { side: Side, count: u8 },
    /// The last move re-formed a formation but anti-looping refused its capture.
    Intercepted { next: Side },
    /// The game is over.
    Finished { winner: Side, reason: Reason },
}

/// A gold segment between two points (formation outline).
pub type Segment = (u8, u8);

/// Everything the game room draws for one snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub points: [PointView; POINTS],
    pub banner: Banner,
    pub scores: [ScoreView; 2],
    pub to_move: Side,
    pub phase: Phase,
    pub capture_mode: bool,
    /// Segments outlining the formations the last action completed.
    pub formation_segments: Vec<Segment>,
    pub result: Option<(Side, Reason)>,
    /// The last placement or step of the game (captures leave it standing), marked
    /// on the board so a player sees what the other side just did.
    pub last_step: Option<LastStep>,
}

/// Where the last placement (no `from`) or step went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastStep {
    pub from: Option<u8>,
    pub to: u8,
}

/// The last placement or step in `log`, skipping the captures after it.
pub fn last_step(log: &[Action]) -> Option<LastStep> {
    log.iter().rev().find_map(|a| match *a {
        Action::Place { to } => Some(LastStep { from: None, to }),
        Action::Move { from, to } => Some(LastStep {
            from: Some(from),
            to,
        }),
        _ => None,
    })
}

/// The view of a game held on this page (the lesson's, a puzzle's): its state, log and
/// last outcome, with the local selection.
pub fn game_view(game: &Game, selection: Option<u8>, interactive: bool) -> BoardView {
    board_view(
        game.state(),
        game.log(),
        game.last_outcome(),
        selection,
        interactive,
    )
}

/// Derives the view from the engine state, the log that led to it, the last outcome
/// and the local selection.
///
/// `interactive` is false while the device must wait (the AI or the peer to move):
/// then no point is offered as legal.
pub fn board_view(
    state: &State,
    log: &[Action],
    last: Option<&ActionOutcome>,
    selection: Option<u8>,
    interactive: bool,
) -> BoardView {
    let to_move = state.to_move();
    let phase = state.phase();
    let pending = state.pending_captures();
    let capture_mode = pending > 0 && !state.is_finished();
    let capturable = if capture_mode { state.capturable() } else { 0 };
    let shielded = if capture_mode { state.shielded() } else { 0 };
    let loop_locked = state.locked_points();
    let formed = last.map_or(0, ActionOutcome::formed_stones);
    let selection = selection.filter(|_| interactive && !capture_mode);
    let targets = selection.map_or(0, |s| state.move_targets(s as usize));
    let placing_open = interactive && phase == Phase::Placing && !capture_mode;

    let mut points = [PointView::default(); POINTS];
    for (p, view) in points.iter_mut().enumerate() {
        let bit = 1u32 << p;
        view.owner = state.at(p);
        view.selected = selection == Some(p as u8);
        view.legal = (placing_open && view.owner.is_none()) || targets & bit != 0;
        view.capturable = interactive && capturable & bit != 0;
        view.shielded = shielded & bit != 0;
        view.loop_locked = loop_locked & bit != 0 && view.owner.is_some();
        view.formation = formed & bit != 0 && view.owner.is_some();
        view.pickable = interactive
            && !capture_mode
            && phase == Phase::Moving
            && view.owner == Some(to_move)
            && state.move_targets(p) != 0;
    }

    let banner = if let Some((winner, reason)) = state.result() {
        Banner::Finished { winner, reason }
    } else if capture_mode {
        Banner::Capture {
            side: to_move,
            count: pending,
        }
    } else if last.is_some_and(|o| o.intercepted_by_loop) {
        Banner::Intercepted { next: to_move }
    } else {
        Banner::Turn {
            side: to_move,
            phase,
        }
    };

    let score = |side: Side| ScoreView {
        side,
        on_board: state.stones(side).count_ones() as u8,
        in_hand: state.in_hand(side),
        taken: state.captured(side.other()),
        timeouts: state.timeouts(side),
        disconnects: state.disconnects(side),
        to_move: !state.is_finished() && to_move == side,
    };

    BoardView {
        points,
        banner,
        scores: [score(Side::Black), score(Side::White)],
        to_move,
        phase,
        capture_mode,
        formation_segments: last.map_or_else(Vec::new, formation_segments),
        result: state.result(),
        last_step: last_step(log),
    }
}

/// The outline of each newly formed square (its four sides) and line (end to end).
fn formation_segments(outcome: &ActionOutcome) -> Vec<Segment> {
    let mut segments = Vec::new();
    for (id, mask) in SQUARES.iter().enumerate() {
        if outcome.new_squares >> id & 1 == 1 {
            let corner = mask.trailing_zeros() as u8;
            let (a, b, c, d) = (
                corner,
                corner + 1,
                corner + SIDE as u8 + 1,
                corner + SIDE as u8,
            );
            segments.extend([(a, b), (b, c), (c, d), (d, a)]);
        }
    }
    for (id, mask) in LINES.iter().enumerate() {
        if outcome.new_lines >> id & 1 == 1 {
            let first = mask.trailing_zeros() as u8;
            let last = 31 - mask.leading_zeros() as u8;
            segments.push((first, last));
        }
    }
    segments
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::{Action, Game};

    fn play(game: &mut Game, actions: &[Action]) {
        for &a in actions {
            game.play(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        }
    }

    fn place(to: u8) -> Action {
        Action::Place { to }
    }

    #[test]
    fn start_offers_every_point_to_the_first_player() {
        let game = Game::new();
        let view = board_view(game.state(), game.log(), None, None, true);
        assert!(view.points.iter().all(|p| p.legal && p.owner.is_none()));
        assert_eq!(
            view.banner,
            Banner::Turn {
                side: Side::Black,
                phase: Phase::Placing
            }
        );
        assert!(view.scores[0].to_move && !view.scores[1].to_move);
        assert_eq!(view.scores[0].in_hand, 12);
    }

    #[test]
    fn the_last_step_stays_marked_through_its_captures() {
        assert_eq!(last_step(&[]), None);
        let log = [
            place(3),
            Action::Move { from: 3, to: 8 },
            Action::Capture { at: 9 },
            Action::Capture { at: 14 },
        ];
        assert_eq!(
            last_step(&log),
            Some(LastStep {
                from: Some(3),
                to: 8
            })
        );
        assert_eq!(last_step(&log[..1]), Some(LastStep { from: None, to: 3 }));
    }

    #[test]
    fn waiting_device_offers_nothing() {
        let game = Game::new();
        let view = board_view(game.state(), game.log(), None, None, false);
        assert!(view.points.iter().all(|p| !p.legal));
    }

    #[test]
    fn a_square_enters_capture_mode_with_a_gold_outline() {
        let mut game = Game::new();
        play(
            &mut game,
            &[
                place(0),
                place(24),
                place(1),
                place(23),
                place(5),
                place(22),
            ],
        );
        let outcome = game.play(place(6)).unwrap();
        let view = board_view(game.state(), game.log(), Some(&outcome), None, true);
        assert!(view.capture_mode);
        assert_eq!(
            view.banner,
            Banner::Capture {
                side: Side::Black,
                count: 1
            }
        );
        for p in [0, 1, 5, 6] {
            assert!(view.points[p].formation, "point {p}");
        }
        for p in [22, 23, 24] {
            assert!(view.points[p].capturable, "point {p}");
        }
        assert_eq!(view.formation_segments.len(), 4);
        assert!(
            view.points.iter().all(|p| !p.legal),
            "placing is closed while capturing"
        );
    }

    #[test]
    fn shielded_stones_are_marked_while_loose_ones_exist() {
        let mut game = Game::new();
        // White builds a square (18, 19, 23, 24) plus a loose stone on 14.
        play(
            &mut game,
            &[
                place(0),
                place(18),
                place(1),
                place(19),
                place(2),
                place(23),
                place(3),
                place(14),
                place(10),
                place(24),
            ],
        );
        play(&mut game, &[Action::Capture { at: 10 }]);
        let outcome = game.play(place(4)).unwrap(); // Black's row 0: owes 2.
        let view = board_view(game.state(), game.log(), Some(&outcome), None, true);
        assert_eq!(
            view.banner,
            Banner::Capture {
                side: Side::Black,
                count: 2
            }
        );
        assert!(view.points[14].capturable);
        for p in [18, 19, 23, 24] {
            assert!(
                view.points[p].shielded && !view.points[p].capturable,
                "point {p}"
            );
        }
        assert_eq!(view.formation_segments, vec![(0, 4)]);
    }

    #[test]
    fn a_standing_loop_lock_is_marked_on_its_stone_and_follows_it() {
        // Black completes the square {0,1,5,6} by stepping 7 → 6 and takes 17.
        let (b, w) = State::parse_board("BB.W. B.B.W ..... WWW.. ..W.W").unwrap();
        let mut s = State::from_position(b, w, [0, 0], Side::Black).unwrap();
        s.apply(Action::Move { from: 7, to: 6 }).unwrap();
        let during = board_view(&s, &[], None, None, true);
        assert!(
            during.points.iter().all(|p| !p.loop_locked),
            "the lock is recorded when the turn completes"
        );
        s.apply(Action::Capture { at: 17 }).unwrap();
        let locked = |s: &State| -> Vec<usize> {
            let view = board_view(s, &[], None, None, true);
            (0..POINTS)
                .filter(|&p| view.points[p].loop_locked)
                .collect()
        };
        assert_eq!(locked(&s), vec![6]);
        assert!(board_view(&s, &[], None, None, true).points[6]
            .flags()
            .contains("loop-locked"));
        s.apply(Action::Move { from: 24, to: 19 }).unwrap();
        s.apply(Action::Move { from: 6, to: 7 }).unwrap();
        assert_eq!(locked(&s), vec![7], "the mark follows the stone");
    }

    #[test]
    fn flags_string_lists_set_flags_in_order() {
        let p = PointView {
            selected: true,
            capturable: true,
            ..PointView::default()
        };
        assert_eq!(p.flags(), "selected capturable");
        assert_eq!(PointView::default().flags(), "");
    }
}
