//! The session's wire messages and the reasons a received message is rejected.
//!
//! Every message is one JSON object tagged by `kind`. The game's moves travel as
//! [`BoardActionPacket`] (the engine's packet fields plus `seq` and `hash`); the
//! handshake (`hello`, `reveal`), the reconnection check (`sync`), presence
//! (`presence`: the sender's app went to the background or came back), the
//! rematch offer and answer after a decided game (`rematch`) and the abort
//! notice (`abort`) are the only other kinds.

use core::fmt;
use serde::{Deserialize, Serialize};

use crate::baifang::{Action, ActionType, Packet, PacketError, PacketRefusal, RuleError};
use crate::json_error::JsonError;

/// The largest message accepted, checked before parsing (the largest honest
/// one, an action packet with a long player id, is well under 1 KB).
pub const MAX_MESSAGE_BYTES: usize = 4096;
/// Peer-supplied text kept in a rejection (and so in the abort we send back)
/// is cut to this many characters.
pub const ECHO_MAX_CHARS: usize = 64;

/// The protocol version this session speaks (fixed at 1 for this packet format).
pub const PROTOCOL_VERSION: i64 = 1;

/// One game action on the wire plus the anti-replay
/// sequence number and the sender's state hash after the action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardActionPacket {
    /// Always [`PROTOCOL_VERSION`].
    #[serde(rename = "protocolVersion")]
    pub protocol_version: i64,
    /// The [`ActionType`]'s number: a place, move, capture, resign or step
    /// timeout (a disconnect is never a peer's to send).
    #[serde(rename = "actionType")]
    pub action_type: i64,
    /// The sender's player id.
    #[serde(rename = "playerID")]
    pub player_id: String,
    /// Origin of a move, else -1.
    #[serde(rename = "fromIndex")]
    pub from_index: i64,
    /// Target of a place or move, else -1.
    #[serde(rename = "toIndex")]
    pub to_index: i64,
    /// Captured points (one per capture packet), else empty.
    #[serde(rename = "eatIndices")]
    pub eat_indices: Vec<i64>,
    /// The sender's clock in ms when it sent the packet.
    pub timestamp: i64,
    /// Per sender, 1 for its first action packet, then strictly +1.
    pub seq: u64,
    /// The sender's Zobrist state hash after the action, 16 hex digits.
    pub hash: String,
}

impl BoardActionPacket {
    /// The packet of `action` with its envelope: the sender, its clock, its
    /// seq and its state hash after the action.
    pub fn new(action: Action, player_id: String, timestamp: i64, seq: u64, hash: String) -> Self {
        let p = Packet::from_action(action);
        BoardActionPacket {
            protocol_version: PROTOCOL_VERSION,
            action_type: ActionType::of(&action).code(),
            player_id,
            from_index: p.from_index.unwrap_or(-1),
            to_index: p.to_index.unwrap_or(-1),
            eat_indices: p.eat_indices.unwrap_or_default(),
            timestamp,
            seq,
            hash,
        }
    }

    /// The packet's type, if its number is one.
    pub fn action_type(&self) -> Result<ActionType, PacketError> {
        ActionType::from_code(self.action_type)
    }

    /// The action fields as the engine's packet (the fields the type does
    /// not use dropped; the side of a resign is the sender's, the session's
    /// business).
    pub fn packet(&self) -> Packet {
        let kind = self.action_type();
        Packet {
            action_type: Some(self.action_type),
            from_index: (kind == Ok(ActionType::Move)).then_some(self.from_index),
            to_index: (kind != Ok(ActionType::Capture)).then_some(self.to_index),
            eat_indices: Some(self.eat_indices.clone()),
            side: None,
            grace_expired: None,
        }
    }
}

