//! The Baifang referee server: one process serves the release web build and
//! the game WebSocket on one port, matches players by rating, owns every
//! online room (the engine is the referee) and keeps players and games in
//! SQLite.
//!
//! Layout: [`http`] (routes, Origin check), [`connection`] (one client:
//! limits, sign-in, dispatch), [`hub`] (shared state, lobby operations),
//! [`room`] (the authority over one game), [`matchmaking`] (rating window),
//! [`directory`] (where games and friend rooms are), [`store`] (persistence),
//! [`clock`], [`ids`], [`limits`].

pub mod clock;
pub mod connection;
pub mod directory;
pub mod http;
pub mod hub;
pub mod ids;
pub mod limits;
pub mod matchmaking;
pub mod room;
pub mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::serve::ListenerExt;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;

use crate::clock::Clock;
use crate::directory::LocalDirectory;
use crate::hub::Hub;
use crate::limits::Limits;
use crate::matchmaking::LocalQueue;
use crate::store::sqlite::SqliteStore;

/// Everything a server is started with.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (port 0: any free port).
    pub bind: SocketAddr,
    /// The SQLite database file (created if missing).
    pub database: PathBuf,
    /// The release web build to serve (`index.html` and its assets).
    pub dist: PathBuf,
    /// Page origins besides the server's own that may open game connections.
    pub allowed_origins: Vec<String>,
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
    /// How many stored games in progress it resumed at start.
    pub resumed: usize,
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
        // Give the connections a moment to send their close frames.
        for _ in 0..200 {
            if self.hub.connections() == 0 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }
}

/// Opens the store, resumes the stored games in progress, binds and serves.
pub async fn start(config: Config) -> Result<Running, String> {
    let store = SqliteStore::open(&config.database).map_err(|e| e.to_string())?;
    let hub = Hub::new(
        Clock::new(config.test_clock),
        config.limits.clone(),
        Arc::new(store),
        Arc::new(LocalQueue::default()),
        Arc::new(LocalDirectory::default()),
    );
    let resumed = hub.resume_games().await?;
    let listener = TcpListener::bind(config.bind)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.bind))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    // Game messages are small and latency matters: no Nagle delay.
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    tokio::spawn(hub.clone().pairing_loop());
    let app = http::router(hub.clone(), &config.dist, config.allowed_origins.clone());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(async move {
        let shutdown = async move {
            let _ = stopped.await;
        };
        if let Err(e) = axum::serve(listener, app)
            .with_graceful_shutdown(shutdown)
            .await
        {
            tracing::error!("server stopped: {e}");
        }
    });
    Ok(Running {
        addr,
        hub,
        resumed,
        stop,
        serving,
    })
}
