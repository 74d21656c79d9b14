//! The hub: what every connection and room of one server shares (clock,
//! store, queue, directory, who is online), and the lobby's operations: quick
//! match, friend rooms, cancelling, starting a game between two players and
//! resuming the stored games in progress after a restart (with several
//! instances the lease keeper of `cluster` takes rooms over instead).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{mpsc, watch, Notify};

use engine::baifang::referee_protocol::{
    clean_room_code, ErrorCode, Profile, PublicPlayer, ServerMsg,
};
use engine::baifang::{Game, Side};

use crate::clock::Clock;
use crate::cluster::relay::Relay;
use crate::directory::{Directory, RoomLink};
use crate::ids;
use crate::limits::Limits;
use crate::matchmaking::{Matchmaker, Waiting};
use crate::room::{self, RoomSetup};
use crate::store::{NewGame, Store, StoredGame, FIRST_EPOCH};

/// How often the matchmaker looks at the queue when nobody joins (the window
/// widens with time, so pairs appear without arrivals).
pub const PAIRING_TICK_MS: u64 = 1000;

/// What a connection's writer receives.
#[derive(Clone, Debug)]
pub enum Outgoing {
    /// A message to send.
    Text(Utf8Bytes),
    /// The connection now belongs to this room.
    Bound(RoomLink),
    /// The game with this id is over: its room no longer takes requests.
    /// (A connection may already be bound to the player's next game.)
    Unbound(String),
    /// Close the connection (going away, with this reason): the room moved
    /// to another instance, which the player reaches by reconnecting.
    Close(String),
}

/// A handle on one client connection.
#[derive(Clone, Debug)]
pub struct ConnHandle {
    /// Unique within the process.
    pub id: u64,
    /// The player's public id.
    pub player: String,
    tx: mpsc::Sender<Outgoing>,
    kick: Arc<Notify>,
}

impl ConnHandle {
    /// A handle writing into `tx`; `kick` is notified when the client does not read.
    pub fn new(id: u64, player: String, tx: mpsc::Sender<Outgoing>, kick: Arc<Notify>) -> Self {
        ConnHandle {
            id,
            player,
            tx,
            kick,
        }
    }

    /// Queues a message; false when the connection is gone or stopped reading
    /// (it is then told to close).
    pub fn send(&self, m: Outgoing) -> bool {
        match self.tx.try_send(m) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.kick.notify_one();
                false
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Queues a protocol message.
    pub fn send_msg(&self, m: &ServerMsg) -> bool {
        self.send(Outgoing::Text(m.to_json().into()))
    }
}

/// The shared state of one server.
pub struct Hub {
    /// The one clock.
    pub clock: Clock,
    /// Per-connection limits.
    pub limits: Limits,
    /// Players and games.
    pub store: Arc<dyn Store>,
    /// The quick-match queue.
    pub queue: Arc<dyn Matchmaker>,
    /// Live games and friend codes.
    pub directory: Arc<dyn Directory>,
    /// With several instances: tells the others where a new room runs.
    pub relay: Option<Arc<Relay>>,
    online: Mutex<HashMap<String, Vec<ConnHandle>>>,
    pairing: Notify,
    next_conn: AtomicU64,
    shutdown: watch::Sender<bool>,
}

fn public(p: &Profile) -> PublicPlayer {
    PublicPlayer {
        id: p.id.clone(),
        name: p.name.clone(),
        rating: p.rating,
    }
}

impl Hub {
    /// A hub over these parts.
    pub fn new(
        clock: Clock,
        limits: Limits,
        store: Arc<dyn Store>,
        queue: Arc<dyn Matchmaker>,
        directory: Arc<dyn Directory>,
        relay: Option<Arc<Relay>>,
    ) -> Arc<Hub> {
        Arc::new(Hub {
            clock,
            limits,
            store,
            queue,
            directory,
            relay,
            online: Mutex::new(HashMap::new()),
            pairing: Notify::new(),
            next_conn: AtomicU64::new(1),
            shutdown: watch::channel(false).0,
        })
    }

    fn online(&self) -> MutexGuard<'_, HashMap<String, Vec<ConnHandle>>> {
        self.online.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A fresh connection id.
    pub fn next_conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Tells every connection to close (the server is stopping).
    pub fn begin_shutdown(&self) {
        self.shutdown.send_replace(true);
    }

