//! Endgame tables: exact values of moving-phase endings, built by retrograde
//! analysis per material signature (README, "Endgame tables").
//!
//! - [`index`]: the 8 symmetries and the combinatorial index of a signature;
//! - [`solve`]: the retrograde solver and which signatures it solves exactly;
//! - [`file`]: the files on disk (2-bit values, distances, checked headers);
//! - [`conversion`]: won endings played out with and without the tables;
//! - [`probe_sample`]: a reproducible sample of probes for the native and wasm benchmarks;
//! - [`verify`]: re-derives every stored value from its children through the
//!   rules engine ([`State::apply`]), independently of the solver.

pub mod conversion;
pub mod file;
pub mod index;
pub mod probe_sample;
pub mod solve;
pub mod verify;

use super::state::{Phase, State};
use super::Side;
use crate::baifang::spec::MIN_STONES;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The value of a position for the side to move, with the distance in plies
/// (a move and each single capture are one ply each) under best play: the
/// winner takes the shortest win, the loser the longest loss. In JSON:
/// `{"win":17}`, `{"loss":12}` or `"noResult"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Outcome {
    /// The side to move wins in this many plies.
    Win(u16),
    /// The side to move loses in this many plies.
    Loss(u16),
    /// Neither side can force a result: perfect play goes on for ever.
    NoResult,
}

impl Outcome {
    /// The same outcome seen by the other side, one ply earlier.
    pub fn back(self) -> Outcome {
        match self {
            Outcome::Win(d) => Outcome::Loss(d + 1),
            Outcome::Loss(d) => Outcome::Win(d + 1),
            Outcome::NoResult => Outcome::NoResult,
        }
    }
    /// The same outcome for the same side, one ply earlier.
    pub fn later(self) -> Outcome {
        match self {
            Outcome::Win(d) => Outcome::Win(d + 1),
            Outcome::Loss(d) => Outcome::Loss(d + 1),
            Outcome::NoResult => Outcome::NoResult,
        }
    }
    /// `"win"`, `"loss"` or `"no_result"` (the CLI's words).
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Win(_) => "win",
            Outcome::Loss(_) => "loss",
            Outcome::NoResult => "no_result",
        }
    }
    /// A finished game's result for its side to move, at distance 0 (`None` while it runs).
    pub fn at_end(s: &State) -> Option<Outcome> {
        s.result().map(|(winner, _)| {
            if winner == s.to_move() {
                Outcome::Win(0)
            } else {
                Outcome::Loss(0)
            }
        })
    }
    /// Distance in plies (`None` for no result).
    pub fn distance(self) -> Option<u16> {
        match self {
            Outcome::Win(d) | Outcome::Loss(d) => Some(d),
            Outcome::NoResult => None,
        }
    }
    /// Order for the side to move: quick wins first, then no result, then
    /// long losses (what a player choosing among children prefers).
    pub fn preference(self) -> i32 {
        match self {
            Outcome::Win(d) => 100_000 - d as i32,
            Outcome::NoResult => 0,
            Outcome::Loss(d) => -100_000 + d as i32,
        }
    }
}

/// Why a state is outside the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotCovered {
    /// Stones are still in hand.
    Placing,
    /// A stone carries an anti-looping lock (the tables hold lock-free positions).
    Locked,
    /// Captures are owed and the owed capture does not end the game.
    Pending,
    /// This material is not solved exactly, or its table is not in the folder.
    Material(usize, usize),
}

/// A folder of table files, loaded on first use.
pub struct Tables {
    /// Where missing signatures are read from (`None`: only what was inserted).
    dir: Option<PathBuf>,
    loaded: HashMap<(usize, usize), Option<file::TableFile>>,
    indexes: HashMap<(usize, usize), index::Index>,
}

impl Tables {
    /// Tables in `dir` (nothing is read until a probe needs it).
    pub fn open(dir: &Path) -> Tables {
        Tables {
            dir: Some(dir.to_path_buf()),
            loaded: HashMap::new(),
            indexes: HashMap::new(),
        }
    }

    /// Tables held in memory only: those given to [`Tables::insert`] (a page's, fetched).
    pub fn in_memory() -> Tables {
        Tables {
            dir: None,
            loaded: HashMap::new(),
            indexes: HashMap::new(),
        }
    }

    /// Adds (or replaces) the table of one signature.
    pub fn insert(&mut self, table: file::TableFile) {
        self.loaded.insert((table.m, table.o), Some(table));
    }

    /// The stored outcome of (mover's stones, opponent's stones), mover to move,
    /// no lock and no capture owed.
    pub fn lookup(&mut self, mover: u32, opp: u32) -> Result<Outcome, NotCovered> {
        let (m, o) = (mover.count_ones() as usize, opp.count_ones() as usize);
        if !solve::is_exact(m, o) {
            return Err(NotCovered::Material(m, o));
        }
        let dir = &self.dir;
        let table = self.loaded.entry((m, o)).or_insert_with(|| {
            dir.as_deref()
                .and_then(|d| file::TableFile::load(d, m, o).ok())
        });
        let Some(table) = table else {
            return Err(NotCovered::Material(m, o));
        };
        let idx = self
            .indexes
            .entry((m, o))
            .or_insert_with(|| index::Index::new(m, o));
        let slot = idx.slot(mover, opp);
        Ok(match table.value(slot) {
            solve::WIN => Outcome::Win(table.dist(slot)),
            solve::LOSS => Outcome::Loss(table.dist(slot)),
            _ => Outcome::NoResult,
        })
    }

    /// The outcome of a game state for its side to move.
    pub fn probe(&mut self, s: &State) -> Result<Outcome, NotCovered> {
        if let Some(end) = Outcome::at_end(s) {
            return Ok(end);
        }
        if s.phase() != Phase::Moving {
            return Err(NotCovered::Placing);
        }
        if !s.locks().is_empty() {
            return Err(NotCovered::Locked);
        }
        let me = s.to_move();
        let (mover, opp) = (s.stones(me), s.stones(me.other()));
        if s.pending_captures() > 0 {
            // Any capture leaves the enemy under four: the game ends with it.
            if opp.count_ones() <= MIN_STONES as u32 {
                return Ok(Outcome::Win(1));
            }
            return Err(NotCovered::Pending);
        }
        self.lookup(mover, opp)
    }
}

/// Captures a review's or an AI's search is expected to see past: a position is
/// worth loading a table for when its signature is this many captures away.
pub const REACH_CAPTURES: usize = 2;

/// The signatures (mover's stones, opponent's stones) whose tables the search from
/// `s` can use: exact ones at most [`REACH_CAPTURES`] captures below the moving-phase
/// material of `s`, in either colour's order. Empty while stones are still placed
/// (the tables describe the moving phase only).
pub fn signatures_near(s: &State) -> Vec<(usize, usize)> {
    if s.phase() != Phase::Moving {
        return Vec::new();
    }
    let (b, w) = (
        s.stones(Side::Black).count_ones() as usize,
        s.stones(Side::White).count_ones() as usize,
    );
    let mut near = Vec::new();
    for &(m, o) in solve::EXACT {
        for (x, y) in [(m, o), (o, m)] {
            if b >= x && w >= y && (b - x) + (w - y) <= REACH_CAPTURES && !near.contains(&(m, o)) {
                near.push((m, o));
            }
        }
    }
    near
}

/// A moving-phase state with `mover`'s stones to move (Black plays the mover).
pub fn state_of(mover: u32, opp: u32) -> Option<State> {
    State::from_position(mover, opp, [0, 0], Side::Black)
}
