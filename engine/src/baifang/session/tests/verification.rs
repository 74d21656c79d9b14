//! Session tests: every check a received packet passes, and what a failed one does.

use super::*;

#[test]
fn reject_malformed() {
    for bad in [
        "",
        "not json",
        "{}",
        "[1,2]",
        r#"{"kind":"action"}"#,
        r#"{"kind":"nope","playerID":"bob"}"#,
    ] {
        let mut n = Net::b_to_move();
        n.inject_a(bad);
        assert_voided(&mut n, |r| matches!(r, Reject::Malformed(_)));
    }
}

#[test]
fn reject_protocol_version() {
    let mut n = Net::b_to_move();
    let mut p = n.b_packet(Action::Place { to: 24 });
    p.protocol_version = PROTOCOL_VERSION + 1;
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| {
        *r == Reject::ProtocolVersion(PROTOCOL_VERSION + 1)
    });
}

#[test]
fn reject_wrong_sender() {
    let mut n = Net::b_to_move();
    let mut p = n.b_packet(Action::Place { to: 24 });
    p.player_id = "mallory".into();
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| *r == Reject::WrongSender("mallory".into()));
}

#[test]
fn reject_duplicate_old_and_gap() {
    // Duplicate: replay B's last packet.
    let mut n = Net::b_to_move();
    let p = n.b_packet(Action::Place { to: 24 });
    let json = Wire::Action(p).to_json();
    n.inject_a(&json);
    assert!(void_reason(&n.ui_a).is_none());
    n.inject_a(&json);
    assert_voided(&mut n, |r| {
        matches!(
            r,
            Reject::DuplicateSeq {
                got: 1,
                expected: 2
            }
        )
    });

    // Old: a seq before the last one.
    let mut n = Net::b_to_move();
    for _ in 0..4 {
        n.step();
    }
    let mut p = n.b_packet(Action::Place { to: 24 });
    let expected = p.seq;
    assert!(expected >= 3);
    p.seq = 1;
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| *r == Reject::OldSeq { got: 1, expected });

    // Gap.
    let mut n = Net::b_to_move();
    let mut p = n.b_packet(Action::Place { to: 24 });
    p.seq += 1;
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| {
        matches!(
            r,
            Reject::SeqGap {
                got: 2,
                expected: 1
            }
        )
    });
}

#[test]
fn reject_absurd_timestamps() {
    let mut n = Net::b_to_move();
    let mut p = n.b_packet(Action::Place { to: 24 });
    p.timestamp = (n.now + MAX_CLOCK_SKEW_MS + 1) as i64;
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| matches!(r, Reject::Timestamp { .. }));

    let mut n = Net::b_to_move();
    let mut p = n.b_packet(Action::Place { to: 24 });
    p.timestamp = -5;
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| matches!(r, Reject::Timestamp { .. }));

    // Going backwards relative to the peer's previous packet.
    let mut n = Net::b_to_move();
    n.now += 10_000;
    n.step(); // B moves at now
    n.step(); // A moves
    let mut p = n.b_packet(Action::Place { to: 24 });
    p.timestamp = (n.now - 1) as i64;
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| matches!(r, Reject::Timestamp { .. }));
}

#[test]
fn reject_action_out_of_turn() {
    let mut n = Net::matched();
    if !n.mover_is_a() {
        n.step();
    }
    // A is to move; B sends a place anyway (with a plausible hash).
    let st = *n.b.state();
    let packet = BoardActionPacket {
        protocol_version: PROTOCOL_VERSION,
        action_type: 0,
        player_id: "bob".into(),
        from_index: -1,
        to_index: 24,
        eat_indices: vec![],
        timestamp: n.now as i64,
        seq: 1 + n.b.window.sent.len() as u64,
        hash: crate::baifang::state::hash_hex(st.hash()),
    };
    n.inject_a(&Wire::Action(packet).to_json());
    assert_voided(&mut n, |r| *r == Reject::NotSendersTurn);
}

