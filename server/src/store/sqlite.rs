//! The SQLite store: one embedded database file in WAL mode. All writes go
//! through one writer thread that commits whatever has queued up as a single
//! transaction (group commit: many rooms' per-action appends cost one commit),
//! each write inside its own savepoint so one failure does not sink the others.
//! Reads use a second connection on tokio's blocking pool; WAL checkpoints a
//! third, so neither ever holds up a commit. No SQLite call runs on an async
//! worker.

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use rusqlite::{params, Connection, OptionalExtension};
use tokio::sync::{mpsc, oneshot, Semaphore};

use engine::baifang::referee_protocol::{
    EndReason, GameResult, Profile, PublicPlayer, RatingChange, RecentGame, SideCode, Unrated,
};
use engine::baifang::{Action, Side};

use super::{
    aborter, audit_queries, history_sql, side_letter, Finish, FinishedGame, NewGame, Origin,
    RatingStep, RecentAborts, Store, StoreError, StoreResult, StoredGame, HOUR_MS,
};
use crate::matchmaking::BoxFuture;

/// The schema version this server writes (`PRAGMA user_version`).
const SCHEMA_VERSION: i64 = 4;
/// Writes committed together at most.
const BATCH: usize = 512;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS players (
    id           TEXT PRIMARY KEY,
    token_sha256 BLOB NOT NULL UNIQUE,
    name         TEXT NOT NULL,
    rating       INTEGER NOT NULL,
    games        INTEGER NOT NULL DEFAULT 0,
    wins         INTEGER NOT NULL DEFAULT 0,
    losses       INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS games (
    id                 TEXT PRIMARY KEY,
    black              TEXT NOT NULL REFERENCES players(id),
    white              TEXT NOT NULL REFERENCES players(id),
    black_rating       INTEGER NOT NULL,
    white_rating       INTEGER NOT NULL,
    black_games        INTEGER NOT NULL,
    white_games        INTEGER NOT NULL,
    started_at         INTEGER NOT NULL,
    status             TEXT NOT NULL CHECK (status IN ('playing', 'finished')),
    winner             TEXT CHECK (winner IN ('B', 'W')),
    reason             TEXT,
    black_rating_after INTEGER,
    white_rating_after INTEGER,
    finished_at        INTEGER
);
CREATE INDEX IF NOT EXISTS games_status ON games(status);
CREATE INDEX IF NOT EXISTS games_black ON games(black, finished_at);
CREATE INDEX IF NOT EXISTS games_white ON games(white, finished_at);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    action  TEXT NOT NULL,
    at      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
";

/// The steps from one schema version to the next: entry `i` brings version
/// `i + 1` to `i + 2` ([`SCHEMA`] is version 1, so a new file takes them all).
const UPGRADES: [&str; 3] = [
    // 2: the owner epoch of each game (see `store::FIRST_EPOCH`).
    "ALTER TABLE games ADD COLUMN owner_epoch INTEGER NOT NULL DEFAULT 1;",
    // 3: where and when each player was created (the hourly allowance per
    // address), whether a game may be rated and why it was not, the one game
    // each player is in (enforced by the primary key), and the index behind
    // the per-pair daily limit.
    "ALTER TABLE players ADD COLUMN created_by TEXT NOT NULL DEFAULT '';
     ALTER TABLE players ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
     CREATE INDEX players_created ON players(created_by, created_at);
     ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
     ALTER TABLE games ADD COLUMN unrated TEXT;
     CREATE INDEX games_pair ON games(black, white, finished_at);
     CREATE TABLE playing (
         player  TEXT PRIMARY KEY REFERENCES players(id),
         game_id TEXT NOT NULL REFERENCES games(id)
     ) WITHOUT ROWID;
     INSERT OR IGNORE INTO playing SELECT black, id FROM games WHERE status = 'playing';
     INSERT OR IGNORE INTO playing SELECT white, id FROM games WHERE status = 'playing';",
    // 4: who aborted a game (did not make a first action in time), for the
    // quick-match cooldown of serial aborters.
    "ALTER TABLE games ADD COLUMN aborted_by TEXT;
     CREATE INDEX players_rating ON players(rating DESC, games DESC);",
];

/// One queued write and where its result goes.
struct Write {
    op: Op,
    done: oneshot::Sender<StoreResult<()>>,
}

enum Op {
    CreatePlayer([u8; 32], Profile, Origin),
    Rename(String, String),
    StartGame(NewGame),
    Claim(String),
    /// Game, epoch, seq, action as JSON, time.
    Append(String, u64, u32, String, u64),
    Finish(Finish),
    /// Takes the write lock and writes nothing ([`Store::ping`]).
    Ping,
}

/// The SQLite-backed [`Store`].
pub struct SqliteStore {
    reader: Arc<Mutex<Connection>>,
    /// One read at a time on a blocking thread: the reader connection takes
    /// them one by one anyway, and a burst of reads (players signing in) would
    /// otherwise start a blocking thread each, whose stacks and allocator
    /// arenas stay resident.
    read_turn: Arc<Semaphore>,
    writes: mpsc::UnboundedSender<Write>,
}

fn err(e: impl std::fmt::Display) -> StoreError {
    StoreError::Failed(e.to_string())
}

fn lock(c: &Mutex<Connection>) -> MutexGuard<'_, Connection> {
    c.lock().unwrap_or_else(|e| e.into_inner())
}

