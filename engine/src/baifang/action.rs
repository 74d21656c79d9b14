//! Actions (the verbs of the game), their errors, and the wire packet format of
//! the online packet (`actionType`/`fromIndex`/`toIndex`/`eatIndices`).

use super::bitboard::CELLS;
use super::spec::STONES_PER_SIDE;
use super::state::Side;
use crate::json_error::JsonError;
use core::fmt;
use serde::{Deserialize, Serialize};

/// One atomic action. Captures are one stone at a time (a packet may carry
/// several; see [`Packet`]). Time, resignation and connectivity are actions too,
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
    /// The action in the packet JSON format (used by `baifang legal`). Resign
    /// carries its side; disconnect uses the engine-only `actionType` 5.
    pub fn to_json(&self) -> String {
        match *self {
            Action::Place { to } => format!("{{\"actionType\":0,\"toIndex\":{to}}}"),
            Action::Move { from, to } => {
                format!("{{\"actionType\":1,\"fromIndex\":{from},\"toIndex\":{to}}}")
            }
            Action::Capture { at } => format!("{{\"actionType\":2,\"eatIndices\":[{at}]}}"),
            Action::Resign { side } => {
                format!("{{\"actionType\":3,\"side\":\"{}\"}}", side.letter())
            }
            Action::Timeout => "{\"actionType\":4}".to_string(),
            Action::Disconnect {
                side,
                grace_expired,
            } => format!(
                "{{\"actionType\":5,\"side\":\"{}\",\"graceExpired\":{grace_expired}}}",
                side.letter()
            ),
        }
    }

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

/// A point-carrying field of the wire packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PacketField {
    /// The origin of a move.
    #[serde(rename = "fromIndex")]
    FromIndex,
    /// The target of a place or move.
    #[serde(rename = "toIndex")]
    ToIndex,
    /// A captured point.
    #[serde(rename = "eatIndices")]
    EatIndices,
}

impl PacketField {
    /// The field's name in the packet JSON.
    pub const fn name(self) -> &'static str {
        match self {
            PacketField::FromIndex => "fromIndex",
            PacketField::ToIndex => "toIndex",
            PacketField::EatIndices => "eatIndices",
        }
    }
}

/// Why an action was rejected. A rejected action changes nothing. Pages
/// translate the code; `Display` is the command line's English sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum ActionError {
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
    /// An index outside `0..N²` (or missing, i.e. -1).
    OffBoard {
        /// Which packet field.
        field: PacketField,
        /// The value.
        index: i64,
    },
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
    /// A capture packet with no index.
    EmptyEatList,
    /// More indices than captures owed.
    TooManyEat {
        /// Indices given.
        given: usize,
        /// Captures owed.
        owed: u8,
    },
    /// Indices remain after a capture ended the game.
    LeftoverEat {
        /// How many were left.
        left: usize,
    },
    /// `actionType` not in 0..=5.
    UnknownActionType(i64),
    /// `side` is neither `"B"` nor `"W"`.
    BadSide(String),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ActionError::*;
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
            OffBoard { field, index } => {
                write!(
                    f,
                    "{} {index} is not a point of the board (0..{})",
                    field.name(),
                    CELLS - 1
                )
            }
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
            EmptyEatList => write!(f, "capture action without eatIndices"),
            TooManyEat { given, owed } => {
                write!(
                    f,
                    "{given} capture indices given but only {owed} capture(s) owed"
                )
            }
            LeftoverEat { left } => {
                write!(f, "{left} capture index(es) left over after the game ended")
            }
            UnknownActionType(t) => write!(f, "unknown actionType {t} (expected 0..5)"),
            BadSide(s) => write!(f, "side {s:?} is neither \"B\" nor \"W\""),
        }
    }
}

impl std::error::Error for ActionError {}

/// One wire packet (the online packet's action fields). Missing fields default to -1 / [];
/// unknown fields (protocolVersion, playerID, timestamp…) are ignored. One
/// packet carries a whole turn: a place/move may list the captures it owes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct Packet {
    /// 0 place, 1 move, 2 capture, 3 resign, 4 timeout, 5 disconnect (game
    /// files and replays only: peers and the referee never accept it).
    #[serde(
        rename = "actionType",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub action_type: Option<i64>,
    /// Origin point of a move.
    #[serde(rename = "fromIndex", default, skip_serializing_if = "Option::is_none")]
    pub from_index: Option<i64>,
    /// Target point of a place or move.
    #[serde(rename = "toIndex", default, skip_serializing_if = "Option::is_none")]
    pub to_index: Option<i64>,
    /// Captured points, removed in order.
    #[serde(
        rename = "eatIndices",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub eat_indices: Option<Vec<i64>>,
    /// Resigning or disconnecting side (`"B"`/`"W"`); default: the side to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// Disconnect only: the reconnection grace ran out (default false).
    #[serde(
        rename = "graceExpired",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub grace_expired: Option<bool>,
}

