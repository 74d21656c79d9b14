//! The play screen's clock: the time a level has been open while the page was
//! visible (a hidden page does not count), advanced by the page clock every
//! 250 ms until it is stopped. The daily puzzle's time and the best times of the
//! packs' levels are both read from it.

use leptos::prelude::*;

/// One running clock, owned by the screen that started it.
#[derive(Clone, Copy)]
pub struct PlayClock {
    /// Visible time so far (ms).
    pub elapsed: RwSignal<u64>,
    stopped: RwSignal<bool>,
}

impl PlayClock {
    /// Starts counting now; the ticker goes with the calling component.
    pub fn start() -> PlayClock {
        let clock = PlayClock {
            elapsed: RwSignal::new(0),
            stopped: RwSignal::new(false),
        };
        let last = std::cell::Cell::new(now_ms());
        let tick = move || {
            let now = now_ms();
            let before = last.replace(now);
            let visible = web_sys::window()
                .and_then(|w| w.document())
                .is_some_and(|d| d.visibility_state() == web_sys::VisibilityState::Visible);
            if visible && clock.stopped.try_get_untracked() == Some(false) {
                clock.elapsed.update(|e| *e += now.saturating_sub(before));
            }
        };
        // Dropped with the screen (its cleanup), which stops the ticks.
        let ticker = gloo_timers::callback::Interval::new(250, tick);
        let ticker = send_wrapper::SendWrapper::new(ticker);
        on_cleanup(move || drop(ticker));
        clock
    }

    /// Stops it (the level is solved) and returns the time it shows.
    pub fn stop(&self) -> u64 {
        self.stopped.set(true);
        self.elapsed.get_untracked()
    }
}

fn now_ms() -> u64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0, |p| p.now() as u64)
}

/// `m:ss` (or `h:mm:ss`).
pub fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        h => format!("{h}:{:02}:{:02}", s / 60 % 60, s % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_minutes_and_seconds() {
        assert_eq!(clock_text(0), "0:00");
        assert_eq!(clock_text(83_999), "1:23");
        assert_eq!(clock_text(3_725_000), "1:02:05");
    }
}
