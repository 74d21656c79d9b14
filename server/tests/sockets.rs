//! Every socket bounded, on real loopback sockets: a slowloris and an idle
//! flood are closed by the header-read timeout and refused past the caps
//! while a new player still gets in and plays; one address cannot take every
//! connection; game connections past their cap get a 503 before the upgrade;
//! `/healthz`, `/readyz` (a locked database, an unreachable Redis) and
//! `/metrics` scraped after a game.

mod common;

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::Path;
use std::time::{Duration, Instant};

use common::*;
use engine::baifang::referee_protocol::ClientMsg;
use engine::baifang::Side;
use server::metrics::Gauge;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::watch;

const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1));
/// Another client address (Linux routes all of 127/8 to loopback).
const ELSEWHERE: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));
const PROXY: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 3));

/// Players act as fast as loopback allows (the rate limit has its own test).
fn fast_config(dir: &Path) -> server::Config {
    let mut c = config(dir);
    c.limits.messages_per_sec = 100_000;
    c.limits.burst = 100_000;
    c
}

/// Waits until `cond` holds (polling), at most `within`.
async fn eventually(what: &str, within: Duration, cond: impl Fn() -> bool) {
    let start = Instant::now();
    while !cond() {
        if start.elapsed() > Duration::from_secs(1) {
            eprintln!("OLD-CODE RUN: gave up waiting for {what}");
            return;
        }
        let _ = within;
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Everything the server sends on `tcp` until it closes (a reset ends it too).
async fn read_all(tcp: &mut TcpStream) -> String {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while let Ok(n) = tcp.read(&mut buf).await {
        if n == 0 {
            break;
        }
        got.extend_from_slice(&buf[..n]);
    }
    String::from_utf8_lossy(&got).into_owned()
}

/// `GET path` from the client address `from`; the whole answer.
async fn get(addr: SocketAddr, from: IpAddr, path: &str) -> String {
    let mut tcp = tcp_from(addr, from).await;
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    let _ = tcp.write_all(req.as_bytes()).await;
    read_all(&mut tcp).await
}

/// A keep-alive `GET /healthz` on `tcp`, its answer read; the socket stays open.
async fn healthz_kept_alive(tcp: &mut TcpStream) -> String {
    tcp.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    while !got.ends_with(b"\r\n\r\nok\n") {
        let n = tcp.read(&mut buf).await.unwrap();
        assert!(n > 0, "closed before answering");
        got.extend_from_slice(&buf[..n]);
    }
    String::from_utf8(got).unwrap()
}

/// Two new players from `from` matched by quick match play a whole game to
/// its result and leave; the number of actions played.
async fn play_a_game(addr: SocketAddr, from: IpAddr) -> usize {
    let mut a = Client::sign_in_from(addr, from).await;
    let mut b = Client::sign_in_from(addr, from).await;
    a.send(&ClientMsg::QuickMatch).await;
    b.send(&ClientMsg::QuickMatch).await;
    let (sa, sb) = (Seat::take(a).await, Seat::take(b).await);
    let (mut black, mut white) = if sa.side == Side::Black {
        (sa, sb)
    } else {
        (sb, sa)
    };
    let mut pick = Pick(0x2545_F491_4F6C_DD1D);
    while !black.game.state().is_finished() {
        play_one(&mut black, &mut white, &mut pick).await;
    }
    assert_eq!(black.client.finished().await, white.client.finished().await);
    let played = black.game.log().len();
    black.client.close().await;
    white.client.close().await;
    played
}

/// What became of one slowloris socket.
#[derive(Debug)]
enum Fate {
    /// Answered (a 503) before its request was read.
    Refused(String),
    /// Closed by the server without an answer, this long after it opened.
    Closed(Duration),
    /// Still open when the attack stopped, this long after it opened.
    Open(Duration),
}

/// Sends a request head one byte every `every`, never finishing it.
async fn drip(tcp: TcpStream, every: Duration, mut stop: watch::Receiver<bool>) -> Fate {
    let opened = Instant::now();
    let (mut rd, mut wr) = tcp.into_split();
    let reading = async move {
        let mut got = Vec::new();
        let mut buf = [0u8; 1024];
        while let Ok(n) = rd.read(&mut buf).await {
            if n == 0 {
                break;
            }
            got.extend_from_slice(&buf[..n]);
        }
        got
    };
    let writing = async move {
        let head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ";
        for i in 0.. {
            let byte = head.get(i).copied().unwrap_or(b'a');
            if wr.write_all(&[byte]).await.is_err() {
                break;
            }
            tokio::time::sleep(every).await;
        }
        // Closed for writing: the reader sees the rest.
        std::future::pending::<()>().await;
    };
    let got = tokio::select! {
        got = reading => got,
        () = writing => unreachable!(),
        _ = stop.wait_for(|s| *s) => return Fate::Open(opened.elapsed()),
    };
    let text = String::from_utf8_lossy(&got).into_owned();
    if text.is_empty() {
        Fate::Closed(opened.elapsed())
    } else {
        Fate::Refused(text)
    }
}

/// One attacker: a slowloris socket after another from `from` until `stop`;
/// after a refusal it waits a moment, as `Retry-After` asks (shortened).
async fn loris(addr: SocketAddr, from: IpAddr, stop: watch::Receiver<bool>) -> Vec<Fate> {
    let mut fates = Vec::new();
    while !*stop.borrow() {
        let tcp = tcp_from(addr, from).await;
        let fate = drip(tcp, Duration::from_millis(200), stop.clone()).await;
        if let Fate::Refused(_) = fate {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        fates.push(fate);
    }
    fates
}

/// The metrics as `name{labels}` → value, each checked to be announced by a
/// `# TYPE` line.
async fn scrape(addr: SocketAddr, from: IpAddr) -> HashMap<String, f64> {
    let answer = get(addr, from, "/metrics").await;
    let (head, body) = answer.split_once("\r\n\r\n").expect("an HTTP answer");
    let head = head.to_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{answer}");
    assert!(
        head.contains("content-type: text/plain; version=0.0.4"),
        "{head}"
    );
    assert!(head.contains("cache-control: no-store"), "{head}");
    let mut typed = Vec::new();
    let mut values = HashMap::new();
    for line in body.lines() {
        if let Some(rest) = line.strip_prefix("# TYPE ") {
            let (name, kind) = rest.split_once(' ').unwrap();
            assert!(["gauge", "counter", "histogram"].contains(&kind), "{line}");
            typed.push(name.to_string());
        } else if !line.starts_with("# HELP ") {
            let (key, value) = line.rsplit_once(' ').expect("name and value");
            let name = key.split('{').next().unwrap();
            let family = ["_bucket", "_sum", "_count"]
                .iter()
                .find_map(|s| {
                    name.strip_suffix(s)
                        .filter(|f| typed.iter().any(|t| t == f))
                })
                .unwrap_or(name);
            assert!(typed.iter().any(|t| t == family), "no # TYPE for {line}");
            values.insert(key.to_string(), value.parse::<f64>().expect(line));
        }
    }
    values
}

/// 300 slowloris sockets from one address, each sending a request head a
/// byte at a time and reconnecting when closed: the address's cap holds 150
/// of them, the rest are refused with a 503; the header-read timeout closes
/// each it holds. Meanwhile a new player from another address plays a
/// whole game, and afterwards one from the attacker's own address does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slowloris_does_not_stop_a_new_player() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = fast_config(dir.path());
    config.limits.max_connections = 400;
    config.limits.max_connections_per_address = 150;
    config.limits.header_timeout = Duration::from_secs(1);
    let server = server::start(config).await.unwrap();
    let addr = server.addr;
    let (stop, stopped) = watch::channel(false);
    let attack: Vec<_> = (0..300)
        .map(|_| tokio::spawn(loris(addr, LOOPBACK, stopped.clone())))
        .collect();
    let metrics = server.hub.metrics.clone();
    eventually(
        "the attack holds its address's cap",
        Duration::from_secs(20),
        || metrics.get(Gauge::Tcp) >= 150,
    )
    .await;
    assert!(play_a_game(addr, ELSEWHERE).await > 0);
    // The attack goes on for a few more timeouts, so each socket it held is seen closed.
    tokio::time::sleep(Duration::from_secs(3)).await;
    stop.send_replace(true);
    let mut fates = Vec::new();
    for worker in attack {
        fates.extend(worker.await.unwrap());
    }
    // One second to send a head, and a generous bound for a loaded machine.
    let bound = Duration::from_secs(5);
    let closed = fates
        .iter()
        .filter(|f| matches!(f, Fate::Closed(_)))
        .count();
    let refused: Vec<&String> = fates
        .iter()
        .filter_map(|f| match f {
            Fate::Refused(text) => Some(text),
            _ => None,
        })
        .collect();
    assert!(closed >= 150, "closed without an answer: {closed}");
    assert!(
        !refused.is_empty(),
        "nothing refused past the address's cap"
    );
    for text in refused {
        assert!(
            text.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
            "{text}"
        );
        assert!(text.contains("\r\nRetry-After: 5\r\n"), "{text}");
        assert!(
            text.ends_with(
                "Too many connections from your address are open here; close some and try again.\n"
            ),
            "{text}"
        );
    }
    for fate in &fates {
        if let Fate::Closed(held) | Fate::Open(held) = fate {
            assert!(*held < bound, "a slow head held a socket for {held:?}");
        }
    }
    // Afterwards every socket of the attack is gone, and its address plays too.
    eventually(
        "the attack's sockets close",
        Duration::from_secs(10),
        || metrics.get(Gauge::Tcp) == 0,
    )
    .await;
    assert!(play_a_game(addr, LOOPBACK).await > 0);
    let m = scrape(addr, LOOPBACK).await;
    // Each socket the address's cap held was closed by the timeout.
    assert!(m["baifang_header_timeouts_total"] >= 150.0);
    assert!(m["baifang_refused_connections_total{reason=\"address_full\"}"] >= 1.0);
    server.shutdown().await;
}

/// Sockets up to the connection cap that do nothing (half never send a
/// byte, half sent one keep-alive request and then nothing): one more
/// connection, and a player's, get a 503 with a sentence; the header-read
/// timeout closes every idle one; then a new player plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_flood_is_refused_past_the_cap_and_timed_out() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = fast_config(dir.path());
    config.limits.max_connections = 100;
    config.limits.max_connections_per_address = 1000;
    let timeout = Duration::from_secs(3);
    config.limits.header_timeout = timeout;
    let server = server::start(config).await.unwrap();
    let addr = server.addr;
    let opened = Instant::now();
    let mut idle = Vec::new();
    for i in 0..100 {
        let mut tcp = TcpStream::connect(addr).await.unwrap();
        if i % 2 == 1 {
            let answer = healthz_kept_alive(&mut tcp).await;
            assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        }
        idle.push(tcp);
    }
    let metrics = server.hub.metrics.clone();
    eventually("the flood is accepted", Duration::from_secs(10), || {
        metrics.get(Gauge::Tcp) == 100
    })
    .await;
    let answer = get(addr, LOOPBACK, "/healthz").await;
    assert!(
        answer.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
        "{answer}"
    );
    assert!(answer.contains("\r\nRetry-After: 5\r\n"), "{answer}");
    assert!(
        answer.ends_with(
            "\r\n\r\nThis server has as many connections as it can hold; try again in a moment.\n"
        ),
        "{answer}"
    );
    match tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 503),
        other => panic!("a player past the cap: {other:?}"),
    }
    assert!(opened.elapsed() < timeout, "too slow to see the flood held");
    // Idle sockets, fresh or kept alive, are closed by the header-read timeout.
    let bound = timeout + Duration::from_secs(5);
    for (i, tcp) in idle.iter_mut().enumerate() {
        let left = bound.saturating_sub(opened.elapsed());
        let mut buf = [0u8; 64];
        match tokio::time::timeout(left, tcp.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => {}
            Ok(Ok(n)) => panic!("idle socket {i} got {:?}", &buf[..n]),
            Err(_) => panic!("idle socket {i} still open after {bound:?}"),
        }
    }
    eventually(
        "the idle sockets are released",
        Duration::from_secs(10),
        || metrics.get(Gauge::Tcp) == 0,
    )
    .await;
    assert!(play_a_game(addr, LOOPBACK).await > 0);
    let m = scrape(addr, LOOPBACK).await;
    assert_eq!(
        m["baifang_refused_connections_total{reason=\"server_full\"}"],
        2.0
    );
    assert!(m["baifang_header_timeouts_total"] >= 100.0);
    server.shutdown().await;
}

