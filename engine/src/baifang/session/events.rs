//! What a match session reports to its caller: its stage, the players, the
//! result of the match, UI events and the commands the caller carries out.

use super::super::rematch::RematchEnd;
use super::super::{Action, ActionOutcome, Reason, Side};
use super::wire::Reject;

/// Lifecycle stage of a match session.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Looking for a peer.
    Waiting,
    /// A peer is known; the handshake runs.
    Matched,
    /// The game runs.
    Playing,
    /// Over: decided or void. After a decided game the connection stays open
    /// a while for a rematch, which starts the next game (`Playing` again).
    Finished,
}

/// Who a player is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Stable player id (Game Center id, or the tab's id).
    pub id: String,
    /// Elo rating before the match.
    pub rating: i32,
    /// Rated games before the match.
    pub games: u32,
}

/// The settlement of a decided game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// The winner.
    pub winner: Side,
    /// Why.
    pub reason: Reason,
    /// Whether this player won.
    pub won: bool,
    /// This player's rating before and after.
    pub my_rating: (i32, i32),
    /// The peer's rating before and after (as this side computes it).
    pub peer_rating: (i32, i32),
}

/// How a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchResult {
    /// The game was decided; ratings change.
    Decided(Settlement),
    /// The match was voided (「对局数据异常」); no rating changes.
    Void(Reject),
    /// Mid-game the peer aborted, or sent data that failed this side's
    /// verification while this side's own state replays true from its log:
    /// the fault is the peer's, so the game is the peer's loss in this side's
    /// record (rated, as a forfeit) and the peer goes on the avoid list. A
    /// side whose own state does not replay (its memory was edited) voids.
    Forfeited {
        /// This side wins (reason: resignation, which a forfeit is).
        settlement: Settlement,
        /// What the peer did.
        why: Reject,
    },
    /// The connection broke while this side itself was cut off from the
    /// network: nobody's fault that this side can prove, so no result and no
    /// rating change here (「连接中断，本局未计分」).
    Interrupted,
}

/// What the UI should show or do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UiEvent {
    /// A peer was found; the handshake starts.
    Matched {
        /// The peer's id.
        peer: String,
    },
    /// The handshake completed; the game starts.
    Started {
        /// This player's colour.
        me: Side,
        /// The peer's rating and games, as exchanged.
        peer: Player,
    },
    /// An action was applied (ours or the peer's).
    Applied {
        /// The action. For a received packet that lists captures after its
        /// placement or move, the placement or move.
        action: Action,
        /// What the engine reported for `action`: formations it formed,
        /// captures now owed, whether the anti-looping lock intercepted it,
        /// whether the turn passed, the result if the game ended.
        outcome: ActionOutcome,
        /// Whether it was the peer's.
        by_peer: bool,
    },
    /// The peer is away; the grace ends at `deadline` (ms, caller's clock).
    PeerAway {
        /// End of the grace period.
        deadline: u64,
    },
    /// The peer came back within the grace.
    PeerBack,
    /// The peer was lost before the game started; back to waiting.
    LostBeforeStart,
    /// The peer saw our revealed secret and then never revealed its own (it
    /// could compute the colours and walked away): it abandoned the match.
    /// No game for us; a loss for it in our record of it.
    PeerAbandoned {
        /// The peer's id.
        peer: String,
    },
    /// Our last `undone` actions were superseded by the peer's timeout claim
    /// for the same turn (they crossed on the network); the state now holds
    /// the timeout instead.
    Superseded {
        /// How many of our actions were taken back.
        undone: u32,
    },
    /// The match is over.
    Finished(MatchResult),
    /// After the game, the peer offers a rematch (see [`super::rematch`]).
    RematchOffered {
        /// When the offer lapses (ms, caller's clock).
        expires_at: u64,
    },
    /// A pending rematch offer ended without a new game; the transport is released.
    RematchEnded(RematchEnd),
}

/// What the caller must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionCommand {
    /// Send this JSON text to the peer (reliably).
    Send(String),
    /// Release the transport.
    Disconnect,
    /// Update the UI.
    Ui(UiEvent),
}
