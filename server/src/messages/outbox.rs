//! A connection's outgoing queue: bounded, many senders (the rooms, the hub,
//! the connection itself), one receiver (the connection's writer), with the
//! semantics of a bounded `tokio::sync::mpsc` channel (a full queue refuses,
//! a dropped receiver closes it, `recv` ends once every sender is gone) but
//! memory in proportion to what waits in it: an idle connection holds a
//! hundred bytes or so, where an mpsc channel allocates a block of 32 slots
//! and its shared state up front (about 1.8 KiB per connection).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::Notify;

use super::Outgoing;

/// Why a message was not queued.
#[derive(Debug, PartialEq, Eq)]
pub enum SendError {
    /// The queue holds its capacity: the client is not reading.
    Full,
    /// The connection's writer is gone.
    Closed,
}

struct State {
    queue: VecDeque<Outgoing>,
    senders: usize,
    closed: bool,
}

struct Shared {
    state: Mutex<State>,
    capacity: usize,
    /// Wakes the receiver: a message arrived, or the last sender left.
    arrived: Notify,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The sending side; clones count as senders.
pub struct Sender(Arc<Shared>);

/// The receiving side.
pub struct Receiver(Arc<Shared>);

/// A queue of at most `capacity` messages.
pub fn outbox(capacity: usize) -> (Sender, Receiver) {
    let shared = Arc::new(Shared {
        state: Mutex::new(State {
            queue: VecDeque::new(),
            senders: 1,
            closed: false,
        }),
        capacity,
        arrived: Notify::new(),
    });
    (Sender(shared.clone()), Receiver(shared))
}

impl Sender {
    /// Messages waiting to be written.
    pub fn queued(&self) -> usize {
        self.0.lock().queue.len()
    }

    /// Queues `m` unless the queue is full or closed.
    pub fn try_send(&self, m: Outgoing) -> Result<(), SendError> {
        {
            let mut s = self.0.lock();
            if s.closed {
                return Err(SendError::Closed);
            }
            if s.queue.len() >= self.0.capacity {
                return Err(SendError::Full);
            }
            s.queue.push_back(m);
        }
        // One receiver: a wake-up with nobody waiting is kept for its next wait.
        self.0.arrived.notify_one();
        Ok(())
    }
}

impl Clone for Sender {
    fn clone(&self) -> Sender {
        self.0.lock().senders += 1;
        Sender(self.0.clone())
    }
}

impl Drop for Sender {
    fn drop(&mut self) {
        let last = {
            let mut s = self.0.lock();
            s.senders -= 1;
            s.senders == 0
        };
        if last {
            self.0.arrived.notify_one();
        }
    }
}

impl std::fmt::Debug for Sender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("outbox::Sender")
    }
}

impl Receiver {
    /// The next message; `None` once it is empty and every sender is gone.
    /// Cancel-safe: a message leaves the queue only when it is returned.
    pub async fn recv(&mut self) -> Option<Outgoing> {
        loop {
            if let Some(m) = self.take() {
                return m;
            }
            self.0.arrived.notified().await;
        }
    }

    /// A message if one waits: `Some(None)` when none will come any more.
    fn take(&self) -> Option<Option<Outgoing>> {
        let mut s = self.0.lock();
        match s.queue.pop_front() {
            Some(m) => {
                // A burst's room is given back once it has been written.
                if s.queue.is_empty() && s.queue.capacity() > 16 {
                    s.queue = VecDeque::new();
                }
                Some(Some(m))
            }
            None if s.senders == 0 => Some(None),
            None => None,
        }
    }

    /// A message if one waits now.
    pub fn try_recv(&mut self) -> Option<Outgoing> {
        self.take().flatten()
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        let mut s = self.0.lock();
        s.closed = true;
        s.queue.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Outgoing {
        Outgoing::Text(s.to_string().into())
    }

    #[tokio::test]
    async fn bounded_ordered_and_closed_like_a_channel() {
        let (tx, mut rx) = outbox(2);
        assert_eq!(tx.try_send(text("a")), Ok(()));
        assert_eq!(tx.try_send(text("b")), Ok(()));
        assert_eq!(tx.try_send(text("c")), Err(SendError::Full));
        assert!(matches!(rx.recv().await, Some(Outgoing::Text(t)) if t.as_str() == "a"));
        assert!(matches!(rx.try_recv(), Some(Outgoing::Text(t)) if t.as_str() == "b"));
        assert!(rx.try_recv().is_none());
        let tx2 = tx.clone();
        drop(tx);
        assert_eq!(tx2.try_send(text("d")), Ok(()));
        drop(tx2);
        // What was queued before the last sender left still arrives, then the end.
        assert!(rx.recv().await.is_some());
        assert!(rx.recv().await.is_none());
        let (tx, rx) = outbox(2);
        drop(rx);
        assert_eq!(tx.try_send(text("e")), Err(SendError::Closed));
    }

    #[tokio::test]
    async fn a_waiting_receiver_wakes_for_a_message() {
        let (tx, mut rx) = outbox(4);
        let waiting = tokio::spawn(async move { rx.recv().await.is_some() });
        tokio::task::yield_now().await;
        tx.try_send(text("x")).unwrap();
        assert!(waiting.await.unwrap());
    }
}
