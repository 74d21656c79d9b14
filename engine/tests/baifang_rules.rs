//! One test (or more) per rule of `docs/baifang-rules.md` and per acceptance case
//! (square captures 1, line captures 2, diagonals nothing, the shield, the
//! anti-looping lock, the endings).

use engine::baifang::{
    bitboard, perft, perft_full, replay, Action, ActionList, Game, Packet, PacketError,
    PacketRefusal, Phase, Reason, RuleError, Side, State,
};
use Action::{Capture, Move, Place, Resign, Timeout};
use Side::{Black, White};

/// Position from a board picture (rows separated by spaces, `.`/`B`/`W`).
fn pos(board: &str, hand: [u8; 2], to_move: Side) -> State {
    let (b, w) = State::parse_board(board).expect("board picture");
    let s = State::from_position(b, w, hand, to_move).expect("valid position");
    s.check_invariants().unwrap();
    s
}

fn mask(points: &[usize]) -> u32 {
    points.iter().fold(0, |m, p| m | 1 << p)
}

fn play(s: &mut State, a: Action) -> engine::baifang::ActionOutcome {
    let o = s.apply(a).unwrap_or_else(|e| panic!("{a}: {e}\n{s:?}"));
    s.check_invariants().unwrap();
    o
}

// ---- square → capture 1 -------------------------------------------------

#[test]
fn square_owes_one_capture() {
    let mut s = pos("BB... B.... ..... ..W.W ....W", [9, 9], Black);
    let o = play(&mut s, Place { to: 6 });
    assert_eq!(o.new_squares, 1, "square id 0 (top-left cell)");
    assert_eq!(o.formed_stones(), mask(&[0, 1, 5, 6]));
    assert_eq!(o.new_lines, 0);
    assert_eq!(o.owed, 1);
    assert_eq!(s.pending_captures(), 1);
    assert_eq!(s.to_move(), Black, "the capture belongs to the same turn");
    assert_eq!(s.capturable(), mask(&[17, 19, 24]));
    // Nothing but a capture is accepted now.
    assert_eq!(
        s.apply(Place { to: 12 }),
        Err(RuleError::CaptureOwed { owed: 1 })
    );
    assert_eq!(
        s.apply(Capture { at: 0 }),
        Err(RuleError::NotEnemyStone { at: 0 })
    );
    let o = play(&mut s, Capture { at: 19 });
    assert_eq!(o.captured, Some(19));
    assert!(o.turn_passed);
    assert_eq!(s.to_move(), White);
    assert_eq!(s.captured(White), 1);
    assert_eq!(s.pending_captures(), 0);
}

// ---- line → capture 2 ---------------------------------------------------

#[test]
fn line_owes_two_captures() {
    let mut s = pos("BBBB. ..... ..W.. W...W .....", [8, 9], Black);
    let o = play(&mut s, Place { to: 4 });
    assert_eq!(o.new_lines, 1, "row 0");
    assert_eq!(o.new_squares, 0);
    assert_eq!(o.owed, 2);
    play(&mut s, Capture { at: 12 });
    assert_eq!(s.to_move(), Black);
    assert_eq!(s.pending_captures(), 1);
    play(&mut s, Capture { at: 15 });
    assert_eq!(s.to_move(), White);
}

#[test]
fn column_is_a_line_too() {
    let mut s = pos("B.W.. B.... B...W B.... ....W", [8, 9], Black);
    let o = play(&mut s, Place { to: 20 });
    assert_eq!(o.new_lines, 1 << 5, "column 0 has line id N+0");
    assert_eq!(o.owed, 2);
}

#[test]
fn one_stone_can_owe_several() {
    // Two squares at once: 1 + 1.
    let mut v = pos("B.B.. BBB.. ..... W.W.W .....", [7, 9], Black);
    let o = play(&mut v, Place { to: 1 });
    assert_eq!(o.new_squares.count_ones(), 2);
    assert_eq!(o.new_lines, 0);
    assert_eq!(o.owed, 2);
    // A square and a line: 1 + 2.
    let mut t = pos("BBB.B ...BB ..... W.W.W .....", [6, 9], Black);
    let o = play(&mut t, Place { to: 3 });
    assert_eq!(o.new_squares.count_ones(), 1);
    assert_eq!(o.new_lines, 1);
    assert_eq!(o.owed, 3);
    // A row and a column through the same stone: 2 + 2, capped at White's 3 stones.
    let mut u = pos("BB.BB ..B.. ..... ..B.. ..B..", [5, 9], Black);
    let o = play(&mut u, Place { to: 2 });
    assert_eq!(o.new_lines.count_ones(), 1, "column 2 is not complete yet");
    let mut x = pos("BB.BB ..B.. ..B.. ..B.. ..B.W", [3, 8], Black);
    let o = play(&mut x, Place { to: 2 });
    assert_eq!(o.new_lines.count_ones(), 2);
    assert_eq!(
        o.owed, 1,
        "2 + 2 owed, but White has a single stone on the board"
    );
}

