//! `server`: the Baifang referee server's command line.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Parser;
use server::cluster::ClusterConfig;
use server::limits::Limits;
use server::store::Database;

/// Serves the Baifang web app and its online play (matchmaking, rooms,
/// ratings) on one port; keeps players and games in one SQLite file, or with
/// `--redis` runs as one of several instances sharing Redis and PostgreSQL.
#[derive(Parser, Debug)]
#[command(name = "server", version, args_override_self = true)]
struct Args {
    /// Address and port to listen on (0.0.0.0:8080 for a LAN play-test).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// The SQLite database file, or a postgres://… URL [default: baifang.sqlite3 next to this executable].
    #[arg(long, alias = "data")]
    database: Option<String>,
    /// Redis (redis://…): share matchmaking and rooms with the other instances
    /// using the same Redis and database (which must then be PostgreSQL).
    #[arg(long)]
    redis: Option<String>,
    /// The cluster's name in Redis: instances with the same name work together.
    #[arg(long, default_value = "baifang")]
    cluster_name: String,
    /// The release web build to serve.
    #[arg(long, default_value = "dist")]
    dist: PathBuf,
    /// A page origin allowed to open game connections (repeatable), e.g.
    /// http://192.168.1.5:8080 or https://play.example.org. Without one: the
    /// server's own loopback origins (http://127.0.0.1:PORT, http://localhost:PORT).
    /// The request's Host header is never trusted for this.
    #[arg(long = "public-origin", alias = "allow-origin")]
    public_origin: Vec<String>,
    /// New players one client address may create per hour.
    #[arg(long, default_value_t = 10)]
    new_players_per_hour: u32,
    /// A reverse proxy whose X-Forwarded-For names the client (repeatable):
    /// only from these addresses is the header believed (its last entry).
    #[arg(long)]
    trusted_proxy: Vec<std::net::IpAddr>,
    /// Test mode only: lets POST /api/test/advance?ms=N move the server's clock forward.
    #[arg(long)]
    test_clock: bool,
    /// Open TCP connections at most (pages, probes, games); more are answered
    /// 503 [default: the open-file limit less 128, at most 100,000].
    #[arg(long)]
    max_connections: Option<usize>,
    /// Open TCP connections from one client address (IPv6: per /64) at most
    /// [default: 256, at most half of --max-connections].
    #[arg(long)]
    max_connections_per_address: Option<usize>,
    /// Open game (WebSocket) connections at most; more are answered 503
    /// before the upgrade [default: 7/8 of --max-connections].
    #[arg(long)]
    max_game_connections: Option<usize>,
    /// Seconds a client has to send a request's head (request line and
    /// headers), from connecting or from the previous response.
    #[arg(long, default_value_t = 10)]
    header_timeout: u64,
}

/// The connection limits: derived from the open-file limit (after raising
/// it), then what the command line sets.
fn limits(args: &Args) -> Limits {
    // Every connection is a file descriptor, and the soft limit is often
    // 1,024 while the hard limit allows far more: the hard limit is what a
    // process may raise its own soft limit to, so it does, and the caps
    // below (not EMFILE from accept, or the store failing to open a file)
    // decide what happens to one connection too many.
    let open_files = match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(n) => n,
        Err(e) => {
            tracing::warn!("cannot raise the open-file limit: {e}; assuming 1,024");
            1024
        }
    };
    let max = args
        .max_connections
        .unwrap_or(Limits::for_open_files(open_files).max_connections);
    let derived = Limits::for_connections(max);
    let limits = Limits {
        new_players_per_hour: args.new_players_per_hour,
        max_connections_per_address: args
            .max_connections_per_address
            .unwrap_or(derived.max_connections_per_address),
        max_game_connections: args
            .max_game_connections
            .unwrap_or(derived.max_game_connections),
        header_timeout: std::time::Duration::from_secs(args.header_timeout),
        ..derived
    };
    tracing::info!(
        "open-file limit {open_files}: at most {} connections, {} per address, {} games",
        limits.max_connections,
        limits.max_connections_per_address,
        limits.max_game_connections
    );
    limits
}

fn default_database() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(|d| d.join("baifang.sqlite3")))
        .unwrap_or_else(|| PathBuf::from("baifang.sqlite3"))
}

#[tokio::main]
async fn main() {
    tracing_subscriber::fmt().with_target(false).init();
    let args = Args::parse();
    let database = match &args.database {
        Some(d) => Database::parse(d),
        None => Database::Sqlite(default_database()),
    };
    if args.redis.is_some() && !matches!(database, Database::Postgres(_)) {
        eprintln!("server: --redis needs a shared database: --database postgres://…");
        std::process::exit(2);
    }
    let limits = limits(&args);
    let config = server::Config {
        bind: args.bind,
        database,
        cluster: args.redis.map(|redis_url| ClusterConfig {
            redis_url,
            name: args.cluster_name.clone(),
        }),
        dist: args.dist,
        allowed_origins: args.public_origin,
        trusted_proxies: args.trusted_proxy,
        test_clock: args.test_clock,
        limits,
    };
    let database = config.database.clone();
    let running = match server::start(config).await {
        Ok(r) => r,
        Err(e) => {
            eprintln!("server: {e}");
            std::process::exit(1);
        }
    };
    match &running.instance {
        None => tracing::info!(
            "serving http://{} (database {database}, {} game(s) in progress resumed)",
            running.addr,
            running.resumed
        ),
        Some(id) => tracing::info!(
            "serving http://{} (database {database}, instance {id} of cluster {})",
            running.addr,
            args.cluster_name
        ),
    }
    if let Some(token) = &running.test_clock_token {
        tracing::warn!(
            "test clock on: POST /api/test/advance from loopback with header x-test-clock-token: {token}"
        );
    }
    stop_requested().await;
    tracing::info!("stopping: games in progress stay stored and resume at the next start");
    running.shutdown().await;
}

/// Ctrl-C, or SIGTERM (what `kill`, systemd and container runtimes send):
/// either stops the server cleanly, closing connections with "restarting".
async fn stop_requested() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
