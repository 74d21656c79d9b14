//! The room directory all instances share, in Redis: which game each player
//! is in (and on which side), which instance owns each room (a lease that the
//! owner renews), the set of live games, and the friend room codes. The
//! owner's own rooms are also kept here in memory with their inboxes; a
//! player whose room lives on another instance gets a link that forwards
//! through the relay (`super::relay`).
//!
//! Redis may come and go. The rooms of this instance and the friend codes
//! opened through it are kept in memory too, so that while Redis is away a
//! player of a room here still reaches it, and once Redis is back (perhaps
//! having lost its data) [`RedisDirectory::readopt`] writes them again. An
//! answer that needs Redis and cannot get it is [`Unavailable`], never a
//! guess.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use redis::aio::ConnectionManager;
use redis::Script;
use tokio::sync::mpsc;

use engine::baifang::Side;

use super::{Keys, LEASE_MS};
use crate::directory::{Directory, OpenRoom, CODE_TTL_MS};
use crate::matchmaking::{BoxFuture, Shared, Unavailable};
use crate::messages::RoomCmd;
use crate::messages::{RemoteLinks, RoomLink};
use crate::store::side_letter;

/// Registers game ARGV[1] for both players (KEYS[1], KEYS[2]) unless either
/// has one, with this instance (ARGV[2]) holding its lease (KEYS[3]) for
/// ARGV[3] ms, and adds it to the live games (KEYS[4]).
const INSERT: &str = r"
if redis.call('EXISTS', KEYS[1]) == 1 or redis.call('EXISTS', KEYS[2]) == 1 then
  return 0
end
redis.call('SET', KEYS[1], ARGV[1] .. ' B')
redis.call('SET', KEYS[2], ARGV[1] .. ' W')
redis.call('SET', KEYS[3], ARGV[2], 'PX', ARGV[3])
redis.call('SADD', KEYS[4], ARGV[1])
return 1
";

