//! Test harness: a server on a loopback port with a fresh database, real
//! WebSocket clients that read continuously (so pings are answered) and keep
//! every text they received, and the Redis and PostgreSQL services of the
//! cluster tests (from `scripts/services.sh`).

#![allow(dead_code)]

pub mod instance;
pub mod spectator;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};

use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use engine::baifang::referee_protocol::{
    hash_hex, ClientMsg, GameResult, GameView, Profile, ServerMsg, PROTOCOL_VERSION,
};
use engine::baifang::{Action, ActionList, Game, Side};
use server::{Config, Running};

/// Starts a server on 127.0.0.1 (any free port) with its database in `dir`.
pub async fn start_server(dir: &Path) -> Running {
    server::start(config(dir)).await.expect("server starts")
}

/// The configuration the tests use: loopback, database in `dir`, no web build.
pub fn config(dir: &Path) -> Config {
    Config {
        bind: "127.0.0.1:0".parse().unwrap(),
        database: dir.join("test.sqlite3").into(),
        cluster: None,
        dist: dir.join("dist"),
        allowed_origins: Vec::new(),
        trusted_proxies: Vec::new(),
        test_clock: false,
        limits: test_limits(),
    }
}

/// The default limits, but loopback may create as many players as a test
/// needs (every test client comes from 127.0.0.1).
pub fn test_limits() -> server::limits::Limits {
    server::limits::Limits {
        new_players_per_hour: u32::MAX,
        ..Default::default()
    }
}

/// Where a player seeded straight into a store comes from.
pub fn seed_origin() -> server::store::Origin {
    server::store::Origin {
        address: "seed".into(),
        at_ms: 0,
        per_hour: u32::MAX,
    }
}

/// The Redis and PostgreSQL the cluster tests use.
#[derive(Clone, Debug)]
pub struct Services {
    /// `postgres://…` of a database the tests may create databases beside.
    pub database_url: String,
    /// `redis://…`.
    pub redis_url: String,
}

/// The services named by `BAIFANG_TEST_DATABASE_URL` and
/// `BAIFANG_TEST_REDIS_URL` (`scripts/services.sh start DIR` writes both to
/// DIR/env). Without them the test is skipped with a printed line, unless
/// `BAIFANG_REQUIRE_SERVICES=1` (scripts/test.sh sets it once it started them):
/// then the test fails, so a run that should cover the cluster never passes
/// without it.
pub fn services(test: &str) -> Option<Services> {
    let db = std::env::var("BAIFANG_TEST_DATABASE_URL").ok();
    let redis = std::env::var("BAIFANG_TEST_REDIS_URL").ok();
    let required = std::env::var("BAIFANG_REQUIRE_SERVICES").as_deref() == Ok("1");
    match (db, redis) {
        (Some(database_url), Some(redis_url)) => Some(Services {
            database_url,
            redis_url,
        }),
        _ if required => panic!(
            "{test}: BAIFANG_REQUIRE_SERVICES=1 but BAIFANG_TEST_DATABASE_URL or \
             BAIFANG_TEST_REDIS_URL is not set (scripts/services.sh start DIR; . DIR/env)"
        ),
        _ => {
            println!(
                "SKIPPED {test}: no Redis/PostgreSQL (scripts/services.sh start DIR; . DIR/env)"
            );
            None
        }
    }
}

/// A new empty PostgreSQL database beside the one `url` names; its URL.
/// (Each test gets its own, so tests never see each other's rows.)
pub async fn fresh_database(url: &str) -> String {
    use sqlx::Connection;
    let mut c = sqlx::PgConnection::connect(url)
        .await
        .expect("PostgreSQL reachable");
    let name = format!("t_{}", server::ids::new_game_id());
    // The name is hex digits after a letter: safe to put in the SQL text.
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut c)
        .await
        .expect("database created");
    let (base, _) = url.rsplit_once('/').expect("URL with a database name");
    format!("{base}/{name}")
}

/// A key prefix no other test run uses (tests share one Redis).
pub fn fresh_cluster_name() -> String {
    format!("t{}", server::ids::new_game_id())
}

/// The configuration for tests that move time by hand: the liveness pings
/// are pushed out of the way (an hour), so only the game's clocks run.
pub fn paused_config(dir: &Path) -> Config {
    let mut c = config(dir);
    c.limits.ping_every = std::time::Duration::from_secs(3600);
    c.limits.silence = std::time::Duration::from_secs(7200);
    c
}

/// A server on the paused-clock configuration ([`paused_config`]).
pub async fn paused_server(dir: &Path) -> server::Running {
    server::start(paused_config(dir))
        .await
        .expect("server starts")
}

