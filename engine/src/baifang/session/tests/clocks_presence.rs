//! Session tests: the step clock, disconnects, presence and resync.

use super::*;

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
        .any(|x| matches!(x, SessionCommand::Send(m) if is_timeout_packet(m))));
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

#[test]
fn peer_gone_for_15_s_loses() {
    let mut n = Net::b_to_move();
    let t = n.now;
    let e = n.a.on_peer_disconnected(t);
    assert_eq!(
        e,
        vec![SessionCommand::Ui(UiEvent::PeerAway {
            deadline: t + 15_000
        })]
    );
    assert_eq!(n.a.grace_deadline(), Some(t + 15_000));
    assert_eq!(
        n.a.step_deadline(),
        Some(t + STEP_TIME_LIMIT_MS as u64),
        "the absent mover's step clock runs on"
    );
    // A second report during the same absence changes nothing.
    assert!(n.a.on_peer_disconnected(t + 10).is_empty());
    assert!(n.a.tick(t + 14_999).is_empty());
    let e = n.a.tick(t + 15_000);
    assert!(e.contains(&SessionCommand::Disconnect));
    let s = e
        .iter()
        .find_map(|x| match x {
            SessionCommand::Ui(UiEvent::Finished(MatchResult::Decided(s))) => Some(s.clone()),
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
    assert!(e.contains(&SessionCommand::Ui(UiEvent::PeerBack)));
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
            received: n.b.window.received,
            sent: n.b.window.sent.len() as u64,
            actions: n.a.actions(),
            hash: "0123456789abcdef".into(),
            reply: false,
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
        assert!(matches!(e[0], SessionCommand::Ui(UiEvent::PeerAway { .. })));
        n.now += 1_000;
        let e = n.a.on_peer_reconnected(n.now);
        assert!(e.contains(&SessionCommand::Ui(UiEvent::PeerBack)));
        assert_eq!(n.a.peer_disconnects(), k);
    }
    let e = n.a.on_peer_disconnected(n.now);
    assert!(e.contains(&SessionCommand::Disconnect));
    let s = settlement(
        &e.into_iter()
            .filter_map(|x| match x {
                SessionCommand::Ui(u) => Some(u),
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
fn an_absent_mover_s_clock_runs_on_and_its_timeout_counts() {
    // B, to move, drops 20 s into its turn. A keeps B's clock: at 30 s plus
    // the network grace it applies B's timeout, though B is away. B, back
    // within its grace, gets the timeout with the resync: no fresh 30 s.
    let mut n = Net::b_to_move();
    let t = n.now;
    let b_side = n.a.state().to_move();
    n.now = t + 20_000;
    n.b_online = false;
    let e = n.a.on_peer_disconnected(n.now);
    n.route(true, e);
    let deadline = t + STEP_TIME_LIMIT_MS as u64 + NETWORK_GRACE_MS;
    n.now = deadline - 1;
    assert!(n.a.tick(n.now).is_empty(), "not before the deadline");
    n.now = deadline;
    let e = n.a.tick(n.now);
    assert!(e
        .iter()
        .any(|x| matches!(x, SessionCommand::Send(m) if is_timeout_packet(m))));
    n.route(true, e);
    assert_eq!(n.a.state().timeouts(b_side), 1);
    assert_ne!(n.a.state().to_move(), b_side);
    // B is back (its grace ran to 35 s): the two sides resynchronise.
    n.now = t + 34_000;
    n.b_online = true;
    let e = n.a.on_peer_reconnected(n.now);
    n.route(true, e);
    n.pump();
    assert_eq!(n.a.state(), n.b.state());
    assert_eq!(n.b.state().timeouts(b_side), 1);
    assert_eq!(n.a.stage(), Stage::Playing);
    // A's new turn began at the timeout, with a whole step.
    assert_eq!(
        n.a.step_deadline(),
        Some(deadline + STEP_TIME_LIMIT_MS as u64)
    );
}

#[test]
fn a_mover_back_from_the_background_finds_the_time_its_turn_had_left() {
    let mut n = Net::b_to_move();
    let t = n.now;
    let full = t + STEP_TIME_LIMIT_MS as u64;
    n.now = t + 10_000;
    let e = n.b.on_local_background(n.now);
    n.route(false, e);
    n.pump();
    n.now = t + 20_000;
    let e = n.b.on_local_foreground(n.now);
    n.route(false, e);
    n.pump();
    assert_eq!(n.a.grace_deadline(), None);
    assert_eq!(n.b.step_deadline(), Some(full), "no fresh 30 s for B");
    assert_eq!(n.a.step_deadline(), Some(full));
    // B's own session sends its timeout at the turn's 30 s.
    let b_side = n.b.state().to_move();
    n.tick(full);
    assert_eq!(n.a.state().timeouts(b_side), 1);
    assert_eq!(n.a.state(), n.b.state());
}

#[test]
fn a_timeout_that_fell_in_our_background_is_applied_on_return() {
    // B's app sleeps through the end of its own turn (nothing ticks there):
    // back in the foreground within its grace, its first tick sends the
    // timeout at once instead of starting the turn again.
    let mut n = Net::b_to_move();
    let t = n.now;
    let b_side = n.b.state().to_move();
    let e = n.b.on_local_background(t + 20_000);
    n.route(false, e);
    n.pump();
    n.now = t + 34_000;
    let e = n.b.on_local_foreground(n.now);
    n.route(false, e);
    n.pump();
    assert_eq!(n.b.step_deadline(), Some(t + STEP_TIME_LIMIT_MS as u64));
    let e = n.b.tick(n.now);
    n.route(false, e);
    n.pump();
    assert_eq!(n.b.state().timeouts(b_side), 1);
    assert_eq!(n.a.state(), n.b.state());
    assert_eq!(n.a.stage(), Stage::Playing);
}

/// Whether a sent message is an action packet carrying a timeout.
fn is_timeout_packet(m: &str) -> bool {
    let code = crate::baifang::ActionType::Timeout.code();
    m.contains(&format!("\"actionType\":{code}"))
}
