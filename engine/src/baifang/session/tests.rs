//! Session tests with an injected clock: two sessions wired back to back.

use super::*;
use crate::baifang::ActionList;
use std::collections::VecDeque;

const T0: u64 = 1_700_000_000_000;

fn player(id: &str, rating: i32, games: u32) -> Player {
    Player {
        id: id.to_string(),
        rating,
        games,
    }
}

/// Two sessions and the messages in flight between them.
struct Net {
    a: Session,
    b: Session,
    now: u64,
    to_a: VecDeque<String>,
    to_b: VecDeque<String>,
    ui_a: Vec<UiEvent>,
    ui_b: Vec<UiEvent>,
    released_a: bool,
    released_b: bool,
    /// While false, messages to that side are dropped (it is offline).
    a_online: bool,
    b_online: bool,
}

impl Net {
    fn new() -> Net {
        Net {
            a: Session::new(player("alice", 1200, 0)),
            b: Session::new(player("bob", 1300, 25)),
            now: T0,
            to_a: VecDeque::new(),
            to_b: VecDeque::new(),
            ui_a: Vec::new(),
            ui_b: Vec::new(),
            released_a: false,
            released_b: false,
            a_online: true,
            b_online: true,
        }
    }

    fn route(&mut self, from_a: bool, effects: Vec<Effect>) {
        for e in effects {
            match (e, from_a) {
                (Effect::Send(m), true) => {
                    if self.b_online {
                        self.to_b.push_back(m)
                    }
                }
                (Effect::Send(m), false) => {
                    if self.a_online {
                        self.to_a.push_back(m)
                    }
                }
                (Effect::Disconnect, true) => self.released_a = true,
                (Effect::Disconnect, false) => self.released_b = true,
                (Effect::Ui(u), true) => self.ui_a.push(u),
                (Effect::Ui(u), false) => self.ui_b.push(u),
            }
        }
    }

    fn pump(&mut self) {
        loop {
            if let Some(m) = self.to_a.pop_front() {
                let e = self.a.on_data(m.as_bytes(), self.now);
                self.route(true, e);
            } else if let Some(m) = self.to_b.pop_front() {
                let e = self.b.on_data(m.as_bytes(), self.now);
                self.route(false, e);
            } else {
                break;
            }
        }
    }

    fn matched() -> Net {
        let mut n = Net::new();
        let e = n.a.on_matched("bob", [1; 32], n.now);
        n.route(true, e);
        let e = n.b.on_matched("alice", [2; 32], n.now);
        n.route(false, e);
        n.pump();
        assert_eq!(n.a.stage(), Stage::Playing);
        assert_eq!(n.b.stage(), Stage::Playing);
        n
    }

    /// The session whose side is to move, as (is_a).
    fn mover_is_a(&self) -> bool {
        self.a.state().to_move() == self.a.my_side()
    }

    /// The mover plays its first legal action.
    fn step(&mut self) {
        let a_moves = self.mover_is_a();
        let s = if a_moves { &mut self.a } else { &mut self.b };
        let mut list = ActionList::new();
        s.state().legal_actions(&mut list);
        let e = s.play(list[0], self.now).expect("legal");
        self.route(a_moves, e);
        self.pump();
        assert_eq!(
            self.a.state(),
            self.b.state(),
            "boards identical after every action"
        );
    }

    fn tick(&mut self, now: u64) {
        self.now = now;
        let e = self.a.tick(now);
        self.route(true, e);
        let e = self.b.tick(now);
        self.route(false, e);
        self.pump();
    }

    /// Delivers raw bytes to A as if from B.
    fn inject_a(&mut self, bytes: &str) -> Vec<Effect> {
        let e = self.a.on_data(bytes.as_bytes(), self.now);
        self.route(true, e.clone());
        e
    }

    /// The next action packet B would send for `action` (without sending it).
    fn b_packet(&self, action: Action) -> BoardActionPacket {
        let mut next = *self.b.state();
        next.apply(action).unwrap();
        let p = Packet::from_action(action);
        BoardActionPacket {
            protocol_version: 1,
            action_type: p.kind(),
            player_id: "bob".into(),
            from_index: p.from_index.unwrap_or(-1),
            to_index: p.to_index.unwrap_or(-1),
            eat_indices: p.eat_indices.unwrap_or_default(),
            timestamp: self.now as i64,
            seq: self.b.sent.len() as u64 + 1,
            hash: format!("{:016x}", next.hash()),
        }
    }

