//! The fault harness: real processes (the `server` binary, a redis-server of
//! the test's own, the PostgreSQL of `scripts/services.sh`, SQLite on a tiny
//! tmpfs) and real faults — Redis killed and restarted mid-game across two
//! instances, a player leaving during that outage, Redis frozen past every
//! lease, PostgreSQL restarted mid-game, the disk filling up under SQLite.
//! After each fault the same invariants are checked: every action a player
//! saw acknowledged is in the store, in order (and nothing the store lacks
//! was shown); the game has one result and ends by the players' own doing,
//! not by a disconnect or timeout the fault caused; the store's audit is
//! clean (ratings equal the start plus the stored changes, logs numbered
//! without a gap, nobody in two games); and every player connected after the
//! fault plays on to a result.
//!
//! (A held SQLite write lock, a client that stops reading and the slow-loris
//! floods are in `trust.rs`; an instance killed or frozen past its lease in
//! `cluster.rs`.)

mod common;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use common::instance::Instance;
use common::*;
use engine::baifang::referee_protocol::{
    close, hash_hex, ClientMsg, EndReason, ErrorCode, GameView, RejectCode, ServerMsg,
    PROTOCOL_VERSION,
};
use engine::baifang::{Action, Side};
use server::store::{self, Database, Store};
use tokio::process::{Child, Command};
use tokio::sync::RwLock;
use tokio::time::timeout;

/// The PostgreSQL of the services is shared by this file's tests: the one
/// that restarts it runs alone.
static SHARED_POSTGRES: RwLock<()> = RwLock::const_new(());

/// How long any one step may take before the test fails (faults included).
const STEP: Duration = Duration::from_secs(25);

/// A loopback port nobody listens on now.
fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// A redis-server of the test's own (no persistence, like a cache that
/// restarts empty), which it may kill, freeze and start again on one port.
struct OwnRedis {
    port: u16,
    child: Option<Child>,
}

