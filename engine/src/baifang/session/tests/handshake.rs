//! Session tests: the commit–reveal handshake and what happens around it.

use super::*;

#[test]
fn black_comes_from_both_secrets() {
    // Whatever the secrets, the two sides agree and exactly one is Black.
    for (x, y) in [(1u8, 2u8), (2, 1), (7, 7), (200, 3), (0, 255)] {
        let mut n = Net::new();
        let e = n.a.on_matched("bob", [x; 32], n.now);
        n.route(true, e);
        let e = n.b.on_matched("alice", [y; 32], n.now);
        n.route(false, e);
        n.pump();
        assert_ne!(n.a.my_side(), n.b.my_side(), "{x} {y}");
        let black = black_of(("alice", &[x; 32]), ("bob", &[y; 32]));
        let a_black = n.a.my_side() == Side::Black;
        assert_eq!(black == "alice", a_black);
        // Argument order does not matter.
        assert_eq!(black, black_of(("bob", &[y; 32]), ("alice", &[x; 32])));
    }
    // Both outcomes occur: neither id always plays Black.
    let blacks: std::collections::BTreeSet<String> = (0..16u8)
        .map(|k| black_of(("alice", &[k; 32]), ("bob", &[1; 32])))
        .collect();
    assert_eq!(blacks.len(), 2);
}

