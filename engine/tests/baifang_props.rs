//! Property tests over random legal games: invariants, replay, hashing, and the
//! anti-looping lock against its written decision.

use engine::baifang::{
    bitboard, replay, Action, ActionList, ActionOutcome, Game, Packet, Phase, Side, State,
    MAX_ACTIONS,
};
use proptest::prelude::*;
use std::collections::HashMap;

/// Plays a random game driven by `choices`: mostly legal placements, moves and
/// captures, sometimes a timeout, a (non-losing) disconnect or a resignation.
/// Checks the per-step properties and returns the log and every state seen.
fn random_game(choices: &[u16]) -> (Vec<Action>, Vec<State>) {
    let mut s = State::new();
    let mut log = Vec::new();
    let mut seen = vec![s];
    let mut list = ActionList::new();
    let mut captured = [0u8; 2];
    for &c in choices {
        if s.is_finished() {
            break;
        }
        s.legal_actions(&mut list);
        assert!(
            !list.is_empty(),
            "a running game always has a legal action\n{s:?}"
        );
        assert!(list.len() <= MAX_ACTIONS);
        assert_eq!(list.len() as u32, s.count_legal());
        let a = match c % 211 {
            0 => Action::Timeout,
            1 => Action::Resign {
                side: if c & 256 == 0 {
                    Side::Black
                } else {
                    Side::White
                },
            },
            2 if s.disconnects(Side::White) < 2 => Action::Disconnect {
                side: Side::White,
                grace_expired: false,
            },
            _ => list[c as usize % list.len()],
        };
        let before = s;
        let mover = s.to_move();
        let o = s
            .apply(a)
            .unwrap_or_else(|e| panic!("{a}: {e}\n{before:?}"));
        if let Action::Capture { at } = a {
            captured[mover.other().idx()] += 1;
            assert_eq!(before.at(at as usize), Some(mover.other()));
        }
        log.push(a);
        seen.push(s);

        // Structural invariants, including hash == recomputed hash.
        s.check_invariants()
            .unwrap_or_else(|e| panic!("{e} after {a}\n{s:?}"));
        // Stone conservation, with captures counted independently.
        for side in [Side::Black, Side::White] {
            assert_eq!(
                s.stones(side).count_ones() as u8 + s.in_hand(side) + captured[side.idx()],
                12,
                "{side:?}"
            );
        }
        // Capturable stones are the opponent's.
        assert_eq!(s.capturable() & !s.stones(s.to_move().other()), 0);
        if s.pending_captures() > 0 {
            assert_ne!(s.capturable(), 0);
        }
        // Phase monotonicity.
        assert!(
            s.phase() >= before.phase(),
            "{:?} -> {:?}",
            before.phase(),
            s.phase()
        );
        // Turn alternation.
        match a {
            Action::Resign { .. } | Action::Disconnect { .. } => assert_eq!(s.to_move(), mover),
            _ if s.is_finished() => {}
            _ if s.pending_captures() > 0 => assert_eq!(s.to_move(), mover, "capture turn"),
            _ => {
                let receiver = mover.other();
                let expected = if s.phase() == Phase::Placing && s.in_hand(receiver) == 0 {
                    mover // empty-hand skip
                } else {
                    receiver
                };
                assert_eq!(s.to_move(), expected, "after {a}");
                assert!(o.turn_passed);
            }
        }
        if s.is_finished() {
            assert_eq!(s.pending_captures(), 0);
            assert!(s.result().is_some());
        }
    }
    (log, seen)
}

/// What one game of [`shuttle_game`] exercised.
#[derive(Default)]
struct LockStats {
    /// Shuttle moves of a locked stone whose context was as recorded.
    unchanged: u32,
    /// Shuttle moves of a locked stone whose context differed.
    differed: u32,
}

/// The engine's verdict on `a` judged with no lock at all: the same board in a
/// fresh moving-phase position.
fn judged_without_locks(before: &State, a: Action) -> ActionOutcome {
    let mut fresh = State::from_position(
        before.stones(Side::Black),
        before.stones(Side::White),
        [0, 0],
        before.to_move(),
    )
    .expect("a reachable board is a valid position");
    fresh
        .apply(a)
        .expect("the same move is legal without locks")
}

