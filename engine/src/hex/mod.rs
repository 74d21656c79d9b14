//! 六边一笔 Hex Stroke: the single-player hex path puzzle.
//!
//! Modules: [`coord`] and [`model`] (hexes, walls, spinners),
//! [`level_file`] (JSON packs and levels), [`problem`] (what can be wrong with a level), [`rules`] (legality, spinner positions,
//! clearing), [`input`] (the gesture state machine), [`solver`], [`checks`]
//! (content law per level), [`content`] (the shipped packs' law: sizes, tutorial
//! table, knob schedule, spinner limits) reading its numbers from [`spec`]
//! (`engine/spec/hex.json`), [`hint`], [`generator`], [`share`]
//! (URL share codes), [`pack_code`] (a whole pack in one code), [`daily`] (the puzzle of a date) and [`streak`]. The rules they implement are stated in
//! `docs/hex-stroke-rules.md`. Nothing here imports the Baifang mode.

pub mod checks;
pub mod content;
pub mod coord;
pub mod daily;
pub mod deduce;
pub mod generator;
pub mod graded;
pub mod hint;
pub mod input;
pub mod level_file;
pub mod model;
pub mod pack_code;
pub mod problem;
pub mod ring;
pub mod rules;
pub mod share;
pub mod solver;
pub mod spec;
pub mod streak;
#[cfg(test)]
mod test_levels;

pub use coord::Axial;
pub use model::{Blocker, Cell, Edge, Level, LevelParts, Spinner, SpinnerSpec};
pub use problem::LevelProblem;
