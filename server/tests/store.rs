//! The store contract: one test body run against SQLite and PostgreSQL.
//! Players (refused duplicate token, rename, lookups), games in progress with
//! appended actions (a duplicate seq refused, the others unaffected), the
//! settlement with both rating changes (settling twice refused), fencing (a
//! claim raises the game's owner epoch; an append or a settlement under the
//! old one is refused as stale and writes nothing), and all of it still there
//! after the store is opened again; each player's rating history (their
//! stored change per rated game, oldest first).

mod common;

use std::future::Future;
use std::sync::Arc;

use common::*;
use engine::baifang::referee_protocol::{
    EndReason, GameResult, Profile, PublicPlayer, RatingChange, SideCode, Unrated,
};
use engine::baifang::{Action, Side};
use server::store::{self, Database, Finish, NewGame, Store, StoreError, FIRST_EPOCH};

fn profile(id: &str, rating: i32) -> Profile {
    Profile {
        id: id.into(),
        name: id.to_uppercase(),
        rating,
        games: 0,
        wins: 0,
        losses: 0,
    }
}

fn public(p: &Profile) -> PublicPlayer {
    PublicPlayer {
        id: p.id.clone(),
        name: p.name.clone(),
        rating: p.rating,
    }
}

fn resign_result() -> GameResult {
    GameResult {
        winner: Some(SideCode(Side::White)),
        reason: EndReason::Resign,
        ratings: [
            RatingChange {
                before: 1200,
                after: 1180,
            },
            RatingChange {
                before: 1300,
                after: 1312,
            },
        ],
        unrated: None,
        aborted_by: None,
    }
}

/// Writes players and two games, settles one.
async fn write_part(s: &dyn Store) {
    let (a, b) = (profile("a", 1200), profile("b", 1300));
    s.create_player([1; 32], a.clone(), seed_origin())
        .await
        .unwrap();
    s.create_player([2; 32], b.clone(), seed_origin())
        .await
        .unwrap();
    // The same token digest twice is refused; the other writes go on.
    assert!(s
        .create_player([1; 32], profile("c", 1), seed_origin())
        .await
        .is_err());
    s.rename_player("a".into(), "Alice".into()).await.unwrap();
    let mut a2 = a.clone();
    a2.name = "Alice".into();
    assert_eq!(s.player_by_token([1; 32]).await.unwrap(), Some(a2.clone()));
    assert_eq!(s.player_by_token([9; 32]).await.unwrap(), None);
    assert_eq!(s.player("b".into()).await.unwrap(), Some(b.clone()));
    assert_eq!(s.player("zz".into()).await.unwrap(), None);
    let g = NewGame {
        id: "g1".into(),
        players: [public(&a2), public(&b)],
        games_before: [0, 0],
        started_at: 10,
        rated: true,
    };
    s.start_game(g.clone()).await.unwrap();
    s.append_action("g1".into(), FIRST_EPOCH, 1, Action::Place { to: 0 }, 11)
        .await
        .unwrap();
    s.append_action("g1".into(), FIRST_EPOCH, 2, Action::Place { to: 1 }, 12)
        .await
        .unwrap();
    assert!(s
        .append_action("g1".into(), FIRST_EPOCH, 2, Action::Place { to: 2 }, 12)
        .await
        .is_err());
    // A player is in one game at a time: a second game with a is refused.
    let (c, d) = (profile("c", 1200), profile("d", 1200));
    s.create_player([3; 32], c.clone(), seed_origin())
        .await
        .unwrap();
    s.create_player([4; 32], d.clone(), seed_origin())
        .await
        .unwrap();
    let busy = NewGame {
        id: "busy".into(),
        players: [public(&c), public(&a2)],
        ..g.clone()
    };
    let e = s.start_game(busy).await.unwrap_err();
    assert_eq!(e, StoreError::PlayerBusy("a".into()), "{e}");
    assert!(s.game_in_progress("busy".into()).await.unwrap().is_none());
    let g2 = NewGame {
        id: "g2".into(),
        players: [public(&c), public(&d)],
        ..g.clone()
    };
    s.start_game(g2.clone()).await.unwrap();
    s.append_action("g2".into(), FIRST_EPOCH, 1, Action::Timeout, 13)
        .await
        .unwrap();
    let one = s.game_in_progress("g1".into()).await.unwrap().unwrap();
    assert_eq!(one.game, g);
    assert_eq!(
        one.log,
        vec![Action::Place { to: 0 }, Action::Place { to: 1 }]
    );
    s.append_action(
        "g1".into(),
        FIRST_EPOCH,
        3,
        Action::Resign { side: Side::Black },
        14,
    )
    .await
    .unwrap();
    let finish = Finish {
        id: "g1".into(),
        players: ["a".into(), "b".into()],
        result: resign_result(),
        finished_at: 15,
        epoch: FIRST_EPOCH,
    };
    s.finish_game(finish.clone()).await.unwrap();
    assert_eq!(
        s.rated_games_between("b".into(), "a".into(), 15)
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        s.rated_games_between("a".into(), "b".into(), 16)
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        s.rated_games_between("a".into(), "c".into(), 0)
            .await
            .unwrap(),
        0
    );
    // Settling twice is refused (and changes no rating).
    let mut again = finish;
    again.finished_at = 16;
    assert!(s.finish_game(again).await.is_err());
    assert!(s.game_in_progress("g1".into()).await.unwrap().is_none());
    // A finished or unknown game cannot be claimed.
    assert_eq!(s.claim_game("g1".into()).await.unwrap(), None);
    assert_eq!(s.claim_game("zz".into()).await.unwrap(), None);
    fencing(s).await;
}

