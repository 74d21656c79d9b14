//! Actions (the verbs of the game) and why the rules refuse one. Their wire
//! format (`actionType`, the packet fields, a malformed packet's error) is the
//! codec's business: `codec.rs`.

use super::bitboard::CELLS;
use super::spec::STONES_PER_SIDE;
use super::state::Side;
use core::fmt;
use serde::{Deserialize, Serialize};

/// One atomic action. Captures are one stone at a time (a packet may carry
/// several; see [`super::Packet`]). Time, resignation and connectivity are actions too,
/// so the rules never read a clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Phase 1: put a stone from hand on the empty point `to`.
    Place {
        /// Target point.
        to: u8,
    },
    /// Phase 2: step the own stone on `from` to the adjacent empty point `to`.
    Move {
        /// Origin point.
        from: u8,
        /// Target point (orthogonal neighbour of `from`).
        to: u8,
    },
    /// Remove the enemy stone on `at` (one owed capture).
    Capture {
        /// Point of the captured stone.
        at: u8,
    },
    /// The side to move let its step clock run out: counts a timeout, forfeits
    /// owed captures, passes the turn.
    Timeout,
    /// `side` resigns (either side, any time while the game runs).
    Resign {
        /// The resigning side.
        side: Side,
    },
    /// Fed by the session layer: `side` dropped its connection. Counts a
    /// disconnect (the `disconnectsToLose`-th loses), or loses at once when
    /// `grace_expired` (the player did not come back within the grace period,
    /// which the session layer times).
    Disconnect {
        /// The side that dropped.
        side: Side,
        /// The reconnection grace period ran out.
        grace_expired: bool,
    },
}

impl Action {
    /// Short verb name (the verb table of the anatomy report).
    pub const fn verb(&self) -> &'static str {
        match self {
            Action::Place { .. } => "place",
            Action::Move { .. } => "move",
            Action::Capture { .. } => "capture",
            Action::Timeout => "timeout",
            Action::Resign { .. } => "resign",
            Action::Disconnect { .. } => "disconnect",
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Place { to } => write!(f, "place at {to}"),
            Action::Move { from, to } => write!(f, "move {from}->{to}"),
            Action::Capture { at } => write!(f, "capture {at}"),
            Action::Timeout => write!(f, "timeout"),
            Action::Resign { side } => write!(f, "resign by {}", side.letter()),
            Action::Disconnect {
                side,
                grace_expired,
            } => {
                write!(
                    f,
                    "disconnect of {} (grace expired: {grace_expired})",
                    side.letter()
                )
            }
        }
    }
}

/// Capacity of [`ActionList`]: enough for every placement or every step of a
/// full side, whichever is larger (captures are fewer than either).
pub const MAX_ACTIONS: usize = {
    let steps = 4 * STONES_PER_SIDE as usize;
    if steps > CELLS {
        steps
    } else {
        CELLS
    }
};

/// A fixed-capacity list of actions: move generation never allocates.
#[derive(Clone, Copy)]
pub struct ActionList {
    len: usize,
    items: [Action; MAX_ACTIONS],
}

impl Default for ActionList {
    fn default() -> Self {
        Self::new()
    }
}

impl ActionList {
    /// An empty list.
    #[inline]
    pub const fn new() -> Self {
        ActionList {
            len: 0,
            items: [Action::Timeout; MAX_ACTIONS],
        }
    }
    /// Appends (the generator guarantees capacity).
    #[inline]
    pub(crate) fn push(&mut self, a: Action) {
        debug_assert!(self.len < MAX_ACTIONS);
        if self.len < MAX_ACTIONS {
            self.items[self.len] = a;
            self.len += 1;
        }
    }
    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// The actions.
    #[inline]
    pub fn as_slice(&self) -> &[Action] {
        &self.items[..self.len]
    }
    /// Number of actions.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there is none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl core::ops::Deref for ActionList {
    type Target = [Action];
    fn deref(&self) -> &[Action] {
        self.as_slice()
    }
}

/// Why the rules refuse a well-formed action on a valid board: something a
/// player can do by mistake ("point 3 is not empty"). A refused action
/// changes nothing. A packet that is not even an action is a
/// [`super::codec::PacketError`] instead. Pages translate the code; `Display`
/// is the command line's English sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum RuleError {
    /// The game is already over.
    GameOver,
    /// A capture is owed; the side to move must capture before anything else.
    CaptureOwed {
        /// Captures still owed.
        owed: u8,
    },
    /// A capture was sent but none is owed.
    NoCaptureOwed,
    /// Placing outside phase 1.
    NotPlacingPhase,
    /// Moving outside phase 2.
    NotMovingPhase,
    /// Target point is not empty.
    Occupied {
        /// The point.
        at: u8,
    },
    /// No stone left in hand.
    EmptyHand,
    /// `fromIndex` is not a stone of the side to move.
    NotOwnStone {
        /// The point.
        at: u8,
    },
    /// `toIndex` is not an orthogonal neighbour of `fromIndex`.
    NotAdjacent {
        /// Origin.
        from: u8,
        /// Target.
        to: u8,
    },
    /// The capture target holds no enemy stone.
    NotEnemyStone {
        /// The point.
        at: u8,
    },
    /// The capture target is shielded by a formation while loose stones exist.
    Shielded {
        /// The point.
        at: u8,
    },
    /// A typed action names a point past the board. Decoded packets never do
    /// (the codec refuses them first), but `Action`'s fields are open to any
    /// caller, and the bitboards must never be indexed with such a point.
    NotAPoint {
        /// The point.
        at: u8,
    },
    /// A session player acted while it is the other side's turn.
    NotYourTurn,
    /// A session player may only place, move or capture through play; the
    /// other verbs have their own paths (leaving, the step clock).
    NotAMove,
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RuleError::*;
        match self {
            GameOver => write!(f, "the game is already over"),
            CaptureOwed { owed } => {
                write!(
                    f,
                    "a capture is owed: remove {owed} enemy stone(s) before anything else"
                )
            }
            NoCaptureOwed => write!(f, "no capture is owed"),
            NotPlacingPhase => write!(f, "placing is only allowed in the placing phase"),
            NotMovingPhase => write!(f, "moving is only allowed in the moving phase"),
            Occupied { at } => write!(f, "point {at} is not empty"),
            EmptyHand => write!(f, "no stone left in hand"),
            NotOwnStone { at } => write!(f, "point {at} holds no stone of the side to move"),
            NotAdjacent { from, to } => {
                write!(
                    f,
                    "{to} is not an orthogonal neighbour of {from} (one step, no diagonals)"
                )
            }
            NotEnemyStone { at } => write!(f, "point {at} holds no enemy stone"),
            Shielded { at } => write!(
                f,
                "stone at {at} is shielded by a square or line while loose enemy stones remain"
            ),
            NotAPoint { at } => {
                write!(f, "{at} is not a point of the board (0..{})", CELLS - 1)
            }
            NotYourTurn => write!(f, "it is the other side's turn"),
            NotAMove => write!(f, "only a place, move or capture can be played"),
        }
    }
}

impl std::error::Error for RuleError {}
