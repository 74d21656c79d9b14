//! 再来一局: what a rematch offer is, wherever it is made (the referee server's
//! protocol and the peer-to-peer session): how long it stands and how it can end
//! without a new game. The new game swaps the colours of the one it follows.

use serde::{Deserialize, Serialize};

/// A rematch offer lapses when its opponent has not answered in this long.
pub const REMATCH_OFFER_MS: u64 = 30_000;

/// Why a rematch offer ended without a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RematchEnd {
    /// The opponent declined.
    Declined,
    /// Nobody answered within [`REMATCH_OFFER_MS`].
    Lapsed,
    /// One of the two withdrew: left, cancelled, or started another search
    /// or game.
    Withdrawn,
}

/// A pending offer as a room shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingOffer {
    /// This player made it (and waits); else it is the opponent's, to answer.
    pub by_me: bool,
    /// When it lapses (ms, the caller's clock).
    pub expires_at: u64,
}
