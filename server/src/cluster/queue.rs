//! The quick-match queue all instances share: one Redis sorted set (member:
//! player, score: rating) and a hash of join times. Every instance pairs
//! with the same widening window as a single server ([`crate::matchmaking::pair`]
//! over a snapshot of the set); each pair is then taken out by a Lua script
//! that removes both players only if both are still there, so two instances
//! pairing the same snapshot at once never take a player twice: the one that
//! loses the race skips that pair, and its players wait for the next round.
//!
//! Each waiting player is recorded with the instance their connection is on.
//! A player whose instance has stopped renewing its liveness key (it died,
//! taking their connection with it) is dropped from the queue at the next
//! pairing instead of being matched with nobody at the other end.

use redis::aio::ConnectionManager;
use redis::Script;

use super::Keys;
use crate::matchmaking::{pair, BoxFuture, Matchmaker, Shared, Unavailable, Waiting};

/// Removes KEYS[1]'s members ARGV[1] and ARGV[2] (and their join times in
/// KEYS[2]) only if both are still waiting: 1 if taken, 0 if not.
const TAKE_PAIR: &str = r"
if redis.call('ZSCORE', KEYS[1], ARGV[1]) == false or redis.call('ZSCORE', KEYS[1], ARGV[2]) == false then
  return 0
end
redis.call('ZREM', KEYS[1], ARGV[1], ARGV[2])
redis.call('HDEL', KEYS[2], ARGV[1], ARGV[2])
return 1
";

/// Adds ARGV[1] with score ARGV[2] and its "join time, instance" ARGV[3]
/// unless already waiting.
const JOIN: &str = r"
if redis.call('ZADD', KEYS[1], 'NX', ARGV[2], ARGV[1]) == 0 then
  return 0
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
return 1
";

/// Drops ARGV[1] if still recorded as ARGV[2] (so a player who joined again
/// through a live instance stays).
const DROP: &str = r"
if redis.call('HGET', KEYS[2], ARGV[1]) == ARGV[2] then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
  return 1
end
return 0
";

/// The Redis-backed [`Matchmaker`].
pub struct RedisQueue {
    conn: ConnectionManager,
    keys: Keys,
    instance: String,
    take_pair: Script,
    join: Script,
    drop: Script,
    /// The players who joined through this instance, kept to put them back
    /// should Redis lose the queue (a restart without persistence).
    local: std::sync::Mutex<std::collections::HashMap<String, Waiting>>,
}

/// One waiting player as stored: who, and through which instance.
struct Entry {
    waiting: Waiting,
    /// The stored "join time, instance" value.
    raw: String,
    instance: String,
}

impl RedisQueue {
    /// The queue under `keys`' prefix, joined through `instance`.
    pub fn new(conn: ConnectionManager, keys: Keys, instance: String) -> RedisQueue {
        RedisQueue {
            conn,
            keys,
            instance,
            take_pair: Script::new(TAKE_PAIR),
            join: Script::new(JOIN),
            drop: Script::new(DROP),
            local: Default::default(),
        }
    }