impl OwnRedis {
    async fn start() -> OwnRedis {
        let mut r = OwnRedis {
            port: free_port(),
            child: None,
        };
        r.restart().await;
        r
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    async fn restart(&mut self) {
        let port = self.port.to_string();
        let child = Command::new("redis-server")
            .args(["--port", &port, "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("redis-server runs (scripts/setup.sh test installs it)");
        self.child = Some(child);
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(("127.0.0.1", self.port))
                .await
                .is_ok()
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("redis-server did not listen on {}", self.port);
    }

    /// SIGKILL: no last words, no data kept.
    async fn kill(&mut self) {
        let mut child = self.child.take().expect("running");
        child.kill().await.unwrap();
        let _ = child.wait().await;
    }

    /// `STOP` or `CONT`.
    async fn signal(&self, signal: &str) {
        let pid = self.child.as_ref().and_then(Child::id).expect("running");
        let ok = Command::new("kill")
            .args([&format!("-{signal}"), &pid.to_string()])
            .status()
            .await
            .unwrap();
        assert!(ok.success());
    }

    /// The instance holding the lease of `game` in the cluster `name`.
    async fn lease_owner(&self, name: &str, game: &str) -> String {
        let mut c = redis::Client::open(self.url())
            .unwrap()
            .get_multiplexed_async_connection()
            .await
            .unwrap();
        redis::cmd("GET")
            .arg(format!("{name}:lease:{game}"))
            .query_async(&mut c)
            .await
            .unwrap()
    }
}

/// Two players on two instances, matched by quick match: (Black, White,
/// whether Black is connected to `a`).
async fn pair_across(a: SocketAddr, b: SocketAddr) -> (Seat, Seat, bool) {
    let mut x = Client::sign_in(a, None).await;
    let mut y = Client::sign_in(b, None).await;
    x.send(&ClientMsg::QuickMatch).await;
    y.send(&ClientMsg::QuickMatch).await;
    let (sx, sy) = (Seat::take(x).await, Seat::take(y).await);
    if sx.side == Side::Black {
        (sx, sy, true)
    } else {
        (sy, sx, false)
    }
}

/// The seat's engine takes a whole-game view: it must begin with every
/// action the seat already saw (an acknowledged action is never taken back),
/// and whatever follows is replayed and its hash checked.
fn take_view(seat: &mut Seat, v: &GameView) {
    let mine = seat.game.log().to_vec();
    assert!(
        v.log.len() >= mine.len() && v.log[..mine.len()] == mine[..],
        "the server's log {:?} lost actions this seat saw: {mine:?}",
        v.log
    );
    for a in &v.log[mine.len()..] {
        seat.game.play(*a).expect("the server's log replays");
    }
    assert_eq!(hash_hex(seat.game.state().hash()), v.hash);
}

/// Reads until `seat` has seen action `seq`: its broadcast, or a whole-game
/// view that holds it (after a resynchronisation a view may bring it).
async fn see(seat: &mut Seat, seq: u32) {
    while (seat.game.log().len() as u32) < seq {
        let wanted = |m: &ServerMsg| matches!(m, ServerMsg::Applied { .. } | ServerMsg::Game(_));
        let m = timeout(STEP, seat.client.until(wanted))
            .await
            .unwrap_or_else(|_| panic!("action {seq} never reached the {:?} seat", seat.side));
        match m {
            ServerMsg::Applied {
                seq: s,
                action,
                hash,
                ..
            } => {
                let have = seat.game.log().len() as u32;
                assert!(s <= have + 1, "seq {s} arrived after {have}: a gap");
                if s == have + 1 {
                    seat.game.play(action).expect("legal");
                    assert_eq!(hash_hex(seat.game.state().hash()), hash);
                }
            }
            ServerMsg::Game(v) => take_view(seat, &v),
            _ => unreachable!(),
        }
    }
}

/// The side to move of (`black`, `white`).
fn mover<'a>(black: &'a mut Seat, white: &'a mut Seat) -> &'a mut Seat {
    if black.game.state().to_move() == Side::Black {
        black
    } else {
        white
    }
}

/// Plays up to `n` random legal actions at a human pace; both seats see each.
async fn play_on(black: &mut Seat, white: &mut Seat, pick: &mut Pick, n: usize) {
    for _ in 0..n {
        if black.game.state().is_finished() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(60)).await;
        let seq = black.next_seq();
        let m = mover(black, white);
        let action = pick.action(&m.game);
        m.client.send(&ClientMsg::Act { seq, action }).await;
        see(black, seq).await;
        see(white, seq).await;
    }
}

/// The side to move tries an action while the referee cannot take it: it is
/// refused as `paused`, and nobody sees it played.
async fn refused_as_paused(black: &mut Seat, white: &mut Seat, pick: &mut Pick) {
    let seq = black.next_seq();
    let m = mover(black, white);
    let action = pick.action(&m.game);
    m.client.send(&ClientMsg::Act { seq, action }).await;
    let refusal = timeout(
        STEP,
        m.client
            .until(|m| matches!(m, ServerMsg::Rejected { .. } | ServerMsg::Applied { .. })),
    )
    .await
    .expect("an answer to the action");
    match refusal {
        ServerMsg::Rejected { code, seq: s, .. } => {
            assert_eq!((code, s), (RejectCode::Paused, Some(seq)));
        }
        other => panic!("played during the fault: {other:?}"),
    }
}

/// Waits for the game to go on (a view that is not paused) and takes it.
async fn resumed(seat: &mut Seat) {
    let going = |m: &ServerMsg| matches!(m, ServerMsg::Game(v) if !v.paused);
    match timeout(STEP, seat.client.until(going)).await {
        Ok(ServerMsg::Game(v)) => {
            assert_eq!(v.result, None, "the fault ended the game");
            take_view(seat, &v);
        }
        Ok(_) => unreachable!(),
        Err(_) => panic!("the {:?} seat's game never went on", seat.side),
    }
}

/// Signs in with `token` until the server hands the player their game (an
/// instance that cannot tell yet closes with "recovering"; the page retries
/// the same way).
async fn rejoin(addr: SocketAddr, token: Option<String>) -> Seat {
    let deadline = tokio::time::Instant::now() + STEP;
    loop {
        assert!(tokio::time::Instant::now() < deadline, "never got back in");
        let mut c = Client::sign_in(addr, token.clone()).await;
        let got = timeout(Duration::from_secs(3), async {
            loop {
                match c.next().await {
                    Event::Msg(ServerMsg::Game(v)) => return Some(v),
                    Event::Msg(_) => {}
                    Event::Closed(_) => return None,
                }
            }
        })
        .await;
        if let Ok(Some(v)) = got {
            return Seat::from_view(c, v);
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

/// Ends the game by a resignation of White and returns its id.
async fn resign_white(black: &mut Seat, white: &mut Seat) -> String {
    // From the seat, not a state request: a finished room may close before it answers.
    let id = black.game_id.clone();
    if !black.game.state().is_finished() {
        white.client.send(&ClientMsg::Resign).await;
        let r = timeout(STEP, black.client.finished()).await.unwrap();
        assert_eq!(r.reason, EndReason::Resign);
    }
    id
}

/// The invariants after a fault, over the finished game `id` whose actions
/// the players saw as `seen`.
async fn invariants(store: &dyn Store, id: &str, seen: &[Action]) {
    let breaches = store.audit().await.unwrap();
    assert!(breaches.is_empty(), "store audit: {breaches:#?}");
    let fin = store
        .finished_game(id.to_string())
        .await
        .unwrap()
        .expect("one settled result");
    assert_eq!(
        &fin.log[..seen.len()],
        seen,
        "every acknowledged action stored, in order"
    );
    assert!(
        !fin.log
            .iter()
            .any(|a| matches!(a, Action::Timeout | Action::Disconnect { .. })),
        "the fault cost a player a timeout or a disconnect: {:?}",
        fin.log
    );
    let left = store.game_in_progress(id.to_string()).await.unwrap();
    assert!(left.is_none(), "a finished game is still in progress too");
}

async fn postgres(db: &str) -> std::sync::Arc<dyn Store> {
    store::open(&Database::Postgres(db.to_string()))
        .await
        .unwrap()
}

/// Redis killed (its data gone) and restarted mid-game, the players on two
/// instances: while it is away moves are refused as paused and quick match
/// says "temporarily unavailable"; once it is back the game goes on, both
/// players and a spectator on each instance seeing every action (the one
/// across the relay attached again), and a player who was waiting for a quick
/// match when it died is still waiting (and gets matched).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_killed_and_restarted_mid_game_play_goes_on_across_instances() {
    let Some(s) = services("redis_killed_and_restarted_mid_game") else {
        return;
    };
    let _pg = SHARED_POSTGRES.read().await;
    let mut redis = OwnRedis::start().await;
    let (db, name) = (fresh_database(&s.database_url).await, fresh_cluster_name());
    let a = Instance::start_on(Some(&redis.url()), &db, &name, None).await;
    let b = Instance::start_on(Some(&redis.url()), &db, &name, None).await;
    let (mut black, mut white, _) = pair_across(a.addr, b.addr).await;
    let mut waiter = Client::sign_in(a.addr, None).await;
    waiter.send(&ClientMsg::QuickMatch).await;
    waiter.until(|m| matches!(m, ServerMsg::Searching)).await;
    // A spectator on each instance: one of them watches the room through the relay.
    let mut watchers = Vec::new();
    for addr in [a.addr, b.addr] {
        let mut c = spectator::watcher(addr, &black.game_id).await;
        let view = spectator::watching(&mut c).await;
        watchers.push((c, engine::baifang::Game::from_log(&view.log).unwrap()));
    }
    let mut pick = Pick(11);
    play_on(&mut black, &mut white, &mut pick, 6).await;

    redis.kill().await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    refused_as_paused(&mut black, &mut white, &mut pick).await;
    let mut newcomer = Client::sign_in(b.addr, None).await;
    newcomer.send(&ClientMsg::QuickMatch).await;
    match timeout(
        STEP,
        newcomer.until(|m| matches!(m, ServerMsg::Error { .. })),
    )
    .await
    {
        Ok(ServerMsg::Error { code }) => assert_eq!(code, ErrorCode::Unavailable),
        other => panic!("quick match during the outage: {other:?}"),
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    redis.restart().await;

    resumed(&mut black).await;
    resumed(&mut white).await;
    play_on(&mut black, &mut white, &mut pick, 8).await;
    let seen = black.game.log().to_vec();
    assert_eq!(white.game.log(), seen.as_slice());
    let id = resign_white(&mut black, &mut white).await;
    // Both spectators saw the whole game, the one across the relay attached again.
    for (c, game) in &mut watchers {
        let all = black.game.log().len() as u32;
        let log = timeout(STEP, spectator::follow_through(c, game, all))
            .await
            .expect("the spectator sees the game to its end");
        assert_eq!(log, black.game.log());
    }
    // The waiter's place survived the restart that emptied Redis.
    let mut late = Client::sign_in(b.addr, None).await;
    late.send(&ClientMsg::QuickMatch).await;
    let v = timeout(STEP, waiter.game())
        .await
        .expect("the waiter is matched");
    assert_eq!(v.result, None);
    invariants(&*postgres(&db).await, &id, &seen).await;
}

/// A player connected to the instance that does not own the room leaves
/// while Redis is down and stays away past the 15 s grace: the game is not
/// settled by disconnect (the referee could not have heard them come back).
/// Back in once Redis answers, they play on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_leaves_during_a_redis_outage_is_not_settled_by_disconnect() {
    let Some(s) = services("a_player_who_leaves_during_a_redis_outage") else {
        return;
    };
    let _pg = SHARED_POSTGRES.read().await;
    let mut redis = OwnRedis::start().await;
    let (db, name) = (fresh_database(&s.database_url).await, fresh_cluster_name());
    let a = Instance::start_on(Some(&redis.url()), &db, &name, None).await;
    let b = Instance::start_on(Some(&redis.url()), &db, &name, None).await;
    let (mut black, mut white, black_on_a) = pair_across(a.addr, b.addr).await;
    let mut pick = Pick(3);
    play_on(&mut black, &mut white, &mut pick, 4).await;
    black.client.send(&ClientMsg::RequestState).await;
    let game = timeout(STEP, black.client.game())
        .await
        .unwrap()
        .game
        .game_id;
    let owner = redis.lease_owner(&name, &game).await;
    // The leaver is the player whose connection is on the other instance.
    let black_local = (owner == a.id) == black_on_a;
    let elsewhere = if owner == a.id { b.addr } else { a.addr };
    let (mut stays, leaver) = if black_local {
        (black, white)
    } else {
        (white, black)
    };
    let (token, seen) = (leaver.client.token.clone(), leaver.game.log().to_vec());

    redis.kill().await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    leaver.client.close().await;
    // Coming back now: that instance cannot know where the game is, and says so.
    let mut early = Client::connect(elsewhere).await;
    early
        .send(&ClientMsg::Hello {
            v: PROTOCOL_VERSION,
            token: token.clone(),
            name: None,
        })
        .await;
    let (code, why) = timeout(STEP, early.closed())
        .await
        .unwrap()
        .expect("a close frame");
    assert_eq!(code, close::GOING_AWAY);
    assert!(why.contains("recovering"), "{why}");
    // Longer than the whole grace.
    tokio::time::sleep(Duration::from_millis(17_000)).await;
    while let Some(e) = stays.client.try_next() {
        if let Event::Msg(ServerMsg::Finished { result }) = e {
            panic!("settled during the outage: {result:?}");
        }
    }
    redis.restart().await;

    let back = rejoin(elsewhere, token).await;
    assert_eq!(back.game.log(), seen.as_slice(), "same game, nothing lost");
    resumed(&mut stays).await;
    let (mut black, mut white) = if back.side == Side::Black {
        (back, stays)
    } else {
        (stays, back)
    };
    back_in_step(&mut black, &mut white).await;
    play_on(&mut black, &mut white, &mut pick, 6).await;
    let seen = black.game.log().to_vec();
    let id = resign_white(&mut black, &mut white).await;
    let store = postgres(&db).await;
    let fin = store.finished_game(id.clone()).await.unwrap().unwrap();
    assert!(
        !fin.log.iter().any(|a| matches!(
            a,
            Action::Disconnect {
                grace_expired: true,
                ..
            }
        )),
        "lost by disconnect: {:?}",
        fin.log
    );
    // The leaver's own drop counts as one disconnect, as any drop does; the
    // outage added nothing else.
    let fin_log: Vec<Action> = fin
        .log
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::Disconnect { .. }))
        .collect();
    let seen_moves: Vec<Action> = seen
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::Disconnect { .. }))
        .collect();
    assert_eq!(&fin_log[..seen_moves.len()], seen_moves.as_slice());
    assert!(store.audit().await.unwrap().is_empty());
}