/// Another owner claims g2: the old owner's append and settlement are
/// refused as stale (and change nothing), the new owner's go through.
async fn fencing(s: &dyn Store) {
    let (epoch, g2) = s.claim_game("g2".into()).await.unwrap().unwrap();
    assert_eq!(epoch, FIRST_EPOCH + 1, "a claim takes the next epoch");
    assert_eq!(g2.log, vec![Action::Timeout]);
    stale_append_is_refused(s, FIRST_EPOCH).await;
    let stale = Finish {
        id: "g2".into(),
        players: ["c".into(), "d".into()],
        result: resign_result(),
        finished_at: 20,
        epoch: FIRST_EPOCH,
    };
    let e = s.finish_game(stale).await.unwrap_err();
    assert!(e.is_fenced(), "{e}");
    // A second claim: the epoch that was current a moment ago is stale too.
    let (newer, _) = s.claim_game("g2".into()).await.unwrap().unwrap();
    assert_eq!(newer, epoch + 1);
    stale_append_is_refused(s, epoch).await;
    let g2 = s.game_in_progress("g2".into()).await.unwrap().unwrap();
    assert_eq!(g2.log, vec![Action::Timeout], "nothing stale was written");
    // The current owner still writes (and a duplicate seq is still refused,
    // as a plain failure).
    s.append_action("g2".into(), newer, 2, Action::Place { to: 5 }, 21)
        .await
        .unwrap();
    let dup = s
        .append_action("g2".into(), newer, 2, Action::Place { to: 6 }, 21)
        .await
        .unwrap_err();
    assert!(!dup.is_fenced(), "{dup}");
}

/// An append to g2 under `epoch` is refused with the stale epoch and the
/// game's current one in a clear sentence.
async fn stale_append_is_refused(s: &dyn Store, epoch: u64) {
    let e = s
        .append_action("g2".into(), epoch, 2, Action::Place { to: 3 }, 20)
        .await
        .unwrap_err();
    let StoreError::Fenced {
        game,
        epoch: refused,
        current,
    } = &e
    else {
        panic!("not refused as stale: {e}");
    };
    assert_eq!((game.as_str(), *refused), ("g2", epoch));
    assert!(*current > epoch);
    assert!(
        e.to_string().contains(&format!("owner epoch {epoch}")),
        "{e}"
    );
}

