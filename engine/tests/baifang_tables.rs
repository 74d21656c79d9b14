//! The endgame tables against a second, deliberately naive solver: a memoised
//! search over the full game state (locks included, through `State::apply`),
//! with no symmetry and no index, bounded to a horizon of plies.
//!
//! The table's 4 v 4 files are built once into `target/endgame-tables-cache`
//! (about 7 s in release) and reused by later runs.

use engine::baifang::tables::{file, state_of, NotCovered, Outcome, Tables};
use engine::baifang::{Action, ActionList, Side, State};
use std::collections::HashMap;
use std::path::PathBuf;

mod common;

/// The cache folder of built tables (`common::tables_cache`).
fn cache() -> PathBuf {
    common::tables_cache()
}

/// The naive solver: the exact outcome if the game is decided within `h`
/// plies under best play, `None` otherwise. Memo entries remember the
/// horizon an undecided answer was searched to.
struct Naive {
    memo: HashMap<State, (u16, Option<Outcome>)>,
    saw_lock: bool,
}

impl Naive {
    fn new() -> Naive {
        Naive {
            memo: HashMap::new(),
            saw_lock: false,
        }
    }

    fn solve(&mut self, s: &State, h: u16) -> Option<Outcome> {
        if let Some((winner, _)) = s.result() {
            return Some(if winner == s.to_move() {
                Outcome::Win(0)
            } else {
                Outcome::Loss(0)
            });
        }
        self.saw_lock |= !s.locks().is_empty();
        if h == 0 {
            return None;
        }
        match self.memo.get(s) {
            Some(&(_, Some(o))) => return o.distance().filter(|&d| d <= h).map(|_| o),
            Some(&(searched, None)) if searched >= h => return None,
            _ => {}
        }
        let mut list = ActionList::new();
        s.legal_actions(&mut list);
        let (mut best_win, mut worst_loss, mut open) = (None::<u16>, 0u16, false);
        for &a in list.iter() {
            let mut c = *s;
            c.apply_unchecked(a);
            let same = c.to_move() == s.to_move();
            match (self.solve(&c, h - 1), same) {
                (Some(Outcome::Win(d)), true) | (Some(Outcome::Loss(d)), false) => {
                    best_win = Some(best_win.map_or(d + 1, |b: u16| b.min(d + 1)));
                }
                (Some(Outcome::Loss(d)), true) | (Some(Outcome::Win(d)), false) => {
                    worst_loss = worst_loss.max(d + 1);
                }
                _ => open = true,
            }
        }
        let r = match best_win {
            Some(d) => Some(Outcome::Win(d)),
            None if !open => Some(Outcome::Loss(worst_loss)),
            None => None,
        };
        self.memo.insert(*s, (h, r));
        r
    }
}

/// A small deterministic generator (xorshift64*), so samples are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    /// `k` random points not in `taken`.
    fn stones(&mut self, k: usize, taken: u32) -> u32 {
        let mut out = 0u32;
        while out.count_ones() < k as u32 {
            let p = (self.next() % 25) as u32;
            if (taken | out) >> p & 1 == 0 {
                out |= 1 << p;
            }
        }
        out
    }
}

