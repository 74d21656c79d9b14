//! `server`: the Baifang referee server's command line.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Parser;
use server::cluster::ClusterConfig;
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
        limits: server::limits::Limits {
            new_players_per_hour: args.new_players_per_hour,
            ..Default::default()
        },
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
