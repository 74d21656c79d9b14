//! The PostgreSQL store: the database that several server instances share.
//! Same tables as the SQLite store (migrations in `server/migrations/postgres`,
//! embedded in the binary and applied at open, under PostgreSQL's advisory
//! lock so instances starting together apply them once). Every write is its
//! own statement or transaction on a connection pool; the settlement updates
//! the game and both players in one transaction.
//!
//! Fencing: an append or a settlement checks the writer's owner epoch against
//! the game row in the same statement or transaction, holding a lock on that
//! row (`FOR SHARE`, or the settlement's own update), so it is ordered with a
//! claim's `owner_epoch + 1`: it either lands before the claim (and the
//! claimer's log read sees it) or is refused.

use sqlx::postgres::{PgPool, PgPoolOptions, PgRow};
use sqlx::{AssertSqlSafe, Row};

use engine::baifang::referee_protocol::{
    EndReason, GameResult, Profile, PublicPlayer, RatingChange, RecentGame, SideCode, Unrated,
};
use engine::baifang::{Action, Side};

use super::{
    audit_queries, side_letter, Finish, FinishedGame, NewGame, Origin, RatingStep, RecentAborts,
    Store, StoreError, StoreResult, StoredGame, HOUR_MS,
};
use crate::matchmaking::BoxFuture;

/// Connections each instance keeps open at most.
const POOL_SIZE: u32 = 16;

/// The PostgreSQL-backed [`Store`].
pub struct PgStore {
    pool: PgPool,
}

fn err(e: impl std::fmt::Display) -> StoreError {
    StoreError::Failed(e.to_string())
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://…`) and brings its
    /// schema up to date.
    pub async fn open(url: &str) -> StoreResult<PgStore> {
        let pool = PgPoolOptions::new()
            .max_connections(POOL_SIZE)
            // A database that is down fails a write in 2 s (the room pauses
            // and retries) instead of the pool's default 30 s wait.
            .acquire_timeout(std::time::Duration::from_secs(2))
            .connect(url)
            .await
            .map_err(|e| StoreError::Failed(format!("cannot connect to PostgreSQL: {e}")))?;
        sqlx::migrate!("./migrations/postgres")
            .run(&pool)
            .await
            .map_err(|e| {
                StoreError::Failed(format!("cannot migrate the PostgreSQL schema: {e}"))
            })?;
        Ok(PgStore { pool })
    }
}

fn profile_row(r: &PgRow) -> sqlx::Result<Profile> {
    Ok(Profile {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        rating: r.try_get(2)?,
        games: r.try_get::<i32, _>(3)? as u32,
        wins: r.try_get::<i32, _>(4)? as u32,
        losses: r.try_get::<i32, _>(5)? as u32,
    })
}

/// Columns of a game row joined with both players' names, in [`game_row`]'s order.
const GAME_COLUMNS: &str = "g.id, g.black, pb.name, g.black_rating, g.black_games, \
     g.white, pw.name, g.white_rating, g.white_games, g.started_at, g.winner, g.reason, \
     g.black_rating_after, g.white_rating_after, g.finished_at, g.rated, g.unrated, \
     g.aborted_by FROM games g JOIN players pb ON pb.id = g.black JOIN players pw ON pw.id = g.white";

fn bad(what: &str) -> sqlx::Error {
    sqlx::Error::Decode(format!("bad {what} in a stored game").into())
}