/// Compares table and naive solver on `n` positions of `m` v `o` with the
/// naive horizon `h`: equal where the game is decided within `h` plies, and
/// the naive solver undecided exactly where the table says longer or no
/// result. With `near`, only positions the table decides within `h` are
/// drawn (still random, still checked by the naive search alone). Returns how
/// many positions were decided within the horizon.
fn compare(m: usize, o: usize, n: usize, h: u16, seed: u64, near: bool) -> usize {
    let mut tables = Tables::open(&cache());
    let mut naive = Naive::new();
    let mut rng = Rng(seed);
    let (mut decided, mut drawn, mut probes) = (0, 0, 0u32);
    let warm = state_of(rng.stones(m, 0b11110 << 20), 0b11110 << 20).expect("a legal board");
    let _ = tables.probe(&warm); // loads the file, outside the timing
    let t = std::time::Instant::now();
    let mut probing = std::time::Duration::ZERO;
    while drawn < n {
        let mover = rng.stones(m, 0);
        let opp = rng.stones(o, mover);
        let s = state_of(mover, opp).expect("a legal board");
        let p = std::time::Instant::now();
        let table = tables.probe(&s).expect("covered");
        probing += p.elapsed();
        probes += 1;
        let expect = table.distance().filter(|&d| d <= h).map(|_| table);
        if near && expect.is_none() {
            continue;
        }
        drawn += 1;
        let got = naive.solve(&s, h);
        assert_eq!(got, expect, "table {table:?} in {s:?}");
        decided += usize::from(got.is_some());
        if naive.memo.len() > 2_000_000 {
            naive.memo.clear();
        }
    }
    assert!(
        !naive.saw_lock,
        "a lock appeared below a lock-free 4 v 4 position"
    );
    eprintln!(
        "{m}v{o}: {probes} table probes, {:.2} µs each; {:.1} s in all",
        probing.as_secs_f64() * 1e6 / probes as f64,
        t.elapsed().as_secs_f64()
    );
    decided
}

#[test]
fn naive_search_agrees_on_10000_random_4v4_positions() {
    let decided = compare(4, 4, 10_000, 4, 0x5eed_4444, false);
    eprintln!("4v4: {decided} of 10000 random positions decided within 4 plies, all equal");
    let near = compare(4, 4, 2_000, 4, 0x5eed_0004, true);
    assert_eq!(near, 2_000);
}

/// A capture into 4 v 4 records a lock: such a position is outside the
/// tables (which hold lock-free positions), and the probe says so.
#[test]
fn a_locked_ending_is_not_covered() {
    let white = 1 | 1 << 1 | 1 << 5 | 1 << 7;
    let black = 0b11111 << 20;
    let mut s = State::from_position(black, white, [0, 0], Side::White).expect("legal");
    s.apply(Action::Move { from: 7, to: 6 })
        .expect("forms a square");
    let mut tables = Tables::open(&cache());
    // The capture leaves Black four stones: the game goes on, with a lock.
    assert_eq!(tables.probe(&s), Err(NotCovered::Pending));
    s.apply(Action::Capture { at: 24 }).expect("capturable");
    assert_eq!(s.locks().len(), 1);
    assert_eq!(tables.probe(&s), Err(NotCovered::Locked));
}

/// Every position of 4 v 4 against the naive search (minutes, not part of the
/// test command): `cargo test -p engine --release --test baifang_tables -- --ignored`.
#[test]
#[ignore]
fn naive_search_agrees_on_every_4v4_position() {
    let h: u16 = std::env::var("H").map_or(3, |v| v.parse().expect("H is a number"));
    let dir = cache();
    let mut tables = Tables::open(&dir);
    let index = engine::baifang::tables::index::Index::new(4, 4);
    let mut naive = Naive::new();
    let (mut checked, mut decided) = (0u64, 0u64);
    for slot in 0..index.len() {
        let (mover, opp, canonical) = index.position(slot);
        if !canonical {
            continue;
        }
        let s = state_of(mover, opp).expect("a legal board");
        let table = tables.probe(&s).expect("covered");
        let expect = table.distance().filter(|&d| d <= h).map(|_| table);
        let got = naive.solve(&s, h);
        assert_eq!(got, expect, "table {table:?} in {s:?}");
        checked += 1;
        decided += u64::from(got.is_some());
        if naive.memo.len() > 4_000_000 {
            naive.memo.clear();
        }
    }
    eprintln!("4v4: all {checked} positions equal; {decided} decided within {h} plies");
}

/// Plays a whole turn's actions; returns how many were applied.
fn play(s: &mut State, turn: &[Action]) -> u16 {
    for &a in turn {
        s.apply(a).expect("a legal action");
    }
    turn.len() as u16
}

