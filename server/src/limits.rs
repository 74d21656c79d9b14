//! Per-connection abuse limits: the message-rate token bucket and the other
//! bounds a connection is held to, and the caps on open sockets (all of them,
//! per client address, game connections) with their defaults for a given
//! open-file limit.

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
    /// Messages waiting to be written to one spectator before it is dropped
    /// (far fewer than a player's: a spectator that falls behind must never
    /// hold its room's memory or time).
    pub watcher_queue: usize,
    /// Spectators one game takes at most.
    pub watchers_per_game: usize,
    /// A write to a client that does not finish within this long (the client
    /// stopped reading and the socket's buffers are full) closes the connection.
    pub send_timeout: Duration,
    /// New players one client address may create per hour.
    pub new_players_per_hour: u32,
    /// Joins with a code of no open room one connection may make before its
    /// joins are refused.
    pub wrong_codes_per_connection: u32,
    /// Joins with a code of no open room one address may make per
    /// [`WRONG_CODE_WINDOW_MS`] before its joins are refused.
    pub wrong_codes_per_address: u32,
    /// Open TCP connections (page loads, probes and game connections) at
    /// most; one more is answered 503 and closed before any request is read.
    pub max_connections: usize,
    /// Open TCP connections from one client address (IPv6: its /64) at most;
    /// a trusted proxy's are not counted per address (they are many clients).
    pub max_connections_per_address: usize,
    /// Open game (WebSocket) connections at most: an upgrade beyond it is
    /// answered 503 before it happens. Below [`Limits::max_connections`], so
    /// pages, health probes and the scrape still get through a full house.
    pub max_game_connections: usize,
    /// A request's head (request line and headers) must arrive within this
    /// long, counted from when the connection opens or its previous response
    /// was sent: a slow sender (slowloris) and a keep-alive connection that
    /// sends nothing are both closed by it.
    pub header_timeout: Duration,
}

/// File descriptors kept out of the connection cap: the listener, the
/// database (SQLite's file, WAL and shared memory on three connections, or
/// PostgreSQL's pool), Redis, the runtime's own, and the sockets being
/// refused with a 503 at that moment (see `listener`).
pub const RESERVED_FILES: u64 = 128;
/// The derived connection cap stops here: a large open-file limit says
/// nothing about memory (each connection holds buffers, a task and a queue,
/// roughly 10 to 20 KB), so beyond 100,000 an operator sets it on purpose.
pub const DERIVED_CONNECTIONS_MAX: u64 = 100_000;
/// Connections one address may hold by default: a household, an office or a
/// carrier-grade NAT shares one IPv4 address (each page opens a handful of
/// sockets while it loads, then one), while one attacker's address cannot
/// hold more than this of the whole.
pub const PER_ADDRESS_DEFAULT: usize = 256;

impl Limits {
    /// The default limits with the connection caps a process allowed
    /// `open_files` descriptors gets: every descriptor but
    /// [`RESERVED_FILES`] may be a client socket (up to
    /// [`DERIVED_CONNECTIONS_MAX`]). A connection beyond a cap is refused
    /// cleanly, instead of `accept` failing with EMFILE for everyone and the
    /// store unable to open a file.
    pub fn for_open_files(open_files: u64) -> Limits {
        let usable = if open_files > 2 * RESERVED_FILES {
            open_files - RESERVED_FILES
        } else {
            open_files / 2
        };
        Limits::for_connections(usable.clamp(2, DERIVED_CONNECTIONS_MAX) as usize)
    }

    /// The default limits for at most `max` open connections: seven eighths
    /// of them may be games (the rest keeps page loads and probes going in a
    /// full house), and [`PER_ADDRESS_DEFAULT`] (at most half) from one address.
    pub fn for_connections(max: usize) -> Limits {
        Limits {
            // A person taps a few times a second at most; a reconnecting page
            // sends hello, request_state and an action or two at once.
            messages_per_sec: 10,
            burst: 20,
            // A client that stops reading stops answering pings too: with a
            // ping every 3 s it is closed at most 10 s after it stopped.
            ping_every: Duration::from_secs(3),
            silence: Duration::from_secs(10),
            outgoing_queue: 256,
            watcher_queue: 32,
            watchers_per_game: 1_000,
            send_timeout: Duration::from_secs(10),
            new_players_per_hour: 10,
            wrong_codes_per_connection: 5,
            wrong_codes_per_address: 20,
            max_connections: max,
            max_connections_per_address: PER_ADDRESS_DEFAULT.min(max / 2).max(1),
            max_game_connections: (max - max / 8).max(1),
            // Like the hello deadline: a browser sends its request at once;
            // 10 s is room for a slow mobile link, not for a slowloris.
            header_timeout: Duration::from_secs(10),
        }
    }
}

/// The window of [`Limits::wrong_codes_per_address`].
pub const WRONG_CODE_WINDOW_MS: u64 = 10 * 60 * 1000;

impl Default for Limits {
    /// The caps of the smallest common open-file limit, 1,024 (the server
    /// raises its own and derives them again: see `main.rs`).
    fn default() -> Limits {
        Limits::for_open_files(1024)
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

/// Counts events per key over a sliding window (failed joins per address):
/// each key keeps the times of its recent events only.
#[derive(Debug, Default)]
pub struct Recent {
    events: std::collections::HashMap<String, std::collections::VecDeque<u64>>,
}

impl Recent {
    /// Events of `key` in the `window_ms` before `now_ms`.
    pub fn count(&mut self, key: &str, now_ms: u64, window_ms: u64) -> usize {
        let Some(q) = self.events.get_mut(key) else {
            return 0;
        };
        while q.front().is_some_and(|t| t + window_ms <= now_ms) {
            q.pop_front();
        }
        let n = q.len();
        if n == 0 {
            self.events.remove(key);
        }
        n
    }
    /// Records an event of `key` at `now_ms`.
    pub fn add(&mut self, key: &str, now_ms: u64) {
        self.events
            .entry(key.to_string())
            .or_default()
            .push_back(now_ms);
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

    #[test]
    fn connection_caps_follow_the_open_file_limit() {
        let small = Limits::for_open_files(1024);
        assert_eq!(small.max_connections, 896);
        assert_eq!(small.max_game_connections, 784);
        assert_eq!(small.max_connections_per_address, 256);
        let tiny = Limits::for_open_files(100);
        assert_eq!(tiny.max_connections, 50);
        assert_eq!(tiny.max_connections_per_address, 25);
        let huge = Limits::for_open_files(1 << 40);
        assert_eq!(huge.max_connections, DERIVED_CONNECTIONS_MAX as usize);
        assert_eq!(Limits::default().max_connections, 896);
    }

    #[test]
    fn recent_events_slide_out_of_the_window() {
        let mut r = Recent::default();
        r.add("a", 0);
        r.add("a", 500);
        r.add("b", 500);
        assert_eq!(r.count("a", 900, 1000), 2);
        assert_eq!(r.count("a", 1000, 1000), 1);
        assert_eq!(r.count("a", 1500, 1000), 0);
        assert_eq!(r.count("b", 1400, 1000), 1);
        assert_eq!(r.count("c", 0, 1000), 0);
    }
}
