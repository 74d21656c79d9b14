//! A ready pair of match sessions: the starting point for fuzzing and demos.

use super::super::elo;
use super::events::{Player, SessionCommand};
use super::MatchSession;

/// Two sessions (`"alice"`, `"bob"`) that completed the handshake with each
/// other at `now`, with fixed secrets.
#[doc(hidden)]
pub fn playing_pair(now: u64) -> (MatchSession, MatchSession) {
    let mut a = MatchSession::new(Player {
        id: "alice".into(),
        rating: elo::start_rating(),
        games: 0,
    });
    let mut b = MatchSession::new(Player {
        id: "bob".into(),
        rating: elo::start_rating(),
        games: 0,
    });
    let mut to_b: Vec<String> = sends(a.on_matched("bob", [1; 32], now));
    let mut to_a: Vec<String> = sends(b.on_matched("alice", [2; 32], now));
    while !(to_a.is_empty() && to_b.is_empty()) {
        let next_b: Vec<String> = to_a
            .drain(..)
            .flat_map(|m| sends(a.on_data(m.as_bytes(), now)))
            .collect();
        let next_a: Vec<String> = to_b
            .drain(..)
            .flat_map(|m| sends(b.on_data(m.as_bytes(), now)))
            .collect();
        to_a = next_a;
        to_b = next_b;
    }
    (a, b)
}

/// The messages among `commands`.
fn sends(commands: Vec<SessionCommand>) -> Vec<String> {
    commands
        .into_iter()
        .filter_map(|e| match e {
            SessionCommand::Send(m) => Some(m),
            _ => None,
        })
        .collect()
}
