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

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use futures_util::StreamExt;
use redis::aio::ConnectionManager;
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, Notify};

use engine::baifang::referee_protocol::{RejectCode, ServerMsg};
use engine::baifang::{Action, Side};

use super::directory::RedisDirectory;
use super::Keys;
use crate::directory::RoomLink;
use crate::hub::{outbox, ConnHandle, Hub, Outgoing};
use crate::room::RoomCmd;

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
}

/// A room request (sides as 0 = Black, 1 = White).
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
enum Cmd {
    Attach { side: u8 },
    Detach,
    Act { side: u8, seq: u32, action: Action },
    Resign { side: u8 },
    State,
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
}

async fn publish(conn: &mut ConnectionManager, channel: &str, m: &Wire) {
    let text = serde_json::to_string(m).expect("relay messages serialise");
    let r: redis::RedisResult<()> = redis::cmd("PUBLISH")
        .arg(channel)
        .arg(text)
        .query_async(conn)
        .await;
    if let Err(e) = r {
        tracing::error!("relay publish to {channel}: {e}");
    }
}

impl Relay {
    /// The relay of `instance`.
    pub fn new(conn: ConnectionManager, keys: Keys, instance: String) -> Relay {
        Relay {
            conn,
            keys,
            instance,
            remote: Mutex::new(HashMap::new()),
        }
    }

    fn remote(&self) -> MutexGuard<'_, HashMap<(String, u64), ConnHandle>> {
        self.remote.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A link for `player`'s connections to the room of `game` on `owner`.
    pub fn link(&self, owner: &str, game: &str, side: Side, player: &str) -> RoomLink {
        let (tx, mut rx) = mpsc::unbounded_channel::<RoomCmd>();
        let mut conn = self.conn.clone();
        let channel = self.keys.inbox(owner);
        let (from, game_id, player) = (self.instance.clone(), game.to_string(), player.to_string());
        tokio::spawn(async move {
            while let Some(cmd) = rx.recv().await {
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
                    // Only the lease keeper of the room's own instance sends this.
                    RoomCmd::Displaced => continue,
                };
                let m = Wire::Room {
                    game: game_id.clone(),
                    from: from.clone(),
                    conn: conn_id,
                    player: player.clone(),
                    cmd,
                };
                publish(&mut conn, &channel, &m).await;
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
    fn stand_in(self: &Arc<Self>, hub: &Hub, from: &str, conn: u64, player: &str) -> ConnHandle {
        let key = (from.to_string(), conn);
        if let Some(h) = self.remote().get(&key) {
            return h.clone();
        }
        let (tx, mut rx) = outbox::outbox(hub.limits.outgoing_queue);
        let handle = ConnHandle::new(
            hub.next_conn_id(),
            player.to_string(),
            tx,
            Arc::new(Notify::new()),
        );
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

    /// Listens on this instance's channel and the common one until the
    /// server stops.
    pub async fn run(
        self: Arc<Self>,
        hub: Arc<Hub>,
        client: redis::Client,
        directory: Arc<RedisDirectory>,
    ) -> Result<(), String> {
        let mut pubsub = client
            .get_async_pubsub()
            .await
            .map_err(|e| format!("cannot subscribe in Redis: {e}"))?;
        pubsub
            .subscribe(vec![self.keys.inbox(&self.instance), self.keys.everyone()])
            .await
            .map_err(|e| format!("cannot subscribe in Redis: {e}"))?;
        let mut stop = hub.shutdown_signal();
        tokio::spawn(async move {
            let mut messages = pubsub.into_on_message();
            loop {
                tokio::select! {
                    m = messages.next() => match m {
                        Some(m) => {
                            let Ok(text) = m.get_payload::<String>() else { continue };
                            match serde_json::from_str::<Wire>(&text) {
                                Ok(w) => self.dispatch(&hub, &directory, w).await,
                                Err(e) => tracing::error!("relay: unreadable message ({e})"),
                            }
                        }
                        None => {
                            tracing::error!("relay: the Redis subscription ended");
                            return;
                        }
                    },
                    _ = stop.changed() => return,
                }
            }
        });
        Ok(())
    }

    async fn dispatch(self: &Arc<Self>, hub: &Hub, directory: &RedisDirectory, w: Wire) {
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
                let Some(c) = hub.conns_of(&player).into_iter().find(|c| c.id == conn) else {
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
                if at == self.instance {
                    return;
                }
                for (i, player) in players.iter().enumerate() {
                    let conns = hub.conns_of(player);
                    if conns.is_empty() {
                        continue;
                    }
                    let side = side_of(i as u8);
                    let link = self.link(&at, &game, side, player);
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
        }
    }

    #[allow(clippy::too_many_arguments)]
    async fn to_room(
        self: &Arc<Self>,
        hub: &Hub,
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
        };
        let _ = tx.send(room_cmd);
    }
}
