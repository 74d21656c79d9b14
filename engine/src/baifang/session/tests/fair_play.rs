//! Session tests: each attack a cheating peer (or an unlucky network) could use
//! to decide who gets the result, reproduced, and the rule that stops it.

use super::*;

fn commands_ui(commands: &[SessionCommand]) -> Vec<UiEvent> {
    commands
        .iter()
        .filter_map(|c| match c {
            SessionCommand::Ui(u) => Some(u.clone()),
            _ => None,
        })
        .collect()
}

/// Packets for A that B has sent, A has not seen yet (taken out of the queue).
fn hold_for_a(n: &mut Net) -> Vec<String> {
    n.to_a.drain(..).collect()
}

// ---- leaving is a loss --------------------------------------------------------------

#[test]
fn leaving_mid_game_records_the_leavers_loss_at_once() {
    let mut n = Net::matched();
    n.step();
    let held =
        n.a.loss_if_left()
            .expect("a game in progress holds the loss of leaving");
    // The page is closing: its last packet does not get out.
    n.b_online = false;
    let e = n.a.leave(n.now);
    n.route(true, e);
    let s = settlement(&n.ui_a).expect("the leaver's loss is recorded at once");
    assert!(!s.won);
    assert_eq!(s.reason, Reason::Resign);
    assert_eq!(s.my_rating, (1200, elo::new_rating(1200, 1300, false, 0)));
    assert_eq!(s, held, "what was held is what leaving records");
    assert!(n.released_a);
    // The peer heard nothing: only its own 15 s disconnect rule gives it the win.
    assert!(settlement(&n.ui_b).is_none());
    let t = n.now;
    let e = n.b.on_peer_disconnected(t);
    n.route(false, e);
    n.tick(t + 14_999);
    assert!(settlement(&n.ui_b).is_none());
    n.tick(t + 15_000);
    let sb = settlement(&n.ui_b).unwrap();
    assert!(sb.won);
    assert_eq!(sb.reason, Reason::Disconnect);
}

#[test]
fn leaving_with_the_network_up_is_a_resignation_the_peer_sees() {
    let mut n = Net::matched();
    let e = n.a.leave(n.now);
    n.route(true, e);
    n.pump();
    assert!(!settlement(&n.ui_a).unwrap().won);
    let sb = settlement(&n.ui_b).unwrap();
    assert!(sb.won);
    assert_eq!(sb.reason, Reason::Resign);
    assert_eq!(n.a.loss_if_left(), None, "nothing to hold once it is over");
}

// ---- network split ----------------------------------------------------------------

#[test]
fn network_split_the_side_cut_off_never_records_a_win() {
    let mut n = Net::b_to_move();
    let t = n.now;
    // A's own network goes: its connectivity signal says so, and nothing passes
    // either way.
    let e = n.a.on_local_network(false, t);
    n.route(true, e);
    n.a_online = false;
    n.b_online = false;
    // Both transports notice the silence a few seconds later.
    let e = n.a.on_peer_disconnected(t + 3_000);
    n.route(true, e);
    let e = n.b.on_peer_disconnected(t + 3_000);
    n.route(false, e);
    n.tick(t + 3_000 + 15_000);
    // B, online throughout, wins by the disconnect rule…
    let sb = settlement(&n.ui_b).expect("the side that stayed online wins");
    assert!(sb.won);
    assert_eq!(sb.reason, Reason::Disconnect);
    // …A shows 连接中断，本局未计分: no win, no rating change.
    assert!(
        settlement(&n.ui_a).is_none(),
        "the cut-off side records no win"
    );
    assert_eq!(n.a.result(), Some(&MatchResult::Interrupted));
    assert!(n
        .ui_a
        .contains(&UiEvent::Finished(MatchResult::Interrupted)));
    assert!(n.released_a);
}

#[test]
fn network_split_our_own_signal_after_the_peer_drop_still_counts() {
    // The transport noticed the silence first, our own signal came a moment later.
    let mut n = Net::b_to_move();
    let t = n.now;
    n.a_online = false;
    n.b_online = false;
    let e = n.a.on_peer_disconnected(t);
    n.route(true, e);
    let e = n.a.on_local_network(false, t + 1_000);
    n.route(true, e);
    n.tick(t + 15_000);
    assert!(settlement(&n.ui_a).is_none());
    assert_eq!(n.a.result(), Some(&MatchResult::Interrupted));
}