impl Packet {
    /// `actionType` (-1 if missing).
    pub fn kind(&self) -> i64 {
        self.action_type.unwrap_or(-1)
    }
    /// `eatIndices` ([] if missing).
    pub fn eat(&self) -> &[i64] {
        self.eat_indices.as_deref().unwrap_or(&[])
    }
    /// Packet for one engine action.
    pub fn from_action(a: Action) -> Packet {
        let mut p = Packet::default();
        match a {
            Action::Place { to } => {
                p.action_type = Some(0);
                p.to_index = Some(to as i64);
            }
            Action::Move { from, to } => {
                p.action_type = Some(1);
                p.from_index = Some(from as i64);
                p.to_index = Some(to as i64);
            }
            Action::Capture { at } => {
                p.action_type = Some(2);
                p.eat_indices = Some(vec![at as i64]);
            }
            Action::Resign { side } => {
                p.action_type = Some(3);
                p.side = Some(side.letter().to_string());
            }
            Action::Timeout => p.action_type = Some(4),
            Action::Disconnect {
                side,
                grace_expired,
            } => {
                p.action_type = Some(5);
                p.side = Some(side.letter().to_string());
                p.grace_expired = Some(grace_expired);
            }
        }
        p
    }
}

/// Converts a packet index to a point.
pub(crate) fn point(field: PacketField, v: Option<i64>) -> Result<u8, ActionError> {
    let index = v.unwrap_or(-1);
    if (0..CELLS as i64).contains(&index) {
        Ok(index as u8)
    } else {
        Err(ActionError::OffBoard { field, index })
    }
}

/// Error for input that is not a JSON array of action objects: why and where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ParseError(pub JsonError);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "malformed action list: {}", self.0)
    }
}

impl std::error::Error for ParseError {}

/// Parses a JSON array of packets.
pub fn parse_packets(bytes: &[u8]) -> Result<Vec<Packet>, ParseError> {
    serde_json::from_slice(bytes).map_err(|e| ParseError(e.into()))
}

/// An action serialises as its packet JSON ([`Action::to_json`]):
/// `{"actionType":0,"toIndex":12}`, `{"actionType":2,"eatIndices":[3]}`…
impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = ser.serialize_map(None)?;
        match *self {
            Action::Place { to } => {
                m.serialize_entry("actionType", &0)?;
                m.serialize_entry("toIndex", &to)?;
            }
            Action::Move { from, to } => {
                m.serialize_entry("actionType", &1)?;
                m.serialize_entry("fromIndex", &from)?;
                m.serialize_entry("toIndex", &to)?;
            }
            Action::Capture { at } => {
                m.serialize_entry("actionType", &2)?;
                m.serialize_entry("eatIndices", &[at])?;
            }
            Action::Resign { side } => {
                m.serialize_entry("actionType", &3)?;
                m.serialize_entry("side", &side.letter().to_string())?;
            }
            Action::Timeout => m.serialize_entry("actionType", &4)?,
            Action::Disconnect {
                side,
                grace_expired,
            } => {
                m.serialize_entry("actionType", &5)?;
                m.serialize_entry("side", &side.letter().to_string())?;
                m.serialize_entry("graceExpired", &grace_expired)?;
            }
        }
        m.end()
    }
}

#[derive(Deserialize)]
struct ActionJson {
    #[serde(rename = "actionType")]
    action_type: i64,
    #[serde(rename = "fromIndex", default)]
    from_index: Option<i64>,
    #[serde(rename = "toIndex", default)]
    to_index: Option<i64>,
    #[serde(rename = "eatIndices", default)]
    eat_indices: Option<Vec<i64>>,
    #[serde(default)]
    side: Option<String>,
    #[serde(rename = "graceExpired", default)]
    grace_expired: bool,
}

/// The inverse of the `Serialize` impl: one engine action per object (a
/// capture carries exactly one index; resign and disconnect need `side`).
impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Action, D::Error> {
        use serde::de::Error;
        let j = ActionJson::deserialize(de)?;
        let pt = |f: PacketField, v: Option<i64>| point(f, v).map_err(D::Error::custom);
        let side = |s: &Option<String>| {
            s.as_deref()
                .and_then(Side::parse)
                .ok_or_else(|| D::Error::custom("side must be \"B\" or \"W\""))
        };
        Ok(match j.action_type {
            0 => Action::Place {
                to: pt(PacketField::ToIndex, j.to_index)?,
            },
            1 => Action::Move {
                from: pt(PacketField::FromIndex, j.from_index)?,
                to: pt(PacketField::ToIndex, j.to_index)?,
            },
            2 => match j.eat_indices.as_deref() {
                Some([i]) => Action::Capture {
                    at: pt(PacketField::EatIndices, Some(*i))?,
                },
                _ => {
                    return Err(D::Error::custom(
                        "a capture action has exactly one eatIndex",
                    ))
                }
            },
            3 => Action::Resign {
                side: side(&j.side)?,
            },
            4 => Action::Timeout,
            5 => Action::Disconnect {
                side: side(&j.side)?,
                grace_expired: j.grace_expired,
            },
            k => return Err(D::Error::custom(format!("unknown actionType {k}"))),
        })
    }
}
