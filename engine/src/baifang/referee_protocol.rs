//! The client↔referee-server wire protocol: every message a browser and the
//! Baifang server exchange over a WebSocket, defined once for both sides.
//!
//! One JSON object per text message, tagged by `type` (snake_case). The
//! server is the authority: clients send intents ([`ClientMsg::Act`]), the
//! server applies them with this engine and broadcasts each applied action with
//! its sequence number and the 16-hex-digit state hash ([`ServerMsg::Applied`]);
//! clients apply it with their own engine and compare the hash (a mismatch asks
//! for the state with [`ClientMsg::RequestState`]). Game actions use the
//! engine's packet format ([`Action`]'s serde form).
//!
//! The first client message is [`ClientMsg::Hello`] with [`PROTOCOL_VERSION`];
//! a server refuses any other version with [`close::UNSUPPORTED_VERSION`].
//! [`ClientMsg::decode`] checks the size cap before it parses anything.

use core::fmt;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{Action, Reason, RuleError, Side};

/// The protocol version this engine speaks.
pub const PROTOCOL_VERSION: u32 = 1;
/// Largest client message accepted, in bytes (a hello with a token and a
/// 16-character name is about 150 bytes).
pub const MAX_CLIENT_MESSAGE_BYTES: usize = 1024;
/// A player token is 32 random bytes in lower-case hex.
pub const TOKEN_HEX_LEN: usize = 64;
/// Longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 16;
/// Friend room codes are this many characters of [`ROOM_CODE_ALPHABET`]:
/// 31^9 ≈ 2^44.6 codes, so guessing one open room at the server's failed-join
/// limits would take longer than the room lives. Shown in three groups of
/// three ([`format_room_code`]); typed with or without the dashes.
pub const ROOM_CODE_LEN: usize = 9;
/// Characters of a friend room code: no 0/O, 1/I/L, so a code read aloud or
/// typed from a screenshot is unambiguous.
pub const ROOM_CODE_ALPHABET: &[u8; 31] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// A game counts for rating only once each side has made this many moves
/// (placements and stone moves) of its own: a resignation or a walk-out
/// before that is a loss on the record but changes no rating.
pub const RATED_MIN_MOVES: u32 = 3;
/// The same two players' games count for rating at most this many times in
/// 24 hours; later ones are played and recorded, unrated.
pub const RATED_PAIR_GAMES_PER_DAY: u32 = 3;
/// A player is provisional until this many rated games: quick match pairs
/// provisional players only with each other, established only with established.
pub const ESTABLISHED_AFTER_GAMES: u32 = 10;

pub use super::rematch::{RematchEnd, REMATCH_OFFER_MS};

/// The page path the server answers with [`ServerInfo`] (a plain static host
/// answers 404, which is how the web app knows there is no referee server).
pub const INFO_PATH: &str = "/api/server";
/// The WebSocket endpoint.
pub const SOCKET_PATH: &str = "/ws";

/// WebSocket close codes the server uses for its refusals; the close frame's
/// reason carries a sentence for people and logs.
pub mod close {
    /// The server is shutting down (standard 1001).
    pub const GOING_AWAY: u16 = 1001;
    /// A message that is not a protocol message (standard 1007).
    pub const MALFORMED: u16 = 1007;
    /// A policy breach: rate limit, binary frames, no hello first (standard 1008).
    pub const POLICY: u16 = 1008;
    /// A message over [`super::MAX_CLIENT_MESSAGE_BYTES`] (standard 1009).
    pub const TOO_BIG: u16 = 1009;
    /// The token names no player: the client should forget it and say hello without one.
    pub const UNKNOWN_TOKEN: u16 = 4001;
    /// The hello's protocol version is not [`super::PROTOCOL_VERSION`].
    pub const UNSUPPORTED_VERSION: u16 = 4002;
    /// The client stopped reading: its outgoing queue overflowed.
    pub const TOO_SLOW: u16 = 4003;
    /// Nothing arrived (not even a pong) for too long.
    pub const SILENT: u16 = 4004;
    /// This address created the most new players it may in an hour: the
    /// client should not retry on its own (a known token still signs in).
    pub const TOO_MANY_ACCOUNTS: u16 = 4005;
}

/// What `GET /api/server` answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerInfo {
    /// Always `"baifang-referee"`.
    pub service: String,
    /// [`PROTOCOL_VERSION`] of the server.
    pub protocol: u32,
}

impl ServerInfo {
    /// This engine's answer.
    pub fn current() -> ServerInfo {
        ServerInfo {
            service: "baifang-referee".to_string(),
            protocol: PROTOCOL_VERSION,
        }
    }
}