/// Forgets game ARGV[1]: its players' entries if they still name it, its
/// lease if this instance (ARGV[2]) holds it, its place among the live games.
const REMOVE: &str = r"
for i = 1, 2 do
  local v = redis.call('GET', KEYS[i])
  if v and string.sub(v, 1, #ARGV[1] + 1) == ARGV[1] .. ' ' then
    redis.call('DEL', KEYS[i])
  end
end
if redis.call('GET', KEYS[3]) == ARGV[2] then
  redis.call('DEL', KEYS[3])
end
redis.call('SREM', KEYS[4], ARGV[1])
return 1
";

/// Check-and-extend: every lease in KEYS that this instance (ARGV[1]) holds
/// gets ARGV[2] ms again; one that expired unclaimed is taken back; the
/// (1-based) positions of leases another instance holds now are returned.
const RENEW: &str = r"
local lost = {}
for i, k in ipairs(KEYS) do
  local owner = redis.call('GET', k)
  if owner == ARGV[1] then
    redis.call('PEXPIRE', k, ARGV[2])
  elseif owner == false then
    redis.call('SET', k, ARGV[1], 'PX', ARGV[2])
  else
    table.insert(lost, i)
  end
end
return lost
";

/// Deletes the lease KEYS[1] if this instance (ARGV[1]) holds it.
const LET_GO: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
";

/// A room this instance owns.
struct LocalRoom {
    players: [String; 2],
    tx: mpsc::UnboundedSender<RoomCmd>,
}

/// What this instance knows without Redis.
#[derive(Default)]
struct Local {
    /// Game → its room here.
    rooms: HashMap<String, LocalRoom>,
    /// Player → (game, side) of a room here.
    players: HashMap<String, (String, Side)>,
    /// Friend room codes opened through this instance.
    codes: HashMap<String, OpenRoom>,
}

impl Local {
    fn add(&mut self, game: &str, room: LocalRoom) {
        for (side, p) in [Side::Black, Side::White].into_iter().zip(&room.players) {
            self.players.insert(p.clone(), (game.to_string(), side));
        }
        self.rooms.insert(game.to_string(), room);
    }
    fn take(&mut self, game: &str) -> Option<LocalRoom> {
        let room = self.rooms.remove(game)?;
        for p in &room.players {
            if self.players.get(p).is_some_and(|(g, _)| g == game) {
                self.players.remove(p);
            }
        }
        Some(room)
    }
}

/// The Redis-backed [`Directory`].
pub struct RedisDirectory {
    conn: ConnectionManager,
    keys: Keys,
    instance: String,
    relay: Arc<dyn RemoteLinks>,
    local: Mutex<Local>,
    insert: Script,
    remove: Script,
    renew: Script,
    let_go: Script,
}

fn logged<T>(what: &str, r: redis::RedisResult<T>, fallback: T) -> T {
    r.unwrap_or_else(|e| {
        tracing::error!("redis {what}: {e}");
        fallback
    })
}

/// A Redis answer, or [`Unavailable`] (logged) when Redis did not give one.
fn shared<T>(what: &str, r: redis::RedisResult<T>) -> Shared<T> {
    r.map_err(|e| {
        tracing::warn!("redis {what}: {e}");
        Unavailable
    })
}

/// `"<game> B"` → (game, side).
fn parse_entry(v: &str) -> Option<(String, Side)> {
    let (game, side) = v.rsplit_once(' ')?;
    let side = match side {
        "B" => Side::Black,
        "W" => Side::White,
        _ => return None,
    };
    Some((game.to_string(), side))
}

impl RedisDirectory {
    /// The directory under `keys`' prefix, as seen by `instance`.
    pub fn new(
        conn: ConnectionManager,
        keys: Keys,
        instance: String,
        relay: Arc<dyn RemoteLinks>,
    ) -> RedisDirectory {
        RedisDirectory {
            conn,
            keys,
            instance,
            relay,
            local: Mutex::new(Local::default()),
            insert: Script::new(INSERT),
            remove: Script::new(REMOVE),
            renew: Script::new(RENEW),
            let_go: Script::new(LET_GO),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Local> {
        self.local.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The inbox of a room this instance owns.
    pub fn local_room(&self, game: &str) -> Option<mpsc::UnboundedSender<RoomCmd>> {
        self.lock().rooms.get(game).map(|r| r.tx.clone())
    }

    /// Tells the room of `game` that another instance owns the game now.
    pub fn displace(&self, game: &str) {
        if let Some(tx) = self.local_room(game) {
            let _ = tx.send(RoomCmd::Displaced);
        }
    }

    /// The games whose rooms run here.
    pub fn local_games(&self) -> Vec<String> {
        self.lock().rooms.keys().cloned().collect()
    }

    /// The games whose rooms run here, with their players (Black, White).
    pub fn local_rooms(&self) -> Vec<(String, [String; 2])> {
        let local = self.lock();
        let rooms = local.rooms.iter();
        rooms.map(|(g, r)| (g.clone(), r.players.clone())).collect()
    }

    /// Sends `cmd()` to every room here.
    pub fn tell_rooms(&self, cmd: impl Fn() -> RoomCmd) {
        for room in self.lock().rooms.values() {
            let _ = room.tx.send(cmd());
        }
    }

    /// Takes the lease of a room nobody holds (atomically: of instances
    /// claiming together, exactly one gets it).
    pub async fn claim(&self, game: &str) -> bool {
        let mut c = self.conn.clone();
        let r: redis::RedisResult<Option<String>> = redis::cmd("SET")
            .arg(self.keys.lease(game))
            .arg(&self.instance)
            .arg("NX")
            .arg("PX")
            .arg(LEASE_MS)
            .query_async(&mut c)
            .await;
        logged("claim", r, None).is_some()
    }

    /// Lets go of a claimed lease (the game turned out to be over).
    pub async fn release(&self, game: &str) {
        let players = [String::new(), String::new()];
        self.forget(game, &players).await;
    }

    /// After a claim: runs the room here, with both players' entries pointing to it.
    pub async fn adopt(
        &self,
        game: &str,
        players: [String; 2],
        tx: mpsc::UnboundedSender<RoomCmd>,
    ) {
        self.lock().add(
            game,
            LocalRoom {
                players: players.clone(),
                tx,
            },
        );
        logged(
            "adopt",
            self.write_entries(&[(game.to_string(), players)]).await,
            (),
        );
    }

    /// Both players' entries and the live-games set for these rooms.
    async fn write_entries(&self, rooms: &[(String, [String; 2])]) -> redis::RedisResult<()> {
        let mut pipe = redis::pipe();
        for (game, players) in rooms {
            for (side, p) in [Side::Black, Side::White].into_iter().zip(players) {
                pipe.cmd("SET")
                    .arg(self.keys.player(p))
                    .arg(format!("{game} {}", side_letter(side)))
                    .ignore();
            }
            pipe.cmd("SADD").arg(self.keys.games()).arg(game).ignore();
        }
        let mut c = self.conn.clone();
        pipe.query_async(&mut c).await
    }

    /// Once Redis answers again: writes back what it may have lost of this
    /// instance's part (its rooms' entries and leases, its open friend
    /// codes); returns the games whose lease another instance took meanwhile.
    pub async fn readopt(&self, connected: impl Fn(&str) -> bool) -> Shared<Vec<String>> {
        let rooms = self.local_rooms();
        for chunk in rooms.chunks(500) {
            shared("readopt", self.write_entries(chunk).await)?;
        }
        let codes: Vec<(String, OpenRoom)> = {
            let local = self.lock();
            local
                .codes
                .iter()
                .map(|(c, r)| (c.clone(), r.clone()))
                .collect()
        };
        for (code, room) in codes {
            // Only a creator still waiting here keeps a code: one that was
            // joined elsewhere meanwhile has a game now.
            let stale = !connected(&room.creator)
                || self.lock().players.contains_key(&room.creator)
                || self.remote_game(&room.creator).await?.is_some();
            if stale {
                self.lock().codes.remove(&code);
                continue;
            }
            self.set_code(&code, &room).await?;
        }
        self.renew().await
    }

    /// Renews this instance's liveness and the leases of its rooms; returns
    /// the games whose lease another instance holds now.
    pub async fn renew(&self) -> Shared<Vec<String>> {
        let mut c = self.conn.clone();
        let r: redis::RedisResult<()> = redis::cmd("SET")
            .arg(self.keys.alive(&self.instance))
            .arg(1)
            .arg("PX")
            .arg(LEASE_MS)
            .query_async(&mut c)
            .await;
        shared("liveness", r)?;
        let games = self.local_games();
        if games.is_empty() {
            return Ok(Vec::new());
        }
        let mut inv = self.renew.prepare_invoke();
        for g in &games {
            inv.key(self.keys.lease(g));
        }
        inv.arg(&self.instance).arg(LEASE_MS);
        let lost: Vec<usize> = shared("renew", inv.invoke_async(&mut c).await)?;
        Ok(lost
            .into_iter()
            .filter_map(|i| games.get(i.wrapping_sub(1)).cloned())
            .collect())
    }

    /// Of these instances, the ones whose liveness key is gone (they stopped,
    /// or cannot reach Redis).
    pub async fn gone(&self, instances: &[String]) -> Shared<Vec<String>> {
        if instances.is_empty() {
            return Ok(Vec::new());
        }
        let mut c = self.conn.clone();
        let keys: Vec<String> = instances.iter().map(|i| self.keys.alive(i)).collect();
        let alive: Vec<Option<String>> = shared(
            "liveness of others",
            redis::cmd("MGET").arg(keys).query_async(&mut c).await,
        )?;
        Ok(instances
            .iter()
            .zip(alive)
            .filter(|(_, a)| a.is_none())
            .map(|(i, _)| i.clone())
            .collect())
    }

    /// Live games whose lease has expired (their owner died).
    pub async fn orphans(&self) -> Vec<String> {
        let mut c = self.conn.clone();
        let all: Vec<String> = logged(
            "live games",
            redis::cmd("SMEMBERS")
                .arg(self.keys.games())
                .query_async(&mut c)
                .await,
            Vec::new(),
        );
        let candidates: Vec<String> = {
            let local = self.lock();
            all.into_iter()
                .filter(|g| !local.rooms.contains_key(g))
                .collect()
        };
        if candidates.is_empty() {
            return Vec::new();
        }
        let owners: Vec<Option<String>> = logged(
            "leases",
            redis::cmd("MGET")
                .arg(
                    candidates
                        .iter()
                        .map(|g| self.keys.lease(g))
                        .collect::<Vec<_>>(),
                )
                .query_async(&mut c)
                .await,
            Vec::new(),
        );
        candidates
            .into_iter()
            .zip(owners)
            .filter(|(_, o)| o.is_none())
            .map(|(g, _)| g)
            .collect()
    }

    /// Marks stored games in progress as live (at start: games of a cluster
    /// that stopped entirely get claimed like any orphan).
    pub async fn mark_live(&self, games: &[String]) {
        if games.is_empty() {
            return;
        }
        let mut c = self.conn.clone();
        let r: redis::RedisResult<()> = redis::cmd("SADD")
            .arg(self.keys.games())
            .arg(games)
            .query_async(&mut c)
            .await;
        logged("mark live", r, ());
    }

    async fn forget(&self, game: &str, players: &[String; 2]) {
        let mut c = self.conn.clone();
        let r: redis::RedisResult<i32> = self
            .remove
            .key(self.keys.player(&players[0]))
            .key(self.keys.player(&players[1]))
            .key(self.keys.lease(game))
            .key(self.keys.games())
            .arg(game)
            .arg(&self.instance)
            .invoke_async(&mut c)
            .await;
        logged("remove", r, 0);
    }

    /// The shared entry of `player`: their game and side, wherever it runs.
    async fn remote_game(&self, player: &str) -> Shared<Option<(String, Side)>> {
        let mut c = self.conn.clone();
        let entry: Option<String> = shared(
            "game of",
            redis::cmd("GET")
                .arg(self.keys.player(player))
                .query_async(&mut c)
                .await,
        )?;
        Ok(entry.as_deref().and_then(parse_entry))
    }

    /// Writes a friend code (with its expiry) unless it exists; true if written.
    async fn set_code(&self, code: &str, room: &OpenRoom) -> Shared<bool> {
        let mut c = self.conn.clone();
        // A code outlives no room: it goes when its creator's last
        // connection does, and at the latest after CODE_TTL_MS.
        let set: Option<String> = shared(
            "open code",
            redis::cmd("SET")
                .arg(self.keys.code(code))
                .arg(room.encode())
                .arg("NX")
                .arg("PX")
                .arg(CODE_TTL_MS)
                .query_async(&mut c)
                .await,
        )?;
        if set.is_none() {
            return Ok(false);
        }
        let r: redis::RedisResult<()> = redis::cmd("SADD")
            .arg(self.keys.codes_of(&room.creator))
            .arg(code)
            .query_async(&mut c)
            .await;
        shared("open code", r)?;
        Ok(true)
    }
}

impl Directory for RedisDirectory {
    fn insert(
        &self,
        game_id: String,
        players: [String; 2],
        tx: mpsc::UnboundedSender<RoomCmd>,
    ) -> BoxFuture<'_, Shared<bool>> {
        Box::pin(async move {
            if players[0] == players[1] {
                return Ok(false);
            }
            let mut c = self.conn.clone();
            let r: redis::RedisResult<i32> = self
                .insert
                .key(self.keys.player(&players[0]))
                .key(self.keys.player(&players[1]))
                .key(self.keys.lease(&game_id))
                .key(self.keys.games())
                .arg(&game_id)
                .arg(&self.instance)
                .arg(LEASE_MS)
                .invoke_async(&mut c)
                .await;
            let ok = shared("insert", r)? == 1;
            if ok {
                self.lock().add(&game_id, LocalRoom { players, tx });
            }
            Ok(ok)
        })
    }

    fn game_of(&self, player: String) -> BoxFuture<'_, Shared<Option<RoomLink>>> {
        Box::pin(async move {
            // A room here first: it is reached without Redis.
            let here = self.lock().players.get(&player).cloned();
            if let Some((game_id, side)) = here {
                if let Some(tx) = self.local_room(&game_id) {
                    return Ok(Some(RoomLink { game_id, side, tx }));
                }
            }
            let Some((game_id, side)) = self.remote_game(&player).await? else {
                return Ok(None);
            };
            let mut c = self.conn.clone();
            let owner: Option<String> = shared(
                "owner",
                redis::cmd("GET")
                    .arg(self.keys.lease(&game_id))
                    .query_async(&mut c)
                    .await,
            )?;
            // No owner: the room is between two instances (its owner died and
            // nobody has claimed it yet); the claimer attaches this player's
            // connections itself.
            let Some(owner) = owner.filter(|o| *o != self.instance) else {
                return Ok(None);
            };
            Ok(Some(self.relay.link(&owner, &game_id, side, &player)))
        })
    }

    fn remove(&self, game_id: String) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            let room = self.lock().take(&game_id);
            if let Some(room) = room {
                self.forget(&game_id, &room.players).await;
            }
        })
    }

    fn disown(&self, game_id: String) -> BoxFuture<'_, ()> {
        self.lock().take(&game_id);
        Box::pin(async {})
    }

    fn hand_over(&self, game_id: String) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            self.lock().take(&game_id);
            let mut c = self.conn.clone();
            let r: redis::RedisResult<i32> = self
                .let_go
                .key(self.keys.lease(&game_id))
                .arg(&self.instance)
                .invoke_async(&mut c)
                .await;
            // Not let go: the lease expires by itself within LEASE_MS.
            logged("hand over", r, 0);
        })
    }

    fn games(&self) -> BoxFuture<'_, usize> {
        let n = self.lock().rooms.len();
        Box::pin(async move { n })
    }

    fn open_code(&self, code: String, room: OpenRoom) -> BoxFuture<'_, Shared<bool>> {
        Box::pin(async move {
            let fresh = self.set_code(&code, &room).await?;
            if fresh {
                self.lock().codes.insert(code, room);
            }
            Ok(fresh)
        })
    }

    fn code_owner(&self, code: String) -> BoxFuture<'_, Shared<Option<OpenRoom>>> {
        Box::pin(async move {
            let mut c = self.conn.clone();
            let v: Option<String> = shared(
                "code owner",
                redis::cmd("GET")
                    .arg(self.keys.code(&code))
                    .query_async(&mut c)
                    .await,
            )?;
            Ok(v.as_deref().map(OpenRoom::decode))
        })
    }

    fn take_code(&self, code: String) -> BoxFuture<'_, Shared<Option<OpenRoom>>> {
        Box::pin(async move {
            let mut c = self.conn.clone();
            let owner: Option<String> = shared(
                "take code",
                redis::cmd("GETDEL")
                    .arg(self.keys.code(&code))
                    .query_async(&mut c)
                    .await,
            )?;
            self.lock().codes.remove(&code);
            let owner = owner.as_deref().map(OpenRoom::decode);
            if let Some(o) = &owner {
                let r: redis::RedisResult<()> = redis::cmd("SREM")
                    .arg(self.keys.codes_of(&o.creator))
                    .arg(&code)
                    .query_async(&mut c)
                    .await;
                logged("take code", r, ());
            }
            Ok(owner)
        })
    }

    fn close_codes_of(&self, player: String) -> BoxFuture<'_, bool> {
        self.lock().codes.retain(|_, room| room.creator != player);
        Box::pin(async move {
            let mut c = self.conn.clone();
            let codes: Vec<String> = logged(
                "codes of",
                redis::cmd("SMEMBERS")
                    .arg(self.keys.codes_of(&player))
                    .query_async(&mut c)
                    .await,
                Vec::new(),
            );
            let mut closed = false;
            for code in codes {
                // Only a code this player still holds (it may have been joined).
                let owner: Option<String> = logged(
                    "close code",
                    redis::cmd("GET")
                        .arg(self.keys.code(&code))
                        .query_async(&mut c)
                        .await,
                    None,
                );
                if owner.as_deref().map(OpenRoom::decode).map(|o| o.creator) == Some(player.clone())
                {
                    let n: i32 = logged(
                        "close code",
                        redis::cmd("DEL")
                            .arg(self.keys.code(&code))
                            .query_async(&mut c)
                            .await,
                        0,
                    );
                    closed |= n == 1;
                }
            }
            let r: redis::RedisResult<()> = redis::cmd("DEL")
                .arg(self.keys.codes_of(&player))
                .query_async(&mut c)
                .await;
            logged("close codes", r, ());
            closed
        })
    }
}
