//! The attacks and faults a referee must survive, each reproduced against a
//! real server on loopback: rating farming (fresh accounts, friend rooms,
//! resigning at move 0, the same pair over and over), the SQLite write lock
//! held by someone else (nothing acknowledged is lost, the game pauses and
//! resumes, the server restarts), a client that stops reading, guessing
//! friend-room codes, and the test clock from another site. After each, the
//! store's audit finds nothing wrong.

mod common;

use std::time::{Duration, Instant};

use common::*;
use engine::baifang::referee_protocol::{
    close, hash_hex, ClientMsg, ErrorCode, RejectCode, ServerMsg, Unrated, PROTOCOL_VERSION,
};
use engine::baifang::Side;
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

/// The store's invariants hold (ratings are the sum of stored changes, logs
/// have no gap, nobody is in two games).
async fn audit_clean(server: &server::Running) {
    let problems = server.hub.store.audit().await.unwrap();
    assert!(problems.is_empty(), "{problems:#?}");
}

/// Opens a friend room as `host` (`rated` ticked or not) and has `guest` join it.
async fn friend_game(host: Client, mut guest: Client, rated: [bool; 2]) -> (Seat, Seat) {
    let mut host = host;
    host.send(&ClientMsg::CreateRoom { rated: rated[0] }).await;
    let code = match host
        .until(|m| matches!(m, ServerMsg::RoomOpen { .. }))
        .await
    {
        ServerMsg::RoomOpen { code, .. } => code,
        _ => unreachable!(),
    };
    guest
        .send(&ClientMsg::JoinRoom {
            code,
            rated: rated[1],
        })
        .await;
    (Seat::take(host).await, Seat::take(guest).await)
}

/// The booster's loop from the attack review: fresh puppet accounts, a
/// friend room, the puppet resigns at once. Then the same with "rated"
/// ticked by both, and through quick match. Not one point moves.
#[tokio::test]
async fn the_farming_loop_gains_no_rating() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let booster = Client::sign_in(server.addr, None).await;
    let token = booster.token.clone();
    drop(booster);
    for round in 0..6 {
        let booster = Client::sign_in(server.addr, token.clone()).await;
        let puppet = Client::sign_in(server.addr, None).await;
        let rated = [round % 2 == 1; 2];
        let (mut b, mut p) = friend_game(booster, puppet, rated).await;
        p.client.send(&ClientMsg::Resign).await;
        let r = b.client.finished().await;
        assert_eq!(r.winner.map(|w| w.0), Some(b.side));
        let why = if rated[0] {
            Unrated::TooFewMoves
        } else {
            Unrated::Friendly
        };
        assert_eq!(r.unrated, Some(why));
        assert!(r.ratings.iter().all(|c| c.before == c.after), "{r:?}");
    }
    // Quick match against a fresh account, resigned at move 0.
    let booster = Client::sign_in(server.addr, token.clone()).await;
    let puppet = Client::sign_in(server.addr, None).await;
    let (mut b, mut p) = {
        let (mut x, mut y) = (booster, puppet);
        x.send(&ClientMsg::QuickMatch).await;
        y.send(&ClientMsg::QuickMatch).await;
        (Seat::take(x).await, Seat::take(y).await)
    };
    p.client.send(&ClientMsg::Resign).await;
    assert_eq!(
        b.client.finished().await.unrated,
        Some(Unrated::TooFewMoves)
    );
    let me = Client::sign_in(server.addr, token).await.me.unwrap();
    assert_eq!((me.rating, me.games, me.wins), (1200, 0, 0));
    audit_clean(&server).await;
    server.shutdown().await;
}

/// Plays until each side has made at least 3 moves, then `loser` resigns.
async fn play_then_resign(black: &mut Seat, white: &mut Seat, loser: Side) {
    let mut pick = Pick(7);
    while black.game.moves_made(Side::Black) < 3 || black.game.moves_made(Side::White) < 3 {
        play_one(black, white, &mut pick).await;
    }
    let seat = if loser == Side::Black { black } else { white };
    seat.client.send(&ClientMsg::Resign).await;
}

