//! `engine baifang tables …`: build, probe and verify the endgame tables.
//!
//! - `build --max-stones N --out DIR`: every signature of at most N stones,
//!   smallest first; a signature whose files are present and pass their
//!   checksums is skipped (resumable); counts per signature on stdout,
//!   progress on stderr.
//! - `probe FILE|- [--dir DIR]`: the value and distance after a JSON action
//!   list, and every legal action's value for the side that plays it (JSON).
//! - `verify DIR`: re-derives every stored value from its children through
//!   the rules engine; exit 1 on any mismatch.
//! - `convert DIR [--games N] [--seed S] [--min-distance D] [--strength S] [--threads T]`:
//!   from N random 4 v 4 positions won in at least D plies, the AI with the tables and without them
//!   against the AI without them; one line per position, then the shares.
//!   Exit 1 when the side with the tables failed to win one.
//! - `puzzles DIR [--seed S] [--per-plies K] [--check FILE]`: draws the "win in N" puzzles
//!   (JSON on stdout, the format of `levels/baifang/puzzles.json`), or checks a puzzle file
//!   against the tables (exit 1 on the first puzzle the tables refuse).
//! - `bench-probe DIR [--probes N] [--seed S]`: the time per probe of a loaded
//!   table over a reproducible sample, and the sample's checksum (the wasm
//!   benchmark prints the same checksum).

use clap::Subcommand;
use engine::baifang::spec::MIN_STONES;
use engine::baifang::tables::{file, solve, verify, NotCovered, Outcome, Tables};
use engine::baifang::ActionList;
use serde_json::{json, Value};
use std::path::Path;
use std::time::Instant;

