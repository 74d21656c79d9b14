//! The server's clocks, on tokio's paused clock moved by hand (30 s turns and
//! 15 s graces take no real time and fire exactly): step timeouts, the
//! disconnect grace, a reconnection within it, repeated drops.

mod common;

use std::time::Duration;

use common::*;
use engine::baifang::referee_protocol::{ClientMsg, EndReason, ServerMsg, SideCode};
use engine::baifang::spec::{DISCONNECT_GRACE_MS, STEP_TIME_LIMIT_MS, TIMEOUTS_TO_LOSE};
use engine::baifang::{Action, Side};
use tokio::time::advance;

const STEP: Duration = Duration::from_millis(STEP_TIME_LIMIT_MS as u64);
const GRACE: Duration = Duration::from_millis(DISCONNECT_GRACE_MS as u64);

#[tokio::test(start_paused = true)]
async fn step_timeouts_pass_the_turn_and_the_third_loses() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = paused_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    // Both make their first action (without one, running out of time aborts
    // the game: tests/aborts.rs).
    play_actions(&mut black, &mut white, &mut Pick(5), 2).await;
    let mut timeouts = [0u8; 2];
    let mut seq = 2;
    while !black.game.state().is_finished() {
        let to_move = black.game.state().to_move();
        // One millisecond short of the limit: nothing happens yet.
        advance(STEP - Duration::from_millis(1)).await;
        let v = state_now(&mut white.client).await;
        assert_eq!(v.log.len(), seq as usize);
        assert_eq!(v.clock.turn_ms, Some(1));
        advance(Duration::from_millis(1)).await;
        seq += 1;
        assert_eq!(black.applied(seq).await, Action::Timeout);
        white.applied(seq).await;
        timeouts[to_move.idx()] += 1;
    }
    assert_eq!(timeouts, [TIMEOUTS_TO_LOSE, TIMEOUTS_TO_LOSE - 1]);
    let r = white.client.finished().await;
    assert_eq!(r.winner, Some(SideCode(Side::White)));
    assert_eq!(r.reason, EndReason::Timeouts);
    server.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn a_move_gives_the_other_side_a_fresh_step_clock() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = paused_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    play_actions(&mut black, &mut white, &mut Pick(9), 2).await;
    advance(Duration::from_secs(20)).await;
    black
        .client
        .send(&ClientMsg::Act {
            seq: 3,
            action: Pick(1).action(&black.game),
        })
        .await;
    black.applied(3).await;
    white.applied(3).await;
    advance(Duration::from_secs(29)).await;
    assert_eq!(state_now(&mut black.client).await.clock.turn_ms, Some(1000));
    advance(Duration::from_secs(1)).await;
    assert_eq!(white.applied(4).await, Action::Timeout);
    server.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn the_present_player_wins_when_the_other_stays_away_15_s() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = paused_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    let mut pick = Pick(3);
    // Enough moves each for the result to be rated.
    play_actions(&mut black, &mut white, &mut pick, 8).await;
    let seq = black.next_seq();
    black.client.close().await;
    // White sees the drop counted (an engine action) and the grace running.
    assert_eq!(
        white.applied(seq).await,
        Action::Disconnect {
            side: Side::Black,
            grace_expired: false
        }
    );
    match white
        .client
        .until(|m| matches!(m, ServerMsg::Presence { .. }))
        .await
    {
        ServerMsg::Presence {
            side,
            present,
            clock,
        } => {
            assert_eq!((side, present), (SideCode(Side::Black), false));
            assert_eq!(clock.grace_ms[0], Some(DISCONNECT_GRACE_MS));
            assert_eq!(
                clock.turn_ms,
                Some(STEP_TIME_LIMIT_MS),
                "the step clock runs on while a player is away"
            );
        }
        _ => unreachable!(),
    }
    advance(GRACE - Duration::from_millis(1)).await;
    let v = state_now(&mut white.client).await;
    assert_eq!(
        (v.result.clone(), v.clock.grace_ms[0], v.present),
        (None, Some(1), [false, true])
    );
    advance(Duration::from_millis(1)).await;
    assert_eq!(
        white.applied(seq + 1).await,
        Action::Disconnect {
            side: Side::Black,
            grace_expired: true
        }
    );
    let r = white.client.finished().await;
    assert_eq!(r.winner, Some(SideCode(Side::White)));
    assert_eq!(r.reason, EndReason::Disconnect);
    assert!(r.ratings[1].after > r.ratings[1].before);
    let stored = server
        .hub
        .store
        .player(white.client.id())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.rating, r.ratings[1].after);
    server.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn a_reconnect_within_the_grace_resumes_the_same_board_and_clock() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = paused_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    let mut pick = Pick(11);
    play_actions(&mut black, &mut white, &mut pick, 5).await;
    let token = white.client.token.clone();
    let before = white.game.log().to_vec();
    advance(Duration::from_secs(4)).await;
    white.client.close().await;
    let seq = black.next_seq();
    black.applied(seq).await; // the drop, counted
    advance(Duration::from_secs(10)).await;
    // The page reloads: same token; the server sends the whole game.
    let mut white = Seat::take(Client::sign_in(server.addr, token).await).await;
    assert_eq!(white.side, Side::White);
    assert_eq!(&white.game.log()[..before.len()], &before[..]);
    assert_eq!(white.game.log().len(), before.len() + 1);
    assert_eq!(white.game.state().disconnects(Side::White), 1);
    assert_eq!(
        white.game.state().board_string(),
        black.game.state().board_string()
    );
    assert_eq!(white.game.state().hash(), black.game.state().hash());
    let back = |m: &ServerMsg| matches!(m, ServerMsg::Presence { present: true, .. });
    match black.client.until(back).await {
        ServerMsg::Presence { clock, .. } => {
            // The clock ran through the absence: 30 s - 4 s - 10 s.
            assert_eq!(clock.turn_ms, Some(16_000));
            assert_eq!(clock.grace_ms, [None, None]);
        }
        _ => unreachable!(),
    }
    // Past the end of the old grace nothing happens; play goes on.
    advance(Duration::from_secs(6)).await;
    play_actions(&mut black, &mut white, &mut pick, 2).await;
    assert!(!black.game.state().is_finished());
    assert_eq!(state_now(&mut white.client).await.result, None);
    server.shutdown().await;
}

