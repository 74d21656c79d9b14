//! Rematch (再来一局) on the referee server: an accepted offer starts a new
//! game at once with the colours swapped and a new id, rated like the first;
//! a declined one tells the offerer and leaves both in the lobby; an offer
//! lapses after 30 s (tokio's paused clock) or when either player withdraws;
//! offers and answers that make no sense are refused with a reason.

mod common;

use std::time::Duration;

use common::*;
use engine::baifang::referee_protocol::{
    ClientMsg, ErrorCode, GameResult, RematchEnd, ServerMsg, REMATCH_OFFER_MS,
};
use engine::baifang::Side;
use server::Running;
use tokio::time::advance;

/// Plays eight actions (four each: enough for a rated result) and Black
/// resigns; returns the game id and the result both saw.
async fn finish_by_resign(black: &mut Seat, white: &mut Seat, seed: u64) -> (String, GameResult) {
    let mut pick = Pick(seed);
    play_actions(black, white, &mut pick, 8).await;
    let id = black.game_id.clone();
    black.client.send(&ClientMsg::Resign).await;
    let r = black.client.finished().await;
    assert_eq!(white.client.finished().await, r);
    (id, r)
}

fn offer(game_id: &str) -> ClientMsg {
    ClientMsg::Rematch {
        game_id: game_id.to_string(),
    }
}

fn answer(game_id: &str, accept: bool) -> ClientMsg {
    ClientMsg::RematchAnswer {
        game_id: game_id.to_string(),
        accept,
    }
}

/// Waits for the offer; checks who made it and the full 30 s.
async fn offered(c: &mut Client, game_id: &str, by_you: bool) {
    let m = c
        .until(|m| matches!(m, ServerMsg::RematchOffered { .. }))
        .await;
    let want = ServerMsg::RematchOffered {
        game_id: game_id.to_string(),
        by_you,
        expires_in_ms: REMATCH_OFFER_MS,
    };
    assert_eq!(m, want);
}

async fn ended(c: &mut Client) -> (String, RematchEnd) {
    match c
        .until(|m| matches!(m, ServerMsg::RematchEnded { .. }))
        .await
    {
        ServerMsg::RematchEnded { game_id, why } => (game_id, why),
        _ => unreachable!(),
    }
}

async fn refused(c: &mut Client) -> ErrorCode {
    match c.until(|m| matches!(m, ServerMsg::Error { .. })).await {
        ServerMsg::Error { code } => code,
        _ => unreachable!(),
    }
}

/// A round trip: everything the server sent before the pong has arrived.
/// Returns what came before it.
async fn flush(c: &mut Client) -> Vec<ServerMsg> {
    c.send(&ClientMsg::Ping { t: 7 }).await;
    let mut before = Vec::new();
    loop {
        match c.next().await {
            Event::Msg(ServerMsg::Pong { t: 7 }) => return before,
            Event::Msg(m) => before.push(m),
            Event::Closed(c) => panic!("closed: {c:?}"),
        }
    }
}

async fn rating(server: &Running, id: String) -> (i32, u32) {
    let p = server.hub.store.player(id).await.unwrap().unwrap();
    (p.rating, p.games)
}

#[tokio::test]
async fn an_accepted_rematch_swaps_colours_under_a_new_id_and_is_rated() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    let (first, r) = finish_by_resign(&mut black, &mut white, 11).await;
    assert_eq!(r.unrated, None, "the first game counted: {r:?}");
    let after_first = [
        rating(&server, black.client.id()).await,
        rating(&server, white.client.id()).await,
    ];

    black.client.send(&offer(&first)).await;
    offered(&mut black.client, &first, true).await;
    offered(&mut white.client, &first, false).await;
    white.client.send(&answer(&first, true)).await;
    // The first Black is White now, under a new game id.
    let mut new_white = Seat::take(black.client).await;
    let mut new_black = Seat::take(white.client).await;
    assert_eq!((new_black.side, new_white.side), (Side::Black, Side::White));
    let second = state_now(&mut new_black.client).await;
    assert_ne!(second.game_id, first);
    assert!(second.log.is_empty() && second.result.is_none());
    let stored = server.hub.store.finished_game(first.clone()).await.unwrap();
    assert!(stored.unwrap().game.rated);
    assert!(server.hub.rematches.is_empty());

    let (second_id, r2) = finish_by_resign(&mut new_black, &mut new_white, 12).await;
    assert_eq!(second_id, second.game_id);
    assert_eq!(r2.unrated, None, "the rematch counted: {r2:?}");
    let fin = server.hub.store.finished_game(second_id).await.unwrap();
    let fin = fin.expect("the rematch is stored");
    assert!(fin.game.rated);
    assert_eq!(fin.game.players[0].id, new_black.client.id());
    // Stored ratings moved again: the new Black (the first White) resigned.
    let first_white_now = rating(&server, new_black.client.id()).await;
    let first_black_now = rating(&server, new_white.client.id()).await;
    assert_eq!(first_white_now.1, after_first[1].1 + 1);
    assert_eq!(first_black_now.1, after_first[0].1 + 1);
    assert!(
        first_white_now.0 < after_first[1].0,
        "the loser lost points"
    );
    assert!(first_black_now.0 > after_first[0].0, "the winner gained");
    server.shutdown().await;
}