/// Brings two seats to the same log (a view may have reached one first).
async fn back_in_step(black: &mut Seat, white: &mut Seat) {
    let n = black.game.log().len().max(white.game.log().len()) as u32;
    see(black, n).await;
    see(white, n).await;
}

/// Redis frozen (SIGSTOP) for longer than every lease, then let go: moves
/// are refused meanwhile, and afterwards the game goes on with nothing lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_frozen_past_the_leases_play_goes_on() {
    let Some(s) = services("redis_frozen_past_the_leases") else {
        return;
    };
    let _pg = SHARED_POSTGRES.read().await;
    let redis = OwnRedis::start().await;
    let (db, name) = (fresh_database(&s.database_url).await, fresh_cluster_name());
    let a = Instance::start_on(Some(&redis.url()), &db, &name, None).await;
    let b = Instance::start_on(Some(&redis.url()), &db, &name, None).await;
    let (mut black, mut white, _) = pair_across(a.addr, b.addr).await;
    let mut pick = Pick(29);
    play_on(&mut black, &mut white, &mut pick, 6).await;
    redis.signal("STOP").await;
    // Both instances notice within a few seconds (commands time out).
    tokio::time::sleep(Duration::from_secs(5)).await;
    refused_as_paused(&mut black, &mut white, &mut pick).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    redis.signal("CONT").await;
    resumed(&mut black).await;
    resumed(&mut white).await;
    back_in_step(&mut black, &mut white).await;
    play_on(&mut black, &mut white, &mut pick, 8).await;
    let seen = black.game.log().to_vec();
    let id = resign_white(&mut black, &mut white).await;
    invariants(&*postgres(&db).await, &id, &seen).await;
    drop((a, b));
}

