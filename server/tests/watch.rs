//! Watching a live game: a spectator gets the whole game, then every action
//! in order with both clocks, exactly as the players do; it cannot act; the
//! players hear how many watch; a spectator that stops reading is dropped
//! while the game goes on; a finished or unknown game is refused as not live.

mod common;

use common::spectator::*;
use common::*;
use engine::baifang::referee_protocol::{
    hash_hex, ClientMsg, ErrorCode, RejectCode, ServerMsg, PROTOCOL_VERSION,
};
use engine::baifang::Game;

#[tokio::test]
async fn a_spectator_sees_every_action_in_order_and_cannot_act() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    let mut pick = Pick(11);
    play_actions(&mut black, &mut white, &mut pick, 3).await;

    // Joining mid-game: the whole game so far, then the rest live.
    let mut spectator = watcher(server.addr, &black.game_id).await;
    let view = watching(&mut spectator).await;
    assert_eq!(view.game_id, black.game_id);
    assert_eq!(view.log, black.game.log());
    assert_eq!(view.hash, hash_hex(black.game.state().hash()));
    assert_eq!(view.present, [true, true]);
    assert!(view.clock.turn_ms.is_some(), "the step clock runs");
    assert_eq!(view.watchers, 1);
    assert_eq!(watchers(&mut black.client).await, 1);
    assert_eq!(watchers(&mut white.client).await, 1);
    let mut replay = Game::from_log(&view.log).unwrap();

    play_actions(&mut black, &mut white, &mut pick, 9).await;
    let upto = black.game.log().len() as u32;
    follow(&mut spectator, &mut replay, upto).await;
    assert_eq!(replay.log(), black.game.log());

    // Acting, resigning or asking for a game is refused; the game is unchanged.
    let seq = black.next_seq();
    let action = pick.action(&black.game);
    spectator.send(&ClientMsg::Act { seq, action }).await;
    let refused = spectator
        .until(|m| matches!(m, ServerMsg::Rejected { .. }))
        .await;
    assert_eq!(
        refused,
        ServerMsg::Rejected {
            seq: Some(seq),
            code: RejectCode::Watching,
            rule: None
        }
    );
    spectator.send(&ClientMsg::Resign).await;
    spectator
        .until(|m| {
            matches!(
                m,
                ServerMsg::Rejected {
                    code: RejectCode::Watching,
                    ..
                }
            )
        })
        .await;
    spectator.send(&ClientMsg::QuickMatch).await;
    assert_eq!(
        spectator
            .until(|m| matches!(m, ServerMsg::Error { .. }))
            .await,
        ServerMsg::Error {
            code: ErrorCode::Watching
        }
    );
    spectator.send(&ClientMsg::RequestState).await;
    let again = watching(&mut spectator).await;
    assert_eq!(
        again.log,
        black.game.log(),
        "nothing the spectator sent was played"
    );

    // The game goes on, and the spectator sees the end.
    play_actions(&mut black, &mut white, &mut pick, 2).await;
    black.client.send(&ClientMsg::Resign).await;
    let result = black.client.finished().await;
    let upto = black.game.log().len() as u32;
    follow(&mut spectator, &mut replay, upto).await;
    let seen = match spectator
        .until(|m| matches!(m, ServerMsg::Finished { .. }))
        .await
    {
        ServerMsg::Finished { result } => result,
        _ => unreachable!(),
    };
    assert_eq!(seen, result);
    server.shutdown().await;
}

#[tokio::test]
async fn the_players_hear_how_many_watch() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    let game = black.game_id.clone();
    let mut one = watcher(server.addr, &game).await;
    watching(&mut one).await;
    assert_eq!(watchers(&mut black.client).await, 1);
    let mut two = watcher(server.addr, &game).await;
    assert_eq!(watching(&mut two).await.watchers, 2);
    assert_eq!(watchers(&mut black.client).await, 2);
    // The first one heard its own arrival, then the second's.
    assert_eq!(watchers(&mut one).await, 1);
    assert_eq!(watchers(&mut one).await, 2);
    one.close().await;
    assert_eq!(watchers(&mut black.client).await, 1);
    assert_eq!(watchers(&mut two).await, 2);
    assert_eq!(watchers(&mut two).await, 1);
    // A player who comes back finds the count in the whole game.
    white.client.send(&ClientMsg::RequestState).await;
    assert_eq!(white.client.game().await.watchers, 1);
    server.shutdown().await;
}