/// Two players who ask for rated friend games: three count in a day, the
/// fourth is played and recorded unrated. Ratings stay the sum of changes.
#[tokio::test]
async fn the_same_pair_is_rated_three_times_a_day() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let (x, y) = (
        Client::sign_in(server.addr, None).await,
        Client::sign_in(server.addr, None).await,
    );
    let tokens = [x.token.clone(), y.token.clone()];
    drop((x, y));
    for game in 0..4 {
        let x = Client::sign_in(server.addr, tokens[0].clone()).await;
        let y = Client::sign_in(server.addr, tokens[1].clone()).await;
        let (mut a, mut b) = friend_game(x, y, [true, true]).await;
        let (mut black, mut white) = if a.side == Side::Black {
            (a, b)
        } else {
            std::mem::swap(&mut a, &mut b);
            (a, b)
        };
        play_then_resign(&mut black, &mut white, Side::White).await;
        let r = black.client.finished().await;
        if game < 3 {
            assert_eq!(r.unrated, None, "game {game}");
            assert!(r.ratings[0].after > r.ratings[0].before);
        } else {
            assert_eq!(r.unrated, Some(Unrated::PairLimit));
            assert!(r.ratings.iter().all(|c| c.before == c.after));
        }
    }
    audit_clean(&server).await;
    server.shutdown().await;
}

/// One address gets its hourly allowance of new players, then a clear
/// refusal; a known token still signs in.
#[tokio::test]
async fn new_players_per_address_are_limited() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    config.limits.new_players_per_hour = 3;
    let server = server::start(config).await.unwrap();
    let first = Client::sign_in(server.addr, None).await;
    for _ in 0..2 {
        Client::sign_in(server.addr, None).await;
    }
    let mut fourth = Client::connect(server.addr).await;
    fourth
        .send(&ClientMsg::Hello {
            v: PROTOCOL_VERSION,
            token: None,
            name: None,
        })
        .await;
    let (code, reason) = fourth.closed().await.expect("a close frame");
    assert_eq!(code, close::TOO_MANY_ACCOUNTS);
    assert!(
        reason.contains("3 new players in the last hour"),
        "{reason}"
    );
    let again = Client::sign_in(server.addr, first.token.clone()).await;
    assert_eq!(again.id(), first.id());
    server.shutdown().await;
}