    fn local(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<String, Waiting>> {
        self.local.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The players who joined through this instance and may still wait.
    pub fn waiting_here(&self) -> Vec<Waiting> {
        self.local().values().cloned().collect()
    }

    /// These players got a game through another instance (which took them out
    /// of Redis's queue): no longer kept here to be put back after an outage.
    /// Kept, a stale entry would be put back while the game's owner is still
    /// writing its own part back, and pull a player who is playing into a
    /// quick match they never asked for.
    pub fn forget_playing(&self, players: &[String; 2]) {
        let mut local = self.local();
        players.iter().for_each(|p| {
            local.remove(p);
        });
    }

    /// Once Redis answers again: puts a player who joined here back in the
    /// queue with the time they first joined (a no-op if still there), or,
    /// when they no longer wait (`waits` false), forgets them.
    pub async fn put_back(&self, w: &Waiting, waits: bool) -> Shared<()> {
        if !waits {
            self.local().remove(&w.player);
            return Ok(());
        }
        self.enter(w).await.map(|_| ()).map_err(|e| {
            tracing::warn!("redis rejoin: {e}");
            Unavailable
        })
    }

    async fn enter(&self, w: &Waiting) -> redis::RedisResult<i32> {
        let mut c = self.conn.clone();
        self.join
            .key(self.keys.queue())
            .key(self.keys.since())
            .arg(&w.player)
            .arg(w.rating)
            // "since instance class": P for provisional, E for established.
            .arg(format!(
                "{} {} {}",
                w.since_ms,
                self.instance,
                if w.provisional { "P" } else { "E" }
            ))
            .invoke_async(&mut c)
            .await
    }

    /// Everyone waiting whose instance is alive; the others are dropped.
    async fn live(&self) -> redis::RedisResult<Vec<Waiting>> {
        let entries = self.snapshot().await?;
        let mut instances: Vec<&str> = entries.iter().map(|e| e.instance.as_str()).collect();
        instances.sort_unstable();
        instances.dedup();
        if instances.is_empty() {
            return Ok(Vec::new());
        }
        let mut c = self.conn.clone();
        let alive: Vec<Option<String>> = redis::cmd("MGET")
            .arg(
                instances
                    .iter()
                    .map(|i| self.keys.alive(i))
                    .collect::<Vec<_>>(),
            )
            .query_async(&mut c)
            .await?;
        let dead: Vec<&str> = instances
            .iter()
            .zip(alive)
            .filter(|(_, a)| a.is_none())
            .map(|(i, _)| *i)
            .collect();
        let mut live = Vec::with_capacity(entries.len());
        for e in &entries {
            if !dead.contains(&e.instance.as_str()) {
                live.push(e.waiting.clone());
                continue;
            }
            let _: i32 = self
                .drop
                .key(self.keys.queue())
                .key(self.keys.since())
                .arg(&e.waiting.player)
                .arg(&e.raw)
                .invoke_async(&mut c)
                .await?;
            tracing::info!(
                "{} left the queue: their instance {} stopped",
                e.waiting.player,
                e.instance
            );
        }
        Ok(live)
    }

    async fn snapshot(&self) -> redis::RedisResult<Vec<Entry>> {
        let mut c = self.conn.clone();
        let ratings: Vec<(String, f64)> = redis::cmd("ZRANGE")
            .arg(self.keys.queue())
            .arg(0)
            .arg(-1)
            .arg("WITHSCORES")
            .query_async(&mut c)
            .await?;
        if ratings.is_empty() {
            return Ok(Vec::new());
        }
        let since: Vec<Option<String>> = redis::cmd("HMGET")
            .arg(self.keys.since())
            .arg(ratings.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>())
            .query_async(&mut c)
            .await?;
        Ok(ratings
            .into_iter()
            .zip(since)
            // Between the two reads a player may have left: skipped (the
            // take script would find them gone anyway).
            .filter_map(|((player, rating), raw)| {
                let raw = raw?;
                let mut parts = raw.split(' ');
                let since = parts.next()?;
                let instance = parts.next()?;
                let provisional = parts.next() == Some("P");
                Some(Entry {
                    waiting: Waiting {
                        player,
                        rating: rating as i32,
                        since_ms: since.parse().ok()?,
                        provisional,
                    },
                    instance: instance.to_string(),
                    raw,
                })
            })
            .collect())
    }

    async fn take(&self, now_ms: u64) -> redis::RedisResult<Vec<(Waiting, Waiting)>> {
        let queue = self.live().await?;
        let mut c = self.conn.clone();
        let mut taken = Vec::new();
        for (i, j) in pair(&queue, now_ms) {
            let ok: i32 = self
                .take_pair
                .key(self.keys.queue())
                .key(self.keys.since())
                .arg(&queue[i].player)
                .arg(&queue[j].player)
                .invoke_async(&mut c)
                .await?;
            if ok == 1 {
                let mut local = self.local();
                local.remove(&queue[i].player);
                local.remove(&queue[j].player);
                taken.push((queue[i].clone(), queue[j].clone()));
            }
        }
        Ok(taken)
    }
}

fn logged<T>(what: &str, r: redis::RedisResult<T>, fallback: T) -> T {
    r.unwrap_or_else(|e| {
        tracing::error!("redis {what}: {e}");
        fallback
    })
}

impl Matchmaker for RedisQueue {
    fn join(&self, w: Waiting) -> BoxFuture<'_, Shared<bool>> {
        Box::pin(async move {
            let fresh = self.enter(&w).await.map_err(|e| {
                tracing::warn!("redis join: {e}");
                Unavailable
            })? == 1;
            if fresh {
                self.local().insert(w.player.clone(), w);
            }
            Ok(fresh)
        })
    }

    fn leave(&self, player: String) -> BoxFuture<'_, bool> {
        self.local().remove(&player);
        Box::pin(async move {
            let mut c = self.conn.clone();
            let r: redis::RedisResult<(i32, i32)> = redis::pipe()
                .atomic()
                .cmd("ZREM")
                .arg(self.keys.queue())
                .arg(&player)
                .cmd("HDEL")
                .arg(self.keys.since())
                .arg(&player)
                .query_async(&mut c)
                .await;
            logged("leave", r, (0, 0)).0 == 1
        })
    }

    fn take_pairs(&self, now_ms: u64) -> BoxFuture<'_, Vec<(Waiting, Waiting)>> {
        Box::pin(async move { logged("pairing", self.take(now_ms).await, Vec::new()) })
    }

    fn waiting(&self) -> BoxFuture<'_, usize> {
        Box::pin(async move {
            let mut c = self.conn.clone();
            let r: redis::RedisResult<usize> = redis::cmd("ZCARD")
                .arg(self.keys.queue())
                .query_async(&mut c)
                .await;
            logged("queue size", r, 0)
        })
    }
}