/// The game as the server has it now (a round trip: everything the server
/// did before answering has arrived before it).
pub async fn state_now(c: &mut Client) -> GameView {
    c.send(&ClientMsg::RequestState).await;
    c.game().await
}

/// Holds tokio's paused clock still until dropped: while a blocking task
/// runs, tokio never auto-advances time, so only `tokio::time::advance`
/// moves it. (Auto-advance would jump to the next timer whenever the runtime
/// waits for loopback I/O, which makes timings inexact.)
pub struct ManualTime(std::sync::mpsc::Sender<()>);

/// Starts holding the clock (call inside a `start_paused` test).
pub fn manual_time() -> ManualTime {
    let (tx, rx) = std::sync::mpsc::channel::<()>();
    tokio::task::spawn_blocking(move || {
        let _ = rx.recv();
    });
    ManualTime(tx)
}

/// How long [`Client::next`] waits, in real time, before failing the test.
pub const REAL_PATIENCE: std::time::Duration = std::time::Duration::from_secs(120);

/// Resolves at the next tick of a real-time metronome (one thread for the
/// whole test binary, ticking every second whatever tokio's clock does).
async fn real_second() {
    static TICK: tokio::sync::Notify = tokio::sync::Notify::const_new();
    static START: std::sync::Once = std::sync::Once::new();
    START.call_once(|| {
        std::thread::spawn(|| loop {
            std::thread::sleep(std::time::Duration::from_secs(1));
            TICK.notify_waiters();
        });
    });
    TICK.notified().await
}