#[test]
fn owed_is_capped_by_enemy_stones_on_board() {
    let mut s = pos("BBBB. ..... ..... ..... ....W", [8, 11], Black);
    let o = play(&mut s, Place { to: 4 });
    assert_eq!(
        o.owed, 1,
        "a line owes 2 but White has one stone on the board"
    );
    play(&mut s, Capture { at: 24 });
    assert_eq!(s.to_move(), White);
    assert_eq!(s.phase(), Phase::Placing);
}

// ---- a five-stone diagonal → nothing -----------------------------------

#[test]
fn diagonal_counts_for_nothing() {
    let mut d = pos("B.... .B... ..B.. ...B. .....", [8, 12], Black);
    let o = play(&mut d, Place { to: 24 });
    assert_eq!(
        (o.new_squares, o.new_lines, o.owed),
        (0, 0, 0),
        "five on the diagonal"
    );
    assert_eq!(d.to_move(), White);
    assert_eq!(
        d.formation_stones(Black),
        0,
        "diagonal stones are not in a formation"
    );
    // …and they have no shield: all five are loose and capturable.
    let mut w = pos("B...W .B.WW ..B.. ...B. ....B", [7, 9], White);
    play(&mut w, Place { to: 3 });
    assert_eq!(w.capturable(), mask(&[0, 6, 12, 18, 24]));
    assert_eq!(w.shielded(), 0);
}

// ---- the protection chain ----------------------------------------------

#[test]
fn shielded_stones_only_after_no_loose_stone_remains() {
    // White square {0,1,5,6} + loose 24; Black completes a line (owes 2).
    let mut s = pos("WW... WW... BBBB. ..... ....W", [8, 7], Black);
    play(&mut s, Place { to: 14 });
    assert_eq!(s.pending_captures(), 2);
    assert_eq!(s.capturable(), mask(&[24]), "only the loose stone");
    assert_eq!(s.shielded(), mask(&[0, 1, 5, 6]));
    assert_eq!(
        s.apply(Capture { at: 0 }),
        Err(RuleError::Shielded { at: 0 })
    );
    play(&mut s, Capture { at: 24 });
    // Re-evaluated before the next removal: no loose stone left, shield lifts.
    assert_eq!(s.capturable(), mask(&[0, 1, 5, 6]));
    assert_eq!(s.shielded(), 0);
    play(&mut s, Capture { at: 6 });
    assert_eq!(s.to_move(), White);
    // The broken square's stones are loose again.
    assert_eq!(s.formation_stones(White), 0);
}

#[test]
fn line_stones_are_shielded_too() {
    let mut s = pos("WWWWW ..... BBB.. B.... ....W", [7, 6], Black);
    play(&mut s, Place { to: 16 });
    assert_eq!(s.pending_captures(), 1);
    assert_eq!(s.capturable(), mask(&[24]));
    assert_eq!(s.shielded(), mask(&[0, 1, 2, 3, 4]));
}

// ---- formations must be new and contain the stone --------------------------

#[test]
fn existing_formations_do_not_pay_again() {
    let mut s = pos("BB... BB... ..... ..... ...WW", [8, 10], Black);
    let o = play(&mut s, Place { to: 12 });
    assert_eq!(o.owed, 0, "the existing square is not new");
    assert_eq!(s.formations(Black).0, 1);
}

// ---- phase 1 bookkeeping -----------------------------------------------------

#[test]
fn empty_hand_is_skipped_in_placing() {
    let mut s = pos("BBB.. ..... ..... ..... WWW..", [0, 2], White);
    let o = play(&mut s, Place { to: 10 });
    assert!(o.skipped, "Black has nothing to place: White again");
    assert_eq!(s.to_move(), White);
    play(&mut s, Place { to: 12 });
    assert_eq!(
        s.phase(),
        Phase::Moving,
        "both hands empty, no capture pending"
    );
    assert_eq!(s.to_move(), Black);
}

