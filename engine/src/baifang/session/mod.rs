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
//! - [`handshake`]: the commit–reveal draw of the first move and the bound on
//!   a claimed rating;
//! - [`avoid`]: the peers quick match stays away from (they abandoned a draw);
//! - [`verify`]: the checks every received action packet passes, and how a
//!   move and a timeout claim that crossed on the network are resolved;
//! - [`presence`]: the step clock, disconnects, network splits,
//!   background/foreground and the two-way resync;
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
pub mod verify;
pub mod wire;

#[cfg(test)]
mod tests;

use super::step_clock::{Grace, StepClock};
use super::{Action, Side, State};
pub use avoid::{AvoidList, AVOID_MS};
pub use events::{MatchResult, Player, SessionCommand, Settlement, Stage, UiEvent};
pub use fixtures::playing_pair;
pub use handshake::{
    black_of, commitment, plausible_rating, EARLY_MESSAGES_KEPT, HANDSHAKE_TIMEOUT_MS,
};
pub use presence::{NETWORK_GRACE_MS, RESYNC_WINDOW_MS, SPLIT_WINDOW_MS};
pub use verify::{MAX_CLOCK_SKEW_MS, TIMEOUT_CLAIM_TOLERANCE_MS};
pub use wire::{
    hex, BadMessage, BoardActionPacket, OutOfPlace, Reject, Wire, MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
};

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
    /// The window in which packets re-sent after our last `sync` are ignored
    /// once each (see [`presence`]); `None` outside a resync.
    resync: Option<presence::Resync>,
    /// The highest seq of ours re-sent in the current resync exchange (so a
    /// `sync` and its answer never make us re-send the same packet twice).
    resent_through: u64,
    /// Data that arrived while still waiting (GameKit may deliver the peer's
    /// hello before our own match callback); replayed once matched.
    early: Vec<Vec<u8>>,
    last_peer_ts: i64,
    /// The step clock of the side to move (the engine's one clock: it runs
    /// on through either side's absence). When its turn began is what a
    /// timeout claim for our turn is judged against.
    step: StepClock,
    /// Our own actions since the last packet of the peer we applied, with the
    /// state before each: the peer may not have seen them when it claimed a
    /// timeout for our turn.
    own_line: Vec<verify::OwnStep>,
    /// After we applied a timeout for the peer's turn: the state the peer may
    /// still be playing on (its move crossed our claim). Its packets that fit
    /// this line are superseded and ignored.
    shadow: Option<State>,
    /// Whether we already applied a timeout for the current turn (ours or the peer's).
    last_was_timeout: bool,
    /// The peer's grace, while it is away.
    peer_away: Option<Grace>,
    /// Drops of the peer that were its own (not shared with an outage of ours).
    peer_disconnects: u8,
    /// The peer's current absence overlaps an outage of our own network.
    absence_shared: bool,
    /// Our own network is down since then.
    local_offline_since: Option<u64>,
    /// When our own network last came back.
    local_outage_end: Option<u64>,
    /// Our own grace, while our app is in the background.
    local_away: Option<Grace>,
    /// The peer's rating as Game Center's leaderboard has it, when known.
    checked_peer_rating: Option<i32>,
    result: Option<MatchResult>,
    /// Every action applied, in order (one per capture): the game as a review
    /// and a game file carry it.
    log: Vec<Action>,
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
            log: Vec::new(),
            actions: 0,
            sent: Vec::new(),
            received: 0,
            received_hashes: Vec::new(),
            resync: None,
            resent_through: 0,
            early: Vec::new(),
            last_peer_ts: i64::MIN,
            step: StepClock::new(0, false),
            own_line: Vec::new(),
            shadow: None,
            last_was_timeout: false,
            peer_away: None,
            peer_disconnects: 0,
            absence_shared: false,
            local_offline_since: None,
            local_outage_end: None,
            local_away: None,
            checked_peer_rating: None,
            result: None,
        }
    }
}