/// A message from a client to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// First message: the protocol version, the stored token (none on a first
    /// visit: the server issues one) and optionally a display name to set.
    Hello {
        /// [`PROTOCOL_VERSION`].
        v: u32,
        /// The player's bearer token, 64 hex digits.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// A display name to set (first visit or change).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
    },
    /// Change the display name.
    SetName {
        /// 1 to [`MAX_NAME_CHARS`] characters, no control characters.
        name: String,
    },
    /// Join the rating-window matchmaking queue.
    QuickMatch,
    /// Open a friend room; the server answers with its code.
    CreateRoom {
        /// The creator asks for a rated game (it is rated only if the joiner
        /// asks too; friend games are unrated otherwise).
        #[serde(default)]
        rated: bool,
    },
    /// Join the friend room with this code.
    JoinRoom {
        /// [`ROOM_CODE_LEN`] characters (case-insensitive, dashes and spaces ignored).
        code: String,
        /// The joiner asks for a rated game (see [`ClientMsg::CreateRoom`]).
        #[serde(default)]
        rated: bool,
    },
    /// Leave the queue or close the open friend room.
    Cancel,
    /// Play an action (place, move or one capture) as the next action of the
    /// game: `seq` is the sequence number it would get (applied actions + 1),
    /// so a click on a board that changed meanwhile is refused, not misapplied.
    Act {
        /// The sequence number the action would get.
        seq: u32,
        /// The action, in the packet format.
        action: Action,
    },
    /// Resign the current game.
    Resign,
    /// Send the whole current game again ([`ServerMsg::Game`]).
    RequestState,
    /// 再来一局: offer the opponent of this finished game a new game between
    /// the same two players, colours swapped, rated as that game was. The
    /// opponent gets [`ServerMsg::RematchOffered`]; [`ClientMsg::Cancel`]
    /// withdraws the offer.
    Rematch {
        /// The finished game.
        game_id: String,
    },
    /// Accept or decline the pending rematch offer of this finished game.
    RematchAnswer {
        /// The finished game the offer names.
        game_id: String,
        /// True: the new game starts at once; false: the offer ends.
        accept: bool,
    },
    /// First message of a watching connection, instead of hello (watching
    /// needs no account): the server answers with [`ServerMsg::Watching`],
    /// then sends every action live. A watching connection may only ping and
    /// ask for the state again; anything else is refused with `watching`.
    /// A game that is not being played now is refused with
    /// [`ErrorCode::NotLive`] (a finished one is at `/api/games/{id}`).
    Watch {
        /// [`PROTOCOL_VERSION`].
        v: u32,
        /// The game to watch.
        game_id: String,
    },
    /// Liveness check; answered by [`ServerMsg::Pong`] with the same `t`.
    Ping {
        /// Any number (the client's clock).
        t: u64,
    },
}

/// Why a client message could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Longer than the cap; nothing was parsed.
    TooLarge {
        /// The message length in bytes.
        len: usize,
        /// The cap.
        limit: usize,
    },
    /// Not a protocol message (the JSON error).
    Malformed(String),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::TooLarge { len, limit } => {
                write!(f, "message of {len} bytes is over the {limit}-byte limit")
            }
            DecodeError::Malformed(e) => write!(f, "not a protocol message: {e}"),
        }
    }
}

impl std::error::Error for DecodeError {}

impl ClientMsg {
    /// Decodes one client message, refusing anything over
    /// [`MAX_CLIENT_MESSAGE_BYTES`] before parsing.
    pub fn decode(bytes: &[u8]) -> Result<ClientMsg, DecodeError> {
        if bytes.len() > MAX_CLIENT_MESSAGE_BYTES {
            return Err(DecodeError::TooLarge {
                len: bytes.len(),
                limit: MAX_CLIENT_MESSAGE_BYTES,
            });
        }
        serde_json::from_slice(bytes).map_err(|e| DecodeError::Malformed(e.to_string()))
    }
    /// JSON text of the message.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("client messages always serialise")
    }
}