/// The attack: with 3 s left the side to move drops, thinks 14 s and comes
/// back hoping for a fresh clock (or a resume floor). The clock ran on: the
/// timeout fell 3 s after the drop, counted as usual, and the turn passed.
#[tokio::test(start_paused = true)]
async fn a_drop_with_3_s_left_gains_nothing() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = paused_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    play_actions(&mut black, &mut white, &mut Pick(13), 2).await;
    let token = black.client.token.clone();
    advance(STEP - Duration::from_secs(3)).await;
    black.client.close().await;
    assert_eq!(
        white.applied(3).await,
        Action::Disconnect {
            side: Side::Black,
            grace_expired: false
        }
    );
    advance(Duration::from_secs(3) - Duration::from_millis(1)).await;
    assert_eq!(state_now(&mut white.client).await.clock.turn_ms, Some(1));
    advance(Duration::from_millis(1)).await;
    assert_eq!(white.applied(4).await, Action::Timeout);
    advance(Duration::from_secs(11)).await;
    let back = Seat::take(Client::sign_in(server.addr, token).await).await;
    assert_eq!(back.game.state().timeouts(Side::Black), 1);
    assert_eq!(back.game.state().to_move(), Side::White);
    // White's fresh turn began at the timeout: 30 s - 11 s left.
    let v = state_now(&mut white.client).await;
    assert_eq!(v.clock.turn_ms, Some(STEP_TIME_LIMIT_MS - 11_000));
    server.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn the_third_disconnect_loses() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = paused_server(dir.path()).await;
    let (mut black, white) = quick_pair(server.addr).await;
    let token = white.client.token.clone();
    let mut white_client = Some(white.client);
    for n in 1..=3u8 {
        white_client.take().unwrap().close().await;
        let seq = black.next_seq();
        black.applied(seq).await;
        assert_eq!(black.game.state().disconnects(Side::White), n);
        if n < 3 {
            advance(Duration::from_secs(2)).await;
            let mut c = Client::sign_in(server.addr, token.clone()).await;
            c.game().await;
            white_client = Some(c);
        }
    }
    let r = black.client.finished().await;
    assert_eq!(r.winner, Some(SideCode(Side::Black)));
    assert_eq!(r.reason, EndReason::Disconnect);
    server.shutdown().await;
}
