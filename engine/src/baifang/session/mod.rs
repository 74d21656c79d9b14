//! The online match session: a pure state machine between a transport and a
//! game room, and the data it holds.
//!
//! No clock, no randomness and no I/O are read here: the caller passes the time
//! in ms with every input and the 32-byte secret for the handshake, and carries
//! out the [`SessionCommand`]s it gets back (send a message, release the
//! transport, update the UI).
//!
//! Lifecycle: [`Stage::Waiting`] → [`Stage::Matched`] (the handshake runs) →
//! [`Stage::Playing`] → [`Stage::Finished`], and back to `Playing` when both
//! agree to a rematch on the same connection. A peer lost during the handshake,
//! or a handshake that does not complete within [`HANDSHAKE_TIMEOUT_MS`],
//! returns to `Waiting`.
//!
//! One concept per file:
//! - [`events`]: what the session reports (stages, [`UiEvent`], [`MatchResult`],
//!   [`SessionCommand`]);
//! - [`handshake`]: the commit–reveal draw of the first move and the bound on
//!   a claimed rating;
//! - [`avoid`]: the peers quick match stays away from (they abandoned a draw);
//! - [`verify`]: the checks every received action packet passes, and how a
//!   move and a timeout claim that crossed on the network are resolved;
//! - [`presence`]: the step clock, disconnects, network splits,
//!   background/foreground and the two-way resync;
//! - [`resync`]: the packets sent and received by seq, their seq and
//!   timestamp checks, and the window in which a resync's re-sends are
//!   ignored once;
//! - [`rematch`]: 再来一局 on the same connection, colours swapped, and how
//!   the session proves both sides agreed;
//! - [`machine`]: the core that dispatches inputs, applies actions and settles;
//! - [`wire`]: the JSON messages and the reasons a message is rejected;
//! - [`fixtures`]: a ready pair of sessions for fuzzing and demos.
//!
//! The rules of online play these files implement (fair first move and
//! abandonment, dual verification, clocks, leaving, disconnects and network
//! splits, resync, what a claimed rating is worth) are stated in
//! `docs/online-play.md`.

pub mod avoid;
pub mod events;
pub mod fixtures;
pub mod handshake;
pub mod machine;
pub mod presence;
pub mod rematch;
pub mod resync;
pub mod verify;
pub mod wire;

#[cfg(test)]
mod tests;

use super::step_clock::StepClock;
use super::{Action, Side, State};
pub use avoid::{AvoidList, AVOID_MS};
pub use events::{MatchResult, Player, SessionCommand, Settlement, Stage, UiEvent};
pub use fixtures::playing_pair;
pub use handshake::{
    black_of, commitment, plausible_rating, EARLY_MESSAGES_KEPT, HANDSHAKE_TIMEOUT_MS,
};
pub use presence::{NETWORK_GRACE_MS, SPLIT_WINDOW_MS};
pub use resync::RESYNC_WINDOW_MS;
pub use verify::{MAX_CLOCK_SKEW_MS, TIMEOUT_CLAIM_TOLERANCE_MS};
pub use wire::{
    hex, BadMessage, BoardActionPacket, OutOfPlace, Reject, Wire, MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
};

/// One online match, from matchmaking to settlement. Its behaviour is spread
/// over the files of this module by concept; each part of its data lives with
/// the file that owns it, and the core the parts share lives here.
#[derive(Clone, Debug)]
pub struct MatchSession {
    me: Player,
    stage: Stage,
    my_side: Side,
    state: State,
    actions: u32,
    /// The step clock of the side to move (the engine's one clock: it runs
    /// on through either side's absence). When its turn began is what a
    /// timeout claim for our turn is judged against.
    step: StepClock,
    /// Every action applied, in order (one per capture): the game as a review
    /// and a game file carry it.
    log: Vec<Action>,
    result: Option<MatchResult>,
    /// The commit–reveal exchange with the peer (see [`handshake`]).
    handshake: handshake::Handshake,
    /// Who is away and whose fault it is (see [`presence`]).
    presence: presence::Presence,
    /// The action packets sent and received, and the resync window (see [`resync`]).
    window: resync::PacketWindow,
    /// A move and a timeout claim that crossed on the network (see [`verify`]).
    crossing: verify::Crossing,
    /// Which game of the connection this is, and the offers after it (see [`rematch`]).
    rematch: rematch::Rematch,
}

impl MatchSession {
    /// A new session, waiting for a peer.
    pub fn new(me: Player) -> MatchSession {
        MatchSession {
            me,
            stage: Stage::Waiting,
            my_side: Side::Black,
            state: State::new(),
            actions: 0,
            step: StepClock::new(0, false),
            log: Vec::new(),
            result: None,
            handshake: handshake::Handshake::new(),
            presence: presence::Presence::default(),
            window: resync::PacketWindow::new(),
            crossing: verify::Crossing::default(),
            rematch: rematch::Rematch::first(),
        }
    }
}