/// A message from the server to a client.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// Answer to the hello.
    Welcome {
        /// The server's [`PROTOCOL_VERSION`].
        v: u32,
        /// A newly issued token, sent once and only to its owner (absent when
        /// the hello carried a known token: tokens are never echoed).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// The player's own profile.
        me: Profile,
        /// The player's most recent finished games, newest first.
        recent: Vec<RecentGame>,
    },
    /// The player's profile changed (new name, settled game).
    Profile {
        /// The profile.
        me: Profile,
    },
    /// The player is in the matchmaking queue.
    Searching,
    /// A friend room is open under this code.
    RoomOpen {
        /// The code (also the `#room=CODE` link).
        code: String,
        /// Whether the creator asked for a rated game.
        #[serde(default)]
        rated: bool,
    },
    /// The queue or friend room was left (cancelled, or taken by another tab).
    SearchEnded,
    /// The whole game: at the start, after `request_state`, on reconnection.
    Game(GameView),
    /// The whole game as a spectator sees it: after [`ClientMsg::Watch`] and
    /// `request_state`. Then the spectator gets what the players get:
    /// `applied`, `presence`, `watchers` and `finished`.
    Watching(WatchView),
    /// How many connections watch the game now (sent to the players and the
    /// spectators whenever it changes).
    Watchers {
        /// Spectators now.
        count: u32,
    },
    /// An action applied by the server (a player's, or a timeout/disconnect).
    Applied {
        /// Its sequence number (1 for the first action of the game).
        seq: u32,
        /// The action.
        action: Action,
        /// The state hash after it, 16 hex digits.
        hash: String,
        /// The clocks after it.
        clock: Clock,
    },
    /// A player left (the grace runs) or came back.
    Presence {
        /// Whose presence changed.
        side: SideCode,
        /// Whether that side has a connection now.
        present: bool,
        /// The clocks now.
        clock: Clock,
    },
    /// A client action was refused; the game goes on unchanged.
    Rejected {
        /// The `seq` the client sent (none for a resign).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seq: Option<u32>,
        /// Why.
        code: RejectCode,
        /// For [`RejectCode::Illegal`]: the engine's rule code ([`rule_error_code`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
    },
    /// The game is over and settled.
    Finished {
        /// Winner, reason and both rating changes.
        result: GameResult,
    },
    /// A lobby request was refused.
    Error {
        /// Why.
        code: ErrorCode,
    },
    /// A quick match was refused: the player aborted more than
    /// [`ABORTS_ALLOWED`] of their last [`ABORTS_WINDOW_GAMES`] games.
    QuickMatchLater {
        /// How long until quick match opens again for them.
        retry_in_ms: u64,
    },
    /// A rematch of a finished game is offered: sent to both players (the
    /// offerer waits, the opponent answers with [`ClientMsg::RematchAnswer`]).
    RematchOffered {
        /// The finished game.
        game_id: String,
        /// Whether the receiver made the offer.
        by_you: bool,
        /// How long until the offer lapses ([`REMATCH_OFFER_MS`] when made).
        expires_in_ms: u64,
    },
    /// A rematch offer ended without a new game (an accepted one is followed
    /// by the new [`ServerMsg::Game`] instead). Sent to both players.
    RematchEnded {
        /// The finished game the offer named.
        game_id: String,
        /// Why it ended.
        why: RematchEnd,
    },
    /// Answer to [`ClientMsg::Ping`].
    Pong {
        /// The ping's `t`.
        t: u64,
    },
}

impl ServerMsg {
    /// JSON text of the message.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("server messages always serialise")
    }
    /// Decodes one server message (what the web client receives).
    pub fn decode(bytes: &[u8]) -> Result<ServerMsg, DecodeError> {
        serde_json::from_slice(bytes).map_err(|e| DecodeError::Malformed(e.to_string()))
    }
}

/// A side on the wire: `"B"` or `"W"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideCode(pub Side);

impl Serialize for SideCode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(if self.0 == Side::Black { "B" } else { "W" })
    }
}

impl<'de> Deserialize<'de> for SideCode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SideCode, D::Error> {
        let s = String::deserialize(d)?;
        match s.as_str() {
            "B" => Ok(SideCode(Side::Black)),
            "W" => Ok(SideCode(Side::White)),
            _ => Err(serde::de::Error::custom("side must be \"B\" or \"W\"")),
        }
    }
}

/// A player as everyone may see them: public id, name, rating. Never a token.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicPlayer {
    /// Public player id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Rating (in a game: at its start).
    pub rating: i32,
}

/// The player's own record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Profile {
    /// Public player id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Current Elo rating (the tier follows from it: `elo::tier`).
    pub rating: i32,
    /// Rated games played.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games lost.
    pub losses: u32,
}

/// The clocks as the server runs them, in milliseconds left when the message
/// was sent (clients count down from the moment they receive it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// Time left for the side to move; absent while the step clock stands
    /// (a player is away, or the game is over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_ms: Option<u32>,
    /// Per side (Black, White): reconnection grace left while that side is away.
    pub grace_ms: [Option<u32>; 2],
}

