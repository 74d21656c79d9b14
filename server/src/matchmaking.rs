//! Quick-match pairing by rating with a window that widens with waiting time,
//! behind the [`Matchmaker`] trait (this process's queue today; a shared queue
//! such as a sorted set can implement the same trait later).
//!
//! The window is ±50 on arrival, widens linearly to ±200 at 30 s of waiting
//! and accepts anyone from 60 s on. Two players pair when their rating
//! difference is within the wider of their two windows (the longer waiter's
//! patience decides), nearest rating first, longest waiter first. A player
//! never pairs with themself, whatever number of tabs they search from.

use std::future::Future;
use std::pin::Pin;
use std::sync::Mutex;

/// The window on arrival (rating points either side).
pub const WINDOW_START: i32 = 50;
/// The window after [`WIDE_AFTER_MS`].
pub const WINDOW_WIDE: i32 = 200;
/// Waiting time at which the window reaches [`WINDOW_WIDE`].
pub const WIDE_AFTER_MS: u64 = 30_000;
/// Waiting time from which any rating is accepted.
pub const ANYONE_AFTER_MS: u64 = 60_000;

/// A boxed future, so the traits stay object-safe for other backends.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A shared backend (Redis) did not answer: the operation did not happen and
/// the caller says so instead of guessing ("temporarily unavailable").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unavailable;

/// What a shared backend answers: the value, or that it could not be reached.
pub type Shared<T> = Result<T, Unavailable>;

/// One player waiting for a quick match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// Public player id.
    pub player: String,
    /// Rating when they joined.
    pub rating: i32,
    /// When they joined (server clock, ms).
    pub since_ms: u64,
    /// Fewer than [`ESTABLISHED_AFTER_GAMES`](engine::baifang::referee_protocol::ESTABLISHED_AFTER_GAMES) rated games: paired only with
    /// other provisional players (a fresh account cannot feed an established one).
    pub provisional: bool,
}

/// The rating window after waiting `waited_ms`: `None` means anyone.
pub fn window(waited_ms: u64) -> Option<i32> {
    if waited_ms >= ANYONE_AFTER_MS {
        return None;
    }
    let t = waited_ms.min(WIDE_AFTER_MS) as i64;
    let widen = (WINDOW_WIDE - WINDOW_START) as i64 * t / WIDE_AFTER_MS as i64;
    Some(WINDOW_START + widen as i32)
}

/// Whether `a` and `b` may play each other at `now_ms`.
pub fn compatible(a: &Waiting, b: &Waiting, now_ms: u64) -> bool {
    if a.player == b.player || a.provisional != b.provisional {
        return false;
    }
    let wa = window(now_ms.saturating_sub(a.since_ms));
    let wb = window(now_ms.saturating_sub(b.since_ms));
    match (wa, wb) {
        (None, _) | (_, None) => true,
        (Some(x), Some(y)) => (a.rating - b.rating).abs() <= x.max(y),
    }
}

/// Pairs the queue at `now_ms`: longest waiter first, each with the nearest
/// rating it is compatible with. Returns index pairs into `queue`.
pub fn pair(queue: &[Waiting], now_ms: u64) -> Vec<(usize, usize)> {
    let mut by_rating: Vec<usize> = (0..queue.len()).collect();
    by_rating.sort_by_key(|&i| (queue[i].rating, queue[i].since_ms));
    let mut pos = vec![0; queue.len()];
    for (p, &i) in by_rating.iter().enumerate() {
        pos[i] = p;
    }
    let mut by_wait: Vec<usize> = (0..queue.len()).collect();
    by_wait.sort_by_key(|&i| queue[i].since_ms);
    let mut taken = vec![false; queue.len()];
    let mut pairs = Vec::new();
    for &i in &by_wait {
        if taken[i] {
            continue;
        }
        if let Some(j) = nearest_partner(queue, &by_rating, pos[i], &taken, now_ms) {
            taken[i] = true;
            taken[j] = true;
            pairs.push((i, j));
        }
    }
    pairs
}

/// The compatible untaken player nearest in rating to `by_rating[p]`.
fn nearest_partner(
    queue: &[Waiting],
    by_rating: &[usize],
    p: usize,
    taken: &[bool],
    now_ms: u64,
) -> Option<usize> {
    let me = &queue[by_rating[p]];
    let fits = |k: usize| {
        let j = by_rating[k];
        (!taken[j] && compatible(me, &queue[j], now_ms)).then_some(j)
    };
    let below = (0..p).rev().find_map(fits);
    let above = (p + 1..by_rating.len()).find_map(fits);
    match (below, above) {
        (Some(b), Some(a)) => {
            let db = (me.rating - queue[b].rating).abs();
            let da = (queue[a].rating - me.rating).abs();
            Some(if db <= da { b } else { a })
        }
        (b, a) => b.or(a),
    }
}

/// A quick-match queue.
pub trait Matchmaker: Send + Sync {
    /// Adds a player; false (and no change) if they are already waiting.
    fn join(&self, w: Waiting) -> BoxFuture<'_, Shared<bool>>;
    /// Removes a player; false if they were not waiting.
    fn leave(&self, player: String) -> BoxFuture<'_, bool>;
    /// Takes out every pair that may play at `now_ms`.
    fn take_pairs(&self, now_ms: u64) -> BoxFuture<'_, Vec<(Waiting, Waiting)>>;
    /// Players waiting now.
    fn waiting(&self) -> BoxFuture<'_, usize>;
}

