//! Watching a live game: where a spectator's connection finds the game's
//! room (on this instance or, through the relay, on another), and the
//! spectators connected here, by connection id (a room on another instance
//! sends to them through the relay, which finds them here).

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use crate::directory::Directory;
use crate::matchmaking::{Shared, Unavailable};
use crate::messages::{ConnHandle, RoomLink};
use crate::store::Store;

/// The spectators' connections on this instance, with the game each watches.
#[derive(Default)]
pub struct Spectators {
    conns: Mutex<HashMap<u64, (ConnHandle, String)>>,
}

impl Spectators {
    fn lock(&self) -> MutexGuard<'_, HashMap<u64, (ConnHandle, String)>> {
        self.conns.lock().unwrap_or_else(|e| e.into_inner())
    }
    /// Records a spectator's connection watching `game`.
    pub fn register(&self, conn: ConnHandle, game: &str) {
        self.lock().insert(conn.id, (conn, game.to_string()));
    }
    /// The connections here watching `game` (a room on another instance
    /// attaches them again after the relay was down).
    pub fn watching(&self, game: &str) -> Vec<ConnHandle> {
        self.lock()
            .values()
            .filter(|(_, g)| g == game)
            .map(|(c, _)| c.clone())
            .collect()
    }
    /// Forgets a spectator's connection.
    pub fn unregister(&self, conn_id: u64) {
        self.lock().remove(&conn_id);
    }
    /// Messages waiting on the spectator's connection with the most of them.
    pub fn deepest_queue(&self) -> usize {
        self.lock()
            .values()
            .map(|(c, _)| c.queued())
            .max()
            .unwrap_or(0)
    }
    /// The spectator's connection with this id, if it is here.
    pub fn get(&self, conn_id: u64) -> Option<ConnHandle> {
        self.lock().get(&conn_id).map(|(c, _)| c.clone())
    }
}

/// The room of the live game `game_id`, for a spectator: none when no game
/// with that id is in progress (finished, or never started);
/// [`Unavailable`] when the store or the shared directory cannot say.
pub async fn watch_link(
    store: &dyn Store,
    directory: &dyn Directory,
    game_id: &str,
) -> Shared<Option<RoomLink>> {
    let stored = match store.game_in_progress(game_id.to_string()).await {
        Ok(Some(g)) => g,
        Ok(None) => return Ok(None),
        Err(e) => {
            tracing::error!("watch {game_id}: {e}");
            return Err(Unavailable);
        }
    };
    // The room is found through its first player, as their own
    // connections find it; a player already in their next game (this one
    // just settled) is not this game's room.
    let black = stored.game.players[0].id.clone();
    let link = directory.game_of(black).await?;
    Ok(link.filter(|l| l.game_id == game_id))
}