#[test]
fn three_symmetric_short_drops_are_nobodys_fault() {
    let mut n = Net::b_to_move();
    for _ in 0..DISCONNECTS_TO_LOSE {
        let t = n.now;
        // Both sides lose their network, both see the other go, both come back.
        for a_side in [true, false] {
            let s = if a_side { &mut n.a } else { &mut n.b };
            let e = s.on_local_network(false, t);
            n.route(a_side, e);
        }
        for a_side in [true, false] {
            let s = if a_side { &mut n.a } else { &mut n.b };
            let e = s.on_peer_disconnected(t + 500);
            n.route(a_side, e);
        }
        n.now = t + 2_000;
        for a_side in [true, false] {
            let s = if a_side { &mut n.a } else { &mut n.b };
            let mut e = s.on_local_network(true, t + 2_000);
            e.extend(s.on_peer_reconnected(t + 2_000));
            n.route(a_side, e);
        }
        n.pump();
        n.now = t + 3_000;
    }
    assert!(settlement(&n.ui_a).is_none() && settlement(&n.ui_b).is_none());
    assert_eq!(n.a.stage(), Stage::Playing);
    assert_eq!(n.b.stage(), Stage::Playing);
    n.step();
    n.step();
}

#[test]
fn a_peer_that_drops_three_times_while_we_stay_online_still_loses() {
    let mut n = Net::b_to_move();
    for _ in 0..DISCONNECTS_TO_LOSE {
        let e = n.a.on_peer_disconnected(n.now);
        n.route(true, e);
        n.now += 1_000;
        let e = n.a.on_peer_reconnected(n.now);
        n.route(true, e);
        n.now += 10_000;
    }
    let s = settlement(&n.ui_a).expect("three drops of the peer alone lose");
    assert!(s.won);
}

// ---- selective abort of the first-move draw ---------------------------------------

/// A and B exchange hellos; A reveals; B (the cheater) reads A's reveal, so it
/// knows the colours, and withholds its own reveal.
fn b_withholds_its_reveal() -> Net {
    let mut n = Net::new();
    let e = n.a.on_matched("bob", [1; 32], n.now);
    n.route(true, e);
    let e = n.b.on_matched("alice", [2; 32], n.now);
    n.route(false, e);
    // A gets B's hello and reveals.
    let m = n.to_a.pop_front().unwrap();
    let e = n.a.on_data(m.as_bytes(), n.now);
    n.route(true, e);
    // B gets A's hello and reveal; everything B says from now on is withheld.
    n.a_online = false;
    n.pump();
    assert_eq!(n.b.stage(), Stage::Playing, "the cheater knows the colours");
    assert_eq!(n.a.stage(), Stage::Matched);
    n
}

#[test]
fn withholding_the_reveal_after_seeing_ours_is_abandoning() {
    let mut n = b_withholds_its_reveal();
    // B does not like its colour and drops out.
    let e = n.a.on_peer_disconnected(n.now + 1_000);
    assert!(commands_ui(&e).contains(&UiEvent::PeerAbandoned { peer: "bob".into() }));
    assert!(settlement(&commands_ui(&e)).is_none(), "no game for us");
    assert_eq!(n.a.stage(), Stage::Waiting);
    // The same after the handshake timeout, if B just stays silent.
    let mut n = b_withholds_its_reveal();
    let e = n.a.tick(n.now + HANDSHAKE_TIMEOUT_MS);
    assert!(commands_ui(&e).contains(&UiEvent::PeerAbandoned { peer: "bob".into() }));
}

#[test]
fn a_peer_lost_before_it_saw_our_reveal_did_not_abandon() {
    let mut n = Net::new();
    let e = n.a.on_matched("bob", [1; 32], n.now);
    n.route(true, e);
    let e = n.a.on_peer_disconnected(n.now + 1_000);
    let ui = commands_ui(&e);
    assert!(ui.contains(&UiEvent::LostBeforeStart));
    assert!(!ui
        .iter()
        .any(|u| matches!(u, UiEvent::PeerAbandoned { .. })));
}

