//! Game links: a compact, URL-safe, versioned and checksummed text code of one
//! finished or unfinished game (its action log and the two player labels), for
//! links like `#game=<code>`. A game is its action log, so the code is the game.
//!
//! Version 1 layout, in the shared code envelope (`crate::code_envelope`:
//! version byte, body, checksum, base64url without padding):
//! ```text
//! 0x01                          version
//! varint len, UTF-8             Blue's (first player's) label, at most MAX_LABEL bytes
//! varint len, UTF-8             Orange's (second player's) label, same bound
//! varint n                      number of actions
//! n action bytes                see `action_byte`
//! 4 bytes                       first 4 bytes of SHA-256 of everything before
//! ```
//! One byte per action: `p` place on p; `CELLS + 4·from + dir` step from `from`
//! (dir 0 up, 1 right, 2 down, 3 left); `5·CELLS + at` capture on `at`; then
//! timeout, resign by Blue / Orange, disconnect (Blue, Orange × grace kept,
//! expired). Decoding replays the log with the rules, so a code that decodes
//! is a legal game: any other input is a [`LinkError`], never a panic.

use core::fmt;

use crate::code_envelope::{self, put_varint, EnvelopeError, ReadError};

use crate::baifang::action::{Action, RuleError};
use crate::baifang::bitboard::{CELLS, N};
use crate::baifang::state::Side;
use crate::baifang::Game;

/// The version this code writes.
pub const VERSION: u8 = 1;
/// The longest label a link carries, in UTF-8 bytes (longer ones are cut at a
/// character boundary when the record is made).
pub const MAX_LABEL: usize = 48;

const MOVE_BASE: usize = CELLS;
const CAPTURE_BASE: usize = MOVE_BASE + 4 * CELLS;
const TIMEOUT: usize = CAPTURE_BASE + CELLS;
const RESIGN_BASE: usize = TIMEOUT + 1;
const DISCONNECT_BASE: usize = RESIGN_BASE + 2;
const ACTION_CODES: usize = DISCONNECT_BASE + 4;
const _: () = assert!(ACTION_CODES <= 256, "one action must fit in one byte");

/// A game as a link carries it: who played each side and what was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Labels of Blue (first player) and Orange, in that order; may be empty.
    labels: [String; 2],
    log: Vec<Action>,
}

impl GameRecord {
    /// A record of `log` with the two labels cleaned (control characters
    /// dropped, cut to [`MAX_LABEL`] bytes). The log is not checked here;
    /// [`decode`] checks every log it reads.
    pub fn new(labels: [&str; 2], log: Vec<Action>) -> GameRecord {
        GameRecord {
            labels: labels.map(clean_label),
            log,
        }
    }
    /// The label of `side`.
    pub fn label(&self, side: Side) -> &str {
        &self.labels[side.idx()]
    }
    /// The action log.
    pub fn log(&self) -> &[Action] {
        &self.log
    }
}

fn clean_label(label: &str) -> String {
    let mut out = String::new();
    for c in label.chars().filter(|c| !c.is_control()) {
        if out.len() + c.len_utf8() > MAX_LABEL {
            break;
        }
        out.push(c);
    }
    out
}

/// What is wrong with the bytes of a code (after its checksum matched).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// A label is not UTF-8, is too long or holds control characters.
    Label,
    /// A byte that names no action, at this action index.
    UnknownAction { index: usize },
    /// A step off the board, at this action index.
    StepOffBoard { index: usize },
    /// A length that does not fit (overlong varint, more actions than bytes).
    Length,
    /// Bytes left after the last action.
    TrailingBytes,
}

/// Why a game code could not be read. Codes, not sentences: the app words them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Nothing after `#game=`.
    Empty,
    /// A character outside the URL-safe alphabet (0-based position).
    BadCharacter { position: usize, character: char },
    /// A version this build does not read (a newer app made it).
    UnknownVersion(u8),
    /// The code is cut off.
    Truncated,
    /// The checksum does not match: altered or mistyped.
    Altered,
    /// The checksum matched but the content is not a version-1 game.
    Malformed(Flaw),
    /// Action `index` (0-based) breaks the rules.
    Illegal { index: usize, error: RuleError },
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Empty => write!(f, "the game code is empty"),
            LinkError::BadCharacter {
                position,
                character,
            } => write!(
                f,
                "the game code has an invalid character {character:?} at position {}",
                position + 1
            ),
            LinkError::UnknownVersion(v) => write!(
                f,
                "the game code has version {v}, but this app reads only version {VERSION}"
            ),
            LinkError::Truncated => write!(f, "the game code is incomplete (cut off)"),
            LinkError::Altered => write!(
                f,
                "the game code is damaged: its checksum does not match (altered or mistyped)"
            ),
            LinkError::Malformed(flaw) => write!(f, "the game code is malformed: {flaw:?}"),
            LinkError::Illegal { index, error } => {
                write!(
                    f,
                    "action {} of the game breaks the rules: {error}",
                    index + 1
                )
            }
        }
    }
}