fn open_connection(path: &Path) -> StoreResult<Connection> {
    let c = Connection::open(path)
        .map_err(|e| StoreError::Failed(format!("cannot open database {}: {e}", path.display())))?;
    // WAL: readers never block the writer; NORMAL: a commit survives a crash
    // of this process (not a power cut before the next checkpoint).
    c.execute_batch(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
         PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
    )
    .map_err(err)?;
    Ok(c)
}

impl SqliteStore {
    /// Opens (creating if needed) the database at `path` and starts its
    /// writer task. Must be called inside a tokio runtime.
    pub fn open(path: &Path) -> StoreResult<SqliteStore> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| StoreError::Failed(format!("cannot create {}: {e}", dir.display())))?;
        }
        let mut writer = open_connection(path)?;
        let version: i64 = writer
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(err)?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::Failed(format!(
                "{} was written by a newer server (schema {version}, this one knows {SCHEMA_VERSION})",
                path.display()
            )));
        }
        migrate(&mut writer, version)?;
        // Checkpoints (copying the WAL into the database file, with an fsync)
        // run on their own connection, so a commit never waits for one.
        writer
            .execute_batch("PRAGMA wal_autocheckpoint = 0")
            .map_err(err)?;
        let checkpointer = open_connection(path)?;
        let reader = open_connection(path)?;
        reader
            .execute_batch("PRAGMA query_only = ON")
            .map_err(err)?;
        let (tx, rx) = mpsc::unbounded_channel();
        let writer = Arc::new(Mutex::new(writer));
        tokio::spawn(checkpoint_loop(Arc::downgrade(&writer), checkpointer));
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || write_loop(writer, rx))
            .map_err(|e| StoreError::Failed(format!("cannot start the writer thread: {e}")))?;
        Ok(SqliteStore {
            reader: Arc::new(Mutex::new(reader)),
            read_turn: Arc::new(Semaphore::new(1)),
            writes: tx,
        })
    }

    fn write(&self, op: Op) -> BoxFuture<'_, StoreResult<()>> {
        let (done, result) = oneshot::channel();
        let queued = self.writes.send(Write { op, done }).is_ok();
        Box::pin(async move {
            if !queued {
                return Err(StoreError::Failed("the writer has stopped".into()));
            }
            result
                .await
                .unwrap_or_else(|_| Err(StoreError::Failed("the writer has stopped".into())))
        })
    }

    fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> BoxFuture<'_, StoreResult<T>> {
        let (reader, turn) = (self.reader.clone(), self.read_turn.clone());
        Box::pin(async move {
            let Ok(turn) = turn.acquire_owned().await else {
                return Err(StoreError::Failed("the reader has stopped".into()));
            };
            tokio::task::spawn_blocking(move || {
                let _turn = turn;
                f(&lock(&reader)).map_err(err)
            })
            .await
            .unwrap_or_else(|e| Err(err(e)))
        })
    }
}

