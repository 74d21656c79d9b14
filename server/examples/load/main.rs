//! Load tool: runs the server as child processes on loopback (one instance
//! with a fresh SQLite database, or several sharing Redis and PostgreSQL),
//! plays N concurrent bot matches of random legal moves against them for S
//! seconds (the bots spread over the instances in turn, and reconnect as the
//! web page does), stops by itself and reports actions/s, the latency from
//! sending an action to receiving its broadcast (p50/p99/max), errors, the
//! servers' memory per match and CPU time; then reads the store back, runs
//! its audit and checks every game against what the bots saw.
//!
//! With `--chaos` it injects faults while the bots play: every
//! `--chaos-every` seconds Redis (its own redis-server) is killed and
//! restarted empty, or one instance is killed and restarted, in turn; it
//! exits non-zero if a game was lost or settled by a fault, or the audit fails.
//!
//! `cargo run -p server --release --example load -- --matches 1000 --seconds 60 [--think-ms 1000]`
//! `… -- --instances 2 --database postgres://… --redis redis://… --matches 300 --seconds 20`
//! `… -- --chaos --instances 2 --database postgres://… --matches 1000 --seconds 120`
//! `… -- --matches 1000 --spectators 10 --seconds 30` (every game watched by 10)

mod bot;
mod chaos;
mod play;
mod servers;
mod spectate;
mod stats;
mod verdict;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::{watch, Mutex};

use bot::{Ctl, Outcome};
use chaos::{Fault, Fleet, Plan};
use servers::{cpu_ticks, rss_kib, OwnRedis, ServerSpec};
use stats::{Stats, Window};

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
    /// Spectators per game: every game started gets this many connections
    /// watching it (their lag is reported beside the players' latency).
    #[arg(long, default_value_t = 0)]
    spectators: usize,
    /// Server instances (more than one needs --database postgres://… and Redis).
    #[arg(long, default_value_t = 1)]
    instances: usize,
    /// The database [default: a fresh SQLite file in a temporary folder].
    #[arg(long)]
    database: Option<String>,
    /// Redis shared by the instances (chaos mode starts its own instead).
    #[arg(long)]
    redis: Option<String>,
    /// Inject faults while measuring (see --chaos-every, --outage-ms, --faults).
    #[arg(long)]
    chaos: bool,
    /// Seconds between two faults.
    #[arg(long, default_value_t = 20)]
    chaos_every: u64,
    /// How long a killed Redis or instance stays down, in ms.
    #[arg(long, default_value_t = 2000)]
    outage_ms: u64,
    /// The faults, taken in turn [default: redis,instance with several
    /// instances; instance alone with one].
    #[arg(long, value_delimiter = ',')]
    faults: Vec<Fault>,
    /// Log the servers' warnings and errors to stderr.
    #[arg(long)]
    server_log: bool,
    /// Internal: run the server in this process (the load tool's child) on this database.
    #[arg(long, hide = true)]
    serve: Option<String>,
    /// Internal: the child's port (0: any).
    #[arg(long, hide = true, default_value_t = 0)]
    serve_port: u16,
    /// Internal: the child's Redis and cluster name.
    #[arg(long, hide = true, num_args = 2)]
    serve_cluster: Option<Vec<String>>,
}

