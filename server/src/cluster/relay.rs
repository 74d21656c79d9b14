//! Forwarding between instances over Redis pub/sub, one channel per
//! instance (a page behind a load balancer cannot choose the instance it
//! reaches, so the instances carry its messages to the room's owner).
//!
//! On the connection's instance a player's link to a remote room is a local
//! inbox whose pump publishes each room request to the owner's channel. On
//! the owner each remote connection is stood in for by a [`ConnHandle`] whose
//! pump publishes what the room sends (texts, bind, unbind) back to the
//! connection's instance, which hands it to the real connection. A new or
//! taken-over room is announced to every instance, which attaches its own
//! connections of the two players.
//!
//! Redis comes and goes. The subscription is re-made with backoff whenever it
//! ends, or when the lease keeper's commands fail and a PING gets no answer.
//! While it is down, this instance's rooms hold (see `RoomCmd::RelayDown`)
//! and a forwarded action is refused as `paused`. Once it is back the
//! instance resynchronises: it writes back its part of the directory and the
//! queue (Redis may have lost them), its rooms drop every stand-in (what those
//! connections sent meanwhile is lost) and are announced again, so every
//! instance attaches its connections afresh and each player gets the whole
//! game; and it says so to the others (`Back`), which drop their stand-ins of
//! its connections and announce their rooms to it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, Weak};
use std::time::Duration;

use futures_util::StreamExt;
use redis::aio::{ConnectionManager, PubSub};
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, Notify};

use engine::baifang::referee_protocol::{RejectCode, ServerMsg};
use engine::baifang::{Action, Side};

use super::directory::RedisDirectory;
use super::queue::RedisQueue;
use super::{Keys, LEASE_MS};
use crate::directory::Directory;
use crate::messages::RoomCmd;
use crate::messages::RoomLink;
use crate::messages::{outbox, ConnHandle, Connections, Outgoing, RemoteLinks};

/// How many times, and how far apart, a step of the resynchronisation after an outage is
/// tried: Redis just back may still refuse a command (loading its data, a connection being
/// made again), and a step that fails once would otherwise stay undone until the next outage.
const RESYNC_TRIES: u32 = 10;
const RESYNC_GAP: Duration = Duration::from_millis(200);

/// A message between instances.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
enum Wire {
    /// To a room's owner: a request from connection `conn` of `player` on
    /// instance `from`.
    Room {
        game: String,
        from: String,
        conn: u64,
        player: String,
        cmd: Cmd,
    },
    /// To a connection's instance: what the room sends to it.
    Conn { conn: u64, player: String, out: Out },
    /// To everyone: the room of `game` (players Black, White) runs on `at`.
    GameAt {
        game: String,
        players: [String; 2],
        at: String,
    },
    /// To one instance: these rooms (game, players) run on `at`.
    Rooms {
        at: String,
        games: Vec<(String, [String; 2])>,
    },
    /// To everyone: instance `from` reaches Redis again after losing it.
    Back { from: String },
}

/// The first wait before subscribing again; doubled up to [`RESUBSCRIBE_MAX`].
const RESUBSCRIBE_FIRST: Duration = Duration::from_millis(100);
/// The longest wait between two subscription attempts.
const RESUBSCRIBE_MAX: Duration = Duration::from_secs(2);
/// A subscription or PING that takes longer than this counts as failed.
const REDIS_ANSWER_WITHIN: Duration = Duration::from_secs(2);

/// What the relay's task works with.
struct Parts {
    hub: Arc<dyn Connections>,
    client: redis::Client,
    directory: Arc<RedisDirectory>,
    queue: Arc<RedisQueue>,
}