/// The queue of this process.
#[derive(Default)]
pub struct LocalQueue {
    waiting: Mutex<Vec<Waiting>>,
}

impl LocalQueue {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Waiting>> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Matchmaker for LocalQueue {
    fn join(&self, w: Waiting) -> BoxFuture<'_, Shared<bool>> {
        let mut q = self.lock();
        let fresh = !q.iter().any(|x| x.player == w.player);
        if fresh {
            q.push(w);
        }
        Box::pin(async move { Ok(fresh) })
    }

    fn leave(&self, player: String) -> BoxFuture<'_, bool> {
        let mut q = self.lock();
        let before = q.len();
        q.retain(|x| x.player != player);
        let left = q.len() != before;
        Box::pin(async move { left })
    }

    fn take_pairs(&self, now_ms: u64) -> BoxFuture<'_, Vec<(Waiting, Waiting)>> {
        let mut q = self.lock();
        let pairs = pair(&q, now_ms);
        let mut out = Vec::with_capacity(pairs.len());
        let mut gone = vec![false; q.len()];
        for &(i, j) in &pairs {
            out.push((q[i].clone(), q[j].clone()));
            gone[i] = true;
            gone[j] = true;
        }
        let mut k = 0;
        q.retain(|_| {
            k += 1;
            !gone[k - 1]
        });
        Box::pin(async move { out })
    }

    fn waiting(&self) -> BoxFuture<'_, usize> {
        let n = self.lock().len();
        Box::pin(async move { n })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(player: &str, rating: i32, since_ms: u64) -> Waiting {
        Waiting {
            player: player.into(),
            rating,
            since_ms,
            provisional: false,
        }
    }

    #[test]
    fn provisional_players_meet_only_provisional_ones() {
        let fresh = |p: &str| Waiting {
            provisional: true,
            ..w(p, 1200, 0)
        };
        let q = [w("old", 1200, 0), fresh("new")];
        assert!(pair(&q, 1_000_000).is_empty());
        let q = [w("old", 1200, 0), fresh("new"), fresh("newer")];
        assert_eq!(pair(&q, 0), vec![(1, 2)]);
    }

    #[test]
    fn window_widens_then_opens() {
        assert_eq!(window(0), Some(50));
        assert_eq!(window(15_000), Some(125));
        assert_eq!(window(30_000), Some(200));
        assert_eq!(window(59_999), Some(200));
        assert_eq!(window(60_000), None);
    }

    #[test]
    fn pairs_within_the_window_only() {
        let q = [w("a", 1200, 0), w("b", 1240, 0), w("c", 1400, 0)];
        assert_eq!(pair(&q, 0), vec![(0, 1)]);
        // c is 160 away from b: b's window reaches 160 at 22 s.
        let q = [w("b", 1240, 0), w("c", 1400, 0)];
        assert!(pair(&q, 21_000).is_empty());
        assert_eq!(pair(&q, 22_000), vec![(0, 1)]);
        // 1000 apart: only once someone has waited 60 s.
        let q = [w("a", 1200, 0), w("d", 2200, 59_000)];
        assert!(pair(&q, 59_999).is_empty());
        assert_eq!(pair(&q, 60_000), vec![(0, 1)]);
    }

    #[test]
    fn the_longer_waiters_window_decides_and_nearest_wins() {
        // a waited 30 s (±200): pairs with the newcomer 150 away.
        let q = [w("a", 1200, 0), w("n", 1350, 30_000)];
        assert_eq!(pair(&q, 30_000), vec![(0, 1)]);
        // Nearest rating first.
        let q = [w("a", 1200, 0), w("far", 1290, 0), w("near", 1180, 0)];
        assert_eq!(pair(&q, 30_000), vec![(0, 2)]);
    }

    #[test]
    fn never_with_oneself() {
        let q = [w("a", 1200, 0), w("a", 1200, 0)];
        assert!(pair(&q, 1_000_000).is_empty());
        let q = [w("a", 1200, 0), w("a", 1200, 5), w("b", 1500, 0)];
        let p = pair(&q, 1_000_000);
        assert_eq!(p.len(), 1);
        assert_ne!(q[p[0].0].player, q[p[0].1].player);
    }

    #[tokio::test]
    async fn local_queue_joins_once_and_removes_pairs() {
        let m = LocalQueue::default();
        assert_eq!(m.join(w("a", 1200, 0)).await, Ok(true));
        assert_eq!(m.join(w("a", 1200, 5)).await, Ok(false));
        assert_eq!(m.join(w("b", 1210, 0)).await, Ok(true));
        assert_eq!(m.join(w("c", 1900, 0)).await, Ok(true));
        let pairs = m.take_pairs(1).await;
        assert_eq!(pairs.len(), 1);
        assert_eq!(m.waiting().await, 1);
        assert!(m.leave("c".into()).await);
        assert!(!m.leave("c".into()).await);
    }
}