/// Everything a session sends or receives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Wire {
    /// Handshake, step 1: the commitment `SHA-256(secret ‖ playerID)` and the
    /// sender's rating and rated-game count.
    Hello {
        /// Always [`PROTOCOL_VERSION`].
        #[serde(rename = "protocolVersion")]
        protocol_version: i64,
        /// The sender's player id.
        #[serde(rename = "playerID")]
        player_id: String,
        /// Hex SHA-256 commitment.
        commit: String,
        /// The sender's Elo rating.
        rating: i32,
        /// The sender's rated games so far.
        games: u32,
    },
    /// Handshake, step 2 (after both hellos): the 32-byte secret in hex.
    Reveal {
        /// The sender's player id.
        #[serde(rename = "playerID")]
        player_id: String,
        /// 64 hex digits.
        secret: String,
    },
    /// A game action.
    Action(BoardActionPacket),
    /// After a reconnection: what the sender has.
    Sync {
        /// The sender's player id.
        #[serde(rename = "playerID")]
        player_id: String,
        /// Highest `seq` the sender received from the receiver.
        received: u64,
        /// Highest `seq` the sender sent.
        sent: u64,
        /// Actions applied to the sender's game so far (both sides').
        actions: u32,
        /// The sender's state hash (16 hex digits).
        hash: String,
        /// An answer to the receiver's own `sync` (sent after the packets the
        /// receiver missed); a `sync` that is not an answer gets one.
        #[serde(default)]
        reply: bool,
    },
    /// The sender's app went to the background (`away`) or came back.
    Presence {
        /// The sender's player id.
        #[serde(rename = "playerID")]
        player_id: String,
        /// True when leaving, false when back.
        away: bool,
    },
    /// After a decided game: the sender wants another with the colours
    /// swapped (an offer, or the answer to the receiver's: `agree`), or not
    /// (a decline or a withdrawal). It names the game it proposes and the
    /// finished game it follows, so that an answer can only be to this offer.
    Rematch {
        /// The sender's player id.
        #[serde(rename = "playerID")]
        player_id: String,
        /// The proposed game's number on this connection (2 for the first rematch).
        game: u32,
        /// The finished game's final state hash as the sender has it (16 hex digits).
        hash: String,
        /// The finished game's action count as the sender has it.
        actions: u32,
        /// Wants the game (offer or acceptance); false declines or withdraws.
        agree: bool,
    },
    /// The sender found the match data inconsistent and voided the match.
    Abort {
        /// The sender's player id.
        #[serde(rename = "playerID")]
        player_id: String,
        /// Why (the sender's [`Reject`] as the command line words it; a
        /// diagnostic, never shown to a player).
        reason: String,
    },
}

impl Wire {
    /// JSON text of the message.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("wire messages always serialise")
    }
    /// Parses a received message, refusing an oversized one unread.
    pub fn parse(bytes: &[u8]) -> Result<Wire, Reject> {
        if bytes.len() > MAX_MESSAGE_BYTES {
            return Err(Reject::TooLarge { bytes: bytes.len() });
        }
        serde_json::from_slice(bytes)
            .map_err(|e| Reject::Malformed(BadMessage::Json(bounded_json(e))))
    }
}

/// What is wrong with a message that is not a wire message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum BadMessage {
    /// Bad JSON, the wrong shape or an unknown kind.
    Json(JsonError),
    /// A hello whose commitment is not 64 hex digits.
    Commitment,
}

impl fmt::Display for BadMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadMessage::Json(e) => write!(f, "{e}"),
            BadMessage::Commitment => write!(f, "commitment is not 64 hex digits"),
        }
    }
}

/// A message that has no place in the session's current stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutOfPlace {
    /// An action before the game started.
    ActionBeforeStart,
    /// A second hello.
    SecondHello,
    /// A reveal after the handshake.
    RevealOutsideHandshake,
    /// A reveal before the peer's hello.
    RevealBeforeHello,
    /// A sync before the game started or after it ended.
    SyncOutsideGame,
    /// A rematch offer or answer before the game ended.
    RematchDuringGame,
}

impl fmt::Display for OutOfPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutOfPlace::ActionBeforeStart => "action before the game started",
            OutOfPlace::SecondHello => "second hello",
            OutOfPlace::RevealOutsideHandshake => "reveal outside the handshake",
            OutOfPlace::RevealBeforeHello => "reveal before hello",
            OutOfPlace::SyncOutsideGame => "sync outside the game",
            OutOfPlace::RematchDuringGame => "rematch before the game ended",
        })
    }
}