/// A game row: how it started, and for a finished one its result and end time.
fn game_row(r: &PgRow) -> sqlx::Result<(NewGame, Option<(GameResult, u64)>)> {
    let game = NewGame {
        id: r.try_get(0)?,
        players: [
            PublicPlayer {
                id: r.try_get(1)?,
                name: r.try_get(2)?,
                rating: r.try_get(3)?,
            },
            PublicPlayer {
                id: r.try_get(5)?,
                name: r.try_get(6)?,
                rating: r.try_get(7)?,
            },
        ],
        games_before: [
            r.try_get::<i32, _>(4)? as u32,
            r.try_get::<i32, _>(8)? as u32,
        ],
        started_at: r.try_get::<i64, _>(9)? as u64,
        rated: r.try_get(15)?,
    };
    let reason: Option<String> = r.try_get(11)?;
    let Some(reason) = reason else {
        return Ok((game, None));
    };
    let reason = EndReason::parse(&reason).ok_or_else(|| bad("reason"))?;
    let winner = match r.try_get::<Option<String>, _>(10)?.as_deref() {
        None => None,
        Some("B") => Some(SideCode(Side::Black)),
        Some("W") => Some(SideCode(Side::White)),
        Some(_) => return Err(bad("winner")),
    };
    let after = |i: usize| -> sqlx::Result<i32> {
        r.try_get::<Option<i32>, _>(i)?.ok_or_else(|| bad("rating"))
    };
    let result = GameResult {
        winner,
        reason,
        ratings: [
            RatingChange {
                before: game.players[0].rating,
                after: after(12)?,
            },
            RatingChange {
                before: game.players[1].rating,
                after: after(13)?,
            },
        ],
        unrated: match r.try_get::<Option<String>, _>(16)? {
            None => None,
            Some(u) => Some(Unrated::parse(&u).ok_or_else(|| bad("unrated"))?),
        },
        aborted_by: super::aborter(&game, r.try_get::<Option<String>, _>(17)?),
    };
    let finished_at = r.try_get::<Option<i64>, _>(14)?.unwrap_or(0) as u64;
    Ok((game, Some((result, finished_at))))
}

impl PgStore {
    /// A game's stored actions in order, up to the first that breaks the
    /// numbering or cannot be read; then also why.
    async fn load_log(&self, game_id: &str) -> StoreResult<(Vec<Action>, Option<String>)> {
        let rows = sqlx::query("SELECT seq, action FROM actions WHERE game_id = $1 ORDER BY seq")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await
            .map_err(err)?;
        let mut log = Vec::with_capacity(rows.len());
        for row in rows {
            let seq: i32 = row.try_get(0).map_err(err)?;
            if seq as usize != log.len() + 1 {
                let problem = format!("action {seq} follows action {}: a gap", log.len());
                return Ok((log, Some(problem)));
            }
            let text: String = row.try_get(1).map_err(err)?;
            match serde_json::from_str::<Action>(&text) {
                Ok(a) => log.push(a),
                Err(e) => return Ok((log, Some(format!("action {seq} cannot be read: {e}")))),
            }
        }
        Ok((log, None))
    }

    async fn games_where(&self, condition: &str, id: Option<&str>) -> StoreResult<Vec<NewGame>> {
        let sql = format!("SELECT {GAME_COLUMNS} WHERE {condition} ORDER BY g.ord");
        // Built from constants only: no input reaches the SQL text.
        let mut q = sqlx::query(AssertSqlSafe(sql));
        if let Some(id) = id {
            q = q.bind(id);
        }
        let rows = q.fetch_all(&self.pool).await.map_err(err)?;
        rows.iter()
            .map(|r| game_row(r).map(|(g, _)| g).map_err(err))
            .collect()
    }

    /// Why a write for `game` under `epoch` touched no row: a newer epoch
    /// ([`StoreError::Fenced`]), or `otherwise`.
    async fn refusal<'c>(
        &self,
        conn: impl sqlx::PgExecutor<'c>,
        game: &str,
        epoch: u64,
        otherwise: String,
    ) -> StoreError {
        let current = sqlx::query_scalar::<_, i64>("SELECT owner_epoch FROM games WHERE id = $1")
            .bind(game)
            .fetch_optional(conn)
            .await;
        match current {
            Ok(Some(c)) if c as u64 != epoch => StoreError::Fenced {
                game: game.to_string(),
                epoch,
                current: c as u64,
            },
            Ok(_) => StoreError::Failed(otherwise),
            Err(e) => err(e),
        }
    }

    async fn finish(&self, f: Finish) -> StoreResult<()> {
        let r = &f.result;
        let mut tx = self.pool.begin().await.map_err(err)?;
        let changed = sqlx::query(
            "UPDATE games SET status = 'finished', winner = $2, reason = $3, \
             black_rating_after = $4, white_rating_after = $5, finished_at = $6, unrated = $8, \
             aborted_by = $9 \
             WHERE id = $1 AND status = 'playing' AND owner_epoch = $7",
        )
        .bind(&f.id)
        .bind(r.winner.map(|w| side_letter(w.0)))
        .bind(r.reason.name())
        .bind(r.ratings[0].after)
        .bind(r.ratings[1].after)
        .bind(f.finished_at as i64)
        .bind(f.epoch as i64)
        .bind(r.unrated.map(|u| u.name()))
        .bind(f.aborted_by())
        .execute(&mut *tx)
        .await
        .map_err(err)?
        .rows_affected();
        if changed != 1 {
            let otherwise = format!("game {} is not in progress: not settled again", f.id);
            return Err(self.refusal(&mut *tx, &f.id, f.epoch, otherwise).await);
        }
        sqlx::query("DELETE FROM playing WHERE game_id = $1")
            .bind(&f.id)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        if let (Some(SideCode(winner)), None) = (r.winner, r.unrated) {
            for side in [Side::Black, Side::White] {
                let won = side == winner;
                let change = r.ratings[side.idx()];
                sqlx::query(
                    "UPDATE players SET rating = rating + $2, games = games + 1, \
                     wins = wins + $3, losses = losses + $4 WHERE id = $1",
                )
                .bind(&f.players[side.idx()])
                .bind(change.after - change.before)
                .bind(won as i32)
                .bind(!won as i32)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
            }
        }
        tx.commit().await.map_err(err)
    }
}

