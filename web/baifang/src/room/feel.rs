//! What an applied Baifang action feels and sounds like: the one mapping from an engine
//! action and its outcome to haptic events and a sound, used by every room for every
//! action, whoever made it.

use std::cell::Cell;

use engine::baifang::{Action, ActionOutcome};

use web_core::host::haptics::{self, Haptic};
use web_core::sound::{self, Sound};

/// Two captures closer together than this are felt as one impact (a player taking two
/// stones in quick succession feels one bump, not a buzz).
pub const CAPTURE_MERGE_MS: u64 = 120;

/// The haptic events for one applied action, in order:
/// a stone placed or moved taps lightly; a new formation plays the success pattern
/// when it earns captures (a light tap when the anti-looping lock refused them);
/// entering capture mode gives a medium impact, and so does every stone taken, except a
/// capture within [`CAPTURE_MERGE_MS`] of the previous one (`since_capture_ms`: the time
/// since the last capture felt, if any), which merges into it.
pub fn action_haptics(
    action: Action,
    outcome: &ActionOutcome,
    since_capture_ms: Option<u64>,
) -> Vec<Haptic> {
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
    // Only a placement or a move can open capture mode.
    if stone_played && outcome.owed > 0 {
        out.push(Haptic::Medium);
    }
    let merged = since_capture_ms.is_some_and(|ms| ms < CAPTURE_MERGE_MS);
    if matches!(action, Action::Capture { .. }) && !merged {
        out.push(Haptic::Medium);
    }
    out
}

/// The sound of one applied action: a formation that earns captures rings over the
/// stone that made it; a capture merged into the previous one (as for the haptics) is
/// not heard again.
pub fn action_sound(
    action: Action,
    outcome: &ActionOutcome,
    since_capture_ms: Option<u64>,
) -> Option<Sound> {
    let formed = (outcome.new_squares != 0 || outcome.new_lines != 0) && outcome.owed > 0;
    match action {
        Action::Place { .. } | Action::Move { .. } if formed => Some(Sound::Form),
        Action::Place { .. } => Some(Sound::Place),
        Action::Move { .. } => Some(Sound::Move),
        Action::Capture { .. } if since_capture_ms.is_some_and(|ms| ms < CAPTURE_MERGE_MS) => None,
        Action::Capture { .. } => Some(Sound::Capture),
        _ => None,
    }
}

thread_local! {
    /// When the last capture was felt on this page (one room plays at a time).
    static LAST_CAPTURE_MS: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Plays the haptic events (on the host) and the sound of one applied action.
pub fn feel(action: Action, outcome: &ActionOutcome) {
    let now = js_sys::Date::now() as u64;
    let since = LAST_CAPTURE_MS
        .with(Cell::get)
        .map(|t| now.saturating_sub(t));
    if matches!(action, Action::Capture { .. }) {
        LAST_CAPTURE_MS.with(|t| t.set(Some(now)));
    }
    for h in action_haptics(action, outcome, since) {
        haptics::play(h);
    }
    if let Some(s) = action_sound(action, outcome, since) {
        sound::play(s);
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
        assert_eq!(action_haptics(place(12), &outcome, None), [Haptic::Light]);
    }

    #[test]
    fn a_square_succeeds_and_opens_capture_mode_and_the_capture_closes_it() {
        let mut g = Game::new();
        for to in [0, 24, 1, 23, 5, 22] {
            g.play(place(to)).unwrap();
        }
        let formed = g.play(place(6)).unwrap();
        assert_eq!(
            action_haptics(place(6), &formed, None),
            [Haptic::Light, Haptic::Success, Haptic::Medium]
        );
        let capture = Action::Capture { at: 22 };
        let taken = g.play(capture).unwrap();
        assert!(taken.turn_passed);
        assert_eq!(action_haptics(capture, &taken, None), [Haptic::Medium]);
    }

    /// Each action has its sound: a plain placement, a forming one, a capture (merged
    /// when close, like its impact), a resignation none.
    #[test]
    fn actions_sound_as_they_feel() {
        let mut g = Game::new();
        let quiet = g.play(place(0)).unwrap();
        assert_eq!(action_sound(place(0), &quiet, None), Some(Sound::Place));
        for to in [24, 1, 23, 5, 22] {
            g.play(place(to)).unwrap();
        }
        let formed = g.play(place(6)).unwrap();
        assert_eq!(action_sound(place(6), &formed, None), Some(Sound::Form));
        let capture = Action::Capture { at: 22 };
        let taken = g.play(capture).unwrap();
        assert_eq!(action_sound(capture, &taken, None), Some(Sound::Capture));
        assert_eq!(
            action_sound(capture, &taken, Some(CAPTURE_MERGE_MS - 1)),
            None
        );
        let resign = Action::Resign {
            side: engine::baifang::Side::White,
        };
        let outcome = g.play(resign).unwrap();
        assert_eq!(action_sound(resign, &outcome, None), None);
    }

    /// A line owes two captures: each stone taken is a medium impact, unless the second
    /// comes within the merge window of the first, when the two are felt as one.
    #[test]
    fn a_two_capture_turn_gives_an_impact_per_stone_merged_when_close() {
        let mut g = Game::new();
        // Black's row 0 (0..=4) while White scatters: a line owes two captures.
        for (b, w) in [(0, 10), (1, 12), (2, 14), (3, 20)] {
            g.play(place(b)).unwrap();
            g.play(place(w)).unwrap();
        }
        let formed = g.play(place(4)).unwrap();
        assert_eq!(formed.owed, 2);
        assert!(action_haptics(place(4), &formed, None).contains(&Haptic::Success));
        let first = Action::Capture { at: 10 };
        let outcome = g.play(first).unwrap();
        assert!(!outcome.turn_passed);
        assert_eq!(action_haptics(first, &outcome, None), [Haptic::Medium]);
        let second = Action::Capture { at: 12 };
        let last = g.play(second).unwrap();
        assert!(last.turn_passed);
        assert_eq!(
            action_haptics(second, &last, Some(CAPTURE_MERGE_MS)),
            [Haptic::Medium]
        );
        assert!(action_haptics(second, &last, Some(CAPTURE_MERGE_MS - 1)).is_empty());
    }

    #[test]
    fn a_resignation_is_felt_as_nothing() {
        let mut g = Game::new();
        let resign = Action::Resign {
            side: engine::baifang::Side::Black,
        };
        let outcome = g.play(resign).unwrap();
        assert!(action_haptics(resign, &outcome, None).is_empty());
    }
}