/// The hole from the attack review: another connection holds SQLite's write
/// lock. An action the server cannot store is neither broadcast nor
/// acknowledged; both players see the game paused and moves refused; once the
/// lock goes the game resumes where it was; every action either player saw
/// is stored without a gap, and the server starts again on that file.
#[tokio::test]
async fn a_held_sqlite_write_lock_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    let mut pick = Pick(5);
    play_actions(&mut black, &mut white, &mut pick, 4).await;
    // Someone else takes the write lock (the server waits its 5 s busy timeout, then fails).
    let locker = rusqlite::Connection::open(dir.path().join("test.sqlite3")).unwrap();
    locker.execute_batch("BEGIN IMMEDIATE").unwrap();
    let seq = black.next_seq();
    let mover = if black.game.state().to_move() == Side::Black {
        &mut black
    } else {
        &mut white
    };
    let action = pick.action(&mover.game);
    mover.client.send(&ClientMsg::Act { seq, action }).await;
    let paused = |m: &ServerMsg| matches!(m, ServerMsg::Game(v) if v.paused);
    for seat in [&mut black, &mut white] {
        match seat.client.until(paused).await {
            ServerMsg::Game(v) => assert_eq!(v.log.len() as u32, seq - 1, "not shown as played"),
            _ => unreachable!(),
        }
    }
    // While paused, the move is refused with the reason, not taken.
    let mover = if black.game.state().to_move() == Side::Black {
        &mut black
    } else {
        &mut white
    };
    mover.client.send(&ClientMsg::Act { seq, action }).await;
    match mover
        .client
        .until(|m| matches!(m, ServerMsg::Rejected { .. }))
        .await
    {
        ServerMsg::Rejected { code, .. } => assert_eq!(code, RejectCode::Paused),
        _ => unreachable!(),
    }
    // The lock goes: the retried write lands and both get the game again, with it.
    locker.execute_batch("ROLLBACK").unwrap();
    drop(locker);
    let resumed = |m: &ServerMsg| matches!(m, ServerMsg::Game(v) if !v.paused);
    for seat in [&mut black, &mut white] {
        match seat.client.until(resumed).await {
            ServerMsg::Game(v) => {
                assert_eq!(v.log.len() as u32, seq);
                assert_eq!(v.log[seq as usize - 1], action);
                seat.game.play(action).unwrap();
                assert_eq!(v.hash, hash_hex(seat.game.state().hash()));
            }
            _ => unreachable!(),
        }
    }
    play_actions(&mut black, &mut white, &mut pick, 2).await;
    let seen = black.game.log().to_vec();
    let id = {
        black.client.send(&ClientMsg::RequestState).await;
        black.client.game().await.game.game_id
    };
    server.shutdown().await;
    // Everything acknowledged is stored, in order; the server starts on the file.
    let again = start_server(dir.path()).await;
    assert_eq!(again.resumed, 1);
    let stored = again.hub.store.game_in_progress(id).await.unwrap().unwrap();
    assert_eq!(stored.log, seen);
    assert_eq!(stored.problem, None);
    audit_clean(&again).await;
    again.shutdown().await;
}

/// A client that signs in, gets a game and then never reads again (its
/// socket stays open). The server closes it within 10 s, and its opponent
/// sees the drop and the grace start.
#[tokio::test]
async fn a_client_that_stops_reading_is_closed_within_10_s() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let mut stalled = tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr))
        .await
        .unwrap()
        .0;
    let hello = ClientMsg::Hello {
        v: PROTOCOL_VERSION,
        token: None,
        name: None,
    };
    stalled.send(Message::text(hello.to_json())).await.unwrap();
    stalled
        .send(Message::text(ClientMsg::QuickMatch.to_json()))
        .await
        .unwrap();
    let mut other = Client::sign_in(server.addr, None).await;
    other.send(&ClientMsg::QuickMatch).await;
    let seat = Seat::take(other).await;
    let mut seat = seat;
    // Read until the game arrived, then stop reading for good.
    while let Some(Ok(m)) = stalled.next().await {
        if m.to_text().is_ok_and(|t| t.contains("\"type\":\"game\"")) {
            break;
        }
    }
    let stopped = Instant::now();
    let away = |m: &ServerMsg| matches!(m, ServerMsg::Presence { present: false, .. });
    match seat.client.until(away).await {
        ServerMsg::Presence { clock, side, .. } => {
            assert_ne!(side.0, seat.side);
            assert!(clock.grace_ms[side.0.idx()].is_some(), "the grace runs");
        }
        _ => unreachable!(),
    }
    let took = stopped.elapsed();
    assert!(
        took <= Duration::from_millis(10_500),
        "closed after {took:?}"
    );
    drop(stalled);
    server.shutdown().await;
}

