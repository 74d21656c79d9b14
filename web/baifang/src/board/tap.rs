//! What a tap on the Baifang board means: the one mapping from a tapped point, the
//! engine state and the picked-up stone to an intent, shared by every room.
//!
//! Legality stays with the engine: the intent is only what the player asked for,
//! and the engine accepts or refuses the action it names.

use engine::baifang::{Action, Phase, State};

/// What a tap asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapIntent {
    /// Play this action (the engine decides whether it is legal).
    Play(Action),
    /// Pick up the stone on this point (moving phase).
    Select(u8),
    /// Put the picked-up stone down again.
    Deselect,
    /// Nothing this tap could mean: a gentle refusal.
    Refuse,
}

/// The intent of a tap on point `p` by the side to move, with `selection` the stone
/// picked up before. While captures are owed every tap is a capture; while placing,
/// a placement; while moving, a tap picks up a movable stone of the side to move
/// (the engine's `move_targets` is empty for any other point), puts it down again,
/// or moves the picked-up stone to one of its targets.
pub fn tap_intent(state: &State, selection: Option<u8>, p: u8) -> TapIntent {
    if state.pending_captures() > 0 {
        return TapIntent::Play(Action::Capture { at: p });
    }
    match state.phase() {
        Phase::Placing => TapIntent::Play(Action::Place { to: p }),
        Phase::Moving => match selection {
            Some(from) if from == p => TapIntent::Deselect,
            Some(from) if state.move_targets(from as usize) >> p & 1 == 1 => {
                TapIntent::Play(Action::Move { from, to: p })
            }
            _ if state.move_targets(p as usize) != 0 => TapIntent::Select(p),
            _ => TapIntent::Refuse,
        },
        Phase::Finished => TapIntent::Refuse,
    }
}

/// 24 placements that fill the board without a square or a line and leave point
/// 24 empty beside Black stones: after them the game is in the moving phase.
#[cfg(test)]
pub(crate) fn placements_to_moving() -> Vec<Action> {
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for p in 0u8..24 {
        let (x, y) = (p % 5, p / 5);
        if (x / 2 + y) % 2 == 1 {
            black.push(p)
        } else {
            white.push(p)
        }
    }
    black
        .iter()
        .zip(&white)
        .flat_map(|(&b, &w)| [Action::Place { to: b }, Action::Place { to: w }])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::{Game, Side};

    fn game(actions: &[Action]) -> Game {
        let mut g = Game::new();
        for &a in actions {
            g.play(a).unwrap_or_else(|e| panic!("{a}: {e}"));
        }
        g
    }

    fn moving_game() -> Game {
        let g = game(&placements_to_moving());
        assert_eq!(g.state().phase(), Phase::Moving);
        g
    }

    #[test]
    fn placing_taps_place_even_on_occupied_points() {
        let g = game(&[Action::Place { to: 12 }]);
        assert_eq!(
            tap_intent(g.state(), None, 12),
            TapIntent::Play(Action::Place { to: 12 }),
            "the engine, not the tap, refuses an occupied point"
        );
    }

    #[test]
    fn owed_captures_turn_every_tap_into_a_capture() {
        let g = game(&[0, 24, 1, 23, 5, 22, 6].map(|to| Action::Place { to }));
        assert_eq!(g.state().pending_captures(), 1);
        assert_eq!(
            tap_intent(g.state(), Some(3), 22),
            TapIntent::Play(Action::Capture { at: 22 })
        );
    }

    #[test]
    fn moving_selects_deselects_and_moves() {
        let g = moving_game();
        let s = g.state();
        let mover = s.to_move();
        let from = (0u8..25)
            .find(|&p| s.at(p as usize) == Some(mover) && s.move_targets(p as usize) != 0)
            .expect("a movable stone");
        let to = s.move_targets(from as usize).trailing_zeros() as u8;
        assert_eq!(tap_intent(s, None, from), TapIntent::Select(from));
        assert_eq!(tap_intent(s, Some(from), from), TapIntent::Deselect);
        assert_eq!(
            tap_intent(s, Some(from), to),
            TapIntent::Play(Action::Move { from, to })
        );
    }

    #[test]
    fn an_enemy_stone_or_a_stuck_one_is_refused() {
        let g = moving_game();
        let s = g.state();
        let enemy = (0u8..25)
            .find(|&p| s.at(p as usize) == Some(s.to_move().other()))
            .expect("an enemy stone");
        assert_eq!(tap_intent(s, None, enemy), TapIntent::Refuse);
        let stuck = (0u8..25)
            .find(|&p| s.at(p as usize) == Some(s.to_move()) && s.move_targets(p as usize) == 0)
            .expect("a stone that cannot move");
        assert_eq!(tap_intent(s, None, stuck), TapIntent::Refuse);
    }

    #[test]
    fn a_finished_game_refuses_every_tap() {
        let g = game(&[Action::Resign { side: Side::Black }]);
        assert_eq!(tap_intent(g.state(), None, 0), TapIntent::Refuse);
    }
}
