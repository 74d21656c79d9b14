//! The server's clock: milliseconds since the Unix epoch, monotonic for the
//! life of the process, read from tokio's clock (so tests can pause and
//! advance it) plus an offset that only a test-mode server lets anyone move.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::watch;
use tokio::time::Instant;

/// A cheap handle on the one clock of a server.
#[derive(Clone)]
pub struct Clock {
    inner: Arc<Inner>,
}

struct Inner {
    origin_unix_ms: u64,
    origin: Instant,
    /// Milliseconds added by [`Clock::advance`] (test mode only).
    offset: watch::Sender<u64>,
    controllable: bool,
}

impl Clock {
    /// A clock starting at the current wall time. `controllable`: whether
    /// [`Clock::advance`] is allowed (the `--test-clock` option).
    pub fn new(controllable: bool) -> Clock {
        let origin_unix_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        Clock {
            inner: Arc::new(Inner {
                origin_unix_ms,
                origin: Instant::now(),
                offset: watch::channel(0).0,
                controllable,
            }),
        }
    }

    /// Now, in ms since the Unix epoch.
    pub fn now_ms(&self) -> u64 {
        let i = &self.inner;
        i.origin_unix_ms + i.origin.elapsed().as_millis() as u64 + *i.offset.borrow()
    }

    /// Whether this clock may be advanced by hand.
    pub fn controllable(&self) -> bool {
        self.inner.controllable
    }

    /// Moves the clock forward by `ms` (test mode only; returns false otherwise).
    /// Every sleeper wakes and re-reads the time, so deadlines that passed fire.
    pub fn advance(&self, ms: u64) -> bool {
        if !self.inner.controllable {
            return false;
        }
        self.inner.offset.send_modify(|o| *o += ms);
        true
    }

    /// Sleeps until the clock reads at least `t_ms`.
    pub async fn sleep_until_ms(&self, t_ms: u64) {
        let mut moved = self.inner.offset.subscribe();
        loop {
            let now = self.now_ms();
            if now >= t_ms {
                return;
            }
            let wait = Duration::from_millis(t_ms - now);
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = moved.changed() => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn follows_tokio_time_and_the_test_offset() {
        let c = Clock::new(true);
        let t0 = c.now_ms();
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(c.now_ms() - t0, 1500);
        assert!(c.advance(10_000));
        assert_eq!(c.now_ms() - t0, 11_500);
        let fixed = Clock::new(false);
        assert!(!fixed.advance(5));
    }

    #[tokio::test(start_paused = true)]
    async fn an_advance_wakes_a_sleeper() {
        let c = Clock::new(true);
        let deadline = c.now_ms() + 60_000;
        let sleeper = {
            let c = c.clone();
            tokio::spawn(async move { c.sleep_until_ms(deadline).await })
        };
        tokio::task::yield_now().await;
        c.advance(60_000);
        sleeper.await.unwrap();
        assert!(c.now_ms() >= deadline);
    }
}