/// 10,000 guesses at friend-room codes from one address, over many
/// connections: after the allowance every join is refused as "too many
/// attempts", even with the right code, so the room is never found.
#[tokio::test]
async fn ten_thousand_wrong_room_codes_find_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    // The rate limit is not what is tested here.
    config.limits.messages_per_sec = 1_000_000;
    config.limits.burst = 1_000_000;
    let server = server::start(config).await.unwrap();
    let mut host = Client::sign_in(server.addr, None).await;
    host.send(&ClientMsg::CreateRoom { rated: false }).await;
    let code = match host
        .until(|m| matches!(m, ServerMsg::RoomOpen { .. }))
        .await
    {
        ServerMsg::RoomOpen { code, .. } => code,
        _ => unreachable!(),
    };
    let alphabet = engine::baifang::referee_protocol::ROOM_CODE_ALPHABET;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut guess = || {
        (0..9)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                alphabet[(seed % 31) as usize] as char
            })
            .collect::<String>()
    };
    let (mut not_found, mut refused) = (0, 0);
    let mut attacker = Client::sign_in(server.addr, None).await;
    for i in 0..10_000 {
        if i % 1000 == 999 {
            // A fresh connection (and player) does not reset the address's count.
            attacker = Client::sign_in(server.addr, None).await;
        }
        let code = if i == 9_999 { code.clone() } else { guess() };
        attacker
            .send(&ClientMsg::JoinRoom { code, rated: false })
            .await;
        match attacker
            .until(|m| matches!(m, ServerMsg::Error { .. } | ServerMsg::Game(_)))
            .await
        {
            ServerMsg::Error {
                code: ErrorCode::RoomNotFound,
            } => not_found += 1,
            ServerMsg::Error {
                code: ErrorCode::TooManyAttempts,
            } => refused += 1,
            other => panic!("guess {i} got {other:?}"),
        }
    }
    // Each connection may miss 5 times, the address 20 times in 10 minutes.
    let limit = server::limits::Limits::default().wrong_codes_per_address;
    assert_eq!(
        not_found, limit,
        "only the address's allowance was looked up"
    );
    assert_eq!(refused, 10_000 - limit);
    // The right code came last and was refused too: the room was never found.
    host.send(&ClientMsg::Ping { t: 1 }).await;
    host.until(|m| matches!(m, ServerMsg::Pong { .. })).await;
    assert!(!host.all_text().contains("\"type\":\"game\""));
    server.shutdown().await;
}

/// The test clock answers loopback requests with the printed token only: a
/// page of another site can POST to it, but does not know the token.
#[tokio::test]
async fn the_test_clock_needs_its_token() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    config.test_clock = true;
    let server = server::start(config).await.unwrap();
    let token = server.test_clock_token.clone().expect("a token");
    let addr = server.addr;
    let post = |t: Option<String>| async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        let header = t.map_or(String::new(), |t| format!("x-test-clock-token: {t}\r\n"));
        let req = format!(
            "POST /api/test/advance?ms=1000 HTTP/1.1\r\nhost: x\r\n{header}\
             content-length: 0\r\nconnection: close\r\n\r\n"
        );
        s.write_all(req.as_bytes()).await.unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).await.unwrap();
        out.split(' ').nth(1).unwrap_or("").to_string()
    };
    let before = server.hub.clock.now_ms();
    assert_eq!(post(None).await, "403");
    assert_eq!(post(Some("wrong".into())).await, "403");
    assert!(server.hub.clock.now_ms() < before + 1000, "not moved");
    assert_eq!(post(Some(token)).await, "200");
    assert!(server.hub.clock.now_ms() >= before + 1000);
    server.shutdown().await;
}

/// Names lose the characters that could disguise them, and look-alike
/// compatibility forms become one.
#[tokio::test]
async fn names_lose_invisible_characters() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path()).await;
    let mut c = Client::sign_in(server.addr, None).await;
    c.send(&ClientMsg::SetName {
        name: "\u{202E}nimda\u{200B}".into(),
    })
    .await;
    match c.until(|m| matches!(m, ServerMsg::Profile { .. })).await {
        ServerMsg::Profile { me } => assert_eq!(me.name, "nimda"),
        _ => unreachable!(),
    }
    // Compatibility look-alikes become their plain form (NFKC): fullwidth
    // letters, a ligature.
    c.send(&ClientMsg::SetName {
        name: "\u{FF41}dmin \u{FB01}sh".into(),
    })
    .await;
    match c.until(|m| matches!(m, ServerMsg::Profile { .. })).await {
        ServerMsg::Profile { me } => assert_eq!(me.name, "admin fish"),
        _ => unreachable!(),
    }
    server.shutdown().await;
}