/// A live game as anyone sees it (Baifang has no hidden state): what a
/// spectator gets, and what a player's [`GameView`] is made of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WatchView {
    /// Game id.
    pub game_id: String,
    /// Black, White.
    pub players: [PublicPlayer; 2],
    /// Every applied action, in order (action `seq` is its index + 1).
    pub log: Vec<Action>,
    /// The state hash after the log, 16 hex digits.
    pub hash: String,
    /// The clocks now.
    pub clock: Clock,
    /// Per side: whether it has a connection now.
    pub present: [bool; 2],
    /// Set once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<GameResult>,
    /// The server cannot store actions right now (its database is failing):
    /// it takes none and the clocks stand until it can; then it sends the
    /// game again with this false.
    #[serde(default)]
    pub paused: bool,
    /// Spectators now.
    #[serde(default)]
    pub watchers: u32,
}

/// A player's view reads as the game it holds (`view.log`, `view.hash`…): it is
/// that game plus the receiver's side.
impl core::ops::Deref for GameView {
    type Target = WatchView;
    fn deref(&self) -> &WatchView {
        &self.game
    }
}

impl GameView {
    /// The game as the player of `side` sees it.
    pub fn seen_by(game: WatchView, side: Side) -> GameView {
        GameView {
            you: SideCode(side),
            game,
        }
    }
}

/// A whole game as one player sees it (Baifang has no hidden state): the
/// game as anyone sees it, and the receiver's side (on the wire, one object).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameView {
    /// The receiving player's side.
    pub you: SideCode,
    /// The game.
    #[serde(flatten)]
    pub game: WatchView,
}

/// Why a game ended: the engine's reasons plus `abandoned` (nobody came back
/// after a server restart; unrated).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// The loser fell below the minimum stone count.
    FewerThanFour,
    /// The loser had no legal move.
    NoMoves,
    /// The loser ran out of step time too often.
    Timeouts,
    /// The loser resigned.
    Resign,
    /// The loser dropped too often or did not come back within the grace.
    Disconnect,
    /// Neither player came back; no winner, ratings unchanged.
    Abandoned,
    /// A side did not make its first action in time (its first turn's step
    /// clock, or its disconnect grace, ran out before it): no result, no
    /// rating change; both players go back to the lobby.
    Aborted,
}

impl From<Reason> for EndReason {
    fn from(r: Reason) -> EndReason {
        match r {
            Reason::FewerThanFour => EndReason::FewerThanFour,
            Reason::NoMoves => EndReason::NoMoves,
            Reason::Timeouts => EndReason::Timeouts,
            Reason::Resign => EndReason::Resign,
            Reason::Disconnect => EndReason::Disconnect,
        }
    }
}

impl EndReason {
    /// The stable name (as serialised).
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::FewerThanFour => "fewer_than_four",
            EndReason::NoMoves => "no_moves",
            EndReason::Timeouts => "timeouts",
            EndReason::Resign => "resign",
            EndReason::Disconnect => "disconnect",
            EndReason::Abandoned => "abandoned",
            EndReason::Aborted => "aborted",
        }
    }
    /// Parses [`EndReason::name`].
    pub fn parse(s: &str) -> Option<EndReason> {
        [
            EndReason::FewerThanFour,
            EndReason::NoMoves,
            EndReason::Timeouts,
            EndReason::Resign,
            EndReason::Disconnect,
            EndReason::Abandoned,
            EndReason::Aborted,
        ]
        .into_iter()
        .find(|r| r.name() == s)
    }
    /// The engine reason, if it is one.
    pub fn engine_reason(self) -> Option<Reason> {
        Some(match self {
            EndReason::FewerThanFour => Reason::FewerThanFour,
            EndReason::NoMoves => Reason::NoMoves,
            EndReason::Timeouts => Reason::Timeouts,
            EndReason::Resign => Reason::Resign,
            EndReason::Disconnect => Reason::Disconnect,
            EndReason::Abandoned | EndReason::Aborted => return None,
        })
    }
}

/// A rating before and after a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    /// Before.
    pub before: i32,
    /// After.
    pub after: i32,
}

/// How a game ended and what it did to both ratings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winner (none when abandoned).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<SideCode>,
    /// Why.
    pub reason: EndReason,
    /// Black's and White's rating changes (equal before and after when unrated).
    pub ratings: [RatingChange; 2],
    /// Why the game did not count for rating, when it did not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrated: Option<Unrated>,
    /// For [`EndReason::Aborted`]: the side that made no first action in time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aborted_by: Option<SideCode>,
}