/// Checks one move against the anti-looping decision: a locked stone's every
/// shuttle move compares the context; unchanged, the move captures nothing
/// and the lock follows the stone; changed, the lock is cleared and the move
/// is judged as if there were no lock. Any other move is judged normally.
/// `freed` holds the points of stones whose lock a changed context cleared and
/// that have not captured since: none of their moves may be intercepted.
fn check_lock_decision(
    before: &State,
    a: Action,
    after: &State,
    o: &ActionOutcome,
    freed: &mut u32,
    stats: &mut LockStats,
) {
    match a {
        Action::Move { from, to } => {
            let (from, to) = (from as usize, to as usize);
            let normal = judged_without_locks(before, a);
            let was_freed = *freed >> from & 1 == 1;
            *freed &= !(1 << from);
            match before.lock_at(from).filter(|l| l.other() == to) {
                Some(l) => {
                    let m = bitboard::context_mask(from, to);
                    let now = [
                        before.stones(Side::Black) & m,
                        before.stones(Side::White) & m,
                    ];
                    if now == l.context() {
                        stats.unchanged += 1;
                        assert_eq!(o.owed, 0, "a blocked shuttle owes nothing");
                        assert_eq!(o.intercepted_by_loop, normal.owed > 0);
                        let moved = after.lock_at(to).expect("the lock follows its stone");
                        assert_eq!((moved.other(), moved.context()), (from, l.context()));
                    } else {
                        stats.differed += 1;
                        assert_eq!(*o, normal, "changed context: judged normally");
                        assert!(after.lock_at(to).is_none(), "changed context: lock cleared");
                        *freed |= 1 << to;
                    }
                }
                None => {
                    assert_eq!(
                        *o, normal,
                        "not a shuttle of a locked stone: judged normally"
                    );
                    assert!(
                        after.lock_at(to).is_none(),
                        "a lock never follows a third point"
                    );
                    if was_freed {
                        *freed |= 1 << to;
                    }
                }
            }
            assert!(!(was_freed && o.intercepted_by_loop));
        }
        Action::Capture { at } => *freed &= !(1 << at),
        _ => {}
    }
    // A stone that captured again carries a new lock: it is bound by that one.
    for l in after.locks() {
        *freed &= !(1 << l.pos());
    }
}

/// A random game that seeks out shuttles: depending on the choice, the mover
/// shuttles a locked stone back when it can, or plays a forming action when it
/// has one, or plays any legal action (which is how the context changes), and
/// now and then lets its step clock run out. Every move is checked with
/// [`check_lock_decision`]. Returns the log and the outcome of every action.
fn shuttle_game(choices: &[u16], stats: &mut LockStats) -> (Vec<Action>, Vec<ActionOutcome>) {
    let mut s = State::new();
    let (mut log, mut outs) = (Vec::new(), Vec::new());
    let mut list = ActionList::new();
    let mut freed = 0u32;
    for &c in choices {
        if s.is_finished() {
            break;
        }
        s.legal_actions(&mut list);
        let pick = |keep: &dyn Fn(&Action) -> bool| {
            let xs: Vec<Action> = list
                .as_slice()
                .iter()
                .copied()
                .filter(|a| keep(a))
                .collect();
            (!xs.is_empty()).then(|| xs[(c / 8) as usize % xs.len()])
        };
        let shuttle = |a: &Action| {
            matches!(*a, Action::Move { from, to }
                if s.lock_at(from as usize).is_some_and(|l| l.other() == to as usize))
        };
        let forming = |a: &Action| {
            let mut t = s;
            !matches!(a, Action::Capture { .. }) && t.apply(*a).is_ok_and(|o| o.owed > 0)
        };
        let a = match c % 8 {
            _ if c % 97 == 0 => Some(Action::Timeout),
            0..=2 => pick(&shuttle).or_else(|| pick(&forming)),
            3 | 4 => pick(&forming),
            _ => None,
        }
        .unwrap_or_else(|| list[(c / 8) as usize % list.len()]);
        let before = s;
        let o = s
            .apply(a)
            .unwrap_or_else(|e| panic!("{a}: {e}\n{before:?}"));
        check_lock_decision(&before, a, &s, &o, &mut freed, stats);
        log.push(a);
        outs.push(o);
    }
    (log, outs)
}

/// Replays a log action by action, returning the final state and every outcome.
fn replay_outcomes(log: &[Action]) -> (State, Vec<ActionOutcome>) {
    let mut s = State::new();
    let outs = log
        .iter()
        .map(|&a| s.apply(a).expect("replayed action"))
        .collect();
    (s, outs)
}

/// The state without its hash, for the "hash equal iff state equal" check.
fn key(s: &State) -> Vec<(&'static str, String)> {
    s.components()
        .into_iter()
        .filter(|(k, _)| *k != "hash")
        .collect()
}

