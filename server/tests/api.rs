//! The public JSON answers over real HTTP: the leaderboard's order and
//! provisional marks, a player's games page by page, one finished game whole,
//! a player's page with their rating history, the export of every finished
//! game as one file, and nothing about a game in progress.

mod common;

use std::net::SocketAddr;

use common::*;
use engine::baifang::game_record::GameRecord;
use engine::baifang::referee_protocol::{
    ClientMsg, EndReason, GameResult, GamesExport, GamesPage, Leaderboard, PlayerPage,
    PublicPlayer, RatingChange, SideCode, Unrated, GAMES_PER_PAGE,
};
use engine::baifang::{Action, Side};
use server::store::{Finish, NewGame, FIRST_EPOCH};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// `GET path`: the status code and the body.
async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let (status, _, body) = get_with_head(addr, path).await;
    (status, body)
}

/// `GET path`: the status code, the head (lowercase) and the body, with a
/// chunked body put back together.
async fn get_with_head(addr: SocketAddr, path: &str) -> (u16, String, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    let status = out[9..12].parse().unwrap();
    let (head, body) = out.split_once("\r\n\r\n").unwrap();
    let head = head.to_lowercase();
    let body = if head.contains("transfer-encoding: chunked") {
        dechunk(body)
    } else {
        body.to_string()
    };
    (status, head, body)
}

/// A chunked HTTP/1.1 body's content.
fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    loop {
        let (size, tail) = rest.split_once("\r\n").unwrap();
        let size = usize::from_str_radix(size.trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.push_str(&tail[..size]);
        rest = &tail[size + 2..];
    }
}

#[tokio::test]
async fn the_leaderboard_the_games_pages_and_a_finished_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    config.limits.messages_per_sec = 10_000;
    config.limits.burst = 10_000;
    let server = server::start(config).await.unwrap();
    let addr = server.addr;

    // A rated game: 8 actions, then White resigns.
    let (mut black, mut white) = quick_pair(addr).await;
    play_actions(&mut black, &mut white, &mut Pick(77), 8).await;
    white.client.send(&ClientMsg::Resign).await;
    let result = black.client.finished().await;
    assert!(result.unrated.is_none(), "{result:?}");
    // A game in progress between two others.
    let (mut b2, mut w2) = quick_pair(addr).await;
    play_actions(&mut b2, &mut w2, &mut Pick(5), 3).await;
    b2.client.send(&ClientMsg::RequestState).await;
    let live = b2.client.game().await.game.game_id;

    let (status, body) = get(addr, "/api/leaderboard").await;
    assert_eq!(status, 200, "{body}");
    let board: Leaderboard = serde_json::from_str(&body).unwrap();
    let ids: Vec<&str> = board.players.iter().map(|e| e.player.id.as_str()).collect();
    // Only players with a rated game, highest first; the new ones are not listed.
    assert_eq!(ids, [black.client.id(), white.client.id()]);
    assert_eq!(board.players[0].rank, 1);
    assert_eq!(board.players[0].player.rating, result.ratings[0].after);
    assert!(board.players.iter().all(|e| e.provisional));
    assert!(!board.players[0].tier.is_empty());

    let (status, body) = get(addr, &format!("/api/players/{}/games", black.client.id())).await;
    assert_eq!(status, 200, "{body}");
    let page: GamesPage = serde_json::from_str(&body).unwrap();
    assert_eq!((page.games.len(), page.more), (1, false));
    let id = page.games[0].game_id.clone();

    let (status, body) = get(addr, &format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{body}");
    let record: GameRecord = serde_json::from_str(&body).unwrap();
    assert_eq!(record.result, result);
    // The seat's log plus the resignation it heard as the result.
    assert_eq!(&record.actions[..8], black.game.log());
    assert_eq!(record.actions[8], Action::Resign { side: Side::White });
    assert_eq!(record.plies.len(), record.actions.len());
    assert_eq!(record.players[0].id, black.client.id());
    assert_eq!(
        (
            record.players[1].rating_before,
            record.players[1].rating_after
        ),
        (1200, result.ratings[1].after)
    );

    // A game in progress is not public: the same answer as an unknown id.
    let (status, body) = get(addr, &format!("/api/games/{live}")).await;
    assert_eq!(status, 404);
    assert!(!body.contains(&b2.client.id()), "{body}");
    assert_eq!(get(addr, "/api/games/nope").await, (404, body));
    assert!(
        !get(addr, &format!("/api/players/{}/games", b2.client.id()))
            .await
            .1
            .contains(&live)
    );
    assert_eq!(get(addr, "/api/players/nobody/games").await.0, 404);
    server.shutdown().await;
}