    /// Sets things up so B is to move.
    fn b_to_move() -> Net {
        let mut n = Net::matched();
        if n.mover_is_a() {
            n.step();
        }
        assert!(!n.mover_is_a());
        n
    }
}

fn void_reason(ui: &[UiEvent]) -> Option<Reject> {
    ui.iter().find_map(|u| match u {
        UiEvent::Finished(Outcome::Void(r)) => Some(r.clone()),
        _ => None,
    })
}

fn settlement(ui: &[UiEvent]) -> Option<Settlement> {
    ui.iter().find_map(|u| match u {
        UiEvent::Finished(Outcome::Decided(s)) => Some(s.clone()),
        _ => None,
    })
}

/// A rejection voids the match on both sides, releases both transports and
/// tells the peer.
fn assert_voided(n: &mut Net, expect: impl Fn(&Reject) -> bool) {
    let r = void_reason(&n.ui_a).expect("A voided");
    assert!(expect(&r), "unexpected reason {r:?}");
    assert!(!r.to_string().is_empty());
    assert_eq!(n.a.stage(), Stage::Finished);
    assert!(n.released_a);
    n.pump();
    assert!(matches!(void_reason(&n.ui_b), Some(Reject::PeerAborted(_))));
    assert_eq!(n.b.stage(), Stage::Finished);
    assert!(n.released_b);
    assert!(matches!(n.a.outcome(), Some(Outcome::Void(_))));
}

// ---- lifecycle and handshake ----

#[test]
fn lifecycle_waiting_matched_playing_finished() {
    let mut n = Net::new();
    assert_eq!(n.a.stage(), Stage::Waiting);
    let e = n.a.on_matched("bob", [1; 32], n.now);
    assert!(matches!(e[0], Effect::Ui(UiEvent::Matched { .. })));
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
    assert!(n.released_a && n.released_b);
}

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
        protocol_version: 1,
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
    assert!(e.contains(&Effect::Disconnect));
    assert!(e
        .iter()
        .any(|x| matches!(x, Effect::Send(m) if m.contains("\"kind\":\"abort\""))));
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
            protocol_version: 1,
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
        Some(Reject::Unexpected("reveal before hello"))
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
        protocol_version: 1,
        player_id: "bob".into(),
        commit: commitment(&[5; 32], "bob"),
        rating: 1200,
        games: 0,
    };
    n.inject_a(&hello.to_json());
    n.inject_a(&hello.to_json());
    assert_eq!(
        void_reason(&n.ui_a),
        Some(Reject::Unexpected("second hello"))
    );
    // A hello of another protocol version.
    let mut n = Net::new();
    let e = n.a.on_matched("bob", [1; 32], n.now);
    n.route(true, e);
    n.inject_a(
        &hello
            .to_json()
            .replace("\"protocolVersion\":1", "\"protocolVersion\":2"),
    );
    assert_eq!(void_reason(&n.ui_a), Some(Reject::ProtocolVersion(2)));
}

#[test]
fn handshake_timeout_and_lost_peer_return_to_waiting() {
    let mut n = Net::new();
    let e = n.a.on_matched("bob", [1; 32], n.now);
    n.route(true, e);
    assert!(n.a.tick(T0 + HANDSHAKE_TIMEOUT_MS - 1).is_empty());
    let e = n.a.tick(T0 + HANDSHAKE_TIMEOUT_MS);
    assert!(e.contains(&Effect::Ui(UiEvent::LostBeforeStart)));
    assert!(e.contains(&Effect::Disconnect));
    assert_eq!(n.a.stage(), Stage::Waiting);
    // Matched again, then the peer drops before the handshake ends.
    let e = n.a.on_matched("carol", [1; 32], n.now);
    assert!(!e.is_empty());
    assert_eq!(n.a.stage(), Stage::Matched);
    let e = n.a.on_peer_disconnected(n.now);
    assert!(e.contains(&Effect::Ui(UiEvent::LostBeforeStart)));
    assert_eq!(n.a.stage(), Stage::Waiting);
    // Data while waiting is ignored.
    assert!(n.a.on_data(b"{}", n.now).is_empty());
}