/// From 200 random table-won 4 v 4 positions (either colour to move), the
/// table player wins within the table's distance against a random mover, and
/// in exactly that distance against itself (the loser also playing the table).
#[test]
fn the_table_player_converts_every_won_position() {
    use engine::baifang::ai::random_turn;
    use engine::baifang::ai::table_play::table_reply;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    let mut tables = Tables::open(&cache());
    let mut rng = Rng(0x00c0_ffee);
    let mut dice = ChaCha8Rng::seed_from_u64(7);
    let mut won = 0;
    while won < 200 {
        let mover = rng.stones(4, 0);
        let opp = rng.stones(4, mover);
        let side = if won % 2 == 0 {
            Side::Black
        } else {
            Side::White
        };
        let (b, w) = if side == Side::Black {
            (mover, opp)
        } else {
            (opp, mover)
        };
        let start = State::from_position(b, w, [0, 0], side).expect("legal");
        let Ok(Outcome::Win(d)) = tables.probe(&start) else {
            continue;
        };
        won += 1;
        for self_play in [false, true] {
            let (mut s, mut plies) = (start, 0u16);
            while !s.is_finished() {
                let turn = if s.to_move() == side || self_play {
                    table_reply(&mut tables, &s).expect("covered").0.turn
                } else {
                    random_turn(&s, &mut dice)
                };
                plies += play(&mut s, &turn);
            }
            assert_eq!(s.result().map(|r| r.0), Some(side), "won in {d}: {start:?}");
            assert!(plies <= d, "won in {d} took {plies}");
            if self_play {
                assert_eq!(plies, d, "best play takes the table's distance");
            }
        }
    }
}

/// `master` with the tables, from won positions the search cannot see to the end (16 plies
/// and longer), wins every one within the table's distance against `master` without them
/// (the full 200 positions, and how often `master` without the tables converts, are
/// `engine baifang tables convert`, README "Endgame tables").
#[test]
fn master_with_the_tables_converts_long_wins_against_master_without() {
    use engine::baifang::ai::Strength;
    use engine::baifang::tables::conversion::{convert, won_position, Conversion};
    let mut tables = Tables::open(&cache());
    for i in 0..4 {
        let (start, distance) = won_position(&mut tables, 11, i, 16);
        assert!(distance >= 16);
        let side = start.to_move();
        match convert(&mut tables, &start, Strength::Master, true, i as u64) {
            Conversion::Won(plies) => assert!(plies <= distance, "won in {distance} took {plies}"),
            other => panic!("{side:?} to move, won in {distance}: {other:?}\n{start:?}"),
        }
    }
}

/// `engine baifang tables convert`: one JSON line per position, then the two shares; a folder
/// without the 4 v 4 table is refused with a sentence.
#[test]
fn the_convert_command_reports_both_shares_and_names_a_missing_table() {
    let engine = env!("CARGO_BIN_EXE_engine");
    let dir = cache();
    let out = std::process::Command::new(engine)
        .args(["baifang", "tables", "convert"])
        .arg(&dir)
        .args(["--games", "6", "--threads", "1", "--seed", "3"])
        .output()
        .expect("engine runs");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().filter(|l| l.starts_with('{')).count(), 6);
    assert!(
        text.contains("master with the tables against master without: won 6 of 6 (6 within"),
        "{text}"
    );
    assert!(
        text.contains("master without the tables against master without: won "),
        "{text}"
    );
    let empty = std::env::temp_dir().join(format!("no-tables-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let out = std::process::Command::new(engine)
        .args(["baifang", "tables", "convert"])
        .arg(&empty)
        .output()
        .expect("engine runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds no checked 4 v 4 table"));
    std::fs::remove_dir_all(&empty).unwrap();
}

