//! Fair starts and fair clocks, on tokio's paused clock moved by hand: a side
//! that makes no first action in time aborts the game (no result, no rating
//! change, both back in the lobby), a serial aborter waits before the next
//! quick match, and the step clock's lag credit is bounded however large a
//! client makes its round trip look.

mod common;

use std::time::Duration;

use common::*;
use engine::baifang::referee_protocol::{
    ClientMsg, EndReason, GameResult, ServerMsg, SideCode, Unrated, ABORTS_ALLOWED,
    ABORT_COOLDOWN_MS,
};
use engine::baifang::spec::{DISCONNECT_GRACE_MS, STEP_TIME_LIMIT_MS};
use engine::baifang::{Action, Side};
use server::lag::{CREDIT_PER_GAME_MS, CREDIT_PER_TURN_MS};
use server::Running;
use tokio::time::advance;

const STEP: Duration = Duration::from_millis(STEP_TIME_LIMIT_MS as u64);
const GRACE: Duration = Duration::from_millis(DISCONNECT_GRACE_MS as u64);
const MS: Duration = Duration::from_millis(1);

/// Checks an aborted result: no winner, the aborter named, ratings unchanged.
fn assert_aborted(r: &GameResult, by: Side) {
    assert_eq!(r.reason, EndReason::Aborted);
    assert_eq!(r.winner, None);
    assert_eq!(r.aborted_by, Some(SideCode(by)));
    assert_eq!(r.unrated, Some(Unrated::NoWinner));
    assert!(r.ratings.iter().all(|c| c.before == c.after), "{r:?}");
}

/// Both players' stored rating and record are as new.
async fn untouched(server: &Running, seats: [&Seat; 2]) {
    for s in seats {
        let p = server
            .hub
            .store
            .player(s.client.id())
            .await
            .unwrap()
            .unwrap();
        assert_eq!((p.rating, p.games, p.wins, p.losses), (1200, 0, 0, 0));
    }
}

#[tokio::test(start_paused = true)]
async fn black_without_a_first_move_in_30_s_aborts_and_both_can_play_on() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = paused_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    advance(STEP - MS).await;
    assert_eq!(state_now(&mut white.client).await.result, None);
    advance(MS).await;
    let r = white.client.finished().await;
    assert_aborted(&r, Side::Black);
    assert_eq!(black.client.finished().await, r);
    let stored = server
        .hub
        .store
        .finished_game(white.game_id.clone())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored.result, r);
    assert!(
        stored.log.is_empty(),
        "no timeout was applied: {:?}",
        stored.log
    );
    untouched(&server, [&black, &white]).await;
    // Both are free to play again at once (one abort is no cooldown).
    for seat in [&mut black, &mut white] {
        seat.client.send(&ClientMsg::QuickMatch).await;
        seat.client
            .until(|m| matches!(m, ServerMsg::Searching))
            .await;
    }
    server.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn white_not_answering_the_first_move_aborts_too_but_a_later_timeout_is_a_timeout() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = paused_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    let mut pick = Pick(7);
    advance(Duration::from_secs(10)).await;
    play_one(&mut black, &mut white, &mut pick).await;
    // White's first turn began at Black's move: its own 30 s.
    advance(STEP - MS).await;
    assert_eq!(state_now(&mut black.client).await.result, None);
    advance(MS).await;
    assert_aborted(&black.client.finished().await, Side::White);
    untouched(&server, [&black, &white]).await;

    // Once both have made their first action, running out of time is a
    // timeout as ever.
    let (mut black, mut white) = quick_pair(server.addr).await;
    play_actions(&mut black, &mut white, &mut pick, 2).await;
    advance(STEP).await;
    assert_eq!(black.applied(3).await, Action::Timeout);
    server.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn a_player_who_leaves_before_their_first_move_aborts_when_the_grace_ends() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = paused_server(dir.path()).await;
    let (mut black, white) = quick_pair(server.addr).await;
    white.client.close().await;
    black.applied(1).await; // the drop, counted
    advance(GRACE).await;
    let r = black.client.finished().await;
    assert_aborted(&r, Side::White);
    server.shutdown().await;
}

