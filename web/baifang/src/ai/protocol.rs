//! Messages between the page and the AI Web Worker. The game travels as its
//! action log (a game is its log), so the worker rebuilds the exact state and the
//! history the search needs to judge repetitions.

use serde::{Deserialize, Serialize};

use engine::baifang::ai::analysis::PositionEval;
use engine::baifang::ai::{AiReply, Strength};
use engine::baifang::puzzle::{Judged, Puzzle};
use engine::baifang::Action;

use web_core::worker_link::Reply;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Job {
    /// The AI's whole turn at `level`; `seed` drives the level's noise.
    Choose { level: Strength, seed: u64 },
    /// The best whole turn for the side to move (the hint button).
    Hint,
    /// Search the engine's fixed bench positions to `depth` (nodes/s in the browser).
    Bench { depth: u32 },
    /// The review's evaluation of position `position` of the game (the position
    /// before turn `position`; the last is the final one) on `nodes` of budget.
    Evaluate { position: usize, nodes: u64 },
    /// A table puzzle: the tables' judgement of the player's `turn`, played after the
    /// request's log. For this job the log starts at the puzzle's position, not the opening.
    Puzzle { puzzle: Puzzle, turn: Vec<Action> },
    /// A table puzzle's hint: the tables' quickest winning turn after the log (which starts
    /// at the puzzle's position), answered as a turn.
    PuzzleHint { puzzle: Puzzle },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AiRequest {
    pub log: Vec<Action>,
    pub job: Job,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum AiAnswer {
    Turn(AiReply),
    /// One position's evaluation for the review.
    Eval(PositionEval),
    /// The tables' judgement of a puzzle turn, with the defence when it was kept.
    Puzzle(Judged),
    /// Nodes and checksum equal the native `engine baifang bench` at the same depth.
    Bench {
        nodes: u64,
        checksum: i64,
        millis: f64,
    },
}

/// The worker's answer to request `id`.
pub type AiResponse = Reply<AiAnswer>;
