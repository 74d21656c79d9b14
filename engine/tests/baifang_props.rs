//! Property tests over random legal games (issue 3, "What must be shown").

use engine::baifang::{replay, Action, ActionList, Game, Packet, Phase, Side, State, MAX_ACTIONS};
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
            })
            .collect();
        let r = replay(&packets);
        prop_assert!(r.state.check_invariants().is_ok());
        if let Some((i, _)) = r.error {
            prop_assert_eq!(i, r.applied);
        }
    }
}
