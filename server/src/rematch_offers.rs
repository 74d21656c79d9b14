//! The pending rematch offers of one instance, by finished game id: who offered, who may
//! answer, the new game's seats, and when each lapses. What the hub does with them is
//! `crate::rematch`; this leaf keeps the hub from importing that module back.

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Mutex, MutexGuard};

/// One pending offer.
#[derive(Clone, Debug)]
pub(crate) struct Offer {
    /// Who offered.
    pub(crate) from: String,
    /// Who may answer.
    pub(crate) to: String,
    /// The new game's Black and White (the finished game's White and Black).
    pub(crate) seats: [String; 2],
    /// Whether the finished game was rated.
    pub(crate) rated: bool,
    /// Tells this offer from a later one for the same game (its lapse timer
    /// must not end a newer offer).
    pub(crate) serial: u64,
    /// When it lapses (server clock, ms).
    pub(crate) expires_at: u64,
}

/// The pending offers of one instance, by finished game id.
#[derive(Default)]
pub struct Offers {
    pending: Mutex<HashMap<String, Offer>>,
    pub(crate) serial: AtomicU64,
}

impl Offers {
    pub(crate) fn lock(&self) -> MutexGuard<'_, HashMap<String, Offer>> {
        self.pending.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether an offer of or to `player` is pending.
    pub(crate) fn involves(&self, player: &str) -> bool {
        self.lock()
            .values()
            .any(|o| o.from == player || o.to == player)
    }

    /// How many offers are pending (for tests and metrics).
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether no offer is pending.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
