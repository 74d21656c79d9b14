//! Per-connection abuse limits: the message-rate token bucket and the other
//! bounds a connection is held to.

use std::time::Duration;

/// The bounds every connection is held to.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Sustained messages per second a client may send.
    pub messages_per_sec: u32,
    /// Messages a client may send in a burst above the sustained rate.
    pub burst: u32,
    /// The server pings a connection this often.
    pub ping_every: Duration,
    /// A connection from which nothing (not even a pong) arrived for this long is dropped.
    pub silence: Duration,
    /// Messages waiting to be written to one client before it counts as not reading.
    pub outgoing_queue: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            // A person taps a few times a second at most; a reconnecting page
            // sends hello, request_state and an action or two at once.
            messages_per_sec: 10,
            burst: 20,
            ping_every: Duration::from_secs(5),
            silence: Duration::from_secs(15),
            outgoing_queue: 256,
        }
    }
}

/// A token bucket in integer milli-tokens: `burst` tokens, refilled at
/// `per_sec` tokens per second; each message takes one.
#[derive(Clone, Debug)]
pub struct RateLimiter {
    per_sec: u64,
    capacity_milli: u64,
    milli: u64,
    last_ms: u64,
}

impl RateLimiter {
    /// A full bucket at time `now_ms`.
    pub fn new(per_sec: u32, burst: u32, now_ms: u64) -> RateLimiter {
        let capacity_milli = u64::from(burst.max(1)) * 1000;
        RateLimiter {
            per_sec: u64::from(per_sec),
            capacity_milli,
            milli: capacity_milli,
            last_ms: now_ms,
        }
    }

    /// Takes one token for a message at `now_ms`; false when the bucket is empty.
    pub fn allow(&mut self, now_ms: u64) -> bool {
        let elapsed = now_ms.saturating_sub(self.last_ms);
        self.last_ms = self.last_ms.max(now_ms);
        self.milli = (self.milli + elapsed * self.per_sec).min(self.capacity_milli);
        if self.milli >= 1000 {
            self.milli -= 1000;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn burst_then_sustained_rate() {
        let mut r = RateLimiter::new(10, 20, 0);
        assert!((0..20).all(|_| r.allow(0)));
        assert!(!r.allow(0));
        // 100 ms refill one token at 10/s.
        assert!(r.allow(100));
        assert!(!r.allow(100));
        // A long pause refills only up to the burst.
        assert_eq!((0..30).filter(|_| r.allow(60_000)).count(), 20);
        // A clock that goes backwards refills nothing.
        assert!(!r.allow(50_000));
    }
}
