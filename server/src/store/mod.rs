//! What the server keeps, behind the [`Store`] trait: players (by token
//! digest), games in progress with their action log appended per action
//! (each write fenced by the game's owner epoch, see [`FIRST_EPOCH`]), and
//! finished games with their result and both rating changes. SQLite
//! ([`sqlite::SqliteStore`], one embedded file) is the default; PostgreSQL
//! ([`postgres::PgStore`]) is the database several instances share. Both
//! pass the same contract (`server/tests/store.rs`).

pub mod postgres;
pub mod sqlite;

use core::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use engine::baifang::referee_protocol::{GameResult, Profile, PublicPlayer, RecentGame, SideCode};
use engine::baifang::{Action, Side};

use crate::matchmaking::BoxFuture;

/// A storage failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The write or read failed, as a sentence.
    Failed(String),
    /// A write for `game` carried owner epoch `epoch` while the game's is
    /// `current` now: another instance took the game over, and the writer
    /// must stop running its room.
    Fenced {
        /// The game.
        game: String,
        /// The epoch the writer holds.
        epoch: u64,
        /// The game's epoch.
        current: u64,
    },
    /// A game cannot start: this player is already in a game in progress
    /// (the store keeps each player in at most one).
    PlayerBusy(String),
    /// A new player was refused: their address created the most it may in an hour.
    TooManyNewPlayers,
}

impl StoreError {
    /// True when the write was refused because its owner epoch is stale.
    pub fn is_fenced(&self) -> bool {
        matches!(self, StoreError::Fenced { .. })
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Failed(s) => write!(f, "storage: {s}"),
            StoreError::Fenced {
                game,
                epoch,
                current,
            } => write!(
                f,
                "storage: game {game}: write refused: it carries owner epoch {epoch} \
                 but the game's is {current} now (another instance took it over)"
            ),
            StoreError::PlayerBusy(p) => {
                write!(f, "storage: player {p} is already in a game in progress")
            }
            StoreError::TooManyNewPlayers => write!(
                f,
                "storage: this address created the most new players it may in an hour"
            ),
        }
    }
}

impl std::error::Error for StoreError {}

/// Result of a store call.
pub type StoreResult<T> = Result<T, StoreError>;

/// Where the server keeps its data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file (created if missing).
    Sqlite(PathBuf),
    /// A PostgreSQL URL (`postgres://…`).
    Postgres(String),
}

impl Database {
    /// A `postgres://` or `postgresql://` URL names PostgreSQL; anything else is an SQLite file.
    pub fn parse(s: &str) -> Database {
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            Database::Postgres(s.to_string())
        } else {
            Database::Sqlite(PathBuf::from(s))
        }
    }
}

impl From<PathBuf> for Database {
    fn from(p: PathBuf) -> Database {
        Database::Sqlite(p)
    }
}

impl fmt::Display for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(p) => write!(f, "{}", p.display()),
            // The URL may carry a password: only its host part is shown.
            Database::Postgres(url) => {
                let host = url.rsplit_once('@').map_or(url.as_str(), |(_, h)| h);
                write!(f, "postgres://…@{host}")
            }
        }
    }
}

/// Opens the store of `db` (inside a tokio runtime).
pub async fn open(db: &Database) -> StoreResult<Arc<dyn Store>> {
    Ok(match db {
        Database::Sqlite(path) => Arc::new(sqlite::SqliteStore::open(path)?),
        Database::Postgres(url) => Arc::new(postgres::PgStore::open(url).await?),
    })
}

/// A finished game as one of `player_id`'s recent games: which side they had and who the
/// opponent was (both stores list recent games through this).
pub(crate) fn recent_game(
    player_id: &str,
    game: NewGame,
    result: GameResult,
    finished_at: u64,
) -> RecentGame {
    let you = if game.players[0].id == player_id {
        Side::Black
    } else {
        Side::White
    };
    RecentGame {
        opponent: game.players[you.other().idx()].clone(),
        game_id: game.id,
        you: SideCode(you),
        result,
        finished_at,
    }
}