impl std::error::Error for LinkError {}

/// The one byte of an action (see the module layout).
fn action_byte(a: Action) -> u8 {
    let code = match a {
        Action::Place { to } => to as usize,
        Action::Move { from, to } => {
            let (f, t) = (from as usize, to as usize);
            let dir = if t + N == f {
                0
            } else if t == f + 1 {
                1
            } else if t == f + N {
                2
            } else {
                3
            };
            MOVE_BASE + 4 * f + dir
        }
        Action::Capture { at } => CAPTURE_BASE + at as usize,
        Action::Timeout => TIMEOUT,
        Action::Resign { side } => RESIGN_BASE + side.idx(),
        Action::Disconnect {
            side,
            grace_expired,
        } => DISCONNECT_BASE + 2 * side.idx() + grace_expired as usize,
    };
    code as u8
}

fn side_of(i: usize) -> Side {
    if i == 0 {
        Side::Black
    } else {
        Side::White
    }
}

/// The action of one byte at action `index`.
fn byte_action(b: u8, index: usize) -> Result<Action, LinkError> {
    let code = b as usize;
    Ok(match code {
        c if c < MOVE_BASE => Action::Place { to: c as u8 },
        c if c < CAPTURE_BASE => {
            let (from, dir) = ((c - MOVE_BASE) / 4, (c - MOVE_BASE) % 4);
            let (row, col) = (from / N, from % N);
            let to = match dir {
                0 if row > 0 => from - N,
                1 if col + 1 < N => from + 1,
                2 if row + 1 < N => from + N,
                3 if col > 0 => from - 1,
                _ => return Err(LinkError::Malformed(Flaw::StepOffBoard { index })),
            };
            Action::Move {
                from: from as u8,
                to: to as u8,
            }
        }
        c if c < TIMEOUT => Action::Capture {
            at: (c - CAPTURE_BASE) as u8,
        },
        TIMEOUT => Action::Timeout,
        c if c < DISCONNECT_BASE => Action::Resign {
            side: side_of(c - RESIGN_BASE),
        },
        c if c < ACTION_CODES => Action::Disconnect {
            side: side_of((c - DISCONNECT_BASE) / 2),
            grace_expired: (c - DISCONNECT_BASE) % 2 == 1,
        },
        _ => return Err(LinkError::Malformed(Flaw::UnknownAction { index })),
    })
}

/// The code of `record` (URL-safe: `A–Z a–z 0–9 - _`).
pub fn encode(record: &GameRecord) -> String {
    let mut out = vec![VERSION];
    for label in &record.labels {
        put_varint(&mut out, label.len() as u64);
        out.extend_from_slice(label.as_bytes());
    }
    put_varint(&mut out, record.log.len() as u64);
    out.extend(record.log.iter().map(|&a| action_byte(a)));
    seal(out)
}

/// Appends the checksum to `body` and writes it as a code. [`encode`] seals a
/// record's bytes; tests and the fuzzer seal arbitrary bytes to reach the
/// reader behind the checksum.
pub fn seal(body: Vec<u8>) -> String {
    code_envelope::seal(body)
}

impl From<EnvelopeError> for LinkError {
    fn from(e: EnvelopeError) -> LinkError {
        match e {
            EnvelopeError::Empty => LinkError::Empty,
            EnvelopeError::BadCharacter {
                position,
                character,
            } => LinkError::BadCharacter {
                position,
                character,
            },
            EnvelopeError::UnknownVersion(v) => LinkError::UnknownVersion(v),
            EnvelopeError::Truncated => LinkError::Truncated,
            EnvelopeError::Altered => LinkError::Altered,
        }
    }
}

/// Inside an intact code, any field that runs out or overflows is a length
/// that does not fit what follows.
impl From<ReadError> for LinkError {
    fn from(_: ReadError) -> LinkError {
        LinkError::Malformed(Flaw::Length)
    }
}

/// A player label: at most [`MAX_LABEL`] bytes of UTF-8 without control characters.
fn read_label(r: &mut code_envelope::Reader) -> Result<String, LinkError> {
    let len = r.varint()?;
    if len > MAX_LABEL as u64 {
        return Err(LinkError::Malformed(Flaw::Label));
    }
    let text =
        core::str::from_utf8(r.bytes(len)?).map_err(|_| LinkError::Malformed(Flaw::Label))?;
    if text.chars().any(char::is_control) {
        return Err(LinkError::Malformed(Flaw::Label));
    }
    Ok(text.to_string())
}

