//! The session's packet window: the action packets sent and received by seq
//! (with the seq and timestamp checks a received packet passes against it),
//! and the open window of a resync in which packets the peer re-sends are
//! ignored once each. When a resync starts and what a `sync` carries is
//! [`super::presence`]'s business.

use super::events::SessionCommand;
use super::verify::MAX_CLOCK_SKEW_MS;
use super::wire::{BoardActionPacket, Reject};

/// A resync's window for re-sent packets closes after this at the latest.
pub const RESYNC_WINDOW_MS: u64 = 10_000;

/// The open window of a resync we asked for or answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Resync {
    /// `received` when our `sync` went out: re-sends start after it.
    pub(super) from: u64,
    /// The last seq ignored as a re-send (re-sends come in order).
    pub(super) tolerated: u64,
    /// When our `sync` went out.
    pub(super) opened_at: u64,
    /// Our `sync` asked for an answer, which closes the window.
    pub(super) awaiting_reply: bool,
}

/// The session's packet-window part: what went out and came in, by seq.
#[derive(Clone, Debug)]
pub(super) struct PacketWindow {
    /// Action packets we sent, by seq - 1 (kept for resending after a reconnection).
    pub(super) sent: Vec<String>,
    /// Last seq received from the peer.
    pub(super) received: u64,
    /// The hash each received action packet carried, by seq - 1.
    pub(super) received_hashes: Vec<String>,
    /// The window in which packets re-sent after our last `sync` are ignored
    /// once each; `None` outside a resync.
    pub(super) resync: Option<Resync>,
    /// The highest seq of ours re-sent in the current resync exchange (so a
    /// `sync` and its answer never make us re-send the same packet twice).
    pub(super) resent_through: u64,
    /// The timestamp of the peer's last action packet (they never go back).
    pub(super) last_peer_ts: i64,
}

impl PacketWindow {
    /// Nothing sent or received yet.
    pub(super) fn new() -> PacketWindow {
        PacketWindow {
            sent: Vec::new(),
            received: 0,
            received_hashes: Vec::new(),
            resync: None,
            resent_through: 0,
            last_peer_ts: i64::MIN,
        }
    }

    /// Records a packet as received (its seq, hash and timestamp).
    pub(super) fn accept(&mut self, p: &BoardActionPacket) {
        self.received = p.seq;
        self.received_hashes.push(p.hash.clone());
        self.last_peer_ts = p.timestamp;
    }

    /// A packet re-sent after a reconnection that had arrived after all: only
    /// while the resync's window is open, each seq once and in order.
    pub(super) fn is_tolerated_resend(&mut self, p: &BoardActionPacket, now: u64) -> bool {
        let Some(r) = self.resync else {
            return false;
        };
        if now >= r.opened_at + RESYNC_WINDOW_MS {
            self.resync = None;
            return false;
        }
        let ok = p.seq == r.tolerated + 1
            && p.seq <= self.received
            && self.received_hashes.get(p.seq as usize - 1) == Some(&p.hash);
        if ok {
            self.resync = Some(Resync {
                tolerated: p.seq,
                ..r
            });
        }
        ok
    }

    /// A fresh packet arrived: once re-sends were seen, the re-sent stretch is
    /// over and the window closes.
    pub(super) fn note_fresh_packet(&mut self) {
        if self.resync.is_some_and(|r| r.tolerated > r.from) {
            self.resync = None;
        }
    }

    /// `seq` must be exactly one more than the last one received.
    pub(super) fn check_seq(&self, seq: u64) -> Result<(), Reject> {
        let expected = self.received + 1;
        if seq == expected {
            return Ok(());
        }
        Err(if seq == self.received && seq > 0 {
            Reject::DuplicateSeq { got: seq, expected }
        } else if seq < expected {
            Reject::OldSeq { got: seq, expected }
        } else {
            Reject::SeqGap { got: seq, expected }
        })
    }

    /// The timestamp never goes backwards and stays near our clock.
    pub(super) fn check_timestamp(&self, timestamp: i64, now: u64) -> Result<(), Reject> {
        let skew = (timestamp as i128 - now as i128).unsigned_abs();
        if timestamp < self.last_peer_ts || skew > MAX_CLOCK_SKEW_MS as u128 {
            return Err(Reject::Timestamp {
                got: timestamp,
                now,
            });
        }
        Ok(())
    }

    /// Re-sends into `out` the packets the peer's `sync` says it missed
    /// (`received`: the last seq it has), none of them twice within one
    /// exchange.
    pub(super) fn resend_missed(
        &mut self,
        received: u64,
        reply: bool,
        out: &mut Vec<SessionCommand>,
    ) -> Result<(), Reject> {
        let from = received as usize;
        if !reply {
            // A new exchange: everything the peer says it misses goes again.
            self.resent_through = 0;
        }
        if from < self.sent.len() {
            let start = from.max(self.resent_through as usize);
            for m in &self.sent[start..] {
                out.push(SessionCommand::Send(m.clone()));
            }
            self.resent_through = self.sent.len() as u64;
        } else if from > self.sent.len() {
            return Err(Reject::SeqGap {
                got: received,
                expected: self.sent.len() as u64,
            });
        }
        Ok(())
    }

    /// The peer's answering `sync` arrived.
    pub(super) fn close_on_reply(&mut self) {
        // The answer follows the peer's re-sends: the window is done.
        if self.resync.is_some_and(|r| r.awaiting_reply) {
            self.resync = None;
        }
    }

    /// Opens the window for re-sends as our `sync` goes out (an answer when
    /// `reply`); an open one stays, with the re-sends it already expects.
    pub(super) fn open(&mut self, now: u64, reply: bool) {
        self.resync = Some(match self.resync {
            Some(r) if now < r.opened_at + RESYNC_WINDOW_MS => Resync {
                awaiting_reply: r.awaiting_reply || !reply,
                ..r
            },
            _ => Resync {
                from: self.received,
                tolerated: self.received,
                opened_at: now,
                awaiting_reply: !reply,
            },
        });
        if !reply {
            self.resent_through = 0;
        }
    }
}