#[test]
fn aborting_the_draw_cannot_steer_it_the_abandoner_is_avoided() {
    let mut avoid = avoid::AvoidList::default();
    let t = T0;
    avoid.record_abandon("bob", t);
    assert!(
        avoid.avoids("bob", t + 1),
        "no second draw with the same peer"
    );
    assert!(!avoid.avoids("carol", t + 1));
    assert!(avoid.avoids("bob", t + avoid::AVOID_MS - 1));
    assert!(
        !avoid.avoids("bob", t + avoid::AVOID_MS),
        "only for a while"
    );
    assert_eq!(
        avoid.abandons("bob"),
        1,
        "a loss for it in our record of it"
    );
}

// ---- ratings ---------------------------------------------------------------------

#[test]
fn an_inflated_rating_claim_is_bounded_by_what_its_games_allow() {
    // A newcomer (0 rated games) claiming 3000: only the start rating is plausible.
    let mut n = Net::handshake(Net::with_players(
        player("alice", 1200, 0),
        player("bob", 3000, 0),
    ));
    let e = n.a.resign(n.now);
    n.route(true, e);
    let s = settlement(&n.ui_a).unwrap();
    assert_eq!(s.peer_rating.0, 1200);
    assert_eq!(s.my_rating.1, elo::new_rating(1200, 1200, false, 0));
    // Five games at K = 32 move a rating by at most 160.
    let mut n = Net::handshake(Net::with_players(
        player("alice", 1200, 0),
        player("bob", 700, 5),
    ));
    let e = n.a.resign(n.now);
    n.route(true, e);
    assert_eq!(settlement(&n.ui_a).unwrap().peer_rating.0, 1200 - 5 * 32);
    assert!(n.ui_a.iter().any(|u| matches!(
        u,
        UiEvent::Started { peer, .. } if peer.rating == 1200 - 5 * 32
    )));
}

#[test]
fn a_claim_that_differs_from_the_leaderboard_loses_to_the_leaderboard() {
    let mut n = Net::matched(); // bob claims 1300 with 25 games (plausible)
    n.a.on_peer_rating_checked(1250);
    let e = n.a.resign(n.now);
    n.route(true, e);
    let s = settlement(&n.ui_a).unwrap();
    assert_eq!(s.peer_rating.0, 1250);
    assert_eq!(s.my_rating.1, elo::new_rating(1200, 1250, false, 0));
}

// ---- clocks ----------------------------------------------------------------------

/// A is to move; B sends a timeout claim for A's turn after `elapsed` ms of it.
fn claim_after(elapsed: u64) -> Net {
    let mut n = Net::matched();
    if !n.mover_is_a() {
        n.step();
    }
    let start = n.now;
    n.now = start + elapsed;
    let p = n.b_packet_timeout_for_a();
    n.inject_a(&Wire::Action(p).to_json());
    n
}

impl Net {
    /// The timeout packet B would send for A's running turn.
    fn b_packet_timeout_for_a(&self) -> BoardActionPacket {
        let mut next = *self.a.state();
        next.apply(Action::Timeout).unwrap();
        BoardActionPacket {
            protocol_version: PROTOCOL_VERSION,
            action_type: 4,
            player_id: "bob".into(),
            from_index: -1,
            to_index: -1,
            eat_indices: vec![],
            timestamp: self.now as i64,
            seq: self.b.window.sent.len() as u64 + 1,
            hash: crate::baifang::state::hash_hex(next.hash()),
        }
    }
}

#[test]
fn a_timeout_claimed_at_26_s_of_our_turn_is_rejected() {
    let mut n = claim_after(26_000);
    assert_voided(&mut n, |r| matches!(r, Reject::PrematureTimeout { .. }));
}

#[test]
fn a_timeout_claimed_within_the_stated_tolerance_is_accepted() {
    let n = claim_after(STEP_TIME_LIMIT_MS as u64 - TIMEOUT_CLAIM_TOLERANCE_MS);
    const { assert!(TIMEOUT_CLAIM_TOLERANCE_MS <= 1_000, "a small tolerance") };
    assert_eq!(n.a.stage(), Stage::Playing);
    assert_eq!(n.a.state().timeouts(n.a.my_side()), 1);
}