/// What a client saw. (Its size is of no concern: a test holds a few hundred.)
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)]
pub enum Event {
    /// A protocol message.
    Msg(ServerMsg),
    /// The server closed the connection (code and reason, if it sent a frame).
    Closed(Option<(u16, String)>),
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One WebSocket client.
pub struct Client {
    sink: SplitSink<Ws, Message>,
    events: mpsc::UnboundedReceiver<Event>,
    /// Every text received, verbatim.
    pub texts: Arc<Mutex<Vec<String>>>,
    /// The player token (issued by the server or given).
    pub token: Option<String>,
    /// The profile from the welcome.
    pub me: Option<Profile>,
    /// The welcome, as received.
    pub welcome: Option<ServerMsg>,
    /// While false the client reads nothing (so it answers no ping either:
    /// a client faking a long round trip).
    reading: Arc<tokio::sync::watch::Sender<bool>>,
}

impl Client {
    /// Opens a WebSocket to the server at `addr`.
    pub async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) =
            tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true)
                .await
                .expect("websocket connects");
        Client::over(ws)
    }

    /// Opens a WebSocket to the server at `addr` from the loopback address
    /// `from` (127.0.0.2, …: another client address on Linux's loopback).
    pub async fn connect_from(addr: SocketAddr, from: std::net::IpAddr) -> Client {
        let tcp = tcp_from(addr, from).await;
        let (ws, _) =
            tokio_tungstenite::client_async(format!("ws://{addr}/ws"), MaybeTlsStream::Plain(tcp))
                .await
                .expect("websocket connects");
        Client::over(ws)
    }

    /// Opens a WebSocket whose socket takes in at most a few KiB unread (a
    /// small receive buffer): a client that stops reading stops the server's
    /// writes after a few messages, not after megabytes.
    pub async fn connect_small_window(addr: SocketAddr) -> Client {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(2048).unwrap();
        let tcp = socket.connect(addr).await.expect("connects");
        let (ws, _) =
            tokio_tungstenite::client_async(format!("ws://{addr}/ws"), MaybeTlsStream::Plain(tcp))
                .await
                .expect("websocket connects");
        Client::over(ws)
    }

    fn over(ws: Ws) -> Client {
        let (sink, mut stream) = ws.split();
        let (tx, events) = mpsc::unbounded_channel();
        let texts = Arc::new(Mutex::new(Vec::new()));
        let kept = texts.clone();
        let (reading, mut gate) = tokio::sync::watch::channel(true);
        // The reader keeps the gate open after the client is dropped: it reads
        // on until the server closes, as before there was a gate.
        let reading = Arc::new(reading);
        let keep_open = reading.clone();
        tokio::spawn(async move {
            let _keep_open = keep_open;
            loop {
                if gate.wait_for(|r| *r).await.is_err() {
                    return;
                }
                // A read waiting for a frame gives way when reading stops: the
                // frame stays unread (tungstenite answers a ping only when it
                // reads it).
                let frame = tokio::select! {
                    biased;
                    changed = gate.changed() => match changed {
                        Ok(()) => continue,
                        Err(_) => return,
                    },
                    frame = stream.next() => match frame {
                        Some(f) => f,
                        None => break,
                    },
                };
                match frame {
                    Ok(Message::Text(t)) => {
                        kept.lock().unwrap().push(t.to_string());
                        let m = ServerMsg::decode(t.as_bytes())
                            .expect("server sends protocol messages");
                        let _ = tx.send(Event::Msg(m));
                    }
                    Ok(Message::Close(frame)) => {
                        let _ = tx.send(Event::Closed(
                            frame.map(|f| (u16::from(f.code), f.reason.to_string())),
                        ));
                        // Reading on sends the close frame that answers the server's (as a
                        // browser does at once), which the server waits for before closing.
                        while stream.next().await.is_some() {}
                        return;
                    }
                    Ok(_) => {}
                    Err(_) => break,
                }
            }
            let _ = tx.send(Event::Closed(None));
        });
        Client {
            sink,
            events,
            texts,
            token: None,
            me: None,
            welcome: None,
            reading,
        }
    }

    /// Stops or resumes reading from the socket.
    pub fn set_reading(&self, on: bool) {
        let _ = self.reading.send(on);
    }

    /// Connects and says hello (with `token`, or as a new player).
    pub async fn sign_in(addr: SocketAddr, token: Option<String>) -> Client {
        Client::connect(addr).await.hello(token).await
    }

    /// Connects from the loopback address `from` and says hello as a new player.
    pub async fn sign_in_from(addr: SocketAddr, from: std::net::IpAddr) -> Client {
        Client::connect_from(addr, from).await.hello(None).await
    }

    /// Says hello (with `token`, or as a new player) and waits for the welcome.
    pub async fn hello(mut self, token: Option<String>) -> Client {
        let c = &mut self;
        c.send(&ClientMsg::Hello {
            v: PROTOCOL_VERSION,
            token: token.clone(),
            name: None,
        })
        .await;
        let w = c.until(|m| matches!(m, ServerMsg::Welcome { .. })).await;
        if let ServerMsg::Welcome {
            token: issued, me, ..
        } = &w
        {
            c.token = issued.clone().or(token);
            c.me = Some(me.clone());
        }
        c.welcome = Some(w);
        self
    }

    /// The player's public id.
    pub fn id(&self) -> String {
        self.me.as_ref().expect("signed in").id.clone()
    }

    /// Sends a protocol message.
    pub async fn send(&mut self, m: &ClientMsg) {
        self.send_text(&m.to_json()).await;
    }

    /// Sends raw text.
    pub async fn send_text(&mut self, text: &str) {
        self.sink.send(Message::text(text)).await.expect("send");
    }

    /// Sends a raw frame.
    pub async fn send_frame(&mut self, m: Message) {
        let _ = self.sink.send(m).await;
    }

    /// Closes the connection from this side (a tab closing).
    pub async fn close(mut self) {
        let _ = self.sink.send(Message::Close(None)).await;
        let _ = self.sink.close().await;
    }

    /// The next event.
    ///
    /// Fails the test after [`REAL_PATIENCE`] of real time without one, so a
    /// reply that never comes is a failure that names it, not a hang (tokio's
    /// own timers stand still in the paused-clock tests).
    pub async fn next(&mut self) -> Event {
        let since = std::time::Instant::now();
        loop {
            tokio::select! {
                biased;
                event = self.events.recv() => return event.unwrap_or(Event::Closed(None)),
                _ = real_second() => {
                    if since.elapsed() > REAL_PATIENCE {
                        let texts = self.texts.lock().unwrap();
                        panic!(
                            "no message from the server in {REAL_PATIENCE:?} of real time; the last was {:?}",
                            texts.last()
                        );
                    }
                }
            }
        }
    }

    /// The next event if one is already here.
    pub fn try_next(&mut self) -> Option<Event> {
        self.events.try_recv().ok()
    }

    /// Skips messages until one matches; panics if the connection closes first.
    pub async fn until(&mut self, want: impl Fn(&ServerMsg) -> bool) -> ServerMsg {
        loop {
            match self.next().await {
                Event::Msg(m) if want(&m) => return m,
                Event::Msg(_) => {}
                Event::Closed(c) => panic!("connection closed while waiting: {c:?}"),
            }
        }
    }

    /// Waits for the server to close the connection; returns its code and reason.
    pub async fn closed(&mut self) -> Option<(u16, String)> {
        loop {
            if let Event::Closed(c) = self.next().await {
                return c;
            }
        }
    }

    /// Waits for the whole game.
    pub async fn game(&mut self) -> GameView {
        match self.until(|m| matches!(m, ServerMsg::Game(_))).await {
            ServerMsg::Game(v) => v,
            _ => unreachable!(),
        }
    }

    /// Waits for the settlement.
    pub async fn finished(&mut self) -> GameResult {
        match self
            .until(|m| matches!(m, ServerMsg::Finished { .. }))
            .await
        {
            ServerMsg::Finished { result } => result,
            _ => unreachable!(),
        }
    }

    /// Everything received so far, as one string.
    pub fn all_text(&self) -> String {
        self.texts.lock().unwrap().join("\n")
    }
}