/// The owner epoch of a game as it starts. Whoever opens the room of a stored
/// game again (another instance taking it over, or a restart) claims the next
/// one ([`Store::claim_game`]); every append and the settlement carry the
/// room's epoch and are written only while it is still the game's, so a room
/// whose owner stalled past its lease cannot write beside the new owner.
pub const FIRST_EPOCH: u64 = 1;

/// How a side is stored: `B` or `W`.
pub(crate) fn side_letter(s: Side) -> &'static str {
    if s == Side::Black {
        "B"
    } else {
        "W"
    }
}

/// A game as it starts: who plays which side, with the ratings and rated-game
/// counts that its settlement will use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Game id.
    pub id: String,
    /// Black, White (ratings at the start).
    pub players: [PublicPlayer; 2],
    /// Rated games each had played before this one (Elo's K factor).
    pub games_before: [u32; 2],
    /// Start time (server clock, ms).
    pub started_at: u64,
    /// Whether a decisive result may change the ratings (quick match, or a
    /// friend room where both players asked for it); the settlement still
    /// applies the per-game rules (moves made, games per pair per day).
    pub rated: bool,
}

/// Where a new player comes from, for the per-address hourly allowance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The client address's digest ([`crate::ids::address_key`]).
    pub address: String,
    /// Now (server clock, ms).
    pub at_ms: u64,
    /// New players this address may create in the hour before `at_ms`.
    pub per_hour: u32,
}

/// An hour, in ms.
pub const HOUR_MS: u64 = 3_600_000;
/// A day, in ms (the window of the per-pair rated-games limit).
pub const DAY_MS: u64 = 24 * HOUR_MS;

/// A game still in progress, as stored: enough to resume it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// How it started.
    pub game: NewGame,
    /// Every action applied so far, in order (up to the first one that could
    /// not be read, when `problem` is set).
    pub log: Vec<Action>,
    /// Why the stored log cannot be trusted (a gap, an unreadable action):
    /// the game is then quarantined, settled with no winner, not resumed.
    pub problem: Option<String>,
}

/// A finished game's settlement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    /// Game id.
    pub id: String,
    /// Black's and White's player ids.
    pub players: [String; 2],
    /// Winner, reason, rating changes (unchanged ratings when abandoned).
    pub result: GameResult,
    /// When (server clock, ms).
    pub finished_at: u64,
    /// The settling room's owner epoch (written only if still the game's).
    pub epoch: u64,
}

impl Finish {
    /// For an aborted game, the player who made no first action in time.
    pub fn aborted_by(&self) -> Option<&str> {
        self.result
            .aborted_by
            .map(|s| self.players[s.0.idx()].as_str())
    }
}

/// A player's aborts among their most recent finished games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecentAborts {
    /// How many of their last `window` finished games they aborted.
    pub count: u32,
    /// When the latest of those finished (server clock, ms).
    pub last_at: Option<u64>,
}

/// The side of the player stored as a game's aborter.
pub(crate) fn aborter(game: &NewGame, player: Option<String>) -> Option<SideCode> {
    let player = player?;
    [Side::Black, Side::White]
        .into_iter()
        .find(|s| game.players[s.idx()].id == player)
        .map(SideCode)
}

/// A finished game with its log (what an audit or a replay reads).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedGame {
    /// How it started.
    pub game: NewGame,
    /// Every action, in order.
    pub log: Vec<Action>,
    /// How it ended.
    pub result: GameResult,
    /// When.
    pub finished_at: u64,
}

/// How one rated game moved a player's rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingStep {
    /// The game.
    pub game_id: String,
    /// When it ended (server clock, ms).
    pub finished_at: u64,
    /// The player's stored change in it (`after - before`).
    pub change: i32,
}

