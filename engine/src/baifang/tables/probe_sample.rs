//! A reproducible sample of probes: `n` random 4 v 4 moving-phase positions (either side to
//! move) probed in turn, folded into a checksum. The probe benchmark runs it natively
//! (`engine baifang tables bench-probe`) and in wasm32 (`scripts/bench-tables-wasm.sh`, the
//! engine under node); equal checksums say both read the same values.

use super::{Outcome, Tables};
use crate::baifang::{Side, State};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// The checksum of a sample and how many of its positions the tables covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SampleResult {
    pub checksum: u64,
    pub covered: u32,
}

/// `k` random points of the board not in `taken`.
pub fn random_stones(rng: &mut ChaCha8Rng, k: u32, taken: u32) -> u32 {
    let mut out = 0u32;
    while out.count_ones() < k {
        let p = rng.next_u32() % 25;
        if (taken | out) >> p & 1 == 0 {
            out |= 1 << p;
        }
    }
    out
}

/// The positions of sample `seed`, drawn before any probe so a benchmark times probes alone.
pub fn positions(seed: u64, n: u32) -> Vec<State> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let b = random_stones(&mut rng, 4, 0);
            let w = random_stones(&mut rng, 4, b);
            let side = if rng.next_u32() & 1 == 0 {
                Side::Black
            } else {
                Side::White
            };
            State::from_position(b, w, [0, 0], side).expect("disjoint stones on the board")
        })
        .collect()
}

/// Probes every position of `sample` and folds the outcomes into a checksum.
pub fn probe_all(tables: &mut Tables, sample: &[State]) -> SampleResult {
    let mut checksum = 0xcbf2_9ce4_8422_2325u64;
    let mut covered = 0;
    for s in sample {
        let code = match tables.probe(s) {
            Ok(Outcome::Win(d)) => 1 + 3 * d as u64,
            Ok(Outcome::Loss(d)) => 2 + 3 * d as u64,
            Ok(Outcome::NoResult) => 3,
            Err(_) => 0,
        };
        covered += u32::from(code != 0);
        checksum = (checksum ^ code).wrapping_mul(0x0100_0000_01b3);
    }
    SampleResult { checksum, covered }
}
