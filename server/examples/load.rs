//! Load tool: runs the server as child processes on loopback (one instance
//! with a fresh SQLite database, or several sharing Redis and PostgreSQL),
//! plays N concurrent bot matches of random legal moves against them for S
//! seconds (the bots spread over the instances in turn), stops by itself and
//! reports actions/s, the latency from sending an action to receiving its
//! broadcast (p50/p99/max), errors, and the servers' memory per match and CPU
//! time.
//!
//! `cargo run -p server --release --example load -- --matches 1000 --seconds 60 [--think-ms 1000]`
//! `… -- --instances 2 --database postgres://… --redis redis://… --matches 300 --seconds 20`

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

use engine::baifang::referee_protocol::{hash_hex, ClientMsg, ServerMsg, PROTOCOL_VERSION};
use engine::baifang::{ActionList, Game, Side};

#[derive(Parser, Debug)]
struct Args {
    /// Concurrent matches (two bot connections each).
    #[arg(long, default_value_t = 100)]
    matches: usize,
    /// Seconds to measure once every match is playing.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// A bot's thinking time before each action, in ms (jittered ±50 %).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Server instances (more than one needs --database postgres://… and --redis).
    #[arg(long, default_value_t = 1)]
    instances: usize,
    /// The database [default: a fresh SQLite file in a temporary folder].
    #[arg(long)]
    database: Option<String>,
    /// Redis shared by the instances.
    #[arg(long)]
    redis: Option<String>,
    /// Internal: run the server in this process (the load tool's child) on this database.
    #[arg(long, hide = true)]
    serve: Option<String>,
    /// Internal: the child's Redis and cluster name.
    #[arg(long, hide = true, num_args = 2)]
    serve_cluster: Option<Vec<String>>,
}

#[derive(Default)]
struct Stats {
    actions: AtomicU64,
    rejected: AtomicU64,
    dropped: AtomicU64,
    mismatches: AtomicU64,
    connect_failures: AtomicU64,
    finished: AtomicU64,
    playing: AtomicU64,
    latencies_us: Mutex<Vec<u32>>,
    /// Ping→pong round trips: the same path without a room or the database.
    pings_us: Mutex<Vec<u32>>,
    measuring: std::sync::atomic::AtomicBool,
}

fn main() {
    let args = Args::parse();
    if let Some(db) = args.serve {
        return serve_child(db, args.serve_cluster);
    }
    if args.instances > 1 && (args.redis.is_none() || args.database.is_none()) {
        eprintln!("load: --instances above 1 needs --database postgres://… and --redis redis://…");
        std::process::exit(2);
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(drive(args));
}

/// The child: the real server on 127.0.0.1 (any port), until stdin closes.
fn serve_child(db: String, cluster: Option<Vec<String>>) {
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    rt.block_on(async move {
        let config = server::Config {
            bind: "127.0.0.1:0".parse().unwrap(),
            database: server::store::Database::parse(&db),
            cluster: cluster.map(|c| server::cluster::ClusterConfig {
                redis_url: c[0].clone(),
                name: c[1].clone(),
            }),
            dist: PathBuf::from("/nonexistent"),
            allowed_origins: Vec::new(),
            trusted_proxies: Vec::new(),
            test_clock: false,
            // Every simulated player comes from 127.0.0.1.
            limits: server::limits::Limits {
                new_players_per_hour: u32::MAX,
                ..Default::default()
            },
        };
        let running = server::start(config).await.expect("server starts");
        println!("LISTENING {}", running.addr);
        let mut line = String::new();
        let mut stdin = BufReader::new(tokio::io::stdin());
        let _ = stdin.read_line(&mut line).await;
        running.shutdown().await;
    });
}

fn proc_field(pid: u32, file: &str) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/{file}")).unwrap_or_default()
}

/// Resident memory of a process, in KiB.
fn rss_kib(pid: u32) -> u64 {
    proc_field(pid, "status")
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0)
}

/// CPU time (user + system) of a process, in clock ticks (1/100 s).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = proc_field(pid, "stat");
    let after = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = after.split_whitespace().collect();
    let get = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    get(11) + get(12)
}

/// One server child: the process, its pid and address.
struct Child {
    process: tokio::process::Child,
    pid: u32,
    addr: String,
}