fn choices() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<u16>(), 0..400)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(c in choices()) {
        let (log, seen) = random_game(&c);

        // replay(log) == state, through the wire format and through Game.
        let packets: Vec<Packet> = log
            .iter()
            .filter(|a| !matches!(a, Action::Disconnect { .. }))
            .map(|&a| Packet::from_action(a))
            .collect();
        let last = *seen.last().unwrap();
        if !log.iter().any(|a| matches!(a, Action::Disconnect { .. })) {
            let r = replay(&packets);
            prop_assert!(r.error.is_none(), "{:?}", r.error);
            prop_assert_eq!(r.state, last);
            // And through the JSON text of the packets.
            let json = format!("[{}]", log.iter().map(|a| a.to_json()).collect::<Vec<_>>().join(","));
            let r = engine::baifang::replay_bytes(json.as_bytes()).unwrap();
            prop_assert_eq!(r.state, last);
        }
        let g = Game::from_log(&log).unwrap();
        prop_assert_eq!(*g.state(), last);

        // Hash equal iff state (without the hash) equal, over every state seen.
        let mut by_hash: HashMap<u64, Vec<(&'static str, String)>> = HashMap::new();
        let mut by_key: HashMap<Vec<(&'static str, String)>, u64> = HashMap::new();
        for s in &seen {
            let k = key(s);
            if let Some(prev) = by_hash.insert(s.hash(), k.clone()) {
                prop_assert_eq!(&prev, &k, "hash collision between different states");
            }
            if let Some(h) = by_key.insert(k, s.hash()) {
                prop_assert_eq!(h, s.hash(), "equal states with different hashes");
            }
        }
    }

    #[test]
    fn shuttle_games_replay_alike_and_the_lock_follows_the_decision(c in choices()) {
        let mut stats = LockStats::default();
        let (log, outs) = shuttle_game(&c, &mut stats);
        // Replayed twice, and through the JSON action format: the same game.
        let (first, first_outs) = replay_outcomes(&log);
        let (second, second_outs) = replay_outcomes(&log);
        prop_assert_eq!(first, second);
        prop_assert_eq!(&first_outs, &outs);
        prop_assert_eq!(&second_outs, &outs);
        let json = format!("[{}]", log.iter().map(|a| a.to_json()).collect::<Vec<_>>().join(","));
        let r = engine::baifang::replay_bytes(json.as_bytes()).unwrap();
        prop_assert!(r.error.is_none(), "{:?}", r.error);
        prop_assert_eq!(r.state, first);
    }

    #[test]
    fn arbitrary_actions_never_panic_and_rejections_change_nothing(
        c in choices(),
        raw in prop::collection::vec((0u8..8, any::<u8>(), any::<u8>()), 0..64),
    ) {
        let (_, seen) = random_game(&c[..c.len().min(120)]);
        let mut s = *seen.last().unwrap();
        for (kind, x, y) in raw {
            let a = match kind {
                0 => Action::Place { to: x },
                1 => Action::Move { from: x % 30, to: y % 30 },
                2 => Action::Capture { at: x % 30 },
                3 => Action::Timeout,
                4 => Action::Resign { side: if x & 1 == 0 { Side::Black } else { Side::White } },
                5 => Action::Disconnect { side: Side::Black, grace_expired: x & 1 == 1 },
                _ => Action::Move { from: x % 25, to: (x % 25).wrapping_add(y % 7).wrapping_sub(3) },
            };
            let before = s;
            match s.apply(a) {
                Ok(_) => prop_assert!(s.check_invariants().is_ok()),
                Err(e) => {
                    prop_assert_eq!(s, before);
                    prop_assert!(!e.to_string().is_empty());
                }
            }
        }
    }

    #[test]
    fn arbitrary_packets_never_panic(
        raw in prop::collection::vec(
            (-2i64..7, -3i64..28, -3i64..28, prop::collection::vec(-2i64..27, 0..4)),
            0..80,
        ),
    ) {
        let packets: Vec<Packet> = raw
            .into_iter()
            .map(|(t, f, to, eat)| Packet {
                action_type: Some(t),
                from_index: Some(f),
                to_index: Some(to),
                eat_indices: Some(eat),
                side: None,
                grace_expired: None,
            })
            .collect();
        let r = replay(&packets);
        prop_assert!(r.state.check_invariants().is_ok());
        if let Some((i, _)) = r.error {
            prop_assert_eq!(i, r.applied);
        }
    }
}

/// The shuttle games above do reach both branches of the lock decision: a
/// fixed set of games (an LCG drives the choices) counts them.
#[test]
fn shuttle_games_reach_both_branches_of_the_lock_decision() {
    let mut x = 0x0005_DEEC_E66Du64;
    let mut stats = LockStats::default();
    for _ in 0..300 {
        let choices: Vec<u16> = (0..400)
            .map(|_| {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (x >> 48) as u16
            })
            .collect();
        shuttle_game(&choices, &mut stats);
    }
    assert!(
        stats.unchanged >= 20,
        "blocked shuttles: {}",
        stats.unchanged
    );
    assert!(
        stats.differed >= 20,
        "shuttles after a change: {}",
        stats.differed
    );
}