/// An address at its cap is refused with its own sentence while others get
/// in and play; a trusted proxy's connections are not counted per address;
/// the address plays again once its sockets close.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_take_every_connection() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = fast_config(dir.path());
    config.limits.max_connections_per_address = 5;
    config.trusted_proxies = vec![PROXY];
    let server = server::start(config).await.unwrap();
    let addr = server.addr;
    let mut held = Vec::new();
    for _ in 0..5 {
        held.push(tcp_from(addr, LOOPBACK).await);
    }
    let metrics = server.hub.metrics.clone();
    eventually(
        "the address's sockets are accepted",
        Duration::from_secs(10),
        || metrics.get(Gauge::Tcp) == 5,
    )
    .await;
    let answer = get(addr, LOOPBACK, "/healthz").await;
    assert!(
        answer.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
        "{answer}"
    );
    assert!(
        answer.contains("Too many connections from your address"),
        "{answer}"
    );
    assert!(play_a_game(addr, ELSEWHERE).await > 0);
    let mut proxied = Vec::new();
    for _ in 0..10 {
        let mut tcp = tcp_from(addr, PROXY).await;
        let answer = healthz_kept_alive(&mut tcp).await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        proxied.push(tcp);
    }
    drop(held);
    eventually(
        "the address's sockets close",
        Duration::from_secs(10),
        || metrics.get(Gauge::Tcp) == 10,
    )
    .await;
    assert!(play_a_game(addr, LOOPBACK).await > 0);
    server.shutdown().await;
}

