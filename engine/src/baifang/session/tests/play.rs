//! Session tests: a whole game, our own actions, and what the session reports for them.

use super::*;

#[test]
fn lifecycle_waiting_matched_playing_finished() {
    let mut n = Net::new();
    assert_eq!(n.a.stage(), Stage::Waiting);
    let e = n.a.on_matched("bob", [1; 32], n.now);
    assert!(matches!(e[0], SessionCommand::Ui(UiEvent::Matched { .. })));
    n.route(true, e);
    assert_eq!(n.a.stage(), Stage::Matched);
    // A second match report while matched is ignored.
    assert!(n.a.on_matched("carol", [9; 32], n.now).is_empty());
    let e = n.b.on_matched("alice", [2; 32], n.now);
    n.route(false, e);
    n.pump();
    assert_eq!(n.a.stage(), Stage::Playing);
    assert_eq!(n.b.stage(), Stage::Playing);
    assert_ne!(n.a.my_side(), n.b.my_side());
    // Each learned the other's rating and games in the handshake.
    assert!(n.ui_a.iter().any(
        |u| matches!(u, UiEvent::Started { peer, .. } if peer.rating == 1300 && peer.games == 25)
    ));
    assert!(n.ui_b.iter().any(
        |u| matches!(u, UiEvent::Started { peer, .. } if peer.rating == 1200 && peer.games == 0)
    ));
    // Play a game to the end (first legal action each time; resign if it runs long).
    for _ in 0..300 {
        if n.a.stage() == Stage::Finished {
            break;
        }
        n.step();
    }
    if n.a.stage() != Stage::Finished {
        let e = n.a.resign(n.now);
        n.route(true, e);
        n.pump();
    }
    assert_eq!(n.a.stage(), Stage::Finished);
    assert_eq!(n.b.stage(), Stage::Finished);
    assert_eq!(n.a.state(), n.b.state());
    let (sa, sb) = (settlement(&n.ui_a).unwrap(), settlement(&n.ui_b).unwrap());
    assert_ne!(sa.won, sb.won);
    assert_eq!(sa.winner, sb.winner);
    // The connection is kept for a rematch, then released when nobody asks.
    assert!(!n.released_a && !n.released_b);
    n.tick(n.now + REMATCH_OFFER_MS);
    assert!(n.released_a && n.released_b);
}

#[test]
fn resign_settles_both() {
    let mut n = Net::b_to_move();
    let e = n.a.resign(n.now); // not A's turn: resigning is always allowed
    n.route(true, e);
    n.pump();
    let (sa, sb) = (settlement(&n.ui_a).unwrap(), settlement(&n.ui_b).unwrap());
    assert!(!sa.won && sb.won);
    assert_eq!(sa.reason, Reason::Resign);
    // Playing after the end is refused.
    assert!(n.b.play(Action::Place { to: 0 }, n.now).is_err());
}

#[test]
fn local_intents_outside_the_turn_are_refused() {
    let mut n = Net::b_to_move();
    assert!(n.a.play(Action::Place { to: 24 }, n.now).is_err());
    assert!(n.a.play(Action::Timeout, n.now).is_err());
    assert_eq!(n.a.actions(), n.b.actions());
}

/// The `Applied` events in `ui`, as (action, outcome, by_peer).
fn applied(ui: &[UiEvent]) -> Vec<(Action, ActionOutcome, bool)> {
    ui.iter()
        .filter_map(|u| match u {
            UiEvent::Applied {
                action,
                outcome,
                by_peer,
            } => Some((*action, *outcome, *by_peer)),
            _ => None,
        })
        .collect()
}

#[test]
fn applied_events_carry_the_engines_outcome_on_both_sides() {
    // Black builds the square {0, 1, 5, 6} while White places far away; the
    // completing placement owes one capture, which Black takes.
    let mut n = Net::matched();
    let script = [
        Action::Place { to: 0 },
        Action::Place { to: 20 },
        Action::Place { to: 1 },
        Action::Place { to: 21 },
        Action::Place { to: 5 },
        Action::Place { to: 23 },
        Action::Place { to: 6 },
        Action::Capture { at: 20 },
    ];
    let mut expected = Vec::new();
    for action in script {
        let mut probe = *n.a.state();
        expected.push((
            action,
            probe.apply(action).expect("scripted action is legal"),
        ));
        n.play_as_mover(action);
    }
    for (ui, black_is_me) in [
        (&n.ui_a, n.a.my_side() == Side::Black),
        (&n.ui_b, n.b.my_side() == Side::Black),
    ] {
        let got = applied(ui);
        assert_eq!(got.len(), script.len());
        for (k, ((action, outcome, by_peer), (want_action, want))) in
            got.into_iter().zip(&expected).enumerate()
        {
            assert_eq!(action, *want_action);
            assert_eq!(outcome, *want, "outcome of action {k}");
            let black_acted = k % 2 == 0 || k == script.len() - 1;
            assert_eq!(by_peer, black_acted != black_is_me);
        }
    }
    let formed = expected[6].1;
    assert_eq!(formed.new_squares.count_ones(), 1);
    assert_eq!(formed.owed, 1);
    assert!(!formed.turn_passed);
    assert_eq!(expected[7].1.captured, Some(20));
    assert!(expected[7].1.turn_passed);
    // Both sides keep the same log, and it replays to their state.
    for s in [&n.a, &n.b] {
        assert_eq!(s.log(), &script);
        assert_eq!(
            crate::baifang::Game::from_log(s.log()).unwrap().state(),
            s.state()
        );
    }
}

#[test]
fn a_received_packet_with_captures_reports_its_placement() {
    // The packet format lets a placement and its captures travel together: the
    // receiver's event reports the placement and what it formed.
    let mut n = Net::matched();
    for to in [0, 20, 1, 21, 5, 23] {
        n.play_as_mover(Action::Place { to });
    }
    let black_is_a = n.mover_is_a();
    let sender = if black_is_a { &n.a } else { &n.b };
    let mut probe = *sender.state();
    let want = probe.apply(Action::Place { to: 6 }).unwrap();
    assert_eq!(want.owed, 1);
    probe.apply(Action::Capture { at: 20 }).unwrap();
    let packet = BoardActionPacket {
        protocol_version: PROTOCOL_VERSION,
        action_type: 0,
        player_id: sender.me().id.clone(),
        from_index: -1,
        to_index: 6,
        eat_indices: vec![20],
        timestamp: n.now as i64,
        seq: sender.window.sent.len() as u64 + 1,
        hash: crate::baifang::state::hash_hex(probe.hash()),
    };
    let receiver = if black_is_a { &mut n.b } else { &mut n.a };
    let e = receiver.on_data(Wire::Action(packet).to_json().as_bytes(), n.now);
    let ui: Vec<UiEvent> = e
        .into_iter()
        .filter_map(|c| match c {
            SessionCommand::Ui(u) => Some(u),
            _ => None,
        })
        .collect();
    assert_eq!(applied(&ui), vec![(Action::Place { to: 6 }, want, true)]);
    assert_eq!(*receiver.state(), probe);
    // The log holds the placement and the capture it carried.
    assert_eq!(
        &receiver.log()[6..],
        &[Action::Place { to: 6 }, Action::Capture { at: 20 }]
    );
    assert_eq!(
        crate::baifang::Game::from_log(receiver.log())
            .unwrap()
            .state(),
        &probe
    );
}