/// The services' folder (`scripts/services.sh` writes it to DIR/env).
fn services_dir() -> Option<PathBuf> {
    std::env::var("BAIFANG_TEST_SERVICES_DIR")
        .ok()
        .map(PathBuf::from)
}

async fn services_sh(what: &str, dir: &Path) {
    let ok = Command::new(services_script())
        .arg(what)
        .arg(dir)
        .status()
        .await
        .unwrap();
    assert!(ok.success(), "scripts/services.sh {what}");
}

/// The services' PostgreSQL, stopped until [`PostgresDown::start`]; started
/// again on drop too, so a failing test never leaves it down for the others.
struct PostgresDown(Option<PathBuf>);

impl PostgresDown {
    async fn stop(dir: &Path) -> PostgresDown {
        services_sh("postgres-stop", dir).await;
        PostgresDown(Some(dir.to_path_buf()))
    }

    async fn start(mut self) {
        if let Some(dir) = self.0.take() {
            services_sh("postgres-start", &dir).await;
        }
    }
}

impl Drop for PostgresDown {
    fn drop(&mut self) {
        if let Some(dir) = self.0.take() {
            let _ = std::process::Command::new(services_script())
                .arg("postgres-start")
                .arg(dir)
                .status();
        }
    }
}

fn services_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/services.sh")
}

