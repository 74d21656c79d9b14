//! The message types between a server's connections, rooms and hub, in a
//! leaf module (it imports no other module of the server): what a
//! connection's writer receives ([`Outgoing`]), a handle on a connection
//! ([`ConnHandle`]) with its queue ([`outbox`]), what a room is asked to do
//! ([`RoomCmd`]) and how a connection reaches its room ([`RoomLink`]); and
//! the two narrow views other parts take of the hub and of the cluster's relay
//! ([`Connections`], [`RemoteLinks`]), so neither needs to import the other.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::{mpsc, watch, Notify};

use engine::baifang::referee_protocol::ServerMsg;
use engine::baifang::{Action, Side};

pub mod outbox;

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
    tx: outbox::Sender,
    kick: Arc<Notify>,
    /// For a stand-in of a connection on another instance: that instance.
    via: Option<Arc<str>>,
    /// The connection's one-way lag, as its pings measure it (ms; 0 for a
    /// stand-in: its instance's pings are not this one's).
    lag: Arc<AtomicU64>,
}

impl ConnHandle {
    /// A handle writing into `tx`; `kick` is notified when the client does not read.
    pub fn new(id: u64, player: String, tx: outbox::Sender, kick: Arc<Notify>) -> Self {
        ConnHandle {
            id,
            player,
            tx,
            kick,
            via: None,
            lag: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The same, its lag read from `estimate` ([`crate::lag::LagMeter::estimate`]).
    pub fn with_lag(self, estimate: Arc<AtomicU64>) -> Self {
        ConnHandle {
            lag: estimate,
            ..self
        }
    }

    /// The connection's measured one-way lag (ms).
    pub fn lag_ms(&self) -> u64 {
        crate::lag::read(&self.lag)
    }

    /// The same, standing in for a connection on the instance `via`.
    pub fn stand_in(self, via: &str) -> Self {
        ConnHandle {
            via: Some(via.into()),
            lag: Arc::new(AtomicU64::new(0)),
            ..self
        }
    }

    /// The instance of the real connection when this is a stand-in.
    pub fn via(&self) -> Option<&str> {
        self.via.as_deref()
    }

    /// Queues a message; false when the connection is gone or stopped reading
    /// (it is then told to close).
    pub fn send(&self, m: Outgoing) -> bool {
        match self.tx.try_send(m) {
            Ok(()) => true,
            Err(outbox::SendError::Full) => {
                self.kick.notify_one();
                false
            }
            Err(outbox::SendError::Closed) => false,
        }
    }

    /// Closes the connection as too slow (it is not reading).
    pub fn kick(&self) {
        self.kick.notify_one();
    }

    /// Queues a protocol message.
    pub fn send_msg(&self, m: &ServerMsg) -> bool {
        self.send(Outgoing::Text(m.to_json().into()))
    }

    /// Messages waiting to be written to this connection.
    pub fn queued(&self) -> usize {
        self.tx.queued()
    }
}

/// How a connection reaches the room of its player's game.
#[derive(Clone, Debug)]
pub struct RoomLink {
    /// The game.
    pub game_id: String,
    /// The player's side in it.
    pub side: Side,
    /// The room's inbox.
    pub tx: mpsc::UnboundedSender<RoomCmd>,
}

/// What a room is asked to do.
#[derive(Debug)]
pub enum RoomCmd {
    /// A connection of `side`'s player joins (another tab, a reconnection).
    Attach {
        /// The connection (boxed: every room's inbox is sized by its
        /// largest command, and this one is rare).
        conn: Box<ConnHandle>,
        /// Its player's side.
        side: Side,
    },
    /// A connection closed.
    Detach {
        /// Its id.
        conn_id: u64,
    },
    /// A player's action.
    Act {
        /// The sending connection.
        conn_id: u64,
        /// The sender's side.
        side: Side,
        /// The sequence number the sender expects the action to get.
        seq: u32,
        /// The action.
        action: Action,
    },
    /// A player resigns.
    Resign {
        /// The resigning side.
        side: Side,
    },
    /// A spectator's connection starts watching (it leaves by [`RoomCmd::Detach`]).
    Watch {
        /// The connection (boxed, as for [`RoomCmd::Attach`]).
        conn: Box<ConnHandle>,
    },
    /// Send the whole game to this connection (a player's or a spectator's).
    State {
        /// The asking connection.
        conn_id: u64,
    },
    /// Another instance owns the game now: stop at once, writing nothing.
    Displaced,
    /// This instance lost Redis: players connected elsewhere cannot reach the
    /// room, so while a side has no connection here the room holds (below).
    RelayDown,
    /// Redis answers again: every stand-in for a connection elsewhere made
    /// before connection id `before` is dropped (what it missed meanwhile is
    /// unknown) and those instances attach their connections afresh once the
    /// room is announced.
    RelayUp {
        /// Stand-ins with a smaller id are dropped.
        before: u64,
    },
    /// An instance stopped (its liveness key expired) or lost Redis for a
    /// while: its stand-ins made before connection id `before` are dropped.
    InstanceGone {
        /// The instance.
        instance: String,
        /// Stand-ins with a smaller id are dropped.
        before: u64,
    },
}

/// The connections of this server as the cluster's relay sees them (the hub
/// keeps them).
pub trait Connections: Send + Sync {
    /// This player's connections here.
    fn conns_of(&self, player: &str) -> Vec<ConnHandle>;
    /// The spectator's connection with this id here.
    fn spectator(&self, conn_id: u64) -> Option<ConnHandle>;
    /// The spectators' connections here watching `game`.
    fn spectators_of(&self, game: &str) -> Vec<ConnHandle>;
    /// A fresh connection id.
    fn next_conn_id(&self) -> u64;
    /// Every connection id handed out so far is below this.
    fn conn_ids_so_far(&self) -> u64;
    /// How many messages a connection's queue holds.
    fn outgoing_queue(&self) -> usize;
    /// Turns true when the server stops.
    fn shutdown_signal(&self) -> watch::Receiver<bool>;
}

/// Links to rooms that run on other instances (the cluster's relay makes them).
pub trait RemoteLinks: Send + Sync {
    /// A link for `player`'s connections to the room of `game` on `owner`.
    fn link(&self, owner: &str, game: &str, side: Side, player: &str) -> RoomLink;
}
