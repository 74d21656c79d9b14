//! Zobrist keys: deterministic, platform-independent, generated at compile time.
//!
//! Stones use a precomputed table (the hot path XORs one key per stone change).
//! The small counters (hands, pending captures, timeouts, locks…) change rarely,
//! so their keys come from [`mix`], a SplitMix64 finaliser over `(tag, value)`:
//! no table to keep in sync, same answer on every platform. The hash is a
//! desync detector between peers, so it must never depend on the machine.

/// Fixed seed of the key generator. Changing it changes every hash.
const SEED: u64 = 0x6261_6966_616e_6721; // "baifang!"

/// SplitMix64 step: returns (next state, output).
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

use super::bitboard::CELLS;

/// `STONE[side][point]`: key of a stone of `side` on `point`.
pub const STONE: [[u64; CELLS]; 2] = {
    let mut t = [[0u64; CELLS]; 2];
    let mut st = SEED;
    let mut side = 0;
    while side < 2 {
        let mut p = 0;
        while p < CELLS {
            let (ns, k) = splitmix(st);
            st = ns;
            t[side][p] = k;
            p += 1;
        }
        side += 1;
    }
    t
};

/// Key XORed in while White is to move.
pub const WHITE_TO_MOVE: u64 = splitmix(SEED ^ 0x5749_4e44).1;

/// Tags of the non-stone state components (each gets its own key family).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
pub enum Tag {
    /// `(side, stones in hand)`
    Hand = 1,
    /// `(side, timeouts)`
    Timeouts = 2,
    /// `(side, disconnects)`
    Disconnects = 3,
    /// phase
    Phase = 4,
    /// captures owed
    Pending = 5,
    /// lock waiting to be recorded at the end of the capturing turn
    PendingLock = 6,
    /// one standing loop lock (its packed word)
    Lock = 7,
    /// winner and reason
    Result = 8,
}

/// Key of component `tag` holding `value`. A value of the "empty" default still
/// gets a key; only differences matter since keys are XORed in and out.
#[inline]
pub const fn mix(tag: Tag, value: u64) -> u64 {
    let x = SEED ^ (tag as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93) ^ value.rotate_left(17);
    splitmix(x ^ value).1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_stable() {
        let mut all: Vec<u64> = STONE.iter().flatten().copied().collect();
        all.push(WHITE_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        // Pinned so an accidental change of the generator is caught: peers on
        // different builds must agree on hashes.
        assert_eq!(STONE[0][0], splitmix(SEED).1);
        assert_ne!(mix(Tag::Hand, 0), mix(Tag::Timeouts, 0));
    }
}
