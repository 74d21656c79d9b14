//! A spectator's side of the tests: a connection that watches a game, and
//! its own replay of what it receives.

use std::net::SocketAddr;

use engine::baifang::referee_protocol::{
    hash_hex, ClientMsg, ServerMsg, WatchView, PROTOCOL_VERSION,
};
use engine::baifang::{Action, Game};

use super::Client;

/// Opens a connection that watches `game_id` (no hello).
pub async fn watcher(addr: SocketAddr, game_id: &str) -> Client {
    let mut c = Client::connect(addr).await;
    c.send(&ClientMsg::Watch {
        v: PROTOCOL_VERSION,
        game_id: game_id.to_string(),
    })
    .await;
    c
}

pub async fn watching(c: &mut Client) -> WatchView {
    match c.until(|m| matches!(m, ServerMsg::Watching(_))).await {
        ServerMsg::Watching(v) => v,
        _ => unreachable!(),
    }
}

pub async fn watchers(c: &mut Client) -> u32 {
    match c.until(|m| matches!(m, ServerMsg::Watchers { .. })).await {
        ServerMsg::Watchers { count } => count,
        _ => unreachable!(),
    }
}

/// The spectator's own replay of what it receives: every `applied` must be
/// the next one, legal, and land on the server's hash.
pub async fn follow(c: &mut Client, game: &mut Game, upto: u32) -> Vec<Action> {
    let mut seen = Vec::new();
    while (game.log().len() as u32) < upto {
        match c.until(|m| matches!(m, ServerMsg::Applied { .. })).await {
            ServerMsg::Applied {
                seq, action, hash, ..
            } => {
                replay(game, seq, action, &hash);
                seen.push(action);
            }
            _ => unreachable!(),
        }
    }
    seen
}

/// Like [`follow`], across a fault: a fresh `watching` (the spectator attached
/// again, on another instance's room) must extend what was seen, and the
/// replay goes on from its log. Returns the log as the spectator has it.
pub async fn follow_through(c: &mut Client, game: &mut Game, upto: u32) -> Vec<Action> {
    while (game.log().len() as u32) < upto {
        match c
            .until(|m| matches!(m, ServerMsg::Applied { .. } | ServerMsg::Watching(_)))
            .await
        {
            ServerMsg::Watching(v) => {
                assert!(
                    v.log.starts_with(game.log()),
                    "the view again extends what was seen"
                );
                *game = Game::from_log(&v.log).expect("the view replays");
                assert_eq!(hash_hex(game.state().hash()), v.hash);
            }
            ServerMsg::Applied {
                seq, action, hash, ..
            } => replay(game, seq, action, &hash),
            _ => unreachable!(),
        }
    }
    game.log().to_vec()
}

/// One received `applied`: the next one, legal, landing on the server's hash.
fn replay(game: &mut Game, seq: u32, action: Action, hash: &str) {
    assert_eq!(seq, game.log().len() as u32 + 1, "in order, none missing");
    game.play(action).expect("the spectator replays it");
    assert_eq!(hash_hex(game.state().hash()), hash);
}
