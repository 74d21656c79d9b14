//! The retrograde solver of one signature: every position's value (win, loss
//! or no forced result for the side to move) and its distance in plies.
//!
//! Only signatures whose every capture ends the game are solved (today: 4 v 4,
//! see `is_exact`): from such a position without a standing lock no lock can
//! ever be recorded (a capture that ends the game drops its pending lock), so
//! the table is exact for the full game state. Larger signatures lead through
//! captures into endings that carry a fresh lock, which a lock-free table does
//! not describe (README, "Endgame tables").

use super::index::Index;
use super::Outcome;
use crate::baifang::bitboard::{self, can_step, formations_at, ALL, NEIGHBOURS};
use crate::baifang::spec::MIN_STONES;
use std::time::Instant;

/// Stored value codes (2 bits a slot).
pub const NO_RESULT: u8 = 0;
/// The side to move wins.
pub const WIN: u8 = 1;
/// The side to move loses.
pub const LOSS: u8 = 2;
/// The slot's position is not canonical: never looked up.
pub const UNUSED: u8 = 3;

/// The signatures solved exactly under the anti-looping lock: every capture, by
/// either side, leaves the captured side with fewer than four.
pub const EXACT: &[(usize, usize)] = &[(MIN_STONES as usize, MIN_STONES as usize)];

/// Whether the tables of `m` v `o` are exact ([`EXACT`]).
pub fn is_exact(m: usize, o: usize) -> bool {
    EXACT.contains(&(m, o))
}

/// A solved signature: value codes and distances, one per slot.
pub struct Solved {
    /// The signature's index.
    pub index: Index,
    /// Value code per slot.
    pub value: Vec<u8>,
    /// Distance in plies per slot (0 for no result and unused slots).
    pub dist: Vec<u16>,
}

/// Counts of one signature, printed while building and kept in the README.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Canonical positions (used slots).
    pub positions: u64,
    /// Won for the side to move.
    pub wins: u64,
    /// Lost for the side to move.
    pub losses: u64,
    /// No forced result.
    pub no_result: u64,
    /// Longest win in plies.
    pub longest_win: u16,
    /// Longest loss in plies.
    pub longest_loss: u16,
}

impl Solved {
    /// The stored outcome of a slot (`None` for an unused slot).
    pub fn outcome(&self, slot: u64) -> Option<Outcome> {
        let d = self.dist[slot as usize];
        match self.value[slot as usize] {
            WIN => Some(Outcome::Win(d)),
            LOSS => Some(Outcome::Loss(d)),
            NO_RESULT => Some(Outcome::NoResult),
            _ => None,
        }
    }
    /// Wins, losses, no-result positions and the longest distances.
    pub fn counts(&self) -> Counts {
        counts(&self.value, &self.dist)
    }
}

/// Counts over value codes and distances.
pub fn counts(value: &[u8], dist: &[u16]) -> Counts {
    let mut c = Counts::default();
    for (&v, &d) in value.iter().zip(dist) {
        match v {
            WIN => {
                c.wins += 1;
                c.longest_win = c.longest_win.max(d);
            }
            LOSS => {
                c.losses += 1;
                c.longest_loss = c.longest_loss.max(d);
            }
            NO_RESULT => c.no_result += 1,
            _ => continue,
        }
        c.positions += 1;
    }
    c
}

/// Prints a progress line on stderr at most once a second.
struct Progress {
    what: &'static str,
    total: u64,
    start: Instant,
    last: Instant,
}

impl Progress {
    fn new(what: &'static str, total: u64) -> Progress {
        let now = Instant::now();
        Progress {
            what,
            total,
            start: now,
            last: now,
        }
    }
    fn tick(&mut self, done: u64) {
        if self.last.elapsed().as_secs_f64() < 1.0 {
            return;
        }
        self.last = Instant::now();
        let secs = self.start.elapsed().as_secs_f64();
        let rate = done as f64 / secs.max(1e-9);
        let left = self.total.saturating_sub(done) as f64 / rate.max(1.0);
        eprintln!(
            "  {}: {:>5.1}% {:.1} M positions/s, about {:.0} s left",
            self.what,
            100.0 * done as f64 / self.total.max(1) as f64,
            rate / 1e6,
            left
        );
    }
}

