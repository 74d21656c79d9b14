//! `engine baifang …` subcommands: a stable JSON contract others drive.
//!
//! - `replay FILE|-`: replays a packet list, prints one JSON object (state,
//!   first error). Illegal action → reported in `error`, exit 0. Malformed JSON
//!   → message on stderr, exit 2.
//! - `legal FILE|-`: the legal actions after FILE, in packet format (captures
//!   one index at a time; resign/timeout, always legal while running, omitted).
//! - `perft DEPTH [FILE]`: number of action sequences of length DEPTH (plies:
//!   placement, move, single capture). Timing goes to stderr.
//! - `bench [--depth D]`: AI nodes per second at a fixed depth over the fixed
//!   bench positions (median of a few runs).
//! - `selfplay --a STRENGTH --b STRENGTH --games N --seed S [--threads T]`: AI
//!   matches, colours alternating; `random` is a uniformly random player.
//! - `ai FILE [--strength S] [--seed N]`: the AI's whole turn after FILE (JSON).
//! - `analyse FILE [--nodes N]`: the game review of FILE as JSON (every
//!   position evaluated, every turn classified). Bad input exits 2.
//! - `notation FILE`: the game in the move list's notation (JSON: the line
//!   and every ply). Bad input exits 2.
//! - `link FILE [--black NAME] [--white NAME]`: the game link's code of FILE (what
//!   `#game=` carries; the review opens it). Bad input exits 2.
//! - `tables build|probe|verify`: the endgame tables (`baifang_tables.rs`).

use clap::Subcommand;
use engine::baifang::ai::analysis::{review_game, GameLine};
use engine::baifang::ai::table_play::table_reply;
use engine::baifang::ai::{self, ai_spec, selfplay::Player, Searcher, Strength};
use engine::baifang::{self, ActionList, Replay, State};
use serde::Serialize;

use super::game_input::{load, load_state, read_input};
use std::time::Instant;

#[derive(Subcommand)]
pub enum Command {
    /// Replay a JSON action list (seed packet format) and print the resulting state.
    Replay {
        /// File with a JSON array of actions, or `-` for stdin.
        file: String,
    },
    /// Print the legal actions in the state after a JSON action list.
    Legal {
        /// File with a JSON array of actions, or `-` for stdin.
        file: String,
    },
    /// Count action sequences of length DEPTH from the start (or the state after FILE).
    Perft {
        /// Number of plies.
        depth: u32,
        /// Optional file with a JSON array of actions, or `-` for stdin.
        file: Option<String>,
    },
    /// AI search speed: nodes per second at a fixed depth over fixed positions.
    Bench {
        /// Search depth in turns.
        #[arg(long, default_value_t = 9)]
        depth: u32,
        /// Timed repetitions (the median is reported).
        #[arg(long, default_value_t = 5)]
        runs: u32,
    },
    /// AI self-play: STRENGTH vs STRENGTH (beginner|medium|hard|master|random), colours alternating.
    Selfplay {
        /// Player A (Black in even games).
        #[arg(long)]
        a: String,
        /// Player B.
        #[arg(long)]
        b: String,
        /// Number of games.
        #[arg(long, default_value_t = 100)]
        games: u32,
        /// Match seed (game i uses a seed derived from it).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (results do not depend on it).
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Print one line per game.
        #[arg(long)]
        verbose: bool,
    },
    /// The AI's whole turn for the state after a JSON action list (FILE or `-`).
    Ai {
        /// File with a JSON array of actions, or `-` for stdin.
        file: String,
        /// Strength (beginner|medium|hard|master); `hint` for the hint.
        #[arg(long, default_value = "hard")]
        strength: String,
        /// Noise seed.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Endgame tables folder: `hard` and `master` play a table-best turn where covered, and score covered leaves of their search exactly elsewhere.
        #[arg(long)]
        tables: Option<String>,
    },
    /// Game review of a JSON action list (FILE or `-`): every position evaluated, every turn classified (JSON).
    #[command(alias = "analyze")]
    Analyse {
        /// File with a JSON array of actions, or `-` for stdin.
        file: String,
        /// Node budget per position (default: `review.nodes` in the AI spec).
        #[arg(long)]
        nodes: Option<u64>,
        /// Endgame tables folder: covered positions get their exact value (`exact`) and
        /// covered turns the tables' verdict (`kept`, `slower`, `threwWin`, `letSlip`).
        #[arg(long)]
        tables: Option<String>,
    },
    /// A JSON action list (FILE or `-`) in the move list's notation: the line and every ply (JSON).
    Notation {
        /// File with a JSON array of actions, or `-` for stdin.
        file: String,
    },
    /// The game link's code of a JSON action list (FILE or `-`): what a link's `#game=` carries.
    Link {
        /// File with a JSON array of actions, or `-` for stdin.
        file: String,
        /// The name shown for Black.
        #[arg(long, default_value = "")]
        black: String,
        /// The name shown for White.
        #[arg(long, default_value = "")]
        white: String,
    },
    /// Endgame tables: build, probe, verify.
    #[command(subcommand)]
    Tables(super::baifang_tables::Command),
}

