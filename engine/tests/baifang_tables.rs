//! The endgame tables against a second, deliberately naive solver: a memoised
//! search over the full game state (locks included, through `State::apply`),
//! with no symmetry and no index, bounded to a horizon of plies.
//!
//! The table's 4 v 4 files are built once into `target/endgame-tables-cache`
//! (about 7 s in release) and reused by later runs.

use engine::baifang::tables::{file, solve, state_of, NotCovered, Outcome, Tables};
use engine::baifang::{Action, ActionList, Side, State};
use std::collections::HashMap;
use std::path::PathBuf;

/// The cache folder of built tables (rebuilt when missing or damaged). Built once
/// per test binary: the tests run in parallel threads, and two of them writing
/// the same missing table at once raced on its file (a cold clone's first run).
fn cache() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/endgame-tables-cache");
        std::fs::create_dir_all(&dir).expect("cache folder");
        if file::TableFile::load(&dir, 4, 4).is_err() {
            let solved = solve::solve(4, 4, 2);
            file::write(&dir, &solved).expect("cache written");
        }
        dir
    })
    .clone()
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
    use engine::baifang::tables::play::table_reply;
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