fn main() {
    let mut args = Args::parse();
    raise_open_files();
    if let Some(db) = args.serve.take() {
        return serve_child(db, args);
    }
    if let Err(e) = check(&mut args) {
        eprintln!("load: {e}");
        std::process::exit(2);
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let passed = rt.block_on(drive(args));
    std::process::exit(if passed { 0 } else { 1 });
}

/// Each bot and each server connection is a socket: the soft limit goes up
/// to the hard one (the children inherit it).
fn raise_open_files() {
    if let Err(e) = rlimit::increase_nofile_limit(u64::MAX) {
        eprintln!("load: cannot raise the open-file limit: {e}");
    }
}

fn check(args: &mut Args) -> Result<(), String> {
    let clustered = args.instances > 1;
    if clustered
        && !args
            .database
            .as_deref()
            .is_some_and(|d| d.starts_with("postgres"))
    {
        return Err("--instances above 1 needs --database postgres://…".into());
    }
    if clustered && !args.chaos && args.redis.is_none() {
        return Err("--instances above 1 needs --redis redis://… (or --chaos)".into());
    }
    if args.chaos && args.redis.is_some() {
        return Err("--chaos kills Redis, so it starts its own: leave --redis out".into());
    }
    if args.faults.is_empty() {
        args.faults = if clustered {
            vec![Fault::Redis, Fault::Instance]
        } else {
            vec![Fault::Instance]
        };
    }
    if !clustered && args.faults.contains(&Fault::Redis) {
        return Err("a Redis fault needs --instances 2 or more".into());
    }
    Ok(())
}

/// The child: the real server on 127.0.0.1, until stdin closes.
fn serve_child(db: String, args: Args) {
    if args.server_log {
        tracing_subscriber::fmt()
            .with_max_level(tracing::Level::WARN)
            .with_writer(std::io::stderr)
            .init();
    }
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    rt.block_on(async move {
        let config = server::Config {
            bind: ([127, 0, 0, 1], args.serve_port).into(),
            database: server::store::Database::parse(&db),
            cluster: args.serve_cluster.map(|c| server::cluster::ClusterConfig {
                redis_url: c[0].clone(),
                name: c[1].clone(),
            }),
            dist: PathBuf::from("/nonexistent"),
            allowed_origins: Vec::new(),
            trusted_proxies: Vec::new(),
            test_clock: false,
            // Every simulated player comes from 127.0.0.1, and the run
            // measures the server, not its caps.
            limits: server::limits::Limits {
                new_players_per_hour: u32::MAX,
                max_connections_per_address: usize::MAX,
                ..server::limits::Limits::for_connections(1_000_000)
            },
        };
        let running = match server::start(config).await {
            Ok(r) => r,
            Err(e) => return println!("FAILED {e}"),
        };
        println!("LISTENING {}", running.addr);
        let mut line = String::new();
        let mut stdin = BufReader::new(tokio::io::stdin());
        let _ = stdin.read_line(&mut line).await;
        running.shutdown().await;
    });
}

/// Everything the run set up: the database, the servers, its own Redis.
struct Setup {
    database: String,
    fleet: Fleet,
    addrs: Arc<Vec<String>>,
    redis: Option<OwnRedis>,
    _dir: tempfile::TempDir,
}

async fn set_up(args: &Args) -> Result<Setup, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let database = args.database.clone().unwrap_or_else(|| {
        let f = dir.path().join("load.sqlite3");
        f.to_string_lossy().into_owned()
    });
    let redis = match args.chaos && args.instances > 1 {
        true => Some(OwnRedis::start().await?),
        false => None,
    };
    let redis_url = redis.as_ref().map(OwnRedis::url).or(args.redis.clone());
    // Each run its own cluster name: nothing left in Redis by an earlier run counts.
    let name = format!("load{}", std::process::id());
    let mut fleet = Vec::new();
    for _ in 0..args.instances.max(1) {
        let mut spec = ServerSpec {
            database: database.clone(),
            cluster: redis_url.clone().map(|r| (r, name.clone())),
            port: 0,
            log: args.server_log,
        };
        let server = spec.start().await?;
        fleet.push((spec, server));
    }
    let addrs = Arc::new(fleet.iter().map(|(_, s)| s.addr.clone()).collect());
    Ok(Setup {
        database,
        fleet: Arc::new(Mutex::new(fleet)),
        addrs,
        redis,
        _dir: dir,
    })
}

async fn pids(fleet: &Fleet) -> Vec<u32> {
    fleet.lock().await.iter().map(|(_, s)| s.pid).collect()
}

async fn drive(args: Args) -> bool {
    let mut setup = match set_up(&args).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("load: {e}");
            return false;
        }
    };
    let first = pids(&setup.fleet).await;
    let rss_start: u64 = first.iter().map(|&p| rss_kib(p)).sum();
    println!(
        "load: {} matches ({} connections{}) against {} server instance(s) {first:?} on {:?} ({}{}), think {} ms{}",
        args.matches,
        args.matches * 2,
        if args.spectators > 0 { format!(", {} spectators per game", args.spectators) } else { String::new() },
        first.len(),
        setup.addrs,
        if setup.database.starts_with("postgres") { "PostgreSQL" } else { "SQLite" },
        if args.instances > 1 { " + Redis" } else { "" },
        args.think_ms,
        if args.chaos { format!(", chaos: {:?} every {} s, {} ms down", args.faults, args.chaos_every, args.outage_ms) } else { String::new() },
    );
    let stats = Arc::new(Stats::default());
    let (ctl_tx, ctl) = watch::channel(Ctl::Play);
    if args.spectators > 0 {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let _ = stats.new_games.set(tx);
        let (addrs, stats, ctl) = (setup.addrs.clone(), stats.clone(), ctl.clone());
        tokio::spawn(spectate::dispatch(rx, args.spectators, addrs, stats, ctl));
    }
    let bots = spawn_bots(&args, &setup, &stats, &ctl).await;
    let (window, chaos_log) = measure(&args, &mut setup, &stats, rss_start).await;
    // The end: no new actions, a moment for the last answers, then the
    // servers stop (freezing the games as stored), then the bots leave.
    let _ = ctl_tx.send(Ctl::Quiet);
    tokio::time::sleep(Duration::from_secs(2)).await;
    for (_, s) in setup.fleet.lock().await.iter_mut() {
        s.stop().await;
    }
    let _ = ctl_tx.send(Ctl::Leave);
    let mut outcomes: Vec<Outcome> = Vec::with_capacity(bots.len());
    for b in bots {
        outcomes.extend(b.await.ok());
    }
    let errors = stats::report(&stats, &window);
    println!(
        "machine load average at the end: {}",
        servers::load_average()
    );
    for line in &chaos_log {
        println!("fault {line}");
    }
    let sound = match verdict::judge(&setup.database, &outcomes).await {
        Ok(v) => v.report(),
        Err(e) => {
            println!("verdict: {e}");
            false
        }
    };
    if let Some(r) = setup.redis.as_mut() {
        r.kill().await;
    }
    let _ = errors;
    sound
}

