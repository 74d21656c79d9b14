//! Converting won endings: from random table-won positions, the AI with the tables against the
//! same AI without them, and the AI without them on both sides (what the tables add).
//!
//! Position `i` of a run is drawn from `mix(seed, i)`: a random lock-free 4 v 4 moving-phase
//! board whose side to move has a table win (in at least a given number of plies), Black to move in even positions and White in odd
//! ones. Each position is played twice against the same defender, the AI without tables:
//! once with the tables on the winning side (`table_reply` wherever it covers the position)
//! and once without. A game the winner has not won within [`TURN_LIMIT`] whole turns is cut
//! (the rules have no draw; the longest 4 v 4 table win is 28 plies, 14 of the winner's turns).

use super::probe_sample::random_stones as stones;
use super::{Outcome, Tables};
use crate::baifang::ai::selfplay::mix;
use crate::baifang::ai::table_play::table_reply;
use crate::baifang::ai::{Searcher, Strength};
use crate::baifang::{Side, State};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::Serialize;
use std::path::Path;

/// Whole turns (both sides') after which an unconverted game is cut.
pub const TURN_LIMIT: u32 = 60;

/// How one game from a won position went, for the side that had the win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Conversion {
    /// Won, in this many plies.
    Won(u16),
    /// Lost: the defender won.
    Lost,
    /// Cut after [`TURN_LIMIT`] turns.
    Cut,
}

/// One drawn position and its two games.
#[derive(Clone, Debug, Serialize)]
pub struct ConversionGame {
    /// Which position of the run.
    pub index: u32,
    /// The side with the win: `B` or `W`.
    pub side: char,
    /// The table's distance to the win, in plies.
    pub distance: u16,
    /// With the tables on the winning side.
    pub with_tables: Conversion,
    /// Without them.
    pub without_tables: Conversion,
}

/// Position `index` of a run: a 4 v 4 board won for its side to move in at least
/// `min_distance` plies, and its distance.
pub fn won_position(tables: &mut Tables, seed: u64, index: u32, min_distance: u16) -> (State, u16) {
    let mut rng = ChaCha8Rng::seed_from_u64(mix(seed, index as u64));
    let side = if index.is_multiple_of(2) {
        Side::Black
    } else {
        Side::White
    };
    loop {
        let mover = stones(&mut rng, 4, 0);
        let other = stones(&mut rng, 4, mover);
        let (b, w) = match side {
            Side::Black => (mover, other),
            Side::White => (other, mover),
        };
        let s = State::from_position(b, w, [0, 0], side).expect("disjoint stones on the board");
        match tables.probe(&s) {
            Ok(Outcome::Win(d)) if d >= min_distance => return (s, d),
            _ => {}
        }
    }
}

/// Plays `start` out: the winning side with or without the tables, the defender the AI at
/// `strength` without them.
pub fn convert(
    tables: &mut Tables,
    start: &State,
    strength: Strength,
    use_tables: bool,
    seed: u64,
) -> Conversion {
    let winner = start.to_move();
    let mut searchers = [Searcher::new(), Searcher::new()];
    let mut s = *start;
    let mut history = vec![s.hash()];
    let mut plies = 0u16;
    for turn_no in 0..TURN_LIMIT {
        if let Some((w, _)) = s.result() {
            return if w == winner {
                Conversion::Won(plies)
            } else {
                Conversion::Lost
            };
        }
        let mover = s.to_move();
        let table_turn = (use_tables && mover == winner)
            .then(|| table_reply(tables, &s).ok().map(|(reply, _)| reply.turn))
            .flatten();
        let turn = table_turn.unwrap_or_else(|| {
            searchers[mover.idx()]
                .choose_turn(&s, &history, strength, mix(seed, turn_no as u64))
                .turn
        });
        for a in turn {
            s.apply(a)
                .expect("the AI and the tables play legal actions");
            plies += 1;
        }
        history.push(s.hash());
    }
    match s.result() {
        Some((w, _)) if w == winner => Conversion::Won(plies),
        Some(_) => Conversion::Lost,
        None => Conversion::Cut,
    }
}

/// What a run plays: how many won positions, drawn how, by which AI.
#[derive(Clone, Copy, Debug)]
pub struct RunSpec {
    pub games: u32,
    pub seed: u64,
    /// Only positions won in at least this many plies (random ones are mostly short wins,
    /// which the search sees to the end).
    pub min_distance: u16,
    pub strength: Strength,
}

/// Positions `0..games` of a run, each played with and without the tables, on `threads`
/// threads (the results do not depend on them), in order.
pub fn run(dir: &Path, spec: RunSpec, threads: usize) -> Vec<ConversionGame> {
    let RunSpec {
        games,
        seed,
        min_distance,
        strength,
    } = spec;
    let threads = threads.clamp(1, 64) as u32;
    let mut all: Vec<ConversionGame> = std::thread::scope(|sc| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                sc.spawn(move || {
                    let mut tables = Tables::open(dir);
                    (t..games)
                        .step_by(threads as usize)
                        .map(|i| {
                            let (start, distance) =
                                won_position(&mut tables, seed, i, min_distance);
                            let game_seed = mix(seed, 0x5EED ^ i as u64);
                            ConversionGame {
                                index: i,
                                side: start.to_move().letter(),
                                distance,
                                with_tables: convert(
                                    &mut tables,
                                    &start,
                                    strength,
                                    true,
                                    game_seed,
                                ),
                                without_tables: convert(
                                    &mut tables,
                                    &start,
                                    strength,
                                    false,
                                    game_seed,
                                ),
                            }
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a conversion worker panicked"))
            .collect()
    });
    all.sort_by_key(|g| g.index);
    all
}
