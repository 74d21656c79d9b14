//! Load tool: runs the server as a child process on loopback with a fresh
//! database, plays N concurrent bot matches of random legal moves against it
//! for S seconds, stops by itself and reports actions/s, the latency from
//! sending an action to receiving its broadcast (p50/p99/max), errors, and the
//! server's memory per match and CPU time.
//!
//! `cargo run -p server --release --example load -- --matches 1000 --seconds 60 [--think-ms 1000]`

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
    /// Internal: run the server in this process (the load tool's child).
    #[arg(long, hide = true)]
    serve: Option<PathBuf>,
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
        return serve_child(db);
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(drive(args));
}

/// The child: the real server on 127.0.0.1 (any port), until stdin closes.
fn serve_child(db: PathBuf) {
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    rt.block_on(async move {
        let config = server::Config {
            bind: "127.0.0.1:0".parse().unwrap(),
            database: db,
            dist: PathBuf::from("/nonexistent"),
            allowed_origins: Vec::new(),
            test_clock: false,
            limits: Default::default(),
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

async fn drive(args: Args) {
    let dir = tempfile::tempdir().expect("temp dir");
    let exe = std::env::current_exe().expect("own path");
    let mut child = tokio::process::Command::new(exe)
        .arg("--serve")
        .arg(dir.path().join("load.sqlite3"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("server child starts");
    let pid = child.id().expect("child pid");
    let mut out = BufReader::new(child.stdout.take().unwrap()).lines();
    let addr = loop {
        match out.next_line().await {
            Ok(Some(l)) if l.starts_with("LISTENING ") => break l[10..].to_string(),
            Ok(Some(_)) => continue,
            _ => panic!("the server child did not start"),
        }
    };
    let rss_start = rss_kib(pid);
    println!(
        "load: {} matches ({} connections) against server pid {pid} on {addr}, think {} ms",
        args.matches,
        args.matches * 2,
        args.think_ms
    );
    let stats = Arc::new(Stats::default());
    let (stop_tx, stop) = watch::channel(false);
    let bots = args.matches * 2;
    let mut tasks = Vec::with_capacity(bots);
    let ramp = Instant::now();
    for i in 0..bots {
        let (addr, stats, stop) = (addr.clone(), stats.clone(), stop.clone());
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
        cpu_ticks(pid),
        stats.actions.load(Ordering::Relaxed),
        stats.finished.load(Ordering::Relaxed),
    );
    stats.measuring.store(true, Ordering::Relaxed);
    let t0 = Instant::now();
    let mut rss_peak = rss_kib(pid);
    let mut min_playing = u64::MAX;
    while t0.elapsed() < Duration::from_secs(args.seconds) {
        tokio::time::sleep(Duration::from_millis(500)).await;
        rss_peak = rss_peak.max(rss_kib(pid));
        min_playing = min_playing.min(stats.playing.load(Ordering::Relaxed));
    }
    stats.measuring.store(false, Ordering::Relaxed);
    let secs = t0.elapsed().as_secs_f64();
    let cpu = (cpu_ticks(pid) - cpu0) as f64 / 100.0;
    let own_cpu = (cpu_ticks(std::process::id()) - own0) as f64 / 100.0;
    let _ = stop_tx.send(true);
    for t in tasks {
        let _ = t.await;
    }
    drop(child.stdin.take());
    let _ = tokio::time::timeout(Duration::from_secs(5), child.wait()).await;
    let _ = child.kill().await;
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
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut game: Option<(Game, Side)> = None;
    let mut act_at: Option<tokio::time::Instant> = None;
    let mut pending: Option<(u32, Instant)> = None;
    let ping_origin = Instant::now();
    let mut ping = tokio::time::interval(Duration::from_millis(2000 + seed % 1000));
    loop {
        let wake =
            act_at.unwrap_or_else(|| tokio::time::Instant::now() + Duration::from_secs(3600));
        tokio::select! {
            _ = stop.changed() => break,
            _ = ping.tick() => {
                let t = ping_origin.elapsed().as_micros() as u64;
                if sink.send(send(ClientMsg::Ping { t })).await.is_err() {
                    break;
                }
            }
            _ = tokio::time::sleep_until(wake), if act_at.is_some() => {
                act_at = None;
                let Some((g, _)) = &game else { continue };
                let mut list = ActionList::new();
                g.state().legal_actions(&mut list);
                let action = list[(next() % list.len() as u64) as usize];
                let seq = g.log().len() as u32 + 1;
                pending = Some((seq, Instant::now()));
                if sink.send(send(ClientMsg::Act { seq, action })).await.is_err() {
                    stats.dropped.fetch_add(1, Ordering::Relaxed);
                    break;
                }
            }
            frame = stream.next() => {
                let text = match frame {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => {
                        if !*stop.borrow() {
                            stats.dropped.fetch_add(1, Ordering::Relaxed);
                        }
                        break;
                    }
                    Some(Ok(_)) => continue,
                };
                let Ok(msg) = ServerMsg::decode(text.as_bytes()) else { continue };
                match msg {
                    ServerMsg::Game(v) => {
                        if game.is_none() {
                            stats.playing.fetch_add(1, Ordering::Relaxed);
                        }
                        game = Game::from_log(&v.log).ok().map(|g| (g, v.you.0));
                    }
                    ServerMsg::Applied { seq, action, hash, .. } => {
                        let Some((g, me)) = &mut game else { continue };
                        if g.play(action).is_err() || hash_hex(g.state().hash()) != hash {
                            stats.mismatches.fetch_add(1, Ordering::Relaxed);
                        }
                        // Both bots of a match see each action: Black counts it.
                        if *me == Side::Black {
                            stats.actions.fetch_add(1, Ordering::Relaxed);
                        }
                        if let Some((_, t)) = pending.take_if(|(s, _)| *s == seq) {
                            if stats.measuring.load(Ordering::Relaxed) {
                                stats.latencies_us.lock().unwrap().push(t.elapsed().as_micros() as u32);
                            }
                        }
                        if g.state().to_move() == *me && !g.state().is_finished() {
                            let jitter = think_ms / 2 + next() % (think_ms + 1);
                            act_at = Some(tokio::time::Instant::now() + Duration::from_millis(jitter));
                        }
                    }
                    ServerMsg::Finished { .. } => {
                        if let Some((_, me)) = game.take() {
                            stats.playing.fetch_sub(1, Ordering::Relaxed);
                            if me == Side::Black {
                                stats.finished.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        act_at = None;
                        pending = None;
                        if sink.send(send(ClientMsg::QuickMatch)).await.is_err() {
                            break;
                        }
                    }
                    // Once the bots stop, their opponents' last actions are
                    // refused after the drop: only refusals while measuring count.
                    ServerMsg::Rejected { code, rule, .. } if stats.measuring.load(Ordering::Relaxed) => {
                        stats.rejected.fetch_add(1, Ordering::Relaxed);
                        eprintln!("rejected: {code:?} {rule:?}");
                    }
                    ServerMsg::Pong { t } if stats.measuring.load(Ordering::Relaxed) => {
                        let rtt = ping_origin.elapsed().as_micros() as u64 - t;
                        stats.pings_us.lock().unwrap().push(rtt as u32);
                    }
                    _ => {}
                }
                if let Some((g, me)) = &game {
                    if act_at.is_none() && pending.is_none() && g.state().to_move() == *me && !g.state().is_finished() && g.log().is_empty() {
                        act_at = Some(tokio::time::Instant::now() + Duration::from_millis(think_ms / 2 + next() % (think_ms + 1)));
                    }
                }
            }
        }
    }
}