/// Why a finished game left both ratings unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unrated {
    /// A friend-room game where not both players asked for a rated game.
    Friendly,
    /// It ended before each side had made [`RATED_MIN_MOVES`] moves of its own.
    TooFewMoves,
    /// These two players already had their rated games together for the day
    /// ([`RATED_PAIR_GAMES_PER_DAY`]).
    PairLimit,
    /// No winner (nobody came back, or the stored game could not be replayed).
    NoWinner,
}

impl Unrated {
    /// The stable name (as serialised and stored).
    pub const fn name(self) -> &'static str {
        match self {
            Unrated::Friendly => "friendly",
            Unrated::TooFewMoves => "too_few_moves",
            Unrated::PairLimit => "pair_limit",
            Unrated::NoWinner => "no_winner",
        }
    }
    /// Parses [`Unrated::name`].
    pub fn parse(s: &str) -> Option<Unrated> {
        [
            Unrated::Friendly,
            Unrated::TooFewMoves,
            Unrated::PairLimit,
            Unrated::NoWinner,
        ]
        .into_iter()
        .find(|u| u.name() == s)
    }
}

/// The path of the leaderboard (`GET`, JSON [`Leaderboard`]).
pub const LEADERBOARD_PATH: &str = "/api/leaderboard";
/// Players the leaderboard lists at most.
pub const LEADERBOARD_SIZE: u32 = 100;
/// Games per page of `GET /api/players/{id}/games?page=N` ([`GamesPage`]).
pub const GAMES_PER_PAGE: u32 = 50;

/// One row of the leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderboardEntry {
    /// 1 for the highest rating.
    pub rank: u32,
    /// The player's public id, name, rating and record.
    #[serde(flatten)]
    pub player: Profile,
    /// The tier of the rating (Chinese and English names).
    pub tier: String,
    /// English tier name.
    pub tier_en: String,
    /// Fewer than [`ESTABLISHED_AFTER_GAMES`] rated games: the rating is
    /// still settling.
    pub provisional: bool,
}

/// The highest-rated players with at least one rated game, highest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leaderboard {
    /// At most [`LEADERBOARD_SIZE`] rows.
    pub players: Vec<LeaderboardEntry>,
}

/// One page of a player's finished games, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GamesPage {
    /// The player.
    pub player: Profile,
    /// This page's number (0 for the newest games).
    pub page: u32,
    /// At most [`GAMES_PER_PAGE`] games.
    pub games: Vec<RecentGame>,
    /// Whether an older page has games.
    pub more: bool,
}

/// One finished game in a player's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecentGame {
    /// Game id.
    pub game_id: String,
    /// The player's side in it.
    pub you: SideCode,
    /// The opponent (rating at the start of that game).
    pub opponent: PublicPlayer,
    /// How it ended.
    pub result: GameResult,
    /// When it ended (ms since the Unix epoch, server clock).
    pub finished_at: u64,
}

/// The path of a player's public page (`GET`, JSON [`PlayerPage`]); `{id}`
/// is the player's public id.
pub const PLAYER_PATH: &str = "/api/players/{id}";
/// The path of a player's export (`GET`, one JSON [`GamesExport`] file).
pub const EXPORT_PATH: &str = "/api/players/{id}/export";

/// One rated game in a player's rating history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// The game that moved the rating.
    pub game_id: String,
    /// When it ended (ms since the Unix epoch, server clock).
    pub finished_at: u64,
    /// The rating after it: the start rating plus the changes of this game
    /// and every earlier rated one.
    pub rating: i32,
}

/// A player's public page: their record, tier and rating history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerPage {
    /// The player's public id, name, rating and record.
    #[serde(flatten)]
    pub player: Profile,
    /// The tier of the rating (Chinese name).
    pub tier: String,
    /// English tier name.
    pub tier_en: String,
    /// Fewer than [`ESTABLISHED_AFTER_GAMES`] rated games.
    pub provisional: bool,
    /// One point per rated game, oldest first.
    pub history: Vec<RatingPoint>,
}

/// Every finished game of one player, as the export file holds them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GamesExport {
    /// The player, as they were when the export was made.
    pub player: Profile,
    /// Every finished game, newest first.
    pub games: Vec<crate::baifang::game_record::GameRecord>,
}

/// Why an action was refused (the game goes on; nothing is voided).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RejectCode {
    /// The sender is not the side to move.
    NotYourTurn,
    /// `seq` is not the next sequence number: the board changed meanwhile.
    StaleSeq,
    /// The engine refuses the action (see `rule`).
    Illegal,
    /// Only place, move and capture may be sent as actions.
    NotAMove,
    /// The sender has no game in progress.
    NoGame,
    /// The server cannot store actions right now; send it again once the
    /// game comes back (a [`ServerMsg::Game`] with `paused` false).
    Paused,
    /// The sender watches the game: spectators cannot act.
    Watching,
}

