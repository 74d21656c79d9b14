//! Where live games and open friend rooms are found, behind the [`Directory`]
//! trait: which room a player's game runs in (so any tab or a reconnecting
//! page reaches it), and which player opened which friend room code. This
//! process's maps today; a shared backend can implement the same trait.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use tokio::sync::mpsc;

use engine::baifang::Side;

use crate::matchmaking::{BoxFuture, Shared};
use crate::messages::{RoomCmd, RoomLink};

/// The index of live games and friend room codes.
pub trait Directory: Send + Sync {
    /// Registers a room for both its players (Black, White); false, and no
    /// change, if either already has a game.
    fn insert(
        &self,
        game_id: String,
        players: [String; 2],
        tx: mpsc::UnboundedSender<RoomCmd>,
    ) -> BoxFuture<'_, Shared<bool>>;
    /// The room of this player's game in progress. A shared directory that
    /// cannot be reached answers from the rooms of this process alone, and
    /// [`Unavailable`](crate::matchmaking::Unavailable) for anyone else: "no
    /// game" would be a guess, and a player told so could start a second one.
    fn game_of(&self, player: String) -> BoxFuture<'_, Shared<Option<RoomLink>>>;
    /// Forgets a finished game.
    fn remove(&self, game_id: String) -> BoxFuture<'_, ()>;
    /// Forgets the room of a game that another instance owns now, leaving
    /// what the new owner registered. (In one process nobody else can own
    /// a game: the same as [`Directory::remove`].)
    fn disown(&self, game_id: String) -> BoxFuture<'_, ()> {
        self.remove(game_id)
    }
    /// Lets go of the room of a game this instance cannot write for, so that
    /// another instance claims it (the players' entries stay). In one process
    /// nobody else could: the same as [`Directory::disown`].
    fn hand_over(&self, game_id: String) -> BoxFuture<'_, ()> {
        self.disown(game_id)
    }
    /// Games registered now.
    fn games(&self) -> BoxFuture<'_, usize>;
    /// Opens a friend room under `code` for `creator`; false if the code is taken.
    fn open_code(&self, code: String, room: OpenRoom) -> BoxFuture<'_, Shared<bool>>;
    /// Who opened the room with this code.
    fn code_owner(&self, code: String) -> BoxFuture<'_, Shared<Option<OpenRoom>>>;
    /// Closes the room with this code and returns its creator (once).
    fn take_code(&self, code: String) -> BoxFuture<'_, Shared<Option<OpenRoom>>>;
    /// Closes every room this player opened; true if there was one.
    fn close_codes_of(&self, player: String) -> BoxFuture<'_, bool>;
}

/// A friend room code lasts at most this long (it closes sooner, when its
/// creator leaves or it is joined).
pub const CODE_TTL_MS: u64 = 30 * 60 * 1000;

/// An open friend room: who opened it, and whether they asked for a rated game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenRoom {
    /// The creator's player id.
    pub creator: String,
    /// The creator ticked "rated".
    pub rated: bool,
}

impl OpenRoom {
    /// As a shared directory stores it: the id, then ` rated` when asked for
    /// (player ids hold no spaces).
    pub fn encode(&self) -> String {
        if self.rated {
            format!("{} rated", self.creator)
        } else {
            self.creator.clone()
        }
    }
    /// Reads [`OpenRoom::encode`].
    pub fn decode(s: &str) -> OpenRoom {
        match s.split_once(' ') {
            Some((creator, flag)) => OpenRoom {
                creator: creator.to_string(),
                rated: flag == "rated",
            },
            None => OpenRoom {
                creator: s.to_string(),
                rated: false,
            },
        }
    }
}

#[derive(Default)]
struct Maps {
    /// Player id → (game id, side, room inbox).
    players: HashMap<String, RoomLink>,
    /// Game id → its two players.
    games: HashMap<String, [String; 2]>,
    /// Friend room code → creator.
    codes: HashMap<String, OpenRoom>,
}

/// The directory of this process.
#[derive(Default)]
pub struct LocalDirectory {
    maps: Mutex<Maps>,
}