/// A client in a game, with its own engine replaying what the server applies.
pub struct Seat {
    /// The connection.
    pub client: Client,
    /// Its side.
    pub side: Side,
    /// The game's id, as the server first sent it (a finished room may close
    /// before it answers a request for the state, so ask nothing later).
    pub game_id: String,
    /// The game as this client's engine has it.
    pub game: Game,
    /// Hash of every applied action, by seq - 1.
    pub hashes: Vec<String>,
}

impl Seat {
    /// Waits for the game to start and takes the seat the server gave.
    pub async fn take(mut client: Client) -> Seat {
        let view = client.game().await;
        Seat::from_view(client, view)
    }

    /// The seat `view` (the game as the server sent it to `client`) gives;
    /// checks the log replays to the server's hash.
    pub fn from_view(client: Client, view: GameView) -> Seat {
        let game = Game::from_log(&view.log).expect("the log replays");
        assert_eq!(hash_hex(game.state().hash()), view.hash);
        Seat {
            client,
            game_id: view.game.game_id,
            side: view.you.0,
            game,
            hashes: Vec::new(),
        }
    }

    /// Reads until the action with sequence number `seq` is applied; checks it
    /// against the local engine (same action, same hash).
    pub async fn applied(&mut self, seq: u32) -> Action {
        loop {
            match self
                .client
                .until(|m| matches!(m, ServerMsg::Applied { .. }))
                .await
            {
                ServerMsg::Applied {
                    seq: s,
                    action,
                    hash,
                    ..
                } if s == seq => {
                    self.game
                        .play(action)
                        .expect("the server applies legal actions");
                    assert_eq!(
                        hash_hex(self.game.state().hash()),
                        hash,
                        "hash after seq {seq}"
                    );
                    self.hashes.push(hash);
                    return action;
                }
                ServerMsg::Applied { seq: s, .. } => {
                    assert!(s < seq, "seq {s} arrived while waiting for {seq}")
                }
                _ => unreachable!(),
            }
        }
    }

    /// The next sequence number.
    pub fn next_seq(&self) -> u32 {
        self.game.log().len() as u32 + 1
    }
}

/// A small deterministic generator (xorshift) for picking moves.
pub struct Pick(pub u64);

impl Pick {
    /// One of the legal placements, moves or captures of `game`.
    pub fn action(&mut self, game: &Game) -> Action {
        let mut list = ActionList::new();
        game.state().legal_actions(&mut list);
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        list[(self.0 % list.len() as u64) as usize]
    }
}

/// A TCP connection to `addr` from the loopback address `from`.
pub async fn tcp_from(addr: SocketAddr, from: std::net::IpAddr) -> TcpStream {
    let socket = match from {
        std::net::IpAddr::V4(_) => tokio::net::TcpSocket::new_v4(),
        std::net::IpAddr::V6(_) => tokio::net::TcpSocket::new_v6(),
    }
    .unwrap();
    socket
        .bind(SocketAddr::new(from, 0))
        .expect("a loopback address");
    let tcp = socket.connect(addr).await.expect("connects");
    tcp.set_nodelay(true).unwrap();
    tcp
}

/// Two new players matched by quick match, as Black and White.
pub async fn quick_pair(addr: SocketAddr) -> (Seat, Seat) {
    let mut a = Client::sign_in(addr, None).await;
    let mut b = Client::sign_in(addr, None).await;
    a.send(&ClientMsg::QuickMatch).await;
    b.send(&ClientMsg::QuickMatch).await;
    let (sa, sb) = (Seat::take(a).await, Seat::take(b).await);
    assert_ne!(sa.side, sb.side);
    if sa.side == Side::Black {
        (sa, sb)
    } else {
        (sb, sa)
    }
}

/// Plays `n` actions (random legal ones), both seats checking every broadcast.
pub async fn play_actions(black: &mut Seat, white: &mut Seat, pick: &mut Pick, n: usize) {
    for _ in 0..n {
        if black.game.state().is_finished() {
            return;
        }
        play_one(black, white, pick).await;
    }
}

/// The side to move plays one random legal action; both seats see it applied.
pub async fn play_one(black: &mut Seat, white: &mut Seat, pick: &mut Pick) -> Action {
    let seq = black.next_seq();
    let mover = if black.game.state().to_move() == Side::Black {
        &mut *black
    } else {
        &mut *white
    };
    let action = pick.action(&mover.game);
    mover.client.send(&ClientMsg::Act { seq, action }).await;
    assert_eq!(black.applied(seq).await, action);
    assert_eq!(white.applied(seq).await, action);
    action
}