// ---- packet rejections ----

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
    p.protocol_version = 2;
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| *r == Reject::ProtocolVersion(2));
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
        protocol_version: 1,
        action_type: 0,
        player_id: "bob".into(),
        from_index: -1,
        to_index: 24,
        eat_indices: vec![],
        timestamp: n.now as i64,
        seq: 1 + n.b.sent.len() as u64,
        hash: format!("{:016x}", st.hash()),
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
        matches!(r, Reject::Illegal(ActionError::Occupied { .. }))
    });
    // Off-board index, and an unknown action type.
    let mut n = Net::b_to_move();
    let mut p = n.b_packet(Action::Place { to: 24 });
    p.to_index = 25;
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| {
        matches!(r, Reject::Illegal(ActionError::OffBoard { .. }))
    });
    let mut n = Net::b_to_move();
    let mut p = n.b_packet(Action::Place { to: 24 });
    p.action_type = 5;
    n.inject_a(&Wire::Action(p).to_json());
    assert_voided(&mut n, |r| {
        matches!(r, Reject::Illegal(ActionError::UnknownActionType(5)))
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
        protocol_version: 1,
        action_type: 4,
        player_id: "bob".into(),
        from_index: -1,
        to_index: -1,
        eat_indices: vec![],
        timestamp: n.now as i64,
        seq: 1 + n.b.sent.len() as u64,
        hash: format!("{:016x}", st.hash()),
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
        protocol_version: 1,
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
        Some(Reject::Unexpected("action before the game started"))
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

#[test]
fn peer_abort_voids_without_rating_change() {
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
    // The voided side no longer reacts.
    assert!(n.a.on_data(b"garbage", n.now).is_empty());
    assert!(n.a.tick(n.now + 100_000).is_empty());
}

// ---- memory tampering (seed 000 §6.2) ----

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

impl Net {
    /// Like `step` without asserting equal boards.
    fn step_unchecked(&mut self) {
        let a_moves = self.mover_is_a();
        let s = if a_moves { &mut self.a } else { &mut self.b };
        let mut list = ActionList::new();
        s.state().legal_actions(&mut list);
        let e = s.play(list[0], self.now).expect("legal");
        self.route(a_moves, e);
        self.pump();
    }
}

// ---- clocks ----

#[test]
fn mover_sends_its_timeout_at_30_s() {
    let mut n = Net::matched();
    let start = n.now;
    let mover_a = n.mover_is_a();
    n.tick(start + STEP_TIME_LIMIT_MS as u64 - 1);
    assert_eq!(n.a.state().timeouts(Side::Black), 0);
    n.tick(start + STEP_TIME_LIMIT_MS as u64);
    assert_eq!(n.a.state().timeouts(Side::Black), 1);
    assert_eq!(n.a.state(), n.b.state());
    assert_eq!(n.mover_is_a(), !mover_a);
    assert!(n.a.stage() == Stage::Playing);
}

#[test]
fn waiting_side_applies_the_timeout_after_the_network_grace() {
    // The mover's session is silent (its messages are lost): the waiting side
    // applies the timeout itself at 30 s + grace and tells the peer.
    let mut n = Net::matched();
    let start = n.now;
    let a_moves = n.mover_is_a();
    let (waiter_ui_len, deadline) = (0, start + STEP_TIME_LIMIT_MS as u64 + NETWORK_GRACE_MS);
    let _ = waiter_ui_len;
    let waiter = if a_moves { &mut n.b } else { &mut n.a };
    assert!(waiter.tick(deadline - 1).is_empty());
    let e = waiter.tick(deadline);
    assert!(e
        .iter()
        .any(|x| matches!(x, Effect::Send(m) if m.contains("\"actionType\":4"))));
    assert_eq!(waiter.state().timeouts(Side::Black), 1);
    // Delivered to the mover (whose clock also ran out: it accepts).
    n.now = deadline;
    n.route(!a_moves, e);
    n.pump();
    assert_eq!(n.a.state(), n.b.state());
    assert_eq!(n.a.stage(), Stage::Playing);
}

#[test]
fn crossing_timeouts_are_echoes_not_double_timeouts() {
    // Both sides apply the same timeout (the mover's packet is slow): each
    // treats the other's as confirmation.
    let mut n = Net::matched();
    let start = n.now;
    let a_moves = n.mover_is_a();
    let t = start + STEP_TIME_LIMIT_MS as u64 + NETWORK_GRACE_MS;
    n.now = t;
    let ea = n.a.tick(t);
    let eb = n.b.tick(t);
    n.route(true, ea);
    n.route(false, eb);
    n.pump();
    assert_eq!(n.a.state(), n.b.state());
    assert_eq!(n.a.state().timeouts(Side::Black), 1);
    assert_eq!(n.a.stage(), Stage::Playing);
    assert_eq!(n.mover_is_a(), !a_moves);
    // The game goes on normally afterwards.
    n.step();
    n.step();
}

#[test]
fn three_timeouts_lose_with_elo() {
    let mut n = Net::matched();
    let black_is_a = n.a.my_side() == Side::Black;
    // Black times out three times; White plays its turns.
    for _ in 0..3 {
        let t = n.now + STEP_TIME_LIMIT_MS as u64;
        n.tick(t);
        if n.a.stage() == Stage::Finished {
            break;
        }
        n.step();
    }
    assert_eq!(n.a.stage(), Stage::Finished);
    let sa = settlement(&n.ui_a).unwrap();
    let sb = settlement(&n.ui_b).unwrap();
    assert_eq!(sa.reason, Reason::Timeouts);
    assert_eq!(sa.winner, Side::White);
    assert_eq!(sa.won, !black_is_a);
    // Ratings follow the formula: alice 1200 (0 games), bob 1300 (25 games).
    let alice_won = sa.won;
    assert_eq!(
        sa.my_rating,
        (1200, elo::new_rating(1200, 1300, alice_won, 0))
    );
    assert_eq!(
        sb.my_rating,
        (1300, elo::new_rating(1300, 1200, !alice_won, 25))
    );
    assert_eq!(sa.peer_rating, sb.my_rating);
    assert_eq!(sb.peer_rating, sa.my_rating);
}

// ---- disconnects ----

#[test]
fn peer_gone_for_15_s_loses() {
    let mut n = Net::b_to_move();
    let t = n.now;
    let e = n.a.on_peer_disconnected(t);
    assert_eq!(
        e,
        vec![Effect::Ui(UiEvent::PeerAway {
            deadline: t + 15_000
        })]
    );
    assert_eq!(n.a.grace_deadline(), Some(t + 15_000));
    assert_eq!(
        n.a.step_deadline(),
        None,
        "no step clock while the peer is away"
    );
    // A second report during the same absence changes nothing.
    assert!(n.a.on_peer_disconnected(t + 10).is_empty());
    assert!(n.a.tick(t + 14_999).is_empty());
    let e = n.a.tick(t + 15_000);
    assert!(e.contains(&Effect::Disconnect));
    let s = e
        .iter()
        .find_map(|x| match x {
            Effect::Ui(UiEvent::Finished(Outcome::Decided(s))) => Some(s.clone()),
            _ => None,
        })
        .unwrap();
    assert!(s.won);
    assert_eq!(s.reason, Reason::Disconnect);
    assert_eq!(s.my_rating, (1200, elo::new_rating(1200, 1300, true, 0)));
    assert_eq!(n.a.stage(), Stage::Finished);
}

#[test]
fn reconnect_within_grace_resumes_and_catches_up() {
    let mut n = Net::b_to_move();
    // A drops: B keeps playing, its packet to A is lost.
    n.a_online = false;
    let e = n.b.on_peer_disconnected(n.now);
    n.route(false, e);
    n.step_unchecked(); // B plays, the packet is lost
    assert_ne!(n.a.state(), n.b.state());
    n.now += 8_000;
    n.a_online = true;
    let e = n.b.on_peer_reconnected(n.now);
    assert!(e.contains(&Effect::Ui(UiEvent::PeerBack)));
    n.route(false, e);
    let e = n.a.on_peer_reconnected(n.now); // nothing: A never saw B leave
    n.route(true, e);
    // A's own sync (as after returning to the foreground) brings the missing packet.
    let e = n.a.on_local_foreground(n.now);
    n.route(true, e);
    n.pump();
    assert_eq!(n.a.state(), n.b.state());
    assert_eq!(n.a.actions(), n.b.actions());
    assert_eq!(n.b.grace_deadline(), None);
    n.step();
    n.step();
    assert_eq!(n.a.stage(), Stage::Playing);
}

#[test]
fn sync_with_different_state_voids() {
    let mut n = Net::b_to_move();
    n.inject_a(
        &Wire::Sync {
            player_id: "bob".into(),
            received: n.b.received,
            sent: n.b.sent.len() as u64,
            actions: n.a.actions(),
            hash: "0123456789abcdef".into(),
        }
        .to_json(),
    );
    assert_voided(&mut n, |r| *r == Reject::SyncMismatch);
}

#[test]
fn third_disconnect_loses_at_once() {
    let mut n = Net::b_to_move();
    for k in 1..DISCONNECTS_TO_LOSE {
        let e = n.a.on_peer_disconnected(n.now);
        assert!(matches!(e[0], Effect::Ui(UiEvent::PeerAway { .. })));
        n.now += 1_000;
        let e = n.a.on_peer_reconnected(n.now);
        assert!(e.contains(&Effect::Ui(UiEvent::PeerBack)));
        assert_eq!(n.a.peer_disconnects(), k);
    }
    let e = n.a.on_peer_disconnected(n.now);
    assert!(e.contains(&Effect::Disconnect));
    let s = settlement(
        &e.into_iter()
            .filter_map(|x| match x {
                Effect::Ui(u) => Some(u),
                _ => None,
            })
            .collect::<Vec<_>>(),
    )
    .unwrap();
    assert!(s.won);
    assert_eq!(s.reason, Reason::Disconnect);
}

#[test]
fn presence_messages_start_and_end_the_grace() {
    let mut n = Net::b_to_move();
    let e = n.b.on_local_background(n.now);
    n.route(false, e);
    n.pump();
    assert_eq!(n.a.grace_deadline(), Some(n.now + 15_000));
    n.now += 5_000;
    let e = n.b.on_local_foreground(n.now);
    n.route(false, e);
    n.pump();
    assert_eq!(n.a.grace_deadline(), None);
    assert!(n.ui_a.contains(&UiEvent::PeerBack));
    n.step();
    assert_eq!(n.a.stage(), Stage::Playing);
}

#[test]
fn back_after_the_grace_is_a_loss() {
    let mut n = Net::b_to_move();
    let e = n.b.on_local_background(n.now);
    n.route(false, e);
    n.pump();
    n.tick(n.now + 15_000);
    assert!(settlement(&n.ui_a).unwrap().won);
    let e = n.b.on_local_foreground(n.now);
    n.route(false, e);
    let s = settlement(&n.ui_b).unwrap();
    assert!(!s.won);
    assert_eq!(s.reason, Reason::Disconnect);
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
        assert!(e.contains(&Effect::Disconnect));
        assert!(matches!(n.a.outcome(), Some(Outcome::Void(_))));
    }
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
    let mut a = Session::new(player("alice", 1200, 0));
    let mut b = Session::new(player("bob", 1200, 0));
    let from_b = b.on_matched("alice", [2; 32], T0);
    let hello_b = from_b
        .iter()
        .find_map(|e| match e {
            Effect::Send(m) => Some(m.clone()),
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
            Effect::Send(m) => Some(m),
            _ => None,
        })
        .collect();
    assert_eq!(sent.len(), 2);
    assert!(sent[1].contains("\"kind\":\"reveal\""));
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
            Effect::Send(m) if m.contains("\"kind\":\"sync\"") => Some(m.clone()),
            _ => None,
        })
        .unwrap();
    n.step(); // B plays; A receives it
    let before = n.a.actions();
    let e = n.b.on_data(sync.as_bytes(), n.now); // B sees A's old `received`: resends
    assert!(e
        .iter()
        .any(|x| matches!(x, Effect::Send(m) if m.contains("\"kind\":\"action\""))));
    n.route(false, e);
    n.pump();
    assert_eq!(n.a.actions(), before);
    assert_eq!(n.a.stage(), Stage::Playing);
    // The same packet a third time is a replay.
    let last = n.b.sent.last().unwrap().clone();
    n.inject_a(&last);
    assert_voided(&mut n, |r| matches!(r, Reject::DuplicateSeq { .. }));
}