/// Why a received message voids the match. Every rejection voids the match on
/// both sides (the page says the match data is inconsistent). Pages translate
/// the code; `Display` is the English sentence of logs and the abort notice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", content = "params", rename_all = "snake_case")]
pub enum Reject {
    /// Not a wire message (bad JSON, wrong shape, unknown kind).
    Malformed(BadMessage),
    /// `protocolVersion` is not 1.
    ProtocolVersion(i64),
    /// `playerID` is not the peer's.
    WrongSender(String),
    /// `seq` was already received (a replay of the last packet).
    DuplicateSeq {
        /// Received.
        got: u64,
        /// Expected.
        expected: u64,
    },
    /// `seq` older than the last one received.
    OldSeq {
        /// Received.
        got: u64,
        /// Expected.
        expected: u64,
    },
    /// `seq` skips ahead.
    SeqGap {
        /// Received.
        got: u64,
        /// Expected.
        expected: u64,
    },
    /// `timestamp` goes backwards or is too far from the local clock.
    Timestamp {
        /// The packet's timestamp.
        got: i64,
        /// The local clock.
        now: u64,
    },
    /// A place, move or capture from the side that is not to move.
    NotSendersTurn,
    /// The packet is not a well-formed action (a broken or lying peer).
    BadPacket(PacketError),
    /// The local engine's rules refuse the action.
    Illegal(RuleError),
    /// The action is legal, but the sender's hash differs from ours afterwards.
    HashMismatch {
        /// Our hash after the action.
        ours: u64,
        /// The sender's.
        theirs: String,
    },
    /// A step-timeout claim for our turn before our clock ran out.
    PrematureTimeout {
        /// Our clock's elapsed ms in this turn.
        elapsed: u64,
    },
    /// A message that has no place in the current stage (an action before the
    /// game started, a second hello, a reveal before the hello…).
    Unexpected(OutOfPlace),
    /// The reveal does not match the commitment.
    RevealMismatch,
    /// Both players claim the same id.
    SameId,
    /// After a reconnection, equal action counts but different hashes.
    SyncMismatch,
    /// The peer voided the match. Its reason as it sent it: untrusted text,
    /// for logs only.
    PeerAborted(String),
    /// Longer than [`MAX_MESSAGE_BYTES`]; not parsed.
    TooLarge {
        /// Its size.
        bytes: usize,
    },
}

impl From<PacketRefusal> for Reject {
    fn from(r: PacketRefusal) -> Self {
        match r {
            PacketRefusal::Packet(e) => Reject::BadPacket(e),
            PacketRefusal::Rule(e) => Reject::Illegal(e),
        }
    }
}

impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Reject::*;
        match self {
            Malformed(e) => write!(f, "malformed message: {e}"),
            ProtocolVersion(v) => write!(f, "protocol version {v} (expected {PROTOCOL_VERSION})"),
            WrongSender(id) => write!(f, "sender {id:?} is not the peer"),
            DuplicateSeq { got, expected } => {
                write!(f, "duplicate seq {got} (expected {expected})")
            }
            OldSeq { got, expected } => write!(f, "old seq {got} (expected {expected})"),
            SeqGap { got, expected } => write!(f, "seq gap: {got} (expected {expected})"),
            Timestamp { got, now } => write!(f, "absurd timestamp {got} (local clock {now})"),
            NotSendersTurn => write!(f, "action from the side not to move"),
            BadPacket(e) => write!(f, "malformed action: {e}"),
            Illegal(e) => write!(f, "illegal action: {e}"),
            HashMismatch { ours, theirs } => {
                let ours = crate::baifang::state::hash_hex(*ours);
                write!(f, "state hash mismatch: ours {ours}, theirs {theirs}")
            }
            PrematureTimeout { elapsed } => {
                write!(f, "timeout claimed after only {elapsed} ms of the step")
            }
            Unexpected(what) => write!(f, "unexpected message: {what}"),
            RevealMismatch => write!(f, "the reveal does not match the commitment"),
            SameId => write!(f, "both players have the same id"),
            SyncMismatch => write!(
                f,
                "same action count but different state after reconnecting"
            ),
            PeerAborted(r) => write!(f, "the peer voided the match: {r}"),
            TooLarge { bytes } => {
                write!(f, "message of {bytes} bytes (at most {MAX_MESSAGE_BYTES})")
            }
        }
    }
}

/// `text` cut to [`ECHO_MAX_CHARS`] characters (with "…" when cut): what a
/// rejection may carry of what the peer sent.
pub fn bounded(text: &str) -> String {
    match text.char_indices().nth(ECHO_MAX_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// The parser's error with the peer's text it may quote (a field name, the
/// parser's sentence) cut by [`bounded`].
fn bounded_json(e: serde_json::Error) -> JsonError {
    use crate::json_error::JsonFault;
    let mut error = JsonError::from(e);
    error.detail = bounded(&error.detail);
    if let JsonFault::UnknownField { field } | JsonFault::MissingField { field } = &mut error.fault
    {
        *field = bounded(field);
    }
    error
}

/// Lower-case hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    use fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// Parses exactly 32 bytes of hex.
pub fn unhex32(s: &str) -> Option<[u8; 32]> {
    if s.len() != 64 || !s.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}