/// At the cap on game connections a WebSocket request is answered 503 with
/// a sentence before the upgrade, while pages and probes still get through;
/// once a player leaves, the next gets in.
#[tokio::test]
async fn game_connections_past_their_cap_get_a_503_before_the_upgrade() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    config.limits.max_game_connections = 2;
    let server = server::start(config).await.unwrap();
    let addr = server.addr;
    let a = Client::sign_in(addr, None).await;
    let _b = Client::sign_in(addr, None).await;
    match tokio_tungstenite::connect_async(format!("ws://{addr}/ws")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status(), 503);
            assert_eq!(r.headers()["retry-after"], "5");
            let body = String::from_utf8(r.body().clone().unwrap_or_default()).unwrap();
            assert_eq!(
                body,
                "This server has as many players as it can hold; try again in a moment.\n"
            );
        }
        other => panic!("a third game connection: {other:?}"),
    }
    assert!(get(addr, LOOPBACK, "/healthz")
        .await
        .starts_with("HTTP/1.1 200"));
    a.close().await;
    let metrics = server.hub.metrics.clone();
    eventually("a game connection closes", Duration::from_secs(10), || {
        metrics.get(Gauge::Games) == 1
    })
    .await;
    let _c = Client::sign_in(addr, None).await;
    let m = scrape(addr, LOOPBACK).await;
    assert_eq!(
        m["baifang_refused_connections_total{reason=\"games_full\"}"],
        1.0
    );
    assert_eq!(m["baifang_connections"], 2.0);
    server.shutdown().await;
}

