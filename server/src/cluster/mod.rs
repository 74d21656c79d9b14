//! Several server instances sharing Redis (and a PostgreSQL store): the
//! shared quick-match queue ([`queue`]), the room directory with leases
//! ([`directory`]), forwarding between a player's connection and the instance
//! that owns their room over pub/sub ([`relay`]), and the lease keeper that
//! renews this instance's rooms and takes over the rooms of an instance that
//! died ([`lease`]).
//!
//! A room lives on one instance at a time: the one holding its lease in
//! Redis. The owner renews every lease every [`RENEW_EVERY_MS`]; a lease not
//! renewed for [`LEASE_MS`] expires, and the first instance to claim it
//! (atomically) rebuilds the game from its stored action log.

pub mod directory;
pub mod lease;
pub mod queue;
pub mod relay;

use std::sync::Arc;

use redis::aio::ConnectionManager;

use crate::ids;

/// How long a room's lease lasts without renewal.
pub const LEASE_MS: u64 = 3_000;
/// How often the owner renews its leases (and looks for expired ones).
pub const RENEW_EVERY_MS: u64 = 1_000;

/// How an instance joins a cluster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClusterConfig {
    /// `redis://…`.
    pub redis_url: String,
    /// Prefix of every key and channel: instances with the same name form one
    /// cluster (tests give each run its own).
    pub name: String,
}

/// The names of the cluster's Redis keys and channels.
#[derive(Clone, Debug)]
pub struct Keys {
    prefix: String,
}

impl Keys {
    /// The keys of the cluster called `name`.
    pub fn new(name: &str) -> Keys {
        Keys {
            prefix: name.to_string(),
        }
    }
    /// Sorted set: waiting player → rating.
    pub fn queue(&self) -> String {
        format!("{}:queue", self.prefix)
    }
    /// Hash: waiting player → join time (ms).
    pub fn since(&self) -> String {
        format!("{}:since", self.prefix)
    }
    /// String with expiry: present while the instance runs (renewed with its leases).
    pub fn alive(&self, instance: &str) -> String {
        format!("{}:alive:{instance}", self.prefix)
    }
    /// String: the player's live game and side, `"<game> B"`.
    pub fn player(&self, id: &str) -> String {
        format!("{}:player:{id}", self.prefix)
    }
    /// String with expiry: the instance that owns the room.
    pub fn lease(&self, game: &str) -> String {
        format!("{}:lease:{game}", self.prefix)
    }
    /// Set: every live game.
    pub fn games(&self) -> String {
        format!("{}:games", self.prefix)
    }
    /// String: the creator of a friend room code.
    pub fn code(&self, code: &str) -> String {
        format!("{}:code:{code}", self.prefix)
    }
    /// Set: the codes a player opened.
    pub fn codes_of(&self, player: &str) -> String {
        format!("{}:codes:{player}", self.prefix)
    }
    /// The pub/sub channel of one instance.
    pub fn inbox(&self, instance: &str) -> String {
        format!("{}:inst:{instance}", self.prefix)
    }
    /// The pub/sub channel every instance listens to.
    pub fn everyone(&self) -> String {
        format!("{}:all", self.prefix)
    }
}

/// This instance's part in the cluster.
pub struct Cluster {
    /// This instance's id (random per process).
    pub instance: String,
    /// Key names.
    pub keys: Keys,
    /// The Redis client (pub/sub needs its own connection).
    pub client: redis::Client,
    /// The shared commands connection.
    pub conn: ConnectionManager,
    /// The shared queue.
    pub queue: Arc<queue::RedisQueue>,
    /// The room directory.
    pub directory: Arc<directory::RedisDirectory>,
    /// Forwarding between instances.
    pub relay: Arc<relay::Relay>,
}

impl Cluster {
    /// Connects to Redis as a new instance of the cluster `config.name`.
    pub async fn connect(config: &ClusterConfig) -> Result<Cluster, String> {
        let client = redis::Client::open(config.redis_url.as_str())
            .map_err(|e| format!("bad Redis URL: {e}"))?;
        let conn = client
            .get_connection_manager()
            .await
            .map_err(|e| format!("cannot connect to Redis: {e}"))?;
        let instance = ids::new_game_id();
        let keys = Keys::new(&config.name);
        let relay = Arc::new(relay::Relay::new(
            conn.clone(),
            keys.clone(),
            instance.clone(),
        ));
        let directory = Arc::new(directory::RedisDirectory::new(
            conn.clone(),
            keys.clone(),
            instance.clone(),
            relay.clone(),
        ));
        Ok(Cluster {
            queue: Arc::new(queue::RedisQueue::new(
                conn.clone(),
                keys.clone(),
                instance.clone(),
            )),
            directory,
            relay,
            instance,
            keys,
            client,
            conn,
        })
    }
}