/// PostgreSQL stopped mid-game (a fast shutdown, as a restart does) and
/// started again 3 s later: the move made meanwhile is neither shown nor
/// lost (the room pauses and stores it once the database is back), and the
/// game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_restarted_mid_game_loses_nothing() {
    let Some(s) = services("postgres_restarted_mid_game") else {
        return;
    };
    let Some(dir) = services_dir() else {
        println!("SKIPPED postgres_restarted_mid_game: BAIFANG_TEST_SERVICES_DIR is not set");
        return;
    };
    let _alone = SHARED_POSTGRES.write().await;
    let db = fresh_database(&s.database_url).await;
    let server = Instance::start_on(None, &db, "", None).await;
    let (mut black, mut white) = quick_pair(server.addr).await;
    let mut pick = Pick(17);
    play_on(&mut black, &mut white, &mut pick, 5).await;

    let down = PostgresDown::stop(&dir).await;
    let seq = black.next_seq();
    let m = mover(&mut black, &mut white);
    let action = pick.action(&m.game);
    m.client.send(&ClientMsg::Act { seq, action }).await;
    for seat in [&mut black, &mut white] {
        let paused = |m: &ServerMsg| matches!(m, ServerMsg::Game(v) if v.paused);
        match timeout(STEP, seat.client.until(paused)).await {
            Ok(ServerMsg::Game(v)) => assert_eq!(v.log.len() as u32, seq - 1, "shown unstored"),
            _ => panic!("the game did not pause"),
        }
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    down.start().await;
    for seat in [&mut black, &mut white] {
        resumed(seat).await;
        assert_eq!(
            seat.game.log().last(),
            Some(&action),
            "the paused move landed"
        );
    }
    play_on(&mut black, &mut white, &mut pick, 6).await;
    let seen = black.game.log().to_vec();
    let id = resign_white(&mut black, &mut white).await;
    invariants(&*postgres(&db).await, &id, &seen).await;
}

