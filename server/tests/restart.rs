//! A server stopped mid-game (its whole runtime dropped, as when the process
//! dies) and started again on the same database: the game in progress
//! resumes where it was, and no finished game is lost.

mod common;

use std::net::SocketAddr;

use common::*;
use engine::baifang::referee_protocol::{hash_hex, ClientMsg, EndReason, ServerMsg};
use engine::baifang::Side;

/// A server on its own runtime and thread; dropping the handle kills it.
struct Doomed {
    addr: SocketAddr,
    kill: std::sync::mpsc::Sender<()>,
    thread: std::thread::JoinHandle<()>,
}

fn start_doomed(dir: &std::path::Path) -> Doomed {
    let config = config(dir);
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let (kill, killed) = std::sync::mpsc::channel::<()>();
    let thread = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let running = rt.block_on(server::start(config)).unwrap();
        addr_tx.send(running.addr).unwrap();
        let _ = killed.recv();
        // No shutdown: every task of the server is dropped where it stands.
        rt.shutdown_background();
    });
    Doomed {
        addr: addr_rx.recv().unwrap(),
        kill,
        thread,
    }
}

#[tokio::test]
async fn a_restart_resumes_the_game_in_progress_and_keeps_finished_games() {
    let dir = tempfile::tempdir().unwrap();
    let first = start_doomed(dir.path());

    // One game played to its end (resigned) …
    let (mut b1, mut w1) = quick_pair(first.addr).await;
    let mut pick = Pick(99);
    // Enough moves each for the resignation to be rated.
    play_actions(&mut b1, &mut w1, &mut pick, 10).await;
    w1.client.send(&ClientMsg::Resign).await;
    let seq = b1.next_seq();
    b1.applied(seq).await;
    let finished = b1.client.finished().await;
    w1.client.finished().await;
    let finished_log = b1.game.log().to_vec();
    // … and one in progress.
    let (mut black, mut white) = quick_pair(first.addr).await;
    play_actions(&mut black, &mut white, &mut pick, 9).await;
    let (log, hash) = (black.game.log().to_vec(), black.game.state().hash());
    let tokens = (black.client.token.clone(), white.client.token.clone());

    first.kill.send(()).unwrap();
    first.thread.join().unwrap();
    assert!(matches!(black.client.closed().await, None | Some(_)));

    let second = start_server(dir.path()).await;
    assert_eq!(second.resumed, 1);
    // Both players come back with their tokens and get the same board.
    let mut black2 = Seat::take(Client::sign_in(second.addr, tokens.0).await).await;
    let mut white2 = Seat::take(Client::sign_in(second.addr, tokens.1).await).await;
    assert_eq!(black2.side, Side::Black);
    assert_eq!(black2.game.log(), log.as_slice());
    assert_eq!(white2.game.log(), log.as_slice());
    assert_eq!(black2.game.state().hash(), hash);
    // A restart is not the players' fault: no disconnect was counted.
    assert_eq!(black2.game.state().disconnects(Side::Black), 0);
    assert_eq!(black2.game.state().disconnects(Side::White), 0);
    // Once both are back the clock runs and play goes on.
    black2.client.send(&ClientMsg::RequestState).await;
    let view = black2.client.game().await;
    assert_eq!(view.hash, hash_hex(hash));
    assert_eq!(view.present, [true, true]);
    assert!(view.clock.turn_ms.is_some());
    play_actions(&mut black2, &mut white2, &mut pick, 3).await;
    black2.client.send(&ClientMsg::Resign).await;
    let r = white2.client.finished().await;
    assert_eq!(r.reason, EndReason::Resign);

    // The first game is still there, with its log and result.
    let store = &second.hub.store;
    let recent = store.recent_games(b1.client.id(), 10).await.unwrap();
    let first_game = recent
        .iter()
        .find(|g| g.result == finished)
        .expect("finished game kept");
    let fin = store
        .finished_game(first_game.game_id.clone())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(fin.log, finished_log);
    match Client::sign_in(second.addr, b1.client.token.clone())
        .await
        .welcome
        .unwrap()
    {
        ServerMsg::Welcome { me, recent, .. } => {
            assert_eq!(me.games, 1);
            assert_eq!(recent.len(), 1);
        }
        _ => unreachable!(),
    }
    second.shutdown().await;
}

/// Polls the store until the game is settled (the room settles on its own task).
async fn settled(
    server: &server::Running,
    game_id: &str,
) -> engine::baifang::referee_protocol::GameResult {
    for _ in 0..100_000 {
        if let Some(g) = server
            .hub
            .store
            .finished_game(game_id.to_string())
            .await
            .unwrap()
        {
            return g.result;
        }
        tokio::task::yield_now().await;
    }
    panic!("game {game_id} was never settled");
}

#[tokio::test(start_paused = true)]
async fn after_a_restart_only_the_player_who_returns_can_win() {
    let _time = manual_time();
    let dir = tempfile::tempdir().unwrap();
    let first = server::start(paused_config(dir.path())).await.unwrap();
    let (mut b1, mut w1) = quick_pair(first.addr).await;
    let (mut b2, mut w2) = quick_pair(first.addr).await;
    let mut pick = Pick(5);
    play_actions(&mut b1, &mut w1, &mut pick, 3).await;
    play_actions(&mut b2, &mut w2, &mut pick, 2).await;
    let ids = [b1.client.id(), w1.client.id()];
    b1.client.send(&ClientMsg::RequestState).await;
    let game1 = b1.client.game().await.game.game_id;
    w2.client.send(&ClientMsg::RequestState).await;
    let game2 = w2.client.game().await.game.game_id;
    first.shutdown().await;
    assert_eq!(
        b1.client.closed().await.map(|c| c.0),
        Some(engine::baifang::referee_protocol::close::GOING_AWAY)
    );

    let second = server::start(paused_config(dir.path())).await.unwrap();
    assert_eq!(second.resumed, 2);
    // Game 1: only White comes back.
    let mut white = Seat::take(Client::sign_in(second.addr, w1.client.token.clone()).await).await;
    assert_eq!(
        white.game.log(),
        w1.game.log(),
        "a stopping server counts no disconnect"
    );
    white.client.send(&ClientMsg::RequestState).await;
    let view = white.client.game().await;
    assert_eq!(view.present, [false, true]);
    assert_eq!(
        view.clock.grace_ms[0],
        Some(engine::baifang::spec::DISCONNECT_GRACE_MS)
    );
    tokio::time::advance(std::time::Duration::from_millis(
        engine::baifang::spec::DISCONNECT_GRACE_MS as u64,
    ))
    .await;
    let r = white.client.finished().await;
    assert_eq!(r.winner.map(|s| s.0), Some(Side::White));
    assert_eq!(r.reason, EndReason::Disconnect);
    assert_eq!(settled(&second, &game1).await, r);
    assert_eq!(
        second
            .hub
            .store
            .player(ids[1].clone())
            .await
            .unwrap()
            .unwrap()
            .rating,
        r.ratings[1].after
    );
    // Game 2: nobody came back: abandoned, ratings unchanged.
    let r2 = settled(&second, &game2).await;
    assert_eq!((r2.winner, r2.reason), (None, EndReason::Abandoned));
    assert!(r2.ratings.iter().all(|c| c.before == c.after));
    let p = second
        .hub
        .store
        .player(b2.client.id())
        .await
        .unwrap()
        .unwrap();
    assert_eq!((p.rating, p.games), (1200, 0));
    second.shutdown().await;
}
