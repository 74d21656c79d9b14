//! What an applied Baifang action feels like: the one mapping from an engine action
//! and its outcome to haptic events, used by every room for every action, whoever
//! made it.

use engine::baifang::{Action, ActionOutcome};

use web_core::host::haptics::{self, Haptic};

/// The haptic events for one applied action, in order:
/// a stone placed or moved taps lightly; a new formation plays the success pattern
/// when it earns captures (a light tap when the anti-looping lock refused them);
/// entering capture mode, and leaving it with the capture that passes the turn,
/// each give a medium impact.
pub fn action_haptics(action: Action, outcome: &ActionOutcome) -> Vec<Haptic> {
    let mut out = Vec::new();
    let stone_played = matches!(action, Action::Place { .. } | Action::Move { .. });
    if stone_played {
        out.push(Haptic::Light);
    }
    if outcome.new_squares != 0 || outcome.new_lines != 0 {
        out.push(if outcome.owed > 0 {
            Haptic::Success
        } else {
            Haptic::Light
        });
    }
    // Only a placement or a move can open capture mode; a capture that still owes
    // more keeps it open.
    if stone_played && outcome.owed > 0 {
        out.push(Haptic::Medium);
    }
    if matches!(action, Action::Capture { .. }) && outcome.turn_passed {
        out.push(Haptic::Medium);
    }
    out
}

/// Plays the haptic events of one applied action on the host.
pub fn feel(action: Action, outcome: &ActionOutcome) {
    for h in action_haptics(action, outcome) {
        haptics::play(h);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::baifang::Game;

    fn place(to: u8) -> Action {
        Action::Place { to }
    }

    #[test]
    fn a_quiet_placement_taps_lightly() {
        let mut g = Game::new();
        let outcome = g.play(place(12)).unwrap();
        assert_eq!(action_haptics(place(12), &outcome), [Haptic::Light]);
    }

    #[test]
    fn a_square_succeeds_and_opens_capture_mode_and_the_capture_closes_it() {
        let mut g = Game::new();
        for to in [0, 24, 1, 23, 5, 22] {
            g.play(place(to)).unwrap();
        }
        let formed = g.play(place(6)).unwrap();
        assert_eq!(
            action_haptics(place(6), &formed),
            [Haptic::Light, Haptic::Success, Haptic::Medium]
        );
        let capture = Action::Capture { at: 22 };
        let taken = g.play(capture).unwrap();
        assert!(taken.turn_passed);
        assert_eq!(action_haptics(capture, &taken), [Haptic::Medium]);
    }

    #[test]
    fn a_line_owing_two_keeps_capture_mode_open_after_the_first_capture() {
        let mut g = Game::new();
        // Black's row 0 (0..=4) while White scatters: a line owes two captures.
        for (b, w) in [(0, 10), (1, 12), (2, 14), (3, 20)] {
            g.play(place(b)).unwrap();
            g.play(place(w)).unwrap();
        }
        let formed = g.play(place(4)).unwrap();
        assert_eq!(formed.owed, 2);
        assert!(action_haptics(place(4), &formed).contains(&Haptic::Success));
        let first = Action::Capture { at: 10 };
        let outcome = g.play(first).unwrap();
        assert!(!outcome.turn_passed);
        assert!(action_haptics(first, &outcome).is_empty());
    }

    #[test]
    fn a_resignation_is_felt_as_nothing() {
        let mut g = Game::new();
        let resign = Action::Resign {
            side: engine::baifang::Side::Black,
        };
        let outcome = g.play(resign).unwrap();
        assert!(action_haptics(resign, &outcome).is_empty());
    }
}
