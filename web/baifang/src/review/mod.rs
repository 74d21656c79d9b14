//! The Baifang game review: any game (just finished, or opened from a
//! `#game=<code>` link) replayed ply by ply, its captures marked with the
//! formation that earned them, analysed in the AI worker, shared as a link,
//! and continued from any position.
//!
//! Finished games are kept for the lobby's list ([`recent`]); a game goes out
//! and comes in as a JSON file or a link ([`transfer`]).
//!
//! Pure parts ([`timeline`], [`analysis`]'s bookkeeping, [`recent`],
//! [`transfer`]'s reader, [`strings`]) are unit-tested natively; [`entry`] (the
//! review's screen), [`screen`], [`move_list`], [`recent_list`] and [`link_error`]
//! are the components.

pub mod analysis;
pub mod entry;
pub mod exact;
pub mod graph;
pub mod link_error;
pub mod move_list;
pub mod recent;
pub mod recent_list;
pub mod screen;
pub mod strings;
pub mod timeline;
pub mod transfer;

use engine::baifang::ai::Strength;
use engine::baifang::game_link::GameRecord;

/// A game opened for review, with what "play from here" needs to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReviewSource {
    pub record: GameRecord,
    /// The AI level a vs-AI continuation uses (the original game's, or the default).
    pub level: Strength,
}