/// The server's storage.
pub trait Store: Send + Sync {
    /// Adds a new player under the SHA-256 digest of their token, unless
    /// `origin.address` already created `origin.per_hour` players in the
    /// hour before `origin.at_ms` ([`StoreError::TooManyNewPlayers`]).
    fn create_player(
        &self,
        token_digest: [u8; 32],
        me: Profile,
        origin: Origin,
    ) -> BoxFuture<'_, StoreResult<()>>;
    /// The player whose token has this digest.
    fn player_by_token(
        &self,
        token_digest: [u8; 32],
    ) -> BoxFuture<'_, StoreResult<Option<Profile>>>;
    /// The player with this public id.
    fn player(&self, id: String) -> BoxFuture<'_, StoreResult<Option<Profile>>>;
    /// Sets a player's display name.
    fn rename_player(&self, id: String, name: String) -> BoxFuture<'_, StoreResult<()>>;
    /// Records a game that starts now, with owner epoch [`FIRST_EPOCH`];
    /// [`StoreError::PlayerBusy`] if either player is in a game in progress.
    fn start_game(&self, game: NewGame) -> BoxFuture<'_, StoreResult<()>>;
    /// Makes the caller the owner of a game in progress: its owner epoch goes
    /// up by one, and the new epoch comes back with the game and its log as
    /// they are after every write of an earlier epoch (those still in flight
    /// are refused from now on). `None` once finished or if unknown.
    fn claim_game(&self, game_id: String) -> BoxFuture<'_, StoreResult<Option<(u64, StoredGame)>>>;
    /// Appends the action with sequence number `seq` (1-based) to a game in
    /// progress, only if `epoch` is still the game's owner epoch (else
    /// [`StoreError::Fenced`]).
    fn append_action(
        &self,
        game_id: String,
        epoch: u64,
        seq: u32,
        action: Action,
        at_ms: u64,
    ) -> BoxFuture<'_, StoreResult<()>>;
    /// Settles a game: its result, and both players' ratings and records, at
    /// once; only if `finish.epoch` is still the game's owner epoch (else
    /// [`StoreError::Fenced`]). Ratings move by the result's *changes*
    /// (`after - before`), added to what is stored, never overwritten, so
    /// two settlements can never undo each other.
    fn finish_game(&self, finish: Finish) -> BoxFuture<'_, StoreResult<()>>;
    /// Rated games (a winner, counted for rating) between these two players
    /// that finished at or after `since_ms`, in either colour.
    fn rated_games_between(
        &self,
        a: String,
        b: String,
        since_ms: u64,
    ) -> BoxFuture<'_, StoreResult<u32>>;
    /// How many of `player_id`'s last `window` finished games they aborted,
    /// and when the latest of those ended.
    fn recent_aborts(
        &self,
        player_id: String,
        window: u32,
    ) -> BoxFuture<'_, StoreResult<RecentAborts>>;
    /// Checks the store's invariants and lists every breach as a sentence
    /// (empty: sound): each player's rating is the start rating plus the
    /// changes of their finished games; their record counts those games;
    /// every game's actions are numbered 1, 2, 3… without a gap; a player is
    /// in at most one game in progress. The fault tests run it after each fault.
    fn audit(&self) -> BoxFuture<'_, StoreResult<Vec<String>>>;
    /// Every game still in progress (to resume after a restart).
    fn games_in_progress(&self) -> BoxFuture<'_, StoreResult<Vec<StoredGame>>>;
    /// One game in progress with its log (what an instance taking the game
    /// over rebuilds it from); `None` once it is finished or if unknown.
    fn game_in_progress(&self, game_id: String) -> BoxFuture<'_, StoreResult<Option<StoredGame>>>;
    /// A player's latest finished games, newest first.
    fn recent_games(
        &self,
        player_id: String,
        limit: u32,
    ) -> BoxFuture<'_, StoreResult<Vec<RecentGame>>> {
        self.games_page(player_id, 0, limit)
    }
    /// A page of a player's finished games, newest first: `limit` of them
    /// after skipping the newest `offset`.
    fn games_page(
        &self,
        player_id: String,
        offset: u32,
        limit: u32,
    ) -> BoxFuture<'_, StoreResult<Vec<RecentGame>>>;
    /// The `limit` highest-rated players with at least one rated game,
    /// highest first (ties: more games first, then by id).
    fn leaderboard(&self, limit: u32) -> BoxFuture<'_, StoreResult<Vec<Profile>>>;
    /// How each of a player's rated games (a winner, counted for rating)
    /// moved their rating, oldest first: the changes the settlements added.
    fn rating_history(&self, player_id: String) -> BoxFuture<'_, StoreResult<Vec<RatingStep>>>;
    /// One finished game with its log.
    fn finished_game(&self, game_id: String) -> BoxFuture<'_, StoreResult<Option<FinishedGame>>>;
    /// Answers once the store could take a write now, writing nothing (what
    /// `/readyz` asks): PostgreSQL runs `SELECT 1` on a pooled connection;
    /// SQLite goes through its writer thread and takes the write lock, so a
    /// stuck writer or a lock held by another program counts as down.
    fn ping(&self) -> BoxFuture<'_, StoreResult<()>>;
}