#[test]
fn placing_ends_after_the_last_capture_not_the_last_stone() {
    // White places its last stone and completes a square: the capture comes
    // first, still in phase 1, then moving begins with Black to move.
    let mut s = pos("WW... W.... B.B.B ..... B.B.B", [0, 1], White);
    play(&mut s, Place { to: 6 });
    assert_eq!(s.phase(), Phase::Placing);
    assert_eq!(s.pending_captures(), 1);
    play(&mut s, Capture { at: 22 });
    assert_eq!(s.phase(), Phase::Moving);
    assert_eq!(s.to_move(), Black);
}

#[test]
fn full_placing_phase_leaves_one_empty_point_without_captures() {
    // Alternating placement that never forms anything: 24 stones, 1 empty point.
    let order = [
        0, 1, 2, 3, 4, 9, 8, 7, 6, 5, 10, 11, 12, 13, 14, 19, 18, 17, 16, 15, 20, 21, 22, 23,
    ];
    let mut s = State::new();
    for &p in &order {
        let o = play(&mut s, Place { to: p });
        assert_eq!(o.owed, 0, "at {p}");
    }
    assert_eq!(s.empty(), mask(&[24]));
    // Black to move; 23 is White, 19 is White… Black has no stone next to 24.
    assert_eq!(s.phase(), Phase::Finished);
    assert_eq!(s.result(), Some((White, Reason::NoMoves)));
    assert_eq!(s.to_move(), Black, "toMove stays the side that was to move");
}

// ---- win conditions ---------------------------------------------------------

#[test]
fn fewer_than_four_counts_board_plus_hand_and_can_end_phase_1() {
    let mut s = pos("BBB.. B.... ..... ..... ....W", [4, 3], Black);
    assert_eq!(s.material(White), 4);
    play(&mut s, Place { to: 6 });
    let o = play(&mut s, Capture { at: 24 });
    assert_eq!(o.result, Some((Black, Reason::FewerThanFour)));
    assert_eq!(s.phase(), Phase::Finished);
    assert_eq!(s.to_move(), Black);
    assert_eq!(s.pending_captures(), 0);
}

#[test]
fn fewer_than_four_mid_capture_drops_the_rest() {
    let mut u = pos("BBBB. ....B ..... W.W.. ..W..", [0, 0], Black);
    let o = play(&mut u, Move { from: 9, to: 4 });
    assert_eq!(o.owed, 2);
    play(&mut u, Capture { at: 15 });
    assert_eq!(
        u.result(),
        Some((Black, Reason::FewerThanFour)),
        "White 3 stones left"
    );
    assert_eq!(u.pending_captures(), 0);
    assert_eq!(u.apply(Capture { at: 17 }), Err(RuleError::GameOver));
}

#[test]
fn no_legal_move_loses_in_phase_2() {
    // White to move after Black's step; White's stones are all walled in.
    let mut t = pos("WB... B.... ..... ....B ...BB", [0, 0], Black);
    // Black steps 19 → 14; White's only stone at 0 is boxed in by 1 and 5.
    let o = play(&mut t, Move { from: 19, to: 14 });
    assert_eq!(o.result, Some((Black, Reason::NoMoves)));
    assert_eq!(t.to_move(), White);
}

#[test]
fn walled_in_at_the_start_of_moving_loses_at_once() {
    let s = pos("WB... B.... ..... ..... ....B", [0, 0], White);
    assert_eq!(s.result(), Some((Black, Reason::NoMoves)));
}

#[test]
fn timeouts_count_forfeit_pass_and_the_third_loses() {
    let mut s = pos("BB... B.... ..... ..... ...WW", [9, 10], Black);
    play(&mut s, Place { to: 6 });
    assert_eq!(s.pending_captures(), 1);
    let o = play(&mut s, Timeout);
    assert!(o.turn_passed);
    assert_eq!(s.pending_captures(), 0, "owed capture forfeited");
    assert_eq!(s.timeouts(Black), 1);
    assert_eq!(s.to_move(), White);
    play(&mut s, Place { to: 20 });
    play(&mut s, Timeout);
    assert_eq!(s.timeouts(Black), 2);
    assert_eq!(s.in_hand(Black), 8, "a timeout places nothing");
    play(&mut s, Timeout);
    assert_eq!(s.timeouts(White), 1);
    let o = play(&mut s, Timeout);
    assert_eq!(o.result, Some((White, Reason::Timeouts)));
    assert_eq!(s.to_move(), Black);
}