#[test]
fn lying_reveal_voids_the_match() {
    let mut n = Net::new();
    let e = n.a.on_matched("bob", [1; 32], n.now);
    n.route(true, e);
    // Bob commits to one secret and reveals another (to pick Black after seeing Alice's).
    let hello = Wire::Hello {
        protocol_version: PROTOCOL_VERSION,
        player_id: "bob".into(),
        commit: commitment(&[5; 32], "bob"),
        rating: 1200,
        games: 0,
    };
    n.inject_a(&hello.to_json());
    assert_eq!(n.a.stage(), Stage::Matched);
    let reveal = Wire::Reveal {
        player_id: "bob".into(),
        secret: hex(&[6; 32]),
    };
    let e = n.inject_a(&reveal.to_json());
    assert_eq!(void_reason(&n.ui_a), Some(Reject::RevealMismatch));
    assert!(e.contains(&SessionCommand::Disconnect));
    assert!(e
        .iter()
        .any(|x| matches!(x, SessionCommand::Send(m) if m.contains("\"kind\":\"abort\""))));
    // A reveal that is not even hex is a mismatch too.
    let mut n = Net::new();
    let e = n.a.on_matched("bob", [1; 32], n.now);
    n.route(true, e);
    n.inject_a(&hello.to_json());
    n.inject_a(r#"{"kind":"reveal","playerID":"bob","secret":"zz"}"#);
    assert_eq!(void_reason(&n.ui_a), Some(Reject::RevealMismatch));
}

#[test]
fn honest_reveal_matches_commitment() {
    let mut n = Net::new();
    let e = n.a.on_matched("bob", [1; 32], n.now);
    n.route(true, e);
    n.inject_a(
        &Wire::Hello {
            protocol_version: PROTOCOL_VERSION,
            player_id: "bob".into(),
            commit: commitment(&[5; 32], "bob"),
            rating: 1200,
            games: 0,
        }
        .to_json(),
    );
    n.inject_a(
        &Wire::Reveal {
            player_id: "bob".into(),
            secret: hex(&[5; 32]),
        }
        .to_json(),
    );
    assert_eq!(n.a.stage(), Stage::Playing);
}

#[test]
fn handshake_errors() {
    // Reveal before hello.
    let mut n = Net::new();
    let e = n.a.on_matched("bob", [1; 32], n.now);
    n.route(true, e);
    n.inject_a(
        &Wire::Reveal {
            player_id: "bob".into(),
            secret: hex(&[5; 32]),
        }
        .to_json(),
    );
    assert_eq!(
        void_reason(&n.ui_a),
        Some(Reject::Unexpected(OutOfPlace::RevealBeforeHello))
    );
    // Same id on both sides.
    let mut n = Net::new();
    let e = n.a.on_matched("alice", [1; 32], n.now);
    n.route(true, e);
    assert_eq!(void_reason(&n.ui_a), Some(Reject::SameId));
    // A second hello.
    let mut n = Net::new();
    let e = n.a.on_matched("bob", [1; 32], n.now);
    n.route(true, e);
    let hello = Wire::Hello {
        protocol_version: PROTOCOL_VERSION,
        player_id: "bob".into(),
        commit: commitment(&[5; 32], "bob"),
        rating: 1200,
        games: 0,
    };
    n.inject_a(&hello.to_json());
    n.inject_a(&hello.to_json());
    assert_eq!(
        void_reason(&n.ui_a),
        Some(Reject::Unexpected(OutOfPlace::SecondHello))
    );
    // A hello of another protocol version.
    let mut n = Net::new();
    let e = n.a.on_matched("bob", [1; 32], n.now);
    n.route(true, e);
    let other_version = Wire::Hello {
        protocol_version: PROTOCOL_VERSION + 1,
        player_id: "bob".into(),
        commit: commitment(&[5; 32], "bob"),
        rating: 1200,
        games: 0,
    };
    n.inject_a(&other_version.to_json());
    assert_eq!(
        void_reason(&n.ui_a),
        Some(Reject::ProtocolVersion(PROTOCOL_VERSION + 1))
    );
}

#[test]
fn handshake_timeout_and_lost_peer_return_to_waiting() {
    let mut n = Net::new();
    let e = n.a.on_matched("bob", [1; 32], n.now);
    n.route(true, e);
    assert!(n.a.tick(T0 + HANDSHAKE_TIMEOUT_MS - 1).is_empty());
    let e = n.a.tick(T0 + HANDSHAKE_TIMEOUT_MS);
    assert!(e.contains(&SessionCommand::Ui(UiEvent::LostBeforeStart)));
    assert!(e.contains(&SessionCommand::Disconnect));
    assert_eq!(n.a.stage(), Stage::Waiting);
    // Matched again, then the peer drops before the handshake ends.
    let e = n.a.on_matched("carol", [1; 32], n.now);
    assert!(!e.is_empty());
    assert_eq!(n.a.stage(), Stage::Matched);
    let e = n.a.on_peer_disconnected(n.now);
    assert!(e.contains(&SessionCommand::Ui(UiEvent::LostBeforeStart)));
    assert_eq!(n.a.stage(), Stage::Waiting);
    // Data while waiting is ignored.
    assert!(n.a.on_data(b"{}", n.now).is_empty());
}

#[test]
fn playing_pair_is_ready() {
    let (a, b) = playing_pair(T0);
    assert_eq!(a.stage(), Stage::Playing);
    assert_eq!(b.stage(), Stage::Playing);
    assert_ne!(a.my_side(), b.my_side());
}

#[test]
fn messages_before_the_match_report_are_kept() {
    // B's hello reaches A before A's transport reported the match.
    let mut a = MatchSession::new(player("alice", 1200, 0));
    let mut b = MatchSession::new(player("bob", 1200, 0));
    let from_b = b.on_matched("alice", [2; 32], T0);
    let hello_b = from_b
        .iter()
        .find_map(|e| match e {
            SessionCommand::Send(m) => Some(m.clone()),
            _ => None,
        })
        .unwrap();
    assert!(a.on_data(hello_b.as_bytes(), T0).is_empty());
    assert_eq!(a.stage(), Stage::Waiting);
    let out = a.on_matched("bob", [1; 32], T0);
    // A sent its hello and, having B's hello already, its reveal.
    let sent: Vec<&String> = out
        .iter()
        .filter_map(|e| match e {
            SessionCommand::Send(m) => Some(m),
            _ => None,
        })
        .collect();
    assert_eq!(sent.len(), 2);
    assert!(sent[1].contains("\"kind\":\"reveal\""));
}