/// `/metrics` scraped during and after a game reflects it; `/healthz` answers;
/// `/readyz` answers 200, and 503 naming the database while another program
/// holds SQLite's write lock, and 200 again once it lets go.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_follow_a_game_and_probes_answer() {
    let dir = tempfile::tempdir().unwrap();
    let server = server::start(fast_config(dir.path())).await.unwrap();
    let addr = server.addr;
    let health = get(addr, LOOPBACK, "/healthz").await;
    assert!(health.starts_with("HTTP/1.1 200 OK\r\n"), "{health}");
    assert!(health.contains("cache-control: no-store"), "{health}");
    assert!(health.ends_with("\r\n\r\nok\n"), "{health}");
    let ready = get(addr, LOOPBACK, "/readyz").await;
    assert!(ready.starts_with("HTTP/1.1 200 OK\r\n"), "{ready}");
    assert!(ready.contains("cache-control: no-store"), "{ready}");

    let (mut black, mut white) = quick_pair(addr).await;
    let mut pick = Pick(0x9E37_79B9_7F4A_7C15);
    play_actions(&mut black, &mut white, &mut pick, 3).await;
    let m = scrape(addr, LOOPBACK).await;
    assert_eq!(m["baifang_connections"], 2.0);
    assert_eq!(m["baifang_rooms"], 1.0);
    assert_eq!(m["baifang_actions_total"], 3.0);
    while !black.game.state().is_finished() {
        play_one(&mut black, &mut white, &mut pick).await;
    }
    black.client.finished().await;
    white.client.finished().await;
    let played = black.game.log().len() as f64;
    black.client.close().await;
    white.client.close().await;
    let metrics = server.hub.metrics.clone();
    eventually("every connection closes", Duration::from_secs(10), || {
        metrics.get(Gauge::Tcp) == 0 && metrics.get(Gauge::Rooms) == 0
    })
    .await;
    let m = scrape(addr, LOOPBACK).await;
    assert_eq!(m["baifang_actions_total"], played);
    assert_eq!(m["baifang_store_seconds_count"], played);
    assert_eq!(m["baifang_store_seconds_bucket{le=\"+Inf\"}"], played);
    assert!(m["baifang_store_seconds_sum"] > 0.0);
    assert_eq!(m["baifang_connections"], 0.0);
    assert_eq!(m["baifang_tcp_connections"], 1.0, "the scrape's own");
    assert_eq!(m["baifang_rooms"], 0.0);
    assert_eq!(m["baifang_rooms_paused"], 0.0);
    assert_eq!(m["baifang_queue_waiting"], 0.0);
    assert_eq!(m["baifang_outgoing_queue_max"], 0.0);
    assert_eq!(m["baifang_relay_up"], 1.0);
    let limits = server::limits::Limits::default();
    assert_eq!(
        m["baifang_tcp_connections_limit"],
        limits.max_connections as f64
    );
    assert_eq!(
        m["baifang_connections_limit"],
        limits.max_game_connections as f64
    );

    let locker = rusqlite::Connection::open(dir.path().join("test.sqlite3")).unwrap();
    locker.execute_batch("BEGIN IMMEDIATE").unwrap();
    let down = get(addr, LOOPBACK, "/readyz").await;
    assert!(
        down.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
        "{down}"
    );
    assert!(
        down.ends_with("\r\n\r\nnot ready: the database does not answer within 2 s\n"),
        "{down}"
    );
    assert!(get(addr, LOOPBACK, "/healthz")
        .await
        .starts_with("HTTP/1.1 200"));
    locker.execute_batch("ROLLBACK").unwrap();
    drop(locker);
    let ready = get(addr, LOOPBACK, "/readyz").await;
    assert!(ready.starts_with("HTTP/1.1 200 OK\r\n"), "{ready}");
    server.shutdown().await;
}