/// Why a lobby request was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// No open friend room has that code.
    RoomNotFound,
    /// The code is the player's own room.
    OwnRoom,
    /// The player already has a game in progress.
    AlreadyInGame,
    /// The display name is empty, too long or has control characters.
    BadName,
    /// Too many joins with codes of no open room from this connection or
    /// address lately: joins are refused for a while.
    TooManyAttempts,
    /// A part the server shares with its other instances (Redis) does not
    /// answer just now: nothing happened; try again in a moment.
    Unavailable,
    /// A rematch named a game that is not a finished game of the sender.
    NotYourGame,
    /// A rematch offer is already pending for this player or that game.
    RematchPending,
    /// A rematch answer with no offer to the sender pending for that game.
    NoRematchOffer,
    /// The opponent of that game is not online here or is busy (searching,
    /// in a game): with several instances, an opponent connected to another
    /// instance cannot be offered a rematch.
    OpponentUnavailable,
    /// Watch: no game with that id is being played now (it finished, or
    /// there is none); a finished game is at `/api/games/{id}`.
    NotLive,
    /// A watching connection asked for something only a player may do.
    Watching,
    /// The game has as many spectators as it takes.
    TooManyWatchers,
}

/// A player's first action must come within the step time of their first
/// turn (or before their disconnect grace runs out), or the game is aborted.
/// Aborting more than this many of one's last [`ABORTS_WINDOW_GAMES`] games…
pub const ABORTS_ALLOWED: u32 = 3;
/// …finished games (the most recent ones)…
pub const ABORTS_WINDOW_GAMES: u32 = 10;
/// …makes the player wait this long after the last abort before the next
/// quick match.
pub const ABORT_COOLDOWN_MS: u64 = 60_000;

/// The engine's stable code for a [`RuleError`] (the web app translates it).
/// The referee decodes a client's action before the rules see it, so only a
/// rule's refusal ever reaches this code; the strings are the wire's, kept as
/// they were when the packet errors shared the enum.
pub fn rule_error_code(e: &RuleError) -> &'static str {
    use RuleError::*;
    match e {
        GameOver => "game_over",
        CaptureOwed { .. } => "capture_owed",
        NoCaptureOwed => "no_capture_owed",
        NotPlacingPhase => "not_placing_phase",
        NotMovingPhase => "not_moving_phase",
        Occupied { .. } => "occupied",
        EmptyHand => "empty_hand",
        NotOwnStone { .. } => "not_own_stone",
        NotAdjacent { .. } => "not_adjacent",
        NotEnemyStone { .. } => "not_enemy_stone",
        Shielded { .. } => "shielded",
        NotAPoint { .. } => "not_a_point",
        NotYourTurn => "not_your_turn",
        NotAMove => "not_a_move",
    }
}

pub use super::state::hash_hex;