#[derive(Subcommand)]
pub enum Command {
    /// Build the tables of every signature with at most N stones into DIR.
    Build {
        /// Most stones on the board (both sides together).
        #[arg(long)]
        max_stones: usize,
        /// Output folder (created if missing).
        #[arg(long)]
        out: String,
        /// Worker threads for the first pass.
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
    /// Value of the position after a JSON action list (FILE or `-`), and of every legal action.
    Probe {
        /// File with a JSON array of actions, or `-` for stdin.
        file: String,
        /// Folder holding the tables.
        #[arg(long, default_value = "tables")]
        dir: String,
    },
    /// From random table-won 4 v 4 positions: the AI with the tables, then without them, against the AI without them.
    Convert {
        /// Folder holding the tables.
        dir: String,
        /// Won positions to play (Black to move in even ones, White in odd ones).
        #[arg(long, default_value_t = 200)]
        games: u32,
        /// Run seed (position i is drawn from it and i).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Only positions won in at least this many plies.
        #[arg(long, default_value_t = 0)]
        min_distance: u16,
        /// The AI on both sides (beginner|medium|hard|master).
        #[arg(long, default_value = "master")]
        strength: String,
        /// Worker threads (the results do not depend on them).
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
    /// Draw "win in N" puzzles from the tables (JSON on stdout), or check a puzzle file against them.
    Puzzles {
        /// Folder holding the tables.
        dir: String,
        /// Draw seed (the built-in set uses the default).
        #[arg(long, default_value_t = engine::baifang::puzzle::BUILT_IN_SEED)]
        seed: u64,
        /// Puzzles per distance (3 to 15 plies).
        #[arg(long, default_value_t = engine::baifang::puzzle::BUILT_IN_PER_PLIES)]
        per_plies: usize,
        /// Check this puzzle file instead of drawing.
        #[arg(long)]
        check: Option<String>,
    },
    /// Time per probe over a reproducible sample of random 4 v 4 positions, and its checksum.
    BenchProbe {
        /// Folder holding the tables.
        dir: String,
        /// Positions probed per run.
        #[arg(long, default_value_t = 100_000)]
        probes: u32,
        /// Sample seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Re-derive every stored value from its children (the tables agree with the rules).
    Verify {
        /// Folder holding the tables.
        dir: String,
        /// Worker threads.
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
}

/// Signatures (mover, opponent) of at most `max` stones, smallest first.
fn signatures(max: usize) -> Vec<(usize, usize)> {
    let min = MIN_STONES as usize;
    let mut out = Vec::new();
    for total in 2 * min..=max {
        for m in min..=total - min {
            out.push((m, total - m));
        }
    }
    out
}

fn build(max: usize, out: &str, threads: usize) -> i32 {
    let dir = Path::new(out);
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: cannot create {out}: {e}");
        return 2;
    }
    let start = Instant::now();
    for (m, o) in signatures(max) {
        if !solve::is_exact(m, o) {
            println!("{m}v{o}: not built: its captures lead into endings with an anti-looping lock, which the tables do not model yet");
            continue;
        }
        if let Ok(t) = file::TableFile::load(dir, m, o) {
            let (v, d) = t.unpack();
            println!(
                "{m}v{o}: present and checked, skipped; {}",
                show(solve::counts(&v, &d))
            );
            continue;
        }
        let t = Instant::now();
        eprintln!("{m}v{o}: solving");
        let solved = solve::solve(m, o, threads);
        let bytes = match file::write(dir, &solved) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: cannot write {m}v{o} into {out}: {e}");
                return 2;
            }
        };
        println!(
            "{m}v{o}: {}; {} slots, {bytes} bytes, {:.1} s",
            show(solved.counts()),
            solved.index.len(),
            t.elapsed().as_secs_f64()
        );
    }
    println!("done in {:.1} s", start.elapsed().as_secs_f64());
    0
}

fn show(c: solve::Counts) -> String {
    format!(
        "{} positions: {} wins, {} losses, {} no result, longest win {}, longest loss {}",
        c.positions, c.wins, c.losses, c.no_result, c.longest_win, c.longest_loss
    )
}

fn outcome_json(v: Result<Outcome, NotCovered>) -> Value {
    match v {
        Ok(o) => json!({"covered": true, "value": o.word(), "distance": o.distance()}),
        Err(why) => json!({"covered": false, "reason": format!("{why:?}")}),
    }
}

fn probe(file: &str, dir: &str) -> i32 {
    let s = match super::game_input::load_state(Some(file)) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let mut tables = Tables::open(Path::new(dir));
    let mut report = outcome_json(tables.probe(&s));
    report["toMove"] = json!(s.to_move().letter().to_string());
    let mut list = ActionList::new();
    s.legal_actions(&mut list);
    let mut moves = Vec::new();
    for &a in list.iter() {
        let mut c = s;
        c.apply_unchecked(a);
        // The child's value for the side that played the action.
        let v = tables.probe(&c).map(|v| {
            if c.to_move() == s.to_move() {
                v.later()
            } else {
                v.back()
            }
        });
        let mut m: Value = serde_json::from_str(&a.to_json()).expect("an action is JSON");
        for (k, x) in outcome_json(v).as_object().expect("an object") {
            m[k] = x.clone();
        }
        moves.push(m);
    }
    report["moves"] = Value::Array(moves);
    println!("{report}");
    0
}

fn verify_dir(dir: &str, threads: usize) -> i32 {
    let mut code = 0;
    let mut found = 0;
    for (m, o) in signatures(2 * engine::baifang::spec::STONES_PER_SIDE as usize) {
        if file::TableFile::load(Path::new(dir), m, o).is_err() {
            continue;
        }
        found += 1;
        let t = Instant::now();
        let r = verify::verify(Path::new(dir), m, o, threads);
        println!(
            "{m}v{o}: {} positions checked, {} mismatches, {:.1} s",
            r.checked,
            r.mismatches,
            t.elapsed().as_secs_f64()
        );
        if let Some((board, stored, derived)) = r.first {
            println!("  first mismatch: {board} stored {stored:?} derived {derived:?}");
            code = 1;
        }
    }
    if found == 0 {
        eprintln!("error: no table in {dir}");
        return 2;
    }
    code
}

pub fn run(cmd: Command) -> i32 {
    match cmd {
        Command::Build {
            max_stones,
            out,
            threads,
        } => build(max_stones, &out, threads),
        Command::Probe { file, dir } => probe(&file, &dir),
        Command::Verify { dir, threads } => verify_dir(&dir, threads),
        Command::BenchProbe { dir, probes, seed } => bench_probe(&dir, probes, seed),
        Command::Puzzles {
            dir,
            seed,
            per_plies,
            check,
        } => puzzles(&dir, seed, per_plies, check.as_deref()),
        Command::Convert {
            dir,
            games,
            seed,
            min_distance,
            strength,
            threads,
        } => convert(&dir, games, seed, min_distance, &strength, threads),
    }
}

fn convert(
    dir: &str,
    games: u32,
    seed: u64,
    min_distance: u16,
    strength: &str,
    threads: usize,
) -> i32 {
    use engine::baifang::ai::Strength;
    use engine::baifang::tables::conversion::{self, Conversion};
    let Some(strength) = Strength::parse(strength) else {
        eprintln!("error: a strength is one of beginner|medium|hard|master");
        return 2;
    };
    if file::TableFile::load(Path::new(dir), 4, 4).is_err() {
        eprintln!("error: {dir} holds no checked 4 v 4 table (build it with `engine baifang tables build --max-stones 8 --out {dir}`)");
        return 2;
    }
    let start = Instant::now();
    let spec = conversion::RunSpec {
        games,
        seed,
        min_distance,
        strength,
    };
    let played = conversion::run(Path::new(dir), spec, threads);
    let share = |with: bool| {
        let won = played
            .iter()
            .filter(|g| {
                matches!(
                    if with {
                        g.with_tables
                    } else {
                        g.without_tables
                    },
                    Conversion::Won(_)
                )
            })
            .count();
        let lost = played
            .iter()
            .filter(|g| {
                (if with {
                    g.with_tables
                } else {
                    g.without_tables
                }) == Conversion::Lost
            })
            .count();
        (won, lost, played.len() - won - lost)
    };
    for g in &played {
        println!("{}", json!(g));
    }
    let (ww, wl, wc) = share(true);
    let (nw, nl, nc) = share(false);
    let in_distance = played
        .iter()
        .filter(|g| matches!(g.with_tables, Conversion::Won(p) if p <= g.distance))
        .count();
    println!(
        "{} with the tables against {0} without: won {ww} of {} ({in_distance} within the table's distance), lost {wl}, cut {wc}",
        strength.id(),
        played.len()
    );
    println!(
        "{} without the tables against {0} without: won {nw} of {} ({:.1} %), lost {nl}, cut after {} turns {nc}; {:.0} s",
        strength.id(),
        played.len(),
        100.0 * nw as f64 / played.len().max(1) as f64,
        conversion::TURN_LIMIT,
        start.elapsed().as_secs_f64()
    );
    i32::from(ww != played.len())
}

/// Positions drawn at most while looking for puzzles (the built-in set needs far fewer).
const PUZZLE_TRIES: u32 = 20_000_000;

fn puzzles(dir: &str, seed: u64, per_plies: usize, check: Option<&str>) -> i32 {
    use engine::baifang::puzzle::{self, Puzzle};
    let mut tables = Tables::open(Path::new(dir));
    if file::TableFile::load(Path::new(dir), 4, 4).is_err() {
        eprintln!("error: {dir} holds no checked 4 v 4 table (build it with `engine baifang tables build --max-stones 8 --out {dir}`)");
        return 2;
    }
    let Some(path) = check else {
        return match puzzle::draw(&mut tables, seed, per_plies, PUZZLE_TRIES) {
            Ok(found) => {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&found).expect("puzzles are JSON")
                );
                0
            }
            Err(why) => {
                eprintln!("error: the tables do not cover a drawn position ({why:?})");
                2
            }
        };
    };
    let list: Vec<Puzzle> = match std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {path} is not a puzzle file: {e}");
            return 2;
        }
    };
    for (i, p) in list.iter().enumerate() {
        if let Err(why) = puzzle::check(&mut tables, p) {
            println!("puzzle {i} ({}): {why}", p.id());
            return 1;
        }
    }
    println!(
        "{} puzzles checked: each won in its plies, with one winning first turn",
        list.len()
    );
    0
}

fn bench_probe(dir: &str, probes: u32, seed: u64) -> i32 {
    use engine::baifang::tables::probe_sample::{positions, probe_all};
    let table = match file::TableFile::load(Path::new(dir), 4, 4) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {dir} holds no checked 4 v 4 table: {e}");
            return 2;
        }
    };
    let mut tables = Tables::in_memory();
    tables.insert(table);
    let sample = positions(seed, probes);
    // The first run touches the table's pages; the median of five runs after it is reported.
    let mut result = probe_all(&mut tables, &sample);
    let mut times: Vec<f64> = (0..5)
        .map(|_| {
            let t = Instant::now();
            result = probe_all(&mut tables, &sample);
            t.elapsed().as_secs_f64() * 1e9 / probes.max(1) as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "native: {probes} probes, {} covered, checksum {:016x}; {:.0} ns per probe (median of 5 runs)",
        result.covered, result.checksum, times[2]
    );
    0
}