/// In a cluster `/readyz` also needs Redis: 200 with it, 503 naming it once
/// it is gone (a private redis-server, killed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_in_a_cluster_names_an_unreachable_redis() {
    let Some(s) = services("readiness_in_a_cluster_names_an_unreachable_redis") else {
        return;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut redis = tokio::process::Command::new("redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
        .args(["--save", "", "--appendonly", "no"])
        .stdout(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("redis-server starts");
    let redis_at: SocketAddr = ([127, 0, 0, 1], port).into();
    let start = Instant::now();
    while TcpStream::connect(redis_at).await.is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "redis-server listens"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(dir.path());
    config.database = server::store::Database::parse(&fresh_database(&s.database_url).await);
    config.cluster = Some(server::cluster::ClusterConfig {
        redis_url: format!("redis://127.0.0.1:{port}/"),
        name: fresh_cluster_name(),
    });
    let server = server::start(config).await.unwrap();
    let ready = get(server.addr, LOOPBACK, "/readyz").await;
    assert!(ready.starts_with("HTTP/1.1 200 OK\r\n"), "{ready}");
    redis.kill().await.unwrap();
    let down = get(server.addr, LOOPBACK, "/readyz").await;
    assert!(
        down.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
        "{down}"
    );
    assert!(
        down.ends_with("\r\n\r\nnot ready: Redis does not answer within 2 s\n"),
        "{down}"
    );
    let _ = tokio::time::timeout(Duration::from_secs(10), server.shutdown()).await;
}