/// Why listening stopped.
enum Ended {
    Stopping,
    Lost(&'static str),
}

/// A room request (sides as 0 = Black, 1 = White).
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
enum Cmd {
    Attach {
        side: u8,
    },
    Detach,
    Act {
        side: u8,
        seq: u32,
        action: Action,
    },
    Resign {
        side: u8,
    },
    State,
    /// A spectator's connection (its `player` is empty) starts watching.
    Watch,
}

/// What a room sends to a connection.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
enum Out {
    Text {
        text: String,
    },
    Bound {
        game: String,
        side: u8,
        owner: String,
    },
    Unbound {
        game: String,
    },
    Close {
        reason: String,
    },
}

fn side_of(i: u8) -> Side {
    if i == 0 {
        Side::Black
    } else {
        Side::White
    }
}

/// Forwarding for one instance.
pub struct Relay {
    conn: ConnectionManager,
    keys: Keys,
    instance: String,
    /// Connections on other instances attached to rooms here:
    /// (instance, connection id there) → the stand-in handle.
    remote: Mutex<HashMap<(String, u64), ConnHandle>>,
    /// Redis answers: the subscription is live (and no command failed since
    /// a PING last went unanswered).
    up: AtomicBool,
    /// When Redis last came back: claims wait a lease after it, so that the
    /// owners write their leases back first.
    back_at: Mutex<Option<tokio::time::Instant>>,
    /// A command failed somewhere: the relay checks Redis at once.
    trouble: Notify,
    /// The hub, to answer a connection whose request could not be forwarded.
    hub: OnceLock<Weak<dyn Connections>>,
    /// This relay itself (set when it starts), for the tasks it spawns.
    this: OnceLock<Weak<Relay>>,
}

/// Publishes one message; false when Redis did not take it.
async fn publish(conn: &mut ConnectionManager, channel: &str, m: &Wire) -> bool {
    let text = serde_json::to_string(m).expect("relay messages serialise");
    let r: redis::RedisResult<()> = redis::cmd("PUBLISH")
        .arg(channel)
        .arg(text)
        .query_async(conn)
        .await;
    if let Err(e) = &r {
        tracing::warn!("relay publish to {channel}: {e}");
    }
    r.is_ok()
}

impl Relay {
    /// The relay of `instance`.
    pub fn new(conn: ConnectionManager, keys: Keys, instance: String) -> Relay {
        Relay {
            conn,
            keys,
            instance,
            remote: Mutex::new(HashMap::new()),
            up: AtomicBool::new(false),
            back_at: Mutex::new(None),
            trouble: Notify::new(),
            hub: OnceLock::new(),
            this: OnceLock::new(),
        }
    }

    /// Whether Redis answers now.
    pub fn is_up(&self) -> bool {
        self.up.load(Ordering::Relaxed)
    }

    /// Up, and long enough that every owner has written its leases back:
    /// only then may a lease that is missing be taken for an orphan's.
    pub fn settled(&self) -> bool {
        let back = *self.back_at.lock().unwrap_or_else(|e| e.into_inner());
        self.is_up() && back.is_none_or(|t| t.elapsed() >= Duration::from_millis(LEASE_MS))
    }

    /// A Redis command failed: the relay checks whether Redis is gone.
    pub fn report_trouble(&self) {
        self.trouble.notify_one();
    }