#[test]
fn a_move_crossing_a_timeout_claim_resolves_alike_on_both_sides() {
    let mut n = Net::b_to_move();
    let start = n.now;
    // B moves just before its 30 s; the packet is slow.
    n.now = start + STEP_TIME_LIMIT_MS as u64 - 100;
    let mut list = ActionList::new();
    n.b.state().legal_actions(&mut list);
    let e = n.b.play(list[0], n.now).unwrap();
    n.route(false, e);
    let b_move = hold_for_a(&mut n);
    // A's clock runs out first: it applies the timeout and claims it.
    let t = start + STEP_TIME_LIMIT_MS as u64 + NETWORK_GRACE_MS;
    n.now = t;
    let e = n.a.tick(t);
    n.route(true, e);
    // Both cross: B's move reaches A, A's claim reaches B.
    for m in b_move {
        let e = n.a.on_data(m.as_bytes(), t + 200);
        n.route(true, e);
    }
    n.now = t + 200;
    n.pump();
    assert!(void_reason(&n.ui_a).is_none(), "{:?}", void_reason(&n.ui_a));
    assert!(void_reason(&n.ui_b).is_none(), "{:?}", void_reason(&n.ui_b));
    assert_eq!(
        n.a.state(),
        n.b.state(),
        "both sides resolve it the same way"
    );
    assert_eq!(n.a.actions(), n.b.actions());
    assert_eq!(n.b.state().timeouts(n.b.my_side()), 1, "the timeout stands");
    assert!(n
        .ui_b
        .iter()
        .any(|u| matches!(u, UiEvent::Superseded { undone: 1 })));
    // The superseded move left the log too: both logs are the same game.
    assert_eq!(n.a.log(), n.b.log());
    assert_eq!(
        crate::baifang::Game::from_log(n.b.log()).unwrap().state(),
        n.b.state()
    );
    n.step();
    n.step();
    assert_eq!(n.a.stage(), Stage::Playing);
}

#[test]
fn returning_to_the_foreground_does_not_void_a_timeout_claim_in_flight() {
    let mut n = Net::matched();
    if !n.mover_is_a() {
        n.step();
    }
    let start = n.now;
    // A goes to the background late in its turn (suspended: no ticks).
    let e = n.a.on_local_background(start + 31_000);
    n.route(true, e);
    let presence_away = n.to_b.drain(..).collect::<Vec<_>>();
    // B's clock ran out before A's presence arrived: it claims the timeout.
    n.now = start + 33_000;
    let e = n.b.tick(n.now);
    n.route(false, e);
    let claim = hold_for_a(&mut n);
    for m in presence_away {
        let e = n.b.on_data(m.as_bytes(), n.now);
        n.route(false, e);
    }
    // A comes back, then the claim arrives.
    n.now = start + 40_000;
    let e = n.a.on_local_foreground(n.now);
    n.route(true, e);
    for m in claim {
        let e = n.a.on_data(m.as_bytes(), n.now);
        n.route(true, e);
    }
    n.pump();
    assert!(void_reason(&n.ui_a).is_none(), "{:?}", void_reason(&n.ui_a));
    assert_eq!(n.a.state(), n.b.state());
    assert_eq!(n.a.state().timeouts(n.a.my_side()), 1);
}

// ---- matchmaking keeps looking ----------------------------------------------------

#[test]
fn a_failed_handshake_releases_the_transport_before_looking_again() {
    for fail in ["timeout", "peer gone"] {
        let mut n = Net::new();
        let e = n.a.on_matched("bob", [1; 32], n.now);
        n.route(true, e);
        let e = if fail == "timeout" {
            n.a.tick(n.now + HANDSHAKE_TIMEOUT_MS)
        } else {
            n.a.on_peer_disconnected(n.now + 10)
        };
        let release = e.iter().position(|c| *c == SessionCommand::Disconnect);
        let again = e
            .iter()
            .position(|c| *c == SessionCommand::Ui(UiEvent::LostBeforeStart));
        assert!(
            release.unwrap() < again.unwrap(),
            "{fail}: carried out in order, the release must not cancel the new search"
        );
    }
}