/// The attack: a player who keeps dodging games by never moving. More than
/// three aborts among their last ten games close quick match to them for
/// 60 s after the latest; their opponents lose nothing.
#[tokio::test(start_paused = true)]
async fn a_serial_aborter_waits_60_s_for_the_next_quick_match() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = paused_server(dir.path()).await;
    let mut dodger = Client::sign_in(server.addr, None).await;
    let mut pick = Pick(3);
    for n in 1..=ABORTS_ALLOWED + 1 {
        dodger.send(&ClientMsg::QuickMatch).await;
        let mut other = Client::sign_in(server.addr, None).await;
        other.send(&ClientMsg::QuickMatch).await;
        let mut mine = Seat::take(dodger).await;
        let mut theirs = Seat::take(other).await;
        if theirs.side == Side::Black {
            let (b, w) = (&mut theirs, &mut mine);
            play_one(b, w, &mut pick).await;
        }
        advance(STEP).await;
        let r = theirs.client.finished().await;
        assert_aborted(&r, mine.side);
        dodger = mine.client;
        dodger.finished().await;
        if n <= ABORTS_ALLOWED {
            // Up to three aborts: quick match as usual.
            dodger.send(&ClientMsg::QuickMatch).await;
            dodger.until(|m| matches!(m, ServerMsg::Searching)).await;
            dodger.send(&ClientMsg::Cancel).await;
            dodger.until(|m| matches!(m, ServerMsg::SearchEnded)).await;
        }
    }
    dodger.send(&ClientMsg::QuickMatch).await;
    let wait = match dodger
        .until(|m| matches!(m, ServerMsg::QuickMatchLater { .. } | ServerMsg::Searching))
        .await
    {
        ServerMsg::QuickMatchLater { retry_in_ms } => retry_in_ms,
        other => panic!("a fourth abort still matched: {other:?}"),
    };
    assert_eq!(wait, ABORT_COOLDOWN_MS);
    advance(Duration::from_millis(ABORT_COOLDOWN_MS - 1)).await;
    dodger.send(&ClientMsg::QuickMatch).await;
    assert_eq!(
        dodger
            .until(|m| matches!(m, ServerMsg::QuickMatchLater { .. }))
            .await,
        ServerMsg::QuickMatchLater { retry_in_ms: 1 }
    );
    advance(MS).await;
    dodger.send(&ClientMsg::QuickMatch).await;
    dodger.until(|m| matches!(m, ServerMsg::Searching)).await;
    server.shutdown().await;
}

/// The side to move plays its whole turn at once (a move and any capture it
/// owes: they share the turn's step clock).
async fn finish_turn(black: &mut Seat, white: &mut Seat, pick: &mut Pick) {
    let side = black.game.state().to_move();
    play_one(black, white, pick).await;
    while !black.game.state().is_finished() && black.game.state().to_move() == side {
        play_one(black, white, pick).await;
    }
}

/// The time `seat`'s side has left on the step clock, as the server says.
async fn turn_left(seat: &mut Seat) -> u32 {
    state_now(&mut seat.client)
        .await
        .clock
        .turn_ms
        .expect("the step clock runs")
}

/// The attack: a client that holds the server's ping for 4 s looks 2 s away
/// and asks for that much extra time on every turn. It gets at most 500 ms a
/// turn and 2 s a game; the honest opponent (no lag) gets nothing extra.
#[tokio::test(start_paused = true)]
async fn lag_credit_is_bounded_per_turn_and_per_game() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let mut config = paused_config(dir.path());
    // One ping in the whole test, long before the game: the liar's only
    // round trip is the one it fakes.
    let ping = Duration::from_secs(400);
    config.limits.ping_every = ping;
    let server = server::start(config).await.unwrap();
    let liar = Client::sign_in(server.addr, None).await;
    liar.set_reading(false);
    advance(ping).await;
    // The server's connection task sends its ping now, not after the next jump.
    for _ in 0..20 {
        tokio::task::yield_now().await;
    }
    advance(Duration::from_secs(4)).await;
    liar.set_reading(true);
    let mut liar = liar;
    liar.send(&ClientMsg::QuickMatch).await;
    let mut honest = Client::sign_in(server.addr, None).await;
    honest.send(&ClientMsg::QuickMatch).await;
    let (liar, honest) = (Seat::take(liar).await, Seat::take(honest).await);
    let (mut black, mut white, liar_side) = if liar.side == Side::Black {
        (liar, honest, Side::Black)
    } else {
        (honest, liar, Side::White)
    };
    let mut pick = Pick(19);
    // First actions at once, so nobody aborts.
    play_actions(&mut black, &mut white, &mut pick, 2).await;
    let mut used = 0u64;
    let mut turns = 0;
    while used < CREDIT_PER_GAME_MS {
        let to_move = black.game.state().to_move();
        if to_move != liar_side {
            // The honest side: its timeout falls exactly on time.
            advance(STEP - MS).await;
            assert_eq!(turn_left(&mut black).await, 1);
            finish_turn(&mut black, &mut white, &mut pick).await;
            continue;
        }
        // The liar moves 499 ms after its step time ran out (or, once less
        // than that is left of its 2 s, just inside what is left).
        let late = (CREDIT_PER_TURN_MS - 1).min(CREDIT_PER_GAME_MS - used - 1);
        advance(STEP + Duration::from_millis(late)).await;
        assert_eq!(turn_left(&mut black).await, 0, "past the step time");
        finish_turn(&mut black, &mut white, &mut pick).await;
        used += late;
        turns += 1;
        if late < CREDIT_PER_TURN_MS - 1 {
            break;
        }
    }
    assert!(turns >= 4, "the 2 s took {turns} turns of at most 500 ms");
    assert!(!black.game.state().is_finished());
    // The liar's credit is spent but for a millisecond or so: its next turn
    // times out (nearly) on the dot.
    while black.game.state().to_move() != liar_side {
        advance(STEP - MS).await;
        finish_turn(&mut black, &mut white, &mut pick).await;
    }
    let seq = black.next_seq();
    let left = CREDIT_PER_GAME_MS - used;
    advance(STEP + Duration::from_millis(left - 1)).await;
    assert_eq!(state_now(&mut white.client).await.log.len() as u32, seq - 1);
    advance(MS).await;
    assert_eq!(black.applied(seq).await, Action::Timeout);
    server.shutdown().await;
}