/// The audit's queries (plain SQL both stores run as they are): each lists
/// one kind of breach of the store's invariants as sentences.
pub(crate) fn audit_queries() -> [String; 4] {
    let start = engine::baifang::elo::start_rating();
    let finished_sides = |extra: &str| {
        format!(
            "SELECT black AS pid, black_rating_after - black_rating AS d FROM games \
             WHERE status = 'finished'{extra} \
             UNION ALL SELECT white, white_rating_after - white_rating FROM games \
             WHERE status = 'finished'{extra}"
        )
    };
    [
        format!(
            "SELECT 'player ' || p.id || ': rating ' || CAST(p.rating AS TEXT) || \
             ' but the start rating plus the stored changes is ' || \
             CAST({start} + COALESCE(SUM(c.d), 0) AS TEXT) \
             FROM players p LEFT JOIN ({}) c ON c.pid = p.id \
             GROUP BY p.id, p.rating HAVING p.rating <> {start} + COALESCE(SUM(c.d), 0)",
            finished_sides(" AND unrated IS NULL")
        ),
        format!(
            "SELECT 'player ' || p.id || ': ' || CAST(p.games AS TEXT) || \
             ' games on record but ' || CAST(COUNT(c.pid) AS TEXT) || ' rated games stored' \
             FROM players p LEFT JOIN ({}) c ON c.pid = p.id \
             GROUP BY p.id, p.games HAVING p.games <> COUNT(c.pid)",
            finished_sides(" AND winner IS NOT NULL AND unrated IS NULL")
        ),
        "SELECT 'game ' || game_id || ': ' || CAST(COUNT(*) AS TEXT) || \
         ' actions stored but numbered up to ' || CAST(MAX(seq) AS TEXT) \
         FROM actions GROUP BY game_id HAVING COUNT(*) <> MAX(seq) OR MIN(seq) <> 1"
            .to_string(),
        "SELECT 'player ' || pid || ' is in ' || CAST(COUNT(*) AS TEXT) || ' games in progress' \
         FROM (SELECT black AS pid FROM games WHERE status = 'playing' \
         UNION ALL SELECT white FROM games WHERE status = 'playing') s \
         GROUP BY pid HAVING COUNT(*) > 1"
            .to_string(),
    ]
}

/// A player's rated games with their rating change (`id, finished_at, d,
/// ord`), one select per side so each goes through its side's index; `player`
/// is the placeholder of the player's id, `ord` the column that orders games
/// finished in the same millisecond.
pub(crate) fn history_sql(player: &str, ord: &str) -> String {
    let side = |side: &str| {
        format!(
            "SELECT id, finished_at, {side}_rating_after - {side}_rating AS d, {ord} AS ord \
             FROM games WHERE {side} = {player} AND status = 'finished' \
             AND winner IS NOT NULL AND unrated IS NULL"
        )
    };
    format!("{} UNION ALL {}", side("black"), side("white"))
}