async fn start_child(db: &str, cluster: Option<(&str, &str)>) -> Child {
    let exe = std::env::current_exe().expect("own path");
    let mut cmd = tokio::process::Command::new(exe);
    cmd.arg("--serve").arg(db);
    if let Some((redis, name)) = cluster {
        cmd.arg("--serve-cluster").arg(redis).arg(name);
    }
    let mut process = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("server child starts");
    let pid = process.id().expect("child pid");
    let mut out = BufReader::new(process.stdout.take().unwrap()).lines();
    let addr = loop {
        match out.next_line().await {
            Ok(Some(l)) if l.starts_with("LISTENING ") => break l[10..].to_string(),
            Ok(Some(_)) => continue,
            _ => panic!("the server child did not start"),
        }
    };
    Child { process, pid, addr }
}

async fn drive(args: Args) {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = args.database.clone().unwrap_or_else(|| {
        dir.path()
            .join("load.sqlite3")
            .to_string_lossy()
            .into_owned()
    });
    // Each run its own cluster name: nothing left in Redis by an earlier run counts.
    let name = format!("load{}", std::process::id());
    let mut children = Vec::new();
    for _ in 0..args.instances.max(1) {
        let cluster = args.redis.as_deref().map(|r| (r, name.as_str()));
        children.push(start_child(&db, cluster).await);
    }
    let pids: Vec<u32> = children.iter().map(|c| c.pid).collect();
    let addrs: Vec<String> = children.iter().map(|c| c.addr.clone()).collect();
    let rss_all = |pids: &[u32]| pids.iter().map(|&p| rss_kib(p)).sum::<u64>();
    let cpu_all = |pids: &[u32]| pids.iter().map(|&p| cpu_ticks(p)).sum::<u64>();
    let rss_start = rss_all(&pids);
    println!(
        "load: {} matches ({} connections) against {} server instance(s) {pids:?} on {addrs:?} ({}{}), think {} ms",
        args.matches,
        args.matches * 2,
        pids.len(),
        if args.database.as_deref().is_some_and(|d| d.starts_with("postgres")) { "PostgreSQL" } else { "SQLite" },
        if args.redis.is_some() { " + Redis" } else { "" },
        args.think_ms
    );
    let stats = Arc::new(Stats::default());
    let (stop_tx, stop) = watch::channel(false);
    let bots = args.matches * 2;
    let mut tasks = Vec::with_capacity(bots);
    let ramp = Instant::now();
    for i in 0..bots {
        let addr = addrs[i % addrs.len()].clone();
        let (stats, stop) = (stats.clone(), stop.clone());
        tasks.push(tokio::spawn(bot(
            i as u64,
            addr,
            args.think_ms,
            stats,
            stop,
        )));
        if i % 100 == 99 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    // Warm-up: wait until (nearly) every bot is in a game.
    while (stats.playing.load(Ordering::Relaxed) as usize) < bots
        && ramp.elapsed() < Duration::from_secs(60)
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "ramp-up: {} of {bots} bots playing after {:.1} s",
        stats.playing.load(Ordering::Relaxed),
        ramp.elapsed().as_secs_f64()
    );
    let own0 = cpu_ticks(std::process::id());
    let (cpu0, actions0, finished0) = (
        cpu_all(&pids),
        stats.actions.load(Ordering::Relaxed),
        stats.finished.load(Ordering::Relaxed),
    );
    stats.measuring.store(true, Ordering::Relaxed);
    let t0 = Instant::now();
    let mut rss_peak = rss_all(&pids);
    let mut min_playing = u64::MAX;
    while t0.elapsed() < Duration::from_secs(args.seconds) {
        tokio::time::sleep(Duration::from_millis(500)).await;
        rss_peak = rss_peak.max(rss_all(&pids));
        min_playing = min_playing.min(stats.playing.load(Ordering::Relaxed));
    }
    stats.measuring.store(false, Ordering::Relaxed);
    let secs = t0.elapsed().as_secs_f64();
    let cpu = (cpu_all(&pids) - cpu0) as f64 / 100.0;
    let own_cpu = (cpu_ticks(std::process::id()) - own0) as f64 / 100.0;
    let _ = stop_tx.send(true);
    for t in tasks {
        let _ = t.await;
    }
    for c in &mut children {
        drop(c.process.stdin.take());
    }
    for c in &mut children {
        let _ = tokio::time::timeout(Duration::from_secs(5), c.process.wait()).await;
        let _ = c.process.kill().await;
    }
    report(
        &stats,
        secs,
        cpu,
        rss_start,
        rss_peak,
        args.matches,
        actions0,
        finished0,
        min_playing,
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load tool CPU (the bots): {own_cpu:.1} s ({:.0}% of one core); machine load average: {}",
        own_cpu / secs * 100.0,
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
}

#[allow(clippy::too_many_arguments)]
fn report(
    stats: &Stats,
    secs: f64,
    cpu: f64,
    rss_start: u64,
    rss_peak: u64,
    matches: usize,
    actions0: u64,
    finished0: u64,
    min_playing: u64,
) {
    let sorted = |v: &Mutex<Vec<u32>>| {
        let mut v = v.lock().unwrap().clone();
        v.sort_unstable();
        v
    };
    let lat = sorted(&stats.latencies_us);
    let pings = sorted(&stats.pings_us);
    let at = |v: &[u32], p: f64| {
        if v.is_empty() {
            0.0
        } else {
            v[((v.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0
        }
    };
    let pct = |p: f64| at(&lat, p);
    let actions = stats.actions.load(Ordering::Relaxed) - actions0;
    let errors = ["rejected", "dropped", "hash mismatches", "connect failures"];
    let counts = [
        stats.rejected.load(Ordering::Relaxed),
        stats.dropped.load(Ordering::Relaxed),
        stats.mismatches.load(Ordering::Relaxed),
        stats.connect_failures.load(Ordering::Relaxed),
    ];
    println!(
        "measured: {secs:.1} s with at least {} of {} bots in a game",
        min_playing,
        matches * 2
    );
    println!(
        "actions applied: {actions} ({:.0}/s)",
        actions as f64 / secs
    );
    println!(
        "latency action→broadcast: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
        pct(0.5),
        pct(0.99),
        pct(1.0),
        lat.len()
    );
    println!(
        "baseline ping→pong (no room, no database): p50 {:.2} ms, p99 {:.2} ms ({} samples)",
        at(&pings, 0.5),
        at(&pings, 0.99),
        pings.len()
    );
    println!(
        "games finished while measuring: {}",
        stats.finished.load(Ordering::Relaxed) - finished0
    );
    let detail: Vec<String> = errors
        .iter()
        .zip(counts)
        .map(|(n, c)| format!("{n} {c}"))
        .collect();
    println!(
        "errors: {} ({})",
        counts.iter().sum::<u64>(),
        detail.join(", ")
    );
    println!(
        "server memory: {:.1} MiB at start, {:.1} MiB peak: {:.1} KiB per match",
        rss_start as f64 / 1024.0,
        rss_peak as f64 / 1024.0,
        rss_peak.saturating_sub(rss_start) as f64 / matches as f64
    );
    println!(
        "server CPU: {cpu:.1} s over {secs:.1} s ({:.0}% of one core)",
        cpu / secs * 100.0
    );
}

/// One bot's game and timing: what it plays, when it acts next, which of its
/// actions is waiting for its broadcast.
struct BotPlay {
    game: Option<(Game, Side)>,
    act_at: Option<tokio::time::Instant>,
    pending: Option<(u32, Instant)>,
    rng: u64,
    think_ms: u64,
    ping_origin: Instant,
}

impl BotPlay {
    fn random(&mut self) -> u64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// Thinks (the jittered thinking time) before the next action.
    fn think(&mut self) {
        let jitter = self.think_ms / 2 + self.random() % (self.think_ms + 1);
        self.act_at = Some(tokio::time::Instant::now() + Duration::from_millis(jitter));
    }

    /// The thinking time is over: a random legal action to send.
    fn act(&mut self) -> Option<ClientMsg> {
        self.act_at = None;
        let (list, seq) = {
            let (g, _) = self.game.as_ref()?;
            let mut list = ActionList::new();
            g.state().legal_actions(&mut list);
            (list, g.log().len() as u32 + 1)
        };
        let action = list[(self.random() % list.len() as u64) as usize];
        self.pending = Some((seq, Instant::now()));
        Some(ClientMsg::Act { seq, action })
    }

    /// Takes in a server message; returns what to send back, if anything.
    fn on_message(&mut self, msg: ServerMsg, stats: &Stats) -> Option<ClientMsg> {
        let measuring = stats.measuring.load(Ordering::Relaxed);
        match msg {
            ServerMsg::Game(v) => {
                if self.game.is_none() {
                    stats.playing.fetch_add(1, Ordering::Relaxed);
                }
                self.game = Game::from_log(&v.log).ok().map(|g| (g, v.you.0));
                if self.my_turn() && self.act_at.is_none() && self.pending.is_none() {
                    self.think();
                }
            }
            ServerMsg::Applied {
                seq, action, hash, ..
            } => {
                let (g, me) = self.game.as_mut()?;
                if g.play(action).is_err() || hash_hex(g.state().hash()) != hash {
                    stats.mismatches.fetch_add(1, Ordering::Relaxed);
                }
                // Both bots of a match see each action: Black counts it.
                if *me == Side::Black {
                    stats.actions.fetch_add(1, Ordering::Relaxed);
                }
                if let Some((_, t)) = self.pending.take_if(|(s, _)| *s == seq) {
                    if measuring {
                        let us = t.elapsed().as_micros() as u32;
                        stats.latencies_us.lock().unwrap().push(us);
                    }
                }
                if self.my_turn() {
                    self.think();
                }
            }
            ServerMsg::Finished { .. } => {
                if let Some((_, me)) = self.game.take() {
                    stats.playing.fetch_sub(1, Ordering::Relaxed);
                    if me == Side::Black {
                        stats.finished.fetch_add(1, Ordering::Relaxed);
                    }
                }
                self.act_at = None;
                self.pending = None;
                return Some(ClientMsg::QuickMatch);
            }
            // Once the bots stop, their opponents' last actions are refused
            // after the drop: only refusals while measuring count.
            ServerMsg::Rejected { code, rule, .. } if measuring => {
                stats.rejected.fetch_add(1, Ordering::Relaxed);
                eprintln!("rejected: {code:?} {rule:?}");
            }
            ServerMsg::Pong { t } if measuring => {
                let rtt = self.ping_origin.elapsed().as_micros() as u64 - t;
                stats.pings_us.lock().unwrap().push(rtt as u32);
            }
            _ => {}
        }
        None
    }

    fn my_turn(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|(g, me)| g.state().to_move() == *me && !g.state().is_finished())
    }
}

/// One bot: a new player that quick-matches, plays random legal actions after
/// its thinking time, and queues again when a game ends.
async fn bot(
    seed: u64,
    addr: String,
    think_ms: u64,
    stats: Arc<Stats>,
    mut stop: watch::Receiver<bool>,
) {
    let ws =
        match tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), None, true)
            .await
        {
            Ok((ws, _)) => ws,
            Err(_) => {
                stats.connect_failures.fetch_add(1, Ordering::Relaxed);
                return;
            }
        };
    let (mut sink, mut stream) = ws.split();
    let send = |m: ClientMsg| Message::text(m.to_json());
    let hello = send(ClientMsg::Hello {
        v: PROTOCOL_VERSION,
        token: None,
        name: None,
    });
    if sink.send(hello).await.is_err() || sink.send(send(ClientMsg::QuickMatch)).await.is_err() {
        stats.dropped.fetch_add(1, Ordering::Relaxed);
        return;
    }
    let mut play = BotPlay {
        game: None,
        act_at: None,
        pending: None,
        rng: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
        think_ms,
        ping_origin: Instant::now(),
    };
    let mut ping = tokio::time::interval(Duration::from_millis(2000 + seed % 1000));
    loop {
        let wake = play
            .act_at
            .unwrap_or_else(|| tokio::time::Instant::now() + Duration::from_secs(3600));
        let out = tokio::select! {
            _ = stop.changed() => break,
            _ = ping.tick() => Some(ClientMsg::Ping { t: play.ping_origin.elapsed().as_micros() as u64 }),
            _ = tokio::time::sleep_until(wake), if play.act_at.is_some() => play.act(),
            frame = stream.next() => match frame {
                Some(Ok(Message::Text(t))) => match ServerMsg::decode(t.as_bytes()) {
                    Ok(msg) => play.on_message(msg, &stats),
                    Err(_) => None,
                },
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => {
                    if !*stop.borrow() {
                        stats.dropped.fetch_add(1, Ordering::Relaxed);
                    }
                    break;
                }
                Some(Ok(_)) => None,
            },
        };
        if let Some(m) = out {
            let is_act = matches!(m, ClientMsg::Act { .. });
            if sink.send(send(m)).await.is_err() {
                if is_act {
                    stats.dropped.fetch_add(1, Ordering::Relaxed);
                }
                break;
            }
        }
    }
}