/// Reads everything back (from a store opened again).
async fn read_part(s: &dyn Store) {
    let pa = s.player("a".into()).await.unwrap().unwrap();
    assert_eq!(
        (pa.name.as_str(), pa.rating, pa.games, pa.wins, pa.losses),
        ("Alice", 1180, 1, 0, 1)
    );
    let pb = s.player("b".into()).await.unwrap().unwrap();
    assert_eq!((pb.rating, pb.games, pb.wins, pb.losses), (1312, 1, 1, 0));
    // b started at 1300, not the start rating: the audit says so, and only that.
    assert_eq!(
        s.audit().await.unwrap(),
        vec!["player b: rating 1312 but the start rating plus the stored changes is 1212"]
    );
    let playing = s.games_in_progress().await.unwrap();
    assert_eq!(playing.len(), 1);
    assert_eq!(playing[0].game.id, "g2");
    assert_eq!(playing[0].game.started_at, 10);
    assert_eq!(
        playing[0].log,
        vec![Action::Timeout, Action::Place { to: 5 }]
    );
    // The epoch survives reopening: the first one stays stale.
    stale_append_is_refused(s, FIRST_EPOCH).await;
    let recent = s.recent_games("b".into(), 5).await.unwrap();
    assert_eq!(recent.len(), 1);
    assert_eq!(recent[0].game_id, "g1");
    assert_eq!(recent[0].you, SideCode(Side::White));
    assert_eq!(recent[0].opponent.name, "Alice");
    assert_eq!(recent[0].result, resign_result());
    assert_eq!(recent[0].finished_at, 15);
    assert!(s.recent_games("zz".into(), 5).await.unwrap().is_empty());
    let fin = s.finished_game("g1".into()).await.unwrap().unwrap();
    assert_eq!(fin.log.len(), 3);
    assert_eq!(fin.log[2], Action::Resign { side: Side::Black });
    assert_eq!(fin.finished_at, 15);
    assert_eq!(fin.result, resign_result());
    assert_eq!(fin.game.games_before, [0, 0]);
    assert!(s.finished_game("g2".into()).await.unwrap().is_none());
    rating_history_part(s).await;
}