/// A tmpfs of a few megabytes mounted for one test (unmounted on drop).
struct Tmpfs(tempfile::TempDir);

impl Tmpfs {
    /// `None` where mounting is not allowed (not root, no CAP_SYS_ADMIN).
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().unwrap();
        let ok = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(Tmpfs(dir))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        // Lazily: a file the stopped server's threads still hold is let go
        // of as soon as they end.
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(self.0.path())
            .status();
    }
}

/// Fills the file system of `dir` until a write fails; the filler's path.
fn fill(dir: &Path) -> PathBuf {
    use std::io::Write;
    let path = dir.join("filler");
    let mut f = std::fs::File::create(&path).unwrap();
    let chunk = vec![0u8; 16 * 1024];
    while f.write_all(&chunk).and_then(|_| f.sync_all()).is_ok() {}
    path
}

/// Plays on a full disk until an action needs room the disk does not have,
/// and returns it once both seats see the game paused without it. After a checkpoint SQLite
/// writes its log over the room the log file already holds, so the first few
/// actions may still be stored; each of those is seen by both seats as usual.
async fn until_the_disk_is_needed(
    black: &mut Seat,
    white: &mut Seat,
    pick: &mut Pick,
) -> (u32, Action) {
    for _ in 0..60 {
        assert!(
            !black.game.state().is_finished(),
            "the game ended before the disk ran out"
        );
        let seq = black.next_seq();
        let m = mover(black, white);
        let action = pick.action(&m.game);
        m.client.send(&ClientMsg::Act { seq, action }).await;
        let answer = |msg: &ServerMsg| match msg {
            ServerMsg::Applied { seq: s, .. } => *s == seq,
            ServerMsg::Game(v) => v.paused,
            _ => false,
        };
        let heard = timeout(STEP, m.client.until(answer))
            .await
            .expect("an answer to the action");
        if let ServerMsg::Game(v) = heard {
            assert_eq!(v.log.len() as u32, seq - 1, "shown unstored");
            let mover_side = m.side;
            let other = if mover_side == black.side {
                white
            } else {
                black
            };
            let paused = |m: &ServerMsg| matches!(m, ServerMsg::Game(v) if v.paused);
            match timeout(STEP, other.client.until(paused)).await {
                Ok(ServerMsg::Game(v)) => {
                    assert_eq!(v.log.len() as u32, seq - 1, "shown unstored")
                }
                _ => panic!("the game did not pause for the other seat"),
            }
            return (seq, action);
        }
        m.game.play(action).expect("legal");
        see(black, seq).await;
        see(white, seq).await;
    }
    panic!("60 actions were stored on a full disk");
}

/// SQLite on a disk that fills up mid-game: the move is neither shown nor
/// lost, the game goes on once there is room again, and the server starts
/// again on the file with the same log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_on_a_full_disk_loses_nothing() {
    let Some(disk) = Tmpfs::mount("8m") else {
        println!(
            "SKIPPED sqlite_on_a_full_disk_loses_nothing: cannot mount a tmpfs here (needs root)"
        );
        return;
    };
    let server = server::start(config(disk.0.path())).await.unwrap();
    let (mut black, mut white) = quick_pair(server.addr).await;
    let mut pick = Pick(23);
    play_on(&mut black, &mut white, &mut pick, 5).await;
    let filler = fill(disk.0.path());
    // Both seats see the game paused, with the action neither shown nor lost.
    let (_, action) = until_the_disk_is_needed(&mut black, &mut white, &mut pick).await;
    std::fs::remove_file(filler).unwrap();
    for seat in [&mut black, &mut white] {
        resumed(seat).await;
        assert_eq!(
            seat.game.log().last(),
            Some(&action),
            "the paused move landed"
        );
    }
    play_on(&mut black, &mut white, &mut pick, 4).await;
    let seen = black.game.log().to_vec();
    black.client.send(&ClientMsg::RequestState).await;
    let id = timeout(STEP, black.client.game())
        .await
        .unwrap()
        .game
        .game_id;
    server.shutdown().await;
    let again = server::start(config(disk.0.path())).await.unwrap();
    assert_eq!(again.resumed, 1);
    let stored = again.hub.store.game_in_progress(id).await.unwrap().unwrap();
    assert_eq!(stored.log, seen);
    assert!(again.hub.store.audit().await.unwrap().is_empty());
    again.shutdown().await;
}