#[test]
fn timeout_passes_like_a_finished_turn() {
    // Placing: the receiver with an empty hand is skipped.
    let mut s = pos("BBB.. ..... ..... ..... WW...", [0, 3], White);
    let o = play(&mut s, Timeout);
    assert!(o.skipped);
    assert_eq!(s.to_move(), White);
    // Moving: the receiver without a move loses.
    let mut t = pos("WB... B.... ..... ....B ....W", [0, 0], Black);
    play(&mut t, Move { from: 19, to: 14 });
    assert!(!t.is_finished(), "White's stone at 24 can move");
    let mut u = pos("WB... B.... ..... ...B. ...BW", [0, 0], Black);
    assert_eq!(u.result(), None);
    let o = play(&mut u, Timeout);
    assert_eq!(o.result, None, "White at 24 can still step to 19");
    let mut v = pos("WB... B.... ..... ..... ..B..", [0, 0], Black);
    let o = play(&mut v, Timeout);
    assert_eq!(o.result, Some((Black, Reason::NoMoves)));
}

#[test]
fn either_side_may_resign_any_time() {
    let mut s = State::new();
    play(&mut s, Place { to: 12 });
    let o = play(&mut s, Resign { side: Black });
    assert_eq!(o.result, Some((White, Reason::Resign)));
    assert_eq!(s.to_move(), White, "toMove unchanged");
    assert_eq!(s.apply(Resign { side: White }), Err(RuleError::GameOver));
    // During a capture turn too.
    let mut t = pos("BB... B.... ..... ..... ...WW", [9, 10], Black);
    play(&mut t, Place { to: 6 });
    play(&mut t, Resign { side: White });
    assert_eq!(t.result(), Some((Black, Reason::Resign)));
    assert_eq!(t.pending_captures(), 0);
}

#[test]
fn disconnects() {
    let mut s = State::new();
    for k in 1..3 {
        play(
            &mut s,
            Action::Disconnect {
                side: White,
                grace_expired: false,
            },
        );
        assert_eq!(s.disconnects(White), k);
        assert!(!s.is_finished());
    }
    play(
        &mut s,
        Action::Disconnect {
            side: White,
            grace_expired: false,
        },
    );
    assert_eq!(s.result(), Some((Black, Reason::Disconnect)));
    let mut t = State::new();
    play(
        &mut t,
        Action::Disconnect {
            side: Black,
            grace_expired: true,
        },
    );
    assert_eq!(t.result(), Some((White, Reason::Disconnect)));
}

// ---- legality ----------------------------------------------------------------

#[test]
fn illegal_actions_are_rejected_and_change_nothing() {
    let mut s = State::new();
    play(&mut s, Place { to: 0 });
    let before = s;
    assert_eq!(s.apply(Place { to: 0 }), Err(RuleError::Occupied { at: 0 }));
    assert_eq!(
        s.apply(Place { to: 25 }),
        Err(RuleError::NotAPoint { at: 25 })
    );
    assert_eq!(
        s.apply(Move { from: 0, to: 1 }),
        Err(RuleError::NotMovingPhase)
    );
    assert_eq!(s.apply(Capture { at: 0 }), Err(RuleError::NoCaptureOwed));
    assert_eq!(s, before);
    let mut m = pos("BB... W.... ..... ....W ....B", [0, 0], Black);
    assert_eq!(m.apply(Place { to: 3 }), Err(RuleError::NotPlacingPhase));
    assert_eq!(
        m.apply(Move { from: 0, to: 6 }),
        Err(RuleError::NotAdjacent { from: 0, to: 6 })
    );
    assert_eq!(
        m.apply(Move { from: 1, to: 3 }),
        Err(RuleError::NotAdjacent { from: 1, to: 3 })
    );
    assert_eq!(
        m.apply(Move { from: 0, to: 5 }),
        Err(RuleError::Occupied { at: 5 })
    );
    assert_eq!(
        m.apply(Move { from: 5, to: 10 }),
        Err(RuleError::NotOwnStone { at: 5 })
    );
    assert_eq!(
        m.apply(Move { from: 4, to: 5 }),
        Err(RuleError::NotOwnStone { at: 4 })
    );
    // Row wrap-around is not adjacency.
    let w = pos("....B B.... ..... ....W ....W", [0, 0], Black);
    assert_eq!(
        w.validate(Move { from: 4, to: 5 }),
        Err(RuleError::NotAdjacent { from: 4, to: 5 })
    );
}

#[test]
fn legal_actions_match_validate() {
    let s = pos("BB... W.... ..W.. ....W ....B", [0, 0], Black);
    let mut list = ActionList::new();
    s.legal_actions(&mut list);
    let mut n = 0;
    for from in 0..25u8 {
        for to in 0..25u8 {
            let a = Move { from, to };
            assert_eq!(s.validate(a).is_ok(), list.contains(&a), "{a}");
            n += s.validate(a).is_ok() as u32;
        }
    }
    assert_eq!(n, s.count_legal());
    assert_eq!(s.move_targets(0), 0, "0 is boxed in by 1 and 5");
    assert_eq!(s.move_targets(1), mask(&[2, 6]));
}

