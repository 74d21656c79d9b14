//! Finds a self-play game that reaches a table-won 4 v 4 ending and then throws the win away,
//! and prints its action list (the review's browser fixture
//! `engine/tests/data/baifang-thrown-win.json` was made with it).
//!
//! `cargo run --release -p engine --example baifang_thrown_win -- TABLES_DIR BLACK WHITE [FIRST_SEED]`
//! It takes the first finished game that does.
//! (players as `engine baifang selfplay` names them: `random`, `beginner`, …)

use engine::baifang::ai::selfplay::{play_game, Player};
use engine::baifang::format::game_file;
use engine::baifang::tables::{Outcome, Tables};
use engine::baifang::State;

fn main() {
    let mut args = std::env::args().skip(1);
    let usage = "usage: baifang_thrown_win TABLES_DIR BLACK WHITE [FIRST_SEED]";
    let dir = args.next().expect(usage);
    let player = |name: Option<String>| name.as_deref().and_then(Player::parse).expect(usage);
    let (black, white) = (player(args.next()), player(args.next()));
    let first: u64 = args.next().map_or(0, |s| s.parse().expect("a seed"));
    let mut tables = Tables::open(std::path::Path::new(&dir));
    for seed in first.. {
        let record = play_game(black, white, seed);
        if record.winner.is_none() {
            continue;
        }
        if let Some(thrown) = thrown_at(&mut tables, &record.log) {
            eprintln!(
                "seed {seed}: {} actions, the win is thrown at action {thrown}, winner {:?}",
                record.log.len(),
                record.winner
            );
            println!("{}", game_file::to_json(&record.log));
            return;
        }
    }
}

/// The index of the first action of a turn that leaves a table-won position without a win
/// for the side that played it, if there is one.
fn thrown_at(tables: &mut Tables, log: &[engine::baifang::Action]) -> Option<usize> {
    let mut s = State::new();
    let mut start = 0;
    let mut before: Option<Outcome> = None;
    let mut mover = s.to_move();
    for (i, &a) in log.iter().enumerate() {
        if s.pending_captures() == 0 {
            before = tables.probe(&s).ok();
            mover = s.to_move();
            start = i;
        }
        s.apply(a).ok()?;
        if s.pending_captures() == 0 || s.is_finished() {
            if let (Some(Outcome::Win(_)), Ok(after)) = (before, tables.probe(&s)) {
                let kept = match after {
                    Outcome::Win(_) => s.to_move() == mover,
                    Outcome::Loss(_) => s.to_move() != mover,
                    Outcome::NoResult => false,
                };
                if !kept {
                    return Some(start);
                }
            }
        }
    }
    None
}
