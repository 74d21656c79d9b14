//! Random playouts: uniformly random legal actions (placements, moves,
//! captures) until the game ends or a ply cap is hit. The RNG is passed in, so
//! the same seed gives the same game on every platform.

use super::action::ActionList;
use super::state::State;
use rand_core::Rng;

/// Uniform index in `0..n` (n > 0) without floats; the tiny modulo bias of a
/// 64-bit draw is irrelevant for playouts.
#[inline]
pub fn pick<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    ((rng.next_u64() as u128 * n as u128) >> 64) as usize
}

/// Plays random legal actions from `s` until the game ends or `max_plies`
/// actions were played. Returns the number of plies played.
pub fn playout<R: Rng + ?Sized>(s: &mut State, rng: &mut R, max_plies: u32) -> u32 {
    let mut list = ActionList::new();
    let mut plies = 0;
    while plies < max_plies && !s.is_finished() {
        s.legal_actions(&mut list);
        if list.is_empty() {
            break; // cannot happen while running (the no-move rule ends the game)
        }
        let a = list[pick(rng, list.len())];
        s.apply_unchecked(a);
        plies += 1;
    }
    plies
}