/// A table given as bytes (as a page fetches its files) answers as the one read from disk;
/// a damaged or mislabelled file is refused with a sentence naming it.
#[test]
fn a_table_from_bytes_answers_as_from_disk_and_refuses_damage() {
    use engine::baifang::tables::probe_sample::{positions, probe_all};
    let dir = cache();
    let val = std::fs::read(dir.join("4v4.val")).unwrap();
    let dist = std::fs::read(dir.join("4v4.dist")).unwrap();
    let mut in_memory = Tables::in_memory();
    in_memory.insert(file::TableFile::from_bytes(4, 4, val.clone(), dist.clone()).unwrap());
    let sample = positions(5, 5_000);
    let from_disk = probe_all(&mut Tables::open(&dir), &sample);
    assert_eq!(probe_all(&mut in_memory, &sample), from_disk);
    assert_eq!(from_disk.covered, 5_000);
    // Nothing else is covered by memory alone.
    let five = State::from_position(0b11111, 0b1111 << 10, [0, 0], Side::Black).unwrap();
    assert!(matches!(
        in_memory.probe(&five),
        Err(NotCovered::Material(5, 4))
    ));
    let mut damaged = dist.clone();
    damaged[1000] ^= 1;
    let e = file::TableFile::from_bytes(4, 4, val.clone(), damaged)
        .err()
        .expect("refused");
    assert!(e.to_string().contains("4v4.dist: checksum mismatch"), "{e}");
    let e = file::TableFile::from_bytes(5, 4, val, dist)
        .err()
        .expect("refused");
    assert!(e.to_string().contains("signature differs"), "{e}");
}

/// With the tables, the search scores every leaf they cover exactly: from a lock-free 4 v 4
/// position (whose every child is covered) a shallow search returns the table's own value,
/// won or lost at the table's distance, and its turn keeps that value. (The search counts the
/// root's whole turn as one ply, so a root turn of two actions scores one ply sooner.)
#[test]
fn the_search_scores_covered_leaves_exactly() {
    use engine::baifang::ai::{Limits, Searcher, WIN};
    use engine::baifang::tables::probe_sample::positions;
    let dir = cache();
    let mut tables = Tables::open(&dir);
    let mut searcher = Searcher::new();
    searcher.set_tables(Some(Tables::open(&dir)));
    let limits = Limits {
        max_depth: 2,
        nodes: 200_000,
        noise: 0,
        seed: 0,
    };
    let (mut wins, mut losses) = (0, 0);
    for s in positions(9, 400) {
        let value = tables.probe(&s).unwrap();
        if value == Outcome::NoResult {
            continue;
        }
        let reply = searcher.reply(&s, &[s.hash()], &limits);
        let turn_len = reply.turn.len() as u16;
        let kept = value_kept(&mut tables, &s, &reply.turn);
        assert_eq!(kept, value, "the chosen turn keeps the value: {s:?}");
        let exact = |d: u16| WIN - (d - turn_len + 1) as i32;
        let expected = match value {
            Outcome::Win(d) => exact(d),
            Outcome::Loss(d) => -exact(d),
            Outcome::NoResult => unreachable!(),
        };
        assert_eq!(reply.score, expected, "{s:?}");
        if expected > 0 {
            wins += 1
        } else {
            losses += 1
        }
    }
    assert!(
        wins > 10 && losses > 10,
        "{wins} won and {losses} lost positions checked"
    );
}