    /// The instances whose connections have stand-ins here.
    pub fn remote_instances(&self) -> Vec<String> {
        let mut v: Vec<String> = self.remote().keys().map(|(i, _)| i.clone()).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Instance `gone` stopped or lost Redis: its stand-ins made before
    /// connection id `before` are dropped, here and in every room.
    pub fn instance_gone(&self, directory: &RedisDirectory, gone: &str, before: u64) {
        self.remote()
            .retain(|(i, _), h| i != gone || h.id >= before);
        let gone = gone.to_string();
        directory.tell_rooms(|| RoomCmd::InstanceGone {
            instance: gone.clone(),
            before,
        });
    }

    /// Answers a connection here whose request could not be forwarded.
    fn refuse_paused(&self, player: &str, conn_id: u64, seq: u32) {
        let Some(hub) = self.hub.get().and_then(Weak::upgrade) else {
            return;
        };
        if let Some(c) = hub.conns_of(player).into_iter().find(|c| c.id == conn_id) {
            c.send_msg(&ServerMsg::Rejected {
                seq: Some(seq),
                code: RejectCode::Paused,
                rule: None,
            });
        }
    }

    fn remote(&self) -> MutexGuard<'_, HashMap<(String, u64), ConnHandle>> {
        self.remote.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A link for `player`'s connections to the room of `game` on `owner`.
    fn link_to(&self, owner: &str, game: &str, side: Side, player: &str) -> RoomLink {
        let (tx, mut rx) = mpsc::unbounded_channel::<RoomCmd>();
        let mut conn = self.conn.clone();
        let channel = self.keys.inbox(owner);
        let (from, game_id, player) = (self.instance.clone(), game.to_string(), player.to_string());
        let relay = self.this.get().and_then(Weak::upgrade);
        tokio::spawn(async move {
            while let Some(cmd) = rx.recv().await {
                let unsent_act = match &cmd {
                    RoomCmd::Act { conn_id, seq, .. } => Some((*conn_id, *seq)),
                    _ => None,
                };
                let (conn_id, cmd) = match cmd {
                    RoomCmd::Attach { conn, side } => (
                        conn.id,
                        Cmd::Attach {
                            side: side.idx() as u8,
                        },
                    ),
                    RoomCmd::Detach { conn_id } => (conn_id, Cmd::Detach),
                    RoomCmd::Act {
                        conn_id,
                        side,
                        seq,
                        action,
                    } => (
                        conn_id,
                        Cmd::Act {
                            side: side.idx() as u8,
                            seq,
                            action,
                        },
                    ),
                    RoomCmd::Resign { side } => (
                        0,
                        Cmd::Resign {
                            side: side.idx() as u8,
                        },
                    ),
                    RoomCmd::State { conn_id } => (conn_id, Cmd::State),
                    RoomCmd::Watch { conn } => (conn.id, Cmd::Watch),
                    // Only the room's own instance sends these.
                    RoomCmd::Displaced
                    | RoomCmd::RelayDown
                    | RoomCmd::RelayUp { .. }
                    | RoomCmd::InstanceGone { .. } => continue,
                };
                // A spectator has no player: the room's messages find its
                // connection by id ([`Connections::spectator`]).
                let who = match cmd {
                    Cmd::Watch => String::new(),
                    _ => player.clone(),
                };
                let m = Wire::Room {
                    game: game_id.clone(),
                    from: from.clone(),
                    conn: conn_id,
                    player: who,
                    cmd,
                };
                if !publish(&mut conn, &channel, &m).await {
                    // Redis is gone: the move was not made, and the player hears so.
                    if let (Some(relay), Some((conn_id, seq))) = (&relay, unsent_act) {
                        relay.refuse_paused(&player, conn_id, seq);
                        relay.report_trouble();
                    }
                }
            }
        });
        RoomLink {
            game_id: game.to_string(),
            side,
            tx,
        }
    }

    /// Tells every instance that the room of `game` runs here now.
    pub async fn announce(&self, game: &str, players: [String; 2]) {
        let m = Wire::GameAt {
            game: game.to_string(),
            players,
            at: self.instance.clone(),
        };
        publish(&mut self.conn.clone(), &self.keys.everyone(), &m).await;
    }

    /// The stand-in for connection `conn` of `player` on instance `from`.
    fn stand_in(
        self: &Arc<Self>,
        hub: &dyn Connections,
        from: &str,
        conn: u64,
        player: &str,
    ) -> ConnHandle {
        let key = (from.to_string(), conn);
        if let Some(h) = self.remote().get(&key) {
            return h.clone();
        }
        let (tx, mut rx) = outbox::outbox(hub.outgoing_queue());
        let handle = ConnHandle::new(
            hub.next_conn_id(),
            player.to_string(),
            tx,
            Arc::new(Notify::new()),
        )
        .stand_in(from);
        self.remote().insert(key.clone(), handle.clone());
        let (relay, channel, player) = (self.clone(), self.keys.inbox(from), player.to_string());
        let own_id = handle.id;
        tokio::spawn(async move {
            let mut redis = relay.conn.clone();
            while let Some(o) = rx.recv().await {
                if matches!(o, Outgoing::Unbound(_) | Outgoing::Close(_)) {
                    // The game is over or its room stepped down: the
                    // stand-in is no longer needed.
                    let mut remote = relay.remote();
                    if remote.get(&key).is_some_and(|h| h.id == own_id) {
                        remote.remove(&key);
                    }
                }
                let out = match o {
                    Outgoing::Text(t) => Out::Text {
                        text: t.as_str().to_string(),
                    },
                    Outgoing::Bound(link) => Out::Bound {
                        game: link.game_id,
                        side: link.side.idx() as u8,
                        owner: relay.instance.clone(),
                    },
                    Outgoing::Unbound(game) => Out::Unbound { game },
                    Outgoing::Close(reason) => Out::Close { reason },
                };
                let m = Wire::Conn {
                    conn: key.1,
                    player: player.clone(),
                    out,
                };
                publish(&mut redis, &channel, &m).await;
            }
        });
        handle
    }

    /// Subscribes to this instance's channel and the common one, then keeps
    /// listening (subscribing again whenever Redis goes away) until the
    /// server stops. Fails only if the first subscription does.
    pub async fn run(
        self: Arc<Self>,
        hub: Arc<dyn Connections>,
        client: redis::Client,
        directory: Arc<RedisDirectory>,
        queue: Arc<RedisQueue>,
    ) -> Result<(), String> {
        let _ = self.hub.set(Arc::downgrade(&hub));
        let _ = self.this.set(Arc::downgrade(&self));
        let first = self
            .subscribe(&client)
            .await
            .map_err(|e| format!("cannot subscribe in Redis: {e}"))?;
        self.up.store(true, Ordering::Relaxed);
        let parts = Parts {
            hub,
            client,
            directory,
            queue,
        };
        tokio::spawn(self.serve(parts, first));
        Ok(())
    }

    async fn subscribe(&self, client: &redis::Client) -> Result<PubSub, String> {
        let channels = vec![self.keys.inbox(&self.instance), self.keys.everyone()];
        let attempt = async {
            let mut pubsub = client.get_async_pubsub().await?;
            pubsub.subscribe(channels).await?;
            redis::RedisResult::Ok(pubsub)
        };
        match tokio::time::timeout(REDIS_ANSWER_WITHIN, attempt).await {
            Ok(r) => r.map_err(|e| e.to_string()),
            Err(_) => Err("no answer".into()),
        }
    }

    /// Whether Redis answers a PING in time.
    async fn ping(&self) -> bool {
        let mut c = self.conn.clone();
        let cmd = redis::cmd("PING");
        let ping = cmd.query_async::<String>(&mut c);
        matches!(
            tokio::time::timeout(REDIS_ANSWER_WITHIN, ping).await,
            Ok(Ok(_))
        )
    }

    async fn serve(self: Arc<Self>, parts: Parts, first: PubSub) {
        let mut stop = parts.hub.shutdown_signal();
        let mut pubsub = Some(first);
        let mut wait = RESUBSCRIBE_FIRST;
        loop {
            if let Some(p) = pubsub.take() {
                wait = RESUBSCRIBE_FIRST;
                match self.listen(&parts, p, &mut stop).await {
                    Ended::Stopping => return,
                    Ended::Lost(why) => self.went_down(&parts.directory, why),
                }
            }
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = stop.changed() => return,
            }
            wait = (wait * 2).min(RESUBSCRIBE_MAX);
            match self.subscribe(&parts.client).await {
                Ok(p) if self.ping().await => {
                    self.came_back(&parts).await;
                    pubsub = Some(p);
                }
                Ok(_) => tracing::warn!("relay: subscribed, but Redis does not answer PING"),
                Err(e) => tracing::warn!("relay: cannot subscribe yet ({e})"),
            }
        }
    }

