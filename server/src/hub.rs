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
    clean_room_code, ErrorCode, Profile, PublicPlayer, ServerMsg, ABORTS_ALLOWED,
    ABORTS_WINDOW_GAMES, ABORT_COOLDOWN_MS, ESTABLISHED_AFTER_GAMES,
};
use engine::baifang::{Game, Side};

use crate::clock::Clock;
use crate::cluster::relay::Relay;
use crate::directory::{Directory, OpenRoom};
use crate::ids;
use crate::limits::{Limits, Recent, WRONG_CODE_WINDOW_MS};
use crate::matchmaking::{Matchmaker, Shared, Unavailable, Waiting};
use crate::messages::{ConnHandle, Connections, Outgoing, RoomCmd};
use crate::metrics::Metrics;
use crate::room::{self, RoomSetup};
use crate::store::{NewGame, Store, StoreError, StoredGame, FIRST_EPOCH};

/// How often the matchmaker looks at the queue when nobody joins (the window
/// widens with time, so pairs appear without arrivals).
pub const PAIRING_TICK_MS: u64 = 1000;

/// Why a game could not start.
#[derive(Debug, Default)]
pub struct NotStarted {
    /// The player the store found in another game (told so), if that was why.
    pub busy: Option<String>,
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
    /// Counters and gauges for `/metrics`.
    pub metrics: Arc<Metrics>,
    /// With several instances: the shared Redis connection (`/readyz` pings it).
    pub redis: std::sync::OnceLock<redis::aio::ConnectionManager>,
    online: Mutex<HashMap<String, Vec<ConnHandle>>>,
    /// Joins with codes of no open room, per client address.
    wrong_codes: Mutex<Recent>,
    pairing: Notify,
    next_conn: AtomicU64,
    shutdown: watch::Sender<bool>,
    /// Signed-in connections open now (sent on every change).
    open: watch::Sender<usize>,
    /// Pending rematch offers (what happens to them: `crate::rematch`).
    pub rematches: crate::rematch_offers::Offers,
    /// The spectators connected here.
    pub spectators: crate::spectators::Spectators,
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
            metrics: Arc::default(),
            redis: std::sync::OnceLock::new(),
            online: Mutex::new(HashMap::new()),
            wrong_codes: Mutex::new(Recent::default()),
            pairing: Notify::new(),
            next_conn: AtomicU64::new(1),
            shutdown: watch::channel(false).0,
            open: watch::channel(0).0,
            rematches: Default::default(),
            spectators: Default::default(),
        })
    }

    fn online(&self) -> MutexGuard<'_, HashMap<String, Vec<ConnHandle>>> {
        self.online.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A fresh connection id.
    pub fn next_conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// Every connection id given so far is below this (ids only grow: a
    /// handle made later has a larger one).
    pub fn conn_ids_so_far(&self) -> u64 {
        self.next_conn.load(Ordering::Relaxed)
    }

    /// Tells every connection to close (the server is stopping).
    pub fn begin_shutdown(&self) {
        self.shutdown.send_replace(true);
    }

    /// Watches for [`Hub::begin_shutdown`].
    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    /// What a room of this server is handed: the handles it needs.
    pub fn room_env(&self) -> room::RoomEnv {
        room::RoomEnv {
            clock: self.clock.clone(),
            store: self.store.clone(),
            directory: self.directory.clone(),
            metrics: self.metrics.clone(),
            clustered: self.relay.is_some(),
            shutdown: self.shutdown_signal(),
            watcher_queue: self.limits.watcher_queue,
            watchers_per_game: self.limits.watchers_per_game,
        }
    }

    /// Waits until no signed-in connection is open. Driven by the connections
    /// leaving, not by polling: a test on tokio's held clock can wait on it.
    pub async fn all_closed(&self) {
        let mut open = self.open.subscribe();
        let _ = open.wait_for(|n| *n == 0).await;
    }

    fn count_open(&self, online: &HashMap<String, Vec<ConnHandle>>) {
        self.open.send_replace(online.values().map(Vec::len).sum());
    }

    /// Messages waiting on the signed-in connection with the most of them.
    pub fn deepest_outgoing_queue(&self) -> usize {
        let online = self.online();
        let players = online.values().flatten().map(ConnHandle::queued).max();
        players.unwrap_or(0).max(self.spectators.deepest_queue())
    }

    /// Whether [`Hub::begin_shutdown`] was called.
    pub fn stopping(&self) -> bool {
        *self.shutdown.borrow()
    }

    /// Records a connection of a signed-in player.
    pub fn register(&self, conn: ConnHandle) {
        let mut online = self.online();
        online.entry(conn.player.clone()).or_default().push(conn);
        self.count_open(&online);
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
            self.count_open(&online);
            last
        };
        if last {
            self.withdraw_rematch(player);
            self.queue.leave(player.to_string()).await;
            self.directory.close_codes_of(player.to_string()).await;
        }
    }

    /// Every open connection of a player.
    pub fn conns_of(&self, player: &str) -> Vec<ConnHandle> {
        self.online().get(player).cloned().unwrap_or_default()
    }

    pub(crate) fn tell_player(&self, player: &str, m: &ServerMsg) {
        let text: Utf8Bytes = m.to_json().into();
        for c in self.conns_of(player) {
            c.send(Outgoing::Text(text.clone()));
        }
    }

    pub(crate) async fn in_game(&self, player: &str) -> Shared<bool> {
        Ok(self.directory.game_of(player.to_string()).await?.is_some())
    }

    /// Refuses a lobby request when the player has a game, or when that
    /// cannot be known (the shared directory is unreachable); true if refused.
    pub(crate) async fn refuse_if_busy(&self, conn: &ConnHandle) -> bool {
        let code = match self.in_game(&conn.player).await {
            Ok(false) => return false,
            Ok(true) => ErrorCode::AlreadyInGame,
            Err(Unavailable) => ErrorCode::Unavailable,
        };
        conn.send_msg(&ServerMsg::Error { code });
        true
    }

    /// How long `player` must still wait for a quick match: they aborted more
    /// than [`ABORTS_ALLOWED`] of their last [`ABORTS_WINDOW_GAMES`] games,
    /// and the latest abort was less than [`ABORT_COOLDOWN_MS`] ago. A store
    /// that cannot say does not hold anyone back.
    async fn abort_cooldown(&self, player: &str) -> Option<u64> {
        let aborts = match self
            .store
            .recent_aborts(player.to_string(), ABORTS_WINDOW_GAMES)
            .await
        {
            Ok(a) => a,
            Err(e) => {
                tracing::error!("quick match of {player}: cannot count aborts: {e}");
                return None;
            }
        };
        let until = aborts.last_at? + ABORT_COOLDOWN_MS;
        let now = self.clock.now_ms();
        (aborts.count > ABORTS_ALLOWED && now < until).then(|| until - now)
    }

    /// 快速匹配: joins the rating-window queue.
    pub async fn quick_match(&self, conn: &ConnHandle) {
        if self.refuse_if_busy(conn).await {
            return;
        }
        self.withdraw_rematch(&conn.player);
        if let Some(retry_in_ms) = self.abort_cooldown(&conn.player).await {
            conn.send_msg(&ServerMsg::QuickMatchLater { retry_in_ms });
            return;
        }
        let (rating, provisional) = match self.store.player(conn.player.clone()).await {
            Ok(Some(p)) => (p.rating, p.games < ESTABLISHED_AFTER_GAMES),
            Ok(None) => return,
            Err(e) => {
                tracing::error!("quick match of {}: {e}", conn.player);
                return;
            }
        };
        self.directory.close_codes_of(conn.player.clone()).await;
        let joined = self
            .queue
            .join(Waiting {
                player: conn.player.clone(),
                rating,
                since_ms: self.clock.now_ms(),
                provisional,
            })
            .await;
        if joined.is_err() {
            conn.send_msg(&ServerMsg::Error {
                code: ErrorCode::Unavailable,
            });
            return;
        }
        conn.send_msg(&ServerMsg::Searching);
        self.pairing.notify_one();
    }

    /// 与友对战: opens a friend room and answers with its code (`rated`: the
    /// creator asks for a rated game).
    pub async fn create_room(&self, conn: &ConnHandle, rated: bool) {
        if self.refuse_if_busy(conn).await {
            return;
        }
        self.withdraw_rematch(&conn.player);
        self.queue.leave(conn.player.clone()).await;
        self.directory.close_codes_of(conn.player.clone()).await;
        let code = loop {
            let code = ids::new_room_code();
            let room = OpenRoom {
                creator: conn.player.clone(),
                rated,
            };
            match self.directory.open_code(code.clone(), room).await {
                Ok(true) => break code,
                Ok(false) => {}
                Err(Unavailable) => {
                    conn.send_msg(&ServerMsg::Error {
                        code: ErrorCode::Unavailable,
                    });
                    return;
                }
            }
        };
        conn.send_msg(&ServerMsg::RoomOpen { code, rated });
    }

    /// Whether the address may try another room code now.
    pub fn may_try_codes(&self, address: &str) -> bool {
        let now = self.clock.now_ms();
        let mut recent = self.wrong_codes.lock().unwrap_or_else(|e| e.into_inner());
        recent.count(address, now, WRONG_CODE_WINDOW_MS)
            < self.limits.wrong_codes_per_address as usize
    }

    /// Counts a join with a code of no open room against the address.
    pub fn wrong_code(&self, address: &str) {
        let now = self.clock.now_ms();
        let mut recent = self.wrong_codes.lock().unwrap_or_else(|e| e.into_inner());
        recent.add(address, now);
    }

    /// Joins the friend room with `code`: the game starts at once, rated only
    /// if both the creator and this player (`rated`) asked for it. False when
    /// the code opened no room: one answer ("no open room has that code") for
    /// a code never issued, closed, or whose creator cannot play now, so an
    /// answer tells a guesser nothing.
    pub async fn join_room(self: &Arc<Self>, conn: &ConnHandle, code: &str, rated: bool) -> bool {
        let refuse = |code| {
            conn.send_msg(&ServerMsg::Error { code });
        };
        // The joiner's own state first: it says nothing about the code.
        if self.refuse_if_busy(conn).await {
            return true;
        }
        let Some(code) = clean_room_code(code) else {
            refuse(ErrorCode::RoomNotFound);
            return false;
        };
        // An unreachable directory says nothing about the code either: not
        // counted as a wrong code.
        match self.directory.code_owner(code.clone()).await {
            Err(Unavailable) => {
                refuse(ErrorCode::Unavailable);
                return true;
            }
            Ok(None) => {
                refuse(ErrorCode::RoomNotFound);
                return false;
            }
            Ok(Some(room)) if room.creator == conn.player => {
                refuse(ErrorCode::OwnRoom);
                return true;
            }
            Ok(Some(_)) => {}
        }
        let room = match self.directory.take_code(code).await {
            Ok(Some(room)) => room,
            Ok(None) => {
                refuse(ErrorCode::RoomNotFound);
                return false;
            }
            Err(Unavailable) => {
                refuse(ErrorCode::Unavailable);
                return true;
            }
        };
        self.queue.leave(conn.player.clone()).await;
        self.directory.close_codes_of(conn.player.clone()).await;
        if self
            .start_game(&room.creator, &conn.player, room.rated && rated)
            .await
            .is_err()
        {
            refuse(ErrorCode::RoomNotFound);
        }
        true
    }

    /// Leaves the queue, closes the player's friend room and withdraws their
    /// rematch offer.
    pub async fn cancel(&self, player: &str) {
        self.withdraw_rematch(player);
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
                if let Err(not) = self.start_game(&a.player, &b.player, true).await {
                    self.requeue_free([a, b], not).await;
                }
            }
        }
    }

    /// A pair taken from the queue could not start (one of them turned out to
    /// be playing, a store or Redis failure): whoever of the two is in no game
    /// waits again, from the time they first joined, instead of searching for
    /// ever with nobody in the queue. A player the store found playing is not
    /// put back (they were told so), nor is one the directory finds in a game.
    async fn requeue_free(&self, pair: [Waiting; 2], not: NotStarted) {
        for w in pair {
            if not.busy.as_ref() == Some(&w.player) {
                continue;
            }
            if let Ok(None) = self.directory.game_of(w.player.clone()).await {
                tracing::info!("{} waits again: their pairing could not start", w.player);
                let _ = self.queue.join(w).await;
            }
        }
        // Not notified at once: the same pair would be taken again straight
        // away; the next tick pairs them with whoever else waits.
    }

    /// MATCHED: draws Black, records the game and opens its room with every
    /// connection of both players (`rated`: a quick match, or a friend room
    /// where both asked). An error if it could not start.
    pub async fn start_game(
        self: &Arc<Self>,
        a: &str,
        b: &str,
        rated: bool,
    ) -> Result<(), NotStarted> {
        let seats = if ids::draw_black() == Side::Black {
            [a, b]
        } else {
            [b, a]
        };
        self.start_seated(seats, rated).await
    }

    /// Starts a game with these players as Black and White (a drawn start,
    /// or a rematch with the colours swapped); ends their rematch offers.
    pub async fn start_seated(
        self: &Arc<Self>,
        seats: [&str; 2],
        rated: bool,
    ) -> Result<(), NotStarted> {
        let load = |id: &str| self.store.player(id.to_string());
        let [a, b] = seats;
        let (black, white) = match (load(a).await, load(b).await) {
            (Ok(Some(pa)), Ok(Some(pb))) => (pa, pb),
            (x, y) => {
                tracing::error!("cannot start {a} vs {b}: players {x:?} {y:?}");
                return Err(NotStarted::default());
            }
        };
        self.withdraw_rematch(a);
        self.withdraw_rematch(b);
        let game = NewGame {
            id: ids::new_game_id(),
            players: [public(&black), public(&white)],
            games_before: [black.games, white.games],
            started_at: self.clock.now_ms(),
            rated,
        };
        let ids = [black.id.clone(), white.id.clone()];
        let (tx, rx) = mpsc::unbounded_channel();
        if self
            .directory
            .insert(game.id.clone(), ids.clone(), tx.clone())
            .await
            != Ok(true)
        {
            return Err(NotStarted::default());
        }
        for id in &ids {
            self.queue.leave(id.clone()).await;
            self.directory.close_codes_of(id.clone()).await;
        }
        if let Err(e) = self.store.start_game(game.clone()).await {
            tracing::error!("cannot record game {}: {e}", game.id);
            self.directory.remove(game.id.clone()).await;
            // The store is the last word on who is playing: a player it
            // finds in another game is told so (a stale directory entry, a
            // Redis that lost its data), not left waiting.
            let busy = match e {
                StoreError::PlayerBusy(p) => Some(p),
                _ => None,
            };
            if let Some(p) = &busy {
                self.tell_player(
                    p,
                    &ServerMsg::Error {
                        code: ErrorCode::AlreadyInGame,
                    },
                );
            }
            return Err(NotStarted { busy });
        }
        let conns = [self.conns_of(&ids[0]), self.conns_of(&ids[1])];
        let setup = RoomSetup {
            game,
            log: Vec::new(),
            epoch: FIRST_EPOCH,
            conns,
            grace_for_absent: self.relay.is_some(),
            problem: None,
        };
        self.open_room(setup, tx, rx).await;
        Ok(())
    }

    /// Opens the room of a game, the one way for a new game, a game resumed
    /// after a restart and a game taken over from another instance: its task
    /// starts, and in a cluster every instance learns where it runs.
    pub async fn open_room(
        &self,
        setup: RoomSetup,
        tx: mpsc::UnboundedSender<RoomCmd>,
        rx: mpsc::UnboundedReceiver<RoomCmd>,
    ) {
        let id = setup.game.id.clone();
        let players = setup.game.players.clone().map(|p| p.id);
        room::spawn(self.room_env(), setup, tx, rx);
        if let Some(relay) = &self.relay {
            relay.announce(&id, players).await;
        }
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
            let (epoch, StoredGame { game, log, problem }) = match claimed {
                Ok(Some(c)) => c,
                Ok(None) => continue,
                Err(e) => return Err(e.to_string()),
            };
            // One bad game never stops the server: it is quarantined (settled
            // with no winner, unrated) and the others resume.
            let problem = problem.or_else(|| {
                Game::from_log(&log)
                    .err()
                    .map(|(i, e)| format!("stored action {} is illegal ({e})", i + 1))
            });
            if let Some(why) = &problem {
                tracing::error!(
                    "game {}: {why}; quarantined: settled with no winner",
                    game.id
                );
            }
            let (tx, rx) = mpsc::unbounded_channel();
            let ids = [game.players[0].id.clone(), game.players[1].id.clone()];
            if self
                .directory
                .insert(game.id.clone(), ids, tx.clone())
                .await
                != Ok(true)
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
                problem,
            };
            self.open_room(setup, tx, rx).await;
            resumed += 1;
        }
        Ok(resumed)
    }
}

impl Connections for Hub {
    fn conns_of(&self, player: &str) -> Vec<ConnHandle> {
        Hub::conns_of(self, player)
    }
    fn spectator(&self, conn_id: u64) -> Option<ConnHandle> {
        self.spectators.get(conn_id)
    }
    fn spectators_of(&self, game: &str) -> Vec<ConnHandle> {
        self.spectators.watching(game)
    }
    fn next_conn_id(&self) -> u64 {
        Hub::next_conn_id(self)
    }
    fn conn_ids_so_far(&self) -> u64 {
        Hub::conn_ids_so_far(self)
    }
    fn outgoing_queue(&self) -> usize {
        self.limits.outgoing_queue
    }
    fn shutdown_signal(&self) -> watch::Receiver<bool> {
        Hub::shutdown_signal(self)
    }
}
