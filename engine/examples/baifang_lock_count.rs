//! Counts the anti-looping locks that the captures of 5 v 4 can leave in 4 v 4: the figure
//! behind "Why the tables stop at 4 v 4" in the README. Each such lock needs the game in which
//! it stands solved before a lock-exact 5 v 4 table can be built.
//!
//! `cargo run --release -p engine --example baifang_lock_count` (about 30 s)
//!
//! Every board with 4 stones of the side to move (the capturer) and 5 of the other; every step
//! that forms exactly one square, so the capture takes one stone and the game goes on in 4 v 4
//! (a 4-stone side cannot fill a line, and two squares would take two stones and end the game);
//! every stone the shield lets it take. The lock is the step's two points and the context it
//! records (`docs/baifang-rules.md`, "Anti-looping lock"): the occupancy, after the capture, of
//! every other point sharing a square or line with either. Printed: the boards, the capturing
//! steps, the distinct locks, and the distinct locks up to the board's 8 symmetries.

use std::collections::HashSet;

use engine::baifang::bitboard::{bits, context_mask, formations_at, takeable, ALL, NEIGHBOURS};
use engine::baifang::spec::{LINE_CAPTURE, SQUARE_CAPTURE};
use engine::baifang::tables::index::{apply_sym, SYMS};

/// A lock: the step's two points (one-bit sets), then the capturer's and the other side's
/// stones in the recorded context.
type Lock = (u32, u32, u32, u32);

/// Every `k`-point subset of the board, as bit sets.
fn subsets(k: u32) -> Vec<u32> {
    (0..=ALL).filter(|v| v.count_ones() == k).collect()
}

/// The least of the lock's images under the board's 8 symmetries.
fn canonical((from, to, own, other): Lock) -> Lock {
    (0..SYMS)
        .map(|g| {
            let image = |bb| apply_sym(g, bb);
            (image(from), image(to), image(own), image(other))
        })
        .min()
        .expect("8 symmetries")
}

fn main() {
    let (fours, fives) = (subsets(4), subsets(5));
    let mut raw: HashSet<Lock> = HashSet::new();
    let mut classes: HashSet<Lock> = HashSet::new();
    let (mut boards, mut steps) = (0u64, 0u64);
    for &own in &fours {
        for &other in fives.iter().filter(|&&f| f & own == 0) {
            boards += 1;
            let empty = ALL & !(own | other);
            let takeable = takeable(other);
            for from in bits(own) {
                for to in bits(NEIGHBOURS[from] & empty) {
                    let after = own ^ (1 << from) ^ (1 << to);
                    let (squares, lines) = formations_at(after, to);
                    let owed = squares.count_ones() * u32::from(SQUARE_CAPTURE)
                        + lines.count_ones() * u32::from(LINE_CAPTURE);
                    if owed != 1 {
                        continue;
                    }
                    steps += 1;
                    let ctx = context_mask(from, to);
                    for taken in bits(takeable) {
                        let lock = (
                            1 << from,
                            1 << to,
                            after & ctx,
                            (other ^ (1 << taken)) & ctx,
                        );
                        if raw.insert(lock) {
                            classes.insert(canonical(lock));
                        }
                    }
                }
            }
        }
    }
    println!(
        "5 v 4 boards, the 4-stone side to move: {boards}; its steps forming one square: {steps}; \
         distinct locks they leave in 4 v 4: {}, up to the 8 symmetries: {}",
        raw.len(),
        classes.len()
    );
}