/// Characters that change how text around them is shown without being
/// seen: bidirectional overrides and isolates, zero-width spaces and joiners.
/// A name holding them could impersonate another or reverse a neighbour's text.
fn invisible(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// A display name as the server stores it: invisible formatting characters
/// dropped, trimmed; `None` if nothing is left, longer than
/// [`MAX_NAME_CHARS`] or holding control characters. (The server applies
/// Unicode NFKC first, so look-alike compatibility forms become one; the web
/// app does not carry the tables for it.)
pub fn clean_name(name: &str) -> Option<String> {
    let visible: String = name.chars().filter(|c| !invisible(*c)).collect();
    let t = visible.trim();
    let n = t.chars().count();
    (n > 0 && n <= MAX_NAME_CHARS && !t.chars().any(char::is_control)).then(|| t.to_string())
}

/// A friend room code as typed by a person: upper-cased, dashes and spaces
/// dropped; `None` unless [`ROOM_CODE_LEN`] characters of [`ROOM_CODE_ALPHABET`] remain.
pub fn clean_room_code(code: &str) -> Option<String> {
    let c: String = code
        .chars()
        .filter(|c| !matches!(c, '-' | ' ' | '\u{2010}'..='\u{2015}'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (c.len() == ROOM_CODE_LEN && c.bytes().all(|b| ROOM_CODE_ALPHABET.contains(&b))).then_some(c)
}

/// A room code as people read it: groups of three joined by dashes
/// (`ABC-DEF-GHJ`); the dashes are ignored when it is typed back.
pub fn format_room_code(code: &str) -> String {
    let chars: Vec<char> = code.chars().collect();
    chars
        .chunks(3)
        .map(|g| g.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("-")
}

/// Whether `token` has the shape of a player token (64 lower-case hex digits).
pub fn token_shape_ok(token: &str) -> bool {
    token.len() == TOKEN_HEX_LEN
        && token
            .bytes()
            .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baifang::Packet;

    #[test]
    fn client_messages_round_trip() {
        let msgs = [
            ClientMsg::Hello {
                v: PROTOCOL_VERSION,
                token: Some("ab".repeat(32)),
                name: Some("小明".into()),
            },
            ClientMsg::Hello {
                v: 1,
                token: None,
                name: None,
            },
            ClientMsg::SetName { name: "A".into() },
            ClientMsg::QuickMatch,
            ClientMsg::CreateRoom { rated: true },
            ClientMsg::JoinRoom {
                code: "ABC234XYZ".into(),
                rated: false,
            },
            ClientMsg::Cancel,
            ClientMsg::Act {
                seq: 3,
                action: Action::Move { from: 1, to: 2 },
            },
            ClientMsg::Resign,
            ClientMsg::RequestState,
            ClientMsg::Watch {
                v: 1,
                game_id: "g".into(),
            },
            ClientMsg::Ping { t: 5 },
        ];
        for m in msgs {
            let json = m.to_json();
            assert_eq!(ClientMsg::decode(json.as_bytes()), Ok(m), "{json}");
        }
        assert_eq!(
            ClientMsg::decode(br#"{"type":"quick_match"}"#),
            Ok(ClientMsg::QuickMatch)
        );
        // An older page's friend-room messages carry no `rated`: unrated.
        assert_eq!(
            ClientMsg::decode(br#"{"type":"create_room"}"#),
            Ok(ClientMsg::CreateRoom { rated: false })
        );
        assert_eq!(
            ClientMsg::decode(act_message(&Action::Place { to: 12 }.to_json()).as_bytes()),
            Ok(ClientMsg::Act {
                seq: 1,
                action: Action::Place { to: 12 }
            })
        );
    }

    /// An `act` message around an action's JSON (written by the codec).
    fn act_message(action_json: &str) -> String {
        format!(r#"{{"type":"act","seq":1,"action":{action_json}}}"#)
    }

    #[test]
    fn decode_refuses_oversized_before_parsing() {
        let big = vec![b' '; MAX_CLIENT_MESSAGE_BYTES + 1];
        assert_eq!(
            ClientMsg::decode(&big),
            Err(DecodeError::TooLarge {
                len: MAX_CLIENT_MESSAGE_BYTES + 1,
                limit: MAX_CLIENT_MESSAGE_BYTES
            })
        );
        let e = ClientMsg::decode(b"{\"type\":\"fly\"}").unwrap_err();
        assert!(e.to_string().starts_with("not a protocol message"), "{e}");
        assert!(ClientMsg::decode(b"\xff\xfe").is_err());
        let off_board = Packet {
            to_index: Some(99),
            ..Packet::from_action(Action::Place { to: 0 })
        };
        assert!(ClientMsg::decode(
            act_message(&serde_json::to_string(&off_board).unwrap()).as_bytes()
        )
        .is_err());
    }

    #[test]
    fn server_messages_round_trip() {
        let clock = Clock {
            turn_ms: Some(29_000),
            grace_ms: [None, Some(15_000)],
        };
        let player = |id: &str| PublicPlayer {
            id: id.into(),
            name: id.to_uppercase(),
            rating: 1200,
        };
        let result = GameResult {
            winner: Some(SideCode(Side::White)),
            reason: EndReason::Disconnect,
            ratings: [
                RatingChange {
                    before: 1200,
                    after: 1184,
                },
                RatingChange {
                    before: 1200,
                    after: 1216,
                },
            ],
            unrated: None,
            aborted_by: None,
        };
        let unrated = GameResult {
            winner: Some(SideCode(Side::Black)),
            reason: EndReason::Resign,
            ratings: [RatingChange {
                before: 1200,
                after: 1200,
            }; 2],
            unrated: Some(Unrated::TooFewMoves),
            aborted_by: None,
        };
        let msgs = [
            ServerMsg::Finished { result: unrated },
            ServerMsg::Welcome {
                v: 1,
                token: None,
                me: Profile {
                    id: "p".into(),
                    name: "n".into(),
                    rating: 1200,
                    games: 0,
                    wins: 0,
                    losses: 0,
                },
                recent: vec![RecentGame {
                    game_id: "g".into(),
                    you: SideCode(Side::Black),
                    opponent: player("q"),
                    result: result.clone(),
                    finished_at: 9,
                }],
            },
            ServerMsg::Searching,
            ServerMsg::RoomOpen {
                code: "ABCDEFGHJ".into(),
                rated: true,
            },
            ServerMsg::SearchEnded,
            ServerMsg::Game(GameView::seen_by(
                WatchView {
                    game_id: "g".into(),
                    players: [player("a"), player("b")],
                    log: vec![Action::Place { to: 3 }, Action::Timeout],
                    hash: hash_hex(42),
                    clock,
                    present: [true, false],
                    result: None,
                    paused: true,
                    watchers: 3,
                },
                Side::White,
            )),
            ServerMsg::Watchers { count: 2 },
            ServerMsg::Watching(WatchView {
                game_id: "g".into(),
                players: [player("a"), player("b")],
                log: vec![Action::Place { to: 3 }],
                hash: hash_hex(7),
                clock,
                present: [true, true],
                result: None,
                paused: false,
                watchers: 1,
            }),
            ServerMsg::Applied {
                seq: 1,
                action: Action::Disconnect {
                    side: Side::White,
                    grace_expired: false,
                },
                hash: hash_hex(u64::MAX),
                clock,
            },
            ServerMsg::Presence {
                side: SideCode(Side::Black),
                present: true,
                clock,
            },
            ServerMsg::Rejected {
                seq: Some(4),
                code: RejectCode::Illegal,
                rule: Some("occupied".into()),
            },
            ServerMsg::Finished { result },
            ServerMsg::Error {
                code: ErrorCode::RoomNotFound,
            },
            ServerMsg::Pong { t: 1 },
        ];
        for m in msgs {
            let json = m.to_json();
            assert_eq!(ServerMsg::decode(json.as_bytes()), Ok(m), "{json}");
        }
        assert!(ServerMsg::Searching
            .to_json()
            .contains("\"type\":\"searching\""));
        // A player's whole game is one object on the wire: the spectator's plus `you`.
        let flat = ServerMsg::Game(GameView::seen_by(
            WatchView {
                game_id: "g".into(),
                players: [player("a"), player("b")],
                log: vec![],
                hash: hash_hex(1),
                clock,
                present: [true, true],
                result: None,
                paused: false,
                watchers: 0,
            },
            Side::Black,
        ))
        .to_json();
        assert!(
            flat.starts_with("{\"type\":\"game\",\"you\":\"B\",\"game_id\":\"g\""),
            "{flat}"
        );
    }

    #[test]
    fn names_codes_and_tokens() {
        assert_eq!(clean_name("  小明 "), Some("小明".into()));
        assert_eq!(clean_name(""), None);
        assert_eq!(clean_name("a\u{7}"), None);
        assert_eq!(
            clean_name(&"字".repeat(MAX_NAME_CHARS)),
            Some("字".repeat(16))
        );
        assert_eq!(clean_name(&"字".repeat(MAX_NAME_CHARS + 1)), None);
        assert_eq!(clean_room_code("abc234xyz"), Some("ABC234XYZ".into()));
        assert_eq!(clean_room_code(" abc-234 xyz"), Some("ABC234XYZ".into()));
        assert_eq!(format_room_code("ABC234XYZ"), "ABC-234-XYZ");
        assert_eq!(
            clean_room_code(&format_room_code("ABC234XYZ")),
            Some("ABC234XYZ".into())
        );
        assert_eq!(clean_room_code("ABC10OXYZ"), None);
        assert_eq!(clean_room_code("ABC234XY"), None);
        assert_eq!(clean_name("a\u{202E}b\u{200B}c"), Some("abc".into()));
        assert_eq!(clean_name("\u{200D}\u{2066}"), None);
        for u in ["friendly", "too_few_moves", "pair_limit", "no_winner"] {
            assert_eq!(Unrated::parse(u).map(Unrated::name), Some(u));
        }
        assert!(token_shape_ok(&"0f".repeat(32)));
        assert!(!token_shape_ok(&"0F".repeat(32)));
        assert!(!token_shape_ok("abc"));
        for r in [
            "fewer_than_four",
            "no_moves",
            "timeouts",
            "resign",
            "disconnect",
            "abandoned",
        ] {
            assert_eq!(EndReason::parse(r).map(EndReason::name), Some(r));
        }
        assert_eq!(rule_error_code(&RuleError::Occupied { at: 1 }), "occupied");
    }
}