/// Brings a database at schema `version` (0: new) to [`SCHEMA_VERSION`],
/// each step in its own transaction with the version it reaches.
fn migrate(c: &mut Connection, version: i64) -> StoreResult<()> {
    let steps = std::iter::once(SCHEMA).chain(UPGRADES);
    for (to, step) in (1..=SCHEMA_VERSION).zip(steps) {
        if to <= version {
            continue;
        }
        let tx = c.transaction().map_err(err)?;
        tx.execute_batch(step).map_err(err)?;
        tx.execute_batch(&format!("PRAGMA user_version = {to}"))
            .map_err(err)?;
        tx.commit().map_err(err)?;
    }
    Ok(())
}

/// How often the WAL is copied into the database file.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// Checkpoints the WAL every [`CHECKPOINT_EVERY`] without blocking the writer
/// (PASSIVE), for as long as the store's writer exists.
async fn checkpoint_loop(writer: std::sync::Weak<Mutex<Connection>>, conn: Connection) {
    let conn = Arc::new(Mutex::new(conn));
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if writer.strong_count() == 0 {
            return;
        }
        let conn = conn.clone();
        let done = tokio::task::spawn_blocking(move || {
            lock(&conn).query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))
        })
        .await;
        if let Ok(Err(e)) = done {
            tracing::warn!("checkpoint: {e}");
        }
    }
}

/// The writer thread: takes whatever writes have queued up, commits them as
/// one transaction, answers each; ends when the store is dropped.
fn write_loop(conn: Arc<Mutex<Connection>>, mut rx: mpsc::UnboundedReceiver<Write>) {
    let mut batch = Vec::with_capacity(BATCH);
    while let Some(first) = rx.blocking_recv() {
        batch.push(first);
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(w) => batch.push(w),
                Err(_) => break,
            }
        }
        let (ops, dones): (Vec<Op>, Vec<_>) = batch.drain(..).map(|w| (w.op, w.done)).unzip();
        let results = write_batch(&mut lock(&conn), &ops);
        for (done, r) in dones.into_iter().zip(results) {
            let _ = done.send(r);
        }
    }
}

fn write_batch(conn: &mut Connection, ops: &[Op]) -> Vec<StoreResult<()>> {
    let mut tx = match conn.transaction() {
        Ok(tx) => tx,
        Err(e) => return vec![Err(err(e)); ops.len()],
    };
    let mut results = Vec::with_capacity(ops.len());
    for op in ops {
        let r = tx.savepoint().map_err(err).and_then(|sp| {
            apply(&sp, op)?;
            sp.commit().map_err(err)
        });
        results.push(r);
    }
    match tx.commit() {
        Ok(()) => results,
        Err(e) => vec![Err(err(e)); ops.len()],
    }
}

/// Refuses a write for `game` whose owner epoch is not the game's (an
/// unknown game is left to the write itself to refuse).
fn check_epoch(tx: &Connection, game: &str, epoch: u64) -> StoreResult<()> {
    let current: Option<i64> = tx
        .prepare_cached("SELECT owner_epoch FROM games WHERE id = ?1")
        .and_then(|mut st| st.query_row([game], |r| r.get(0)).optional())
        .map_err(err)?;
    match current {
        Some(c) if c as u64 != epoch => Err(StoreError::Fenced {
            game: game.to_string(),
            epoch,
            current: c as u64,
        }),
        _ => Ok(()),
    }
}

fn apply(tx: &Connection, op: &Op) -> StoreResult<()> {
    match op {
        Op::Append(game, epoch, ..) => check_epoch(tx, game, *epoch)?,
        Op::Finish(f) => check_epoch(tx, &f.id, f.epoch)?,
        Op::CreatePlayer(_, _, origin) => check_allowance(tx, origin)?,
        Op::StartGame(g) => check_free(tx, g)?,
        _ => {}
    }
    write(tx, op).map_err(err)
}

/// Refuses a new player once the address used its hourly allowance.
fn check_allowance(tx: &Connection, o: &Origin) -> StoreResult<()> {
    let since = o.at_ms.saturating_sub(HOUR_MS) as i64;
    let made: i64 = tx
        .prepare_cached("SELECT COUNT(*) FROM players WHERE created_by = ?1 AND created_at > ?2")
        .and_then(|mut st| st.query_row(params![o.address, since], |r| r.get(0)))
        .map_err(err)?;
    if made >= i64::from(o.per_hour) {
        return Err(StoreError::TooManyNewPlayers);
    }
    Ok(())
}

