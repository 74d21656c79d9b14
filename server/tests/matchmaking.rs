//! Quick match through real clients on tokio's paused clock: the rating
//! window widens with waiting time, and one player's two tabs never meet.

mod common;

use std::time::Duration;

use common::*;
use engine::baifang::referee_protocol::{ClientMsg, Profile, ServerMsg};
use server::ids;
use tokio::time::advance;

/// A player stored before the server starts, with a known token and rating.
async fn seed_player(dir: &std::path::Path, name: &str, rating: i32) -> String {
    let store = server::store::sqlite::SqliteStore::open(&dir.join("test.sqlite3")).unwrap();
    let token = ids::new_token();
    let me = Profile {
        id: ids::new_player_id(),
        name: name.into(),
        rating,
        games: 0,
        wins: 0,
        losses: 0,
    };
    server::store::Store::create_player(&store, ids::token_digest(&token), me, seed_origin())
        .await
        .unwrap();
    token
}

/// Whether `c` has been sent its game by now (after a round trip through the server).
async fn paired(c: &mut Client) -> bool {
    c.send(&ClientMsg::Ping { t: 1 }).await;
    let m = c
        .until(|m| matches!(m, ServerMsg::Game(_) | ServerMsg::Pong { .. }))
        .await;
    matches!(m, ServerMsg::Game(_))
}

#[tokio::test(start_paused = true)]
async fn the_rating_window_widens_with_waiting_time() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let low = seed_player(dir.path(), "low", 1200).await;
    let high = seed_player(dir.path(), "high", 1350).await;
    let server = server::start(paused_config(dir.path())).await.unwrap();
    let mut a = Client::sign_in(server.addr, Some(low)).await;
    let mut b = Client::sign_in(server.addr, Some(high)).await;
    a.send(&ClientMsg::QuickMatch).await;
    a.until(|m| matches!(m, ServerMsg::Searching)).await;
    b.send(&ClientMsg::QuickMatch).await;
    b.until(|m| matches!(m, ServerMsg::Searching)).await;
    // 150 apart: the window is ±50 at first and reaches ±150 after 20 s.
    for _ in 0..19 {
        advance(Duration::from_secs(1)).await;
        assert!(!paired(&mut a).await);
    }
    advance(Duration::from_secs(2)).await;
    let view = a.game().await;
    let ratings: Vec<i32> = view.players.iter().map(|p| p.rating).collect();
    assert!(
        ratings.contains(&1200) && ratings.contains(&1350),
        "{ratings:?}"
    );
    b.game().await;
    server.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn two_tabs_of_one_player_are_never_paired() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = server::start(paused_config(dir.path())).await.unwrap();
    let mut tab1 = Client::sign_in(server.addr, None).await;
    let mut tab2 = Client::sign_in(server.addr, tab1.token.clone()).await;
    assert_eq!(tab1.id(), tab2.id());
    tab1.send(&ClientMsg::QuickMatch).await;
    tab2.send(&ClientMsg::QuickMatch).await;
    tab1.until(|m| matches!(m, ServerMsg::Searching)).await;
    tab2.until(|m| matches!(m, ServerMsg::Searching)).await;
    // Long past the point where anyone is accepted: still alone.
    for _ in 0..12 {
        advance(Duration::from_secs(10)).await;
        assert!(!paired(&mut tab1).await);
        assert!(!paired(&mut tab2).await);
    }
    assert_eq!(
        server.hub.queue.waiting().await,
        1,
        "one queue entry per player"
    );
    // Someone else arrives: both tabs of the player get that game.
    let mut other = Client::sign_in(server.addr, None).await;
    other.send(&ClientMsg::QuickMatch).await;
    let v = other.game().await;
    let (v1, v2) = (tab1.game().await, tab2.game().await);
    assert_eq!(v1.game_id, v.game_id);
    assert_eq!(v2.game_id, v.game_id);
    assert_eq!(v1.you, v2.you);
    assert_ne!(v1.you, v.you);
    server.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn cancelling_leaves_the_queue_at_once() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let server = server::start(paused_config(dir.path())).await.unwrap();
    let mut a = Client::sign_in(server.addr, None).await;
    let mut a2 = Client::sign_in(server.addr, a.token.clone()).await;
    a.send(&ClientMsg::QuickMatch).await;
    a.until(|m| matches!(m, ServerMsg::Searching)).await;
    a.send(&ClientMsg::Cancel).await;
    a.until(|m| matches!(m, ServerMsg::SearchEnded)).await;
    // Every tab of the player hears that the search ended.
    a2.until(|m| matches!(m, ServerMsg::SearchEnded)).await;
    assert_eq!(server.hub.queue.waiting().await, 0);
    let mut b = Client::sign_in(server.addr, None).await;
    b.send(&ClientMsg::QuickMatch).await;
    b.until(|m| matches!(m, ServerMsg::Searching)).await;
    advance(Duration::from_secs(90)).await;
    assert!(!paired(&mut b).await);
    assert!(!paired(&mut a).await);
    // Closing the last tab also leaves the queue.
    b.close().await;
    let mut c = Client::sign_in(server.addr, None).await;
    let mut rounds = 0;
    while server.hub.queue.waiting().await != 0 {
        rounds += 1;
        assert!(rounds < 100, "the closed tab's player is still queued");
        assert!(!paired(&mut c).await);
    }
    server.shutdown().await;
}

/// A pair the store refuses because one of them is in a game the directory
/// does not know (a stale directory, or Redis that lost its data): that
/// player is told 已在对局中 and not put back in the queue; the other waits
/// again and is paired with the next player who comes, instead of searching
/// for ever with nobody in the queue.
#[tokio::test]
async fn a_pair_the_store_refuses_puts_back_only_the_player_who_is_free() {
    use engine::baifang::referee_protocol::{ErrorCode, PublicPlayer};
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let mut busy = Client::sign_in(server.addr, None).await;
    let mut free = Client::sign_in(server.addr, None).await;
    let other = Client::sign_in(server.addr, None).await;
    let public = |c: &Client| {
        let me = c.me.clone().unwrap();
        PublicPlayer {
            id: me.id,
            name: me.name,
            rating: me.rating,
        }
    };
    // In a game as far as the store knows, not as far as the directory knows.
    server
        .hub
        .store
        .start_game(server::store::NewGame {
            id: "stale".into(),
            players: [public(&busy), public(&other)],
            games_before: [0, 0],
            started_at: 0,
            rated: false,
        })
        .await
        .unwrap();
    busy.send(&ClientMsg::QuickMatch).await;
    busy.until(|m| matches!(m, ServerMsg::Searching)).await;
    free.send(&ClientMsg::QuickMatch).await;
    free.until(|m| matches!(m, ServerMsg::Searching)).await;
    let told = busy.until(|m| matches!(m, ServerMsg::Error { .. })).await;
    assert_eq!(
        told,
        ServerMsg::Error {
            code: ErrorCode::AlreadyInGame
        }
    );
    assert!(!paired(&mut free).await, "the refused pair did not start");
    let mut next = Client::sign_in(server.addr, None).await;
    next.send(&ClientMsg::QuickMatch).await;
    let game = next.game().await;
    assert_eq!(
        free.game().await.game_id,
        game.game_id,
        "paired with the one put back"
    );
    assert!(!paired(&mut busy).await, "the busy player was not put back");
    assert!(
        !busy.all_text().contains(&game.game_id),
        "and never took part in the new game"
    );
    server.shutdown().await;
}
