//! The read-only rule specification, `engine/spec/baifang.json`.
//!
//! Every number the rules use lives in that one file. It is embedded at compile
//! time and read twice, from the same bytes:
//! - by a tiny `const fn` scanner, so hot-path numbers (board size, stones per
//!   side, capture counts…) are true compile-time constants and the bitboard
//!   masks can be precomputed from them;
//! - by serde at run time ([`spec`]), for the anatomy report, the Elo tiers and
//!   the "which parameters are reserved" bookkeeping.
//!
//! A unit test checks that both readings agree, so no rule number is written
//! twice in code.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The spec file, verbatim.
pub const SPEC_JSON: &str = include_str!("../../spec/baifang.json");

/// Reads `params.<key>.value` as an integer at compile time.
///
/// The scanner is deliberately minimal: it finds the quoted key, then the next
/// `"value"` key after it, then parses an optional `-` and decimal digits. A key
/// that is missing or malformed fails the build (const panic), which is what we
/// want for a rule number.
pub const fn param(key: &str) -> i64 {
    let hay = SPEC_JSON.as_bytes();
    let at = find_quoted(hay, key.as_bytes(), 0);
    let v = find_quoted(hay, b"value", at);
    let mut i = v + b"value".len() + 2;
    while i < hay.len() && (hay[i] == b' ' || hay[i] == b':' || hay[i] == b'\n') {
        i += 1;
    }
    let neg = hay[i] == b'-';
    if neg {
        i += 1;
    }
    let mut n: i64 = 0;
    let mut digits = 0;
    while i < hay.len() && hay[i].is_ascii_digit() {
        n = n * 10 + (hay[i] - b'0') as i64;
        i += 1;
        digits += 1;
    }
    assert!(digits > 0, "spec value is not an integer");
    if neg {
        -n
    } else {
        n
    }
}

/// Position of `"needle"` (with the quotes) in `hay`, searching from `from`.
const fn find_quoted(hay: &[u8], needle: &[u8], from: usize) -> usize {
    let mut i = from;
    while i + needle.len() + 1 < hay.len() {
        if hay[i] == b'"' && hay[i + needle.len() + 1] == b'"' {
            let mut j = 0;
            while j < needle.len() && hay[i + 1 + j] == needle[j] {
                j += 1;
            }
            if j == needle.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("key not found in engine/spec/baifang.json")
}

/// Points per side of the board (`params.boardSize`).
pub const BOARD_SIZE: usize = param("boardSize") as usize;
/// Stones each side starts with in hand (`params.stonesPerSide`).
pub const STONES_PER_SIDE: u8 = param("stonesPerSide") as u8;
/// Captures owed per new square (`params.squareCapture`).
pub const SQUARE_CAPTURE: u8 = param("squareCapture") as u8;
/// Captures owed per new line (`params.lineCapture`).
pub const LINE_CAPTURE: u8 = param("lineCapture") as u8;
/// Fewer than this many stones (board + hand) loses (`params.minStones`).
pub const MIN_STONES: u8 = param("minStones") as u8;
/// The timeout reaching this count loses (`params.timeoutsToLose`).
pub const TIMEOUTS_TO_LOSE: u8 = param("timeoutsToLose") as u8;
/// The disconnect reaching this count loses (`params.disconnectsToLose`).
pub const DISCONNECTS_TO_LOSE: u8 = param("disconnectsToLose") as u8;
/// Elo: rating of a new player (`params.eloStart`).
pub const ELO_START: i32 = param("eloStart") as i32;
/// Elo: K during the provisional games (`params.eloKProvisional`).
pub const ELO_K_PROVISIONAL: i32 = param("eloKProvisional") as i32;
/// Elo: K afterwards (`params.eloKEstablished`).
pub const ELO_K_ESTABLISHED: i32 = param("eloKEstablished") as i32;
/// Elo: number of provisional games (`params.eloProvisionalGames`).
pub const ELO_PROVISIONAL_GAMES: u32 = param("eloProvisionalGames") as u32;
/// Elo: the 400 of `10^(Δ/400)` (`params.eloDivisor`).
pub const ELO_DIVISOR: i32 = param("eloDivisor") as i32;
/// Session layer only: step clock in milliseconds (`params.stepTimeLimitMs`, reserved).
pub const STEP_TIME_LIMIT_MS: u32 = param("stepTimeLimitMs") as u32;
/// Session layer only: reconnection grace in milliseconds (`params.disconnectGraceMs`, reserved).
pub const DISCONNECT_GRACE_MS: u32 = param("disconnectGraceMs") as u32;
/// Session layer only: how early a peer's timeout claim for our turn may come
/// (`params.timeoutClaimToleranceMs`, reserved).
pub const TIMEOUT_CLAIM_TOLERANCE_MS: u32 = param("timeoutClaimToleranceMs") as u32;

// The board must fit a u32 bitboard and the counters must fit their u8 fields.
const _: () = assert!(BOARD_SIZE >= 2 && BOARD_SIZE * BOARD_SIZE <= 32);
const _: () = assert!(2 * (STONES_PER_SIDE as usize) < BOARD_SIZE * BOARD_SIZE + 1);
const _: () = assert!(MIN_STONES >= 1 && TIMEOUTS_TO_LOSE >= 1 && DISCONNECTS_TO_LOSE >= 1);

/// One parameter of the spec.
#[derive(Debug, Clone, Deserialize)]
pub struct Param {
    /// The number.
    pub value: i64,
    /// What it means.
    #[serde(default)]
    pub doc: String,
    /// `Some(who reads it)` when no rule of this engine reads the value.
    #[serde(default)]
    pub reserved: Option<String>,
}

/// One rating tier.
#[derive(Debug, Clone, Deserialize)]
pub struct TierSpec {
    /// Display name (Chinese).
    pub name: String,
    /// English name.
    pub en: String,
    /// Lowest rating in the tier (`None` for the bottom tier).
    pub min: Option<i32>,
}

/// The whole spec file, typed.
#[derive(Debug, Clone, Deserialize)]
pub struct Spec {
    /// Spec identifier (`"baifang"`).
    pub id: String,
    /// Spec version.
    pub version: u32,
    /// Where the numbers come from.
    #[serde(default)]
    pub source: String,
    /// All rule numbers by name.
    pub params: BTreeMap<String, Param>,
    /// Elo tiers, lowest first.
    pub tiers: Vec<TierSpec>,
    /// Invariants the engine asserts in its tests.
    pub invariants: Vec<String>,
}

/// The parsed spec (parsed once, on first use).
pub fn spec() -> &'static Spec {
    static SPEC: OnceLock<Spec> = OnceLock::new();
    SPEC.get_or_init(|| {
        serde_json::from_str(SPEC_JSON)
            .expect("engine/spec/baifang.json is valid (checked by tests)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn const_reading_matches_serde_reading() {
        let s = spec();
        for (name, p) in &s.params {
            assert_eq!(param(name), p.value, "{name}");
        }
        assert_eq!(s.params["boardSize"].value, BOARD_SIZE as i64);
        assert_eq!(s.params["stonesPerSide"].value, 12);
        assert_eq!(s.params["stepTimeLimitMs"].value, 30_000);
        assert_eq!(s.params["disconnectGraceMs"].value, 15_000);
    }

    #[test]
    fn tiers_are_ascending() {
        let t = &spec().tiers;
        assert!(t[0].min.is_none());
        for w in t.windows(2).skip(1) {
            assert!(w[0].min < w[1].min);
        }
    }
}