#[tokio::test]
async fn a_players_games_come_in_pages_of_50_newest_first() {
    let dir = tempfile::tempdir().unwrap();
    let server = server::start(config(dir.path())).await.unwrap();
    let me = Client::sign_in(server.addr, None).await;
    let other = Client::sign_in(server.addr, None).await;
    let store = &server.hub.store;
    let players = [me.id(), other.id()].map(|id| PublicPlayer {
        id,
        name: "x".into(),
        rating: 1200,
    });
    let total = GAMES_PER_PAGE + 7;
    for i in 0..total {
        let id = format!("g{i:03}");
        store
            .start_game(NewGame {
                id: id.clone(),
                players: players.clone(),
                games_before: [0, 0],
                started_at: i as u64,
                rated: false,
            })
            .await
            .unwrap();
        store
            .finish_game(Finish {
                id,
                players: [me.id(), other.id()],
                result: GameResult {
                    winner: Some(SideCode(Side::Black)),
                    reason: EndReason::Resign,
                    ratings: [RatingChange {
                        before: 1200,
                        after: 1200,
                    }; 2],
                    unrated: None,
                    aborted_by: None,
                },
                finished_at: 1_000 + i as u64,
                epoch: FIRST_EPOCH,
            })
            .await
            .unwrap();
    }
    let page = |n: u32| {
        let path = format!("/api/players/{}/games?page={n}", me.id());
        async move {
            let (status, body) = get(server.addr, &path).await;
            assert_eq!(status, 200, "{body}");
            serde_json::from_str::<GamesPage>(&body).unwrap()
        }
    };
    let first = page(0).await;
    assert_eq!(
        (first.games.len() as u32, first.more),
        (GAMES_PER_PAGE, true)
    );
    assert_eq!(first.games[0].game_id, format!("g{:03}", total - 1));
    let second = page(1).await;
    assert_eq!((second.games.len(), second.more), (7, false));
    assert_eq!(second.games[6].game_id, "g000");
    assert!(page(2).await.games.is_empty());
    server.shutdown().await;
}

/// Settles a game between `players` that Black wins by resignation, moving
/// the ratings by `change` (unchanged and unrated when `unrated` is set).
async fn settle(
    store: &dyn server::store::Store,
    id: &str,
    players: [&PublicPlayer; 2],
    change: i32,
    unrated: Option<Unrated>,
    at: u64,
) {
    store
        .start_game(NewGame {
            id: id.into(),
            players: players.map(|p| p.clone()),
            games_before: [0, 0],
            started_at: at,
            rated: unrated.is_none(),
        })
        .await
        .unwrap();
    let change = if unrated.is_some() { 0 } else { change };
    let [b, w] = players.map(|p| p.rating);
    store
        .finish_game(Finish {
            id: id.into(),
            players: players.map(|p| p.id.clone()),
            result: GameResult {
                winner: Some(SideCode(Side::Black)),
                reason: EndReason::Resign,
                ratings: [
                    RatingChange {
                        before: b,
                        after: b + change,
                    },
                    RatingChange {
                        before: w,
                        after: w - change,
                    },
                ],
                unrated,
                aborted_by: None,
            },
            finished_at: at + 1,
            epoch: FIRST_EPOCH,
        })
        .await
        .unwrap();
}