    async fn listen(
        self: &Arc<Self>,
        parts: &Parts,
        pubsub: PubSub,
        stop: &mut tokio::sync::watch::Receiver<bool>,
    ) -> Ended {
        let mut messages = pubsub.into_on_message();
        loop {
            tokio::select! {
                m = messages.next() => match m {
                    Some(m) => {
                        let Ok(text) = m.get_payload::<String>() else { continue };
                        match serde_json::from_str::<Wire>(&text) {
                            Ok(w) => self.dispatch(parts, w).await,
                            Err(e) => tracing::error!("relay: unreadable message ({e})"),
                        }
                    }
                    None => return Ended::Lost("the subscription ended"),
                },
                _ = self.trouble.notified() => {
                    if !self.ping().await {
                        return Ended::Lost("a command failed and PING got no answer");
                    }
                }
                _ = stop.changed() => return Ended::Stopping,
            }
        }
    }

    /// Redis is gone: every room here is told (it holds while a side has no
    /// connection here).
    fn went_down(&self, directory: &RedisDirectory, why: &str) {
        if self.up.swap(false, Ordering::Relaxed) {
            tracing::error!("relay: Redis is unreachable ({why}): rooms hold, subscribing again");
            directory.tell_rooms(|| RoomCmd::RelayDown);
        }
    }