    /// Watches for [`Hub::begin_shutdown`].
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    /// Connections open now.
    pub fn connections(&self) -> usize {
        self.online().values().map(Vec::len).sum()
    }

    /// Records a connection of a signed-in player.
    pub fn register(&self, conn: ConnHandle) {
        self.online()
            .entry(conn.player.clone())
            .or_default()
            .push(conn);
    }

    /// Forgets a connection; when it was the player's last, the player leaves
    /// the queue and their friend room closes.
    pub async fn unregister(&self, conn_id: u64, player: &str) {
        let last = {
            let mut online = self.online();
            let Some(conns) = online.get_mut(player) else {
                return;
            };
            conns.retain(|c| c.id != conn_id);
            let last = conns.is_empty();
            if last {
                online.remove(player);
            }
            last
        };
        if last {
            self.queue.leave(player.to_string()).await;
            self.directory.close_codes_of(player.to_string()).await;
        }
    }

    /// Every open connection of a player.
    pub fn conns_of(&self, player: &str) -> Vec<ConnHandle> {
        self.online().get(player).cloned().unwrap_or_default()
    }

    fn tell_player(&self, player: &str, m: &ServerMsg) {
        let text: Utf8Bytes = m.to_json().into();
        for c in self.conns_of(player) {
            c.send(Outgoing::Text(text.clone()));
        }
    }

    async fn in_game(&self, player: &str) -> bool {
        self.directory.game_of(player.to_string()).await.is_some()
    }

    /// 快速匹配: joins the rating-window queue.
    pub async fn quick_match(&self, conn: &ConnHandle) {
        if self.in_game(&conn.player).await {
            conn.send_msg(&ServerMsg::Error {
                code: ErrorCode::AlreadyInGame,
            });
            return;
        }
        let rating = match self.store.player(conn.player.clone()).await {
            Ok(Some(p)) => p.rating,
            Ok(None) => return,
            Err(e) => {
                tracing::error!("quick match of {}: {e}", conn.player);
                return;
            }
        };
        self.directory.close_codes_of(conn.player.clone()).await;
        self.queue
            .join(Waiting {
                player: conn.player.clone(),
                rating,
                since_ms: self.clock.now_ms(),
            })
            .await;
        conn.send_msg(&ServerMsg::Searching);
        self.pairing.notify_one();
    }

    /// 与友对战: opens a friend room and answers with its code.
    pub async fn create_room(&self, conn: &ConnHandle) {
        if self.in_game(&conn.player).await {
            conn.send_msg(&ServerMsg::Error {
                code: ErrorCode::AlreadyInGame,
            });
            return;
        }
        self.queue.leave(conn.player.clone()).await;
        self.directory.close_codes_of(conn.player.clone()).await;
        let code = loop {
            let code = ids::new_room_code();
            if self
                .directory
                .open_code(code.clone(), conn.player.clone())
                .await
            {
                break code;
            }
        };
        conn.send_msg(&ServerMsg::RoomOpen { code });
    }

    /// Joins the friend room with `code`: the game starts at once.
    pub async fn join_room(self: &Arc<Self>, conn: &ConnHandle, code: &str) {
        let refuse = |code| {
            conn.send_msg(&ServerMsg::Error { code });
        };
        let Some(code) = clean_room_code(code) else {
            return refuse(ErrorCode::RoomNotFound);
        };
        match self.directory.code_owner(code.clone()).await {
            None => return refuse(ErrorCode::RoomNotFound),
            Some(owner) if owner == conn.player => return refuse(ErrorCode::OwnRoom),
            Some(_) => {}
        }
        if self.in_game(&conn.player).await {
            return refuse(ErrorCode::AlreadyInGame);
        }
        let Some(owner) = self.directory.take_code(code).await else {
            return refuse(ErrorCode::RoomNotFound);
        };
        self.queue.leave(conn.player.clone()).await;
        self.directory.close_codes_of(conn.player.clone()).await;
        if !self.start_game(&owner, &conn.player).await {
            refuse(ErrorCode::RoomNotFound);
        }
    }