/// Runs one SQL statement on the services' PostgreSQL (as its owner).
async fn sql(url: &str, statement: String) {
    use sqlx::Connection;
    let mut c = sqlx::PgConnection::connect(url).await.unwrap();
    sqlx::query(sqlx::AssertSqlSafe(statement))
        .execute(&mut c)
        .await
        .unwrap();
}

/// The instance that owns a game loses its own way to the database (its
/// login revoked and its connections cut) while the other instance can still
/// write: the paused room hands the game over after 5 s, the other instance
/// takes it over from the log, and the players play on there. The move that
/// could not be stored was never shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_instance_that_cannot_write_hands_its_game_over() {
    let Some(s) = services("an_instance_that_cannot_write_hands_its_game_over") else {
        return;
    };
    let _pg = SHARED_POSTGRES.read().await;
    let (db, name) = (fresh_database(&s.database_url).await, fresh_cluster_name());
    let role = format!("r{}", server::ids::new_game_id());
    sql(
        &s.database_url,
        format!("CREATE ROLE {role} LOGIN SUPERUSER"),
    )
    .await;
    let (user, _) = db.split_once('@').unwrap();
    let a_db = db.replacen(&format!("{user}@"), &format!("postgres://{role}@"), 1);
    // The other instance first: the tables belong to the services' owner.
    let b = Instance::start(&s, &db, &name).await;
    let a = Instance::start(&s, &a_db, &name).await;
    // A friend room opened and joined on A runs on A.
    let host = Client::sign_in(a.addr, None).await;
    let guest = Client::sign_in(a.addr, None).await;
    let (mut black, mut white) = friend_seats(host, guest).await;
    let mut pick = Pick(41);
    play_on(&mut black, &mut white, &mut pick, 4).await;
    let seen = black.game.log().to_vec();
    let tokens = [black.client.token.clone(), white.client.token.clone()];

    sql(&s.database_url, format!("ALTER ROLE {role} NOLOGIN")).await;
    sql(
        &s.database_url,
        format!("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '{role}'"),
    )
    .await;
    let seq = black.next_seq();
    let m = mover(&mut black, &mut white);
    let action = pick.action(&m.game);
    m.client.send(&ClientMsg::Act { seq, action }).await;
    for seat in [&mut black, &mut white] {
        let (code, why) = timeout(STEP, seat.client.closed())
            .await
            .expect("the room steps down")
            .expect("a close frame");
        assert_eq!(code, close::GOING_AWAY);
        assert!(why.contains("another server"), "{why}");
    }
    assert!(a.logged("handing the game over", 5).await);
    let mut black = rejoin(b.addr, tokens[0].clone()).await;
    let mut white = rejoin(b.addr, tokens[1].clone()).await;
    assert_eq!(
        black.game.log(),
        seen.as_slice(),
        "the unstored move was never played"
    );
    back_in_step(&mut black, &mut white).await;
    play_on(&mut black, &mut white, &mut pick, 6).await;
    let seen = black.game.log().to_vec();
    let id = resign_white(&mut black, &mut white).await;
    invariants(&*postgres(&db).await, &id, &seen).await;
    drop(a);
    sql(&s.database_url, format!("DROP ROLE {role}")).await;
}

/// A friend room opened by `host` and joined by `guest`: (Black, White).
async fn friend_seats(mut host: Client, mut guest: Client) -> (Seat, Seat) {
    host.send(&ClientMsg::CreateRoom { rated: false }).await;
    let code = match host
        .until(|m| matches!(m, ServerMsg::RoomOpen { .. }))
        .await
    {
        ServerMsg::RoomOpen { code, .. } => code,
        _ => unreachable!(),
    };
    guest
        .send(&ClientMsg::JoinRoom { code, rated: false })
        .await;
    let (h, g) = (Seat::take(host).await, Seat::take(guest).await);
    if h.side == Side::Black {
        (h, g)
    } else {
        (g, h)
    }
}
