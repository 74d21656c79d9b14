//! The one step clock and disconnect grace of Baifang, used by the referee
//! server's room, the peer-to-peer session and the local room alike, so a
//! dropping player gets the same time in every mode.
//!
//! The policy:
//! - each turn (captures owed belong to the same turn) has
//!   [`STEP_TIME_LIMIT_MS`]; a new turn always starts a whole new clock;
//! - the clock of the side to move runs on through that side's own absence
//!   (a drop, a background app, a hidden page): leaving buys no thinking
//!   time, and a timeout that falls in the absence counts as usual;
//! - only the referee's own unavailability (the server restarting, its store
//!   failing) stops it; it then resumes with the time that was left, at least
//!   [`RESUME_FLOOR_MS`], so a returning player never gets a fresh 30 s;
//! - a side that loses its connection has [`DISCONNECT_GRACE_MS`] to come
//!   back ([`Grace`]); while the referee stands, graces stand with it.
//!
//! Times are milliseconds on whichever monotonic clock the caller keeps; the
//! clock reads none itself (time is an input).

use super::spec::{DISCONNECT_GRACE_MS, STEP_TIME_LIMIT_MS};

/// A clock that stood resumes with at least this much time.
pub const RESUME_FLOOR_MS: u64 = 5_000;

/// The step clock of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepClock {
    /// When the turn runs out, while the clock runs.
    deadline: Option<u64>,
    /// Time left while it stands.
    left: u64,
    /// When the current turn began (never moved by a stop or a resumption).
    began: u64,
}

impl StepClock {
    /// A clock for a first turn beginning at `now`, running or standing.
    pub fn new(now: u64, running: bool) -> StepClock {
        let mut c = StepClock {
            deadline: None,
            left: 0,
            began: now,
        };
        c.new_turn(now, running);
        c
    }

    /// The turn passed at `now`: a whole new step time.
    pub fn new_turn(&mut self, now: u64, running: bool) {
        self.left = STEP_TIME_LIMIT_MS as u64;
        self.began = now;
        self.deadline = running.then_some(now + self.left);
    }

    /// The referee became unavailable: the clock stands with what it has
    /// left (never less than [`RESUME_FLOOR_MS`]).
    pub fn stop(&mut self, now: u64) {
        if let Some(d) = self.deadline.take() {
            self.left = d.saturating_sub(now).max(RESUME_FLOOR_MS);
        }
    }

    /// The referee is back: a standing clock runs on with what it had left
    /// (an ended one stays stopped).
    pub fn resume(&mut self, now: u64) {
        if self.deadline.is_none() && self.left > 0 {
            self.deadline = Some(now + self.left);
        }
    }

    /// The game is over: the clock stops for good (nothing is left).
    pub fn end(&mut self) {
        self.deadline = None;
        self.left = 0;
    }

    /// When the turn runs out, while the clock runs.
    pub fn deadline(&self) -> Option<u64> {
        self.deadline
    }

    /// Whether the clock runs.
    pub fn running(&self) -> bool {
        self.deadline.is_some()
    }

    /// The time left at `now` (what it will resume with, while it stands).
    pub fn left(&self, now: u64) -> u64 {
        self.deadline.map_or(self.left, |d| d.saturating_sub(now))
    }

    /// Whether the running clock has run out at `now`.
    pub fn expired(&self, now: u64) -> bool {
        self.deadline.is_some_and(|d| now >= d)
    }

    /// When the current turn began.
    pub fn turn_began(&self) -> u64 {
        self.began
    }
}

/// The disconnect grace of one absent side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grace {
    since: u64,
    until: u64,
}

impl Grace {
    /// A side went away at `now`.
    pub fn start(now: u64) -> Grace {
        Grace {
            since: now,
            until: now + DISCONNECT_GRACE_MS as u64,
        }
    }

    /// When the absence began.
    pub fn since(&self) -> u64 {
        self.since
    }

    /// When the side has lost unless it is back.
    pub fn deadline(&self) -> u64 {
        self.until
    }

    /// Whether the grace has run out at `now`.
    pub fn expired(&self, now: u64) -> bool {
        now >= self.until
    }

    /// The referee stood for `ms`: the grace moves on by as much.
    pub fn stand(&mut self, ms: u64) {
        self.until += ms;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STEP: u64 = STEP_TIME_LIMIT_MS as u64;

    #[test]
    fn a_turn_has_the_step_time_and_runs_out_at_its_deadline() {
        let c = StepClock::new(1_000, true);
        assert_eq!(c.deadline(), Some(1_000 + STEP));
        assert_eq!(c.left(1_000), STEP);
        assert!(!c.expired(1_000 + STEP - 1));
        assert!(c.expired(1_000 + STEP));
        assert_eq!(c.left(1_000 + STEP + 9), 0);
    }

    #[test]
    fn an_absent_mover_s_clock_runs_on_and_gives_no_fresh_step_on_return() {
        // Nothing in the clock hears of the mover's absence: it is not the
        // referee's. 20 s into the turn the mover leaves; back after 8 s it
        // finds 2 s, not 30 s; still away at 30 s, it has timed out.
        let c = StepClock::new(0, true);
        assert_eq!(c.left(28_000), STEP - 28_000);
        assert!(c.expired(STEP));
        assert_eq!(c.turn_began(), 0);
    }

    #[test]
    fn the_referee_standing_resumes_the_time_left_never_a_fresh_step() {
        let mut c = StepClock::new(0, true);
        c.stop(12_000);
        assert!(!c.running());
        assert_eq!(c.left(99_000), STEP - 12_000);
        c.resume(100_000);
        assert_eq!(c.deadline(), Some(100_000 + STEP - 12_000));
        assert_eq!(c.turn_began(), 0);
        // Stopped a moment before the end: the floor, not 30 s.
        let mut c = StepClock::new(0, true);
        c.stop(STEP - 1_000);
        c.resume(50_000);
        assert_eq!(c.left(50_000), RESUME_FLOOR_MS);
        // Stopping twice, or resuming a running clock, changes nothing.
        let before = c;
        c.resume(60_000);
        assert_eq!(c, before);
        c.stop(51_000);
        c.stop(70_000);
        assert_eq!(c.left(0), RESUME_FLOOR_MS);
        // An ended clock never runs again.
        c.end();
        c.resume(80_000);
        assert!(!c.running() && !c.expired(u64::MAX));
    }

    #[test]
    fn a_new_turn_starts_a_whole_step_running_or_standing() {
        let mut c = StepClock::new(0, true);
        c.new_turn(20_000, false);
        assert!(!c.running());
        assert_eq!(c.left(0), STEP);
        c.resume(25_000);
        assert_eq!(c.deadline(), Some(25_000 + STEP));
        assert_eq!(c.turn_began(), 20_000);
    }

    #[test]
    fn a_grace_runs_out_after_its_time_and_stands_with_the_referee() {
        let mut g = Grace::start(3_000);
        let grace = DISCONNECT_GRACE_MS as u64;
        assert_eq!(g.deadline(), 3_000 + grace);
        assert!(!g.expired(3_000 + grace - 1));
        assert!(g.expired(3_000 + grace));
        g.stand(4_000);
        assert!(!g.expired(3_000 + grace));
        assert_eq!(g.deadline(), 7_000 + grace);
        assert_eq!(g.since(), 3_000);
    }
}
