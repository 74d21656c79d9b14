//! Lag compensation on the step clock: each connection's one-way lag,
//! measured by the server's own WebSocket pings ([`LagMeter`]), and the
//! credit a room gives a side's turn for it ([`LagCredit`]).
//!
//! A move the player made in time can reach the server after its turn ran out
//! by the time it spent on the network. The room therefore applies a timeout
//! only once the turn's step time *plus* the side's measured one-way lag has
//! passed, and a move that arrives in that extra time counts as in time. The
//! credit is bounded: at most [`CREDIT_PER_TURN_MS`] a turn and
//! [`CREDIT_PER_GAME_MS`] a game per side, whatever the measurement says. A
//! client controls when it answers a ping, so it can make its lag look as
//! large as it likes: those bounds are all it can gain. It cannot make it look
//! smaller than it is, nor answer a ping it has not received (the payload is
//! the server's, and only the latest ping's answer is taken).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use engine::baifang::Side;

/// The most a turn's step clock is extended for lag.
pub const CREDIT_PER_TURN_MS: u64 = 500;
/// The most a side's step clocks are extended for lag over a whole game.
pub const CREDIT_PER_GAME_MS: u64 = 2_000;
/// Round trips kept per connection; the estimate is their median, so one slow
/// answer (a garbage-collection pause, a lost packet) does not move it.
const SAMPLES: usize = 5;

/// Measures one connection's round trips from the server's pings and its
/// pongs; shares the one-way estimate with the connection's handle.
#[derive(Debug)]
pub struct LagMeter {
    /// The ping awaiting its pong: its number and when it was sent (ms).
    outstanding: Option<(u64, u64)>,
    next_id: u64,
    /// The latest round trips (ms), oldest first.
    samples: Vec<u64>,
    shared: Arc<AtomicU64>,
}

impl Default for LagMeter {
    fn default() -> Self {
        Self::new()
    }
}

impl LagMeter {
    /// A meter with no measurement yet (an estimate of 0).
    pub fn new() -> LagMeter {
        LagMeter {
            outstanding: None,
            next_id: 1,
            samples: Vec::with_capacity(SAMPLES),
            shared: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The estimate, as the connection's handle reads it.
    pub fn estimate(&self) -> Arc<AtomicU64> {
        self.shared.clone()
    }

    /// The payload of the next ping, sent at `now_ms`. A ping still unanswered
    /// is forgotten: its pong, if it comes, is ignored.
    pub fn ping(&mut self, now_ms: u64) -> Vec<u8> {
        let id = self.next_id;
        self.next_id += 1;
        self.outstanding = Some((id, now_ms));
        id.to_be_bytes().to_vec()
    }

    /// A pong with `payload` arrived at `now_ms`: a round trip if it answers
    /// the latest ping, else nothing (an unsolicited or forged pong).
    pub fn pong(&mut self, payload: &[u8], now_ms: u64) {
        let Some((id, sent)) = self.outstanding else {
            return;
        };
        if payload != id.to_be_bytes() {
            return;
        }
        self.outstanding = None;
        if self.samples.len() == SAMPLES {
            self.samples.remove(0);
        }
        self.samples.push(now_ms.saturating_sub(sent));
        let mut sorted = self.samples.clone();
        sorted.sort_unstable();
        let median = sorted[sorted.len() / 2];
        self.shared.store(median / 2, Ordering::Relaxed);
    }
}

/// Reads a connection's one-way lag estimate (ms).
pub fn read(estimate: &AtomicU64) -> u64 {
    estimate.load(Ordering::Relaxed)
}

/// The lag credit of one game: what each side has used, and this turn's share.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LagCredit {
    used: [u64; 2],
    /// How far past its step time the current turn has gone (already in `used`).
    this_turn: u64,
}

impl LagCredit {
    /// How far past its step time `side`'s current turn may go, for a
    /// measured one-way lag of `lag_ms`.
    pub fn allowance(&self, side: Side, lag_ms: u64) -> u64 {
        let game_left = CREDIT_PER_GAME_MS.saturating_sub(self.used[side.idx()]);
        lag_ms
            .min(CREDIT_PER_TURN_MS)
            .min(self.this_turn + game_left)
    }

    /// `side`'s turn has gone `over_ms` past its step time (an action that
    /// arrived in the credit, or the timeout at its end): charges the part
    /// not charged yet this turn.
    pub fn charge(&mut self, side: Side, over_ms: u64) {
        if over_ms > self.this_turn {
            self.used[side.idx()] += over_ms - self.this_turn;
            self.this_turn = over_ms;
        }
    }

    /// A new turn: nothing of it charged yet.
    pub fn new_turn(&mut self) {
        self.this_turn = 0;
    }

    /// The credit `side` has used in this game.
    pub fn used(&self, side: Side) -> u64 {
        self.used[side.idx()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_is_half_the_median_round_trip() {
        let mut m = LagMeter::new();
        let est = m.estimate();
        for (sent, rtt) in [
            (0, 100),
            (1_000, 120),
            (2_000, 900),
            (3_000, 80),
            (4_000, 110),
        ] {
            let p = m.ping(sent);
            m.pong(&p, sent + rtt);
        }
        // Sorted 80, 100, 110, 120, 900: the median 110, one way 55.
        assert_eq!(read(&est), 55);
    }

    #[test]
    fn a_forged_stale_or_unsolicited_pong_is_ignored() {
        let mut m = LagMeter::new();
        let est = m.estimate();
        m.pong(&1u64.to_be_bytes(), 5_000);
        assert_eq!(read(&est), 0, "no ping was sent");
        let old = m.ping(0);
        let _new = m.ping(1_000);
        m.pong(&old, 9_000);
        assert_eq!(read(&est), 0, "only the latest ping's answer counts");
        m.pong(b"anything", 9_000);
        assert_eq!(read(&est), 0);
    }

    /// The attack: a client that holds every pong for 5 s looks 2.5 s away.
    /// It gains at most 500 ms a turn and 2 s a game.
    #[test]
    fn a_client_faking_a_long_lag_gains_at_most_the_bounds() {
        let mut m = LagMeter::new();
        let est = m.estimate();
        let p = m.ping(0);
        m.pong(&p, 5_000);
        let lag = read(&est);
        assert_eq!(lag, 2_500);
        let mut c = LagCredit::default();
        let mut gained = 0;
        for _turn in 0..10 {
            c.new_turn();
            let a = c.allowance(Side::White, lag);
            assert!(a <= CREDIT_PER_TURN_MS);
            c.charge(Side::White, a);
            gained += a;
        }
        assert_eq!(gained, CREDIT_PER_GAME_MS);
        assert_eq!(c.used(Side::White), CREDIT_PER_GAME_MS);
        assert_eq!(c.allowance(Side::White, lag), 0);
        // The other side's credit is its own.
        assert_eq!(c.allowance(Side::Black, lag), CREDIT_PER_TURN_MS);
    }

    #[test]
    fn a_turn_is_charged_once_however_many_actions_it_takes() {
        let mut c = LagCredit::default();
        c.new_turn();
        // A move 200 ms late, then its capture 300 ms late: 300 charged.
        c.charge(Side::Black, 200);
        assert_eq!(c.allowance(Side::Black, 400), 400);
        c.charge(Side::Black, 300);
        assert_eq!(c.used(Side::Black), 300);
        c.new_turn();
        c.charge(Side::Black, 0);
        assert_eq!(c.used(Side::Black), 300);
        // An honest player with a 40 ms lag gets 40 ms.
        assert_eq!(c.allowance(Side::Black, 40), 40);
    }
}
