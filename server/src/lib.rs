//! The Baifang referee server: one process serves the release web build and
//! the game WebSocket on one port, matches players by rating, owns online
//! rooms (the engine is the referee) and keeps players and games in SQLite,
//! or in PostgreSQL when several instances share Redis ([`cluster`]).
//!
//! Layout: [`listener`] (the accept loop: connection caps, header timeout),
//! [`http`] (routes, Origin check), [`health`] (probes and metrics),
//! [`connection`] (one client: limits, sign-in, dispatch), [`hub`] (shared
//! state, lobby operations), [`rematch`] (offers of a new game after one, kept in [`rematch_offers`]),
//! [`room`] (the authority over one game),
//! [`matchmaking`] (rating window), [`directory`] (where games and friend
//! rooms are), [`store`] (persistence), [`cluster`] (several instances),
//! [`clock`], [`ids`], [`limits`], [`metrics`].

pub mod api;
pub mod clock;
pub mod cluster;
pub mod connection;
pub mod directory;
pub mod health;
pub mod http;
pub mod hub;
pub mod ids;
pub mod lag;
pub mod limits;
pub mod listener;
pub mod matchmaking;
pub mod messages;
pub mod metrics;
pub mod rematch;
pub mod rematch_offers;
pub mod room;
pub mod spectators;
pub mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::task::JoinHandle;

use crate::clock::Clock;
use crate::cluster::{Cluster, ClusterConfig};
use crate::directory::LocalDirectory;
use crate::hub::Hub;
use crate::limits::Limits;
use crate::matchmaking::LocalQueue;
use crate::store::Database;

/// Everything a server is started with.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (port 0: any free port).
    pub bind: SocketAddr,
    /// The database: an SQLite file (created if missing) or PostgreSQL.
    pub database: Database,
    /// With Redis: this instance is one of several sharing it (and the database).
    pub cluster: Option<ClusterConfig>,
    /// The release web build to serve (`index.html` and its assets).
    pub dist: PathBuf,
    /// Page origins that may open game connections; empty: the server's own
    /// loopback origins (see [`http::own_origins`]).
    pub allowed_origins: Vec<String>,
    /// Reverse proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Test mode: `POST /api/test/advance?ms=N` moves the server's clock.
    pub test_clock: bool,
    /// Per-connection limits.
    pub limits: Limits,
}

/// A running server.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Its shared state (tests read the store and clock through it).
    pub hub: Arc<Hub>,
    /// How many stored games in progress it resumed at start (alone; in a
    /// cluster the lease keeper takes over games without an owner instead).
    pub resumed: usize,
    /// Its instance id in a cluster.
    pub instance: Option<String>,
    /// With the test clock: the token `POST /api/test/advance` must carry
    /// (header `x-test-clock-token`), so no page of another site can move it.
    pub test_clock_token: Option<String>,
    stop: tokio::sync::oneshot::Sender<()>,
    serving: JoinHandle<()>,
}

impl Running {
    /// Stops accepting, closes every connection with "restarting", waits for
    /// the listener to finish. Games in progress stay stored and resume at the
    /// next start.
    pub async fn shutdown(self) {
        self.hub.begin_shutdown();
        let _ = self.stop.send(());
        let _ = self.serving.await;
        // Give the connections a moment for their closing handshakes (each
        // bounds its own to a second).
        let _ =
            tokio::time::timeout(std::time::Duration::from_secs(2), self.hub.all_closed()).await;
    }
}

/// Opens the store, resumes the stored games in progress, binds and serves.
pub async fn start(config: Config) -> Result<Running, String> {
    let store = store::open(&config.database)
        .await
        .map_err(|e| e.to_string())?;
    let clock = Clock::new(config.test_clock);
    let (hub, resumed, instance) = match &config.cluster {
        None => {
            let hub = Hub::new(
                clock,
                config.limits.clone(),
                store,
                Arc::new(LocalQueue::default()),
                Arc::new(LocalDirectory::default()),
                None,
            );
            let resumed = hub.resume_games().await?;
            (hub, resumed, None)
        }
        Some(c) => {
            let cluster = Cluster::connect(c).await?;
            let hub = Hub::new(
                clock,
                config.limits.clone(),
                store,
                cluster.queue.clone(),
                cluster.directory.clone(),
                Some(cluster.relay.clone()),
            );
            let _ = hub.redis.set(cluster.conn.clone());
            join_cluster(&hub, cluster)
                .await
                .map(|id| (hub, 0, Some(id)))?
        }
    };
    let listener = TcpListener::bind(config.bind)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.bind))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    tokio::spawn(hub.clone().pairing_loop());
    let origins = if config.allowed_origins.is_empty() {
        http::own_origins(addr)
    } else {
        config.allowed_origins.clone()
    };
    let test_clock_token = config.test_clock.then(ids::new_token);
    let access = http::Access {
        origins,
        trusted_proxies: config.trusted_proxies.clone(),
        test_clock_token: test_clock_token.clone(),
    };
    let app = http::router(hub.clone(), &config.dist, access);
    let bounds = listener::Bounds {
        max_connections: config.limits.max_connections,
        per_address: config.limits.max_connections_per_address,
        header_timeout: config.limits.header_timeout,
        exempt: config.trusted_proxies.clone(),
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let stopped = async move {
        let _ = stopped.await;
    };
    let metrics = hub.metrics.clone();
    let serving = tokio::spawn(listener::serve(listener, app, bounds, metrics, stopped));
    Ok(Running {
        addr,
        hub,
        resumed,
        instance,
        test_clock_token,
        stop,
        serving,
    })
}

/// Starts forwarding and the lease keeper; marks the stored games in progress
/// live, so those without an owner get taken over. Returns the instance id.
async fn join_cluster(hub: &Arc<Hub>, cluster: Cluster) -> Result<String, String> {
    let Cluster {
        instance,
        client,
        directory,
        relay,
        queue,
        ..
    } = cluster;
    relay
        .clone()
        .run(hub.clone(), client, directory.clone(), queue)
        .await?;
    let stored = hub
        .store
        .games_in_progress()
        .await
        .map_err(|e| e.to_string())?;
    let ids: Vec<String> = stored.into_iter().map(|g| g.game.id).collect();
    directory.mark_live(&ids).await;
    // Alive before the first connection: players queueing here count as live.
    directory
        .renew()
        .await
        .map_err(|_| "cannot write this instance's liveness in Redis".to_string())?;
    tokio::spawn(cluster::lease::keep(hub.clone(), directory, relay));
    Ok(instance)
}
