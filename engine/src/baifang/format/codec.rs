//! The action's wire format, apart from the rules: the `actionType` numbers, the
//! one packet struct every format builds on (the replay file, the session's
//! packet, the referee's messages, an action's own JSON), and its decoding into
//! the rules' typed actions, with why a packet is not one. The numbers 0–5 are
//! written here and nowhere else.

use crate::baifang::action::{Action, RuleError};
use crate::baifang::bitboard::CELLS;
use crate::baifang::state::Side;
use crate::json_error::JsonError;
use core::fmt;
use serde::{Deserialize, Serialize};

/// The verb a packet carries, by its wire number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionType {
    /// 0: put a stone from hand on `toIndex`.
    Place,
    /// 1: step the stone on `fromIndex` to `toIndex`.
    Move,
    /// 2: remove the enemy stones in `eatIndices`.
    Capture,
    /// 3: `side` (default: the side to move) resigns.
    Resign,
    /// 4: the side to move let its step clock run out.
    Timeout,
    /// 5: `side` dropped its connection (game files and replays only: peers and
    /// the referee never accept it from a player).
    Disconnect,
}

impl ActionType {
    /// Every type, in wire order.
    pub const ALL: [ActionType; 6] = [
        ActionType::Place,
        ActionType::Move,
        ActionType::Capture,
        ActionType::Resign,
        ActionType::Timeout,
        ActionType::Disconnect,
    ];

    /// The wire number (`actionType`).
    pub const fn code(self) -> i64 {
        match self {
            ActionType::Place => 0,
            ActionType::Move => 1,
            ActionType::Capture => 2,
            ActionType::Resign => 3,
            ActionType::Timeout => 4,
            ActionType::Disconnect => 5,
        }
    }

    /// The type of a wire number; any other number is a packet error.
    pub fn from_code(code: i64) -> Result<ActionType, PacketError> {
        ActionType::ALL
            .into_iter()
            .find(|t| t.code() == code)
            .ok_or(PacketError::UnknownActionType(code))
    }

    /// The type of an action.
    pub const fn of(action: &Action) -> ActionType {
        match action {
            Action::Place { .. } => ActionType::Place,
            Action::Move { .. } => ActionType::Move,
            Action::Capture { .. } => ActionType::Capture,
            Action::Resign { .. } => ActionType::Resign,
            Action::Timeout => ActionType::Timeout,
            Action::Disconnect { .. } => ActionType::Disconnect,
        }
    }

