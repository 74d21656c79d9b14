//! Whole games through real WebSocket clients on loopback: to a result with
//! Elo stored, refusals that leave the game going, friend rooms by code.

mod common;

use common::*;
use engine::baifang::elo;
use engine::baifang::referee_protocol::{
    hash_hex, ClientMsg, EndReason, ErrorCode, RejectCode, ServerMsg, SideCode,
};
use engine::baifang::{Action, Phase, Side};

#[tokio::test]
async fn a_full_game_ends_with_a_result_and_both_ratings_are_stored() {
    let dir = tempfile::tempdir().unwrap();
    // These players act as fast as the loopback allows: lift the rate limit
    // (it has its own test) so the whole game takes a fraction of a second.
    let mut config = config(dir.path());
    config.limits.messages_per_sec = 10_000;
    config.limits.burst = 10_000;
    let server = server::start(config).await.unwrap();
    let (mut black, mut white) = quick_pair(server.addr).await;
    let mut pick = Pick(0x9E37_79B9_7F4A_7C15);
    while !black.game.state().is_finished() {
        play_one(&mut black, &mut white, &mut pick).await;
    }
    let (winner, reason) = black.game.state().result().unwrap();
    let result = black.client.finished().await;
    // Asking for the next game the moment the result is in is not refused as
    // "already in a game": the room left the directory before it told anyone.
    black.client.send(&ClientMsg::QuickMatch).await;
    assert!(matches!(
        black
            .client
            .until(|m| matches!(m, ServerMsg::Searching | ServerMsg::Error { .. }))
            .await,
        ServerMsg::Searching
    ));
    black.client.send(&ClientMsg::Cancel).await;
    assert_eq!(white.client.finished().await, result);
    assert_eq!(result.winner, Some(SideCode(winner)));
    assert_eq!(result.reason, EndReason::from(reason));
    // Both new players start at the same rating: the winner gains what the loser loses.
    let (bw, ww) = elo::rate_game(1200, 1200, winner == Side::Black, 0, 0);
    assert_eq!([result.ratings[0].after, result.ratings[1].after], [bw, ww]);
    assert_ne!(bw, 1200);
    assert_eq!(black.hashes, white.hashes, "both saw the same states");

    // Stored: the players' ratings and records, the game with its log and result.
    let store = &server.hub.store;
    let b = store.player(black.client.id()).await.unwrap().unwrap();
    let w = store.player(white.client.id()).await.unwrap().unwrap();
    assert_eq!((b.rating, w.rating), (bw, ww));
    assert_eq!((b.games, w.games), (1, 1));
    assert_eq!(b.wins + w.wins, 1);
    let recent = store.recent_games(b.id.clone(), 5).await.unwrap();
    assert_eq!(recent.len(), 1);
    let fin = store
        .finished_game(recent[0].game_id.clone())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(fin.log, black.game.log());
    assert_eq!(fin.result, result);

    // Signing in again shows the new rating and the game among the recent ones.
    let again = Client::sign_in(server.addr, black.client.token.clone()).await;
    match again.welcome.unwrap() {
        ServerMsg::Welcome {
            token, me, recent, ..
        } => {
            assert_eq!(token, None, "a known token is never sent back");
            assert_eq!(me.rating, bw);
            assert_eq!(recent[0].result, result);
        }
        _ => unreachable!(),
    }
    server.shutdown().await;
}

#[tokio::test]
async fn illegal_and_out_of_turn_actions_are_refused_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    black
        .client
        .send(&ClientMsg::Act {
            seq: 1,
            action: Action::Place { to: 12 },
        })
        .await;
    black.applied(1).await;
    white.applied(1).await;

    let refused = |m: &ServerMsg| matches!(m, ServerMsg::Rejected { .. });
    // Out of turn: Black again.
    black
        .client
        .send(&ClientMsg::Act {
            seq: 2,
            action: Action::Place { to: 0 },
        })
        .await;
    assert_eq!(
        black.client.until(refused).await,
        ServerMsg::Rejected {
            seq: Some(2),
            code: RejectCode::NotYourTurn,
            rule: None
        }
    );
    // Illegal: White on the occupied centre.
    white
        .client
        .send(&ClientMsg::Act {
            seq: 2,
            action: Action::Place { to: 12 },
        })
        .await;
    assert_eq!(
        white.client.until(refused).await,
        ServerMsg::Rejected {
            seq: Some(2),
            code: RejectCode::Illegal,
            rule: Some("occupied".into())
        }
    );
    // Illegal in this phase: a move while placing.
    white
        .client
        .send(&ClientMsg::Act {
            seq: 2,
            action: Action::Move { from: 12, to: 13 },
        })
        .await;
    assert_eq!(
        white.client.until(refused).await,
        ServerMsg::Rejected {
            seq: Some(2),
            code: RejectCode::Illegal,
            rule: Some("not_moving_phase".into())
        }
    );
    // A stale click (made on the board before the last action).
    white
        .client
        .send(&ClientMsg::Act {
            seq: 1,
            action: Action::Place { to: 3 },
        })
        .await;
    assert_eq!(
        white.client.until(refused).await,
        ServerMsg::Rejected {
            seq: Some(1),
            code: RejectCode::StaleSeq,
            rule: None
        }
    );
    // Only place, move and capture are actions a player sends.
    white
        .client
        .send(&ClientMsg::Act {
            seq: 2,
            action: Action::Timeout,
        })
        .await;
    assert_eq!(
        white.client.until(refused).await,
        ServerMsg::Rejected {
            seq: Some(2),
            code: RejectCode::NotAMove,
            rule: None
        }
    );
    // The game goes on: White's legal action is sequence number 2.
    white
        .client
        .send(&ClientMsg::Act {
            seq: 2,
            action: Action::Place { to: 6 },
        })
        .await;
    assert_eq!(black.applied(2).await, Action::Place { to: 6 });
    assert_eq!(white.applied(2).await, Action::Place { to: 6 });
    assert_eq!(black.game.state().phase(), Phase::Placing);
    assert_eq!(black.game.state().to_move(), Side::Black);

    // request_state sends the same board.
    white.client.send(&ClientMsg::RequestState).await;
    let view = white.client.game().await;
    assert_eq!(view.log, white.game.log());
    assert_eq!(view.hash, hash_hex(white.game.state().hash()));
    assert_eq!(view.you, SideCode(Side::White));
    assert_eq!(view.present, [true, true]);
    assert!(view.clock.turn_ms.is_some_and(|t| t <= 30_000));

    // Resign ends it at once, rated.
    white.client.send(&ClientMsg::Resign).await;
    let r = black.client.finished().await;
    assert_eq!(r.winner, Some(SideCode(Side::Black)));
    assert_eq!(r.reason, EndReason::Resign);
    // After the game, actions have no game to go to.
    white
        .client
        .send(&ClientMsg::Act {
            seq: 4,
            action: Action::Place { to: 7 },
        })
        .await;
    assert!(matches!(
        white.client.until(refused).await,
        ServerMsg::Rejected {
            code: RejectCode::NoGame,
            ..
        }
    ));
    server.shutdown().await;
}