/// First pass over one class's slots: terminal losses, immediate wins, and the
/// number of distinct in-signature children of the rest.
fn scan_class(index: &Index, class: usize, value: &mut [u8], dist: &mut [u16], kids: &mut [u8]) {
    for (k, (mover, opp)) in index.class_positions(class).enumerate() {
        if super::index::canonical(mover, opp) != (mover, opp) {
            value[k] = UNUSED;
            continue;
        }
        let empty = ALL & !(mover | opp);
        if !can_step(mover, empty) {
            // The side to move is walled in: lost now (憋死).
            value[k] = LOSS;
            continue;
        }
        let mut seen = [0u64; 64];
        let mut n = 0;
        let mut win: Option<u16> = None;
        'moves: for from in bitboard::bits(mover) {
            for to in bitboard::bits(NEIGHBOURS[from] & empty) {
                let after = mover ^ (1 << from) ^ (1 << to);
                if formations_at(after, to) != (0, 0) {
                    // It owes a capture, and any capture leaves three: won in
                    // two plies (the move, then the capture), unless a move
                    // that walls the opponent in wins sooner.
                    win = Some(win.map_or(2, |w| w.min(2)));
                    continue;
                }
                if !can_step(opp, ALL & !(after | opp)) {
                    win = Some(1);
                    break 'moves;
                }
                let child = index.slot(opp, after);
                if !seen[..n].contains(&child) {
                    seen[n] = child;
                    n += 1;
                }
            }
        }
        if let Some(d) = win {
            value[k] = WIN;
            dist[k] = d;
        } else {
            value[k] = NO_RESULT;
            kids[k] = n as u8;
        }
    }
}

/// Distinct predecessor slots of a position: the opponent's stone stepped back
/// from `p` to an empty neighbour `q`, a step that formed nothing (one that
/// formed would have captured and ended the game).
fn predecessors(index: &Index, mover: u32, opp: u32, out: &mut Vec<u64>) {
    out.clear();
    let empty = ALL & !(mover | opp);
    for p in bitboard::bits(opp) {
        if formations_at(opp, p) != (0, 0) {
            continue;
        }
        for q in bitboard::bits(NEIGHBOURS[p] & empty) {
            let before = opp ^ (1 << p) ^ (1 << q);
            let slot = index.slot(before, mover);
            if !out.contains(&slot) {
                out.push(slot);
            }
        }
    }
}

/// Solves signature `m` v `o` (panics unless [`is_exact`]). `threads` share the
/// first pass; the propagation runs in distance order on one thread.
pub fn solve(m: usize, o: usize, threads: usize) -> Solved {
    assert!(is_exact(m, o), "{m} v {o} is not solved exactly");
    let index = Index::new(m, o);
    let len = index.len() as usize;
    let per = len / index.classes();
    let mut value = vec![UNUSED; len];
    let mut dist = vec![0u16; len];
    let mut kids = vec![0u8; len];
    scan(&index, per, threads, &mut value, &mut dist, &mut kids);
    propagate(&index, &mut value, &mut dist, &mut kids);
    Solved { index, value, dist }
}

/// The first pass, classes split between threads.
fn scan(index: &Index, per: usize, threads: usize, v: &mut [u8], d: &mut [u16], k: &mut [u8]) {
    let classes = index.classes();
    let chunk = classes.div_ceil(threads.max(1));
    let done = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|s| {
        let parts = v
            .chunks_mut(chunk * per)
            .zip(d.chunks_mut(chunk * per))
            .zip(k.chunks_mut(chunk * per))
            .enumerate();
        for (t, ((v, d), k)) in parts {
            let done = &done;
            s.spawn(move || {
                let mut progress = Progress::new("scan", (classes * per) as u64);
                for c in 0..v.len() / per {
                    let r = c * per..(c + 1) * per;
                    scan_class(
                        index,
                        t * chunk + c,
                        &mut v[r.clone()],
                        &mut d[r.clone()],
                        &mut k[r],
                    );
                    let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    if t == 0 {
                        progress.tick(n * per as u64);
                    }
                }
            });
        }
    });
}

/// Resolves positions in order of distance: a predecessor of a loss is a win
/// one ply longer (the first found is the shortest), and a position whose
/// children are all wins for the opponent is a loss one ply longer than the
/// last of them (the longest, since they resolve in distance order).
fn propagate(index: &Index, value: &mut [u8], dist: &mut [u16], kids: &mut [u8]) {
    let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); 3];
    for (s, (&v, &d)) in value.iter().zip(dist.iter()).enumerate() {
        if v == WIN || v == LOSS {
            buckets[d as usize].push(s as u32);
        }
    }
    let total = value.iter().filter(|&&v| v != UNUSED).count() as u64;
    let mut progress = Progress::new("propagate", total);
    let (mut done, mut preds, mut d) = (0u64, Vec::new(), 0usize);
    while d < buckets.len() {
        let bucket = std::mem::take(&mut buckets[d]);
        for &s in &bucket {
            let (mover, opp, _) = index.position(s as u64);
            predecessors(index, mover, opp, &mut preds);
            let lost = value[s as usize] == LOSS;
            for &p in &preds {
                let p = p as usize;
                if value[p] != NO_RESULT {
                    continue;
                }
                kids[p] -= u8::from(!lost);
                if lost || kids[p] == 0 {
                    value[p] = if lost { WIN } else { LOSS };
                    dist[p] = d as u16 + 1;
                    if buckets.len() <= d + 1 {
                        buckets.push(Vec::new());
                    }
                    buckets[d + 1].push(p as u32);
                }
            }
            done += 1;
            progress.tick(done);
        }
        d += 1;
    }
}