/// The review with the tables (`engine baifang analyse --tables`) of a fixed game that
/// reaches 4 v 4 and throws wins away (`tests/data/baifang-thrown-win.json`, found by
/// `examples/baifang_thrown_win.rs`): every covered position carries the tables' value,
/// no other does, and each covered turn's verdict follows from the values around it.
#[test]
fn the_review_with_tables_marks_exact_values_and_the_thrown_win() {
    use engine::baifang::ai::analysis::TurnClass;
    use engine::baifang::ai::analysis::{review_game, GameLine, Verdict};
    use engine::baifang::format::game_file;
    let dir = cache();
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/baifang-thrown-win.json"),
    )
    .unwrap();
    let game = game_file::from_json(&text).unwrap();
    let line = GameLine::from_log(game.log()).unwrap();
    let review = review_game(&line, 2_000, Some(Tables::open(&dir)));
    let mut tables = Tables::open(&dir);
    for (i, eval) in review.positions.iter().enumerate() {
        let s = &line.positions()[i];
        let expected = (!s.is_finished()).then(|| tables.probe(s).ok()).flatten();
        assert_eq!(eval.exact, expected, "position {i}");
    }
    let exact_turns: Vec<_> = review.turns.iter().filter(|t| t.exact.is_some()).collect();
    assert!(
        exact_turns.len() > 50,
        "{} covered turns",
        exact_turns.len()
    );
    for t in &exact_turns {
        let e = t.exact.unwrap();
        let expected = match (e.before, e.after) {
            (Outcome::Win(_), Outcome::Loss(_) | Outcome::NoResult) => Verdict::ThrewWin,
            (Outcome::NoResult, Outcome::Loss(_)) => Verdict::LetSlip,
            (b, a) if a == b => Verdict::Kept,
            _ => Verdict::Slower,
        };
        assert_eq!(e.verdict, expected, "turn {}", t.turn);
        let class = match e.verdict {
            Verdict::Kept => TurnClass::Best,
            Verdict::ThrewWin | Verdict::LetSlip => TurnClass::Blunder,
            Verdict::Slower => t.class.unwrap(),
        };
        assert_eq!(t.class, Some(class), "turn {}", t.turn);
    }
    // The first covered win thrown away: Black's turn from action 118 (won in 8).
    let thrown = exact_turns
        .iter()
        .find(|t| t.exact.unwrap().verdict == Verdict::ThrewWin)
        .unwrap();
    assert_eq!(line.turns()[thrown.turn].first_action, 118);
    assert_eq!(thrown.side, Side::Black);
    assert_eq!(thrown.exact.unwrap().before, Outcome::Win(8));
    // The table-best turn shown beside it keeps the win.
    let kept = value_kept(&mut tables, &line.positions()[thrown.turn], &thrown.best);
    assert_eq!(kept, Outcome::Win(8));
}

/// The value a whole turn played at `s` keeps, for the side that played it.
fn value_kept(tables: &mut Tables, s: &State, turn: &[Action]) -> Outcome {
    let mut after = *s;
    for &a in turn {
        after.apply(a).unwrap();
    }
    engine::baifang::ai::table_play::for_mover(
        tables.probe(&after).unwrap(),
        after.to_move() == s.to_move(),
        turn.len() as u16,
    )
}

/// `hard` and `master` play the table-best turn where the searcher's tables cover the
/// position (the browser's AI worker lends them its fetched tables); the weaker strengths
/// keep searching, mistakes and all.
#[test]
fn the_strengths_that_use_the_tables_play_the_table_best_turn() {
    use engine::baifang::ai::table_play::table_reply;
    use engine::baifang::ai::{Searcher, Strength};
    use engine::baifang::tables::probe_sample::positions;
    let dir = cache();
    let mut tables = Tables::open(&dir);
    let mut searcher = Searcher::new();
    searcher.set_tables(Some(Tables::open(&dir)));
    for s in positions(11, 50) {
        let (best, _) = table_reply(&mut tables, &s).unwrap();
        for level in [Strength::Hard, Strength::Master] {
            assert!(level.uses_tables());
            let reply = searcher.choose_turn(&s, &[s.hash()], level, 7);
            assert_eq!(reply.turn, best.turn, "{level:?} at {s:?}");
        }
        assert_eq!(searcher.hint(&s, &[s.hash()]).turn, best.turn);
    }
    assert!(!Strength::Beginner.uses_tables() && !Strength::Medium.uses_tables());
}
