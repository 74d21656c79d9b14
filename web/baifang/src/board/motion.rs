//! How the stones got from one snapshot to the next, so the board can show it: a stone
//! that appears where one of its colour just left slid there, one that appears from
//! nowhere was placed, one that left with no stone of its colour appearing was taken.
//!
//! Like chessground's animation, this compares the two boards the view was given and
//! knows no rule: it never asks which action was played, so the same motion follows a
//! tap, the AI's reply, the opponent's move over the network and the review's steps
//! (forwards and back, one ply or several).

use engine::baifang::bitboard::{CELLS as POINTS, N as SIDE};
use engine::baifang::Side;

/// Who stands on each point.
pub type Owners = [Option<Side>; POINTS];

/// How one stone came to its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrival {
    /// It stepped (or, in the review, jumped) from this point.
    From(u8),
    /// It was put down.
    Placed,
}

/// What changed between two boards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Motion {
    /// Each stone that appeared, with how it got there.
    pub arrivals: Vec<(u8, Arrival)>,
    /// Each stone that left the board (taken, or a placement taken back), with its side.
    pub departures: Vec<(u8, Side)>,
    /// Counts the changes, so two equal motions in a row are still told apart.
    pub serial: u32,
}

impl Motion {
    /// The motion from `before` to `after`, numbered after `previous`.
    pub fn between(before: &Owners, after: &Owners, previous: u32) -> Motion {
        let appeared: Vec<(u8, Side)> = changed(after, before);
        let mut vacated: Vec<(u8, Side)> = changed(before, after);
        let mut arrivals = Vec::with_capacity(appeared.len());
        for (to, side) in appeared {
            // The nearest stone of the same colour that left is the one that came here.
            let origin = vacated
                .iter()
                .enumerate()
                .filter(|(_, (_, s))| *s == side)
                .min_by_key(|(_, (from, _))| distance(*from, to))
                .map(|(i, _)| i);
            let arrival = match origin {
                Some(i) => Arrival::From(vacated.swap_remove(i).0),
                None => Arrival::Placed,
            };
            arrivals.push((to, arrival));
        }
        vacated.sort_unstable();
        Motion {
            arrivals,
            departures: vacated,
            serial: previous.wrapping_add(1),
        }
    }

    /// How the stone now on `p` arrived, if it arrived in this motion.
    pub fn arrival(&self, p: u8) -> Option<Arrival> {
        self.arrivals
            .iter()
            .find(|(to, _)| *to == p)
            .map(|(_, how)| *how)
    }
}

/// The points holding a stone in `a` that `b` does not have there.
fn changed(a: &Owners, b: &Owners) -> Vec<(u8, Side)> {
    (0..POINTS)
        .filter_map(|p| match (a[p], b[p]) {
            (Some(s), other) if other != Some(s) => Some((p as u8, s)),
            _ => None,
        })
        .collect()
}

/// Squared distance between two points in grid steps.
fn distance(a: u8, b: u8) -> usize {
    let (a, b) = (a as usize, b as usize);
    let dx = (a % SIDE).abs_diff(b % SIDE);
    let dy = (a / SIDE).abs_diff(b / SIDE);
    dx * dx + dy * dy
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(stones: &[(u8, Side)]) -> Owners {
        let mut owners = [None; POINTS];
        for &(p, s) in stones {
            owners[p as usize] = Some(s);
        }
        owners
    }

    const B: Side = Side::Black;
    const W: Side = Side::White;

    #[test]
    fn a_new_stone_was_placed() {
        let m = Motion::between(&board(&[(0, W)]), &board(&[(0, W), (12, B)]), 7);
        assert_eq!(m.arrivals, vec![(12, Arrival::Placed)]);
        assert!(m.departures.is_empty());
        assert_eq!(m.serial, 8);
    }

    #[test]
    fn a_step_slides_from_where_its_colour_left() {
        let m = Motion::between(&board(&[(6, B), (7, W)]), &board(&[(11, B), (7, W)]), 0);
        assert_eq!(m.arrivals, vec![(11, Arrival::From(6))]);
        assert_eq!(m.arrival(11), Some(Arrival::From(6)));
        assert_eq!(m.arrival(7), None);
        assert!(m.departures.is_empty());
    }

    #[test]
    fn a_taken_stone_departs_with_its_colour() {
        let m = Motion::between(&board(&[(6, B), (7, W)]), &board(&[(6, B)]), 0);
        assert!(m.arrivals.is_empty());
        assert_eq!(m.departures, vec![(7, W)]);
    }

    #[test]
    fn several_plies_at_once_pair_each_stone_with_the_nearest_of_its_colour() {
        // Black stepped 0→1 and 24→23; White's stone on 12 was taken.
        let before = board(&[(0, B), (24, B), (12, W)]);
        let after = board(&[(1, B), (23, B)]);
        let m = Motion::between(&before, &after, 0);
        assert_eq!(
            m.arrivals,
            vec![(1, Arrival::From(0)), (23, Arrival::From(24))]
        );
        assert_eq!(m.departures, vec![(12, W)]);
    }

    #[test]
    fn a_colour_never_turns_into_the_other() {
        let m = Motion::between(&board(&[(5, W)]), &board(&[(6, B)]), 0);
        assert_eq!(m.arrivals, vec![(6, Arrival::Placed)]);
        assert_eq!(m.departures, vec![(5, W)]);
    }
}