#[derive(Serialize)]
struct Sides {
    #[serde(rename = "B")]
    b: u8,
    #[serde(rename = "W")]
    w: u8,
}

#[derive(Serialize)]
struct ErrorReport {
    index: usize,
    message: String,
}

/// Field order is part of the CLI contract (browser tests and tools parse it).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    board: String,
    phase: &'static str,
    to_move: String,
    pending_captures: u8,
    capturable: Vec<usize>,
    in_hand: Sides,
    timeouts: Sides,
    winner: Option<String>,
    reason: Option<&'static str>,
    applied: usize,
    error: Option<ErrorReport>,
    hash: String,
    disconnects: Sides,
    /// Points whose stone carries a standing anti-looping lock.
    loop_locked: Vec<usize>,
}

fn report(r: &Replay) -> Report {
    use baifang::Side::{Black, White};
    let s = &r.state;
    Report {
        board: s.board_string(),
        phase: s.phase().name(),
        to_move: s.to_move().letter().to_string(),
        pending_captures: s.pending_captures(),
        capturable: baifang::bitboard::bits(s.capturable()).collect(),
        in_hand: Sides {
            b: s.in_hand(Black),
            w: s.in_hand(White),
        },
        timeouts: Sides {
            b: s.timeouts(Black),
            w: s.timeouts(White),
        },
        winner: s.result().map(|(w, _)| w.letter().to_string()),
        reason: s.result().map(|(_, r)| r.name()),
        applied: r.applied,
        error: r.error.as_ref().map(|(i, e)| ErrorReport {
            index: *i,
            message: e.to_string(),
        }),
        hash: engine::baifang::state::hash_hex(s.hash()),
        disconnects: Sides {
            b: s.disconnects(Black),
            w: s.disconnects(White),
        },
        loop_locked: baifang::bitboard::bits(s.locked_points()).collect(),
    }
}

/// Reads FILE (or stdin for `-`) and replays it; Err(exit code) after printing why.
fn bench(depth: u32, runs: u32) -> i32 {
    let mut searcher = Searcher::new();
    let mut times = Vec::new();
    let mut result = None;
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        let r = ai::bench(&mut searcher, depth);
        times.push(t.elapsed().as_secs_f64());
        result = Some(r);
    }
    let r = result.expect("at least one run");
    times.sort_by(|a, b| a.total_cmp(b));
    let median = times[times.len() / 2];
    let nps = r.nodes as f64 / median;
    println!(
        "bench: depth {depth}, {} positions, {} nodes, median {:.3} s of {} runs, {:.2} M nodes/s (checksum {})",
        r.positions,
        r.nodes,
        median,
        times.len(),
        nps / 1e6,
        r.checksum
    );
    0
}