#[tokio::test]
async fn a_players_page_and_the_export_of_every_finished_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = server::start(config(dir.path())).await.unwrap();
    let addr = server.addr;
    let store = &*server.hub.store;
    let signed = [(); 3].map(|_| Client::sign_in(addr, None));
    let mut ids = Vec::new();
    for c in signed {
        ids.push(c.await.id());
    }
    let player = |id: &String, rating| PublicPlayer {
        id: id.clone(),
        name: "x".into(),
        rating,
    };
    let (me, other, third) = (&ids[0], &ids[1], &ids[2]);
    // Two rated games (me: +16, then -9 as White) and more than a page of
    // unrated ones, so the export crosses pages.
    settle(
        store,
        "r1",
        [&player(me, 1200), &player(other, 1200)],
        16,
        None,
        10,
    )
    .await;
    settle(
        store,
        "r2",
        [&player(other, 1184), &player(me, 1216)],
        9,
        None,
        20,
    )
    .await;
    let unrated = GAMES_PER_PAGE + 3;
    for i in 0..unrated {
        let (a, b) = (player(me, 1207), player(other, 1193));
        let id = format!("u{i:03}");
        settle(
            store,
            &id,
            [&a, &b],
            0,
            Some(Unrated::Friendly),
            30 + i as u64,
        )
        .await;
    }
    // A game in progress: not in the export.
    store
        .start_game(NewGame {
            id: "live".into(),
            players: [player(third, 1200), player(me, 1207)],
            games_before: [0, 0],
            started_at: 999,
            rated: true,
        })
        .await
        .unwrap();

    let (status, body) = get(addr, &format!("/api/players/{me}")).await;
    assert_eq!(status, 200, "{body}");
    let page: PlayerPage = serde_json::from_str(&body).unwrap();
    let history: Vec<(&str, i32)> = page
        .history
        .iter()
        .map(|p| (p.game_id.as_str(), p.rating))
        .collect();
    assert_eq!(history, [("r1", 1216), ("r2", 1207)]);
    // The history ends at the stored rating: the sum of the stored changes.
    assert_eq!((page.player.rating, page.player.games), (1207, 2));
    assert!(page.provisional);
    assert!(!page.tier.is_empty() && !page.tier_en.is_empty());

    let (status, head, body) = get_with_head(addr, &format!("/api/players/{me}/export")).await;
    assert_eq!(status, 200, "{body}");
    assert!(
        head.contains(&format!(
            "content-disposition: attachment; filename=\"baifang-games-{me}.json\""
        )),
        "{head}"
    );
    let export: GamesExport = serde_json::from_str(&body).unwrap();
    assert_eq!(export.player.id, *me);
    let mut got: Vec<&str> = export.games.iter().map(|g| g.id.as_str()).collect();
    got.sort();
    let mut want: Vec<String> = (0..unrated).map(|i| format!("u{i:03}")).collect();
    want.extend(["r1".into(), "r2".into()]);
    want.sort();
    assert_eq!(got, want);
    assert_eq!(
        export.games[0].id,
        format!("u{:03}", unrated - 1),
        "newest first"
    );
    assert!(!body.contains("\"live\""));
    let r2 = export.games.iter().find(|g| g.id == "r2").unwrap();
    assert_eq!(
        (r2.players[1].rating_before, r2.players[1].rating_after),
        (1216, 1207)
    );

    // A rename shows on the page and in the games it played.
    store.rename_player(me.clone(), "Mei".into()).await.unwrap();
    let body = get(addr, &format!("/api/players/{me}")).await.1;
    assert_eq!(
        serde_json::from_str::<PlayerPage>(&body)
            .unwrap()
            .player
            .name,
        "Mei"
    );
    let body = get(addr, &format!("/api/players/{me}/export")).await.1;
    let export: GamesExport = serde_json::from_str(&body).unwrap();
    assert_eq!(export.player.name, "Mei");
    assert!(export
        .games
        .iter()
        .all(|g| g.players.iter().any(|p| p.name == "Mei")));

    // An unknown player: a clear 404 in JSON, on both paths.
    for path in ["/api/players/nobody", "/api/players/nobody/export"] {
        let (status, body) = get(addr, path).await;
        assert_eq!(status, 404, "{path}");
        let error: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(error["error"], "no player has this id");
    }
    server.shutdown().await;
}