// ---- reconnection ---------------------------------------------------------------------

#[test]
fn reconnect_is_two_way_each_side_sends_what_the_other_missed() {
    let mut n = Net::b_to_move();
    // B saw A drop and come back; A's transport noticed nothing, and B's packet
    // in between was lost.
    n.a_online = false;
    let e = n.b.on_peer_disconnected(n.now);
    n.route(false, e);
    n.step_unchecked();
    assert_ne!(n.a.state(), n.b.state());
    n.a_online = true;
    n.now += 5_000;
    let e = n.b.on_peer_reconnected(n.now);
    n.route(false, e);
    n.pump();
    // B's sync told A what B has; A answered with what A saw, B resent the rest.
    assert_eq!(n.a.state(), n.b.state());
    assert_eq!(n.a.actions(), n.b.actions());
    n.step();
    n.step();
}

// ---- duplicates ------------------------------------------------------------------------

/// A asked for a resend (came back to the foreground) while B's packet was in
/// flight; that packet arrives, then B's resend of it, then B's answer.
fn resync_with_a_packet_in_flight() -> (Net, String) {
    let mut n = Net::b_to_move();
    n.step_unchecked_held_for_a();
    let in_flight = n.to_a.front().cloned().unwrap();
    let e = n.a.on_local_foreground(n.now); // A's sync: received = before B's packet
    n.route(true, e);
    n.pump();
    assert_eq!(n.a.state(), n.b.state());
    (n, in_flight)
}

impl Net {
    /// B plays its first legal action; the packet waits in A's queue.
    fn step_unchecked_held_for_a(&mut self) {
        let mut list = ActionList::new();
        self.b.state().legal_actions(&mut list);
        let e = self.b.play(list[0], self.now).expect("legal");
        self.route(false, e);
    }
}

#[test]
fn a_resync_tolerates_each_resent_packet_once() {
    let (mut n, in_flight) = resync_with_a_packet_in_flight();
    // The resend arrived and was ignored once; a further copy is a replay.
    n.inject_a(&in_flight);
    assert_voided(&mut n, |r| {
        matches!(r, Reject::DuplicateSeq { .. } | Reject::OldSeq { .. })
    });
}

#[test]
fn a_replay_after_the_resync_is_over_is_rejected() {
    // A resync that had nothing to resend: the window must still close.
    let mut n = Net::b_to_move();
    let e = n.a.on_local_foreground(n.now);
    n.route(true, e);
    n.pump();
    // Later, B plays on normally…
    n.step();
    n.step();
    n.step();
    // …and someone replays one of those packets long after the resync.
    let old = n.b.window.sent[n.b.window.sent.len() - 2].clone();
    n.now += 60_000;
    n.inject_a(&old);
    assert_voided(&mut n, |r| {
        matches!(r, Reject::OldSeq { .. } | Reject::DuplicateSeq { .. })
    });
}

// ---- bounded echoes and inputs ----------------------------------------------------

#[test]
fn an_oversized_message_is_rejected_before_parsing() {
    let mut n = Net::matched();
    let huge = format!(
        r#"{{"kind":"presence","playerID":"bob","away":false,"x":"{}"}}"#,
        "a".repeat(wire::MAX_MESSAGE_BYTES)
    );
    n.inject_a(&huge);
    assert_voided(&mut n, |r| matches!(r, Reject::TooLarge { .. }));
}

#[test]
fn rejections_never_echo_unbounded_peer_data() {
    let long = "x".repeat(3_000);
    for bytes in [
        format!(r#"{{"kind":"presence","playerID":"{long}","away":false}}"#),
        format!(r#"{{"kind":"abort","playerID":"bob","reason":"{long}"}}"#),
        format!(r#"{{"kind":"{long}"}}"#),
    ] {
        let mut n = Net::matched();
        let e = n.inject_a(&bytes);
        let reason = void_reason(&n.ui_a).unwrap().to_string();
        assert!(
            reason.len() <= 200,
            "{} bytes: {}",
            reason.len(),
            &reason[..80]
        );
        for c in &e {
            if let SessionCommand::Send(m) = c {
                assert!(m.len() <= 400, "the abort we send echoes {} bytes", m.len());
            }
        }
    }
}