async fn spawn_bots(
    args: &Args,
    setup: &Setup,
    stats: &Arc<Stats>,
    ctl: &watch::Receiver<Ctl>,
) -> Vec<tokio::task::JoinHandle<Outcome>> {
    let n = args.matches * 2;
    let mut tasks = Vec::with_capacity(n);
    let ramp = Instant::now();
    for i in 0..n {
        let (addrs, stats, ctl) = (setup.addrs.clone(), stats.clone(), ctl.clone());
        tasks.push(tokio::spawn(bot::bot(
            i as u64,
            addrs,
            args.think_ms,
            stats,
            ctl,
        )));
        if i % 100 == 99 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    // Warm-up: wait until (nearly) every bot is in a game.
    while (Stats::get(&stats.playing) as usize) < n && ramp.elapsed() < Duration::from_secs(60) {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    println!(
        "ramp-up: {} of {n} bots playing after {:.1} s",
        Stats::get(&stats.playing),
        ramp.elapsed().as_secs_f64()
    );
    // With spectators: until (nearly) every game has its spectators too, so the
    // window measures watched games, not 10,000 connections arriving.
    let watchers = (args.matches * args.spectators) as u64 * 95 / 100;
    if watchers > 0 {
        while Stats::get(&stats.spectators) < watchers && ramp.elapsed() < Duration::from_secs(120)
        {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        println!(
            "ramp-up: {} spectators watching after {:.1} s",
            Stats::get(&stats.spectators),
            ramp.elapsed().as_secs_f64()
        );
    }
    tasks
}

/// The measuring window (with the faults, in chaos mode): actions every 5 s,
/// the servers' peak memory and their CPU time.
async fn measure(
    args: &Args,
    setup: &mut Setup,
    stats: &Arc<Stats>,
    rss_start: u64,
) -> (Window, Vec<String>) {
    let (stop_tx, stop) = watch::channel(false);
    let faults = args.chaos.then(|| {
        let plan = Plan {
            every: Duration::from_secs(args.chaos_every),
            outage: Duration::from_millis(args.outage_ms),
            faults: args.faults.clone(),
        };
        let redis = setup.redis.take();
        tokio::spawn(chaos::run(plan, setup.fleet.clone(), redis, stop.clone()))
    });
    let own0 = cpu_ticks(std::process::id());
    let cpu_all = |p: &[u32]| p.iter().map(|&p| cpu_ticks(p)).sum::<u64>();
    let (actions0, finished0) = (Stats::get(&stats.actions), Stats::get(&stats.finished));
    let mut cpu0 = cpu_all(&pids(&setup.fleet).await);
    let mut cpu = 0;
    stats
        .measuring
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let t0 = Instant::now();
    let (mut rss_peak, mut min_playing, mut last, mut series) = (0, u64::MAX, actions0, Vec::new());
    while t0.elapsed() < Duration::from_secs(args.seconds) {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let p = pids(&setup.fleet).await;
        rss_peak = rss_peak.max(p.iter().map(|&p| rss_kib(p)).sum());
        // A restarted instance starts its CPU count afresh.
        let now = cpu_all(&p);
        cpu += now.saturating_sub(cpu0);
        cpu0 = now;
        min_playing = min_playing.min(Stats::get(&stats.playing));
        if t0.elapsed().as_millis() / 5000 > series.len() as u128 {
            let a = Stats::get(&stats.actions);
            series.push((a - last) / 5);
            last = a;
        }
    }
    stats
        .measuring
        .store(false, std::sync::atomic::Ordering::Relaxed);
    let _ = stop_tx.send(true);
    let mut chaos_log = Vec::new();
    if let Some(Ok((log, redis))) = match faults {
        Some(f) => Some(f.await),
        None => None,
    } {
        (chaos_log, setup.redis) = (log, redis);
    }
    let secs = t0.elapsed().as_secs_f64();
    let own = (cpu_ticks(std::process::id()) - own0) as f64 / 100.0;
    println!("actions/s per 5 s: {series:?}");
    println!(
        "load tool CPU (the bots): {own:.1} s ({:.0}% of one core); machine load average: {}",
        own / secs * 100.0,
        servers::load_average()
    );
    let window = Window {
        secs,
        matches: args.matches,
        actions0,
        finished0,
        min_playing,
        server_cpu: cpu as f64 / 100.0,
        rss_start,
        rss_peak,
    };
    (window, chaos_log)
}