#[tokio::test]
async fn a_declined_rematch_tells_the_offerer_and_both_stay_in_the_lobby() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    let (first, _) = finish_by_resign(&mut black, &mut white, 21).await;
    white.client.send(&offer(&first)).await;
    offered(&mut black.client, &first, false).await;
    black.client.send(&answer(&first, false)).await;
    assert_eq!(
        ended(&mut white.client).await,
        (first.clone(), RematchEnd::Declined)
    );
    assert_eq!(
        ended(&mut black.client).await,
        (first.clone(), RematchEnd::Declined)
    );
    // Nothing pending: no new game started and the offer is gone. (Asking for the
    // state here would race the finished room's closing.)
    assert!(server.hub.rematches.is_empty());
    // The offer is gone: a late accept is refused.
    black.client.send(&answer(&first, true)).await;
    assert_eq!(refused(&mut black.client).await, ErrorCode::NoRematchOffer);
    server.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn an_unanswered_offer_lapses_after_30_s() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = paused_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    let first = black.game_id.clone();
    black.client.send(&ClientMsg::Resign).await;
    black.client.finished().await;
    white.client.finished().await;
    black.client.send(&offer(&first)).await;
    offered(&mut black.client, &first, true).await;
    offered(&mut white.client, &first, false).await;
    advance(Duration::from_millis(REMATCH_OFFER_MS - 1)).await;
    // Other news (the settled profile) may still be on its way; no end of the offer.
    let news = flush(&mut black.client).await;
    assert!(
        !news
            .iter()
            .any(|m| matches!(m, ServerMsg::RematchEnded { .. })),
        "still pending: {news:?}"
    );
    advance(Duration::from_millis(1)).await;
    for c in [&mut black.client, &mut white.client] {
        assert_eq!(ended(c).await, (first.clone(), RematchEnd::Lapsed));
    }
    white.client.send(&answer(&first, true)).await;
    assert_eq!(refused(&mut white.client).await, ErrorCode::NoRematchOffer);
    // A fresh offer may follow the lapsed one; its own 30 s start then.
    white.client.send(&offer(&first)).await;
    offered(&mut black.client, &first, false).await;
    server.shutdown().await;
}

#[tokio::test]
async fn an_offer_ends_when_a_player_leaves_or_starts_a_quick_match() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    // The opponent closes their connection.
    let (mut black, mut white) = quick_pair(server.addr).await;
    let (first, _) = finish_by_resign(&mut black, &mut white, 31).await;
    black.client.send(&offer(&first)).await;
    offered(&mut white.client, &first, false).await;
    white.client.close().await;
    assert_eq!(
        ended(&mut black.client).await,
        (first.clone(), RematchEnd::Withdrawn)
    );
    assert!(server.hub.rematches.is_empty());

    // The offerer starts a quick match instead: the opponent is told, and
    // accepting is refused.
    let (mut black, mut white) = quick_pair(server.addr).await;
    let (second, _) = finish_by_resign(&mut black, &mut white, 32).await;
    black.client.send(&offer(&second)).await;
    offered(&mut white.client, &second, false).await;
    black.client.send(&ClientMsg::QuickMatch).await;
    assert_eq!(
        ended(&mut white.client).await,
        (second.clone(), RematchEnd::Withdrawn)
    );
    white.client.send(&answer(&second, true)).await;
    assert_eq!(refused(&mut white.client).await, ErrorCode::NoRematchOffer);
    assert!(server.hub.rematches.is_empty());
    server.shutdown().await;
}

#[tokio::test]
async fn offers_and_answers_that_make_no_sense_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    // A game in progress is not a finished game to rematch.
    let running = black.game_id.clone();
    black.client.send(&offer(&running)).await;
    assert_eq!(refused(&mut black.client).await, ErrorCode::NotYourGame);
    let (first, _) = finish_by_resign(&mut black, &mut white, 41).await;

    // Someone who did not play it; a game that does not exist.
    let mut stranger = Client::sign_in(server.addr, None).await;
    stranger.send(&offer(&first)).await;
    assert_eq!(refused(&mut stranger).await, ErrorCode::NotYourGame);
    black.client.send(&offer("no-such-game")).await;
    assert_eq!(refused(&mut black.client).await, ErrorCode::NotYourGame);
    // Accepting with no offer pending; then a second offer, from either side.
    white.client.send(&answer(&first, true)).await;
    assert_eq!(refused(&mut white.client).await, ErrorCode::NoRematchOffer);
    black.client.send(&offer(&first)).await;
    offered(&mut white.client, &first, false).await;
    black.client.send(&offer(&first)).await;
    assert_eq!(refused(&mut black.client).await, ErrorCode::RematchPending);
    white.client.send(&offer(&first)).await;
    assert_eq!(refused(&mut white.client).await, ErrorCode::RematchPending);
    // The offerer cannot answer their own offer; a stranger cannot either.
    black.client.send(&answer(&first, true)).await;
    assert_eq!(refused(&mut black.client).await, ErrorCode::NoRematchOffer);
    stranger.send(&answer(&first, true)).await;
    assert_eq!(refused(&mut stranger).await, ErrorCode::NoRematchOffer);
    // Still pending for the real opponent.
    assert_eq!(server.hub.rematches.len(), 1);
    server.shutdown().await;
}

#[tokio::test]
async fn an_opponent_who_is_gone_cannot_be_offered_a_rematch() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    let (first, _) = finish_by_resign(&mut black, &mut white, 51).await;
    let gone = white.client.id();
    white.client.close().await;
    // Wait until the server has seen the close (nothing orders it before the
    // offer otherwise).
    while !server.hub.conns_of(&gone).is_empty() {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    black.client.send(&offer(&first)).await;
    assert_eq!(
        refused(&mut black.client).await,
        ErrorCode::OpponentUnavailable
    );
    server.shutdown().await;
}
