//! Elo ratings and tiers, integer-only (`docs/baifang-rules.md`, "Elo rating").
//!
//! `E_a = 1 / (1 + 10^((R_b − R_a) / D))`, `R_a' = round(R_a + K·(S_a − E_a))`,
//! S = 1 for a win and 0 for a loss (resigning is a loss; there are no draws).
//! The power of ten is evaluated in 2^-62 fixed point with an integer
//! exp(): `10^(x/D) = e^(x·ln10/D)`, split as `2^k · e^r`, `0 ≤ r < ln 2`,
//! with a Taylor series for `e^r`. Every platform gets bit-identical results,
//! and the worked examples of the rating rules are unit tests.

use super::spec::{
    spec, TierSpec, ELO_DIVISOR, ELO_K_ESTABLISHED, ELO_K_PROVISIONAL, ELO_PROVISIONAL_GAMES,
    ELO_START,
};

/// Fixed-point scale of expected scores: 1.0 = 2^32.
pub const ONE: u64 = 1 << 32;

/// ln 10 and ln 2 in 2^-62 fixed point (mathematical constants, not rule numbers).
const LN10_Q62: u128 = 10_618_799_479_599_967_255;
const LN2_Q62: u128 = 3_196_577_161_300_663_915;
const Q62: u128 = 1 << 62;

/// Beyond this many divisors of rating difference the expected score is
/// saturated (10^8 : 1); clamping keeps every intermediate in range.
const MAX_DECADES: i64 = 8;

/// `e^y` for `0 ≤ y` (y in 2^-62 fixed point), result in 2^-32 fixed point.
fn exp_q62_to_q32(y: u128) -> u128 {
    let k = y / LN2_Q62;
    let r = y - k * LN2_Q62; // 0 ≤ r < ln 2
                             // Taylor series of e^r in Q62: terms shrink fast since r < 0.7.
    let mut sum = Q62;
    let mut term = Q62;
    let mut n = 1u128;
    while term != 0 {
        term = term * r / Q62 / n;
        sum += term;
        n += 1;
    }
    // Q62 → Q32 with rounding, then × 2^k.
    ((sum + (1 << 29)) >> 30) << k
}

/// `10^(x / D)` for `x ≥ 0`, in 2^-32 fixed point.
fn pow10_q32(x: i64) -> u128 {
    let x = x.clamp(0, MAX_DECADES * ELO_DIVISOR as i64) as u128;
    exp_q62_to_q32(x * LN10_Q62 / ELO_DIVISOR as u128)
}

/// Expected score of a player rated `ra` against `rb`, in units of 2^-32.
pub fn expected_q32(ra: i32, rb: i32) -> u64 {
    let d = rb as i64 - ra as i64;
    let p = pow10_q32(d.abs());
    let one = ONE as u128;
    let e = if d >= 0 {
        // 1 / (1 + p)
        (one * one + (one + p) / 2) / (one + p)
    } else {
        // 1 / (1 + 1/p) = p / (p + 1)
        (p * one + (p + one) / 2) / (p + one)
    };
    e as u64
}

/// K factor for a player who has played `games_played` rated games before this one.
pub fn k_factor(games_played: u32) -> i32 {
    if games_played < ELO_PROVISIONAL_GAMES {
        ELO_K_PROVISIONAL
    } else {
        ELO_K_ESTABLISHED
    }
}

/// Rating of a new player.
pub const fn start_rating() -> i32 {
    ELO_START
}

/// New rating of a player rated `r` (with `games_played` rated games behind
/// them) after a game against `opp`; rounded to the nearest integer, halves
/// away from zero.
pub fn new_rating(r: i32, opp: i32, won: bool, games_played: u32) -> i32 {
    let e = expected_q32(r, opp) as i128;
    let s = if won { ONE as i128 } else { 0 };
    let delta = k_factor(games_played) as i128 * (s - e);
    let half = 1i128 << 31;
    let rounded = if delta >= 0 {
        (delta + half) >> 32
    } else {
        -((-delta + half) >> 32)
    };
    r + rounded as i32
}

/// Both new ratings after A (rating `ra`, `games_a` games played) met B.
pub fn rate_game(ra: i32, rb: i32, a_won: bool, games_a: u32, games_b: u32) -> (i32, i32) {
    (
        new_rating(ra, rb, a_won, games_a),
        new_rating(rb, ra, !a_won, games_b),
    )
}

/// The tier of a rating: the highest tier whose lower bound is ≤ `r`.
pub fn tier(r: i32) -> &'static TierSpec {
    let tiers = &spec().tiers;
    tiers
        .iter()
        .rev()
        .find(|t| t.min.is_none_or(|m| r >= m))
        .unwrap_or(&tiers[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_examples() {
        // Even match, favourite wins, upset: all three with K = 32 (new players).
        assert_eq!(rate_game(1200, 1200, true, 0, 0), (1216, 1184));
        assert_eq!(rate_game(1400, 1000, true, 0, 0), (1403, 997));
        assert_eq!(rate_game(1000, 1400, true, 0, 0), (1029, 1371));
    }

    #[test]
    fn k_switches_after_provisional_games() {
        assert_eq!(k_factor(0), 32);
        assert_eq!(k_factor(19), 32);
        assert_eq!(k_factor(20), 16);
        assert_eq!(rate_game(1200, 1200, true, 20, 19), (1208, 1184));
        assert_eq!(start_rating(), 1200);
    }

    #[test]
    fn expected_scores() {
        assert_eq!(expected_q32(1200, 1200), ONE / 2);
        // 10:1 odds at a difference of one divisor.
        let e = expected_q32(1400, 1000);
        assert!((e as i64 - (ONE as i64 * 10 / 11)).abs() <= 2, "{e}");
        // Symmetry: E_a + E_b = 1 (up to rounding).
        for d in [-5000, -777, -1, 1, 3, 250, 399, 401, 3000, 9999] {
            let s = expected_q32(1500, 1500 + d) + expected_q32(1500 + d, 1500);
            assert!((s as i64 - ONE as i64).abs() <= 2, "{d}: {s}");
        }
        // Monotone in the opponent's rating.
        let mut last = u64::MAX;
        for rb in (0..4000).step_by(7) {
            let e = expected_q32(2000, rb);
            assert!(e <= last);
            last = e;
        }
    }

    #[test]
    fn tiers() {
        assert_eq!(tier(0).name, "青铜");
        assert_eq!(tier(1099).name, "青铜");
        assert_eq!(tier(1100).name, "白银");
        assert_eq!(tier(1249).name, "白银");
        assert_eq!(tier(1250).name, "黄金");
        assert_eq!(tier(1399).name, "黄金");
        assert_eq!(tier(1400).name, "铂金");
        assert_eq!(tier(1549).name, "铂金");
        assert_eq!(tier(1550).name, "钻石");
        assert_eq!(tier(3000).en, "Diamond");
        assert_eq!(tier(start_rating()).name, "白银");
    }
}
