//! The server's counters and gauges, and their Prometheus text exposition for
//! `/metrics`. Every update is one relaxed atomic operation (they sit on the
//! path of every connection and every stored action); what costs more (the
//! queue's depth, the deepest outgoing queue) is looked up only when scraped.

use std::fmt::Write;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// What a [`Held`] counts while it lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gauge {
    /// Open TCP connections (every HTTP and WebSocket socket).
    Tcp,
    /// Open game (WebSocket) connections.
    Games,
    /// Live rooms on this instance.
    Rooms,
    /// Rooms paused because the store fails.
    RoomsPaused,
}

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The cap on open TCP connections ([`crate::limits::Limits::max_connections`]).
    ServerFull,
    /// The cap per client address.
    AddressFull,
    /// The cap on open game connections.
    GamesFull,
}

impl Refused {
    const ALL: [Refused; 3] = [
        Refused::ServerFull,
        Refused::AddressFull,
        Refused::GamesFull,
    ];

    /// Its `reason` label.
    pub fn label(self) -> &'static str {
        match self {
            Refused::ServerFull => "server_full",
            Refused::AddressFull => "address_full",
            Refused::GamesFull => "games_full",
        }
    }
}

/// Upper bounds (seconds) of the store-latency histogram's buckets: a
/// healthy SQLite commit takes well under a millisecond, PostgreSQL a few;
/// the top buckets catch a store that is failing (SQLite's busy wait is 5 s).
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0,
];

/// The server's metrics; one per [`crate::hub::Hub`].
pub struct Metrics {
    gauges: [AtomicUsize; 4],
    refused: [AtomicU64; 3],
    actions: AtomicU64,
    header_timeouts: AtomicU64,
    dropped_watchers: AtomicU64,
    /// Store writes per bucket (not cumulative: summed when rendered), the
    /// last one above every bound.
    store_buckets: [AtomicU64; BUCKETS.len() + 1],
    store_micros: AtomicU64,
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics {
            gauges: Default::default(),
            refused: Default::default(),
            actions: AtomicU64::new(0),
            header_timeouts: AtomicU64::new(0),
            dropped_watchers: AtomicU64::new(0),
            store_buckets: Default::default(),
            store_micros: AtomicU64::new(0),
        }
    }
}

/// One unit of a [`Gauge`], given back when dropped (a connection closing, a
/// room ending), so no path can forget to count down.
#[must_use]
pub struct Held {
    metrics: Arc<Metrics>,
    gauge: Gauge,
}

impl Drop for Held {
    fn drop(&mut self) {
        self.metrics.gauges[self.gauge as usize].fetch_sub(1, Ordering::Relaxed);
    }
}

impl std::fmt::Debug for Held {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Held({:?})", self.gauge)
    }
}

/// What a scrape looks up elsewhere.
#[derive(Clone, Copy, Debug)]
pub struct Scraped {
    /// Whether this instance's link to the other instances (Redis
    /// publish/subscribe) works; without a cluster there is none to lose.
    pub relay_up: bool,
    /// Players waiting for a quick match (in a cluster: the shared queue).
    pub queue_waiting: usize,
    /// Messages waiting on the connection with the most of them.
    pub outgoing_queue_max: usize,
    /// [`crate::limits::Limits::max_connections`].
    pub max_connections: usize,
    /// [`crate::limits::Limits::max_game_connections`].
    pub max_game_connections: usize,
}

impl Metrics {
    /// The current value of a gauge.
    pub fn get(&self, gauge: Gauge) -> usize {
        self.gauges[gauge as usize].load(Ordering::Relaxed)
    }

    /// Counts one more of `gauge` until the [`Held`] is dropped.
    pub fn hold(self: &Arc<Self>, gauge: Gauge) -> Held {
        self.gauges[gauge as usize].fetch_add(1, Ordering::Relaxed);
        Held {
            metrics: self.clone(),
            gauge,
        }
    }

