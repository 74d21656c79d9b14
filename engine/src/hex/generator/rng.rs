//! The generator's seeded randomness: ChaCha8 and integer draws only, so a seed
//! gives the same level natively and in wasm32.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng};

pub(crate) struct Rng(ChaCha8Rng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// A draw in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.below_u64(n as u64) as usize
    }

    /// A draw in `0..n` (`n > 0`).
    pub fn below_u64(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        self.0.next_u64() % n
    }

    pub fn pick<T: Copy>(&mut self, v: &[T]) -> Option<T> {
        if v.is_empty() {
            None
        } else {
            Some(v[self.below(v.len())])
        }
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}