// ---- anti-looping ---------------------------------------------------------

/// Black: square {0,1,5,_} completed by the stone at 7 stepping to 6.
/// White shuttles 24 ↔ 19, outside the context of the 6–7 shuttle.
fn shuttle_position() -> State {
    pos("BB.W. B.B.W ..... WWW.. ..W.W", [0, 0], Black)
}

#[test]
fn context_mask_of_the_shuttle() {
    let m = bitboard::context_mask(6, 7);
    assert_eq!(
        !m & bitboard::ALL,
        mask(&[4, 6, 7, 14, 15, 18, 19, 20, 23, 24])
    );
}

#[test]
fn shuttle_captures_only_the_first_time() {
    let mut s = shuttle_position();
    let white = s.material(White);
    let o = play(&mut s, Move { from: 7, to: 6 });
    assert_eq!(o.owed, 1);
    assert!(!o.intercepted_by_loop);
    play(&mut s, Capture { at: 17 });
    assert_eq!(
        s.locked_points(),
        mask(&[6]),
        "lock recorded when the turn completed"
    );
    for round in 0..3 {
        play(&mut s, Move { from: 24, to: 19 });
        let o = play(&mut s, Move { from: 6, to: 7 });
        assert_eq!(o.owed, 0);
        assert_eq!(s.locked_points(), mask(&[7]), "the lock follows its stone");
        play(&mut s, Move { from: 19, to: 24 });
        let o = play(&mut s, Move { from: 7, to: 6 });
        assert_eq!(
            o.new_squares, 1,
            "the square is formed again (round {round})…"
        );
        assert!(
            o.intercepted_by_loop,
            "…but anti-looping intercepts the capture"
        );
        assert_eq!(o.owed, 0);
        assert_eq!(s.pending_captures(), 0);
        assert_eq!(s.to_move(), White);
        assert_eq!(
            s.locked_points(),
            mask(&[6]),
            "a blocked shuttle keeps the lock"
        );
    }
    assert_eq!(s.material(White), white - 1, "one capture in total");
}

#[test]
fn shuttle_captures_again_after_a_third_point() {
    let mut s = shuttle_position();
    play(&mut s, Move { from: 7, to: 6 });
    play(&mut s, Capture { at: 17 });
    play(&mut s, Move { from: 24, to: 19 });
    play(&mut s, Move { from: 6, to: 11 }); // third point: lock dropped
    assert_eq!(s.locked_points(), 0);
    play(&mut s, Move { from: 19, to: 24 });
    let o = play(&mut s, Move { from: 11, to: 6 });
    assert!(!o.intercepted_by_loop);
    assert_eq!(
        o.owed, 1,
        "capturing again: the stone went to a third point"
    );
    play(&mut s, Capture { at: 16 });
    assert_eq!(s.locks().len(), 1);
    assert_eq!(
        (s.locks()[0].pos(), s.locks()[0].other()),
        (6, 11),
        "new lock replaces the old"
    );
}

#[test]
fn shuttle_captures_again_after_the_context_changes() {
    let mut s = shuttle_position();
    play(&mut s, Move { from: 7, to: 6 });
    play(&mut s, Capture { at: 17 });
    play(&mut s, Move { from: 24, to: 19 });
    play(&mut s, Move { from: 6, to: 7 });
    // White moves inside the context (8 and 9 share row 1 with 6 and 7).
    play(&mut s, Move { from: 9, to: 8 });
    assert_eq!(bitboard::context_mask(6, 7) & mask(&[8, 9]), mask(&[8, 9]));
    let o = play(&mut s, Move { from: 7, to: 6 });
    assert!(!o.intercepted_by_loop, "context changed: judged normally");
    assert_eq!(o.owed, 1);
    play(&mut s, Capture { at: 16 });
    // The new lock records the new context; an unchanged shuttle is blocked again.
    play(&mut s, Move { from: 19, to: 24 });
    play(&mut s, Move { from: 6, to: 7 });
    play(&mut s, Move { from: 24, to: 19 });
    let o = play(&mut s, Move { from: 7, to: 6 });
    assert!(
        o.intercepted_by_loop,
        "context back to the one recorded with the new lock"
    );
}

