//! The peers quick match stays away from: a peer that abandoned a first-move
//! draw after seeing our revealed secret (it could compute the colours and
//! walk away from a draw it did not like). Each abandonment counts as a loss
//! for that peer in our record of it, and quick match does not pair with it
//! again for [`AVOID_MS`], so aborting cannot be used to redraw the colours.
//! Pure data with the time passed in; the page keeps it in its local record.

use serde::{Deserialize, Serialize};

/// How long an abandoning peer is avoided.
pub const AVOID_MS: u64 = 10 * 60 * 1000;
/// Peers remembered at most (the oldest entry goes first).
pub const AVOID_KEPT: usize = 32;

/// One remembered peer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AvoidEntry {
    /// The peer's player id.
    pub peer: String,
    /// Avoided until this time (ms).
    pub until: u64,
    /// Draws it abandoned (its losses in our record of it).
    pub abandons: u32,
}

/// The peers to avoid, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AvoidList {
    /// The entries.
    pub entries: Vec<AvoidEntry>,
}

impl AvoidList {
    /// `peer` abandoned a draw at `now`.
    pub fn record_abandon(&mut self, peer: &str, now: u64) {
        let abandons = match self.entries.iter().position(|e| e.peer == peer) {
            Some(i) => self.entries.remove(i).abandons + 1,
            None => 1,
        };
        self.entries.push(AvoidEntry {
            peer: peer.to_string(),
            until: now + AVOID_MS,
            abandons,
        });
        if self.entries.len() > AVOID_KEPT {
            self.entries.remove(0);
        }
    }

    /// Whether quick match must not pair with `peer` at `now`.
    pub fn avoids(&self, peer: &str, now: u64) -> bool {
        self.entries.iter().any(|e| e.peer == peer && now < e.until)
    }

    /// Draws `peer` abandoned, as far as we remember.
    pub fn abandons(&self, peer: &str) -> u32 {
        self.entries
            .iter()
            .find(|e| e.peer == peer)
            .map_or(0, |e| e.abandons)
    }

    /// The ids avoided at `now`.
    pub fn avoided(&self, now: u64) -> Vec<String> {
        self.entries
            .iter()
            .filter(|e| now < e.until)
            .map(|e| e.peer.clone())
            .collect()
    }
}
