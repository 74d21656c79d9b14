//! The Baifang game review: any game (just finished, or opened from a
//! `#game=<code>` link) replayed ply by ply, its captures marked with the
//! formation that earned them, analysed in the AI worker, shared as a link,
//! and continued from any position.
//!
//! Pure parts ([`timeline`], [`analysis`]'s bookkeeping, [`strings`]) are
//! unit-tested natively; [`screen`] and [`link_error`] are the components.

pub mod analysis;
pub mod graph;
pub mod link_error;
pub mod screen;
pub mod strings;
pub mod timeline;

use engine::baifang::ai::Strength;
use engine::baifang::game_link::GameRecord;

/// A game opened for review, with what "play from here" needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewSource {
    pub record: GameRecord,
    /// The AI level a vs-AI continuation uses (the original game's, or the default).
    pub level: Strength,
}