fn selfplay(a: &str, b: &str, games: u32, seed: u64, threads: usize, verbose: bool) -> i32 {
    let (Some(pa), Some(pb)) = (Player::parse(a), Player::parse(b)) else {
        eprintln!(
            "error: a player is one of beginner|medium|hard|master|random (or 入门/中等/困难/大师)"
        );
        return 2;
    };
    let t = Instant::now();
    let st = ai::selfplay::play_match(pa, pb, games, seed, threads, |i, a_black, g| {
        if verbose {
            let res = match g.last.result() {
                Some((w, r)) => format!("{} wins by {}", w.letter(), r.name()),
                None => "unfinished".into(),
            };
            println!(
                "game {i}: A={} turns={} {res}",
                if a_black { "B" } else { "W" },
                g.turns
            );
        }
    });
    let secs = t.elapsed().as_secs_f64();
    println!(
        "A = {}, B = {}, {} games, seed {seed}",
        pa.name(),
        pb.name(),
        st.games
    );
    println!(
        "wins: A {} ({} as Black, {} as White), B {} ({} as Black, {} as White)",
        st.a_wins,
        st.a_wins_as_black,
        st.a_wins - st.a_wins_as_black,
        st.b_wins,
        st.b_wins_as_black,
        st.b_wins - st.b_wins_as_black
    );
    println!(
        "average length {:.1} turns; first player (Black) won {} of {}, score {:.3}; reasons {:?}",
        st.avg_turns(),
        st.first_player_wins,
        st.games,
        st.first_player_score(),
        st.reasons
    );
    println!(
        "A share of decided games {:.1} %; time {:.1} s",
        100.0 * st.a_share_of_decided(),
        secs
    );
    println!(
        "selfplay: A won {}, B won {}, unfinished {}",
        st.a_wins, st.b_wins, st.unfinished
    );
    0
}

fn ai_turn(file: &str, strength: &str, seed: u64, tables: Option<&str>) -> i32 {
    let bytes = match read_input(file) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let packets = match baifang::parse_packets(&bytes) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {file}: {e}");
            return 2;
        }
    };
    let mut state = State::new();
    let mut history = vec![state.hash()];
    for (i, p) in packets.iter().enumerate() {
        if let Err(e) = state.apply_packet(p) {
            eprintln!("error: {file}: action {i} is illegal: {e}");
            return 1;
        }
        history.push(state.hash());
    }
    let r = Replay {
        state,
        applied: packets.len(),
        error: None,
        last: Vec::new(),
    };
    let t = Instant::now();
    if let Some(dir) = tables.filter(|_| matches!(strength, "hard" | "master")) {
        let mut tables = engine::baifang::tables::Tables::open(std::path::Path::new(dir));
        if let Ok((reply, value)) = table_reply(&mut tables, &r.state) {
            eprintln!("tables: {value:?} in {:.3} s", t.elapsed().as_secs_f64());
            let table = serde_json::json!({"value": value.word(), "distance": value.distance()});
            let out =
                serde_json::json!({ "reply": reply, "packet": reply.packet(), "table": table });
            println!("{out}");
            return 0;
        }
    }
    let mut searcher = Searcher::new();
    // Where the root is not covered (a lock standing, a capture owed), the search still
    // scores every leaf the tables cover exactly.
    if let Some(dir) = tables.filter(|_| matches!(strength, "hard" | "master")) {
        searcher.set_tables(Some(engine::baifang::tables::Tables::open(
            std::path::Path::new(dir),
        )));
    }
    let reply = if strength == "hint" {
        searcher.hint(&r.state, &history)
    } else {
        match Strength::parse(strength) {
            Some(l) => searcher.choose_turn(&r.state, &history, l, seed),
            None => {
                eprintln!("error: unknown strength {strength} (beginner|medium|hard|master|hint)");
                return 2;
            }
        }
    };
    eprintln!(
        "{} nodes in {:.3} s",
        reply.nodes,
        t.elapsed().as_secs_f64()
    );
    println!(
        "{}",
        serde_json::json!({ "reply": reply, "packet": reply.packet() })
    );
    0
}