#[test]
fn a_shuttle_that_forms_nothing_still_compares_the_context() {
    let mut s = shuttle_position();
    play(&mut s, Move { from: 7, to: 6 });
    play(&mut s, Capture { at: 17 });
    // White steps inside the context (9 → 8, row 1) …
    play(&mut s, Move { from: 9, to: 8 });
    // … so Black's shuttle back, which forms nothing, clears the lock.
    let o = play(&mut s, Move { from: 6, to: 7 });
    assert_eq!((o.owed, o.new_squares, o.new_lines), (0, 0, 0));
    assert!(!o.intercepted_by_loop);
    assert_eq!(
        s.locked_points(),
        0,
        "context changed at a shuttle: lock cleared"
    );
    // White restores the recorded context; the lock is gone, so the next
    // shuttle is judged normally and captures.
    play(&mut s, Move { from: 8, to: 9 });
    let o = play(&mut s, Move { from: 7, to: 6 });
    assert!(!o.intercepted_by_loop);
    assert_eq!(o.owed, 1);
    play(&mut s, Capture { at: 16 });
    assert_eq!(
        s.locked_points(),
        mask(&[6]),
        "a new lock for the new capture"
    );
}

#[test]
fn the_written_example_replays_with_a_second_capture() {
    let json = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/baifang-lock-context-restored.json"
    ))
    .unwrap();
    let r = engine::baifang::replay_bytes(&json).unwrap();
    assert_eq!(r.error, None);
    assert_eq!(r.applied, 29);
    let [shuttle, capture] = r.last[..] else {
        panic!("the last packet is a move and one capture: {:?}", r.last)
    };
    assert_eq!(shuttle.new_squares.count_ones(), 1);
    assert!(!shuttle.intercepted_by_loop);
    assert_eq!(shuttle.owed, 1);
    assert_eq!(capture.captured, Some(23));
}

#[test]
fn lock_is_recorded_even_when_the_captures_are_forfeited_by_timeout() {
    let mut s = shuttle_position();
    play(&mut s, Move { from: 7, to: 6 });
    play(&mut s, Timeout);
    assert_eq!(s.locked_points(), mask(&[6]));
    play(&mut s, Move { from: 24, to: 19 });
    play(&mut s, Move { from: 6, to: 7 });
    play(&mut s, Move { from: 19, to: 24 });
    let o = play(&mut s, Move { from: 7, to: 6 });
    assert!(o.intercepted_by_loop);
}

#[test]
fn capturing_a_locked_stone_drops_its_lock() {
    // Black's stones all sit in squares, so White's capture may take any.
    let mut s = pos("BB.W. B.B.. ..... WW.BB W.WBB", [0, 0], Black);
    play(&mut s, Move { from: 7, to: 6 });
    play(&mut s, Capture { at: 3 });
    assert_eq!(s.locked_points(), mask(&[6]));
    let o = play(&mut s, Move { from: 22, to: 21 });
    assert_eq!(o.owed, 1);
    assert_eq!(
        s.capturable(),
        mask(&[0, 1, 5, 6, 18, 19, 23, 24]),
        "no loose Black stone"
    );
    play(&mut s, Capture { at: 6 });
    assert!(
        s.lock_at(6).is_none(),
        "the locked stone is gone, and so is its lock"
    );
    assert_eq!(
        s.locked_points(),
        mask(&[21]),
        "White's capturing move made its own lock"
    );
}

// ---- packets ------------------------------------------------------------------

fn pk(json: &str) -> Vec<Packet> {
    engine::baifang::parse_packets(json.as_bytes()).unwrap()
}