impl LocalDirectory {
    fn lock(&self) -> MutexGuard<'_, Maps> {
        self.maps.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn ready<'a, T: Send + 'a>(v: T) -> BoxFuture<'a, T> {
    Box::pin(async move { v })
}

impl Directory for LocalDirectory {
    fn insert(
        &self,
        game_id: String,
        players: [String; 2],
        tx: mpsc::UnboundedSender<RoomCmd>,
    ) -> BoxFuture<'_, Shared<bool>> {
        let mut m = self.lock();
        if players.iter().any(|p| m.players.contains_key(p)) || players[0] == players[1] {
            return ready(Ok(false));
        }
        for (side, p) in [Side::Black, Side::White].into_iter().zip(&players) {
            let link = RoomLink {
                game_id: game_id.clone(),
                side,
                tx: tx.clone(),
            };
            m.players.insert(p.clone(), link);
        }
        m.games.insert(game_id, players);
        ready(Ok(true))
    }

    fn game_of(&self, player: String) -> BoxFuture<'_, Shared<Option<RoomLink>>> {
        ready(Ok(self.lock().players.get(&player).cloned()))
    }

    fn remove(&self, game_id: String) -> BoxFuture<'_, ()> {
        let mut m = self.lock();
        if let Some(players) = m.games.remove(&game_id) {
            for p in players {
                if m.players.get(&p).is_some_and(|l| l.game_id == game_id) {
                    m.players.remove(&p);
                }
            }
        }
        ready(())
    }

    fn games(&self) -> BoxFuture<'_, usize> {
        ready(self.lock().games.len())
    }

    fn open_code(&self, code: String, room: OpenRoom) -> BoxFuture<'_, Shared<bool>> {
        let mut m = self.lock();
        let fresh = !m.codes.contains_key(&code);
        if fresh {
            m.codes.insert(code, room);
        }
        ready(Ok(fresh))
    }

    fn code_owner(&self, code: String) -> BoxFuture<'_, Shared<Option<OpenRoom>>> {
        ready(Ok(self.lock().codes.get(&code).cloned()))
    }

    fn take_code(&self, code: String) -> BoxFuture<'_, Shared<Option<OpenRoom>>> {
        ready(Ok(self.lock().codes.remove(&code)))
    }

    fn close_codes_of(&self, player: String) -> BoxFuture<'_, bool> {
        let mut m = self.lock();
        let before = m.codes.len();
        m.codes.retain(|_, room| room.creator != player);
        ready(m.codes.len() != before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn one_game_per_player_and_codes_taken_once() {
        let d = LocalDirectory::default();
        let (tx, _rx) = mpsc::unbounded_channel();
        let insert =
            |g: &str, a: &str, b: &str| d.insert(g.into(), [a.into(), b.into()], tx.clone());
        assert_eq!(insert("g", "a", "b").await, Ok(true));
        assert_eq!(insert("h", "b", "c").await, Ok(false));
        assert_eq!(insert("h", "c", "c").await, Ok(false));
        assert_eq!(
            d.game_of("b".into()).await.unwrap().map(|l| l.side),
            Some(Side::White)
        );
        d.remove("g".into()).await;
        assert!(d.game_of("a".into()).await.unwrap().is_none());
        let room = |c: &str, rated| OpenRoom {
            creator: c.into(),
            rated,
        };
        assert_eq!(
            d.open_code("ABCDEF".into(), room("a", true)).await,
            Ok(true)
        );
        assert_eq!(
            d.open_code("ABCDEF".into(), room("b", false)).await,
            Ok(false)
        );
        assert_eq!(
            d.code_owner("ABCDEF".into()).await,
            Ok(Some(room("a", true)))
        );
        assert_eq!(
            d.take_code("ABCDEF".into()).await,
            Ok(Some(room("a", true)))
        );
        assert_eq!(d.take_code("ABCDEF".into()).await, Ok(None));
        assert_eq!(
            d.open_code("XYZ234".into(), room("a", false)).await,
            Ok(true)
        );
        for r in [room("p1", true), room("p2", false)] {
            assert_eq!(OpenRoom::decode(&r.encode()), r);
        }
        assert!(d.close_codes_of("a".into()).await);
        assert!(!d.close_codes_of("a".into()).await);
    }
}
