//! The author's solution of a generated level: a random Hamiltonian path over
//! the generator's board, found by the pruned search and shuffled by backbite
//! moves.

use super::board::{Board, NONE};
use super::rng::Rng;
use super::search::{Outcome, Search};

/// A random Hamiltonian path over the board: the pruned search finds one (or
/// shows within its budget that the board is a poor one), then backbite moves
/// (join an end to one of its other neighbours, cut the path edge that closes
/// the loop) shuffle it into a random-looking path.
pub(crate) fn author_path(rng: &mut Rng, board: &Board) -> Option<Vec<u16>> {
    let mut path = match board.len().div_ceil(64) {
        1 => first_path::<1>(board)?,
        2 => first_path::<2>(board)?,
        _ => first_path::<4>(board)?,
    };
    backbite_shuffle(rng, board, &mut path);
    Some(path)
}

fn first_path<const W: usize>(board: &Board) -> Option<Vec<u16>> {
    let mut search: Search<W> = Search::new(board, &[]);
    search.resync();
    (search.next_alt(PATH_BUDGET) == Outcome::Found).then(|| search.path().to_vec())
}

/// Search nodes spent looking for a first Hamiltonian path before the board is
/// given up (a compact cluster takes about one node per cell).
const PATH_BUDGET: u64 = 20_000;

/// `10·n` backbite moves, half on each end.
fn backbite_shuffle(rng: &mut Rng, board: &Board, path: &mut [u16]) {
    let n = path.len();
    if n < 3 {
        return;
    }
    let mut at = vec![0u16; n];
    for (i, &c) in path.iter().enumerate() {
        at[c as usize] = i as u16;
    }
    let moves = 10 * n;
    for m in 0..moves {
        if m == moves / 2 {
            path.reverse();
            for (i, &c) in path.iter().enumerate() {
                at[c as usize] = i as u16;
            }
        }
        let end = path[0] as usize;
        let mut options = [0u16; 6];
        let mut k = 0;
        for &c in &board.nb[end] {
            if c != NONE && c != path[1] {
                options[k] = c;
                k += 1;
            }
        }
        if k == 0 {
            continue;
        }
        let b = options[rng.below(k)] as usize;
        let i = at[b] as usize;
        path[..i].reverse();
        for (j, &c) in path[..i].iter().enumerate() {
            at[c as usize] = j as u16;
        }
    }
}
