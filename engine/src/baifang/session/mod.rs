//! The online match session: a pure state machine between a transport and a
//! game room, and the data it holds.
//!
//! No clock, no randomness and no I/O are read here: the caller passes the time
//! in ms with every input and the 32-byte secret for the handshake, and carries
//! out the [`SessionCommand`]s it gets back (send a message, release the
//! transport, update the UI).
//!
//! Lifecycle: [`Stage::Waiting`] → [`Stage::Matched`] (the handshake runs) →
//! [`Stage::Playing`] → [`Stage::Finished`]. A peer lost during the handshake,
//! or a handshake that does not complete within [`HANDSHAKE_TIMEOUT_MS`],
//! returns to `Waiting`.
//!
//! One concept per file:
//! - [`events`]: what the session reports (stages, [`UiEvent`], [`MatchResult`],
//!   [`SessionCommand`]);
//! - [`handshake`]: the commit–reveal draw of the first move;
//! - [`verify`]: the checks every received action packet passes;
//! - [`presence`]: the step clock, disconnects, background/foreground and resync;
//! - [`machine`]: the core that dispatches inputs, applies actions and settles;
//! - [`wire`]: the JSON messages and the reasons a message is rejected;
//! - [`fixtures`]: a ready pair of sessions for fuzzing and demos.
//!
//! The rules of online play these files implement (fair first move, dual
//! verification, clocks, disconnects, settlement) are stated in
//! `docs/baifang-rules.md`, section "Online play".

pub mod events;
pub mod fixtures;
pub mod handshake;
pub mod machine;
pub mod presence;
pub mod verify;
pub mod wire;

#[cfg(test)]
mod tests;

use super::{Side, State};
pub use events::{MatchResult, Player, SessionCommand, Settlement, Stage, UiEvent};
pub use fixtures::playing_pair;
pub use handshake::{black_of, commitment, EARLY_MESSAGES_KEPT, HANDSHAKE_TIMEOUT_MS};
pub use presence::NETWORK_GRACE_MS;
pub use verify::{MAX_CLOCK_SKEW_MS, TIMEOUT_CLAIM_TOLERANCE_MS};
pub use wire::{hex, BadMessage, BoardActionPacket, OutOfPlace, Reject, Wire, PROTOCOL_VERSION};

/// One online match, from matchmaking to settlement. Its behaviour is spread
/// over the files of this module by concept; the fields live here so each of
/// them can read what it needs.
#[derive(Clone, Debug)]
pub struct MatchSession {
    me: Player,
    stage: Stage,
    peer: Option<handshake::Peer>,
    secret: [u8; 32],
    sent_hello: bool,
    sent_reveal: bool,
    matched_at: u64,
    my_side: Side,
    state: State,
    actions: u32,
    /// Action packets we sent, by seq - 1 (kept for resending after a reconnection).
    sent: Vec<String>,
    /// Last seq received from the peer.
    received: u64,
    /// The hash each received action packet carried, by seq - 1.
    received_hashes: Vec<String>,
    /// `received` when we last asked for a resend (sent `sync`). A packet with a
    /// later seq that we then got anyway may arrive once more as the resend: it is
    /// ignored if seq and hash match, once per seq, in order. Every other old
    /// seq is still a replay.
    resync_from: Option<u64>,
    /// Highest seq ignored as such a resend.
    tolerated: u64,
    /// Data that arrived while still waiting (GameKit may deliver the peer's
    /// hello before our own match callback); replayed once matched.
    early: Vec<Vec<u8>>,
    last_peer_ts: i64,
    /// When the current turn's clock started.
    turn_started: u64,
    /// Whether we already applied a timeout for the current turn (ours or the peer's).
    last_was_timeout: bool,
    peer_away_since: Option<u64>,
    peer_disconnects: u8,
    local_away_since: Option<u64>,
    result: Option<MatchResult>,
}

impl MatchSession {
    /// A new session, waiting for a peer.
    pub fn new(me: Player) -> MatchSession {
        MatchSession {
            me,
            stage: Stage::Waiting,
            peer: None,
            secret: [0; 32],
            sent_hello: false,
            sent_reveal: false,
            matched_at: 0,
            my_side: Side::Black,
            state: State::new(),
            actions: 0,
            sent: Vec::new(),
            received: 0,
            received_hashes: Vec::new(),
            resync_from: None,
            tolerated: 0,
            early: Vec::new(),
            last_peer_ts: i64::MIN,
            turn_started: 0,
            last_was_timeout: false,
            peer_away_since: None,
            peer_disconnects: 0,
            local_away_since: None,
            result: None,
        }
    }
}