/// Each player's rating history: their stored change per rated game, oldest
/// first; a game in progress is not in it.
async fn rating_history_part(s: &dyn Store) {
    let steps = |id: &str| {
        let id = id.to_string();
        async move {
            s.rating_history(id)
                .await
                .unwrap()
                .into_iter()
                .map(|r| (r.game_id, r.finished_at, r.change))
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(steps("a").await, [("g1".to_string(), 15, -20)]);
    assert_eq!(steps("b").await, [("g1".to_string(), 15, 12)]);
    assert!(steps("zz").await.is_empty());
}

/// The contract: write through one store, read through it and through a
/// second one opened on the same database.
async fn contract<F, Fut>(open: F)
where
    F: Fn() -> Fut,
    Fut: Future<Output = Arc<dyn Store>>,
{
    {
        let s = open().await;
        write_part(&*s).await;
        read_part(&*s).await;
    }
    let s = open().await;
    read_part(&*s).await;
}

/// The trust rules, on a fresh store: the hourly allowance of new players per
/// address; ratings that move by each settlement's change (a stale "after"
/// never overwrites another game's); unrated results that change no rating
/// nor record; a log with a gap read back with the problem named, not an error.
async fn trust_part(s: &dyn Store) {
    let origin = |at_ms| store::Origin {
        address: "addr".into(),
        at_ms,
        per_hour: 2,
    };
    s.create_player([11; 32], profile("p", 1200), origin(1_000))
        .await
        .unwrap();
    s.create_player([12; 32], profile("q", 1200), origin(2_000))
        .await
        .unwrap();
    let e = s
        .create_player([13; 32], profile("r", 1200), origin(3_000))
        .await
        .unwrap_err();
    assert_eq!(e, StoreError::TooManyNewPlayers);
    assert_eq!(s.player("r".into()).await.unwrap(), None);
    // Another address, or the same an hour later, may.
    let other = store::Origin {
        address: "other".into(),
        ..origin(3_000)
    };
    s.create_player([13; 32], profile("r", 1200), other)
        .await
        .unwrap();
    s.create_player([14; 32], profile("t", 1200), origin(1_000 + store::HOUR_MS))
        .await
        .unwrap();
    let players = |x: &str, y: &str| {
        [x, y].map(|id| PublicPlayer {
            id: id.into(),
            name: id.into(),
            rating: 1200,
        })
    };
    let game = |id: &str, x: &str, y: &str| NewGame {
        id: id.into(),
        players: players(x, y),
        games_before: [0, 0],
        started_at: 1,
        rated: true,
    };
    let won = |before: i32, delta: i32, unrated| GameResult {
        winner: Some(SideCode(Side::Black)),
        reason: EndReason::Resign,
        ratings: [
            RatingChange {
                before,
                after: before + delta,
            },
            RatingChange {
                before: 1200,
                after: 1200 - delta,
            },
        ],
        unrated,
        aborted_by: None,
    };
    let settle = |id: &str, x: &str, y: &str, result| Finish {
        id: id.into(),
        players: [x.into(), y.into()],
        result,
        finished_at: 50,
        epoch: FIRST_EPOCH,
    };
    // p plays q, then r; both results were computed from p at 1200.
    s.start_game(game("h1", "p", "q")).await.unwrap();
    s.finish_game(settle("h1", "p", "q", won(1200, 16, None)))
        .await
        .unwrap();
    s.start_game(game("h2", "p", "r")).await.unwrap();
    s.finish_game(settle("h2", "p", "r", won(1200, 16, None)))
        .await
        .unwrap();
    let p = s.player("p".into()).await.unwrap().unwrap();
    assert_eq!(
        (p.rating, p.games, p.wins),
        (1232, 2, 2),
        "both changes count"
    );
    // An unrated win: recorded as such, no rating or record moves.
    s.start_game(game("h3", "p", "t")).await.unwrap();
    let unrated = won(1232, 0, Some(Unrated::TooFewMoves));
    s.finish_game(settle("h3", "p", "t", unrated.clone()))
        .await
        .unwrap();
    let p = s.player("p".into()).await.unwrap().unwrap();
    assert_eq!((p.rating, p.games, p.wins), (1232, 2, 2));
    let h3 = s.finished_game("h3".into()).await.unwrap().unwrap().result;
    assert_eq!(h3.unrated, Some(Unrated::TooFewMoves));
    // The rating history holds both rated games, not the unrated one.
    let history: Vec<(String, i32)> = s
        .rating_history("p".into())
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.game_id, r.change))
        .collect();
    assert_eq!(history, [("h1".into(), 16), ("h2".into(), 16)]);
    assert_eq!(
        s.rated_games_between("t".into(), "p".into(), 0)
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        s.rated_games_between("p".into(), "q".into(), 0)
            .await
            .unwrap(),
        1
    );
    // Aborts: counted per player among their last N finished games, with the
    // time of the latest; the other player of an aborted game is not counted.
    let aborted = GameResult {
        winner: None,
        reason: EndReason::Aborted,
        ratings: [RatingChange {
            before: 1200,
            after: 1200,
        }; 2],
        unrated: Some(Unrated::NoWinner),
        aborted_by: Some(SideCode(Side::Black)),
    };
    for (i, other) in ["q", "r", "q"].into_iter().enumerate() {
        let id = format!("a{i}");
        s.start_game(game(&id, "t", other)).await.unwrap();
        s.finish_game(Finish {
            finished_at: 100 + i as u64,
            ..settle(&id, "t", other, aborted.clone())
        })
        .await
        .unwrap();
    }
    let t = s.recent_aborts("t".into(), 10).await.unwrap();
    assert_eq!((t.count, t.last_at), (3, Some(102)));
    assert_eq!(s.recent_aborts("t".into(), 2).await.unwrap().count, 2);
    assert_eq!(s.recent_aborts("q".into(), 10).await.unwrap().count, 0);
    let t = s.player("t".into()).await.unwrap().unwrap();
    assert_eq!(
        (t.rating, t.games),
        (1200, 0),
        "an abort changes no rating or record"
    );
    // A gap in a stored log is read back as far as it goes, with the reason.
    s.start_game(game("h4", "q", "r")).await.unwrap();
    s.append_action("h4".into(), FIRST_EPOCH, 1, Action::Place { to: 0 }, 2)
        .await
        .unwrap();
    s.append_action("h4".into(), FIRST_EPOCH, 3, Action::Place { to: 1 }, 3)
        .await
        .unwrap();
    let h4 = s.game_in_progress("h4".into()).await.unwrap().unwrap();
    assert_eq!(h4.log, vec![Action::Place { to: 0 }]);
    assert_eq!(
        h4.problem.as_deref(),
        Some("action 3 follows action 1: a gap")
    );
    assert_eq!(
        s.audit().await.unwrap(),
        vec!["game h4: 2 actions stored but numbered up to 3"]
    );
}

#[tokio::test]
async fn sqlite_keeps_the_trust_rules() {
    let dir = tempfile::tempdir().unwrap();
    let s = store::open(&Database::Sqlite(dir.path().join("t.sqlite3")))
        .await
        .unwrap();
    trust_part(&*s).await;
}

#[tokio::test]
async fn postgres_keeps_the_trust_rules() {
    let Some(services) = services("postgres_keeps_the_trust_rules") else {
        return;
    };
    let db = Database::Postgres(fresh_database(&services.database_url).await);
    trust_part(&*store::open(&db).await.unwrap()).await;
}