#[test]
fn reject_illegal_action() {
    let mut n = Net::b_to_move();
    // Place on an occupied point (A placed first).
    let occupied = (0..25u8)
        .find(|&p| n.a.state().at(p as usize).is_some())
        .unwrap();
    let mut p = n.b_packet(Action::Place { to: 24 });
    p.to_index = occupied as i64;
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| {
        matches!(r, Reject::Illegal(RuleError::Occupied { .. }))
    });
    // Off-board index, and an unknown action type.
    let mut n = Net::b_to_move();
    let mut p = n.b_packet(Action::Place { to: 24 });
    p.to_index = 25;
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| {
        matches!(r, Reject::BadPacket(PacketError::OffBoard { .. }))
    });
    let mut n = Net::b_to_move();
    let mut p = n.b_packet(Action::Place { to: 24 });
    p.action_type = 5;
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| {
        matches!(r, Reject::BadPacket(PacketError::UnknownActionType(5)))
    });
}

#[test]
fn reject_hash_mismatch() {
    let mut n = Net::b_to_move();
    let mut p = n.b_packet(Action::Place { to: 24 });
    p.hash = "0000000000000000".into();
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| matches!(r, Reject::HashMismatch { .. }));
}

#[test]
fn reject_premature_timeout_claim() {
    let mut n = Net::matched();
    if !n.mover_is_a() {
        n.step();
    }
    // A is to move, only 10 s into its turn; B claims A timed out.
    n.now += 10_000;
    let mut st = *n.a.state();
    st.apply(Action::Timeout).unwrap();
    let packet = BoardActionPacket {
        protocol_version: PROTOCOL_VERSION,
        action_type: 4,
        player_id: "bob".into(),
        from_index: -1,
        to_index: -1,
        eat_indices: vec![],
        timestamp: n.now as i64,
        seq: 1 + n.b.window.sent.len() as u64,
        hash: crate::baifang::state::hash_hex(st.hash()),
    };
    n.inject_a(&Wire::Action(packet).to_json());
    assert_voided(&mut n, |r| {
        *r == Reject::PrematureTimeout { elapsed: 10_000 }
    });
}

#[test]
fn reject_unexpected_messages() {
    // An action during the handshake.
    let mut n = Net::new();
    let e = n.a.on_matched("bob", [1; 32], n.now);
    n.route(true, e);
    let p = BoardActionPacket {
        protocol_version: PROTOCOL_VERSION,
        action_type: 0,
        player_id: "bob".into(),
        from_index: -1,
        to_index: 0,
        eat_indices: vec![],
        timestamp: n.now as i64,
        seq: 1,
        hash: "0".into(),
    };
    n.inject_a(&Wire::Action(p).to_json());
    assert_eq!(
        void_reason(&n.ui_a),
        Some(Reject::Unexpected(OutOfPlace::ActionBeforeStart))
    );
    // A reveal during the game.
    let mut n = Net::b_to_move();
    n.inject_a(
        &Wire::Reveal {
            player_id: "bob".into(),
            secret: hex(&[2; 32]),
        }
        .to_json(),
    );
    assert_voided(&mut n, |r| matches!(r, Reject::Unexpected(_)));
}

/// The attack: a side about to lose sends `abort` mid-game. The honest side
/// records the game as the sender's loss (rated: a forfeit), not a void.
#[test]
fn a_mid_game_abort_is_the_senders_loss() {
    let mut n = Net::b_to_move();
    n.inject_a(
        &Wire::Abort {
            player_id: "bob".into(),
            reason: "x".into(),
        }
        .to_json(),
    );
    assert_eq!(void_reason(&n.ui_a), Some(Reject::PeerAborted("x".into())));
    assert!(settlement(&n.ui_a).is_none());
    match n.a.result() {
        Some(MatchResult::Forfeited { settlement, .. }) => {
            assert!(settlement.won);
            assert_eq!(settlement.winner, n.a.my_side());
            assert!(settlement.my_rating.1 > settlement.my_rating.0, "rated");
        }
        other => panic!("not a forfeit: {other:?}"),
    }
    // The voided side no longer reacts.
    assert!(n.a.on_data(b"garbage", n.now).is_empty());
    assert!(n.a.tick(n.now + 100_000).is_empty());
}