#[tokio::test]
async fn a_finished_or_unknown_game_is_not_live() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    let game = black.game_id.clone();
    play_actions(&mut black, &mut white, &mut pick_of(3), 2).await;
    black.client.send(&ClientMsg::Resign).await;
    black.client.finished().await;
    for id in [game.as_str(), "no-such-game", ""] {
        let mut c = watcher(server.addr, id).await;
        assert_eq!(
            c.until(|m| matches!(m, ServerMsg::Error { .. })).await,
            ServerMsg::Error {
                code: ErrorCode::NotLive
            },
            "{id:?}"
        );
    }
    // A spectator's connection is no player: it cannot say hello after watching.
    let (mut b2, _w2) = quick_pair(server.addr).await;
    let mut c = watcher(server.addr, &b2.game_id).await;
    watching(&mut c).await;
    c.send(&ClientMsg::Hello {
        v: PROTOCOL_VERSION,
        token: None,
        name: None,
    })
    .await;
    let (code, reason) = c.closed().await.expect("a close frame");
    assert_eq!(code, engine::baifang::referee_protocol::close::POLICY);
    assert!(reason.contains("already watches"), "{reason}");
    b2.client.send(&ClientMsg::RequestState).await;
    b2.client.game().await;
    server.shutdown().await;
}

fn pick_of(seed: u64) -> Pick {
    Pick(seed)
}

/// A spectator that stops reading (its receive window shut) while asking for
/// the whole game over and over, so its queue fills: the room drops it at
/// the next action instead of waiting, the players hear the count fall, and
/// every move after is applied as before.
#[tokio::test]
async fn a_spectator_that_stops_reading_is_dropped_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    config.limits.watcher_queue = 8;
    // The spectator's requests are what fills its queue here, not a flood to refuse.
    config.limits.messages_per_sec = 10_000;
    config.limits.burst = 10_000;
    let server = server::start(config).await.unwrap();
    let (mut black, mut white) = quick_pair(server.addr).await;
    let mut pick = Pick(5);
    play_actions(&mut black, &mut white, &mut pick, 12).await;
    let mut slow = Client::connect_small_window(server.addr).await;
    slow.send(&ClientMsg::Watch {
        v: PROTOCOL_VERSION,
        game_id: black.game_id.clone(),
    })
    .await;
    watching(&mut slow).await;
    assert_eq!(watchers(&mut black.client).await, 1);
    slow.set_reading(false);
    // Each whole game is about a kilobyte: asked for again and again and
    // never read, they fill the socket's buffers (a few MB on loopback), then
    // wait in the spectator's queue (in batches well under a player's
    // queue, so the room's tighter bound is what drops it).
    let queued = || server.hub.deepest_outgoing_queue();
    for _ in 0..1_000 {
        if queued() >= 8 {
            break;
        }
        for _ in 0..50 {
            slow.send(&ClientMsg::RequestState).await;
        }
        tokio::time::sleep(std::time::Duration::from_millis(1)).await;
    }
    assert!(queued() >= 8, "the spectator's queue filled: {}", queued());
    assert!(!black.game.state().is_finished());
    play_one(&mut black, &mut white, &mut pick).await;
    assert_eq!(
        server.hub.metrics.dropped_watchers(),
        1,
        "dropped at that action"
    );
    assert_eq!(watchers(&mut black.client).await, 0);
    assert_eq!(watchers(&mut white.client).await, 0);
    // The players play on; nothing waits for the dropped spectator.
    play_actions(&mut black, &mut white, &mut pick, 4).await;
    slow.set_reading(true);
    slow.closed().await;
    server.shutdown().await;
}
