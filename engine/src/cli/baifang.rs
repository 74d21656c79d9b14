//! `engine baifang …` subcommands: a stable JSON contract others drive.
//!
//! - `replay FILE|-`: replays a packet list, prints one JSON object (state,
//!   first error). Illegal action → reported in `error`, exit 0. Malformed JSON
//!   → message on stderr, exit 2.
//! - `legal FILE|-`: the legal actions after FILE, in packet format (captures
//!   one index at a time; resign/timeout, always legal while running, omitted).
//! - `perft DEPTH [FILE]`: number of action sequences of length DEPTH (plies:
//!   placement, move, single capture). Timing goes to stderr.

use clap::Subcommand;
use engine::baifang::{self, ActionList, Replay, State};
use serde::Serialize;
use std::io::Read;
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

/// Field order is part of the contract (issue 3).
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
        hash: format!("{:016x}", s.hash()),
    }
}

/// Reads FILE (or stdin for `-`) and replays it; Err(exit code) after printing why.
fn load(file: &str) -> Result<Replay, i32> {
    let mut bytes = Vec::new();
    let read = if file == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(file).map(|b| bytes = b)
    };
    if let Err(e) = read {
        eprintln!("error: cannot read {file}: {e}");
        return Err(2);
    }
    baifang::replay_bytes(&bytes).map_err(|e| {
        eprintln!("error: {file}: {e} (expected a JSON array of action objects)");
        2
    })
}

/// For `legal`/`perft`: the state after FILE, which must replay cleanly.
fn load_state(file: Option<&str>) -> Result<State, i32> {
    let Some(file) = file else {
        return Ok(State::new());
    };
    let r = load(file)?;
    if let Some((i, e)) = r.error {
        eprintln!("error: {file}: action {i} is illegal: {e}");
        return Err(1);
    }
    Ok(r.state)
}

pub fn run(cmd: Command) -> i32 {
    match cmd {
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