/// Refuses a game whose player is in another game in progress.
fn check_free(tx: &Connection, g: &NewGame) -> StoreResult<()> {
    for p in &g.players {
        let busy = tx
            .prepare_cached("SELECT 1 FROM playing WHERE player = ?1")
            .and_then(|mut st| st.exists([&p.id]))
            .map_err(err)?;
        if busy {
            return Err(StoreError::PlayerBusy(p.id.clone()));
        }
    }
    Ok(())
}

fn write(tx: &Connection, op: &Op) -> rusqlite::Result<()> {
    match op {
        Op::CreatePlayer(digest, me, origin) => {
            tx.prepare_cached(
                "INSERT INTO players (id, token_sha256, name, rating, games, wins, losses, \
                 created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?
            .execute(params![
                me.id,
                &digest[..],
                me.name,
                me.rating,
                me.games,
                me.wins,
                me.losses,
                origin.address,
                origin.at_ms as i64
            ])?;
        }
        Op::Rename(id, name) => {
            tx.prepare_cached("UPDATE players SET name = ?2 WHERE id = ?1")?
                .execute(params![id, name])?;
        }
        Op::StartGame(g) => {
            tx.prepare_cached(
                "INSERT INTO games (id, black, white, black_rating, white_rating, black_games, \
                 white_games, started_at, status, rated) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'playing', ?9)",
            )?
            .execute(params![
                g.id,
                g.players[0].id,
                g.players[1].id,
                g.players[0].rating,
                g.players[1].rating,
                g.games_before[0],
                g.games_before[1],
                g.started_at as i64,
                g.rated
            ])?;
            for p in &g.players {
                tx.prepare_cached("INSERT INTO playing (player, game_id) VALUES (?1, ?2)")?
                    .execute(params![p.id, g.id])?;
            }
        }
        Op::Claim(game) => {
            tx.prepare_cached(
                "UPDATE games SET owner_epoch = owner_epoch + 1 \
                 WHERE id = ?1 AND status = 'playing'",
            )?
            .execute([game])?;
        }
        Op::Append(game, _, seq, action, at) => {
            tx.prepare_cached(
                "INSERT INTO actions (game_id, seq, action, at) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![game, seq, action, *at as i64])?;
        }
        Op::Finish(f) => finish(tx, f)?,
        // A write statement opens a write transaction (waiting for the lock
        // like any write) even when it matches no row.
        Op::Ping => tx.execute_batch("DELETE FROM playing WHERE 0")?,
    }
    Ok(())
}

fn finish(tx: &Connection, f: &Finish) -> rusqlite::Result<()> {
    let r = &f.result;
    let changed = tx
        .prepare_cached(
            "UPDATE games SET status = 'finished', winner = ?2, reason = ?3, \
             black_rating_after = ?4, white_rating_after = ?5, finished_at = ?6, unrated = ?7, \
             aborted_by = ?8 \
             WHERE id = ?1 AND status = 'playing'",
        )?
        .execute(params![
            f.id,
            r.winner.map(|w| side_letter(w.0)),
            r.reason.name(),
            r.ratings[0].after,
            r.ratings[1].after,
            f.finished_at as i64,
            r.unrated.map(|u| u.name()),
            f.aborted_by()
        ])?;
    if changed != 1 {
        return Err(rusqlite::Error::QueryReturnedNoRows);
    }
    tx.prepare_cached("DELETE FROM playing WHERE game_id = ?1")?
        .execute([&f.id])?;
    if let (Some(SideCode(winner)), None) = (r.winner, r.unrated) {
        for side in [Side::Black, Side::White] {
            let won = side == winner;
            let change = r.ratings[side.idx()];
            tx.prepare_cached(
                "UPDATE players SET rating = rating + ?2, games = games + 1, \
                 wins = wins + ?3, losses = losses + ?4 WHERE id = ?1",
            )?
            .execute(params![
                f.players[side.idx()],
                change.after - change.before,
                won as i32,
                !won as i32
            ])?;
        }
    }
    Ok(())
}

fn profile_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Profile> {
    Ok(Profile {
        id: r.get(0)?,
        name: r.get(1)?,
        rating: r.get(2)?,
        games: r.get(3)?,
        wins: r.get(4)?,
        losses: r.get(5)?,
    })
}

/// Columns of a game row joined with both players' names, in [`game_row`]'s order.
const GAME_COLUMNS: &str = "g.id, g.black, pb.name, g.black_rating, g.black_games, \
     g.white, pw.name, g.white_rating, g.white_games, g.started_at, g.winner, g.reason, \
     g.black_rating_after, g.white_rating_after, g.finished_at, g.rated, g.unrated, \
     g.aborted_by FROM games g JOIN players pb ON pb.id = g.black JOIN players pw ON pw.id = g.white";

/// A game row: how it started, and for a finished one its result and end time.
fn game_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(NewGame, Option<(GameResult, u64)>)> {
    let game = NewGame {
        id: r.get(0)?,
        players: [
            PublicPlayer {
                id: r.get(1)?,
                name: r.get(2)?,
                rating: r.get(3)?,
            },
            PublicPlayer {
                id: r.get(5)?,
                name: r.get(6)?,
                rating: r.get(7)?,
            },
        ],
        games_before: [r.get(4)?, r.get(8)?],
        started_at: r.get::<_, i64>(9)? as u64,
        rated: r.get(15)?,
    };
    let reason: Option<String> = r.get(11)?;
    let result = match reason {
        None => None,
        Some(reason) => {
            let bad = |what: &str| {
                rusqlite::Error::InvalidColumnType(
                    11,
                    what.to_string(),
                    rusqlite::types::Type::Text,
                )
            };
            let reason = EndReason::parse(&reason).ok_or_else(|| bad("reason"))?;
            let winner: Option<String> = r.get(10)?;
            let winner = match winner.as_deref() {
                None => None,
                Some("B") => Some(SideCode(Side::Black)),
                Some("W") => Some(SideCode(Side::White)),
                Some(_) => return Err(bad("winner")),
            };
            let result = GameResult {
                winner,
                reason,
                ratings: [
                    RatingChange {
                        before: game.players[0].rating,
                        after: r.get(12)?,
                    },
                    RatingChange {
                        before: game.players[1].rating,
                        after: r.get(13)?,
                    },
                ],
                unrated: match r.get::<_, Option<String>>(16)? {
                    None => None,
                    Some(u) => Some(Unrated::parse(&u).ok_or_else(|| bad("unrated"))?),
                },
                aborted_by: aborter(&game, r.get::<_, Option<String>>(17)?),
            };
            Some((result, r.get::<_, i64>(14)? as u64))
        }
    };
    Ok((game, result))
}

/// A game's stored actions in order, up to the first that breaks the
/// numbering or cannot be read; then also why (the caller quarantines the
/// game instead of failing every read of the store).
fn load_log(c: &Connection, game_id: &str) -> rusqlite::Result<(Vec<Action>, Option<String>)> {
    let mut st =
        c.prepare_cached("SELECT seq, action FROM actions WHERE game_id = ?1 ORDER BY seq")?;
    let rows = st.query_map([game_id], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
    })?;
    let mut log = Vec::new();
    for row in rows {
        let (seq, text) = row?;
        if seq != log.len() as i64 + 1 {
            let problem = format!("action {seq} follows action {}: a gap", log.len());
            return Ok((log, Some(problem)));
        }
        match serde_json::from_str::<Action>(&text) {
            Ok(a) => log.push(a),
            Err(e) => return Ok((log, Some(format!("action {seq} cannot be read: {e}")))),
        }
    }
    Ok((log, None))
}

fn game_in_progress(c: &Connection, game_id: &str) -> rusqlite::Result<Option<StoredGame>> {
    let game = c
        .prepare_cached(&format!(
            "SELECT {GAME_COLUMNS} WHERE g.id = ?1 AND g.status = 'playing'"
        ))?
        .query_row([game_id], game_row)
        .optional()?;
    let Some((game, _)) = game else {
        return Ok(None);
    };
    let (log, problem) = load_log(c, &game.id)?;
    Ok(Some(StoredGame { game, log, problem }))
}

impl Store for SqliteStore {
    fn create_player(
        &self,
        token_digest: [u8; 32],
        me: Profile,
        origin: Origin,
    ) -> BoxFuture<'_, StoreResult<()>> {
        self.write(Op::CreatePlayer(token_digest, me, origin))
    }

    fn player_by_token(
        &self,
        token_digest: [u8; 32],
    ) -> BoxFuture<'_, StoreResult<Option<Profile>>> {
        self.read(move |c| {
            c.prepare_cached(
                "SELECT id, name, rating, games, wins, losses FROM players WHERE token_sha256 = ?1",
            )?
            .query_row([&token_digest[..]], profile_row)
            .optional()
        })
    }

    fn player(&self, id: String) -> BoxFuture<'_, StoreResult<Option<Profile>>> {
        self.read(move |c| {
            c.prepare_cached(
                "SELECT id, name, rating, games, wins, losses FROM players WHERE id = ?1",
            )?
            .query_row([&id], profile_row)
            .optional()
        })
    }

    fn rename_player(&self, id: String, name: String) -> BoxFuture<'_, StoreResult<()>> {
        self.write(Op::Rename(id, name))
    }

    fn start_game(&self, game: NewGame) -> BoxFuture<'_, StoreResult<()>> {
        self.write(Op::StartGame(game))
    }

    fn claim_game(&self, game_id: String) -> BoxFuture<'_, StoreResult<Option<(u64, StoredGame)>>> {
        // The increment is committed before the read: the read sees every
        // write that got in under the earlier epoch.
        let claimed = self.write(Op::Claim(game_id.clone()));
        Box::pin(async move {
            claimed.await?;
            self.read(move |c| {
                let Some(game) = game_in_progress(c, &game_id)? else {
                    return Ok(None);
                };
                let epoch: i64 = c
                    .prepare_cached("SELECT owner_epoch FROM games WHERE id = ?1")?
                    .query_row([&game_id], |r| r.get(0))?;
                Ok(Some((epoch as u64, game)))
            })
            .await
        })
    }

    fn append_action(
        &self,
        game_id: String,
        epoch: u64,
        seq: u32,
        action: Action,
        at_ms: u64,
    ) -> BoxFuture<'_, StoreResult<()>> {
        let json = serde_json::to_string(&action).expect("actions always serialise");
        self.write(Op::Append(game_id, epoch, seq, json, at_ms))
    }

    fn finish_game(&self, finish: Finish) -> BoxFuture<'_, StoreResult<()>> {
        self.write(Op::Finish(finish))
    }

    fn rated_games_between(
        &self,
        a: String,
        b: String,
        since_ms: u64,
    ) -> BoxFuture<'_, StoreResult<u32>> {
        self.read(move |c| {
            c.prepare_cached(
                "SELECT COUNT(*) FROM games WHERE ((black = ?1 AND white = ?2) OR \
                 (black = ?2 AND white = ?1)) AND status = 'finished' AND finished_at >= ?3 \
                 AND winner IS NOT NULL AND unrated IS NULL",
            )?
            .query_row(params![a, b, since_ms as i64], |r| r.get(0))
        })
    }

    fn leaderboard(&self, limit: u32) -> BoxFuture<'_, StoreResult<Vec<Profile>>> {
        self.read(move |c| {
            let mut st = c.prepare_cached(
                "SELECT id, name, rating, games, wins, losses FROM players WHERE games > 0 \
                 ORDER BY rating DESC, games DESC, id LIMIT ?1",
            )?;
            let rows = st.query_map([limit], profile_row)?;
            rows.collect()
        })
    }

    fn rating_history(&self, player_id: String) -> BoxFuture<'_, StoreResult<Vec<RatingStep>>> {
        self.read(move |c| {
            let mut st = c.prepare_cached(&format!(
                "SELECT id, finished_at, d FROM ({}) ORDER BY finished_at, ord",
                history_sql("?1", "rowid")
            ))?;
            let rows = st.query_map([player_id], |r| {
                Ok(RatingStep {
                    game_id: r.get(0)?,
                    finished_at: r.get::<_, i64>(1)? as u64,
                    change: r.get(2)?,
                })
            })?;
            rows.collect()
        })
    }

    fn recent_aborts(
        &self,
        player_id: String,
        window: u32,
    ) -> BoxFuture<'_, StoreResult<RecentAborts>> {
        self.read(move |c| {
            c.prepare_cached(
                "SELECT COUNT(*), MAX(finished_at) FROM (SELECT aborted_by, finished_at FROM games \
                 WHERE (black = ?1 OR white = ?1) AND status = 'finished' \
                 ORDER BY finished_at DESC LIMIT ?2) WHERE aborted_by = ?1",
            )?
            .query_row(params![player_id, window], |r| {
                Ok(RecentAborts {
                    count: r.get(0)?,
                    last_at: r.get::<_, Option<i64>>(1)?.map(|t| t as u64),
                })
            })
        })
    }

    fn audit(&self) -> BoxFuture<'_, StoreResult<Vec<String>>> {
        self.read(|c| {
            let mut problems = Vec::new();
            for sql in audit_queries() {
                let mut st = c.prepare(&sql)?;
                let rows = st.query_map([], |r| r.get::<_, String>(0))?;
                for row in rows {
                    problems.push(row?);
                }
            }
            Ok(problems)
        })
    }

    fn games_in_progress(&self) -> BoxFuture<'_, StoreResult<Vec<StoredGame>>> {
        self.read(|c| {
            let mut st = c.prepare(&format!("SELECT {GAME_COLUMNS} WHERE g.status = 'playing'"))?;
            let games: Vec<NewGame> = st
                .query_map([], game_row)?
                .map(|r| r.map(|(g, _)| g))
                .collect::<rusqlite::Result<_>>()?;
            games
                .into_iter()
                .map(|game| {
                    let (log, problem) = load_log(c, &game.id)?;
                    Ok(StoredGame { game, log, problem })
                })
                .collect()
        })
    }

    fn game_in_progress(&self, game_id: String) -> BoxFuture<'_, StoreResult<Option<StoredGame>>> {
        self.read(move |c| game_in_progress(c, &game_id))
    }

    fn games_page(
        &self,
        player_id: String,
        offset: u32,
        limit: u32,
    ) -> BoxFuture<'_, StoreResult<Vec<RecentGame>>> {
        self.read(move |c| {
            // Each side's newest games through its own index, then merged:
            // the read costs the player's games up to the page, not the server's.
            let mut st = c.prepare_cached(&format!(
                "SELECT {GAME_COLUMNS} WHERE g.id IN ( \
                 SELECT id FROM (SELECT id FROM games WHERE black = ?1 AND status = 'finished' \
                 ORDER BY finished_at DESC LIMIT ?3) \
                 UNION ALL SELECT id FROM (SELECT id FROM games WHERE white = ?1 \
                 AND status = 'finished' ORDER BY finished_at DESC LIMIT ?3)) \
                 ORDER BY g.finished_at DESC, g.rowid DESC LIMIT ?2 OFFSET ?4"
            ))?;
            let upto = offset.saturating_add(limit);
            let rows = st.query_map(params![player_id, limit, upto, offset], game_row)?;
            let mut out = Vec::new();
            for row in rows {
                let (game, result) = row?;
                let Some((result, finished_at)) = result else {
                    continue;
                };
                out.push(super::recent_game(&player_id, game, result, finished_at));
            }
            Ok(out)
        })
    }

    fn finished_game(&self, game_id: String) -> BoxFuture<'_, StoreResult<Option<FinishedGame>>> {
        self.read(move |c| {
            let row = c
                .prepare_cached(&format!(
                    "SELECT {GAME_COLUMNS} WHERE g.id = ?1 AND g.status = 'finished'"
                ))?
                .query_row([&game_id], game_row)
                .optional()?;
            let Some((game, Some((result, finished_at)))) = row else {
                return Ok(None);
            };
            let (log, _) = load_log(c, &game.id)?;
            Ok(Some(FinishedGame {
                game,
                log,
                result,
                finished_at,
            }))
        })
    }
    fn ping(&self) -> BoxFuture<'_, StoreResult<()>> {
        self.write(Op::Ping)
    }
}