/// `hello` reads a player's recent games through the per-side indexes, never
/// a scan of every game on the server.
#[test]
fn recent_games_use_the_indexes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("plan.sqlite3");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async { drop(store::open(&Database::Sqlite(path.clone())).await.unwrap()) });
    let c = rusqlite::Connection::open(&path).unwrap();
    let plan: Vec<String> = c
        .prepare(
            "EXPLAIN QUERY PLAN SELECT id FROM games WHERE id IN ( \
             SELECT id FROM (SELECT id FROM games WHERE black = 'x' AND status = 'finished' \
             ORDER BY finished_at DESC LIMIT 10) \
             UNION ALL SELECT id FROM (SELECT id FROM games WHERE white = 'x' \
             AND status = 'finished' ORDER BY finished_at DESC LIMIT 10))",
        )
        .unwrap()
        .query_map([], |r| r.get::<_, String>(3))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let text = plan.join("\n");
    assert!(text.contains("games_black"), "{text}");
    assert!(text.contains("games_white"), "{text}");
    assert!(!text.contains("SCAN games"), "{text}");
}

#[tokio::test]
async fn sqlite_keeps_the_contract() {
    let dir = tempfile::tempdir().unwrap();
    let db = &Database::Sqlite(dir.path().join("sub/db.sqlite3"));
    contract(move || async move { store::open(db).await.unwrap() }).await;
}

#[tokio::test]
async fn an_sqlite_file_of_schema_1_gains_the_owner_epoch() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite3");
    let db = Database::Sqlite(path.clone());
    {
        let s = store::open(&db).await.unwrap();
        let a = profile("a", 1200);
        let b = profile("b", 1300);
        s.create_player([1; 32], a.clone(), seed_origin())
            .await
            .unwrap();
        s.create_player([2; 32], b.clone(), seed_origin())
            .await
            .unwrap();
        let g = NewGame {
            id: "old".into(),
            players: [public(&a), public(&b)],
            games_before: [0, 0],
            started_at: 10,
            rated: true,
        };
        s.start_game(g).await.unwrap();
        s.append_action("old".into(), FIRST_EPOCH, 1, Action::Place { to: 0 }, 11)
            .await
            .unwrap();
    }
    // Back to what a schema-1 server wrote: no owner epoch column.
    let c = rusqlite::Connection::open(&path).unwrap();
    c.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    c.execute_batch(
        "DROP TABLE playing; DROP INDEX players_created; DROP INDEX games_pair; \
         ALTER TABLE players DROP COLUMN created_by; ALTER TABLE players DROP COLUMN created_at; \
         ALTER TABLE games DROP COLUMN rated; ALTER TABLE games DROP COLUMN unrated; \
         ALTER TABLE games DROP COLUMN owner_epoch; ALTER TABLE games DROP COLUMN aborted_by; \
         DROP INDEX players_rating; PRAGMA user_version = 1;",
    )
    .unwrap();
    drop(c);
    let s = store::open(&db).await.unwrap();
    s.append_action("old".into(), FIRST_EPOCH, 2, Action::Place { to: 1 }, 12)
        .await
        .unwrap();
    let (epoch, g) = s.claim_game("old".into()).await.unwrap().unwrap();
    assert_eq!(epoch, FIRST_EPOCH + 1);
    assert_eq!(g.log.len(), 2);
    let e = s
        .append_action("old".into(), FIRST_EPOCH, 3, Action::Place { to: 2 }, 13)
        .await
        .unwrap_err();
    assert!(e.is_fenced(), "{e}");
}

#[tokio::test]
async fn postgres_keeps_the_contract() {
    let Some(services) = services("postgres_keeps_the_contract") else {
        return;
    };
    let db = &Database::Postgres(fresh_database(&services.database_url).await);
    contract(move || async move { store::open(db).await.unwrap() }).await;
}

#[test]
fn database_names_parse() {
    assert_eq!(
        Database::parse("postgres://u@h:5432/db"),
        Database::Postgres("postgres://u@h:5432/db".into())
    );
    assert_eq!(
        Database::parse("data/baifang.sqlite3"),
        Database::Sqlite("data/baifang.sqlite3".into())
    );
    assert_eq!(
        Database::parse("postgresql://u:secret@h/db").to_string(),
        "postgres://…@h/db"
    );
}