impl Store for PgStore {
    fn create_player(
        &self,
        token_digest: [u8; 32],
        me: Profile,
        origin: Origin,
    ) -> BoxFuture<'_, StoreResult<()>> {
        Box::pin(async move {
            let mut tx = self.pool.begin().await.map_err(err)?;
            // One address's creations are serialised (across instances too),
            // so the count and the insert cannot interleave with another's.
            sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
                .bind(&origin.address)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
            let made: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM players WHERE created_by = $1 AND created_at > $2",
            )
            .bind(&origin.address)
            .bind(origin.at_ms.saturating_sub(HOUR_MS) as i64)
            .fetch_one(&mut *tx)
            .await
            .map_err(err)?;
            if made >= i64::from(origin.per_hour) {
                return Err(StoreError::TooManyNewPlayers);
            }
            sqlx::query(
                "INSERT INTO players (id, token_sha256, name, rating, games, wins, losses, \
                 created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(&me.id)
            .bind(&token_digest[..])
            .bind(&me.name)
            .bind(me.rating)
            .bind(me.games as i32)
            .bind(me.wins as i32)
            .bind(me.losses as i32)
            .bind(&origin.address)
            .bind(origin.at_ms as i64)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
            tx.commit().await.map_err(err)
        })
    }

    fn player_by_token(
        &self,
        token_digest: [u8; 32],
    ) -> BoxFuture<'_, StoreResult<Option<Profile>>> {
        Box::pin(async move {
            let row = sqlx::query(
                "SELECT id, name, rating, games, wins, losses FROM players WHERE token_sha256 = $1",
            )
            .bind(&token_digest[..])
            .fetch_optional(&self.pool)
            .await
            .map_err(err)?;
            row.as_ref().map(profile_row).transpose().map_err(err)
        })
    }

    fn player(&self, id: String) -> BoxFuture<'_, StoreResult<Option<Profile>>> {
        Box::pin(async move {
            let row = sqlx::query(
                "SELECT id, name, rating, games, wins, losses FROM players WHERE id = $1",
            )
            .bind(&id)
            .fetch_optional(&self.pool)
            .await
            .map_err(err)?;
            row.as_ref().map(profile_row).transpose().map_err(err)
        })
    }

    fn rename_player(&self, id: String, name: String) -> BoxFuture<'_, StoreResult<()>> {
        Box::pin(async move {
            sqlx::query("UPDATE players SET name = $2 WHERE id = $1")
                .bind(&id)
                .bind(&name)
                .execute(&self.pool)
                .await
                .map(|_| ())
                .map_err(err)
        })
    }

    fn start_game(&self, g: NewGame) -> BoxFuture<'_, StoreResult<()>> {
        Box::pin(async move {
            let mut tx = self.pool.begin().await.map_err(err)?;
            sqlx::query(
                "INSERT INTO games (id, black, white, black_rating, white_rating, black_games, \
                 white_games, started_at, status, rated) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'playing', $9)",
            )
            .bind(&g.id)
            .bind(&g.players[0].id)
            .bind(&g.players[1].id)
            .bind(g.players[0].rating)
            .bind(g.players[1].rating)
            .bind(g.games_before[0] as i32)
            .bind(g.games_before[1] as i32)
            .bind(g.started_at as i64)
            .bind(g.rated)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
            for p in &g.players {
                let claimed = sqlx::query(
                    "INSERT INTO playing (player, game_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                )
                .bind(&p.id)
                .bind(&g.id)
                .execute(&mut *tx)
                .await
                .map_err(err)?
                .rows_affected();
                if claimed != 1 {
                    // Dropping the transaction rolls the game row back too.
                    return Err(StoreError::PlayerBusy(p.id.clone()));
                }
            }
            tx.commit().await.map_err(err)
        })
    }

    fn claim_game(&self, game_id: String) -> BoxFuture<'_, StoreResult<Option<(u64, StoredGame)>>> {
        Box::pin(async move {
            // Committed before the log is read: the read sees every append
            // that got in under an earlier epoch, and later ones are refused.
            let epoch = sqlx::query_scalar::<_, i64>(
                "UPDATE games SET owner_epoch = owner_epoch + 1 \
                 WHERE id = $1 AND status = 'playing' RETURNING owner_epoch",
            )
            .bind(&game_id)
            .fetch_optional(&self.pool)
            .await
            .map_err(err)?;
            let Some(epoch) = epoch else { return Ok(None) };
            let game = self.game_in_progress(game_id).await?;
            Ok(game.map(|g| (epoch as u64, g)))
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
        Box::pin(async move {
            // One statement: the game row is locked while the epoch is checked
            // and the action inserted.
            let inserted = sqlx::query(
                "WITH owner AS (SELECT id FROM games WHERE id = $1 AND owner_epoch = $5 FOR SHARE) \
                 INSERT INTO actions (game_id, seq, action, at) \
                 SELECT id, $2::integer, $3::text, $4::bigint FROM owner",
            )
            .bind(&game_id)
            .bind(seq as i32)
            .bind(&json)
            .bind(at_ms as i64)
            .bind(epoch as i64)
            .execute(&self.pool)
            .await
            .map_err(err)?
            .rows_affected();
            if inserted == 1 {
                return Ok(());
            }
            let otherwise = format!("game {game_id} is not recorded: action {seq} not stored");
            Err(self.refusal(&self.pool, &game_id, epoch, otherwise).await)
        })
    }

    fn finish_game(&self, finish: Finish) -> BoxFuture<'_, StoreResult<()>> {
        Box::pin(self.finish(finish))
    }

    fn leaderboard(&self, limit: u32) -> BoxFuture<'_, StoreResult<Vec<Profile>>> {
        Box::pin(async move {
            let rows = sqlx::query(
                "SELECT id, name, rating, games, wins, losses FROM players WHERE games > 0 \
                 ORDER BY rating DESC, games DESC, id LIMIT $1",
            )
            .bind(limit as i64)
            .fetch_all(&self.pool)
            .await
            .map_err(err)?;
            rows.iter()
                .map(profile_row)
                .collect::<sqlx::Result<_>>()
                .map_err(err)
        })
    }

    fn rating_history(&self, player_id: String) -> BoxFuture<'_, StoreResult<Vec<RatingStep>>> {
        Box::pin(async move {
            let sql = format!(
                "SELECT id, finished_at, d FROM ({}) h ORDER BY finished_at, ord",
                super::history_sql("$1", "ord")
            );
            let rows = sqlx::query(AssertSqlSafe(sql))
                .bind(&player_id)
                .fetch_all(&self.pool)
                .await
                .map_err(err)?;
            rows.iter()
                .map(|r| {
                    Ok(RatingStep {
                        game_id: r.try_get(0)?,
                        finished_at: r.try_get::<i64, _>(1)? as u64,
                        change: r.try_get(2)?,
                    })
                })
                .collect::<sqlx::Result<_>>()
                .map_err(err)
        })
    }

    fn recent_aborts(
        &self,
        player_id: String,
        window: u32,
    ) -> BoxFuture<'_, StoreResult<RecentAborts>> {
        Box::pin(async move {
            let (count, last): (i64, Option<i64>) = sqlx::query_as(
                "SELECT COUNT(*), MAX(finished_at) FROM (SELECT aborted_by, finished_at FROM games \
                 WHERE (black = $1 OR white = $1) AND status = 'finished' \
                 ORDER BY finished_at DESC LIMIT $2) recent WHERE aborted_by = $1",
            )
            .bind(&player_id)
            .bind(window as i64)
            .fetch_one(&self.pool)
            .await
            .map_err(err)?;
            Ok(RecentAborts {
                count: count as u32,
                last_at: last.map(|t| t as u64),
            })
        })
    }

    fn rated_games_between(
        &self,
        a: String,
        b: String,
        since_ms: u64,
    ) -> BoxFuture<'_, StoreResult<u32>> {
        Box::pin(async move {
            let n: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM games WHERE ((black = $1 AND white = $2) OR \
                 (black = $2 AND white = $1)) AND status = 'finished' AND finished_at >= $3 \
                 AND winner IS NOT NULL AND unrated IS NULL",
            )
            .bind(&a)
            .bind(&b)
            .bind(since_ms as i64)
            .fetch_one(&self.pool)
            .await
            .map_err(err)?;
            Ok(n as u32)
        })
    }

    fn audit(&self) -> BoxFuture<'_, StoreResult<Vec<String>>> {
        Box::pin(async move {
            let mut problems = Vec::new();
            for sql in audit_queries() {
                let rows: Vec<String> = sqlx::query_scalar(AssertSqlSafe(sql))
                    .fetch_all(&self.pool)
                    .await
                    .map_err(err)?;
                problems.extend(rows);
            }
            Ok(problems)
        })
    }

    fn games_in_progress(&self) -> BoxFuture<'_, StoreResult<Vec<StoredGame>>> {
        Box::pin(async move {
            let mut out = Vec::new();
            for game in self.games_where("g.status = 'playing'", None).await? {
                let (log, problem) = self.load_log(&game.id).await?;
                out.push(StoredGame { game, log, problem });
            }
            Ok(out)
        })
    }

    fn game_in_progress(&self, game_id: String) -> BoxFuture<'_, StoreResult<Option<StoredGame>>> {
        Box::pin(async move {
            let games = self
                .games_where("g.id = $1 AND g.status = 'playing'", Some(&game_id))
                .await?;
            let Some(game) = games.into_iter().next() else {
                return Ok(None);
            };
            let (log, problem) = self.load_log(&game.id).await?;
            Ok(Some(StoredGame { game, log, problem }))
        })
    }

    fn games_page(
        &self,
        player_id: String,
        offset: u32,
        limit: u32,
    ) -> BoxFuture<'_, StoreResult<Vec<RecentGame>>> {
        Box::pin(async move {
            // Each side's newest games through its own index, then merged.
            let sql = format!(
                "SELECT {GAME_COLUMNS} WHERE g.id IN ( \
                 (SELECT id FROM games WHERE black = $1 AND status = 'finished' \
                 ORDER BY finished_at DESC LIMIT $3) UNION ALL \
                 (SELECT id FROM games WHERE white = $1 AND status = 'finished' \
                 ORDER BY finished_at DESC LIMIT $3)) \
                 ORDER BY g.finished_at DESC, g.ord DESC LIMIT $2 OFFSET $4"
            );
            let rows = sqlx::query(AssertSqlSafe(sql))
                .bind(&player_id)
                .bind(limit as i64)
                .bind(offset as i64 + limit as i64)
                .bind(offset as i64)
                .fetch_all(&self.pool)
                .await
                .map_err(err)?;
            let mut out = Vec::new();
            for row in &rows {
                let (game, result) = game_row(row).map_err(err)?;
                let Some((result, finished_at)) = result else {
                    continue;
                };
                out.push(super::recent_game(&player_id, game, result, finished_at));
            }
            Ok(out)
        })
    }

    fn finished_game(&self, game_id: String) -> BoxFuture<'_, StoreResult<Option<FinishedGame>>> {
        Box::pin(async move {
            let sql = format!("SELECT {GAME_COLUMNS} WHERE g.id = $1 AND g.status = 'finished'");
            let row = sqlx::query(AssertSqlSafe(sql))
                .bind(&game_id)
                .fetch_optional(&self.pool)
                .await
                .map_err(err)?;
            let Some(row) = row else { return Ok(None) };
            let (game, result) = game_row(&row).map_err(err)?;
            let Some((result, finished_at)) = result else {
                return Ok(None);
            };
            let (log, _) = self.load_log(&game.id).await?;
            Ok(Some(FinishedGame {
                game,
                log,
                result,
                finished_at,
            }))
        })
    }
    fn ping(&self) -> BoxFuture<'_, StoreResult<()>> {
        Box::pin(async move {
            sqlx::query("SELECT 1")
                .execute(&self.pool)
                .await
                .map(|_| ())
                .map_err(err)
        })
    }
}