fn analyse(file: &str, nodes: Option<u64>, tables: Option<&str>) -> i32 {
    let bytes = match read_input(file) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let nodes = nodes.unwrap_or(ai_spec().review.nodes.value);
    if nodes == 0 {
        eprintln!("error: --nodes must be at least 1");
        return 2;
    }
    let packets = match baifang::parse_packets(&bytes) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {file}: {e} (expected a JSON array of action objects)");
            return 2;
        }
    };
    let line = match GameLine::from_packets(&packets) {
        Ok(l) => l,
        Err((i, e)) => {
            eprintln!("error: {file}: action {i} is illegal: {e}");
            return 2;
        }
    };
    let tables = tables.map(|dir| engine::baifang::tables::Tables::open(std::path::Path::new(dir)));
    let review = review_game(&line, nodes, tables);
    println!(
        "{}",
        serde_json::to_string(&review).expect("a review serialises")
    );
    0
}

fn link(file: &str, labels: [&str; 2]) -> i32 {
    let bytes = match read_input(file) {
        Ok(b) => b,
        Err(code) => return code,
    };
    match baifang::game_file::from_json(&String::from_utf8_lossy(&bytes)) {
        Ok(game) => {
            let record = baifang::game_link::GameRecord::new(labels, game.log().to_vec());
            println!("{}", baifang::game_link::encode(&record));
            0
        }
        Err(e) => {
            eprintln!("error: {file}: {e}");
            2
        }
    }
}

fn notation(file: &str) -> i32 {
    let bytes = match read_input(file) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let game = match baifang::game_file::from_json(&String::from_utf8_lossy(&bytes)) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {file}: {e}");
            return 2;
        }
    };
    let notes = baifang::notation::notate(game.log()).expect("a replayed log replays");
    let plies: Vec<_> = notes
        .iter()
        .map(|n| {
            serde_json::json!({
                "ply": n.ply, "turn": n.turn, "side": n.side.letter().to_string(), "text": n.text,
            })
        })
        .collect();
    println!(
        "{}",
        serde_json::json!({ "line": baifang::notation::line(&notes), "plies": plies })
    );
    0
}

pub fn run(cmd: Command) -> i32 {
    match cmd {
        Command::Bench { depth, runs } => bench(depth, runs),
        Command::Selfplay {
            a,
            b,
            games,
            seed,
            threads,
            verbose,
        } => selfplay(&a, &b, games, seed, threads, verbose),
        Command::Ai {
            file,
            strength,
            seed,
            tables,
        } => ai_turn(&file, &strength, seed, tables.as_deref()),
        Command::Analyse {
            file,
            nodes,
            tables,
        } => analyse(&file, nodes, tables.as_deref()),
        Command::Notation { file } => notation(&file),
        Command::Link { file, black, white } => link(&file, [&black, &white]),
        Command::Tables(cmd) => super::baifang_tables::run(cmd),
        Command::Replay { file } => match load(&file) {
            Ok(r) => {
                println!(
                    "{}",
                    serde_json::to_string(&report(&r)).expect("report serialises")
                );
                0
            }
            Err(code) => code,
        },
        Command::Legal { file } => match load_state(Some(&file)) {
            Ok(s) => {
                let mut list = ActionList::new();
                s.legal_actions(&mut list);
                let items: Vec<String> = list.iter().map(|a| a.to_json()).collect();
                println!("[{}]", items.join(","));
                0
            }
            Err(code) => code,
        },
        Command::Perft { depth, file } => match load_state(file.as_deref()) {
            Ok(s) => {
                let t = Instant::now();
                let n = baifang::perft(&s, depth);
                let secs = t.elapsed().as_secs_f64();
                println!("{n}");
                let rate = if secs > 0.0 { n as f64 / secs } else { 0.0 };
                eprintln!(
                    "perft({depth}) = {n} in {:.3} s ({:.1} M leaves/s)",
                    secs,
                    rate / 1e6
                );
                0
            }
            Err(code) => code,
        },
    }
}