#[test]
fn packets_carry_whole_turns_atomically() {
    let mut s = pos("BB... B.... ..... ..W.W ....W", [9, 9], Black);
    let p = &pk(
        r#"[{"actionType":0,"toIndex":6,"eatIndices":[19],"protocolVersion":1,"playerID":"x","timestamp":5}]"#,
    )[0];
    let outs = s.apply_packet(p).unwrap();
    assert_eq!(outs.len(), 2);
    assert_eq!(s.to_move(), White);
    // A bad capture index rejects the whole packet, placement included.
    let mut s = pos("BB... B.... ..... ..W.W ....W", [9, 9], Black);
    let before = s;
    let p = &pk(r#"[{"actionType":0,"toIndex":6,"eatIndices":[0]}]"#)[0];
    assert_eq!(
        s.apply_packet(p),
        Err(RuleError::NotEnemyStone { at: 0 }.into())
    );
    assert_eq!(s, before);
    let p = &pk(r#"[{"actionType":0,"toIndex":6,"eatIndices":[19,17]}]"#)[0];
    assert_eq!(
        s.apply_packet(p),
        Err(PacketError::TooManyEat { given: 2, owed: 1 }.into())
    );
    assert_eq!(s, before);
    // Capture packets: empty list and too many are rejected.
    play(&mut s, Place { to: 6 });
    let p = &pk(r#"[{"actionType":2}]"#)[0];
    assert_eq!(s.apply_packet(p), Err(PacketError::EmptyEatList.into()));
    let p = &pk(r#"[{"actionType":2,"eatIndices":[17,19]}]"#)[0];
    assert_eq!(
        s.apply_packet(p),
        Err(PacketError::TooManyEat { given: 2, owed: 1 }.into())
    );
    let p = &pk(r#"[{"actionType":2,"eatIndices":[-1]}]"#)[0];
    assert!(matches!(
        s.apply_packet(p),
        Err(PacketRefusal::Packet(PacketError::OffBoard { .. }))
    ));
    let p = &pk(r#"[{"actionType":7}]"#)[0];
    assert_eq!(
        s.apply_packet(p),
        Err(PacketError::UnknownActionType(7).into())
    );
    let p = &pk(r#"[{"actionType":3,"side":"Q"}]"#)[0];
    assert_eq!(
        s.apply_packet(p),
        Err(PacketError::BadSide("Q".into()).into())
    );
}

#[test]
fn a_malformed_packet_and_a_refused_action_are_different_errors() {
    let mut s = State::new();
    play(&mut s, Place { to: 3 });
    let before = s;
    // An index past the board is the packet's fault, whatever the position.
    let p = &pk(r#"[{"actionType":0,"toIndex":30}]"#)[0];
    let malformed = s.apply_packet(p).unwrap_err();
    assert_eq!(
        malformed,
        PacketRefusal::Packet(PacketError::OffBoard {
            field: engine::baifang::PacketField::ToIndex,
            index: 30
        })
    );
    assert_eq!(s, before);
    // Placing on a taken point is a well-formed packet the rules refuse.
    let p = &pk(r#"[{"actionType":0,"toIndex":3}]"#)[0];
    let refused = s.apply_packet(p).unwrap_err();
    assert_eq!(refused, PacketRefusal::Rule(RuleError::Occupied { at: 3 }));
    assert_eq!(s, before);
    // A shape fault wins over a rule refusal in the same packet.
    let p = &pk(r#"[{"actionType":0,"toIndex":3,"eatIndices":[99]}]"#)[0];
    assert!(matches!(s.apply_packet(p), Err(PacketRefusal::Packet(_))));
    // Each serialises with its own code, so a page can tell them apart.
    let code = |v: serde_json::Value| v["error"]["code"].as_str().unwrap().to_string();
    let packet_code = code(serde_json::to_value(&malformed).unwrap());
    let rule_code = code(serde_json::to_value(&refused).unwrap());
    assert_eq!(packet_code, "off_board");
    assert_eq!(rule_code, "occupied");
    assert_eq!(serde_json::to_value(&malformed).unwrap()["kind"], "packet");
    assert_eq!(serde_json::to_value(&refused).unwrap()["kind"], "rule");
    let round: PacketRefusal =
        serde_json::from_value(serde_json::to_value(&malformed).unwrap()).unwrap();
    assert_eq!(round, malformed);
}

#[test]
fn indices_left_over_after_the_game_ended_reject_the_packet() {
    let mut u = pos("BBBB. ....B ..... W.W.. ..W..", [0, 0], Black);
    let p = &pk(r#"[{"actionType":1,"fromIndex":9,"toIndex":4,"eatIndices":[15,17]}]"#)[0];
    assert_eq!(
        u.apply_packet(p),
        Err(PacketError::LeftoverEat { left: 1 }.into())
    );
    let p = &pk(r#"[{"actionType":1,"fromIndex":9,"toIndex":4,"eatIndices":[15]}]"#)[0];
    u.apply_packet(p).unwrap();
    assert_eq!(u.result(), Some((Black, Reason::FewerThanFour)));
}

#[test]
fn replay_reproduces_the_game_and_stops_at_the_first_error() {
    let log = pk(
        r#"[{"actionType":0,"toIndex":12},{"actionType":0,"toIndex":13},{"actionType":0,"toIndex":12},{"actionType":0,"toIndex":1}]"#,
    );
    let r = replay(&log);
    assert_eq!(r.applied, 2);
    assert_eq!(r.error, Some((2, RuleError::Occupied { at: 12 }.into())));
    assert_eq!(
        r.state.board_string().chars().filter(|c| *c != '.').count(),
        2
    );
}

#[test]
fn transpositions_have_equal_states_and_hashes() {
    let mut a = State::new();
    let mut b = State::new();
    for p in [0, 1, 2, 3] {
        play(&mut a, Place { to: p });
    }
    for p in [2, 3, 0, 1] {
        play(&mut b, Place { to: p });
    }
    assert_eq!(a, b);
    assert_eq!(a.hash(), b.hash());
    play(&mut b, Place { to: 4 });
    assert_ne!(a.hash(), b.hash());
    // Side to move is part of the hash: a timeout changes it.
    let mut c = a;
    play(&mut c, Timeout);
    assert_ne!(a.hash(), c.hash());
}

#[test]
fn hashes_are_pinned() {
    // Peers on different builds and platforms must agree: any change to the
    // key generator or the hashed components shows up here.
    let mut s = State::new();
    assert_eq!(format!("{:016x}", s.hash()), "22b20b02219dcc42");
    play(&mut s, Place { to: 12 });
    assert_eq!(format!("{:016x}", s.hash()), "8f51212e2253961b");
}

#[test]
fn game_log_and_undo() {
    let mut g = Game::new();
    g.play(Place { to: 12 }).unwrap();
    g.play(Place { to: 7 }).unwrap();
    let h = g.state().hash();
    g.play(Place { to: 0 }).unwrap();
    assert_eq!(g.undo(), Some(Place { to: 0 }));
    assert_eq!(g.state().hash(), h);
    assert_eq!(Game::from_log(g.log()).unwrap().state(), g.state());
}

#[test]
fn turn_starts_keep_a_move_and_its_captures_together() {
    let mut g = Game::new();
    for to in [0, 24, 1, 23, 5, 22, 6] {
        g.play(Place { to }).unwrap();
    }
    g.play(Capture { at: 22 }).unwrap();
    g.play(Timeout).unwrap();
    let starts = g.turn_starts();
    let sides = [Black, White, Black, White, Black, White, Black, White];
    let expected: Vec<(usize, Side)> = [0, 1, 2, 3, 4, 5, 6, 8].into_iter().zip(sides).collect();
    assert_eq!(
        starts, expected,
        "the square at 6 and its capture are one turn"
    );
    assert!(Game::new().turn_starts().is_empty());
}

// ---- perft ---------------------------------------------------------------------

#[test]
fn perft_from_the_start() {
    let s = State::new();
    let expect = [1u64, 25, 600, 13_800, 303_600, 6_375_600];
    for (d, &n) in expect.iter().enumerate() {
        assert_eq!(perft(&s, d as u32), n, "depth {d}");
    }
    assert_eq!(perft_full(&s, 4), 303_600);
}

#[test]
fn perft_bulk_equals_full_in_the_middle_game() {
    let mut s = shuttle_position();
    assert_eq!(perft(&s, 4), perft_full(&s, 4));
    play(&mut s, Move { from: 7, to: 6 });
    assert_eq!(perft(&s, 4), perft_full(&s, 4));
    let mut t = pos("BB... B.... ..... ..W.W ....W", [9, 9], Black);
    assert_eq!(perft(&t, 3), perft_full(&t, 3));
    play(&mut t, Place { to: 6 });
    assert_eq!(perft(&t, 1), 3);
}

/// The timeout-claim tolerance is one number, the spec's: the session reads it, and both
/// documents that state it say the spec's value (they once said 5 s and 1 s).
#[test]
fn the_docs_state_the_spec_timeout_claim_tolerance() {
    use engine::baifang::session::TIMEOUT_CLAIM_TOLERANCE_MS as SESSION;
    use engine::baifang::spec::{STEP_TIME_LIMIT_MS, TIMEOUT_CLAIM_TOLERANCE_MS};
    assert_eq!(SESSION, TIMEOUT_CLAIM_TOLERANCE_MS as u64);
    let (step, tol) = (STEP_TIME_LIMIT_MS / 1000, TIMEOUT_CLAIM_TOLERANCE_MS / 1000);
    let docs = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/");
    let rules = std::fs::read_to_string(format!("{docs}baifang-rules.md")).unwrap();
    let online = std::fs::read_to_string(format!("{docs}online-play.md")).unwrap();
    let said = |text: &str| {
        text.replace('\n', " ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let wanted = format!(
        "{} s of the step ({step} s less a {tol} s tolerance",
        step - tol
    );
    assert!(
        said(&rules).contains(&wanted),
        "baifang-rules.md must say: {wanted}"
    );
    let wanted = format!(
        "{} s since the turn began ({step} s less a {tol} s tolerance",
        step - tol
    );
    assert!(
        said(&online).contains(&wanted),
        "online-play.md must say: {wanted}"
    );
}
