//! What a play of one level counts for its solved card: the visible time
//! ([`PlayClock`]), the take-backs and the hints asked for. Every play screen keeps
//! one; the daily puzzle's record is written from the same counts.

use engine::hex::input::ViewEvent;
use leptos::prelude::*;

use crate::play_clock::PlayClock;

#[derive(Clone, Copy)]
pub struct Tally {
    pub clock: PlayClock,
    pub undos: RwSignal<u32>,
    pub hints: RwSignal<u32>,
}

impl Tally {
    /// Starts counting now (the clock goes with the calling component).
    pub fn start() -> Tally {
        Tally {
            clock: PlayClock::start(),
            undos: RwSignal::new(0),
            hints: RwSignal::new(0),
        }
    }

    /// Counts a batch of events: each take-back (a slide back, a cut of the path, a
    /// restart) is one undo.
    pub fn count(&self, events: &[ViewEvent]) {
        let undos = undos_in(events);
        if undos > 0 {
            self.undos.update(|n| *n += undos);
        }
    }
}

/// The take-backs in a batch of events.
fn undos_in(events: &[ViewEvent]) -> u32 {
    events
        .iter()
        .filter(|e| {
            matches!(
                e,
                ViewEvent::Undone { .. } | ViewEvent::Truncated { .. } | ViewEvent::Restarted
            )
        })
        .count() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn take_backs_count_and_steps_do_not() {
        assert_eq!(
            undos_in(&[
                ViewEvent::Appended { cell: 1, step: 2 },
                ViewEvent::Restarted,
                ViewEvent::Cleared
            ]),
            1
        );
        assert_eq!(undos_in(&[ViewEvent::Appended { cell: 1, step: 2 }]), 0);
    }
}
