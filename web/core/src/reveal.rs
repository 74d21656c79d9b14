//! Progressive reveal: a long screen built a part per task, so that opening it is
//! never one long task (a cold phone would hold every tap for the whole build).
//!
//! The first parts are built with the screen; each later one in a task of its own,
//! in order, each appended below the ones before (nothing already shown moves).

use leptos::prelude::*;

use crate::later::next_task;

/// How many of `total` parts to show: `first` at once, then one more per task.
#[derive(Clone, Copy)]
pub struct Reveal {
    shown: ReadSignal<usize>,
}

impl Reveal {
    /// Starts revealing; the steps stop by themselves when the screen is gone.
    pub fn new(total: usize, first: usize) -> Reveal {
        let (shown, set) = signal(first.min(total));
        if first < total {
            step(set, total);
        }
        Reveal { shown }
    }

    /// Whether part `i` (from 0) is shown; changes once, from false to true.
    pub fn part(self, i: usize) -> Memo<bool> {
        let shown = self.shown;
        Memo::new(move |_| shown.get() > i)
    }
}

/// Shows one more part in the next task, and goes on until all are shown.
fn step(set: WriteSignal<usize>, total: usize) {
    next_task(move || {
        // `None`: the screen was unmounted, its signal disposed
        let more = set.try_update(|n| {
            *n += 1;
            *n < total
        });
        if more == Some(true) {
            step(set, total);
        }
    });
}