    /// Redis answers again: writes back this instance's part, resumes its
    /// rooms without stale stand-ins, announces them and says it is back.
    async fn came_back(&self, parts: &Parts) {
        let Parts {
            hub,
            directory,
            queue,
            ..
        } = parts;
        tracing::info!("relay: Redis answers again: resynchronising");
        *self.back_at.lock().unwrap_or_else(|e| e.into_inner()) = Some(tokio::time::Instant::now());
        let connected = |p: &str| !hub.conns_of(p).is_empty();
        // Written back before the queue, since it renews this instance's liveness: a
        // player put back under an instance another one sees as dead is dropped by its
        // next pairing, and this instance would never put them back again.
        let mut readopted = false;
        for _ in 0..RESYNC_TRIES {
            if let Ok(lost) = directory.readopt(connected).await {
                lost.iter().for_each(|g| directory.displace(g));
                readopted = true;
                break;
            }
            tokio::time::sleep(RESYNC_GAP).await;
        }
        if !readopted {
            tracing::warn!("relay: the directory could not be written back yet");
        }
        for w in queue.waiting_here() {
            put_back_waiting(directory, queue, &w, connected(&w.player)).await;
        }
        let before = hub.conn_ids_so_far();
        self.remote().retain(|_, h| h.id >= before);
        directory.tell_rooms(|| RoomCmd::RelayUp { before });
        self.up.store(true, Ordering::Relaxed);
        for (game, players) in directory.local_rooms() {
            self.announce(&game, players).await;
        }
        let back = Wire::Back {
            from: self.instance.clone(),
        };
        publish(&mut self.conn.clone(), &self.keys.everyone(), &back).await;
    }

    async fn dispatch(self: &Arc<Self>, parts: &Parts, w: Wire) {
        let (hub, directory) = (parts.hub.as_ref(), parts.directory.as_ref());
        match w {
            Wire::Room {
                game,
                from,
                conn,
                player,
                cmd,
            } => {
                self.to_room(hub, directory, game, from, conn, player, cmd)
                    .await
            }
            Wire::Conn { conn, player, out } => {
                let c = match player.as_str() {
                    "" => hub.spectator(conn),
                    p => hub.conns_of(p).into_iter().find(|c| c.id == conn),
                };
                let Some(c) = c else {
                    return;
                };
                let o = match out {
                    Out::Text { text } => Outgoing::Text(text.into()),
                    Out::Bound { game, side, owner } => {
                        Outgoing::Bound(self.link(&owner, &game, side_of(side), &player))
                    }
                    Out::Unbound { game } => Outgoing::Unbound(game),
                    Out::Close { reason } => Outgoing::Close(reason),
                };
                c.send(o);
            }
            Wire::GameAt { game, players, at } => {
                parts.queue.forget_playing(&players);
                self.attach_here(hub, &game, &players, &at)
            }
            Wire::Rooms { at, games } => {
                for (game, players) in &games {
                    parts.queue.forget_playing(players);
                    self.attach_here(hub, game, players, &at);
                }
            }
            Wire::Back { from } if from != self.instance => {
                let before = hub.conn_ids_so_far();
                self.instance_gone(directory, &from, before);
                let games = directory.local_rooms();
                if !games.is_empty() {
                    let m = Wire::Rooms {
                        at: self.instance.clone(),
                        games,
                    };
                    publish(&mut self.conn.clone(), &self.keys.inbox(&from), &m).await;
                }
            }
            Wire::Back { .. } => {}
        }
    }