    /// Leaves the queue and closes the player's friend room.
    pub async fn cancel(&self, player: &str) {
        self.queue.leave(player.to_string()).await;
        self.directory.close_codes_of(player.to_string()).await;
        self.tell_player(player, &ServerMsg::SearchEnded);
    }

    /// Pairs the queue now and every [`PAIRING_TICK_MS`] until shutdown.
    pub async fn pairing_loop(self: Arc<Self>) {
        let mut stop = self.shutdown_signal();
        loop {
            let next = self.clock.now_ms() + PAIRING_TICK_MS;
            tokio::select! {
                _ = self.pairing.notified() => {}
                _ = self.clock.sleep_until_ms(next) => {}
                _ = stop.changed() => return,
            }
            for (a, b) in self.queue.take_pairs(self.clock.now_ms()).await {
                self.start_game(&a.player, &b.player).await;
            }
        }
    }

    /// MATCHED: draws Black, records the game and opens its room with every
    /// connection of both players. False if it could not start.
    pub async fn start_game(self: &Arc<Self>, a: &str, b: &str) -> bool {
        let load = |id: &str| self.store.player(id.to_string());
        let (pa, pb) = match (load(a).await, load(b).await) {
            (Ok(Some(pa)), Ok(Some(pb))) => (pa, pb),
            (x, y) => {
                tracing::error!("cannot start {a} vs {b}: players {x:?} {y:?}");
                return false;
            }
        };
        let [black, white] = if ids::draw_black() == Side::Black {
            [pa, pb]
        } else {
            [pb, pa]
        };
        let game = NewGame {
            id: ids::new_game_id(),
            players: [public(&black), public(&white)],
            games_before: [black.games, white.games],
            started_at: self.clock.now_ms(),
        };
        let ids = [black.id.clone(), white.id.clone()];
        let (tx, rx) = mpsc::unbounded_channel();
        if !self
            .directory
            .insert(game.id.clone(), ids.clone(), tx.clone())
            .await
        {
            return false;
        }
        for id in &ids {
            self.queue.leave(id.clone()).await;
            self.directory.close_codes_of(id.clone()).await;
        }
        if let Err(e) = self.store.start_game(game.clone()).await {
            tracing::error!("cannot record game {}: {e}", game.id);
            self.directory.remove(game.id.clone()).await;
            return false;
        }
        let conns = [self.conns_of(&ids[0]), self.conns_of(&ids[1])];
        let setup_id = game.id.clone();
        let setup = RoomSetup {
            game,
            log: Vec::new(),
            epoch: FIRST_EPOCH,
            conns,
            grace_for_absent: self.relay.is_some(),
        };
        room::spawn(self.clone(), setup, tx, rx);
        if let Some(relay) = &self.relay {
            relay.announce(&setup_id, ids).await;
        }
        true
    }

    /// After a restart: reopens the room of every stored game in progress,
    /// under a newly claimed owner epoch (so a room of an earlier run could
    /// not write any more). Both players get the reconnection grace (not
    /// counted as a disconnect).
    pub async fn resume_games(self: &Arc<Self>) -> Result<usize, String> {
        let stored = self
            .store
            .games_in_progress()
            .await
            .map_err(|e| e.to_string())?;
        let mut resumed = 0;
        for StoredGame { game, .. } in stored {
            let claimed = self.store.claim_game(game.id.clone()).await;
            let (epoch, StoredGame { game, log }) = match claimed {
                Ok(Some(c)) => c,
                Ok(None) => continue,
                Err(e) => return Err(e.to_string()),
            };
            if let Err((i, e)) = Game::from_log(&log) {
                tracing::error!(
                    "game {}: stored action {} is illegal ({e}); settling it as abandoned",
                    game.id,
                    i + 1
                );
            }
            let (tx, rx) = mpsc::unbounded_channel();
            let ids = [game.players[0].id.clone(), game.players[1].id.clone()];
            if !self
                .directory
                .insert(game.id.clone(), ids, tx.clone())
                .await
            {
                tracing::error!("game {}: a player already has another game", game.id);
                continue;
            }
            let setup = RoomSetup {
                game,
                log,
                epoch,
                conns: [Vec::new(), Vec::new()],
                grace_for_absent: true,
            };
            room::spawn(self.clone(), setup, tx, rx);
            resumed += 1;
        }
        Ok(resumed)
    }
}