    /// Whether a packet of this type may list captures in `eatIndices`: a
    /// placement or step lists the captures it earned, a capture packet its own.
    pub const fn carries_captures(self) -> bool {
        matches!(
            self,
            ActionType::Place | ActionType::Move | ActionType::Capture
        )
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

/// One wire packet (the online packet's action fields). Missing fields default to -1 / [];
/// unknown fields (protocolVersion, playerID, timestamp…) are ignored. One
/// packet carries a whole turn: a place/move may list the captures it owes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct Packet {
    /// The [`ActionType`]'s wire number (kept raw: a packet that names no
    /// type, or an unknown one, is rejected when decoded, with that number).
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
    /// The packet's type (a missing `actionType` reads as -1, unknown).
    pub fn action_type(&self) -> Result<ActionType, PacketError> {
        ActionType::from_code(self.action_type.unwrap_or(-1))
    }

    /// `eatIndices` ([] if missing).
    pub fn eat(&self) -> &[i64] {
        self.eat_indices.as_deref().unwrap_or(&[])
    }

    /// The packet's leading action, decoded (`None` for a capture packet, whose
    /// actions are all in `eatIndices`). Resign and disconnect default to
    /// `to_move`'s side.
    pub fn lead(&self, to_move: Side) -> Result<Option<Action>, PacketError> {
        let side = || match &self.side {
            None => Ok(to_move),
            Some(t) => Side::parse(t).ok_or_else(|| PacketError::BadSide(t.clone())),
        };
        Ok(Some(match self.action_type()? {
            ActionType::Place => Action::Place {
                to: point(PacketField::ToIndex, self.to_index)?,
            },
            ActionType::Move => Action::Move {
                from: point(PacketField::FromIndex, self.from_index)?,
                to: point(PacketField::ToIndex, self.to_index)?,
            },
            ActionType::Capture => return Ok(None),
            ActionType::Resign => Action::Resign { side: side()? },
            ActionType::Timeout => Action::Timeout,
            ActionType::Disconnect => Action::Disconnect {
                side: side()?,
                grace_expired: self.grace_expired.unwrap_or(false),
            },
        }))
    }

    /// The capture of one `eatIndices` entry, decoded.
    pub fn capture(index: i64) -> Result<Action, PacketError> {
        Ok(Action::Capture {
            at: point(PacketField::EatIndices, Some(index))?,
        })
    }

    /// Every action of the packet, in order: the lead, then the captures it
    /// lists (decoding only: whether they are legal is the rules' question).
    pub fn actions(&self, to_move: Side) -> Result<Vec<Action>, PacketError> {
        let mut acts: Vec<Action> = self.lead(to_move)?.into_iter().collect();
        if self.action_type()?.carries_captures() {
            for &i in self.eat() {
                acts.push(Packet::capture(i)?);
            }
        }
        Ok(acts)
    }

    /// The packet of one engine action.
    pub fn from_action(a: Action) -> Packet {
        let letter = |side: Side| Some(side.letter().to_string());
        let mut p = Packet {
            action_type: Some(ActionType::of(&a).code()),
            ..Packet::default()
        };
        match a {
            Action::Place { to } => p.to_index = Some(to as i64),
            Action::Move { from, to } => {
                p.from_index = Some(from as i64);
                p.to_index = Some(to as i64);
            }
            Action::Capture { at } => p.eat_indices = Some(vec![at as i64]),
            Action::Resign { side } => p.side = letter(side),
            Action::Timeout => {}
            Action::Disconnect {
                side,
                grace_expired,
            } => {
                p.side = letter(side);
                p.grace_expired = Some(grace_expired);
            }
        }
        p
    }

    /// The one engine action a single-action packet holds (an action's own
    /// JSON): a capture lists exactly one point, resign and disconnect name
    /// their side.
    pub fn single_action(&self) -> Result<Action, String> {
        let kind = self.action_type().map_err(|e| e.to_string())?;
        if matches!(kind, ActionType::Resign | ActionType::Disconnect) && self.side.is_none() {
            return Err("side must be \"B\" or \"W\"".into());
        }
        match self.lead(Side::Black).map_err(|e| e.to_string())? {
            Some(a) => Ok(a),
            None => match self.eat() {
                [i] => Packet::capture(*i).map_err(|e| e.to_string()),
                _ => Err("a capture action has exactly one eatIndex".into()),
            },
        }
    }
}

impl Action {
    /// The action in the packet JSON format (used by `baifang legal`):
    /// `{"actionType":0,"toIndex":12}`, `{"actionType":2,"eatIndices":[3]}`…
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a packet always serialises")
    }
}

/// Converts a packet index to a point.
pub(crate) fn point(field: PacketField, v: Option<i64>) -> Result<u8, PacketError> {
    let index = v.unwrap_or(-1);
    if (0..CELLS as i64).contains(&index) {
        Ok(index as u8)
    } else {
        Err(PacketError::OffBoard { field, index })
    }
}