    /// The room of `game` runs on `at`: this instance's connections of its
    /// players and its spectators attach to it (each gets the whole game).
    fn attach_here(&self, hub: &dyn Connections, game: &str, players: &[String; 2], at: &str) {
        if at == self.instance {
            return;
        }
        let watchers = hub.spectators_of(game);
        if !watchers.is_empty() {
            // As a spectator's first watch: through Black's link, with no player.
            let link = self.link(at, game, Side::Black, &players[0]);
            for conn in watchers {
                conn.send(Outgoing::Bound(link.clone()));
                let _ = link.tx.send(RoomCmd::Watch {
                    conn: Box::new(conn),
                });
            }
        }
        for (i, player) in players.iter().enumerate() {
            let conns = hub.conns_of(player);
            if conns.is_empty() {
                continue;
            }
            let side = side_of(i as u8);
            let link = self.link(at, game, side, player);
            for conn in conns {
                // Bound first, so the connection's next requests go to the room.
                conn.send(Outgoing::Bound(link.clone()));
                let _ = link.tx.send(RoomCmd::Attach {
                    conn: Box::new(conn),
                    side,
                });
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    async fn to_room(
        self: &Arc<Self>,
        hub: &dyn Connections,
        directory: &RedisDirectory,
        game: String,
        from: String,
        conn: u64,
        player: String,
        cmd: Cmd,
    ) {
        let Some(tx) = directory.local_room(&game) else {
            // Not (or no longer) here: refuse an action so the player hears of it.
            if let Cmd::Act { seq, .. } = cmd {
                let text = ServerMsg::Rejected {
                    seq: Some(seq),
                    code: RejectCode::NoGame,
                    rule: None,
                }
                .to_json();
                let m = Wire::Conn {
                    conn,
                    player,
                    out: Out::Text { text },
                };
                publish(&mut self.conn.clone(), &self.keys.inbox(&from), &m).await;
            }
            return;
        };
        let known = self.remote().get(&(from.clone(), conn)).map(|h| h.id);
        let room_cmd = match cmd {
            Cmd::Attach { side } => RoomCmd::Attach {
                conn: Box::new(self.stand_in(hub, &from, conn, &player)),
                side: side_of(side),
            },
            Cmd::Detach => match self.remote().remove(&(from, conn)) {
                Some(h) => RoomCmd::Detach { conn_id: h.id },
                None => return,
            },
            Cmd::Act { side, seq, action } => RoomCmd::Act {
                conn_id: known.unwrap_or(0),
                side: side_of(side),
                seq,
                action,
            },
            Cmd::Resign { side } => RoomCmd::Resign {
                side: side_of(side),
            },
            Cmd::State => match known {
                Some(conn_id) => RoomCmd::State { conn_id },
                None => return,
            },
            Cmd::Watch => RoomCmd::Watch {
                conn: Box::new(self.stand_in(hub, &from, conn, &player)),
            },
        };
        let _ = tx.send(room_cmd);
    }
}

impl RemoteLinks for Relay {
    fn link(&self, owner: &str, game: &str, side: Side, player: &str) -> RoomLink {
        self.link_to(owner, game, side, player)
    }
}

/// Puts one player who was waiting here back in the shared queue after an outage, or
/// forgets them if they no longer wait (a game, or no connection), each step tried again
/// while Redis refuses it: a failed read must not forget a waiting player.
async fn put_back_waiting(
    directory: &RedisDirectory,
    queue: &RedisQueue,
    w: &crate::matchmaking::Waiting,
    connected: bool,
) {
    for _ in 0..RESYNC_TRIES {
        if let Ok(game) = directory.game_of(w.player.clone()).await {
            if queue.put_back(w, game.is_none() && connected).await.is_ok() {
                return;
            }
        }
        tokio::time::sleep(RESYNC_GAP).await;
    }
    tracing::warn!("relay: a waiting player could not be put back in the queue");
}