/// Reads a code back: the record and the replayed game. Arbitrary text gives a
/// [`LinkError`], never a panic; the work is linear in the code's length.
pub fn decode(code: &str) -> Result<(GameRecord, Game), LinkError> {
    let body = code_envelope::open(code, VERSION)?;
    let mut r = code_envelope::Reader::new(&body, 1);
    let labels = [read_label(&mut r)?, read_label(&mut r)?];
    let n = r.varint()?;
    let bytes = r.bytes(n)?.to_vec();
    if !r.at_end() {
        return Err(LinkError::Malformed(Flaw::TrailingBytes));
    }
    let log = bytes
        .iter()
        .enumerate()
        .map(|(index, &b)| byte_action(b, index))
        .collect::<Result<Vec<_>, _>>()?;
    let game =
        Game::from_log(&log).map_err(|(index, error)| LinkError::Illegal { index, error })?;
    Ok((GameRecord { labels, log }, game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::baifang::ActionList;

    fn record(log: Vec<Action>) -> GameRecord {
        GameRecord::new(["小明", "AI · 困难"], log)
    }

    /// A short real game: Blue forms a square at once and captures.
    fn square_game() -> Vec<Action> {
        [0, 24, 1, 23, 5, 22, 6]
            .iter()
            .map(|&to| Action::Place { to })
            .chain([Action::Capture { at: 22 }])
            .collect()
    }

    #[test]
    fn a_game_round_trips_with_its_labels() {
        let rec = record(square_game());
        let code = encode(&rec);
        assert!(code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        let (back, game) = decode(&code).unwrap();
        assert_eq!(back, rec);
        assert_eq!(game.log(), rec.log());
        assert_eq!(back.label(Side::White), "AI · 困难");
    }

    #[test]
    fn every_action_code_round_trips() {
        for b in 0..=255u8 {
            match byte_action(b, 0) {
                Ok(a) => assert_eq!(action_byte(a), b, "{a}"),
                Err(e) => assert!(matches!(e, LinkError::Malformed(_)), "{b}: {e}"),
            }
        }
    }

    #[test]
    fn long_random_games_round_trip() {
        // Seeded playouts through every phase, by the engine's own move generator.
        let mut game = Game::new();
        let mut list = ActionList::new();
        let mut seed = 7u64;
        while !game.state().is_finished() && game.log().len() < 400 {
            game.state().legal_actions(&mut list);
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let a = list[(seed >> 33) as usize % list.len()];
            game.play(a).unwrap();
        }
        let rec = record(game.log().to_vec());
        let (back, replayed) = decode(&encode(&rec)).unwrap();
        assert_eq!(back, rec);
        assert_eq!(replayed.state(), game.state());
    }

    #[test]
    fn labels_are_cleaned_and_bounded() {
        let long = "长".repeat(40);
        let rec = GameRecord::new([&long, "a\nb"], vec![]);
        assert!(rec.label(Side::Black).len() <= MAX_LABEL);
        assert_eq!(rec.label(Side::White), "ab");
        assert_eq!(decode(&encode(&rec)).unwrap().0, rec);
    }

    #[test]
    fn tampering_is_named() {
        let code = encode(&record(square_game()));
        assert_eq!(decode("").unwrap_err(), LinkError::Empty);
        // Change one character in the middle: the checksum catches it.
        let mut chars: Vec<char> = code.chars().collect();
        let mid = chars.len() / 2;
        chars[mid] = if chars[mid] == 'A' { 'B' } else { 'A' };
        let altered: String = chars.into_iter().collect();
        assert_eq!(decode(&altered).unwrap_err(), LinkError::Altered);
        for cut in 1..code.len() {
            let err = decode(&code[..cut]).unwrap_err();
            assert!(
                matches!(err, LinkError::Altered | LinkError::Truncated),
                "cut at {cut}: {err:?}"
            );
        }
        assert!(matches!(
            decode(&format!("{code}!")).unwrap_err(),
            LinkError::BadCharacter { character: '!', .. }
        ));
        let mut raw = code_envelope::unbase64url(&code).unwrap();
        raw[0] = 9;
        assert_eq!(
            decode(&code_envelope::base64url(&raw)).unwrap_err(),
            LinkError::UnknownVersion(9)
        );
    }

    #[test]
    fn an_illegal_log_with_a_good_checksum_names_the_action() {
        let log = vec![Action::Place { to: 3 }, Action::Place { to: 3 }];
        let err = decode(&encode(&record(log))).unwrap_err();
        assert_eq!(
            err,
            LinkError::Illegal {
                index: 1,
                error: RuleError::Occupied { at: 3 }
            }
        );
    }
}