#[tokio::test]
async fn friend_rooms_open_by_code_and_tokens_never_reach_the_other_player() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let mut host = Client::sign_in(server.addr, None).await;
    let mut guest = Client::sign_in(server.addr, None).await;
    host.send(&ClientMsg::SetName {
        name: "  小明  ".into(),
    })
    .await;
    match host.until(|m| matches!(m, ServerMsg::Profile { .. })).await {
        ServerMsg::Profile { me } => assert_eq!(me.name, "小明"),
        _ => unreachable!(),
    }
    host.send(&ClientMsg::CreateRoom { rated: false }).await;
    let code = match host
        .until(|m| matches!(m, ServerMsg::RoomOpen { .. }))
        .await
    {
        ServerMsg::RoomOpen { code, .. } => code,
        _ => unreachable!(),
    };
    let error = |m: &ServerMsg| matches!(m, ServerMsg::Error { .. });
    // Own code, unknown code, nonsense: refused with a reason.
    host.send(&ClientMsg::JoinRoom {
        code: code.clone(),
        rated: false,
    })
    .await;
    assert_eq!(
        host.until(error).await,
        ServerMsg::Error {
            code: ErrorCode::OwnRoom
        }
    );
    guest
        .send(&ClientMsg::JoinRoom {
            code: "ZZZ-ZZZ-ZZZ".into(),
            rated: false,
        })
        .await;
    assert_eq!(
        guest.until(error).await,
        ServerMsg::Error {
            code: ErrorCode::RoomNotFound
        }
    );
    guest
        .send(&ClientMsg::JoinRoom {
            code: "not a code".into(),
            rated: false,
        })
        .await;
    assert_eq!(
        guest.until(error).await,
        ServerMsg::Error {
            code: ErrorCode::RoomNotFound
        }
    );
    // The link's code, in lower case as typed, joins.
    guest
        .send(&ClientMsg::JoinRoom {
            code: code.to_lowercase(),
            rated: false,
        })
        .await;
    let (host_token, guest_token) = (host.token.clone().unwrap(), guest.token.clone().unwrap());
    let mut h = Seat::take(host).await;
    let g = Seat::take(guest).await;
    assert_ne!(h.side, g.side);
    let names: Vec<String> = {
        let view = {
            h.client.send(&ClientMsg::RequestState).await;
            h.client.game().await
        };
        view.players.iter().map(|p| p.name.clone()).collect()
    };
    assert!(names.contains(&"小明".to_string()));
    // The code is used up.
    let mut third = Client::sign_in(server.addr, None).await;
    third
        .send(&ClientMsg::JoinRoom {
            code: code.clone(),
            rated: false,
        })
        .await;
    assert_eq!(
        third.until(error).await,
        ServerMsg::Error {
            code: ErrorCode::RoomNotFound
        }
    );
    // A player with a game cannot queue or open another room.
    h.client.send(&ClientMsg::QuickMatch).await;
    assert_eq!(
        h.client.until(error).await,
        ServerMsg::Error {
            code: ErrorCode::AlreadyInGame
        }
    );

    let (mut black, mut white) = if h.side == Side::Black {
        (h, g)
    } else {
        (g, h)
    };
    let mut pick = Pick(7);
    play_actions(&mut black, &mut white, &mut pick, 6).await;
    black.client.send(&ClientMsg::Resign).await;
    black.client.finished().await;
    white.client.finished().await;
    // Neither token appears anywhere in what the other player received (nor,
    // after the welcome that issued it, in what its owner received).
    for (seat, own, other) in [
        (&black, &host_token, &guest_token),
        (&white, &host_token, &guest_token),
    ] {
        let text = seat.client.all_text();
        let own_token = if seat.client.token.as_ref() == Some(own) {
            own
        } else {
            other
        };
        let other_token = if own_token == own { other } else { own };
        assert!(!text.contains(other_token.as_str()));
        assert_eq!(
            text.matches(own_token.as_str()).count(),
            1,
            "only in the issuing welcome"
        );
    }
    server.shutdown().await;
}