/// Why a packet is not a well-formed action: something only a broken or
/// lying client sends ("fromIndex 30 is not a point"), never a move a player
/// chose. A refused packet changes nothing. Pages translate the code; `Display`
/// is the command line's English sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum PacketError {
    /// An index outside `0..N²` (or missing, i.e. -1).
    OffBoard {
        /// Which packet field.
        field: PacketField,
        /// The value.
        index: i64,
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

impl fmt::Display for PacketError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PacketError::*;
        match self {
            OffBoard { field, index } => {
                write!(
                    f,
                    "{} {index} is not a point of the board (0..{})",
                    field.name(),
                    CELLS - 1
                )
            }
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

impl std::error::Error for PacketError {}

/// Why a packet decoded and played in one call was refused: its shape (a
/// client bug or a lie) or the rules (a player's mistake). Each sentence
/// already reads differently, so `Display` adds nothing and command-line
/// messages stay as they were; callers that treat the two apart match on the
/// variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "error", rename_all = "snake_case")]
pub enum PacketRefusal {
    /// The packet is not a well-formed action.
    Packet(PacketError),
    /// The action is well formed but the rules refuse it here.
    Rule(RuleError),
}

impl From<PacketError> for PacketRefusal {
    fn from(e: PacketError) -> Self {
        PacketRefusal::Packet(e)
    }
}

impl From<RuleError> for PacketRefusal {
    fn from(e: RuleError) -> Self {
        PacketRefusal::Rule(e)
    }
}

impl fmt::Display for PacketRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PacketRefusal::Packet(e) => e.fmt(f),
            PacketRefusal::Rule(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PacketRefusal {}

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

/// An action serialises as its packet.
impl Serialize for Action {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        Packet::from_action(*self).serialize(ser)
    }
}

/// The inverse of the `Serialize` impl: one engine action per packet.
impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(de: D) -> Result<Action, D::Error> {
        Packet::deserialize(de)?
            .single_action()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_round_trips_through_its_number() {
        for t in ActionType::ALL {
            assert_eq!(ActionType::from_code(t.code()), Ok(t));
        }
        assert_eq!(
            ActionType::from_code(6),
            Err(PacketError::UnknownActionType(6))
        );
        assert_eq!(
            ActionType::from_code(-1),
            Err(PacketError::UnknownActionType(-1))
        );
    }

    #[test]
    fn an_action_and_its_packet_are_one_format() {
        let all = [
            Action::Place { to: 12 },
            Action::Move { from: 3, to: 4 },
            Action::Capture { at: 24 },
            Action::Resign { side: Side::White },
            Action::Timeout,
            Action::Disconnect {
                side: Side::Black,
                grace_expired: true,
            },
        ];
        for a in all {
            let json = a.to_json();
            assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a, "{json}");
            let p: Packet = serde_json::from_str(&json).unwrap();
            assert_eq!(p, Packet::from_action(a));
            assert_eq!(p.actions(Side::Black).unwrap(), vec![a]);
        }
        assert_eq!(
            Action::Move { from: 3, to: 4 }.to_json(),
            r#"{"actionType":1,"fromIndex":3,"toIndex":4}"#
        );
    }

    #[test]
    fn a_malformed_packet_says_which_field() {
        let p: Packet =
            serde_json::from_str(r#"{"actionType":1,"fromIndex":30,"toIndex":4}"#).unwrap();
        assert_eq!(
            p.lead(Side::Black).unwrap_err().to_string(),
            "fromIndex 30 is not a point of the board (0..24)"
        );
        let e = serde_json::from_str::<Action>(r#"{"actionType":2,"eatIndices":[1,2]}"#);
        assert!(e.unwrap_err().to_string().contains("exactly one eatIndex"));
        let e = serde_json::from_str::<Action>(r#"{"actionType":3}"#);
        assert!(e.unwrap_err().to_string().contains("side must be"));
        let e = serde_json::from_str::<Action>(r#"{"actionType":9}"#);
        assert!(e.unwrap_err().to_string().contains("unknown actionType 9"));
    }

    #[test]
    fn packet_codes_and_rule_codes_never_collide() {
        let code = |v: serde_json::Value| v["code"].as_str().unwrap().to_string();
        let packet: Vec<String> = [
            PacketError::OffBoard {
                field: PacketField::ToIndex,
                index: 30,
            },
            PacketError::EmptyEatList,
            PacketError::TooManyEat { given: 2, owed: 1 },
            PacketError::LeftoverEat { left: 1 },
            PacketError::UnknownActionType(9),
            PacketError::BadSide("Q".into()),
        ]
        .iter()
        .map(|e| code(serde_json::to_value(e).unwrap()))
        .collect();
        let rule: Vec<String> = [
            RuleError::GameOver,
            RuleError::CaptureOwed { owed: 1 },
            RuleError::NoCaptureOwed,
            RuleError::NotPlacingPhase,
            RuleError::NotMovingPhase,
            RuleError::Occupied { at: 3 },
            RuleError::EmptyHand,
            RuleError::NotOwnStone { at: 3 },
            RuleError::NotAdjacent { from: 3, to: 9 },
            RuleError::NotEnemyStone { at: 3 },
            RuleError::Shielded { at: 3 },
            RuleError::NotAPoint { at: 30 },
            RuleError::NotYourTurn,
            RuleError::NotAMove,
        ]
        .iter()
        .map(|e| code(serde_json::to_value(e).unwrap()))
        .collect();
        assert!(
            packet.iter().all(|c| !rule.contains(c)),
            "{packet:?} {rule:?}"
        );
        assert_eq!(packet[0], "off_board");
        assert_eq!(rule[5], "occupied");
    }
}