// ---- memory tampering: a side that edits its own state is caught ----

#[test]
fn tampered_state_is_caught_by_the_next_packet() {
    // A edits its memory (removes one of B's stones, hash recomputed as a
    // careful cheater would); B's next action arrives with B's true hash.
    let mut n = Net::b_to_move();
    for _ in 0..6 {
        n.step();
    }
    assert!(!n.mover_is_a());
    let b_side = n.b.my_side();
    n.a.tamper_with_state(|s| {
        let victim = s.board[b_side.idx()].trailing_zeros();
        s.board[b_side.idx()] &= !(1 << victim);
        s.hash = s.compute_hash();
    });
    n.step_unchecked();
    assert_voided(&mut n, |r| matches!(r, Reject::HashMismatch { .. }));
    // A's own state no longer replays from its log: the fault is A's, so A
    // voids; B, told by A's abort, records A's forfeit.
    assert!(matches!(n.a.result(), Some(MatchResult::Void(_))));
    assert!(matches!(n.b.result(), Some(MatchResult::Forfeited { .. })));

    // The other direction: the cheater's own next action carries its forged hash.
    let mut n = Net::matched();
    for _ in 0..5 {
        n.step();
    }
    let a_side = n.a.my_side();
    if !n.mover_is_a() {
        n.step();
    }
    n.a.tamper_with_state(|s| {
        s.hand[a_side.idx()] += 1;
        s.hash = s.compute_hash();
    });
    n.step_unchecked();
    let r = void_reason(&n.ui_b).expect("B voided");
    assert!(matches!(r, Reject::HashMismatch { .. }), "{r:?}");
    assert!(matches!(void_reason(&n.ui_a), Some(Reject::PeerAborted(_))));
}

#[test]
fn arbitrary_bytes_never_panic_and_end_in_a_rejection() {
    let inputs: [&[u8]; 6] = [
        b"",
        b"\xff\xfe",
        b"{\"kind\":\"action\",\"seq\":18446744073709551615}",
        b"null",
        b"{\"kind\":\"hello\"}",
        &[b'{'; 1000],
    ];
    for bytes in inputs {
        let mut n = Net::b_to_move();
        let e = n.a.on_data(bytes, n.now);
        assert!(e.contains(&SessionCommand::Disconnect));
        // Garbage mid-game is the sender's forfeit.
        assert!(matches!(n.a.result(), Some(MatchResult::Forfeited { .. })));
    }
}

#[test]
fn resends_that_arrived_anyway_are_ignored_once_after_a_sync() {
    let mut n = Net::b_to_move();
    // A thinks B dropped and, back, asks for a resend; B's next packet was in
    // flight all along and arrives, then B answers the sync by resending it.
    let e = n.a.on_peer_disconnected(n.now);
    n.route(true, e);
    let e = n.a.on_peer_reconnected(n.now);
    let sync = e
        .iter()
        .find_map(|x| match x {
            SessionCommand::Send(m) if m.contains("\"kind\":\"sync\"") => Some(m.clone()),
            _ => None,
        })
        .unwrap();
    n.step(); // B plays; A receives it
    let before = n.a.actions();
    let e = n.b.on_data(sync.as_bytes(), n.now); // B sees A's old `received`: resends
    assert!(e
        .iter()
        .any(|x| matches!(x, SessionCommand::Send(m) if m.contains("\"kind\":\"action\""))));
    n.route(false, e);
    n.pump();
    assert_eq!(n.a.actions(), before);
    assert_eq!(n.a.stage(), Stage::Playing);
    // The same packet a third time is a replay.
    let last = n.b.window.sent.last().unwrap().clone();
    n.inject_a(&last);
    assert_voided(&mut n, |r| matches!(r, Reject::DuplicateSeq { .. }));
}
