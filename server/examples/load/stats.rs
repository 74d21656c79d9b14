//! What the bots count while they play (shared by all of them), and the
//! performance report: actions/s, latency percentiles beside the ping floor,
//! errors by kind, the servers' memory per match and CPU.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Counters every bot adds to.
#[derive(Default)]
pub struct Stats {
    /// Each bot's own actions the server acknowledged (by `applied`, or found
    /// in the game it showed after a reconnection): every action once.
    pub actions: AtomicU64,
    pub finished: AtomicU64,
    pub playing: AtomicU64,
    pub drops: AtomicU64,
    pub reconnects: AtomicU64,
    pub connect_failures: AtomicU64,
    /// Samples are kept only while this is set.
    pub measuring: AtomicBool,
    latencies_us: Mutex<Vec<u32>>,
    /// Ping→pong round trips: the same path without a room or the database.
    pings_us: Mutex<Vec<u32>>,
    /// Spectators' lag: the mover's send to a spectator's receipt.
    watch_lags_us: Mutex<Vec<u32>>,
    /// Spectators watching now.
    pub spectators: AtomicU64,
    /// Send times of actions, for the spectators' lag (`--spectators` only).
    pub sent_at: crate::spectate::SentAt,
    /// Where a Black bot announces a new game to the spectators' dispatcher.
    pub new_games: std::sync::OnceLock<tokio::sync::mpsc::UnboundedSender<String>>,
    /// Everything else, by what happened (refusals by code, mismatches…).
    events: Mutex<BTreeMap<String, u64>>,
}

impl Stats {
    pub fn latency(&self, d: Duration) {
        if self.measuring.load(Ordering::Relaxed) {
            let us = d.as_micros().min(u32::MAX as u128) as u32;
            self.latencies_us.lock().unwrap().push(us);
        }
    }

    pub fn watch_lag(&self, d: Duration) {
        if self.measuring.load(Ordering::Relaxed) {
            let us = d.as_micros().min(u32::MAX as u128) as u32;
            self.watch_lags_us.lock().unwrap().push(us);
        }
    }

    /// Whether spectators measure (actions' send times are then recorded).
    pub fn spectating(&self) -> bool {
        self.new_games.get().is_some()
    }

    pub fn ping(&self, us: u64) {
        if self.measuring.load(Ordering::Relaxed) {
            self.pings_us
                .lock()
                .unwrap()
                .push(us.min(u32::MAX as u64) as u32);
        }
    }

    /// Counts one event of this kind.
    pub fn count(&self, what: &str) {
        *self
            .events
            .lock()
            .unwrap()
            .entry(what.to_string())
            .or_default() += 1;
    }

    pub fn events(&self) -> BTreeMap<String, u64> {
        self.events.lock().unwrap().clone()
    }

    pub fn get(a: &AtomicU64) -> u64 {
        a.load(Ordering::Relaxed)
    }
}

/// Sorted copies of the latency and ping samples.
fn sorted(v: &Mutex<Vec<u32>>) -> Vec<u32> {
    let mut v = v.lock().unwrap().clone();
    v.sort_unstable();
    v
}

/// The value at fraction `p` of sorted samples, in ms.
fn at(v: &[u32], p: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v[((v.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0
}

/// What the measuring window saw, beside the bots' counters.
pub struct Window {
    pub secs: f64,
    pub matches: usize,
    pub actions0: u64,
    pub finished0: u64,
    pub min_playing: u64,
    pub server_cpu: f64,
    pub rss_start: u64,
    pub rss_peak: u64,
}

/// Prints the performance figures; returns the number of errors counted.
pub fn report(stats: &Stats, w: &Window) -> u64 {
    let lat = sorted(&stats.latencies_us);
    let pings = sorted(&stats.pings_us);
    let actions = Stats::get(&stats.actions) - w.actions0;
    println!(
        "measured: {:.1} s with at least {} of {} bots in a game",
        w.secs,
        w.min_playing,
        w.matches * 2
    );
    println!(
        "actions applied: {actions} ({:.0}/s)",
        actions as f64 / w.secs
    );
    println!(
        "latency action→broadcast: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
        at(&lat, 0.5),
        at(&lat, 0.99),
        at(&lat, 1.0),
        lat.len()
    );
    println!(
        "baseline ping→pong (no room, no database): p50 {:.2} ms, p99 {:.2} ms ({} samples)",
        at(&pings, 0.5),
        at(&pings, 0.99),
        pings.len()
    );
    if stats.spectating() {
        let lag = sorted(&stats.watch_lags_us);
        println!(
            "spectators' lag action→their broadcast: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples, {} watching at the end)",
            at(&lag, 0.5),
            at(&lag, 0.99),
            at(&lag, 1.0),
            lag.len(),
            Stats::get(&stats.spectators)
        );
    }
    println!(
        "games finished while measuring: {}",
        Stats::get(&stats.finished) - w.finished0
    );
    let errors = report_errors(stats);
    println!(
        "server memory: {:.1} MiB at start, {:.1} MiB peak: {:.1} KiB per match",
        w.rss_start as f64 / 1024.0,
        w.rss_peak as f64 / 1024.0,
        w.rss_peak.saturating_sub(w.rss_start) as f64 / w.matches as f64
    );
    println!(
        "server CPU: {:.1} s over {:.1} s ({:.0}% of one core)",
        w.server_cpu,
        w.secs,
        w.server_cpu / w.secs * 100.0
    );
    errors
}

/// Connection drops, failed connections and every counted event; returns
/// how many of them are errors (refusals, mismatches, gaps, drops…).
fn report_errors(stats: &Stats) -> u64 {
    let mut lines = vec![
        ("connections dropped".to_string(), Stats::get(&stats.drops)),
        (
            "connect failures".to_string(),
            Stats::get(&stats.connect_failures),
        ),
    ];
    lines.extend(stats.events());
    let errors: u64 = lines
        .iter()
        .filter(|(k, _)| !k.starts_with("(info)"))
        .map(|(_, n)| n)
        .sum();
    let detail: Vec<String> = lines
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(k, n)| format!("{k} {n}"))
        .collect();
    println!(
        "errors: {errors} ({}); reconnections {}",
        if detail.is_empty() {
            "none".to_string()
        } else {
            detail.join(", ")
        },
        Stats::get(&stats.reconnects)
    );
    errors
}