    /// Like [`Metrics::hold`], unless `cap` are held already. Two callers
    /// racing for the last unit never both get it.
    pub fn try_hold(self: &Arc<Self>, gauge: Gauge, cap: usize) -> Option<Held> {
        self.gauges[gauge as usize]
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| {
                (n < cap).then_some(n + 1)
            })
            .ok()
            .map(|_| Held {
                metrics: self.clone(),
                gauge,
            })
    }

    /// Counts a refused connection.
    pub fn refused(&self, why: Refused) {
        self.refused[why as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a connection closed because its request head did not arrive in time.
    pub fn header_timeout(&self) {
        self.header_timeouts.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts spectators dropped because they fell too far behind.
    pub fn count_dropped_watchers(&self, n: u64) {
        self.dropped_watchers.fetch_add(n, Ordering::Relaxed);
    }

    /// Spectators dropped so far.
    pub fn dropped_watchers(&self) -> u64 {
        self.dropped_watchers.load(Ordering::Relaxed)
    }

    /// Records one `append_action` (stored or not) and how long it took.
    pub fn store_write(&self, took: Duration) {
        let secs = took.as_secs_f64();
        let bucket = BUCKETS
            .iter()
            .position(|&b| secs <= b)
            .unwrap_or(BUCKETS.len());
        self.store_buckets[bucket].fetch_add(1, Ordering::Relaxed);
        let micros = u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
        self.store_micros.fetch_add(micros, Ordering::Relaxed);
    }

    /// Counts an action stored (and so broadcast).
    pub fn action_stored(&self) {
        self.actions.fetch_add(1, Ordering::Relaxed);
    }

    /// Everything in Prometheus's text exposition format (version 0.0.4).
    pub fn render(&self, scraped: &Scraped) -> String {
        let mut out = String::with_capacity(4096);
        let gauges = [
            (
                Gauge::Games,
                "baifang_connections",
                "Open game (WebSocket) connections.",
            ),
            (
                Gauge::Tcp,
                "baifang_tcp_connections",
                "Open TCP connections (HTTP and WebSocket).",
            ),
            (
                Gauge::Rooms,
                "baifang_rooms",
                "Live rooms on this instance.",
            ),
            (
                Gauge::RoomsPaused,
                "baifang_rooms_paused",
                "Rooms paused because the store fails.",
            ),
        ];
        for (gauge, name, help) in gauges {
            one(&mut out, name, "gauge", help, self.get(gauge) as u64);
        }
        let limits = [
            (
                "baifang_connections_limit",
                "Cap on open game connections.",
                scraped.max_game_connections,
            ),
            (
                "baifang_tcp_connections_limit",
                "Cap on open TCP connections.",
                scraped.max_connections,
            ),
            (
                "baifang_queue_waiting",
                "Players waiting for a quick match.",
                scraped.queue_waiting,
            ),
            (
                "baifang_outgoing_queue_max",
                "Messages waiting on the connection with the most.",
                scraped.outgoing_queue_max,
            ),
        ];
        for (name, help, value) in limits {
            one(&mut out, name, "gauge", help, value as u64);
        }
        let relay = u64::from(scraped.relay_up);
        one(
            &mut out,
            "baifang_relay_up",
            "gauge",
            "1 while the link to the other instances works (always without a cluster).",
            relay,
        );
        let actions = self.actions.load(Ordering::Relaxed);
        one(
            &mut out,
            "baifang_actions_total",
            "counter",
            "Actions stored and broadcast.",
            actions,
        );
        let timeouts = self.header_timeouts.load(Ordering::Relaxed);
        one(
            &mut out,
            "baifang_header_timeouts_total",
            "counter",
            "Connections closed because a request head did not arrive in time.",
            timeouts,
        );
        one(
            &mut out,
            "baifang_dropped_watchers_total",
            "counter",
            "Spectators dropped because they fell too far behind.",
            self.dropped_watchers(),
        );
        self.render_refused(&mut out);
        self.render_store(&mut out);
        out
    }

    fn render_refused(&self, out: &mut String) {
        header(
            out,
            "baifang_refused_connections_total",
            "counter",
            "Connections refused with a 503, by the cap that was full.",
        );
        for why in Refused::ALL {
            let n = self.refused[why as usize].load(Ordering::Relaxed);
            let _ = writeln!(
                out,
                "baifang_refused_connections_total{{reason=\"{}\"}} {n}",
                why.label()
            );
        }
    }

    fn render_store(&self, out: &mut String) {
        let name = "baifang_store_seconds";
        header(
            out,
            name,
            "histogram",
            "Time to store one action (append_action).",
        );
        let mut count = 0;
        for (i, bucket) in self.store_buckets.iter().enumerate() {
            count += bucket.load(Ordering::Relaxed);
            match BUCKETS.get(i) {
                Some(le) => writeln!(out, "{name}_bucket{{le=\"{le}\"}} {count}"),
                None => writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {count}"),
            }
            .expect("writing to a String");
        }
        let sum = self.store_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_sum {sum}");
        let _ = writeln!(out, "{name}_count {count}");
    }
}

fn header(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
}

/// A metric with one unlabelled sample.
fn one(out: &mut String, name: &str, kind: &str, help: &str, value: u64) {
    header(out, name, kind, help);
    let _ = writeln!(out, "{name} {value}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gauges_count_what_is_held_and_caps_refuse() {
        let m = Arc::new(Metrics::default());
        let a = m.try_hold(Gauge::Tcp, 2).unwrap();
        let b = m.try_hold(Gauge::Tcp, 2).unwrap();
        assert!(m.try_hold(Gauge::Tcp, 2).is_none());
        assert_eq!(m.get(Gauge::Tcp), 2);
        drop(a);
        assert_eq!(m.get(Gauge::Tcp), 1);
        drop(b);
        assert_eq!(m.get(Gauge::Tcp), 0);
    }

    #[test]
    fn the_histogram_is_cumulative() {
        let m = Metrics::default();
        m.store_write(Duration::from_micros(200));
        m.store_write(Duration::from_millis(3));
        m.store_write(Duration::from_secs(9));
        let scraped = Scraped {
            relay_up: true,
            queue_waiting: 0,
            outgoing_queue_max: 0,
            max_connections: 0,
            max_game_connections: 0,
        };
        let text = m.render(&scraped);
        assert!(
            text.contains("baifang_store_seconds_bucket{le=\"0.0005\"} 1\n"),
            "{text}"
        );
        assert!(
            text.contains("baifang_store_seconds_bucket{le=\"0.005\"} 2\n"),
            "{text}"
        );
        assert!(
            text.contains("baifang_store_seconds_bucket{le=\"5\"} 2\n"),
            "{text}"
        );
        assert!(
            text.contains("baifang_store_seconds_bucket{le=\"+Inf\"} 3\n"),
            "{text}"
        );
        assert!(text.contains("baifang_store_seconds_count 3\n"), "{text}");
        assert!(
            text.contains("baifang_store_seconds_sum 9.0032\n"),
            "{text}"
        );
        assert!(text.contains("baifang_relay_up 1\n"), "{text}");
    }
}
